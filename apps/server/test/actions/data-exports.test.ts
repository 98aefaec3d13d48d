// Data exports made with POST /data-exports.json: built by the dispatcher's background work, stored as
// the company's file, completed with its url, and announced to the inventory export's webhook.
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILES_POLICY } from "../../src/services/files.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { startReceiver } from "../receiver.ts";
import { setupApp } from "../support.ts";
import { exportSetup, get, make } from "./channels-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

function dispatcher(options: { quotaBytes?: number } = {}) {
  return createDispatcher({
    db: setup.db,
    fileStore: setup.fileStore,
    policy: { allowLocal: true },
    storedBaseUrl: () => "",
    ...(options.quotaBytes === undefined
      ? {}
      : { files: { ...DEFAULT_FILES_POLICY, quotaBytes: options.quotaBytes } }),
  });
}

describe("data-export", () => {
  it("builds the file of a pending export with its inventory export's settings and posts it to the webhook", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    await exportSetup(t);
    const definition = await make(t, "inventory-exports", {
      name: "Daily stock",
      format: "csv",
      webhookUrl: `${receiver.url}/exports`,
    });
    await make(t, "inventory-export-fields", {
      inventoryExportId: definition.id,
      source: "sku",
      position: 1,
    });
    await make(t, "inventory-export-fields", {
      inventoryExportId: definition.id,
      source: "available",
      header: "Available",
      position: 2,
    });
    const created = await make(t, "data-exports", { inventoryExportId: definition.id });
    expect(created).toMatchObject({ status: "pending", url: null });

    await dispatcher().runOnce();

    const done = await get(t, "data-exports", created.id);
    expect(done).toMatchObject({
      status: "complete",
      exportType: "inventory_levels",
      format: "csv",
      rowCount: 3,
      contentType: "text/csv; charset=utf-8",
      fileUri: done.url,
      errorMessage: null,
    });
    expect(done.fileName).toMatch(new RegExp(`^inventory-export-${definition.id}-\\d{8}T\\d{6}Z\\.csv$`));
    const file = await t.request("GET", done.url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(["sku,Available", "A-1,7", "B-2,0", "C-3,0", ""].join("\r\n"));
    expect((await get(t, "inventory-exports", definition.id)).lastExportedAt).toBe(done.completedAt);
    expect(receiver.received.map((call) => [call.method, call.path, JSON.parse(call.body)])).toEqual([
      ["POST", "/exports", { file: done.url }],
    ]);

    const stranger = await setup.tenant();
    expect((await stranger.json("GET", `/data-exports/${created.id}.json`)).status).toBe(404);
    expect((await stranger.request("GET", done.url)).status).toBe(404);
  });

  it("exports every variant's stock in the export's own format when no inventory export made it", async () => {
    const t = await setup.tenant();
    await exportSetup(t);
    const created = await make(t, "data-exports", { format: "json", displayName: "All stock" });
    await dispatcher().runOnce();
    const done = await get(t, "data-exports", created.id);
    expect(done).toMatchObject({ status: "complete", format: "json", rowCount: 3, displayName: "All stock" });
    expect(done.fileName).toMatch(new RegExp(`^data-export-${created.id}-.*\\.json$`));
    const file = await t.json("GET", done.url);
    expect(file.body).toEqual([
      { sku: "A-1", name: 'Shirt, "blue"', onHand: 8, allocated: 1, available: 7 },
      { sku: "B-2", name: "Socks", onHand: 2, allocated: 2, available: 0 },
      { sku: "C-3", name: "Hat", onHand: 0, allocated: 0, available: 0 },
    ]);
  });

  it("counts the units of a variant's feed items in its available stock", async () => {
    const t = await setup.tenant();
    const { a } = await exportSetup(t);
    const feed = await make(t, "inventory-feeds", { name: "Vendor", fetchFrequency: "never" });
    await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "V-1",
      vendorSku: a.sku,
      inventoryQuantity: 20,
    });
    const created = await make(t, "data-exports", { format: "json" });
    await dispatcher().runOnce();
    const done = await get(t, "data-exports", created.id);
    const rows = (await t.json("GET", done.url)).body;
    expect(rows[0]).toEqual({ sku: "A-1", name: 'Shirt, "blue"', onHand: 8, allocated: 1, available: 27 });
  });

  it("ends in error, with no file, when the file would pass the company's quota", async () => {
    const t = await setup.tenant();
    await exportSetup(t);
    const created = await make(t, "data-exports", { format: "csv" });
    await dispatcher({ quotaBytes: 10 }).runOnce();
    const failed = await get(t, "data-exports", created.id);
    expect(failed).toMatchObject({ status: "error", url: null });
    expect(failed.errorMessage).toMatch(/would pass its quota of 10 bytes/);
    const [failure] = (await t.json("GET", "/errors.json?where[source]=data-export")).body;
    expect(failure).toMatchObject({
      code: "export_failed",
      subjectKind: "data-export",
      subjectId: failed.id,
    });
  });

  it("exports a feed's items, with the feed's stock threshold", async () => {
    const t = await setup.tenant();
    const feed = await make(t, "inventory-feeds", {
      name: "Vendor",
      fetchFrequency: "never",
      exportSkuThreshold: 5,
    });
    const send = (externalId: string, quantity: number, price?: number) =>
      t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
        externalId,
        vendorSku: `S-${externalId}`,
        inventoryQuantity: quantity,
        ...(price === undefined ? {} : { price }),
      });
    await send("A", 10, 12.5);
    await send("B", 3);
    await send("C", 8);
    await t.json("DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json`, { externalId: "C" });
    const created = await make(t, "data-exports", { exportType: "inventory_feed", inventoryFeedId: feed.id });
    await dispatcher().runOnce();
    const done = await get(t, "data-exports", created.id);
    expect(done).toMatchObject({ status: "complete", rowCount: 2, displayName: "Vendor", format: "csv" });
    expect(await (await t.request("GET", done.url)).text()).toBe(
      [
        "externalId,sku,name,barcode,quantity,price,costPrice,weight,reviewStatus,status",
        "A,S-A,,,10,12.50,,,notReviewed,pending",
        "B,S-B,,,0,,,,notReviewed,pending",
        "",
      ].join("\r\n"),
    );
  });

  it("exports an item with exactly the feed's stock threshold of units as in stock; one fewer as none", async () => {
    const t = await setup.tenant();
    const feed = await make(t, "inventory-feeds", {
      name: "Vendor",
      fetchFrequency: "never",
      exportSkuThreshold: 5,
    });
    for (const [externalId, inventoryQuantity] of [
      ["AT", 5],
      ["BELOW", 4],
    ] as const) {
      const sent = await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
        externalId,
        vendorSku: `S-${externalId}`,
        inventoryQuantity,
      });
      expect(sent.status).toBe(200);
    }
    const created = await make(t, "data-exports", { exportType: "inventory_feed", inventoryFeedId: feed.id });
    await dispatcher().runOnce();
    const done = await get(t, "data-exports", created.id);
    expect(await (await t.request("GET", done.url)).text()).toBe(
      [
        "externalId,sku,name,barcode,quantity,price,costPrice,weight,reviewStatus,status",
        "AT,S-AT,,,5,,,,notReviewed,pending",
        "BELOW,S-BELOW,,,0,,,,notReviewed,pending",
        "",
      ].join("\r\n"),
    );
  });

  it("refuses a pending feed export that names no feed (422), which it could never build", async () => {
    const t = await setup.tenant();
    const feed = await make(t, "inventory-feeds", { name: "Vendor", fetchFrequency: "never" });
    const refused = await t.json("POST", "/data-exports.json", {
      exportType: "inventory_feed",
      format: "csv",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        path: "inventoryFeedId",
        message: "is required on a pending inventory_feed export: it is built from that feed's items",
      },
    ]);
    expect((await t.json("GET", "/data-exports.json")).body).toEqual([]);
    // One recorded as made elsewhere is kept as written; a pending one with its feed is built.
    const reported = await t.json("POST", "/data-exports.json", {
      exportType: "inventory_feed",
      status: "error",
    });
    expect(reported.status).toBe(200);
    const created = await make(t, "data-exports", { exportType: "inventory_feed", inventoryFeedId: feed.id });
    // Its feed taken away while it is pending: refused too, and the export stays as it was.
    const unnamed = await t.json("PUT", `/data-exports/${created.id}.json`, { inventoryFeedId: null });
    expect(unnamed.status).toBe(422);
    await dispatcher().runOnce();
    expect(await get(t, "data-exports", created.id)).toMatchObject({
      status: "complete",
      inventoryFeedId: feed.id,
    });
  });

  it("leaves exports of a template or a stock take, and those already reported, as they are", async () => {
    const t = await setup.tenant();
    const template = await make(t, "data-exports", { templateId: 4 });
    const reported = await make(t, "data-exports", {
      status: "complete",
      fileUri: "https://files.example/x.csv",
    });
    await dispatcher().runOnce();
    expect((await get(t, "data-exports", template.id)).status).toBe("pending");
    expect(await get(t, "data-exports", reported.id)).toMatchObject({ status: "complete", url: null });
  });

  it("builds each company's oldest first, companies side by side: one company's queue holds back no other's", async () => {
    const [busy, other] = [await setup.tenant(), await setup.tenant()];
    await exportSetup(busy);
    await exportSetup(other);
    const queued = [];
    for (let n = 1; n <= 6; n++) queued.push(await make(busy, "data-exports", { format: "csv" }));
    const behind = await make(other, "data-exports", { format: "csv" });
    // One run builds five: the other company's is among them, though six were queued before it.
    await dispatcher().runOnce();
    expect((await get(other, "data-exports", behind.id)).status).toBe("complete");
    const statuses = await Promise.all(
      queued.map(async (each) => (await get(busy, "data-exports", each.id)).status),
    );
    expect(statuses).toEqual(["complete", "complete", "complete", "complete", "pending", "pending"]);
  });
});
