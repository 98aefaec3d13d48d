import type { Db } from "./database.ts";

export interface Migration {
  /** File name, e.g. `0001_init.sql`; applied in name order. */
  readonly name: string;
  readonly sql: string;
  /**
   * The schema this migration and every one before it make, as its statements: a new database (none
   * applied yet) is made from it in one batch, in place of them one by one (`migrations/baseline.sql`).
   */
  readonly baseline?: string;
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
 * where a transaction would cost one per statement while holding the write lock). A new database is
 * made from the newest baseline instead, in one batch, and the migrations it stands for are recorded as
 * applied. Returns the names applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  await db.execute(
    "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
  );
  const applied = new Set(
    (await db.execute("SELECT name FROM _migrations")).rows.map((row) => String(row.name)),
  );
  const ordered = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  const base = applied.size ? -1 : ordered.findLastIndex((migration) => migration.baseline !== undefined);
  const steps = [
    ...(base < 0 ? [] : [{ sql: ordered[base]!.baseline!, names: ordered.slice(0, base + 1).map(nameOf) }]),
    ...ordered
      .slice(base + 1)
      .filter((migration) => !applied.has(migration.name))
      .map((migration) => ({ sql: migration.sql, names: [migration.name] })),
  ];
  const done: string[] = [];
  for (const { sql, names } of steps) {
    const at = new Date().toISOString();
    const statements = [
      ...statementsOf(sql),
      ...names.map((name) => ({
        sql: "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
        args: [name, at],
      })),
    ];
    await db.write((session) => session.apply(statements));
    done.push(...names);
  }
  return done;
}

const nameOf = (migration: Migration) => migration.name;

/**
 * The schema a database holds, as the statements that make it again: its tables, then indexes, then
 * triggers, each in the order it was made, as SQLite keeps them (what `migrations/baseline.sql` holds).
 */
export async function schemaStatements(db: Db): Promise<string[]> {
  const made = await db.execute(
    `SELECT sql FROM sqlite_master
     WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> '_migrations'
     ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid`,
  );
  return made.rows.map((row) => String(row.sql));
}
