import type { PurchaseCancelInput, PurchaseShipInput } from "@multichannel/schema";
/**
 * Service verbs of a purchase's lifecycle (send, ship, cancel, move to another provider) and the line
 * arithmetic they share with the other order actions.
 */
import type { StoredRecord } from "../../db/rows.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { stateConflict } from "../states.ts";
import { fromCents, insert, patch, refreshSaleStatus, selectOne, selectWhere, toCents } from "./core.ts";
import { type PurchaseOrderFormat, renderPurchaseOrder } from "./documents.ts";

/** Purchase lines named in an action's input; absent means every line that qualifies. */
export type LineQuantities = readonly { purchaseItemId: number; quantity: number }[] | null | undefined;

/** A purchase item and how many of it an action takes. */
export interface Take {
  item: StoredRecord;
  quantity: number;
}

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

/** What of a purchase item has neither shipped nor been cancelled. */
export const unshippedOf = (item: StoredRecord): number =>
  num(item.quantity) - num(item.quantityShipped) - num(item.quantityCancelled);

/** What of a purchase item has shipped and is not on its way back yet. */
export const returnableOf = (item: StoredRecord): number =>
  num(item.quantityShipped) - num(item.quantityReturned);

/** A 422 with one field error. */
export function invalid(path: string, message: string): ApiError {
  return new ApiError("validation_failed", message, { errors: [{ path, message }] });
}

export async function itemsOfPurchase(ctx: Ctx, purchaseId: number): Promise<StoredRecord[]> {
  return selectWhere(ctx, "purchase-item", { purchaseId });
}

/**
 * The lines an action takes: the ones named (each an item of this purchase, together never more than
 * `available` of it: else 422), or every item's whole `available` quantity. Nothing to take: 409.
 */
export async function pickLines(
  ctx: Ctx,
  purchase: StoredRecord,
  named: LineQuantities,
  rule: { available: (item: StoredRecord) => number; verb: string; left: string },
): Promise<Take[]> {
  const items = await itemsOfPurchase(ctx, purchase.id);
  if (named === undefined || named === null) {
    const takes = items
      .map((item) => ({ item, quantity: rule.available(item) }))
      .filter((take) => take.quantity > 0);
    if (!takes.length) {
      throw stateConflict("purchase", purchase, `Purchase ${purchase.id} has nothing ${rule.left}.`);
    }
    return takes;
  }
  if (!named.length) {
    throw invalid(
      "items",
      `Name at least one line to ${rule.verb}, or leave items out to ${rule.verb} every line.`,
    );
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const taken = new Map<number, number>();
  const errors: FieldError[] = [];
  named.forEach((line, index) => {
    const item = byId.get(line.purchaseItemId);
    if (!item) {
      errors.push({
        path: `items.${index}.purchaseItemId`,
        message: `Purchase item ${line.purchaseItemId} is not an item of purchase ${purchase.id}.`,
      });
      return;
    }
    const total = (taken.get(item.id) ?? 0) + line.quantity;
    const available = rule.available(item);
    if (total > available) {
      errors.push({
        path: `items.${index}.quantity`,
        message: `Only ${available} of ${String(item.sku)} (purchase item ${item.id}) left to ${rule.verb}; asked for ${total}.`,
      });
      return;
    }
    taken.set(item.id, total);
  });
  if (errors.length) {
    throw new ApiError("validation_failed", `Cannot ${rule.verb} these lines of purchase ${purchase.id}.`, {
      errors,
    });
  }
  return [...taken].map(([id, quantity]) => ({ item: byId.get(id)!, quantity }));
}

/** A purchase item's receipt and return statuses from its quantities. */
export function itemStatuses(item: StoredRecord): Record<string, unknown> {
  const shipped = num(item.quantityShipped);
  const returned = num(item.quantityReturned);
  return {
    inventoryStatus:
      shipped === 0 ? "notReceived" : unshippedOf(item) <= 0 ? "received" : "partiallyReceived",
    returnStatus: returned === 0 ? "notReturned" : returned >= shipped ? "returned" : "partiallyReturned",
  };
}

/** Adds to a purchase item's quantities and recomputes its statuses. */
export async function addToItem(
  ctx: Ctx,
  item: StoredRecord,
  delta: { quantityShipped?: number; quantityCancelled?: number; quantityReturned?: number },
): Promise<StoredRecord> {
  const next = { ...item };
  for (const [field, value] of Object.entries(delta)) next[field] = num(item[field]) + (value ?? 0);
  return patch(ctx, "purchase-item", item.id, {
    quantityShipped: next.quantityShipped,
    quantityCancelled: next.quantityCancelled,
    quantityReturned: next.quantityReturned,
    ...itemStatuses(next),
  });
}

/** Adds to a sale item's quantities (fulfilled or cancelled). */
async function addToSaleItem(
  ctx: Ctx,
  saleItemId: number | null | undefined,
  delta: { quantityFulfilled?: number; quantityCancelled?: number },
): Promise<StoredRecord | undefined> {
  if (!saleItemId) return undefined;
  const saleItem = await selectOne(ctx, "sale-item", { id: saleItemId });
  if (!saleItem) return undefined;
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(delta)) values[field] = num(saleItem[field]) + (value ?? 0);
  return patch(ctx, "sale-item", saleItem.id, values);
}

