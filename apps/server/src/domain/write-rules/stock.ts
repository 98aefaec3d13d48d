/**
 * Adjustments and inventory levels: an adjustment moves on-hand stock once, and stays; a level is the
 * stock of one variant at one warehouse for as long as it exists.
 */
import { many } from "../reads.ts";
import { planOnHandChange } from "../stock.ts";
import { creates, deletes, history, updates, type WriteRules } from "./rule.ts";

export const stockRules: WriteRules = {
  adjustment: {
    // The level it moves is written only while it is as read (`planOnHandChange`).
    planCreate: creates({
      reads: ({ values }) => ({
        levels: many(
          "inventory-level",
          { variantId: values.variantId!, warehouseId: values.warehouseId! },
          { hold: "none" },
        ),
      }),
      plan({ values, read, plan }) {
        const levels = [...read.levels];
        const input = {
          variantId: values.variantId!,
          warehouseId: values.warehouseId!,
          quantity: values.quantity!,
        };
        return plan.insert("adjustment", { ...values, ...planOnHandChange(plan, levels, input) });
      },
    }),
    planUpdate: updates<"adjustment", Record<never, never>>({
      reads: () => ({}),
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
    }),
    planDelete: deletes<"adjustment", Record<never, never>>({
      reads: () => ({}),
      plan({ current }) {
        throw history(`Adjustment ${current.id} has been applied`, "Record another adjustment to undo it.");
      },
    }),
  },
  "inventory-level": {
    // Its units and their allocation are that variant's at that warehouse: moving the level would move
    // them with no movement recorded, and leave the fulfillments that allocated them without their stock.
    planUpdate: updates<"inventory-level", Record<never, never>>({
      fields: ["variantId", "warehouseId"],
      reads: () => ({}),
      plan({ values, current, plan }) {
        const moved = (["variantId", "warehouseId"] as const).filter(
          (field) => values[field] !== undefined && values[field] !== current[field],
        );
        if (moved.length) {
          throw history(
            `Inventory level ${current.id} is the stock of variant ${current.variantId} at warehouse ${current.warehouseId} (its ${moved.join(", ")} cannot change)`,
            "To move units, record adjustments (POST /adjustments.json): one taking them off this level, one adding them where they belong.",
          );
        }
        return plan.update("inventory-level", current, values);
      },
    }),
    planDelete: deletes<"inventory-level", Record<never, never>>({
      reads: () => ({}),
      plan({ current }) {
        if (current.onHand !== 0 || current.allocated !== 0) {
          throw history(
            `Inventory level ${current.id} holds stock (${current.onHand} on hand, ${current.allocated} allocated)`,
            "Adjust it to zero and ship or move its fulfillments first.",
          );
        }
      },
    }),
  },
};
