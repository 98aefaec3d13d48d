import type { InStatement, ResultSet } from "@libsql/client";
import type {
  Fulfillment,
  FulfillmentItem,
  FulfillmentMoveToDropshipInput,
  FulfillmentShipInput,
  Purchase,
  SaleItem,
} from "@multichannel/schema";
import { openOfSaleItem, planSaleBooks } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { stateConflict } from "../../domain/states.ts";
import { allocate, planShipOut } from "../../domain/stock.ts";
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
import { transition, transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { createPurchase, type Line, selectOne, selectWhere, shipToOfFulfillment } from "./core.ts";
import { invalid } from "./purchases.ts";

async function itemsOf(ctx: Ctx, fulfillment: Fulfillment) {
  return itemsRequired(
    fulfillment,
    await selectWhere(ctx, "fulfillment-item", { fulfillmentId: fulfillment.id }),
  );
}

/** A fulfillment's lines as read: one without any is a 409. */
function itemsRequired(fulfillment: Fulfillment, items: FulfillmentItem[]): FulfillmentItem[] {
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
 * What shipping a fulfillment reads: its lines, its sale with the sale's lines and those its lines name,
 * and the levels of its lines' variants.
 */
export function shipFulfillmentReads(companyId: number, fulfillmentId: number): InStatement[] {
  const ofLines = (field: string) =>
    fieldOfMatching(companyId, "fulfillment-item", field, `${col("fulfillment-item", "fulfillmentId")} = ?`, [
      fulfillmentId,
    ]);
  const saleItemIds = ofLines("saleItemId");
  const variantIds = ofLines("variantId");
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
  const shipped = plan.update(
    "fulfillment",
    fulfillment,
    transitionValues("fulfillment", fulfillment, "shipped", {
      inventoryStatus: "shipped",
      shippedAt: input.shippedAt ?? plan.now,
      trackingNumber: input.trackingNumber ?? fulfillment.trackingNumber,
      trackingCompany: input.trackingCompany ?? fulfillment.trackingCompany,
      trackingUrl: input.trackingUrl ?? fulfillment.trackingUrl,
      carrier: input.carrier ?? fulfillment.carrier,
      service: input.service ?? fulfillment.service,
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
