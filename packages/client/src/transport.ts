import { type ApiError, apiErrorOf, NetworkError, TimeoutError } from "./errors.ts";
import { asksToRetry, backoffDelay, isRetryable, parseRetryAfter, type RetryPolicy } from "./retry.ts";
import type { RateLimitState, ResponseMeta, WriteOptions } from "./types.ts";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportConfig {
  baseUrl: string;
  token: string | (() => string | Promise<string>);
  fetch: FetchLike;
  retry: RetryPolicy;
  headers: Record<string, string>;
  /** The most one attempt may take, in ms; 0 for no limit. */
  timeout: number;
}

export interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Whether the operation writes (the manifest's `operationWrites`); default: any method but GET. */
  writes?: boolean;
  /**
   * It answers a secret once (the manifest's `answersSecretOnce`: a webhook endpoint's create, a
   * rotation): the server keeps no such answer, so it takes no `Idempotency-Key`. None is made for it,
   * and so it is not retried.
   */
  keyless?: boolean;
  path: string;
  query?: URLSearchParams;
  /** A JSON body. */
  body?: unknown;
  /** A body sent as it is (a file), with its Content-Type. */
  raw?: { body: NonNullable<RequestInit["body"]>; contentType: string };
  options?: WriteOptions;
}

export interface Answer {
  data: unknown;
  headers: Headers;
  /** The URL the call was sent to. */
  url: string;
}

const metas = new WeakMap<object, ResponseMeta>();

/**
 * What the answer a call returned said besides its body: status, `ETag`, request id and rate-limit
 * state. For any object or array a call returned (a record, a page, an action's answer); `undefined`
 * for anything else. Use the `onResponse` option for calls that return nothing (`delete`).
 *
 * @example
 * const purchase = await client.purchases.get(7);
 * const { etag, requestId, rateLimit } = metaOf(purchase)!;
 */
export function metaOf(answer: unknown): ResponseMeta | undefined {
  return typeof answer === "object" && answer !== null ? metas.get(answer) : undefined;
}

/** Gives `answer` the meta of the response it was made from (a page, from its records' response). */
export function remember(answer: object, meta: ResponseMeta): void {
  metas.set(answer, meta);
}

/**
 * A fresh Idempotency-Key: a random (version 4) UUID. A browser has `crypto.randomUUID` only in a secure
 * context (https, localhost): on a page served over plain http elsewhere, the UUID is made from
 * `crypto.getRandomValues`, which every runtime has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sends one call: auth, JSON, timeout, error mapping and retries. */
export function createTransport(config: TransportConfig): (call: Call) => Promise<Answer> {
  const base = config.baseUrl.replace(/\/+$/, "");
  return async ({ method, writes = method !== "GET", keyless, path, query, body, raw, options = {} }) => {
    const search = query?.toString();
    const url = `${base}${path}${search ? `?${search}` : ""}`;
    // Set layer by layer, so that a call's header replaces the client's whatever its letter case.
    const headers = new Headers({ Accept: "application/json" });
    for (const layer of [config.headers, options.headers]) {
      for (const [name, value] of Object.entries(layer ?? {})) headers.set(name, value);
    }
    if (options.ifMatch !== undefined) headers.set("If-Match", options.ifMatch);
    // A write is retried only under an Idempotency-Key, so that the server runs it once: one is made
    // for every write that may be retried, unless the caller brought their own (or it answers a secret).
    const key =
      options.idempotencyKey ??
      headers.get("Idempotency-Key") ??
      (writes && !keyless && config.retry.retries > 0 ? newIdempotencyKey() : undefined);
    if (key !== undefined) headers.set("Idempotency-Key", key);
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers.set("Content-Type", "application/json");
      init.body = JSON.stringify(body);
    } else if (raw) {
      headers.set("Content-Type", raw.contentType);
      init.body = raw.body;
    }
    const timeout = options.timeout ?? config.timeout;

    const { retry } = config;
    const retryable = retry.retries > 0 && isRetryable(writes, headers);
    const keyedWrite = writes && headers.has("Idempotency-Key");
    for (let attempt = 0; ; attempt++) {
      const canRetry = retryable && attempt < retry.retries;
      // Asked before every attempt: a token that expired while a retry waited is fetched anew.
      const token = typeof config.token === "function" ? await config.token() : config.token;
      headers.set("Authorization", `Bearer ${token}`);
      const deadline = deadlineOf(timeout, options.signal, () => new TimeoutError(method, url, timeout));
      let outcome: Outcome;
      try {
        outcome = await exchange(
          config.fetch,
          method,
          url,
          { ...init, signal: deadline.signal },
          deadline.race,
        );
      } finally {
        deadline.clear();
      }
      if ("lost" in outcome) {
        // No answer, or one cut short: a timeout and the caller's abort end the call, anything else is
        // a network failure, retried like a failed fetch.
        if (deadline.timedOut) throw deadline.signal?.reason;
        if (options.signal?.aborted) throw outcome.lost;
        if (!canRetry) throw new NetworkError(method, url, outcome.lost);
        await retry.sleep(backoffDelay(retry, attempt), options.signal);
        continue;
      }
      const { response } = outcome;
      if (!("error" in outcome)) {
        const meta = metaFrom(response);
        if (typeof outcome.data === "object" && outcome.data !== null) metas.set(outcome.data, meta);
        options.onResponse?.(meta);
        return { data: outcome.data, headers: response.headers, url };
      }
      const { error } = outcome;
      const retryAfter = response.headers.get("Retry-After");
      if (!canRetry || !asksToRetry(response.status, keyedWrite, retryAfter)) throw error;
      const asked = parseRetryAfter(retryAfter, Date.now());
      if (asked !== undefined && asked > retry.maxDelayMs) throw error;
      await retry.sleep(asked ?? backoffDelay(retry, attempt), options.signal);
    }
  };
}

