/**
 * Building blocks the action verbs share: the typed store, money in minor units, the default warehouse,
 * and turning order lines into purchases and fulfillments.
 */
import type {
  Fulfillment,
  FulfillmentItem,
  Purchase,
  PurchaseItem,
  Sale,
  Warehouse,
} from "@multichannel/schema";
import { settlePurchase } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { allocate } from "../../domain/stock.ts";
import { insert, selectOne } from "../../domain/store.ts";
import { ApiError } from "../../errors.ts";

export { fromCents, toCents } from "../../domain/money.ts";
export { insert, kind, patch, selectByIds, selectOne, selectWhere } from "../../domain/store.ts";

// ---------------------------------------------------------------------------------------- inventory

/** The warehouse named, or the company's default one (`isDefault`, else the first); 422 when there is none. */
export async function warehouseFor(ctx: Ctx, warehouseId?: number | null): Promise<Warehouse> {
  if (warehouseId) {
    const named = await selectOne(ctx, "warehouse", { id: warehouseId });
    if (!named) {
      throw new ApiError("validation_failed", `No warehouse with id ${warehouseId}.`, {
        errors: [{ path: "warehouseId", message: `No warehouse with id ${warehouseId}.` }],
      });
    }
    return named;
  }
  const found =
    (await selectOne(ctx, "warehouse", { isDefault: true })) ?? (await selectOne(ctx, "warehouse", {}));
  if (!found) {
    throw new ApiError("validation_failed", "The company has no warehouse: create one first.", {
      errors: [{ path: "warehouseId", message: "no warehouse exists" }],
    });
  }
  return found;
}

// ------------------------------------------------------------------------------------------ orders

/** One order line as purchases and fulfillments take it. `price` is the unit price in major units. */
export interface Line {
  saleItemId?: number | null;
  purchaseItemId?: number | null;
  variantId?: number | null;
  sku: string;
  name?: string | null;
  quantity: number;
  price: number;
}

/** Where a purchase or fulfillment ships to. */
export interface ShipTo {
  name?: string | null;
  company?: string | null;
  lineOne?: string | null;
  lineTwo?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** A sale's ship-to address. */
/** The `shipping*` address fields that sales and fulfillments have. */
type ShippingAddress = Pick<
  Sale,
  | "shippingName"
  | "shippingCompany"
  | "shippingAddressLineOne"
  | "shippingAddressLineTwo"
  | "shippingCity"
  | "shippingState"
  | "shippingZip"
  | "shippingCountry"
  | "shippingPhone"
  | "shippingEmail"
>;

export function shipToOfSale(sale: ShippingAddress): ShipTo {
  return {
    name: sale.shippingName,
    company: sale.shippingCompany,
    lineOne: sale.shippingAddressLineOne,
    lineTwo: sale.shippingAddressLineTwo,
    city: sale.shippingCity,
    state: sale.shippingState,
    zip: sale.shippingZip,
    country: sale.shippingCountry,
    phone: sale.shippingPhone,
    email: sale.shippingEmail,
  };
}

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

/** An address as the `shipping*` fields of a sale or a fulfillment. */
export function shippingFields(to: ShipTo) {
  return {
    shippingName: to.name ?? null,
    shippingCompany: to.company ?? null,
    shippingAddressLineOne: to.lineOne ?? null,
    shippingAddressLineTwo: to.lineTwo ?? null,
    shippingCity: to.city ?? null,
    shippingState: to.state ?? null,
    shippingZip: to.zip ?? null,
    shippingCountry: to.country ?? null,
    shippingPhone: to.phone ?? null,
    shippingEmail: to.email ?? null,
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
  const to = input.shipTo;
  const created = await insert(ctx, "purchase", {
    dropshipProviderId: input.dropshipProviderId,
    saleId: input.saleId ?? null,
    purchaseType: "dropship",
    isDropship: true,
    currency: input.currency ?? "USD",
    receiverName: to.name ?? null,
    receiverCompany: to.company ?? null,
    receiverAddressLineOne: to.lineOne ?? null,
    receiverAddressLineTwo: to.lineTwo ?? null,
    receiverCity: to.city ?? null,
    receiverState: to.state ?? null,
    receiverZip: to.zip ?? null,
    receiverCountry: to.country ?? null,
    receiverPhone: to.phone ?? null,
    receiverEmail: to.email ?? null,
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
