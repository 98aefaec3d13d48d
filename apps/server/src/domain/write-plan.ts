/**
 * A write plan: the statements of one batch, computed from what an operation read (`Db.write`), with the
 * guards that abort the batch when any of that changed before it ran. The domain's functions decide
 * what to write; a plan only records it and applies it.
 *
 * Records a plan inserts have provisional ids (very negative numbers) until the batch runs: the plan's
 * later statements refer to them through `plan_ids`, a table each batch fills with the ids the database
 * gave its rows (a batch holds the write lock, so no other batch sees it), and after the batch `resolve`
 * puts the real ids in whatever the plan answered.
 */
import type { InStatement, InValue, ResultSet } from "@libsql/client";
import type { WriteSession } from "../db/database.ts";
import { encode, type StoredRecord, storedAs, toRecord } from "../db/rows.ts";
import { COMPANY, type Sql, type SqlValue, type Statement, sql } from "../db/sql.ts";
import { type Column, type Table, tableFor } from "../db/tables.ts";
import { changed, failedGuard, guardOf, StaleRead } from "../db/write-guards.ts";
import { propertyOf } from "../errors.ts";
import {
  type AnswerText,
  changesNothing,
  insertSql,
  referencesExist,
  referencesOf,
  rowOf,
  storedValues,
  unchanged,
  unchangedGuard,
  updateSql,
} from "./record-plans.ts";
import {
  asRecord,
  asStored,
  checkStateWrite,
  type KindName,
  kind,
  narrowed,
  PARAMETER_BUDGET,
  type PartOf,
  type RecordOf,
  uniqueConflict,
  type ValuesOf,
} from "./store.ts";

/**
 * Provisional ids are a plan's `base` less the record's slot in the plan (1, 2, ...). The base is drawn
 * per plan, far below any real id and unknown outside the plan, so a value a client sent (a number, or
 * digits in a text) is never taken for one: only a plan's own provisional ids are resolved.
 */
const BASES = 2 ** 31;
const SLOTS = 1_000_000;
const newBase = () => -1_000_000_000_000_000 - Math.floor(Math.random() * BASES) * SLOTS;

/** Parts of an answer's text (between and around its provisional ids) joined by one `||` chain at most. */
const MANY_PARTS = 200;

/** The id of a provisional record inside the batch. */
const ID_OF_SLOT = "(SELECT id FROM plan_ids WHERE slot = ?)";

export class WritePlan {
  /** The plan's statements, after the guards of what it read (`held`). */
  private readonly body: InStatement[] = [];
  /**
   * Guards of what the plan read (`hold`, `holdRecords`, `holdFields`): they run first in the batch,
   * before any of its writes, so they see the records as the plan read them.
   */
  private readonly held: InStatement[] = [];
  /** The table each statement writes, for naming a UNIQUE clash. */
  private readonly tables = new Map<number, Table>();
  /** The statement that inserted each provisional record, by slot. */
  private readonly insertedAt = new Map<number, number>();
  /** A record `insert` made, by slot: its values, which a later `update` of it folds in (`folded`). */
  private readonly insertedValues = new Map<number, { table: Table; values: Record<string, unknown> }>();
  /** Where the last statement of the caller's own is (`write`, `append`): no update folds past it. */
  private lastWritten = -1;
  /** The statements that filled `plan_ids` for a multi-row insert (`insertMany`), answering slot and id. */
  private readonly insertedMany: number[] = [];
  /** Records the plan updates (`kind:id`): guarded by their update. */
  private readonly updated = new Set<string>();
  /** Work the batch waits for (a file's body stored): `beforeBatch`. */
  private readonly awaited: Promise<unknown>[] = [];

  /** The plan's provisional ids: `base - slot`. */
  private readonly base = newBase();
  /** A provisional id of this plan inside text (a stored file's URL, an answer's JSON). */
  private readonly inText = new RegExp(`-${String(-this.base).slice(0, -6)}\\d{6}`, "g");

