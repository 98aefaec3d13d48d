/**
 * What the channel, feed and export verbs share: set-at-a-time reads and writes (one statement for many
 * rows, so a batch costs a handful of round trips on a remote database too), channel variant lookups, and
 * acknowledge-variant.
 */

import type { Channel, ChannelAcknowledgeVariantInput, ChannelVariant, Variant } from "@multichannel/schema";
import { encode, type StoredRecord, toRecord } from "../../db/rows.ts";
import { type Table, tableFor } from "../../db/tables.ts";
import type { KindName } from "../../domain/store.ts";
import { transition } from "../../domain/transitions.ts";
import { ApiError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { kind, selectOne } from "./core.ts";

type Scalar = string | number | boolean | null;
type SqlArg = string | number | null;

/** Bound parameters per statement: well under SQLite's limit, and small enough for remote requests. */
const PARAMETER_BUDGET = 10_000;

export const table = (kindName: KindName): Table => tableFor(kind(kindName));

/** The column of a field (or of `id`). */
export function column(t: Table, field: string): string {
  if (field === "id") return "id";
  const found = t.byField.get(field);
  if (!found) throw new Error(`${t.kind.name} has no field ${field}`);
  return found.name;
}

function encodeField(t: Table, field: string, value: unknown): SqlArg {
  return field === "id" ? (value as number) : encode(t.byField.get(field)!, value);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The same table reading only `fields` (and id, timestamps): large batches decode far fewer values. */
function narrowed(t: Table, fields: readonly string[] | undefined): Table {
  if (!fields) return t;
  const columns = t.columns.filter((c) => fields.includes(c.field));
  return {
    ...t,
    columns,
    selectList: ["id", "created_at", "updated_at", ...columns.map((c) => c.name)].join(", "),
  };
}

/**
 * Records of the company whose `field` is one of `values` (and whose fields equal `where`), by id; with
 * `fields`, only those fields are read.
 */
/** The company's variants with these SKUs, by SKU. */
export async function variantsBySku(ctx: Ctx, skus: readonly string[]): Promise<Map<string, Variant>> {
  const variants = (await selectIn(ctx, "variant", "sku", skus)) as unknown as Variant[];
  return new Map(variants.map((variant) => [variant.sku, variant]));
}

export async function selectIn(
  ctx: Ctx,
  kindName: KindName,
  field: string,
  values: readonly Scalar[],
  where: Record<string, Scalar> = {},
  fields?: readonly string[],
): Promise<StoredRecord[]> {
  const t = table(kindName);
  const read = narrowed(t, fields);
  const distinct = [...new Set(values.filter((value) => value !== null && value !== undefined))];
  const records: StoredRecord[] = [];
  for (const part of chunks(distinct, 500)) {
    const clauses = ["company_id = ?", `${column(t, field)} IN (${part.map(() => "?").join(", ")})`];
    const args: SqlArg[] = [ctx.companyId, ...part.map((value) => encodeField(t, field, value))];
    for (const [name, value] of Object.entries(where)) {
      if (value === null) clauses.push(`${column(t, name)} IS NULL`);
      else {
        clauses.push(`${column(t, name)} = ?`);
        args.push(encodeField(t, name, value));
      }
    }
    const result = await ctx.db.execute({
      sql: `SELECT ${read.selectList} FROM ${t.name} WHERE ${clauses.join(" AND ")} ORDER BY id`,
      args,
    });
    for (const row of result.rows) records.push(toRecord(read, row));
  }
  return records.sort((a, b) => a.id - b.id);
}

/**
 * Inserts many records of one kind (defaults filled in, read-only fields settable); returns them in input
 * order, with only `fields` when given.
 */
export async function insertMany(
  ctx: Ctx,
  kindName: KindName,
  rows: readonly Record<string, unknown>[],
  fields?: readonly string[],
): Promise<StoredRecord[]> {
  if (!rows.length) return [];
  const t = table(kindName);
  const read = narrowed(t, fields);
  const given = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = t.columns.filter((c) => given.has(c.field) || c.def.default !== undefined);
  const names = ["company_id", "created_at", "updated_at", ...columns.map((c) => c.name)];
  const placeholders = `(${names.map(() => "?").join(", ")})`;
  const now = ctx.now();
  const inserted: StoredRecord[] = [];
  for (const part of chunks(rows, Math.max(1, Math.floor(PARAMETER_BUDGET / names.length)))) {
    const args: SqlArg[] = [];
    for (const row of part) {
      args.push(ctx.companyId, now, now);
      for (const c of columns) args.push(encode(c, c.field in row ? row[c.field] : c.def.default));
    }
    const result = await ctx.db
      .execute({
        sql: `INSERT INTO ${t.name} (${names.join(", ")}) VALUES ${part.map(() => placeholders).join(", ")} RETURNING ${read.selectList}`,
        args,
      })
      .catch((error: unknown) => {
        throw uniqueConflict(error, t) ?? error;
      });
    // Rows of one INSERT get ascending rowids in VALUES order; RETURNING itself promises no order.
    inserted.push(...result.rows.map((row) => toRecord(read, row)).sort((a, b) => a.id - b.id));
  }
  return inserted;
}

/** Sets `fields` of many records of one kind, each to its own values, in one statement per chunk. */
export async function updateMany(
  ctx: Ctx,
  kindName: KindName,
  fields: readonly string[],
  rows: readonly { id: number; values: Record<string, unknown> }[],
): Promise<void> {
  if (!rows.length) return;
  const t = table(kindName);
  const names = fields.map((field) => column(t, field));
  const width = names.length + 1;
  const placeholders = `(${Array.from({ length: width }, () => "?").join(", ")})`;
  for (const part of chunks(rows, Math.max(1, Math.floor(PARAMETER_BUDGET / width)))) {
    const args: SqlArg[] = [];
    for (const row of part) {
      args.push(row.id, ...fields.map((field) => encodeField(t, field, row.values[field])));
    }
    args.push(ctx.now(), ctx.companyId);
    await ctx.db
      .execute({
        sql:
          `WITH changes (change_id, ${names.join(", ")}) AS (VALUES ${part.map(() => placeholders).join(", ")}) ` +
          `UPDATE ${t.name} SET ${names.map((name) => `${name} = changes.${name}`).join(", ")}, updated_at = ? ` +
          `FROM changes WHERE ${t.name}.id = changes.change_id AND ${t.name}.company_id = ?`,
        args,
      })
      .catch((error: unknown) => {
        throw uniqueConflict(error, t) ?? error;
      });
  }
}

function uniqueConflict(error: unknown, t: Table): ApiError | undefined {
  const text = String((error as { message?: unknown })?.message ?? "");
  if (!text.includes("UNIQUE constraint failed")) return undefined;
  return new ApiError("conflict", `Another ${t.kind.name} already has the same unique values.`);
}

// ------------------------------------------------------------------------------------- channel variants

/**
 * The channel's channel variants listed under `sku`: their own sku, or their catalogue variant's. Those
 * that can still be acknowledged come first, then by id.
 */
export async function channelVariantsBySku(
  ctx: Ctx,
  channelId: number,
  sku: string,
): Promise<StoredRecord[]> {
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
  const records = result.rows.map((row) => toRecord(cv, row));
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
  const [found] = (await channelVariantsBySku(ctx, channel.id, input.sku)) as unknown as ChannelVariant[];
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
