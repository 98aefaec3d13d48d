import { describe, expectTypeOf, it } from "vitest";
import type {
  ChannelAcknowledgeVariantInput,
  KindTypes,
  Purchase,
  PurchaseCreateInput,
  PurchaseShipInput,
  PurchaseShipOutput,
  PurchaseUpdateInput,
  SaleItem,
  SaleItemCreateInput,
  Variant,
} from "../src/index.ts";

describe("types derived from the manifest", () => {
  it("types records with their fields, ids and timestamps", () => {
    expectTypeOf<Purchase["id"]>().toEqualTypeOf<number>();
    expectTypeOf<Purchase["createdAt"]>().toEqualTypeOf<string>();
    expectTypeOf<Purchase["status"]>().toEqualTypeOf<
      "pending" | "sent" | "partiallyShipped" | "shipped" | "cancelled"
    >();
    expectTypeOf<Purchase["dropshipProviderId"]>().toEqualTypeOf<number | null>();
    expectTypeOf<Purchase["total"]>().toEqualTypeOf<number>();
    expectTypeOf<Variant["sku"]>().toEqualTypeOf<string>();
    expectTypeOf<Variant["tags"]>().toEqualTypeOf<string[] | null>();
  });

  it("requires on create exactly what must be sent, and omits read-only fields", () => {
    expectTypeOf<SaleItemCreateInput>().toHaveProperty("saleId");
    expectTypeOf<SaleItemCreateInput["sku"]>().toEqualTypeOf<string>();
    expectTypeOf<{ saleId: 1; sku: "A"; quantity: 1; price: 1 }>().toExtend<SaleItemCreateInput>();
    expectTypeOf<{ sku: "A"; quantity: 1; price: 1 }>().not.toExtend<SaleItemCreateInput>();
    expectTypeOf<PurchaseCreateInput>().not.toHaveProperty("status");
    expectTypeOf<SaleItemCreateInput>().not.toHaveProperty("quantityFulfilled");
  });

  it("accepts a record PUT back as an update", () => {
    expectTypeOf<Purchase>().toExtend<PurchaseUpdateInput>();
    expectTypeOf<SaleItem>().toExtend<KindTypes["saleItems"]["update"]>();
  });

  it("rejects wrong field names and types", () => {
    // @ts-expect-error: not a field of a purchase
    const unknown: PurchaseUpdateInput = { notAField: 1 };
    // @ts-expect-error: quantity is an integer, not text
    const wrongType: SaleItemCreateInput = { saleId: 1, sku: "A", quantity: "2", price: 1 };
    void unknown;
    void wrongType;
  });

  it("types actions: input, output and the namespace map", () => {
    expectTypeOf<PurchaseShipInput["trackingNumber"]>().toEqualTypeOf<string>();
    expectTypeOf<{ carrier: "x" }>().not.toExtend<PurchaseShipInput>();
    expectTypeOf<PurchaseShipOutput>().toEqualTypeOf<KindTypes["dropshipments"]["record"]>();
    expectTypeOf<ChannelAcknowledgeVariantInput>().toEqualTypeOf<{ externalId: string; sku: string }>();
    expectTypeOf<KindTypes["purchases"]["actions"]["ship"]["method"]>().toEqualTypeOf<"POST">();
    expectTypeOf<KindTypes["channels"]["actions"]["variantLevels"]["output"]>().toBeArray();
    expectTypeOf<KindTypes>().not.toHaveProperty("notAKind");
  });
});