  constructor(
    readonly companyId: number,
    readonly now: string,
  ) {}

  /** The batch: `plan_ids` emptied, the guards of what was read, the plan's statements. */
  get statements(): InStatement[] {
    return [{ sql: "DELETE FROM plan_ids" }, ...this.held, ...this.body];
  }

  /** Where the plan's own statements start in the batch. */
  private get offset(): number {
    return 1 + this.held.length;
  }

  /** Whether a value is one of this plan's provisional ids. */
  isProvisional(value: unknown): value is number {
    return typeof value === "number" && value <= this.base && value > this.base - SLOTS;
  }

  private slotOf(id: number): number {
    return this.base - id;
  }

  /** Whether text holds one of this plan's provisional ids. */
  private holdsProvisional(text: string): boolean {
    this.inText.lastIndex = 0;
    return this.inText.test(text);
  }

  /**
   * SQL of a column's value whose provisional ids (if it holds one) are the real ones: the column's
   * values are bound as they are (`sql.verbatim`) and looked up here. The plan's range is bound, never
   * written into the text: a statement's text is then the same from one plan to the next, so the
   * embedded database prepares it once and keeps it (a text of its own per plan prepared every bulk
   * insert anew, about 30 KB of SQL for a thousand rows, and kept hundreds of them in memory).
   */
  private idOfProvisional(name: string): Sql {
    const value = sql.raw(name);
    const [low, high] = [sql.verbatim(this.base - SLOTS + 1), sql.verbatim(this.base)];
    return sql`CASE WHEN ${value} BETWEEN ${low} AND ${high} THEN (SELECT id FROM plan_ids WHERE slot = ${high} - ${value}) ELSE ${value} END`;
  }

  /** Notes in `plan_ids` the id that the statement just before gave the record of `slot`. */
  private noteInserted(slot: number): void {
    this.push(sql`INSERT INTO plan_ids (slot, id) VALUES (${slot}, last_insert_rowid())`.statement());
  }

  /** An argument: a provisional id becomes the lookup of its real one. */
  private value(value: InValue, args: InValue[]): string {
    if (this.isProvisional(value)) {
      args.push(this.slotOf(value));
      return ID_OF_SLOT;
    }
    // Text that holds a provisional id (a stored file's URL, a payment's `transferId`) is made in the
    // batch, as an answer's is.
    if (typeof value === "string" && this.holdsProvisional(value)) {
      const made = this.answerText(value);
      if (typeof made !== "string") {
        const statement = this.bound(made);
        args.push(...statement.args);
        return `(${statement.sql})`;
      }
    }
    args.push(value);
    return "?";
  }

  /** A fragment as the batch runs it: the company bound, provisional ids looked up. */
  private bound(fragment: Sql): Statement {
    return fragment.map((value, args) => this.value(value, args), this.companyId);
  }

  private push(statement: InStatement, table?: Table): number {
    this.body.push(statement);
    if (table) this.tables.set(this.body.length - 1, table);
    return this.body.length - 1;
  }

  /**
   * Inserts a record (defaults filled in, read-only fields settable, a state only its initial one or a
   * step from it); answers it as it will read, with a provisional id.
   */
  insert<N extends KindName>(kindName: N, values: ValuesOf<N>): RecordOf<N> {
    const definition = kind(kindName);
    checkStateWrite(definition, values, "insert");
    const table = tableFor(definition);
    const stored = storedValues(table, values as Record<string, unknown>, this.now);
    // No RETURNING (nor on updates): the plan knows the row; its id is the statement's last insert
    // rowid. Rows answered back cost more than the writes (a fifth of a 50-line order's time).
    this.push(this.bound(insertSql(table, this.now, stored)), table);
    const slot = this.insertedAt.size + 1;
    this.insertedAt.set(slot, this.body.length - 1);
    this.insertedValues.set(slot, { table, values: { ...values } });
    this.noteInserted(slot);
    const record = toRecord(table, rowOf(table, this.base - slot, this.now, this.now, stored));
    for (const field of table.tenantFields) record[field] = this.companyId;
    return asRecord(kindName, record);
  }

