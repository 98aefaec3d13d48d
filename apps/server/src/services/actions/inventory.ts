import type { InStatement, InValue, ResultSet } from "@libsql/client";
import type {
  Adjustment,
  Channel,
  ChannelVariant,
  ChannelVariantLevelsInput,
  ChannelVariantLevelsOutput,
  ChannelVariantSetLevelInput,
  Variant,
} from "@multichannel/schema";
import { toRecord } from "../../db/rows.ts";
import { sql } from "../../db/sql.ts";
import { guard } from "../../db/write-guards.ts";
import type { Ctx } from "../../domain/context.ts";
import { chooseWarehouse } from "../../domain/order-routing.ts";
import { availableOf, planRecordAdjustment } from "../../domain/stock.ts";
import { recordsOf, selectMatching, selectStatement } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { DEFAULT_LIMIT } from "../list-query.ts";
import {
  channelVariantsBySkuStatement,
  column,
  listedFirst,
  sameListing,
  selectIn,
  table,
} from "./channels.ts";

export interface Location {
  warehouseId: number;
  onHand: number;
  allocated: number;
  available: number;
}

/**
 * `GET /channels/{id}/variant-levels.json`: the channel's channel variants (by sku or external id), by id
 * and paged, with the stock of their catalogue variant per warehouse and in total. The total `available`
 * is what the store may sell: on hand less allocated less the channel's safety stock, never below 0.
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
  const clauses = ["cv.company_id = ?", `cv.${column(cv, "channelId")} = ?`];
  const args: (string | number)[] = [ctx.companyId, channel.id];
  if (input.sku) {
    clauses.push(`(cv.${column(cv, "sku")} = ? OR v.${column(variant, "sku")} = ?)`);
    args.push(input.sku, input.sku);
  }
  if (input.externalId) {
    clauses.push(`cv.${column(cv, "externalId")} = ?`);
    args.push(input.externalId);
  }
  const result = await ctx.db.execute({
    sql:
      `SELECT ${cv.selectList
        .split(", ")
        .map((name) => `cv.${name}`)
        .join(", ")}, v.${column(variant, "sku")} AS variant_sku ` +
      `FROM ${cv.name} cv LEFT JOIN ${variant.name} v ON v.id = cv.${column(cv, "variantId")} AND v.company_id = cv.company_id ` +
      `WHERE ${clauses.join(" AND ")} ORDER BY cv.id LIMIT ? OFFSET ?`,
    args: [...args, input.limit ?? DEFAULT_LIMIT, input.from ?? 0],
  });
  const listings = result.rows.map((row) => ({
    record: toRecord(cv, row) as unknown as ChannelVariant,
    variantSku: row.variant_sku as string | null,
  }));

  const locations = new Map<number, Location[]>();
  const levels = await selectIn(
    ctx,
    "inventory-level",
    "variantId",
    listings.map(({ record }) => record.variantId),
  );
  for (const level of levels.sort((a, b) => a.warehouseId - b.warehouseId)) {
    const { onHand, allocated } = level;
    const list = locations.get(level.variantId) ?? [];
    list.push({ warehouseId: level.warehouseId, onHand, allocated, available: availableOf(level) });
    locations.set(level.variantId, list);
  }

  return listings.map(({ record, variantSku }) => {
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
      safetyStock: channel.safetyStock,
      available: availableOf({ onHand, allocated }, channel.safetyStock),
      locations: at,
    };
  });
}

/** The SELECT of the channel variant a set-level names: by external id, else by sku. */
function namedListing(companyId: number, channelId: number, input: ChannelVariantSetLevelInput) {
  return input.externalId
    ? selectStatement(companyId, "channel-variant", { channelId, externalId: input.externalId }, { limit: 1 })
    : channelVariantsBySkuStatement(companyId, channelId, input.sku ?? "");
}

/** Ways a set-level finds its warehouse: the one named, the company's default, its first. */
function warehouseReads(companyId: number, warehouseId: number | null | undefined) {
  return {
    named: selectStatement(companyId, "warehouse", { id: warehouseId ?? 0 }, { limit: 1 }),
    byDefault: selectStatement(companyId, "warehouse", { isDefault: true }, { limit: 1 }),
    first: selectStatement(companyId, "warehouse", {}, { limit: 1 }),
  };
}

