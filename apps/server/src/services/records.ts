import { type KindDef, kindByName } from "@multichannel/schema";
import { type Executor, firstRow } from "../db/database.ts";
import { type StoredRecord, toRecord } from "../db/rows.ts";
import { type Column, referrers, type Table, tableFor } from "../db/tables.ts";
import type { Ctx } from "../domain/context.ts";
import { stateConflict } from "../domain/states.ts";
import { insertRecord, type KindName, notFound, patchRecord } from "../domain/store.ts";
import { transition } from "../domain/transitions.ts";
import { type WriteRule, writeRuleOf } from "../domain/write-rules/index.ts";
import { ApiError, type FieldError } from "../errors.ts";
import { andThen, type Eventually } from "../eventually.ts";
import type { ListQuery } from "./list-query.ts";

/** A content hash of a record: its ETag. Any change to any field changes it. */
export function etagOf(record: StoredRecord): string {
  return etagOfText(JSON.stringify(record));
}

/** Each byte's two hex digits: `Number#toString(16)` on a 32-bit value takes ten times as long. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
const hex32 = (value: number) =>
  HEX[value >>> 24]! + HEX[(value >>> 16) & 255]! + HEX[(value >>> 8) & 255]! + HEX[value & 255]!;

/** The ETag of a record from its JSON text (saves a second serialization when answering it). */
export function etagOfText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `"${hex32(h2)}${hex32(h1)}"`;
}

/**
 * `If-Match` with the strong comparison RFC 9110 requires for it: `*`, or one of the listed tags equal to
 * the record's ETag; a weak tag (`W/"..."`) never matches. 412 otherwise.
 */
export function checkIfMatch(record: StoredRecord, ifMatch: string | undefined): void {
  if (ifMatch === undefined) return;
  const tags = ifMatch.split(",").map((tag) => tag.trim());
  if (tags.includes("*") || tags.includes(etagOf(record))) return;
  throw new ApiError(
    "precondition_failed",
    "The record changed since you read it (If-Match does not match its ETag).",
  );
}

/** Reads one record of the company, or undefined (at once on the embedded database: see `Eventually`). */
export function findRecord(
  db: Executor,
  companyId: number,
  kind: KindDef,
  id: number,
): Eventually<StoredRecord | undefined> {
  const table = tableFor(kind);
  return andThen(firstRow(db, { sql: table.findSql, args: [id, companyId] }), (row) =>
    row ? toRecord(table, row) : undefined,
  );
}

/**
 * Every reference in `values` must name a record of the same company: else 422 naming the fields. That
 * includes polymorphic ones (a comment's `subjectKind` + `subjectId`), read together with `current`.
 */
export async function checkReferences(
  ctx: Ctx,
  table: Table,
  values: Record<string, unknown>,
  current: Record<string, unknown> = {},
): Promise<void> {
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(values)) {
    const column = table.byField.get(field);
    if (column?.def.type !== "ref" || value === null || value === undefined) continue;
    const target = kindByName(column.def.ref!)!;
    if (!(await findRecord(ctx.db, ctx.companyId, target, value as number))) {
      errors.push({ path: field, message: `No ${target.name} with id ${value}.` });
    }
  }
  for (const { field, def } of table.subjects) {
    const kindField = def.subjectOf!;
    if (!(field in values) && !(kindField in values)) continue;
    const id = field in values ? values[field] : current[field];
    const kindName = kindField in values ? values[kindField] : current[kindField];
    if (id === null || id === undefined) continue;
    const target = typeof kindName === "string" ? kindByName(kindName) : undefined;
    if (!target) {
      errors.push({ path: kindField, message: `"${String(kindName)}" is not a kind of record.` });
    } else if (!(await findRecord(ctx.db, ctx.companyId, target, id as number))) {
      errors.push({ path: field, message: `No ${target.name} with id ${id}.` });
    }
  }
  if (errors.length)
    throw new ApiError("validation_failed", "A reference names no record of yours.", { errors });
}

function writableValues(table: Table, input: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of table.columns) {
    // Absent, or `undefined` (a date sent as `{}`: the default): not written. Derived values are
    // requests (`checkDerivedWrites`), never stored as sent.
    if (column.def.readOnly || column.def.derived || input[column.field] === undefined) continue;
    values[column.field] = input[column.field];
  }
  return values;
}

function sameValue(column: Column, a: unknown, b: unknown): boolean {
  if (column.def.type === "datetime" && typeof a === "string" && typeof b === "string") {
    return Date.parse(a) === Date.parse(b);
  }
  return a === b;
}

/**
 * Derived values an update sends (`FieldDef.derived`): requests checked against the record. The value
 * it has is no request, as clients PUT back what they read; another is a 409 saying what the value
 * follows and how to change it, unless the kind's write rule `performs` it. (A create has no history
 * to act on: it starts from the books' values, whatever it sends, as documented examples carry them.)
 */
