/** Sale returns and their lines: lines change only while the return is open; its total from theirs. */
import { lineCents, planSaleReturnBooks } from "../books.ts";
import { checkAmount, toCents } from "../money.ts";
import { fieldOf, many, one, when } from "../reads.ts";
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
    // A line's amount defaults to its quantity at its sale line's price (held as read): a new line's
    // when none is sent, and a line's whose quantity changes while its amount is still that default.
    extra: ({ id, values }) => ({
      saleItem: when(
        values.amount === undefined &&
          (id === undefined
            ? values.saleItemId
            : values.quantity !== undefined && values.saleItemId === undefined),
        one(
          "sale-item",
          id === undefined ? (values.saleItemId ?? 0) : fieldOf("sale-return-item", id, "saleItemId"),
          {
            hold: { fields: ["price"] },
          },
        ),
      ),
    }),
    complete({ values, current, extra }) {
      const saleItem = extra.saleItem;
      if (values.amount !== undefined || !saleItem) return values;
      if (current) {
        const quantity = values.quantity;
        const atDefault =
          toCents(current.amount ?? 0) === lineCents(current.quantity ?? 0, saleItem.price ?? 0);
        if (quantity === undefined || quantity === current.quantity || !atDefault) return values;
      }
      return {
        ...values,
        amount: checkAmount(
          "sale-return-item",
          "amount",
          lineCents(values.quantity ?? 0, saleItem.price ?? 0),
        ),
      };
    },
  }),
};
