/**
 * The SQL that writes a kind's record, one builder for every writer: the generic verbs' single
 * statements (create, update, delete) and the write plans' (`WritePlan.insert`, `update`). Statements
 * are `sql` fragments (text and arguments together); pure: nothing here runs SQL.
 *
 * References to the company's records are checked inside the statement that writes them (an INSERT or
 * UPDATE that writes no row when one names no record of the company), so a create needs no read first;
 * when it writes nothing, a second pass names the failing field (`checkReferences`).
 */
import type { InValue } from "@libsql/client";
import { kindByName } from "@multichannel/schema";
import { encode, type StoredRecord, storedAs, toRecord } from "../db/rows.ts";
import { COMPANY, Sql, type SqlValue, sql } from "../db/sql.ts";
import { type Column, listedReferrers, referrers, type Table, tableFor } from "../db/tables.ts";
import { guardOf } from "../db/write-guards.ts";
import { ApiError, type FieldError } from "../errors.ts";

/**
 * Text of an answer to keep with a write: as it is, or an SQL expression that makes it in the batch, for
 * an answer that holds ids the database gives only then (a create's own id).
 */
export type AnswerText = string | Sql;

/**
 * A record's reference to check: `field` names record `id` of `target`. A list item's field is named
 * by its place (`prices.3.variantId`).
 */
interface ReferenceCheck {
  field: string;
  target: Table;
  id: number;
}

/**
 * The references that `values` set (with `current`, for an update: a polymorphic reference's kind and
 * id may come one from each). A kind name that names no kind is a 422 at once, or added to `errors`.
 */
export function referencesOf(
  table: Table,
  values: Record<string, unknown>,
  current: Record<string, unknown> = {},
  errors?: FieldError[],
): ReferenceCheck[] {
  const checks: ReferenceCheck[] = [];
  for (const [field, value] of Object.entries(values)) {
    const column = table.byField.get(field);
    if (column?.def.type !== "ref" || value === null || value === undefined) continue;
    if (current[field] === value) continue;
    checks.push({ field, target: tableFor(kindByName(column.def.ref!)!), id: Number(value) });
  }
  for (const { field, def } of table.subjects) {
    const kindField = def.subjectOf!;
    if (!(field in values) && !(kindField in values)) continue;
    const id = field in values ? values[field] : current[field];
    const kindName = kindField in values ? values[kindField] : current[kindField];
    if (id === null || id === undefined) continue;
    // A subject as the record has it is not checked again: an error or a comment outlives its subject.
    if (id === current[field] && kindName === current[kindField]) continue;
    const target = typeof kindName === "string" ? kindByName(kindName) : undefined;
    if (!target) {
      const message = `names no kind of record ("${String(kindName)}")`;
      if (errors) {
        errors.push({ path: kindField, message });
        continue;
      }
      throw new ApiError("validation_failed", "A reference names no record of yours.", {
        errors: [{ path: kindField, message }],
      });
    }
    checks.push({ field, target: tableFor(target), id: Number(id) });
  }
  for (const { field, item, ref } of table.listedReferences) {
    const list = values[field];
    if (!Array.isArray(list)) continue;
    // An update checks the ids its list adds, as it checks a reference it changes.
    const had = new Set(listedIds(current[field], item));
    const target = tableFor(kindByName(ref)!);
    list.forEach((entry, index) => {
      const id = entry?.[item];
      if (typeof id === "number" && !had.has(id))
        checks.push({ field: `${field}.${index}.${item}`, target, id });
    });
  }
  return checks;
}

/** The ids that a list's items name in their field `item`. */
function listedIds(list: unknown, item: string): unknown[] {
  return Array.isArray(list) ? list.map((entry) => entry?.[item]) : [];
}

/** The ids the checks name, by the table they are in, each once. */
export function idsByTarget(checks: readonly ReferenceCheck[]): Map<Table, number[]> {
  const byTarget = new Map<Table, Set<number>>();
  for (const { target, id } of checks) {
    const ids = byTarget.get(target);
    if (ids) ids.add(id);
    else byTarget.set(target, new Set([id]));
  }
  return new Map([...byTarget].map(([target, ids]) => [target, [...ids]]));
}

/**
 * SQL answering the ids among `ids` that name records of `target` of the company: one id compared as
 * such, more (a list's items, up to its length) passed as one JSON argument.
 */
