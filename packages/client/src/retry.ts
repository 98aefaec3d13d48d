/** How failed requests are retried. Pass `retry: false` to {@link createClient} to never retry. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** The first backoff delay; it doubles on each retry, with jitter. Default 500 ms. */
  baseDelayMs?: number;
  /**
   * The longest wait between attempts. Backoff is capped at it; a `Retry-After` asking for longer ends the
   * retries and the answer is thrown (its `headers` carry the `Retry-After`). Default 30 000 ms.
   */
  maxDelayMs?: number;
  /** Waits `ms`; replace it in tests. Default: `setTimeout`, cut short by the request's `signal`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Statuses that say "try again later". */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * Whether an error answer says "try again later": a 429 or a 503; and for a write under an
 * `Idempotency-Key`, a 409 with `Retry-After` (the key's first request is still running, or the write met
 * others and was not applied). A 409 without it (a state conflict, an answer the server lost) is final.
 */
export function asksToRetry(status: number, keyedWrite: boolean, retryAfter: string | null): boolean {
  return RETRY_STATUSES.has(status) || (status === 409 && keyedWrite && retryAfter !== null);
}

export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { retries: 0, baseDelayMs: 0, maxDelayMs: 0, sleep: defaultSleep };
  return {
    retries: Math.max(0, Math.floor(options?.retries ?? 3)),
    baseDelayMs: Math.max(0, options?.baseDelayMs ?? 500),
    maxDelayMs: Math.max(0, options?.maxDelayMs ?? 30_000),
    sleep: options?.sleep ?? defaultSleep,
  };
}

/** A request may be sent twice only if sending it twice does no harm: it reads, or it writes under a key. */
export function isRetryable(writes: boolean, headers: Headers): boolean {
  return !writes || headers.has("Idempotency-Key");
}

/** The delay before retry number `attempt` (0-based): exponential, capped, with equal jitter. */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `Retry-After` in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
