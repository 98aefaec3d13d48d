/**
 * Returns of goods that shipped: opening a sale return for purchase lines (with the return label), and
 * receiving it (`POST /sale-returns/{id}/receive.json`, beyond the interface), which is when returned
 * quantities count and units shipped from an own warehouse go back on hand.
 */
import type { PurchaseItem, SaleReturn, SaleReturnReceiveInput } from "@multichannel/schema";
import { settlePurchase, settleSale, settleSaleReturn } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { stateConflict } from "../../domain/states.ts";
import { recordAdjustment } from "../../domain/stock.ts";
import { transition } from "../../domain/transitions.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import {
  fromCents,
  insert,
  patch,
  selectByIds,
  selectOne,
  selectWhere,
  toCents,
  warehouseFor,
} from "./core.ts";
import { addToItem, addToSaleItem, type Take } from "./purchases.ts";

const OPEN_RETURN = new Set(["requested", "shipped"]);

/** Units of a purchase line in returns opened but not received yet. */
async function inOpenReturns(ctx: Ctx, item: PurchaseItem): Promise<number> {
  const lines = await selectWhere(ctx, "sale-return-item", { purchaseItemId: item.id });
  const returns = await selectByIds(
    ctx,
    "sale-return",
    lines.map((line) => line.saleReturnId),
  );
  return lines
    .filter((line) => {
      const saleReturn = returns.get(line.saleReturnId);
      return saleReturn?.type === "return" && OPEN_RETURN.has(saleReturn.status);
    })
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** What of a purchase line can still be sent back: shipped, less returned and already on its way back. */
export async function returnableOf(ctx: Ctx, item: PurchaseItem): Promise<number> {
  return item.quantityShipped - item.quantityReturned - (await inOpenReturns(ctx, item));
}

/** Opens a sale return (type return) for shipped purchase lines, at the sale's prices. */
export async function openReturnOfPurchaseLines(
  ctx: Ctx,
  input: { saleId: number; purchaseId: number; takes: readonly Take[]; reason?: string | null },
): Promise<SaleReturn> {
  const saleReturn = await insert(ctx, "sale-return", {
    saleId: input.saleId,
    purchaseId: input.purchaseId,
    type: "return",
    reason: input.reason ?? null,
  });
  const saleItems = await selectByIds(
    ctx,
    "sale-item",
    input.takes.flatMap(({ item }) => (item.saleItemId ? [item.saleItemId] : [])),
  );
  for (const { item, quantity } of input.takes) {
    const saleItem = item.saleItemId ? saleItems.get(item.saleItemId) : undefined;
    await insert(ctx, "sale-return-item", {
      saleReturnId: saleReturn.id,
      saleItemId: saleItem?.id ?? null,
      purchaseItemId: item.id,
      sku: item.sku,
      quantity,
      amount: fromCents(toCents(saleItem?.price ?? 0) * quantity),
      reason: input.reason ?? null,
    });
  }
  return (await settleSaleReturn(ctx, saleReturn.id))!;
}

/** The warehouse a sale line's units left from: the last shipped fulfillment that carried it. */
async function shippedFrom(ctx: Ctx, saleItemId: number): Promise<number | null> {
  const lines = await selectWhere(ctx, "fulfillment-item", { saleItemId }, { order: "id DESC" });
  const fulfillments = await selectByIds(
    ctx,
    "fulfillment",
    lines.map((line) => line.fulfillmentId),
  );
  for (const line of lines) {
    const fulfillment = fulfillments.get(line.fulfillmentId);
    if (fulfillment?.status === "shipped") return line.warehouseId ?? fulfillment.warehouseId;
  }
  return null;
}

/**
 * Receives a sale return: its lines count as returned on the sale (and on the purchase whose goods went
 * back to the provider); units of lines that shipped from an own warehouse are restocked with an
 * adjustment, unless `restock` is false. Never more returned than fulfilled (422).
 */
export async function receiveSaleReturn({
  ctx,
  saleReturn,
  input,
}: {
  ctx: Ctx;
  saleReturn: SaleReturn;
  input: SaleReturnReceiveInput;
}): Promise<SaleReturn> {
  if (saleReturn.type === "cancellation") {
    throw stateConflict(
      "sale-return",
      saleReturn,
      `Sale return ${saleReturn.id} records lines cancelled before they shipped: there are no goods to receive.`,
    );
  }
  const lines = await selectWhere(ctx, "sale-return-item", { saleReturnId: saleReturn.id });
  if (!lines.length) {
    throw stateConflict("sale-return", saleReturn, `Sale return ${saleReturn.id} has no lines to receive.`);
  }
  const saleItems = await selectByIds(
    ctx,
    "sale-item",
    lines.flatMap((line) => (line.saleItemId ? [line.saleItemId] : [])),
  );
  const purchaseItems = await selectByIds(
    ctx,
    "purchase-item",
    lines.flatMap((line) => (line.purchaseItemId ? [line.purchaseItemId] : [])),
  );
  const errors: FieldError[] = [];
  for (const [index, line] of lines.entries()) {
    const saleItem = line.saleItemId ? saleItems.get(line.saleItemId) : undefined;
    if (saleItem && line.quantity > saleItem.quantityFulfilled - saleItem.quantityReturned) {
      errors.push({
        path: `lines.${index}.quantity`,
        message: `Sale item ${saleItem.id} (${saleItem.sku}) has ${saleItem.quantityFulfilled - saleItem.quantityReturned} fulfilled and not returned; the return brings back ${line.quantity}.`,
      });
    }
  }
  if (errors.length) {
    throw new ApiError("validation_failed", `Sale return ${saleReturn.id} returns more than was fulfilled.`, {
      errors,
      rule: "returned <= fulfilled",
    });
  }

  const restock = input.restock ?? true;
  const purchaseIds = new Set<number>();
  for (const line of lines) {
    const purchaseItem = line.purchaseItemId ? purchaseItems.get(line.purchaseItemId) : undefined;
    if (purchaseItem) {
      await addToItem(ctx, purchaseItem, { quantityReturned: line.quantity });
      purchaseIds.add(purchaseItem.purchaseId);
    }
    const saleItem = line.saleItemId ? saleItems.get(line.saleItemId) : undefined;
    if (!saleItem) continue;
    await addToSaleItem(ctx, saleItem.id, { quantityReturned: line.quantity });
    if (purchaseItem || !restock || !saleItem.variantId) continue;
    const warehouse = await warehouseFor(ctx, input.warehouseId ?? (await shippedFrom(ctx, saleItem.id)));
    await recordAdjustment(ctx, {
      variantId: saleItem.variantId,
      warehouseId: warehouse.id,
      quantity: line.quantity,
      notes: `Sale return ${saleReturn.id} received.`,
    });
  }
  const receivedAt = ctx.now();
  for (const shipment of await selectWhere(ctx, "return-shipment", { saleReturnId: saleReturn.id })) {
    await patch(ctx, "return-shipment", shipment.id, { status: "received", receivedAt });
  }
  for (const purchaseId of purchaseIds) await settlePurchase(ctx, purchaseId);
  await settleSale(ctx, saleReturn.saleId);
  const current = (await selectOne(ctx, "sale-return", { id: saleReturn.id }))!;
  return transition(ctx, "sale-return", current, "received", { receivedAt });
}
