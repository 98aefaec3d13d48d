import { type FieldDef, isWellFormedText, type KindDef } from "@multichannel/schema";
import { encode } from "../db/rows.ts";
import { tableFor } from "../db/tables.ts";
import { ApiError } from "../errors.ts";
import { afterCursor, type Cursor, decodeCursor, encodeCursor, filtersHash } from "./cursor.ts";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 250;
const MAX_IN = 250;

export interface ListQuery {
  readonly where: readonly { sql: string; args: (string | number | null)[] }[];
  readonly orderSql: string;
  readonly limit: number;
  readonly from: number;
  /** The order as asked (`name`, `-createdAt`; default `id`), its column, and its direction. */
  readonly order: { readonly text: string; readonly column: string; readonly descending: boolean };
  /** Hash of the filter terms, which a cursor must match. */
  readonly filters: string;
  /** Where the page starts, from a cursor; `from` (an offset) is then 0. */
  readonly after?: Cursor;
  /** The filter and order terms as sent, to repeat in a next-page link when they are short. */
  readonly terms: readonly (readonly [string, string])[];
}

type Operator = "$eq" | "$in" | "$gte" | "$lte" | "$gt" | "$lt" | "$ne" | "$null";
const SQL_OPERATORS: Record<Exclude<Operator, "$in" | "$null">, string> = {
  $eq: "=",
  $ne: "!=",
  $gte: ">=",
  $lte: "<=",
  $gt: ">",
  $lt: "<",
};
const RANGE_TYPES = new Set(["integer", "number", "money", "datetime", "date", "ref", "string"]);

const BASE_FIELDS: Record<string, { column: string; def: FieldDef }> = {
  id: { column: "id", def: { type: "integer", nullable: false, required: false, readOnly: true } },
  createdAt: {
    column: "created_at",
    def: { type: "datetime", nullable: false, required: false, readOnly: true },
  },
  updatedAt: {
    column: "updated_at",
    def: { type: "datetime", nullable: false, required: false, readOnly: true },
  },
};

function bad(detail: string): ApiError {
  return new ApiError("bad_request", detail);
}

function filterable(kind: KindDef, field: string): { column: string; def: FieldDef } {
  if (Object.hasOwn(BASE_FIELDS, field)) return BASE_FIELDS[field]!;
  const column = tableFor(kind).byField.get(field);
  if (!column) throw bad(`${kind.name} has no field "${field}" to filter or order by.`);
  if (column.json) throw bad(`"${field}" holds nested data and cannot be filtered or ordered by.`);
  return { column: column.name, def: column.def };
}

/** A query-string value as the column stores it; 400 when it is not a value of the field's type. */
function parseValue(field: string, def: FieldDef, raw: string): string | number {
  const fail = () => bad(`where[${field}]: "${raw}" is not a valid ${def.type}.`);
  switch (def.type) {
    case "integer":
    case "ref": {
      if (!/^-?\d{1,16}$/.test(raw)) throw fail();
      return Number(raw);
    }
    case "number":
    case "money": {
      const value = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(value)) throw fail();
      return encode({ def } as never, value) as number;
    }
    case "boolean":
      if (raw === "true" || raw === "1") return 1;
      if (raw === "false" || raw === "0") return 0;
      throw fail();
    case "datetime": {
      const time = Date.parse(raw);
      if (Number.isNaN(time)) throw fail();
      return new Date(time).toISOString();
    }
    case "enum":
      if (!def.values?.includes(raw))
        throw bad(`where[${field}]: "${raw}" is not one of ${def.values?.join(", ")}.`);
      return raw;
    default:
      return raw;
  }
}

const WHERE_KEY = /^where\[([A-Za-z][A-Za-z0-9]*)\](?:\[(\$[a-z]+)\])?$/;

/** Most query parameters a list takes: each filter is work for the database, bounded here. */
export const MAX_QUERY_TERMS = 40;

/** 400 for more terms than a list takes, or text that cannot be stored (NUL, unpaired surrogates). */
export function checkQueryTerms(params: URLSearchParams): void {
  let terms = 0;
  for (const [key, value] of params) {
    if (++terms > MAX_QUERY_TERMS) throw bad(`A query takes at most ${MAX_QUERY_TERMS} parameters.`);
    if (!isWellFormedText(key) || !isWellFormedText(value)) {
      throw bad(`Query parameter "${key.slice(0, 40)}" holds a NUL character or an unpaired surrogate.`);
    }
  }
}

