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
