/**
 * Returns of goods that shipped: opening a sale return for purchase lines (with the return label),
 * receiving it (`POST /sale-returns/{id}/receive.json`, beyond the interface), which is when returned
 * quantities count and units shipped from an own warehouse go back on hand, and calling it off before
 * then (`PUT /sale-returns/{id}/cancel.json`, beyond the interface too).
 */
import type {
  PurchaseItem,
  SaleReturn,
  SaleReturnCancelInput,
  SaleReturnItem,
  SaleReturnReceiveInput,
} from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { booksByPurchase, purchasesBooksReads } from "../../domain/aggregates/purchase-books.ts";
import { warehouseOf, warehousesToChooseRead } from "../../domain/aggregates/warehouse-choice.ts";
import { planPurchaseBooks, planSaleBooks, planSaleReturnBooks } from "../../domain/books.ts";
import { checkLineCount } from "../../domain/line-limit.ts";
import { checkLineOwners } from "../../domain/line-owners.ts";
import { fromCents, toCents } from "../../domain/money.ts";
import { fieldIn, fieldIs, fieldOf, fieldsOf, many, one, type Snapshot } from "../../domain/reads.ts";
import { contentConflict } from "../../domain/states.ts";
import { planRestock, stockFrom, stockOf } from "../../domain/stock.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import {
  beyondReturnable,
  cancelledBy,
  isOpenReturn,
  PURCHASE_LINE_RULE,
  purchaseLineBroken,
  RETURNED_RULE,
  returnableOfSaleItem,
} from "../../domain/write-rules/returns.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import type { SharedLeft, Take } from "./purchases.ts";

/**
 * What opening a return of a purchase's lines reads: the purchase's lines, the sale lines they name, the
 * return lines of either (a line of a sale line's own return may name no purchase line) and their
 * returns, and its return shipments (held: what can still be returned is computed from them).
 */
export function openReturnReads(purchaseId: number) {
  const itemsOfPurchase = fieldsOf("purchase-item", "id", { purchaseId });
  const saleItemsOfPurchase = fieldsOf("purchase-item", "saleItemId", { purchaseId });
  const returnLines = sql`${fieldIn("sale-return-item", "purchaseItemId", itemsOfPurchase)} OR ${fieldIn("sale-return-item", "saleItemId", saleItemsOfPurchase)}`;
  return {
    items: many("purchase-item", { purchaseId }),
    saleItems: many("sale-item", fieldIn("sale-item", "id", saleItemsOfPurchase)),
    returnItems: many("sale-return-item", returnLines),
    returns: many(
      "sale-return",
      fieldIn("sale-return", "id", fieldsOf("sale-return-item", "saleReturnId", returnLines)),
    ),
    returnShipments: many("return-shipment", { purchaseId }),
  };
}

/** What `openReturnReads` answered. */
export type OpenReturnRead = Snapshot<ReturnType<typeof openReturnReads>>;

/**
 * What of a purchase line can still be sent back: shipped, less returned and what is already on its way
 * back. That is the lines of its open sale returns, and the units in its return shipments that belong
 * to no sale return (return-label opens none for a purchase without a sale) unless cancelled: nothing
 * counts such a shipment's units as returned, so they stay sent back once it has arrived too.
 */
export function returnableOf(item: PurchaseItem, read: OpenReturnRead): number {
  const returns = new Map(read.returns.map((saleReturn) => [saleReturn.id, saleReturn]));
  const inOpenReturns = read.returnItems
    .filter((line) => line.purchaseItemId === item.id && isOpenReturn(returns.get(line.saleReturnId)))
    .reduce((sum, line) => sum + line.quantity, 0);
  const inShipments = read.returnShipments
    .filter((shipment) => shipment.saleReturnId === null && shipment.status !== "cancelled")
    .flatMap((shipment) => shipment.items ?? [])
    .filter((line) => line.purchaseItemId === item.id)
    .reduce((sum, line) => sum + line.quantity, 0);
  return item.quantityShipped - item.quantityReturned - inOpenReturns - inShipments;
}

/**
 * What the purchase line's sale line has left to return (`returnableOfSaleItem`: fulfilled, less
 * returned and the units its open returns' lines hold, whether or not they name a purchase line),
 * which every purchase line of that sale line takes from; undefined for a line of no sale line.
 */
