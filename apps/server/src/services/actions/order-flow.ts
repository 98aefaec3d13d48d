import { moveDropshipmentToFulfill } from "./dropshipments.ts";
import { moveFulfillmentToDropship, shipFulfillment } from "./fulfillments.ts";
import {
  createDefaultLabelOfPurchase,
  createReturnLabelOfPurchase,
  regenerateLabelOfDropshipment,
} from "./label-flow.ts";
import {
  moveDropshipProviderOfPurchase,
  planCancelPurchase,
  planSendPurchase,
  planShipPurchase,
  purchaseLinesReads,
  sendPurchaseReads,
  shipWithLabel,
} from "./purchases.ts";
import { checkShippable } from "./reference-bodies.ts";
import { receiveSaleReturn } from "./returns.ts";
import { settleInvoicesOfDropshipProvider } from "./settlement.ts";
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
    run: ({ ctx, record, input }) => moveDropshipProviderOfPurchase({ ctx, purchase: record, input }),
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
    run: ({ ctx, record, input }) => createReturnLabelOfPurchase({ ctx, purchase: record, input }),
  },
  "purchase.default-label": {
    run: async ({ ctx, record, input }) => {
      if (input.inventoryStatus === "shipped") checkShippable(record);
      const label = await createDefaultLabelOfPurchase({ ctx, purchase: record });
      // The vendor portal's "label and mark shipped": the lines leave with this label.
      if (input.inventoryStatus === "shipped") {
        await shipWithLabel(ctx, record, label, input.ids);
      }
      return label;
    },
  },
  "dropshipment.regenerate-label": {
    run: ({ ctx, record, input }) => regenerateLabelOfDropshipment({ ctx, dropshipment: record, input }),
  },
  "dropshipment.move-to-fulfill": {
    run: ({ ctx, record, input }) => moveDropshipmentToFulfill({ ctx, dropshipment: record, input }),
  },
  "fulfillment.move-to-dropship": {
    run: ({ ctx, record, input }) => moveFulfillmentToDropship({ ctx, fulfillment: record, input }),
  },
  "fulfillment.ship": {
    run: ({ ctx, record, input }) => shipFulfillment({ ctx, fulfillment: record, input }),
  },
  "sale-return.receive": {
    run: ({ ctx, record, input }) => receiveSaleReturn({ ctx, saleReturn: record, input }),
  },
  "dropship-provider.settle-invoices": {
    run: ({ ctx, record, input }) => settleInvoicesOfDropshipProvider({ ctx, provider: record, input }),
  },
} satisfies Partial<ActionHandlers>;
