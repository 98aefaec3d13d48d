/**
 * Write plans of the generic verbs (create, update, delete of a kind's record): statements computed from
 * what the request sent and what was read, for one batch (`Db.write`). Pure: nothing here runs SQL.
 *
 * References to the company's records are checked inside the statement that writes them (an INSERT or
 * UPDATE that writes no row when one names no record of the company), so a create needs no read first;
 * when it writes nothing, a second pass names the failing field (`checkReferences`).
 */
import type { InStatement, InValue, Row } from "@libsql/client";
import { kindByName } from "@multichannel/schema";
import { encode, type StoredRecord, storedAs, toRecord } from "../db/rows.ts";
import { referrers, type Table, tableFor } from "../db/tables.ts";
import { guard } from "../db/write-guards.ts";
import { ApiError, type FieldError } from "../errors.ts";

/**
 * Text of an answer to keep with a write: as it is, or an SQL expression that makes it in the batch, for
 * an answer that holds ids the database gives only then (a create's own id).
 */
export type AnswerText = string | { sql: string; args: InValue[] };

/** A record's reference to check: `field` names record `id` of `target`. */
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
    checks.push({ field, target: tableFor(kindByName(column.def.ref!)!), id: value as number });
  }
  for (const { field, def } of table.subjects) {
    const kindField = def.subjectOf!;
    if (!(field in values) && !(kindField in values)) continue;
    const id = field in values ? values[field] : current[field];
    const kindName = kindField in values ? values[kindField] : current[kindField];
    if (id === null || id === undefined) continue;
    const target = typeof kindName === "string" ? kindByName(kindName) : undefined;
    if (!target) {
      const message = `"${String(kindName)}" is not a kind of record.`;
      if (errors) {
        errors.push({ path: kindField, message });
        continue;
      }
      throw new ApiError("validation_failed", "A reference names no record of yours.", {
        errors: [{ path: kindField, message }],
      });
    }
    checks.push({ field, target: tableFor(target), id: id as number });
  }
  return checks;
}

/** SQL that holds when every reference names a record of the company. */
function referencesExist(checks: readonly ReferenceCheck[], companyId: number, args: InValue[]): string {
  return checks
    .map(({ target, id }) => {
      args.push(id, companyId);
      return `EXISTS (SELECT 1 FROM ${target.name} WHERE id = ? AND company_id = ?)`;
    })
    .join(" AND ");
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
): Row {
  const row: Record<string, unknown> = { id, created_at: createdAt, updated_at: updatedAt };
  table.columns.forEach((column, i) => {
    row[column.name] = stored[i];
  });
  return row as Row;
}

export interface InsertPlan {
  /** The INSERT, answering the new row; it writes none when a reference names no record of the company. */
  statement: InStatement;
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
  const args: InValue[] = [companyId, now, now, ...stored];
  // Made only for an answer kept before the batch runs (an Idempotency-Key's): not on every create.
  const record = () => {
    const made = toRecord(table, rowOf(table, 0, now, now, stored));
    for (const field of table.tenantFields) made[field] = companyId;
    return made;
  };
  if (!checks.length) return { statement: { sql: table.insertSql, args }, checked: false, record };
  const names = ["company_id", "created_at", "updated_at", ...table.columns.map((column) => column.name)];
  const condition = referencesExist(checks, companyId, args);
  return {
    statement: {
      sql: `INSERT INTO ${table.name} (${names.join(", ")}) SELECT ${names.map(() => "?").join(", ")} WHERE ${condition} RETURNING ${table.selectList}`,
      args,
    },
    checked: true,
    record,
  };
}

export interface UpdatePlan {
  /**
   * The UPDATE, answering the row; it writes none when the record is gone, a reference names no record
   * of the company, or (with `current`) the record is no longer what was read.
   */
  statement: InStatement;
  /** The record as it will read, when `current` was read. */
  record?: StoredRecord;
}

/** SQL that holds while the record is what was read (`current`): every column as it was. */
export function unchanged(table: Table, current: StoredRecord, args: InValue[]): string {
  args.push(current.updatedAt);
  const same = ["updated_at IS ?"];
  for (const column of table.columns) {
    args.push(encode(column, current[column.field]));
    same.push(`${column.name} IS ?`);
  }
  return same.join(" AND ");
}

/** Aborts the batch unless record `current` is still what was read. */
export function unchangedGuard(table: Table, companyId: number, current: StoredRecord): InStatement {
  const args: InValue[] = [current.id, companyId];
  const condition = unchanged(table, current, args);
  return guard(`EXISTS (SELECT 1 FROM ${table.name} WHERE id = ? AND company_id = ? AND ${condition})`, args);
}

/**
 * Sets `values` of record `id`. With `current` (the record as read), the statement also requires the
 * record to be unchanged since (an optimistic guard), and the new record is known before it runs.
 */
export function updatePlan(
  table: Table,
  companyId: number,
  now: string,
  id: number,
  values: Record<string, unknown>,
  checks: readonly ReferenceCheck[],
  current?: StoredRecord,
): UpdatePlan {
  const sets = ["updated_at = ?"];
  const args: InValue[] = [now];
  for (const [field, value] of Object.entries(values)) {
    const column = table.byField.get(field);
    if (!column) throw new Error(`${table.kind.name} has no field ${field}`);
    sets.push(`${column.name} = ?`);
    args.push(encode(column, value));
  }
  const where = ["id = ?", "company_id = ?"];
  args.push(id, companyId);
  if (current) where.push(unchanged(table, current, args));
  if (checks.length) where.push(referencesExist(checks, companyId, args));
  const statement = {
    sql: `UPDATE ${table.name} SET ${sets.join(", ")} WHERE ${where.join(" AND ")} RETURNING ${table.selectList}`,
    args,
  };
  if (!current) return { statement };
  const record: StoredRecord = { ...current, updatedAt: now };
  for (const [field, value] of Object.entries(values))
    record[field] = storedAs(table.byField.get(field)!, value);
  return { statement, record };
}

/**
 * Deletes records `ids` of `table` and, recursively, the records they own (a sale's items); the batch
 * is aborted by a guard when any other record refers to one of them (`blocked`, then a read names them).
 * `ids` is SQL answering the ids (with `args`), so that owned records are found inside the batch.
 */
export function deletePlan(
  table: Table,
  companyId: number,
  ids: { sql: string; args: InValue[] },
): InStatement[] {
  const statements: InStatement[] = [];
  for (const { table: referrer, column } of referrers.get(table.kind.name) ?? []) {
    const where = `company_id = ? AND ${column.name} IN (${ids.sql})`;
    if (referrer.kind.owner?.field === column.field && referrer !== table) {
      statements.push(
        ...deletePlan(referrer, companyId, {
          sql: `SELECT id FROM ${referrer.name} WHERE ${where}`,
          args: [companyId, ...ids.args],
        }),
      );
      continue;
    }
    const self = referrer === table ? ` AND id NOT IN (${ids.sql})` : "";
    statements.push(
      guard(`NOT EXISTS (SELECT 1 FROM ${referrer.name} WHERE ${where}${self})`, [
        companyId,
        ...ids.args,
        ...(self ? ids.args : []),
      ]),
    );
  }
  statements.push({
    sql: `DELETE FROM ${table.name} WHERE company_id = ? AND id IN (${ids.sql})`,
    args: [companyId, ...ids.args],
  });
  return statements;
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
    body: { sql: "? || last_insert_rowid() || ?", args: ['{"id":', text.slice(head.length)] },
    location: { sql: "? || last_insert_rowid() || ?", args: [`${location}/`, ".json"] },
  };
}
