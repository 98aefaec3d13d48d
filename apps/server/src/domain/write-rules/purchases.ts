/** Purchases, their lines, invoices and payments: each write settles its purchase's books. */
import type {
  GoodsReceiptItem,
  Purchase,
  PurchaseInvoice,
  PurchaseInvoicePayment,
  PurchaseItem,
} from "@multichannel/schema";
import { ApiError } from "../../errors.ts";
import { type PurchaseBooks, purchaseBooksReads } from "../aggregates/purchase-books.ts";
import { checkLine, lineCents, NO_ACCOUNTING, planPurchaseBooks, unshippedOf } from "../books.ts";
import { checkLineCount } from "../line-limit.ts";
import { checkAmount, fromCents, toCents } from "../money.ts";
import { many, when } from "../reads.ts";
import { changesNothing } from "../record-plans.ts";
import { allowedActions, contentConflict, stateConflict } from "../states.ts";
import { type RecordOf, table, type ValuesOf } from "../store.ts";
import { transitionValues } from "../transitions.ts";
import type { WritePlan } from "../write-plan.ts";
import { carriedByWriteReads, checkCarry } from "./carrying.ts";
import { changedLines, type LineChange, lineRule, type Parent } from "./lines.ts";
import { creates, deletes, history, latest, type Named, updates, type WriteRules } from "./rule.ts";

/** A purchase's books, held with what they add up of its lines, payments and invoices. */
const booksReads = (purchase: Named) => purchaseBooksReads(purchase, { hold: "books" });

type BooksRead = PurchaseBooks;
type Booked = "purchase-item" | "purchase-invoice-payment" | "purchase-invoice";

/** How to make room for an invoice or a payment: only active ones count. */
const ACTIVE_COUNTED = "Cancel those that no longer count (status cancelled): only active ones are counted.";

/** Active records as the write leaves them: the one written counts only while it is active. */
function activeAfter<T extends { id: number; status: string | null }>(
  records: T[],
  change: { add?: T; replace?: T; remove?: number },
) {
  const written = change.add ?? change.replace;
  const gone = change.remove ?? written?.id;
  const out = records.filter((record) => record.id !== gone);
  if (written?.status === "active") out.push(written);
  return out;
}

/** The books of a line kind's purchase: the change made to the records of that kind. */
function purchaseBooksOf<L extends Booked>(line: L) {
  return {
    reads: booksReads,
    settle(
      plan: WritePlan,
      purchase: Parent<"purchase", ReturnType<typeof booksReads>>,
      change: LineChange<L>,
    ) {
      const read = purchase.books;
      const items =
        line === "purchase-item"
          ? changedLines(read.items, change as LineChange<"purchase-item">)
          : read.items;
      const payments =
        line === "purchase-invoice-payment"
          ? activeAfter(read.payments, change as LineChange<"purchase-invoice-payment">)
          : read.payments;
      const invoices =
        line === "purchase-invoice"
          ? activeAfter(read.invoices, change as LineChange<"purchase-invoice">)
          : read.invoices;
      const counts = {
        "purchase-item": { before: read.items.length, after: items.length },
        "purchase-invoice-payment": { before: read.payments.length, after: payments.length },
        "purchase-invoice": { before: read.invoices.length, after: invoices.length },
      };
      checkLineCount(
        { kind: "purchase", id: purchase.record.id },
        line,
        counts[line],
        line === "purchase-item" ? "Put further lines on another purchase." : ACTIVE_COUNTED,
      );
      const books = planPurchaseBooks(plan, purchase.record, items, payments, invoices, read.accounting);
      return (line === "purchase-item" ? books.items : undefined) as RecordOf<L>[] | undefined;
    },
  };
}

/**
 * What a PUT of `invoiceStatus: invoiced` asks for: a provider invoice for what the purchase owes and
 * is not invoiced yet, and the books with it. Nothing owed is a 409.
 */
