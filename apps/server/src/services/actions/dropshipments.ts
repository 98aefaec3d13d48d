import type { InStatement, ResultSet } from "@libsql/client";
import type {
  Dropshipment,
  DropshipmentMoveToFulfillInput,
  Fulfillment,
  PurchaseItem,
  Variant,
} from "@multichannel/schema";
import { planPurchaseBooks, unshippedOf } from "../../domain/books.ts";
import { planFulfillmentOf } from "../../domain/order-routing.ts";
import { stateConflict } from "../../domain/states.ts";
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
import {
  type Line,
  type ShipTo,
  shipToOfPurchase,
  shipToOfSale,
  warehouseOf,
  warehousesToChoose,
} from "./core.ts";

const col = (kindName: KindName, field: string) => column(table(kindName), field);

/**
 * What moving a dropshipment to fulfill reads: its lines, the warehouses to choose from, its purchase
 * with the purchase's lines (and those its lines name), active payments and invoices (its books), the
 * variants of its lines' SKUs, the sales it may be for, and the levels of the variants its lines may
 * take.
 */
export function moveToFulfillReads(
  companyId: number,
  dropshipmentId: number,
  input: DropshipmentMoveToFulfillInput,
): InStatement[] {
  const lines = (field: string) =>
    fieldOfMatching(
      companyId,
      "dropshipment-item",
      field,
      `${col("dropshipment-item", "dropshipmentId")} = ?`,
      [dropshipmentId],
    );
  const named = lines("purchaseItemId");
  const ofNamed = (field: string) =>
    fieldOfMatching(companyId, "purchase-item", field, `id IN (${named.sql})`, named.args);
  const ofDropshipment = (field: string) =>
    fieldOfMatching(companyId, "dropshipment", field, "id = ?", [dropshipmentId]);
  const purchaseId = ofDropshipment("purchaseId");
  const ofPurchase = (kindName: "purchase-invoice-payment" | "purchase-invoice") =>
    selectMatching(
      companyId,
      kindName,
      `${col(kindName, "purchaseId")} IN (${purchaseId.sql}) AND ${col(kindName, "status")} = 'active'`,
      purchaseId.args,
    );
  const skus = [lines("sku"), ofNamed("sku")];
  const bySku = `${col("variant", "sku")} IN (${skus[0]!.sql}) OR ${col("variant", "sku")} IN (${skus[1]!.sql})`;
  const skuArgs = skus.flatMap((subquery) => subquery.args);
  const variantIds = fieldOfMatching(companyId, "variant", "id", bySku, skuArgs);
  const purchaseSale = fieldOfMatching(
    companyId,
    "purchase",
    "saleId",
    `id IN (${purchaseId.sql})`,
    purchaseId.args,
  );
  const level = col("inventory-level", "variantId");
  return [
    selectStatement(companyId, "dropshipment-item", { dropshipmentId }),
    warehousesToChoose(companyId, input.warehouseId),
    relatedStatement(companyId, "purchase", { kind: "dropshipment", id: dropshipmentId, via: "purchaseId" }),
    selectMatching(
      companyId,
      "purchase-item",
      `id IN (${named.sql}) OR ${col("purchase-item", "purchaseId")} IN (${purchaseId.sql})`,
      [...named.args, ...purchaseId.args],
    ),
    ofPurchase("purchase-invoice-payment"),
    ofPurchase("purchase-invoice"),
    selectMatching(companyId, "variant", bySku, skuArgs),
    selectMatching(
      companyId,
      "sale",
      `id IN (${ofDropshipment("saleId").sql}) OR id IN (${purchaseSale.sql})`,
      [...ofDropshipment("saleId").args, ...purchaseSale.args],
    ),
    selectMatching(
      companyId,
      "inventory-level",
      `${level} IN (${ofNamed("variantId").sql}) OR ${level} IN (${variantIds.sql})`,
      [...ofNamed("variantId").args, ...variantIds.args],
    ),
  ];
}

/**
 * Plans turning an unshipped dropshipment into a fulfillment from an own warehouse. The purchase lines
 * it covered are cancelled at the provider; the sale's lines are not, since the sale is still being
 * fulfilled. Answers the fulfillment and the dropshipment as the plan leaves them.
 */
