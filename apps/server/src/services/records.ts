import type { InStatement, Row } from "@libsql/client";
import { type KindDef, sameFactsOf, withSameFacts } from "@multichannel/schema";
import { type Executor, firstRow, type WriteSession } from "../db/database.ts";
import { type StoredRecord, toRecord } from "../db/rows.ts";
import { type Sql, sql } from "../db/sql.ts";
import { type Column, listedReferrers, referrers, type Table, tableFor } from "../db/tables.ts";
import { changed, failedGuard, optimistically, StaleRead } from "../db/write-guards.ts";
import { movesCalledUrl, withCredentialsBound } from "../domain/bound-credentials.ts";
import type { Ctx } from "../domain/context.ts";
import { type Read, type Reads, readNamed, rows, type Snapshot, storedRecord } from "../domain/reads.ts";
import {
  changesNothing,
  createdAnswer,
  deletePlan,
  foundIdsSql,
  idsByTarget,
  insertPlan,
  listingRecords,
  referencesOf,
  unchangedGuard,
  updatePlan,
} from "../domain/record-plans.ts";
import { sameFactValues } from "../domain/same-facts.ts";
import { stateConflict } from "../domain/states.ts";
import { kindNameOf, notFound, uniqueConflict } from "../domain/store.ts";
import { transitionValues } from "../domain/transitions.ts";
import { type StoredRule, writeRuleOf } from "../domain/write-rules/index.ts";
import { ApiError, type FieldError, namesNoRecord, refusedField } from "../errors.ts";
import { andThen, type Eventually } from "../eventually.ts";
import { executeWrite } from "./execute.ts";
import { keyInUse, keyStatements, type PendingKey } from "./idempotency.ts";
import type { ListQuery } from "./list-query.ts";

/** A content hash of a record: its ETag. Any change to any field changes it. */
export function etagOf(record: StoredRecord): string {
  return etagOfText(JSON.stringify(record));
}

/**
 * Where a text's UTF-8 is written to be hashed: an ASCII text's bytes (most JSON's) are its UTF-16 code
 * units, and read from bytes the loop takes about a third fewer instructions than with `charCodeAt`.
 */
const encoder = new TextEncoder();
const BYTES = new Uint8Array(16_384);

/**
 * The ETag of a record from its JSON text (saves a second serialization when answering it): two 32-bit
 * multiplicative hashes of its UTF-16 code units, each mixed with the other at the end, as 16 hex digits
 * in quotes. The value for a text never changes, so that clients keep the ETags they hold across
 * upgrades.
 *
 * Its constants are written where they are used, as the signed 32-bit values `Math.imul` takes: the
 * bundler turns a module's constants into variables, which the optimized loop would load and check on
 * every character (twice the instructions). The digits are made as one string of character codes, not
 * joined from pieces that Node would flatten again to write the header.
 */
export function etagOfText(text: string): string {
  const length = text.length;
  const bytes = BYTES;
  let h1 = -559038737; // 0xdeadbeef
  let h2 = 1103547991; // 0x41c6ce57
  let i = 0;
  // All of it read into as many bytes as it has code units: every one of them ASCII.
  const encoded = length <= bytes.length ? encoder.encodeInto(text, bytes) : undefined;
  if (encoded !== undefined && encoded.read === length && encoded.written === length) {
    // Four at a time: a quarter fewer instructions than one at a time.
    for (const whole = length & ~3; i < whole; i += 4) {
      const a = bytes[i]!;
      const b = bytes[i + 1]!;
      const c = bytes[i + 2]!;
      const d = bytes[i + 3]!;
      h1 = Math.imul(
        Math.imul(Math.imul(Math.imul(h1 ^ a, -1640531535) ^ b, -1640531535) ^ c, -1640531535) ^ d,
        -1640531535,
      );
      h2 = Math.imul(
        Math.imul(Math.imul(Math.imul(h2 ^ a, 1597334677) ^ b, 1597334677) ^ c, 1597334677) ^ d,
        1597334677,
      );
    }
    for (; i < length; i++) {
      h1 = Math.imul(h1 ^ bytes[i]!, -1640531535);
      h2 = Math.imul(h2 ^ bytes[i]!, 1597334677);
    }
  } else {
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, -1640531535);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), -2048144789) ^ Math.imul(h2 ^ (h2 >>> 13), -1028477387);
  h2 = Math.imul(h2 ^ (h2 >>> 16), -2048144789) ^ Math.imul(h1 ^ (h1 >>> 13), -1028477387);
  return String.fromCharCode(
    34,
    hexDigit(h2 >>> 28),
    hexDigit(h2 >>> 24),
    hexDigit(h2 >>> 20),
    hexDigit(h2 >>> 16),
    hexDigit(h2 >>> 12),
    hexDigit(h2 >>> 8),
    hexDigit(h2 >>> 4),
    hexDigit(h2),
    hexDigit(h1 >>> 28),
    hexDigit(h1 >>> 24),
    hexDigit(h1 >>> 20),
    hexDigit(h1 >>> 16),
    hexDigit(h1 >>> 12),
    hexDigit(h1 >>> 8),
    hexDigit(h1 >>> 4),
    hexDigit(h1),
    34,
  );
}

