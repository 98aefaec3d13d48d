import type {
  DropshipProvider,
  DropshipProviderSettleInvoicesInput,
  Purchase,
  PurchaseInvoice,
  Transfer,
} from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { booksByPurchase, purchasesBooksReads } from "../../domain/aggregates/purchase-books.ts";
import { planPurchaseBooks } from "../../domain/books.ts";
import { checkLineCount } from "../../domain/line-limit.ts";
import { checkAmount, fromCents, toCents } from "../../domain/money.ts";
import { fieldsOf, many, one, type Snapshot } from "../../domain/reads.ts";
import { column, kind, table, whereOf } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, type FieldError, namesNoRecord } from "../../errors.ts";
import { invalid } from "./purchases.ts";

type SettleInput = DropshipProviderSettleInvoicesInput;

/**
 * The most purchases one call settles when none are named (oldest first): its reads, its plan and its
 * batch are bounded by it, whatever the provider's history. The purchases left wait for the next call.
 * Named purchases are bounded by the input's own limit instead.
 */
export const SETTLE_BATCH = 500;

/** The purchases named (`purchaseIds`, or the reference's `toPay`); absent: the next ones due. */
const namedIn = (input: SettleInput) => input.purchaseIds ?? input.toPay;

/**
 * The SQL condition on purchases that settling may take: the ones named, or the provider's first
 * `SETTLE_BATCH` that have something due. Those with nothing due are left out here, not only in the
 * plan: else enough of them would fill every call, and the ones after them would never be reached.
 */
function candidates(providerId: number, input: SettleInput): Sql {
  const named = namedIn(input);
  if (named !== undefined && named !== null) {
    return named.length ? sql`id IN (${sql.join(named.map((id) => sql`${id}`))})` : sql`0`;
  }
  const purchases = table("purchase");
  const at = (field: keyof Purchase & string) => sql.id(column(purchases, field));
  const invoices = table("purchase-invoice");
  const invoicedOf = (field: keyof PurchaseInvoice & string) => sql.id(column(invoices, field));
  const invoiced = sql`(SELECT total(${invoicedOf("amount")}) FROM ${sql.id(invoices.name)} WHERE company_id = ${sql.company} AND ${invoicedOf("purchaseId")} = ${sql.id(purchases.name)}.id AND ${whereOf<"purchase-invoice">(invoices, { status: "active" })})`;
  // What `dueOf` finds due, on the stored amounts: an invoiced purchase owes what is outstanding; a
  // partly invoiced one (invoiced less than it owes) what is invoiced beyond what is paid.
  const due = sql`(${at("invoiceStatus")} = ${"invoiced"} AND ${at("amountOutstanding")} > 0) OR (${at("invoiceStatus")} = ${"partiallyInvoiced"} AND ${invoiced} > ${at("amountPaid")})`;
  const ofProvider = whereOf<"purchase">(purchases, { dropshipProviderId: providerId });
  // `+id`: the provider's index finds the purchases; taken in order from the index on id, every purchase
  // of the company would be scanned.
  return sql`id IN (SELECT id FROM ${sql.id(purchases.name)} WHERE company_id = ${sql.company} AND ${ofProvider} AND (${due}) ORDER BY +id LIMIT ${SETTLE_BATCH})`;
}

/**
 * What settling reads: the purchases it may take (invoiced ones first) with their books, and the
 * payment method named (held by its count: that it is there). All held: which purchases there are to
 * settle, and every record their books are computed from.
 */
export function settleInvoicesReads(providerId: number, input: SettleInput) {
  const condition = candidates(providerId, input);
  const invoiceStatus = column(table("purchase"), "invoiceStatus");
  return {
    candidates: many("purchase", condition, { order: `${invoiceStatus} = 'partiallyInvoiced', id` }),
    ...purchasesBooksReads(fieldsOf("purchase", "id", condition)),
    paymentMethod: one("payment-method", sql`${input.paymentMethodId ?? null}`, { hold: "count" }),
  };
}

const settleable = (purchase: Purchase) =>
  purchase.invoiceStatus !== "notInvoiced" && purchase.paymentStatus !== "paid";

/**
 * The purchases to settle: the ones named (each this provider's: else 422; each settleable: else 409),
 * or the settleable ones of those read (the next `SETTLE_BATCH`).
 */
function purchasesToSettle(
  provider: DropshipProvider,
  read: readonly Purchase[],
  named: readonly number[] | null | undefined,
  field: string,
): Purchase[] {
  if (named === undefined || named === null) return read.filter(settleable);
  const byId = new Map(read.map((purchase) => [purchase.id, purchase]));
  const errors: FieldError[] = [];
  const purchases: Purchase[] = [];
  const seen = new Set<number>();
  for (const [index, id] of named.entries()) {
    const purchase = byId.get(id);
    if (!purchase || purchase.dropshipProviderId !== provider.id) {
      errors.push({
        path: `${field}.${index}`,
        message: `names no purchase of dropship provider ${provider.id} (id ${id})`,
      });
    } else if (!seen.has(id)) {
      seen.add(id);
      purchases.push(purchase);
    }
  }
  if (errors.length)
    throw new ApiError("validation_failed", "Some purchases named are not this provider's.", { errors });
  const unsettleable = purchases.filter((purchase) => !settleable(purchase));
  if (unsettleable.length) {
    const described = unsettleable.map(
      (purchase) =>
        `${purchase.id} (${purchase.paymentStatus === "paid" ? "already paid" : `invoice ${purchase.invoiceStatus}`})`,
    );
    throw new ApiError(
      "conflict",
      `Only invoiced, unpaid purchases can be settled: ${described.join(", ")}.`,
      {
        purchaseIds: unsettleable.map((purchase) => purchase.id),
      },
    );
  }
  return purchases;
}

