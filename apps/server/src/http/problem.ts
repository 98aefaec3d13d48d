import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";

import { ApiError, codeOf, isApiError, PROBLEM_STATUS, type ProblemCode, propertyOf } from "../errors.ts";
import type { AppLog } from "./log.ts";
import { NO_SNIFF } from "./middleware.ts";
import { noteAnswerBody, requestIdOf } from "./observe.ts";

/**
 * The problem document of `error`, as JSON text. `status`: another status of the same type, where the
 * runtime answers one of its own (431 for headers past Node's limit is a `bad_request`).
 */
export function problemJson(error: ApiError, requestId: string | undefined, status = error.status): string {
  return JSON.stringify({
    type: `urn:multichannel:problem:${error.code}`,
    title: error.title,
    status,
    detail: error.detail,
    requestId,
    ...error.extras,
  });
}

export function problemResponse(c: Context, error: ApiError): Response {
  const text = problemJson(error, requestIdOf(c));
  noteAnswerBody(c, text);
  return new Response(text, {
    status: error.status,
    headers: {
      "Content-Type": "application/problem+json",
      // Also on a problem answered before the request was stamped (a path outside the mount point).
      ...NO_SNIFF,
      ...c.get("answerHeaders"), // the request id, and the rate limit's headers when one applies
      ...error.headers,
    },
  });
}

const HTTP_CODES: Record<number, ProblemCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
};

/**
 * The one error handler: our errors, framework HTTP errors, and anything else as a bare 500, logged to
 * `log` with the request id and the error (its stack). A client that went away is no error: a 499.
 */
export function errorHandler(log: AppLog): (error: unknown, c: Context) => Response {
  return (error, c) => {
    if (isApiError(error)) return problemResponse(c, error);
    if (error instanceof HTTPException) {
      const code = HTTP_CODES[error.status] ?? "bad_request";
      return problemResponse(c, new ApiError(code, error.message || PROBLEM_STATUS[code][1]));
    }
    const message = error instanceof Error ? error.message : String(error);
    if (clientWentAway(c, error)) {
      // Not the server's failure, and nobody is left to answer: the access log has it as a 499.
      log.debug("The client went away before its answer was ready: {message}", {
        requestId: requestIdOf(c),
        message,
      });
      noteAnswerBody(c, null);
      return new Response(null, { status: 499, headers: c.get("answerHeaders") });
    }
    log.error("Unexpected error: {message}", { requestId: requestIdOf(c), message, error });
    return problemResponse(c, new ApiError("internal", UNEXPECTED));
  };
}

/** The detail of a 500: what went wrong is in the log, under the request id. */
export const UNEXPECTED = "Something went wrong; quote the request id when reporting it.";

/**
 * Whether an error comes from the client going away mid-request (its body cut off, the connection
 * reset): the runtime aborts the request's signal, or the body stream fails with the socket's error.
 */
function clientWentAway(c: Context, error: unknown): boolean {
  if (c.req.raw.signal.aborted) return true;
  const code = codeOf(error);
  return (
    code === "ECONNRESET" ||
    code === "ERR_STREAM_PREMATURE_CLOSE" ||
    propertyOf(error, "name") === "AbortError"
  );
}
