import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";

import { ApiError, isApiError, PROBLEM_STATUS, type ProblemCode } from "../errors.ts";

export function problemResponse(c: Context, error: ApiError): Response {
  const body = {
    type: `urn:multichannel:problem:${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    requestId: c.get("requestId"),
    ...error.extras,
  };
  return new Response(JSON.stringify(body), {
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
  console.error(`[${c.get("requestId")}]`, error);
  return problemResponse(
    c,
    new ApiError("internal", "Something went wrong; quote the request id when reporting it."),
  );
}
