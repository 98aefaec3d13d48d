import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors.ts";
import type { AppEnv } from "./env.ts";

/**
 * A token bucket per company: `perSecond` requests a second on average, bursts up to `burst`. Buckets
 * live in this process (an isolate on Workers), so a fleet enforces it per instance; a global limit
 * belongs in front of the service.
 */
export function rateLimit({
  perSecond,
  burst = perSecond,
  now = Date.now,
}: {
  perSecond: number;
  burst?: number;
  now?: () => number;
}): MiddlewareHandler<AppEnv> {
  const buckets = new Map<number, { tokens: number; at: number }>();
  return async (c, next) => {
    const company = c.get("actor").companyId;
    const time = now();
    const bucket = buckets.get(company) ?? { tokens: burst, at: time };
    bucket.tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
    bucket.at = time;
    buckets.set(company, bucket);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
      throw new ApiError(
        "rate_limited",
        `Over ${perSecond} requests a second for your company; retry after ${retryAfter} s.`,
        {},
        { "Retry-After": String(retryAfter) },
      );
    }
    bucket.tokens -= 1;
    await next();
  };
}
