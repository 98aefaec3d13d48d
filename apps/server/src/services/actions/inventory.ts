import type {
  Adjustment,
  Channel,
  ChannelVariantLevelsInput,
  ChannelVariantLevelsOutput,
  ChannelVariantSetLevelInput,
  Variant,
} from "@multichannel/schema";
import type { ReadTerm } from "../../db/indexes.ts";
import { toRecord } from "../../db/rows.ts";
import { sql } from "../../db/sql.ts";
import { listedFirst, listingReads } from "../../domain/channel-listings.ts";
import type { Ctx } from "../../domain/context.ts";
import { defaultWarehouse } from "../../domain/default-warehouse.ts";
import { chooseWarehouse } from "../../domain/order-routing.ts";
import { fieldOf, many, one, type Snapshot } from "../../domain/reads.ts";
import {
  availableOf,
  bundleComponentsOf,
  bundleComponentsSql,
  channelAvailable,
  feedUnitsSql,
  levelsOf,
  planSetOnHand,
} from "../../domain/stock.ts";
import { asRecord, column, selectIn, table } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, namesNoRecord } from "../../errors.ts";
import { DEFAULT_LIMIT, isExpensiveRead } from "../list-query.ts";

export interface Location {
  warehouseId: number;
  /** Where the variant is kept in the warehouse (its level's bin or shelf). */
  location: string | null;
  onHand: number;
  allocated: number;
  available: number;
}

/**
 * Whether a page of a channel's variant levels is expensive work (`isExpensiveRead`), as the page's
 * statement reads the channel's variants: from `EXPENSIVE_FROM` on. A `sku` (the listing's or its
 * catalogue variant's) and an external id are each found through an index (`listChannelVariantLevels`).
 */
export function isExpensiveLevels(input: ChannelVariantLevelsInput): boolean {
  if (input.sku) return false;
  const cv = table("channel-variant");
  const terms: ReadTerm[] = [{ column: column(cv, "channelId"), seek: "equal" }];
  if (input.externalId) terms.push({ column: column(cv, "externalId"), seek: "equal" });
  return isExpensiveRead(cv.kind, { terms, order: "id", from: input.from ?? 0 });
}

/**
 * `GET /channels/{id}/variant-levels.json`: the channel's channel variants (by sku or external id), by id
 * and paged, with the stock of their catalogue variant per warehouse and in total. The total `available`
 * is what the store may sell, as the channel is told it (`channelAvailable`): on hand less allocated
 * less the channel's safety stock, never below 0; a bundle's from its components where the channel
 * syncs bundles.
 */
export async function listChannelVariantLevels({
  ctx,
  channel,
  input,
}: {
  ctx: Ctx;
  channel: Channel;
  input: ChannelVariantLevelsInput;
}): Promise<ChannelVariantLevelsOutput> {
  const cv = table("channel-variant");
  const variant = table("variant");
  const listed = (field: string) => sql.raw(`cv.${column(cv, field)}`);
  const conditions = [sql`cv.company_id = ${sql.company}`, sql`${listed("channelId")} = ${channel.id}`];
  if (input.sku) {
    // The listings whose own sku it is (the channel's index by sku), and those of the company's variant
    // of that sku (the variants' index by sku, then the listings' by variant): a few rows, where the
    // condition on the two tables at once was checked on every listing of the channel.
    const name = sql.id(cv.name);
    const of = (field: string) => sql.id(column(cv, field));
    const own = sql`SELECT id FROM ${name} WHERE company_id = ${sql.company} AND ${of("channelId")} = ${channel.id} AND ${of("sku")} = ${input.sku}`;
    const ofVariant = sql`SELECT id FROM ${name} WHERE company_id = ${sql.company} AND ${of("variantId")} = (SELECT id FROM ${sql.id(variant.name)} WHERE company_id = ${sql.company} AND ${sql.id(column(variant, "sku"))} = ${input.sku})`;
    conditions.push(sql`cv.id IN (${own} UNION ${ofVariant})`);
  }
  if (input.externalId) conditions.push(sql`${listed("externalId")} = ${input.externalId}`);
  const columns = sql.raw(
    cv.selectList
      .split(", ")
      .map((name) => `cv.${name}`)
      .join(", "),
  );
  // The units the variant's feeds hold, and a bundle's components, with each listing: no statement more.
  const feedUnits = feedUnitsSql(listed("variantId"));
  const components = bundleComponentsSql(listed("variantId"));
  const result = await ctx.db.execute(
    sql`SELECT ${columns}, v.${sql.id(column(variant, "sku"))} AS variant_sku, ${feedUnits} AS feed_units, ${components} AS components FROM ${sql.id(cv.name)} cv LEFT JOIN ${sql.id(variant.name)} v ON v.id = ${listed("variantId")} AND v.company_id = cv.company_id WHERE ${sql.join(conditions, " AND ")} ORDER BY cv.id LIMIT ${input.limit ?? DEFAULT_LIMIT} OFFSET ${input.from ?? 0}`.statementFor(
      ctx.companyId,
    ),
  );
  const listings = result.rows.map((row) => ({
    record: asRecord("channel-variant", toRecord(cv, row)),
    variantSku: row.variant_sku as string | null,
    feedQuantity: Number(row.feed_units ?? 0),
    components: bundleComponentsOf(row.components),
  }));

  const locations = new Map<number, Location[]>();
  const levels = await selectIn(
    ctx,
    "inventory-level",
    "variantId",
    listings.map(({ record }) => record.variantId),
  );
  for (const level of levels.sort((a, b) => a.warehouseId - b.warehouseId)) {
    const { warehouseId, location, onHand, allocated } = level;
    const list = locations.get(level.variantId) ?? [];
    list.push({ warehouseId, location, onHand, allocated, available: availableOf(level) });
    locations.set(level.variantId, list);
  }

  return listings.map(({ record, variantSku, feedQuantity, components }) => {
    const at = record.variantId === null ? [] : (locations.get(record.variantId) ?? []);
    const onHand = at.reduce((sum, location) => sum + location.onHand, 0);
    const allocated = at.reduce((sum, location) => sum + location.allocated, 0);
    return {
      channelVariantId: record.id,
      variantId: record.variantId,
      sku: record.sku ?? variantSku,
      externalId: record.externalId,
      onHand,
      allocated,
      feedQuantity,
      safetyStock: channel.safetyStock,
      available: channelAvailable({ onHand, allocated, feedUnits: feedQuantity }, components, channel),
      locations: at,
    };
  });
}