  /**
   * Sets `values` of `current` (a record read, or inserted by this plan); answers the record as it will
   * read. A record read is written only while it is still as read: else the batch is stale. One that
   * holds the values already is not written (`changesNothing`), only held. Its state only through
   * `transitionValues` (`movesState`).
   */
  update<N extends KindName>(
    kindName: N,
    current: RecordOf<N>,
    values: ValuesOf<N>,
    options: { movesState?: boolean } = {},
  ): RecordOf<N> {
    const definition = kind(kindName);
    if (!options.movesState) checkStateWrite(definition, values, "patch");
    const table = tableFor(definition);
    const stored = asStored(current);
    if (changesNothing(table, stored, values)) {
      // Held where its update would have been, as the update would have held it.
      if (!this.isProvisional(stored.id)) {
        this.updated.add(`${kindName}:${stored.id}`);
        this.push(this.bound(unchangedGuard(table, stored)));
      }
      return current;
    }
    const record: StoredRecord = { ...stored, updatedAt: this.now };
    const encoded = Object.entries(values).map(([field, value]) => {
      const column = table.byField.get(field);
      if (!column) throw new Error(`${kindName} has no field ${field}`);
      record[field] = storedAs(column, value);
      return [field, encode(column, value)] as const;
    });
    this.updated.add(`${kindName}:${record.id}`);
    if (this.folded(record.id, values, encoded)) return asRecord(kindName, record);
    const asRead = this.isProvisional(record.id) ? [] : [unchanged(table, stored)];
    this.push(this.bound(updateSql(table, this.now, record.id, encoded, { where: asRead })), table);
    this.push(changed(1));
    return asRecord(kindName, record);
  }

  /**
   * Folds an update of a record this plan inserted (`insert`) into its INSERT, which then writes the
   * record as the plan leaves it: one statement less, and its `created` event holds the record as
   * answered, not a state no request ever saw followed by an `updated` one. Only when every value can be
   * written where the INSERT is: no provisional id of a record inserted after it (or by `insertMany`, or
   * inside text), whose real id is not known there yet; and when no statement of the caller's own
   * (`write`, `append`: SQL that may change the row) came after it, which would then run on the values
   * the update sets rather than before them. Answers whether it folded.
   */
  private folded(
    id: number,
    values: Record<string, unknown>,
    encoded: readonly (readonly [string, InValue])[],
  ) {
    if (!this.isProvisional(id)) return false;
    const slot = this.slotOf(id);
    const inserted = this.insertedValues.get(slot);
    const at = this.insertedAt.get(slot);
    if (!inserted || at === undefined || this.lastWritten > at) return false;
    for (const [, value] of encoded) {
      if (typeof value === "string" && this.holdsProvisional(value)) return false;
      if (!this.isProvisional(value)) continue;
      const before = this.insertedAt.get(this.slotOf(value));
      if (before === undefined || before < 0 || before >= at) return false;
    }
    inserted.values = { ...inserted.values, ...values };
    const stored = storedValues(inserted.table, inserted.values, this.now);
    this.body[at] = this.bound(insertSql(inserted.table, this.now, stored));
    return true;
  }

