/**
 * Callouts: requests to URLs a company configured, queued as deliveries and sent like webhooks. Actions
 * queue theirs (a provider's purchase order); fan-out makes the ones events call for (a custom
 * channel's inventory and prices, an export's file).
 */

import { kindByName } from "@multichannel/schema";
import type { Executor } from "../../db/database.ts";
import { toRecord } from "../../db/rows.ts";
import { type Sql, sql } from "../../db/sql.ts";
import { tableFor } from "../../db/tables.ts";
import { type Callout, calloutStatement } from "../../domain/callouts.ts";
import type { Ctx } from "../../domain/context.ts";
import {
  bundleComponentsOf,
  bundleComponentsSql,
  channelAvailable,
  feedUnitsSql,
} from "../../domain/stock.ts";
import type { ApiEvent } from "../events.ts";
import type { PushLog } from "./channel-variant-updates.ts";

export { type Callout, calloutStatement };

export async function queueCallout(ctx: Ctx, callout: Callout): Promise<void> {
  await ctx.db.execute(calloutStatement(ctx.now(), callout).statementFor(ctx.companyId));
}

/**
 * A push to a custom channel (its stock, its price): a callout whose attempts a `channel-variant-update`
 * logs, written with it (`push`).
 */
export interface PushCallout extends Callout {
  readonly push: PushLog;
}

/** The company's records of a kind that match `where`. */
async function rowsOf(db: Executor, kindName: string, companyId: number, where: Sql) {
  const table = tableFor(kindByName(kindName)!);
  const result = await db.execute(
    sql`SELECT ${sql.raw(table.selectList)} FROM ${sql.id(table.name)} WHERE company_id = ${sql.company} AND ${where}`.statementFor(
      companyId,
    ),
  );
  return result.rows.map((row) => toRecord(table, row) as Record<string, unknown>);
}

/**
 * The variant's listings on the company's enabled custom channels that have `endpoint` set: each with
 * the variant, its custom channel and channel; none when there is no such channel or no such variant.
 * A listing at `ignore` is left out: the company took it off the store (or its feed item was removed),
 * so the store is told nothing more of it.
 */
async function customChannelListings(
  db: Executor,
  companyId: number,
  variantId: number,
  endpoint: "inventory_endpoint" | "price_endpoint",
) {
  const customChannels = await rowsOf(
    db,
    "custom-channel",
    companyId,
    sql`${sql.id(endpoint)} IS NOT NULL AND channel_id IS NOT NULL AND enabled IS NOT 0`,
  );
  if (!customChannels.length) return [];
  const [variant] = await rowsOf(db, "variant", companyId, sql`id = ${variantId}`);
  if (!variant) return [];
  const listings = [];
  for (const custom of customChannels) {
    const [channel] = await rowsOf(db, "channel", companyId, sql`id = ${Number(custom.channelId)}`);
    // A channel told no stock (`disableVariantInventorySync`) is sent no stock callout.
    if (!channel || (endpoint === "inventory_endpoint" && channel.disableVariantInventorySync)) continue;
    const channelVariants = await rowsOf(
      db,
      "channel-variant",
      companyId,
      sql`channel_id = ${Number(channel.id)} AND variant_id = ${variantId} AND status IS NOT 'ignore'`,
    );
    for (const channelVariant of channelVariants) listings.push({ variant, custom, channel, channelVariant });
  }
  return listings;
}

/**
 * A listing as a push's body shows it, with its channel: without the bodies sent to the store before
 * (`inventoryUpdate`, `priceUpdate`, `costPriceUpdate`, `publishUpdate`), each of which held the listing
 * as the push before it showed it: kept, they nested every earlier push in the next one.
 */
function listingInBody(channelVariant: Record<string, unknown>, channel: Record<string, unknown>) {
  const { inventoryUpdate, priceUpdate, costPriceUpdate, publishUpdate, ...listing } = channelVariant;
  return { ...listing, channel };
}

/**
 * What a variant has available for each channel, as the stock callouts tell it: `channelAvailable` of
 * its levels and its feeds' units, less the channel's safety stock (a bundle's from its components,
 * where the channel syncs bundles), with the stock as it is now.
 */
async function availableFor(
  db: Executor,
  companyId: number,
  variantId: number,
): Promise<(channel: Record<string, unknown>) => number> {
  const levels = await rowsOf(db, "inventory-level", companyId, sql`variant_id = ${variantId}`);
  const onHand = levels.reduce((sum, level) => sum + Number(level.onHand ?? 0), 0);
  const allocated = levels.reduce((sum, level) => sum + Number(level.allocated ?? 0), 0);
  const stock = await db.execute(
    sql`SELECT ${feedUnitsSql(sql`${variantId}`)} AS units, ${bundleComponentsSql(sql`${variantId}`)} AS components`.statementFor(
      companyId,
    ),
  );
  const feedUnits = Number(stock.rows[0]?.units ?? 0);
  const components = bundleComponentsOf(stock.rows[0]?.components);
  return (channel) =>
    channelAvailable({ onHand, allocated, feedUnits }, components, {
      safetyStock: Number(channel.safetyStock ?? 0),
      bundleInventorySync: channel.bundleInventorySync === "disabled" ? "disabled" : "enabled",
    });
}