/** The character code of the hex digit of a value's lowest four bits. */
function hexDigit(value: number): number {
  const nibble = value & 15;
  return nibble < 10 ? 48 + nibble : 87 + nibble;
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
  return andThen(firstRow(db, table.find(id, companyId)), (row) => (row ? toRecord(table, row) : undefined));
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
  const checks = referencesOf(table, values, current, errors);
  const found = new Map<Table, Set<number>>();
  for (const [target, ids] of idsByTarget(checks)) {
    const { rows } = await ctx.db.execute(foundIdsSql(target, ids).statementFor(ctx.companyId));
    found.set(target, new Set(rows.map((row) => Number(row.id))));
  }
  for (const { field, target, id } of checks) {
    if (!found.get(target)?.has(id))
      errors.push({ path: field, message: namesNoRecord(target.kind.name, id) });
  }
  if (errors.length)
    throw new ApiError("validation_failed", "A reference names no record of yours.", { errors });
}

/**
 * The reads that find the records the plain references of `values` name (a polymorphic one is checked
 * in the batch), for a planned write to answer a missing one with a 422 before its rule looks at it.
 */
function referenceReads(table: Table, values: Record<string, unknown>) {
  const checks = referencesOf(table, values).filter(
    ({ field }) => !table.subjects.some((c) => c.field === field),
  );
  // Not held: the batch checks each reference it writes (`referencesExist`). One read a table named.
  const reads: Record<string, Read<ReadonlySet<number>>> = {};
  for (const [target, ids] of idsByTarget(checks)) {
    reads[`references.${target.name}`] = rows(
      foundIdsSql(target, ids),
      (found) => new Set(found.map((row) => Number(row.id))),
    );
  }
  return {
    reads,
    /** The 422 for the references the reads did not find, but those `current` has. */
    check(read: Snapshot<Reads>, current: Record<string, unknown> = {}) {
      const errors: FieldError[] = [];
      checks.forEach(({ field, target, id }) => {
        const found = read[`references.${target.name}`];
        if (current[field] !== id && found instanceof Set && !found.has(id))
          errors.push({ path: field, message: namesNoRecord(target.kind.name, id) });
      });
      if (errors.length)
        throw new ApiError("validation_failed", "A reference names no record of yours.", { errors });
    },
  };
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
  performs: StoredRule["performs"],
): void {
  for (const column of table.derived) {
    const sent = input[column.field];
    if (sent === undefined) continue;
    const has = current[column.field];
    if (sameValue(column, sent, has) || performs?.(column.field, sent, current)) continue;
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
  throw refusedField(
    states.field,
    `must be ${allowed.join(" or ")} on a new ${kind.name}: later states come through its actions`,
  );
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

type Blocker = { kind: string; count: number };

function stillReferenced(blockers: readonly Blocker[]): ApiError {
  const names = blockers.map((blocker) => `${blocker.count} ${blocker.kind}`).join(", ");
  return new ApiError("conflict", `Still referenced by ${names}: delete or change those first.`, {
    references: [...blockers],
  });
}

/**
 * The records, by kind, that refer to the records `ids` selects or to the records they own (recursively).
 * The owned records are named by a subquery, never bound one by one: a feed's 100,000 items are one
 * `IN (SELECT ...)`.
 */
async function blockersOf(ctx: Ctx, kind: KindDef, ids: Sql): Promise<Blocker[]> {
  const blockers: Blocker[] = [];
  for (const { table, column } of referrers.get(kind.name) ?? []) {
    const where = sql`company_id = ${sql.company} AND ${sql.id(column.name)} IN (${ids})`;
    if (table.kind.owner?.field === column.field && table.kind !== kind) {
      const owned = sql`SELECT id FROM ${sql.id(table.name)} WHERE ${where}`;
      blockers.push(...(await blockersOf(ctx, table.kind, owned)));
      continue;
    }
    const others = table.kind === kind ? sql` AND id NOT IN (${ids})` : sql``;
    const count = sql`SELECT count(*) AS n FROM ${sql.id(table.name)} WHERE ${where}${others}`;
    const result = await ctx.db.execute(count.statementFor(ctx.companyId));
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) blockers.push({ kind: table.kind.name, count: n });
  }
  for (const { table, column, item } of listedReferrers.get(kind.name) ?? []) {
    const count = sql`SELECT count(DISTINCT id) AS n FROM (${listingRecords(table, column, item, ids)})`;
    const result = await ctx.db.execute(count.statementFor(ctx.companyId));
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) blockers.push({ kind: table.kind.name, count: n });
  }
  return blockers;
}

