import type {
  Dropshipment,
  DropshipmentMoveToFulfillInput,
  Fulfillment,
  PurchaseItem,
  SaleItem,
} from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { purchaseBooksReads } from "../../domain/aggregates/purchase-books.ts";
import { warehouseOf, warehousesToChooseRead } from "../../domain/aggregates/warehouse-choice.ts";
import { planPurchaseBooks, unshippedOf } from "../../domain/books.ts";
import { checkLineOwners, onOwner, sameOwnerRule } from "../../domain/line-owners.ts";
import {
  type Line,
  planFulfillmentOf,
  type ShipTo,
  shipToOfPurchase,
  shipToOfSale,
} from "../../domain/order-routing.ts";
import { fieldIn, fieldOf, fieldsOf, many, one, type Snapshot } from "../../domain/reads.ts";
import { contentConflict } from "../../domain/states.ts";
import { stockFrom, stockOf } from "../../domain/stock.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";

/**
 * What moving a dropshipment to fulfill reads: its lines, the warehouses to choose from, its purchase
 * with the purchase's books, the purchase lines its lines name and the sale lines those name (their
 * sale held), the variants of its lines' SKUs, the sales it may be for, and the stock of the variants
 * its lines may take (`stockOf`: stock is allocated in the statement, with its floor).
 */
export function moveToFulfillReads(dropshipmentId: number, input: DropshipmentMoveToFulfillInput) {
  const lines = (field: "purchaseItemId" | "sku") => fieldsOf("dropshipment-item", field, { dropshipmentId });
  const named = fieldIn("purchase-item", "id", lines("purchaseItemId"));
  const purchaseId = fieldOf("dropshipment", dropshipmentId, "purchaseId");
  const bySku = sql`${fieldIn("variant", "sku", lines("sku"))} OR ${fieldIn("variant", "sku", fieldsOf("purchase-item", "sku", named))}`;
  const variantIds = fieldsOf("variant", "id", bySku);
  return {
    entries: many("dropshipment-item", { dropshipmentId }),
    warehouses: warehousesToChooseRead(input.warehouseId),
    purchase: one("purchase", purchaseId),
    ...purchaseBooksReads(purchaseId),
    namedItems: many("purchase-item", named),
    saleItems: many("sale-item", fieldIn("sale-item", "id", fieldsOf("purchase-item", "saleItemId", named)), {
      hold: { fields: ["saleId"] },
    }),
    variants: many("variant", bySku),
    sales: many(
      "sale",
      sql`${fieldIn("sale", "id", fieldOf("dropshipment", dropshipmentId, "saleId"))} OR ${fieldIn("sale", "id", fieldOf("purchase", purchaseId, "saleId"))}`,
    ),
    ...stockOf(
      sql`(SELECT * FROM ${fieldsOf("purchase-item", "variantId", named)} UNION SELECT * FROM ${variantIds})`,
    ),
  };
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
  read: Snapshot<ReturnType<typeof moveToFulfillReads>>;
  plan: WritePlan;
}): { fulfillment: Fulfillment; dropshipment: Dropshipment } {
  const { entries, variants } = read;
  if (!entries.length) {
    throw contentConflict(
      "dropshipment.move-to-fulfill",
      dropshipment,
      `Dropshipment ${dropshipment.id} has no items to fulfill.`,
    );
  }
  checkLineOwners(
    {
      record: { kind: "dropshipment", id: dropshipment.id },
      owner: { kind: "purchase", id: dropshipment.purchaseId },
    },
    entries,
    { kind: "dropshipment-item", path: "dropshipmentItems", field: "purchaseItemId", names: "purchase-item" },
    (entry) => {
      const item = read.namedItems.find((candidate) => candidate.id === entry.purchaseItemId);
      return item && { id: item.id, owner: item.purchaseId };
    },
  );
  const warehouse = warehouseOf(read.warehouses, input.warehouseId);
  const purchase = dropshipment.purchaseId ? read.purchase : undefined;
  const stock = stockFrom(read);

  const lines: Line[] = [];
  const covered = new Map<number, { item: PurchaseItem; quantity: number }>();
  for (const entry of entries) {
    const quantity = entry.quantity;
    const item = entry.purchaseItemId
      ? read.namedItems.find((candidate) => candidate.id === entry.purchaseItemId)
      : undefined;
    if (item && purchase) {
      const total = (covered.get(item.id)?.quantity ?? 0) + quantity;
      if (total > unshippedOf(item)) {
        throw contentConflict(
          "dropshipment.move-to-fulfill",
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
      // A SKU the variants' read did not select (the line names none): that no variant has it is held here.
      if (!variant && entry.sku == null && item?.sku == null) plan.sameCount("variant", { sku }, 0);
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
  checkSaleOfLines(dropshipment, saleId, lines, read.saleItems);
  const sale = saleId ? read.sales.find((candidate) => candidate.id === saleId) : undefined;
  const receiver: ShipTo | undefined = purchase ? shipToOfPurchase(purchase) : undefined;
  const shipTo = receiver?.lineOne ? receiver : sale ? shipToOfSale(sale) : (receiver ?? {});
  const { fulfillment } = planFulfillmentOf(
    plan,
    { warehouseId: warehouse.id, saleId, dropshipmentId: dropshipment.id, shipTo, lines },
    stock,
  );

  if (purchase && covered.size) {
    const items = new Map(read.items.map((item) => [item.id, item]));
    for (const { item, quantity } of covered.values()) {
      items.set(
        item.id,
        plan.update("purchase-item", item, { quantityCancelled: item.quantityCancelled + quantity }),
      );
    }
    planPurchaseBooks(plan, purchase, [...items.values()], read.payments, read.invoices, read.accounting);
  }
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

/**
 * 422 naming `saleId` when a sale line the fulfillment's lines carry is on another sale than `saleId`, the
 * sale the fulfillment would be on (the dropshipment's, else its purchase's): that fulfillment could
 * never ship, so nothing is cancelled or allocated for it.
 */
function checkSaleOfLines(
  dropshipment: Dropshipment,
  saleId: number | null,
  lines: readonly Line[],
  saleItems: readonly SaleItem[],
): void {
  const others = lines.flatMap((line) => {
    const saleItem = saleItems.find((candidate) => candidate.id === line.saleItemId);
    return saleItem && saleItem.saleId !== saleId
      ? [`sale item ${saleItem.id} (${onOwner("sale", saleItem.saleId)})`]
      : [];
  });
  if (!others.length) return;
  const fulfilledOn =
    dropshipment.saleId === null
      ? `is empty, so the fulfillment would be ${onOwner("sale", saleId)} (its purchase's)`
      : `names sale ${saleId}`;
  throw new ApiError("validation_failed", `Dropshipment ${dropshipment.id} has lines of another sale.`, {
    errors: [
      {
        path: "saleId",
        message: `${fulfilledOn}, but its lines carry ${[...new Set(others)].join(", ")}: put it on the sale of its lines`,
      },
    ],
    rule: sameOwnerRule("saleItemId", "sale-item", "fulfillment", "sale"),
  });
}
