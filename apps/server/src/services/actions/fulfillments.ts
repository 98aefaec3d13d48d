import type {
  ActionTypes,
  Fulfillment,
  FulfillmentItem,
  FulfillmentMoveToDropshipInput,
  FulfillmentShipInput,
  Purchase,
  SaleItem,
} from "@multichannel/schema";
import { sql } from "../../db/sql.ts";

import { accountingReads } from "../../domain/accounting.ts";
import { openOfSaleItem, planSaleBooks } from "../../domain/books.ts";
import { checkLineOwners } from "../../domain/line-owners.ts";
import { type Line, planPurchaseOf, shipToOfSale } from "../../domain/order-routing.ts";
import { fieldIn, fieldIs, fieldOf, fieldsOf, many, one, type Snapshot } from "../../domain/reads.ts";
import { sameFactValues } from "../../domain/same-facts.ts";
import { checkShippingApproved } from "../../domain/shipping-approval.ts";
import { contentConflict } from "../../domain/states.ts";
import { planAllocation, planShipOut, stockFrom, stockOf } from "../../domain/stock.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { type allocationReads, releaseAllocation } from "../../domain/write-rules/fulfillments.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { channelShipmentReads, planChannelShipment } from "./channel-shipments.ts";
import { noDropshipProvider, withLinesBefore } from "./purchases.ts";

/**
 * A fulfillment's lines as read, for `action`: one without any is a 409, and one that names a line of
 * another sale than the fulfillment's (`saleItems`: the sale lines they name) a 422.
 */
function itemsRequired(
  action: Extract<keyof ActionTypes, `fulfillment.${string}`>,
  fulfillment: Fulfillment,
  items: FulfillmentItem[],
  saleItems: readonly SaleItem[],
): FulfillmentItem[] {
  if (!items.length) {
    throw contentConflict(action, fulfillment, `Fulfillment ${fulfillment.id} has no items.`);
  }
  checkLineOwners(
    { record: { kind: "fulfillment", id: fulfillment.id }, owner: { kind: "sale", id: fulfillment.saleId } },
    items,
    { kind: "fulfillment-item", path: "fulfillmentItems", field: "saleItemId", names: "sale-item" },
    (item) => {
      const saleItem = saleItems.find((candidate) => candidate.id === item.saleItemId);
      return saleItem && { id: saleItem.id, owner: saleItem.saleId };
    },
  );
  return items;
}

/**
 * What moving a fulfillment to dropship reads: the provider named, its sale (whose address the purchase
 * ships to when the fulfillment has none of its own) and the enabled tax rates of the sale's channel for
 * the provider's items, its lines, the variants they name (by id, or by SKU where a line has no
 * variant), the sale lines they name and the stock of their variants (`stockOf`: the stock released is
 * taken off in the statement, with its floor).
 */
export function moveToDropshipReads(fulfillmentId: number, input: FulfillmentMoveToDropshipInput) {
  const variantIds = fieldsOf("fulfillment-item", "variantId", { fulfillmentId });
  const skus = fieldsOf("fulfillment-item", "sku", { fulfillmentId, variantId: null });
  const saleId = fieldOf("fulfillment", fulfillmentId, "saleId");
  return {
    provider: one("dropship-provider", input.dropshipProviderId),
    sale: one("sale", saleId),
    taxRates: many("channel-dropship-provider-tax-rate", {
      channelId: fieldOf("sale", saleId, "channelId"),
      dropshipProviderId: input.dropshipProviderId,
      enabled: true,
    }),
    items: many("fulfillment-item", { fulfillmentId }),
    variants: many(
      "variant",
      sql`${fieldIn("variant", "id", variantIds)} OR ${fieldIn("variant", "sku", skus)}`,
    ),
    saleItems: many(
      "sale-item",
      fieldIn("sale-item", "id", fieldsOf("fulfillment-item", "saleItemId", { fulfillmentId })),
    ),
    ...stockOf(variantIds),
  };
}

/**
 * Plans turning an unshipped fulfillment into a purchase to a dropship provider, priced at the
 * variants' cost, shipping to the fulfillment's address (else its sale's), with the provider's handling
 * and its tax on the sale's channel; the stock it had allocated is released. Answers the purchase and
 * the fulfillment as the plan leaves them.
 */
