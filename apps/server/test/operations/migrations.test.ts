// Migrations that change what a column holds, run against a database holding data from before them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { desiredSchema } from "../../src/db/ddl.ts";
import { type Migration, migrate } from "../../src/db/migrate.ts";
import { loadMigrations } from "../../src/db/migration-files.ts";
import { openDb } from "../../src/db/open.ts";
import { keyringOf } from "../../src/domain/secrets.ts";
import { recordByHash } from "../../src/services/inbound.ts";
import { openSecret, sealStoredSecrets } from "../../src/services/secrets.ts";

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

it("0014 takes stored credentials out of records and events, and the start seals them", async () => {
  const db = await openDb(`file:${join(dir, "secrets.db")}`);
  const migrations = loadMigrations();
  await migrate(
    db,
    migrations.filter((migration) => migration.name < "0014"),
  );
  const now = "2026-01-02T03:04:05.000Z";
  await db.execute({ sql: "INSERT INTO companies (id, name, created_at) VALUES (1, 'A', ?)", args: [now] });
  await db.execute({ sql: "INSERT INTO companies (id, name, created_at) VALUES (2, 'B', ?)", args: [now] });
  await db.execute({
    sql: "INSERT INTO platform_a_stores (company_id, created_at, updated_at, shop, access_token, client_secret) VALUES (1, ?, ?, 'shop', 'plain-access-token-1234', 'abc')",
    args: [now, now],
  });
  await db.execute({
    sql: "UPDATE platform_a_stores SET access_token = 'plain-access-token-5678' WHERE id = 1",
  });
  // Two companies chose the same hash, a third record its own.
  for (const [company, hash] of [
    [1, "shared-hash"],
    [2, "shared-hash"],
    [2, "own-hash-of-company-two"],
  ] as const) {
    await db.execute({
      sql: "INSERT INTO custom_channels (company_id, created_at, updated_at, name, webhook_hash) VALUES (?, ?, ?, 'C', ?)",
      args: [company, now, now, hash],
    });
  }
  const events = Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n);

  expect(await migrate(db, migrations)).toContain("0014_secrets.sql");
  const store = (await db.execute("SELECT access_token, client_secret FROM platform_a_stores")).rows[0]!;
  expect([store.access_token, store.client_secret]).toEqual(["…5678", "…"]);
  const dump = JSON.stringify((await db.execute("SELECT object, previous FROM events")).rows);
  expect(dump).not.toContain("plain-access-token");
  expect(dump).not.toContain("own-hash");
  expect(dump).toContain("…1234");
  expect(Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n)).toBe(events);

  const keyring = await keyringOf(crypto.getRandomValues(new Uint8Array(32)));
  expect(await sealStoredSecrets(db, keyring)).toEqual({ sealed: 5, unopened: 0 });
  expect(await sealStoredSecrets(db, keyring)).toEqual({ sealed: 0, unopened: 0 });
  const sealed = JSON.stringify((await db.execute("SELECT sealed FROM sealed_values")).rows);
  expect(sealed).not.toContain("plain");
  expect(
    await openSecret(db, keyring, {
      companyId: 1,
      kind: "platform-a-store",
      recordId: 1,
      field: "accessToken",
    }),
  ).toBe("plain-access-token-5678");
  // The hash a company chose alone still names its channel; the shared one names neither.
  expect(await recordByHash(db, "custom-channel", "own-hash-of-company-two", now)).toMatchObject({
    companyId: 2,
  });
  expect(await recordByHash(db, "custom-channel", "shared-hash", now)).toBeUndefined();
  db.close();
});

it("0019 takes a dropship provider's commission rate endpoint hash out of the record, and the start seals it", async () => {
  const db = await openDb(`file:${join(dir, "commission.db")}`);
  const migrations = loadMigrations();
  await migrate(
    db,
    migrations.filter((migration) => migration.name < "0019"),
  );
  const now = "2026-01-02T03:04:05.000Z";
  const hash = "commission-hash-0123456789-HASH";
  await db.execute({ sql: "INSERT INTO companies (id, name, created_at) VALUES (1, 'A', ?)", args: [now] });
  await db.execute({
    sql: "INSERT INTO dropship_providers (company_id, created_at, updated_at, name, commission_rate_endpoint_hash) VALUES (1, ?, ?, 'P', ?)",
    args: [now, now, hash],
  });
  const events = Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n);

  expect(await migrate(db, migrations)).toContain("0019_commission_hash_sealed.sql");
  const row = (await db.execute("SELECT commission_rate_endpoint_hash AS hash FROM dropship_providers"))
    .rows[0]!;
  expect(row.hash).toBe("…HASH");
  expect(Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n)).toBe(events);
  const keyring = await keyringOf(crypto.getRandomValues(new Uint8Array(32)));
  expect((await sealStoredSecrets(db, keyring)).sealed).toBe(1);
  const stored = await db.execute(
    "SELECT sealed FROM sealed_values WHERE field = 'commissionRateEndpointHash'",
  );
  expect(JSON.stringify(stored.rows)).not.toContain(hash);
  expect(
    await openSecret(db, keyring, {
      companyId: 1,
      kind: "dropship-provider",
      recordId: 1,
      field: "commissionRateEndpointHash",
    }),
  ).toBe(hash);
  db.close();
});

