import type { Context } from "hono";
import { laterUnheld } from "../clock.ts";
import type { Actor } from "../domain/context.ts";
import type { AppEnv } from "./env.ts";

/** What the access log and the request metrics learn of one request, once it is answered. */
export interface RequestSummary {
  /** The id its answer carries as X-Request-Id; absent for a path outside the API's mount point. */
  readonly requestId: string | undefined;
  readonly method: string;
  /** The pattern of the route that answered (`/:kind/:id`); absent when no route did. */
  readonly route: string | undefined;
  /** The path and query as sent, the values of secret query parameters (`access_token`) masked. */
  readonly path: string;
  /** 499 when the client went away before its answer was ready. */
  readonly status: number;
  /** From the request's arrival to its answer being ready (a streamed body may still be on its way). */
  readonly durationMs: number;
  /** When its answer was ready, in milliseconds since the epoch (the access log's `@timestamp`). */
  readonly answeredAt: number;
  /** The answer's body in bytes; absent when it is a stream of unknown length. */
  readonly bytes: number | undefined;
  /** The company and API token (key) of an authenticated request. */
  readonly companyId: number | undefined;
  readonly keyId: number | undefined;
}

export interface RequestObserver {
  (summary: RequestSummary): void;
  /**
   * Whether it takes the summary of an answer of this status; absent, it takes every one. An access log
   * that keeps only errors (`LOG_LEVEL=warning`) takes 5xx only, and no summary is made for the others.
   */
  takes?(status: number): boolean;
}

/** What the access log says of a request: every field, null when unknown. */
export function accessRecord(summary: RequestSummary): Record<string, unknown> {
  return {
    requestId: summary.requestId ?? null,
    method: summary.method,
    route: summary.route ?? null,
    path: summary.path,
    status: summary.status,
    durationMs: summary.durationMs,
    bytes: summary.bytes ?? null,
    companyId: summary.companyId ?? null,
    keyId: summary.keyId ?? null,
  };
}

type Fetch<A extends unknown[]> = (request: Request, ...rest: A) => Response | Promise<Response>;

// An answer's request id, route and actor are known only to its Hono context, which the app's fetch does
// not hand back: the request stamp (`stampRequest`) leaves it on the request, for `observed`. A property
// under a symbol, not a WeakMap: a weak entry per request made the collector's work grow with the load.
const CONTEXT = Symbol("context");

/** A request that may carry its context (`rememberContext`). */
type Remembering = Request & { [CONTEXT]?: Context<AppEnv> };

/** The context `rememberContext` left on a request, if any. */
function contextOf(request: Remembering): Context<AppEnv> | undefined {
  return request[CONTEXT];
}

/**
 * Leaves a request's context where `observed` finds it once the request is answered: a property stored
 * and loaded as any other (through `Reflect.set` and `Reflect.get` the pair cost about 90 ns more).
 */
export function rememberContext(c: Context<AppEnv>): void {
  const request: Remembering = c.req.raw;
  request[CONTEXT] = c;
}

/** The request's id as its answer carries it (X-Request-Id); absent before `stampRequest` ran. */
export function requestIdOf(c: Context<AppEnv>): string | undefined {
  const headers: AppEnv["Variables"]["answerHeaders"] | undefined = c.get("answerHeaders");
  return headers?.["X-Request-Id"];
}

/** Notes an answer's body (see `answer`), so that its size is known without reading the Response. */
export function noteAnswerBody(c: Context, body: BodyInit | null): void {
  c.set("answerBody", body);
}

const encoder = new TextEncoder();

/** How many bytes a text takes as UTF-8: Node passes `Buffer.byteLength`, which copies nothing. */
export type ByteLength = (text: string) => number;
const encodedLength: ByteLength = (text) => encoder.encode(text).byteLength;

/** The app's fetch as `observed` makes it; `flush` tells the observers of the answers still held. */
export type ObservedFetch<A extends unknown[]> = Fetch<A> & { flush(): void };

/**
 * The app's fetch, telling `observers` about every request once its answer is ready. Reads the answer's
 * status only: its headers and body stay as the app made them (the Node adapter writes a plain answer to
 * the socket as it is). A read answered at once is still answered at once.
 *
 * With `holdMs`, the observers are told after the answers are on their way: each answer is noted
 * (`Answered`: what its summary is made of) and those of up to `holdMs` are told together, or at `flush`
 * (a server calls it before it exits). A busy Node server's read cost about 6 us of CPU less that way
 * (the access log's line, made before the answer went out, delayed the client's next request, and that
 * cost the server more than the line itself: emptier turns of its event loop, more wake-ups). Without
 * it (the Worker, whose isolate may be frozen once the answer is sent), they are told before the answer
 * is handed back. An answer no observer takes (a 200 when the access log keeps errors only) is not
 * noted at all.
 */
