import type { DropshipProviderSettleInvoicesInput } from "@multichannel/schema";
import type { StoredRecord } from "../../db/rows.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { fromCents, insert, patch, selectOne, selectWhere, toCents } from "./core.ts";
import { invalid } from "./purchases.ts";

export type SettleInput = DropshipProviderSettleInvoicesInput;

const REFUNDS = new Set(["refund", "refundCommission"]);

/** What is still owed on a purchase, in minor units: its total less its active payments (refunds add back). */
async function dueOf(ctx: Ctx, purchase: StoredRecord): Promise<number> {
  const payments = await selectWhere(ctx, "purchase-invoice-payment", {
    purchaseId: purchase.id,
    status: "active",
  });
  const paid = payments.reduce(
    (sum, payment) => sum + (REFUNDS.has(String(payment.type)) ? -1 : 1) * toCents(payment.amount as number),
    0,
  );
  return toCents(purchase.total as number) - paid;
}

const settleable = (purchase: StoredRecord) =>
  purchase.invoiceStatus === "invoiced" && purchase.paymentStatus !== "paid";

/** The purchases to settle: the ones named (each this provider's: else 422; each settleable: else 409), or all settleable. */
async function purchasesToSettle(
  ctx: Ctx,
  provider: StoredRecord,
  named: readonly number[] | null | undefined,
) {
  if (named === undefined || named === null) {
    const purchases = await selectWhere(ctx, "purchase", {
      dropshipProviderId: provider.id,
      invoiceStatus: "invoiced",
    });
    return purchases.filter(settleable);
  }
  const errors: FieldError[] = [];
  const purchases: StoredRecord[] = [];
  const seen = new Set<number>();
  for (const [index, id] of named.entries()) {
    const purchase = await selectOne(ctx, "purchase", { id });
    if (!purchase || purchase.dropshipProviderId !== provider.id) {
      errors.push({
        path: `purchaseIds.${index}`,
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
        `${purchase.id} (${purchase.paymentStatus === "paid" ? "already paid" : `invoice ${String(purchase.invoiceStatus)}`})`,
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
 * Pays the provider what its invoiced, unpaid purchases still owe: one transfer for the exact sum, one
 * invoice payment per purchase, and the purchases marked paid. A second call finds nothing due (409).
 */
export async function settleInvoicesOfDropshipProvider({
  ctx,
  provider,
  input,
}: {
  ctx: Ctx;
  provider: StoredRecord;
  input: SettleInput;
}): Promise<StoredRecord> {
  const paymentMethodId = input.paymentMethodId ?? null;
  if (paymentMethodId && !(await selectOne(ctx, "payment-method", { id: paymentMethodId }))) {
    throw invalid("paymentMethodId", `No payment method with id ${paymentMethodId}.`);
  }
  const purchases = await purchasesToSettle(ctx, provider, input.purchaseIds);
  const dues: { purchase: StoredRecord; due: number }[] = [];
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
  const transfer = await insert(ctx, "transfer", {
    dropshipProviderId: provider.id,
    paymentMethodId,
    amount: fromCents(amount),
    currency: provider.currency ?? "USD",
    status: "complete",
    completedAt: paidAt,
    source: "other",
    trigger: "manual",
    reference: input.reference ?? null,
  });
  for (const { purchase, due } of dues) {
    if (due > 0) {
      await insert(ctx, "purchase-invoice-payment", {
        purchaseId: purchase.id,
        transferId: transfer.id,
        paymentMethodId,
        type: "payment",
        status: "active",
        amount: fromCents(due),
        paidAt,
        reference: input.reference ?? null,
      });
    }
    await patch(ctx, "purchase", purchase.id, { paymentStatus: "paid", paidAt });
  }
  return transfer;
}
