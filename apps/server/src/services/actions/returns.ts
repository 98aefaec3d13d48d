/**
 * Returns of goods that shipped: opening a sale return for purchase lines (with the return label), and
 * receiving it (`POST /sale-returns/{id}/receive.json`, beyond the interface), which is when returned
 * quantities count and units shipped from an own warehouse go back on hand.
 */
import type { PurchaseItem, SaleReturn, SaleReturnReceiveInput } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { booksOf, purchasesBooksReads } from "../../domain/aggregates/purchase-books.ts";
import { warehouseOf, warehousesToChooseRead } from "../../domain/aggregates/warehouse-choice.ts";
import { planPurchaseBooks, planSaleBooks, planSaleReturnBooks } from "../../domain/books.ts";
import { checkLineOwners } from "../../domain/line-owners.ts";
import { fromCents, toCents } from "../../domain/money.ts";
import { fieldIn, fieldIs, fieldOf, fieldsOf, many, one, type Snapshot } from "../../domain/reads.ts";
import { contentConflict } from "../../domain/states.ts";
import { levelsOf, planRecordAdjustment } from "../../domain/stock.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import type { Take } from "./purchases.ts";

const OPEN_RETURN = new Set(["requested", "shipped"]);

/**
 * What opening a return of a purchase's lines reads: the purchase's lines, the sale lines they name, the
 * return lines of its lines and their returns (held: what can still be returned is computed from them).
 */
export function openReturnReads(purchaseId: number) {
  const itemsOfPurchase = fieldsOf("purchase-item", "id", { purchaseId });
  const returnLines = fieldIn("sale-return-item", "purchaseItemId", itemsOfPurchase);
  return {
    items: many("purchase-item", { purchaseId }),
    saleItems: many(
      "sale-item",
      fieldIn("sale-item", "id", fieldsOf("purchase-item", "saleItemId", { purchaseId })),
    ),
    returnItems: many("sale-return-item", returnLines),
    returns: many(
      "sale-return",
      fieldIn("sale-return", "id", fieldsOf("sale-return-item", "saleReturnId", returnLines)),
    ),
  };
}

/** What `openReturnReads` answered. */
export type OpenReturnRead = Snapshot<ReturnType<typeof openReturnReads>>;

/** What of a purchase line can still be sent back: shipped, less returned and already on its way back. */
export function returnableOf(item: PurchaseItem, read: OpenReturnRead): number {
  const returns = new Map(read.returns.map((saleReturn) => [saleReturn.id, saleReturn]));
  const inOpenReturns = read.returnItems
    .filter((line) => {
      if (line.purchaseItemId !== item.id) return false;
      const saleReturn = returns.get(line.saleReturnId);
      return saleReturn?.type === "return" && OPEN_RETURN.has(saleReturn.status);
    })
    .reduce((sum, line) => sum + line.quantity, 0);
  return item.quantityShipped - item.quantityReturned - inOpenReturns;
}

/** Plans a sale return (type return) for shipped purchase lines, at the sale's prices. */
export function planOpenReturnOfPurchaseLines(
  plan: WritePlan,
  read: OpenReturnRead,
  input: { saleId: number; purchaseId: number; takes: readonly Take[]; reason?: string | null },
): SaleReturn {
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
 * What receiving a sale return reads: its lines, return shipments, sale and sale lines (those of its
 * sale and those its lines name), the purchases its lines name with their books, and for restocking:
 * the fulfillment lines that carried its sale lines and their fulfillments, the warehouses they name
 * with the company's default ones, and the levels of its sale lines' variants (not held: a level the
 * plan moves is written while it is as read).
 */
export function receiveSaleReturnReads(saleReturnId: number, input: SaleReturnReceiveInput) {
  const ofLines = (field: "saleItemId" | "purchaseItemId") =>
    fieldsOf("sale-return-item", field, { saleReturnId });
  const saleItemIds = ofLines("saleItemId");
  const purchaseIds = fieldsOf(
    "purchase-item",
    "purchaseId",
    fieldIn("purchase-item", "id", ofLines("purchaseItemId")),
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
    fulfillmentItems: many("fulfillment-item", carrying, { order: "id DESC" }),
    fulfillments: many("fulfillment", fieldIn("fulfillment", "id", carried("fulfillmentId"))),
    warehouses: warehousesToChooseRead(input.warehouseId, [carried("warehouseId"), fulfillmentWarehouses]),
    levels: levelsOf(fieldsOf("sale-item", "variantId", fieldIn("sale-item", "id", saleItemIds))),
  };
}

/** What `receiveSaleReturnReads` answered. */
type ReturnReads = Snapshot<ReturnType<typeof receiveSaleReturnReads>>;

/** The warehouse a sale line's units left from: the last shipped fulfillment that carried it. */
function shippedFrom(reads: ReturnReads, saleItemId: number): number | null {
  const fulfillments = new Map(reads.fulfillments.map((fulfillment) => [fulfillment.id, fulfillment]));
  for (const line of reads.fulfillmentItems) {
    if (line.saleItemId !== saleItemId) continue;
    const fulfillment = fulfillments.get(line.fulfillmentId);
    if (fulfillment?.status === "shipped") return line.warehouseId ?? fulfillment.warehouseId;
  }
  return null;
}

/**
 * Plans receiving a sale return: its lines count as returned on the sale (and on the purchase whose
 * goods went back to the provider); units of lines that shipped from an own warehouse are restocked
 * with an adjustment, unless `restock` is false. Never more returned than fulfilled (422). Answers the
 * sale return as the plan leaves it.
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
  if (saleReturn.type === "cancellation") {
    throw contentConflict(
      "sale-return.receive",
      saleReturn,
      `Sale return ${saleReturn.id} records lines cancelled before they shipped: there are no goods to receive.`,
    );
  }
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
  const levels = [...reads.levels];
  const purchaseIds = new Set<number>();
  for (const line of lines) {
    const purchaseItem = line.purchaseItemId ? purchaseItems.get(line.purchaseItemId) : undefined;
    if (purchaseItem) {
      purchaseItems.set(
        purchaseItem.id,
        plan.update("purchase-item", purchaseItem, {
          quantityReturned: purchaseItem.quantityReturned + line.quantity,
        }),
      );
      purchaseIds.add(purchaseItem.purchaseId);
    }
    const saleItem = line.saleItemId ? saleItems.get(line.saleItemId) : undefined;
    if (!saleItem) continue;
    saleItems.set(
      saleItem.id,
      plan.update("sale-item", saleItem, { quantityReturned: saleItem.quantityReturned + line.quantity }),
    );
    if (purchaseItem || !restock || !saleItem.variantId) continue;
    let warehouseId = input.warehouseId;
    if (!warehouseId) warehouseId = shippedFrom(reads, saleItem.id);
    const warehouse = warehouseOf(reads.warehouses, warehouseId);
    planRecordAdjustment(plan, levels, {
      variantId: saleItem.variantId,
      warehouseId: warehouse.id,
      quantity: line.quantity,
      notes: `Sale return ${saleReturn.id} received.`,
    });
  }
  for (const shipment of reads.shipments) {
    plan.update("return-shipment", shipment, { status: "received", receivedAt: plan.now });
  }
  for (const purchaseId of purchaseIds) {
    const purchase = reads.purchases.find((candidate) => candidate.id === purchaseId);
    if (!purchase) continue;
    const items = [...purchaseItems.values()].filter((item) => item.purchaseId === purchaseId);
    const { payments, invoices, accounting } = booksOf(reads, purchaseId);
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
