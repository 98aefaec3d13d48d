/**
 * Where a sale's lines go: a dropship purchase per provider, a fulfillment from an own warehouse for the
 * rest. The line and address shapes they share, the warehouse a fulfillment ships from, and both as
 * write plans.
 */
import type {
  ChannelDropshipProviderTaxRate,
  Fulfillment,
  FulfillmentItem,
  Purchase,
  PurchaseItem,
  Sale,
  Warehouse,
} from "@multichannel/schema";
import { ApiError, namesNoRecord } from "../errors.ts";
import { lineCents, NO_ACCOUNTING, planPurchaseBooks } from "./books.ts";
import { checkLineCount } from "./line-limit.ts";
import { checkAmount, fromCents, percentOfCents, toCents } from "./money.ts";
import { planAllocations, type Stock } from "./stock.ts";
import type { WritePlan } from "./write-plan.ts";

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

/** A sale's ship-to address. */
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

/** An address as the `receiver*` fields of a purchase. */
export function receiverFields(to: ShipTo) {
  return {
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
  };
}

/**
 * The warehouse a fulfillment ships from: the one named (`named`, as found), else the company's default
 * (`fallback`: the first `isDefault`, else the first); 422 when there is none.
 */
export function chooseWarehouse(
  warehouseId: number | null | undefined,
  named: Warehouse | undefined,
  fallback: Warehouse | undefined,
): Warehouse {
  if (warehouseId) {
    if (!named) {
      throw new ApiError("validation_failed", `No warehouse with id ${warehouseId}.`, {
        errors: [{ path: "warehouseId", message: namesNoRecord("warehouse", warehouseId) }],
      });
    }
    return named;
  }
  if (!fallback) {
    throw new ApiError("validation_failed", "The company has no warehouse: create one first.", {
      errors: [{ path: "warehouseId", message: "must name a warehouse, and the company has none" }],
    });
  }
  return fallback;
}

/**
 * What a provider charges on a purchase the server routes to it, besides its lines: its
 * `handlingPrice`, and the enabled `channel-dropship-provider-tax-rate`s of the sale's channel (any
 * provider's: those of the purchase's provider are taken).
 */
export interface ProviderCharges {
  handlingPrice: number | null;
  taxRates: readonly ChannelDropshipProviderTaxRate[];
}

/** A place as an address names it, compared without regard to case or surrounding spaces. */
const placeOf = (value: string | null | undefined): string => (value ?? "").trim().toUpperCase();

/**
 * The tax rate of `dropshipProviderId`'s items shipped to `shipTo`: among the enabled rates, the most
 * specific that matches the destination (one of its state, else one of its country, else one for
 * every country), the first created of those; undefined when none does.
 */
function taxRateFor(
  rates: readonly ChannelDropshipProviderTaxRate[],
  dropshipProviderId: number,
  shipTo: ShipTo,
): ChannelDropshipProviderTaxRate | undefined {
  const country = placeOf(shipTo.country);
  const state = placeOf(shipTo.state);
  const matches = (rate: ChannelDropshipProviderTaxRate): boolean =>
    rate.enabled !== false &&
    rate.dropshipProviderId === dropshipProviderId &&
    (rate.country === null || placeOf(rate.country) === country) &&
    (rate.state === null || (state !== "" && placeOf(rate.state) === state));
  const rank = (rate: ChannelDropshipProviderTaxRate): number =>
    rate.state !== null ? 2 : rate.country !== null ? 1 : 0;
  return rates.filter(matches).sort((a, b) => rank(b) - rank(a) || a.id - b.id)[0];
}

/**
 * What a routed purchase owes besides its lines (`lines`, in the provider's currency): the provider's
 * handling as its shipping, and tax at its rate (`taxRateFor`) on the lines' totals, and on that
 * shipping too when the rate `taxShipping`, to the cent.
 */
