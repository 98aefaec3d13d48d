// Exports in workerd: a stock export of several slices of rows is written out a slice at a time, between
// turns of the event loop, and stored in the bucket; its file is the table written out at once, and a
// data export built in the background (the queue consumer, or the cron sweep) is too.
import { afterAll, expect, it } from "vitest";
import { csvText } from "../src/domain/csv-text.ts";
import { ROWS_PER_SLICE } from "../src/services/actions/exports.ts";
import { closeDatabase, database, tenant } from "./support.ts";

afterAll(closeDatabase);

const VARIANTS = 2 * ROWS_PER_SLICE + 7;
const HEADERS = ["sku", "name", "onHand", "allocated", "available"];

/** Adds `count` variants straight in SQL, their names with what a CSV file quotes or escapes. */
async function manyVariants(companyId: number, count: number): Promise<unknown[][]> {
  await database().execute({
    sql: `INSERT INTO variants (company_id, created_at, updated_at, sku, name)
          WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ?)
          SELECT ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'SKU-' || n,
            CASE n % 3 WHEN 0 THEN 'Shirt, "blue" ' || n WHEN 1 THEN '=1+' || n ELSE 'Hat ' || n END
          FROM r`,
    args: [count, companyId],
  });
  const read = await database().execute({
    sql: "SELECT sku, name FROM variants WHERE company_id = ? ORDER BY sku",
    args: [companyId],
  });
  return read.rows.map((row) => [row.sku, row.name, 0, 0, 0]);
}

it("writes out a stock export of several slices, and a data export in the background, as the table written at once", async () => {
  const t = await tenant();
  const rows = await manyVariants(t.companyId, VARIANTS);

  const definition = await t.json("POST", "/inventory-exports.json", { name: "Everything", format: "csv" });
  const exported = await t.json("GET", `/inventory-exports/${definition.body.id}/export.json`);
  expect(exported.status, JSON.stringify(exported.body)).toBe(200);
  expect(exported.body).toMatchObject({ status: "complete", rowCount: VARIANTS });
  const csv = await t.request("GET", exported.body.url);
  expect(csv.status).toBe(200);
  const text = await csv.text();
  expect(text).toBe(csvText([HEADERS, ...rows]));
  expect(exported.body.byteSize).toBe(new TextEncoder().encode(text).byteLength);

  const created = await t.json("POST", "/data-exports.json", { format: "json" });
  expect(created.status).toBe(200);
  // A busy machine may need a retry (a queue redelivery, or the cron sweep).
  const deadline = Date.now() + 75_000;
  let built = created.body;
  while (built.status === "pending" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    built = (await t.json("GET", `/data-exports/${created.body.id}.json`)).body;
  }
  expect(built).toMatchObject({ status: "complete", rowCount: VARIANTS });
  const json = await t.request("GET", built.url);
  const objects = rows.map((row) => Object.fromEntries(HEADERS.map((header, i) => [header, row[i]])));
  expect(await json.text()).toBe(JSON.stringify(objects));
}, 180_000);
