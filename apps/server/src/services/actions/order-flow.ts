import { moveDropshipmentToFulfill } from "./dropshipments.ts";
import { moveFulfillmentToDropship } from "./fulfillments.ts";
import {
  createDefaultLabelOfPurchase,
  createReturnLabelOfPurchase,
  regenerateLabelOfDropshipment,
} from "./label-flow.ts";
import { cancelPurchase, moveDropshipProviderOfPurchase, sendPurchase, shipPurchase } from "./purchases.ts";
import { settleInvoicesOfDropshipProvider } from "./settlement.ts";
import type { ActionHandler } from "./types.ts";

/** The order-flow actions: purchases, dropshipments, fulfillments and provider settlement. */
export const orderHandlers: Record<string, ActionHandler> = {
  "purchase.send": {
    writes: true,
    run: ({ ctx, record, input }) => sendPurchase({ ctx, purchase: record, input }),
  },
  "purchase.ship": {
    writes: true,
    run: ({ ctx, record, input }) => shipPurchase({ ctx, purchase: record, input }),
  },
  "purchase.move-dropship-provider": {
    writes: true,
    run: ({ ctx, record, input }) => moveDropshipProviderOfPurchase({ ctx, purchase: record, input }),
  },
  "purchase.cancel": {
    writes: true,
    run: ({ ctx, record, input }) => cancelPurchase({ ctx, purchase: record, input }),
  },
  "purchase.return-label": {
    writes: true,
    run: ({ ctx, record, input }) => createReturnLabelOfPurchase({ ctx, purchase: record, input }),
  },
  "purchase.default-label": {
    writes: true,
    run: ({ ctx, record, input }) => createDefaultLabelOfPurchase({ ctx, purchase: record, input }),
  },
  "dropshipment.regenerate-label": {
    writes: true,
    run: ({ ctx, record, input }) => regenerateLabelOfDropshipment({ ctx, dropshipment: record, input }),
  },
  "dropshipment.move-to-fulfill": {
    writes: true,
    run: ({ ctx, record, input }) => moveDropshipmentToFulfill({ ctx, dropshipment: record, input }),
  },
  "fulfillment.move-to-dropship": {
    writes: true,
    run: ({ ctx, record, input }) => moveFulfillmentToDropship({ ctx, fulfillment: record, input }),
  },
  "dropship-provider.settle-invoices": {
    writes: true,
    run: ({ ctx, record, input }) => settleInvoicesOfDropshipProvider({ ctx, provider: record, input }),
  },
};