export function saleLineLeftOf(item: PurchaseItem, read: OpenReturnRead): SharedLeft | undefined {
  const saleItem = read.saleItems.find((candidate) => candidate.id === item.saleItemId);
  if (!saleItem) return undefined;
  const returns = new Map(read.returns.map((saleReturn) => [saleReturn.id, saleReturn]));
  const onOpenReturns = read.returnItems
    .filter((line) => line.saleItemId === saleItem.id && isOpenReturn(returns.get(line.saleReturnId)))
    .reduce((sum, line) => sum + line.quantity, 0);
  return {
    id: saleItem.id,
    left: returnableOfSaleItem(saleItem, onOpenReturns),
    what: `sale item ${saleItem.id} (${saleItem.sku})`,
  };
}

/** Plans a sale return (type return) for shipped purchase lines, at the sale's prices. */
export function planOpenReturnOfPurchaseLines(
  plan: WritePlan,
  read: OpenReturnRead,
  input: { saleId: number; purchaseId: number; takes: readonly Take[]; reason?: string | null },
): SaleReturn {
  checkLineCount(
    { kind: "sale-return" },
    "sale-return-item",
    { before: 0, after: input.takes.length },
    "Name fewer lines (items) in one call, and return the rest in another.",
  );
  const saleReturn = plan.insert("sale-return", {
    saleId: input.saleId,
    purchaseId: input.purchaseId,
    type: "return",
    reason: input.reason ?? null,
  });
  const saleItems = new Map(read.saleItems.map((saleItem) => [saleItem.id, saleItem]));
  const lines = input.takes.map(({ item, quantity }) => {
    const saleItem = item.saleItemId ? saleItems.get(item.saleItemId) : undefined;
    return plan.insert("sale-return-item", {
      saleReturnId: saleReturn.id,
      saleItemId: saleItem?.id ?? null,
      purchaseItemId: item.id,
      sku: item.sku,
      quantity,
      amount: fromCents(toCents(saleItem?.price ?? 0) * quantity),
      reason: input.reason ?? null,
    });
  });
  return planSaleReturnBooks(plan, saleReturn, lines);
}

// ---------------------------------------------------------------------------------------- receive

/**
 * What a cancellation (lines cancelled before they shipped) refuses: there are no goods to receive, and
 * it changes only through the cancel that recorded it (its purchase's, or its sale's).
 */
const CANCELLATION_REFUSES = ["sale-return.receive", "sale-return.cancel"] as const;

/** A 409 when `saleReturn` is a cancellation, saying `why` it refuses the action (see `CANCELLATION_REFUSES`). */
function refuseCancellation(saleReturn: SaleReturn, why: string): void {
  if (saleReturn.type !== "cancellation") return;
  throw contentConflict(
    CANCELLATION_REFUSES,
    saleReturn,
    `Sale return ${saleReturn.id} records lines cancelled before they shipped: ${why}`,
  );
}

/**
 * What receiving a sale return reads: its lines, return shipments, sale and sale lines (those of its
 * sale and those its lines name), the purchases of the purchase lines its lines name and of those that
 * dropshipped its sale lines, with their books, the return lines naming the purchase lines of its sale
 * lines and their returns (what open returns hold of them is not this return's), and for restocking:
 * the fulfillment lines that carried its sale lines and their fulfillments, the warehouses they name
 * with the company's default ones, and the stock of the variants those lines shipped (`stockOf`: a
 * level the plan moves is written while it is as read).
 */
