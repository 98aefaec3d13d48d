/**
 * Sale returns and their lines: lines change only while the return is open; its total from theirs. A
 * cancellation records what a purchase's cancel cancelled: it changes only through that action.
 */
import type { SaleReturn } from "@multichannel/schema";
import { lineCents, planSaleReturnBooks } from "../books.ts";
import { checkLineCount } from "../line-limit.ts";
import { checkAmount, toCents } from "../money.ts";
import { fieldOf, many, one, when } from "../reads.ts";
import { stateConflict } from "../states.ts";
import { changedLines, lineRule } from "./lines.ts";
import { deletes, history, updates, type WriteRules } from "./rule.ts";

/**
 * The 409 refusing a CRUD write of a cancellation or of its lines: they record the lines the cancel
 * action cancelled and the refund owed for them, and nothing else writes them.
 */
function cancellationKept(saleReturn: SaleReturn, fix: string) {
  const cancel = saleReturn.purchaseId
    ? `PUT /purchases/${saleReturn.purchaseId}/cancel.json`
    : "PUT /purchases/{id}/cancel.json";
  return history(
    `Sale return ${saleReturn.id} (a cancellation) records the lines that ${cancel} cancelled and the refund owed for them`,
    fix,
  );
}

export const returnRules: WriteRules = {
  "sale-return": {
    // What a cancellation records is its sale's and its purchase's; its notes, reason, external id,
    // refund payment status and label type are the client's to edit.
    planUpdate: updates<"sale-return", Record<never, never>>({
      fields: ["saleId", "purchaseId"],
      reads: () => ({}),
      plan({ values, current, plan }) {
        const changes = (["saleId", "purchaseId"] as const).filter(
          (field) => values[field] !== undefined && values[field] !== current[field],
        );
        if (current.type === "cancellation" && changes.length) {
          throw cancellationKept(
            current,
            `Its ${changes.join(" and ")} stay as the cancel recorded them; its notes, reason, externalId, paymentStatus and returnLabelType may be edited.`,
          );
        }
        return plan.update("sale-return", current, values, { movesState: true });
      },
    }),
    planDelete: deletes<"sale-return", Record<never, never>>({
      reads: () => ({}),
      plan({ current }) {
        if (current.status === "received") {
          throw history(`Sale return ${current.id} was received`, "Its goods are back on the books.");
        }
        if (current.type === "cancellation") {
          throw cancellationKept(
            current,
            "It stays: its lines stay cancelled, and nothing but that action writes it.",
          );
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
        const items = changedLines(saleReturn.books.items, change);
        checkLineCount(
          { kind: "sale-return", id: saleReturn.record.id },
          "sale-return-item",
          { before: saleReturn.books.items.length, after: items.length },
          "Put further lines on another sale return.",
        );
        planSaleReturnBooks(plan, saleReturn.record, items);
        return undefined;
      },
    },
    open(saleReturn) {
      if (saleReturn.type === "cancellation") {
        throw cancellationKept(
          saleReturn,
          "Its lines change only through that action: calling it again for more lines records them in a return of their own.",
        );
      }
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
