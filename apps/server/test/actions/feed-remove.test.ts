import { beforeAll, describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";
import { feedSetup, get, list, make, snapshot } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

describe("inventory-feed remove-by-external-id", () => {
  it("removes the item and sets its channel variants to ignore; 404 for unknown, 409 the second time", async () => {
    const t = await ctx.tenant();
    const { feed, items } = await feedSetup(t);
    await t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {});
    const path = (externalId: string) =>
      `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=${externalId}`;

    const removed = await t.json("DELETE", path("F1"));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ id: items[0].id, status: "removed" });
    const listings = await list(t, "channel-variants");
    expect(listings.map((cv) => [cv.sku, cv.status, cv.errorMessage])).toEqual([
      ["NEW1", "ignore", "removed from the feed"],
      ["NEW1", "ignore", "removed from the feed"],
      ["OLD1", "pending", null],
      ["OLD1", "pending", null],
    ]);

    const before = await snapshot(t, ["inventory-feed-variants", "channel-variants"]);
    const twice = await t.json("DELETE", path("F1"));
    expect(twice.status).toBe(409);
    expect(twice.body.state).toBe("removed");
    // Sent again through the feed's webhook, the removed item is a state conflict with no action left.
    const resent = await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "F1",
      inventoryQuantity: 3,
    });
    expect(resent.status).toBe(409);
    expect(resent.body).toMatchObject({ state: "removed", allowedActions: [] });
    expect((await t.json("DELETE", path("NOPE"))).status).toBe(404);
    const missing = await t.json("DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: "externalId", message: "is required" }]);
    expect(await snapshot(t, Object.keys(before))).toEqual(before);

    expect((await t.json("DELETE", path("F3"))).body.status).toBe("removed");
  });
});

describe("publish-all after remove-by-external-id", () => {
  it("lists a SKU whose item was removed again for another feed's item, but not where the company set it to ignore", async () => {
    const t = await ctx.tenant();
    const { channels, feed } = await feedSetup(t);
    await t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {});
    const [own, removed] = await Promise.all(
      channels.map(
        async (channel) => (await list(t, "channel-variants", { channelId: channel.id, sku: "NEW1" }))[0],
      ),
    );
    // The company takes the SKU off its first store itself, before the supplier drops the item.
    const ignored = await t.json("PUT", `/channel-variants/${own.id}.json`, { status: "ignore" });
    expect(ignored.status).toBe(200);
    const dropped = await t.json(
      "DELETE",
      `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=F1`,
    );
    expect(dropped.status).toBe(200);
    const off = async () =>
      (await list(t, "channel-variants", { sku: "NEW1" })).map((cv) => [cv.id, cv.status, cv.errorMessage]);
    expect(await off()).toEqual([
      [own.id, "ignore", null],
      [removed.id, "ignore", "removed from the feed"],
    ]);
    // A listing taken off by the removal is at ignore for any write: only publish-all lists it again.
    const written = await t.json("PUT", `/channel-variants/${removed.id}.json`, { status: "pending" });
    expect(written.status).toBe(409);
    expect(written.body.detail).toMatch(/through its actions/);

    // Another supplier's feed has the SKU: its publish lists it again where the removal took it off.
    const other = await make(t, "inventory-feeds", { name: "Second vendor" });
    for (const channel of channels)
      await make(t, "inventory-feed-channels", { inventoryFeedId: other.id, channelId: channel.id });
    const item = await make(t, "inventory-feed-variants", {
      inventoryFeedId: other.id,
      externalId: "S1",
      sku: "NEW1",
      reviewStatus: "approved",
    });
    const published = await t.json("PUT", `/inventory-feeds/${other.id}/publish-all.json`, {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toEqual([]);
    expect(await off()).toEqual([
      [own.id, "ignore", null],
      [removed.id, "pending", null],
    ]);
    expect(await get(t, "channel-variants", removed.id)).toMatchObject({ inventoryFeedVariantId: item.id });
  });
});

describe("inventory-feed parse-webhook", () => {
  it("takes no item for a disabled feed (409, nothing written), as its batch webhook and imports", async () => {
    const t = await ctx.tenant();
    const { feed } = await feedSetup(t);
    await t.json("PUT", `/inventory-feeds/${feed.id}.json`, { enabled: false });
    const before = await snapshot(t, ["inventory-feed-variants"]);
    const sent = await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "F2",
      inventoryQuantity: 3,
    });
    expect(sent.status).toBe(409);
    expect(sent.body.detail).toBe(`Inventory feed ${feed.id} is disabled.`);
    expect(await snapshot(t, ["inventory-feed-variants"])).toEqual(before);
    await t.json("PUT", `/inventory-feeds/${feed.id}.json`, { enabled: true });
    const again = await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "F2",
      inventoryQuantity: 3,
    });
    expect(again.status).toBe(200);
  });
});
