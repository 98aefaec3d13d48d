/**
 * A purchase's books: its lines, its active invoice payments and its active invoices, the records its
 * derived values (totals, statuses, what it owes and has paid: `planPurchaseBooks`) are computed from.
 * What they read and how that is held is declared here once, for every write that settles a purchase:
 * its actions (ship, cancel, move to fulfill, settle, receive a return) and the writes of its lines.
 */
import type { PurchaseInvoice, PurchaseInvoicePayment, PurchaseItem } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { accountingReads } from "../accounting.ts";
import { fieldIn, fieldIs, many, type Snapshot } from "../reads.ts";
import { table, whereOf } from "../store.ts";

/** A purchase: its id, or SQL answering it (what another record names: `fieldOf("dropshipment", id, "purchaseId")`). */
export type PurchaseRef = number | Sql;

/** What the books read of a purchase's lines (and their own derived values, which the books write). */
export const BOOKED_ITEM_FIELDS = [
  "quantity",
  "price",
  "quantityShipped",
  "quantityCancelled",
  "quantityReturned",
  "total",
  "inventoryStatus",
  "returnStatus",
  "invoiceStatus",
] as const satisfies readonly (keyof PurchaseItem)[];

/** What the books read of an active payment. */
export const BOOKED_PAYMENT_FIELDS = [
  "type",
  "amount",
] as const satisfies readonly (keyof PurchaseInvoicePayment)[];

/** What the books read of an active invoice. */
export const BOOKED_INVOICE_FIELDS = ["amount"] as const satisfies readonly (keyof PurchaseInvoice)[];

/**
 * How the books are held once the plan is made:
 * - `rows` (the default): the same records, each unchanged (a plan that relies on more of them than
 *   the books do: a line's SKU, name or sale line);
 * - `books`: the same records, with what the books read of them unchanged (a write of one line, which
 *   a writer of another line's other fields does not make stale).
 */
export type BooksHold = "rows" | "books";

function booksReads(
  of: <N extends "purchase-item" | "purchase-invoice-payment" | "purchase-invoice">(kindName: N) => Sql,
  hold: BooksHold,
) {
  const active = (kindName: "purchase-invoice-payment" | "purchase-invoice") =>
    sql`${of(kindName)} AND ${whereOf<typeof kindName>(table(kindName), { status: "active" })}`;
  const books = hold === "books";
  return {
    items: many("purchase-item", of("purchase-item"), books ? { hold: { fields: BOOKED_ITEM_FIELDS } } : {}),
    payments: many(
      "purchase-invoice-payment",
      active("purchase-invoice-payment"),
      books ? { hold: { fields: BOOKED_PAYMENT_FIELDS } } : {},
    ),
    invoices: many(
      "purchase-invoice",
      active("purchase-invoice"),
      books ? { hold: { fields: BOOKED_INVOICE_FIELDS } } : {},
    ),
    // Whom the books report a purchase invoiced or received to (`planPurchaseBooks`).
    ...accountingReads(),
  };
}

/**
 * What a purchase's books read: its lines (`items`), active payments (`payments`) and active invoices
 * (`invoices`), held as `hold` says, and the accounting integrations (`accounting`, held as read); a
 * planner spreads them into its reads.
 */
export function purchaseBooksReads(purchase: PurchaseRef, options: { hold?: BooksHold } = {}) {
  return booksReads((kindName) => fieldIs(kindName, "purchaseId", purchase), options.hold ?? "rows");
}

/**
 * The books of many purchases at once (`purchases`: SQL answering their ids, `fieldsOf`): every line,
 * active payment and active invoice of any of them, held together (their count, and each record).
 */
export function purchasesBooksReads(purchases: Sql, options: { hold?: BooksHold } = {}) {
  return booksReads((kindName) => fieldIn(kindName, "purchaseId", purchases), options.hold ?? "rows");
}

/** What a purchase's books read: its lines, active payments and active invoices, and the accounting integrations. */
export type PurchaseBooks = Snapshot<ReturnType<typeof purchaseBooksReads>>;

/**
 * The books of each purchase among those `purchasesBooksReads` read, grouped in one pass, looked up by
 * purchase (a planner of many purchases looks each one up, never filtering every record for each). A
 * purchase with no records has empty books.
 */
export function booksByPurchase(books: PurchaseBooks): (purchaseId: number) => PurchaseBooks {
  const grouped = new Map<number, PurchaseBooks>();
  const of = (purchaseId: number) => {
    let found = grouped.get(purchaseId);
    if (!found) {
      found = { items: [], payments: [], invoices: [], accounting: books.accounting };
      grouped.set(purchaseId, found);
    }
    return found;
  };
  for (const item of books.items) of(item.purchaseId).items.push(item);
  for (const payment of books.payments) of(payment.purchaseId).payments.push(payment);
  for (const invoice of books.invoices) of(invoice.purchaseId).invoices.push(invoice);
  return of;
}
