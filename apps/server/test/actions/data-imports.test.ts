import { createServer } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/db/database.ts";
import { ApiError } from "../../src/errors.ts";
import { stockTake } from "../../src/services/imports/stock-imports.ts";
import { serveLocally } from "../local-server.ts";
import { startReceiver } from "../receiver.ts";
import { setupApp, type Tenant } from "../support.ts";
import { get, list, make } from "./channels-fixtures.ts";
import {
  importDispatcher,
  onHand,
  runImport,
  startCuttingFileServer,
  startFileServer,
  storeFile,
} from "./data-imports-fixtures.ts";
import { sentWorld } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;

beforeAll(async () => {
  setup = await setupApp();
  drain = importDispatcher(setup).drain;
});

async function stockWorld(t: Tenant) {
  const main = await make(t, "warehouses", { name: "Main", isDefault: true });
  const annex = await make(t, "warehouses", { name: "Annex" });
  const shirt = await make(t, "variants", { sku: "SHIRT-1", name: "Shirt", costPrice: 4 });
  const socks = await make(t, "variants", { sku: "SOCKS-2", name: "Socks" });
  await make(t, "adjustments", { variantId: shirt.id, warehouseId: main.id, quantity: 5 });
  return { main, annex, shirt, socks };
}

describe("stock_take", () => {
  it("sets on hand per row, records an adjustment per changed level, and reports the failed rows", async () => {
    const t = await setup.tenant();
    const { main, annex, shirt, socks } = await stockWorld(t);
    const fileUri = await storeFile(
      setup.db,
      t,
      "count.csv",
      "SKU,Qty,Warehouse Name\r\nSHIRT-1,12,\r\nSOCKS-2,7,annex\r\nNOPE-9,3,\r\nSHIRT-1,abc,Main\r\n",
    );
    const done = await runImport(t, drain, { importType: "stock_take", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 1, updated: 1, skipped: 0, errors: 2 });
    expect(done.errorMessages).toEqual([
      'Row 4: unknown SKU "NOPE-9"',
      'Row 5: Qty "abc" is not a count (a whole number, 0 or more)',
    ]);
    expect(done.startedAt).toBeTruthy();
    expect(done.completedAt).toBeTruthy();
    expect(await onHand(t, shirt.id, main.id)).toBe(12);
    expect(await onHand(t, socks.id, annex.id)).toBe(7);
    const adjustments = await list(t, "adjustments", { dataImportId: done.id });
    expect(adjustments.map((a: any) => [a.variantId, a.quantity, a.quantityBefore, a.quantityAfter])).toEqual(
      expect.arrayContaining([
        [shirt.id, 7, 5, 12],
        [socks.id, 7, 0, 7],
      ]),
    );
    // The failed rows as read, with why, in a file of the company's.
    const errors = await t.request("GET", done.errorUri);
    expect(errors.status).toBe(200);
    expect(await errors.text()).toBe(
      'SKU,Qty,Warehouse Name,error\r\nNOPE-9,3,,"unknown SKU ""NOPE-9"""\r\nSHIRT-1,abc,Main,"Qty ""abc"" is not a count (a whole number, 0 or more)"\r\n',
    );
    const events = await t.json("GET", "/events.json?where[type]=data_import.completed");
    expect(events.body.map((e: any) => e.data.object.id)).toContain(done.id);
  });

  it("reads a row short of cells as one with empty cells at its end, and quotes a failed row's line breaks in its file", async () => {
    const t = await setup.tenant();
    const { main, shirt, socks } = await stockWorld(t);
    const fileUri = await storeFile(
      setup.db,
      t,
      "count.csv",
      'sku,quantity,warehouse,notes\nSHIRT-1,20\nNOPE-9,1,Main,"two\nlines"\nSOCKS-2,4,Main\n',
    );
    const done = await runImport(t, drain, { importType: "stock_take", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 1, updated: 1, errors: 1 });
    expect(done.errorMessages).toEqual(['Row 3: unknown SKU "NOPE-9"']);
    expect(await onHand(t, shirt.id, main.id)).toBe(20);
    expect(await onHand(t, socks.id, main.id)).toBe(4);
    const errors = await t.request("GET", done.errorUri);
    expect(await errors.text()).toBe(
      'sku,quantity,warehouse,notes,error\r\nNOPE-9,1,Main,"two\nlines","unknown SKU ""NOPE-9"""\r\n',
    );
  });

  it("fails a row whose count is negative, leaving on hand as it was", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    const fileUri = await storeFile(setup.db, t, "count.csv", "sku,quantity\nSHIRT-1,-3\n");
    const done = await runImport(t, drain, { importType: "stock_take", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 0, updated: 0, errors: 1 });
    expect(done.errorMessages).toEqual(['Row 2: quantity "-3" is not a count (a whole number, 0 or more)']);
    expect(await onHand(t, shirt.id, main.id)).toBe(5);
  });

  it("imported again, changes nothing twice: every row is skipped", async () => {
    const t = await setup.tenant();
    const { shirt, main } = await stockWorld(t);
    const fileUri = await storeFile(setup.db, t, "count.csv", "sku,quantity\nSHIRT-1,9\n");
    const first = await runImport(t, drain, { importType: "stock_take", fileUri });
    expect(first).toMatchObject({ status: "complete", updated: 1 });
    const second = await runImport(t, drain, { importType: "stock_take", fileUri });
    expect(second).toMatchObject({ status: "complete", added: 0, updated: 0, skipped: 1, errors: 0 });
    expect(second.skippedUri).toBeTruthy();
    expect(await onHand(t, shirt.id, main.id)).toBe(9);
    expect(await list(t, "adjustments", { dataImportId: second.id })).toEqual([]);
  });

  it("reads a file from an https URL (a 127.0.0.1 receiver here) in many batches", async () => {
    const t = await setup.tenant();
    const main = await make(t, "warehouses", { name: "Main", isDefault: true });
    const skus = Array.from({ length: 1200 }, (_, i) => `BULK-${i}`);
    for (let i = 0; i < skus.length; i += 200) {
      // Variants made directly: 1,200 requests would be the slow part of this test.
      await Promise.all(skus.slice(i, i + 200).map((sku) => make(t, "variants", { sku })));
    }
    const server = await startFileServer({
      "/stock.csv": () => `sku,quantity\n${skus.map((sku, i) => `${sku},${i}`).join("\n")}\n`,
    });
    const done = await runImport(t, drain, { importType: "stock_take", fileUri: `${server.url}/stock.csv` });
    // BULK-0's count is 0, as its missing level says already.
    expect(done).toMatchObject({ status: "complete", added: 1199, skipped: 1, errors: 0 });
    const last = (await list(t, "variants", { sku: "BULK-1199" }))[0];
    expect(await onHand(t, last.id, main.id)).toBe(1199);
  });
});

