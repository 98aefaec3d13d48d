// Brands in the global symbol registry, so two copies of this package still recognise each other's errors.
const API_ERROR = Symbol.for("@multichannel/client/ApiError");
const NETWORK_ERROR = Symbol.for("@multichannel/client/NetworkError");

/** One failing field of a 422 answer: `path` is dotted (`items.0.quantity`). */
export interface FieldError {
  path: string;
  message: string;
}

/** What an {@link ApiError} is built from. */
export interface ApiErrorInit {
  status: number;
  type?: string;
  title?: string;
  detail?: string;
  errors?: FieldError[];
  requestId?: string;
  body?: unknown;
  headers?: Headers;
  method?: string;
  url?: string;
}

/**
 * The API answered with an error status. Built from the `application/problem+json` body when there is
 * one, and from the status line and the raw body otherwise (a proxy's 502 page, say).
 *
 * @example
 * try {
 *   await client.customers.create({ email: "not an address" });
 * } catch (error) {
 *   if (isApiError(error) && error.status === 422) console.log(error.errors); // [{ path: "email", message }]
 * }
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The HTTP status. */
  readonly status: number;
  /** The problem type URI (`urn:multichannel:problem:not_found`), or `about:blank`. */
  readonly type: string;
  /** A short summary of the problem type (`Not found`). */
  readonly title: string;
  /** What went wrong in this request, for humans. */
  readonly detail: string;
  /** The failing fields of a 422; empty otherwise. */
  readonly errors: FieldError[];
  /** The server's request id: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** The whole parsed body (extra members such as a 409's `state` live here), or its text if not JSON. */
  readonly body: unknown;
  /** The response headers (`Retry-After`, `Allow`, ...). */
  readonly headers: Headers;
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly [API_ERROR] = true;

  constructor(init: ApiErrorInit) {
    const title = init.title ?? `HTTP ${init.status}`;
    const detail = init.detail ?? "";
    const where = init.method && init.url ? ` (${init.method} ${init.url})` : "";
    super(`${init.status} ${title}${detail ? `: ${detail}` : ""}${where}`);
    this.status = init.status;
    this.type = init.type ?? "about:blank";
    this.title = title;
    this.detail = detail;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId;
    this.body = init.body;
    this.headers = init.headers ?? new Headers();
    this.method = init.method;
    this.url = init.url;
  }
}

/**
 * The request never got an answer: DNS, connection refused, reset, TLS, or a body cut short. `cause` is
 * what `fetch` threw. Aborts through your own `signal` are not wrapped: they reject with the signal's reason.
 *
 * @example
 * try {
 *   await client.carriers.get(1);
 * } catch (error) {
 *   if (isNetworkError(error)) console.log("offline?", error.cause);
 * }
 */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  readonly method: string;
  readonly url: string;
  readonly [NETWORK_ERROR] = true;

  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.method = method;
    this.url = url;
  }
}

/**
 * True when `error` is an {@link ApiError}, from this copy of the package or any other (checked by brand,
 * not `instanceof`).
 *
 * @example
 * if (isApiError(error) && error.status === 404) return undefined;
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === "object" && error !== null && (error as { [API_ERROR]?: unknown })[API_ERROR] === true
  );
}

/**
 * True when `error` is a {@link NetworkError} (checked by brand, not `instanceof`).
 *
 * @example
 * if (isNetworkError(error)) scheduleRetryLater();
 */
export function isNetworkError(error: unknown): error is NetworkError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { [NETWORK_ERROR]?: unknown })[NETWORK_ERROR] === true
  );
}

/** The ApiError for a non-2xx response; reads the body. */
export async function apiErrorOf(response: Response, method: string, url: string): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (an HTML error page from a proxy): keep the text.
  }
  const problem =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const requestId = str(problem.requestId) ?? response.headers.get("X-Request-Id") ?? undefined;
  return new ApiError({
    status: response.status,
    type: str(problem.type),
    title: str(problem.title) ?? (response.statusText || undefined),
    detail: str(problem.detail) ?? (typeof body === "string" ? body.slice(0, 500) : undefined),
    errors: Array.isArray(problem.errors) ? problem.errors.filter(isFieldError) : undefined,
    requestId: requestId || undefined,
    body,
    headers: response.headers,
    method,
    url,
  });
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as FieldError).path === "string" &&
    typeof (value as FieldError).message === "string"
  );
}