function checkDerivedWrites(
  table: Table,
  input: Record<string, unknown>,
  current: StoredRecord,
  performs: WriteRule<KindName>["performs"],
): void {
  for (const column of table.derived) {
    const sent = input[column.field];
    if (sent === undefined) continue;
    const has = current[column.field];
    if (sameValue(column, sent, has) || performs?.(column.field, sent, current as never)) continue;
    throw stateConflict(
      table.kind.name,
      current,
      `The ${column.field} of ${table.kind.name} ${current.id} is ${JSON.stringify(has)}, derived from ${column.def.derived}`,
      { field: column.field, value: has },
    );
  }
}

/** The tenant field (`companyId`) a body may send: only the caller's company. */
function checkTenant(ctx: Ctx, table: Table, input: Record<string, unknown>): void {
  for (const field of table.tenantFields) {
    if (input[field] === undefined || input[field] === ctx.companyId) continue;
    const message = `is ${ctx.companyId}, the company of your token; records of other companies are out of reach`;
    throw new ApiError("validation_failed", `${field} must be your company's id.`, {
      errors: [{ path: field, message }],
    });
  }
}

/**
 * A create may name the state it starts in: the initial one, or one the lifecycle lets a write
 * request from it (a fulfillment created `finalized`); any other is a 422 naming the states it may.
 */
function checkCreatedState(kind: KindDef, values: Record<string, unknown>): void {
  const states = kind.states;
  if (!states || !(states.field in values)) return;
  const allowed = [states.initial, ...(states.byWrite?.[states.initial] ?? [])];
  if (allowed.includes(String(values[states.field]))) return;
  const message = `A new ${kind.name} starts as ${allowed.join(" or ")}; later states come through its actions.`;
  throw new ApiError("validation_failed", message, { errors: [{ path: states.field, message }] });
}

/**
 * The state an update asks for, as a transition request: allowed when the lifecycle lets a write make
 * it (`byWrite`), else a 409 saying the state and, when an action makes that change, to use it.
 */
function checkRequestedState(kind: KindDef, current: StoredRecord, to: string): void {
  const states = kind.states!;
  const from = String(current[states.field]);
  if (from === to || states.byWrite?.[from]?.includes(to)) return;
  const byAction = states.transitions[from]?.includes(to);
  throw stateConflict(
    kind.name,
    current,
    byAction
      ? `A ${kind.name} that is ${from} becomes ${to} through its actions, which do what that means; writing ${states.field} cannot.`
      : `A ${kind.name} that is ${from} cannot become ${to}.`,
  );
}

/** Create: the input is a validated create body. */
export async function createRecord({
  ctx,
  kind,
  input,
}: {
  ctx: Ctx;
  kind: KindDef;
  input: Record<string, unknown>;
}): Promise<StoredRecord> {
  const table = tableFor(kind);
  const rule = writeRuleOf(kind.name);
  checkTenant(ctx, table, input);
  let values = writableValues(table, input);
  checkCreatedState(kind, values);
  if (table.references.size) await checkReferences(ctx, table, values);
  if (rule?.prepare) values = await rule.prepare({ ctx, values, input });
  const record = await insertRecord(ctx, kind, values);
  if (!rule?.after) return record;
  return ((await rule.after({ ctx, record: record as never, input })) as StoredRecord | undefined) ?? record;
}

/** Whether writes of a kind do more than one statement (its write rule), so need a transaction. */
export function writesInOneStatement(kind: KindDef): boolean {
  return writeRuleOf(kind.name) === undefined;
}

/** Reads one record of the company: 404 when there is none (thrown at once where the read answers at once). */
export function getRecord({
  ctx,
  kind,
  id,
}: {
  ctx: Ctx;
  kind: KindDef;
  id: number;
}): Eventually<StoredRecord> {
  return andThen(findRecord(ctx.db, ctx.companyId, kind, id), (record) => {
    if (!record) throw notFound(kind, id);
    return record;
  });
}

/**
 * Partial update of the writable fields sent; read-only fields and timestamps in the input are ignored.
 * The record is read first only when something needs it (If-Match, references to check, the kind's write
 * rule): otherwise the UPDATE alone answers, and finding no row is the 404.
 */
