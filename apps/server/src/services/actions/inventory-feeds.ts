import type {
  ChannelVariant,
  CustomChannel,
  InventoryFeed,
  InventoryFeedParseWebhookInput,
  InventoryFeedRemoveByExternalIdInput,
  InventoryFeedVariant,
  Variant,
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
import { publishBody, waitingState } from "../../domain/publishing.ts";
import { fieldOf, fieldsOf, many, one, type Snapshot } from "../../domain/reads.ts";
import { column, kind, table } from "../../domain/store.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { calloutStatement } from "../webhooks/callouts.ts";

/** Feed item states that have not been published yet (an error is retried). */
const UNPUBLISHED = ["pending", "queued", "error"];

/**
 * The most feed items one publish-all publishes: its reads, its batch and the callouts it queues are
 * bounded by it, whatever the feed's size. The items left wait for the next call (oldest first).
 */
export const PUBLISH_BATCH = 100;

/** A column of a kind's table, as SQL. */
const at = (
  kindName: "inventory-feed-variant" | "channel-variant" | "variant" | "custom-channel",
  field: string,
) => sql.id(column(table(kindName), field));

/**
 * What publishing a feed reads, each held as read (the same records, each unchanged): its enabled
 * channels, the first `PUBLISH_BATCH` of its approved items not published yet, the catalogue variants
 * of their SKUs with their products and the feed's vendor (what a publishing endpoint is sent), the
 * listings the feed's channels have of them (by their own SKU or their variant's), and the enabled
 * custom channels of those channels that have a publishing endpoint.
 */
export function publishFeedReads(feedId: number) {
  const items = table("inventory-feed-variant");
  const item = (field: string) => at("inventory-feed-variant", field);
  const stored = (field: string, value: string) => sql`${encode(items.byField.get(field)!, value)}`;
  const unpublished = sql.join(UNPUBLISHED.map((state) => stored("status", state)));
  const toPublish = sql`${item("inventoryFeedId")} = ${feedId} AND ${item("reviewStatus")} = ${stored("reviewStatus", "approved")} AND ${item("status")} IN (${unpublished})`;
  const enabledChannels = { inventoryFeedId: feedId, enabled: true };
  const feedChannelIds = fieldsOf("inventory-feed-channel", "channelId", enabledChannels);
  // The batch's skus: those of the items read (the same selection, order and limit).
  const skus = sql`(SELECT ${item("sku")} FROM ${sql.id(items.name)} WHERE company_id = ${sql.company} AND ${toPublish} ORDER BY id LIMIT ${PUBLISH_BATCH})`;
  const variantsOfSkus = sql`${at("variant", "sku")} IN ${skus}`;
  return {
    feedChannels: many("inventory-feed-channel", enabledChannels),
    items: many("inventory-feed-variant", toPublish, { limit: PUBLISH_BATCH }),
    variants: many("variant", variantsOfSkus),
    listings: many(
      "channel-variant",
      sql`${at("channel-variant", "channelId")} IN ${feedChannelIds} AND (${at("channel-variant", "sku")} IN ${skus} OR ${at("channel-variant", "variantId")} IN ${fieldsOf("variant", "id", variantsOfSkus)})`,
    ),
    products: many("product", sql`id IN ${fieldsOf("variant", "productId", variantsOfSkus)}`),
    vendor: one("vendor", fieldOf("inventory-feed", feedId, "vendorId")),
    publishers: many(
      "custom-channel",
      sql`${at("custom-channel", "channelId")} IN ${feedChannelIds} AND ${at("custom-channel", "publishingEndpoint")} IS NOT NULL AND ${at("custom-channel", "enabled")} IS NOT 0`,
    ),
  };
}

/**
 * `PUT /inventory-feeds/{id}/publish-all.json`: the feed's first `PUBLISH_BATCH` approved, unpublished
 * items are linked to their catalogue variants (created when the sku is new) and listed on each of the
 * feed's channels: a channel that already lists the sku keeps its one listing (linked to the feed item
 * if it had no feed item yet), any other gets a new channel variant. A channel with a custom channel
 * that has a publishing endpoint is sent each new listing (and each one whose publishing failed) to
 * publish (`queuePublish`); the listing waits for the store's id. Answers the channel variants created.
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

  const reused = new Map<ChannelVariant, string>();
  const toCreate = new Map<string, { channelId: number; item: InventoryFeedVariant }>();
  for (const item of items) {
    for (const { channelId } of feedChannels) {
      const key = `${channelId}:${item.sku}`;
      const listing = listingOf.get(key);
      if (listing) reused.set(listing, item.sku);
      else if (!toCreate.has(key)) toCreate.set(key, { channelId, item });
    }
  }

  const publishers = new Map(read.publishers.map((custom) => [custom.channelId, custom]));
  const products = new Map(read.products.map((product) => [product.id, product]));
  const publishing = (variant: Variant) =>
    publishBody(variant, variant.productId ? products.get(variant.productId) : undefined, read.vendor);

  const listings = [...toCreate.values()].map(({ channelId, item }) => {
    const variant = variants.get(item.sku)!;
    const custom = publishers.get(channelId);
    const body = custom && publishing(variant);
    const listing = plan.insert("channel-variant", {
      channelId,
      variantId: variant.id,
      sku: item.sku,
      inventoryFeedVariantId: item.id,
      source: "inventoryFeed",
      externalId: null,
      ...(custom ? { status: waitingState(custom), publishUpdate: body } : {}),
    });
    if (custom && body) queuePublish(plan, custom, listing, body);
    return listing;
  });

  const feedItemOfSku = new Map(items.map((item) => [item.sku, item.id]));
  for (const [listing, sku] of reused) {
    const custom = publishers.get(listing.channelId);
    const republish = custom && publishedAgain(listing) ? custom : undefined;
    const body = republish && publishing(variants.get(sku)!);
    const linked =
      listing.inventoryFeedVariantId === null ? { inventoryFeedVariantId: feedItemOfSku.get(sku) } : {};
    if (!republish || !body) {
      if (Object.keys(linked).length) plan.update("channel-variant", listing, linked);
      continue;
    }
    const values = transitionValues("channel-variant", listing, waitingState(republish), {
      ...linked,
      publishUpdate: body,
      errorMessage: null,
    });
    queuePublish(
      plan,
      republish,
      plan.update("channel-variant", listing, values, { movesState: true }),
      body,
    );
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

/**
 * Whether an existing listing is published again: it has no store id and its publishing failed, or it
 * was never sent to publish (a listing waiting for an answer already is not sent twice).
 */
function publishedAgain(listing: ChannelVariant): boolean {
  if (listing.externalId !== null) return false;
  return listing.status === "error" || (listing.status === "pending" && listing.publishUpdate === null);
}

/**
 * Queues a listing's publishing to its custom channel's publishing endpoint, in the plan's batch: a
 * callout (`{variant, product, vendor}`, signed with the custom channel's signing secret) and the
 * `channel-variant-update` of type `publish` that logs its attempts; the answer settles the listing
 * (`services/webhooks/channel-variant-updates.ts`).
 */
function queuePublish(
  plan: WritePlan,
  custom: CustomChannel,
  listing: ChannelVariant,
  body: ReturnType<typeof publishBody>,
): void {
  const log = plan.insert("channel-variant-update", {
    channelVariantId: listing.id,
    type: "publish",
    status: "pending",
    price: body.variant.price ?? null,
    compareAtPrice: body.variant.compareAtPrice ?? null,
    payload: body,
    retries: 0,
    retry: false,
  });
  plan.write(
    calloutStatement(plan.now, {
      purpose: "publish",
      type: "channel_variant.publish",
      url: String(custom.publishingEndpoint),
      contentType: "application/json",
      body: JSON.stringify(body),
      log: { kind: "channel-variant-update", id: log.id },
      signer: `custom-channel:${custom.id}`,
    }),
  );
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
