import { type KindDef, kindByName, type RecordTypes } from "@multichannel/schema";
import { encode, type StoredRecord, toRecord } from "../db/rows.ts";
import { type Sql, sql } from "../db/sql.ts";
import { type Table, tableFor } from "../db/tables.ts";
import { ApiError, messageOf } from "../errors.ts";
import type { Ctx } from "./context.ts";

export type KindName = keyof RecordTypes;
export type RecordOf<N extends KindName> = RecordTypes[N];
/** Field values of a kind's record, for writes. */
export type ValuesOf<N extends KindName> = Partial<Omit<RecordTypes[N], "id" | "createdAt" | "updatedAt">>;
type Scalar = string | number | boolean | null;
type SqlArg = string | number | null;
/** Equality filters on a kind's scalar fields. */
export type WhereOf<N extends KindName> = {
  [F in keyof RecordTypes[N]]?: RecordTypes[N][F] extends Scalar | undefined ? RecordTypes[N][F] : never;
};

/** Equality filters on a kind's scalar fields, a value given as such or as SQL answering it (`fieldOf`). */
export type MatchOf<N extends KindName> = { [F in keyof WhereOf<N>]?: WhereOf<N>[F] | Sql };

/** The name of a kind the manifest declares, as the record types know it. */
export const kindNameOf = (definition: KindDef): KindName => definition.name as KindName;

export function kind(name: KindName): KindDef {
  const found = kindByName(name);
  if (!found) throw new Error(`No kind ${name} in the manifest`);
  return found;
}

/**
 * The order of a write's reads: by id, as `+id` so that no index is chosen to give that order. A read of a
 * few records (an order's 50 SKUs, a sale's lines) then goes through the index that finds them, and its
 * rows are sorted after; with `id`, SQLite may walk every record of the company through (company_id, id)
 * to skip that sort (100,000 variants for an order's 50, as the database grows).
 */
const _BY_ID = "+id";

/** The condition that a kind's fields equal `where` (`IS NULL` for null), as SQL. */
export function whereOf<N extends KindName>(t: Table, where: MatchOf<N>): Sql {
  const clauses = Object.entries(where).map(([field, value]) => {
    const name = sql.id(column(t, field));
    if (value === null) return sql`${name} IS NULL`;
    if (sql.is(value)) return sql`${name} = ${value}`;
    return sql`${name} = ${field === "id" ? Number(value) : encode(t.byField.get(field)!, value)}`;
  });
  return clauses.length ? sql.join(clauses, " AND ") : sql`1`;
}

/**
 * The one boundary between a kind's record type and its stored values: a record decoded from its row
 * (`toRecord`, whose fields are the kind's by construction) taken as `RecordOf<N>`, and a record of any
 * kind seen as its stored values (a field by name), for the code that writes any kind.
 */
export function asRecord<N extends KindName>(_kindName: N, record: StoredRecord): RecordOf<N> {
  return record as unknown as RecordOf<N>;
}

/** See `asRecord`. */
export function asStored(record: { id: number; updatedAt: string }): StoredRecord {
  return record as StoredRecord;
}

// ------------------------------------------------------------------------------------------ one record

export function notFound(kind: KindDef, id: number): ApiError {
  return new ApiError("not_found", `No ${kind.name} with id ${id}.`);
}

/**
 * A state field is written by the kind's transition function only; a record may be created in its
 * initial state or one declared step from it (a dropshipment recorded as shipped).
 */
export function checkStateWrite(
  kind: KindDef,
  values: Record<string, unknown>,
  mode: "insert" | "patch",
): void {
  const states = kind.states;
  if (!states || !(states.field in values)) return;
  const state = String(values[states.field]);
  if (mode === "insert" && (state === states.initial || states.transitions[states.initial]?.includes(state)))
    return;
  throw new Error(`${kind.name}.${states.field} is written by its transition function only`);
}

// ------------------------------------------------------------------------------------------ set-at-a-time
// One statement for many rows, so a batch costs a handful of round trips on a remote database too.

/** Bound parameters per statement: well under SQLite's limit, and small enough for remote requests. */
export const PARAMETER_BUDGET = 10_000;

export const table = (kindName: KindName): Table => tableFor(kind(kindName));

/** The column of a field (or of `id`). */
export function column(t: Table, field: string): string {
  if (field === "id") return "id";
  const found = t.byField.get(field);
  if (!found) throw new Error(`${t.kind.name} has no field ${field}`);
  return found.name;
}

function encodeField(t: Table, field: string, value: unknown): SqlArg {
  return field === "id" ? Number(value) : encode(t.byField.get(field)!, value);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The same table reading only `fields` (and id, timestamps): large batches decode far fewer values. */
export function narrowed(t: Table, fields: readonly string[] | undefined): Table {
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
/** A record of a kind read with only some of its fields. */
export type PartOf<N extends KindName, F extends keyof RecordOf<N>> = Pick<RecordOf<N>, F> & { id: number };

export async function selectIn<N extends KindName>(
  ctx: Ctx,
  kindName: N,
  field: keyof RecordOf<N> & string,
  values: readonly Scalar[],
  where?: WhereOf<N>,
): Promise<RecordOf<N>[]>;
export async function selectIn<N extends KindName, F extends keyof RecordOf<N> & string>(
  ctx: Ctx,
  kindName: N,
  field: keyof RecordOf<N> & string,
  values: readonly Scalar[],
  where: WhereOf<N>,
  fields: readonly F[],
): Promise<PartOf<N, F>[]>;
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
    const at = (name: string) => sql.id(column(t, name));
    const conditions = [
      sql`company_id = ${sql.company}`,
      sql`${at(field)} IN (${sql.values(part.map((value) => encodeField(t, field, value)))})`,
      ...Object.entries(where).map(([name, value]) =>
        value === null ? sql`${at(name)} IS NULL` : sql`${at(name)} = ${encodeField(t, name, value)}`,
      ),
    ];
    // No ORDER BY: with hundreds of values, SQLite would rather walk the company's rows in id order
    // than look each value up in its index (a scan that grows with the table); sorted below.
    const result = await ctx.db.execute(
      sql`SELECT ${sql.raw(read.selectList)} FROM ${sql.id(t.name)} WHERE ${sql.join(conditions, " AND ")}`.statementFor(
        ctx.companyId,
      ),
    );
    for (const row of result.rows) records.push(toRecord(read, row));
  }
  return records.sort((a, b) => a.id - b.id);
}

/** A UNIQUE violation as a 409 naming the fields that clash; other errors: undefined. */
export function uniqueConflict(error: unknown, table: Table): ApiError | undefined {
  const text = messageOf(error);
  if (!text.includes("UNIQUE constraint failed")) return undefined;
  const fields = (table.kind.unique ?? []).find((set) =>
    set.every((field) => text.includes(`${table.name}.${table.byField.get(field)!.name}`)),
  );
  return new ApiError(
    "conflict",
    `Another ${table.kind.name} already has the same ${fields?.join(" and ") ?? "unique values"}.`,
    { fields: [...(fields ?? [])] },
  );
}
