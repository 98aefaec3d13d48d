import { beforeAll, describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";
import { get, item, list, make, snapshot } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

describe("channel import-connector-variant-batch", () => {
  it("creates variants, products and connected channel variants, then updates them on the next run", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const first = await t.json("POST", path, {
      items: [
        item(1, {
          productName: "Shirt",
          price: 19.99,
          costPrice: 7.5,
          weight: 200,
          barcode: "0001",
          vendorSku: "V-0001",
        }),
        item(2, { productName: "Shirt", price: 19.99 }),
        item(3, { externalGroupId: "G3" }),
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.created).toBe(3);
    expect(first.body.updated).toBe(0);
    const variants = await list(t, "variants");
    const listings = await list(t, "channel-variants");
    expect(first.body.results).toEqual(
      [1, 2, 3].map((n, index) => ({
        index,
        externalId: `E${n}`,
        sku: `S${n}`,
        result: "created",
        variantResult: "created",
        variantId: variants[index].id,
        channelVariantId: listings[index].id,
      })),
    );
    expect(first.body).toMatchObject({ variantsCreated: 3, variantsUpdated: 0 });
    const products = await list(t, "products");
    expect(products.map((p) => p.name)).toEqual(["Shirt"]);
    expect(variants[0]).toMatchObject({
      sku: "S1",
      name: "Item 1",
      price: 19.99,
      costPrice: 7.5,
      weight: 200,
      barcode: "0001",
      vendorSku: "V-0001",
      productId: products[0].id,
    });
    expect(variants[2].productId).toBeNull();
    expect(listings[2]).toMatchObject({
      channelId: channel.id,
      externalId: "E3",
      sku: "S3",
      externalGroupId: "G3",
      variantId: variants[2].id,
      source: "connector",
      status: "connected",
    });

    const second = await t.json("POST", path, {
      items: [item(1, { price: 21 }), item(2, { name: "Two", vendorSku: "V-0002" }), item(3), item(4)],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ created: 1, updated: 3, variantsCreated: 1, variantsUpdated: 2 });
    expect(second.body.results.map((r: any) => [r.result, r.variantResult])).toEqual([
      ["updated", "updated"],
      ["updated", "updated"],
      ["updated", "unchanged"],
      ["created", "created"],
    ]);
    expect(second.body.results[0].variantId).toBe(variants[0].id);
    const after = await list(t, "variants");
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({
      sku: "S1",
      price: 21,
      costPrice: 7.5,
      productId: products[0].id,
    });
    expect(after[1]).toMatchObject({ name: "Two", vendorSku: "V-0002" });
    expect(after[0].vendorSku).toBe("V-0001");
    const listingsAfter = await list(t, "channel-variants");
    expect(listingsAfter).toHaveLength(4);
    expect(listingsAfter[0]).toMatchObject({ sku: "S1", externalGroupId: null });
    expect(listingsAfter[2].externalGroupId).toBe("G3");
    expect(await list(t, "products")).toHaveLength(1);
  });

  it("answers each item of a full batch with the ids of what it wrote, across statements", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const vendor = await make(t, "vendors", { name: "Maker" });
    const provider = await make(t, "dropship-providers", { name: "Supplier" });
    // Thirteen columns a variant: its 1,000 rows take two INSERT statements (10,000 arguments each at most).
    const items = Array.from({ length: 1000 }, (_, n) =>
      item(n, {
        productName: `Product ${n % 7}`,
        barcode: `B${n}`,
        price: n / 100,
        costPrice: 1,
        weight: n,
        tags: [`t${n}`],
        vendorId: vendor.id,
        dropshipProviderId: provider.id,
      }),
    );
    const answer = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items,
    });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
    expect(answer.body).toMatchObject({ created: 1000, variantsCreated: 1000 });
    for (const n of [0, 1, 768, 769, 770, 999]) {
      const result = answer.body.results[n];
      expect(result).toMatchObject({ index: n, externalId: `E${n}`, sku: `S${n}` });
      const variant = await t.json("GET", `/variants/${result.variantId}.json`);
      expect(variant.body).toMatchObject({ sku: `S${n}`, barcode: `B${n}`, price: n / 100, weight: n });
      const listing = await t.json("GET", `/channel-variants/${result.channelVariantId}.json`);
      expect(listing.body).toMatchObject({ externalId: `E${n}`, sku: `S${n}`, variantId: result.variantId });
    }
    const ids = answer.body.results.map((result: { variantId: number }) => result.variantId);
    expect(new Set(ids).size).toBe(1000);
  });

  it("links a store variant to the catalogue variant with the same sku", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const existing = await make(t, "variants", { sku: "S1", name: "Catalogue name", price: 5 });
    const response = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [item(1)],
    });
    expect(response.status).toBe(200);
    expect(response.body.results[0]).toMatchObject({ result: "created", variantId: existing.id });
    expect(await list(t, "variants")).toHaveLength(1);
    expect((await get(t, "variants", existing.id)).name).toBe("Item 1");
  });

  it("answers 422 for duplicates inside a batch, naming the items", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const response = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [item(1), item(2), item(3, { externalId: "E1" }), item(4, { sku: "S2" })],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { path: "items.2.externalId", message: "repeats items.0.externalId (E1)" },
      { path: "items.3.sku", message: "repeats items.1.sku (S2)" },
    ]);
    expect(await list(t, "variants")).toEqual([]);
  });

  it("writes nothing when one item fails, and names every failing item", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const imported = await t.json("POST", path, { items: [item(1), item(2)] });
    expect(imported.status).toBe(200);
    const [one, two] = imported.body.results.map((result: { variantId: number }) => result.variantId);
    const taken = await make(t, "variants", { sku: "TAKEN" });
    const before = await snapshot(t, ["variants", "channel-variants", "products"]);

    const response = await t.json("POST", path, {
      items: [
        item(5, { productName: "New product" }),
        item(1, { sku: "TAKEN" }),
        item(6),
        item(2, { sku: "S1" }),
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      {
        path: "items.1.sku",
        message: `is TAKEN, the sku of variant ${taken.id}, but E1 is linked to variant ${one} (S1)`,
      },
      {
        path: "items.3.sku",
        message: `is S1, the sku of variant ${one}, but E2 is linked to variant ${two} (S2)`,
      },
    ]);
    expect(await snapshot(t, Object.keys(before))).toEqual(before);

    const invalid = await t.json("POST", path, { items: [item(7), item(8, { price: -1 })] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].path).toBe("items.1.price");
    expect(await snapshot(t, Object.keys(before))).toEqual(before);

    // An item's values keep the bounds of the variant they become: else it could not be sent back.
    const beyond = await t.json("POST", path, {
      items: [item(9, { weight: 1e12 }), item(10, { grams: 5e10 }), item(11, { tags: [""] })],
    });
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "items.0.weight",
      "items.1.grams",
      "items.2.tags.0",
    ]);
    expect(await snapshot(t, Object.keys(before))).toEqual(before);
  });

  it("says after each item's path what it names that it cannot import", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const unknown = await t.json("POST", path, { items: [item(1), item(2, { vendorId: 987654 })] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([
      { path: "items.1.vendorId", message: "names no vendor (id 987654)" },
    ]);

    const first = await t.json("POST", path, { items: [item(1)] });
    expect(first.status).toBe(200);
    const variantId = first.body.results[0].variantId;
    const before = await snapshot(t, ["variants", "channel-variants", "products"]);
    // A new listing by the sku S1, and E1 (linked to S1's variant) renamed: both come to one variant.
    const both = await t.json("POST", path, { items: [item(5, { sku: "S1" }), item(1, { sku: "S9" })] });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual([
      {
        path: "items.1.sku",
        message: `is S9, but E1 is linked to variant ${variantId} with sku S1: rename a catalogue sku with PUT /variants/${variantId}.json, not through the connector`,
      },
      {
        path: "items.1.sku",
        message: `resolves to variant ${variantId}, as items.0 does: one variant cannot take both`,
      },
    ]);
    expect(await snapshot(t, Object.keys(before))).toEqual(before);
  });

  it("puts a variant on another product only if that product has the options its values name", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const first = await t.json("POST", path, { items: [item(1, { productName: "Shirt" }), item(2)] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [variantId] = first.body.results.map((result: { variantId: number }) => result.variantId);
    const [shirt] = await list(t, "products");
    await t.json("PUT", `/products/${shirt.id}.json`, { optionNames: ["Size", "Colour"] });
    const colour = await make(t, "option-values", { variantId, name: "Colour", value: "Red" });
    await make(t, "option-values", { variantId, name: "Size", value: "M" });
    const sized = await make(t, "products", { name: "Sized", optionNames: ["Size"] });
    const both = await make(t, "products", { name: "Both", optionNames: ["Colour", "Size"] });
    const before = await snapshot(t, ["variants", "channel-variants", "products", "option-values"]);

    const refused = await t.json("POST", path, {
      items: [item(2, { productName: "Poster" }), item(1, { productId: sized.id })],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        path: "items.1.productId",
        message: `puts variant ${variantId} on product ${sized.id}, whose optionNames leave out an option its values name: option-value ${colour.id} ("Colour"). Change or delete them first`,
      },
    ]);
    const named = await t.json("POST", path, { items: [item(1, { productName: "Poster" })] });
    expect(named.status).toBe(422);
    expect(named.body.errors).toEqual([
      { path: "items.0.productName", message: expect.stringContaining('on product "Poster"') },
    ]);
    expect(await snapshot(t, Object.keys(before))).toEqual(before);

    // Sent its own product again, or put on one with its options, or on none: imported.
    for (const extra of [{ productName: "Shirt" }, { productId: both.id }, { productId: null }]) {
      const moved = await t.json("POST", path, { items: [item(1, extra)] });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    expect(await list(t, "variants")).toContainEqual(
      expect.objectContaining({ id: variantId, productId: null }),
    );
  });

  it("takes 1,000 items in one call and refuses 1,001", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const items = Array.from({ length: 1000 }, (_, n) => item(n, { price: 1 + n / 100 }));
    const response = await t.json("POST", path, { items });
    expect(response.status).toBe(200);
    expect(response.body.created).toBe(1000);
    expect(new Set(response.body.results.map((r: any) => r.channelVariantId)).size).toBe(1000);
    const last = await get(t, "variants", response.body.results[999].variantId);
    expect(last).toMatchObject({ sku: "S999", price: 10.99 });

    const again = await t.json("POST", path, { items });
    expect(again.body).toMatchObject({ created: 0, updated: 1000 });

    const tooMany = await t.json("POST", path, { items: [...items, item(1000)] });
    expect(tooMany.status).toBe(422);
  });
});
