import type {
  ChannelVariant,
  Currency,
  CustomChannel,
  InventoryFeed,
  InventoryFeedRemoveByExternalIdInput,
  InventoryFeedVariant,
  Product,
  Variant,
} from "@multichannel/schema";
import { encode } from "../../db/rows.ts";
import { type Sql, sql } from "../../db/sql.ts";
import { caseless, feedHandleSql, feedItemId, feedItemRead, variantOfSku } from "../../domain/feed-items.ts";
import { checkAmount, convertedCents, toCents } from "../../domain/money.ts";
import { publishBody, waitingState } from "../../domain/publishing.ts";
import { fieldOf, fieldsOf, many, one, rows, type Snapshot } from "../../domain/reads.ts";
import { column, kind, table } from "../../domain/store.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { calloutStatement } from "../webhooks/callouts.ts";

/** Feed item states that have not been published yet (an error is retried). */
const UNPUBLISHED = ["pending", "queued", "error"];

/**
 * Why a listing is at `ignore` when its feed item's removal put it there: publish-all lists such a
 * listing again for another item of its SKU (`listAgain`), and leaves one the company set to `ignore`
 * itself (with no such reason) as it is.
 */
const REMOVED_FROM_FEED = "removed from the feed";

/**
 * The most feed items one publish-all publishes: its reads, its batch and the callouts it queues are
 * bounded by it, whatever the feed's size. The items left wait for the next call (oldest first).
 */
export const PUBLISH_BATCH = 100;

/** A column of a kind's table, as SQL. */
const at = (
  kindName: "inventory-feed-variant" | "channel-variant" | "variant" | "custom-channel" | "product",
  field: string,
) => sql.id(column(table(kindName), field));

/**
 * What publishing a feed reads, each held as read (the same records, each unchanged): its enabled
 * channels, the first `PUBLISH_BATCH` of its approved items not published yet and their handles
 * (`feedHandleSql`), the catalogue variants they are linked to or whose SKUs they have (whatever their
 * case: the planner applies the feed's case rule) and those variants' products, the products the
 * feed's publish made for the items' handles (their `externalId`, of the feed's vendor), the feed's
 * vendor (what a publishing endpoint is sent), the currency of its prices (`currencyId`: a new variant's
 * price is converted from it), the listings the feed's channels have of them (by SKU,
 * the item's or the variant's, or by variant), and the enabled custom channels of those channels that
 * have a publishing endpoint. Each set of ids is a union of selections, each through its own index.
 */