/**
 * What settling pays for a purchase now, in minor units: what is invoiced (never more than it owes),
 * less what is paid already.
 */
function dueOf(purchase: Purchase, invoices: readonly PurchaseInvoice[]): number {
  if (purchase.invoiceStatus === "notInvoiced") return 0;
  let invoiced = toCents(purchase.amountOwed);
  if (purchase.invoiceStatus === "partiallyInvoiced") {
    invoiced = Math.min(
      invoiced,
      invoices.reduce((sum, invoice) => sum + toCents(invoice.amount), 0),
    );
  }
  return invoiced - toCents(purchase.amountPaid);
}

/**
 * Plans paying the provider what its invoiced, unpaid purchases still owe (cancelled lines owe
 * nothing), the ones named or the next `SETTLE_BATCH`: one transfer for the exact sum, one invoice
 * payment per purchase; the books then derive each purchase's payment status. Once nothing is due, a
 * call is a 409; a transfer past its amount's bound (what is due with `additionalAmount`) is a 422.
 */
export function planSettleInvoices({
  provider,
  input,
  read,
  plan,
}: {
  provider: DropshipProvider;
  input: SettleInput;
  read: Snapshot<ReturnType<typeof settleInvoicesReads>>;
  plan: WritePlan;
}): Transfer {
  const paymentMethodId = input.paymentMethodId ?? null;
  if (paymentMethodId && !read.paymentMethod) {
    throw invalid(
      "paymentMethodId",
      namesNoRecord("payment-method", paymentMethodId),
      `No payment method with id ${paymentMethodId}.`,
    );
  }
  const sources = kind("transfer").fields.source?.values ?? [];
  if (input.source !== undefined && input.source !== null && !sources.includes(input.source)) {
    throw invalid("source", `must be one of ${sources.join(", ")}`);
  }
  // `toPay` is the reference's name of `purchaseIds`.
  if (input.purchaseIds && input.toPay && JSON.stringify(input.purchaseIds) !== JSON.stringify(input.toPay)) {
    throw invalid(
      "toPay",
      "names other purchases than purchaseIds: send one of them",
      "toPay and purchaseIds name different purchases: send one of them.",
    );
  }
  const field = input.purchaseIds ? "purchaseIds" : "toPay";
  const purchases = purchasesToSettle(provider, read.candidates, namedIn(input), field);
  const booksOf = booksByPurchase(read);
  const dues = purchases.map((purchase) => ({
    purchase,
    due: dueOf(purchase, booksOf(purchase.id).invoices),
  }));
  const amount = dues.reduce((sum, { due }) => sum + Math.max(0, due), 0);
  if (amount <= 0) {
    throw new ApiError(
      "conflict",
      `Nothing to settle: dropship provider ${provider.id} has no invoiced, unpaid amount.`,
      {
        purchaseIds: purchases.map((purchase) => purchase.id),
      },
    );
  }

  for (const { purchase, due } of dues) {
    const before = booksOf(purchase.id).payments.length;
    checkLineCount(
      { kind: "purchase", id: purchase.id },
      "purchase-invoice-payment",
      { before, after: due > 0 ? before + 1 : before },
      "Cancel its payments that no longer count (status cancelled), or settle the other purchases by name (purchaseIds).",
    );
  }
  const additional = toCents(input.additionalAmount ?? 0);
  const transfer = plan.insert("transfer", {
    dropshipProviderId: provider.id,
    paymentMethodId,
    amount: checkAmount("transfer", "amount", amount + additional),
    additionalAmount: fromCents(additional),
    fee: input.fee ?? 0,
    currency: provider.currency,
    status: "complete",
    completedAt: plan.now,
    source: (input.source ?? "other") as Transfer["source"],
    trigger: input.trigger ?? "manual",
    reference: input.reference ?? null,
    name: input.name ?? null,
    externalId: input.externalId ?? null,
    message: input.message ?? null,
    notes: input.notes ?? null,
  });
  const paid = plan.insertMany(
    "purchase-invoice-payment",
    dues
      .filter(({ due }) => due > 0)
      .map(({ purchase, due }) => ({
        purchaseId: purchase.id,
        transferId: String(transfer.id),
        paymentMethodId,
        type: "payment" as const,
        status: "active" as const,
        amount: fromCents(due),
        paidAt: plan.now,
        reference: input.reference ?? null,
      })),
  );
  // One payment per purchase at most: each purchase is settled once.
  const paidFor = new Map(paid.map((payment) => [payment.purchaseId, payment]));
  for (const { purchase } of dues) {
    const books = booksOf(purchase.id);
    const payment = paidFor.get(purchase.id);
    const payments = payment ? [...books.payments, payment] : books.payments;
    planPurchaseBooks(plan, purchase, books.items, payments, books.invoices, books.accounting);
  }
  return transfer;
}