/**
 * A purchase's status, receipt and cancellation from its items: cancelled when every line is, shipped
 * when nothing is left to ship, partially shipped when some has shipped, else as it was.
 */
export async function refreshPurchase(ctx: Ctx, purchase: StoredRecord, extra: Record<string, unknown> = {}) {
  const items = await itemsOfPurchase(ctx, purchase.id);
  let ordered = 0;
  let shipped = 0;
  let cancelled = 0;
  for (const item of items) {
    ordered += num(item.quantity);
    shipped += num(item.quantityShipped);
    cancelled += num(item.quantityCancelled);
  }
  const allCancelled = ordered > 0 && cancelled >= ordered;
  const left = ordered - shipped - cancelled;
  const status =
    ordered === 0
      ? purchase.status
      : allCancelled
        ? "cancelled"
        : left <= 0
          ? "shipped"
          : shipped > 0
            ? "partiallyShipped"
            : purchase.status;
  return patch(ctx, "purchase", purchase.id, {
    status,
    inventoryStatus: shipped === 0 ? "notReceived" : left <= 0 ? "received" : "partiallyReceived",
    cancellationStatus: cancelled === 0 ? "none" : allCancelled ? "full" : "partial",
    cancelled: allCancelled,
    ...extra,
  });
}

export async function providerOf(ctx: Ctx, purchase: StoredRecord): Promise<StoredRecord> {
  const providerId = purchase.dropshipProviderId as number | null;
  const provider = providerId ? await selectOne(ctx, "dropship-provider", { id: providerId }) : undefined;
  if (!provider) {
    throw invalid(
      "dropshipProviderId",
      `Purchase ${purchase.id} has no dropship provider: set its dropshipProviderId first.`,
    );
  }
  return provider;
}

// ----------------------------------------------------------------------------------------------- send

export async function sendPurchase({
  ctx,
  purchase,
  input,
}: {
  ctx: Ctx;
  purchase: StoredRecord;
  input: { format?: PurchaseOrderFormat };
}): Promise<StoredRecord> {
  const provider = await providerOf(ctx, purchase);
  const format = input.format ?? (provider.purchaseFormat as PurchaseOrderFormat);
  const recipient = (format === "email" ? provider.email : provider.purchaseEndpoint) as string | null;
  if (!recipient) {
    const field = format === "email" ? "email" : "purchaseEndpoint";
    throw invalid(
      "format",
      `Dropship provider ${provider.id} has no ${field} to send a ${format} purchase order to: set its ${field} or choose another format.`,
    );
  }
  const items = await itemsOfPurchase(ctx, purchase.id);
  const payload = renderPurchaseOrder({ purchase, items, provider, format });
  await insert(ctx, "purchase-notification", {
    purchaseId: purchase.id,
    dropshipProviderId: provider.id,
    format,
    status: "success",
    recipient,
    message: `Purchase order ${purchase.id} sent to ${recipient} as ${format}.`,
    payload,
  });
  return patch(ctx, "purchase", purchase.id, { status: "sent", sentAt: ctx.now() });
}

// ----------------------------------------------------------------------------------------------- ship

export type ShipInput = PurchaseShipInput;

