/** Fulfillments and their lines: a pending line holds its units allocated at its warehouse. */
import type { Fulfillment, FulfillmentItem, InventoryLevel } from "@multichannel/schema";
import { stateConflict } from "../states.ts";
import { levelsOfVariants, planAllocation } from "../stock.ts";
import { fieldOfMatching, recordsOf, selectStatement } from "../store.ts";
import type { WritePlan } from "../write-plan.ts";
import { lineRule } from "./lines.ts";
import { history, type WriteRules } from "./rule.ts";

/** What of a line its allocation follows. */
const HELD = ["variantId", "warehouseId", "quantity", "skipInventoryChange"] as const;

/** Releases (-1) or allocates (1) a line's units at its own warehouse, else its fulfillment's. */
function hold(
  plan: WritePlan,
  levels: InventoryLevel[],
  line: Pick<FulfillmentItem, (typeof HELD)[number]>,
  fulfillment: Fulfillment | undefined,
  sign: 1 | -1,
): void {
  const warehouseId = line.warehouseId ?? fulfillment?.warehouseId ?? null;
  if (!line.variantId || !warehouseId || line.skipInventoryChange) return;
  planAllocation(plan, levels, { variantId: line.variantId, warehouseId, quantity: sign * line.quantity });
}

export const fulfillmentRules: WriteRules = {
  fulfillment: {
    planUpdate: {
      read: ({ companyId, id }) => [selectStatement(companyId, "fulfillment-item", { fulfillmentId: id })],
      plan({ values, current, read, plan }) {
        // Its lines' stock is allocated at its warehouse: moving the warehouse would strand it.
        if (values.warehouseId !== undefined && values.warehouseId !== current.warehouseId) {
          if (read[0]!.rows.length) {
            throw stateConflict(
              "fulfillment",
              current,
              `Fulfillment ${current.id} has lines allocated at warehouse ${current.warehouseId}: move it to dropship or delete its lines first.`,
            );
          }
          plan.sameCount("fulfillment-item", { fulfillmentId: current.id }, 0);
        }
        return plan.update("fulfillment", current, values, { movesState: true });
      },
    },
    planDelete: {
      read: ({ companyId, id }) => {
        const lines = fieldOfMatching(companyId, "fulfillment-item", "variantId", "fulfillment_id = ?", [id]);
        return [
          selectStatement(companyId, "fulfillment-item", { fulfillmentId: id }),
          levelsOfVariants(companyId, lines),
        ];
      },
      plan({ current, read, plan }) {
        if (current.status === "shipped") {
          throw history(`Fulfillment ${current.id} has shipped`, "Its stock has left the warehouse.");
        }
        if (current.status !== "pending" && current.status !== "finalized") return;
        const lines = recordsOf("fulfillment-item", read[0]!);
        const levels = recordsOf("inventory-level", read[1]!);
        plan.sameCount("fulfillment-item", { fulfillmentId: current.id }, lines.length);
        plan.unchangedFields("fulfillment-item", lines, HELD);
        for (const line of lines) hold(plan, levels, line, current, -1);
      },
    },
  },
  "fulfillment-item": lineRule({
    line: "fulfillment-item",
    parent: "fulfillment",
    field: "fulfillmentId",
    open(fulfillment) {
      if (fulfillment.status !== "pending") {
        throw stateConflict(
          "fulfillment",
          fulfillment,
          `Fulfillment ${fulfillment.id} is ${fulfillment.status}: its lines can no longer change.`,
        );
      }
    },
    // The stock levels of the variant the line holds and of the one it will.
    extra: (companyId, { id, values }) => [
      levelsOfVariants(companyId, {
        sql: "?, (SELECT variant_id FROM fulfillment_items WHERE id = ? AND company_id = ?)",
        args: [values.variantId ?? null, id ?? null, companyId],
      }),
    ],
    effects({ plan, before, after, extra }) {
      const levels = recordsOf("inventory-level", extra[0]!);
      if (before) hold(plan, levels, before.line, before.parent, -1);
      if (after) hold(plan, levels, after.line, after.parent, 1);
    },
  }),
};
