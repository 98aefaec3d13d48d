/**
 * Inventory feeds' settings: a CSV feed's separator is one its files can be read with, and the delete of
 * a column, JSON path or mapping the feed's files are read with moves the feed's `updatedAt`, so that a
 * fetch of the same file again reads it with the settings as they are now (`services/feed-fetch.ts`
 * compares the settings' `updatedAt` with the last processed file's). A payload pushed to a feed is
 * processed when it is created, as the feed's batch webhook processes its body.
 */
import type {
  InventoryFeed,
  InventoryFeedParseWebhookInput,
  InventoryFeedPayload,
} from "@multichannel/schema";
import { StaleRead } from "../../db/write-guards.ts";
import { isApiError, refusedField } from "../../errors.ts";
import { withinCharacters } from "../failures.ts";
import { checkFeedItems, feedItemsReads, parseFeedItems, planFeedItems } from "../feed-items.ts";
import { one, type Reads, type Snapshot, when } from "../reads.ts";
import { updateSql } from "../record-plans.ts";
import { table } from "../store.ts";
import type { WritePlan } from "../write-plan.ts";
import { checkNotPendingAgain, creates, deletes, updates, type WriteRules } from "./rule.ts";

type FeedSetting = "inventory-feed-field" | "inventory-feed-json-field" | "inventory-feed-mapping";

/**
 * The delete of one of a feed's reading settings, planned with the feed's `updatedAt` moved in its
 * batch (its values unchanged: no event). Nothing is read beside the record.
 */
const settingDeleted = <N extends FeedSetting>() =>
  deletes<N, Record<never, never>>({
    reads: () => ({}),
    plan({ current: { inventoryFeedId }, plan }) {
      if (inventoryFeedId !== null)
        plan.write(updateSql(table("inventory-feed"), plan.now, inventoryFeedId, []));
    },
  });

/** A payload's items as the feed's batch webhook takes them, or why they cannot be taken. */
type PayloadItems = { items: InventoryFeedParseWebhookInput[] } | { problem: string };

/**
 * The items a payload pushed to a feed holds (`parseFeedItems`: a JSON array of at most 50 items, each
 * as the feed's webhook takes it), and how many it holds when it is a JSON array.
 */
function payloadItems(payload: { payload?: string; contentType?: string | null }): PayloadItems & {
  itemCount: number | null;
} {
  const { contentType } = payload;
  if (contentType && !/json/i.test(contentType)) {
    return {
      problem: `Only JSON payloads are processed (a JSON array of feed items, application/json); its contentType is ${contentType}.`,
      itemCount: null,
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(payload.payload ?? "");
  } catch (error) {
    return { problem: `The payload is not JSON: ${(error as Error).message}.`, itemCount: null };
  }
  const itemCount = Array.isArray(body) ? body.length : null;
  try {
    return { items: parseFeedItems(body, "payload"), itemCount };
  } catch (error) {
    if (isApiError(error)) return { problem: error.message, itemCount };
    throw error;
  }
}

/**
 * A pending payload processed, in a write plan: its items applied to the feed as its batch webhook
 * applies them (`planFeedItems`, read by `feedItemsReads`), all or nothing; `processed`, or `error` with
 * the reason, nothing of it applied, when the feed cannot take it (no batch of valid items, a disabled
 * feed, a removed item, a new item without its SKU).
 */
function planPayload(
  plan: WritePlan,
  feed: InventoryFeed,
  payload: { payload?: string; contentType?: string | null },
  read: Snapshot<Reads>,
): Pick<InventoryFeedPayload, "status" | "errorMessage" | "itemCount" | "processedAt"> {
  const parsed = payloadItems(payload);
  const settled = { itemCount: parsed.itemCount, processedAt: plan.now };
  // The message names the items' fields as sent, any length: cut to what `errorMessage` holds (2,000).
  const refused = (message: string) => ({
    ...settled,
    status: "error" as const,
    errorMessage: withinCharacters(message, 2000, "…"),
  });
  if ("problem" in parsed) return refused(parsed.problem);
  // A disabled feed takes no batch, an empty one included, as its webhook refuses it.
  if (feed.enabled === false) return refused(`Inventory feed ${feed.id} is disabled.`);
  try {
    checkFeedItems({ feed, items: parsed.items, read });
  } catch (error) {
    if (isApiError(error)) return refused(error.message);
    throw error;
  }
  planFeedItems({ feed, items: parsed.items, read, plan });
  return { ...settled, status: "processed", errorMessage: null };
}

const isPending = (values: { status?: string | undefined }) => (values.status ?? "pending") === "pending";

export const feedRules: WriteRules = {
  "inventory-feed": {
    // A quote or a line break is how a CSV file quotes its cells and ends its rows: no separator.
    async check({ values }) {
      if (values.delimiter && /["\r\n]/.test(values.delimiter)) {
        throw refusedField("delimiter", "must not hold a quote or a line break");
      }
      return values;
    },
  },
  "inventory-feed-payload": {
    // A `pending` payload is processed in the create's batch (at most 50 items, as the batch webhook
    // takes: bounded); one created with another status is the record of a payload processed elsewhere,
    // and is only stored.
    planCreate: creates({
      reads: ({ values }) => {
        const pending = isPending(values);
        const parsed = pending ? payloadItems(values) : undefined;
        const feedId = values.inventoryFeedId!;
        return {
          // Held: whether it is enabled, its prefix and how it connects items decide the plan.
          feed: when(pending, one("inventory-feed", feedId)),
          ...(parsed && "items" in parsed ? feedItemsReads(feedId, parsed.items) : {}),
        };
      },
      plan({ values, read, plan }) {
        if (!isPending(values)) return plan.insert("inventory-feed-payload", values);
        // Not found: the reference names no feed of the company (a 422), or it went meanwhile.
        if (!read.feed) throw new StaleRead();
        const outcome = planPayload(plan, read.feed, values, read);
        return plan.insert("inventory-feed-payload", {
          ...values,
          receivedAt: values.receivedAt ?? plan.now,
          ...outcome,
        });
      },
    }),
    // `pending` says the payload waits to be processed, which only its create does.
    planUpdate: updates<"inventory-feed-payload", Record<never, never>>({
      fields: ["status"],
      reads: () => ({}),
      plan({ values, current, plan }) {
        checkNotPendingAgain(
          values.status,
          current.status,
          "a payload is processed when it is created; create it again to process it again",
        );
        return plan.update("inventory-feed-payload", current, values);
      },
    }),
  },
  "inventory-feed-field": { planDelete: settingDeleted<"inventory-feed-field">() },
  "inventory-feed-json-field": { planDelete: settingDeleted<"inventory-feed-json-field">() },
  "inventory-feed-mapping": { planDelete: settingDeleted<"inventory-feed-mapping">() },
};
