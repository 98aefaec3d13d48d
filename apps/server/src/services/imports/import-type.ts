/**
 * What an import type is: the columns it reads, and how a batch of rows is read and planned. The
 * runner (`runner.ts`) reads the file, hands each batch's rows to the type, and applies what it
 * planned as one batch with the import's counts and progress.
 */
import { type DataImport, fieldSchema } from "@multichannel/schema";
import * as v from "valibot";
import { type Sql, sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { quotedCell } from "../../domain/failures.ts";
import type { Reads, Snapshot } from "../../domain/reads.ts";
import { column, type KindName, kind, type RecordOf, table } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { fieldErrors } from "../../errors.ts";
import type { ColumnDef } from "./columns.ts";

/**
 * A data row of the file: its number (the header is row 1), its cells as read, by column name, and the
 * file's own header of each column read (`Vendor SKU` for `sku`), by column name.
 */
export interface ImportRow {
  readonly number: number;
  readonly raw: readonly string[];
  readonly cells: Readonly<Record<string, string | undefined>>;
  readonly columns: Readonly<Record<string, string>>;
}

/** Column `name` as the file's header writes it (`Qty` for `quantity`). */
export function columnNamed(row: ImportRow, name: string): string {
  return row.columns[name] || name;
}

/**
 * The cell of column `name` as a row's message names it: the column as the file's header writes it
 * (`columnNamed`) and the cell as written (`quotedCell`), `Qty "2.5"`; the column alone when empty.
 */
export function cellNamed(row: ImportRow, name: string): string {
  const column = columnNamed(row, name);
  const cell = row.cells[name];
  if (cell === undefined) return column;
  return `${column} "${quotedCell(cell)}"`;
}

/**
 * `values` as the API's own validator `schema` takes them, or what is wrong with them as a row's
 * message: the first failing field and why (`email must be an e-mail address`), else `subject` and why.
 * With `columns` (the column of `row` each field is read from), a field is named as its cell
 * (`cellNamed`: `Vendor SKU "…" must be at most 100 characters`).
 */
export function validated(
  schema: v.GenericSchema,
  values: unknown,
  subject: string,
  from?: { row: ImportRow; columns: Readonly<Record<string, string>> },
): { ok: true; output: unknown } | { ok: false; problem: string } {
  const parsed = v.safeParse(schema, values, { abortPipeEarly: true });
  if (parsed.success) return { ok: true, output: parsed.output };
  const [error] = fieldErrors(parsed.issues);
  // A field's own path, or its member's (`transformFrom.1`): the column it is read from.
  const column = error && from?.columns[error.path.split(".")[0]!];
  const named = column ? cellNamed(from.row, column) : (error?.path ?? subject);
  return { ok: false, problem: `${named} ${error?.message ?? "is not valid"}` };
}

// Built on first use and kept: the validators of the fields that imports set from a cell.
const validators = new Map<string, v.GenericSchema>();

/**
 * The row's failure, naming the cell of `column` as written (`quotedCell`), when
 * `value` (read from that cell) is not a valid `field` of `kindName` as the API's validator of that field
 * says; else undefined.
 */
export function refused(
  row: ImportRow,
  kindName: KindName,
  field: string,
  column: string,
  value: string,
): RowOutcome | undefined {
  const key = `${kindName}.${field}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = fieldSchema(kind(kindName).fields[field]!);
    validators.set(key, validator);
  }
  const parsed = v.safeParse(validator, value, { abortPipeEarly: true });
  if (parsed.success) return undefined;
  const message = fieldErrors(parsed.issues)[0]?.message ?? "is not valid";
  return failed(row, `${cellNamed(row, column)} ${message}`);
}

/** What became of a row: `added` (a record created), `updated`, `skipped` (nothing to change), `error`. */
export type RowOutcome =
  | { readonly outcome: "added" | "updated" }
  | { readonly outcome: "skipped" | "error"; readonly message: string };

export interface ImportType<R extends Reads = Reads> {
  readonly required: readonly ColumnDef[];
  readonly optional: readonly ColumnDef[];
  /**
   * The columns whose cell every row must fill (absent: the required ones): a row that leaves one
   * empty fails alone, `<column> is empty`, before the type reads or plans it.
   */
  readonly filled?: readonly ColumnDef[];
  /** Rows a batch holds at most: the rows of one write. */
  readonly batchRows: number;
  /** Rows that apply together or not at all (a sale's lines), by key; absent: each row alone. */
  groupOf?(row: ImportRow): string;
  /**
   * Names in the rows made ids before the batch's write is read (a sale's channel, by name or id),
   * in one read of its own; the write reads and holds the records named.
   */
  resolve?(ctx: Ctx, rows: readonly ImportRow[]): Promise<readonly ImportRow[]>;
  /** Why the import cannot run as it was asked (a field it needs not set), before its file is read. */
  check?(dataImport: DataImport): string | undefined;
  /**
   * What a batch of rows reads, by name (one pipeline; `dataImport` and `lease` are the runner's), for
   * the import as it started.
   */
  reads(rows: readonly ImportRow[], dataImport: DataImport): R;
  /**
   * Plans the rows from the snapshot: one outcome per row, in order. A row that fails is planned not
   * at all (its checks come before its writes); a failure only a whole group's planning finds is
   * thrown, and the runner applies that group alone to tell it.
   */
  plan(args: {
    ctx: Ctx;
    dataImport: DataImport;
    rows: readonly ImportRow[];
    read: Snapshot<R>;
    plan: WritePlan;
  }): RowOutcome[] | Promise<RowOutcome[]>;
}

/** An import type, its snapshot's type kept where it is written and erased in the map of types. */
export const importType = <R extends Reads>(type: ImportType<R>) => type as ImportType;

/** The distinct values of a column among the rows, as one JSON argument (`json_each`). */
export function valuesOf(rows: readonly ImportRow[], name: string, normal = (text: string) => text): string {
  const values = new Set<string>();
  for (const row of rows) {
    const cell = row.cells[name];
    if (cell !== undefined) values.add(normal(cell));
  }
  return JSON.stringify([...values]);
}

/** SQL: `field` of `kindName`'s records is one of the JSON list `values` (lowercased: `caseless`). */
export function fieldAmong<N extends KindName>(
  kindName: N,
  field: keyof RecordOf<N> & string,
  values: string,
  caseless = false,
): Sql {
  const name = sql.id(column(table(kindName), field));
  const value = caseless ? sql`lower(${name})` : name;
  return sql`${value} IN (SELECT value FROM json_each(${values}))`;
}

/**
 * An import type's name after its article, as a sentence says it: `an inventory_feed import`, `a
 * stock_take import`, `an hs_code import` (said "aitch-ess"). `capital`: to start a sentence.
 */
export function anImport(importType: string | null, capital = false): string {
  const article = /^([aeiou]|hs_)/.test(importType ?? "") ? "an" : "a";
  const name = `${article} ${importType ?? "untyped"} import`;
  return capital ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

/** The row's failure, as its message says it. */
export const failed = (row: ImportRow, message: string): RowOutcome => ({
  outcome: "error",
  message: `Row ${row.number}: ${message}`,
});

/** A row left out, and why. */
export const skipped = (row: ImportRow, message: string): RowOutcome => ({
  outcome: "skipped",
  message: `Row ${row.number}: ${message}`,
});

/** A whole number in a cell (`-3`, `+12`), else undefined. */
export function wholeNumberOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^[+-]?[0-9]{1,9}$/.test(text)) return undefined;
  return Number(text);
}

/** An amount of money in a cell (`12`, `12.5`, `1,234.50`: at most 2 decimals, not negative), else undefined. */
export function moneyOf(text: string | undefined): number | undefined {
  const plain = text?.replace(/^\$/, "").replace(/,(?=[0-9]{3}(\D|$))/g, "");
  if (plain === undefined || !/^[0-9]{1,12}(\.[0-9]{1,2})?$/.test(plain)) return undefined;
  return Number(plain);
}