function planInvoiceRemainder(plan: WritePlan, purchase: Purchase, items: PurchaseItem[], read: BooksRead) {
  const invoiced = read.invoices.reduce((sum, invoice) => sum + toCents(invoice.amount), 0);
  const remainder = toCents(purchase.amountOwed) - invoiced;
  if (remainder <= 0) {
    if (purchase.invoiceStatus === "invoiced") return purchase;
    throw new ApiError("conflict", `Purchase ${purchase.id} owes nothing: there is nothing to invoice.`, {
      rule: "invoiced only what is owed",
    });
  }
  checkLineCount(
    { kind: "purchase", id: purchase.id },
    "purchase-invoice",
    { before: read.invoices.length, after: read.invoices.length + 1 },
    ACTIVE_COUNTED,
  );
  const invoice = plan.insert("purchase-invoice", {
    purchaseId: purchase.id,
    amount: fromCents(remainder),
    invoicedAt: plan.now,
    notes: "Recorded by a PUT of invoiceStatus invoiced.",
  });
  const invoices = [...read.invoices, invoice];
  return planPurchaseBooks(plan, purchase, items, read.payments, invoices, read.accounting).purchase;
}

/** The action that gives a purchase to another provider; a PUT of `dropshipProviderId` keeps its rules. */
const MOVE = "purchase.move-dropship-provider";

/**
 * 409 while `purchase` is locked against edits: `refused` says what the lock keeps from changing. The
 * lock guards the order against being edited (its fields, its lines, its provider); the actions that
 * take it through its life (send, ship, labels, cancel, settlement) and its invoices and payments go on
 * as they do for any purchase: they are the order being carried out, not changed.
 */
export function checkUnlocked(purchase: Purchase, refused: string): void {
  if (!purchase.locked) return;
  throw contentConflict(
    MOVE,
    purchase,
    `Purchase ${purchase.id} is locked against edits (locked is true), so ${refused}. Unlock it first (PUT /purchases/${purchase.id}.json with {"locked": false}), then make the change.`,
    { rule: "a locked purchase is not edited" },
  );
}

/** Record ids as a message lists them: `purchase invoice 3`, `purchase invoice payments 4, 5`. */
const named = (what: string, records: readonly { id: number }[]) =>
  `${what}${records.length > 1 ? "s" : ""} ${records.map((record) => record.id).join(", ")}`;

/** A purchase's active invoices and payments. */
type ActiveBooks = { invoices: readonly PurchaseInvoice[]; payments: readonly PurchaseInvoicePayment[] };

/**
 * A purchase's active invoices and payments as a refusal names them (`held`, `them`), and how to cancel
 * them (`cancel`); undefined when it has none.
 */
function activeOf({ invoices, payments }: ActiveBooks) {
  if (!invoices.length && !payments.length) return undefined;
  const held = [
    ...(invoices.length ? [named("purchase invoice", invoices)] : []),
    ...(payments.length ? [named("purchase invoice payment", payments)] : []),
  ];
  const cancels = [
    ...invoices.map((invoice) => `PUT /purchase-invoices/${invoice.id}.json`),
    ...payments.map((payment) => `PUT /purchase-invoice-payments/${payment.id}.json`),
  ];
  const them = cancels.length > 1 ? "them" : "it";
  return {
    held: held.join(" and "),
    them,
    cancel: `Cancel ${them} first (${cancels.join(", ")} with {"status":"cancelled"})`,
  };
}

/**
 * 409 when a write changes the currency of `purchase` while it has active invoices or payments: their
 * amounts are in the purchase's currency, and would silently be read in the new one.
 */
function checkCurrencyKept(purchase: Purchase, currency: string | undefined, books: ActiveBooks): void {
  const active = currency === undefined || currency === purchase.currency ? undefined : activeOf(books);
  if (!active) return;
  throw history(
    `Purchase ${purchase.id} has ${active.held} in ${purchase.currency} (its currency cannot change from ${purchase.currency} to ${currency})`,
    `${active.cancel}, then change it, and record ${active.them} again in ${currency}.`,
  );
}

