import type { WireError } from "./protocol.ts";

/** A request failed for a reason the client can act on; reported in that request's result, not as HTTP. */
export class StmtError extends Error {
  override name = "StmtError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface CodedError {
  message: string;
  code: string;
}

const isCoded = (error: unknown): error is CodedError =>
  error instanceof Error && typeof (error as { code?: unknown }).code === "string";

/**
 * libsql's SqliteError carries the extended code name (`SQLITE_CONSTRAINT_UNIQUE`), which we pass on;
 * sqld itself sends only the primary code (`SQLITE_CONSTRAINT`).
 */
export function toWireError(error: unknown): WireError {
  if (error instanceof StmtError) return { message: error.message, code: error.code };
  if (isCoded(error) && error.code.startsWith("SQLITE_")) {
    return { message: `SQLite error: ${error.message}`, code: error.code };
  }
  return { message: error instanceof Error ? error.message : String(error), code: "INTERNAL_ERROR" };
}

/** Another connection holds the lock; "statements in progress" is also SQLITE_BUSY but waiting cannot fix it. */
export const isBusy = (error: unknown): boolean =>
  isCoded(error) && error.code === "SQLITE_BUSY" && !error.message.includes("statements in progress");
