import type { InStatement, ResultSet } from "@libsql/client";
import type {
  Fulfillment,
  FulfillmentItem,
  FulfillmentMoveToDropshipInput,
  FulfillmentShipInput,
  Purchase,
  SaleItem,
  Variant,
} from "@multichannel/schema";
import { openOfSaleItem, planSaleBooks } from "../../domain/books.ts";
import { planPurchaseOf, shipToOfSale } from "../../domain/order-routing.ts";
import { sameFactValues } from "../../domain/same-facts.ts";
import { stateConflict } from "../../domain/states.ts";
import { planAllocation, planShipOut } from "../../domain/stock.ts";
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
import type { Line } from "./core.ts";
import { invalid } from "./purchases.ts";

/** A fulfillment's lines as read: one without any is a 409. */
function itemsRequired(fulfillment: Fulfillment, items: FulfillmentItem[]): FulfillmentItem[] {
  if (!items.length) {
    throw stateConflict("fulfillment", fulfillment, `Fulfillment ${fulfillment.id} has no items.`);
  }
  return items;
}

/** A subquery of a field of a fulfillment's lines. */
const ofFulfillmentLines = (companyId: number, fulfillmentId: number, field: string, condition = "") =>
  fieldOfMatching(
    companyId,
    "fulfillment-item",
    field,
    `${col("fulfillment-item", "fulfillmentId")} = ?${condition}`,
    [fulfillmentId],
  );

/**
 * What moving a fulfillment to dropship reads: the provider named, its lines, the variants they name
 * (by id, or by SKU where a line has no variant), the sale lines they name and the levels of their
 * variants.
 */
export function moveToDropshipReads(
  companyId: number,
  fulfillmentId: number,
  input: FulfillmentMoveToDropshipInput,
): InStatement[] {
  const lines = (field: string, condition?: string) =>
    ofFulfillmentLines(companyId, fulfillmentId, field, condition);
  const variantIds = lines("variantId");
  const skus = lines("sku", ` AND ${col("fulfillment-item", "variantId")} IS NULL`);
  const saleItemIds = lines("saleItemId");
  return [
    selectStatement(companyId, "dropship-provider", { id: input.dropshipProviderId }),
    selectStatement(companyId, "fulfillment-item", { fulfillmentId }),
    selectMatching(
      companyId,
      "variant",
      `id IN (${variantIds.sql}) OR ${col("variant", "sku")} IN (${skus.sql})`,
      [...variantIds.args, ...skus.args],
    ),
    selectMatching(companyId, "sale-item", `id IN (${saleItemIds.sql})`, saleItemIds.args),
    selectMatching(
      companyId,
      "inventory-level",
      `${col("inventory-level", "variantId")} IN (${variantIds.sql})`,
      variantIds.args,
    ),
  ];
}

/**
 * Plans turning an unshipped fulfillment into a purchase to a dropship provider, priced at the
 * variants' cost; the stock it had allocated is released. Answers the purchase and the fulfillment as
 * the plan leaves them.
 */
export function planMoveToDropship({
  fulfillment,
  input,
  read,
  plan,
}: {
  fulfillment: Fulfillment;
  input: FulfillmentMoveToDropshipInput;
  read: ResultSet[];
  plan: WritePlan;
}): { purchase: Purchase; fulfillment: Fulfillment } {
  const provider = recordsOf("dropship-provider", read[0]!)[0];
  if (!provider)
    throw invalid("dropshipProviderId", `No dropship provider with id ${input.dropshipProviderId}.`);
  const items = itemsRequired(fulfillment, recordsOf("fulfillment-item", read[1]!));
  const variants = recordsOf("variant", read[2]!);
  const saleItems = recordsOf("sale-item", read[3]!);
  const levels = recordsOf("inventory-level", read[4]!);
  const used: { variants: Variant[]; saleItems: SaleItem[] } = { variants: [], saleItems: [] };
  const lines: Line[] = [];
  for (const item of items) {
    const sku = item.sku ?? "";
    const variant = item.variantId
      ? variants.find((candidate) => candidate.id === item.variantId)
      : variants.find((candidate) => candidate.sku === sku);
    if (variant) used.variants.push(variant);
    else if (!item.variantId) plan.sameCount("variant", { sku }, 0);
    const saleItem = item.saleItemId
      ? saleItems.find((candidate) => candidate.id === item.saleItemId)
      : undefined;
    if (saleItem) used.saleItems.push(saleItem);
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
      planAllocation(plan, levels, { variantId: item.variantId, warehouseId, quantity: -item.quantity });
  }
  const { purchase } = planPurchaseOf(plan, {
    dropshipProviderId: provider.id,
    saleId: fulfillment.saleId,
    currency: provider.currency,
    shipTo: shipToOfSale(fulfillment),
    lines,
  });
  const moved = plan.update(
    "fulfillment",
    fulfillment,
    transitionValues("fulfillment", fulfillment, "moved", { purchaseId: purchase.id }),
    { movesState: true },
  );
  // What the plan read and does not write is still as read when it applies.
  plan.unchangedRecords("dropship-provider", [provider]);
  plan.sameCount("fulfillment-item", { fulfillmentId: fulfillment.id }, items.length);
  plan.unchangedRecords("fulfillment-item", items);
  plan.unchangedRecords("variant", [...new Set(used.variants)]);
  plan.unchangedRecords("sale-item", [...new Set(used.saleItems)]);
  return { purchase, fulfillment: moved };
}