describe("the import's end, delivered", () => {
  it("sends data_import.completed and data_import.failed to an endpoint subscribed to them", async () => {
    const local = await setupApp({ outbound: { allowLocal: true } });
    const t = await local.tenant();
    await stockWorld(t);
    const receiver = await startReceiver();
    const hook = await t.json("POST", "/webhook-endpoints.json", {
      url: `${receiver.url}/hook`,
      events: ["data_import.completed", "data_import.failed"],
    });
    expect(hook.status).toBe(200);
    const { drain: localDrain } = importDispatcher(local);
    const good = await storeFile(local.db, t, "count.csv", "sku,quantity\nSHIRT-1,8\n");
    const done = await runImport(t, localDrain, { importType: "stock_take", fileUri: good });
    const bad = await runImport(t, localDrain, {
      importType: "stock_take",
      fileUri: "/files/999999/none.csv",
    });
    await localDrain();
    const delivered = receiver.received.map((request) => JSON.parse(request.body));
    expect(
      delivered.map((event: any) => [event.type, event.data.object.id, event.data.object.status]),
    ).toEqual([
      ["data_import.completed", done.id, "complete"],
      ["data_import.failed", bad.id, "error"],
    ]);
  });
});

describe("adjustment_import", () => {
  it("changes on hand by each row's amount with its reason, and the same file is not applied twice", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    const damaged = await make(t, "adjustment-reasons", { name: "Damaged", code: "damaged" });
    const fileUri = await storeFile(
      setup.db,
      t,
      "moves.csv",
      "sku,quantity,reason,notes\nSHIRT-1,-2,damaged,torn\nSHIRT-1,4,,\nSHIRT-1,1,Lost in space,\n",
    );
    const done = await runImport(t, drain, { importType: "adjustment_import", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 2, errors: 1 });
    expect(done.errorMessages).toEqual(['Row 4: unknown adjustment reason "Lost in space"']);
    expect(await onHand(t, shirt.id, main.id)).toBe(7);
    const made = await list(t, "adjustments", { dataImportId: done.id });
    expect(made.find((a: any) => a.quantity === -2)).toMatchObject({
      adjustmentReasonId: damaged.id,
      notes: "torn",
      quantityBefore: 5,
      quantityAfter: 3,
    });
    // The file of failed rows, fixed, imports again: its formula-safe cells read as their values.
    const failedRows = await (await t.request("GET", done.errorUri)).text();
    expect(failedRows).toBe(
      'sku,quantity,reason,notes,error\r\nSHIRT-1,1,Lost in space,,"unknown adjustment reason ""Lost in space"""\r\n',
    );
    const fixed = await storeFile(setup.db, t, "fixed.csv", "sku,quantity,reason\nSHIRT-1,'-1,Damaged\n");
    expect(await runImport(t, drain, { importType: "adjustment_import", fileUri: fixed })).toMatchObject({
      added: 1,
      errors: 0,
    });
    expect(await onHand(t, shirt.id, main.id)).toBe(6);
    const again = await runImport(t, drain, { importType: "adjustment_import", fileUri });
    expect(again.status).toBe("skipped");
    expect(again.statusMessage).toContain(`data import ${done.id}`);
    expect(await onHand(t, shirt.id, main.id)).toBe(6);
  });

  it("imports again a file whose earlier import ended error, failing it again for its own reason", async () => {
    const t = await setup.tenant();
    await stockWorld(t);
    const fileUri = await storeFile(setup.db, t, "moves.csv", "sku,howmany\nSHIRT-1,2\n");
    const first = await runImport(t, drain, { importType: "adjustment_import", fileUri });
    expect(first.status).toBe("error");
    const second = await runImport(t, drain, { importType: "adjustment_import", fileUri });
    expect(second.status).toBe("error");
    expect(second.statusMessage).toMatch(
      /lacks the column `quantity` that an adjustment_import import needs/,
    );
  });

  it("keeps what a run applied: its type, file and target cannot change once it has run (409)", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    const moves = await storeFile(setup.db, t, "moves.csv", "sku,quantity\nSHIRT-1,2\n");
    const other = await storeFile(setup.db, t, "other.csv", "sku,quantity\nSHIRT-1,1\n");
    // Pending, not yet run: still the client's to change.
    const pending = await make(t, "data-imports", { importType: "stock_take", fileUri: other });
    const retargeted = await t.json("PUT", `/data-imports/${pending.id}.json`, {
      importType: "adjustment_import",
      fileUri: moves,
    });
    expect(retargeted.status).toBe(200);
    await drain();
    const done = await get(t, "data-imports", pending.id);
    expect(done).toMatchObject({ status: "complete", importType: "adjustment_import", added: 1 });
    expect(await onHand(t, shirt.id, main.id)).toBe(7);

    for (const [change, changed] of [
      [{ fileUri: other }, "fileUri says"],
      [{ importType: "stock_take" }, "importType says"],
      [{ fileUri: moves, importType: "cost_prices" }, "importType says"],
      [{ fileUri: other, importType: "cost_prices" }, "importType, fileUri say"],
    ] as const) {
      const refused = await t.json("PUT", `/data-imports/${done.id}.json`, change);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        `Data import ${done.id} has run: its ${changed} what it applied and cannot change. Create another import instead.`,
      );
    }
    // Its notes are still the client's; the record says what it applied.
    expect((await t.json("PUT", `/data-imports/${done.id}.json`, { adminNotes: "checked" })).status).toBe(
      200,
    );
    expect(await get(t, "data-imports", done.id)).toMatchObject({
      importType: "adjustment_import",
      fileUri: moves,
      adminNotes: "checked",
    });
    // So the same file is still known as imported: not applied twice.
    const again = await runImport(t, drain, { importType: "adjustment_import", fileUri: moves });
    expect(again.status).toBe("skipped");
    expect(await onHand(t, shirt.id, main.id)).toBe(7);
  });

  it("refuses a status sent other than the one it has (409 naming it): only its run moves it", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    const fileUri = await storeFile(setup.db, t, "count.csv", "sku,quantity\nSHIRT-1,3\n");
    const pending = await make(t, "data-imports", { importType: "stock_take", fileUri });
    const refused = await t.json("PUT", `/data-imports/${pending.id}.json`, { status: "complete" });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ field: "status", value: "pending", state: "pending" });
    expect(refused.body.detail).toMatch(
      /^The status of data-import \d+ is "pending", derived from the import's run/,
    );
    // Sent as read, it is no request: the other fields sent change.
    const noted = await t.json("PUT", `/data-imports/${pending.id}.json`, {
      ...pending,
      adminNotes: "counted",
    });
    expect(noted.status).toBe(200);
    expect(noted.body).toMatchObject({ status: "pending", adminNotes: "counted" });
    await drain();
    const done = await get(t, "data-imports", pending.id);
    expect(done).toMatchObject({ status: "complete", updated: 1 });
    expect(await onHand(t, shirt.id, main.id)).toBe(3);
    for (const status of ["pending", "started", "error"]) {
      const back = await t.json("PUT", `/data-imports/${done.id}.json`, { status, read: true });
      expect(back.status).toBe(409);
      expect(back.body).toMatchObject({ field: "status", value: "complete" });
    }
    expect(await get(t, "data-imports", done.id)).toMatchObject({ status: "complete", read: false });
  });

  it("fails a row whose notes an adjustment could not hold (over 2,000 characters), as the API does", async () => {
    const t = await setup.tenant();
    const { main, shirt, socks } = await stockWorld(t);
    const long = "y".repeat(2_001);
    const refusedByApi = await t.json("POST", "/adjustments.json", {
      variantId: shirt.id,
      warehouseId: main.id,
      quantity: 1,
      notes: long,
    });
    expect(refusedByApi.status).toBe(422);
    const why = `notes "${"y".repeat(200)}…" must be at most 2000 characters`;

    const count = await storeFile(
      setup.db,
      t,
      "count.csv",
      `sku,quantity,notes\nSHIRT-1,9,${long}\nSOCKS-2,3,ok\n`,
    );
    const taken = await runImport(t, drain, { importType: "stock_take", fileUri: count });
    expect(taken).toMatchObject({ status: "complete", added: 1, updated: 0, errors: 1 });
    expect(taken.errorMessages).toEqual([`Row 2: ${why}`]);

    const moves = await storeFile(
      setup.db,
      t,
      "moves.csv",
      `sku,quantity,notes\nSHIRT-1,2,${long}\nSHIRT-1,1,ok\n`,
    );
    const moved = await runImport(t, drain, { importType: "adjustment_import", fileUri: moves });
    expect(moved).toMatchObject({ status: "complete", added: 1, errors: 1 });
    expect(moved.errorMessages).toEqual([`Row 2: ${why}`]);

    // The long rows changed nothing; the others did, with their notes.
    expect(await onHand(t, shirt.id, main.id)).toBe(6);
    expect(await onHand(t, socks.id, main.id)).toBe(3);
    const made = await list(t, "adjustments", { variantId: shirt.id });
    expect(made.every((a: any) => (a.notes ?? "").length <= 2_000)).toBe(true);
  });
});

