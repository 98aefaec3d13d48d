import { beforeAll, describe, expect, it } from "vitest";
import { serveLocally } from "../local-server.ts";
import { startReceiver } from "../receiver.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";
import { get, list, make } from "./channels-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
const files = new Map<string, string>();
let fileServer = "";

beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
  fileServer = await serveLocally((req, res) => {
    const body = files.get(req.url ?? "");
    if (body === undefined) return void res.writeHead(404).end("no such file");
    res.writeHead(200, { "Content-Type": "text/csv" }).end(body);
  });
});

let served = 0;
/** Serves `lines` as a CSV file (its first line the header) at a fresh path; answers its URL. */
function serve(lines: string[]): string {
  const path = `/settings/${++served}.csv`;
  files.set(path, `${lines.join("\n")}\n`);
  return `${fileServer}${path}`;
}

function feed(t: Tenant, settings: Record<string, unknown> = {}) {
  return make(t, "inventory-feeds", { name: "Supplier", fetchFrequency: "never", ...settings });
}

/** One item through the feed's webhook; answers the item. */
async function parse(t: Tenant, feedId: number, item: Record<string, unknown>) {
  const answer = await t.json("PUT", `/inventory-feeds/${feedId}/parse-webhook.json`, item);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Fetches the feed's `url` by hand and runs the background work; answers the feed's items by external id. */
async function fetched(t: Tenant, feedId: number): Promise<Record<string, any>> {
  const queued = await t.json("POST", `/inventory-feeds/${feedId}/fetch.json`, {});
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  await dispatcherWithClock(setup).dispatcher.runOnce();
  expect(await get(t, "inventory-feed-files", queued.body.id)).toMatchObject({ status: "processed" });
  const items = await list(t, "inventory-feed-variants", { inventoryFeedId: feedId });
  return Object.fromEntries(items.map((item) => [item.externalId, item]));
}

describe("caseInsensitiveSkus", () => {
  it("connects an item to the variant whose SKU differs by case only when the feed says so; an exact SKU first", async () => {
    const t = await setup.tenant();
    const lower = await make(t, "variants", { sku: "nw-1042" });
    const exact = await make(t, "variants", { sku: "NW-2001" });
    await make(t, "variants", { sku: "nw-2001" });
    const twins = [await make(t, "variants", { sku: "Nw-3" }), await make(t, "variants", { sku: "nW-3" })];
    const strict = await feed(t);
    const caseless = await feed(t, { caseInsensitiveSkus: true });

    expect((await parse(t, strict.id, { externalId: "A", vendorSku: "NW-1042" })).variantId).toBeNull();
    expect((await parse(t, caseless.id, { externalId: "A", vendorSku: "NW-1042" })).variantId).toBe(lower.id);
    expect((await parse(t, caseless.id, { externalId: "B", vendorSku: "NW-2001" })).variantId).toBe(exact.id);
    // Two variants differ from the SKU by case alone, neither has it exactly: the item connects to neither.
    expect(twins).toHaveLength(2);
    expect((await parse(t, caseless.id, { externalId: "C", vendorSku: "NW-3" })).variantId).toBeNull();
  });

  it("applies the feed's prefix whatever the case, through a fetch too", async () => {
    const t = await setup.tenant();
    const shirt = await make(t, "variants", { sku: "NWT-LINEN-M" });
    const url = serve(["externalId,sku,quantity", "E1,linen-m,5"]);
    const strict = await feed(t, { url, skuPrefix: "NWT-" });
    const caseless = await feed(t, { url, skuPrefix: "nwt-", caseInsensitiveSkus: true });

    expect((await fetched(t, strict.id)).E1).toMatchObject({ sku: "linen-m", variantId: null });
    expect((await fetched(t, caseless.id)).E1).toMatchObject({ sku: "linen-m", variantId: shirt.id });
  });
});

describe("automaticallyConnectByBarcode", () => {
  it("connects an item no SKU connects to the one variant with its barcode, when the feed says so", async () => {
    const t = await setup.tenant();
    const mug = await make(t, "variants", { sku: "MUG-1", barcode: "0012345678905" });
    const bySku = await make(t, "variants", { sku: "V-9", barcode: "0099" });
    await make(t, "variants", { sku: "CAP-1", barcode: "0077" });
    await make(t, "variants", { sku: "CAP-2", barcode: "0077" });
    const off = await feed(t);
    const on = await feed(t, { automaticallyConnectByBarcode: true });
    // By barcode alone: a feed that does not connect by SKU still connects by barcode.
    const barcodeOnly = await feed(t, { automaticallyConnect: false, automaticallyConnectByBarcode: true });

    const mugItem = { externalId: "M", vendorSku: "SUP-77", barcode: "0012345678905" };
    expect((await parse(t, off.id, mugItem)).variantId).toBeNull();
    expect((await parse(t, on.id, mugItem)).variantId).toBe(mug.id);
    expect((await parse(t, barcodeOnly.id, mugItem)).variantId).toBe(mug.id);
    // The SKU comes first; a barcode two variants share connects to neither.
    expect(
      (await parse(t, on.id, { externalId: "S", vendorSku: "V-9", barcode: "0012345678905" })).variantId,
    ).toBe(bySku.id);
    expect(
      (await parse(t, on.id, { externalId: "C", vendorSku: "SUP-C", barcode: "0077" })).variantId,
    ).toBeNull();
    // A barcode sent later connects the item then.
    await parse(t, on.id, { externalId: "L", vendorSku: "SUP-L" });
    expect((await parse(t, on.id, { externalId: "L", barcode: "0012345678905" })).variantId).toBe(mug.id);
  });

  it("connects by barcode through a fetch, only when the feed says so", async () => {
    const t = await setup.tenant();
    const mug = await make(t, "variants", { sku: "MUG-1", barcode: "4006381333931" });
    const url = serve(["externalId,sku,barcode,quantity", "E1,SUP-1,4006381333931,3", "E2,SUP-2,,4"]);
    const off = await feed(t, { url });
    const on = await feed(t, { url, automaticallyConnectByBarcode: true });

    expect((await fetched(t, off.id)).E1.variantId).toBeNull();
    const items = await fetched(t, on.id);
    expect(items.E1.variantId).toBe(mug.id);
    expect(items.E2.variantId).toBeNull();
  });
});

describe("vendor codes", () => {
  it("connects an item whose SKU names no variant to the variant of the feed's vendor with that vendorSku", async () => {
    const t = await setup.tenant();
    const northwind = await make(t, "vendors", { name: "Northwind" });
    const other = await make(t, "vendors", { name: "Other" });
    const shirt = await make(t, "variants", { sku: "SHIRT-M", vendorId: northwind.id, vendorSku: "nw-77" });
    await make(t, "variants", { sku: "SOCKS", vendorId: other.id, vendorSku: "NW-88" });
    const ofVendor = await feed(t, { vendorId: northwind.id });
    const caseless = await feed(t, { vendorId: northwind.id, caseInsensitiveSkus: true });
    const noVendor = await feed(t);

    expect((await parse(t, ofVendor.id, { externalId: "A", vendorSku: "nw-77" })).variantId).toBe(shirt.id);
    expect((await parse(t, ofVendor.id, { externalId: "B", vendorSku: "NW-77" })).variantId).toBeNull();
    expect((await parse(t, caseless.id, { externalId: "B", vendorSku: "NW-77" })).variantId).toBe(shirt.id);
    expect((await parse(t, noVendor.id, { externalId: "A", vendorSku: "nw-77" })).variantId).toBeNull();
    // Another vendor's code is not this vendor's.
    expect((await parse(t, ofVendor.id, { externalId: "C", vendorSku: "NW-88" })).variantId).toBeNull();

    const url = serve(["externalId,sku,quantity", "F1,NW-77,2"]);
    await t.json("PUT", `/inventory-feeds/${caseless.id}.json`, { url });
    expect((await fetched(t, caseless.id)).F1.variantId).toBe(shirt.id);
  });
});

describe("allocationBuffer", () => {
  it("keeps the buffer of each item back from the variant's available stock, never below 0 per item", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const shirt = await make(t, "variants", { sku: "SHIRT-M" });
    const channel = await make(t, "channels", { name: "Own Store" });
    await make(t, "custom-channels", {
      name: "Own Store",
      channelId: channel.id,
      inventoryEndpoint: `${receiver.url}/inventory`,
    });
    await make(t, "channel-variants", { channelId: channel.id, variantId: shirt.id, externalId: "123" });
    const buffered = await feed(t, { allocationBuffer: 3 });
    const plain = await feed(t);
    await parse(t, buffered.id, { externalId: "A", vendorSku: "SHIRT-M", inventoryQuantity: 10 });
    // Two units, all kept back: none counts (not -1).
    await parse(t, buffered.id, { externalId: "B", vendorSku: "SHIRT-M", inventoryQuantity: 2 });
    await parse(t, plain.id, { externalId: "A", vendorSku: "SHIRT-M", inventoryQuantity: 4 });

    const levels = async () => (await t.json("GET", `/channels/${channel.id}/variant-levels.json`)).body;
    expect(await levels()).toEqual([
      expect.objectContaining({ variantId: shirt.id, onHand: 0, feedQuantity: 11, available: 11 }),
    ]);
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const pushes = () =>
      receiver.received.filter((call) => call.path === "/inventory").map((call) => JSON.parse(call.body));
    expect(pushes().at(-1)).toMatchObject({ variant: { id: shirt.id }, inventory: { available: 11 } });

    // A larger buffer: the next change of the item's units tells the channel with the buffer applied.
    await t.json("PUT", `/inventory-feeds/${buffered.id}.json`, { allocationBuffer: 5 });
    expect((await levels())[0]).toMatchObject({ feedQuantity: 9, available: 9 });
    await parse(t, buffered.id, { externalId: "A", inventoryQuantity: 12 });
    await dispatcher.runOnce();
    expect(pushes().at(-1)).toMatchObject({ inventory: { available: 11 } });

    const definition = await make(t, "inventory-exports", { name: "Levels", format: "json" });
    const exported = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect(exported.status).toBe(200);
    const file = await t.json("GET", exported.body.url);
    expect(file.body).toEqual([expect.objectContaining({ sku: "SHIRT-M", available: 11 })]);
  });

  it("exports the feed's items with the buffer kept back", async () => {
    const t = await setup.tenant();
    const buffered = await feed(t, { allocationBuffer: 2 });
    await parse(t, buffered.id, { externalId: "A", vendorSku: "S-A", inventoryQuantity: 10 });
    await parse(t, buffered.id, { externalId: "B", vendorSku: "S-B", inventoryQuantity: 1 });
    const created = await make(t, "data-exports", {
      exportType: "inventory_feed",
      inventoryFeedId: buffered.id,
      format: "json",
    });
    await dispatcherWithClock(setup).dispatcher.runOnce();
    const done = await get(t, "data-exports", created.id);
    expect(done.status).toBe("complete");
    const file = await t.json("GET", done.url);
    expect(file.body.map((row: any) => [row.externalId, row.quantity])).toEqual([
      ["A", 8],
      ["B", 0],
    ]);
  });
});

