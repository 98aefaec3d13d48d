/**
 * Returns of goods that shipped: opening a sale return for purchase lines (with the return label), and
 * receiving it (`POST /sale-returns/{id}/receive.json`, beyond the interface), which is when returned
 * quantities count and units shipped from an own warehouse go back on hand.
 */
import type { InStatement, InValue, ResultSet } from "@libsql/client";
import type {
  Fulfillment,
  FulfillmentItem,
  InventoryLevel,
  Purchase,
  PurchaseInvoice,
  PurchaseInvoicePayment,
  PurchaseItem,
  ReturnShipment,
  Sale,
  SaleItem,
  SaleReturn,
  SaleReturnItem,
  SaleReturnReceiveInput,
  Warehouse,
} from "@multichannel/schema";
import { planPurchaseBooks, planSaleBooks, planSaleReturnBooks } from "../../domain/books.ts";
import { stateConflict } from "../../domain/states.ts";
import { planRecordAdjustment } from "../../domain/stock.ts";
import {
  column,
  fieldOfMatching,
  type KindName,
  recordsOf,
  relatedStatement,
  selectMatching,
  selectStatement,
  table,
} from "../../domain/store.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { fromCents, toCents, warehouseOf, warehousesToChoose } from "./core.ts";
import type { Take } from "./purchases.ts";

const OPEN_RETURN = new Set(["requested", "shipped"]);

/**
 * What opening a return of a purchase's lines reads: the purchase's lines, the sale lines they name, the
 * return lines of its lines and their returns.
 */
export function openReturnReads(companyId: number, purchaseId: number): InStatement[] {
  const items = table("purchase-item");
  const returnItems = table("sale-return-item");
  const itemsOfPurchase = `SELECT id FROM ${items.name} WHERE company_id = ? AND ${column(items, "purchaseId")} = ?`;
  const returnLines = `${column(returnItems, "purchaseItemId")} IN (${itemsOfPurchase})`;
  return [
    selectStatement(companyId, "purchase-item", { purchaseId }),
    selectMatching(
      companyId,
      "sale-item",
      `id IN (SELECT ${column(items, "saleItemId")} FROM ${items.name} WHERE company_id = ? AND ${column(items, "purchaseId")} = ?)`,
      [companyId, purchaseId],
    ),
    selectMatching(companyId, "sale-return-item", returnLines, [companyId, purchaseId]),
    selectMatching(
      companyId,
      "sale-return",
      `id IN (SELECT ${column(returnItems, "saleReturnId")} FROM ${returnItems.name} WHERE company_id = ? AND ${returnLines})`,
      [companyId, companyId, purchaseId],
    ),
  ];
}

/** What `openReturnReads` answered. */
export interface OpenReturnRead {
  items: PurchaseItem[];
  saleItems: SaleItem[];
  returnItems: SaleReturnItem[];
  returns: SaleReturn[];
}

/** The records `openReturnReads` read; the plan applies only while they are as read. */
export function openReturnRead(plan: WritePlan, purchaseId: number, read: ResultSet[]): OpenReturnRead {
  const lines = {
    items: recordsOf("purchase-item", read[0]!),
    saleItems: recordsOf("sale-item", read[1]!),
    returnItems: recordsOf("sale-return-item", read[2]!),
    returns: recordsOf("sale-return", read[3]!),
  };
  plan.sameCount("purchase-item", { purchaseId }, lines.items.length);
  plan.unchangedRecords("purchase-item", lines.items);
  plan.unchangedRecords("sale-item", lines.saleItems);
  for (const item of lines.items) {
    const count = lines.returnItems.filter((line) => line.purchaseItemId === item.id).length;
    plan.sameCount("sale-return-item", { purchaseItemId: item.id }, count);
  }
  plan.unchangedRecords("sale-return-item", lines.returnItems);
  plan.unchangedRecords("sale-return", lines.returns);
  return lines;
}

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
 * sale and those its lines name), the purchases its lines name with their lines, active payments and
 * invoices (their books), and for restocking: the fulfillment lines that carried its sale lines and
 * their fulfillments, the warehouses they name with the company's default ones, and the levels of its
 * sale lines' variants.
 */