describe("cost_prices", () => {
  it("sets each variant's cost price; one already at it is skipped", async () => {
    const t = await setup.tenant();
    const { shirt, socks } = await stockWorld(t);
    const fileUri = await storeFile(
      setup.db,
      t,
      "costs.csv",
      "Variant SKU;Cost Price\nSHIRT-1;4\nSOCKS-2;1.25\n",
    );
    const done = await runImport(t, drain, { importType: "cost_prices", fileUri });
    expect(done).toMatchObject({ status: "complete", updated: 1, skipped: 1, errors: 0 });
    expect((await get(t, "variants", socks.id)).costPrice).toBe(1.25);
    expect((await get(t, "variants", shirt.id)).costPrice).toBe(4);
  });
});

describe("tracking_import", () => {
  it("ships each purchase named as the ship action does; a refused row fails alone; again, ships nothing twice", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await t.json("PUT", `/purchases/${w.purchase.id}.json`, { reference: "PO-7" });
    const unsent = await make(t, "purchases", { dropshipProviderId: w.provider.id });
    const fileUri = await storeFile(
      setup.db,
      t,
      "tracking.csv",
      `PO Number,Tracking No,Carrier,Service\nPO-7,1Z999,UPS,Ground\nPO-404,1Z000,,\n${unsent.id},1Z111,,\n`,
    );
    const done = await runImport(t, drain, { importType: "tracking_import", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 1, errors: 2 });
    expect(done.errorMessages[0]).toBe('Row 3: unknown purchase "PO-404"');
    expect(done.errorMessages[1]).toMatch(/^Row 4: purchase [0-9]+ is pending; it ships from /);
    const [dropshipment] = await list(t, "dropshipments", { purchaseId: w.purchase.id });
    expect(dropshipment).toMatchObject({ trackingNumber: "1Z999", carrier: "UPS", service: "Ground" });
    const purchase = await get(t, "purchases", w.purchase.id);
    const items = await list(t, "purchase-items", { purchaseId: w.purchase.id });
    expect(items.every((item: any) => item.quantityShipped === item.quantity)).toBe(true);
    expect(purchase.status).not.toBe((await get(t, "purchases", unsent.id)).status);
    const shipped = await t.json("GET", "/events.json?where[type]=purchase.shipped");
    expect(shipped.body).toHaveLength(1);
    const again = await runImport(t, drain, { importType: "tracking_import", fileUri });
    expect(again).toMatchObject({ status: "complete", added: 0, skipped: 1, errors: 2 });
    expect(await list(t, "dropshipments", { purchaseId: w.purchase.id })).toHaveLength(1);
  });
});

