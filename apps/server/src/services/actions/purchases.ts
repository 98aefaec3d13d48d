/**
 * Service verbs of a purchase's lifecycle (send, ship, cancel, move to another provider) and the line
 * picking they share with the other order actions. Quantities change here; the books (`settlePurchase`,
 * `settleSale`) derive everything else from them, and statuses move through `transition`.
 */
import type { InStatement, ResultSet } from "@libsql/client";
import type {
  Dropshipment,
  DropshipProvider,
  Purchase,
  PurchaseCancelInput,
  PurchaseCancelOutput,
  PurchaseItem,
  PurchaseSendInput,
  PurchaseShipInput,
  SaleItem,
  SaleReturnItem,
} from "@multichannel/schema";
import { settlePurchase, settleSale, settleSaleReturn, unshippedOf } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { stateConflict } from "../../domain/states.ts";
import { recordsOf, relatedStatement, selectStatement } from "../../domain/store.ts";
import { transition, transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { calloutStatement } from "../webhooks/callouts.ts";
import { fromCents, insert, patch, selectOne, selectWhere, toCents } from "./core.ts";
import { renderPurchaseOrder } from "./documents.ts";

/** The Content-Type of a purchase order delivered to a provider's endpoint, by format. */
const PURCHASE_ORDER_TYPES = { json: "application/json", xml: "application/xml", csv: "text/csv" } as const;

export { unshippedOf };

/** Purchase lines named in an action's input; absent means every line that qualifies. */
export type LineQuantities = readonly { purchaseItemId: number; quantity: number }[] | null | undefined;

/** A purchase item and how many of it an action takes. */
export interface Take {
  item: PurchaseItem;
  quantity: number;
}

/** A 422 with one field error. */
export function invalid(path: string, message: string): ApiError {
  return new ApiError("validation_failed", message, { errors: [{ path, message }] });
}

export async function itemsOfPurchase(ctx: Ctx, purchaseId: number): Promise<PurchaseItem[]> {
  return selectWhere(ctx, "purchase-item", { purchaseId });
}

/**
 * The lines an action takes: the ones named (each an item of this purchase, together never more than
 * `available` of it: else 422), or every item's whole `available` quantity. Nothing to take: 409.
 */
export async function pickLines(
  ctx: Ctx,
  purchase: Purchase,
  named: LineQuantities,
  rule: { available: (item: PurchaseItem) => number | Promise<number>; verb: string; left: string },
): Promise<Take[]> {
  const items = await itemsOfPurchase(ctx, purchase.id);
  const available = new Map<number, number>();
  for (const item of items) available.set(item.id, await rule.available(item));
  if (named === undefined || named === null) {
    const takes = items
      .map((item) => ({ item, quantity: available.get(item.id)! }))
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
    const left = available.get(item.id)!;
    if (total > left) {
      errors.push({
        path: `items.${index}.quantity`,
        message: `Only ${left} of ${item.sku} (purchase item ${item.id}) left to ${rule.verb}; asked for ${total}.`,
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

/** Adds to a purchase item's shipped, cancelled or returned quantity (the books check and settle it). */
export async function addToItem(
  ctx: Ctx,
  item: PurchaseItem,
  delta: { quantityShipped?: number; quantityCancelled?: number; quantityReturned?: number },
): Promise<PurchaseItem> {
  return patch(ctx, "purchase-item", item.id, {
    quantityShipped: item.quantityShipped + (delta.quantityShipped ?? 0),
    quantityCancelled: item.quantityCancelled + (delta.quantityCancelled ?? 0),
    quantityReturned: item.quantityReturned + (delta.quantityReturned ?? 0),
  });
}

/** Adds to a sale item's fulfilled, cancelled or returned quantity (the books check and settle it). */
export async function addToSaleItem(
  ctx: Ctx,
  saleItemId: number | null | undefined,
  delta: { quantityFulfilled?: number; quantityCancelled?: number; quantityReturned?: number },
): Promise<SaleItem | undefined> {
  if (!saleItemId) return undefined;
  const saleItem = await selectOne(ctx, "sale-item", { id: saleItemId });
  if (!saleItem) return undefined;
  return patch(ctx, "sale-item", saleItem.id, {
    quantityFulfilled: saleItem.quantityFulfilled + (delta.quantityFulfilled ?? 0),
    quantityCancelled: saleItem.quantityCancelled + (delta.quantityCancelled ?? 0),
    quantityReturned: saleItem.quantityReturned + (delta.quantityReturned ?? 0),
  });
}

export async function providerOf(ctx: Ctx, purchase: Purchase): Promise<DropshipProvider> {
  const providerId = purchase.dropshipProviderId;
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

/** What sending a purchase reads: its provider (by the purchase's reference) and its lines. */
export function sendPurchaseReads(companyId: number, purchaseId: number): InStatement[] {
  const from = { kind: "purchase", id: purchaseId, via: "dropshipProviderId" } as const;
  return [
    relatedStatement(companyId, "dropship-provider", from),
    selectStatement(companyId, "purchase-item", { purchaseId }),
  ];
}

/**
 * Plans sending a purchase order: the notification that logs it, the callout that delivers it (every
 * format but e-mail, which this service has no transport for), and the purchase marked sent.
 */
export function planSendPurchase({
  purchase,
  input,
  read,
  plan,
}: {
  purchase: Purchase;
  input: PurchaseSendInput;
  read: ResultSet[];
  plan: WritePlan;
}): Purchase {
  const [provider] = recordsOf("dropship-provider", read[0]!);
  if (!provider) {
    throw invalid(
      "dropshipProviderId",
      `Purchase ${purchase.id} has no dropship provider: set its dropshipProviderId first.`,
    );
  }
  const format = input.format ?? provider.purchaseFormat;
  const recipient = format === "email" ? provider.email : provider.purchaseEndpoint;
  if (!recipient) {
    const field = format === "email" ? "email" : "purchaseEndpoint";
    throw invalid(
      "format",
      `Dropship provider ${provider.id} has no ${field} to send a ${format} purchase order to: set its ${field} or choose another format.`,
    );
  }
  const items = recordsOf("purchase-item", read[1]!);
  // The order is rendered from these: the batch applies only while they are as read.
  plan.unchangedRecords("dropship-provider", [provider]);
  plan.sameCount("purchase-item", { purchaseId: purchase.id }, items.length);
  plan.unchangedRecords("purchase-item", items);
  const payload = renderPurchaseOrder({ purchase, items, provider, format });
  const notification = plan.insert("purchase-notification", {
    purchaseId: purchase.id,
    dropshipProviderId: provider.id,
    format,
    status: "pending",
    recipient,
    message:
      format === "email"
        ? `Purchase order ${purchase.id} rendered for e-mail to ${recipient}; this service has no mail transport, so it waits for your mail step.`
        : `Purchase order ${purchase.id} queued for delivery to ${recipient} as ${format}.`,
    payload,
  });
  if (format !== "email") {
    plan.write(
      calloutStatement(plan.companyId, plan.now, {
        purpose: "purchase-order",
        type: "purchase.sent",
        url: recipient,
        contentType: PURCHASE_ORDER_TYPES[format],
        body: payload,
        notificationId: notification.id,
      }),
    );
  }
  return plan.update(
    "purchase",
    purchase,
    transitionValues("purchase", purchase, "sent", { sentAt: plan.now }),
    {
      movesState: true,
    },
  );
}

// ----------------------------------------------------------------------------------------------- ship

export async function shipPurchase({
  ctx,
  purchase,
  input,
}: {
  ctx: Ctx;
  purchase: Purchase;
  input: PurchaseShipInput;
}): Promise<Dropshipment> {
  const takes = await pickLines(ctx, purchase, input.items, {
    available: unshippedOf,
    verb: "ship",
    left: "left to ship",
  });
  const provider = await providerOf(ctx, purchase);
  const reference = purchase.lastDropshipmentReference + 1;
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
    await addToSaleItem(ctx, item.saleItemId, { quantityFulfilled: quantity });
  }
  await patch(ctx, "purchase", purchase.id, { lastDropshipmentReference: reference });
  await settlePurchase(ctx, purchase.id);
  await settleSale(ctx, purchase.saleId);
  return dropshipment;
}

// ------------------------------------------------------------------------------------------- move

export async function moveDropshipProviderOfPurchase({
  ctx,
  purchase,
  input,
}: {
  ctx: Ctx;
  purchase: Purchase;
  input: { dropshipProviderId: number };
}): Promise<Purchase> {
  const provider = await selectOne(ctx, "dropship-provider", { id: input.dropshipProviderId });
  if (!provider)
    throw invalid("dropshipProviderId", `No dropship provider with id ${input.dropshipProviderId}.`);
  if (provider.id === purchase.dropshipProviderId) {
    throw invalid(
      "dropshipProviderId",
      `Purchase ${purchase.id} is already with dropship provider ${provider.id}.`,
    );
  }
  return transition(ctx, "purchase", purchase, "pending", {
    dropshipProviderId: provider.id,
    dropshipProviderAddressId: null,
    sentAt: null,
  });
}

// ----------------------------------------------------------------------------------------- cancel

/**
 * Cancels purchase lines: their sale items count them as cancelled and, when the purchase serves a sale,
 * a sale return of type cancellation records them at the sale's prices (the refund owed).
 */
export async function cancelPurchase({
  ctx,
  purchase,
  input,
}: {
  ctx: Ctx;
  purchase: Purchase;
  input: PurchaseCancelInput;
}): Promise<PurchaseCancelOutput> {
  const takes = await pickLines(ctx, purchase, input.items, {
    available: unshippedOf,
    verb: "cancel",
    left: "left to cancel: every line has shipped or was cancelled",
  });
  const cancelled: { saleItem: SaleItem; item: PurchaseItem; quantity: number }[] = [];
  for (const { item, quantity } of takes) {
    await addToItem(ctx, item, { quantityCancelled: quantity });
    const saleItem = await addToSaleItem(ctx, item.saleItemId, { quantityCancelled: quantity });
    if (saleItem) cancelled.push({ saleItem, item, quantity });
  }
  const saleId = purchase.saleId;
  const saleReturnItems: SaleReturnItem[] = [];
  if (saleId && cancelled.length) {
    const saleReturn = await insert(ctx, "sale-return", {
      saleId,
      purchaseId: purchase.id,
      type: "cancellation",
      reason: input.reason ?? null,
    });
    for (const { saleItem, item, quantity } of cancelled) {
      const returnItem = await insert(ctx, "sale-return-item", {
        saleReturnId: saleReturn.id,
        saleItemId: saleItem.id,
        purchaseItemId: item.id,
        sku: saleItem.sku,
        quantity,
        amount: fromCents(toCents(saleItem.price) * quantity),
        reason: input.reason ?? null,
      });
      saleReturnItems.push(returnItem);
    }
    await settleSaleReturn(ctx, saleReturn.id);
  }
  const updated = (await settlePurchase(ctx, purchase.id))!;
  await settleSale(ctx, saleId);
  // The purchase, and beside its fields what the reference's clients read off this answer.
  return { ...updated, purchase: updated, sale_return_items: saleReturnItems } as PurchaseCancelOutput;
}