  /**
   * Inserts many records of one kind in one statement per chunk (a set-at-a-time import), as
   * `store.insertMany` writes them (the columns any row sets, and those with a default); answers them as
   * they will read, with provisional ids. The rows of one INSERT get consecutive ids, the last the
   * table's largest: `plan_ids` is filled from that.
   */
  insertMany<N extends KindName>(kindName: N, rows: readonly ValuesOf<N>[]): RecordOf<N>[];
  insertMany<N extends KindName, F extends keyof RecordOf<N> & string>(
    kindName: N,
    rows: readonly ValuesOf<N>[],
    fields: readonly F[],
  ): PartOf<N, F>[];
  insertMany(kindName: KindName, rows: readonly Record<string, unknown>[], fields?: readonly string[]) {
    if (!rows.length) return [];
    const definition = kind(kindName);
    const table = tableFor(definition);
    // With `fields`, the records answered hold only those: a thousand rows decode far fewer values.
    const read = narrowed(table, fields);
    const given = new Set<string>();
    for (const row of rows) {
      checkStateWrite(definition, row, "insert");
      for (const field in row) given.add(field);
    }
    const columns = table.columns.filter((c) => given.has(c.field) || c.def.default !== undefined);
    const defaults = columns.map((c) => encode(c, c.def.default));
    const names = ["company_id", "created_at", "updated_at", ...columns.map((c) => c.name)];
    const readAt = read.columns.map((c) => columns.indexOf(c));
    const records: StoredRecord[] = [];
    const size = Math.max(1, Math.floor(PARAMETER_BUDGET / names.length));
    for (let start = 0; start < rows.length; start += size) {
      const part = rows.slice(start, start + size);
      const slots: number[] = [];
      // Columns holding provisional ids: bound as they are and resolved in the statement (one text
      // whichever rows hold them), not each made a lookup of its own.
      const resolved = new Set<number>();
      const tuples = part.map((row) => {
        const stored = columns.map((c, i) => (c.field in row ? encode(c, row[c.field]) : defaults[i]!));
        const values: SqlValue[] = [COMPANY, this.now, this.now];
        for (const [i, value] of stored.entries()) {
          const provisional = this.isProvisional(value);
          if (provisional) resolved.add(i);
          values.push(provisional ? sql.verbatim(value) : value);
        }
        const slot = this.insertedAt.size + 1;
        this.insertedAt.set(slot, -1);
        slots.push(slot);
        const written: Record<string, unknown> = {
          id: this.base - slot,
          created_at: this.now,
          updated_at: this.now,
        };
        read.columns.forEach((column, k) => {
          written[column.name] = readAt[k]! < 0 ? null : stored[readAt[k]!];
        });
        const record = toRecord(read, written);
        for (const field of table.tenantFields) record[field] = this.companyId;
        records.push(record);
        return values;
      });
      const values = sql`VALUES ${sql.rows(tuples)}`;
      const select = names.map((_, n) => {
        const value = `column${n + 1}`;
        return resolved.has(n - 3) ? this.idOfProvisional(value) : sql.raw(value);
      });
      const rowsOf = resolved.size ? sql`SELECT ${sql.join(select)} FROM (${values})` : values;
      this.push(
        this.bound(sql`INSERT INTO ${sql.id(table.name)} (${sql.raw(names.join(", "))}) ${rowsOf}`),
        table,
      );
      this.insertedMany.push(
        this.push(
          sql`INSERT INTO plan_ids (slot, id) SELECT j.value, (SELECT max(id) FROM ${sql.id(table.name)}) - ${slots.length} + 1 + j.key FROM json_each(${JSON.stringify(slots)}) j RETURNING slot, id`.statement(),
        ),
      );
    }
    return records;
  }

