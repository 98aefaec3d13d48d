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
  rawCode?: unknown;
}

const isCoded = (error: unknown): error is CodedError =>
  error instanceof Error && typeof (error as { code?: unknown }).code === "string";

// SQLite's primary result codes by number (sqlite3.h); an extended code keeps its primary one in the low byte.
const PRIMARY_CODE_NAMES = [
  "SQLITE_OK",
  "SQLITE_ERROR",
  "SQLITE_INTERNAL",
  "SQLITE_PERM",
  "SQLITE_ABORT",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_NOMEM",
  "SQLITE_READONLY",
  "SQLITE_INTERRUPT",
  "SQLITE_IOERR",
  "SQLITE_CORRUPT",
  "SQLITE_NOTFOUND",
  "SQLITE_FULL",
  "SQLITE_CANTOPEN",
  "SQLITE_PROTOCOL",
  "SQLITE_EMPTY",
  "SQLITE_SCHEMA",
  "SQLITE_TOOBIG",
  "SQLITE_CONSTRAINT",
  "SQLITE_MISMATCH",
  "SQLITE_MISUSE",
  "SQLITE_NOLFS",
  "SQLITE_AUTH",
  "SQLITE_FORMAT",
  "SQLITE_RANGE",
  "SQLITE_NOTADB",
  "SQLITE_NOTICE",
  "SQLITE_WARNING",
];

/** `SQLITE_CONSTRAINT_UNIQUE` (2067) → `SQLITE_CONSTRAINT`; a primary name is returned as it is. */
export function primaryCodeName(code: string, rawCode: unknown): string {
  if (typeof rawCode === "number" && Number.isInteger(rawCode)) {
    const name = PRIMARY_CODE_NAMES[rawCode & 0xff];
    if (name !== undefined) return name;
  }
  // Without the number: the primary name the extended one starts with (`SQLITE_IOERR_READ` → `SQLITE_IOERR`).
  const primary = PRIMARY_CODE_NAMES.find((name) => code === name || code.startsWith(`${name}_`));
  return primary ?? code;
}

/**
 * Sends SQLite failures as sqld does: the primary code's name (`SQLITE_CONSTRAINT`, not libsql's
 * `SQLITE_CONSTRAINT_UNIQUE`), which `@libsql/client` passes on as the error's `code`; which constraint
 * failed is in the message (`SQLite error: UNIQUE constraint failed: t.name`).
 */
export function toWireError(error: unknown): WireError {
  if (error instanceof StmtError) return { message: error.message, code: error.code };
  if (isCoded(error) && error.code.startsWith("SQLITE_")) {
    return { message: `SQLite error: ${error.message}`, code: primaryCodeName(error.code, error.rawCode) };
  }
  return { message: error instanceof Error ? error.message : String(error), code: "INTERNAL_ERROR" };
}

/** Another connection holds the lock; "statements in progress" is also SQLITE_BUSY but waiting cannot fix it. */
export const isBusy = (error: unknown): boolean =>
  isCoded(error) && error.code === "SQLITE_BUSY" && !error.message.includes("statements in progress");
