import type { Executor } from "./database.ts";

/**
 * The query planner's statistics (`sqlite_stat1`) on a remote database: `PRAGMA optimize` analyzes the
 * tables that were never analyzed or whose size moved much since (every table that may gain from it:
 * 0x10002), within the bound the database sets itself, and does nothing when none did. Run by
 * `db:migrate` and the Worker's hourly sweep. The write paths do not depend on them (their reads are
 * ordered so that the index that finds the rows is taken: `domain/store.ts`); lists and filters gain.
 * (The embedded driver's SQLite, 3.45, analyzes only tables analyzed before: it is not run there.)
 */
const OPTIMIZE = "PRAGMA optimize = 0x10002";

/**
 * Brings the planner's statistics up to date: one statement, on its own (inside a transaction `PRAGMA
 * optimize` does nothing), so one round trip.
 */
export async function refreshStatistics(db: Executor): Promise<void> {
  await db.execute(OPTIMIZE);
}
