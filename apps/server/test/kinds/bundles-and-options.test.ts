// The catalogue's own references: a bundle is never a component of itself nor within another bundle,
// and an option value names one of its product's options, which do not change under the values that
// name them.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("a bundle is not a component of itself", () => {
  it("is refused on create, naming componentVariantId, and nothing is stored", async () => {
    const t = await setup.tenant();
    const bundle = await create(t, "variants", { sku: "KIT-1" });
    const refused = await expectStatus(
      t.json("POST", "/bundle-variants.json", { variantId: bundle.id, componentVariantId: bundle.id }),
      422,
    );
    expect(refused.errors).toEqual([
      { path: "componentVariantId", message: expect.stringContaining("bundle itself") },
    ]);
    expect(await list(t, "bundle-variants")).toEqual([]);
  });

  it("is refused on update, whichever side is changed, and the component stays as it was", async () => {
    const t = await setup.tenant();
    const bundle = await create(t, "variants", { sku: "KIT-2" });
    const part = await create(t, "variants", { sku: "PART-2" });
    const component = await create(t, "bundle-variants", {
      variantId: bundle.id,
      componentVariantId: part.id,
      quantity: 2,
    });

    await expectStatus(
      t.json("PUT", `/bundle-variants/${component.id}.json`, { componentVariantId: bundle.id }),
      422,
    );
    await expectStatus(t.json("PUT", `/bundle-variants/${component.id}.json`, { variantId: part.id }), 422);
    expect(await read(t, "bundle-variants", component.id)).toMatchObject({
      variantId: bundle.id,
      componentVariantId: part.id,
    });

    // The record put back as read, and other changes, go through.
    await expectStatus(
      t.json("PUT", `/bundle-variants/${component.id}.json`, { ...component, quantity: 3 }),
      200,
    );
  });
});

describe("a bundle is not within another bundle", () => {
  it("takes no bundle as a component, nor gives components to a component, on create or update", async () => {
    const t = await setup.tenant();
    const [cup, kit, gift, saucer] = [
      await create(t, "variants", { sku: "CUP" }),
      await create(t, "variants", { sku: "KIT" }),
      await create(t, "variants", { sku: "GIFT" }),
      await create(t, "variants", { sku: "SAUCER" }),
    ];
    // KIT is two cups; GIFT is a saucer.
    await create(t, "bundle-variants", { variantId: kit.id, componentVariantId: cup.id, quantity: 2 });
    const inGift = await create(t, "bundle-variants", { variantId: gift.id, componentVariantId: saucer.id });
    const before = await list(t, "bundle-variants");

    // The bundle KIT as a component of GIFT: its stock would be read as its own, not as its cups make.
    const inner = await expectStatus(
      t.json("POST", "/bundle-variants.json", { variantId: gift.id, componentVariantId: kit.id }),
      422,
    );
    expect(inner.errors).toEqual([
      { path: "componentVariantId", message: expect.stringContaining(`variant ${kit.id}, a bundle itself`) },
    ]);
    // Components for the cup, which KIT holds: the cup would become a bundle within KIT.
    const outer = await expectStatus(
      t.json("POST", "/bundle-variants.json", { variantId: cup.id, componentVariantId: saucer.id }),
      422,
    );
    expect(outer.errors).toEqual([
      { path: "variantId", message: expect.stringContaining(`a component of bundle ${kit.id}`) },
    ]);
    await expectStatus(
      t.json("PUT", `/bundle-variants/${inGift.id}.json`, { componentVariantId: kit.id }),
      422,
    );
    expect(await list(t, "bundle-variants")).toEqual(before);
  });
});

describe("an option value names an option of its product", () => {
  it("a name the product's optionNames do not list is refused, on create and on update", async () => {
    const t = await setup.tenant();
    const product = await create(t, "products", { name: "Shirt", optionNames: ["Size", "Colour"] });
    const variant = await create(t, "variants", { sku: "SHIRT-M", productId: product.id });

    const refused = await expectStatus(
      t.json("POST", "/option-values.json", { variantId: variant.id, name: "Material", value: "Linen" }),
      422,
    );
    expect(refused.errors).toEqual([{ path: "name", message: expect.stringContaining("Size, Colour") }]);
    expect(await list(t, "option-values")).toEqual([]);

    const size = await create(t, "option-values", { variantId: variant.id, name: "Size", value: "M" });
    await expectStatus(t.json("PUT", `/option-values/${size.id}.json`, { name: "size" }), 422);
    expect(await read(t, "option-values", size.id)).toMatchObject({ name: "Size" });
    await expectStatus(t.json("PUT", `/option-values/${size.id}.json`, { name: "Colour" }), 200);
  });

  it("a value moved to a variant of another product names one of that product's options", async () => {
    const t = await setup.tenant();
    const shirt = await create(t, "products", { name: "Shirt", optionNames: ["Size"] });
    const mug = await create(t, "products", { name: "Mug" });
    const shirtM = await create(t, "variants", { sku: "SHIRT-S", productId: shirt.id });
    const mugOne = await create(t, "variants", { sku: "MUG-ONE", productId: mug.id });
    const size = await create(t, "option-values", { variantId: shirtM.id, name: "Size", value: "S" });

    await expectStatus(
      t.json("POST", "/option-values.json", { variantId: mugOne.id, name: "Size", value: "S" }),
      422,
    );
    await expectStatus(t.json("PUT", `/option-values/${size.id}.json`, { variantId: mugOne.id }), 422);
    expect(await read(t, "option-values", size.id)).toMatchObject({ variantId: shirtM.id });
  });

  it("a variant without a product has no product options to check its values against", async () => {
    const t = await setup.tenant();
    const loose = await create(t, "variants", { sku: "LOOSE-1" });
    await create(t, "option-values", { variantId: loose.id, name: "Scent", value: "Cedar" });
  });
});