  /**
   * Sets `fields` of many records (read with at least those fields), each to its own values, in one
   * statement per chunk: each only while its `fields` and `updatedAt` are as read (else the batch is
   * stale). A state field only through `transitionValues` (`movesState`).
   */
  updateMany<N extends KindName>(
    kindName: N,
    fields: readonly string[],
    changes: readonly { current: { id: number; updatedAt: string }; values: Record<string, unknown> }[],
    options: { movesState?: boolean } = {},
  ): void {
    if (!changes.length) return;
    const definition = kind(kindName);
    if (!options.movesState)
      checkStateWrite(definition, Object.fromEntries(fields.map((field) => [field, null])), "patch");
    const table = tableFor(definition);
    const columns = fields.map((field) => table.byField.get(field)!);
    const names = columns.map((c) => c.name);
    const was = names.map((name) => `was_${name}`);
    const size = Math.max(1, Math.floor(PARAMETER_BUDGET / (2 + 2 * names.length)));
    const at = sql.id(table.name);
    // Every change's row is compared with the record's as read: its `updated_at` and each field set.
    const unchanged = sql.raw(
      names.map((name) => ` AND ${table.name}.${name} IS changes.was_${name}`).join(""),
    );
    for (let start = 0; start < changes.length; start += size) {
      const part = changes.slice(start, start + size);
      // Columns set to provisional ids: bound as they are and resolved in the statement, not each made a
      // lookup of its own.
      const resolved = new Set<number>();
      const tuples = part.map(({ current, values }) => {
        this.updated.add(`${kindName}:${current.id}`);
        const row: SqlValue[] = [current.id, current.updatedAt];
        columns.forEach((c, i) => {
          const value = encode(c, values[c.field]);
          const provisional = this.isProvisional(value);
          if (provisional) resolved.add(i);
          row.push(provisional ? sql.verbatim(value) : value);
        });
        for (const c of columns) row.push(encode(c, (current as Record<string, unknown>)[c.field]));
        return row;
      });
      const sets = names.map((name, i) => {
        const value = `changes.${name}`;
        return sql`${sql.raw(name)} = ${resolved.has(i) ? this.idOfProvisional(value) : sql.raw(value)}`;
      });
      const named = sql.raw(`change_id, was_updated_at, ${names.join(", ")}, ${was.join(", ")}`);
      this.push(
        this.bound(
          sql`WITH changes (${named}) AS (VALUES ${sql.rows(tuples)}) UPDATE ${at} SET ${sql.join(sets)}, updated_at = ${this.now} FROM changes WHERE ${at}.id = changes.change_id AND ${at}.company_id = ${sql.company} AND ${at}.updated_at IS changes.was_updated_at${unchanged}`,
        ),
        table,
      );
      this.push(changed(part.length));
    }
  }

  /**
   * Adds `amount` to a numeric field of a record (read, or inserted by this plan) in the statement
   * itself, never below `floor`: for a count many writers move at once (stock allocated), so the batch
   * relies on the record being there (else it is stale), not on the count read.
   */
  addTo<N extends KindName>(
    kindName: N,
    record: RecordOf<N>,
    field: keyof RecordOf<N> & string,
    amount: number,
    options: { floor?: number } = {},
  ): void {
    const table = tableFor(kind(kindName));
    const column = table.byField.get(field);
    if (!column) throw new Error(`${kindName} has no field ${field}`);
    const id = record.id;
    const value = sql.raw(column.name);
    const added = sql`${value} + ${encode(column, amount)}`;
    const sum = options.floor === undefined ? added : sql`max(${encode(column, options.floor)}, ${added})`;
    this.updated.add(`${kindName}:${id}`);
    this.push(
      this.bound(
        sql`UPDATE ${sql.id(table.name)} SET ${value} = ${sum}, updated_at = ${this.now} WHERE id = ${id} AND company_id = ${sql.company}`,
      ),
      table,
    );
    this.push(changed(1));
  }

