import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "./env.ts";
import { requestHeader } from "./middleware.ts";

/** The request headers the API reads that a page's script may send (beyond those CORS always lets by). */
export const CORS_REQUEST_HEADERS = [
  "Authorization",
  "Content-Type",
  "If-Match",
  "If-None-Match",
  "Idempotency-Key",
  "X-Request-Id",
];

/** The answer headers the API sends that a page's script may read (beyond those CORS always shows). */
export const CORS_ANSWER_HEADERS = [
  "ETag",
  "Location",
  "Link",
  "X-Request-Id",
  "Retry-After",
  "RateLimit",
  "RateLimit-Policy",
  "Idempotent-Replayed",
  "Content-Disposition",
];

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"];

/** Where pages of `origins` are let in: the preflight's answer, and the headers of every other answer. */
export interface BrowserAccess {
  /** Answers every `OPTIONS` request 204, naming the page's origin when it is one of `origins`. */
  readonly preflight: MiddlewareHandler<AppEnv>;
  /**
   * Leaves the CORS headers of the request's answer on its context (`corsHeaders`), for the request
   * stamp to add to the headers every answer carries.
   */
  readonly mark: MiddlewareHandler<AppEnv>;
}

/**
 * Lets pages of `origins` (`CORS_ORIGINS`: `*`, or a list of origins as browsers send them) call the API
 * from a browser. A preflight is answered by hono's CORS middleware, before any token is asked for. The
 * other answers get their headers through `answerHeaders`, as every answer header does here: hono's
 * middleware sets them on `c.res`, which makes each answer a copy of the one the handler made (a stream
 * in place of its text), about three times the CPU of a GET on Node. A listed origin is named in
 * `Access-Control-Allow-Origin` on every answer, a problem included; with a list, every answer varies by
 * `Origin` (a file kept by the browser from a request of no page is not shown to one). No cookies are
 * involved (the API takes a bearer token), so no credentials mode.
 */
export function browserAccess(origins: "*" | readonly string[]): BrowserAccess {
  const preflight = cors({
    origin: origins === "*" ? "*" : [...origins],
    allowMethods: METHODS,
    allowHeaders: CORS_REQUEST_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE,
  });
  const exposed = CORS_ANSWER_HEADERS.join(",");
  const allowed = (origin: string): Readonly<Record<string, string>> => ({
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": exposed,
    ...(origins === "*" ? {} : { Vary: "Origin" }),
  });
  // Made once: the answers of a listed origin, of any origin with `*`, and of the others.
  const byOrigin = new Map(origins === "*" ? [] : origins.map((origin) => [origin, allowed(origin)]));
  const any = allowed("*");
  const others: Readonly<Record<string, string>> | undefined =
    origins === "*" ? undefined : { Vary: "Origin" };
  const mark: MiddlewareHandler<AppEnv> = (c, next) => {
    const origin = requestHeader(c, "origin");
    const headers = origin === undefined ? others : origins === "*" ? any : (byOrigin.get(origin) ?? others);
    if (headers) c.set("corsHeaders", headers);
    return next();
  };
  return { preflight, mark };
}
