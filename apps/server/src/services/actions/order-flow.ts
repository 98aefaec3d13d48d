import { allocationReads } from "../../domain/write-rules/fulfillments.ts";
import { moveToFulfillReads, planMoveToFulfill } from "./dropshipments.ts";
import {
  moveToDropshipReads,
  planCancelFulfillment,
  planMoveToDropship,
  planShipFulfillment,
  shipFulfillmentReads,
} from "./fulfillments.ts";
import {
  defaultLabelReads,
  planDefaultLabel,
  planRegenerateLabel,
  planReturnLabel,
  regenerateLabelReads,
  returnLabelReads,
} from "./labels.ts";
import {
  moveDropshipProviderReads,
  planCancelPurchase,
  planMoveDropshipProvider,
  planSendPurchase,
  planShipPurchase,
  purchaseLinesReads,
  sendPurchaseReads,
  shipPurchaseReads,
} from "./purchases.ts";
import {
  cancelSaleReturnReads,
  planCancelSaleReturn,
  planReceiveSaleReturn,
  receiveSaleReturnReads,
} from "./returns.ts";
import { cancelSaleReads, planCancelSale } from "./sales.ts";
import { planSettleInvoices, settleInvoicesReads } from "./settlement.ts";
import { type ActionHandlers, planned } from "./types.ts";

/** The order-flow actions: sales, purchases, dropshipments, fulfillments, returns and provider settlement. */
export const orderHandlers = {
  "sale.cancel": {
    planned: planned({
      reads: ({ id }) => cancelSaleReads(id),
      plan: ({ record, input, read, plan }) => {
        const sale = planCancelSale({ sale: record, input, read, plan });
        return { answer: sale, subject: sale };
      },
    }),
  },
  "purchase.send": {
    planned: planned({
      reads: ({ id }) => sendPurchaseReads(id),
      plan: ({ ctx, record, input, read, plan }) => {
        const sent = planSendPurchase({ purchase: record, input, read, plan, mail: ctx.mail });
        return { answer: sent, subject: sent };
      },
    }),
  },
  "purchase.ship": {
    planned: planned({
      reads: ({ id }) => shipPurchaseReads(id),
      plan: ({ record, input, read, plan }) => {
        const shipped = planShipPurchase({ purchase: record, input, read, plan });
        return { answer: shipped.dropshipment, subject: shipped.purchase };
      },
    }),
  },
  "purchase.move-dropship-provider": {
    planned: planned({
      reads: ({ id, input }) => moveDropshipProviderReads(id, input),
      plan: ({ record, input, read, plan }) => {
        const moved = planMoveDropshipProvider({ purchase: record, input, read, plan });
        return { answer: moved, subject: moved };
      },
    }),
  },
  "purchase.cancel": {
    planned: planned({
      reads: ({ id }) => purchaseLinesReads(id),
      plan: ({ record, input, read, plan }) => {
        const cancelled = planCancelPurchase({ purchase: record, input, read, plan });
        return { answer: cancelled.answer, subject: cancelled.purchase };
      },
    }),
  },
  "purchase.return-label": {
    planned: planned({
      reads: ({ id }) => returnLabelReads(id),
      plan: async ({ ctx, record, input, read, plan }) => ({
        answer: await planReturnLabel({ ctx, purchase: record, input, read, plan }),
        subject: record,
      }),
    }),
  },
  "purchase.default-label": {
    planned: planned({
      reads: ({ id, input }) => defaultLabelReads(id, input),
      plan: async ({ ctx, record, input, read, plan }) => {
        const made = await planDefaultLabel({ ctx, purchase: record, input, read, plan });
        return { answer: made.label, subject: made.purchase };
      },
    }),
  },
  "dropshipment.regenerate-label": {
    planned: planned({
      reads: ({ id }) => regenerateLabelReads(id),
      plan: async ({ ctx, record, read, plan }) => {
        const regenerated = await planRegenerateLabel({ ctx, dropshipment: record, read, plan });
        return { answer: regenerated, subject: regenerated };
      },
    }),
  },
  "dropshipment.move-to-fulfill": {
    planned: planned({
      reads: ({ id, input }) => moveToFulfillReads(id, input),
      plan: ({ record, input, read, plan }) => {
        const moved = planMoveToFulfill({ dropshipment: record, input, read, plan });
        return { answer: moved.fulfillment, subject: moved.dropshipment };
      },
    }),
  },
  "fulfillment.move-to-dropship": {
    planned: planned({
      reads: ({ id, input }) => moveToDropshipReads(id, input),
      plan: ({ record, input, read, plan }) => {
        const moved = planMoveToDropship({ fulfillment: record, input, read, plan });
        return { answer: moved.purchase, subject: moved.fulfillment };
      },
    }),
  },
  "fulfillment.ship": {
    planned: planned({
      reads: ({ id }) => shipFulfillmentReads(id),
      plan: ({ record, input, read, plan }) => {
        const shipped = planShipFulfillment({ fulfillment: record, input, read, plan });
        return { answer: shipped, subject: shipped };
      },
    }),
  },
  "fulfillment.cancel": {
    planned: planned({
      reads: ({ id }) => allocationReads(id),
      plan: ({ record, read, plan }) => {
        const cancelled = planCancelFulfillment({ fulfillment: record, read, plan });
        return { answer: cancelled, subject: cancelled };
      },
    }),
  },
  "sale-return.receive": {
    planned: planned({
      reads: ({ id, input }) => receiveSaleReturnReads(id, input),
      plan: ({ record, input, read, plan }) => {
        const received = planReceiveSaleReturn({ saleReturn: record, input, read, plan });
        return { answer: received, subject: received };
      },
    }),
  },
  "sale-return.cancel": {
    planned: planned({
      reads: ({ id }) => cancelSaleReturnReads(id),
      plan: ({ record, input, read, plan }) => {
        const cancelled = planCancelSaleReturn({ saleReturn: record, input, read, plan });
        return { answer: cancelled, subject: cancelled };
      },
    }),
  },
  "dropship-provider.settle-invoices": {
    planned: planned({
      reads: ({ id, input }) => settleInvoicesReads(id, input),
      plan: ({ record, input, read, plan }) => ({
        answer: planSettleInvoices({ provider: record, input, read, plan }),
        subject: record,
      }),
    }),
  },
} satisfies Partial<ActionHandlers>;