describe("a product's options do not change under the values that name them", () => {
  it("removing an option a value names is a 409 naming the value, and the product keeps it", async () => {
    const t = await setup.tenant();
    const product = await create(t, "products", { name: "Shirt", optionNames: ["Size", "Colour"] });
    const variant = await create(t, "variants", { sku: "SHIRT-L", productId: product.id });
    const colour = await create(t, "option-values", { variantId: variant.id, name: "Colour", value: "Blue" });

    const refused = await expectStatus(
      t.json("PUT", `/products/${product.id}.json`, { optionNames: ["Size"] }),
      409,
    );
    expect(refused.detail).toContain(`option-value ${colour.id}`);
    expect(refused.fields).toEqual(["optionNames"]);
    await expectStatus(t.json("PUT", `/products/${product.id}.json`, { optionNames: null }), 409);
    expect(await read(t, "products", product.id)).toMatchObject({ optionNames: ["Size", "Colour"] });

    // Other changes, an option added or one no value names removed, go through; so does the removal
    // once no value names the option.
    await expectStatus(
      t.json("PUT", `/products/${product.id}.json`, { ...product, name: "Linen shirt" }),
      200,
    );
    await expectStatus(
      t.json("PUT", `/products/${product.id}.json`, { optionNames: ["Colour", "Fit"] }),
      200,
    );
    await expectStatus(t.json("DELETE", `/option-values/${colour.id}.json`), 204);
    const changed = await expectStatus(
      t.json("PUT", `/products/${product.id}.json`, { optionNames: ["Fit"] }),
      200,
    );
    expect(changed).toMatchObject({ optionNames: ["Fit"] });
  });
});

describe("a variant moves only to a product with the options its values name", () => {
  it("a move to a product whose optionNames leave out a value's name is a 409 naming it, and nothing moves", async () => {
    const t = await setup.tenant();
    const shirt = await create(t, "products", { name: "Shirt", optionNames: ["Size", "Colour"] });
    const mug = await create(t, "products", { name: "Mug", optionNames: ["Size"] });
    const bare = await create(t, "products", { name: "Poster" });
    const variant = await create(t, "variants", { sku: "SHIRT-XL", productId: shirt.id });
    await create(t, "option-values", { variantId: variant.id, name: "Size", value: "XL" });
    const colour = await create(t, "option-values", { variantId: variant.id, name: "Colour", value: "Red" });

    const refused = await expectStatus(
      t.json("PUT", `/variants/${variant.id}.json`, { productId: mug.id, price: 9 }),
      409,
    );
    expect(refused.detail).toContain(`option-value ${colour.id} ("Colour")`);
    expect(refused.detail).toContain(`product ${mug.id}`);
    expect(refused.detail).not.toContain('"Size"');
    expect(refused.fields).toEqual(["productId"]);
    await expectStatus(t.json("PUT", `/variants/${variant.id}.json`, { productId: bare.id }), 409);
    expect(await read(t, "variants", variant.id)).toMatchObject({ productId: shirt.id, price: null });
  });

  it("names at most five of the values", async () => {
    const t = await setup.tenant();
    const names = ["A", "B", "C", "D", "E", "F"];
    const wide = await create(t, "products", { name: "Wide", optionNames: names });
    const narrow = await create(t, "products", { name: "Narrow" });
    const variant = await create(t, "variants", { sku: "WIDE-1", productId: wide.id });
    for (const name of names) await create(t, "option-values", { variantId: variant.id, name, value: "1" });

    const refused = await expectStatus(
      t.json("PUT", `/variants/${variant.id}.json`, { productId: narrow.id }),
      409,
    );
    expect(refused.detail.match(/option-value \d+/g)).toHaveLength(5);
  });

  it("moves to a product with every option its values name, to no product, and to the product it is on", async () => {
    const t = await setup.tenant();
    const shirt = await create(t, "products", { name: "Shirt", optionNames: ["Size"] });
    const wider = await create(t, "products", { name: "Shirt 2", optionNames: ["Fit", "Size"] });
    const variant = await create(t, "variants", { sku: "SHIRT-XS", productId: shirt.id });
    const size = await create(t, "option-values", { variantId: variant.id, name: "Size", value: "XS" });

    await expectStatus(t.json("PUT", `/variants/${variant.id}.json`, { productId: wider.id }), 200);
    await expectStatus(t.json("PUT", `/variants/${variant.id}.json`, { productId: null }), 200);
    // Off any product, its values may name anything; sent back to the product it is on, it is not
    // checked again, whatever its values name.
    await expectStatus(t.json("PUT", `/option-values/${size.id}.json`, { name: "Scent" }), 200);
    await expectStatus(t.json("PUT", `/variants/${variant.id}.json`, { productId: wider.id }), 409);
    await setup.db.execute({
      sql: "UPDATE variants SET product_id = ? WHERE id = ?",
      args: [wider.id, variant.id],
    });
    const current = await read(t, "variants", variant.id);
    const kept = await expectStatus(
      t.json("PUT", `/variants/${variant.id}.json`, { ...current, price: 12 }),
      200,
    );
    expect(kept).toMatchObject({ productId: wider.id, price: 12 });
  });
});