/**
 * The values that give `purchase` to dropship provider `dropshipProviderId` (the move-dropship-provider
 * action, or a PUT of `dropshipProviderId`), beside `values`: back to pending, to be sent again, without
 * the old provider's address unless `values` names another. Only in the states the action starts from
 * (409: what shipped stays with the provider that shipped it), and only while the purchase has no active
 * invoice or payment (409 naming them: an invoice is its provider's bill, a payment went to that
 * provider, and settle-invoices pays whichever provider the purchase names).
 */
export function providerMoveValues(
  purchase: Purchase,
  dropshipProviderId: number | null,
  books: ActiveBooks,
  values: ValuesOf<"purchase"> = {},
): ValuesOf<"purchase"> {
  // A PUT that unlocks the purchase may move it in the same write.
  if (values.locked !== false) {
    checkUnlocked(purchase, `it stays with dropship provider ${purchase.dropshipProviderId ?? "(none)"}`);
  }
  if (!allowedActions("purchase", purchase.status).includes("move-dropship-provider")) {
    throw stateConflict(
      "purchase",
      purchase,
      `Purchase ${purchase.id} is ${purchase.status}: its dropship provider changes only while it is pending or sent, before anything ships (as PUT /purchases/${purchase.id}/move-dropship-provider.json does). For another provider to ship what is left, cancel it here and order it from that provider in a new purchase.`,
      { allowedStates: ["pending", "sent"] },
    );
  }
  const active = activeOf(books);
  if (active) {
    const owner = purchase.dropshipProviderId
      ? `, which belong to dropship provider ${purchase.dropshipProviderId}`
      : ", recorded while it had no provider";
    throw contentConflict(
      MOVE,
      purchase,
      `Purchase ${purchase.id} cannot change dropship provider: it has ${active.held}${owner} (settle-invoices would pay the new provider for them). ${active.cancel}, then move the purchase.`,
      { rule: "a purchase with invoices or payments keeps its provider" },
    );
  }
  const address =
    values.dropshipProviderAddressId !== undefined &&
    values.dropshipProviderAddressId !== purchase.dropshipProviderAddressId
      ? values.dropshipProviderAddressId
      : null;
  return transitionValues("purchase", purchase, "pending", {
    ...values,
    dropshipProviderId,
    dropshipProviderAddressId: address,
    sentAt: null,
  });
}

/** A variant as a message names it. */
const variantNamed = (id: number | null) => (id === null ? "no variant" : `variant ${id}`);

/**
 * 409 when a write changes the variant of purchase line `current` while it has goods receipt lines
 * (`received`, one of them). What arrived was the line's variant: its receipt lines put units of it on
 * hand and take them back from it, so a change would leave the received variant's stock standing and
 * take the new one's, which never arrived. The receipt lines go first, or the other variant is ordered
 * on a line of its own.
 */
function checkReceivedVariant(
  current: PurchaseItem | undefined,
  variantId: number | null,
  received: GoodsReceiptItem | undefined,
): void {
  if (!current || !received || variantId === current.variantId) return;
  const other = variantId === null ? "" : `, or order ${variantNamed(variantId)} on another purchase line`;
  throw history(
    `Purchase item ${current.id} has goods received (goods receipt item ${received.id}), so its variantId cannot change from ${variantNamed(current.variantId)} to ${variantNamed(variantId)} (the goods that arrived are ${variantNamed(current.variantId)})`,
    `Delete its goods receipt lines first (their units leave the warehouse they went to)${other}.`,
  );
}

