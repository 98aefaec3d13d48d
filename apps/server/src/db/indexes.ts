import type { Table } from "./tables.ts";

/**
 * An index of a kind's table: `company_id`, then `columns` (a column's name, or an expression such as
 * `lower(sku)`), then, as in every SQLite index, the row's id. The migrations create these (`ddl.ts`),
 * and whether a read walks many rows is told from them (`indexServes`): one declaration for both.
 */
export interface KindIndex {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique: boolean;
}

/**
 * The indexes of a kind's table: by id and by creation time; each reference (one that leads a unique
 * set is found through that set's index, one index fewer to write on every insert); each lookup field,
 * each caseless lookup (on its lowercase), each unique set.
 */
export function kindIndexes(table: Table): readonly KindIndex[] {
  const t = table.name;
  const { kind } = table;
  const columnOf = (field: string) => table.byField.get(field)!.name;
  const plain = (name: string, columns: string[]) => ({ name, columns, unique: false });
  const leading = new Set((kind.unique ?? []).map((fields) => fields[0]));
  return [
    plain(`${t}_company_id`, ["id"]),
    plain(`${t}_company_created`, ["created_at"]),
    ...table.columns
      .filter((column) => column.def.type === "ref" && !leading.has(column.field))
      .map((column) => plain(`${t}_${column.name}`, [column.name])),
    ...(kind.lookups ?? []).map((field) => plain(`${t}_${columnOf(field)}`, [columnOf(field)])),
    ...(kind.caselessLookups ?? []).map((field) =>
      plain(`${t}_${columnOf(field)}_caseless`, [`lower(${columnOf(field)})`]),
    ),
    ...(kind.unique ?? []).map((fields) => {
      const columns = fields.map(columnOf);
      return { name: `${t}_unique_${columns.join("_")}`, columns, unique: true };
    }),
  ];
}

/** The statement that creates `index` on `table`. */
export function createIndexSql(table: string, index: KindIndex): string {
  const unique = index.unique ? "UNIQUE " : "";
  return `CREATE ${unique}INDEX ${index.name} ON ${table} (company_id, ${index.columns.join(", ")})`;
}

/**
 * How an index can use a condition on a column: `equal` pins one value (`= ?`, `IS NULL`), `in` a few
 * (`IN (...)`), `range` a run of values (`> ?`, `IS NOT NULL`); `none` is checked on each row read
 * (`!=`, `LIKE`, a condition on another table's column).
 */
export type Seek = "equal" | "in" | "range" | "none";

/** A condition of a read: on which column, and how an index can use it. */
export interface ReadTerm {
  readonly column: string;
  readonly seek: Seek;
}

/**
 * What a read of a company's rows asks of its table: its conditions, and the column it is ordered by
 * (then by id in the same direction); absent for an order of several columns, which no index is taken
 * to keep.
 */
export interface ReadShape {
  readonly terms: readonly ReadTerm[];
  readonly order: string | undefined;
}

/**
 * Whether a unique index pins the read to a few rows, each of its columns by one value (`equal`) or a
 * few (`in`), some by a few: at most as many rows as those values make. SQLite does not count on an
 * `IN`'s values being few, and may rather walk every row of the company in an index that keeps the
 * read's order; such a read's order is written so that no index keeps it (`+column`), and the rows are
 * found through the unique index and sorted.
 */
export function fewRowsBy(indexes: readonly KindIndex[], read: ReadShape): boolean {
  if (!read.terms.some((term) => term.seek === "in")) return false;
  const pinned = (seek: Seek) =>
    new Set(read.terms.filter((term) => term.seek === seek).map((term) => term.column));
  const one = pinned("equal");
  const few = pinned("in");
  return indexes.some(
    (index) =>
      index.unique &&
      index.columns.some((column) => few.has(column) && !one.has(column)) &&
      index.columns.every((column) => one.has(column) || few.has(column)),
  );
}

/**
 * Whether the indexes serve the read, so that it reads about what it answers: at most a few rows by id
 * (`= ?` or `IN`) or by every column of a unique set (`fewRowsBy`); or, in an order an index keeps (the
 * id, a column that leads an index, or the one that follows the columns the read pins), either the
 * matches of an equality or `IN` seek into an index (the other conditions checked on those), or a run
 * of the order's own column. Any other read walks every record of the company, checking a condition no
 * index holds on each (`!=`, `LIKE`, a field with no index, a range on one field ordered by another),
 * or sorts them all by an order no index keeps.
 */
export function indexServes(indexes: readonly KindIndex[], read: ReadShape): boolean {
  const pinned = new Set(read.terms.filter((term) => term.seek === "equal").map((term) => term.column));
  const byId = read.terms.some(
    (term) => term.column === "id" && (term.seek === "equal" || term.seek === "in"),
  );
  const oneRow = indexes.some((index) => index.unique && index.columns.every((column) => pinned.has(column)));
  if (byId || oneRow || fewRowsBy(indexes, read)) return true;
  const leads = (column: string) => column === "id" || indexes.some((index) => index.columns[0] === column);
  const { order } = read;
  const kept =
    order !== undefined &&
    (leads(order) || indexes.some((index) => index.columns.find((column) => !pinned.has(column)) === order));
  const seeks = read.terms.some(
    (term) => (term.seek === "equal" || term.seek === "in") && leads(term.column),
  );
  const runOfOrder = read.terms.every((term) => term.column === read.order && term.seek !== "none");
  return kept && (seeks || runOfOrder);
}
