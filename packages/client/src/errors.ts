import { methodName } from "./resource.ts";

// Brands in the global symbol registry, so two copies of this package still recognise each other's errors.
const API_ERROR = Symbol.for("@multichannel/client/ApiError");
const NETWORK_ERROR = Symbol.for("@multichannel/client/NetworkError");
const TIMEOUT_ERROR = Symbol.for("@multichannel/client/TimeoutError");
const SECRET_NOT_SHOWN_ERROR = Symbol.for("@multichannel/client/SecretNotShownError");

/** One failing field of a 422 answer: `path` is dotted (`items.0.quantity`). */
export interface FieldError {
  path: string;
  message: string;
}

/** A kind still referring to a record that a delete was refused for, and how many of its records do. */
export interface ReferringKind {
  kind: string;
  count: number;
}

/**
 * The members a problem document may carry beyond `type`, `title`, `status`, `detail` and `requestId`
 * (the schema package's `problemMembers`), each on the {@link ApiError} when the answer had it.
 */
export interface ProblemDetails {
  /** 422 (400 for a query): every failing field, by its path in the body (`items.2.sku`); at most 100. */
  errors?: FieldError[];
  /** 422: how many more failing fields there were beyond the 100 listed in `errors`. */
  errorsOmitted?: number;
  /** 409: the record's current state (`shipped`). */
  state?: string;
  /**
   * 409 on a state conflict: the actions the record's current state allows (`["return-label"]`); when
   * what the record holds refuses an action (nothing left to return), all of them but that one.
   */
  allowedActions?: string[];
  /** 409: the states from which the request would be allowed. */
  allowedStates?: string[];
  /** 409 or 422: the rule of the books the request would break (`shipped + cancelled <= quantity`). */
  rule?: string;
  /** 409 on delete: the kinds still referring to the record, and how many of each. */
  references?: ReferringKind[];
  /** 409 on a unique conflict: the fields whose values another record already has. */
  fields?: string[];
  /** 403: the scope the API key lacks for the request (`catalog:write`). */
  scope?: string;
  /** 409 on settle-invoices: the purchases that cannot be settled. */
  purchaseIds?: number[];
  /** 409 on manual-sale: imported lines whose quantity the order changes. */
  lines?: {
    index?: number;
    saleItemId?: number;
    sku?: string;
    quantity?: number;
    requested?: number;
  }[];
}

/** What an {@link ApiError} is built from. */
export interface ApiErrorInit extends Omit<ProblemDetails, "errors"> {
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
  /** 422: failing fields beyond the 100 in `errors`. */
  readonly errorsOmitted: number | undefined;
  /** 409: the record's current state. */
  readonly state: string | undefined;
  /** 409 on a state conflict: the actions the current state allows, but one its record's content refused. */
  readonly allowedActions: string[] | undefined;
  /** 409: the states from which the request would be allowed. */
  readonly allowedStates: string[] | undefined;
  /** 409 or 422: the rule of the books the request would break. */
  readonly rule: string | undefined;
  /** 409 on delete: the kinds still referring to the record. */
  readonly references: ReferringKind[] | undefined;
  /** 409 on a unique conflict: the fields another record already has these values of. */
  readonly fields: string[] | undefined;
  /** 403: the scope the API key lacks for the request. */
  readonly scope: string | undefined;
  /** 409 on settle-invoices: the purchases that cannot be settled. */
  readonly purchaseIds: number[] | undefined;
  /** 409 on manual-sale: imported lines whose quantity the order changes. */
  readonly lines: ProblemDetails["lines"];
  /** The whole parsed body, or its text if not JSON. */
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
    this.errorsOmitted = init.errorsOmitted;
    this.state = init.state;
    this.allowedActions = init.allowedActions;
    this.allowedStates = init.allowedStates;
    this.rule = init.rule;
    this.references = init.references;
    this.fields = init.fields;
    this.scope = init.scope;
    this.purchaseIds = init.purchaseIds;
    this.lines = init.lines;
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
  override readonly name: string = "NetworkError";
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
 * The call got no answer within its `timeout` (per attempt; the request was aborted). A timeout is not
 * retried. It is a {@link NetworkError} too, so `isNetworkError` is true for it.
 *
 * @example
 * try {
 *   await client.purchases.get(7, { timeout: 2_000 });
 * } catch (error) {
 *   if (isTimeoutError(error)) console.log(`no answer in ${error.timeoutMs} ms`);
 * }
 */
export class TimeoutError extends NetworkError {
  override readonly name: string = "TimeoutError";
  /** The timeout that ran out, in ms. */
  readonly timeoutMs: number;
  readonly [TIMEOUT_ERROR] = true;