/**
 * What shipping a fulfillment reads: its lines, its sale with the sale's lines and those its lines name,
 * and the levels of its lines' variants.
 */
export function shipFulfillmentReads(companyId: number, fulfillmentId: number): InStatement[] {
  const saleItemIds = ofFulfillmentLines(companyId, fulfillmentId, "saleItemId");
  const variantIds = ofFulfillmentLines(companyId, fulfillmentId, "variantId");
  const sale = { kind: "fulfillment", id: fulfillmentId, via: "saleId" } as const;
  return [
    selectStatement(companyId, "fulfillment-item", { fulfillmentId }),
    relatedStatement(companyId, "sale", sale),
    selectMatching(
      companyId,
      "sale-item",
      `id IN (${saleItemIds.sql}) OR ${col("sale-item", "saleId")} = (SELECT ${col("fulfillment", "saleId")} FROM ${table("fulfillment").name} WHERE id = ? AND company_id = ?)`,
      [...saleItemIds.args, fulfillmentId, companyId],
    ),
    selectMatching(
      companyId,
      "inventory-level",
      `${col("inventory-level", "variantId")} IN (${variantIds.sql})`,
      variantIds.args,
    ),
  ];
}

const col = (kindName: KindName, field: string) => column(table(kindName), field);

/**
 * Plans `POST /fulfillments/{id}/ship.json` (beyond the interface): the parcel left the warehouse. Its
 * units leave on hand (and their allocation), its sale lines count them as fulfilled, and the sale moves
 * on. A line may not fulfil more of its sale line than is still open (422). Answers the fulfillment as
 * the plan leaves it.
 */
export function planShipFulfillment({
  fulfillment,
  input,
  read,
  plan,
}: {
  fulfillment: Fulfillment;
  input: FulfillmentShipInput;
  read: ResultSet[];
  plan: WritePlan;
}): Fulfillment {
  const items = itemsRequired(fulfillment, recordsOf("fulfillment-item", read[0]!));
  const sale = recordsOf("sale", read[1]!)[0];
  const saleItemsRead = recordsOf("sale-item", read[2]!);
  const levels = recordsOf("inventory-level", read[3]!);
  const saleItems = new Map(saleItemsRead.map((item) => [item.id, item]));
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
      planShipOut(plan, levels, { variantId: item.variantId, warehouseId, quantity: item.quantity });
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
  // What the plan read and does not write is still as read when it applies.
  plan.sameCount("fulfillment-item", { fulfillmentId: fulfillment.id }, items.length);
  plan.unchangedRecords("fulfillment-item", items);
  if (sale) {
    const ofSale = (records: Iterable<SaleItem>) => [...records].filter((item) => item.saleId === sale.id);
    planSaleBooks(plan, sale, ofSale(saleItems.values()));
    plan.unchangedRecords("sale", [sale]);
    plan.sameCount("sale-item", { saleId: sale.id }, ofSale(saleItemsRead).length);
    plan.unchangedRecords("sale-item", ofSale(saleItemsRead));
  }
  return shipped;
}