describe("sales", () => {
  it("imports one order per order id as the manual sale action does, logs a sale import, and updates it when imported again", async () => {
    const t = await setup.tenant();
    const channel = await make(t, "channels", { name: "Web Store" });
    await make(t, "warehouses", { name: "Main", isDefault: true });
    await make(t, "variants", { sku: "MUG-1", name: "Mug", price: 12 });
    await make(t, "variants", { sku: "CAP-1", name: "Cap", price: 8 });
    const header =
      "Order,Channel,Email,First Name,Last Name,SKU,Qty,Price,Name,Line One,Line Two,City,State,Zip,Country,Phone";
    const fileUri = await storeFile(
      setup.db,
      t,
      "sales.csv",
      [
        header,
        "W-1,web store,ada@example.com,Ada,Buyer,MUG-1,2,12.00,,1 Main St,,Springfield,IL,62701,US,",
        "W-1,web store,ada@example.com,Ada,Buyer,CAP-1,1,8,,1 Main St,,Springfield,IL,62701,US,",
        `W-2,${channel.id},bo@example.com,Bo,Lee,NOPE-1,1,5,,2 Side St,,Salem,OR,97301,US,`,
        "W-3,Mars Store,cy@example.com,Cy,Dee,MUG-1,1,12,,3 Road,,Austin,TX,73301,US,",
        "",
      ].join("\n"),
    );
    const done = await runImport(t, drain, { importType: "sales", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 2, errors: 2 });
    expect(done.errorMessages[0]).toBe(
      "Row 4: Some items name a sku that is not in the catalogue. items.0.sku names no variant (sku NOPE-1).",
    );
    expect(done.errorMessages[1]).toBe('Row 5: unknown channel "Mars Store"');
    const [sale] = await list(t, "sales", { externalId: "W-1" });
    expect(sale).toMatchObject({
      channelId: channel.id,
      shippingName: "Ada Buyer",
      shippingCity: "Springfield",
    });
    const items = await list(t, "sale-items", { saleId: sale.id });
    expect(items.map((item: any) => [item.sku, item.quantity, item.price])).toEqual([
      ["MUG-1", 2, 12],
      ["CAP-1", 1, 8],
    ]);
    expect(await list(t, "sale-imports", { channelId: channel.id })).toHaveLength(1);
    const again = await runImport(t, drain, { importType: "sales", fileUri });
    expect(again).toMatchObject({ status: "complete", added: 0, updated: 2, errors: 2 });
    expect(await list(t, "sales", { externalId: "W-1" })).toHaveLength(1);
    expect(await list(t, "sale-items", { saleId: sale.id })).toHaveLength(2);
  });
});

describe("inventory_feed and inventory_feed_prices", () => {
  it("upserts the feed's items by external id as its parse webhook does; prices change only items there", async () => {
    const t = await setup.tenant();
    const feed = await make(t, "inventory-feeds", { name: "Vendor feed", automaticallyConnect: true });
    const catalogue = await make(t, "variants", { sku: "MUG-1", name: "Mug" });
    const items = await storeFile(
      setup.db,
      t,
      "feed.csv",
      "External ID,Vendor SKU,Qty,Title,Price\nF1,MUG-1,12,Mug,9.50\nF2,CAP-1,3,Cap,4\nF3,,1,No sku,1\nF1,MUG-1,13,Mug,9.50\n",
    );
    const done = await runImport(t, drain, {
      importType: "inventory_feed",
      inventoryFeedId: feed.id,
      fileUri: items,
    });
    expect(done).toMatchObject({ status: "complete", added: 2, errors: 2 });
    expect(done.errorMessages).toEqual([
      "Row 4: Vendor SKU is required for a new item",
      "Row 5: external id F1 is also row 2",
    ]);
    const [f1] = await list(t, "inventory-feed-variants", { inventoryFeedId: feed.id, externalId: "F1" });
    expect(f1).toMatchObject({ sku: "MUG-1", quantity: 12, price: 9.5, variantId: catalogue.id });
    const again = await runImport(t, drain, {
      importType: "inventory_feed",
      inventoryFeedId: feed.id,
      fileUri: items,
    });
    expect(again).toMatchObject({ status: "complete", added: 0, updated: 0, skipped: 2, errors: 2 });

    const prices = await storeFile(setup.db, t, "prices.csv", "external_id,price,cost\nF2,5.25,2\nF9,1,1\n");
    const priced = await runImport(t, drain, {
      importType: "inventory_feed_prices",
      inventoryFeedId: feed.id,
      fileUri: prices,
    });
    expect(priced).toMatchObject({ status: "complete", updated: 1, errors: 1 });
    expect(priced.errorMessages).toEqual([`Row 3: no item with external id F9 in inventory feed ${feed.id}`]);
    const [f2] = await list(t, "inventory-feed-variants", { inventoryFeedId: feed.id, externalId: "F2" });
    expect(f2).toMatchObject({ price: 5.25, costPrice: 2, quantity: 3 });
  });

  it("adds the feed's mapping rules; a rule it has already is skipped", async () => {
    const t = await setup.tenant();
    const feed = await make(t, "inventory-feeds", { name: "Vendor feed" });
    const fileUri = await storeFile(
      setup.db,
      t,
      "rules.csv",
      "field,match_type,transform_from,transform_to,transform_type\noptionValue,matches,XL | X-Large,Extra large,none\noptionName,sometimes,Colour,Color,\n",
    );
    const done = await runImport(t, drain, {
      importType: "inventory_feed_mapping",
      inventoryFeedId: feed.id,
      fileUri,
    });
    expect(done).toMatchObject({ status: "complete", added: 1, errors: 1 });
    expect(done.errorMessages[0]).toMatch(/^Row 3: match_type "sometimes" must be /);
    const rules = await list(t, "inventory-feed-mappings", { inventoryFeedId: feed.id });
    expect(rules).toEqual([
      expect.objectContaining({
        field: "optionValue",
        matchType: "matches",
        transformFrom: ["XL", "X-Large"],
        transformTo: "Extra large",
      }),
    ]);
    const again = await runImport(t, drain, {
      importType: "inventory_feed_mapping",
      inventoryFeedId: feed.id,
      fileUri,
    });
    expect(again).toMatchObject({ added: 0, skipped: 1, errors: 1 });
  });

  it("names a row's failed cell by the column as the file's header writes it", async () => {
    const t = await setup.tenant();
    const feed = await make(t, "inventory-feeds", { name: "Vendor feed" });
    const fileUri = await storeFile(
      setup.db,
      t,
      "feed.csv",
      `Item ID,Vendor SKU,On Hand\nG1,SKU-1,2.5\nG2,${"S".repeat(101)},1\nG3,,1\nG4,SKU-4,4\n`,
    );
    const done = await runImport(t, drain, {
      importType: "inventory_feed",
      inventoryFeedId: feed.id,
      fileUri,
    });
    expect(done).toMatchObject({ status: "complete", added: 1, errors: 3 });
    expect(done.errorMessages).toEqual([
      'Row 2: On Hand "2.5" is not a whole number',
      `Row 3: Vendor SKU "${"S".repeat(101)}" must be at most 100 characters`,
      "Row 4: Vendor SKU is required for a new item",
    ]);
  });

  it("ends error when the import names no feed", async () => {
    const t = await setup.tenant();
    const fileUri = await storeFile(setup.db, t, "feed.csv", "external_id,sku\nF1,A\n");
    const done = await runImport(t, drain, { importType: "inventory_feed", fileUri });
    expect(done.status).toBe("error");
    expect(done.statusMessage).toBe(
      "An inventory_feed import needs the inventory feed it imports into (inventoryFeedId).",
    );
    const prices = await runImport(t, drain, { importType: "inventory_feed_prices", fileUri });
    expect(prices.statusMessage).toBe(
      "An inventory_feed_prices import needs the inventory feed it imports into (inventoryFeedId).",
    );
  });
});

