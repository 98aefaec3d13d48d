import type { StoredRecord } from "../../db/rows.ts";
import type { Ctx } from "../context.ts";
import { stateConflict } from "../states.ts";
import {
  changeLevel,
  createPurchase,
  type Line,
  patch,
  selectOne,
  selectWhere,
  shipToOfFulfillment,
} from "./core.ts";
import { invalid } from "./purchases.ts";

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
  fulfillment: StoredRecord;
  input: { dropshipProviderId: number };
}): Promise<StoredRecord> {
  const provider = await selectOne(ctx, "dropship-provider", { id: input.dropshipProviderId });
  if (!provider)
    throw invalid("dropshipProviderId", `No dropship provider with id ${input.dropshipProviderId}.`);
  const items = await selectWhere(ctx, "fulfillment-item", { fulfillmentId: fulfillment.id });
  if (!items.length) {
    throw stateConflict(
      "fulfillment",
      fulfillment,
      `Fulfillment ${fulfillment.id} has no items to dropship.`,
    );
  }

  const lines: Line[] = [];
  for (const item of items) {
    const sku = String(item.sku);
    const variantId = item.variantId as number | null;
    const variant = await selectOne(ctx, "variant", variantId ? { id: variantId } : { sku });
    const saleItemId = item.saleItemId as number | null;
    const saleItem = saleItemId ? await selectOne(ctx, "sale-item", { id: saleItemId }) : undefined;
    lines.push({
      saleItemId,
      variantId: variant?.id ?? null,
      sku,
      name: (variant?.name ?? saleItem?.name ?? null) as string | null,
      quantity: item.quantity as number,
      price: (variant?.costPrice as number | null) ?? 0,
    });
    if (variantId) {
      const warehouseId = (item.warehouseId ?? fulfillment.warehouseId) as number | null;
      if (warehouseId)
        await changeLevel(ctx, { variantId, warehouseId, allocated: -(item.quantity as number) });
    }
  }

  const { purchase } = await createPurchase(ctx, {
    dropshipProviderId: provider.id,
    saleId: fulfillment.saleId as number | null,
    currency: provider.currency as string | null,
    shipTo: shipToOfFulfillment(fulfillment),
    lines,
  });
  await patch(ctx, "fulfillment", fulfillment.id, { status: "moved", purchaseId: purchase.id });
  return purchase;
}
