// What the server relies on from the remote driver (@libsql/client over HTTP to the dev libSQL server), as
// the Worker meets it: here, that a plan's multi-row insert resolves its records to the ids the rows were given.
import { afterAll, expect, it } from "vitest";
import { WritePlan } from "../src/domain/write-plan.ts";
import { closeDatabase, database, tenant } from "./support.ts";

afterAll(closeDatabase);

it("resolves a plan's multi-row insert to its rows' ids, across INSERT statements", async () => {
  const { companyId } = await tenant();
  const db = database();
  // Thirteen columns a variant: 1,000 rows take two statements, each record's id from its statement's
  // rows (consecutive, the last the table's largest; their event triggers insert elsewhere).
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
  const plan = new WritePlan(companyId, new Date().toISOString());
  const planned = plan.insertMany("variant", rows);
  const records = (await db.write((session) => plan.apply(session))).resolve(planned);
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
