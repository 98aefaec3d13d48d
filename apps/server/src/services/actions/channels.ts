/** What the channel, feed and export verbs share: channel variant lookups, and acknowledge-variant. */
import type { Channel, ChannelAcknowledgeVariantInput, ChannelVariant } from "@multichannel/schema";
import { toRecord } from "../../db/rows.ts";
import type { Ctx } from "../../domain/context.ts";
import { column, table } from "../../domain/store.ts";
import { transition } from "../../domain/transitions.ts";
import { ApiError } from "../../errors.ts";
import { kind, selectOne } from "./core.ts";

export { column, insertMany, selectIn, table, updateMany, variantsBySku } from "../../domain/store.ts";

// ------------------------------------------------------------------------------------- channel variants

/**
 * The channel's channel variants listed under `sku`: their own sku, or their catalogue variant's. Those
 * that can still be acknowledged come first, then by id.
 */
export async function channelVariantsBySku(
  ctx: Ctx,
  channelId: number,
  sku: string,
): Promise<ChannelVariant[]> {
  const cv = table("channel-variant");
  const variant = table("variant");
  const result = await ctx.db.execute({
    sql:
      `SELECT ${cv.selectList
        .split(", ")
        .map((name) => `cv.${name}`)
        .join(", ")} FROM ${cv.name} cv ` +
      `LEFT JOIN ${variant.name} v ON v.id = cv.${column(cv, "variantId")} AND v.company_id = cv.company_id ` +
      `WHERE cv.company_id = ? AND cv.${column(cv, "channelId")} = ? AND (cv.${column(cv, "sku")} = ? OR v.${column(variant, "sku")} = ?) ` +
      `ORDER BY cv.id`,
    args: [ctx.companyId, channelId, sku, sku],
  });
  const records = result.rows.map((row) => toRecord(cv, row) as unknown as ChannelVariant);
  const acknowledgeable = new Set(acknowledgeableStates());
  return [
    ...records.filter((record) => acknowledgeable.has(String(record.status))),
    ...records.filter((record) => !acknowledgeable.has(String(record.status))),
  ];
}

/** The channel variant states from which the store may acknowledge (→ connected), per the manifest. */
export function acknowledgeableStates(): string[] {
  const states = kind("channel-variant").states!;
  return Object.entries(states.transitions)
    .filter(([, to]) => to.includes("connected"))
    .map(([from]) => from);
}

/** `PUT /channels/{id}/acknowledge-variant.json`: the store's id of a published variant; it becomes connected. */
export async function acknowledgeChannelVariant({
  ctx,
  channel,
  input,
}: {
  ctx: Ctx;
  channel: Channel;
  input: ChannelAcknowledgeVariantInput;
}): Promise<ChannelVariant> {
  const [found] = await channelVariantsBySku(ctx, channel.id, input.sku);
  if (!found)
    throw new ApiError("not_found", `No channel variant with sku ${input.sku} on channel ${channel.id}.`);
  const allowed = acknowledgeableStates();
  const state = found.status;
  if (!allowed.includes(state)) {
    throw new ApiError(
      "conflict",
      `Cannot acknowledge channel variant ${found.id}: it is ${state}; only a channel variant that is ${allowed.join(", ")} can be acknowledged.`,
      { state, allowedStates: allowed },
    );
  }
  const holder = await selectOne(ctx, "channel-variant", {
    channelId: channel.id,
    externalId: input.externalId,
  });
  if (holder && holder.id !== found.id) {
    throw new ApiError(
      "conflict",
      `Channel variant ${holder.id} of this channel already has external id ${input.externalId}.`,
      { fields: ["channelId", "externalId"] },
    );
  }
  return transition(ctx, "channel-variant", found, "connected", {
    externalId: input.externalId,
    errorMessage: null,
  });
}