/**
 * The custom-channel inventory callouts of a stock change: for every enabled custom channel with an
 * inventory endpoint that lists the variant, POST `{variant, channelVariant: {..., channel}, inventory:
 * {available}}`, `available` as `availableFor` tells that channel, and `price` (as a price push sends it)
 * to a custom channel with `inventoryEndpointPrice` whose channel syncs prices; the receiver has 5 s. Signed with
 * the channel's signing secret, and its webhook hash in `webhook-hash` over https, both added at each
 * attempt (`deliveries.ts`), never kept with it.
 */
export async function inventoryCallouts(
  db: Executor,
  companyId: number,
  variantId: number,
): Promise<PushCallout[]> {
  const listings = await customChannelListings(db, companyId, variantId, "inventory_endpoint");
  if (!listings.length) return [];
  const availableOn = await availableFor(db, companyId, variantId);
  return listings.map(({ variant, custom, channel, channelVariant }): PushCallout => {
    const available = availableOn(channel);
    const price = sendsPrice(custom, channel) ? priceInBody(variant) : undefined;
    const body = {
      variant,
      channelVariant: listingInBody(channelVariant, channel),
      inventory: { available },
      ...(price === undefined ? {} : { price }),
    };
    return {
      purpose: "inventory",
      type: "inventory.callout",
      contentType: "application/json",
      url: String(custom.inventoryEndpoint),
      body: JSON.stringify(body),
      signer: `custom-channel:${custom.id}`,
      timeoutMs: 5_000,
      push: {
        channelVariantId: Number(channelVariant.id),
        type: "inventory",
        inventoryQuantity: available,
        ...(price === undefined ? {} : { price: price.price, compareAtPrice: price.compareAtPrice }),
        payload: body,
      },
    };
  });
}

/**
 * The custom-channel price callouts of a variant's price change: for every enabled custom channel with a
 * price endpoint whose channel syncs prices and lists the variant, POST `{channelVariant: {...,
 * channel}, price: {price, compareAtPrice, variantId}, zeroCompareAtPrices}`, signed (and its webhook
 * hash sent) as the inventory callouts are; the receiver has 3 s. A custom channel with
 * `priceEndpointInventory` is sent the stock too, `inventory: {available}` as its inventory callout
 * would tell it, unless its channel is told no stock (`disableVariantInventorySync`).
 */
export async function priceCallouts(
  db: Executor,
  companyId: number,
  variantId: number,
): Promise<PushCallout[]> {
  const listings = (await customChannelListings(db, companyId, variantId, "price_endpoint")).filter(
    ({ channel }) => channel.priceSync !== "disabled",
  );
  const withStock = listings.some(({ custom, channel }) => sendsStock(custom, channel));
  const availableOn = withStock ? await availableFor(db, companyId, variantId) : undefined;
  return listings.map(({ variant, custom, channel, channelVariant }): PushCallout => {
    const sent = priceInBody(variant);
    const { price, compareAtPrice } = sent;
    const available = availableOn && sendsStock(custom, channel) ? availableOn(channel) : undefined;
    const body = {
      channelVariant: listingInBody(channelVariant, channel),
      price: sent,
      zeroCompareAtPrices: null,
      ...(available === undefined ? {} : { inventory: { available } }),
    };
    return {
      purpose: "price",
      type: "price.callout",
      contentType: "application/json",
      url: String(custom.priceEndpoint),
      body: JSON.stringify(body),
      signer: `custom-channel:${custom.id}`,
      timeoutMs: 3_000,
      push: {
        channelVariantId: Number(channelVariant.id),
        type: "price",
        price,
        compareAtPrice,
        ...(available === undefined ? {} : { inventoryQuantity: available }),
        payload: body,
      },
    };
  });
}

/** Whether a custom channel's price pushes carry the stock: asked for, and its channel is told stock. */
function sendsStock(custom: Record<string, unknown>, channel: Record<string, unknown>): boolean {
  return custom.priceEndpointInventory === true && !channel.disableVariantInventorySync;
}

/**
 * Whether a custom channel's stock pushes carry the price: asked for, and its channel is told prices
 * (`priceSync` not `disabled`).
 */
function sendsPrice(custom: Record<string, unknown>, channel: Record<string, unknown>): boolean {
  return custom.inventoryEndpointPrice === true && channel.priceSync !== "disabled";
}

/** A variant's prices as a push sends them: `{price, compareAtPrice, variantId}`. */
function priceInBody(variant: Record<string, unknown>) {
  return {
    price: priceOrNull(variant.price),
    compareAtPrice: priceOrNull(variant.compareAtPrice),
    variantId: Number(variant.id),
  };
}

/** A variant's price as stored, for a push and its log: a number, or null when it has none. */
function priceOrNull(value: unknown): number | null {
  return typeof value === "number" ? value : null;
}

/** The data-export callout: POST `{"file": <download URL>}` to the export definition's webhook URL. */
export async function exportCallouts(db: Executor, companyId: number, event: ApiEvent) {
  const dataExport = event.data.object as { inventoryExportId?: number | null; url?: string | null };
  if (!dataExport?.inventoryExportId || !dataExport.url) return [];
  const [definition] = await rowsOf(
    db,
    "inventory-export",
    companyId,
    sql`id = ${dataExport.inventoryExportId}`,
  );
  if (!definition?.webhookUrl) return [];
  return [
    {
      purpose: "data-export",
      type: "data_export.callout",
      url: String(definition.webhookUrl),
      body: JSON.stringify({ file: dataExport.url }),
      signer: `inventory-export:${definition.id}`,
      timeoutMs: 10_000,
    },
  ];
}