it("0031 keeps every row and id, and gives no deleted record's id again", async () => {
  const db = await openDb(`file:${join(dir, "ids.db")}`);
  const migrations = loadMigrations();
  await migrate(
    db,
    migrations.filter((migration) => migration.name < "0031"),
  );
  const now = "2026-01-02T03:04:05.000Z";
  await db.execute({ sql: "INSERT INTO companies (id, name, created_at) VALUES (1, 'A', ?)", args: [now] });
  for (const name of ["one", "two", "three", "four"]) {
    await db.execute({
      sql: "INSERT INTO customers (company_id, created_at, updated_at, name) VALUES (1, ?, ?, ?)",
      args: [now, now, name],
    });
  }
  await db.execute("DELETE FROM customers WHERE id = 2");
  await db.execute({
    sql: "INSERT INTO purchases (company_id, created_at, updated_at, invalid_billing_address, tags) VALUES (1, ?, ?, 'true', '[\"a\"]')",
    args: [now, now],
  });
  const dump = async (table: string) =>
    JSON.stringify((await db.execute(`SELECT * FROM ${table} ORDER BY id`)).rows);
  const before = [await dump("customers"), await dump("purchases"), await dump("events")];

  expect(await migrate(db, migrations)).toContain("0031_ids_never_reused.sql");
  expect([await dump("customers"), await dump("purchases"), await dump("events")]).toEqual(before);
  // A column the manifest no longer has (its values moved elsewhere by 0023) stays, as migrations keep them.
  const deliveries = await db.execute("SELECT name FROM pragma_table_info('webhook_deliveries')");
  expect(deliveries.rows.map((row) => row.name)).toContain("notification_id");

  // The newest customer deleted, the next one has an id of its own; its triggers write events again.
  const events = Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n);
  await db.execute("DELETE FROM customers WHERE id = 4");
  await db.execute({
    sql: "INSERT INTO customers (company_id, created_at, updated_at, name) VALUES (1, ?, ?, 'five')",
    args: [now, now],
  });
  expect((await db.execute("SELECT max(id) AS id FROM customers")).rows[0]!.id).toBe(5);
  expect(Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n)).toBe(events + 2);
  expect((await db.execute("PRAGMA integrity_check")).rows[0]!.integrity_check).toBe("ok");
  db.close();
});

it("makes every table, index and trigger the manifest asks for, each id that can be deleted never given again", async () => {
  const db = await openDb(`file:${join(dir, "schema.db")}`);
  await migrate(db, loadMigrations());
  const stored = (await db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master")).rows;
  const named = (type: string) => new Set(stored.filter((row) => row.type === type).map((row) => row.name));
  const [tablesMade, indexesMade, triggersMade] = [named("table"), named("index"), named("trigger")];
  for (const [table, { columns, indexes, triggers }] of Object.entries(desiredSchema().tables)) {
    expect(tablesMade.has(table), table).toBe(true);
    const made = await db.execute(`SELECT name FROM pragma_table_info('${table}')`);
    const columnsMade = new Set(made.rows.map((row) => row.name));
    for (const column of Object.keys(columns))
      expect(columnsMade.has(column), `${table}.${column}`).toBe(true);
    for (const index of Object.keys(indexes)) expect(indexesMade.has(index), index).toBe(true);
    for (const trigger of Object.keys(triggers ?? {})) expect(triggersMade.has(trigger), trigger).toBe(true);
    const sql = String(stored.find((row) => row.type === "table" && row.name === table)!.sql);
    expect(/\bAUTOINCREMENT\b/.test(sql), table).toBe(columns.id?.endsWith("AUTOINCREMENT") ?? false);
  }
  db.close();
});

it("makes a new database from the baseline in one batch, the same as the migrations make it one by one", async () => {
  const migrations = loadMigrations();
  expect(migrations.at(-1)!.baseline, "the baseline stands for the newest migration").toBeDefined();
  const made = async (file: string, from: readonly Migration[]) => {
    const db = await openDb(`file:${join(dir, file)}`);
    const applied = await migrate(db, from);
    const schema = await db.execute(
      "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name",
    );
    const recorded = await db.execute("SELECT name FROM _migrations ORDER BY name");
    const integrity = (await db.execute("PRAGMA integrity_check")).rows[0]!.integrity_check;
    db.close();
    return { applied, schema: schema.rows, recorded: recorded.rows.map((row) => row.name), integrity };
  };
  const fromBaseline = await made("baseline.db", migrations);
  const oneByOne = await made(
    "one-by-one.db",
    migrations.map(({ name, sql }) => ({ name, sql })),
  );
  expect(fromBaseline).toEqual(oneByOne);
  expect(fromBaseline.applied).toEqual(migrations.map((migration) => migration.name));
  expect(fromBaseline.integrity).toBe("ok");
});

it("0033 gives the sales made before it their dateOrdered, the reference's name of orderedAt, with no events", async () => {
  const db = await openDb(`file:${join(dir, "date-ordered.db")}`);
  const migrations = loadMigrations();
  await migrate(
    db,
    migrations.filter((migration) => migration.name < "0033"),
  );
  const now = "2026-01-02T03:04:05.000Z";
  await db.execute({ sql: "INSERT INTO companies (id, name, created_at) VALUES (1, 'A', ?)", args: [now] });
  for (const orderedAt of ["2025-12-24T08:00:00.000Z", null]) {
    await db.execute({
      sql: "INSERT INTO sales (company_id, created_at, updated_at, ordered_at) VALUES (1, ?, ?, ?)",
      args: [now, now, orderedAt],
    });
  }
  const events = Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n);
  expect(await migrate(db, migrations)).toContain("0033_sale_date_ordered.sql");
  const sales = await db.execute("SELECT ordered_at, date_ordered, updated_at FROM sales ORDER BY id");
  expect(sales.rows.map((row) => [row.ordered_at, row.date_ordered, row.updated_at])).toEqual([
    ["2025-12-24T08:00:00.000Z", "2025-12-24T08:00:00.000Z", now],
    [null, null, now],
  ]);
  expect(Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n)).toBe(events);
  db.close();
});
