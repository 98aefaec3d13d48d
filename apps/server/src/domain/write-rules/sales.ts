/** Sales and their lines: a line's total from its price, history kept once it has any. */
import { checkLine, lineCents, settleSale } from "../books.ts";
import { checkAmount } from "../money.ts";
import type { RecordOf } from "../store.ts";
import { history, latest, settleBoth, type WriteRules } from "./rule.ts";

export const salesRules: WriteRules = {
  sale: {
    after: ({ ctx, record }) => settleSale(ctx, record.id),
  },
  "sale-item": {
    async prepare({ values, current }) {
      const quantity = latest(values.quantity, current?.quantity, 0);
      const price = latest(values.price, current?.price, 0);
      checkLine("sale-item", {
        id: current?.id,
        quantity,
        done: current?.quantityFulfilled ?? 0,
        cancelled: current?.quantityCancelled ?? 0,
        returned: current?.quantityReturned ?? 0,
      });
      if (current && values.saleId !== undefined && values.saleId !== current.saleId && hasHistory(current)) {
        throw history(
          `Sale item ${current.id} has been fulfilled, cancelled or returned`,
          "It stays on its sale.",
        );
      }
      return { ...values, total: checkAmount("sale-item", "total", lineCents(quantity, price)) };
    },
    async after({ ctx, before, record }) {
      await settleBoth(before?.saleId, record.saleId, (id) => settleSale(ctx, id));
      return undefined;
    },
    async beforeDelete({ record }) {
      if (hasHistory(record)) {
        throw history(
          `Sale item ${record.id} has been fulfilled, cancelled or returned`,
          "Cancel what is left instead.",
        );
      }
    },
    async afterDelete({ ctx, record }) {
      await settleSale(ctx, record.saleId);
    },
  },
};

function hasHistory(item: RecordOf<"sale-item">): boolean {
  return item.quantityFulfilled + item.quantityCancelled + item.quantityReturned > 0;
}