export function foundIdsSql(target: Table, ids: readonly number[]): Sql {
  return ids.length === 1
    ? sql`SELECT id FROM ${sql.id(target.name)} WHERE id = ${ids[0]!} AND company_id = ${sql.company}`
    : sql`SELECT id FROM ${sql.id(target.name)} WHERE company_id = ${sql.company} AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * SQL that holds when every reference names a record of the company: one condition a table (a chain of
 * a thousand, one a list item, would be deeper than SQLite parses).
 */
export function referencesExist(checks: readonly ReferenceCheck[]): Sql {
  return sql.join(
    [...idsByTarget(checks)].map(([target, ids]) =>
      ids.length === 1
        ? sql`EXISTS (${foundIdsSql(target, ids)})`
        : sql`(SELECT count(*) FROM (${foundIdsSql(target, ids)})) = ${ids.length}`,
    ),
    " AND ",
  );
}

/** The pieces of text around a row's values, made once per table and use (see `Sql.shared`). */
const texts = new WeakMap<Table, Map<string, readonly string[]>>();
function textsOf(table: Table, use: string, make: () => readonly string[]): readonly string[] {
  let byUse = texts.get(table);
  if (!byUse) {
    byUse = new Map();
    texts.set(table, byUse);
  }
  let made = byUse.get(use);
  if (!made) {
    made = Sql.shared(make());
    byUse.set(use, made);
  }
  return made;
}

/**
 * The INSERT of a record's row: company, timestamps, then every column in order (`stored`). Answers the
 * row when `returning`; with `where`, it writes none unless `where` holds (its references exist).
 */
export function insertSql(
  table: Table,
  now: string,
  stored: readonly InValue[],
  options: { returning?: boolean; where?: Sql } = {},
): Sql {
  const values: SqlValue[] = [COMPANY, now, now, ...stored];
  const returning = (): string => (options.returning ? ` RETURNING ${table.selectList}` : "");
  if (options.where) {
    const head = textsOf(table, "insert-select", () => [
      `INSERT INTO ${table.name} (${table.insertColumns}) SELECT `,
      ...values.slice(1).map(() => ", "),
    ]);
    return sql`${new Sql([...head, " WHERE "], values)}${options.where}${sql.raw(returning())}`;
  }
  return new Sql(
    textsOf(table, options.returning ? "insert-returning" : "insert", () => [
      `INSERT INTO ${table.name} (${table.insertColumns}) VALUES (`,
      ...values.slice(1).map(() => ", "),
      `)${returning()}`,
    ]),
    values,
  );
}

/** A new record's values as they are stored: defaults filled in, encoded by column. */
export function storedValues(
  table: Table,
  values: Record<string, unknown>,
  now: string,
): (string | number | null)[] {
  return table.columns.map((column) =>
    encode(
      column,
      values[column.field] !== undefined
        ? values[column.field]
        : column.def.defaultNow
          ? now
          : column.def.default,
    ),
  );
}

/** A row as the database would answer it, from the values written. */
export function rowOf(
  table: Table,
  id: number,
  createdAt: string,
  updatedAt: string,
  stored: unknown[],
): Record<string, unknown> {
  const row: Record<string, unknown> = { id, created_at: createdAt, updated_at: updatedAt };
  table.columns.forEach((column, i) => {
    row[column.name] = stored[i];
  });
  return row;
}

export interface InsertPlan {
  /** The INSERT, answering the new row; it writes none when a reference names no record of the company. */
  statement: Sql;
  /** Whether the statement depends on references (else it always writes its row). */
  checked: boolean;
  /** The record as it will read, but for its id (0): for an answer made before the batch runs. */
  record(): StoredRecord;
}

/** Inserts a record of `table` for the company, defaults filled in, references checked in the statement. */
export function insertPlan(
  table: Table,
  companyId: number,
  now: string,
  values: Record<string, unknown>,
  checks: readonly ReferenceCheck[],
): InsertPlan {
  const stored = storedValues(table, values, now);
  // Made only for an answer kept before the batch runs (an Idempotency-Key's): not on every create.
  const record = () => {
    const made = toRecord(table, rowOf(table, 0, now, now, stored));
    for (const field of table.tenantFields) made[field] = companyId;
    return made;
  };
  const where = checks.length ? referencesExist(checks) : undefined;
  return {
    statement: insertSql(table, now, stored, { returning: true, ...(where ? { where } : {}) }),
    checked: where !== undefined,
    record,
  };
}

export interface UpdatePlan {
  /**
   * The UPDATE, answering the row; it writes none when the record is gone, a reference names no record
   * of the company, or (with `current`) the record is no longer what was read.
   */
  statement: Sql;
  /** The record as it will read, when `current` was read. */
  record?: StoredRecord;
}

/** What a NULL in `column` reads as, encoded: its field's default (null for none, or `keepsNull`). */
function defaultOf(column: Column): string | number | null {
  return column.def.keepsNull ? null : encode(column, column.def.default);
}

/**
 * A column as a record reads it, in SQL: a column whose field has a default reads as that default when
 * NULL (`decode`), so it is compared as `COALESCE(column, default)`: a NULL stored and the default sent
 * or read are the same value.
 */
function asRead(column: Column): string {
  const fallback = defaultOf(column);
  if (fallback === null) return column.name;
  const literal = typeof fallback === "number" ? String(fallback) : `'${fallback.replaceAll("'", "''")}'`;
  return `COALESCE(${column.name}, ${literal})`;
}