// ---------------------------------------------------------------------------------------------- writes
// Every write is an optimistic plan: its statements are planned from the request and what it read (one
// pipeline), and sent as one batch with the Idempotency-Key's claim and answer when one was sent; a
// guard that finds something read changed since makes the batch stale, and it is planned again.
//
// A kind without a write rule (or a verb its rule does not plan) is written plainly: a create or an
// update is one statement that checks the record's references itself (one round trip on the remote
// database; two with If-Match, a state, a derived value or a key), a delete one (two with If-Match). A
// verb its rule plans (`WriteRule.planCreate`, `planUpdate`, `planDelete`) reads the record with what
// the rule needs in one pipeline and writes everything (the record, its parent's books, stock) in one
// batch: two round trips.

interface RecordWrite {
  ctx: Ctx;
  kind: KindDef;
  /** An Idempotency-Key's first use: claimed, with the answer, in the write's batch. */
  key?: PendingKey | undefined;
}

type Input = Record<string, unknown>;

/** The rule of a kind, if it has one. */
const ruleOf = (kind: KindDef): StoredRule | undefined => writeRuleOf(kind.name);

/** The values a write sends, checked by the kind's rule first where it checks them without reading. */
function checked<T>(ctx: Ctx, kind: KindDef, values: Input, input: Input, then: (values: Input) => T) {
  const check = ruleOf(kind)?.check;
  if (!check) return then(values);
  return check({ ctx, values, input }).then((values) => then(values as Input));
}

/**
 * A plain write's batch: `written`, the INSERT or UPDATE whose RETURNING row is the record as written
 * (none for a delete, or for an update that changes nothing), then `after`: its guards and, with a key,
 * the key's statements, its own guard last.
 */
interface PlainBatch {
  written?: InStatement;
  after: InStatement[];
}

/**
 * Applies a plain write's batch: answers the row `written` returned (none when it matched no row), or
 * `undefined` when a guard refused the batch (the key's own guard is a 409: another request holds the
 * key). Other failures are mapped (a UNIQUE clash: 409) or thrown.
 */
async function applyPlain(
  session: WriteSession,
  table: Table,
  { written, after }: PlainBatch,
  key: PendingKey | undefined,
): Promise<{ row: Row | undefined } | undefined> {
  const statements = written ? [written, ...after] : after;
  try {
    const results = await session.apply(statements);
    if (key) key.answered = true;
    return { row: written ? results[0]!.rows[0] : undefined };
  } catch (error) {
    const index = failedGuard(error);
    if (index === undefined) throw uniqueConflict(error, table) ?? error;
    if (key && index === statements.length - 1) throw keyInUse();
    return undefined;
  }
}

/** Create: the input is a validated create body. Answers the record as created. */
export function createRecord({ ctx, kind, key, input }: RecordWrite & { input: Input }) {
  const table = tableFor(kind);
  checkTenant(ctx, table, input);
  const values = writableValues(table, input);
  checkCreatedState(kind, values);
  return checked(ctx, kind, values, input, (values) => {
    const planner = ruleOf(kind)?.planCreate;
    const args = { ctx, kind, key, table, values };
    return planner ? createPlanned({ ...args, planner, input }) : createPlain(args);
  });
}

