import { apiErrorOf, NetworkError } from "./errors.ts";
import { backoffDelay, isRetryable, parseRetryAfter, RETRY_STATUSES, type RetryPolicy } from "./retry.ts";
import type { WriteOptions } from "./types.ts";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportConfig {
  baseUrl: string;
  token: string | (() => string | Promise<string>);
  fetch: FetchLike;
  retry: RetryPolicy;
  headers: Record<string, string>;
}

export interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Whether the operation writes (the manifest's `operationWrites`); default: any method but GET. */
  writes?: boolean;
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  options?: WriteOptions;
}

export interface Answer {
  data: unknown;
  headers: Headers;
}

/** Sends one call: auth, JSON, error mapping and retries. */
export function createTransport(config: TransportConfig): (call: Call) => Promise<Answer> {
  const base = config.baseUrl.replace(/\/+$/, "");
  return async ({ method, writes = method !== "GET", path, query, body, options = {} }) => {
    const search = query?.toString();
    const url = `${base}${path}${search ? `?${search}` : ""}`;
    const token = typeof config.token === "function" ? await config.token() : config.token;
    const headers = new Headers({ Accept: "application/json", ...config.headers, ...options.headers });
    headers.set("Authorization", `Bearer ${token}`);
    if (options.ifMatch !== undefined) headers.set("If-Match", options.ifMatch);
    // A write is retried only under an Idempotency-Key, so that the server runs it once: one is made
    // for every write that may be retried, unless the caller brought their own.
    const key =
      options.idempotencyKey ?? (writes && config.retry.retries > 0 ? crypto.randomUUID() : undefined);
    if (key !== undefined) headers.set("Idempotency-Key", key);
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers.set("Content-Type", "application/json");
      init.body = JSON.stringify(body);
    }
    if (options.signal) init.signal = options.signal;

    const { retry } = config;
    const retryable = retry.retries > 0 && isRetryable(writes, headers);
    for (let attempt = 0; ; attempt++) {
      const canRetry = retryable && attempt < retry.retries;
      let response: Response;
      try {
        response = await config.fetch(url, init);
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        if (!canRetry) throw new NetworkError(method, url, cause);
        await retry.sleep(backoffDelay(retry, attempt), options.signal);
        continue;
      }
      if (response.ok)
        return { data: await bodyOf(response, method, url, options.signal), headers: response.headers };
      const error = await apiErrorOf(response, method, url);
      if (!canRetry || !RETRY_STATUSES.has(response.status)) throw error;
      const asked = parseRetryAfter(response.headers.get("Retry-After"), Date.now());
      if (asked !== undefined && asked > retry.maxDelayMs) throw error;
      await retry.sleep(asked ?? backoffDelay(retry, attempt), options.signal);
    }
  };
}

async function bodyOf(
  response: Response,
  method: string,
  url: string,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
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