/** SQL that holds while the record is what was read (`current`): every column as it was. */
export function unchanged(table: Table, current: StoredRecord): Sql {
  return new Sql(
    textsOf(table, "unchanged", () => [
      "updated_at IS ",
      ...table.columns.map((column) => ` AND ${asRead(column)} IS `),
      "",
    ]),
    [current.updatedAt, ...table.columns.map((column) => encode(column, current[column.field]))],
  );
}

/**
 * Whether `value` leaves field `column` of record `current` as it is: it reads back as the record has
 * it. A secret is stored as the written form (`domain/secrets.ts`), never as the hint a record shows: one
 * sent is a change.
 */
function keeps(column: Column, current: StoredRecord, value: unknown): boolean {
  const after = column.def.secret ? value : storedAs(column, value);
  return encode(column, after) === encode(column, current[column.field]);
}

/**
 * Whether setting `values` on record `current` (as read) leaves it as it is. Such an update writes
 * nothing, `updatedAt` included, so that the record's ETag stays and no event is written: every writer of
 * a record asks this (`updatePlain`, `WritePlan.update`); an UPDATE made without reading first asks it in
 * its statement (`updateSql`'s `changing`).
 */
export function changesNothing(
  table: Table,
  current: StoredRecord,
  values: Record<string, unknown>,
): boolean {
  for (const field in values) {
    const column = table.byField.get(field);
    if (!column) throw new Error(`${table.kind.name} has no field ${field}`);
    if (!keeps(column, current, values[field])) return false;
  }
  return true;
}

/** Aborts the batch unless record `current` is still what was read. */
export function unchangedGuard(table: Table, current: StoredRecord): Sql {
  return guardOf(
    sql`EXISTS (SELECT 1 FROM ${sql.id(table.name)} WHERE id = ${current.id} AND company_id = ${sql.company} AND ${unchanged(table, current)})`,
  );
}

/**
 * The UPDATE setting `values` (encoded by column) of record `id` and its `updated_at`; with `where`, only
 * while it holds (the record as read, its references); when `changing`, only while the row does not hold
 * every value already (`changesNothing`, for a record not read). Answers the row when `returning`.
 */
export function updateSql(
  table: Table,
  now: string,
  id: number,
  values: readonly (readonly [string, InValue])[],
  options: { returning?: boolean; changing?: boolean; where?: readonly Sql[] } = {},
): Sql {
  const where = options.where ?? [];
  const returning = options.returning ? ` RETURNING ${table.selectList}` : "";
  // The text around the values, made once per table and set of fields written (and its RETURNING, when
  // nothing follows the values): an update is the request path's most common write.
  let use = "update";
  for (const [field] of values) use += ` ${field}`;
  if (options.changing) use += " changing";
  if (!where.length && options.returning) use += " returning";
  const texts = textsOf(table, use, () => {
    const columns = values.map(([field]) => {
      const column = table.byField.get(field);
      if (!column) throw new Error(`${table.kind.name} has no field ${field}`);
      return column;
    });
    const names = columns.map((column) => column.name);
    // `changing`: ` AND NOT (a IS ? AND b IS ?)`, the values again (no values change nothing: ` AND 0`).
    const asIs = options.changing
      ? columns.map((column, i) => `${i ? " AND " : " AND NOT ("}${asRead(column)} IS `)
      : [];
    const asIsEnd = options.changing ? (names.length ? ")" : " AND 0") : "";
    return [
      `UPDATE ${table.name} SET updated_at = `,
      ...names.map((name) => `, ${name} = `),
      " WHERE id = ",
      " AND company_id = ",
      ...asIs,
      asIsEnd + (where.length ? "" : returning),
    ];
  });
  const set: SqlValue[] = [now, ...values.map(([, value]) => value), id, COMPANY];
  if (options.changing) {
    for (const [field, value] of values) set.push(value ?? defaultOf(table.byField.get(field)!));
  }
  if (!where.length) return new Sql(texts, set);
  const conditions = sql.join(
    where.map((condition) => sql` AND ${condition}`),
    "",
  );
  return sql`${new Sql(texts, set)}${conditions}${sql.raw(returning)}`;
}

