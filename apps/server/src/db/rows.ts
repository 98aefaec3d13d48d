import type { Column, Table } from "./tables.ts";

export type StoredRecord = Record<string, unknown> & { id: number; createdAt: string; updatedAt: string };

function decode(column: Column, value: unknown): unknown {
  if (value === null || value === undefined)
    return column.def.keepsNull ? null : (column.def.default ?? null);
  switch (column.def.type) {
    case "integer":
    case "ref":
    case "number":
      return Number(value);
    case "money":
      return Number(value) / 100;
    case "boolean":
      return Number(value) !== 0;
    case "array":
    case "object":
    case "map":
    case "json":
      return JSON.parse(String(value));
    case "string":
      return column.def.secret ? shownOf(String(value)) : String(value);
    default:
      return String(value);
  }
}

/**
 * A secret column's value as reads show it: its hint. The column rests at the hint; a row a write
 * returns holds the written form (`v1:<n><hint>...`, see `secret-sql.ts`), whose hint is taken.
 */
function shownOf(value: string): string {
  if (!value.startsWith("v1:")) return value;
  return [...value.slice(4)].slice(0, Number(value[3])).join("");
}

/** A column's value read as text, or null (a row of a table that is not a kind's, a computed column). */
export function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A row (selected with `table.selectList`) as the API returns it. */
export function toRecord(table: Table, row: Readonly<Record<string, unknown>>): StoredRecord {
  let read = readers.get(table);
  if (read === undefined) {
    read = readerOf(table);
    readers.set(table, read);
  }
  return read(row);
}

/** Reads a row of one table's `selectList` into its record. */
type RecordReader = (row: Readonly<Record<string, unknown>>) => StoredRecord;

/** Each table's reader, made at its first row. */
const readers = new WeakMap<Table, RecordReader>();
/**
 * The readers made from code, by kind and columns: a table narrowed to some fields (`narrowed`) is an
 * object of its own each read, and its reader is made once for every read of those fields.
 */
const made = new Map<string, RecordReader>();
/** Whether this runtime makes functions from code (Node and Deno; a Worker may not). */
let makesCode: boolean | undefined;

function readerOf(table: Table): RecordReader {
  makesCode ??= (() => {
    try {
      return new Function("return true")() === true;
    } catch {
      return false;
    }
  })();
  if (!makesCode) return (row) => anyRecord(table, row);
  const key = `${table.kind.name}\n${table.selectList}`;
  let read = made.get(key);
  if (read === undefined) {
    read = madeReader(table);
    made.set(key, read);
  }
  return read;
}

/**
 * A table's reader as a function made from code, whose object literal names the record's fields in
 * `anyRecord`'s order and reads the row's columns by name: its property accesses see one table's rows
 * only, where `anyRecord`'s loops see every table's. A page of 50 carriers took about 2.5 µs to read
 * instead of 12.
 */
function madeReader(table: Table): RecordReader {
  const field = (name: string) => (name === "__proto__" ? '["__proto__"]' : JSON.stringify(name));
  const value = (column: string) => `row[${JSON.stringify(column)}]`;
  // As `anyRecord` sets them: the blank record's fields in their order, then each field set in turn.
  const values = new Map(Object.keys(table.blank).map((name) => [name, "null"]));
  values.set("id", `Number(${value("id")})`);
  values.set("createdAt", `String(${value("created_at")})`);
  values.set("updatedAt", `String(${value("updated_at")})`);
  for (const [i, column] of table.columns.entries()) {
    values.set(column.field, `decode(columns[${i}], ${value(column.name)})`);
  }
  for (const name of table.tenantFields) values.set(name, `Number(${value("company_id")})`);
  const fields = [...values].map(([name, read]) => `${field(name)}: ${read}`);
  const make = new Function("decode", "columns", `return (row) => ({ ${fields.join(", ")} });`) as (
    read: typeof decode,
    columns: readonly Column[],
  ) => RecordReader;
  return make(decode, table.columns);
}

/**
 * A row as its record, field by field: where no function can be made from code (a Worker). It reads a
 * row as the made readers do (`test/operations/record-readers.test.ts` compares them).
 */
export function anyRecord(table: Table, row: Readonly<Record<string, unknown>>): StoredRecord {
  // A copy of the kind's blank record, its fields then set: the same order, and fast properties however
  // many fields the kind has (see `Table.blank`).
  const record: Record<string, unknown> = { ...table.blank };
  record.id = Number(row.id);
  record.createdAt = String(row.created_at);
  record.updatedAt = String(row.updated_at);
  for (const column of table.columns) record[column.field] = decode(column, row[column.name]);
  for (const field of table.tenantFields) record[field] = Number(row.company_id);
  return record as StoredRecord;
}

/** A value as it reads back once its column has stored it. */
export function storedAs(column: Column, value: unknown): unknown {
  return decode(column, encode(column, value));
}

/** A field value as its column stores it. */
export function encode(column: Pick<Column, "def">, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (column.def.type) {
    case "money":
      return Math.round(Number(value) * 100);
    case "boolean":
      return value ? 1 : 0;
    case "array":
    case "object":
    case "map":
    case "json":
      return JSON.stringify(value);
    case "datetime":
      return (value instanceof Date ? value : new Date(String(value))).toISOString();
    default:
      return typeof value === "number" ? value : String(value);
  }
}