  /**
   * `addTo` for many records of one kind at once (each with its own amount; one record's amounts added
   * up): one statement per chunk, relying only on the records being there.
   */
  addToMany<N extends KindName>(
    kindName: N,
    field: keyof RecordOf<N> & string,
    changes: readonly { record: RecordOf<N>; amount: number }[],
    options: { floor?: number } = {},
  ): void {
    const table = tableFor(kind(kindName));
    const column = table.byField.get(field);
    if (!column) throw new Error(`${kindName} has no field ${field}`);
    const amounts = new Map<number, number>();
    for (const { record, amount } of changes) {
      const id = record.id;
      amounts.set(id, (amounts.get(id) ?? 0) + amount);
    }
    const entries = [...amounts];
    const size = Math.max(1, Math.floor(PARAMETER_BUDGET / 2));
    const at = sql.id(table.name);
    const value = sql.raw(column.name);
    const added = sql`${value} + changes.amount`;
    const sum = options.floor === undefined ? added : sql`max(${encode(column, options.floor)}, ${added})`;
    for (let start = 0; start < entries.length; start += size) {
      const part = entries.slice(start, start + size);
      // The records' ids are bound as they are and resolved in the statement (a provisional one is a
      // record this plan inserts).
      const tuples = part.map(([id, amount]) => {
        this.updated.add(`${kindName}:${id}`);
        return [sql.verbatim(id), encode(column, amount)];
      });
      this.push(
        this.bound(
          sql`WITH changes (change_id, amount) AS (SELECT ${this.idOfProvisional("column1")}, column2 FROM (VALUES ${sql.rows(tuples)})) UPDATE ${at} SET ${value} = ${sum}, updated_at = ${this.now} FROM changes WHERE ${at}.id = changes.change_id AND ${at}.company_id = ${sql.company}`,
        ),
        table,
      );
      this.push(changed(part.length));
    }
  }

  /**
   * Holds records the plan read (`reads.ts`): guards, first in the batch, that they are still as read;
   * those the plan updates are guarded by their update already.
   */
  holdRecords<N extends KindName>(kindName: N, records: readonly RecordOf<N>[]): void {
    this.held.push(...this.recordGuards(kindName, records));
  }

  /** Holds `fields` of records the plan read: guards, first in the batch, that they are still as read. */
  holdFields<N extends KindName>(
    kindName: N,
    records: readonly RecordOf<N>[],
    fields: readonly (keyof RecordOf<N> & string)[],
  ): void {
    const pending = records.filter((record) => !this.updated.has(`${kindName}:${record.id}`));
    this.held.push(...this.fieldsGuards(kindName, pending, fields));
  }

  /** Holds a condition on what the plan read (SQL): a guard, first in the batch, that it still holds. */
  hold(condition: Sql): void {
    this.held.push(guardOf(condition).statementFor(this.companyId));
  }

  /**
   * Aborts the batch unless `condition` (SQL) holds where the batch reaches it, after the plan's
   * statements so far: a bound on what they add up to with other writers' (a company's files within its
   * quota), where holding the total read would make every other writer's batch stale.
   */
  guard(condition: Sql): void {
    this.push(this.bound(guardOf(condition)));
  }

  private recordGuards<N extends KindName>(kindName: N, records: readonly RecordOf<N>[]): InStatement[] {
    const table = tableFor(kind(kindName));
    const pending = records.map(asStored).filter((record) => !this.updated.has(`${kindName}:${record.id}`));
    if (!pending.length) return [];
    if (pending.length === 1) return [unchangedGuard(table, pending[0]!).statementFor(this.companyId)];
    return this.readGuards(table, pending, table.columns, true);
  }

  private fieldsGuards<N extends KindName>(
    kindName: N,
    records: readonly RecordOf<N>[],
    fields: readonly (keyof RecordOf<N> & string)[],
  ): InStatement[] {
    const table = tableFor(kind(kindName));
    const columns = fields.map((field) => table.byField.get(field)!);
    return this.readGuards(table, records.map(asStored), columns, false);
  }

