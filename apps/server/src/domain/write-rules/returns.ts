/** Sale returns and their lines: lines change only while the return is open; its total from theirs. */
import { lineCents, planSaleReturnBooks } from "../books.ts";
import { checkAmount } from "../money.ts";
import { stateConflict } from "../states.ts";
import { recordsOf } from "../store.ts";
import { changedLines, lineRule } from "./lines.ts";
import { history, selectNamed, type WriteRules } from "./rule.ts";

export const returnRules: WriteRules = {
  "sale-return": {
    planDelete: {
      read: () => [],
      plan({ current }) {
        if (current.status === "received") {
          throw history(`Sale return ${current.id} was received`, "Its goods are back on the books.");
        }
      },
    },
  },
  "sale-return-item": lineRule({
    line: "sale-return-item",
    parent: "sale-return",
    field: "saleReturnId",
    books: {
      reads: (companyId, saleReturn) => [
        selectNamed(companyId, "sale-return-item", saleReturn, "saleReturnId"),
      ],
      holds(plan, saleReturn, except) {
        const items = recordsOf("sale-return-item", saleReturn.reads[0]!);
        plan.sameCount("sale-return-item", { saleReturnId: saleReturn.record.id }, items.length);
        plan.unchangedFields(
          "sale-return-item",
          items.filter((item) => item.id !== except),
          ["amount"],
        );
      },
      settle(plan, saleReturn, change) {
        const items = changedLines(recordsOf("sale-return-item", saleReturn.reads[0]!), change);
        planSaleReturnBooks(plan, saleReturn.record, items);
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
    // A new line without an amount is refunded at its sale line's price.
    extra: (companyId, { id, values }) =>
      id === undefined && values.amount === undefined && values.saleItemId
        ? [selectNamed(companyId, "sale-item", values.saleItemId)]
        : [],
    complete({ values, current, extra, plan }) {
      if (current || values.amount !== undefined || !values.saleItemId) return values;
      const [saleItem] = recordsOf("sale-item", extra[0]!);
      if (saleItem) plan.unchangedFields("sale-item", [saleItem], ["price"]);
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