export function planMoveToDropship({
  fulfillment,
  input,
  read,
  plan,
}: {
  fulfillment: Fulfillment;
  input: FulfillmentMoveToDropshipInput;
  read: Snapshot<ReturnType<typeof moveToDropshipReads>>;
  plan: WritePlan;
}): { purchase: Purchase; fulfillment: Fulfillment } {
  const { provider, sale, variants, saleItems } = read;
  if (!provider) throw noDropshipProvider(input.dropshipProviderId);
  // A line of no units holds nothing and orders nothing: it stays on the moved fulfillment.
  const moving = read.items.filter((item) => item.quantity > 0);
  const items = itemsRequired("fulfillment.move-to-dropship", fulfillment, moving, saleItems);
  const stock = stockFrom(read);
  const lines: Line[] = [];
  for (const item of items) {
    const named = item.sku || null;
    const variant = item.variantId
      ? variants.find((candidate) => candidate.id === item.variantId)
      : named === null
        ? undefined
        : variants.find((candidate) => candidate.sku === named);
    const saleItem = item.saleItemId
      ? saleItems.find((candidate) => candidate.id === item.saleItemId)
      : undefined;
    // The purchase line's SKU: the line's, else its variant's, else its sale line's.
    const sku = named ?? variant?.sku ?? saleItem?.sku ?? null;
    if (sku === null) {
      throw contentConflict(
        "fulfillment.move-to-dropship",
        fulfillment,
        `Fulfillment line ${item.id} names no SKU, variant or sale line: a provider is ordered SKUs. Give the line its sku first.`,
      );
    }
    lines.push({
      saleItemId: item.saleItemId,
      variantId: variant?.id ?? null,
      sku,
      name: variant?.name ?? saleItem?.name ?? null,
      quantity: item.quantity,
      price: variant?.costPrice ?? 0,
    });
    const warehouseId = item.warehouseId ?? fulfillment.warehouseId;
    if (item.variantId && warehouseId && !item.skipInventoryChange)
      planAllocation(plan, stock, { variantId: item.variantId, warehouseId, quantity: -item.quantity });
  }
  const { purchase } = planPurchaseOf(plan, {
    dropshipProviderId: provider.id,
    saleId: fulfillment.saleId,
    currency: provider.currency,
    shipTo: fulfillment.shippingAddressLineOne || !sale ? shipToOfSale(fulfillment) : shipToOfSale(sale),
    lines,
    charges: { handlingPrice: provider.handlingPrice, taxRates: read.taxRates },
  });
  const moved = plan.update(
    "fulfillment",
    fulfillment,
    transitionValues("fulfillment", fulfillment, "moved", { purchaseId: purchase.id }),
    { movesState: true },
  );
  return { purchase, fulfillment: moved };
}

/**
 * What shipping a fulfillment reads: its lines, its sale with the sale's lines and those its lines name,
 * and the stock of its lines' variants (`stockOf`: stock leaves in the statement, with its floor).
 */
export function shipFulfillmentReads(fulfillmentId: number) {
  const saleId = fieldOf("fulfillment", fulfillmentId, "saleId");
  const saleItemIds = fieldsOf("fulfillment-item", "saleItemId", { fulfillmentId });
  const variantIds = fieldsOf("fulfillment-item", "variantId", { fulfillmentId });
  return {
    items: many("fulfillment-item", { fulfillmentId }),
    sale: one("sale", saleId),
    saleItems: many(
      "sale-item",
      sql`${fieldIn("sale-item", "id", saleItemIds)} OR ${fieldIs("sale-item", "saleId", saleId)}`,
    ),
    ...stockOf(variantIds),
    ...channelShipmentReads(saleId),
    ...accountingReads(),
  };
}

/**
 * Plans `POST /fulfillments/{id}/ship.json` (beyond the interface): the parcel left the warehouse. Its
 * units leave on hand (and their allocation; a bundle's, its components'), its sale lines count them as fulfilled, and the sale moves
 * on, and its channel is told (`planChannelShipment`). A fulfillment waiting for shipping approval does
 * not ship (409, `checkShippingApproved`), and a line may not fulfil more of its sale line than is still
 * open (422). Answers the fulfillment as the plan leaves it.
 */
