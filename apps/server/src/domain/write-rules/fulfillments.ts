/** Fulfillments and their lines: a pending line holds its units allocated at its warehouse. */
import type { Fulfillment, FulfillmentItem } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { fieldOf, fieldsOf, many, type Snapshot, when } from "../reads.ts";
import { stateConflict } from "../states.ts";
import { planAllocation, type Stock, stockOf } from "../stock.ts";
import type { WritePlan } from "../write-plan.ts";
import { carriedByWriteReads, checkCarry, UNSHIPPED } from "./carrying.ts";
import { lineRule } from "./lines.ts";
import { deletes, history, latest, updates, type WriteRules } from "./rule.ts";

/** What of a line its allocation follows. */
const HELD = ["variantId", "warehouseId", "quantity", "skipInventoryChange"] as const;

/**
 * Releases (-1) or allocates (1) a line's units at its own warehouse, else its fulfillment's: those its
 * variant's sale moves (a bundle's components).
 */
function hold(
  plan: WritePlan,
  stock: Stock,
  line: Pick<FulfillmentItem, (typeof HELD)[number]>,
  fulfillment: Fulfillment | undefined,
  sign: 1 | -1,
): void {
  const warehouseId = line.warehouseId ?? fulfillment?.warehouseId ?? null;
  if (!line.variantId || !warehouseId || line.skipInventoryChange) return;
  planAllocation(plan, stock, { variantId: line.variantId, warehouseId, quantity: sign * line.quantity });
}

/**
 * What a fulfillment's lines hold allocated: the lines (held in what their allocation follows) and the
 * stock of their variants (`stockOf`).
 */
export const allocationReads = (fulfillmentId: number) => ({
  lines: many("fulfillment-item", { fulfillmentId }, { hold: { fields: HELD } }),
  ...stockOf(fieldsOf("fulfillment-item", "variantId", { fulfillmentId })),
});

/** Releases what an unshipped fulfillment's lines hold allocated (a delete, a cancel); others hold none. */
export function releaseAllocation(
  plan: WritePlan,
  fulfillment: Fulfillment,
  read: Snapshot<ReturnType<typeof allocationReads>>,
): void {
  if (!UNSHIPPED.has(fulfillment.status)) return;
  for (const line of read.lines) hold(plan, read, line, fulfillment, -1);
}

export const fulfillmentRules: WriteRules = {
  fulfillment: {
    planUpdate: updates({
      // Its lines, while it moves warehouse: there must be none (held: still none).
      reads: ({ id, values }) => ({
        lines: when(
          values.warehouseId !== undefined,
          many("fulfillment-item", { fulfillmentId: id }, { hold: "count" }),
        ),
      }),
      plan({ values, current, read, plan }) {
        // Its lines' stock is allocated at its warehouse: moving the warehouse would strand it.
        if (
          values.warehouseId !== undefined &&
          values.warehouseId !== current.warehouseId &&
          read.lines?.length
        ) {
          throw stateConflict(
            "fulfillment",
            current,
            `Fulfillment ${current.id} has lines allocated at warehouse ${current.warehouseId}: move it to dropship or delete its lines first.`,
          );
        }
        return plan.update("fulfillment", current, values, { movesState: true });
      },
    }),
    planDelete: deletes({
      reads: ({ id }) => allocationReads(id),
      plan({ current, read, plan }) {
        if (current.status === "shipped") {
          throw history(`Fulfillment ${current.id} has shipped`, "Its stock has left the warehouse.");
        }
        releaseAllocation(plan, current, read);
      },
    }),
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
    // The stock of the variant the line holds and of the one it will; the sale line it will carry,
    // when its units or sale line change.
    extra: ({ id, values }) => ({
      ...stockOf(sql`(${values.variantId ?? null}, ${fieldOf("fulfillment-item", id ?? null, "variantId")})`),
      ...carriedByWriteReads("fulfillment-item", { id, values }),
    }),
    // A line carries no more of its sale line than is left open (`checkCarry`).
    complete({ values, current, parent, extra }) {
      const saleItemId = latest(values.saleItemId, current?.saleItemId, null);
      const quantity = latest(values.quantity, current?.quantity, 0);
      const units = parent && UNSHIPPED.has(parent.status) ? quantity : 0;
      const before = current && current.saleItemId === saleItemId ? current.quantity : 0;
      checkCarry({ kind: "fulfillment-item", id: current?.id, saleItemId, units }, before, extra);
      return values;
    },
    effects({ plan, before, after, extra }) {
      if (before) hold(plan, extra, before.line, before.parent, -1);
      if (after) hold(plan, extra, after.line, after.parent, 1);
    },
  }),
};
