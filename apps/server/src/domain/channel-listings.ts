/**
 * A channel's listing of a SKU: the channel variants of a channel listed under a sku, by their own sku or
 * their catalogue variant's. A plan chooses the first of them (to acknowledge it, to set its stock), so
 * it holds them all as read: the same ones, each unchanged.
 */
import type { ChannelVariant } from "@multichannel/schema";
import { sql } from "../db/sql.ts";
import { fieldsOf, many } from "./reads.ts";
import { column, kind, table } from "./store.ts";

/** The reads of a channel's listing of `sku`: `listed`, by id (held: the same records, each as read). */
export function listingReads(channelId: number, sku: string) {
  const cv = table("channel-variant");
  const at = (field: string) => sql.id(column(cv, field));
  return {
    listed: many(
      "channel-variant",
      sql`${at("channelId")} = ${channelId} AND (${at("sku")} = ${sku} OR ${at("variantId")} IN ${fieldsOf("variant", "id", { sku })})`,
    ),
  };
}

/** The channel variant states from which the store may acknowledge (→ connected), per the manifest. */
export function acknowledgeableStates(): string[] {
  const states = kind("channel-variant").states!;
  return Object.entries(states.transitions)
    .filter(([, to]) => to.includes("connected"))
    .map(([from]) => from);
}

/** A listing's channel variants, those that can still be acknowledged first. */
export function listedFirst(listed: readonly ChannelVariant[]): ChannelVariant[] {
  const acknowledgeable = new Set(acknowledgeableStates());
  return [
    ...listed.filter((record) => acknowledgeable.has(String(record.status))),
    ...listed.filter((record) => !acknowledgeable.has(String(record.status))),
  ];
}
