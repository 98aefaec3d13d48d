import { beforeAll, describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";
import { feedSetup, get, item, make, snapshot } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

describe("channel acknowledge-variant", () => {
  it("records the store's id and connects the channel variant, found by its sku or its variant's", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const variant = await make(t, "variants", { sku: "S1" });
    const bySku = await make(t, "channel-variants", { channelId: channel.id, sku: "X1" });
    const byVariant = await make(t, "channel-variants", { channelId: channel.id, variantId: variant.id });
    const path = `/channels/${channel.id}/acknowledge-variant.json`;

    const first = await t.json("PUT", path, { externalId: "STORE-1", sku: "X1" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: bySku.id, externalId: "STORE-1", status: "connected" });
    const second = await t.json("PUT", path, { externalId: "STORE-2", sku: "S1" });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: byVariant.id, externalId: "STORE-2", status: "connected" });
    expect((await get(t, "channel-variants", byVariant.id)).status).toBe("connected");
  });

  it("answers 404 for a sku with no channel variant on the channel", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const other = await make(t, "channels", { name: "Other" });
    await make(t, "channel-variants", { channelId: other.id, sku: "X1" });
    const response = await t.json("PUT", `/channels/${channel.id}/acknowledge-variant.json`, {
      externalId: "E",
      sku: "X1",
    });
    expect(response.status).toBe(404);
  });

  it("answers 409 when the channel variant is not waiting for the store, or the external id is taken", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/acknowledge-variant.json`;
    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] });
    const pending = await make(t, "channel-variants", { channelId: channel.id, sku: "X2" });
    const before = await snapshot(t, ["channel-variants"]);

    const connected = await t.json("PUT", path, { externalId: "NEW", sku: "S1" });
    expect(connected.status).toBe(409);
    expect(connected.body).toMatchObject({
      state: "connected",
      allowedStates: ["pending", "initialized", "acknowledging", "error"],
    });

    const taken = await t.json("PUT", path, { externalId: "E1", sku: "X2" });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toContain("E1");
    expect(await snapshot(t, ["channel-variants"])).toEqual(before);
    expect((await get(t, "channel-variants", pending.id)).status).toBe("pending");
  });

  it("answers 409 for a channel variant whose feed item was removed", async () => {
    const t = await ctx.tenant();
    const { channels, feed } = await feedSetup(t);
    await t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {});
    await t.json("DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=F1`);
    const response = await t.json("PUT", `/channels/${channels[0].id}/acknowledge-variant.json`, {
      externalId: "E",
      sku: "NEW1",
    });
    expect(response.status).toBe(409);
    expect(response.body.state).toBe("ignore");
  });
});