/**
 * Parses `where[field]=v`, `where[field][$in]=a,b`, `where[field][$gte]=v` (also `$lte`, `$gt`, `$lt`,
 * `$ne`, `$null=true|false`), `order=field|-field`, `limit` and `from`. Anything else is a 400.
 */
export function parseListQuery(kind: KindDef, params: URLSearchParams): ListQuery {
  checkQueryTerms(params);
  const where: { sql: string; args: (string | number | null)[] }[] = [];
  let orderSql = "id ASC";
  let order = { text: "id", column: "id", descending: false };
  let limit = DEFAULT_LIMIT;
  let from = 0;
  let cursorText: string | undefined;
  const terms: (readonly [string, string])[] = [];
  for (const [key, raw] of params) {
    if (key === "cursor") {
      cursorText = raw;
      continue;
    }
    if (key !== "limit" && key !== "from") terms.push([key, raw]);
    if (key === "limit" || key === "from") {
      if (!/^\d{1,9}$/.test(raw)) throw bad(`${key} must be a whole number.`);
      const value = Number(raw);
      if (key === "limit") {
        if (value < 1 || value > MAX_LIMIT) throw bad(`limit must be between 1 and ${MAX_LIMIT}.`);
        limit = value;
      } else from = value;
      continue;
    }
    if (key === "order") {
      const descending = raw.startsWith("-");
      const { column } = filterable(kind, descending ? raw.slice(1) : raw);
      orderSql = `${column} ${descending ? "DESC" : "ASC"}${column === "id" ? "" : `, id ${descending ? "DESC" : "ASC"}`}`;
      order = { text: raw, column, descending };
      continue;
    }
    const match = WHERE_KEY.exec(key);
    if (!match) throw bad(`Unknown query parameter "${key}".`);
    const field = match[1]!;
    const operator = (match[2] ?? "$eq") as Operator;
    const { column, def } = filterable(kind, field);
    if (operator === "$in") {
      const values = raw.split(",");
      if (values.length > MAX_IN) throw bad(`where[${field}][$in] takes at most ${MAX_IN} values.`);
      where.push({
        sql: `${column} IN (${values.map(() => "?").join(", ")})`,
        args: values.map((value) => parseValue(field, def, value)),
      });
    } else if (operator === "$null") {
      if (raw !== "true" && raw !== "false") throw bad(`where[${field}][$null] must be true or false.`);
      where.push({ sql: `${column} IS ${raw === "true" ? "" : "NOT "}NULL`, args: [] });
    } else if (operator in SQL_OPERATORS) {
      if (operator !== "$eq" && operator !== "$ne" && !RANGE_TYPES.has(def.type)) {
        throw bad(`where[${field}][${operator}] needs a number, date or text field.`);
      }
      where.push({
        sql: `${column} ${SQL_OPERATORS[operator as keyof typeof SQL_OPERATORS]} ?`,
        args: [parseValue(field, def, raw)],
      });
    } else {
      throw bad(`Unknown operator "${operator}" in ${key}; use $in, $gte, $lte, $gt, $lt, $ne or $null.`);
    }
  }
  const filters = filtersHash(terms.filter(([key]) => key !== "order"));
  if (cursorText === undefined) return { where, orderSql, limit, from, order, filters, terms };
  if (params.has("from")) throw bad("Send either cursor or from, not both.");
  const after = decodeCursor(cursorText, order.text, filters);
  const start = afterCursor(order.column, order.descending, after);
  return { where: [...where, start], orderSql, limit, from: 0, order, filters, after, terms };
}

/** Longest filter and order text a next-page link repeats; past it the client sends its filters again. */
const MAX_LINK_TERMS = 1024;

/**
 * The query of the page after `last`: a cursor (the sort key and id of `last`) and the limit, with the
 * filters and order repeated when they are short. A client that keeps its own filters and takes only
 * the cursor gets the same page.
 */
export function nextPageQuery(
  kind: KindDef,
  query: ListQuery,
  last: Record<string, unknown>,
): URLSearchParams {
  const field = query.order.text.replace(/^-/, "");
  const column = Object.hasOwn(BASE_FIELDS, field) ? undefined : tableFor(kind).byField.get(field);
  const value = last[field];
  const key = column ? encode(column, value) : (value as string | number | null);
  const cursor = encodeCursor({
    order: query.order.text,
    key,
    id: last.id as number,
    filters: query.filters,
  });
  const terms = new URLSearchParams(query.terms as [string, string][]);
  const next = terms.toString().length <= MAX_LINK_TERMS ? terms : new URLSearchParams();
  next.set("cursor", cursor);
  next.set("limit", String(query.limit));
  return next;
}
