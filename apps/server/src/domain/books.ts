/**
 * The order books: every value derived from lines, payments and invoices, computed in one place. Each
 * `plan*Books` takes a sale, purchase or sale return with its lines as a write plan leaves them, checks
 * the invariants, and plans the derived values (and the status, through its lifecycle). Every write
 * path that can change them calls it: CRUD of lines and headers, payments and invoices, and every action.
 */
import type {
  Purchase,
  PurchaseInvoice,
  PurchaseInvoicePayment,
  PurchaseItem,
  Sale,
  SaleItem,
  SaleReturn,
  SaleReturnItem,
} from "@multichannel/schema";
import { ApiError } from "../errors.ts";
import { type Accounting, planPurchaseAccounting, planSaleAccounting } from "./accounting.ts";
import { checkAmount, fromCents, toCents } from "./money.ts";
import type { ValuesOf } from "./store.ts";
import { transitionValues } from "./transitions.ts";
import type { WritePlan } from "./write-plan.ts";

/** A line's total in minor units: quantity times unit price. */
export const lineCents = (quantity: number, price: number): number => quantity * toCents(price);
/** A line's total in major units. */
export const lineTotal = (quantity: number, price: number): number => fromCents(lineCents(quantity, price));

/** Only the values that differ from the record's, so an unchanged record is not written again. */
function changed<T extends object>(record: T, values: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (record[key] !== values[key]) out[key] = values[key];
  }
  return out;
}

const isEmpty = (values: object): boolean => Object.keys(values).length === 0;

/**
 * An order's total in minor units: its subtotal (of its lines, as ordered) plus shipping, less
 * discounts, plus tax. Discounts larger than what they discount are a 422 naming `discounts`: a write
 * never takes a total below 0, nor lowers one stored below 0 before the rule (so that order still ships).
 */
function orderTotal(kindName: "sale" | "purchase", order: Sale | Purchase, subtotal: number): number {
  const discounted = subtotal + toCents(order.shippingPrice) + toCents(order.taxAmount);
  const total = discounted - toCents(order.discounts);
  if (total >= Math.min(0, toCents(order.total))) return total;
  const message = `is ${order.discounts}, more than the ${fromCents(discounted)} it discounts (subtotal + shippingPrice + taxAmount)`;
  throw new ApiError(
    "validation_failed",
    `The ${kindName}'s discounts (${order.discounts}) exceed what they discount: its subtotal, shipping and tax come to ${fromCents(discounted)}.`,
    { rule: "discounts <= subtotal + shippingPrice + taxAmount", errors: [{ path: "discounts", message }] },
  );
}

/** A 422 for a line quantity that would break a rule of the books. */
export function quantityRuleBroken(path: string, rule: string, detail: string, message: string): ApiError {
  return new ApiError("validation_failed", detail, { rule, errors: [{ path, message }] });
}

// ---------------------------------------------------------------------------------------------- lines

/** What of a sale line is still to fulfil: ordered less fulfilled and cancelled. */
export const openOfSaleItem = (item: SaleItem): number =>
  item.quantity - item.quantityFulfilled - item.quantityCancelled;

/** What of a purchase line has neither shipped nor been cancelled. */
export const unshippedOf = (item: PurchaseItem): number =>
  item.quantity - item.quantityShipped - item.quantityCancelled;

/** Checks 0 <= done + cancelled <= ordered and returned <= done for one line; 422 naming the rule. */
export function checkLine(
  kindName: "sale-item" | "purchase-item",
  line: { id?: number; quantity: number; done: number; cancelled: number; returned: number },
): void {
  const done = kindName === "sale-item" ? "fulfilled" : "shipped";
  const name = line.id ? `${kindName} ${line.id}` : `the ${kindName}`;
  if (line.done + line.cancelled > line.quantity) {
    throw quantityRuleBroken(
      "quantity",
      `${done} + cancelled <= quantity`,
      `The quantity of ${name} cannot be less than what has ${done} (${line.done}) and been cancelled (${line.cancelled}).`,
      `cannot be less than what has ${done} (${line.done}) and been cancelled (${line.cancelled})`,
    );
  }
  if (line.returned > line.done) {
    throw quantityRuleBroken(
      "quantityReturned",
      `returned <= ${done}`,
      `${name} cannot have more returned (${line.returned}) than ${done} (${line.done}).`,
      `cannot be more than what has ${done} (${line.done}); it would be ${line.returned}`,
    );
  }
}

function lineStatus<const S extends string>(done: number, of: number, words: readonly [S, S, S]): S {
  return done <= 0 ? words[0] : done >= of ? words[2] : words[1];
}

// ----------------------------------------------------------------------------------------------- sales

