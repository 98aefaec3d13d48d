import type { Context } from "hono";
import * as v from "valibot";
import { ApiError, type FieldError, fieldErrors } from "../errors.ts";
import type { AppEnv } from "./env.ts";

/**
 * How a body is parsed: a pipe stops at its first issue, and a schema or check that gave no message of
 * its own gets one in our words (`plainMessage`), never valibot's ("Invalid type: Expected ...").
 */
const PARSING = { abortPipeEarly: true, message: plainMessage } as const;

/** Parses `value` with `schema` or throws the 422 that names every failing field. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError("validation_failed", "The body must be a JSON object.", {
      errors: [{ path: "(body)", message: "must be a JSON object" }],
    });
  }
  const result = v.safeParse(schema, value, PARSING);
  if (result.success) return result.output;
  throw validationError(fieldErrors(result.issues));
}

/** The 422 for these field errors, the first three in its detail. */
export function validationError(errors: FieldError[]): ApiError {
  const detail = errors
    .slice(0, 3)
    .map((error) => `${error.path} ${error.message}`)
    .join("; ");
  return new ApiError("validation_failed", `${detail}${errors.length > 3 ? "; ..." : ""}.`, { errors });
}

/** What valibot says of a type, in our words, as a phrase after "must be". */
const TYPES: Record<string, string> = {
  string: "text",
  number: "a number",
  bigint: "a number",
  boolean: "true/false",
  null: "null",
  array: "an array",
  tuple: "an array",
  object: "an object",
  loose_object: "an object",
  strict_object: "an object",
  object_with_rest: "an object",
  record: "an object",
  integer: "a whole number",
  safe_integer: "a whole number",
  finite: "a finite number",
  email: "an e-mail address",
  url: "a URL",
  iso_date: "a date (YYYY-MM-DD)",
  iso_timestamp: "an ISO 8601 date-time",
};

/**
 * The message of an issue whose schema or check gave none, as a phrase after "must be": `text`,
 * `text, a number or true/false`, `at most 200 characters`; else `a valid value`.
 */
function plainMessage(issue: v.BaseIssue<unknown>): string {
  const { type, requirement, input } = issue;
  const units = typeof input === "string" ? "characters" : "items";
  switch (type) {
    case "union":
    case "variant": {
      // An option's own mismatch has no path; the issues of an option's members do.
      const options = [...new Set((issue.issues ?? []).filter((sub) => !sub.path).map((sub) => sub.message))];
      return options.length ? listed(options) : "a valid value";
    }
    case "picklist":
    case "literal":
    case "enum":
      return `one of ${(issue.expected ?? "").split(" | ").join(", ")}`;
    case "min_length":
      return `at least ${requirement} ${units}`;
    case "max_length":
      return `at most ${requirement} ${units}`;
    case "min_value":
      return `at least ${requirement}`;
    case "max_value":
      return `at most ${requirement}`;
    default:
      return TYPES[type] ?? "a valid value";
  }
}

/** `a`, `a or b`, `a, b or c`. */
function listed(phrases: readonly string[]): string {
  return phrases.length < 2 ? phrases.join("") : `${phrases.slice(0, -1).join(", ")} or ${phrases.at(-1)}`;
}

/**
 * The JSON body (`readBody` parsed it) validated with a manifest schema; a body that is absent counts
 * as `{}`. With `arrayField`, a bare JSON array body stands for `{ [arrayField]: body }` (the
 * reference's form of a batch).
 */
export function validBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
  arrayField?: string,
): v.InferOutput<S> {
  const sent = c.get("body");
  const value = sent === undefined ? {} : sent;
  return parseOrThrow(schema, arrayField && Array.isArray(value) ? { [arrayField]: value } : value);
}

/** A body or query validated with one of the manifest's schemas (typed by no TypeScript type): its fields. */
export function fieldsOf(input: unknown): Record<string, unknown> {
  if (isFields(input)) return input;
  throw new Error("A manifest schema answered something other than an object.");
}

/** A JSON object (not null, not an array). */
export function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