/**
 * What setting a level reads: the channel variant named (by external id, else its sku's listing:
 * `listingReads`), held as read; the adjustment reason, held; the warehouse named, else the channel's,
 * else the company's default (or first), held as still that one; and by subquery of the listing, its variants (held: the
 * one the event shows is as read) and their stock levels (`levelsOf`: the one set is updated, as read).
 */
export function setLevelReads(channelId: number, input: ChannelVariantSetLevelInput) {
  const byExternalId = { channelId, externalId: input.externalId ?? "" };
  const { listed } = input.externalId
    ? { listed: many("channel-variant", byExternalId, { limit: 1 }) }
    : listingReads(channelId, input.sku ?? "");
  const variantIds = sql`(SELECT ${sql.id(column(table("channel-variant"), "variantId"))} FROM (${listed.statement!}))`;
  return {
    listed,
    reason: one("adjustment-reason", input.adjustmentReasonId ?? 0, {
      hold: input.adjustmentReasonId ? "rows" : "none",
    }),
    named: one("warehouse", input.warehouseId ?? fieldOf("channel", channelId, "warehouseId"), {
      hold: "count",
    }),
    fallback: defaultWarehouse(input.warehouseId ? "none" : "count"),
    variants: many("variant", sql`id IN ${variantIds}`),
    levels: levelsOf(variantIds),
  };
}

/**
 * Plans `PUT /channels/{id}/variant-set-level.json`: sets the on-hand stock of a channel variant's
 * catalogue variant at a warehouse to an absolute quantity; the change is recorded as an adjustment.
 * Answers the adjustment, and the variant (its event's object).
 */
export function planSetLevel({
  channel,
  input,
  read,
  plan,
}: {
  channel: Channel;
  input: ChannelVariantSetLevelInput;
  read: Snapshot<ReturnType<typeof setLevelReads>>;
  plan: WritePlan;
}): { adjustment: Adjustment; variant: Variant | null } {
  if (!input.externalId && !input.sku) {
    throw new ApiError("validation_failed", "Send externalId or sku to name the channel variant.", {
      errors: [
        { path: "externalId", message: "is required (or sku)" },
        { path: "sku", message: "is required (or externalId)" },
      ],
    });
  }
  const by = input.externalId ? "externalId" : "sku";
  const key = (input.externalId ?? input.sku)!;
  const [listing] = input.externalId ? read.listed : listedFirst(read.listed);
  if (!listing)
    throw new ApiError("not_found", `No channel variant with ${by} ${key} on channel ${channel.id}.`);
  // The listing's SKU as `variant-levels` shows it: its own, else its catalogue variant's.
  const listedSku = listing.sku ?? read.variants.find((found) => found.id === listing.variantId)?.sku ?? null;
  if (input.externalId && input.sku && listedSku?.toLowerCase() !== input.sku.toLowerCase()) {
    const fix = "send the two of one listing, or one of them";
    throw new ApiError(
      "validation_failed",
      `Channel variant ${listing.id} (external id ${input.externalId}) has sku ${listedSku}, not ${input.sku}: ${fix}.`,
      {
        errors: [
          {
            path: "sku",
            message: `is ${input.sku}, but channel variant ${listing.id} (external id ${input.externalId}) has sku ${listedSku}: ${fix}`,
          },
        ],
      },
    );
  }
  const variantId = listing.variantId;
  if (variantId === null) {
    throw new ApiError(
      "validation_failed",
      `Channel variant ${listing.id} is not linked to a catalogue variant, so it has no stock to set.`,
      {
        errors: [
          {
            path: by,
            message: `names channel variant ${listing.id}, which is not linked to a catalogue variant, so it has no stock to set`,
          },
        ],
      },
    );
  }
  const { reason } = read;
  if (input.adjustmentReasonId && !reason) {
    throw new ApiError("validation_failed", `No adjustment reason with id ${input.adjustmentReasonId}.`, {
      errors: [
        { path: "adjustmentReasonId", message: namesNoRecord("adjustment-reason", input.adjustmentReasonId) },
      ],
    });
  }
  const warehouse = chooseWarehouse(input.warehouseId ?? channel.warehouseId, read.named, read.fallback[0]);
  const variant = read.variants.find((found) => found.id === variantId) ?? null;
  const set = planSetOnHand(plan, read.levels, {
    variantId,
    warehouseId: warehouse.id,
    quantity: input.quantity,
    notes: input.notes ?? null,
    adjustmentReasonId: input.adjustmentReasonId ?? null,
  });
  if ("beyond" in set) {
    throw new ApiError(
      "validation_failed",
      `Setting on hand to ${input.quantity} (from ${set.before}) ${set.beyond}.`,
      {
        errors: [{ path: "quantity", message: `is ${input.quantity}, from ${set.before}: ${set.beyond}` }],
      },
    );
  }
  const { adjustment } = set;
  return { adjustment, variant };
}
