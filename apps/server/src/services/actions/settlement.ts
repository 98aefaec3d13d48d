import type { InStatement, InValue, ResultSet } from "@libsql/client";
import type {
  DropshipProvider,
  DropshipProviderSettleInvoicesInput,
  Purchase,
  PurchaseInvoice,
  Transfer,
} from "@multichannel/schema";
import { planPurchaseBooks } from "../../domain/books.ts";
import { column, recordsOf, selectMatching, selectStatement, table } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { fromCents, kind, toCents } from "./core.ts";
import { invalid } from "./purchases.ts";

type SettleInput = DropshipProviderSettleInvoicesInput;

const SETTLEABLE_INVOICES = ["invoiced", "partiallyInvoiced"] as const;

/** The purchases named (`purchaseIds`, or the reference's `toPay`); absent: every settleable one. */
const namedIn = (input: SettleInput) => input.purchaseIds ?? input.toPay;

/**
 * The SQL condition on purchases that settling may take: the ones named, or the provider's invoiced
 * and partly invoiced ones.
 */
function candidates(providerId: number, input: SettleInput): { condition: string; args: InValue[] } {
  const named = namedIn(input);
  if (named !== undefined && named !== null) {
    return named.length
      ? { condition: `id IN (${named.map(() => "?").join(", ")})`, args: [...named] }
      : { condition: "0", args: [] };
  }
  const purchases = table("purchase");
  return {
    condition: `${column(purchases, "dropshipProviderId")} = ? AND ${column(purchases, "invoiceStatus")} IN (?, ?)`,
    args: [providerId, ...SETTLEABLE_INVOICES],
  };
}

/**
 * What settling reads: the purchases it may take (invoiced ones first), their lines, active invoice
 * payments and invoices (their books), and the payment method named.
 */
export function settleInvoicesReads(
  companyId: number,
  providerId: number,
  input: SettleInput,
): InStatement[] {
  const purchases = table("purchase");
  const { condition, args } = candidates(providerId, input);
  const ofCandidates = (kindName: "purchase-item" | "purchase-invoice-payment" | "purchase-invoice") => {
    const lines = table(kindName);
    const active = kindName === "purchase-item" ? "" : ` AND ${column(lines, "status")} = 'active'`;
    return selectMatching(
      companyId,
      kindName,
      `${column(lines, "purchaseId")} IN (SELECT id FROM ${purchases.name} WHERE company_id = ? AND (${condition}))${active}`,
      [companyId, ...args],
    );
  };
  const reads = [
    selectMatching(companyId, "purchase", condition, args, {
      order: `${column(purchases, "invoiceStatus")} = 'partiallyInvoiced', id`,
    }),
    ofCandidates("purchase-item"),
    ofCandidates("purchase-invoice-payment"),
    ofCandidates("purchase-invoice"),
  ];
  if (input.paymentMethodId)
    reads.push(selectStatement(companyId, "payment-method", { id: input.paymentMethodId }));
  return reads;
}

const settleable = (purchase: Purchase) =>
  purchase.invoiceStatus !== "notInvoiced" && purchase.paymentStatus !== "paid";

/**
 * The purchases to settle: the ones named (each this provider's: else 422; each settleable: else 409),
 * or all settleable of those read.
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
        message: `No purchase ${id} of dropship provider ${provider.id}.`,
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

function byPurchase<T extends { purchaseId: number }>(records: readonly T[], purchaseId: number): T[] {
  return records.filter((record) => record.purchaseId === purchaseId);
}

/**
 * Plans paying the provider what its invoiced, unpaid purchases still owe (cancelled lines owe
 * nothing): one transfer for the exact sum, one invoice payment per purchase; the books then derive
 * each purchase's payment status. A second call finds nothing due (409).
 */
export function planSettleInvoices({
  provider,
  input,
  read,
  plan,
}: {
  provider: DropshipProvider;
  input: SettleInput;
  read: ResultSet[];
  plan: WritePlan;
}): Transfer {
  const paymentMethodId = input.paymentMethodId ?? null;
  if (paymentMethodId && !recordsOf("payment-method", read[4]!).length) {
    throw invalid("paymentMethodId", `No payment method with id ${paymentMethodId}.`);
  }
  const sources = kind("transfer").fields.source?.values ?? [];
  if (input.source !== undefined && input.source !== null && !sources.includes(input.source)) {
    throw invalid("source", `source must be one of ${sources.join(", ")}.`);
  }
  // `toPay` is the reference's name of `purchaseIds`.
  if (input.purchaseIds && input.toPay && JSON.stringify(input.purchaseIds) !== JSON.stringify(input.toPay)) {
    throw invalid("toPay", "toPay and purchaseIds name different purchases: send one of them.");
  }
  const field = input.purchaseIds ? "purchaseIds" : "toPay";
  const candidates = recordsOf("purchase", read[0]!);
  const items = recordsOf("purchase-item", read[1]!);
  const payments = recordsOf("purchase-invoice-payment", read[2]!);
  const invoices = recordsOf("purchase-invoice", read[3]!);
  const purchases = purchasesToSettle(provider, candidates, namedIn(input), field);
  const dues = purchases.map((purchase) => ({
    purchase,
    due: dueOf(purchase, byPurchase(invoices, purchase.id)),
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

  // What was read and is not written is still as read when the batch applies: which purchases there
  // are to settle, and every record their books are computed from.
  if (namedIn(input) === undefined || namedIn(input) === null) {
    for (const invoiceStatus of SETTLEABLE_INVOICES) {
      plan.sameCount(
        "purchase",
        { dropshipProviderId: provider.id, invoiceStatus },
        candidates.filter((purchase) => purchase.invoiceStatus === invoiceStatus).length,
      );
    }
  }
  const countsOf = (records: readonly { purchaseId: number }[]) =>
    new Map(dues.map(({ purchase }) => [purchase.id, byPurchase(records, purchase.id).length]));
  plan.sameCounts("purchase-item", "purchaseId", countsOf(items));
  plan.sameCounts("purchase-invoice-payment", "purchaseId", countsOf(payments), { status: "active" });
  plan.sameCounts("purchase-invoice", "purchaseId", countsOf(invoices), { status: "active" });
  if (paymentMethodId) plan.referencesExist("transfer", { paymentMethodId });

  const additional = toCents(input.additionalAmount ?? 0);
  const transfer = plan.insert("transfer", {
    dropshipProviderId: provider.id,
    paymentMethodId,
    amount: fromCents(amount + additional),
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
  for (const { purchase } of dues) {
    planPurchaseBooks(
      plan,
      purchase,
      byPurchase(items, purchase.id),
      [...byPurchase(payments, purchase.id), ...byPurchase(paid, purchase.id)],
      byPurchase(invoices, purchase.id),
    );
  }
  const settled = new Set(purchases.map((purchase) => purchase.id));
  const ofSettled = <T extends { purchaseId: number }>(records: readonly T[]) =>
    records.filter((record) => settled.has(record.purchaseId));
  plan.unchangedRecords("purchase", candidates);
  plan.unchangedRecords("purchase-item", ofSettled(items));
  plan.unchangedRecords("purchase-invoice-payment", ofSettled(payments));
  plan.unchangedRecords("purchase-invoice", ofSettled(invoices));
  return transfer;
}
