/**
 * Failed attempts at a secret (the inbound webhooks' hashes) per client address, whatever `RATE_LIMIT`
 * says: past `limit` failures in a window, every attempt from that address is a 429 with `Retry-After`
 * until the window ends, so guessing costs time. In this process's memory (as the token buckets are),
 * with a bounded number of addresses.
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

const MAX_ADDRESSES = 10_000;

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
  const env = c.env as
    | { incoming?: { socket?: { remoteAddress?: string } }; remoteAddr?: { hostname?: string } }
    | undefined;
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

  const current = (address: string) => {
    const window = windows.get(address);
    return window && now() - window.from < windowMs ? window : undefined;
  };

  return {
    /** 429 when the address has failed too often in its window. */
    check(address: string): void {
      const window = current(address);
      if (!window || window.failures < limit) return;
      const seconds = Math.max(1, Math.ceil((window.from + windowMs - now()) / 1000));
      throw new ApiError(
        "rate_limited",
        `Too many failed attempts from your address: try again in ${seconds} s.`,
        {},
        { "Retry-After": String(seconds) },
      );
    },
    /** Counts a failed attempt of the address. */
    fail(address: string): void {
      const window = current(address);
      if (window) {
        window.failures++;
        return;
      }
      windows.delete(address);
      if (windows.size >= MAX_ADDRESSES) windows.delete(windows.keys().next().value!);
      windows.set(address, { from: now(), failures: 1 });
    },
  };
}

export type FailedAttempts = ReturnType<typeof failedAttempts>;
