import { type FieldDef, type KindDef, kinds, snakeCase } from "@multichannel/schema";
import { blankOf } from "./blank.ts";
import type { Statement } from "./sql.ts";

/**
 * A row id that is never given again (migration 0031): without AUTOINCREMENT, SQLite gives a new row the
 * highest id plus one, so deleting the newest record made the next one, of any company, take its id, and
 * what named the deleted record (an event, an error's subject, a delivery) named the new one.
 */
export const ROW_ID = "INTEGER PRIMARY KEY AUTOINCREMENT";

/** How a field is stored: its column, SQL type and codec. */
export interface Column {
  readonly field: string;
  readonly name: string;
  readonly def: FieldDef;
  readonly sqlType: "TEXT" | "INTEGER" | "REAL";
  /** JSON-encoded nested value. */
  readonly json: boolean;
}

export interface Table {
  readonly kind: KindDef;
  readonly name: string;
  readonly columns: readonly Column[];
  readonly byField: ReadonlyMap<string, Column>;
  /** `SELECT` list mapping columns back to field order. */
  readonly selectList: string;
  /** Fields whose value names another record: references, and both fields of a polymorphic one. */
  readonly references: ReadonlySet<string>;
  /** Polymorphic references: id fields whose kind another field names. */
  readonly subjects: readonly Column[];
  /**
   * References in a list's items (a price list's `prices[].variantId`): the list's field, the item's
   * field and the kind it names.
   */
  readonly listedReferences: readonly {
    readonly field: string;
    readonly item: string;
    readonly ref: string;
  }[];
  /** The columns a record's INSERT writes, in the order of its values: company, timestamps, every column. */
  readonly insertColumns: string;
  /** The SELECT of one record by id and company (its text made once: the hottest read of all). */
  find(id: number, companyId: number): Statement;
  /** Fields that show the record's company (`companyId`), read from `company_id`. */
  readonly tenantFields: readonly string[];
  /** Columns of derived values a write may only request (`FieldDef.derived`). */
  readonly derived: readonly Column[];
  /** A record of the kind with every field null, in the order records show them (`blankOf`): what `toRecord` copies. */
  readonly blank: Readonly<Record<string, null>>;
}

function sqlType(field: FieldDef): Column["sqlType"] {
  switch (field.type) {
    case "integer":
    case "ref":
    case "money":
    case "boolean":
      return "INTEGER";
    case "number":
      return "REAL";
    default:
      return "TEXT";
  }
}

function isJson(field: FieldDef): boolean {
  return field.type === "array" || field.type === "object" || field.type === "map" || field.type === "json";
}

export function tableOf(kind: KindDef): Table {
  // A tenant field (`companyId`) is the record's company: read from `company_id`, no column of its own.
  const tenantFields = Object.entries(kind.fields)
    .filter(([, def]) => def.tenant)
    .map(([field]) => field);
  const columns = Object.entries(kind.fields)
    .filter(([, def]) => !def.tenant)
    .map(([field, def]) => ({
      field,
      name: snakeCase(field),
      def,
      sqlType: sqlType(def),
      json: isJson(def),
    }));
  const selectList = [
    "id",
    "created_at",
    "updated_at",
    ...columns.map((column) => column.name),
    ...(tenantFields.length ? ["company_id"] : []),
  ].join(", ");
  const findSql = `SELECT ${selectList} FROM ${snakeCase(kind.plural)} WHERE id = ? AND company_id = ?`;
  return {
    kind,
    name: snakeCase(kind.plural),
    columns,
    byField: new Map(columns.map((column) => [column.field, column])),
    selectList,
    references: new Set(
      columns.flatMap((column) =>
        column.def.type === "ref"
          ? [column.field]
          : column.def.subjectOf
            ? [column.field, column.def.subjectOf]
            : [],
      ),
    ),
    subjects: columns.filter((column) => column.def.subjectOf),
    listedReferences: columns.flatMap(({ field, def }) =>
      Object.entries(def.items?.fields ?? {}).flatMap(([item, itemDef]) =>
        itemDef.type === "ref" ? [{ field, item, ref: itemDef.ref! }] : [],
      ),
    ),
    insertColumns: ["company_id", "created_at", "updated_at", ...columns.map((c) => c.name)].join(", "),
    find: (id, companyId) => ({ sql: findSql, args: [id, companyId] }),
    tenantFields,
    derived: columns.filter((column) => column.def.derived),
    blank: blankOf([
      "id",
      "createdAt",
      "updatedAt",
      ...columns.map((column) => column.field),
      ...tenantFields,
    ]),
  };
}

/** Every kind's table, by kind name. */
export const tables: ReadonlyMap<string, Table> = new Map(kinds.map((kind) => [kind.name, tableOf(kind)]));

export function tableFor(kind: KindDef): Table {
  return tables.get(kind.name)!;
}

/** Who refers to a kind: every (table, column) whose ref points at it. Used by delete. */
export const referrers: ReadonlyMap<string, readonly { table: Table; column: Column }[]> = (() => {
  const map = new Map<string, { table: Table; column: Column }[]>();
  for (const table of tables.values()) {
    for (const column of table.columns) {
      if (column.def.type !== "ref" || !column.def.ref) continue;
      const list = map.get(column.def.ref) ?? [];
      list.push({ table, column });
      map.set(column.def.ref, list);
    }
  }
  return map;
})();

/**
 * The lists whose items refer to records of a kind (a price list's `prices[].variantId`), by the kind
 * referred to: the table, the list's column and the item's field.
 */
export const listedReferrers: ReadonlyMap<string, readonly { table: Table; column: Column; item: string }[]> =
  (() => {
    const map = new Map<string, { table: Table; column: Column; item: string }[]>();
    for (const table of tables.values()) {
      for (const { field, item, ref } of table.listedReferences) {
        const list = map.get(ref) ?? [];
        list.push({ table, column: table.byField.get(field)!, item });
        map.set(ref, list);
      }
    }
    return map;
  })();
