// The size of a write's batch does not grow with an order's lines: lines are inserted set-at-a-time and
// their stock allocated in one statement, so a 50-line order is a batch of as many statements as a
// 2-line one (on the remote driver every statement is work the primary does under its write lock).
import { expect, it } from "vitest";
import type { Db, WriteSession } from "../../src/db/database.ts";
import { setupApp } from "../support.ts";

/** Counts the statements of the batches `db` applies (its `write`, wrapped in place). */
function countingBatches(db: Db): () => number {
  let statements = 0;
  const write = db.write.bind(db);
  db.write = (work) =>
    write((session: WriteSession) =>
      work({
        read: (reads) => session.read(reads),
        apply: (batch) => {
          statements += batch.length;
          return session.apply(batch);
        },
      }),
    );
  return () => {
    const n = statements;
    statements = 0;
    return n;
  };
}

it("plans a manual sale of 50 lines in as many statements as one of 2, with every line's stock allocated", async () => {
  const { db, tenant } = await setupApp({}, { checkResponses: false });
  const count = countingBatches(db);
  const t = await tenant();
  const warehouse = (await t.json("POST", "/warehouses.json", { name: "W", isDefault: true })).body;
  const channel = (await t.json("POST", "/channels.json", { name: "Store" })).body;
  const items = Array.from({ length: 50 }, (_, i) => ({ externalId: `line-${i}`, sku: `LINE-${i}` }));
  await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items });
  const order = (externalId: string, lines: number) => ({
    externalId,
    customer: { email: "buyer@example.com" },
    shippingAddress: { lineOne: "1 Main St", city: "Austin", country: "US" },
    items: Array.from({ length: lines }, (_, i) => ({
      sku: `LINE-${i % 25}`,
      quantity: 1 + (i % 3),
      price: 2.5,
    })),
  });

  // The first order makes the variants' stock levels (a row each); later ones find them.
  const first = await t.json("POST", `/channels/${channel.id}/manual-sale.json`, order("first", 50));
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  count();
  const small = await t.json("POST", `/channels/${channel.id}/manual-sale.json`, order("small", 2));
  expect(small.status, JSON.stringify(small.body)).toBe(200);
  const statements = count();
  const large = await t.json("POST", `/channels/${channel.id}/manual-sale.json`, order("large", 50));
  expect(large.status, JSON.stringify(large.body)).toBe(200);
  expect(count()).toBe(statements);

  // Two lines of one SKU allocate the sum of their quantities at its level.
  const expected = new Map<string, number>();
  for (const line of [...order("first", 50).items, ...order("small", 2).items, ...order("large", 50).items]) {
    expected.set(line.sku, (expected.get(line.sku) ?? 0) + line.quantity);
  }
  const variants = (await t.json("GET", "/variants.json?limit=100")).body as { id: number; sku: string }[];
  const levels = (await t.json("GET", `/inventory-levels.json?limit=100&where[warehouseId]=${warehouse.id}`))
    .body as { variantId: number; allocated: number }[];
  const bySku = new Map(
    levels.map((level) => [variants.find((v) => v.id === level.variantId)!.sku, level.allocated]),
  );
  expect(Object.fromEntries(bySku)).toEqual(Object.fromEntries(expected));
});
