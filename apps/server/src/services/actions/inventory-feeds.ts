import type {
  ChannelVariant,
  InventoryFeed,
  InventoryFeedParseWebhookInput,
  InventoryFeedRemoveByExternalIdInput,
  InventoryFeedVariant,
} from "@multichannel/schema";
import { encode } from "../../db/rows.ts";
import { sql } from "../../db/sql.ts";
import {
  changedValues,
  checkNotRemoved,
  feedItemValues,
  requireSku,
  variantToConnect,
} from "../../domain/feed-items.ts";
import { fieldOf, fieldsOf, many, type Snapshot } from "../../domain/reads.ts";
import { column, kind, table } from "../../domain/store.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";

/** Feed item states that have not been published yet (an error is retried). */
const UNPUBLISHED = ["pending", "queued", "error"];

/** A column of a kind's table, as SQL. */
const at = (kindName: "inventory-feed-variant" | "channel-variant" | "variant", field: string) =>
  sql.id(column(table(kindName), field));

/**
 * What publishing a feed reads, each held as read (the same records, each unchanged): its enabled
 * channels, its approved items not published yet, the catalogue variants of their SKUs and the listings
 * the feed's channels have of them (by their own SKU or their variant's).
 */
export function publishFeedReads(feedId: number) {
  const items = table("inventory-feed-variant");
  const item = (field: string) => at("inventory-feed-variant", field);
  const stored = (field: string, value: string) => sql`${encode(items.byField.get(field)!, value)}`;
  const unpublished = sql.join(UNPUBLISHED.map((state) => stored("status", state)));
  const toPublish = sql`${item("inventoryFeedId")} = ${feedId} AND ${item("reviewStatus")} = ${stored("reviewStatus", "approved")} AND ${item("status")} IN (${unpublished})`;
  const enabledChannels = { inventoryFeedId: feedId, enabled: true };
  const skus = fieldsOf("inventory-feed-variant", "sku", toPublish);
  const variantsOfSkus = sql`${at("variant", "sku")} IN ${skus}`;
  return {
    feedChannels: many("inventory-feed-channel", enabledChannels),
    items: many("inventory-feed-variant", toPublish),
    variants: many("variant", variantsOfSkus),
    listings: many(
      "channel-variant",
      sql`${at("channel-variant", "channelId")} IN ${fieldsOf("inventory-feed-channel", "channelId", enabledChannels)} AND (${at("channel-variant", "sku")} IN ${skus} OR ${at("channel-variant", "variantId")} IN ${fieldsOf("variant", "id", variantsOfSkus)})`,
    ),
  };
}

/**
 * `PUT /inventory-feeds/{id}/publish-all.json`: every approved, unpublished item of the feed is linked to
 * its catalogue variant (created when the sku is new) and listed on each of the feed's channels: a
 * channel that already lists the sku keeps its one listing (linked to the feed item if it had no feed
 * item yet), any other gets a pending channel variant, which the store acknowledges later. Answers the
 * channel variants created.
 */
export function planPublishFeed({
  feed,
  read,
  plan,
}: {
  feed: InventoryFeed;
  read: Snapshot<ReturnType<typeof publishFeedReads>>;
  plan: WritePlan;
}): ChannelVariant[] {
  const { feedChannels, items, variants: found, listings: existing } = read;
  if (!feedChannels.length) {
    throw new ApiError(
      "conflict",
      `Inventory feed ${feed.id} publishes to no channel: add an inventory-feed-channel for it first.`,
    );
  }
  if (!items.length) return [];

  const skus = [...new Set(items.map((item) => item.sku))];
  const variants = new Map(found.map((v) => [v.sku, v]));
  const firstItemOf = (sku: string) => items.find((item) => item.sku === sku)!;
  for (const sku of skus.filter((sku) => !variants.has(sku))) {
    const item = firstItemOf(sku);
    const variant = plan.insert("variant", {
      sku,
      name: item.name,
      barcode: item.barcode,
      price: item.price,
      costPrice: item.costPrice,
      weight: item.weight,
      dropshipProviderId: feed.dropshipProviderId ?? null,
      vendorId: feed.vendorId ?? null,
    });
    variants.set(sku, variant);
  }

  // The listings the feed's channels already have for these skus: by their own sku or their variant's.
  const variantSkus = new Map([...variants.values()].map((variant) => [variant.id, variant.sku]));
  const listingOf = new Map<string, ChannelVariant>();
  for (const listing of existing) {
    const sku = listing.sku ?? (listing.variantId ? variantSkus.get(listing.variantId) : undefined);
    const key = `${listing.channelId}:${sku}`;
    if (sku && !listingOf.has(key)) listingOf.set(key, listing);
  }

  const reused = new Set<ChannelVariant>();
  const toCreate = new Map<string, { channelId: number; item: InventoryFeedVariant }>();
  for (const item of items) {
    for (const { channelId } of feedChannels) {
      const key = `${channelId}:${item.sku}`;
      const listing = listingOf.get(key);
      if (listing) reused.add(listing);
      else if (!toCreate.has(key)) toCreate.set(key, { channelId, item });
    }
  }
  const listings = [...toCreate.values()].map(({ channelId, item }) =>
    plan.insert("channel-variant", {
      channelId,
      variantId: variants.get(item.sku)!.id,
      sku: item.sku,
      inventoryFeedVariantId: item.id,
      source: "inventoryFeed",
      externalId: null,
    }),
  );
  const feedItemOfSku = new Map(items.map((item) => [item.sku, item.id]));
  for (const listing of reused) {
    if (listing.inventoryFeedVariantId !== null) continue;
    const sku = listing.sku ?? (listing.variantId ? variantSkus.get(listing.variantId)! : "");
    plan.update("channel-variant", listing, { inventoryFeedVariantId: feedItemOfSku.get(sku) });
  }

  for (const item of items) {
    const values = transitionValues("inventory-feed-variant", item, "connected", {
      variantId: variants.get(item.sku)!.id,
      publishedAt: plan.now,
      errorMessage: null,
    });
    plan.update("inventory-feed-variant", item, values, { movesState: true });
  }
  for (const feedChannel of feedChannels) {
    plan.update("inventory-feed-channel", feedChannel, { lastPublishedAt: plan.now });
  }
  return listings;
}