/**
 * Sets `values` of record `id`. With `current` (the record as read), the statement also requires the
 * record to be unchanged since (an optimistic guard), and the new record is known before it runs; the
 * caller writes nothing where `current` holds the values already (`changesNothing`). Without it, the
 * statement writes only a row that does not hold them all already.
 */
export function updatePlan(
  table: Table,
  now: string,
  id: number,
  values: Record<string, unknown>,
  checks: readonly ReferenceCheck[],
  current?: StoredRecord,
): UpdatePlan {
  const encoded: (readonly [string, string | number | null])[] = [];
  for (const field in values) {
    const column = table.byField.get(field);
    if (!column) throw new Error(`${table.kind.name} has no field ${field}`);
    encoded.push([field, encode(column, values[field])]);
  }
  const where: Sql[] = [];
  if (current) where.push(unchanged(table, current));
  if (checks.length) where.push(referencesExist(checks));
  const statement = updateSql(table, now, id, encoded, { returning: true, changing: !current, where });
  if (!current) return { statement };
  const record: StoredRecord = { ...current, updatedAt: now };
  for (const field in values) record[field] = storedAs(table.byField.get(field)!, values[field]);
  return { statement, record };
}

/**
 * Deletes records `ids` of `table` and, recursively, the records they own (a sale's items); the batch
 * is aborted by a guard when any other record refers to one of them (`blocked`, then a read names them).
 * `ids` is SQL answering the ids, so that owned records are found inside the batch.
 */
export function deletePlan(table: Table, ids: Sql): Sql[] {
  const statements: Sql[] = [];
  for (const { table: referrer, column } of referrers.get(table.kind.name) ?? []) {
    const where = sql`company_id = ${sql.company} AND ${sql.id(column.name)} IN (${ids})`;
    if (referrer.kind.owner?.field === column.field && referrer !== table) {
      statements.push(...deletePlan(referrer, sql`SELECT id FROM ${sql.id(referrer.name)} WHERE ${where}`));
      continue;
    }
    const self = referrer === table ? sql` AND id NOT IN (${ids})` : sql``;
    statements.push(guardOf(sql`NOT EXISTS (SELECT 1 FROM ${sql.id(referrer.name)} WHERE ${where}${self})`));
  }
  for (const { table: referrer, column, item } of listedReferrers.get(table.kind.name) ?? []) {
    statements.push(guardOf(sql`NOT EXISTS (${listingRecords(referrer, column, item, ids)})`));
  }
  statements.push(
    sql`DELETE FROM ${sql.id(table.name)} WHERE company_id = ${sql.company} AND id IN (${ids})`,
  );
  return statements;
}

/**
 * SQL selecting the ids of the records of `table` whose list `column` has an item whose `item` is one of
 * `ids` (a price list naming a variant among its prices): read through each record's list, as no index
 * holds the ids inside a list.
 */
export function listingRecords(table: Table, column: Column, item: string, ids: Sql): Sql {
  return sql`SELECT t.id FROM ${sql.id(table.name)} t, json_each(t.${sql.id(column.name)}) j WHERE t.company_id = ${sql.company} AND j.value ->> ${`$.${item}`} IN (${ids})`;
}

/** A create's answer, and its Location, around the id the batch gives the record (see `AnswerText`). */
export function createdAnswer(
  record: StoredRecord,
  location: string,
): { body: AnswerText; location: AnswerText } {
  const text = JSON.stringify({ ...record, id: 0 });
  const head = '{"id":0';
  if (!text.startsWith(head)) throw new Error("A record's JSON starts with its id.");
  return {
    body: sql`${'{"id":'} || last_insert_rowid() || ${text.slice(head.length)}`,
    location: sql`${`${location}/`} || last_insert_rowid() || ${".json"}`,
  };
}
