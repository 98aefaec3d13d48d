/**
 * Columns of an import file, matched by header: case, spaces, underscores and dashes do not matter
 * (`Cost Price`, `cost_price`, `COST-PRICE`), and each column takes its common other names.
 */

/** A column an import type reads: its name (as documented) and the other headers taken for it. */
export interface ColumnDef {
  readonly name: string;
  readonly aliases?: readonly string[];
}

/** Where each column an import reads is in the file's rows, by its documented name. */
export type ColumnPlaces = ReadonlyMap<string, number>;

const key = (header: string) =>
  header
    .replace(/^\ufeff/, "")
    .replace(/[\s_-]+/g, "")
    .toLowerCase();

/**
 * The place of each of `columns` in `header`; `missing`: the required ones no header names (by their
 * documented names), which stops the import.
 */
export function matchColumns(
  header: readonly string[],
  required: readonly ColumnDef[],
  optional: readonly ColumnDef[],
): { places: ColumnPlaces; missing: string[] } {
  const byKey = new Map<string, number>();
  header.forEach((text, index) => {
    if (!byKey.has(key(text))) byKey.set(key(text), index);
  });
  const places = new Map<string, number>();
  const placeOf = (column: ColumnDef) =>
    [column.name, ...(column.aliases ?? [])]
      .map((name) => byKey.get(key(name)))
      .find((at) => at !== undefined);
  const missing: string[] = [];
  for (const column of [...required, ...optional]) {
    const at = placeOf(column);
    if (at !== undefined) places.set(column.name, at);
    else if (required.includes(column)) missing.push(column.name);
  }
  return { places, missing };
}

/** The header of each column read, as the file writes it (trimmed), by column name. */
export function headersOf(places: ColumnPlaces, header: readonly string[]): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [name, at] of places) named[name] = header[at]!.replace(/^\ufeff/, "").trim();
  return named;
}

/**
 * A cell as the service writes it formula-safe (`'-2`, `'=A1`: the files of failed rows, exports) reads
 * as its value, so that such a file, fixed, imports again.
 */
const FORMULA_SAFE = /^'(?=[=+\-@\t\r])/;

/** A data row's cells by column name (trimmed; an empty or absent cell is undefined). */
export function cellsOf(places: ColumnPlaces, row: readonly string[]): Record<string, string | undefined> {
  const cells: Record<string, string | undefined> = {};
  for (const [name, at] of places) {
    const text = row[at]?.trim().replace(FORMULA_SAFE, "");
    cells[name] = text ? text : undefined;
  }
  return cells;
}