export function publishFeedReads(feedId: number) {
  const items = table("inventory-feed-variant");
  const item = (field: string) => at("inventory-feed-variant", field);
  const stored = (field: string, value: string) => sql`${encode(items.byField.get(field)!, value)}`;
  const unpublished = sql.join(UNPUBLISHED.map((state) => stored("status", state)));
  const toPublish = sql`${item("inventoryFeedId")} = ${feedId} AND ${item("reviewStatus")} = ${stored("reviewStatus", "approved")} AND ${item("status")} IN (${unpublished})`;
  const enabledChannels = { inventoryFeedId: feedId, enabled: true };
  const feedChannelIds = fieldsOf("inventory-feed-channel", "channelId", enabledChannels);
  // `columns` of the batch: the items read (the same selection, order and limit), as a SELECT that a
  // union may take (its order and limit its own).
  const batchOf = (columns: Sql) =>
    sql`SELECT * FROM (SELECT ${columns} FROM ${sql.id(items.name)} WHERE company_id = ${sql.company} AND ${toPublish} ORDER BY +id LIMIT ${PUBLISH_BATCH})`;
  const handle = feedHandleSql(fieldOf("inventory-feed", feedId, "handleStrategy"));
  const variants = sql.id(table("variant").name);
  const ofSkus = sql`SELECT id FROM ${variants} WHERE company_id = ${sql.company} AND lower(${at("variant", "sku")}) IN (${batchOf(sql`lower(${item("sku")})`)})`;
  const variantIds = sql`${ofSkus} UNION ${batchOf(item("variantId"))}`;
  // `+company_id`: the ids find the variants (by default the database scans the company's instead).
  const ofVariants = (field: "sku" | "productId") =>
    sql`SELECT ${at("variant", field)} FROM ${variants} WHERE id IN (${variantIds}) AND +company_id = ${sql.company}`;
  const listings = sql.id(table("channel-variant").name);
  const listingsOf = (where: Sql, channel = at("channel-variant", "channelId")) =>
    sql`SELECT id FROM ${listings} WHERE company_id = ${sql.company} AND ${channel} IN ${feedChannelIds} AND ${where}`;
  const listedSkus = sql`${batchOf(item("sku"))} UNION ${ofVariants("sku")}`;
  return {
    feedChannels: many("inventory-feed-channel", enabledChannels),
    items: many("inventory-feed-variant", toPublish, { limit: PUBLISH_BATCH }),
    handles: rows(batchOf(sql`id, ${handle} AS handle`), (found) => {
      return new Map(found.map((row) => [Number(row.id), row.handle ? String(row.handle) : null]));
    }),
    variants: many("variant", sql`id IN (${variantIds})`),
    listings: many(
      "channel-variant",
      sql`id IN (${listingsOf(sql`${at("channel-variant", "sku")} IN (${listedSkus})`)} UNION ${listingsOf(sql`${at("channel-variant", "variantId")} IN (${variantIds})`, sql`+${at("channel-variant", "channelId")}`)})`,
    ),
    products: many("product", sql`id IN (${ofVariants("productId")})`),
    // `+vendor_id`: the handles find the products, not the vendor.
    productsOfHandles: many(
      "product",
      sql`${at("product", "externalId")} IN (${batchOf(handle)}) AND +${at("product", "vendorId")} IS ${fieldOf("inventory-feed", feedId, "vendorId")}`,
    ),
    vendor: one("vendor", fieldOf("inventory-feed", feedId, "vendorId")),
    currency: one("currency", fieldOf("inventory-feed", feedId, "currencyId")),
    publishers: many(
      "custom-channel",
      sql`${at("custom-channel", "channelId")} IN ${feedChannelIds} AND ${at("custom-channel", "publishingEndpoint")} IS NOT NULL AND ${at("custom-channel", "enabled")} IS NOT 0`,
    ),
  };
}

type PublishSnapshot = Snapshot<ReturnType<typeof publishFeedReads>>;

/**
 * `PUT /inventory-feeds/{id}/publish-all.json`: the feed's first `PUBLISH_BATCH` approved, unpublished
 * items are linked to their catalogue variants (`variantsOfItems`: created when the SKU is new) and
 * listed on each of the feed's channels: a channel that already lists the variant keeps its one listing
 * (linked to the feed item if it had no feed item yet; listed again if its feed item's removal took it
 * off, `listAgain`), any other gets a new channel variant under the variant's SKU. A channel with a
 * custom channel that has a publishing endpoint is sent each new listing (and each one whose publishing
 * failed, or listed again) to publish (`queuePublish`); the listing waits for the store's id. Answers
 * the channel variants created.
 */