/** SQL answering the id of a feed's item with an external id (the first, if there were more). */
function feedItemId(feedId: number, externalId: string) {
  return sql`(SELECT id FROM ${sql.id(table("inventory-feed-variant").name)} WHERE company_id = ${sql.company} AND ${at("inventory-feed-variant", "inventoryFeedId")} = ${feedId} AND ${at("inventory-feed-variant", "externalId")} = ${externalId} ORDER BY id LIMIT 1)`;
}

/** The read of a feed's item with an external id: a list of one at most, held as still that one, as read. */
function feedItemRead(feedId: number, externalId: string) {
  return many("inventory-feed-variant", { inventoryFeedId: feedId, externalId }, { limit: 1 });
}

/**
 * What removing a feed item reads: the item, and the channel variants linked to it (held: the same ones,
 * each as read).
 */
export function removeFeedItemReads(feedId: number, input: InventoryFeedRemoveByExternalIdInput) {
  return {
    items: feedItemRead(feedId, input.externalId),
    listings: many(
      "channel-variant",
      sql`${at("channel-variant", "inventoryFeedVariantId")} = ${feedItemId(feedId, input.externalId)}`,
    ),
  };
}

/**
 * `DELETE /inventory-feeds/{id}/remove-by-external-id.json` (`externalId` in the body or the query): the
 * feed item is removed and its channel variants are set to ignore (kept, since sales may refer to them).
 */
export function planRemoveFeedItem({
  feed,
  input,
  read,
  plan,
}: {
  feed: InventoryFeed;
  input: InventoryFeedRemoveByExternalIdInput;
  read: Snapshot<ReturnType<typeof removeFeedItemReads>>;
  plan: WritePlan;
}): InventoryFeedVariant {
  const [item] = read.items;
  if (!item)
    throw new ApiError(
      "not_found",
      `Inventory feed ${feed.id} has no item with external id ${input.externalId}.`,
    );
  if (item.status === "removed") {
    throw new ApiError(
      "conflict",
      `Item ${input.externalId} of inventory feed ${feed.id} is already removed.`,
      {
        state: "removed",
        allowedStates: Object.entries(kind("inventory-feed-variant").states!.transitions)
          .filter(([, to]) => to.includes("removed"))
          .map(([from]) => from),
      },
    );
  }
  for (const listing of read.listings) {
    const values = transitionValues("channel-variant", listing, "ignore", {
      errorMessage: "removed from the feed",
    });
    plan.update("channel-variant", listing, values, { movesState: true });
  }
  return plan.update(
    "inventory-feed-variant",
    item,
    transitionValues("inventory-feed-variant", item, "removed"),
    { movesState: true },
  );
}

/** What became of one feed item sent to the feed's webhook. */
export interface ParsedFeedItem {
  item: InventoryFeedVariant;
  result: "created" | "updated" | "unchanged";
  connected: boolean;
}

/**
 * What parsing one item of the feed's webhook reads, each held as read: the item with its external id
 * (still that one, or still none: two calls with one new item make one), and the catalogue variants it
 * may connect to (by its SKU as sent, else as stored; with and without the feed's prefix: still those,
 * so which one it connects to, or that none, holds).
 */
export function parseFeedItemReads(feedId: number, input: InventoryFeedParseWebhookInput) {
  const sku = sql`COALESCE(${input.vendorSku ?? null}, ${fieldOf("inventory-feed-variant", feedItemId(feedId, input.externalId), "sku")})`;
  const prefix = fieldOf("inventory-feed", feedId, "skuPrefix");
  return {
    items: feedItemRead(feedId, input.externalId),
    variants: many("variant", sql`${at("variant", "sku")} IN (${sku}, ${prefix} || ${sku})`),
  };
}

/**
 * `PUT /inventory-feeds/{id}/parse-webhook.json`: one feed item, created or updated by its external id,
 * and connected to its catalogue variant when the feed connects automatically; planned. Also each item
 * of the feed's batch webhook (`importInboundFeedItems`).
 */
export function planParseFeedItem({
  feed,
  input,
  read,
  plan,
  path = "",
}: {
  feed: InventoryFeed;
  input: InventoryFeedParseWebhookInput;
  read: Snapshot<ReturnType<typeof parseFeedItemReads>>;
  plan: WritePlan;
  /** Where the item is in a batch, for its errors' paths (`3.`). */
  path?: string;
}): ParsedFeedItem {
  const [existing] = read.items;
  checkNotRemoved(feed, existing);
  const values = feedItemValues(input);
  let item: InventoryFeedVariant;
  let result: ParsedFeedItem["result"];
  if (!existing) {
    item = plan.insert("inventory-feed-variant", {
      ...values,
      inventoryFeedId: feed.id,
      externalId: input.externalId,
      sku: requireSku(values, path),
    });
    result = "created";
  } else {
    const changed = changedValues(existing, values);
    item = Object.keys(changed).length ? plan.update("inventory-feed-variant", existing, changed) : existing;
    result = Object.keys(changed).length ? "updated" : "unchanged";
  }
  const variant = variantToConnect(feed, item, read.variants);
  if (!variant) return { item, result, connected: false };
  item = plan.update("inventory-feed-variant", item, { variantId: variant.id });
  return { item, result, connected: true };
}