describe("handleStrategy", () => {
  /** A feed publishing to one channel, with approved items made from `items`. */
  async function publishing(t: Tenant, settings: Record<string, unknown>, items: Record<string, unknown>[]) {
    const vendor = await make(t, "vendors", { name: "Northwind" });
    const channel = await make(t, "channels", { name: "Store" });
    const made = await feed(t, { vendorId: vendor.id, ...settings });
    await make(t, "inventory-feed-channels", { inventoryFeedId: made.id, channelId: channel.id });
    for (const item of items) {
      await make(t, "inventory-feed-variants", {
        inventoryFeedId: made.id,
        reviewStatus: "approved",
        ...item,
      });
    }
    return { feed: made, vendor, channel };
  }

  const publish = async (t: Tenant, feedId: number) => {
    const answer = await t.json("PUT", `/inventory-feeds/${feedId}/publish-all.json`, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  /** The product id of each variant, by SKU. */
  async function productsBySku(t: Tenant): Promise<Record<string, number | null>> {
    return Object.fromEntries((await list(t, "variants")).map((variant) => [variant.sku, variant.productId]));
  }

  it("groups new variants into one product per externalGroupId, and a later publish joins it", async () => {
    const t = await setup.tenant();
    const { feed: made, vendor } = await publishing(t, { handleStrategy: "externalGroupId" }, [
      { externalId: "1", sku: "LIN-S", name: "Linen shirt S", externalGroupId: "LINEN" },
      { externalId: "2", sku: "LIN-M", name: "Linen shirt M", externalGroupId: "LINEN" },
      { externalId: "3", sku: "MUG", name: "Mug", externalGroupId: "MUG-1" },
      { externalId: "4", sku: "LOOSE", name: "Loose item" },
    ]);
    await publish(t, made.id);
    const products = await list(t, "products");
    expect(products.map((p) => [p.name, p.externalId, p.vendorId])).toEqual([
      ["Linen shirt S", "LINEN", vendor.id],
      ["Mug", "MUG-1", vendor.id],
    ]);
    const [linen, mug] = products;
    expect(await productsBySku(t)).toEqual({
      "LIN-S": linen.id,
      "LIN-M": linen.id,
      MUG: mug.id,
      LOOSE: null,
    });

    await make(t, "inventory-feed-variants", {
      inventoryFeedId: made.id,
      externalId: "5",
      sku: "LIN-L",
      name: "Linen shirt L",
      externalGroupId: "LINEN",
      reviewStatus: "approved",
    });
    await publish(t, made.id);
    expect(await list(t, "products")).toHaveLength(2);
    expect((await productsBySku(t))["LIN-L"]).toBe(linen.id);
  });

  it("groups by the beginning of the group id, or by name; an existing variant keeps its product", async () => {
    const t = await setup.tenant();
    const own = await make(t, "products", { name: "Our shirts" });
    await make(t, "variants", { sku: "SHIRT-XL", productId: own.id });
    const { feed: byStart } = await publishing(t, { handleStrategy: "externalGroupIdStart" }, [
      { externalId: "1", sku: "SHIRT-S", name: "Shirt S", externalGroupId: "SHIRT-BLUE_S" },
      { externalId: "2", sku: "SHIRT-M", name: "Shirt M", externalGroupId: "SHIRT-BLUE_M" },
      { externalId: "3", sku: "SHIRT-XL", name: "Shirt XL", externalGroupId: "SHIRT-BLUE_XL" },
      { externalId: "4", sku: "CAP", name: "Cap", externalGroupId: "CAP" },
    ]);
    await publish(t, byStart.id);
    const bySku = await productsBySku(t);
    const [blue] = await list(t, "products", { externalId: "SHIRT-BLUE" });
    const [cap] = await list(t, "products", { externalId: "CAP" });
    expect(bySku).toMatchObject({ "SHIRT-S": blue.id, "SHIRT-M": blue.id, "SHIRT-XL": own.id, CAP: cap.id });

    const other = await setup.tenant();
    const { feed: byName } = await publishing(other, { handleStrategy: "name" }, [
      { externalId: "1", sku: "A", name: "Tea towel", externalGroupId: "G1" },
      { externalId: "2", sku: "B", name: "Tea towel", externalGroupId: "G2" },
      { externalId: "3", sku: "C", externalGroupId: "G3" },
    ]);
    await publish(other, byName.id);
    const [towel] = await list(other, "products");
    expect(towel).toMatchObject({ name: "Tea towel", externalId: "Tea towel" });
    expect(await productsBySku(other)).toEqual({ A: towel.id, B: towel.id, C: null });
  });

  it("without a strategy, groups by externalGroupId; a feed of another vendor makes its own products", async () => {
    const t = await setup.tenant();
    const { feed: first } = await publishing(t, {}, [
      { externalId: "1", sku: "A-1", name: "Alpha", externalGroupId: "G" },
      { externalId: "2", sku: "A-2", name: "Alpha too", externalGroupId: "G" },
    ]);
    const { feed: second, vendor } = await publishing(t, {}, [
      { externalId: "1", sku: "B-1", name: "Beta", externalGroupId: "G" },
    ]);
    await publish(t, first.id);
    await publish(t, second.id);
    const products = await list(t, "products");
    expect(products.map((p) => p.name)).toEqual(["Alpha", "Beta"]);
    const bySku = await productsBySku(t);
    expect(bySku["A-1"]).toBe(bySku["A-2"]);
    expect(bySku["B-1"]).toBe(products[1].id);
    expect(products[1].vendorId).toBe(vendor.id);
  });

  it("names a product by its handle when its first item's name is empty or blank", async () => {
    const t = await setup.tenant();
    const { feed: made } = await publishing(t, {}, [
      { externalId: "1", sku: "E-1", name: "", externalGroupId: "EMPTY" },
      { externalId: "2", sku: "B-1", name: "  ", externalGroupId: "BLANK" },
    ]);
    await publish(t, made.id);
    const products = await list(t, "products");
    expect(products.map((p) => [p.name, p.externalId])).toEqual([
      ["EMPTY", "EMPTY"],
      ["BLANK", "BLANK"],
    ]);
    // Each product as read can be written back.
    for (const { id, createdAt, updatedAt, ...product } of products) {
      const written = await t.json("PUT", `/products/${id}.json`, product);
      expect(written.status, JSON.stringify(written.body)).toBe(200);
    }
  });

  it("publishes an item with the variant it is linked to, and with caseInsensitiveSkus the variant of its SKU in any case", async () => {
    const t = await setup.tenant();
    const linked = await make(t, "variants", { sku: "NWT-1042" });
    const lower = await make(t, "variants", { sku: "mug-1" });
    const { feed: made, channel } = await publishing(t, { skuPrefix: "NWT-", caseInsensitiveSkus: true }, [
      { externalId: "1", sku: "1042", variantId: linked.id },
      { externalId: "2", sku: "MUG-1" },
    ]);
    const listings = await publish(t, made.id);
    expect(listings.map((l: any) => [l.channelId, l.variantId, l.sku])).toEqual([
      [channel.id, linked.id, "NWT-1042"],
      [channel.id, lower.id, "mug-1"],
    ]);
    expect(await list(t, "variants")).toHaveLength(2);
  });
});
