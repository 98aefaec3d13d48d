// The store connector's batch import, matching items to listings: a new store-side id for a SKU the
// channel lists takes over that listing, and two items that would write one listing are refused by name.
import { beforeAll, describe, expect, it } from "vitest";
import type { Tenant } from "../support.ts";
import { setupApp } from "../support.ts";
import { list, make, snapshot } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

const importBatch = (t: Tenant, channelId: number, items: Record<string, unknown>[]) =>
  t.json("POST", `/channels/${channelId}/import-connector-variant-batch.json`, { items });

const WRITTEN = ["variants", "channel-variants", "channel-variant-imports", "products"];

describe("connector import: matching items to the channel's listings", () => {
  it("moves a listing to the new store-side id of a re-created product, and imports the rest of the batch", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const first = await importBatch(t, channel.id, [{ externalId: "Y", sku: "A", name: "Mug" }]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { channelVariantId, variantId } = first.body.results[0];

    const second = await importBatch(t, channel.id, [
      { externalId: "OK-1", sku: "B", name: "Cup" },
      { externalId: "Z", sku: "A", name: "Mug" },
    ]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ created: 1, updated: 1, variantsCreated: 1 });
    expect(second.body.results[1]).toMatchObject({
      externalId: "Z",
      sku: "A",
      result: "updated",
      channelVariantId,
      variantId,
    });
    const listings = await list(t, "channel-variants", { channelId: channel.id });
    expect(listings.map((listing) => [listing.externalId, listing.sku, listing.status])).toEqual([
      ["Z", "A", "connected"],
      ["OK-1", "B", "connected"],
    ]);
    expect(listings[0]).toMatchObject({ id: channelVariantId, variantId });
    expect((await list(t, "variants")).map((variant) => variant.sku)).toEqual(["A", "B"]);
  });

  it("never moves a listing matched by its own sku to another variant after its variant's sku was renamed", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const first = await importBatch(t, channel.id, [{ externalId: "E1", sku: "A", name: "Mug" }]);
    const { variantId } = first.body.results[0];
    // The catalogue's SKU renamed the documented way; the listing keeps the store's.
    await t.json("PUT", `/variants/${variantId}.json`, { sku: "A2" });
    const before = await snapshot(t, WRITTEN);
    for (const item of [{ externalId: "E1", sku: "A" }, { sku: "A" }]) {
      const refused = await importBatch(t, channel.id, [item]);
      expect(refused.status, JSON.stringify(item)).toBe(422);
      expect(refused.body.errors).toEqual([
        {
          path: "items.0.sku",
          message: expect.stringContaining(`linked to variant ${variantId} with sku A2`),
        },
      ]);
    }
    expect(await snapshot(t, WRITTEN)).toEqual(before);
  });

  it("names the later of two items that come to one listing, by its id and by a sku, and writes nothing", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const listing = await make(t, "channel-variants", { channelId: channel.id, externalId: "X", sku: "S2" });
    const before = await snapshot(t, WRITTEN);

    // Asked again, as a 409 would tell a connector to: the answer does not change.
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await importBatch(t, channel.id, [{ externalId: "X", sku: "S1" }, { sku: "S2" }]);
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.errors).toEqual([
        {
          path: "items.1.sku",
          message: `resolves to channel variant ${listing.id}, as items.0 does: one listing cannot take both`,
        },
      ]);
    }
    expect(await snapshot(t, WRITTEN)).toEqual(before);
  });

  it("names an item whose id another item's sku already took the listing of", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const listing = await make(t, "channel-variants", { channelId: channel.id, externalId: "Y", sku: "A" });
    const before = await snapshot(t, WRITTEN);

    const response = await importBatch(t, channel.id, [
      { externalId: "Z", sku: "A" },
      { externalId: "Y", sku: "B" },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.errors).toEqual([
      {
        path: "items.1.externalId",
        message: `resolves to channel variant ${listing.id}, as items.0 does: one listing cannot take both`,
      },
    ]);
    expect(await snapshot(t, WRITTEN)).toEqual(before);
  });

  it("names an item listed by its id whose sku another listing of the channel holds", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const renamed = await make(t, "channel-variants", { channelId: channel.id, externalId: "X", sku: "S1" });
    const holder = await make(t, "channel-variants", { channelId: channel.id, externalId: "W", sku: "S2" });
    const before = await snapshot(t, WRITTEN);

    const response = await importBatch(t, channel.id, [{ externalId: "X", sku: "S2" }]);
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.errors).toEqual([
      {
        path: "items.0.sku",
        message: `is S2, the sku of channel variant ${holder.id} of this channel, but X is channel variant ${renamed.id}: one channel lists a sku once`,
      },
    ]);
    expect(await snapshot(t, WRITTEN)).toEqual(before);
  });
});
