// Taking a goods receipt back takes off only what it put on: a line that moved nothing moves nothing
// when it is deleted, whatever warehouse its purchase names since, and a purchase line keeps the
// variant its goods arrived as, so a receipt's units come back off the variant that received them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate.ts";
import { loadMigrations } from "../../src/db/migration-files.ts";
import { openDb } from "../../src/db/open.ts";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

const dir = mkdtempSync(join(tmpdir(), "mcs-receipt-undo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every stock level of the company that is not 0, as `variant@warehouse: onHand`. */
async function levels(t: Tenant): Promise<string[]> {
  const all = await list(t, "inventory-levels");
  return all
    .filter((level) => level.onHand !== 0)
    .map((level) => `${level.variantId}@${level.warehouseId}: ${level.onHand}`)
    .sort();
}

/** A warehouse, two variants, and a purchase (into `warehouseId`, or nowhere) of 5 of the first. */
async function ordered(t: Tenant, into: "warehouse" | "nowhere") {
  const warehouse = await create(t, "warehouses", { name: "Main", country: "US" });
  const x = await create(t, "variants", { sku: "X-1", name: "Blue cap", price: 5 });
  const y = await create(t, "variants", { sku: "Y-1", name: "Red cap", price: 5 });
  const purchase = await create(
    t,
    "purchases",
    into === "warehouse" ? { warehouseId: warehouse.id, purchaseType: "replenishment" } : {},
  );
  const item = await create(t, "purchase-items", {
    purchaseId: purchase.id,
    variantId: x.id,
    sku: x.sku,
    quantity: 5,
    price: 1,
  });
  return { warehouse, x, y, purchase, item };
}

/** A goods receipt of `item`'s purchase with one line of `quantity` units of it. */
async function receive(t: Tenant, item: Rec, quantity = 5) {
  const receipt = await create(t, "goods-receipts", { purchaseId: item.purchaseId });
  const line = await create(t, "goods-receipt-items", {
    goodsReceiptId: receipt.id,
    purchaseItemId: item.id,
    quantity,
  });
  return { receipt, line };
}

const giveWarehouse = (t: Tenant, purchaseId: number, warehouseId: number) =>
  expectStatus(t.json("PUT", `/purchases/${purchaseId}.json`, { warehouseId }), 200);

describe("a receipt line that moved nothing takes nothing back", () => {
  it("deleting the line after its purchase got a warehouse leaves every level as it was", async () => {
    const t = await setup.tenant();
    const { warehouse, purchase, item } = await ordered(t, "nowhere");
    const { line } = await receive(t, item);
    expect(line.warehouseId).toBeNull();
    expect(await levels(t)).toEqual([]);

    await giveWarehouse(t, purchase.id, warehouse.id);
    expect((await t.json("DELETE", `/goods-receipt-items/${line.id}.json`)).status).toBe(204);
    expect(await levels(t)).toEqual([]);
    expect(await list(t, "adjustments")).toEqual([]);
  });

  it("deleting the receipt after its purchase got a warehouse leaves every level as it was", async () => {
    const t = await setup.tenant();
    const { warehouse, purchase, item } = await ordered(t, "nowhere");
    const { receipt } = await receive(t, item);
    await giveWarehouse(t, purchase.id, warehouse.id);
    expect((await t.json("DELETE", `/goods-receipts/${receipt.id}.json`)).status).toBe(204);
    expect(await levels(t)).toEqual([]);
  });

  it("editing the line once its purchase has a warehouse puts its units there, and deleting it takes them back", async () => {
    const t = await setup.tenant();
    const { warehouse, x, purchase, item } = await ordered(t, "nowhere");
    const { line } = await receive(t, item);
    await giveWarehouse(t, purchase.id, warehouse.id);
    const edited = await expectStatus(
      t.json("PUT", `/goods-receipt-items/${line.id}.json`, { quantity: 4 }),
      200,
    );
    expect(edited).toMatchObject({ quantity: 4, warehouseId: warehouse.id });
    expect(await levels(t)).toEqual([`${x.id}@${warehouse.id}: 4`]);
    expect((await t.json("DELETE", `/goods-receipt-items/${line.id}.json`)).status).toBe(204);
    expect(await levels(t)).toEqual([]);
  });
});

describe("a purchase line keeps the variant its goods arrived as", () => {
  it("changing the variant of a line with goods received is a 409 naming variantId, and changes nothing", async () => {
    const t = await setup.tenant();
    const { warehouse, x, y, item } = await ordered(t, "warehouse");
    const { receipt, line } = await receive(t, item);
    expect(await levels(t)).toEqual([`${x.id}@${warehouse.id}: 5`]);

    const refused = await t.json("PUT", `/purchase-items/${item.id}.json`, { variantId: y.id, sku: y.sku });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      type: "urn:multichannel:problem:conflict",
      rule: "history is kept",
    });
    expect(refused.body.detail).toContain(`goods receipt item ${line.id}`);
    expect(refused.body.detail).toContain(`variantId cannot change from variant ${x.id} to variant ${y.id}`);
    expect(await read(t, "purchase-items", item.id)).toMatchObject({ variantId: x.id, sku: x.sku });
    expect(await levels(t)).toEqual([`${x.id}@${warehouse.id}: 5`]);

    // The receipt comes back off the variant that arrived.
    expect((await t.json("DELETE", `/goods-receipts/${receipt.id}.json`)).status).toBe(204);
    expect(await levels(t)).toEqual([]);
  });

  it("a line that records no stock moved is held to its variant too", async () => {
    const t = await setup.tenant();
    const { y, item } = await ordered(t, "warehouse");
    const receipt = await create(t, "goods-receipts", { purchaseId: item.purchaseId });
    await create(t, "goods-receipt-items", {
      goodsReceiptId: receipt.id,
      purchaseItemId: item.id,
      quantity: 5,
      skipInventoryChange: true,
    });
    const refused = await t.json("PUT", `/purchase-items/${item.id}.json`, { variantId: y.id });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("variantId");
  });

  it("the same variant sent again, other fields, and a line without receipts change as before", async () => {
    const t = await setup.tenant();
    const { warehouse, x, y, purchase, item } = await ordered(t, "warehouse");
    const { line } = await receive(t, item);
    const same = await expectStatus(
      t.json("PUT", `/purchase-items/${item.id}.json`, { variantId: x.id, quantity: 6 }),
      200,
    );
    expect(same).toMatchObject({ variantId: x.id, quantity: 6 });

    const fresh = await create(t, "purchase-items", {
      purchaseId: purchase.id,
      variantId: x.id,
      sku: x.sku,
      quantity: 2,
      price: 1,
    });
    const moved = await expectStatus(
      t.json("PUT", `/purchase-items/${fresh.id}.json`, { variantId: y.id, sku: y.sku }),
      200,
    );
    expect(moved.variantId).toBe(y.id);

    // Once its receipt lines are gone (their units with them), the received line may change variant.
    expect((await t.json("DELETE", `/goods-receipt-items/${line.id}.json`)).status).toBe(204);
    await expectStatus(t.json("PUT", `/purchase-items/${item.id}.json`, { variantId: y.id }), 200);
    expect(await levels(t)).toEqual([]);
    const again = await receive(t, { ...item, variantId: y.id }, 3);
    expect(again.line.warehouseId).toBe(warehouse.id);
    expect(await levels(t)).toEqual([`${y.id}@${warehouse.id}: 3`]);
  });
});

