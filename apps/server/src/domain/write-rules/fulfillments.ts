/** Fulfillments and their lines: a pending line holds its units allocated at its warehouse. */
import type { Ctx } from "../context.ts";
import { stateConflict } from "../states.ts";
import { allocate } from "../stock.ts";
import { selectOne, selectWhere } from "../store.ts";
import { history, latest, type WriteRules } from "./rule.ts";

async function pendingFulfillment(ctx: Ctx, fulfillmentId: number) {
  const fulfillment = (await selectOne(ctx, "fulfillment", { id: fulfillmentId }))!;
  if (fulfillment.status !== "pending") {
    throw stateConflict(
      "fulfillment",
      fulfillment,
      `Fulfillment ${fulfillment.id} is ${fulfillment.status}: its lines can no longer change.`,
    );
  }
  return fulfillment;
}

/** Where a fulfillment line's units are allocated: its own warehouse, else its fulfillment's. */
async function allocationOf(
  ctx: Ctx,
  line: { fulfillmentId: number; variantId: number | null; warehouseId: number | null; quantity: number },
) {
  if (!line.variantId) return undefined;
  const fulfillment = await selectOne(ctx, "fulfillment", { id: line.fulfillmentId });
  const warehouseId = line.warehouseId ?? fulfillment?.warehouseId ?? null;
  return warehouseId ? { variantId: line.variantId, warehouseId, quantity: line.quantity } : undefined;
}

export const fulfillmentRules: WriteRules = {
  fulfillment: {
    async prepare({ ctx, values, current }) {
      // Its lines' stock is allocated at its warehouse: moving the warehouse would strand it.
      if (current && values.warehouseId !== undefined && values.warehouseId !== current.warehouseId) {
        const lines = await selectWhere(ctx, "fulfillment-item", { fulfillmentId: current.id });
        if (lines.length) {
          throw stateConflict(
            "fulfillment",
            current,
            `Fulfillment ${current.id} has lines allocated at warehouse ${current.warehouseId}: move it to dropship or delete its lines first.`,
          );
        }
      }
      return values;
    },
    async beforeDelete({ ctx, record }) {
      if (record.status === "shipped") {
        throw history(`Fulfillment ${record.id} has shipped`, "Its stock has left the warehouse.");
      }
      if (record.status !== "pending" && record.status !== "finalized") return;
      for (const item of await selectWhere(ctx, "fulfillment-item", { fulfillmentId: record.id })) {
        const held = await allocationOf(ctx, item);
        if (held && !item.skipInventoryChange) await allocate(ctx, { ...held, quantity: -held.quantity });
      }
    },
  },
  "fulfillment-item": {
    async prepare({ ctx, values, current }) {
      const fulfillmentId = latest(values.fulfillmentId, current?.fulfillmentId, 0);
      await pendingFulfillment(ctx, fulfillmentId);
      if (current) {
        if (current.fulfillmentId !== fulfillmentId) await pendingFulfillment(ctx, current.fulfillmentId);
        const held = await allocationOf(ctx, current);
        if (held && !current.skipInventoryChange) await allocate(ctx, { ...held, quantity: -held.quantity });
      }
      const next = await allocationOf(ctx, {
        fulfillmentId,
        variantId: latest(values.variantId, current?.variantId, null),
        warehouseId: latest(values.warehouseId, current?.warehouseId, null),
        quantity: latest(values.quantity, current?.quantity, 0),
      });
      if (next && !latest(values.skipInventoryChange, current?.skipInventoryChange, false))
        await allocate(ctx, next);
      return values;
    },
    async beforeDelete({ ctx, record }) {
      await pendingFulfillment(ctx, record.fulfillmentId);
      const held = await allocationOf(ctx, record);
      if (held && !record.skipInventoryChange) await allocate(ctx, { ...held, quantity: -held.quantity });
    },
  },
};
