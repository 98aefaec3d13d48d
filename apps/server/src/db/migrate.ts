import type { Db } from "./database.ts";

export interface Migration {
  /** File name, e.g. `0001_init.sql`; applied in name order. */
  readonly name: string;
  readonly sql: string;
}

/** Splits a generated migration into statements (they end with `;` at the end of a line). */
export function statementsOf(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);
}

/**
 * Applies the migrations not yet applied, each as one atomic batch (a remote database: one round trip,
 * where a transaction would cost one per statement while holding the write lock). Returns the names
 * applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  await db.execute(
    "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
  );
  const applied = new Set(
    (await db.execute("SELECT name FROM _migrations")).rows.map((row) => String(row.name)),
  );
  const done: string[] = [];
  for (const migration of [...migrations].sort((a, b) => a.name.localeCompare(b.name))) {
    if (applied.has(migration.name)) continue;
    const statements = [
      ...statementsOf(migration.sql),
      {
        sql: "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
        args: [migration.name, new Date().toISOString()],
      },
    ];
    await db.write((session) => session.apply(statements));
    done.push(migration.name);
  }
  return done;
}
