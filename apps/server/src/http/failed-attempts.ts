/**
 * Failed attempts at a secret (the inbound webhooks' hashes), per client address and per target: the
 * record when the call named one (a signed call whose signature is refused), else the kind of record
 * the route's hash names (a wrong hash names no record), whatever `RATE_LIMIT` says.
 * Only failures count, and a valid secret is never refused: past `limit` failures in a window, a wrong
 * secret is a 429 with `Retry-After` until the window ends instead of a 401. A failure is counted and
 * judged in one synchronous step after its lookup, so a burst of parallel guesses gets exactly `limit`
 * 401s. In this process's memory (as the token buckets are), with a bounded number of counters.
 */
import type { Context } from "hono";
import { ApiError } from "../errors.ts";
import type { AppEnv } from "./env.ts";

export interface FailedAttemptsOptions {
  /** Failures allowed per address and window. */
  limit?: number;
  windowMs?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

/** Counters kept at most (address and target pairs); the oldest goes first. */
const MAX_COUNTERS = 10_000;

/**
 * The client's address: the socket's on Node, the connection's on Deno, the one Cloudflare saw on
 * Workers (where no socket is known); else one bucket for all (in-process requests, tests). Behind a
 * reverse proxy (`trustProxy`), the last address of `X-Forwarded-For`: the one the proxy saw (the
 * others are the client's word).
 */
export function clientAddress(c: Context<AppEnv>, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env;
  return (
    env?.incoming?.socket?.remoteAddress ??
    env?.remoteAddr?.hostname ??
    c.req.header("cf-connecting-ip") ??
    "unknown"
  );
}

export function failedAttempts(options: FailedAttemptsOptions = {}) {
  const limit = options.limit ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { from: number; failures: number }>();

  return {
    /**
     * Counts a failed attempt at `target` from `address`: the 429 to answer once past the limit, else
     * undefined (answer the 401). Reads and raises the count with no await between: atomic here.
     */
    fail(address: string, target: string): ApiError | undefined {
      const key = `${target} ${address}`;
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.from >= windowMs) {
        windows.delete(key);
        if (windows.size >= MAX_COUNTERS) windows.delete(windows.keys().next().value!);
        window = { from: at, failures: 0 };
        windows.set(key, window);
      }
      if (++window.failures <= limit) return undefined;
      const seconds = Math.max(1, Math.ceil((window.from + windowMs - at) / 1000));
      return new ApiError(
        "rate_limited",
        `Too many failed attempts from your address: try again in ${seconds} s.`,
        {},
        { "Retry-After": String(seconds) },
      );
    },
  };
}

export type FailedAttempts = ReturnType<typeof failedAttempts>;
