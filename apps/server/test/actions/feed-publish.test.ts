import { beforeAll, describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";
import { feedSetup, get, list, make } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

describe("inventory-feed publish-all", () => {
  it("publishes approved, unpublished items to every feed channel, once", async () => {
    const t = await ctx.tenant();
    const { provider, channels, feed, existing, items } = await feedSetup(t);
    const path = `/inventory-feeds/${feed.id}/publish-all.json`;

    const response = await t.json("PUT", path, {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toHaveLength(4);
    const [created] = await list(t, "variants", { sku: "NEW1" });
    expect(created).toMatchObject({
      name: "New thing",
      price: 12.5,
      costPrice: 6.25,
      dropshipProviderId: provider.id,
    });
    expect(await get(t, "variants", existing.id)).toEqual(existing);
    expect(
      response.body.map((cv: any) => [
        cv.channelId,
        cv.variantId,
        cv.sku,
        cv.inventoryFeedVariantId,
        cv.source,
        cv.status,
        cv.externalId,
      ]),
    ).toEqual([
      [channels[0].id, created.id, "NEW1", items[0].id, "inventoryFeed", "pending", null],
      [channels[1].id, created.id, "NEW1", items[0].id, "inventoryFeed", "pending", null],
      [channels[0].id, existing.id, "OLD1", items[1].id, "inventoryFeed", "pending", null],
      [channels[1].id, existing.id, "OLD1", items[1].id, "inventoryFeed", "pending", null],
    ]);
    const published = await get(t, "inventory-feed-variants", items[0].id);
    expect(published).toMatchObject({ status: "connected", variantId: created.id });
    expect(published.publishedAt).toEqual(expect.any(String));
    expect(await get(t, "inventory-feed-variants", items[2].id)).toMatchObject({
      status: "pending",
      variantId: null,
    });
    expect(await get(t, "inventory-feed-variants", items[3].id)).toMatchObject({
      status: "pending",
      variantId: null,
    });
    expect(await list(t, "variants", { sku: "NEW3" })).toEqual([]);

    const again = await t.json("PUT", path, {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual([]);
    expect(await list(t, "channel-variants")).toHaveLength(4);

    await t.json("PUT", `/inventory-feed-variants/${items[2].id}.json`, { reviewStatus: "approved" });
    const third = await t.json("PUT", path, {});
    expect(third.body.map((cv: any) => cv.sku)).toEqual(["NEW3", "NEW3"]);

    const acknowledged = await t.json("PUT", `/channels/${channels[1].id}/acknowledge-variant.json`, {
      externalId: "B-77",
      sku: "NEW1",
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body).toMatchObject({
      id: response.body[1].id,
      externalId: "B-77",
      status: "connected",
    });
  });

  it("retries an item in error on the channels it is missing from, and leaves published items alone", async () => {
    const t = await ctx.tenant();
    const { feed, items } = await feedSetup(t);
    const path = `/inventory-feeds/${feed.id}/publish-all.json`;
    expect((await t.json("PUT", path, {})).body).toHaveLength(4);
    const added = await make(t, "channels", { name: "Store C" });
    await make(t, "inventory-feed-channels", { inventoryFeedId: feed.id, channelId: added.id });
    // A failed store sync puts an item in error; nothing in this API does that yet, so the state is set directly.
    await ctx.db.execute({
      sql: "UPDATE inventory_feed_variants SET status = 'error' WHERE id = ?",
      args: [items[0].id],
    });

    const retried = await t.json("PUT", path, {});
    expect(retried.status).toBe(200);
    expect(retried.body.map((cv: any) => [cv.channelId, cv.sku])).toEqual([[added.id, "NEW1"]]);
    expect((await get(t, "inventory-feed-variants", items[0].id)).status).toBe("connected");
    expect(await list(t, "channel-variants")).toHaveLength(5);
  });

  it("answers 409 for a feed with no channel, and publishes nothing", async () => {
    const t = await ctx.tenant();
    const feed = await make(t, "inventory-feeds", { name: "Lonely feed" });
    const feedItem = await make(t, "inventory-feed-variants", {
      inventoryFeedId: feed.id,
      externalId: "F1",
      sku: "S1",
      reviewStatus: "approved",
    });
    const response = await t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {});
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain("inventory-feed-channel");
    expect(await get(t, "inventory-feed-variants", feedItem.id)).toEqual(feedItem);
    expect(await list(t, "variants")).toEqual([]);
  });
});

describe("publish-all of a feed priced in another currency", () => {
  /** A feed on one channel in `currency` (none: the company's), with approved items priced in it. */
  async function pricedFeed(t: Awaited<ReturnType<typeof ctx.tenant>>, currency?: Record<string, unknown>) {
    const currencyId = currency
      ? (
          await make(t, "currencies", {
            iso: "EUR",
            name: "Euro",
            symbol: "€",
            useLiveRates: false,
            ...currency,
          })
        ).id
      : null;
    const channel = await make(t, "channels", { name: "Web" });
    const feed = await make(t, "inventory-feeds", { name: "EU supplier", currencyId });
    await make(t, "inventory-feed-channels", { inventoryFeedId: feed.id, channelId: channel.id });
    for (const [externalId, price] of [
      ["F1", 10],
      ["F2", 9.99],
      ["F3", null],
    ] as const) {
      await make(t, "inventory-feed-variants", {
        inventoryFeedId: feed.id,
        externalId,
        sku: `EU-${externalId}`,
        reviewStatus: "approved",
        price,
        costPrice: 4,
      });
    }
    const publish = () => t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {});
    const prices = async () =>
      (await list(t, "variants")).map((variant) => [variant.sku, variant.price, variant.costPrice]);
    return { currencyId, feed, publish, prices };
  }

  it("creates each variant at the item's price in the company's currency: divided by the exchangeRate, to the cent", async () => {
    const t = await ctx.tenant();
    const { publish, prices } = await pricedFeed(t, { exchangeRate: 0.92 });
    expect((await publish()).status).toBe(200);
    // 10 / 0.92 = 10.8695…, 9.99 / 0.92 = 10.8586…
    expect(await prices()).toEqual([
      ["EU-F1", 10.87, 4],
      ["EU-F2", 10.86, 4],
      ["EU-F3", null, 4],
    ]);
  });

  it("rounds up to whole units with the currency's roundUp, and converts nothing for a feed without a currency", async () => {
    const t = await ctx.tenant();
    const rounded = await pricedFeed(t, { exchangeRate: 0.5, roundUp: true });
    expect((await rounded.publish()).status).toBe(200);
    expect(await rounded.prices()).toEqual([
      ["EU-F1", 20, 4],
      ["EU-F2", 20, 4],
      ["EU-F3", null, 4],
    ]);
    const u = await ctx.tenant();
    const plain = await pricedFeed(u);
    expect((await plain.publish()).status).toBe(200);
    expect(await plain.prices()).toEqual([
      ["EU-F1", 10, 4],
      ["EU-F2", 9.99, 4],
      ["EU-F3", null, 4],
    ]);
  });

  it("answers 409 naming the currency when its exchangeRate is 0, and publishes nothing", async () => {
    const t = await ctx.tenant();
    const { currencyId, feed, publish } = await pricedFeed(t, { exchangeRate: 0 });
    const items = await list(t, "inventory-feed-variants", { inventoryFeedId: feed.id });
    const response = await publish();
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain(`currency ${currencyId} (EUR), whose exchangeRate is 0`);
    expect(await list(t, "inventory-feed-variants", { inventoryFeedId: feed.id })).toEqual(items);
    expect(await list(t, "variants")).toEqual([]);
  });
});
