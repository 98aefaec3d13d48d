// The catalogue side of the books: one listing per channel and SKU, safety stock in what is published,
// truthful import results, and orders that say something. Every answer is checked against the OpenAPI
// document's declared response schema.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, type Rec } from "../requests.ts";
import { setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("one listing per channel and SKU", () => {
  it("publish-all reuses the listing a channel already has for a SKU, so levels count its stock once", async () => {
    const t = await setup.tenant();
    const warehouse = await create(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await create(t, "channels", { name: "Store" });
    await expectStatus(
      t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
        items: [{ externalId: "E1", sku: "MUG-1", name: "Mug" }],
      }),
      200,
    );
    const [variant] = (await list(t, "variants")) as [Rec];
    await create(t, "adjustments", { variantId: variant.id, warehouseId: warehouse.id, quantity: 5 });
    const feed = await create(t, "inventory-feeds", { name: "Vendor feed" });
    await create(t, "inventory-feed-channels", { inventoryFeedId: feed.id, channelId: channel.id });
    const item = await create(t, "inventory-feed-variants", {
      inventoryFeedId: feed.id,
      externalId: "F1",
      sku: "MUG-1",
      reviewStatus: "approved",
    });

    const published = await expectStatus(
      t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {}),
      200,
    );
    expect(published).toEqual([]);
    const listings = await list(t, "channel-variants");
    expect(listings).toHaveLength(1);
    expect(listings[0]!).toMatchObject({
      externalId: "E1",
      inventoryFeedVariantId: item.id,
      status: "connected",
    });
    expect((await list(t, "inventory-feed-variants"))[0]!.status).toBe("connected");

    const levels = await expectStatus(t.json("GET", `/channels/${channel.id}/variant-levels.json`), 200);
    expect(levels).toHaveLength(1);
    expect(levels[0]).toMatchObject({ sku: "MUG-1", onHand: 5, available: 5 });

    const duplicate = await expectStatus(
      t.json("POST", "/channel-variants.json", { channelId: channel.id, sku: "MUG-1" }),
      409,
    );
    expect(duplicate.fields).toEqual(["channelId", "sku"]);
  });
});

describe("safety stock", () => {
  it("is held back from what variant-levels and a channel's export publish, never below 0", async () => {
    const t = await setup.tenant();
    const warehouse = await create(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await create(t, "channels", { name: "Store", safetyStock: 3 });
    const a = await create(t, "variants", { sku: "A", name: "A" });
    const b = await create(t, "variants", { sku: "B", name: "B" });
    await create(t, "channel-variants", { channelId: channel.id, variantId: a.id, sku: "A" });
    await create(t, "channel-variants", { channelId: channel.id, variantId: b.id, sku: "B" });
    await create(t, "adjustments", { variantId: a.id, warehouseId: warehouse.id, quantity: 10 });
    await create(t, "adjustments", { variantId: b.id, warehouseId: warehouse.id, quantity: 2 });

    const levels = await expectStatus(t.json("GET", `/channels/${channel.id}/variant-levels.json`), 200);
    expect(levels.map((level: any) => [level.sku, level.onHand, level.safetyStock, level.available])).toEqual(
      [
        ["A", 10, 3, 7],
        ["B", 2, 3, 0],
      ],
    );
    expect(levels[0].externalId).toBeNull();

    const definition = await create(t, "inventory-exports", {
      name: "Store stock",
      channelId: channel.id,
      format: "json",
    });
    const exported = await expectStatus(
      t.json("GET", `/inventory-exports/${definition.id}/export.json`),
      200,
    );
    const file = await t.json("GET", exported.url);
    expect(file.body.map((row: any) => [row.sku, row.available])).toEqual([
      ["A", 7],
      ["B", 0],
    ]);
  });
});

describe("imports and orders that say what they did", () => {
  it("the connector import tells a new catalogue variant from an existing one, and refuses a SKU rename", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const existing = await create(t, "variants", { sku: "S1", name: "Catalogue name" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const first = await expectStatus(t.json("POST", path, { items: [{ externalId: "E1", sku: "S1" }] }), 200);
    expect(first.results[0]).toMatchObject({
      result: "created",
      variantResult: "unchanged",
      variantId: existing.id,
    });
    expect(first).toMatchObject({ created: 1, variantsCreated: 0 });

    const renamed = await expectStatus(
      t.json("POST", path, { items: [{ externalId: "E1", sku: "S1-NEW" }] }),
      422,
    );
    expect(renamed.errors).toEqual([
      {
        path: "items.0.sku",
        message: `is S1-NEW, but E1 is linked to variant ${existing.id} with sku S1: rename a catalogue sku with PUT /variants/${existing.id}.json, not through the connector`,
      },
    ]);
    expect((await list(t, "variants")).map((variant) => variant.sku)).toEqual(["S1"]);
  });

  it("an order without lines is a 422", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const refused = await expectStatus(
      t.json("POST", `/channels/${channel.id}/manual-sale.json`, {
        externalId: "EMPTY",
        customer: { email: "ana@example.com" },
        shippingAddress: { lineOne: "5 Elm St", city: "Denver", country: "US" },
        items: [],
      }),
      422,
    );
    expect(refused.errors.map((error: any) => error.path)).toEqual(["items"]);
    expect(await list(t, "sales")).toEqual([]);
  });
});

describe("a price list's prices", () => {
  it("names the variants of the company: 1,000 prices checked at once, a missing one named by its place", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const imported = await expectStatus(
      t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
        items: Array.from({ length: 1000 }, (_, n) => ({ externalId: `E${n}`, sku: `P${n}`, price: 1 })),
      }),
      200,
    );
    const prices = imported.results.map((result: Rec) => ({ variantId: result.variantId, price: 2 }));
    const listed = await create(t, "channel-price-lists", { channelId: channel.id, name: "All", prices });
    expect(listed.prices).toHaveLength(1000);

    const other = await setup.tenant();
    const theirs = await create(other, "variants", { sku: "THEIRS", price: 1 });
    const named = prices.map((price: Rec, n: number) =>
      n === 998 ? { ...price, variantId: theirs.id } : price,
    );
    const refused = await expectStatus(
      t.json("POST", "/channel-price-lists.json", { channelId: channel.id, name: "Mixed", prices: named }),
      422,
    );
    expect(refused.errors).toEqual([
      { path: "prices.998.variantId", message: `names no variant (id ${theirs.id})` },
    ]);
    const put = await expectStatus(
      t.json("PUT", `/channel-price-lists/${listed.id}.json`, { prices: named }),
      422,
    );
    expect(put.errors.map((error: Rec) => error.path)).toEqual(["prices.998.variantId"]);
    expect((await list(t, "channel-price-lists")).map((each) => each.name)).toEqual(["All"]);
  });
});
