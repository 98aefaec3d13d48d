/** Sale returns and their lines: lines change only while the return is open; its total from theirs. */
import { lineCents, planSaleReturnBooks } from "../books.ts";
import { checkAmount } from "../money.ts";
import { many, one, when } from "../reads.ts";
import { stateConflict } from "../states.ts";
import { changedLines, lineRule } from "./lines.ts";
import { deletes, history, type WriteRules } from "./rule.ts";

export const returnRules: WriteRules = {
  "sale-return": {
    planDelete: deletes<"sale-return", Record<never, never>>({
      reads: () => ({}),
      plan({ current }) {
        if (current.status === "received") {
          throw history(`Sale return ${current.id} was received`, "Its goods are back on the books.");
        }
      },
    }),
  },
  "sale-return-item": lineRule({
    line: "sale-return-item",
    parent: "sale-return",
    field: "saleReturnId",
    books: {
      reads: (saleReturn) => ({
        items: many("sale-return-item", { saleReturnId: saleReturn }, { hold: { fields: ["amount"] } }),
      }),
      settle(plan, saleReturn, change) {
        planSaleReturnBooks(plan, saleReturn.record, changedLines(saleReturn.books.items, change));
        return undefined;
      },
    },
    open(saleReturn) {
      if (saleReturn.status === "received" || saleReturn.status === "cancelled") {
        throw stateConflict(
          "sale-return",
          saleReturn,
          `Sale return ${saleReturn.id} is ${saleReturn.status}: its lines can no longer change.`,
        );
      }
    },
    // A new line without an amount is refunded at its sale line's price (held as read).
    extra: ({ id, values }) => ({
      saleItem: when(
        id === undefined && values.amount === undefined && values.saleItemId,
        one("sale-item", values.saleItemId ?? 0, { hold: { fields: ["price"] } }),
      ),
    }),
    complete({ values, current, extra }) {
      if (current || values.amount !== undefined || !values.saleItemId) return values;
      const saleItem = extra.saleItem;
      return {
        ...values,
        amount: checkAmount(
          "sale-return-item",
          "amount",
          lineCents(values.quantity ?? 0, saleItem?.price ?? 0),
        ),
      };
    },
  }),
};
