import { moveToFulfillReads, planMoveToFulfill } from "./dropshipments.ts";
import {
  moveToDropshipReads,
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
} from "./purchases.ts";
import { planReceiveSaleReturn, receiveSaleReturnReads } from "./returns.ts";
import { planSettleInvoices, settleInvoicesReads } from "./settlement.ts";
import type { ActionHandlers } from "./types.ts";

/** The order-flow actions: purchases, dropshipments, fulfillments, returns and provider settlement. */
export const orderHandlers = {
  "purchase.send": {
    planned: {
      read: ({ companyId, id }) => sendPurchaseReads(companyId, id),
      plan: ({ record, input, read, plan }) => {
        const sent = planSendPurchase({ purchase: record, input, read, plan });
        return { answer: sent, subject: sent };
      },
    },
  },
  "purchase.ship": {
    planned: {
      read: ({ companyId, id }) => purchaseLinesReads(companyId, id),
      plan: ({ record, input, read, plan }) => {
        const shipped = planShipPurchase({ purchase: record, input, read, plan });
        return { answer: shipped.dropshipment, subject: shipped.purchase };
      },
    },
  },
  "purchase.move-dropship-provider": {
    planned: {
      read: ({ companyId, input }) => moveDropshipProviderReads(companyId, input),
      plan: ({ record, input, read, plan }) => {
        const moved = planMoveDropshipProvider({ purchase: record, input, read, plan });
        return { answer: moved, subject: moved };
      },
    },
  },
  "purchase.cancel": {
    planned: {
      read: ({ companyId, id }) => purchaseLinesReads(companyId, id),
      plan: ({ record, input, read, plan }) => {
        const cancelled = planCancelPurchase({ purchase: record, input, read, plan });
        return { answer: cancelled.answer, subject: cancelled.purchase };
      },
    },
  },
  "purchase.return-label": {
    planned: {
      read: ({ companyId, id }) => returnLabelReads(companyId, id),
      plan: async ({ ctx, record, input, read, plan }) => ({
        answer: await planReturnLabel({ ctx, purchase: record, input, read, plan }),
        subject: record,
      }),
    },
  },
  "purchase.default-label": {
    planned: {
      read: ({ companyId, id, input }) => defaultLabelReads(companyId, id, input),
      plan: async ({ ctx, record, input, read, plan }) => {
        const made = await planDefaultLabel({ ctx, purchase: record, input, read, plan });
        return { answer: made.label, subject: made.purchase };
      },
    },
  },
  "dropshipment.regenerate-label": {
    planned: {
      read: ({ companyId, id }) => regenerateLabelReads(companyId, id),
      plan: async ({ ctx, record, read, plan }) => {
        const regenerated = await planRegenerateLabel({ ctx, dropshipment: record, read, plan });
        return { answer: regenerated, subject: regenerated };
      },
    },
  },
  "dropshipment.move-to-fulfill": {
    planned: {
      read: ({ companyId, id, input }) => moveToFulfillReads(companyId, id, input),
      plan: ({ record, input, read, plan }) => {
        const moved = planMoveToFulfill({ dropshipment: record, input, read, plan });
        return { answer: moved.fulfillment, subject: moved.dropshipment };
      },
    },
  },
  "fulfillment.move-to-dropship": {
    planned: {
      read: ({ companyId, id, input }) => moveToDropshipReads(companyId, id, input),
      plan: ({ record, input, read, plan }) => {
        const moved = planMoveToDropship({ fulfillment: record, input, read, plan });
        return { answer: moved.purchase, subject: moved.fulfillment };
      },
    },
  },
  "fulfillment.ship": {
    planned: {
      read: ({ companyId, id }) => shipFulfillmentReads(companyId, id),
      plan: ({ record, input, read, plan }) => {
        const shipped = planShipFulfillment({ fulfillment: record, input, read, plan });
        return { answer: shipped, subject: shipped };
      },
    },
  },
  "sale-return.receive": {
    planned: {
      read: ({ companyId, id, input }) => receiveSaleReturnReads(companyId, id, input),
      plan: ({ record, input, read, plan }) => {
        const received = planReceiveSaleReturn({ saleReturn: record, input, read, plan });
        return { answer: received, subject: received };
      },
    },
  },
  "dropship-provider.settle-invoices": {
    planned: {
      read: ({ companyId, id, input }) => settleInvoicesReads(companyId, id, input),
      plan: ({ record, input, read, plan }) => ({
        answer: planSettleInvoices({ provider: record, input, read, plan }),
        subject: record,
      }),
    },
  },
} satisfies Partial<ActionHandlers>;
