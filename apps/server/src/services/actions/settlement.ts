import type {
  DropshipProvider,
  DropshipProviderSettleInvoicesInput,
  Purchase,
  Transfer,
} from "@multichannel/schema";
import { settlePurchases } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { insertMany } from "../../domain/store.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { fromCents, insert, kind, selectOne, selectWhere, toCents } from "./core.ts";
import { invalid } from "./purchases.ts";

/**
 * What settling pays for a purchase now, in minor units: what is invoiced (never more than it owes),
 * less what is paid already.
 */
async function dueOf(ctx: Ctx, purchase: Purchase): Promise<number> {
  if (purchase.invoiceStatus === "notInvoiced") return 0;
  let invoiced = toCents(purchase.amountOwed);
  if (purchase.invoiceStatus === "partiallyInvoiced") {
    const invoices = await selectWhere(ctx, "purchase-invoice", {
      purchaseId: purchase.id,
      status: "active",
    });
    invoiced = Math.min(
      invoiced,
      invoices.reduce((sum, invoice) => sum + toCents(invoice.amount), 0),
    );
  }
  return invoiced - toCents(purchase.amountPaid);
}

const settleable = (purchase: Purchase) =>
  purchase.invoiceStatus !== "notInvoiced" && purchase.paymentStatus !== "paid";

/** The purchases to settle: the ones named (each this provider's: else 422; each settleable: else 409), or all settleable. */
async function purchasesToSettle(
  ctx: Ctx,
  provider: DropshipProvider,
  named: readonly number[] | null | undefined,
  field: string,
): Promise<Purchase[]> {
  if (named === undefined || named === null) {
    const invoiced = await selectWhere(ctx, "purchase", {
      dropshipProviderId: provider.id,
      invoiceStatus: "invoiced",
    });
    const partly = await selectWhere(ctx, "purchase", {
      dropshipProviderId: provider.id,
      invoiceStatus: "partiallyInvoiced",
    });
    return [...invoiced, ...partly].filter(settleable);
  }
  const errors: FieldError[] = [];
  const purchases: Purchase[] = [];
  const seen = new Set<number>();
  for (const [index, id] of named.entries()) {
    const purchase = await selectOne(ctx, "purchase", { id });
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
 * Pays the provider what its invoiced, unpaid purchases still owe (cancelled lines owe nothing): one
 * transfer for the exact sum, one invoice payment per purchase; the books then derive each purchase's
 * payment status. A second call finds nothing due (409).
 */
export async function settleInvoicesOfDropshipProvider({
  ctx,
  provider,
  input,
}: {
  ctx: Ctx;
  provider: DropshipProvider;
  input: DropshipProviderSettleInvoicesInput;
}): Promise<Transfer> {
  const paymentMethodId = input.paymentMethodId ?? null;
  if (paymentMethodId && !(await selectOne(ctx, "payment-method", { id: paymentMethodId }))) {
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
  const purchases = await purchasesToSettle(ctx, provider, input.purchaseIds ?? input.toPay, field);
  const dues: { purchase: Purchase; due: number }[] = [];
  for (const purchase of purchases) dues.push({ purchase, due: await dueOf(ctx, purchase) });
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
  const paidAt = ctx.now();
  const additional = toCents(input.additionalAmount ?? 0);
  const transfer = await insert(ctx, "transfer", {
    dropshipProviderId: provider.id,
    paymentMethodId,
    amount: fromCents(amount + additional),
    additionalAmount: fromCents(additional),
    fee: input.fee ?? 0,
    currency: provider.currency,
    status: "complete",
    completedAt: paidAt,
    source: (input.source ?? "other") as Transfer["source"],
    trigger: input.trigger ?? "manual",
    reference: input.reference ?? null,
    name: input.name ?? null,
    externalId: input.externalId ?? null,
    message: input.message ?? null,
    notes: input.notes ?? null,
  });
  await insertMany(
    ctx,
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
        paidAt,
        reference: input.reference ?? null,
      })),
    ["purchaseId"],
  );
  await settlePurchases(
    ctx,
    dues.map(({ purchase }) => purchase.id),
  );
  return transfer;
}
