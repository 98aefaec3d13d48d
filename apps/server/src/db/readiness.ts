import type { Executor } from "./database.ts";

export type Readiness = { ready: true } | { ready: false; reason: string; error?: string };

/**
 * Whether the database can serve this build: it answers, and every migration in `expected` (the
 * names this build ships) is applied; without `expected`, that it was migrated at all. A migration it
 * has that this build does not know (a newer build ran before) does not make it unready.
 */
export async function readiness(db: Executor, expected?: readonly string[]): Promise<Readiness> {
  let applied: Set<string>;
  try {
    const result = await db.execute("SELECT name FROM _migrations");
    applied = new Set(result.rows.map((row) => String(row.name)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/no such table/i.test(message)) {
      return { ready: false, reason: "The database has no migrations applied: run db:migrate." };
    }
    return { ready: false, reason: "The database does not answer.", error: message };
  }
  const missing = expected ? expected.filter((name) => !applied.has(name)) : [];
  if (missing.length) {
    return { ready: false, reason: `Migrations not applied: ${missing.join(", ")}; run db:migrate.` };
  }
  if (!applied.size)
    return { ready: false, reason: "The database has no migrations applied: run db:migrate." };
  return { ready: true };
}