/** A sale's status from its lines' quantities. */
export function saleStatusOf(totals: { ordered: number; fulfilled: number; cancelled: number }) {
  const { ordered, fulfilled, cancelled } = totals;
  const open = ordered - cancelled;
  if (ordered > 0 && cancelled >= ordered) return "cancelled" as const;
  if (open > 0 && fulfilled >= open) return "fulfilled" as const;
  if (fulfilled > 0) return "partiallyFulfilled" as const;
  return "open" as const;
}

/** What a sale's derived values and status are, from its lines. */
export function saleBooks(
  sale: Sale,
  items: readonly SaleItem[],
): { status: Sale["status"]; values: ValuesOf<"sale"> } {
  let subtotal = 0;
  let ordered = 0;
  let fulfilled = 0;
  let cancelled = 0;
  let returned = 0;
  for (const item of items) {
    checkLine("sale-item", {
      id: item.id,
      quantity: item.quantity,
      done: item.quantityFulfilled,
      cancelled: item.quantityCancelled,
      returned: item.quantityReturned,
    });
    subtotal += lineCents(item.quantity, item.price);
    ordered += item.quantity;
    fulfilled += item.quantityFulfilled;
    cancelled += item.quantityCancelled;
    returned += item.quantityReturned;
  }
  const total = orderTotal("sale", sale, subtotal);
  const values = changed<Sale>(sale, {
    subtotal: checkAmount("sale", "subtotal", subtotal),
    total: checkAmount("sale", "total", total),
    inventoryStatus: lineStatus(fulfilled, ordered - cancelled, [
      "notFulfilled",
      "partiallyFulfilled",
      "fulfilled",
    ]),
    cancellationStatus: lineStatus(cancelled, ordered, ["none", "partial", "full"]),
    returnStatus: lineStatus(returned, fulfilled, ["notReturned", "partiallyReturned", "returned"]),
  });
  const status = saleStatusOf({ ordered, fulfilled, cancelled });
  // The reference's `cancelled` flag, derived with the status it mirrors.
  if ((status === "cancelled") !== sale.cancelled) values.cancelled = status === "cancelled";
  return { status, values };
}

/**
 * A sale's books in a write plan: its derived values and status from `items` (every line of the sale as the plan
 * leaves them), written when they change; a sale they fulfil is sent to the accounting integrations
 * read (`accounting`). Answers the sale as the plan leaves it.
 */
export function planSaleBooks(
  plan: WritePlan,
  sale: Sale,
  items: readonly SaleItem[],
  accounting: Accounting,
): Sale {
  const { status, values } = saleBooks(sale, items);
  if (status === sale.status && isEmpty(values)) return sale;
  const after = plan.update("sale", sale, transitionValues("sale", sale, status, values), {
    movesState: true,
  });
  planSaleAccounting(plan, accounting, { before: sale, after, items });
  return after;
}

/**
 * A purchase's books in a write plan: its derived values and status from `items` (every line, as the plan leaves
 * them), its active payments and invoices; lines and purchase written where they change. A purchase
 * they invoice or receive is sent to the accounting integrations read (`accounting`). Answers both as
 * the plan leaves them.
 */
export function planPurchaseBooks(
  plan: WritePlan,
  purchase: Purchase,
  items: readonly PurchaseItem[],
  payments: readonly PurchaseInvoicePayment[],
  invoices: readonly PurchaseInvoice[],
  accounting: Accounting,
): { purchase: Purchase; items: PurchaseItem[] } {
  const books = purchaseBooks(purchase, items, payments, invoices, () => plan.now);
  const settled = items.map((item) => {
    const values = books.items.get(item.id);
    return values ? plan.update("purchase-item", item, values) : item;
  });
  if (books.status === purchase.status && isEmpty(books.values)) return { purchase, items: settled };
  const values = transitionValues("purchase", purchase, books.status, books.values);
  const after = plan.update("purchase", purchase, values, { movesState: true });
  planPurchaseAccounting(plan, accounting, { before: purchase, after, items: settled, invoices });
  return { purchase: after, items: settled };
}

/** For the books of a record the write creates without lines: nothing is fulfilled, received or invoiced yet. */
export const NO_ACCOUNTING: Accounting = [];

// ------------------------------------------------------------------------------------------- purchases

const REFUNDS = new Set(["refund", "refundCommission"]);

/**
 * A purchase's status from its lines: cancelled when all are, shipped when none is left, partly shipped
 * when some shipped, else open: pending or sent, as its actions left it (a purchase that is neither,
 * its lines opened again, is open as it was sent or not). Where that is no declared transition (a
 * cancelled purchase whose quantity grows or that gets a line), the write is a 409 and changes nothing.
 */
