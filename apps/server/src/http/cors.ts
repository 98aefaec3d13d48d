import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "./env.ts";

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

/**
 * Lets pages of `origins` (`CORS_ORIGINS`: `*`, or a list of origins as browsers send them) call the API
 * from a browser, with hono's CORS middleware: a preflight (`OPTIONS`) is answered 204 before any token
 * is asked for, and every answer to an allowed origin, a problem included, names it in
 * `Access-Control-Allow-Origin`. An origin not listed gets no such header, so its page's browser keeps
 * the answer from it. No cookies are involved (the API takes a bearer token), so no credentials mode.
 */
export function browserAccess(origins: "*" | readonly string[]): MiddlewareHandler<AppEnv> {
  return cors({
    origin: origins === "*" ? "*" : [...origins],
    allowMethods: ["GET", "HEAD", "POST", "PUT", "DELETE"],
    allowHeaders: CORS_REQUEST_HEADERS,
    exposeHeaders: CORS_ANSWER_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE,
  });
}