/** A create of a kind whose rule does not plan it: one INSERT that checks the references itself. */
function createPlain({ ctx, kind, key, table, values }: RecordWrite & { table: Table; values: Input }) {
  const plan = insertPlan(table, ctx.companyId, ctx.now(), values, referencesOf(table, values));
  const batch: PlainBatch = { written: plan.statement.statementFor(ctx.companyId), after: [] };
  if (key) {
    if (plan.checked) batch.after.push(changed(1));
    const answer = createdAnswer(plan.record(), `${ctx.baseUrl}/${kind.plural}`);
    batch.after.push(...keyStatements(key, { status: 200, ...answer }));
  }
  return optimistically(ctx.db, async (session) => {
    const row = (await applyPlain(session, table, batch, key))?.row;
    if (row) return toRecord(table, row);
    // Written nothing: a reference names no record of the company (said here), or it did no longer.
    await checkReferences(ctx, table, values);
    throw new StaleRead();
  });
}

/** A create the kind's rule plans, with everything it brings up to date (a purchase's books). */
function createPlanned({
  planner,
  table,
  values,
  input,
  ...write
}: RecordWrite & {
  planner: NonNullable<StoredRule["planCreate"]>;
  table: Table;
  values: Input;
  input: Input;
}) {
  const { ctx, kind } = write;
  const own = planner.reads({ values });
  // With reads to make anyway, the references are found in the same pipeline (a 422 before the rule
  // looks at the values); else the batch's guards find them, and a failed one is named after.
  const references = Object.keys(own).length ? referenceReads(table, values) : undefined;
  return executeWrite(write, {
    reads: { ...own, ...references?.reads },
    plan(read, plan) {
      references?.check(read);
      plan.referencesExist(kindNameOf(kind), values);
      return planner.plan({ ctx, values, input, read, plan });
    },
    kept: (record, plan) => ({
      status: 200,
      body: plan.answerText(record),
      location: plan.answerText(`${ctx.baseUrl}/${kind.plural}/${record.id}.json`),
    }),
    // A reference that names no record of the company is a 422; else what was read changed.
    explain: () => checkReferences(ctx, table, values),
  });
}

/**
 * Partial update of the writable fields sent; read-only fields and timestamps in the input are ignored.
 * A state sent is a transition request (clients PUT back what they read: the same state is none).
 */
export function updateRecord({
  ctx,
  kind,
  key,
  id,
  input,
  ifMatch,
}: RecordWrite & { id: number; input: Input; ifMatch?: string | undefined }) {
  const table = tableFor(kind);
  const values = writableValues(table, input);
  const stateField = kind.states?.field;
  const requested = stateField && stateField in values ? String(values[stateField]) : undefined;
  if (stateField) delete values[stateField];
  return checked(ctx, kind, values, input, (values) => {
    const planner = ruleOf(kind)?.planUpdate;
    const args = { ctx, kind, key, table, id, values, input, ifMatch, requested };
    const planned = planner && (!planner.fields || planner.fields.some((field) => field in values));
    return planned ? updatePlanned({ ...args, planner }) : updatePlain(args);
  });
}

interface UpdateArgs extends RecordWrite {
  table: Table;
  id: number;
  values: Input;
  input: Input;
  ifMatch?: string | undefined;
  requested: string | undefined;
}

/**
 * What an update writes, from the record as read: If-Match, derived values and the requested state
 * checked, the state's transition added.
 */
function changesOf(
  { ctx, kind, table, values, input, ifMatch, requested }: UpdateArgs,
  current: StoredRecord,
): Input {
  checkIfMatch(current, ifMatch);
  checkTenant(ctx, table, input);
  if (table.derived.some((column) => input[column.field] !== undefined)) {
    checkDerivedWrites(table, input, current, ruleOf(kind)?.performs);
  }
  // One fact sent under its two names with different values: the one that changes the record is meant.
  const facts = sameFactsOf(kind).length ? sameFactValues(kindNameOf(kind), values, current) : values;
  // A credential sent when the server calls out goes to no other origin than the one it was given for.
  const both = withCredentialsBound(kind, current, facts);
  if (requested === undefined) return both;
  checkRequestedState(kind, current, requested);
  return transitionValues(kindNameOf(kind), current, requested, both);
}

/**
 * An update of a kind whose rule does not plan it: one UPDATE that checks references itself, and writes
 * only a record it changes. Where the answer or a check needs the record (If-Match, a requested state or
 * derived value, a key's answer, nothing to write), it is read first and the UPDATE applies only while
 * the record is still what was read; one that would change nothing is answered as read.
 */
