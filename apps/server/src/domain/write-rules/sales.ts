/**
 * Sales and their lines: a line's total from its price, history kept once it has any, a quantity never
 * cut below what its purchase and fulfillment lines still carry; the sale's books.
 */
import type { Fulfillment, FulfillmentItem, PurchaseItem, SaleItem } from "@multichannel/schema";
import { accountingReads } from "../accounting.ts";
import {
  checkLine,
  lineCents,
  NO_ACCOUNTING,
  planSaleBooks,
  quantityRuleBroken,
  unshippedOf,
} from "../books.ts";
import { checkAmount } from "../money.ts";
import { fieldIn, fieldsOf, many, when } from "../reads.ts";
import type { RecordOf } from "../store.ts";
import { changedLines, lineRule } from "./lines.ts";
import { creates, history, latest, type Named, updates, type WriteRules } from "./rule.ts";

/** What a sale's books read of its lines. */
const BOOKED = ["quantity", "price", "quantityFulfilled", "quantityCancelled", "quantityReturned"] as const;

/** A sale's books: its lines, held as many and with what the books add up; whom a fulfilled sale is sent to. */
const saleBooksReads = (sale: Named) => ({
  items: many("sale-item", { saleId: sale }, { hold: { fields: BOOKED } }),
  ...accountingReads(),
});

/** Fulfillments whose lines still carry units to ship (a shipped one's count as fulfilled). */
const UNSHIPPED = new Set<Fulfillment["status"]>(["pending", "finalized"]);

/**
 * The lines that carry sale line `id`'s units on their way, read for a write of its quantity: its
 * purchase lines (dropship) and fulfillment lines (own warehouse) with their fulfillments, held in
 * what the rule adds up.
 */
const carryingReads = (id: number | undefined, quantity: number | undefined) => {
  const read = id !== undefined && quantity !== undefined;
  const saleItemId = id ?? 0;
  return {
    purchaseLines: when(
      read,
      many(
        "purchase-item",
        { saleItemId },
        { hold: { fields: ["saleItemId", "quantity", "quantityShipped", "quantityCancelled"] } },
      ),
    ),
    fulfillmentLines: when(
      read,
      many(
        "fulfillment-item",
        { saleItemId },
        { hold: { fields: ["saleItemId", "fulfillmentId", "quantity"] } },
      ),
    ),
    fulfillments: when(
      read,
      many(
        "fulfillment",
        fieldIn("fulfillment", "id", fieldsOf("fulfillment-item", "fulfillmentId", { saleItemId })),
        { hold: { fields: ["status"] } },
      ),
    ),
  };
};

/**
 * 422 when a cut of a sale line's quantity leaves less than what it fulfilled and cancelled plus what
 * its purchase lines still order (not shipped or cancelled) and its unshipped fulfillments' lines hold:
 * those would ship or cancel units the line no longer has. A quantity kept or raised is never refused.
 */
function checkCut(
  item: SaleItem,
  quantity: number,
  read: {
    purchaseLines?: PurchaseItem[] | undefined;
    fulfillmentLines?: FulfillmentItem[] | undefined;
    fulfillments?: Fulfillment[] | undefined;
  },
): void {
  if (quantity >= item.quantity) return;
  const unshipped = new Set(
    (read.fulfillments ?? []).filter((one) => UNSHIPPED.has(one.status)).map((one) => one.id),
  );
  const carrying = [
    ...(read.purchaseLines ?? [])
      .filter((line) => unshippedOf(line) > 0)
      .map((line) => ({
        units: unshippedOf(line),
        what: `purchase item ${line.id} (purchase ${line.purchaseId}) orders ${unshippedOf(line)} not shipped or cancelled`,
      })),
    ...(read.fulfillmentLines ?? [])
      .filter((line) => unshipped.has(line.fulfillmentId) && line.quantity > 0)
      .map((line) => ({
        units: line.quantity,
        what: `fulfillment item ${line.id} (fulfillment ${line.fulfillmentId}) holds ${line.quantity} to ship`,
      })),
  ];
  const carried = carrying.reduce((sum, line) => sum + line.units, 0);
  const least = item.quantityFulfilled + item.quantityCancelled + carried;
  if (!carried || quantity >= least) return;
  throw quantityRuleBroken(
    "quantity",
    "fulfilled + cancelled + on purchase and fulfillment lines <= quantity",
    `The quantity of sale-item ${item.id} cannot be cut to ${quantity}: ${carrying.map((line) => line.what).join("; ")}; with ${item.quantityFulfilled} fulfilled and ${item.quantityCancelled} cancelled it must stay at least ${least}. Cut or cancel those lines first: a purchase line by a cut of its quantity, or by PUT /purchases/{id}/cancel.json (its units then stay on this line as cancelled); a fulfillment line by a cut or a delete while its fulfillment is pending.`,
  );
}

export const salesRules: WriteRules = {
  sale: {
    // A new sale has no lines: its books are its own values, written with it.
    planCreate: creates<"sale", Record<never, never>>({
      reads: () => ({}),
      plan: ({ values, plan }) => planSaleBooks(plan, plan.insert("sale", values), [], NO_ACCOUNTING),
    }),
    planUpdate: updates({
      reads: ({ id }) => saleBooksReads(id),
      plan: ({ values, current, read, plan }) =>
        planSaleBooks(
          plan,
          plan.update("sale", current, values, { movesState: true }),
          read.items,
          read.accounting,
        ),
    }),
  },
  "sale-item": lineRule({
    line: "sale-item",
    parent: "sale",
    field: "saleId",
    books: {
      reads: saleBooksReads,
      settle(plan, sale, change) {
        planSaleBooks(plan, sale.record, changedLines(sale.books.items, change), sale.books.accounting);
        return undefined;
      },
    },
    extra: ({ id, values }) => carryingReads(id, values.quantity),
    complete({ values, current, extra }) {
      const quantity = latest(values.quantity, current?.quantity, 0);
      const price = latest(values.price, current?.price, 0);
      checkLine("sale-item", {
        id: current?.id,
        quantity,
        done: current?.quantityFulfilled ?? 0,
        cancelled: current?.quantityCancelled ?? 0,
        returned: current?.quantityReturned ?? 0,
      });
      if (current) checkCut(current, quantity, extra);
      if (current && values.saleId !== undefined && values.saleId !== current.saleId && hasHistory(current)) {
        throw history(
          `Sale item ${current.id} has been fulfilled, cancelled or returned`,
          "It stays on its sale.",
        );
      }
      return { ...values, total: checkAmount("sale-item", "total", lineCents(quantity, price)) };
    },
    deletable(item) {
      if (hasHistory(item)) {
        throw history(
          `Sale item ${item.id} has been fulfilled, cancelled or returned`,
          "Cancel what is left instead.",
        );
      }
    },
  }),
};

function hasHistory(item: RecordOf<"sale-item">): boolean {
  return item.quantityFulfilled + item.quantityCancelled + item.quantityReturned > 0;
}
