// Migrations that change what a column holds, run against a database holding data from before them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { openDb } from "../src/db/open.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("keeps purchases' flags and payments' transfers as the reference types them, with no events", async () => {
  const db = await openDb(`file:${join(dir, "types.db")}`);
  const migrations = loadMigrations();
  await migrate(
    db,
    migrations.filter((migration) => migration.name < "0008"),
  );
  const now = "2026-01-02T03:04:05.000Z";
  await db.execute({ sql: "INSERT INTO companies (id, name, created_at) VALUES (1, 'A', ?)", args: [now] });
  const flags: [number | null, number | null][] = [
    [1, 1],
    [0, 0],
    [null, null],
  ];
  for (const [pause, invalid] of flags) {
    await db.execute({
      sql: "INSERT INTO purchases (company_id, created_at, updated_at, pause_problems, invalid_billing_address) VALUES (1, ?, ?, ?, ?)",
      args: [now, now, pause, invalid],
    });
  }
  await db.execute({
    sql: "INSERT INTO purchase_invoice_payments (company_id, created_at, updated_at, purchase_id, transfer_id) VALUES (1, ?, ?, 1, 42)",
    args: [now, now],
  });
  const events = Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n);

  expect(await migrate(db, migrations)).toContain("0008_reference_types.sql");
  const purchases = await db.execute(
    "SELECT pause_problems, invalid_billing_address FROM purchases ORDER BY id",
  );
  expect(purchases.rows.map((row) => [row.pause_problems, row.invalid_billing_address])).toEqual([
    ["true", "true"],
    ["false", null],
    [null, null],
  ]);
  const payment = await db.execute(
    "SELECT transfer_id, typeof(transfer_id) AS type FROM purchase_invoice_payments",
  );
  expect([payment.rows[0]!.transfer_id, payment.rows[0]!.type]).toEqual(["42", "text"]);
  expect(Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n)).toBe(events);
  const types = await db.execute(
    "SELECT name, type FROM pragma_table_info('purchases') WHERE name IN ('pause_problems', 'invalid_billing_address')",
  );
  expect(types.rows.map((row) => row.type)).toEqual(["TEXT", "TEXT"]);

  // The tables' event triggers are back: a change is an event again.
  await db.execute('UPDATE purchases SET pause_problems = \'{"why":"x"}\' WHERE id = 1');
  expect(Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n)).toBe(events + 1);
  db.close();
});