export async function shipPurchase({
  ctx,
  purchase,
  input,
}: {
  ctx: Ctx;
  purchase: StoredRecord;
  input: ShipInput;
}): Promise<StoredRecord> {
  const takes = await pickLines(ctx, purchase, input.items, {
    available: unshippedOf,
    verb: "ship",
    left: "left to ship",
  });
  const provider = await providerOf(ctx, purchase);
  const reference = num(purchase.lastDropshipmentReference) + 1;
  const dropshipment = await insert(ctx, "dropshipment", {
    status: "shipped",
    inventoryStatus: "shipped",
    purchaseId: purchase.id,
    saleId: purchase.saleId ?? null,
    dropshipProviderId: provider.id,
    reference: `${purchase.id}-${reference}`,
    trackingNumber: input.trackingNumber,
    carrier: input.carrier ?? provider.defaultCarrier ?? null,
    service: input.service ?? provider.defaultService ?? null,
    shippedAt: input.shippedAt ?? ctx.now(),
  });
  for (const { item, quantity } of takes) {
    await insert(ctx, "dropshipment-item", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: item.id,
      sku: item.sku,
      name: item.name ?? null,
      quantity,
    });
    await addToItem(ctx, item, { quantityShipped: quantity });
    await addToSaleItem(ctx, item.saleItemId as number | null, { quantityFulfilled: quantity });
  }
  await refreshPurchase(ctx, purchase, { lastDropshipmentReference: reference });
  await refreshSaleStatus(ctx, purchase.saleId as number | null);
  return dropshipment;
}

// ------------------------------------------------------------------------------------------- move

export async function moveDropshipProviderOfPurchase({
  ctx,
  purchase,
  input,
}: {
  ctx: Ctx;
  purchase: StoredRecord;
  input: { dropshipProviderId: number };
}): Promise<StoredRecord> {
  const provider = await selectOne(ctx, "dropship-provider", { id: input.dropshipProviderId });
  if (!provider)
    throw invalid("dropshipProviderId", `No dropship provider with id ${input.dropshipProviderId}.`);
  if (provider.id === purchase.dropshipProviderId) {
    throw invalid(
      "dropshipProviderId",
      `Purchase ${purchase.id} is already with dropship provider ${provider.id}.`,
    );
  }
  return patch(ctx, "purchase", purchase.id, {
    dropshipProviderId: provider.id,
    dropshipProviderAddressId: null,
    status: "pending",
    sentAt: null,
  });
}

// ----------------------------------------------------------------------------------------- cancel

export type CancelInput = PurchaseCancelInput;

/**
 * Cancels purchase lines: their sale items count them as cancelled and, when the purchase serves a sale,
 * a sale return records them at the sale's prices.
 */
export async function cancelPurchase({
  ctx,
  purchase,
  input,
}: {
  ctx: Ctx;
  purchase: StoredRecord;
  input: CancelInput;
}): Promise<StoredRecord> {
  const takes = await pickLines(ctx, purchase, input.items, {
    available: unshippedOf,
    verb: "cancel",
    left: "left to cancel: every line has shipped or was cancelled",
  });
  const returned: { saleItem: StoredRecord; quantity: number }[] = [];
  for (const { item, quantity } of takes) {
    await addToItem(ctx, item, { quantityCancelled: quantity });
    const saleItem = await addToSaleItem(ctx, item.saleItemId as number | null, {
      quantityCancelled: quantity,
    });
    if (saleItem) returned.push({ saleItem, quantity });
  }
  const saleId = purchase.saleId as number | null;
  if (saleId && returned.length) {
    const amounts = returned.map(({ saleItem, quantity }) => toCents(saleItem.price as number) * quantity);
    const saleReturn = await insert(ctx, "sale-return", {
      saleId,
      purchaseId: purchase.id,
      status: "requested",
      reason: input.reason ?? null,
      total: fromCents(amounts.reduce((sum, cents) => sum + cents, 0)),
    });
    for (const [index, { saleItem, quantity }] of returned.entries()) {
      await insert(ctx, "sale-return-item", {
        saleReturnId: saleReturn.id,
        saleItemId: saleItem.id,
        sku: saleItem.sku,
        quantity,
        amount: fromCents(amounts[index]!),
        reason: input.reason ?? null,
      });
    }
  }
  const updated = await refreshPurchase(ctx, purchase, { cancelledAt: ctx.now() });
  await refreshSaleStatus(ctx, saleId);
  return updated;
}
