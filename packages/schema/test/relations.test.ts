import { describe, expect, it } from "vitest";
import { kindByModel, kinds, modelName, relationOf, relationsOf } from "../src/index.ts";
import { buildOpenApiDocument } from "../src/openapi.ts";

// Associations and their keys as the reference's clients read them (wire.md §5): PascalCase singular
// models, one-to-many under a plural snake_case key, many-to-one under a singular one.
const REFERENCE_KEYS: [string, string, string][] = [
  ["Purchase", "PurchaseItem", "purchase_items"],
  ["Sale", "SaleItem", "sale_items"],
  ["Purchase", "Sale", "sale"],
  ["Sale", "Customer", "customer"],
  ["PurchaseItem", "Variant", "variant"],
  ["Variant", "Vendor", "vendor"],
  ["Variant", "Product", "product"],
  ["Variant", "OptionValue", "option_values"],
  ["CustomFieldPurchase", "CustomField", "custom_field"],
  ["Purchase", "CustomFieldPurchase", "custom_field_purchases"],
  ["Variant", "CustomFieldVariant", "custom_field_variants"],
  ["DropshipProvider", "CustomFieldDropshipProvider", "custom_field_dropship_providers"],
  ["SaleReturn", "SaleReturnItem", "sale_return_items"],
  ["InventoryFeed", "InventoryFeedVariant", "inventory_feed_variants"],
];

describe("relations", () => {
  it("name every kind by its model name, and back", () => {
    for (const kind of kinds) expect(kindByModel(modelName(kind))).toBe(kind);
    expect(modelName(kindByModel("PurchaseItem")!)).toBe("PurchaseItem");
    expect(kindByModel("purchaseItem")).toBeUndefined();
  });

  it.each(REFERENCE_KEYS)("put %s's %s under %s, as the reference does", (parent, model, key) => {
    const relation = relationOf(kindByModel(parent)!, kindByModel(model)!);
    expect(relation?.key).toBe(key);
    expect(relation?.many).toBe(key.endsWith("s"));
  });

  it("give every kind distinct keys that are none of its fields", () => {
    for (const kind of kinds) {
      const keys = relationsOf(kind).map((relation) => relation.key);
      expect(new Set(keys).size, kind.name).toBe(keys.length);
      for (const key of keys) expect(Object.hasOwn(kind.fields, key), `${kind.name}.${key}`).toBe(false);
    }
  });

  it("are what the OpenAPI document's shaped records may carry", () => {
    const document = buildOpenApiDocument() as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      paths: Record<string, { get: { parameters: { $ref: string }[] } }>;
    };
    const purchase = document.components.schemas.PurchaseShaped!;
    expect(Object.keys(purchase.properties)).toEqual(
      expect.arrayContaining(["id", "reference", "saleId", "purchase_items", "sale"]),
    );
    expect(purchase.properties.purchase_items).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/PurchaseItemShaped" },
    });
    for (const kind of kinds) {
      const shaped = document.components.schemas[`${modelName(kind)}Shaped`]!;
      const record = document.components.schemas[modelName(kind)]!;
      expect(Object.keys(shaped.properties).sort()).toEqual(
        [...Object.keys(record.properties), ...relationsOf(kind).map((relation) => relation.key)].sort(),
      );
    }
    const list = document.paths["/purchases.json"]!.get.parameters.map((parameter) => parameter.$ref);
    expect(list).toEqual(
      expect.arrayContaining(["#/components/parameters/Attributes", "#/components/parameters/Include"]),
    );
  });
});
