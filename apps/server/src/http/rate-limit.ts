import type { Context } from "hono";
import { ApiError } from "../errors.ts";
import type { AppEnv } from "./env.ts";

/** The reference service's rates: 2 GET requests and 1 other request a second, per company. */
export const REFERENCE_RATES = { getPerSecond: 2, writePerSecond: 1 } as const;

export interface RateLimitOptions {
  /** GET (and HEAD) requests a second per company; also the burst a full bucket allows. */
  getPerSecond: number;
  /** Other requests (POST, PUT, DELETE, ...) a second per company; also their burst. */
  writePerSecond: number;
  /** The clock, in ms (tests move it by hand). */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Two token buckets per company, one per method class (GET and HEAD; everything else), each holding
 * one second of its rate and refilled continuously (a leaky bucket seen from the other side). Every
 * authenticated answer says where its class stands, as the IETF RateLimit header fields do
 * (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy: "get";q=2;w=1` (quota, window in
 * seconds) and `RateLimit: "get";r=1;t=1` (requests remaining, seconds until the bucket is full).
 * Over it: 429 with `Retry-After`. Buckets live in this process (an isolate on Workers), so a fleet
 * enforces the rate per instance; a global limit belongs in front of the service. Run by the routes'
 * admission (`admission` in middleware.ts) for each authenticated request, before its handler.
 */
export function rateLimiter({
  getPerSecond,
  writePerSecond,
  now = Date.now,
}: RateLimitOptions): (c: Context<AppEnv>, companyId: number) => void {
  const classes = {
    get: { rate: getPerSecond, buckets: new Map<number, Bucket>() },
    write: { rate: writePerSecond, buckets: new Map<number, Bucket>() },
  };
  return (c, company) => {
    const name = c.req.method === "GET" || c.req.method === "HEAD" ? "get" : "write";
    const { rate, buckets } = classes[name];
    const time = now();
    const bucket = buckets.get(company) ?? { tokens: rate, at: time };
    bucket.tokens = Math.min(rate, bucket.tokens + ((time - bucket.at) / 1000) * rate);
    bucket.at = time;
    buckets.set(company, bucket);
    const policy = `"${name}";q=${rate};w=1`;
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
      throw new ApiError(
        "rate_limited",
        `Over ${rate} ${name === "get" ? "GET" : "non-GET"} request(s) a second for your company; retry after ${retryAfter} s.`,
        {},
        {
          "Retry-After": String(retryAfter),
          "RateLimit-Policy": policy,
          RateLimit: `"${name}";r=0;t=${retryAfter}`,
        },
      );
    }
    bucket.tokens -= 1;
    const remaining = Math.floor(bucket.tokens);
    const full = Math.ceil((rate - bucket.tokens) / rate);
    const headers = c.get("answerHeaders");
    headers["RateLimit-Policy"] = policy;
    headers.RateLimit = `"${name}";r=${remaining};t=${full}`;
  };
}
