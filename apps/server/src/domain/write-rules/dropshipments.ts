/** Dropshipments and their lines: lines change only while it is pending. */
import type { Ctx } from "../context.ts";
import { stateConflict } from "../states.ts";
import { selectOne } from "../store.ts";
import { history, latest, type WriteRules } from "./rule.ts";

async function pendingDropshipment(ctx: Ctx, dropshipmentId: number) {
  const dropshipment = (await selectOne(ctx, "dropshipment", { id: dropshipmentId }))!;
  if (dropshipment.status !== "pending") {
    throw stateConflict(
      "dropshipment",
      dropshipment,
      `Dropshipment ${dropshipment.id} is ${dropshipment.status}: its lines can no longer change.`,
    );
  }
}

export const dropshipmentRules: WriteRules = {
  dropshipment: {
    async beforeDelete({ record }) {
      if (record.status === "shipped") {
        throw history(`Dropshipment ${record.id} has shipped`, "Its lines count as shipped on the purchase.");
      }
    },
  },
  "dropshipment-item": {
    async prepare({ ctx, values, current }) {
      await pendingDropshipment(ctx, latest(values.dropshipmentId, current?.dropshipmentId, 0));
      if (current) await pendingDropshipment(ctx, current.dropshipmentId);
      return values;
    },
    async beforeDelete({ ctx, record }) {
      await pendingDropshipment(ctx, record.dropshipmentId);
    },
  },
};