  /**
   * Guards that `records` still hold `columns` as read (and their `updated_at` when `stamped`): the
   * values read as a table joined to the rows by id, a statement per `PARAMETER_BUDGET` arguments (a
   * purchase's thousand lines take one or two, never more arguments than SQLite binds).
   */
  private readGuards(
    table: Table,
    records: readonly StoredRecord[],
    columns: readonly Column[],
    stamped: boolean,
  ): InStatement[] {
    const compared = stamped ? 2 : 1;
    const width = compared + columns.length;
    const size = Math.max(1, Math.floor(PARAMETER_BUDGET / width));
    const same = sql.raw(
      (stamped ? " AND now.updated_at IS was.column2" : "") +
        columns.map((column, i) => ` AND now.${column.name} IS was.column${i + compared + 1}`).join(""),
    );
    const statements: InStatement[] = [];
    for (let start = 0; start < records.length; start += size) {
      const part = records.slice(start, start + size);
      const rows = part.map((record) => [
        record.id,
        ...(stamped ? [record.updatedAt] : []),
        ...columns.map((column) => encode(column, record[column.field])),
      ]);
      const held = sql`(SELECT count(*) FROM (VALUES ${sql.rows(rows)}) AS was JOIN ${sql.id(table.name)} AS now ON now.id = was.column1 AND now.company_id = ${sql.company}${same}) = ${part.length}`;
      statements.push(guardOf(held).statementFor(this.companyId));
    }
    return statements;
  }

  /**
   * Aborts the batch unless the company's records of a kind whose `field` is `value` are still exactly
   * `count` (none added or removed since they were read; each one's content is guarded where it is used).
   */
  sameCount(kindName: KindName, where: Record<string, string | number>, count: number): void {
    const table = tableFor(kind(kindName));
    const conditions = [sql`company_id = ${sql.company}`];
    for (const [field, value] of Object.entries(where)) {
      conditions.push(sql`${sql.raw(table.byField.get(field)!.name)} = ${value}`);
    }
    const counted = sql`(SELECT count(*) FROM ${sql.id(table.name)} WHERE ${sql.join(conditions, " AND ")}) = ${count}`;
    this.push(guardOf(counted).statementFor(this.companyId));
  }

  /**
   * Appends statements of the caller's (an idempotency key's): they run last, in the same batch. Answers
   * the index of the last, to tell its guard's failure from others'.
   */
  append(statements: readonly InStatement[]): number {
    for (const statement of statements) this.push(statement);
    this.lastWritten = this.body.length - 1;
    return this.body.length - 1;
  }

  /**
   * A statement of the caller's (a row of a table that is not a kind's: a callout); an argument that is
   * a provisional id becomes the lookup of the real one.
   */
  write(statement: Sql): void {
    this.lastWritten = this.push(statement.map((value, args) => this.value(value, args), this.companyId));
  }

  /**
   * Inserts a row of a table that is not a kind's (a webhook delivery) with `statement`, an INSERT (an
   * argument that is a provisional id becomes the lookup of the real one); answers the row's id,
   * provisional until the batch runs, as a record's.
   */
  insertRow(statement: Sql): number {
    this.write(sql`${statement} RETURNING id`);
    const slot = this.insertedAt.size + 1;
    this.insertedAt.set(slot, this.body.length - 1);
    this.noteInserted(slot);
    return this.base - slot;
  }

  /** Records an event (an action's outcome) with the change, its JSON made in the batch (`answerText`). */
  event(type: string, object: unknown, result: unknown): void {
    const text = (value: unknown) => {
      if (value === undefined) return sql`${null}`;
      const made = this.answerText(value);
      return typeof made === "string" ? sql`${made}` : sql`(${made})`;
    };
    this.write(
      sql`INSERT INTO events (company_id, type, object, result, created_at) VALUES (${sql.company}, ${type}, ${text(object)}, ${text(result)}, ${this.now})`,
    );
  }

  /**
   * Aborts the batch unless every reference `values` sets names a record of the company (for an update,
   * with `current`: those it changes).
   */
  referencesExist(kindName: KindName, values: Record<string, unknown>, current?: StoredRecord): void {
    const checks = referencesOf(tableFor(kind(kindName)), values, current);
    if (checks.length) this.write(guardOf(referencesExist(checks)));
  }