describe("dropship_providers", () => {
  it("creates providers by name with their signing secret, updates those known, skips those as they are", async () => {
    const t = await setup.tenant();
    const known = await make(t, "dropship-providers", { name: "Acme Supply", email: "old@acme.example" });
    const fileUri = await storeFile(
      setup.db,
      t,
      "providers.csv",
      "Provider Name,E-mail,City,Country\nacme supply,orders@acme.example,Reno,us\nBolt Parts,bolt@parts.example,Austin,US\nBad Co,not-an-email,,\n",
    );
    const done = await runImport(t, drain, { importType: "dropship_providers", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 1, updated: 1, errors: 1 });
    expect(done.errorMessages[0]).toMatch(/^Row 4: email /);
    expect(await get(t, "dropship-providers", known.id)).toMatchObject({
      email: "orders@acme.example",
      city: "Reno",
      country: "US",
    });
    const [bolt] = await list(t, "dropship-providers", { name: "Bolt Parts" });
    expect(bolt).toMatchObject({ email: "bolt@parts.example", country: "US" });
    expect(bolt.signingSecret).toMatch(/^…/);
    const again = await runImport(t, drain, { importType: "dropship_providers", fileUri });
    expect(again).toMatchObject({ added: 0, updated: 0, skipped: 2, errors: 1 });
  });
});

describe("bad input", () => {
  async function failedWith(t: Tenant, body: Record<string, unknown>, message: RegExp) {
    const before = await list(t, "adjustments");
    const done = await runImport(t, drain, body);
    expect(done.status).toBe("error");
    expect(done.statusMessage).toMatch(message);
    expect(await list(t, "adjustments")).toEqual(before);
    const events = await t.json("GET", "/events.json?where[type]=data_import.failed");
    expect(events.body.map((e: any) => e.data.object.id)).toContain(done.id);
    return done;
  }

  it("ends error, applying nothing, for files it cannot import", async () => {
    const t = await setup.tenant();
    await stockWorld(t);
    const binary = await storeFile(
      setup.db,
      t,
      "image.csv",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe]),
    );
    await failedWith(t, { importType: "stock_take", fileUri: binary }, /not (UTF-8 )?text/);
    const noColumns = await storeFile(setup.db, t, "x.csv", "item,amount\nSHIRT-1,3\n");
    await failedWith(
      t,
      { importType: "stock_take", fileUri: noColumns },
      /lacks the columns `sku`, `quantity` that a stock_take import needs/,
    );
    await failedWith(
      t,
      { importType: "adjustment_import", fileUri: noColumns },
      /lacks the column `sku` that an adjustment_import import needs/,
    );
    const headerOnly = await storeFile(setup.db, t, "h.csv", "sku,quantity\n");
    await failedWith(t, { importType: "stock_take", fileUri: headerOnly }, /header but no rows/);
    // Text the CSV parser cannot read (a quote then a separator opening a line): an error at once, not
    // a run tried again as if the service had failed.
    for (const text of ['",\n', '";\nsku;quantity\nSHIRT-1;3\n']) {
      const misquoted = await storeFile(setup.db, t, "q.csv", text);
      const done = await failedWith(
        t,
        { importType: "stock_take", fileUri: misquoted },
        /quote or a separator/,
      );
      expect(done.statusMessage).toMatch(/could not be read as CSV/);
    }
    // A quoted field that never closes: uDSV alone would drop it and every line after it.
    const unclosed = await storeFile(
      setup.db,
      t,
      "u.csv",
      'sku,quantity\nSHIRT-1,3\nSHIRT-2,"4\nSHIRT-1,5\n',
    );
    await failedWith(
      t,
      { importType: "stock_take", fileUri: unclosed },
      /quoted field opened on line 3 is never closed/,
    );
    const other = await setup.tenant();
    const theirs = await storeFile(setup.db, other, "theirs.csv", "sku,quantity\nSHIRT-1,1\n");
    await failedWith(t, { importType: "stock_take", fileUri: theirs }, /No file with id/);
    const server = await startFileServer({});
    await failedWith(t, { importType: "stock_take", fileUri: `${server.url}/missing.csv` }, /answered 404/);
  });

  it("tries the download again while the file's server is busy or down, and imports the file once it answers", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    // Connection refused, then a 503, then the file.
    const closedPort = await closedAddress();
    const answers: (() => Promise<Response>)[] = [
      () => fetch(closedPort),
      async () => new Response("down for maintenance", { status: 503 }),
      async () => new Response("sku,quantity\nSHIRT-1,7\n", { headers: { "Content-Type": "text/csv" } }),
    ];
    let calls = 0;
    const flaky: typeof fetch = () => answers[calls++]!();
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const importer = importDispatcher(setup, {
      now: () => clock,
      policy: { allowLocal: true, fetch: flaky },
    });
    const created = await make(t, "data-imports", {
      importType: "stock_take",
      fileUri: "http://127.0.0.1:9/count.csv",
    });
    for (const [index, reason] of ["Network error: ECONNREFUSED", "The server answered 503"].entries()) {
      await importer.dispatcher.runOnce().catch(() => {});
      const waiting = await get(t, "data-imports", created.id);
      expect(waiting.status).toBe("started");
      expect(waiting.statusMessage).toBe(
        `Attempt failed (${reason}), failure ${index + 1} in a row (failure 5 ends the import). Next attempt at ${new Date(clock + 30_000 * 2 ** index).toISOString()}.`,
      );
      clock += 30_000 * 2 ** index;
    }
    await importer.dispatcher.runOnce();
    expect(await get(t, "data-imports", created.id)).toMatchObject({ status: "complete", updated: 1 });
    expect(await onHand(t, shirt.id, main.id)).toBe(7);
    expect(calls).toBe(3);
  });

  it("ends error for a file over the size limit", async () => {
    const t = await setup.tenant();
    await stockWorld(t);
    const small = importDispatcher(setup, { imports: { maxBytes: 64 } });
    const fileUri = await storeFile(setup.db, t, "big.csv", `sku,quantity\n${"SHIRT-1,1\n".repeat(20)}`);
    const done = await runImport(t, small.drain, { importType: "stock_take", fileUri });
    expect(done).toMatchObject({ status: "error", added: 0, updated: 0 });
    expect(done.statusMessage).toMatch(/over the import size limit of 64 bytes/);
    // Failed for good: an error record the company can list, naming the import.
    const [failure] = (await t.json("GET", "/errors.json?where[source]=data-import")).body;
    expect(failure).toMatchObject({ subjectKind: "data-import", subjectId: done.id, resolved: false });
    expect(failure.message).toMatch(/over the import size limit of 64 bytes/);
  });

  it("refuses invalid request fields (422), storing nothing; an import without its file ends error", async () => {
    const t = await setup.tenant();
    const badType = await t.json("POST", "/data-imports.json", {
      importType: "nonsense",
      fileUri: "/files/1/x.csv",
    });
    expect(badType.status).toBe(422);
    const badUri = await t.json("POST", "/data-imports.json", { importType: "stock_take", fileUri: 12 });
    expect(badUri.status).toBe(422);
    expect(await list(t, "data-imports")).toEqual([]);
    const noFile = await runImport(t, drain, { importType: "stock_take" });
    expect(noFile).toMatchObject({ status: "error", statusProblem: { code: "missing_field" } });
    expect(noFile.statusMessage).toMatch(/no fileUri/);
  });
});

