/** Purchases, their lines, invoices and payments: each write settles its purchase. */
import type { Purchase } from "@multichannel/schema";
import { checkLine, invoiceRemainder, lineCents, settlePurchase } from "../books.ts";
import { checkAmount } from "../money.ts";
import { selectOne } from "../store.ts";
import { history, latest, settleBoth, type WriteRules } from "./rule.ts";

export const purchaseRules: WriteRules = {
  purchase: {
    // A write of `invoiced` records an invoice for what is not invoiced yet (`after`).
    performs: (field, value) => field === "invoiceStatus" && value === "invoiced",
    async after({ ctx, before, record, input }) {
      const settled = (await settlePurchase(ctx, record.id)) as Purchase;
      const asked = before && input.invoiceStatus === "invoiced" && before.invoiceStatus !== "invoiced";
      return asked ? invoiceRemainder(ctx, settled) : settled;
    },
  },
  "purchase-item": {
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
