import type {
  Dropshipment,
  DropshipmentMoveToFulfillInput,
  Fulfillment,
  PurchaseItem,
} from "@multichannel/schema";
import { settlePurchase, unshippedOf } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { stateConflict } from "../../domain/states.ts";
import { transition } from "../../domain/transitions.ts";
import {
  createFulfillment,
  type Line,
  type ShipTo,
  selectOne,
  selectWhere,
  shipToOfPurchase,
  shipToOfSale,
  warehouseFor,
} from "./core.ts";
import { addToItem } from "./purchases.ts";

/**
 * An unshipped dropshipment becomes a fulfillment from an own warehouse. The purchase lines it covered
 * are cancelled at the provider; the sale's lines are not, since the sale is still being fulfilled.
 */
export async function moveDropshipmentToFulfill({
  ctx,
  dropshipment,
  input,
}: {
  ctx: Ctx;
  dropshipment: Dropshipment;
  input: DropshipmentMoveToFulfillInput;
}): Promise<Fulfillment> {
  const dropshipmentItems = await selectWhere(ctx, "dropshipment-item", { dropshipmentId: dropshipment.id });
  if (!dropshipmentItems.length) {
    throw stateConflict(
      "dropshipment",
      dropshipment,
      `Dropshipment ${dropshipment.id} has no items to fulfill.`,
    );
  }
  const warehouse = await warehouseFor(ctx, input.warehouseId);
  const purchaseId = dropshipment.purchaseId;
  const purchase = purchaseId ? await selectOne(ctx, "purchase", { id: purchaseId }) : undefined;

  const lines: Line[] = [];
  const covered = new Map<number, { item: PurchaseItem; quantity: number }>();
  for (const entry of dropshipmentItems) {
    const quantity = entry.quantity;
    const purchaseItemId = entry.purchaseItemId;
    const item = purchaseItemId ? await selectOne(ctx, "purchase-item", { id: purchaseItemId }) : undefined;
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
    const variantId = item?.variantId ?? (await selectOne(ctx, "variant", { sku }))?.id ?? null;
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
  const sale = saleId ? await selectOne(ctx, "sale", { id: saleId }) : undefined;
  const receiver: ShipTo | undefined = purchase ? shipToOfPurchase(purchase) : undefined;
  const shipTo = receiver?.lineOne ? receiver : sale ? shipToOfSale(sale) : (receiver ?? {});
  const { fulfillment } = await createFulfillment(ctx, {
    warehouseId: warehouse.id,
    saleId,
    dropshipmentId: dropshipment.id,
    shipTo,
    lines,
  });

  for (const { item, quantity } of covered.values())
    await addToItem(ctx, item, { quantityCancelled: quantity });
  if (purchase && covered.size) await settlePurchase(ctx, purchase.id);
  await transition(ctx, "dropshipment", dropshipment, "moved");
  return fulfillment;
}
