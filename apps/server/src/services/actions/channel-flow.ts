import { acknowledgeChannelVariant } from "./channels.ts";
import { exportInventory } from "./exports.ts";
import { listChannelVariantLevels, setChannelVariantLevel } from "./inventory.ts";
import {
  parseInventoryFeedWebhook,
  publishInventoryFeed,
  removeInventoryFeedItem,
} from "./inventory-feeds.ts";
import { manualSaleReads, planManualSale } from "./manual-sale.ts";
import { quoteChannelRates } from "./rates.ts";
import type { ActionHandlers } from "./types.ts";
import { importConnectorVariants } from "./variant-import.ts";

/** The channel, inventory feed and inventory export actions. */
export const channelHandlers = {
  "channel.rates": {
    run: ({ ctx, record, input }) => quoteChannelRates({ ctx, channel: record, input }),
  },
  "channel.manual-sale": {
    planned: {
      read: ({ companyId, id, input }) => manualSaleReads(companyId, id, input),
      plan: ({ record, input, read, plan }) => {
        const { sale } = planManualSale({ channel: record, input, read, plan });
        return { answer: sale, subject: record };
      },
    },
  },
  "channel.import-connector-variant-batch": {
    run: ({ ctx, record, input }) => importConnectorVariants({ ctx, channel: record, input }),
  },
  "channel.acknowledge-variant": {
    run: ({ ctx, record, input }) => acknowledgeChannelVariant({ ctx, channel: record, input }),
  },
  "channel.variant-levels": {
    run: ({ ctx, record, input }) => listChannelVariantLevels({ ctx, channel: record, input }),
  },
  "channel.variant-set-level": {
    run: ({ ctx, record, input }) => setChannelVariantLevel({ ctx, channel: record, input }),
  },
  "inventory-feed.publish-all": {
    run: ({ ctx, record }) => publishInventoryFeed({ ctx, feed: record }),
  },
  "inventory-feed.remove-by-external-id": {
    run: ({ ctx, record, input }) => removeInventoryFeedItem({ ctx, feed: record, input }),
  },
  "inventory-feed.parse-webhook": {
    run: ({ ctx, record, input }) => parseInventoryFeedWebhook({ ctx, feed: record, input }),
  },
  "inventory-export.export": {
    run: ({ ctx, record }) => exportInventory({ ctx, definition: record }),
  },
} satisfies Partial<ActionHandlers>;