export function planShipFulfillment({
  fulfillment,
  input,
  read,
  plan,
}: {
  fulfillment: Fulfillment;
  input: FulfillmentShipInput;
  read: Snapshot<ReturnType<typeof shipFulfillmentReads>>;
  plan: WritePlan;
}): Fulfillment {
  checkShippingApproved(fulfillment);
  const items = itemsRequired("fulfillment.ship", fulfillment, read.items, read.saleItems);
  const { sale } = read;
  const stock = stockFrom(read);
  const saleItems = new Map(read.saleItems.map((item) => [item.id, item]));
  const errors: FieldError[] = [];
  const taken = new Map<number, number>();
  for (const item of items) {
    const saleItem = item.saleItemId ? saleItems.get(item.saleItemId) : undefined;
    if (!saleItem) continue;
    const total = (taken.get(saleItem.id) ?? 0) + item.quantity;
    taken.set(saleItem.id, total);
    if (total > openOfSaleItem(saleItem)) {
      errors.push({
        path: `fulfillmentItems.${item.id}.quantity`,
        message: `is ${item.quantity}${withLinesBefore(item.quantity, total)}, more than the ${openOfSaleItem(saleItem)} sale item ${saleItem.id} (${saleItem.sku}) has left to fulfil`,
      });
    }
  }
  if (errors.length) {
    throw new ApiError(
      "validation_failed",
      `Fulfillment ${fulfillment.id} ships more than its sale still has open.`,
      { errors, rule: "fulfilled + cancelled <= quantity" },
    );
  }
  for (const item of items) {
    const warehouseId = item.warehouseId ?? fulfillment.warehouseId;
    if (item.variantId && warehouseId && !item.skipInventoryChange)
      planShipOut(plan, stock, { variantId: item.variantId, warehouseId, quantity: item.quantity });
    const saleItem = item.saleItemId ? saleItems.get(item.saleItemId) : undefined;
    if (!saleItem) continue;
    saleItems.set(
      saleItem.id,
      plan.update("sale-item", saleItem, { quantityFulfilled: saleItem.quantityFulfilled + item.quantity }),
    );
  }
  // `trackingCompany` is `carrier` (and `serviceLevel` `service`): either name sets both.
  const names = sameFactValues<{
    trackingCompany?: string | null;
    carrier?: string | null;
    service?: string | null;
    serviceLevel?: string | null;
  }>("fulfillment", {
    trackingCompany: input.trackingCompany,
    carrier: input.carrier,
    service: input.service,
  });
  const shipped = plan.update(
    "fulfillment",
    fulfillment,
    transitionValues("fulfillment", fulfillment, "shipped", {
      inventoryStatus: "shipped",
      shippedAt: input.shippedAt ?? plan.now,
      trackingNumber: input.trackingNumber ?? fulfillment.trackingNumber,
      trackingCompany: names.trackingCompany ?? fulfillment.trackingCompany,
      trackingUrl: input.trackingUrl ?? fulfillment.trackingUrl,
      carrier: names.carrier ?? fulfillment.carrier,
      service: names.service ?? fulfillment.service,
      serviceLevel: names.serviceLevel ?? fulfillment.serviceLevel,
    }),
    { movesState: true },
  );
  if (sale)
    planSaleBooks(
      plan,
      sale,
      [...saleItems.values()].filter((item) => item.saleId === sale.id),
      read.accounting,
    );
  planChannelShipment(plan, read, { fulfillment: shipped });
  return shipped;
}

/**
 * Plans `PUT /fulfillments/{id}/cancel.json` (beyond the interface): an unshipped fulfillment will not
 * ship. What its lines hold allocated is released, and it stays, with its lines, as cancelled; its sale
 * lines no longer count its units as on their way (`write-rules/carrying.ts`).
 */
export function planCancelFulfillment({
  fulfillment,
  read,
  plan,
}: {
  fulfillment: Fulfillment;
  read: Snapshot<ReturnType<typeof allocationReads>>;
  plan: WritePlan;
}): Fulfillment {
  releaseAllocation(plan, fulfillment, read);
  return plan.update(
    "fulfillment",
    fulfillment,
    transitionValues("fulfillment", fulfillment, "cancelled", {}),
    {
      movesState: true,
    },
  );
}
