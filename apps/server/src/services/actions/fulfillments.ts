import type {
  Fulfillment,
  FulfillmentMoveToDropshipInput,
  FulfillmentShipInput,
  Purchase,
} from "@multichannel/schema";
import { openOfSaleItem, settleSale } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { stateConflict } from "../../domain/states.ts";
import { allocate, shipOut } from "../../domain/stock.ts";
import { transition } from "../../domain/transitions.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import {
  createPurchase,
  type Line,
  selectByIds,
  selectOne,
  selectWhere,
  shipToOfFulfillment,
} from "./core.ts";
import { addToSaleItem, invalid } from "./purchases.ts";

async function itemsOf(ctx: Ctx, fulfillment: Fulfillment) {
  const items = await selectWhere(ctx, "fulfillment-item", { fulfillmentId: fulfillment.id });
  if (!items.length) {
    throw stateConflict("fulfillment", fulfillment, `Fulfillment ${fulfillment.id} has no items.`);
  }
  return items;
}

/**
 * An unshipped fulfillment becomes a purchase to a dropship provider, priced at the variants' cost; the
 * stock it had allocated is released.
 */
export async function moveFulfillmentToDropship({
  ctx,
  fulfillment,
  input,
}: {
  ctx: Ctx;
  fulfillment: Fulfillment;
  input: FulfillmentMoveToDropshipInput;
}): Promise<Purchase> {
  const provider = await selectOne(ctx, "dropship-provider", { id: input.dropshipProviderId });
  if (!provider)
    throw invalid("dropshipProviderId", `No dropship provider with id ${input.dropshipProviderId}.`);
  const items = await itemsOf(ctx, fulfillment);
  const lines: Line[] = [];
  for (const item of items) {
    const sku = item.sku ?? "";
    const variant = await selectOne(ctx, "variant", item.variantId ? { id: item.variantId } : { sku });
    const saleItem = item.saleItemId ? await selectOne(ctx, "sale-item", { id: item.saleItemId }) : undefined;
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
      await allocate(ctx, { variantId: item.variantId, warehouseId, quantity: -item.quantity });
  }
  const { purchase } = await createPurchase(ctx, {
    dropshipProviderId: provider.id,
    saleId: fulfillment.saleId,
    currency: provider.currency,
    shipTo: shipToOfFulfillment(fulfillment),
    lines,
  });
  await transition(ctx, "fulfillment", fulfillment, "moved", { purchaseId: purchase.id });
  return purchase;
}

/**
 * `POST /fulfillments/{id}/ship.json` (beyond the interface): the parcel left the warehouse. Its units
 * leave on hand (and their allocation), its sale lines count them as fulfilled, and the sale moves on.
 * A line may not fulfil more of its sale line than is still open (422).
 */
export async function shipFulfillment({
  ctx,
  fulfillment,
  input,
}: {
  ctx: Ctx;
  fulfillment: Fulfillment;
  input: FulfillmentShipInput;
}): Promise<Fulfillment> {
  const items = await itemsOf(ctx, fulfillment);
  const saleItems = await selectByIds(
    ctx,
    "sale-item",
    items.flatMap((item) => (item.saleItemId ? [item.saleItemId] : [])),
  );
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
        message: `Sale item ${saleItem.id} (${saleItem.sku}) has ${openOfSaleItem(saleItem)} left to fulfil; fulfillment item ${item.id} ships ${item.quantity}.`,
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
      await shipOut(ctx, { variantId: item.variantId, warehouseId, quantity: item.quantity });
    await addToSaleItem(ctx, item.saleItemId, { quantityFulfilled: item.quantity });
  }
  const shipped = await transition(ctx, "fulfillment", fulfillment, "shipped", {
    inventoryStatus: "shipped",
    shippedAt: input.shippedAt ?? ctx.now(),
    trackingNumber: input.trackingNumber ?? fulfillment.trackingNumber,
    trackingCompany: input.trackingCompany ?? fulfillment.trackingCompany,
    trackingUrl: input.trackingUrl ?? fulfillment.trackingUrl,
    carrier: input.carrier ?? fulfillment.carrier,
    service: input.service ?? fulfillment.service,
  });
  await settleSale(ctx, fulfillment.saleId);
  return shipped;
}
