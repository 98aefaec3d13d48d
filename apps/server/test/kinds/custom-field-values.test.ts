// A custom field's values fit the field: an `options` field takes only its options, a field for one
// kind of record takes values only on that kind, and a field does not change under the values it has.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("a custom field value fits its field", () => {
  it("an options field takes one of its options, on create and on update", async () => {
    const t = await setup.tenant();
    const variant = await create(t, "variants", { sku: "MUG-1" });
    const color = await create(t, "custom-fields", {
      name: "color",
      fieldType: "options",
      options: ["red", "blue"],
      resource: "variant",
    });

    const refused = await expectStatus(
      t.json("POST", "/custom-field-variants.json", {
        customFieldId: color.id,
        variantId: variant.id,
        value: "green",
      }),
      422,
    );
    expect(refused.errors).toEqual([{ path: "value", message: expect.stringContaining("red, blue") }]);

    const value = await create(t, "custom-field-variants", {
      customFieldId: color.id,
      variantId: variant.id,
      value: "red",
    });
    await expectStatus(t.json("PUT", `/custom-field-variants/${value.id}.json`, { value: "green" }), 422);
    expect(await read(t, "custom-field-variants", value.id)).toMatchObject({ value: "red" });
    await expectStatus(t.json("PUT", `/custom-field-variants/${value.id}.json`, { value: "blue" }), 200);
  });

  it("a field for one kind of record takes no value on another kind", async () => {
    const t = await setup.tenant();
    const variant = await create(t, "variants", { sku: "MUG-2" });
    const forSales = await create(t, "custom-fields", { name: "gift_note", resource: "sale" });
    const forAny = await create(t, "custom-fields", { name: "note" });

    const refused = await expectStatus(
      t.json("POST", "/custom-field-variants.json", {
        customFieldId: forSales.id,
        variantId: variant.id,
        value: "x",
      }),
      422,
    );
    expect(refused.errors).toEqual([
      { path: "customFieldId", message: expect.stringContaining("sale records") },
    ]);

    const value = await create(t, "custom-field-variants", {
      customFieldId: forAny.id,
      variantId: variant.id,
      value: "x",
    });
    await expectStatus(
      t.json("PUT", `/custom-field-variants/${value.id}.json`, { customFieldId: forSales.id }),
      422,
    );
    expect(await read(t, "custom-field-variants", value.id)).toMatchObject({ customFieldId: forAny.id });
  });
});

describe("a custom field does not change under its values", () => {
  it("narrowing its options or its kind is refused while a value would not fit, and nothing changes", async () => {
    const t = await setup.tenant();
    const variant = await create(t, "variants", { sku: "MUG-3" });
    const field = await create(t, "custom-fields", { name: "finish", fieldType: "string" });
    const value = await create(t, "custom-field-variants", {
      customFieldId: field.id,
      variantId: variant.id,
      value: "zzz",
    });

    const refused = await expectStatus(
      t.json("PUT", `/custom-fields/${field.id}.json`, { fieldType: "options", options: ["a"] }),
      409,
    );
    expect(refused.detail).toContain(`custom-field-variant ${value.id}`);
    expect(refused.fields).toEqual(["fieldType", "options"]);
    await expectStatus(t.json("PUT", `/custom-fields/${field.id}.json`, { resource: "sale" }), 409);
    expect(await read(t, "custom-fields", field.id)).toMatchObject({
      fieldType: "string",
      options: null,
      resource: "any",
    });

    // Other changes of the field, and its change once its values fit, go through.
    await expectStatus(t.json("PUT", `/custom-fields/${field.id}.json`, { label: "Finish" }), 200);
    await expectStatus(t.json("PUT", `/custom-field-variants/${value.id}.json`, { value: "a" }), 200);
    const changed = await expectStatus(
      t.json("PUT", `/custom-fields/${field.id}.json`, {
        fieldType: "options",
        options: ["a"],
        resource: "variant",
      }),
      200,
    );
    expect(changed).toMatchObject({ fieldType: "options", options: ["a"], resource: "variant" });
  });

  it("a scope's valueRequired is advisory: a record without a value is still stored", async () => {
    const t = await setup.tenant();
    const field = await create(t, "custom-fields", { name: "origin", resource: "variant" });
    await create(t, "custom-field-scopes", {
      customFieldId: field.id,
      resource: "variant",
      valueRequired: true,
    });
    await expectStatus(t.json("POST", "/variants.json", { sku: "NO-VALUE" }), 200);
  });
});
