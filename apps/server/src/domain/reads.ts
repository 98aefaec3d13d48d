/**
 * What a write reads, by name: an operation declares its reads as an object of specs
 * (`{ purchase: one("purchase", id), items: many("purchase-item", { purchaseId: id }) }`), the read phase
 * sends them in one pipeline (`readStatements`, one round trip), and the planner gets a typed snapshot
 * (`read.items`), never a result by its position.
 *
 * A spec knows how to hold what it read: once the plan is made, `holdSnapshot` adds the guards that
 * abort its batch unless what was read is still so (the records a selection found, each as read). A read
 * whose changes commute with the plan's (stock added in the statement, with its floor) says so with
 * `hold: "none"`; a plan relying on a few fields of many records holds just those.
 */
import type { InStatement, ResultSet, Row } from "@libsql/client";
import type { KindDef } from "@multichannel/schema";
import { expensive } from "../db/database.ts";
import type { StoredRecord } from "../db/rows.ts";
import { toRecord } from "../db/rows.ts";
import { type Sql, sql } from "../db/sql.ts";
import type { Table } from "../db/tables.ts";
import {
  asRecord,
  asStored,
  column,
  type KindName,
  kindNameOf,
  type MatchOf,
  type RecordOf,
  table,
  whereOf,
} from "./store.ts";
import type { WritePlan } from "./write-plan.ts";

/**
 * One read of a write's pipeline: its statement (none: a read the operation's values make needless,
 * `when`), what its result means, and how it is held.
 */
export interface Read<T> {
  readonly statement: Sql | undefined;
  /** An expensive read (an export's stock): run apart where the driver can, within the time limit. */
  readonly expensive?: boolean;
  decode(result: ResultSet | undefined): T;
  /** Guards in `plan` that what was read is still so (absent: the read's changes commute). */
  hold?(plan: WritePlan, value: T): void;
}

/** An operation's reads, by name. */
export type Reads = { readonly [name: string]: Read<unknown> };

