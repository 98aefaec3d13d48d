/**
 * Guards of an optimistic write's batch. A write reads without holding the write lock, plans from what
 * it read, and sends its writes as one batch; guards in that batch abort it (rolling it back whole) when
 * what the plan relied on no longer holds, and the write is planned again from a fresh read.
 *
 * A guard is an INSERT into `write_guards` that adds a row only when its condition fails, and the
 * table's CHECK refuses every row: SQLite has no statement that raises an error by itself outside a
 * trigger, and this one fails with a message nothing else produces.
 */
import type { InStatement } from "@libsql/client";
import { ApiError } from "../errors.ts";
import { BatchError, type Db, type WriteSession } from "./database.ts";
import { type Sql, sql } from "./sql.ts";

const FAILED = "CHECK constraint failed: write_guard";

/** Aborts its batch unless `condition` (an SQL expression, a fragment of `sql.ts`) holds. */
export function guardOf(condition: Sql): Sql {
  return sql`INSERT INTO write_guards (failed) SELECT 1 WHERE NOT (${condition})`;
}

/**
 * Aborts its batch unless the statement just before it changed exactly `rows` rows. The count is bound,
 * so that one text serves every count (the embedded database prepares and keeps one statement a text).
 */
export function changed(rows: number): InStatement {
  return { sql: "INSERT INTO write_guards (failed) SELECT 1 WHERE changes() <> ?", args: [Math.trunc(rows)] };
}

/** The index of the guard that aborted a batch, or undefined when the batch failed otherwise. */
export function failedGuard(error: unknown): number | undefined {
  return error instanceof BatchError && error.message.includes(FAILED) ? error.statementIndex : undefined;
}

/** Thrown by an attempt whose batch found its reads changed: `optimistically` runs it again. */
export class StaleRead extends Error {
  constructor(
    /** The guard that found it, where one did. */
    readonly guardIndex?: number,
  ) {
    super("What this write read changed before its batch ran.");
    this.name = "StaleRead";
  }
}

/** Attempts of one write before it is answered 409: each is a read and a batch. */
export const WRITE_ATTEMPTS = 5;

/**
 * Runs an optimistic write (`Db.write`), again from its reads while it throws `StaleRead` (`whileStale`).
 * On the embedded database nothing writes between an attempt's reads and its batch, so an attempt is
 * never stale there.
 */
export function optimistically<T>(db: Db, attempt: (session: WriteSession) => Promise<T>): Promise<T> {
  return whileStale(() => db.write(attempt));
}

/**
 * Runs `attempt` (a write's reads, plan and batch) again while it throws `StaleRead` (after a few random
 * milliseconds), at most `WRITE_ATTEMPTS` times; then a 409 with `Retry-After`.
 */
export function whileStale<T>(attempt: () => Promise<T>): Promise<T> {
  // The first attempt is made at once; only a stale one goes on to `again`.
  return attempt().catch((error: unknown) => again(attempt, error, 1));
}

/** After attempt `tries` threw `error`: the next attempt when it was stale and attempts are left. */
async function again<T>(attempt: () => Promise<T>, error: unknown, tries: number): Promise<T> {
  if (!(error instanceof StaleRead)) throw error;
  if (tries >= WRITE_ATTEMPTS) {
    throw new ApiError(
      "conflict",
      "The records this request relies on kept changing while it ran; retry it.",
      {},
      { "Retry-After": "1" },
    );
  }
  // A short random pause, longer with each attempt: writers that keep meeting stop meeting in step.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * tries));
  return attempt().catch((next: unknown) => again(attempt, next, tries + 1));
}