function providerChargeValues(
  charges: ProviderCharges,
  dropshipProviderId: number,
  shipTo: ShipTo,
  lines: readonly Line[],
) {
  const shippingCents = toCents(charges.handlingPrice);
  const rate = taxRateFor(charges.taxRates, dropshipProviderId, shipTo);
  if (!rate) return { shippingPrice: fromCents(shippingCents) };
  const linesCents = lines.reduce((sum, line) => sum + lineCents(line.quantity, line.price), 0);
  const taxed = linesCents + (rate.taxShipping ? shippingCents : 0);
  return {
    shippingPrice: fromCents(shippingCents),
    taxAmount: checkAmount("purchase", "taxAmount", percentOfCents(taxed, rate.rate)),
    combinedTaxRate: rate.rate,
  };
}

/**
 * Plans a dropship purchase to `dropshipProviderId` for `lines`, with what the provider charges on it
 * besides (`charges`, `providerChargeValues`), its items and its books. The purchase starts pending: it
 * still has to be sent.
 */
export function planPurchaseOf(
  plan: WritePlan,
  input: {
    dropshipProviderId: number;
    saleId?: number | null;
    currency?: string | null;
    shipTo: ShipTo;
    lines: readonly Line[];
    charges: ProviderCharges;
  },
): { purchase: Purchase; items: PurchaseItem[] } {
  checkLineCount(
    { kind: "purchase" },
    "purchase-item",
    { before: 0, after: input.lines.length },
    "Split the lines it is made from between more records first (a fulfillment's lines between fulfillments).",
  );
  const purchase = plan.insert("purchase", {
    dropshipProviderId: input.dropshipProviderId,
    saleId: input.saleId ?? null,
    purchaseType: "dropship",
    isDropship: true,
    currency: input.currency ?? "USD",
    ...receiverFields(input.shipTo),
    ...providerChargeValues(input.charges, input.dropshipProviderId, input.shipTo, input.lines),
    notes: null,
  });
  const items = plan.insertMany(
    "purchase-item",
    input.lines.map((line) => ({
      purchaseId: purchase.id,
      saleItemId: line.saleItemId ?? null,
      variantId: line.variantId ?? null,
      sku: line.sku,
      name: line.name ?? null,
      quantity: line.quantity,
      price: line.price,
    })),
  );
  // A new purchase has no payments or invoices yet, and has not shipped: nothing to tell accounting.
  return planPurchaseBooks(plan, purchase, items, [], [], NO_ACCOUNTING);
}

/**
 * Plans a fulfillment from an own warehouse for `lines`, with its items, allocating the stock they need
 * (`stock`: that read of the lines' variants, `stockOf`; see `planAllocation`).
 */
export function planFulfillmentOf(
  plan: WritePlan,
  input: {
    warehouseId: number;
    saleId?: number | null;
    dropshipmentId?: number | null;
    shipTo: ShipTo;
    lines: readonly Line[];
  },
  stock: Stock,
): { fulfillment: Fulfillment; items: FulfillmentItem[] } {
  const fulfillment = plan.insert("fulfillment", {
    saleId: input.saleId ?? null,
    warehouseId: input.warehouseId,
    dropshipmentId: input.dropshipmentId ?? null,
    ...shippingFields(input.shipTo),
  });
  // The lines in one statement, and their allocations in another: an order of 50 lines is a handful
  // of statements, not two per line.
  const items = plan.insertMany(
    "fulfillment-item",
    input.lines.map((line) => ({
      fulfillmentId: fulfillment.id,
      saleItemId: line.saleItemId ?? null,
      purchaseItemId: line.purchaseItemId ?? null,
      variantId: line.variantId ?? null,
      warehouseId: input.warehouseId,
      sku: line.sku,
      quantity: line.quantity,
    })),
  );
  planAllocations(
    plan,
    stock,
    input.lines.flatMap((line) =>
      line.variantId
        ? [{ variantId: line.variantId, warehouseId: input.warehouseId, quantity: line.quantity }]
        : [],
    ),
  );
  return { fulfillment, items };
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
