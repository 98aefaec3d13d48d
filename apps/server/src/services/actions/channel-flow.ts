import { parseFeedItemReads, planParseFeedItem } from "../../domain/feed-items.ts";
import { planQueueFetch, queueFetchReads } from "../feed-fetch.ts";
import { acknowledgeVariantReads, planAcknowledgeVariant } from "./channels.ts";
import { exportReads, planExport } from "./exports.ts";
import { isExpensiveLevels, listChannelVariantLevels, planSetLevel, setLevelReads } from "./inventory.ts";
import {
  planPublishFeed,
  planRemoveFeedItem,
  publishFeedReads,
  removeFeedItemReads,
} from "./inventory-feeds.ts";
import { manualSaleReads, planManualSale } from "./manual-sale.ts";
import { channelRatesReads, quoteChannelRates } from "./rates.ts";
import { type ActionHandlers, planned } from "./types.ts";
import { importReads, planImportConnectorVariants } from "./variant-import.ts";

/** The channel, inventory feed and inventory export actions. */
export const channelHandlers = {
  "channel.rates": {
    planned: planned({
      reads: ({ id, input }) => channelRatesReads(id, input),
      plan: ({ record, input, read }) => ({
        answer: quoteChannelRates({ channel: record, input, read }),
        subject: record,
      }),
    }),
  },
  "channel.manual-sale": {
    planned: planned({
      reads: ({ id, input }) => manualSaleReads(id, input),
      plan: ({ record, input, read, plan }) => {
        const { sale } = planManualSale({ channel: record, input, read, plan });
        return { answer: sale, subject: record };
      },
    }),
  },
  "channel.import-connector-variant-batch": {
    planned: planned({
      reads: ({ id, input }) => importReads(id, input),
      plan: ({ record, input, read, plan }) => ({
        answer: planImportConnectorVariants({ channel: record, input, read, plan }),
        subject: record,
      }),
    }),
  },
  "channel.acknowledge-variant": {
    planned: planned({
      reads: ({ id, input }) => acknowledgeVariantReads(id, input),
      plan: ({ record, input, read, plan }) => ({
        answer: planAcknowledgeVariant({ channel: record, input, read, plan }),
        subject: record,
      }),
    }),
  },
  "channel.variant-levels": {
    expensive: isExpensiveLevels,
    run: ({ ctx, record, input }) => listChannelVariantLevels({ ctx, channel: record, input }),
  },
  "channel.variant-set-level": {
    planned: planned({
      reads: ({ id, input }) => setLevelReads(id, input),
      plan: ({ record, input, read, plan }) => {
        const { adjustment, variant } = planSetLevel({ channel: record, input, read, plan });
        return { answer: adjustment, subject: record, about: variant };
      },
    }),
  },
  "inventory-feed.publish-all": {
    planned: planned({
      reads: ({ id }) => publishFeedReads(id),
      plan: ({ record, read, plan }) => ({
        answer: planPublishFeed({ feed: record, read, plan }),
        subject: record,
      }),
    }),
  },
  "inventory-feed.remove-by-external-id": {
    planned: planned({
      reads: ({ id, input }) => removeFeedItemReads(id, input),
      plan: ({ record, input, read, plan }) => ({
        answer: planRemoveFeedItem({ feed: record, input, read, plan }),
        subject: record,
      }),
    }),
  },
  "inventory-feed.fetch": {
    planned: planned({
      reads: ({ id }) => queueFetchReads(id),
      plan: ({ record, read, plan }) => ({
        answer: planQueueFetch({ feed: record, read, plan }),
        subject: record,
      }),
    }),
  },
  "inventory-feed.parse-webhook": {
    planned: planned({
      reads: ({ id, input }) => parseFeedItemReads(id, input),
      plan: ({ record, input, read, plan }) => ({
        answer: planParseFeedItem({ feed: record, input, read, plan }).item,
        subject: record,
      }),
    }),
  },
  "inventory-export.export": {
    // It reads all the company's stock.
    expensive: () => true,
    planned: planned({
      reads: ({ id }) => exportReads(id),
      plan: async ({ ctx, record, input, read, plan }) => {
        const dataExport = await planExport({ ctx, definition: record, input, read, plan });
        return { answer: dataExport, subject: record };
      },
    }),
  },
} satisfies Partial<ActionHandlers>;