export function receiveSaleReturnReads(saleReturnId: number, input: SaleReturnReceiveInput) {
  const ofLines = (field: "saleItemId" | "purchaseItemId") =>
    fieldsOf("sale-return-item", field, { saleReturnId });
  const saleItemIds = ofLines("saleItemId");
  const purchaseIds = fieldsOf(
    "purchase-item",
    "purchaseId",
    sql`${fieldIn("purchase-item", "id", ofLines("purchaseItemId"))} OR ${fieldIn("purchase-item", "saleItemId", saleItemIds)}`,
  );
  const namingPurchaseLines = fieldIn(
    "sale-return-item",
    "purchaseItemId",
    fieldsOf("purchase-item", "id", fieldIn("purchase-item", "saleItemId", saleItemIds)),
  );
  const carrying = fieldIn("fulfillment-item", "saleItemId", saleItemIds);
  const carried = (field: "fulfillmentId" | "warehouseId") => fieldsOf("fulfillment-item", field, carrying);
  const fulfillmentWarehouses = fieldsOf(
    "fulfillment",
    "warehouseId",
    fieldIn("fulfillment", "id", carried("fulfillmentId")),
  );
  const saleId = fieldOf("sale-return", saleReturnId, "saleId");
  return {
    lines: many("sale-return-item", { saleReturnId }),
    shipments: many("return-shipment", { saleReturnId }),
    sale: one("sale", saleId),
    saleItems: many(
      "sale-item",
      sql`${fieldIn("sale-item", "id", saleItemIds)} OR ${fieldIs("sale-item", "saleId", saleId)}`,
    ),
    purchases: many("purchase", fieldIn("purchase", "id", purchaseIds)),
    ...purchasesBooksReads(purchaseIds),
    heldLines: many("sale-return-item", namingPurchaseLines, {
      hold: { fields: ["saleReturnId", "purchaseItemId", "quantity"] },
    }),
    heldReturns: many(
      "sale-return",
      fieldIn("sale-return", "id", fieldsOf("sale-return-item", "saleReturnId", namingPurchaseLines)),
      { hold: { fields: ["type", "status"] } },
    ),
    fulfillmentItems: many("fulfillment-item", carrying, { order: "id DESC" }),
    fulfillments: many("fulfillment", fieldIn("fulfillment", "id", carried("fulfillmentId"))),
    warehouses: warehousesToChooseRead(input.warehouseId, [carried("warehouseId"), fulfillmentWarehouses]),
    ...stockOf(fieldsOf("fulfillment-item", "variantId", carrying)),
  };
}

/** What `receiveSaleReturnReads` answered. */
type ReturnReads = Snapshot<ReturnType<typeof receiveSaleReturnReads>>;

/**
 * The stock a sale line's units left: the variant and warehouse of the last shipped fulfillment line
 * that carried it, as shipping took them off hand. A line that took nothing off (no variant or
 * warehouse, or `skipInventoryChange`) has nothing to put back: null, as for a line that never shipped.
 */
function shippedFrom(
  reads: ReturnReads,
  saleItemId: number,
): { variantId: number; warehouseId: number } | null {
  const fulfillments = new Map(reads.fulfillments.map((fulfillment) => [fulfillment.id, fulfillment]));
  for (const line of reads.fulfillmentItems) {
    if (line.saleItemId !== saleItemId) continue;
    const fulfillment = fulfillments.get(line.fulfillmentId);
    if (fulfillment?.status !== "shipped") continue;
    const warehouseId = line.warehouseId ?? fulfillment.warehouseId;
    if (!line.variantId || !warehouseId || line.skipInventoryChange) return null;
    return { variantId: line.variantId, warehouseId };
  }
  return null;
}

/**
 * The units of each purchase line that open returns' lines naming it hold (`heldLines`): on their way
 * back to that line, so no other return's units are set against them. The received return's own lines
 * count too, until the plan counts them as returned.
 */
function heldOfPurchaseLines(reads: ReturnReads): Map<number, number> {
  const returns = new Map(reads.heldReturns.map((saleReturn) => [saleReturn.id, saleReturn]));
  const held = new Map<number, number>();
  for (const line of reads.heldLines) {
    if (!line.purchaseItemId || !isOpenReturn(returns.get(line.saleReturnId))) continue;
    held.set(line.purchaseItemId, (held.get(line.purchaseItemId) ?? 0) + line.quantity);
  }
  return held;
}

/**
 * The purchase lines a return line's units go back to, and how many to each: the line it names, else
 * those that dropshipped its sale line, each up to what it shipped and has neither had back nor has
 * `held` on an open return's line naming it (as `items` and `held` are now); units left over were not
 * dropshipped.
 */
