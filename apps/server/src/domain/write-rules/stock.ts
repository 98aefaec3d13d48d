/** Adjustments and inventory levels: an adjustment moves on-hand stock once, and stays. */
import { planOnHandChange } from "../stock.ts";
import { recordsOf, selectStatement } from "../store.ts";
import { history, type WriteRules } from "./rule.ts";

export const stockRules: WriteRules = {
  adjustment: {
    planCreate: {
      read: ({ companyId, values }) => [
        selectStatement(companyId, "inventory-level", {
          variantId: values.variantId!,
          warehouseId: values.warehouseId!,
        }),
      ],
      plan({ values, read, plan }) {
        const levels = recordsOf("inventory-level", read[0]!);
        const input = {
          variantId: values.variantId!,
          warehouseId: values.warehouseId!,
          quantity: values.quantity!,
        };
        return plan.insert("adjustment", { ...values, ...planOnHandChange(plan, levels, input) });
      },
    },
    planUpdate: {
      read: () => [],
      plan({ values, current, plan }) {
        const moved = (["quantity", "variantId", "warehouseId"] as const).filter(
          (field) => values[field] !== undefined && values[field] !== current[field],
        );
        if (moved.length) {
          throw history(
            `Adjustment ${current.id} has been applied (its ${moved.join(", ")} cannot change)`,
            "Record another adjustment to correct it.",
          );
        }
        return plan.update("adjustment", current, values);
      },
    },
    planDelete: {
      read: () => [],
      plan({ current }) {
        throw history(`Adjustment ${current.id} has been applied`, "Record another adjustment to undo it.");
      },
    },
  },
  "inventory-level": {
    planDelete: {
      read: () => [],
      plan({ current }) {
        if (current.onHand !== 0 || current.allocated !== 0) {
          throw history(
            `Inventory level ${current.id} holds stock (${current.onHand} on hand, ${current.allocated} allocated)`,
            "Adjust it to zero and ship or move its fulfillments first.",
          );
        }
      },
    },
  },
};