function updatePlain(args: UpdateArgs) {
  const { ctx, kind, key, table, id, values, input, ifMatch, requested } = args;
  const derived = table.derived.some((column) => input[column.field] !== undefined);
  // One half of a polymorphic reference is checked with the other half as stored.
  const subject = table.subjects.some((column) => column.field in values || column.def.subjectOf! in values);
  const tenant = table.tenantFields.some((field) => input[field] !== undefined);
  // Two names of one fact sent with different values: the record tells which one is meant.
  const twoNames = withSameFacts(kind, values).conflict !== undefined;
  // A URL the server calls, sent: where it pointed tells whether the record's credentials stay.
  const called = movesCalledUrl(kind, values);
  const readFirst =
    key !== undefined ||
    ifMatch !== undefined ||
    requested !== undefined ||
    derived ||
    tenant ||
    subject ||
    twoNames ||
    called ||
    // Nothing to write: the record is read, and answered as it is.
    Object.keys(values).length === 0;
  return optimistically(ctx.db, async (session) => {
    let current: StoredRecord | undefined;
    let changes = values;
    if (readFirst) {
      current = await currentRecord(session, ctx, kind, id);
      changes = changesOf(args, current);
      if (changesNothing(table, current, changes)) return answerUnchanged(session, table, current, key);
    }
    const plan = updatePlan(table, ctx.now(), id, changes, referencesOf(table, changes, current), current);
    const after = key
      ? [
          changed(1),
          ...keyStatements(key, { status: 200, body: JSON.stringify(plan.record), location: null }),
        ]
      : [];
    const written = plan.statement.statementFor(ctx.companyId);
    const row = (await applyPlain(session, table, { written, after }, key))?.row;
    if (row) return toRecord(table, row);
    // Written nothing: the record is gone or changed since it was read, a reference names no record, or
    // (not read first) it holds the values already.
    const now = await findRecord(ctx.db, ctx.companyId, kind, id);
    if (!now) throw notFound(kind, id);
    if (current && etagOf(now) !== etagOf(current)) throw new StaleRead();
    if (changesNothing(table, now, changes)) return now;
    await checkReferences(ctx, table, changes, now);
    throw new StaleRead();
  });
}

/**
 * The answer of an update that changes nothing (`changesNothing`): the record as read, without a write.
 * A key's answer is still kept, in a batch that holds the record as read, as an update's would be.
 */
async function answerUnchanged(
  session: WriteSession,
  table: Table,
  current: StoredRecord,
  key: PendingKey | undefined,
): Promise<StoredRecord> {
  if (!key) return current;
  const after = [
    unchangedGuard(table, current).statementFor(key.companyId),
    ...keyStatements(key, { status: 200, body: JSON.stringify(current), location: null }),
  ];
  if (await applyPlain(session, table, { after }, key)) return current;
  throw new StaleRead();
}

/** An update the kind's rule plans, with everything that depends on the record (its parent's books). */
function updatePlanned(args: UpdateArgs & { planner: NonNullable<StoredRule["planUpdate"]> }) {
  const { ctx, kind, table, id, values, input, planner } = args;
  const references = referenceReads(table, values);
  let changes = values;
  return executeWrite(args, {
    reads: {
      ...planner.reads({ id, values }),
      ...references.reads,
      current: storedRecord(kind, id),
    },
    plan(read, plan) {
      const { current } = read;
      if (!current) throw notFound(kind, id);
      changes = changesOf(args, current);
      references.check(read, current);
      plan.referencesExist(kindNameOf(kind), changes, current);
      const planned = { ctx, values: changes, current: current, input, plan };
      return planner.plan({ ...planned, read });
    },
    kept: (record, plan) => ({ status: 200, body: plan.answerText(record), location: null }),
    async explain() {
      const now = await findRecord(ctx.db, ctx.companyId, kind, id);
      if (now) await checkReferences(ctx, table, changes, now);
    },
  });
}

/**
 * Delete a record, with the records it owns (a sale's items), in one batch that guards against other
 * records referring to them (then a read names them: 409). With If-Match (or a rule that plans the
 * delete), the record is read first and deleted only while it is still what was read.
 */
export function deleteRecord({
  ctx,
  kind,
  key,
  id,
  ifMatch,
}: RecordWrite & { id: number; ifMatch?: string | undefined }) {
  const table = tableFor(kind);
  const planner = ruleOf(kind)?.planDelete;
  const args = { ctx, kind, key, table, id, ifMatch };
  return planner ? deletePlanned({ ...args, planner }) : deletePlain(args);
}

interface DeleteArgs extends RecordWrite {
  table: Table;
  id: number;
  ifMatch?: string | undefined;
}