export function receiveSaleReturnReads(
  companyId: number,
  saleReturnId: number,
  input: SaleReturnReceiveInput,
): InStatement[] {
  const ofLines = (field: string) =>
    fieldOfMatching(companyId, "sale-return-item", field, `${col("sale-return-item", "saleReturnId")} = ?`, [
      saleReturnId,
    ]);
  const within = (field: string, ids: { sql: string; args: InValue[] }) => ({
    condition: `${field} IN (${ids.sql})`,
    args: ids.args,
  });
  const saleItemIds = ofLines("saleItemId");
  const purchaseItemIds = ofLines("purchaseItemId");
  const purchases = within(
    "id",
    fieldOfMatching(
      companyId,
      "purchase-item",
      "purchaseId",
      `id IN (${purchaseItemIds.sql})`,
      purchaseItemIds.args,
    ),
  );
  const ofPurchases = (kindName: "purchase-item" | "purchase-invoice-payment" | "purchase-invoice") => {
    const active = kindName === "purchase-item" ? "" : ` AND ${col(kindName, "status")} = 'active'`;
    return selectMatching(
      companyId,
      kindName,
      `${col(kindName, "purchaseId")} IN (SELECT id FROM ${table("purchase").name} WHERE company_id = ? AND ${purchases.condition})${active}`,
      [companyId, ...purchases.args],
    );
  };
  const carrying = within(col("fulfillment-item", "saleItemId"), saleItemIds);
  const carried = (field: string) =>
    fieldOfMatching(companyId, "fulfillment-item", field, carrying.condition, carrying.args);
  const fulfillmentWarehouses = fieldOfMatching(
    companyId,
    "fulfillment",
    "warehouseId",
    `id IN (${carried("fulfillmentId").sql})`,
    carried("fulfillmentId").args,
  );
  const variants = within(
    col("inventory-level", "variantId"),
    fieldOfMatching(companyId, "sale-item", "variantId", `id IN (${saleItemIds.sql})`, saleItemIds.args),
  );
  const sale = { kind: "sale-return", id: saleReturnId, via: "saleId" } as const;
  return [
    selectStatement(companyId, "sale-return-item", { saleReturnId }),
    selectStatement(companyId, "return-shipment", { saleReturnId }),
    relatedStatement(companyId, "sale", sale),
    selectMatching(
      companyId,
      "sale-item",
      `id IN (${saleItemIds.sql}) OR ${col("sale-item", "saleId")} = (SELECT ${col("sale-return", "saleId")} FROM ${table("sale-return").name} WHERE id = ? AND company_id = ?)`,
      [...saleItemIds.args, saleReturnId, companyId],
    ),
    selectMatching(companyId, "purchase", purchases.condition, purchases.args),
    ofPurchases("purchase-item"),
    ofPurchases("purchase-invoice-payment"),
    ofPurchases("purchase-invoice"),
    selectMatching(companyId, "fulfillment-item", carrying.condition, carrying.args, { order: "id DESC" }),
    selectMatching(
      companyId,
      "fulfillment",
      `id IN (${carried("fulfillmentId").sql})`,
      carried("fulfillmentId").args,
    ),
    warehousesToChoose(companyId, input.warehouseId, [carried("warehouseId"), fulfillmentWarehouses]),
    selectMatching(companyId, "inventory-level", variants.condition, variants.args),
  ];
}

const col = (kindName: KindName, field: string) => column(table(kindName), field);

/** What `receiveSaleReturnReads` answered. */
interface ReturnReads {
  lines: SaleReturnItem[];
  shipments: ReturnShipment[];
  sale: Sale | undefined;
  saleItems: SaleItem[];
  purchases: Purchase[];
  purchaseItems: PurchaseItem[];
  payments: PurchaseInvoicePayment[];
  invoices: PurchaseInvoice[];
  fulfillmentItems: FulfillmentItem[];
  fulfillments: Fulfillment[];
  warehouses: Warehouse[];
  levels: InventoryLevel[];
}

function returnReadsOf(read: ResultSet[]): ReturnReads {
  return {
    lines: recordsOf("sale-return-item", read[0]!),
    shipments: recordsOf("return-shipment", read[1]!),
    sale: recordsOf("sale", read[2]!)[0],
    saleItems: recordsOf("sale-item", read[3]!),
    purchases: recordsOf("purchase", read[4]!),
    purchaseItems: recordsOf("purchase-item", read[5]!),
    payments: recordsOf("purchase-invoice-payment", read[6]!),
    invoices: recordsOf("purchase-invoice", read[7]!),
    fulfillmentItems: recordsOf("fulfillment-item", read[8]!),
    fulfillments: recordsOf("fulfillment", read[9]!),
    warehouses: recordsOf("warehouse", read[10]!),
    levels: recordsOf("inventory-level", read[11]!),
  };
}

/**
 * The warehouse a sale line's units left from: the last shipped fulfillment that carried it. Answers
 * the fulfillment lines and fulfillments it looked at, for the plan to guard.
 */
