/**
 * Deleting what is past its time in pieces: a statement deletes at most `PRUNE_BATCH` rows, so that a
 * backlog (a month of events of a busy server) never holds the write lock, and every company's writes
 * behind it, for seconds.
 */
import type { InStatement } from "@libsql/client";
import type { Db } from "./database.ts";

/** Rows one pruning statement deletes at most. */
export const PRUNE_BATCH = 5000;

/** Runs `statement`, a DELETE of at most `batch` rows, again until it deletes fewer; answers how many went. */
export async function pruneInBatches(db: Db, statement: InStatement, batch = PRUNE_BATCH): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowsAffected } = await db.execute(statement);
    deleted += rowsAffected;
    if (rowsAffected < batch) return deleted;
  }
}