export function planMoveToFulfill({
  dropshipment,
  input,
  read,
  plan,
}: {
  dropshipment: Dropshipment;
  input: DropshipmentMoveToFulfillInput;
  read: ResultSet[];
  plan: WritePlan;
}): { fulfillment: Fulfillment; dropshipment: Dropshipment } {
  const entries = recordsOf("dropshipment-item", read[0]!);
  if (!entries.length) {
    throw stateConflict(
      "dropshipment",
      dropshipment,
      `Dropshipment ${dropshipment.id} has no items to fulfill.`,
    );
  }
  const warehouse = warehouseOf(recordsOf("warehouse", read[1]!), input.warehouseId);
  const purchase = dropshipment.purchaseId ? recordsOf("purchase", read[2]!)[0] : undefined;
  const purchaseItems = recordsOf("purchase-item", read[3]!);
  const variants = recordsOf("variant", read[6]!);
  const levels = recordsOf("inventory-level", read[8]!);

  const lines: Line[] = [];
  const covered = new Map<number, { item: PurchaseItem; quantity: number }>();
  const used: { items: PurchaseItem[]; variants: Variant[] } = { items: [], variants: [] };
  for (const entry of entries) {
    const quantity = entry.quantity;
    const item = entry.purchaseItemId
      ? purchaseItems.find((candidate) => candidate.id === entry.purchaseItemId)
      : undefined;
    if (item) used.items.push(item);
    if (item && purchase && item.purchaseId === purchase.id) {
      const total = (covered.get(item.id)?.quantity ?? 0) + quantity;
      if (total > unshippedOf(item)) {
        throw stateConflict(
          "dropshipment",
          dropshipment,
          `Purchase item ${item.id} has only ${unshippedOf(item)} left unshipped and uncancelled; dropshipment ${dropshipment.id} covers ${total}.`,
        );
      }
      covered.set(item.id, { item, quantity: total });
    }
    const sku = entry.sku ?? item?.sku ?? "";
    let variantId = item?.variantId ?? null;
    if (!variantId) {
      const variant = variants.find((candidate) => candidate.sku === sku);
      if (variant) used.variants.push(variant);
      else plan.sameCount("variant", { sku }, 0);
      variantId = variant?.id ?? null;
    }
    lines.push({
      saleItemId: item?.saleItemId ?? null,
      purchaseItemId: item?.id ?? null,
      variantId,
      sku,
      name: entry.name ?? item?.name ?? null,
      quantity,
      price: item?.price ?? 0,
    });
  }

  const saleId = dropshipment.saleId ?? purchase?.saleId ?? null;
  const sale = saleId ? recordsOf("sale", read[7]!).find((candidate) => candidate.id === saleId) : undefined;
  const receiver: ShipTo | undefined = purchase ? shipToOfPurchase(purchase) : undefined;
  const shipTo = receiver?.lineOne ? receiver : sale ? shipToOfSale(sale) : (receiver ?? {});
  const { fulfillment } = planFulfillmentOf(
    plan,
    { warehouseId: warehouse.id, saleId, dropshipmentId: dropshipment.id, shipTo, lines },
    levels,
  );

  // What the plan read and does not write is still as read when it applies.
  plan.sameCount("dropshipment-item", { dropshipmentId: dropshipment.id }, entries.length);
  plan.unchangedRecords("dropshipment-item", entries);
  plan.unchangedRecords("warehouse", [warehouse]);
  plan.unchangedRecords("variant", [...new Set(used.variants)]);
  if (sale && shipTo !== receiver) plan.unchangedRecords("sale", [sale]);
  if (purchase && covered.size) {
    const items = new Map(
      purchaseItems.filter((item) => item.purchaseId === purchase.id).map((item) => [item.id, item]),
    );
    for (const { item, quantity } of covered.values()) {
      items.set(
        item.id,
        plan.update("purchase-item", item, { quantityCancelled: item.quantityCancelled + quantity }),
      );
    }
    const payments = recordsOf("purchase-invoice-payment", read[4]!);
    const invoices = recordsOf("purchase-invoice", read[5]!);
    planPurchaseBooks(plan, purchase, [...items.values()], payments, invoices);
    const active = { purchaseId: purchase.id, status: "active" };
    plan.sameCount("purchase-item", { purchaseId: purchase.id }, items.size);
    plan.sameCount("purchase-invoice-payment", active, payments.length);
    plan.unchangedRecords("purchase-invoice-payment", payments);
    plan.sameCount("purchase-invoice", active, invoices.length);
    plan.unchangedRecords("purchase-invoice", invoices);
    plan.unchangedRecords(
      "purchase-item",
      purchaseItems.filter((item) => item.purchaseId === purchase.id),
    );
  }
  if (purchase) plan.unchangedRecords("purchase", [purchase]);
  plan.unchangedRecords("purchase-item", [...new Set(used.items)]);
  const moved = plan.update(
    "dropshipment",
    dropshipment,
    transitionValues("dropshipment", dropshipment, "moved"),
    {
      movesState: true,
    },
  );
  return { fulfillment, dropshipment: moved };
}
