// What the server relies on from the remote driver (@libsql/client over HTTP to the dev libSQL server), as
// the Worker meets it: here, that a batch insert's records carry the ids the rows were given.
import { afterAll, expect, it } from "vitest";
import type { Ctx } from "../src/domain/context.ts";
import { insertMany } from "../src/domain/store.ts";
import { closeDatabase, database, tenant } from "./support.ts";

afterAll(closeDatabase);

it("answers a batch insert's records with their rows' ids, across INSERT statements", async () => {
  const { companyId } = await tenant();
  const db = database();
  // Thirteen columns a variant: 1,000 rows take two statements, each record's id from its statement's
  // last insert rowid (the rows' event triggers insert elsewhere in the same statement).
  const rows = Array.from({ length: 1000 }, (_, n) => ({
    sku: `S${n}`,
    name: `Variant ${n}`,
    barcode: `B${n}`,
    price: 1,
    costPrice: 1,
    weight: n,
    tags: ["t"],
    productId: null,
    vendorId: null,
    dropshipProviderId: null,
  }));
  const now = new Date().toISOString();
  const records = await db.transaction((tx) =>
    insertMany({ db: tx, companyId, now: () => now } as Ctx, "variant", rows, ["sku", "weight"]),
  );
  const stored = await db.execute({
    sql: "SELECT id, sku FROM variants WHERE company_id = ? ORDER BY id",
    args: [companyId],
  });
  expect(records.map((record) => [record.id, record.sku])).toEqual(
    stored.rows.map((row) => [Number(row.id), row.sku]),
  );
  expect(records.map((record) => record.weight)).toEqual(rows.map((row) => row.weight));
  const events = await db.execute({
    sql: "SELECT count(*) AS n FROM events WHERE company_id = ? AND type = 'variant.created'",
    args: [companyId],
  });
  expect(Number(events.rows[0]!.n)).toBe(1000);
});