  /**
   * Text of an answer in the batch: JSON whose provisional ids are looked up where the batch gave them
   * (see `AnswerText`).
   */
  answerText(value: unknown): AnswerText {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    const parts = text.split(new RegExp(`(${this.inText.source})`));
    if (parts.length === 1) return text;
    if (parts.length > MANY_PARTS) {
      // Thousands of ids (a 1,000-item import's answer): one argument, not a chain deeper than SQLite takes.
      const items = parts.map((part, i) => (i % 2 === 0 ? part : this.slotOf(Number(part))));
      return sql`SELECT group_concat(CASE WHEN key % 2 = 0 THEN value ELSE (SELECT id FROM plan_ids WHERE slot = value) END, '' ORDER BY key) FROM json_each(${JSON.stringify(items)})`;
    }
    return sql.join(
      parts.map((part, i) =>
        i % 2 === 0 ? sql`${part}` : sql`(SELECT id FROM plan_ids WHERE slot = ${this.slotOf(Number(part))})`,
      ),
      " || ",
    );
  }

  /**
   * Work that must be done before the batch runs (a stored file's body put in the file store, which its
   * row names): the batch waits for it, and does not run if it fails. A plan given up before its batch
   * leaves that work done with nothing naming it (a body pruning deletes as an orphan).
   */
  beforeBatch(work: Promise<unknown>): void {
    // Handled here too: a plan that throws before its batch never awaits it.
    work.catch(() => {});
    this.awaited.push(work);
  }

  /** Resolves once the work before the batch is done (`beforeBatch`); rejects if some of it failed. */
  ready(): Promise<unknown> {
    return Promise.all(this.awaited);
  }

  /**
   * Runs the batch, once the work before it is done. A guard that fails makes the attempt stale
   * (`optimistically` plans it again from a new read); a UNIQUE clash is a 409 naming the fields.
   * Answers the ids the batch gave, for `resolve`.
   */
  async apply(session: WriteSession): Promise<ResolvedIds> {
    await Promise.all(this.awaited);
    let all: ResultSet[];
    const offset = this.offset;
    try {
      all = await session.apply(this.statements);
    } catch (error) {
      // Indices of the plan's own statements (`push`, `append`); a guard of what was read is before them.
      const index = failedGuard(error);
      if (index !== undefined) throw new StaleRead(index - offset);
      const at = propertyOf(error, "statementIndex");
      const table = typeof at === "number" ? this.tables.get(at - offset) : undefined;
      throw (table && uniqueConflict(error, table)) ?? error;
    }
    const results = all.slice(offset);
    const ids = new Map<number, number>();
    for (const [slot, at] of this.insertedAt) {
      if (at < 0) continue;
      const inserted = results[at]!;
      ids.set(this.base - slot, Number(inserted.rows[0]?.id ?? inserted.lastInsertRowid));
    }
    for (const at of this.insertedMany) {
      for (const row of results[at]!.rows) ids.set(this.base - Number(row.slot), Number(row.id));
    }
    return new ResolvedIds(ids, this.inText);
  }
}

/** The real ids of a plan's provisional records, once its batch ran. */
export class ResolvedIds {
  constructor(
    private readonly ids: ReadonlyMap<number, number>,
    /** The plan's provisional ids inside text. */
    private readonly inText: RegExp,
  ) {}

  /** `value` (records, an answer) with each of the plan's provisional ids replaced by the real one. */
  resolve<T>(value: T): T {
    // The same shape, ids replaced: what `replaced` answers for a value is a value of its type.
    return this.replaced(value) as T;
  }

  private replaced(value: unknown): unknown {
    if (typeof value === "number") return this.ids.get(value) ?? value;
    if (typeof value === "string") {
      return value.replace(this.inText, (id) => String(this.ids.get(Number(id)) ?? id));
    }
    if (Array.isArray(value)) return value.map((item) => this.replaced(item));
    if (value && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = this.replaced(item);
      return out;
    }
    return value;
  }
}