export function purchaseStatusOf(
  purchase: Pick<Purchase, "status" | "sentAt">,
  totals: { ordered: number; shipped: number; cancelled: number },
): Purchase["status"] {
  const { ordered, shipped, cancelled } = totals;
  const current = purchase.status;
  if (ordered === 0) return current;
  if (cancelled >= ordered) return "cancelled";
  if (shipped + cancelled >= ordered) return "shipped";
  if (shipped > 0) return "partiallyShipped";
  if (current === "pending" || current === "sent") return current;
  return purchase.sentAt ? "sent" : "pending";
}

/** What a purchase's derived values are, from its lines, active invoice payments and invoices. */
export function purchaseBooks(
  purchase: Purchase,
  items: readonly PurchaseItem[],
  payments: readonly PurchaseInvoicePayment[],
  invoices: readonly PurchaseInvoice[],
  now: () => string,
): {
  status: Purchase["status"];
  values: ValuesOf<"purchase">;
  items: Map<number, ValuesOf<"purchase-item">>;
} {
  let subtotal = 0;
  let openCents = 0;
  let ordered = 0;
  let shipped = 0;
  let cancelled = 0;
  for (const item of items) {
    checkLine("purchase-item", {
      id: item.id,
      quantity: item.quantity,
      done: item.quantityShipped,
      cancelled: item.quantityCancelled,
      returned: item.quantityReturned,
    });
    subtotal += lineCents(item.quantity, item.price);
    openCents += lineCents(item.quantity - item.quantityCancelled, item.price);
    ordered += item.quantity;
    shipped += item.quantityShipped;
    cancelled += item.quantityCancelled;
  }
  const total = orderTotal("purchase", purchase, subtotal);
  const charges = total - subtotal;
  const allCancelled = ordered > 0 && cancelled >= ordered;
  const owed = allCancelled ? 0 : Math.max(0, openCents + charges);
  const paid = payments.reduce(
    (sum, payment) => sum + (REFUNDS.has(String(payment.type)) ? -1 : 1) * toCents(payment.amount),
    0,
  );
  const invoiced = invoices.reduce((sum, invoice) => sum + toCents(invoice.amount), 0);
  const paymentStatus: Purchase["paymentStatus"] =
    paid <= 0 ? "notPaid" : paid >= owed ? "paid" : "partiallyPaid";
  const invoiceStatus: Purchase["invoiceStatus"] =
    invoiced <= 0 ? "notInvoiced" : invoiced >= owed ? "invoiced" : "partiallyInvoiced";

  const itemValues = new Map<number, ValuesOf<"purchase-item">>();
  for (const item of items) {
    const values = changed<PurchaseItem>(item, {
      total: checkAmount("purchase-item", "total", lineCents(item.quantity, item.price)),
      inventoryStatus: lineStatus(item.quantityShipped, item.quantity - item.quantityCancelled, [
        "notReceived",
        "partiallyReceived",
        "received",
      ]),
      returnStatus: lineStatus(item.quantityReturned, item.quantityShipped, [
        "notReturned",
        "partiallyReturned",
        "returned",
      ]),
      invoiceStatus,
    });
    if (!isEmpty(values)) itemValues.set(item.id, values);
  }

  const values = changed<Purchase>(purchase, {
    quantity: ordered,
    subtotal: checkAmount("purchase", "subtotal", subtotal),
    total: checkAmount("purchase", "total", total),
    amountOwed: checkAmount("purchase", "amountOwed", owed),
    amountPaid: checkAmount("purchase", "amountPaid", paid),
    amountOutstanding: checkAmount("purchase", "amountOutstanding", owed - paid),
    paymentStatus,
    invoiceStatus,
    paidAt: paymentStatus === "paid" ? (purchase.paidAt ?? now()) : null,
    inventoryStatus: lineStatus(shipped, ordered - cancelled, [
      "notReceived",
      "partiallyReceived",
      "received",
    ]),
    cancellationStatus: lineStatus(cancelled, ordered, ["none", "partial", "full"]),
    cancelled: allCancelled,
    cancelledAt: cancelled > 0 ? (purchase.cancelledAt ?? now()) : null,
  });
  return {
    status: purchaseStatusOf(purchase, { ordered, shipped, cancelled }),
    values,
    items: itemValues,
  };
}

// ---------------------------------------------------------------------------------------- sale returns

/** What a sale return's total is, from its lines (only what changes). */
function saleReturnBooks(saleReturn: SaleReturn, items: readonly SaleReturnItem[]): ValuesOf<"sale-return"> {
  const total = items.reduce((sum, item) => sum + toCents(item.amount), 0);
  return changed<SaleReturn>(saleReturn, { total: checkAmount("sale-return", "total", total) });
}

/** A sale return's total in a write plan, from every line of the return as the plan leaves them. */
export function planSaleReturnBooks(
  plan: WritePlan,
  saleReturn: SaleReturn,
  items: readonly SaleReturnItem[],
) {
  const values = saleReturnBooks(saleReturn, items);
  return isEmpty(values) ? saleReturn : plan.update("sale-return", saleReturn, values);
}
