import type { ProblemMember } from "@multichannel/schema";
import type * as v from "valibot";
/** The closed set of problem codes the API answers with. */
export type ProblemCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "precondition_failed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation_failed"
  | "rate_limited"
  | "internal"
  | "unavailable";

const STATUS: Record<ProblemCode, [number, string]> = {
  bad_request: [400, "Bad request"],
  unauthorized: [401, "Unauthorized"],
  forbidden: [403, "Forbidden"],
  not_found: [404, "Not found"],
  method_not_allowed: [405, "Method not allowed"],
  conflict: [409, "Conflict"],
  precondition_failed: [412, "Precondition failed"],
  payload_too_large: [413, "Payload too large"],
  unsupported_media_type: [415, "Unsupported media type"],
  validation_failed: [422, "Validation failed"],
  rate_limited: [429, "Too many requests"],
  internal: [500, "Internal server error"],
  unavailable: [503, "Service unavailable"],
};

export interface FieldError {
  path: string;
  message: string;
}

/** Extra members of a problem document: exactly the ones the schema package documents. */
export interface ProblemExtras {
  errors?: FieldError[];
  errorsOmitted?: number;
  state?: string;
  allowedActions?: string[];
  allowedStates?: string[];
  rule?: string;
  references?: { kind: string; count: number }[];
  fields?: string[];
  scope?: string;
  purchaseIds?: number[];
  lines?: { index: number; saleItemId: number; sku: string; quantity: number; requested: number }[];
}

// A member the server could send but the OpenAPI document does not describe (or the reverse) fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const documented: Same<keyof ProblemExtras, ProblemMember> = true;
void documented;

/** Most field errors a problem lists; how many more there were is its `errorsOmitted`. */
export const MAX_FIELD_ERRORS = 100;

/** An error the API answers as `application/problem+json`. Services throw it; `onError` renders it. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly title: string;
  readonly extras: ProblemExtras;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    extras: ProblemExtras = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    const omitted = (extras.errors?.length ?? 0) - MAX_FIELD_ERRORS;
    this.extras =
      omitted > 0
        ? { ...extras, errors: extras.errors!.slice(0, MAX_FIELD_ERRORS), errorsOmitted: omitted }
        : extras;
    const [status, title] = STATUS[code];
    this.status = status;
    this.title = title;
  }
}

/** Compared by name, not `instanceof`, so that errors from another copy of this module still match. */
function pathOf(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join(".") || "(body)";
}

/** A validator's message that is a sentence already (`is not a scope: ...`, `must not be empty`). */
const SENTENCE = /^(?:is|are|must|has|have|was|needs?|cannot|does|do) /;

/** An issue's message after its path: "is required", "must be an e-mail address", "is not a scope". */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.received === "undefined" && issue.kind === "schema") return "is required";
  if (issue.type === "strict_object" && issue.path?.length) return "is not a known field";
  return SENTENCE.test(issue.message) ? issue.message : `must be ${issue.message}`;
}

/** Valibot issues as the `errors` of a 422: one per failing path. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const error = { path: pathOf(issue), message: issueMessage(issue) };
    const key = `${error.path}:${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(error);
  }
  return errors;
}

/**
 * A 422 about one field of the body whose message reads after its path ("must be in the future"); the
 * detail is the sentence they make ("expiresAt must be in the future.").
 */
export function refusedField(path: string, message: string): ApiError {
  return new ApiError("validation_failed", `${path} ${message}.`, { errors: [{ path, message }] });
}

/** What a reference that names no record of the company says after its path: "names no sale (id 2)". */
export function namesNoRecord(kindName: string, id: unknown): string {
  return `names no ${kindName.replaceAll("-", " ")} (id ${String(id)})`;
}

export function isApiError(error: unknown): error is ApiError {
  return propertyOf(error, "name") === "ApiError";
}

/** A property of a value (a thrown one, a parsed body), when the value is an object: else undefined. */
export function propertyOf(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
}

/** A thrown value's message: an error's own, or the value in words. */
export function messageOf(error: unknown): string {
  const message = propertyOf(error, "message");
  return typeof message === "string" ? message : String(error);
}

/** A thrown value's text `code` (a system call's `ENOENT`, a driver's `SQLITE_BUSY`), if it has one. */
export function codeOf(error: unknown): string | undefined {
  const code = propertyOf(error, "code");
  return typeof code === "string" ? code : undefined;
}

export const PROBLEM_STATUS = STATUS;