it("0039 gives the receipt lines stored before it their purchase's warehouse where they moved stock, with no events", async () => {
  const db = await openDb(`file:${join(dir, "receipt-lines.db")}`);
  const migrations = loadMigrations();
  await migrate(
    db,
    migrations.filter((migration) => migration.name < "0039"),
  );
  const now = "2026-01-02T03:04:05.000Z";
  const insert = (table: string, values: Record<string, unknown>) => {
    const all = { company_id: 1, created_at: now, updated_at: now, ...values };
    const columns = Object.keys(all);
    return db.execute({
      sql: `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      args: Object.values(all) as (string | number | null)[],
    });
  };
  await db.execute({ sql: "INSERT INTO companies (id, name, created_at) VALUES (1, 'A', ?)", args: [now] });
  await insert("purchases", { id: 1, warehouse_id: 7 });
  await insert("purchases", { id: 2, warehouse_id: null });
  await insert("purchase_items", { id: 11, purchase_id: 1, variant_id: 3, quantity: 5 });
  await insert("purchase_items", { id: 12, purchase_id: 1, variant_id: null, quantity: 5 });
  await insert("purchase_items", { id: 21, purchase_id: 2, variant_id: 3, quantity: 5 });
  await insert("goods_receipts", { id: 1, purchase_id: 1 });
  await insert("goods_receipts", { id: 2, purchase_id: 2 });
  const lines: [number, Record<string, unknown>][] = [
    [101, { goods_receipt_id: 1, purchase_item_id: 11, quantity: 5 }], // moved into the purchase's warehouse
    [102, { goods_receipt_id: 1, purchase_item_id: 11, quantity: 5, warehouse_id: 9 }], // recorded its own
    [103, { goods_receipt_id: 1, purchase_item_id: 11, quantity: 5, skip_inventory_change: 1 }],
    [104, { goods_receipt_id: 1, purchase_item_id: 12, quantity: 5 }], // a purchase line without a variant
    [105, { goods_receipt_id: 1, purchase_item_id: 11, quantity: 0 }],
    [106, { goods_receipt_id: 1, purchase_item_id: null, quantity: 5 }],
    [201, { goods_receipt_id: 2, purchase_item_id: 21, quantity: 5 }], // a purchase without a warehouse
  ];
  for (const [id, values] of lines) await insert("goods_receipt_items", { id, ...values });
  const events = async () => Number((await db.execute("SELECT count(*) AS n FROM events")).rows[0]!.n);
  const before = await events();

  expect(await migrate(db, migrations)).toContain("0039_receipt_line_warehouses.sql");
  const stored = await db.execute("SELECT id, warehouse_id, updated_at FROM goods_receipt_items ORDER BY id");
  expect(stored.rows.map((row) => [row.id, row.warehouse_id, row.updated_at])).toEqual([
    [101, 7, now],
    [102, 9, now],
    [103, null, now],
    [104, null, now],
    [105, null, now],
    [106, null, now],
    [201, null, now],
  ]);
  expect(await events()).toBe(before);
  // The line's update trigger is there again: a later change of a line is an event.
  await db.execute("UPDATE goods_receipt_items SET quantity = 6 WHERE id = 101");
  expect(await events()).toBe(before + 1);
  db.close();
});