  constructor(method: string, url: string, timeoutMs: number) {
    super(method, url, new Error(`no answer within ${timeoutMs} ms`));
    this.timeoutMs = timeoutMs;
  }
}

/** A secret the server made at a create, and the action that makes a new one. */
export interface MadeSecret {
  /** The record's field (`signingSecret`). */
  field: string;
  /** The action's name (`rotate-signing-secret`): `POST /<plural>/{id}/<rotate>.json`. */
  rotate: string;
}

/**
 * A create succeeded, but its answer came back as a replay (`Idempotent-Replayed: true`: the first answer
 * to its `Idempotency-Key` was lost, and a retry under the key got it again), and a replay shows the
 * secrets the server made for the record only as hints (`…1Hk=`). The record exists, once; its secrets
 * were shown only in the lost answer. `record` is the created record; make a new secret with the action
 * named in `secrets` (the kind's rotation), whose answer shows it.
 *
 * @example
 * try {
 *   integration = await client.accountingIntegrations.create({ name: "Books" });
 * } catch (error) {
 *   if (!isSecretNotShownError(error)) throw error;
 *   const { signingSecret } = await client.accountingIntegrations.rotateSigningSecret(error.record.id);
 * }
 */
export class SecretNotShownError extends Error {
  override readonly name = "SecretNotShownError";
  /** The created record, as the replay shows it (its secrets as hints). */
  readonly record: { id: number } & Record<string, unknown>;
  /** The secrets the lost answer showed, each with the action that makes a new one. */
  readonly secrets: MadeSecret[];
  readonly method: string;
  readonly url: string;
  readonly [SECRET_NOT_SHOWN_ERROR] = true;

  constructor(
    record: { id: number } & Record<string, unknown>,
    secrets: MadeSecret[],
    method: string,
    url: string,
  ) {
    const fields = secrets.map((secret) => secret.field).join(" and ");
    const actions = secrets.map((secret) => `${secret.rotate} (${methodName(secret.rotate)})`).join(", ");
    super(
      `Record ${record.id} was created (${method} ${url}), but the answer that showed its ${fields} was lost: ` +
        `a replay shows only a hint. Make a new one with the record's action ${actions}.`,
    );
    this.record = record;
    this.secrets = secrets;
    this.method = method;
    this.url = url;
  }
}

/**
 * True when `error` is a {@link SecretNotShownError} (checked by brand, not `instanceof`).
 *
 * @example
 * if (isSecretNotShownError(error)) await client.dropshipProviders.rotateSigningSecret(error.record.id);
 */
export function isSecretNotShownError(error: unknown): error is SecretNotShownError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { [SECRET_NOT_SHOWN_ERROR]?: unknown })[SECRET_NOT_SHOWN_ERROR] === true
  );
}

/**
 * True when `error` is a {@link TimeoutError} (checked by brand, not `instanceof`).
 *
 * @example
 * if (isTimeoutError(error)) console.log("the server is slow; try again later");
 */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { [TIMEOUT_ERROR]?: unknown })[TIMEOUT_ERROR] === true
  );
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
    errorsOmitted: num(problem.errorsOmitted),
    state: str(problem.state),
    allowedActions: list(problem.allowedActions, str),
    allowedStates: list(problem.allowedStates, str),
    rule: str(problem.rule),
    references: list(problem.references, (item) =>
      isObject(item) && typeof item.kind === "string" && typeof item.count === "number"
        ? { kind: item.kind, count: item.count }
        : undefined,
    ),
    fields: list(problem.fields, str),
    scope: str(problem.scope),
    purchaseIds: list(problem.purchaseIds, num),
    lines: list(problem.lines, (item) =>
      isObject(item) ? (item as NonNullable<ProblemDetails["lines"]>[number]) : undefined,
    ),
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

function num(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The items of a member that is a list, each read by `item` (those it cannot read are left out). */
function list<T>(value: unknown, item: (value: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map(item).filter((read): read is T => read !== undefined);
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as FieldError).path === "string" &&
    typeof (value as FieldError).message === "string"
  );
}
