/**
 * Building blocks the action verbs share: the typed store, money in minor units, the default warehouse,
 * and turning order lines into purchases and fulfillments.
 */
import type { Fulfillment, FulfillmentItem, Purchase, PurchaseItem, Warehouse } from "@multichannel/schema";
import { settlePurchase } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import {
  chooseWarehouse,
  type Line,
  receiverFields,
  type ShipTo,
  shippingFields,
  shipToOfSale,
} from "../../domain/order-routing.ts";
import { allocate } from "../../domain/stock.ts";
import { insert, selectOne } from "../../domain/store.ts";

export { fromCents, toCents } from "../../domain/money.ts";
export { type Line, type ShipTo, shippingFields, shipToOfSale } from "../../domain/order-routing.ts";
export { insert, kind, patch, selectByIds, selectOne, selectWhere } from "../../domain/store.ts";

// ---------------------------------------------------------------------------------------- inventory

/** The warehouse named, or the company's default one (`isDefault`, else the first); 422 when there is none. */
export async function warehouseFor(ctx: Ctx, warehouseId?: number | null): Promise<Warehouse> {
  if (warehouseId) {
    return chooseWarehouse(warehouseId, await selectOne(ctx, "warehouse", { id: warehouseId }), undefined);
  }
  const fallback =
    (await selectOne(ctx, "warehouse", { isDefault: true })) ?? (await selectOne(ctx, "warehouse", {}));
  return chooseWarehouse(warehouseId, undefined, fallback);
}

// ------------------------------------------------------------------------------------------ orders

/** A purchase's ship-to (its receiver) address. */
export function shipToOfPurchase(purchase: Purchase): ShipTo {
  return {
    name: purchase.receiverName,
    company: purchase.receiverCompany,
    lineOne: purchase.receiverAddressLineOne,
    lineTwo: purchase.receiverAddressLineTwo,
    city: purchase.receiverCity,
    state: purchase.receiverState,
    zip: purchase.receiverZip,
    country: purchase.receiverCountry,
    phone: purchase.receiverPhone,
    email: purchase.receiverEmail,
  };
}

/** A fulfillment's ship-to address. */
export const shipToOfFulfillment = shipToOfSale;

/**
 * A dropship purchase to `dropshipProviderId` for `lines`, with its items; the books settle its totals.
 * The purchase starts pending: it still has to be sent.
 */
export async function createPurchase(
  ctx: Ctx,
  input: {
    dropshipProviderId: number;
    saleId?: number | null;
    currency?: string | null;
    shipTo: ShipTo;
    lines: readonly Line[];
    notes?: string | null;
  },
): Promise<{ purchase: Purchase; items: PurchaseItem[] }> {
  const created = await insert(ctx, "purchase", {
    dropshipProviderId: input.dropshipProviderId,
    saleId: input.saleId ?? null,
    purchaseType: "dropship",
    isDropship: true,
    currency: input.currency ?? "USD",
    ...receiverFields(input.shipTo),
    notes: input.notes ?? null,
  });
  const items: PurchaseItem[] = [];
  for (const line of input.lines) {
    items.push(
      await insert(ctx, "purchase-item", {
        purchaseId: created.id,
        saleItemId: line.saleItemId ?? null,
        variantId: line.variantId ?? null,
        sku: line.sku,
        name: line.name ?? null,
        quantity: line.quantity,
        price: line.price,
      }),
    );
  }
  const purchase = (await settlePurchase(ctx, created.id))!;
  return { purchase, items };
}

/** A fulfillment from an own warehouse for `lines`; the stock it needs is allocated. */
export async function createFulfillment(
  ctx: Ctx,
  input: {
    warehouseId: number;
    saleId?: number | null;
    dropshipmentId?: number | null;
    shipTo: ShipTo;
    lines: readonly Line[];
  },
): Promise<{ fulfillment: Fulfillment; items: FulfillmentItem[] }> {
  const to = input.shipTo;
  const fulfillment = await insert(ctx, "fulfillment", {
    saleId: input.saleId ?? null,
    warehouseId: input.warehouseId,
    dropshipmentId: input.dropshipmentId ?? null,
    ...shippingFields(to),
  });
  const items: FulfillmentItem[] = [];
  for (const line of input.lines) {
    items.push(
      await insert(ctx, "fulfillment-item", {
        fulfillmentId: fulfillment.id,
        saleItemId: line.saleItemId ?? null,
        purchaseItemId: line.purchaseItemId ?? null,
        variantId: line.variantId ?? null,
        warehouseId: input.warehouseId,
        sku: line.sku,
        quantity: line.quantity,
      }),
    );
    if (line.variantId) {
      await allocate(ctx, {
        variantId: line.variantId,
        warehouseId: input.warehouseId,
        quantity: line.quantity,
      });
    }
  }
  return { fulfillment, items };
}
