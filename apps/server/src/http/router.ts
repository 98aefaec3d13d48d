import { type Params, type Result, type Router, UnsupportedPathError } from "hono/router";

/** A path segment of a route: fixed text, or a parameter (`:name`, `:name{pattern}`). */
type Segment = string | { name: string; pattern?: RegExp };

interface Route<T> {
  method: string;
  handler: T;
  segments: Segment[];
  /** Ends in `*`: matches any path that starts with its segments. */
  prefix: boolean;
}

const PARAM = /^:(\w+)(?:\{(.+)\})?$/;
const emptyParams: Params = Object.create(null);

/**
 * Hono's router for the shapes of this API's routes: fixed segments, parameters (`:id`,
 * `:id{[0-9]+}`) and a trailing `*` (`/docs/*` also matches `/docs`); anything else is refused when it
 * is added. It matches as Hono's PatternRouter does (a route without `*` also takes a trailing slash),
 * which the tests check on every route of the app, but a request is split into segments once and only
 * the routes that could match it are tried: those of its method, number of segments and first segment,
 * listed on first use. On the API's ~100 routes that takes a fraction of a microsecond, where trying a
 * regular expression per route took about two.
 */
export class SegmentRouter<T> implements Router<T> {
  readonly name = "SegmentRouter";
  readonly #routes: Route<T>[] = [];
  /** The fixed first segments of the routes: any other first segment is keyed as "". */
  readonly #firsts = new Set<string>();
  /** Segment counts from this one on are alike to every route: the key stops counting there. */
  #countsAlike = 0;
  readonly #candidates = new Map<string, Route<T>[]>();

  add(method: string, path: string, handler: T): void {
    const prefix = path.endsWith("*");
    if (prefix && path !== "*" && !path.endsWith("/*")) throw new UnsupportedPathError(path);
    const text = prefix ? path.slice(0, -1).replace(/\/$/, "") : path;
    const segments = text === "" || text === "/" ? [] : text.replace(/^\//, "").split("/").map(segmentOf);
    this.#routes.push({ method, handler, segments, prefix });
    if (typeof segments[0] === "string") this.#firsts.add(segments[0]);
    // A trailing slash counts one more segment.
    this.#countsAlike = Math.max(this.#countsAlike, segments.length + 2);
    this.#candidates.clear();
  }

  /**
   * How many candidate lists are kept: at most one per method, segment count up to the longest route's
   * and first segment of a route, whatever paths are asked.
   */
  get lists(): number {
    return this.#candidates.size;
  }

  match(method: string, path: string): Result<T> {
    const parts = segmentsOf(path);
    const count = Math.min(parts.length - 1, this.#countsAlike);
    const first = this.#firsts.has(parts[1]!) ? parts[1]! : "";
    const key = `${method} ${count} ${first}`;
    let candidates = this.#candidates.get(key);
    if (!candidates) {
      candidates = this.#routes.filter((route) => couldMatch(route, method, count, first));
      this.#candidates.set(key, candidates);
    }
    const matched: [T, Params][] = [];
    for (const route of candidates) {
      const params = paramsOf(route, parts);
      if (params) matched.push([route.handler, params]);
    }
    return [matched];
  }
}

/**
 * A path's segments as `split("/")` makes them (`parts[0]` is what precedes the first slash), found by
 * `indexOf`: V8 splits a string in its runtime, about a microsecond for an API path.
 */
function segmentsOf(path: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let slash = path.indexOf("/"); slash >= 0; slash = path.indexOf("/", start)) {
    parts.push(path.slice(start, slash));
    start = slash + 1;
  }
  parts.push(path.slice(start));
  return parts;
}

function segmentOf(text: string): Segment {
  if (text.includes("*") || text.includes("?") || (text.includes(":") && !PARAM.test(text))) {
    throw new UnsupportedPathError(text);
  }
  const param = PARAM.exec(text);
  if (!param) return text;
  return param[2] ? { name: param[1]!, pattern: new RegExp(`^(?:${param[2]})$`) } : { name: param[1]! };
}

/** Whether a route may match a request of this method, segment count (`/a/b/` counts 3) and first. */
function couldMatch<T>(route: Route<T>, method: string, count: number, first: string): boolean {
  if (route.method !== method && route.method !== "ALL") return false;
  const length = route.segments.length;
  if (route.prefix ? count < length : count !== length && count !== length + 1) return false;
  const fixed = route.segments[0];
  return typeof fixed !== "string" || fixed === first;
}

/** The route's parameters in the request's path segments (`parts[0]` is ""), or undefined. */
function paramsOf<T>(route: Route<T>, parts: string[]): Params | undefined {
  const { segments } = route;
  // A route without `*` takes one trailing slash and nothing more.
  if (!route.prefix && parts.length !== segments.length + 1) {
    if (parts.length !== segments.length + 2 || parts[parts.length - 1] !== "") return undefined;
  }
  let params: Params | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i + 1]!;
    if (typeof segment === "string") {
      if (part !== segment) return undefined;
    } else {
      if (part === "" || segment.pattern?.test(part) === false) return undefined;
      params ??= {};
      params[segment.name] = part;
    }
  }
  return params ?? emptyParams;
}