describe("the runner", () => {
  it("resumes a crashed run after its lease, without applying a row twice", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    const rows = Array.from({ length: 1100 }, () => "SHIRT-1,1").join("\n");
    const fileUri = await storeFile(setup.db, t, "moves.csv", `sku,quantity\n${rows}\n`);
    const created = await make(t, "data-imports", { importType: "adjustment_import", fileUri });
    // A process that applies one batch and dies: its slice ends after the first batch, and its lease
    // is taken as if it never gave it back.
    let clock = Date.now();
    const crashing = importDispatcher(setup, { now: () => clock, imports: { sliceMs: 0 } });
    await crashing.dispatcher.runOnce();
    await setup.db.execute({
      sql: "UPDATE data_import_runs SET lease_until = ?, lease_token = 'dead' WHERE import_id = ?",
      args: [new Date(clock + 60_000).toISOString(), created.id],
    });
    const midway = await get(t, "data-imports", created.id);
    expect(midway.status).toBe("started");
    expect(midway.added).toBeGreaterThan(0);
    expect(midway.added).toBeLessThan(1100);
    // Nobody else takes it while the lease holds; after it, another process finishes it.
    const other = importDispatcher(setup, { now: () => clock });
    await other.drain();
    expect((await get(t, "data-imports", created.id)).status).toBe("started");
    clock += 61_000;
    await other.drain();
    const done = await get(t, "data-imports", created.id);
    expect(done).toMatchObject({ status: "complete", added: 1100, errors: 0 });
    expect(await onHand(t, shirt.id, main.id)).toBe(5 + 1100);
  });

  it("takes turns a slice each: a small import started after a large one ends before it", async () => {
    const [large, small] = [await setup.tenant(), await setup.tenant()];
    await stockWorld(large);
    await stockWorld(small);
    const rows = Array.from({ length: 1600 }, () => "SHIRT-1,1").join("\n");
    const big = await make(large, "data-imports", {
      importType: "adjustment_import",
      fileUri: await storeFile(setup.db, large, "big.csv", `sku,quantity\n${rows}\n`),
    });
    const clock = Date.now();
    // Each run a slice of one batch, as when each file's batches take longer than the slice.
    const runs = importDispatcher(setup, { now: () => clock, imports: { sliceMs: 0 } });
    await runs.dispatcher.runOnce();
    expect((await get(large, "data-imports", big.id)).status).toBe("started");
    const little = await make(small, "data-imports", {
      importType: "adjustment_import",
      fileUri: await storeFile(setup.db, small, "little.csv", "sku,quantity\nSHIRT-1,2\n"),
    });
    await runs.dispatcher.runOnce();
    expect(await get(small, "data-imports", little.id)).toMatchObject({ status: "complete", added: 1 });
    expect((await get(large, "data-imports", big.id)).status).toBe("started");
    await runs.drain();
    expect(await get(large, "data-imports", big.id)).toMatchObject({ status: "complete", added: 1600 });
  });

  it("fails only the row whose write is refused: the other rows of its batch are applied without it", async () => {
    const t = await setup.tenant();
    const { main, shirt, socks } = await stockWorld(t);
    await make(t, "variants", { sku: "REFUSED" });
    const plan = stockTake.plan;
    const refusing = vi.spyOn(stockTake, "plan").mockImplementation((input) => {
      if (input.rows.some((row) => row.cells.sku === "REFUSED")) {
        throw new ApiError("validation_failed", "The write was refused.");
      }
      return plan.call(stockTake, input);
    });
    try {
      const fileUri = await storeFile(
        setup.db,
        t,
        "count.csv",
        "sku,quantity\nSHIRT-1,8\nREFUSED,1\nSOCKS-2,3\n",
      );
      const done = await runImport(t, drain, { importType: "stock_take", fileUri });
      expect(done).toMatchObject({ status: "complete", added: 1, updated: 1, errors: 1 });
      expect(await (await t.request("GET", done.errorUri)).text()).toBe(
        "sku,quantity,error\r\nREFUSED,1,The write was refused.\r\n",
      );
      expect(await onHand(t, shirt.id, main.id)).toBe(8);
      expect(await onHand(t, socks.id, main.id)).toBe(3);
    } finally {
      refusing.mockRestore();
    }
  });

  it("tries a failing run again later, and after five failures in a row ends the import error", async () => {
    const t = await setup.tenant();
    await stockWorld(t);
    // A file server whose answer breaks off after its first bytes: not a bad file, a failed run.
    const broken: typeof fetch = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("sku,quantity\nSHIRT-1,"));
            controller.error(new Error("connection reset"));
          },
        }),
      );
    let clock = Date.now();
    const failing = importDispatcher(setup, {
      now: () => clock,
      policy: { allowLocal: true, fetch: broken },
    });
    const created = await make(t, "data-imports", {
      importType: "stock_take",
      fileUri: "http://127.0.0.1:9/stock.csv",
    });
    for (let run = 0; run < 4; run++) {
      await expect(failing.dispatcher.runOnce()).rejects.toThrow("connection reset");
      expect((await get(t, "data-imports", created.id)).status).toBe("started");
      // Not tried again before its pause is over.
      expect((await failing.dispatcher.runOnce()).more).toBe(false);
      clock += 30_000 * 2 ** run;
    }
    // The fifth failure in a row ends it at once.
    await expect(failing.dispatcher.runOnce()).rejects.toThrow("connection reset");
    const done = await get(t, "data-imports", created.id);
    expect(done).toMatchObject({ status: "error", statusProblem: { code: "failed" }, added: 0, updated: 0 });
    expect(done.statusMessage).toBe(
      "The import failed 5 times in a row (the last time: The download broke off: Network error: connection reset); it is not tried again.",
    );
  });

  it("says while it waits that a run failed and when it is tried again; the last failure ends it at once, saying what stays applied", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    // A stock take whose file's server always breaks off at row 700: the first run applies one batch
    // (rows 2 to 501), every run after it none.
    // Row 3 names no variant: it fails, and the failed rows' file has it.
    const counts = Array.from({ length: 1200 }, (_, i) => (i === 1 ? "NOPE-9,2" : `SHIRT-1,${i + 1}`));
    const text = `sku,quantity\n${counts.join("\n")}\n`;
    const server = await startCuttingFileServer(text, text.indexOf("SHIRT-1,700\n") + 5);
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const cut = importDispatcher(setup, { now: () => clock });
    const created = await make(t, "data-imports", {
      importType: "stock_take",
      fileUri: `${server.url}/count.csv`,
    });
    for (const [index, pause] of [30_000, 60_000, 120_000, 240_000].entries()) {
      await expect(cut.dispatcher.runOnce()).rejects.toThrow(/broke off/);
      const waiting = await get(t, "data-imports", created.id);
      expect(waiting).toMatchObject({ status: "started", updated: 499, errors: 1, completedAt: null });
      expect(waiting.statusMessage).toMatch(
        new RegExp(
          `^Attempt failed \\(The download broke off: [^)]+\\), failure ${index + 1} in a row \\(failure 5 ends the import\\)\\. Next attempt at ${new Date(clock + pause).toISOString()}, from row 502 \\(500 rows applied so far\\)\\.$`,
        ),
      );
      // Not before then.
      clock += pause - 1;
      expect((await cut.dispatcher.runOnce()).more).toBe(false);
      clock += 1;
    }
    await expect(cut.dispatcher.runOnce()).rejects.toThrow(/broke off/);
    expect(server.served()).toBe(5);
    const done = await get(t, "data-imports", created.id);
    expect(done).toMatchObject({
      status: "error",
      statusProblem: { code: "failed" },
      added: 0,
      updated: 499,
      errors: 1,
      errorMessages: ['Row 3: unknown SKU "NOPE-9"'],
      skippedUri: null,
      completedAt: new Date(clock).toISOString(),
    });
    expect(done.statusMessage).toMatch(
      /^The import failed 5 times in a row \(the last time: The download broke off: [^)]+\); it is not tried again\. The file's rows 2 to 501 were read before it stopped, and what they did stays applied \(0 added, 499 updated, 0 skipped, 1 failed\); the rows after row 501 were not applied\.$/,
    );
    expect(done.statusProblem.message).toBe(done.statusMessage);
    expect(await onHand(t, shirt.id, main.id)).toBe(500);
    // The failed row of the part applied, as read, in a file of the company's.
    const errors = await t.request("GET", done.errorUri);
    expect(errors.status).toBe(200);
    expect(await errors.text()).toBe('sku,quantity,error\r\nNOPE-9,2,"unknown SKU ""NOPE-9"""\r\n');
  });

  it("counts failures in a row again from a run that applied a batch before it failed", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    const counts = Array.from({ length: 1600 }, (_, i) => `SHIRT-1,${i + 1}`);
    const text = `sku,quantity\n${counts.join("\n")}\n`;
    const rowAt = (row: number) => text.indexOf(`SHIRT-1,${row - 1}\n`) + 5;
    // Breaks off at row 700 (after one batch) twice, then at row 1,100 (after the next batch), then
    // sends the file whole.
    const cuts = [rowAt(700), rowAt(700), rowAt(1100)];
    const server = await startCuttingFileServer(text, (request) => cuts[request - 1]);
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const flaky = importDispatcher(setup, { now: () => clock });
    const created = await make(t, "data-imports", {
      importType: "stock_take",
      fileUri: `${server.url}/count.csv`,
    });
    const failureSaid = async () =>
      /failure (\d) in a row/.exec((await get(t, "data-imports", created.id)).statusMessage)?.[1];
    await expect(flaky.dispatcher.runOnce()).rejects.toThrow(/broke off/);
    expect(await failureSaid()).toBe("1");
    clock += 30_000;
    await expect(flaky.dispatcher.runOnce()).rejects.toThrow(/broke off/);
    expect(await failureSaid()).toBe("2");
    clock += 60_000;
    // This run applies rows 502 to 1001 before it fails: its failure is the first in a row again.
    await expect(flaky.dispatcher.runOnce()).rejects.toThrow(/broke off/);
    const waiting = await get(t, "data-imports", created.id);
    expect(waiting.updated).toBe(1000);
    expect(waiting.statusMessage).toContain(
      `failure 1 in a row (failure 5 ends the import). Next attempt at ${new Date(clock + 30_000).toISOString()}, from row 1002 (1000 rows applied so far).`,
    );
    clock += 30_000;
    // The next batch applied clears the notice.
    await importDispatcher(setup, { now: () => clock, imports: { sliceMs: 0 } }).dispatcher.runOnce();
    expect(await get(t, "data-imports", created.id)).toMatchObject({
      status: "started",
      updated: 1500,
      statusMessage: null,
    });
    await flaky.drain();
    const done = await get(t, "data-imports", created.id);
    expect(done).toMatchObject({ status: "complete", updated: 1600, errors: 0 });
    expect(done.statusMessage).toBe("1600 rows read: 0 added, 1600 updated, 0 skipped, 0 failed");
    expect(await onHand(t, shirt.id, main.id)).toBe(1600);
  });

  it("gives up a download whose server keeps the run waiting past its limit in all, a line at a time, and tries it again", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    // A line every 20 ms (never a wait near the 30 s one wait may last) until the import closes the
    // connection: 4 s for the whole file, far past the 0.2 s the run may wait in all.
    const lines = ["sku,quantity\n", ...Array.from({ length: 200 }, () => "SHIRT-1,9\n")];
    const closings: Promise<void>[] = [];
    const server = await serveLocally((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/csv" });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < lines.length) res.write(lines[sent++]);
        else res.end();
      }, 20);
      closings.push(new Promise((resolve) => res.on("close", resolve)));
      res.on("close", () => clearInterval(timer));
    });
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const slow = importDispatcher(setup, { now: () => clock, imports: { downloadWaitMs: 200 } });
    const created = await make(t, "data-imports", {
      importType: "stock_take",
      fileUri: `${server}/count.csv`,
    });
    const overdue = "The server took more than 0.2 s in all to send the file";
    for (const [index, pause] of [30_000, 60_000, 120_000, 240_000].entries()) {
      await expect(slow.dispatcher.runOnce()).rejects.toThrow(overdue);
      // The download was aborted: its connection is closed.
      await closings[index];
      const waiting = await get(t, "data-imports", created.id);
      expect(waiting).toMatchObject({ status: "started", updated: 0 });
      expect(waiting.statusMessage).toBe(
        `Attempt failed (${overdue}), failure ${index + 1} in a row (failure 5 ends the import). Next attempt at ${new Date(clock + pause).toISOString()}.`,
      );
      clock += pause;
    }
    await expect(slow.dispatcher.runOnce()).rejects.toThrow(overdue);
    const done = await get(t, "data-imports", created.id);
    expect(done).toMatchObject({ status: "error", statusProblem: { code: "failed" }, updated: 0 });
    expect(done.statusMessage).toBe(
      `The import failed 5 times in a row (the last time: ${overdue}); it is not tried again.`,
    );
    expect(await onHand(t, shirt.id, main.id)).toBe(5);
  });

  it("counts only the waits on the file's server against that limit, not the run's time applying rows", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    // Three batches or more, each applied 0.25 s late: the run takes longer than the 0.5 s it may wait
    // on the server, which sends the file at once. Its 150 kB are read in several pieces, the batches
    // applied between the reads.
    const row = `SHIRT-1,1,,${"n".repeat(90)}`;
    const server = await startFileServer({
      "/moves.csv": `sku,quantity,reason,notes\n${Array.from({ length: 1500 }, () => row).join("\n")}\n`,
    });
    const slow = importDispatcher(setup, { db: slowWrites(setup.db, 250), imports: { downloadWaitMs: 500 } });
    const done = await runImport(t, slow.drain, {
      importType: "adjustment_import",
      fileUri: `${server.url}/moves.csv`,
    });
    expect(done).toMatchObject({ status: "complete", added: 1500, errors: 0 });
    expect(await onHand(t, shirt.id, main.id)).toBe(5 + 1500);
  });

  it("runs nothing for an import deleted before it ran; one that applied rows is kept (409)", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await stockWorld(t);
    const fileUri = await storeFile(setup.db, t, "moves.csv", "sku,quantity\nSHIRT-1,1\n");
    const gone = await make(t, "data-imports", { importType: "adjustment_import", fileUri });
    expect((await t.request("DELETE", `/data-imports/${gone.id}.json`)).status).toBe(204);
    await drain();
    expect(await onHand(t, shirt.id, main.id)).toBe(5);
    const done = await runImport(t, drain, { importType: "adjustment_import", fileUri });
    expect(done.added).toBe(1);
    expect((await t.request("DELETE", `/data-imports/${done.id}.json`)).status).toBe(409);
  });

  it("keeps tenants apart: an import reads and changes only its company's records", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const mine = await stockWorld(t);
    const theirs = await stockWorld(other);
    const fileUri = await storeFile(setup.db, t, "count.csv", "sku,quantity\nSHIRT-1,40\n");
    const done = await runImport(t, drain, { importType: "stock_take", fileUri });
    expect(done.updated).toBe(1);
    expect(await onHand(t, mine.shirt.id, mine.main.id)).toBe(40);
    expect(await onHand(other, theirs.shirt.id, theirs.main.id)).toBe(5);
    expect((await other.json("GET", `/data-imports/${done.id}.json`)).status).toBe(404);
  });
});

/** `db`, each of its writes begun `ms` late: an import that takes that long to apply each batch. */
function slowWrites(db: Db, ms: number): Db {
  const write: Db["write"] = async (work) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return db.write(work);
  };
  return new Proxy(db, { get: (target, key) => (key === "write" ? write : Reflect.get(target, key)) });
}

/** An address on 127.0.0.1 where nothing listens (a port just let go of): a connection there is refused. */
function closedAddress(): Promise<string> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(`http://127.0.0.1:${port}/count.csv`));
    }),
  );
}
