/** Dropshipments and their lines: lines change only while it is pending. */
import { stateConflict } from "../states.ts";
import { lineRule } from "./lines.ts";
import { deletes, history, type WriteRules } from "./rule.ts";

export const dropshipmentRules: WriteRules = {
  dropshipment: {
    planDelete: deletes<"dropshipment", Record<never, never>>({
      reads: () => ({}),
      plan({ current }) {
        if (current.status === "shipped") {
          throw history(
            `Dropshipment ${current.id} has shipped`,
            "Its lines count as shipped on the purchase.",
          );
        }
      },
    }),
  },
  "dropshipment-item": lineRule({
    line: "dropshipment-item",
    parent: "dropshipment",
    field: "dropshipmentId",
    open(dropshipment) {
      if (dropshipment.status !== "pending") {
        throw stateConflict(
          "dropshipment",
          dropshipment,
          `Dropshipment ${dropshipment.id} is ${dropshipment.status}: its lines can no longer change.`,
        );
      }
    },
  }),
};
