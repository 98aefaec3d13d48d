import type { InStatement, ResultSet } from "@libsql/client";
import type { KindDef } from "@multichannel/schema";
import { type Db, type Executor, firstRow, type WriteSession } from "../db/database.ts";
import { type StoredRecord, toRecord } from "../db/rows.ts";
import { type Column, referrers, type Table, tableFor } from "../db/tables.ts";
import { changed, failedGuard, optimistically, StaleRead } from "../db/write-guards.ts";
import type { Ctx } from "../domain/context.ts";
import {
  createdAnswer,
  deletePlan,
  insertPlan,
  referencesOf,
  unchangedGuard,
  updatePlan,
} from "../domain/record-plans.ts";
import { stateConflict } from "../domain/states.ts";
import { insertRecord, type KindName, notFound, patchRecord, uniqueConflict } from "../domain/store.ts";
import { transition, transitionValues } from "../domain/transitions.ts";
import { WritePlan } from "../domain/write-plan.ts";
import { type WriteRule, writeRuleOf } from "../domain/write-rules/index.ts";
import { ApiError, type FieldError } from "../errors.ts";
import { andThen, type Eventually } from "../eventually.ts";
import { keyInUse, keyStatements, type PendingKey } from "./idempotency.ts";
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
  for (const { field, target, id } of referencesOf(table, values, current, errors)) {
    if (!(await findRecord(ctx.db, ctx.companyId, target.kind, id))) {
      errors.push({ path: field, message: `No ${target.kind.name} with id ${id}.` });
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
  const blockers = await blockersOf(ctx, kind, ids);
  if (blockers.length) throw stillReferenced(blockers);
  const table = tableFor(kind);
  const owned = deletePlan(table, ctx.companyId, { sql: ids.map(() => "?").join(", "), args: ids });
  for (const statement of owned) await ctx.db.execute(statement);
}

type Blocker = { kind: string; count: number };

function stillReferenced(blockers: readonly Blocker[]): ApiError {
  const names = blockers.map((blocker) => `${blocker.count} ${blocker.kind}`).join(", ");
  return new ApiError("conflict", `Still referenced by ${names}: delete or change those first.`, {
    references: [...blockers],
  });
}

/** The records, by kind, that refer to records `ids` or to the records they own (recursively). */
async function blockersOf(ctx: Ctx, kind: KindDef, ids: readonly number[]): Promise<Blocker[]> {
  if (!ids.length) return [];
  const marks = ids.map(() => "?").join(", ");
  const blockers: Blocker[] = [];
  for (const { table, column } of referrers.get(kind.name) ?? []) {
    const where = `company_id = ? AND ${column.name} IN (${marks})`;
    if (table.kind.owner?.field === column.field && table.kind !== kind) {
      const owned = await ctx.db.execute({
        sql: `SELECT id FROM ${table.name} WHERE ${where}`,
        args: [ctx.companyId, ...ids],
      });
      blockers.push(
        ...(await blockersOf(
          ctx,
          table.kind,
          owned.rows.map((row) => Number(row.id)),
        )),
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
  return blockers;
}

// ------------------------------------------------------------------------------------------ plain kinds
// Kinds without a write rule are written by optimistic plans: the statements of a create, update or
// delete are planned from the request (and, where an answer needs it, the record read first) and sent
// as one batch, with the Idempotency-Key's claim and answer when one was sent. On the remote database a
// create or update is one round trip (two with If-Match, a state, a derived value or a key), a delete
// one (two with If-Match).

/** Whether a kind is written by plans (`createPlain`, ...): it has no write rule. */
export function writesByPlan(kind: KindDef): boolean {
  return writeRuleOf(kind.name) === undefined;
}

interface PlainWrite {
  ctx: Ctx;
  /** The database itself (not a transaction): the write reads and applies its batch there. */
  db: Db;
  kind: KindDef;
  /** An Idempotency-Key's first use: claimed, with the answer, in the write's batch. */
  key?: PendingKey | undefined;
}

/**
 * Applies a plan's statements; a guard that fails answers its index (the key's own guard, last when a
 * key is sent, is a 409: another request holds the key). Other failures are mapped (a UNIQUE clash:
 * 409) or thrown.
 */
async function applyPlan(
  session: WriteSession,
  table: Table,
  statements: InStatement[],
  key: PendingKey | undefined,
): Promise<{ results: ResultSet[] } | { failedGuard: number }> {
  try {
    const results = await session.apply(statements);
    if (key) key.answered = true;
    return { results };
  } catch (error) {
    const index = failedGuard(error);
    if (index === undefined) throw uniqueConflict(error, table) ?? error;
    if (key && index === statements.length - 1) throw keyInUse();
    return { failedGuard: index };
  }
}

/** Create of a kind without a write rule: one INSERT that checks the record's references itself. */
export function createPlain({ ctx, db, kind, key, input }: PlainWrite & { input: Record<string, unknown> }) {
  const table = tableFor(kind);
  checkTenant(ctx, table, input);
  const values = writableValues(table, input);
  checkCreatedState(kind, values);
  const plan = insertPlan(table, ctx.companyId, ctx.now(), values, referencesOf(table, values));
  const statements = [plan.statement];
  if (key) {
    if (plan.checked) statements.push(changed(1));
    const answer = createdAnswer(plan.record(), `${ctx.baseUrl}/${kind.plural}`);
    statements.push(...keyStatements(key, { status: 200, ...answer }));
  }
  return optimistically(db, async (session) => {
    const applied = await applyPlan(session, table, statements, key);
    const row = "results" in applied ? applied.results[0]!.rows[0] : undefined;
    if (row) return toRecord(table, row);
    // Written nothing: a reference names no record of the company (said here), or it did no longer.
    await checkReferences({ ...ctx, db }, table, values);
    throw new StaleRead();
  });
}

/** Whether creates of a kind are write plans: no write rule, or one that plans its creates. */
export function createsByPlan(kind: KindDef): boolean {
  const rule = writeRuleOf(kind.name);
  return rule === undefined || rule.planCreate !== undefined;
}

/**
 * Create of a kind whose write rule plans it (`WriteRule.planCreate`): its reads in one pipeline, then
 * the record and everything it brings up to date (a purchase's books) in one batch, with the key's
 * claim and answer.
 */
export function createPlanned({
  ctx,
  db,
  kind,
  key,
  input,
}: PlainWrite & { input: Record<string, unknown> }) {
  const table = tableFor(kind);
  const planned = writeRuleOf(kind.name)!.planCreate!;
  checkTenant(ctx, table, input);
  const values = writableValues(table, input);
  checkCreatedState(kind, values);
  const reads = planned.read({ companyId: ctx.companyId, values: values as never });
  return optimistically(db, async (session) => {
    const plan = new WritePlan(ctx.companyId, ctx.now());
    let keyGuard: number | undefined;
    try {
      const read = reads.length ? await session.read(reads) : [];
      plan.referencesExist(kind.name as KindName, values);
      const record = planned.plan({
        ctx,
        values: values as never,
        input,
        read,
        plan,
      }) as unknown as StoredRecord;
      if (key) {
        const location = plan.answerText(`${ctx.baseUrl}/${kind.plural}/${record.id}.json`);
        keyGuard = plan.append(keyStatements(key, { status: 200, body: plan.answerText(record), location }));
      }
      const ids = await plan.apply(session);
      if (key) key.answered = true;
      return ids.resolve(record);
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      if (keyGuard !== undefined && error.guardIndex === keyGuard) throw keyInUse();
      // A reference that names no record of the company is a 422; else what was read changed.
      await checkReferences({ ...ctx, db }, table, values);
      throw error;
    }
  });
}

/**
 * Update of a kind without a write rule: one UPDATE that checks references itself. Where the answer or
 * a check needs the record (If-Match, a requested state or derived value, a key's answer), it is read
 * first and the UPDATE applies only while the record is still what was read.
 */
export function updatePlain({
  ctx,
  db,
  kind,
  key,
  id,
  input,
  ifMatch,
}: PlainWrite & { id: number; input: Record<string, unknown>; ifMatch?: string | undefined }) {
  const table = tableFor(kind);
  const values = writableValues(table, input);
  // A state sent is a transition request (clients PUT back what they read: the same state is none).
  const stateField = kind.states?.field;
  const requested = stateField && stateField in values ? String(values[stateField]) : undefined;
  if (stateField) delete values[stateField];
  const derived = table.derived.some((column) => input[column.field] !== undefined);
  const tenant = table.tenantFields.some((field) => input[field] !== undefined);
  // One half of a polymorphic reference is checked with the other half as stored.
  const subject = table.subjects.some((column) => column.field in values || column.def.subjectOf! in values);
  const readFirst =
    key !== undefined || ifMatch !== undefined || requested !== undefined || derived || tenant || subject;
  return optimistically(db, async (session) => {
    let current: StoredRecord | undefined;
    let changes = values;
    if (readFirst) {
      const [found] = await session.read([{ sql: table.findSql, args: [id, ctx.companyId] }]);
      if (!found!.rows[0]) throw notFound(kind, id);
      current = toRecord(table, found!.rows[0]);
      checkIfMatch(current, ifMatch);
      checkTenant(ctx, table, input);
      if (derived) checkDerivedWrites(table, input, current, undefined);
      if (requested !== undefined) {
        checkRequestedState(kind, current, requested);
        changes = transitionValues(kind.name as KindName, current, requested, values);
      }
    }
    const plan = updatePlan(
      table,
      ctx.companyId,
      ctx.now(),
      id,
      changes,
      referencesOf(table, changes, current),
      current,
    );
    const statements = [plan.statement];
    if (key)
      statements.push(
        changed(1),
        ...keyStatements(key, { status: 200, body: JSON.stringify(plan.record), location: null }),
      );
    const applied = await applyPlan(session, table, statements, key);
    const row = "results" in applied ? applied.results[0]!.rows[0] : undefined;
    if (row) return toRecord(table, row);
    // Written nothing: the record is gone or changed since it was read, or a reference names no record.
    const now = await findRecord(db, ctx.companyId, kind, id);
    if (!now) throw notFound(kind, id);
    if (current && etagOf(now) !== etagOf(current)) throw new StaleRead();
    await checkReferences({ ...ctx, db }, table, changes, now);
    throw new StaleRead();
  });
}

/**
 * Delete of a kind without a write rule, with the records it owns, in one batch that guards against
 * records referring to them (then a read names them: 409). With If-Match, the record is read first and
 * deleted only while it is still what was read.
 */
export function deletePlain({
  ctx,
  db,
  kind,
  key,
  id,
  ifMatch,
}: PlainWrite & { id: number; ifMatch?: string | undefined }): Promise<void> {
  const table = tableFor(kind);
  return optimistically(db, async (session) => {
    const statements: InStatement[] = [];
    let current: StoredRecord | undefined;
    if (ifMatch !== undefined) {
      const [found] = await session.read([{ sql: table.findSql, args: [id, ctx.companyId] }]);
      if (!found!.rows[0]) throw notFound(kind, id);
      current = toRecord(table, found!.rows[0]);
      checkIfMatch(current, ifMatch);
      statements.push(unchangedGuard(table, ctx.companyId, current));
    }
    statements.push(...deletePlan(table, ctx.companyId, { sql: "?", args: [id] }), changed(1));
    if (key) statements.push(...keyStatements(key, { status: 204, body: "", location: null }));
    const applied = await applyPlan(session, table, statements, key);
    if ("results" in applied) return;
    const now = await findRecord(db, ctx.companyId, kind, id);
    if (!now) throw notFound(kind, id);
    if (current && etagOf(now) !== etagOf(current)) throw new StaleRead();
    const blockers = await blockersOf({ ...ctx, db }, kind, [id]);
    if (blockers.length) throw stillReferenced(blockers);
    throw new StaleRead();
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
