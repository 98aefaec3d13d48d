import type { InStatement } from "@libsql/client";
import type { Channel } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/database.ts";
import type { Ctx } from "../../src/domain/context.ts";
import { listChannelVariantLevels } from "../../src/services/actions/inventory.ts";
import { GROWN_COMPANY, grownDb } from "../list-plan.ts";
import { setupApp } from "../support.ts";
import { item, list, make, sale } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

describe("channel variant-levels and variant-set-level", () => {
  it("sets absolute levels as adjustments and reports levels per location", async () => {
    const t = await ctx.tenant();
    const main = await make(t, "warehouses", { name: "Main", isDefault: true });
    const annex = await make(t, "warehouses", { name: "Annex" });
    const channel = await make(t, "channels", { name: "Store" });
    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [item(1), item(2), item(3)],
    });
    const set = (body: Record<string, unknown>) =>
      t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, body);

    const first = await set({ sku: "S1", quantity: 10, notes: "counted" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [s1] = await list(t, "variants", { sku: "S1" });
    expect(first.body).toMatchObject({
      variantId: s1.id,
      warehouseId: main.id,
      quantity: 10,
      quantityBefore: 0,
      quantityAfter: 10,
      notes: "counted",
    });
    expect((await set({ externalId: "E1", quantity: 4, warehouseId: annex.id })).body).toMatchObject({
      warehouseId: annex.id,
      quantity: 4,
      quantityBefore: 0,
      quantityAfter: 4,
    });
    expect((await set({ sku: "S1", quantity: 7 })).body).toMatchObject({
      quantity: -3,
      quantityBefore: 10,
      quantityAfter: 7,
    });
    expect(await list(t, "adjustments")).toHaveLength(3);

    const soldOut = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale("O1", [{ sku: "S1", quantity: 2, price: 1 }]),
    );
    expect(soldOut.status).toBe(200);

    const levels = await t.json("GET", `/channels/${channel.id}/variant-levels.json`);
    expect(levels.status).toBe(200);
    expect(levels.body).toHaveLength(3);
    expect(levels.body[0]).toEqual({
      channelVariantId: expect.any(Number),
      variantId: s1.id,
      sku: "S1",
      externalId: "E1",
      onHand: 11,
      allocated: 2,
      feedQuantity: 0,
      safetyStock: 0,
      available: 9,
      locations: [
        { warehouseId: main.id, location: null, onHand: 7, allocated: 2, available: 5 },
        { warehouseId: annex.id, location: null, onHand: 4, allocated: 0, available: 4 },
      ],
    });
    expect(levels.body[1]).toMatchObject({ sku: "S2", onHand: 0, allocated: 0, available: 0, locations: [] });

    const bySku = await t.json("GET", `/channels/${channel.id}/variant-levels.json?sku=S2`);
    expect(bySku.body.map((l: any) => l.externalId)).toEqual(["E2"]);
    const byExternalId = await t.json("GET", `/channels/${channel.id}/variant-levels.json?externalId=E3`);
    expect(byExternalId.body.map((l: any) => l.sku)).toEqual(["S3"]);
    const page1 = await t.json("GET", `/channels/${channel.id}/variant-levels.json?limit=2`);
    expect(page1.body.map((l: any) => l.sku)).toEqual(["S1", "S2"]);
    const page2 = await t.json("GET", `/channels/${channel.id}/variant-levels.json?limit=2&from=2`);
    expect(page2.body.map((l: any) => l.sku)).toEqual(["S3"]);
    // A bad query is a 400, as for lists; so is a term sent twice (it was taken as its last).
    expect((await t.json("GET", `/channels/${channel.id}/variant-levels.json?limit=251`)).status).toBe(400);
    const twice = await t.json("GET", `/channels/${channel.id}/variant-levels.json?sku=S1&sku=S2`);
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toBe("sku must be sent once.");
  });

  it("answers 422 without sku or externalId, 404 for an unknown one, 422 for an unlinked one, and changes nothing", async () => {
    const t = await ctx.tenant();
    await make(t, "warehouses", { name: "Main" });
    const channel = await make(t, "channels", { name: "Store" });
    const unlinked = await make(t, "channel-variants", { channelId: channel.id, externalId: "LOOSE" });
    const path = `/channels/${channel.id}/variant-set-level.json`;

    const neither = await t.json("PUT", path, { quantity: 5 });
    expect(neither.status).toBe(422);
    expect(neither.body.errors).toEqual([
      { path: "externalId", message: "is required (or sku)" },
      { path: "sku", message: "is required (or externalId)" },
    ]);
    expect(neither.body.detail).toBe("Send externalId or sku to name the channel variant.");
    expect((await t.json("PUT", path, { sku: "NOPE", quantity: 5 })).status).toBe(404);
    expect((await t.json("PUT", path, { externalId: "NOPE", quantity: 5 })).status).toBe(404);
    const loose = await t.json("PUT", path, { externalId: "LOOSE", quantity: 5 });
    expect(loose.status).toBe(422);
    expect(loose.body.errors).toEqual([
      {
        path: "externalId",
        message: `names channel variant ${unlinked.id}, which is not linked to a catalogue variant, so it has no stock to set`,
      },
    ]);
    expect((await t.json("PUT", path, { quantity: -1, sku: "X" })).status).toBe(422);

    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] });
    const foreign = await make(await ctx.tenant(), "warehouses", { name: "Theirs" });
    const elsewhere = await t.json("PUT", path, { sku: "S1", quantity: 5, warehouseId: foreign.id });
    expect(elsewhere.status).toBe(422);
    const noReason = await t.json("PUT", path, { sku: "S1", quantity: 5, adjustmentReasonId: 987654 });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual([
      { path: "adjustmentReasonId", message: "names no adjustment reason (id 987654)" },
    ]);
    expect(noReason.body.detail).toBe("No adjustment reason with id 987654.");
    expect(await list(t, "adjustments")).toEqual([]);
    expect(await list(t, "inventory-levels")).toEqual([]);
  });

  it("sets the level at the channel's warehouse when none is named, and refuses an externalId and sku of two listings", async () => {
    const t = await ctx.tenant();
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const annex = await make(t, "warehouses", { name: "Annex" });
    const channel = await make(t, "channels", { name: "Annex store", warehouseId: annex.id });
    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [item(1), item(2)],
    });
    const set = (body: Record<string, unknown>) =>
      t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, body);

    const atChannel = await set({ sku: "S1", quantity: 5 });
    expect(atChannel.status, JSON.stringify(atChannel.body)).toBe(200);
    expect(atChannel.body).toMatchObject({ warehouseId: annex.id, quantityAfter: 5 });
    // Both names of one listing are taken (the SKU in any case); of two listings, a 422 naming the SKU.
    expect((await set({ externalId: "E1", sku: "s1", quantity: 6 })).status).toBe(200);
    const adjustments = await list(t, "adjustments");
    const conflicting = await set({ externalId: "E1", sku: "S2", quantity: 9 });
    expect(conflicting.status).toBe(422);
    const [listing] = await list(t, "channel-variants", { externalId: "E1" });
    expect(conflicting.body.errors).toEqual([
      {
        path: "sku",
        message: `is S2, but channel variant ${listing.id} (external id E1) has sku S1: send the two of one listing, or one of them`,
      },
    ]);
    expect(conflicting.body.detail).toBe(
      `Channel variant ${listing.id} (external id E1) has sku S1, not S2: send the two of one listing, or one of them.`,
    );
    expect(await list(t, "adjustments")).toEqual(adjustments);

    // A listing with no SKU of its own has its catalogue variant's: the two name it.
    const variant = await make(t, "variants", { sku: "OWNLESS" });
    await make(t, "channel-variants", { channelId: channel.id, variantId: variant.id, externalId: "E9" });
    const byBoth = await set({ externalId: "E9", sku: "OWNLESS", quantity: 4 });
    expect(byBoth.status, JSON.stringify(byBoth.body)).toBe(200);
    expect(byBoth.body).toMatchObject({ variantId: variant.id, quantityAfter: 4 });
  });

  it("stops counting a feed's items toward a variant's stock once the feed is disabled", async () => {
    const t = await ctx.tenant();
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await make(t, "channels", { name: "Store" });
    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] });
    await t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, { sku: "S1", quantity: 2 });
    const [s1] = await list(t, "variants", { sku: "S1" });
    const feed = await make(t, "inventory-feeds", { name: "Supplier", fetchFrequency: "never" });
    await make(t, "inventory-feed-variants", {
      inventoryFeedId: feed.id,
      externalId: "F1",
      sku: "S1",
      variantId: s1.id,
      quantity: 7,
    });
    const level = async () => (await t.json("GET", `/channels/${channel.id}/variant-levels.json`)).body[0];
    expect(await level()).toMatchObject({ onHand: 2, feedQuantity: 7, available: 9 });

    const disabled = await t.json("PUT", `/inventory-feeds/${feed.id}.json`, { enabled: false });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(await level()).toMatchObject({ onHand: 2, feedQuantity: 0, available: 2 });
  });
});

