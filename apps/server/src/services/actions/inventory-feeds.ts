import type { StoredRecord } from "../../db/rows.ts";
import { transition } from "../../domain/transitions.ts";
import { ApiError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { insertMany, selectIn, updateMany } from "./channels.ts";
import { kind, selectOne, selectWhere } from "./core.ts";

/** Feed item states that have not been published yet (an error is retried). */
const UNPUBLISHED = ["pending", "queued", "error"];

/**
 * `PUT /inventory-feeds/{id}/publish-all.json`: every approved, unpublished item of the feed is linked to
 * its catalogue variant (created when the sku is new) and listed on each of the feed's channels as a
 * pending channel variant, which the store acknowledges later. Answers the channel variants created.
 */
export async function publishInventoryFeed({
  ctx,
  feed,
}: {
  ctx: Ctx;
  feed: StoredRecord;
}): Promise<StoredRecord[]> {
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

  const variants = new Map(
    (
      await selectIn(
        ctx,
        "variant",
        "sku",
        items.map((item) => item.sku as string),
      )
    ).map((v) => [v.sku as string, v]),
  );
  const newSkus = [...new Set(items.map((item) => item.sku as string).filter((sku) => !variants.has(sku)))];
  const firstItemOf = (sku: string) => items.find((item) => item.sku === sku)!;
  const created = await insertMany(
    ctx,
    "variant",
    newSkus.map((sku) => {
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
  for (const variant of created) variants.set(variant.sku as string, variant);

  const listed = new Set(
    (
      await selectIn(
        ctx,
        "channel-variant",
        "inventoryFeedVariantId",
        items.map((item) => item.id),
      )
    ).map((record) => `${record.inventoryFeedVariantId}:${record.channelId}`),
  );
  const listings = await insertMany(
    ctx,
    "channel-variant",
    items.flatMap((item) =>
      feedChannels
        .filter((feedChannel) => !listed.has(`${item.id}:${feedChannel.channelId}`))
        .map((feedChannel) => ({
          channelId: feedChannel.channelId,
          variantId: variants.get(item.sku as string)!.id,
          sku: item.sku,
          inventoryFeedVariantId: item.id,
          source: "inventoryFeed",
          status: "pending",
          externalId: null,
        })),
    ),
  );

  const now = ctx.now();
  await updateMany(
    ctx,
    "inventory-feed-variant",
    ["variantId", "status", "publishedAt", "errorMessage"],
    items.map((item) => ({
      id: item.id,
      values: {
        variantId: variants.get(item.sku as string)!.id,
        status: "connected",
        publishedAt: now,
        errorMessage: null,
      },
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

/**
 * `DELETE /inventory-feeds/{id}/remove-by-external-id.json?externalId=`: the feed item is removed and its
 * channel variants are set to ignore (kept, since sales may refer to them).
 */
export async function removeInventoryFeedItem({
  ctx,
  feed,
  input,
}: {
  ctx: Ctx;
  feed: StoredRecord;
  input: { externalId: string };
}): Promise<StoredRecord> {
  const item = await selectOne(ctx, "inventory-feed-variant", {
    inventoryFeedId: feed.id,
    externalId: input.externalId,
  });
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
  const listings = await selectWhere(ctx, "channel-variant", { inventoryFeedVariantId: item.id });
  for (const listing of listings) {
    await transition(ctx, "channel-variant", listing, "ignore", { errorMessage: "removed from the feed" });
  }
  return transition(ctx, "inventory-feed-variant", item, "removed");
}
