import type { InStatement, InValue, ResultSet } from "@libsql/client";
import type {
  ChannelVariant,
  InventoryFeed,
  InventoryFeedParseWebhookInput,
  InventoryFeedRemoveByExternalIdInput,
  InventoryFeedVariant,
} from "@multichannel/schema";
import { encode } from "../../db/rows.ts";
import { sql } from "../../db/sql.ts";
import { guard } from "../../db/write-guards.ts";
import {
  changedValues,
  checkNotRemoved,
  connectSkus,
  feedItemValues,
  requireSku,
  variantToConnect,
} from "../../domain/feed-items.ts";
import {
  column,
  type KindName,
  recordsOf,
  selectMatching,
  selectStatement,
  table,
} from "../../domain/store.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { kind } from "./core.ts";

/** Feed item states that have not been published yet (an error is retried). */
const UNPUBLISHED = ["pending", "queued", "error"];

/**
 * SQL of a feed's records that publishing reads (each with its arguments): its enabled channels' ids, the
 * SKUs of its items to publish, and the company's listings on those channels of those SKUs (by their own
 * SKU or their variant's).
 */
function publishSql(companyId: number, feedId: number) {
  const feedChannels = table("inventory-feed-channel");
  const items = table("inventory-feed-variant");
  const variants = table("variant");
  const listings = table("channel-variant");
  const at = (t: typeof items, field: string) => t.byField.get(field)!;
  const toPublish = {
    sql: `${column(items, "inventoryFeedId")} = ? AND ${column(items, "reviewStatus")} = ? AND ${column(items, "status")} IN (${UNPUBLISHED.map(() => "?").join(", ")})`,
    args: [
      feedId,
      encode(at(items, "reviewStatus"), "approved"),
      ...UNPUBLISHED.map((status) => encode(at(items, "status"), status)),
    ] as InValue[],
  };
  const skus = {
    sql: `SELECT ${column(items, "sku")} FROM ${items.name} WHERE company_id = ? AND ${toPublish.sql}`,
    args: [companyId, ...toPublish.args],
  };
  const channels = {
    sql: `${column(feedChannels, "inventoryFeedId")} = ? AND ${column(feedChannels, "enabled")} = ?`,
    args: [feedId, encode(at(feedChannels, "enabled"), true)],
  };
  const variantsOf = {
    sql: `${column(variants, "sku")} IN (${skus.sql})`,
    args: skus.args,
  };
  const existing = {
    sql:
      `${column(listings, "channelId")} IN (SELECT ${column(feedChannels, "channelId")} FROM ${feedChannels.name} WHERE company_id = ? AND ${channels.sql}) AND ` +
      `(${column(listings, "sku")} IN (${skus.sql}) OR ${column(listings, "variantId")} IN (SELECT id FROM ${variants.name} WHERE company_id = ? AND ${variantsOf.sql}))`,
    args: [companyId, ...channels.args, ...skus.args, companyId, ...variantsOf.args],
  };
  return { toPublish, channels, variants: variantsOf, existing };
}

/** Aborts the batch unless the company's records of a kind that meet `where` are still `count`. */
function sameMatching(
  plan: WritePlan,
  kindName: KindName,
  where: { sql: string; args: InValue[] },
  count: number,
): void {
  const condition = `(SELECT count(*) FROM ${table(kindName).name} WHERE company_id = ? AND ${where.sql}) = ?`;
  plan.write(sql.marked(guard(condition, [plan.companyId, ...where.args, count])));
}

/**
 * What publishing a feed reads: its enabled channels, its approved items not published yet, the
 * catalogue variants of their SKUs and the listings the feed's channels have of them.
 */
