// Once a company has many variants, looking up an order's SKUs goes through the index on (company, SKU),
// not through every variant of the company: a write's reads are ordered so that no index is taken for
// their order (`domain/store.ts`), statistics or not; and a remote database gets the query planner's
// statistics from `refreshStatistics` (db:migrate, the Worker's hourly sweep).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type InValue } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { startLibsqlServer } from "../../../../tooling/libsql-server/src/server.ts";
import { type Db, remoteDb } from "../../src/db/database.ts";
import { migrate } from "../../src/db/migrate.ts";
import { loadMigrations } from "../../src/db/migration-files.ts";
import { nativeDb } from "../../src/db/native.ts";
import { sql } from "../../src/db/sql.ts";
import { refreshStatistics } from "../../src/db/statistics.ts";
import { many } from "../../src/domain/reads.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-statistics-"));
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

// An order's 50 SKUs, as manual-sale reads them (`many` by SKU), and the same read ordered by the bare
// column: with a few SKUs, or with statistics, the planner takes the (company, SKU) index either way.
const SKUS = Array.from({ length: 50 }, (_, i) => `SKU-${i * 7}`);
type Read = { sql: string; args: InValue[] };
const read: Read = many(
  "variant",
  sql`sku IN (${sql.join(SKUS.map((sku) => sql`${sku}`))})`,
).statement!.statementFor(1);
const byBareId: Read = { sql: read.sql.replace(/ORDER BY \+id$/, "ORDER BY id"), args: read.args };

/** How the planner reads `statement`. */
async function planOf(db: Db, statement: Read): Promise<string> {
  const plan = await db.execute({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.args });
  return plan.rows.map((row) => String(row.detail)).join(" | ");
}

const BY_SKU = "variants_unique_sku (company_id=? AND sku=?)";
const ALL_OF_THE_COMPANY = "variants_company_id (company_id=?)";

/** Adds `count` variants to company 1, in one batch. */
async function addVariants(db: Db, from: number, count: number): Promise<void> {
  const now = "2026-01-01T00:00:00.000Z";
  await db.write((session) =>
    session.apply([
      {
        sql: `INSERT INTO variants (company_id, created_at, updated_at, sku) SELECT 1, ?, ?, 'SKU-' || value FROM generate_series(?, ?)`,
        args: [now, now, from, from + count - 1],
      },
    ]),
  );
}

/** A migrated database whose company has 3,000 variants, and no statistics yet. */
async function grown(db: Db): Promise<void> {
  await migrate(db, loadMigrations());
  await db.execute("INSERT INTO companies (id, name, created_at) VALUES (1, 'many', '2026-01-01')");
  await addVariants(db, 1, 3000);
}

describe("a write's reads of a few records among many", () => {
  it("go through the index that finds them, statistics or not", async () => {
    const db = nativeDb(join(dir, "reads.db"));
    closers.push(() => db.close());
    await grown(db);
    expect(await planOf(db, read)).toContain(BY_SKU);
    // Ordered by the bare column, the same read walks the company's variants to skip a sort of 50 rows.
    expect(await planOf(db, byBareId)).toContain(ALL_OF_THE_COMPANY);
  });
});

describe("an order's customer", () => {
  it("is found by e-mail, whatever its case, through its index, not among all the company's customers", async () => {
    const db = nativeDb(join(dir, "customers.db"));
    closers.push(() => db.close());
    await migrate(db, loadMigrations());
    const byEmail: Read = many("customer", sql`lower(email) = lower(${"Ana@Example.com"})`, {
      limit: 1,
    }).statement!.statementFor(1);
    expect(await planOf(db, byEmail)).toContain("customers_email_caseless (company_id=? AND <expr>=?)");
  });
});

describe("the planner's statistics on a remote database", () => {
  it("a remote database gets them from refreshStatistics (db:migrate, the Worker's hourly sweep)", async () => {
    const server = await startLibsqlServer({ file: join(dir, "remote.db"), port: 0 });
    const client = createClient({ url: server.url });
    closers.push(
      () => server.close(),
      () => client.close(),
    );
    const db = remoteDb(client);
    await grown(db);
    expect(await planOf(db, byBareId)).toContain(ALL_OF_THE_COMPANY);
    await refreshStatistics(db);
    expect(await planOf(db, byBareId)).toContain(BY_SKU);
  });
});
