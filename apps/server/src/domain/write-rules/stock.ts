/** Adjustments and inventory levels: an adjustment moves on-hand stock once, and stays. */
import { applyAdjustment } from "../stock.ts";
import { history, type WriteRules } from "./rule.ts";

export const stockRules: WriteRules = {
  adjustment: {
    async prepare({ ctx, values, current }) {
      if (!current) {
        const levels = await applyAdjustment(ctx, {
          variantId: values.variantId!,
          warehouseId: values.warehouseId!,
          quantity: values.quantity!,
        });
        return { ...values, ...levels };
      }
      const moved = (["quantity", "variantId", "warehouseId"] as const).filter(
        (field) => values[field] !== undefined && values[field] !== current[field],
      );
      if (moved.length) {
        throw history(
          `Adjustment ${current.id} has been applied (its ${moved.join(", ")} cannot change)`,
          "Record another adjustment to correct it.",
        );
      }
      return values;
    },
    async beforeDelete({ record }) {
      throw history(`Adjustment ${record.id} has been applied`, "Record another adjustment to undo it.");
    },
  },
  "inventory-level": {
    async beforeDelete({ record }) {
      if (record.onHand !== 0 || record.allocated !== 0) {
        throw history(
          `Inventory level ${record.id} holds stock (${record.onHand} on hand, ${record.allocated} allocated)`,
          "Adjust it to zero and ship or move its fulfillments first.",
        );
      }
    },
  },
};
