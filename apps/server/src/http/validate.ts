import type { Context } from "hono";
import * as v from "valibot";
import { ApiError, type FieldError, fieldErrors } from "../errors.ts";
import type { AppEnv } from "./env.ts";

/** Parses `value` with `schema` or throws the 422 that names every failing field. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError("validation_failed", "The body must be a JSON object.", {
      errors: [{ path: "(body)", message: "must be a JSON object" }],
    });
  }
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
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