function backToProvider(
  items: ReadonlyMap<number, PurchaseItem>,
  held: ReadonlyMap<number, number>,
  line: { purchaseItemId: number | null; quantity: number },
  saleItemId: number | undefined,
): Take[] {
  const named = line.purchaseItemId ? items.get(line.purchaseItemId) : undefined;
  if (named) return [{ item: named, quantity: line.quantity }];
  const takes: Take[] = [];
  if (saleItemId === undefined) return takes;
  let left = line.quantity;
  for (const item of items.values()) {
    if (left === 0 || item.saleItemId !== saleItemId) continue;
    const quantity = Math.min(left, item.quantityShipped - item.quantityReturned - (held.get(item.id) ?? 0));
    if (quantity <= 0) continue;
    takes.push({ item, quantity });
    left -= quantity;
  }
  return takes;
}

/**
 * 422 when a line of the return names a purchase line that is not a line of its sale line (written
 * before that was refused): its units would count as returned on the one and not the other. Each is
 * named at `lines.<line id>.purchaseItemId`, before anything is counted.
 */
function checkPurchaseLines(
  saleReturn: SaleReturn,
  lines: readonly SaleReturnItem[],
  purchaseItems: ReadonlyMap<number, PurchaseItem>,
): void {
  const errors: FieldError[] = [];
  for (const line of lines) {
    const purchaseItem = line.purchaseItemId ? purchaseItems.get(line.purchaseItemId) : undefined;
    const broken = purchaseItem && purchaseLineBroken(purchaseItem, line.saleItemId);
    if (broken) errors.push({ path: `lines.${line.id}.purchaseItemId`, message: broken });
  }
  if (!errors.length) return;
  throw new ApiError(
    "validation_failed",
    `Sale return ${saleReturn.id} has lines whose purchase line is not a line of their sale line: set each line's saleItemId to its purchase line's, or its purchaseItemId to null.`,
    { errors, rule: PURCHASE_LINE_RULE },
  );
}

/**
 * Plans receiving a sale return: its lines count as returned on the sale and on the purchase lines
 * whose goods went back to the provider (`backToProvider`); the other units of a line that shipped from
 * an own warehouse are restocked with an adjustment of the variant that shipped, or of each of its
 * components for a bundle (`shippedFrom`, `planRestock`: at `warehouseId`, else the warehouse they
 * left), unless `restock` is false. Units that left no own
 * warehouse, or left it without being taken off hand, are not put on hand. Never more returned than
 * fulfilled (422). Answers the sale return as the plan leaves it.
 */
