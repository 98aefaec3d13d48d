/** Goods receipts and their lines: a line adds its units on hand where they went. */
import type { Ctx } from "../context.ts";
import { applyAdjustment } from "../stock.ts";
import { selectOne, selectWhere } from "../store.ts";
import { latest, type WriteRules } from "./rule.ts";

/** The on-hand change a goods receipt line records: its units, of its purchase line's variant, where they went. */
async function receiptMovement(
  ctx: Ctx,
  line: {
    goodsReceiptId: number;
    purchaseItemId: number | null;
    warehouseId: number | null;
    quantity: number;
    skipInventoryChange: boolean;
  },
) {
  if (line.skipInventoryChange || !line.purchaseItemId || line.quantity === 0) return undefined;
  const item = await selectOne(ctx, "purchase-item", { id: line.purchaseItemId });
  if (!item?.variantId) return undefined;
  const receipt = await selectOne(ctx, "goods-receipt", { id: line.goodsReceiptId });
  const purchase = receipt ? await selectOne(ctx, "purchase", { id: receipt.purchaseId }) : undefined;
  const warehouseId = line.warehouseId ?? purchase?.warehouseId ?? null;
  return warehouseId ? { variantId: item.variantId, warehouseId, quantity: line.quantity } : undefined;
}

async function applyReceipt(ctx: Ctx, line: Parameters<typeof receiptMovement>[1], sign: 1 | -1) {
  const movement = await receiptMovement(ctx, line);
  if (movement) await applyAdjustment(ctx, { ...movement, quantity: sign * movement.quantity });
}

export const receiptRules: WriteRules = {
  "goods-receipt": {
    async beforeDelete({ ctx, record }) {
      for (const line of await selectWhere(ctx, "goods-receipt-item", { goodsReceiptId: record.id })) {
        await applyReceipt(ctx, line, -1);
      }
    },
  },
  "goods-receipt-item": {
    async prepare({ ctx, values, current }) {
      if (current) await applyReceipt(ctx, current, -1);
      await applyReceipt(
        ctx,
        {
          goodsReceiptId: latest(values.goodsReceiptId, current?.goodsReceiptId, 0),
          purchaseItemId: latest(values.purchaseItemId, current?.purchaseItemId, null),
          warehouseId: latest(values.warehouseId, current?.warehouseId, null),
          quantity: latest(values.quantity, current?.quantity, 0),
          skipInventoryChange: latest(values.skipInventoryChange, current?.skipInventoryChange, false),
        },
        1,
      );
      return values;
    },
    async beforeDelete({ ctx, record }) {
      await applyReceipt(ctx, record, -1);
    },
  },
};