/** The 409 naming the records that refer to record `id` (or to what it owns), if any do. */
async function explainDelete({ ctx, kind, id }: DeleteArgs): Promise<void> {
  const blockers = await blockersOf(ctx, kind, sql`${id}`);
  if (blockers.length) throw stillReferenced(blockers);
}

/** The record a plain update or delete reads first, in its write's session: 404 when there is none. */
async function currentRecord(
  session: WriteSession,
  ctx: Ctx,
  kind: KindDef,
  id: number,
): Promise<StoredRecord> {
  const read = (statements: readonly InStatement[]) => session.read(statements);
  const { current } = await readNamed(read, { current: storedRecord(kind, id) }, ctx.companyId);
  if (!current) throw notFound(kind, id);
  return current;
}

function deletePlain(args: DeleteArgs): Promise<void> {
  const { ctx, kind, key, table, id, ifMatch } = args;
  return optimistically(ctx.db, async (session) => {
    const statements: InStatement[] = [];
    let current: StoredRecord | undefined;
    if (ifMatch !== undefined) {
      current = await currentRecord(session, ctx, kind, id);
      checkIfMatch(current, ifMatch);
      statements.push(unchangedGuard(table, current).statementFor(ctx.companyId));
    }
    for (const statement of deletePlan(table, sql`${id}`))
      statements.push(statement.statementFor(ctx.companyId));
    statements.push(changed(1));
    if (key) statements.push(...keyStatements(key, { status: 204, body: "", location: null }));
    if (await applyPlain(session, table, { after: statements }, key)) return;
    const now = await findRecord(ctx.db, ctx.companyId, kind, id);
    if (!now) throw notFound(kind, id);
    if (current && etagOf(now) !== etagOf(current)) throw new StaleRead();
    await explainDelete(args);
    throw new StaleRead();
  });
}

/** A delete the kind's rule plans: what it undoes or settles (an allocation, a parent's books) with it. */
function deletePlanned(args: DeleteArgs & { planner: NonNullable<StoredRule["planDelete"]> }): Promise<void> {
  const { ctx, kind, table, id, ifMatch, planner } = args;
  return executeWrite(args, {
    reads: { ...planner.reads({ id }), current: storedRecord(kind, id) },
    plan(read, plan) {
      const { current } = read;
      if (!current) throw notFound(kind, id);
      checkIfMatch(current, ifMatch);
      planner.plan({ ctx, current: current, read, plan });
      for (const statement of deletePlan(table, sql`${id}`)) plan.write(statement);
    },
    kept: () => ({ status: 204, body: "", location: null }),
    explain: () => explainDelete(args),
  });
}

/** A list's `SELECT ... FROM` of each table, made once (a list is read far more often than made). */
const listSelects = new Map<Table, Sql>();
const OF_COMPANY = sql`company_id = ${sql.company}`;

function listSelect(table: Table): Sql {
  let select = listSelects.get(table);
  if (!select) {
    select = sql`SELECT ${sql.raw(table.selectList)} FROM ${sql.id(table.name)}`;
    listSelects.set(table, select);
  }
  return select;
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
  const select = listSelect(table);
  const matching = (where: readonly Sql[]) =>
    where.length ? sql.join([OF_COMPANY, ...where], " AND ") : OF_COMPANY;
  const { byValue } = query;
  const page = sql`LIMIT ${query.limit + 1} OFFSET ${query.from}`;
  let statement: Sql;
  if (byValue) {
    // Each value's rows from its index in id order, up to the page's end; then merged.
    const order = sql.raw(`ORDER BY id ${byValue.descending ? "DESC" : "ASC"}`);
    const end = query.from + query.limit + 1;
    const ofValue = (value: string | number | null) =>
      sql`SELECT * FROM (${select} WHERE ${matching([sql`${sql.raw(byValue.column)} = ${value}`, ...byValue.where])} ${order} LIMIT ${end})`;
    statement = sql`SELECT * FROM (${sql.join(byValue.values.map(ofValue), " UNION ALL ")}) ${order} ${page}`;
  } else {
    statement = sql`${select} WHERE ${matching(query.where)} ORDER BY ${sql.raw(query.orderSql)} ${page}`;
  }
  const result = await ctx.db.execute(statement.statementFor(ctx.companyId));
  const rows = result.rows.slice(0, query.limit);
  return { records: rows.map((row) => toRecord(table, row)), hasMore: result.rows.length > query.limit };
}
