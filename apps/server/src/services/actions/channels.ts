/** What the channel, feed and export verbs share: channel variant lookups, and acknowledge-variant. */

import type { InStatement, InValue, ResultSet } from "@libsql/client";
import type { Channel, ChannelAcknowledgeVariantInput, ChannelVariant } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { guard } from "../../db/write-guards.ts";
import { column, recordsOf, selectStatement, table } from "../../domain/store.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { kind } from "./core.ts";

export { column, selectIn, table } from "../../domain/store.ts";

// ------------------------------------------------------------------------------------- channel variants

/**
 * The SELECT of the channel's channel variants listed under `sku`: their own sku, or their catalogue
 * variant's; by id (`listedFirst` puts those that can still be acknowledged first).
 */
export function channelVariantsBySkuStatement(
  companyId: number,
  channelId: number,
  sku: string,
): { sql: string; args: InValue[] } {
  const cv = table("channel-variant");
  const variant = table("variant");
  return {
    sql:
      `SELECT ${cv.selectList
        .split(", ")
        .map((name) => `cv.${name}`)
        .join(", ")} FROM ${cv.name} cv ` +
      `LEFT JOIN ${variant.name} v ON v.id = cv.${column(cv, "variantId")} AND v.company_id = cv.company_id ` +
      `WHERE cv.company_id = ? AND cv.${column(cv, "channelId")} = ? AND (cv.${column(cv, "sku")} = ? OR v.${column(variant, "sku")} = ?) ` +
      `ORDER BY cv.id`,
    args: [companyId, channelId, sku, sku],
  };
}

/** Channel variants that `channelVariantsBySkuStatement` read: those that can still be acknowledged first. */
export function listedFirst(result: ResultSet): ChannelVariant[] {
  const records = recordsOf("channel-variant", result);
  const acknowledgeable = new Set(acknowledgeableStates());
  return [
    ...records.filter((record) => acknowledgeable.has(String(record.status))),
    ...records.filter((record) => !acknowledgeable.has(String(record.status))),
  ];
}

/**
 * Aborts the batch unless the channel variants listed under a sku are still those read (as many, each as
 * read): the plan chose the first of them.
 */
export function sameListing(
  plan: WritePlan,
  channelId: number,
  sku: string,
  listed: readonly ChannelVariant[],
): void {
  const { sql: text, args } = channelVariantsBySkuStatement(plan.companyId, channelId, sku);
  const count = guard(`(SELECT count(*) FROM (${text})) = ?`, [...args, listed.length]);
  plan.write(sql.marked(count));
  plan.unchangedRecords("channel-variant", listed);
}

/** The channel variant states from which the store may acknowledge (→ connected), per the manifest. */
export function acknowledgeableStates(): string[] {
  const states = kind("channel-variant").states!;
  return Object.entries(states.transitions)
    .filter(([, to]) => to.includes("connected"))
    .map(([from]) => from);
}

/** What acknowledging reads: the channel variants listed under the sku, and the external id's holder. */
export function acknowledgeVariantReads(
  companyId: number,
  channelId: number,
  input: ChannelAcknowledgeVariantInput,
): InStatement[] {
  return [
    channelVariantsBySkuStatement(companyId, channelId, input.sku),
    selectStatement(companyId, "channel-variant", { channelId, externalId: input.externalId }, { limit: 1 }),
  ];
}

/**
 * Plans `PUT /channels/{id}/acknowledge-variant.json`: the store's id of a published variant; it
 * becomes connected. Answers the channel variant as the plan leaves it.
 */
export function planAcknowledgeVariant({
  channel,
  input,
  read,
  plan,
}: {
  channel: Channel;
  input: ChannelAcknowledgeVariantInput;
  read: ResultSet[];
  plan: WritePlan;
}): ChannelVariant {
  const listed = listedFirst(read[0]!);
  const [found] = listed;
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
  const holder = recordsOf("channel-variant", read[1]!)[0];
  if (holder && holder.id !== found.id) {
    throw new ApiError(
      "conflict",
      `Channel variant ${holder.id} of this channel already has external id ${input.externalId}.`,
      { fields: ["channelId", "externalId"] },
    );
  }
  // Before the write: another holder that came meanwhile makes the attempt stale, not a UNIQUE clash.
  plan.sameCount("channel-variant", { channelId: channel.id, externalId: input.externalId }, holder ? 1 : 0);
  const acknowledged = plan.update(
    "channel-variant",
    found,
    transitionValues("channel-variant", found, "connected", {
      externalId: input.externalId,
      errorMessage: null,
    }),
    { movesState: true },
  );
  sameListing(plan, channel.id, input.sku, listed);
  return acknowledged;
}