export function planReceiveSaleReturn({
  saleReturn,
  input,
  read: reads,
  plan,
}: {
  saleReturn: SaleReturn;
  input: SaleReturnReceiveInput;
  read: ReturnReads;
  plan: WritePlan;
}): SaleReturn {
  refuseCancellation(saleReturn, "there are no goods to receive.");
  // A warehouse named is one of the company's (422), whether or not a unit goes back on hand.
  if (input.warehouseId) warehouseOf(reads.warehouses, input.warehouseId);
  const { lines } = reads;
  if (!lines.length) {
    throw contentConflict(
      "sale-return.receive",
      saleReturn,
      `Sale return ${saleReturn.id} has no lines to receive.`,
    );
  }
  const saleItems = new Map(reads.saleItems.map((item) => [item.id, item]));
  checkLineOwners(
    { record: { kind: "sale-return", id: saleReturn.id }, owner: { kind: "sale", id: saleReturn.saleId } },
    lines,
    { kind: "sale-return-item", path: "lines", field: "saleItemId", names: "sale-item" },
    (line) => {
      const saleItem = line.saleItemId ? saleItems.get(line.saleItemId) : undefined;
      return saleItem && { id: saleItem.id, owner: saleItem.saleId };
    },
  );
  const purchaseItems = new Map(reads.items.map((item) => [item.id, item]));
  checkPurchaseLines(saleReturn, lines, purchaseItems);
  // These goods have arrived: units that other open returns hold are not set against them.
  const errors: FieldError[] = [];
  for (const [index, line] of lines.entries()) {
    const saleItem = line.saleItemId ? saleItems.get(line.saleItemId) : undefined;
    const beyond = saleItem && beyondReturnable(line.quantity, saleItem);
    if (beyond) errors.push({ path: `lines.${index}.quantity`, message: beyond });
  }
  if (errors.length) {
    throw new ApiError("validation_failed", `Sale return ${saleReturn.id} returns more than was fulfilled.`, {
      errors,
      rule: RETURNED_RULE,
    });
  }

  const restock = input.restock ?? true;
  const stock = stockFrom(reads);
  const purchaseIds = new Set<number>();
  const held = heldOfPurchaseLines(reads);
  for (const line of lines) {
    const saleItem = line.saleItemId ? saleItems.get(line.saleItemId) : undefined;
    // What did not go back to the provider left an own warehouse, if any.
    let own = line.quantity;
    for (const { item, quantity } of backToProvider(purchaseItems, held, line, saleItem?.id)) {
      purchaseItems.set(
        item.id,
        plan.update("purchase-item", item, { quantityReturned: item.quantityReturned + quantity }),
      );
      // Counted as returned now, the units of a line naming this purchase line no longer wait for it.
      if (line.purchaseItemId === item.id) held.set(item.id, (held.get(item.id) ?? 0) - quantity);
      purchaseIds.add(item.purchaseId);
      own -= quantity;
    }
    if (!saleItem) continue;
    saleItems.set(
      saleItem.id,
      plan.update("sale-item", saleItem, { quantityReturned: saleItem.quantityReturned + line.quantity }),
    );
    if (own === 0 || !restock) continue;
    const leftFrom = shippedFrom(reads, saleItem.id);
    if (!leftFrom) continue;
    const warehouse = warehouseOf(reads.warehouses, input.warehouseId ?? leftFrom.warehouseId);
    planRestock(plan, stock, {
      variantId: leftFrom.variantId,
      warehouseId: warehouse.id,
      quantity: own,
      notes: `Sale return ${saleReturn.id} received.`,
    });
  }
  for (const shipment of reads.shipments) {
    plan.update("return-shipment", shipment, { status: "received", receivedAt: plan.now });
  }
  const booksOf = booksByPurchase(reads);
  for (const purchaseId of purchaseIds) {
    const purchase = reads.purchases.find((candidate) => candidate.id === purchaseId);
    if (!purchase) continue;
    const items = [...purchaseItems.values()].filter((item) => item.purchaseId === purchaseId);
    const { payments, invoices, accounting } = booksOf(purchaseId);
    planPurchaseBooks(plan, purchase, items, payments, invoices, accounting);
  }
  const sale = reads.sale;
  if (sale) {
    const items = [...saleItems.values()].filter((item) => item.saleId === sale.id);
    planSaleBooks(plan, sale, items, reads.accounting);
  }
  return plan.update(
    "sale-return",
    saleReturn,
    transitionValues("sale-return", saleReturn, "received", { receivedAt: plan.now }),
    { movesState: true },
  );
}

// ----------------------------------------------------------------------------------------- cancel

/** What cancelling a sale return reads: its return shipments. */
export const cancelSaleReturnReads = (saleReturnId: number) => ({
  shipments: many("return-shipment", { saleReturnId }),
});

/**
 * Plans `PUT /sale-returns/{id}/cancel.json` (beyond the interface): a return whose goods have not
 * arrived is called off. It becomes cancelled (with the `reason` sent, if any), and so do its return
 * shipments; their labels stay, unused. Nothing counts as returned and no stock moves. A cancellation
 * is a 409 (it changes only through the purchase's cancel), and so is a return whose shipment the
 * provider received (receive it instead).
 */
export function planCancelSaleReturn({
  saleReturn,
  input,
  read,
  plan,
}: {
  saleReturn: SaleReturn;
  input: SaleReturnCancelInput;
  read: Snapshot<ReturnType<typeof cancelSaleReturnReads>>;
  plan: WritePlan;
}): SaleReturn {
  refuseCancellation(saleReturn, `it changes only through ${cancelledBy(saleReturn)}.`);
  const received = read.shipments.find((shipment) => shipment.status === "received");
  if (received) {
    throw contentConflict(
      "sale-return.cancel",
      saleReturn,
      `Return shipment ${received.id} of sale return ${saleReturn.id} was received: receive the return instead (POST /sale-returns/${saleReturn.id}/receive.json).`,
    );
  }
  for (const shipment of read.shipments) {
    if (shipment.status !== "cancelled") plan.update("return-shipment", shipment, { status: "cancelled" });
  }
  const reason = input.reason === undefined ? {} : { reason: input.reason };
  return plan.update(
    "sale-return",
    saleReturn,
    transitionValues("sale-return", saleReturn, "cancelled", reason),
    { movesState: true },
  );
}
