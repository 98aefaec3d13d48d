import type { InStatement, ResultSet } from "@libsql/client";
import type {
  ChannelVariant,
  InventoryFeed,
  InventoryFeedParseWebhookInput,
  InventoryFeedRemoveByExternalIdInput,
  InventoryFeedVariant,
} from "@multichannel/schema";
import type { Ctx } from "../../domain/context.ts";
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
  insert,
  insertMany,
  patch,
  recordsOf,
  selectIn,
  selectMatching,
  selectStatement,
  table,
  updateMany,
} from "../../domain/store.ts";
import { transitionMany, transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { kind, selectOne, selectWhere } from "./core.ts";

/** Feed item states that have not been published yet (an error is retried). */
const UNPUBLISHED = ["pending", "queued", "error"];

/**
 * `PUT /inventory-feeds/{id}/publish-all.json`: every approved, unpublished item of the feed is linked to
 * its catalogue variant (created when the sku is new) and listed on each of the feed's channels: a
 * channel that already lists the sku keeps its one listing (linked to the feed item if it had no feed
 * item yet), any other gets a pending channel variant, which the store acknowledges later. Answers the
 * channel variants created.
 */
export async function publishInventoryFeed({
  ctx,
  feed,
}: {
  ctx: Ctx;
  feed: InventoryFeed;
}): Promise<ChannelVariant[]> {
  const feedChannels = await selectWhere(ctx, "inventory-feed-channel", {
    inventoryFeedId: feed.id,
    enabled: true,
  });
  if (!feedChannels.length) {
    throw new ApiError(
      "conflict",
      `Inventory feed ${feed.id} publishes to no channel: add an inventory-feed-channel for it first.`,
    );
  }
  const items = (
    await selectIn(ctx, "inventory-feed-variant", "status", UNPUBLISHED, {
      inventoryFeedId: feed.id,
      reviewStatus: "approved",
    })
  ).sort((a, b) => a.id - b.id);
  if (!items.length) return [];

  const skus = [...new Set(items.map((item) => item.sku))];
  const variants = new Map((await selectIn(ctx, "variant", "sku", skus)).map((v) => [v.sku, v]));
  const firstItemOf = (sku: string) => items.find((item) => item.sku === sku)!;
  const created = await insertMany(
    ctx,
    "variant",
    skus
      .filter((sku) => !variants.has(sku))
      .map((sku) => {
        const item = firstItemOf(sku);
        return {
          sku,
          name: item.name,
          barcode: item.barcode,
          price: item.price,
          costPrice: item.costPrice,
          weight: item.weight,
          dropshipProviderId: feed.dropshipProviderId ?? null,
          vendorId: feed.vendorId ?? null,
        };
      }),
  );
  for (const variant of created) variants.set(variant.sku, variant);

  // The listings the feed's channels already have for these skus: by their own sku or their variant's.
  const channelIds = feedChannels.map((feedChannel) => feedChannel.channelId);
  const variantSkus = new Map([...variants.values()].map((variant) => [variant.id, variant.sku]));
  const existing = [
    ...(await selectIn(ctx, "channel-variant", "sku", skus)),
    ...(await selectIn(ctx, "channel-variant", "variantId", [...variantSkus.keys()])),
  ].filter((listing) => channelIds.includes(listing.channelId));
  const listingOf = new Map<string, ChannelVariant>();
  for (const listing of existing.sort((a, b) => a.id - b.id)) {
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
  const listings = await insertMany(
    ctx,
    "channel-variant",
    [...toCreate.values()].map(({ channelId, item }) => ({
      channelId,
      variantId: variants.get(item.sku)!.id,
      sku: item.sku,
      inventoryFeedVariantId: item.id,
      source: "inventoryFeed",
      externalId: null,
    })),
  );
  const feedItemOfSku = new Map(items.map((item) => [item.sku, item.id]));
  const linked = [...reused].filter((listing) => listing.inventoryFeedVariantId === null);
  await updateMany(
    ctx,
    "channel-variant",
    ["inventoryFeedVariantId"],
    linked.map((listing) => ({
      id: listing.id,
      values: {
        inventoryFeedVariantId: feedItemOfSku.get(
          listing.sku ?? (listing.variantId ? variantSkus.get(listing.variantId)! : ""),
        ),
      },
    })),
  );

  const now = ctx.now();
  await transitionMany(
    ctx,
    "inventory-feed-variant",
    ["variantId", "publishedAt", "errorMessage"],
    items.map((item) => ({
      record: item,
      to: "connected" as const,
      values: { variantId: variants.get(item.sku)!.id, publishedAt: now, errorMessage: null },
    })),
  );
  await updateMany(
    ctx,
    "inventory-feed-channel",
    ["lastPublishedAt"],
    feedChannels.map((feedChannel) => ({ id: feedChannel.id, values: { lastPublishedAt: now } })),
  );
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
 * `DELETE /inventory-feeds/{id}/remove-by-external-id.json?externalId=`: the feed item is removed and its
 * channel variants are set to ignore (kept, since sales may refer to them).
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
 * One item of the feed's webhook: upserted by (feed, externalId); `vendorSku` is its SKU (required for a
 * new item), `inventoryQuantity` its stock. When the feed connects automatically, an item not linked to
 * the catalogue yet is linked to the variant with its SKU (see `connectSkus`). A removed item is a 409.
 */
export async function parseFeedItem(
  ctx: Ctx,
  feed: InventoryFeed,
  input: InventoryFeedParseWebhookInput,
  path = "",
): Promise<ParsedFeedItem> {
  const existing = await selectOne(ctx, "inventory-feed-variant", {
    inventoryFeedId: feed.id,
    externalId: input.externalId,
  });
  checkNotRemoved(feed, existing);
  const values = feedItemValues(input);
  let item: InventoryFeedVariant;
  let result: ParsedFeedItem["result"];
  if (!existing) {
    item = await insert(ctx, "inventory-feed-variant", {
      ...values,
      inventoryFeedId: feed.id,
      externalId: input.externalId,
      sku: requireSku(values, path),
    });
    result = "created";
  } else {
    const changed = changedValues(existing, values);
    item = Object.keys(changed).length
      ? await patch(ctx, "inventory-feed-variant", existing.id, changed)
      : existing;
    result = Object.keys(changed).length ? "updated" : "unchanged";
  }
  const wanted = feed.automaticallyConnect && item.variantId === null;
  const variant = wanted
    ? variantToConnect(feed, item, await selectIn(ctx, "variant", "sku", connectSkus(feed, item.sku)))
    : undefined;
  if (variant) item = await patch(ctx, "inventory-feed-variant", item.id, { variantId: variant.id });
  return { item, result, connected: variant !== undefined };
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
}: {
  feed: InventoryFeed;
  input: InventoryFeedParseWebhookInput;
  read: ResultSet[];
  plan: WritePlan;
}): InventoryFeedVariant {
  const existing = recordsOf("inventory-feed-variant", read[0]!)[0];
  checkNotRemoved(feed, existing);
  const values = feedItemValues(input);
  let item: InventoryFeedVariant;
  if (!existing) {
    plan.sameCount("inventory-feed-variant", { inventoryFeedId: feed.id, externalId: input.externalId }, 0);
    item = plan.insert("inventory-feed-variant", {
      ...values,
      inventoryFeedId: feed.id,
      externalId: input.externalId,
      sku: requireSku(values, ""),
    });
  } else {
    const changed = changedValues(existing, values);
    item = Object.keys(changed).length ? plan.update("inventory-feed-variant", existing, changed) : existing;
    plan.unchangedRecords("inventory-feed-variant", [existing]);
  }
  if (!feed.automaticallyConnect || item.variantId !== null) return item;
  const variants = recordsOf("variant", read[1]!);
  const variant = variantToConnect(feed, item, variants);
  // Which variant it connects to (or that none) holds only while the SKUs before it are still unused.
  for (const sku of connectSkus(feed, item.sku)) {
    if (sku === variant?.sku) break;
    plan.sameCount("variant", { sku }, 0);
  }
  if (!variant) return item;
  plan.unchangedRecords("variant", [variant]);
  return plan.update("inventory-feed-variant", item, { variantId: variant.id });
}
