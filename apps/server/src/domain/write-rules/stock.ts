/**
 * Adjustments and inventory levels: an adjustment moves on-hand stock once, and stays; a level is the
 * stock of one variant at one warehouse for as long as it exists. A variant warehouse update reports a
 * level: applied as an adjustment when it is created.
 */
import type { InventoryLevel, VariantWarehouseUpdate } from "@multichannel/schema";
import { many } from "../reads.ts";
import { onHandAt, planOnHandChange, planSetOnHand } from "../stock.ts";
import type { WritePlan } from "../write-plan.ts";
import { checkNotPendingAgain, creates, deletes, history, updates, type WriteRules } from "./rule.ts";

type Outcome = Pick<
  VariantWarehouseUpdate,
  "status" | "statusMessage" | "quantityBefore" | "adjustmentId" | "appliedAt"
>;

/**
 * A reported level applied, on `levels` (the variant's at the warehouse, held as read: whether it is
 * applied, skipped or refused follows from its on hand): on hand set to the quantity through an
 * adjustment, as a stock take sets it; `skipped` when on hand is that already, `error` when one
 * adjustment cannot record the change.
 */
function planReportedLevel(
  plan: WritePlan,
  levels: InventoryLevel[],
  report: { variantId: number; warehouseId: number; quantity: number; notes?: string | null | undefined },
): Outcome {
  const { variantId, warehouseId, quantity } = report;
  const before = onHandAt(levels, variantId, warehouseId);
  const settled = { quantityBefore: before, adjustmentId: null, appliedAt: null };
  if (before === quantity)
    return { ...settled, status: "skipped", statusMessage: `On hand is ${quantity} already.` };
  const set = planSetOnHand(plan, levels, {
    variantId,
    warehouseId,
    quantity,
    notes: report.notes ?? "Level reported by a variant warehouse update",
  });
  if ("beyond" in set) {
    const statusMessage = `Setting on hand to ${quantity} (from ${before}) ${set.beyond}.`;
    return { ...settled, status: "error", statusMessage };
  }
  return {
    ...settled,
    status: "applied",
    statusMessage: null,
    adjustmentId: set.adjustment.id,
    appliedAt: plan.now,
  };
}

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
  "variant-warehouse-update": {
    // A `pending` report is applied in the create's batch (one level: bounded); one created with another
    // status is the record of a level applied elsewhere, and is only stored.
    planCreate: creates({
      reads: ({ values }) => ({
        levels: many("inventory-level", { variantId: values.variantId!, warehouseId: values.warehouseId! }),
      }),
      plan({ values, read, plan }) {
        if ((values.status ?? "pending") !== "pending")
          return plan.insert("variant-warehouse-update", values);
        const report = {
          ...values,
          variantId: values.variantId!,
          warehouseId: values.warehouseId!,
          quantity: values.quantity!,
        };
        const outcome = planReportedLevel(plan, [...read.levels], report);
        return plan.insert("variant-warehouse-update", { ...values, ...outcome });
      },
    }),
    // `pending` says the report waits to be applied, which only its create does.
    planUpdate: updates<"variant-warehouse-update", Record<never, never>>({
      fields: ["status"],
      reads: () => ({}),
      plan({ values, current, plan }) {
        checkNotPendingAgain(
          values.status,
          current.status,
          "a report is applied when it is created; create another variant warehouse update to report the level again",
        );
        return plan.update("variant-warehouse-update", current, values);
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