/** What a purchase invoice or payment keeps when it moves to another purchase: its provider, its currency. */
const KEPT = [
  {
    field: "dropshipProviderId",
    stays: "with its dropship provider",
    of: (purchase: Purchase) =>
      purchase.dropshipProviderId === null
        ? "of no dropship provider"
        : `of dropship provider ${purchase.dropshipProviderId}`,
    rule: "an invoice or payment stays with its purchase's provider",
  },
  {
    field: "currency",
    stays: "in its currency",
    of: (purchase: Purchase) => `in ${purchase.currency}`,
    rule: "an invoice or payment stays in its purchase's currency",
  },
] as const;

/**
 * 422 unless a purchase invoice or payment that moves from purchase `from` to `to` stays with its
 * provider and in its currency: an invoice is that provider's bill and a payment went to it (and
 * settle-invoices pays whichever provider a purchase names), and their amounts are in the purchase's
 * currency.
 */
function checkStaysWith(what: string, id: number, from: Purchase | undefined, to: Purchase | undefined) {
  if (!from || !to) return;
  const changed = KEPT.find((kept) => from[kept.field] !== to[kept.field]);
  if (!changed) return;
  throw new ApiError(
    "validation_failed",
    `A ${what} stays ${changed.stays}: it moves only to another purchase ${changed.of(from)}.`,
    {
      errors: [
        {
          path: "purchaseId",
          message: `names purchase ${to.id} ${changed.of(to)}; ${what} ${id} is on purchase ${from.id} ${changed.of(from)}`,
        },
      ],
      rule: changed.rule,
    },
  );
}