function shippedFrom(
  reads: ReturnReads,
  saleItemId: number,
): { warehouseId: number | null; looked: FulfillmentItem[] } {
  const fulfillments = new Map(reads.fulfillments.map((fulfillment) => [fulfillment.id, fulfillment]));
  const looked: FulfillmentItem[] = [];
  for (const line of reads.fulfillmentItems) {
    if (line.saleItemId !== saleItemId) continue;
    looked.push(line);
    const fulfillment = fulfillments.get(line.fulfillmentId);
    if (fulfillment?.status === "shipped")
      return { warehouseId: line.warehouseId ?? fulfillment.warehouseId, looked };
  }
  return { warehouseId: null, looked };
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
  read,
  plan,
}: {
  saleReturn: SaleReturn;
  input: SaleReturnReceiveInput;
  read: ResultSet[];
  plan: WritePlan;
}): SaleReturn {
  if (saleReturn.type === "cancellation") {
    throw stateConflict(
      "sale-return",
      saleReturn,
      `Sale return ${saleReturn.id} records lines cancelled before they shipped: there are no goods to receive.`,
    );
  }
  const reads = returnReadsOf(read);
  const { lines } = reads;
  if (!lines.length) {
    throw stateConflict("sale-return", saleReturn, `Sale return ${saleReturn.id} has no lines to receive.`);
  }
  const saleItems = new Map(reads.saleItems.map((item) => [item.id, item]));
  const purchaseItems = new Map(reads.purchaseItems.map((item) => [item.id, item]));
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
  const relied: { fulfillmentItems: FulfillmentItem[]; warehouses: Warehouse[]; saleItemIds: Set<number> } = {
    fulfillmentItems: [],
    warehouses: [],
    saleItemIds: new Set(),
  };
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
    if (!warehouseId) {
      const shipped = shippedFrom(reads, saleItem.id);
      relied.saleItemIds.add(saleItem.id);
      relied.fulfillmentItems.push(...shipped.looked);
      warehouseId = shipped.warehouseId;
    }
    const warehouse = warehouseOf(reads.warehouses, warehouseId);
    relied.warehouses.push(warehouse);
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
    const ofPurchase = <T extends { purchaseId: number }>(records: Iterable<T>) =>
      [...records].filter((record) => record.purchaseId === purchaseId);
    planPurchaseBooks(
      plan,
      purchase,
      ofPurchase(purchaseItems.values()),
      ofPurchase(reads.payments),
      ofPurchase(reads.invoices),
    );
    plan.sameCount("purchase-item", { purchaseId }, ofPurchase(reads.purchaseItems).length);
    plan.sameCount(
      "purchase-invoice-payment",
      { purchaseId, status: "active" },
      ofPurchase(reads.payments).length,
    );
    plan.sameCount("purchase-invoice", { purchaseId, status: "active" }, ofPurchase(reads.invoices).length);
    plan.unchangedRecords("purchase", [purchase]);
    plan.unchangedRecords("purchase-item", ofPurchase(reads.purchaseItems));
    plan.unchangedRecords("purchase-invoice-payment", ofPurchase(reads.payments));
    plan.unchangedRecords("purchase-invoice", ofPurchase(reads.invoices));
  }
  const sale = reads.sale;
  if (sale) {
    const items = [...saleItems.values()].filter((item) => item.saleId === sale.id);
    planSaleBooks(plan, sale, items);
    plan.unchangedRecords("sale", [sale]);
    plan.sameCount("sale-item", { saleId: sale.id }, items.length);
    plan.unchangedRecords(
      "sale-item",
      reads.saleItems.filter((item) => item.saleId === sale.id),
    );
  }
  // What the plan read and does not write is still as read when it applies.
  plan.sameCount("sale-return-item", { saleReturnId: saleReturn.id }, lines.length);
  plan.unchangedRecords("sale-return-item", lines);
  plan.sameCount("return-shipment", { saleReturnId: saleReturn.id }, reads.shipments.length);
  for (const saleItemId of relied.saleItemIds) {
    plan.sameCount(
      "fulfillment-item",
      { saleItemId },
      reads.fulfillmentItems.filter((line) => line.saleItemId === saleItemId).length,
    );
  }
  plan.unchangedRecords("fulfillment-item", relied.fulfillmentItems);
  plan.unchangedRecords(
    "fulfillment",
    reads.fulfillments.filter((fulfillment) =>
      relied.fulfillmentItems.some((line) => line.fulfillmentId === fulfillment.id),
    ),
  );
  plan.unchangedRecords("warehouse", [...new Set(relied.warehouses)]);
  return plan.update(
    "sale-return",
    saleReturn,
    transitionValues("sale-return", saleReturn, "received", { receivedAt: plan.now }),
    { movesState: true },
  );
}