export function planPublishFeed({
  feed,
  read,
  plan,
}: {
  feed: InventoryFeed;
  read: PublishSnapshot;
  plan: WritePlan;
}): ChannelVariant[] {
  const { feedChannels, items } = read;
  if (!feedChannels.length) {
    throw new ApiError(
      "conflict",
      `Inventory feed ${feed.id} publishes to no channel: add an inventory-feed-channel for it first.`,
    );
  }
  if (!items.length) return [];

  const { variantOf, productsOfNew } = variantsOfItems(feed, read, plan);
  const listingOf = listingsByVariant(read.listings, [...variantOf.values()]);
  const reused = new Map<ChannelVariant, InventoryFeedVariant>();
  const toCreate = new Map<string, { channelId: number; item: InventoryFeedVariant }>();
  for (const item of items) {
    const variant = variantOf.get(item.id)!;
    for (const { channelId } of feedChannels) {
      const listing = listingOf(channelId, variant);
      if (listing) {
        if (!reused.has(listing)) reused.set(listing, item);
      } else if (!toCreate.has(`${channelId}:${variant.id}`)) {
        toCreate.set(`${channelId}:${variant.id}`, { channelId, item });
      }
    }
  }

  const publishers = new Map(read.publishers.map((custom) => [custom.channelId, custom]));
  const products = new Map([...read.products, ...productsOfNew].map((product) => [product.id, product]));
  const publishing = (variant: Variant) =>
    publishBody(variant, variant.productId ? products.get(variant.productId) : undefined, read.vendor);

  const listings = [...toCreate.values()].map(({ channelId, item }) => {
    const variant = variantOf.get(item.id)!;
    const custom = publishers.get(channelId);
    const body = custom && publishing(variant);
    const listing = plan.insert("channel-variant", {
      channelId,
      variantId: variant.id,
      sku: variant.sku,
      inventoryFeedVariantId: item.id,
      source: "inventoryFeed",
      externalId: null,
      ...(custom ? { status: waitingState(custom), publishUpdate: body } : {}),
    });
    if (custom && body) queuePublish(plan, custom, listing, body);
    return listing;
  });

  for (const [listing, item] of reused) {
    const custom = publishers.get(listing.channelId);
    if (takenOffByRemoval(listing)) {
      listAgain(plan, listing, item, custom && { custom, body: publishing(variantOf.get(item.id)!) });
      continue;
    }
    const republish = custom && publishedAgain(listing) ? custom : undefined;
    const body = republish && publishing(variantOf.get(item.id)!);
    const linked = listing.inventoryFeedVariantId === null ? { inventoryFeedVariantId: item.id } : {};
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
      variantId: variantOf.get(item.id)!.id,
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
 * A feed item's price in the company's currency: as it is in a feed without a currency, else converted
 * from the feed's (`currency`: its `exchangeRate` units of it per unit of the company's, to the cent, up
 * to a whole unit with `roundUp`). A currency without a rate is a 409: nothing can be priced from it.
 */
function basePrice(feed: InventoryFeed, currency: Currency | undefined, price: number | null): number | null {
  if (!currency || price === null) return price;
  if (!(currency.exchangeRate > 0)) {
    throw new ApiError(
      "conflict",
      `Inventory feed ${feed.id} prices its items in currency ${currency.id} (${currency.iso}), whose exchangeRate is ${currency.exchangeRate}: set the units of ${currency.iso} per unit of the company's currency (PUT /currencies/${currency.id}.json) before publishing.`,
      { rule: "a feed's currency has an exchange rate" },
    );
  }
  const cents = convertedCents(toCents(price), currency.exchangeRate, currency.roundUp === true);
  return checkAmount("variant", "price", cents);
}

/**
 * The catalogue variant of each item to publish, by the item's id: the one it is linked to, else the
 * one with its SKU (under the feed's case rule, `variantOfSku`), else one created for its SKU (one per
 * SKU among the batch's items, with the first item's name, barcode, prices and weight, the feed's
 * provider and vendor; its price in the company's currency, `basePrice`) in the product of its handle
 * (`productsOfHandles`). Answers the products of the variants it created too, for what publishing sends.
 */
function variantsOfItems(
  feed: InventoryFeed,
  read: PublishSnapshot,
  plan: WritePlan,
): { variantOf: Map<number, Variant>; productsOfNew: Product[] } {
  const linked = new Map(read.variants.map((variant) => [variant.id, variant]));
  const variantOf = new Map<number, Variant>();
  const unknown: InventoryFeedVariant[] = [];
  for (const item of read.items) {
    const variant =
      (item.variantId !== null ? linked.get(item.variantId) : undefined) ??
      variantOfSku(feed, item.sku, read.variants);
    if (variant) variantOf.set(item.id, variant);
    else unknown.push(item);
  }
  // One new variant per SKU: with `caseInsensitiveSkus`, SKUs differing by case alone are one.
  const skuKey = (sku: string) => (feed.caseInsensitiveSkus ? caseless(sku) : sku);
  const firstOfSku = new Map<string, InventoryFeedVariant>();
  for (const item of unknown) if (!firstOfSku.has(skuKey(item.sku))) firstOfSku.set(skuKey(item.sku), item);
  const productOf = productsOfHandles(feed, [...firstOfSku.values()], read, plan);
  const created = new Map<string, Variant>();
  for (const [key, item] of firstOfSku) {
    const variant = plan.insert("variant", {
      sku: item.sku,
      name: item.name,
      barcode: item.barcode,
      price: basePrice(feed, read.currency, item.price),
      costPrice: item.costPrice,
      weight: item.weight,
      productId: productOf.get(item.id)?.id ?? null,
      dropshipProviderId: feed.dropshipProviderId ?? null,
      vendorId: feed.vendorId ?? null,
    });
    created.set(key, variant);
  }
  for (const item of unknown) variantOf.set(item.id, created.get(skuKey(item.sku))!);
  return { variantOf, productsOfNew: [...productOf.values()] };
}

/**
 * The product of each item that makes a new variant, by the item's id: the product of its handle
 * (`feedHandleSql`; an item without one gets no product), one per handle. A product the feed's publish
 * made before for that handle (its `externalId`, the feed's vendor) is joined; else one is created,
 * named as the handle's first item (the handle when that item's name is empty or blank).
 */
function productsOfHandles(
  feed: InventoryFeed,
  items: readonly InventoryFeedVariant[],
  read: PublishSnapshot,
  plan: WritePlan,
): Map<number, Product> {
  const vendorId = feed.vendorId ?? null;
  const ofHandle = new Map<string, Product>();
  for (const product of read.productsOfHandles) {
    if (product.externalId !== null && !ofHandle.has(product.externalId)) {
      ofHandle.set(product.externalId, product);
    }
  }
  const productOf = new Map<number, Product>();
  for (const item of items) {
    const handle = read.handles.get(item.id);
    if (!handle) continue;
    let product = ofHandle.get(handle);
    if (!product) {
      const name = item.name?.trim() ? item.name : handle;
      product = plan.insert("product", { name, externalId: handle, vendorId });
      ofHandle.set(handle, product);
    }
    productOf.set(item.id, product);
  }
  return productOf;
}

/**
 * The listing a feed channel has of a variant, among `listings` (those read): the one linked to the
 * variant, else the one under the variant's SKU (a channel lists a SKU once).
 */
function listingsByVariant(listings: readonly ChannelVariant[], variants: readonly Variant[]) {
  const byVariant = new Map<string, ChannelVariant>();
  const bySku = new Map<string, ChannelVariant>();
  const ids = new Set(variants.map((variant) => variant.id));
  for (const listing of [...listings].sort((a, b) => a.id - b.id)) {
    const variantKey = `${listing.channelId}:${listing.variantId}`;
    if (listing.variantId !== null && ids.has(listing.variantId) && !byVariant.has(variantKey)) {
      byVariant.set(variantKey, listing);
    }
    if (listing.sku !== null) bySku.set(`${listing.channelId}:${listing.sku}`, listing);
  }
  return (channelId: number, variant: Variant) =>
    byVariant.get(`${channelId}:${variant.id}`) ?? bySku.get(`${channelId}:${variant.sku}`);
}

/** Whether a listing is at `ignore` because its feed item was removed (not by the company's own hand). */
function takenOffByRemoval(listing: ChannelVariant): boolean {
  return listing.status === "ignore" && listing.errorMessage === REMOVED_FROM_FEED;
}

/**
 * A listing its feed item's removal took off, listed again for `item` as a new listing is: linked to
 * `item`, without the store id it had (the store lists it anew), waiting for the store's id and sent to
 * publish when its channel publishes (`publishing`), else `pending`.
 */
function listAgain(
  plan: WritePlan,
  listing: ChannelVariant,
  item: InventoryFeedVariant,
  publishing: { custom: CustomChannel; body: ReturnType<typeof publishBody> } | undefined,
): void {
  const to = publishing ? waitingState(publishing.custom) : "pending";
  const values = transitionValues("channel-variant", listing, to, {
    inventoryFeedVariantId: item.id,
    externalId: null,
    errorMessage: null,
    ...(publishing ? { publishUpdate: publishing.body } : {}),
  });
  const listed = plan.update("channel-variant", listing, values, { movesState: true });
  if (publishing) queuePublish(plan, publishing.custom, listed, publishing.body);
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
 * feed item is removed and its channel variants are set to ignore (kept, since sales may refer to them),
 * with the reason `REMOVED_FROM_FEED`; one the company set to ignore already is left as it is.
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
      `The item with external id ${input.externalId} of inventory feed ${feed.id} is already removed.`,
      {
        state: "removed",
        allowedStates: Object.entries(kind("inventory-feed-variant").states!.transitions)
          .filter(([, to]) => to.includes("removed"))
          .map(([from]) => from),
      },
    );
  }
  for (const listing of read.listings) {
    if (listing.status === "ignore") continue;
    const values = transitionValues("channel-variant", listing, "ignore", {
      errorMessage: REMOVED_FROM_FEED,
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
