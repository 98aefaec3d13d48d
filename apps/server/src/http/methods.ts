import type { Hono } from "hono";
import { ApiError } from "../errors.ts";
import type { AppEnv } from "./env.ts";
import type { Guard } from "./middleware.ts";

/** The 405 of a path that takes only the `allowed` methods, which its `Allow` names. */
export function notAllowed(
  allowed: readonly string[],
  detail = `Use ${allowed.join(", ")} on this path.`,
): ApiError {
  return new ApiError("method_not_allowed", detail, {}, { Allow: allowed.join(", ") });
}

/**
 * Answers every method but `allowed` on `path` with a 405 and `Allow`. Registered after the path's own
 * routes, which answer their methods first (and HEAD as their GET). `admitted`: for a path behind the
 * token, the request is admitted first (a 401 without a token), as on the kinds' paths.
 */
export function refuseOtherMethods(
  app: Hono<AppEnv>,
  path: string,
  allowed: readonly string[],
  admitted?: Guard["read"],
): void {
  const refuse = () => {
    throw notAllowed(allowed);
  };
  app.all(path, admitted ? admitted(refuse) : refuse);
}
