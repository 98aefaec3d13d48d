import { apiErrorOf, NetworkError, TimeoutError } from "./errors.ts";
import { backoffDelay, isRetryable, parseRetryAfter, RETRY_STATUSES, type RetryPolicy } from "./retry.ts";
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
    const headers = new Headers({ Accept: "application/json", ...config.headers, ...options.headers });
    if (options.ifMatch !== undefined) headers.set("If-Match", options.ifMatch);
    // A write is retried only under an Idempotency-Key, so that the server runs it once: one is made
    // for every write that may be retried, unless the caller brought their own (or it answers a secret).
    const key =
      options.idempotencyKey ??
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
    for (let attempt = 0; ; attempt++) {
      const canRetry = retryable && attempt < retry.retries;
      // Asked before every attempt: a token that expired while a retry waited is fetched anew.
      const token = typeof config.token === "function" ? await config.token() : config.token;
      headers.set("Authorization", `Bearer ${token}`);
      const deadline = deadlineOf(timeout, options.signal, () => new TimeoutError(method, url, timeout));
      let response: Response;
      try {
        response = await config.fetch(url, { ...init, signal: deadline.signal });
      } catch (cause) {
        deadline.clear();
        if (deadline.timedOut) throw deadline.signal?.reason;
        if (options.signal?.aborted) throw cause;
        if (!canRetry) throw new NetworkError(method, url, cause);
        await retry.sleep(backoffDelay(retry, attempt), options.signal);
        continue;
      }
      if (response.ok) {
        try {
          const data = await bodyOf(response, method, url, options.signal, deadline);
          const meta = metaFrom(response);
          if (typeof data === "object" && data !== null) metas.set(data, meta);
          options.onResponse?.(meta);
          return { data, headers: response.headers };
        } finally {
          deadline.clear();
        }
      }
      const error = await apiErrorOf(response, method, url).finally(deadline.clear);
      // The error's body did not come in time: the call timed out (never retried), whatever its status.
      if (deadline.timedOut) throw deadline.signal?.reason;
      if (!canRetry || !RETRY_STATUSES.has(response.status)) throw error;
      const asked = parseRetryAfter(response.headers.get("Retry-After"), Date.now());
      if (asked !== undefined && asked > retry.maxDelayMs) throw error;
      await retry.sleep(asked ?? backoffDelay(retry, attempt), options.signal);
    }
  };
}

interface Deadline {
  signal: AbortSignal | undefined;
  readonly timedOut: boolean;
  clear(): void;
}

/** The signal of one attempt: the caller's, and a timer that aborts it with a TimeoutError. */
function deadlineOf(timeout: number, outer: AbortSignal | undefined, error: () => Error): Deadline {
  if (!(timeout > 0 && Number.isFinite(timeout))) return { signal: outer, timedOut: false, clear() {} };
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(error());
  }, timeout);
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
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

async function bodyOf(
  response: Response,
  method: string,
  url: string,
  signal: AbortSignal | undefined,
  deadline: Deadline,
): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    if (deadline.timedOut) throw deadline.signal?.reason;
    if (signal?.aborted) throw cause;
    throw new NetworkError(method, url, cause);
  }
  if (response.status === 204 || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