/**
 * What setting a level reads: the channel variant named, the adjustment reason, the warehouses it may
 * be set at, and the listed variant's levels and the variant itself (by subquery of the listing).
 */
export function setLevelReads(
  companyId: number,
  channelId: number,
  input: ChannelVariantSetLevelInput,
): InStatement[] {
  const listing = namedListing(companyId, channelId, input) as { sql: string; args: InValue[] };
  const listed = `SELECT variant_id FROM (${listing.sql})`;
  const warehouses = warehouseReads(companyId, input.warehouseId);
  return [
    listing,
    selectStatement(companyId, "adjustment-reason", { id: input.adjustmentReasonId ?? 0 }),
    warehouses.named,
    warehouses.byDefault,
    warehouses.first,
    selectMatching(
      companyId,
      "inventory-level",
      `${column(table("inventory-level"), "variantId")} IN (${listed})`,
      listing.args,
    ),
    selectMatching(companyId, "variant", `id IN (${listed})`, listing.args),
  ];
}

/** Aborts the batch unless `statement` (a read of the plan's) still finds first the record it found. */
function sameFirst(plan: WritePlan, statement: InStatement, id: number | null): void {
  const { sql: text, args } = statement as { sql: string; args: InValue[] };
  plan.write(sql.marked(guard(`(SELECT id FROM (${text})) IS ?`, [...args, id])));
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
  read: ResultSet[];
  plan: WritePlan;
}): { adjustment: Adjustment; variant: Variant | null } {
  if (!input.externalId && !input.sku) {
    const message = "Send externalId or sku to name the channel variant.";
    throw new ApiError("validation_failed", message, {
      errors: [
        { path: "externalId", message },
        { path: "sku", message },
      ],
    });
  }
  const by = input.externalId ? "externalId" : "sku";
  const key = (input.externalId ?? input.sku)!;
  const listed = input.externalId ? recordsOf("channel-variant", read[0]!) : listedFirst(read[0]!);
  const listing = listed[0];
  if (!listing)
    throw new ApiError("not_found", `No channel variant with ${by} ${key} on channel ${channel.id}.`);
  const variantId = listing.variantId;
  if (variantId === null) {
    const message = `Channel variant ${listing.id} is not linked to a catalogue variant, so it has no stock to set.`;
    throw new ApiError("validation_failed", message, { errors: [{ path: by, message }] });
  }
  const reason = recordsOf("adjustment-reason", read[1]!)[0];
  if (input.adjustmentReasonId && !reason) {
    const message = `No adjustment reason with id ${input.adjustmentReasonId}.`;
    throw new ApiError("validation_failed", message, { errors: [{ path: "adjustmentReasonId", message }] });
  }
  const byDefault = recordsOf("warehouse", read[3]!)[0];
  const warehouse = chooseWarehouse(
    input.warehouseId,
    recordsOf("warehouse", read[2]!)[0],
    byDefault ?? recordsOf("warehouse", read[4]!)[0],
  );
  const levels = recordsOf("inventory-level", read[5]!);
  const variant = recordsOf("variant", read[6]!).find((found) => found.id === variantId) ?? null;
  const before =
    levels.find((level) => level.variantId === variantId && level.warehouseId === warehouse.id)?.onHand ?? 0;
  const adjustment = planRecordAdjustment(plan, levels, {
    variantId,
    warehouseId: warehouse.id,
    quantity: input.quantity - before,
    notes: input.notes ?? null,
    adjustmentReasonId: input.adjustmentReasonId ?? null,
  });
  // What the plan chose by, and the variant its event shows, are still as read when it applies.
  if (input.externalId) plan.unchangedRecords("channel-variant", [listing]);
  else sameListing(plan, channel.id, input.sku!, listed);
  if (reason) plan.unchangedRecords("adjustment-reason", [reason]);
  const warehouses = warehouseReads(plan.companyId, input.warehouseId);
  if (input.warehouseId) sameFirst(plan, warehouses.named, warehouse.id);
  else {
    sameFirst(plan, warehouses.byDefault, byDefault?.id ?? null);
    if (!byDefault) sameFirst(plan, warehouses.first, warehouse.id);
  }
  if (variant) plan.unchangedRecords("variant", [variant]);
  return { adjustment, variant };
}