export async function updateRecord({
  ctx,
  kind,
  id,
  input,
  ifMatch,
}: {
  ctx: Ctx;
  kind: KindDef;
  id: number;
  input: Record<string, unknown>;
  ifMatch?: string;
}): Promise<StoredRecord> {
  const table = tableFor(kind);
  let values = writableValues(table, input);
  const refs = Object.entries(values).filter(([field]) => table.references.has(field));
  const rule = writeRuleOf(kind.name);
  // A state sent is a transition request (clients PUT back what they read: the same state is none).
  const stateField = kind.states?.field;
  const requested = stateField && stateField in values ? String(values[stateField]) : undefined;
  if (stateField) delete values[stateField];
  let current: StoredRecord | undefined;
  const derived = table.derived.some((column) => input[column.field] !== undefined);
  const tenant = table.tenantFields.some((field) => input[field] !== undefined);
  if (rule || ifMatch !== undefined || refs.length || requested !== undefined || derived || tenant) {
    const read = await getRecord({ ctx, kind, id });
    checkIfMatch(read, ifMatch);
    await checkReferences(
      ctx,
      table,
      Object.fromEntries(refs.filter(([field, value]) => read[field] !== value)),
      read,
    );
    current = read;
  }
  if (tenant) checkTenant(ctx, table, input);
  if (derived) checkDerivedWrites(table, input, current!, rule?.performs);
  if (requested !== undefined) checkRequestedState(kind, current!, requested);
  if (rule?.prepare) values = await rule.prepare({ ctx, values, current: current as never, input });
  const record =
    requested !== undefined && requested !== current![stateField!]
      ? ((await transition(
          ctx,
          kind.name as KindName,
          current as never,
          requested as never,
          values as never,
        )) as StoredRecord)
      : await patchRecord(ctx, kind, id, values);
  const after = await rule?.after?.({ ctx, before: current as never, record: record as never, input });
  return (after as StoredRecord | undefined) ?? record;
}

/**
 * Delete a record. Records that refer to it block the delete (409 naming their kinds), except the ones
 * it owns (a sale's items), which are deleted with it, recursively.
 */
export async function deleteRecord({
  ctx,
  kind,
  id,
  ifMatch,
}: {
  ctx: Ctx;
  kind: KindDef;
  id: number;
  ifMatch?: string;
}): Promise<void> {
  const current = await getRecord({ ctx, kind, id });
  checkIfMatch(current, ifMatch);
  const rule = writeRuleOf(kind.name);
  await rule?.beforeDelete?.({ ctx, record: current as never });
  await deleteTree(ctx, kind, [id]);
  await rule?.afterDelete?.({ ctx, record: current as never });
}

async function deleteTree(ctx: Ctx, kind: KindDef, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const marks = ids.map(() => "?").join(", ");
  const blockers: { kind: string; count: number }[] = [];
  for (const { table, column } of referrers.get(kind.name) ?? []) {
    const where = `company_id = ? AND ${column.name} IN (${marks})`;
    if (table.kind.owner?.field === column.field) {
      const owned = await ctx.db.execute({
        sql: `SELECT id FROM ${table.name} WHERE ${where}`,
        args: [ctx.companyId, ...ids],
      });
      await deleteTree(
        ctx,
        table.kind,
        owned.rows
          .map((row) => Number(row.id))
          .filter((childId) => table.kind !== kind || !ids.includes(childId)),
      );
      continue;
    }
    const result = await ctx.db.execute({
      sql: `SELECT count(*) AS n FROM ${table.name} WHERE ${where}${table.kind === kind ? ` AND id NOT IN (${marks})` : ""}`,
      args: [ctx.companyId, ...ids, ...(table.kind === kind ? ids : [])],
    });
    const count = Number(result.rows[0]?.n ?? 0);
    if (count > 0) blockers.push({ kind: table.kind.name, count });
  }
  if (blockers.length) {
    const names = blockers.map((blocker) => `${blocker.count} ${blocker.kind}`).join(", ");
    throw new ApiError("conflict", `Still referenced by ${names}: delete or change those first.`, {
      references: blockers,
    });
  }
  const table = tableFor(kind);
  await ctx.db.execute({
    sql: `DELETE FROM ${table.name} WHERE company_id = ? AND id IN (${marks})`,
    args: [ctx.companyId, ...ids],
  });
}

/** One page of a kind's records, and whether another page follows. */
export async function listRecords({
  ctx,
  kind,
  query,
}: {
  ctx: Ctx;
  kind: KindDef;
  query: ListQuery;
}): Promise<{ records: StoredRecord[]; hasMore: boolean }> {
  const table = tableFor(kind);
  const result = await ctx.db.execute({
    sql: `SELECT ${table.selectList} FROM ${table.name} WHERE company_id = ?${query.where.map((clause) => ` AND ${clause.sql}`).join("")} ORDER BY ${query.orderSql} LIMIT ? OFFSET ?`,
    args: [ctx.companyId, ...query.where.flatMap((clause) => clause.args), query.limit + 1, query.from],
  });
  const rows = result.rows.slice(0, query.limit);
  return { records: rows.map((row) => toRecord(table, row)), hasMore: result.rows.length > query.limit };
}