/** What the reads answered, by the same names. */
export type Snapshot<R extends Reads> = { readonly [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/**
 * How a read of a kind's records is held:
 * - `rows` (the default): the selection still finds exactly these records, each as read;
 * - `count`: it finds as many (each record's content is held where it is used);
 * - `{ fields }`: it finds as many, and their `fields` are still as read (a plan relying on a few
 *   fields of many records, which other writers may change otherwise);
 * - `none`: not held (what the plan writes from it commutes: stock added in the statement).
 */
export type Hold<N extends KindName> =
  | "rows"
  | "count"
  | "none"
  | { readonly fields: readonly (keyof RecordOf<N> & string)[] };

/** The order of a write's reads: by id, as `+id` so that no index is chosen to give that order (`store.ts`). */
const BY_ID = "+id";

interface Selection<N extends KindName> {
  kindName: N;
  /** The condition beyond the company's (SQL over the kind's columns). */
  where: Sql;
  order?: string | undefined;
  limit?: number | undefined;
  hold?: Hold<N> | undefined;
  /** A read of one id: holding the record it found holds the selection. */
  byId?: boolean;
}

function selectionRead<N extends KindName>(selection: Selection<N>): Read<RecordOf<N>[]> {
  const t = table(selection.kindName);
  const limit = selection.limit === undefined ? sql`` : sql` LIMIT ${Math.trunc(selection.limit)}`;
  const from = sql`FROM ${sql.id(t.name)} WHERE company_id = ${sql.company} AND (${selection.where})`;
  const order = sql.raw(selection.order ?? BY_ID);
  return {
    statement: sql`SELECT ${sql.raw(t.selectList)} ${from} ORDER BY ${order}${limit}`,
    decode: (result) => (result?.rows ?? []).map((row) => asRecord(selection.kindName, toRecord(t, row))),
    hold(plan, records) {
      const how = selection.hold ?? "rows";
      if (how === "none") return;
      if (selection.limit !== undefined) {
        // A limited read: the same records, in the same order.
        const ids = sql`SELECT id ${from} ORDER BY ${order}${limit}`;
        const read = records.length ? records.map((record) => record.id).join(",") : null;
        plan.hold(sql`(SELECT group_concat(id) FROM (${ids})) IS ${read}`);
      } else if (!(selection.byId && records.length === 1 && how === "rows")) {
        plan.hold(sql`(SELECT count(*) ${from}) = ${records.length}`);
      }
      if (how === "rows") plan.holdRecords(selection.kindName, records);
      else if (typeof how === "object") plan.holdFields(selection.kindName, records, how.fields);
    },
  };
}

/** The company's records of a kind whose fields equal `where` (or meeting SQL `where`), by id. */
export function many<N extends KindName>(
  kindName: N,
  where: MatchOf<N> | Sql,
  options: { order?: string; limit?: number; hold?: Hold<N> } = {},
): Read<RecordOf<N>[]> {
  const condition = sql.is(where) ? where : whereOf(table(kindName), where);
  return selectionRead({ kindName, where: condition, ...options });
}

/** The company's record of a kind with `id` (an id, or SQL answering one: what another record names). */
export function one<N extends KindName>(
  kindName: N,
  id: number | Sql,
  options: { hold?: Hold<N> } = {},
): Read<RecordOf<N> | undefined> {
  const read = selectionRead({ kindName, where: sql`id = ${id}`, byId: true, ...options });
  return {
    statement: read.statement,
    decode: (result) => read.decode(result)[0],
    hold: (plan, record) => read.hold!(plan, record ? [record] : []),
  };
}

/**
 * The company's record of a kind known only at run time (the generic verbs' record, an action's
 * subject), as stored; held as `one` holds it.
 */
export function storedRecord(definition: KindDef, id: number | Sql): Read<StoredRecord | undefined> {
  const kindName = kindNameOf(definition);
  const read = one(kindName, id);
  return {
    statement: read.statement,
    decode: (result) => {
      const record = read.decode(result);
      return record && asStored(record);
    },
    hold: (plan, record) => read.hold?.(plan, record && asRecord(kindName, record)),
  };
}

/**
 * SQL answering `field` of the company's record of `kindName` with `id`: a read of what that record
 * names (`one("channel", fieldOf("sale", saleId, "channelId"))`) in the same pipeline.
 */
export function fieldOf<N extends KindName>(
  kindName: N,
  id: number | null | Sql,
  field: keyof RecordOf<N> & string,
): Sql {
  return fieldOfTable(table(kindName), id, field);
}

/** `fieldOf` of a kind and field known only at run time (named by the manifest). */
export function storedFieldOf(definition: KindDef, id: number | null | Sql, field: string): Sql {
  return fieldOfTable(table(kindNameOf(definition)), id, field);
}

function fieldOfTable(t: Table, id: number | null | Sql, field: string): Sql {
  return sql`(SELECT ${sql.id(column(t, field))} FROM ${sql.id(t.name)} WHERE id = ${id} AND company_id = ${sql.company})`;
}

/**
 * SQL answering `field` of the company's records of `kindName` meeting `where`: a read of what a set of
 * records names (`many("sale-item", sql\`id IN ${fieldsOf("purchase-item", "saleItemId", { purchaseId })}\`)`).
 */
export function fieldsOf<N extends KindName>(
  kindName: N,
  field: keyof RecordOf<N> & string,
  where: MatchOf<N> | Sql,
): Sql {
  const t = table(kindName);
  const condition = sql.is(where) ? where : whereOf(t, where);
  return sql`(SELECT ${sql.id(column(t, field))} FROM ${sql.id(t.name)} WHERE company_id = ${sql.company} AND (${condition}))`;
}

/** SQL: `field` of `kindName`'s records is `value` (an id, or SQL answering one). */
export function fieldIs<N extends KindName>(
  kindName: N,
  field: keyof RecordOf<N> & string,
  value: number | Sql,
) {
  return sql`${sql.id(column(table(kindName), field))} = ${value}`;
}

/** SQL: `field` of `kindName`'s records is one of the ids a subquery answers (`fieldsOf`). */
export function fieldIn<N extends KindName>(kindName: N, field: keyof RecordOf<N> & string, ids: Sql) {
  return sql`${sql.id(column(table(kindName), field))} IN ${ids}`;
}

/** A read that is no kind's records (a count, the next id): its rows decoded by `decode`, held by `hold`. */
export function rows<T>(
  statement: Sql,
  decode: (rows: readonly Row[]) => T,
  hold?: (plan: WritePlan, value: T) => void,
): Read<T> {
  return { statement, decode: (result) => decode(result?.rows ?? []), ...(hold ? { hold } : {}) };
}

/**
 * `reads` with each name prefixed (`before.items`): an aggregate read more than once by one operation
 * (a line's parent before and after it moves). `part` answers its snapshot back.
 */
export function within<R extends Reads>(prefix: string, reads: R): Reads {
  return Object.fromEntries(Object.entries(reads).map(([name, read]) => [`${prefix}.${name}`, read]));
}

/** What the reads of `within(prefix, reads)` answered, by their own names. */
export function part<R extends Reads>(prefix: string, reads: R, snapshot: Snapshot<Reads>): Snapshot<R> {
  return Object.fromEntries(
    Object.keys(reads).map((name) => [name, snapshot[`${prefix}.${name}`]]),
  ) as Snapshot<R>;
}

/** `read` marked expensive: run apart from other requests where the driver can (`Db.readExpensive`). */
export function apart<T>(read: Read<T>): Read<T> {
  return { ...read, expensive: true };
}

/** `read` where `condition` holds; else nothing is read, and the snapshot has undefined. */
export function when<T>(condition: unknown, read: Read<T>): Read<T | undefined> {
  if (condition) return read;
  return { statement: undefined, decode: () => undefined };
}

/** Each of `reads` where `condition` holds (`when`); else none is read, and the snapshot has each undefined. */
export function whenEach<R extends Reads>(
  condition: unknown,
  reads: R,
): { [K in keyof R]: Read<Snapshot<R>[K] | undefined> } {
  const each: Record<string, Read<unknown>> = {};
  for (const name in reads) each[name] = when(condition, reads[name]!);
  return each as { [K in keyof R]: Read<Snapshot<R>[K] | undefined> };
}

/**
 * The statements of `reads` for a company, in the order of their names; without `companyId`, reads that
 * run for no company (the dispatcher's own tables).
 */
export function readStatements(companyId: number | undefined, reads: Reads): InStatement[] {
  const statements: InStatement[] = [];
  for (const name in reads) {
    const statement = reads[name]!.statement;
    if (!statement) continue;
    const made = companyId === undefined ? statement.statement() : statement.statementFor(companyId);
    statements.push(reads[name]!.expensive ? expensive(made) : made);
  }
  return statements;
}

/** What the reads answered (results in the order of `readStatements`), by name. */
export function snapshotOf<R extends Reads>(reads: R, results: readonly ResultSet[]): Snapshot<R> {
  const snapshot: Record<string, unknown> = {};
  let at = 0;
  for (const name in reads) {
    const read = reads[name]!;
    snapshot[name] = read.decode(read.statement ? results[at++] : undefined);
  }
  return snapshot as Snapshot<R>;
}

/**
 * Runs `reads` in one pipeline through `read` (a write session's reads, or a database's) and answers
 * them by name: `readStatements`, then `snapshotOf`.
 */
export async function readNamed<R extends Reads>(
  read: (statements: readonly InStatement[]) => Promise<ResultSet[]>,
  reads: R,
  companyId?: number,
): Promise<Snapshot<R>> {
  const statements = readStatements(companyId, reads);
  return snapshotOf(reads, statements.length ? await read(statements) : []);
}

/** Adds to `plan` the guards of every read of the snapshot that is held. */
export function holdSnapshot<R extends Reads>(plan: WritePlan, reads: R, snapshot: Snapshot<R>): void {
  for (const name of Object.keys(reads)) reads[name]!.hold?.(plan, snapshot[name]);
}
