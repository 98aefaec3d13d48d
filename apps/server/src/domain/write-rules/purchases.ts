/** Purchases, their lines, invoices and payments: each write settles its purchase. */
import type { InStatement } from "@libsql/client";
import type { Purchase, PurchaseInvoice, PurchaseInvoicePayment, PurchaseItem } from "@multichannel/schema";
import { StaleRead } from "../../db/write-guards.ts";
import { checkLine, invoiceRemainder, lineCents, planPurchaseBooks, settlePurchase } from "../books.ts";
import { checkAmount } from "../money.ts";
import { recordsOf, selectOne, selectStatement } from "../store.ts";
import { transitionValues } from "../transitions.ts";
import type { WritePlan } from "../write-plan.ts";
import { history, latest, settleBoth, type WriteRules } from "./rule.ts";

/** The reads a new line's purchase books need: the purchase, its lines, active payments and invoices. */
function purchaseBooksReads(companyId: number, purchaseId: number): InStatement[] {
  return [
    selectStatement(companyId, "purchase", { id: purchaseId }),
    selectStatement(companyId, "purchase-item", { purchaseId }),
    selectStatement(companyId, "purchase-invoice-payment", { purchaseId, status: "active" }),
    selectStatement(companyId, "purchase-invoice", { purchaseId, status: "active" }),
  ];
}

export const purchaseRules: WriteRules = {
  purchase: {
    // A new purchase has no lines: its books are its own values, written with it.
    planCreate: {
      read: () => [],
      plan({ values, plan }) {
        return planPurchaseBooks(plan, plan.insert("purchase", values), [], [], []).purchase;
      },
    },
    // A write of `invoiced` records an invoice for what is not invoiced yet (`after`).
    performs: (field, value) => field === "invoiceStatus" && value === "invoiced",
    async after({ ctx, before, record, input }) {
      const settled = (await settlePurchase(ctx, record.id)) as Purchase;
      const asked = before && input.invoiceStatus === "invoiced" && before.invoiceStatus !== "invoiced";
      return asked ? invoiceRemainder(ctx, settled) : settled;
    },
  },
  "purchase-item": {
    planCreate: {
      read: ({ companyId, values }) => purchaseBooksReads(companyId, values.purchaseId!),
      plan({ values, read, plan }) {
        const [purchase] = recordsOf("purchase", read[0]!);
        if (!purchase) throw new StaleRead();
        const items = recordsOf("purchase-item", read[1]!);
        const payments = recordsOf("purchase-invoice-payment", read[2]!);
        const invoices = recordsOf("purchase-invoice", read[3]!);
        // What the books read is what they were computed from: the batch applies only while it holds.
        plan.sameCount("purchase-item", { purchaseId: purchase.id }, items.length);
        plan.sameCount(
          "purchase-invoice-payment",
          { purchaseId: purchase.id, status: "active" },
          payments.length,
        );
        plan.sameCount("purchase-invoice", { purchaseId: purchase.id, status: "active" }, invoices.length);
        plan.unchangedRecords("purchase-invoice-payment", payments);
        plan.unchangedRecords("purchase-invoice", invoices);
        const line = plan.insert("purchase-item", {
          ...values,
          total: checkAmount("purchase-item", "total", lineCents(values.quantity ?? 0, values.price ?? 0)),
        });
        checkLine("purchase-item", { quantity: line.quantity, done: 0, cancelled: 0, returned: 0 });
        const books = planPurchaseBooks(plan, purchase, [...items, line], payments, invoices);
        const untouched = items.filter((item, i) => books.items[i] === item);
        plan.unchangedRecords("purchase-item", untouched);
        if (books.purchase === purchase) plan.unchangedRecords("purchase", [purchase]);
        return books.items.at(-1)!;
      },
    },
    async prepare({ values, current }) {
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
      return { ...values, total: checkAmount("purchase-item", "total", lineCents(quantity, price)) };
    },
    async after({ ctx, before, record }) {
      await settleBoth(before?.purchaseId, record.purchaseId, (id) => settlePurchase(ctx, id));
      return selectOne(ctx, "purchase-item", { id: record.id });
    },
    async beforeDelete({ record }) {
      if (record.quantityShipped + record.quantityCancelled + record.quantityReturned > 0) {
        throw history(
          `Purchase item ${record.id} has shipped or been cancelled`,
          "Cancel what is left instead.",
        );
      }
    },
    async afterDelete({ ctx, record }) {
      await settlePurchase(ctx, record.purchaseId);
    },
  },
  "purchase-invoice": {
    async after({ ctx, before, record }) {
      await settleBoth(before?.purchaseId, record.purchaseId, (id) => settlePurchase(ctx, id));
      return undefined;
    },
    async afterDelete({ ctx, record }) {
      await settlePurchase(ctx, record.purchaseId);
    },
  },
  "purchase-invoice-payment": {
    async after({ ctx, before, record }) {
      await settleBoth(before?.purchaseId, record.purchaseId, (id) => settlePurchase(ctx, id));
      return undefined;
    },
    async afterDelete({ ctx, record }) {
      await settlePurchase(ctx, record.purchaseId);
    },
  },
};