describe("a channel's levels by sku", () => {
  it("answers the listings whose own sku it is and those of the variant of that sku, once each", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const other = await make(t, "channels", { name: "Market" });
    const product = await make(t, "products", { name: "Mug" });
    const red = await make(t, "variants", { productId: product.id, sku: "RED" });
    const blue = await make(t, "variants", { productId: product.id, sku: "BLUE" });
    const listing = (body: Record<string, unknown>) => make(t, "channel-variants", body);
    // Listed under the variant's own sku; under another; with none; the same variant elsewhere.
    const same = await listing({ channelId: channel.id, variantId: red.id, sku: "RED", externalId: "L1" });
    const renamed = await listing({
      channelId: channel.id,
      variantId: red.id,
      sku: "R-STORE",
      externalId: "L2",
    });
    const bare = await listing({ channelId: channel.id, variantId: red.id, externalId: "L3" });
    // A listing under the sku "RED" of another variant: its own sku is the one asked for.
    const borrowed = await listing({
      channelId: channel.id,
      variantId: blue.id,
      sku: "BLUE-RED",
      externalId: "L4",
    });
    await listing({ channelId: other.id, variantId: red.id, sku: "RED", externalId: "M1" });
    const levels = async (query: string) => {
      const answer = await t.json("GET", `/channels/${channel.id}/variant-levels.json?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.map((level: { channelVariantId: number }) => level.channelVariantId);
    };
    expect(await levels("sku=RED")).toEqual([same.id, renamed.id, bare.id]);
    expect(await levels("sku=R-STORE")).toEqual([renamed.id]);
    expect(await levels("sku=BLUE-RED")).toEqual([borrowed.id]);
    expect(await levels("sku=BLUE")).toEqual([borrowed.id]);
    expect(await levels("sku=RED&limit=2&from=1")).toEqual([renamed.id, bare.id]);
    expect(await levels("sku=RED&externalId=L3")).toEqual([bare.id]);
    expect(await levels("sku=red")).toEqual([]);
    // Another company's variant and listing of the same sku are not this channel's.
    const stranger = await ctx.tenant();
    const theirs = await make(stranger, "channels", { name: "Store" });
    const theirProduct = await make(stranger, "products", { name: "Mug" });
    const theirRed = await make(stranger, "variants", { productId: theirProduct.id, sku: "RED" });
    await make(stranger, "channel-variants", { channelId: theirs.id, variantId: theirRed.id, sku: "RED" });
    expect(await levels("sku=RED")).toEqual([same.id, renamed.id, bare.id]);
  });

  it("finds them through the indexes, never reading every listing of the channel", async () => {
    // One channel of 3,000 listings, each of its own variant (sku `V-n`) under a sku of its own (`L-n`).
    const db: Db = await grownDb([
      "INSERT INTO channels (company_id, created_at, updated_at, name) VALUES (?1, ?2, ?2, 'Store')",
      "INSERT INTO variants (company_id, created_at, updated_at, sku) SELECT ?1, ?2, ?2, 'V-' || value FROM generate_series(1, 3000)",
      "INSERT INTO channel_variants (company_id, created_at, updated_at, channel_id, variant_id, sku) SELECT ?1, ?2, ?2, 1, value, 'L-' || value FROM generate_series(1, 3000)",
    ]);
    const statements: InStatement[] = [];
    const recording = {
      execute: (statement: InStatement) => {
        statements.push(statement);
        return db.execute(statement);
      },
    };
    // The levels read through `ctx.db` and the company only.
    const reading = { db: recording, companyId: GROWN_COMPANY } as Ctx;
    const channel = { id: 1, safetyStock: 0 } as Channel;
    for (const sku of ["V-1500", "L-1500"]) {
      statements.length = 0;
      const levels = await listChannelVariantLevels({ ctx: reading, channel, input: { sku } });
      expect(levels.map((level) => level.sku)).toEqual(["L-1500"]);
      const { sql, args } = statements[0] as { sql: string; args: [] };
      const plan = (await db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args })).rows.map((row) =>
        String(row.detail),
      );
      // Each read of the listings is a search by sku, by variant or by id: none takes the channel's whole
      // range (`company_id=? AND channel_id=?` alone), nor scans a table.
      const listings = plan.filter((step) => /^(SCAN|SEARCH) (cv|channel_variants)\b/.test(step));
      expect(listings.length, plan.join("\n")).toBeGreaterThan(0);
      for (const step of listings) {
        expect(step, plan.join("\n")).toMatch(/^SEARCH .*(sku|variant_id|rowid)=\?/);
      }
      expect(plan.join("\n")).not.toMatch(/^SCAN /m);
    }
  });
});