/**
 * What one attempt came to: a success and its whole body, an error answer, or what kept an answer from
 * coming whole (`lost`: the fetch failed, a success's body was cut short, or the attempt was aborted).
 */
type Outcome =
  | { response: Response; data: unknown }
  | { response: Response; error: ApiError }
  | { lost: unknown };

async function exchange(
  fetch: FetchLike,
  method: string,
  url: string,
  init: RequestInit,
  race: Deadline["race"],
): Promise<Outcome> {
  try {
    const response = await race(fetch(url, init));
    if (!response.ok) return { response, error: await race(apiErrorOf(response, method, url)) };
    return { response, data: await race(bodyOf(response)) };
  } catch (lost) {
    return { lost };
  }
}

interface Deadline {
  signal: AbortSignal | undefined;
  readonly timedOut: boolean;
  /**
   * `work`, unless the attempt is aborted first (its time is up, or the caller aborted): then its
   * reason, whether or not `work` heeds the signal (an in-process app's `request` does not).
   */
  race<T>(work: Promise<T>): Promise<T>;
  clear(): void;
}

/** The signal of one attempt: the caller's, and a timer that aborts it with a TimeoutError. */
function deadlineOf(timeout: number, outer: AbortSignal | undefined, error: () => Error): Deadline {
  const limited = timeout > 0 && Number.isFinite(timeout);
  if (!limited && !outer) return { signal: undefined, timedOut: false, race: (work) => work, clear() {} };
  const controller = new AbortController();
  let timedOut = false;
  let stop: (reason: unknown) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  // Nobody may be racing it when it rejects (the caller aborts during a retry's wait).
  stopped.catch(() => {});
  const abort = (reason: unknown) => {
    controller.abort(reason);
    stop(controller.signal.reason);
  };
  const onAbort = () => abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  const timer = limited
    ? setTimeout(() => {
        timedOut = true;
        abort(error());
      }, timeout)
    : undefined;
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    race: (work) => Promise.race([work, stopped]),
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    },
  };
}

function metaFrom(response: Response): ResponseMeta {
  const headers = response.headers;
  return {
    status: response.status,
    etag: headers.get("ETag") ?? undefined,
    requestId: headers.get("X-Request-Id") ?? undefined,
    rateLimit: rateLimitOf(headers),
    headers,
  };
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers) as the server sends them:
 * `RateLimit: "get";r=1;t=1` and `RateLimit-Policy: "get";q=2;w=1`.
 */
export function rateLimitOf(headers: Headers): RateLimitState | undefined {
  const state = items(headers.get("RateLimit"))[0];
  if (!state) return undefined;
  const remaining = Number(state.params.r);
  const reset = Number(state.params.t ?? 0);
  if (!Number.isFinite(remaining)) return undefined;
  const policy = items(headers.get("RateLimit-Policy")).find((item) => item.name === state.name);
  const number = (value: string | undefined) =>
    value !== undefined && Number.isFinite(Number(value)) ? Number(value) : undefined;
  return {
    policy: state.name,
    limit: number(policy?.params.q),
    windowSeconds: number(policy?.params.w),
    remaining,
    resetSeconds: Number.isFinite(reset) ? reset : 0,
  };
}

/** The items of a structured-field list: `"name";key=value;key=value, ...`. */
function items(field: string | null): { name: string; params: Record<string, string> }[] {
  if (!field) return [];
  return field.split(",").map((item) => {
    const [name = "", ...params] = item.split(";").map((part) => part.trim());
    return {
      name: name.replace(/^"|"$/g, ""),
      params: Object.fromEntries(
        params.map((param) => {
          const at = param.indexOf("=");
          return at < 0 ? [param, "?1"] : [param.slice(0, at), param.slice(at + 1)];
        }),
      ),
    };
  });
}

/** The answer's body: JSON parsed, other text as it is, nothing for a 204 or an empty body. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (response.status === 204 || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