export function publishFeedReads(companyId: number, feedId: number): InStatement[] {
  const sql = publishSql(companyId, feedId);
  return [
    selectStatement(companyId, "inventory-feed-channel", { inventoryFeedId: feedId, enabled: true }),
    selectMatching(companyId, "inventory-feed-variant", sql.toPublish.sql, sql.toPublish.args),
    selectMatching(companyId, "variant", sql.variants.sql, sql.variants.args),
    selectMatching(companyId, "channel-variant", sql.existing.sql, sql.existing.args),
  ];
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
  read: ResultSet[];
  plan: WritePlan;
}): ChannelVariant[] {
  const feedChannels = recordsOf("inventory-feed-channel", read[0]!);
  if (!feedChannels.length) {
    throw new ApiError(
      "conflict",
      `Inventory feed ${feed.id} publishes to no channel: add an inventory-feed-channel for it first.`,
    );
  }
  const items = recordsOf("inventory-feed-variant", read[1]!);
  const found = recordsOf("variant", read[2]!);
  const existing = recordsOf("channel-variant", read[3]!);
  // What the plan is computed from is still as read when it applies: the same records, none added.
  const sql = publishSql(plan.companyId, feed.id);
  sameMatching(plan, "inventory-feed-channel", sql.channels, feedChannels.length);
  sameMatching(plan, "inventory-feed-variant", sql.toPublish, items.length);
  sameMatching(plan, "variant", sql.variants, found.length);
  sameMatching(plan, "channel-variant", sql.existing, existing.length);
  plan.unchangedRecords("variant", found);
  if (!items.length) {
    plan.unchangedRecords("channel-variant", existing);
    return [];
  }

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
  plan.unchangedRecords("channel-variant", existing);

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

/** The id of a feed's item by its external id, as a subquery (arguments: company, feed, external id). */
function feedItemIdSql(): string {
  const items = table("inventory-feed-variant");
  return `(SELECT id FROM ${items.name} WHERE company_id = ? AND ${column(items, "inventoryFeedId")} = ? AND ${column(items, "externalId")} = ? ORDER BY id LIMIT 1)`;
}

/** What removing a feed item reads: the item, and the channel variants linked to it. */
export function removeFeedItemReads(
  companyId: number,
  feedId: number,
  input: InventoryFeedRemoveByExternalIdInput,
): InStatement[] {
  const where = { inventoryFeedId: feedId, externalId: input.externalId };
  return [
    selectStatement(companyId, "inventory-feed-variant", where, { limit: 1 }),
    selectMatching(
      companyId,
      "channel-variant",
      `${column(table("channel-variant"), "inventoryFeedVariantId")} = ${feedItemIdSql()}`,
      [companyId, feedId, input.externalId],
    ),
  ];
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
  read: ResultSet[];
  plan: WritePlan;
}): InventoryFeedVariant {
  const item = recordsOf("inventory-feed-variant", read[0]!)[0];
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
  const listings = recordsOf("channel-variant", read[1]!);
  plan.sameCount("channel-variant", { inventoryFeedVariantId: item.id }, listings.length);
  for (const listing of listings) {
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
 * What parsing one item of the feed's webhook reads: the item with its external id, and the catalogue
 * variants it may connect to (by its SKU as sent, else as stored; with and without the feed's prefix).
 */
export function parseFeedItemReads(
  companyId: number,
  feedId: number,
  input: InventoryFeedParseWebhookInput,
): InStatement[] {
  const feeds = table("inventory-feed");
  const items = table("inventory-feed-variant");
  const sku = `COALESCE(?, (SELECT ${column(items, "sku")} FROM ${items.name} WHERE id = ${feedItemIdSql()}))`;
  const prefix = `(SELECT ${column(feeds, "skuPrefix")} FROM ${feeds.name} WHERE id = ? AND company_id = ?)`;
  const given = input.vendorSku ?? null;
  return [
    selectStatement(
      companyId,
      "inventory-feed-variant",
      { inventoryFeedId: feedId, externalId: input.externalId },
      { limit: 1 },
    ),
    selectMatching(
      companyId,
      "variant",
      `${column(table("variant"), "sku")} IN (${sku}, ${prefix} || ${sku})`,
      [
        given,
        companyId,
        feedId,
        input.externalId,
        feedId,
        companyId,
        given,
        companyId,
        feedId,
        input.externalId,
      ],
    ),
  ];
}

/** `PUT /inventory-feeds/{id}/parse-webhook.json`: one feed item, as `parseFeedItem` takes it, planned. */
export function planParseFeedItem({
  feed,
  input,
  read,
  plan,
  path = "",
}: {
  feed: InventoryFeed;
  input: InventoryFeedParseWebhookInput;
  read: ResultSet[];
  plan: WritePlan;
  /** Where the item is in a batch, for its errors' paths (`3.`). */
  path?: string;
}): ParsedFeedItem {
  const existing = recordsOf("inventory-feed-variant", read[0]!)[0];
  checkNotRemoved(feed, existing);
  const values = feedItemValues(input);
  let item: InventoryFeedVariant;
  let result: ParsedFeedItem["result"];
  if (!existing) {
    plan.sameCount("inventory-feed-variant", { inventoryFeedId: feed.id, externalId: input.externalId }, 0);
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
    plan.unchangedRecords("inventory-feed-variant", [existing]);
  }
  if (!feed.automaticallyConnect || item.variantId !== null) return { item, result, connected: false };
  const variants = recordsOf("variant", read[1]!);
  const variant = variantToConnect(feed, item, variants);
  // Which variant it connects to (or that none) holds only while the SKUs before it are still unused.
  for (const sku of connectSkus(feed, item.sku)) {
    if (sku === variant?.sku) break;
    plan.sameCount("variant", { sku }, 0);
  }
  if (!variant) return { item, result, connected: false };
  plan.unchangedRecords("variant", [variant]);
  item = plan.update("inventory-feed-variant", item, { variantId: variant.id });
  return { item, result, connected: true };
}