export function observed<A extends unknown[]>(
  fetch: Fetch<A>,
  observers: readonly RequestObserver[],
  {
    byteLength = encodedLength,
    clock = () => performance.now(),
    now = Date.now,
    holdMs,
  }: { byteLength?: ByteLength; clock?: () => number; now?: () => number; holdMs?: number } = {},
): ObservedFetch<A> {
  const anyTakes = (status: number) => {
    for (const observer of observers) if (!observer.takes || observer.takes(status)) return true;
    return false;
  };
  const tell = (answered: Answered) => {
    let summary: RequestSummary | undefined;
    for (const observer of observers) {
      if (observer.takes && !observer.takes(answered.status)) continue;
      summary ??= summarize(answered, byteLength);
      observer(summary);
    }
  };
  let held: Answered[] = [];
  const flush = () => {
    const answers = held;
    held = [];
    for (const answered of answers) tell(answered);
  };
  const note = (request: Request, started: number, status: number) => {
    if (!anyTakes(status)) return;
    const answered = noted(request, status, clock() - started, now());
    if (holdMs === undefined) return tell(answered);
    if (held.push(answered) > 1) return;
    // Held answers never keep the process alive: its exit tells them (`flush`).
    laterUnheld(flush, holdMs);
  };
  const observedFetch: Fetch<A> = (request, ...rest) => {
    const started = clock();
    let answer: Response | Promise<Response>;
    try {
      answer = fetch(request, ...rest);
    } catch (error) {
      note(request, started, 500);
      throw error;
    }
    if (!(answer instanceof Promise)) {
      note(request, started, answer.status);
      return answer;
    }
    return answer.then(
      (response) => {
        note(request, started, response.status);
        return response;
      },
      (error: unknown) => {
        note(request, started, 500);
        throw error;
      },
    );
  };
  return Object.assign(observedFetch, { flush });
}

/**
 * An answered request, as noted when its answer was ready: the few values its summary is made of, not
 * the request and its context. A held answer outlives a collection of the young objects now and then,
 * and the collector copies all it holds: holding requests and contexts, a busy server's collections
 * found 100 to 530 KB alive and took about 1.5 ms each, against about 60 KB and 1 ms now.
 */
interface Answered {
  readonly requestId: string | undefined;
  readonly method: string;
  readonly route: string | undefined;
  readonly url: string;
  /** The answer's body as the app handed it over (`noteAnswerBody`), for its size. */
  readonly body: unknown;
  readonly status: number;
  readonly durationMs: number;
  readonly at: number;
  readonly companyId: number | undefined;
  readonly keyId: number | undefined;
}

function noted(request: Request, status: number, durationMs: number, at: number): Answered {
  const c = contextOf(request);
  const actor: Actor | undefined = c?.get("actor");
  const method = request.method;
  return {
    requestId: c && requestIdOf(c),
    method,
    // The route that answered (the list of those matched is made anew at each read: read once).
    route: c?.req.matchedRoutes[c.req.routeIndex]?.path,
    url: request.url,
    body: method === "HEAD" ? null : c?.get("answerBody"),
    status,
    durationMs,
    at,
    companyId: actor?.companyId,
    keyId: actor?.tokenId,
  };
}

function summarize(answered: Answered, byteLength: ByteLength): RequestSummary {
  return {
    requestId: answered.requestId,
    method: answered.method,
    route: answered.route,
    path: maskedPath(answered.url),
    status: answered.status,
    durationMs: Math.round(answered.durationMs * 1000) / 1000,
    answeredAt: answered.at,
    bytes: sizeOf(answered.body, byteLength),
    companyId: answered.companyId,
    keyId: answered.keyId,
  };
}

function sizeOf(body: unknown, byteLength: ByteLength): number | undefined {
  if (body === null) return 0;
  if (typeof body === "string") return byteLength(body);
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return body.byteLength;
  if (body instanceof Blob) return body.size;
  return undefined;
}

/** Query parameters whose values are credentials (the reference's clients send `access_token`). */
const SECRET_NAME = /token|secret|password|passwd|signature|hash|api[-_]?key/i;

/** A URL's path and query, the value of every secret-looking query parameter replaced by `[masked]`. */
export function maskedPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  if (query < 0) return url.slice(start);
  const pairs = url.slice(query + 1).split("&");
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    const equals = pair.indexOf("=");
    if (equals >= 0 && SECRET_NAME.test(decodedName(pair.slice(0, equals)))) {
      pairs[i] = `${pair.slice(0, equals)}=[masked]`;
    }
  }
  return `${url.slice(start, query)}?${pairs.join("&")}`;
}

/** A query parameter's name as the server reads it (percent-decoded, `+` a space). */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}
