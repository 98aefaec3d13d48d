/**
 * Typed reads and writes by kind name: `selectWhere(ctx, "purchase-item", { purchaseId })` answers
 * `PurchaseItem[]`, the record type the schema generates for that kind. Services use these, never SQL
 * text of their own for plain lookups. State fields are written by `transition` only.
 */
import { type KindDef, kindByName, type RecordTypes } from "@multichannel/schema";
import { encode, toRecord } from "../db/rows.ts";
import { tableFor } from "../db/tables.ts";
import type { Ctx } from "../services/context.ts";
import { insertRecord, patchRecord } from "../services/records.ts";

export type KindName = keyof RecordTypes;
export type RecordOf<N extends KindName> = RecordTypes[N];
/** Field values of a kind's record, for writes. */
export type ValuesOf<N extends KindName> = Partial<Omit<RecordTypes[N], "id" | "createdAt" | "updatedAt">>;
type Scalar = string | number | boolean | null;
/** Equality filters on a kind's scalar fields. */
export type WhereOf<N extends KindName> = {
  [F in keyof RecordTypes[N]]?: RecordTypes[N][F] extends Scalar | undefined ? RecordTypes[N][F] : never;
};

export function kind(name: KindName): KindDef {
  const found = kindByName(name);
  if (!found) throw new Error(`No kind ${name} in the manifest`);
  return found;
}

/** Records of a kind in the company whose fields equal `where`, by id unless `order` says otherwise. */
export async function selectWhere<N extends KindName>(
  ctx: Ctx,
  kindName: N,
  where: WhereOf<N>,
  options: { order?: string; limit?: number; offset?: number } = {},
): Promise<RecordOf<N>[]> {
  const table = tableFor(kind(kindName));
  const clauses = ["company_id = ?"];
  const args: (string | number | null)[] = [ctx.companyId];
  for (const [field, value] of Object.entries(where) as [string, Scalar][]) {
    const column = field === "id" ? undefined : table.byField.get(field);
    const name = field === "id" ? "id" : column?.name;
    if (!name) throw new Error(`${kindName} has no field ${field}`);
    if (value === null) clauses.push(`${name} IS NULL`);
    else {
      clauses.push(`${name} = ?`);
      args.push(column ? encode(column, value) : (value as number));
    }
  }
  const limit =
    options.limit !== undefined
      ? ` LIMIT ${Math.trunc(options.limit)} OFFSET ${Math.trunc(options.offset ?? 0)}`
      : "";
  const result = await ctx.db.execute({
    sql: `SELECT ${table.selectList} FROM ${table.name} WHERE ${clauses.join(" AND ")} ORDER BY ${options.order ?? "id"}${limit}`,
    args,
  });
  return result.rows.map((row) => toRecord(table, row) as unknown as RecordOf<N>);
}

export async function selectOne<N extends KindName>(
  ctx: Ctx,
  kindName: N,
  where: WhereOf<N>,
): Promise<RecordOf<N> | undefined> {
  return (await selectWhere(ctx, kindName, where, { limit: 1 }))[0];
}

/** Records of a kind by id, in one query; ids of other companies are left out. */
export async function selectByIds<N extends KindName>(
  ctx: Ctx,
  kindName: N,
  ids: readonly number[],
): Promise<Map<number, RecordOf<N>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const table = tableFor(kind(kindName));
  const result = await ctx.db.execute({
    sql: `SELECT ${table.selectList} FROM ${table.name} WHERE company_id = ? AND id IN (${unique.map(() => "?").join(", ")})`,
    args: [ctx.companyId, ...unique],
  });
  return new Map(
    result.rows.map((row) => {
      const record = toRecord(table, row) as unknown as RecordOf<N>;
      return [(record as { id: number }).id, record];
    }),
  );
}

/** Inserts a record, defaults filled in. A state field may only be the kind's initial state. */
export async function insert<N extends KindName>(
  ctx: Ctx,
  kindName: N,
  values: ValuesOf<N>,
): Promise<RecordOf<N>> {
  return (await insertRecord(ctx, kind(kindName), values)) as unknown as RecordOf<N>;
}

/** Sets fields of a record; never its state field (see `transition`). */
export async function patch<N extends KindName>(
  ctx: Ctx,
  kindName: N,
  id: number,
  values: ValuesOf<N>,
): Promise<RecordOf<N>> {
  return (await patchRecord(ctx, kind(kindName), id, values)) as unknown as RecordOf<N>;
}