export const purchaseRules: WriteRules = {
  purchase: {
    // A new purchase has no lines: its books are its own values, written with it.
    planCreate: creates<"purchase", Record<never, never>>({
      reads: () => ({}),
      plan({ values, plan }) {
        const purchase = plan.insert("purchase", values);
        return planPurchaseBooks(plan, purchase, [], [], [], NO_ACCOUNTING).purchase;
      },
    }),
    // A write of `invoiced` records an invoice for what is not invoiced yet.
    performs: (field, value) => field === "invoiceStatus" && value === "invoiced",
    planUpdate: updates({
      reads: ({ id }) => booksReads(id),
      plan({ values, current, input, read: books, plan }) {
        // A PUT of the purchase as read changes nothing, locked or not; one that unlocks it may change
        // more. Recording the provider's invoice (`invoiceStatus: invoiced`) carries the order out, as a
        // purchase-invoice does: the lock does not hold it back.
        const { invoiceStatus: _, ...edits } = values;
        if (values.locked !== false && !changesNothing(table("purchase"), current, edits)) {
          checkUnlocked(current, "its fields change only in a write that sets locked to false");
        }
        checkCurrencyKept(current, values.currency, books);
        const moves =
          values.dropshipProviderId !== undefined && values.dropshipProviderId !== current.dropshipProviderId;
        const written = moves
          ? providerMoveValues(current, values.dropshipProviderId ?? null, books, values)
          : values;
        const updated = plan.update("purchase", current, written, { movesState: true });
        const settled = planPurchaseBooks(
          plan,
          updated,
          books.items,
          books.payments,
          books.invoices,
          books.accounting,
        );
        const asked = input.invoiceStatus === "invoiced" && current.invoiceStatus !== "invoiced";
        return asked ? planInvoiceRemainder(plan, settled.purchase, settled.items, books) : settled.purchase;
      },
    }),
    planDelete: deletes<"purchase", Record<never, never>>({
      reads: () => ({}),
      plan({ current }) {
        checkUnlocked(current, "it cannot be deleted");
      },
    }),
  },
  "purchase-item": lineRule({
    line: "purchase-item",
    parent: "purchase",
    field: "purchaseId",
    books: purchaseBooksOf("purchase-item"),
    open: (purchase) => checkUnlocked(purchase, "its lines cannot be added, changed or removed"),
    // The sale line it will carry, when its units or sale line change; whether goods were received on
    // it, when its variant is written (one receipt line is enough to say so; held: that none appears).
    extra: (line) => ({
      ...carriedByWriteReads("purchase-item", line),
      received: when(
        line.id !== undefined && line.values.variantId !== undefined,
        many("goods-receipt-item", { purchaseItemId: line.id ?? 0 }, { limit: 1, hold: "count" }),
      ),
    }),
    complete({ values, current, extra }) {
      checkReceivedVariant(current, latest(values.variantId, current?.variantId, null), extra.received?.[0]);
      const quantity = latest(values.quantity, current?.quantity, 0);
      const price = latest(values.price, current?.price, 0);
      checkLine("purchase-item", {
        id: current?.id,
        quantity,
        done: current?.quantityShipped ?? 0,
        cancelled: current?.quantityCancelled ?? 0,
        returned: current?.quantityReturned ?? 0,
      });
      if (
        current &&
        values.purchaseId !== undefined &&
        values.purchaseId !== current.purchaseId &&
        current.quantityShipped + current.quantityCancelled + current.quantityReturned > 0
      ) {
        throw history(
          `Purchase item ${current.id} has shipped or been cancelled`,
          "It stays on its purchase.",
        );
      }
      // What shipped was its sale line's (counted there as fulfilled, and returned against it).
      if (
        current &&
        values.saleItemId !== undefined &&
        values.saleItemId !== current.saleItemId &&
        current.quantityShipped + current.quantityReturned > 0
      ) {
        throw history(
          `Purchase item ${current.id} has shipped units of sale item ${current.saleItemId ?? "(none)"}, so its saleItemId cannot change`,
          "It stays with that sale line: order anything else on a line of its own.",
        );
      }
      // A line orders no more of its sale line than is left open (`checkCarry`).
      const saleItemId = latest(values.saleItemId, current?.saleItemId, null);
      const units = quantity - (current?.quantityShipped ?? 0) - (current?.quantityCancelled ?? 0);
      const before = current && current.saleItemId === saleItemId ? unshippedOf(current) : 0;
      checkCarry({ kind: "purchase-item", id: current?.id, saleItemId, units }, before, extra);
      return { ...values, total: checkAmount("purchase-item", "total", lineCents(quantity, price)) };
    },
    deletable(item) {
      if (item.quantityShipped + item.quantityCancelled + item.quantityReturned > 0) {
        throw history(
          `Purchase item ${item.id} has shipped or been cancelled`,
          "Cancel what is left instead.",
        );
      }
    },
  }),
  "purchase-invoice": lineRule({
    line: "purchase-invoice",
    parent: "purchase",
    field: "purchaseId",
    books: purchaseBooksOf("purchase-invoice"),
    // When it moves: whether an active payment pays it (one is enough to say so; held: that none appears).
    extra: (line) => ({
      paidBy: when(
        line.id !== undefined && line.values.purchaseId !== undefined,
        many(
          "purchase-invoice-payment",
          { purchaseInvoiceId: line.id ?? 0, status: "active" },
          { limit: 1, hold: "count" },
        ),
      ),
    }),
    complete({ values, current, parent, from, extra }) {
      if (!current || !from) return values;
      checkStaysWith("purchase invoice", current.id, from, parent);
      const payment = extra.paidBy?.[0];
      if (payment) {
        throw history(
          `Purchase invoice ${current.id} is paid by purchase invoice payment ${payment.id} on purchase ${from.id}`,
          `It stays on its purchase: cancel its payments first (PUT /purchase-invoice-payments/${payment.id}.json with {"status":"cancelled"}), then move it.`,
        );
      }
      return values;
    },
  }),
  "purchase-invoice-payment": lineRule({
    line: "purchase-invoice-payment",
    parent: "purchase",
    field: "purchaseId",
    books: purchaseBooksOf("purchase-invoice-payment"),
    complete({ values, current, parent, from }) {
      if (current) checkStaysWith("purchase invoice payment", current.id, from, parent);
      return values;
    },
  }),
};
