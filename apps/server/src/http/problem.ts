import { getConfig, getLogger } from "@logtape/logtape";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";

import { ApiError, isApiError, PROBLEM_STATUS, type ProblemCode } from "../errors.ts";
import { noteAnswerBody } from "./observe.ts";

const log = getLogger(["multichannel", "http"]);

export function problemResponse(c: Context, error: ApiError): Response {
  const body = {
    type: `urn:multichannel:problem:${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    requestId: c.get("requestId"),
    ...error.extras,
  };
  const text = JSON.stringify(body);
  noteAnswerBody(c, text);
  return new Response(text, {
    status: error.status,
    headers: {
      "Content-Type": "application/problem+json",
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

/** The one error handler: our errors, framework HTTP errors, and anything else as a bare 500. */
export function onError(error: unknown, c: Context): Response {
  if (isApiError(error)) return problemResponse(c, error);
  if (error instanceof HTTPException) {
    const code = HTTP_CODES[error.status] ?? "bad_request";
    return problemResponse(c, new ApiError(code, error.message || PROBLEM_STATUS[code][1]));
  }
  if (clientWentAway(c, error)) {
    // Not the server's failure, and nobody is left to answer: logged as a 499 by the access log.
    log.debug("The client went away before its answer was ready: {message}", {
      requestId: c.get("requestId"),
      message: error instanceof Error ? error.message : String(error),
    });
    noteAnswerBody(c, null);
    return new Response(null, { status: 499, headers: c.get("answerHeaders") });
  }
  log.error("Unexpected error: {message}", {
    requestId: c.get("requestId"),
    message: error instanceof Error ? error.message : String(error),
    error,
  });
  // Where no logging is configured (the app in a test, embedded elsewhere), an unexpected error is
  // still said somewhere.
  if (getConfig() === null) console.error(`[${c.get("requestId")}]`, error);
  return problemResponse(
    c,
    new ApiError("internal", "Something went wrong; quote the request id when reporting it."),
  );
}

/**
 * Whether an error comes from the client going away mid-request (its body cut off, the connection
 * reset): the runtime aborts the request's signal, or the body stream fails with the socket's error.
 */
function clientWentAway(c: Context, error: unknown): boolean {
  if (c.req.raw.signal.aborted) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || (error as Error)?.name === "AbortError"
  );
}
