import { type FieldDef, isMoney, isWellFormedText, type KindDef, kindByName } from "@multichannel/schema";
import {
  fewRowsBy,
  indexServes,
  type KindIndex,
  kindIndexes,
  type ReadShape,
  type Seek,
} from "../db/indexes.ts";
import { encode } from "../db/rows.ts";
import { type Sql, sql } from "../db/sql.ts";
import { tableFor } from "../db/tables.ts";
import type { Keyring } from "../domain/secrets.ts";
import { ApiError } from "../errors.ts";
import {
  afterCursor,
  afterKeys,
  anchoredCursor,
  type Cursor,
  type CursorList,
  decodeCursor,
  encodeCursor,
  filtersHash,
} from "./cursor.ts";
import {
  isTextList,
  parseQueryString,
  type QueryObject,
  type QueryValue,
  segmentKey,
  segmentsOf,
} from "./query-string.ts";
import { parseAttributes, parseInclude, type Shape } from "./record-shape.ts";

export const DEFAULT_LIMIT = 50;
/** The most fields a list may be ordered by (the id, which breaks their ties, aside). */
export const MAX_ORDER_FIELDS = 3;
export const MAX_LIMIT = 250;
const MAX_IN = 250;

export interface ListQuery {
  /** The list's conditions beside its company (each a fragment with its values). */
  readonly where: readonly Sql[];
  readonly orderSql: string;
  /** A list in id order by an `IN` on an indexed column, read value by value (`ByValue`). */
  readonly byValue?: ByValue;
  readonly limit: number;
  readonly from: number;
  readonly order: ListOrder;
  /** Hash of the filter terms, which a cursor must match. */
  readonly filters: string;
  /** Where the page starts, from a cursor; `from` (an offset) is then 0. */
  readonly after?: Cursor;
  /** The query's own terms (all but paging), as sent, to repeat in a next-page link when they are short. */
  readonly repeat: string;
  /** What `attributes` and `include` ask of the records. */
  readonly shape: Shape;
  /** The filter terms' columns, and how an index can use each (not the cursor's start). */
  readonly terms: ReadShape["terms"];
  /** Whether a term is a `$like`, whose pattern no index serves: matched against every record's text. */
  readonly matchesPattern: boolean;
  /** The list its cursors page through, which their MAC covers: the kind's table, in the company's rows. */
  readonly list: CursorList;
}

/**
 * A list in id order filtered by an `IN` on a column that leads an index (the reference's vendor apps'
 * `where[purchaseStatusId][$in][0]=11&...`), no equality finding its rows through another index: read
 * value by value, each value's rows taken from the index in id order up to the page's end, and those
 * merged. SQLite reads such a list either through the index, every match of every value sorted, or in
 * id order through the company's rows, checking each: both read far more than the page when a value
 * is rare or when one is common.
 */
export interface ByValue {
  readonly column: string;
  /** The values of the `IN`, each once. */
  readonly values: readonly (string | number | null)[];
  /** The list's other conditions, the cursor's start included. */
  readonly where: readonly Sql[];
  readonly descending: boolean;
}

/** A field a list is ordered by: as named, its column, its direction. */
export interface OrderKey {
  readonly field: string;
  readonly column: string;
  readonly descending: boolean;
}

/** A list's order: its fields, then the id. */
export interface ListOrder {
  /**
   * The order as one text however it was sent: `field` or `-field` (ties by id in the same direction),
   * such fields joined by commas (`name,-createdAt`), with `,id` or `,-id` last when the ties go by id
   * the other way; `id` (the default) or `-id` for the id alone.
   */
  readonly text: string;
  /** The fields it sorts by before the id (none: by id alone). */
  readonly keys: readonly OrderKey[];
  /** Whether the id (the last tie-breaker, or the whole order) goes descending. */
  readonly idDescending: boolean;
}

/**
 * Whether a list's order is one field whose ties go by id the same way, or the id alone: a page after a
 * cursor then starts where an index on that field (or the id) can seek (`afterCursor`), and the cursor
 * carries one value. Any other order pages field by field (`afterKeys`).
 */
const byOneColumn = ({ keys, idDescending }: ListOrder) =>
  keys.length === 0 || (keys.length === 1 && keys[0]!.descending === idDescending);

/** The column a list is ordered by, for `indexServes`; an order of several fields is taken as one no index keeps. */
const orderColumn = (order: ListOrder) => (byOneColumn(order) ? (order.keys[0]?.column ?? "id") : undefined);

const SQL_OPERATORS: Record<string, string> = {
  $eq: "=",
  $ne: "!=",
  $gte: ">=",
  $lte: "<=",
  $gt: ">",
  $lt: "<",
};
const RANGE_TYPES = new Set(["integer", "number", "money", "datetime", "date", "ref", "string"]);
const TEXT_TYPES = new Set(["string", "enum"]);
const OPERATORS = ["$eq", "$ne", "$in", "$like", "$gte", "$lte", "$gt", "$lt", "$null"];

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
  if (column.def.secret) throw bad(`"${field}" is a secret and cannot be filtered or ordered by.`);
  return { column: column.name, def: column.def };
}

/** `where[field]`, or `where[field][$operator]`: a term as the query names it. */
function termName(field: string, operator: string | undefined): string {
  return operator === undefined ? `where[${field}]` : `where[${field}][${operator}]`;
}

/** `YYYY-MM-DD`, alone or with a time and its offset (`Z` or `±HH:MM`); seconds and fraction optional. */
const DATE_TIME =
  /^(\d{4})-(\d\d)-(\d\d)(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d))?$/i;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether the date of a `DATE_TIME` match is one the calendar has (no 2026-02-30). */
function isCalendarDay(match: RegExpExecArray): boolean {
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  return month !== 2 || day !== 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

/**
 * A time a query compares stored times with, as they are stored (UTC, `toISOString`): an ISO 8601 date
 * (midnight UTC) or a date-time with its offset, a day the calendar has, up to the year 9999. Anything
 * else (2026-02-30, a time without its offset, which would be read in the server's time zone) is a 400
 * naming `term` (`where[createdAt][$gte]`).
 */
export function isoTimeOf(term: string, raw: string): string {
  const match = DATE_TIME.exec(raw);
  const time = match && isCalendarDay(match) ? Date.parse(raw) : Number.NaN;
  // Past the year 9999 (an offset can take a time there) toISOString writes `+010000-...`.
  const iso = Number.isNaN(time) ? "" : new Date(time).toISOString();
  if (iso.length !== 24) {
    throw bad(
      `${term}: "${raw.slice(0, 100)}" is not an ISO 8601 date (2026-01-31) or date-time with its offset (2026-01-31T09:30:00Z, 2026-01-31T10:30:00+01:00).`,
    );
  }
  return iso;
}

/**
 * A number as JSON writes one (RFC 8259): what a body's number field takes, so a filter takes it too, and
 * not `Number`'s other forms (`0x10`, `0b11`, ` 16 `, `16.`).
 */
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * A query-string value as the column stores it; 400 when it is not a value of the field's type as a
 * body would send it, rather than one rounded or misread: money past two decimals, an integer past
 * 2^53, a time in another form than ISO 8601's or past the year 9999 (stored times compare as text).
 */
function parseValue(
  field: string,
  operator: string | undefined,
  def: FieldDef,
  raw: string,
): string | number {
  switch (def.type) {
    case "integer":
    case "ref": {
      if (!/^-?\d{1,16}$/.test(raw)) throw notA(field, operator, def, raw);
      const value = Number(raw);
      if (!Number.isSafeInteger(value)) {
        throw bad(
          `${termName(field, operator)}: ${raw} is past the largest integer a filter takes (${Number.MAX_SAFE_INTEGER}, either way).`,
        );
      }
      return value;
    }
    case "number": {
      const value = Number(raw);
      if (!JSON_NUMBER.test(raw) || !Number.isFinite(value)) throw notA(field, operator, def, raw);
      return value;
    }
    case "money": {
      const value = Number(raw);
      if (!JSON_NUMBER.test(raw) || !Number.isFinite(value)) throw notA(field, operator, def, raw);
      if (!isMoney(value)) {
        throw bad(
          `${termName(field, operator)}: "${raw.slice(0, 100)}" is not an amount with at most two decimals (and at most 1e13 either way).`,
        );
      }
      return Number(encode({ def }, value));
    }
    case "boolean":
      if (raw === "true" || raw === "1") return 1;
      if (raw === "false" || raw === "0") return 0;
      throw notA(field, operator, def, raw);
    case "datetime":
      return isoTimeOf(termName(field, operator), raw);
    case "enum":
      if (!def.values?.includes(raw)) {
        throw bad(
          `${termName(field, operator)}: "${raw.slice(0, 100)}" is not one of ${def.values?.join(", ")}.`,
        );
      }
      return raw;
    default:
      return raw;
  }
}

function notA(field: string, operator: string | undefined, def: FieldDef, raw: string): ApiError {
  return bad(`${termName(field, operator)}: "${raw.slice(0, 100)}" is not a valid ${def.type}.`);
}

/** Most filter terms (a field and an operator) a list takes: each is work for the database. */
export const MAX_QUERY_TERMS = 40;
/** Most `%` and `_` wildcards in one `$like` pattern: SQLite's LIKE backtracks on each. */
export const MAX_LIKE_WILDCARDS = 4;
/** Longest `$like` pattern, in characters. */
export const MAX_LIKE_LENGTH = 200;

/**
 * 400 for more terms than a query takes, or text that cannot be stored (NUL, unpaired surrogates). Used
 * by GET and DELETE actions, whose queries are flat.
 */
export function checkQueryTerms(params: URLSearchParams): void {
  let terms = 0;
  for (const [key, value] of params) {
    if (++terms > MAX_QUERY_TERMS) throw bad(`A query takes at most ${MAX_QUERY_TERMS} parameters.`);
    if (!isWellFormedText(key) || !isWellFormedText(value)) {
      throw bad(`Query parameter "${key.slice(0, 40)}" holds a NUL character or an unpaired surrogate.`);
    }
  }
}

type Term = {
  field: string;
  column: string;
  operator: string;
  /** How an index can use it: `!=` not at all. */
  seek: Seek;
  /** The values it compares with, as parsed: what the filters' hash and a read value by value take. */
  values: (string | number | null)[];
  condition: Sql;
};

const isPattern = (term: Term) => term.operator === "$like";

function scalar(value: QueryValue, name: string): string {
  if (typeof value !== "string") throw bad(`${name} takes one value.`);
  return value;
}

function likeTerm(field: string, column: string, def: FieldDef, raw: string): Term {
  if (!TEXT_TYPES.has(def.type)) throw bad(`where[${field}][$like] needs a text field.`);
  if (raw.length > MAX_LIKE_LENGTH) throw bad(`A $like pattern is at most ${MAX_LIKE_LENGTH} characters.`);
  const wildcards = raw.replace(/\\./g, "").replace(/[^%_]/g, "").length;
  if (wildcards > MAX_LIKE_WILDCARDS) {
    throw bad(`A $like pattern takes at most ${MAX_LIKE_WILDCARDS} wildcards (% and _).`);
  }
  const condition = sql`${sql.raw(column)} LIKE ${raw} ESCAPE '\\'`;
  return { field, column, operator: "$like", seek: "none", values: [raw], condition };
}

/** The terms of one `where[field]` entry: a value, a list (`IN`), or operators with their values. */
function termsOf(kind: KindDef, field: string, condition: QueryValue): Term[] {
  const { column, def } = filterable(kind, field);
  const name = `where[${field}]`;
  const inTerm = (sent: QueryValue): Term => {
    const list = typeof sent === "string" ? sent.split(",") : isTextList(sent) ? sent : undefined;
    if (!list) throw bad(`${name}[$in] takes a list: [$in][0]=a&[$in][1]=b, [$in][]=a, or [$in]=a,b.`);
    if (list.length > MAX_IN) throw bad(`${name}[$in] takes at most ${MAX_IN} values.`);
    const values = list.map((value) => parseValue(field, "$in", def, value));
    const condition = sql`${sql.raw(column)} IN (${sql.values(values)})`;
    return { field, column, operator: "$in", seek: "in", values, condition };
  };
  if (typeof condition === "string") {
    const value = parseValue(field, undefined, def, condition);
    return [
      {
        field,
        column,
        operator: "$eq",
        seek: "equal",
        values: [value],
        condition: sql`${sql.raw(column)} = ${value}`,
      },
    ];
  }
  // A list of values for a field is a `$in`, as the ORM the reference's clients use reads it.
  if (Array.isArray(condition)) return [inTerm(condition)];
  return Object.entries(condition).map(([operator, sent]) => {
    if (!OPERATORS.includes(operator)) {
      throw bad(
        `Unknown operator "${operator.slice(0, 40)}" in ${name}; use $in, $like, $gte, $lte, $gt, $lt, $ne, $eq or $null.`,
      );
    }
    if (operator === "$in") return inTerm(sent);
    const raw = scalar(sent, `${name}[${operator}]`);
    if (operator === "$null") {
      if (raw !== "true" && raw !== "false") throw bad(`${name}[$null] must be true or false.`);
      const condition = sql.raw(`${column} IS ${raw === "true" ? "" : "NOT "}NULL`);
      return { field, column, operator, seek: raw === "true" ? "equal" : "range", values: [], condition };
    }
    if (operator === "$like") return likeTerm(field, column, def, raw);
    if (operator !== "$eq" && operator !== "$ne" && !RANGE_TYPES.has(def.type)) {
      throw bad(`${name}[${operator}] needs a number, date or text field.`);
    }
    const value = parseValue(field, operator, def, raw);
    return {
      field,
      column,
      operator,
      seek: operator === "$eq" ? "equal" : operator === "$ne" ? "none" : "range",
      values: [value],
      condition: sql`${sql.raw(`${column} ${SQL_OPERATORS[operator]}`)} ${value}`,
    };
  });
}

/** `where` as terms; 400 for anything that is not a filter of this kind. */
function whereTerms(kind: KindDef, where: QueryValue): Term[] {
  if (typeof where !== "object" || Array.isArray(where)) {
    throw bad("where takes fields: where[field]=value or where[field][$operator]=value.");
  }
  const terms = Object.entries(where).flatMap(([field, condition]) => termsOf(kind, field, condition));
  if (terms.length > MAX_QUERY_TERMS) throw bad(`A query takes at most ${MAX_QUERY_TERMS} filter terms.`);
  return terms;
}

/**
 * The order, however it was sent: `order=field`, `order=-field`, `order=field DESC`, several of those
 * joined by commas (`order=name,-createdAt`), or the ORM's pairs (`order[0][0]=field&order[0][1]=DESC`,
 * `order[1][0]=...`; `order[0]=field`). Up to `MAX_ORDER_FIELDS` fields, each once; ties go by id in the
 * direction of the last field, or as a last `id` says.
 */
function orderOf(value: QueryValue): {
  fields: { field: string; descending: boolean }[];
  idDescending: boolean;
} {
  const fail = () =>
    bad(
      `order takes up to ${MAX_ORDER_FIELDS} fields, each once: order=field, order=-field, order=field DESC, order=name,-createdAt or order[0][0]=field&order[0][1]=DESC&order[1][0]=field.`,
    );
  const pair = (item: QueryValue): { field: string; descending: boolean } => {
    if (typeof item === "string") {
      const words = item.trim().split(/\s+/);
      if (words.length === 1) {
        const descending = words[0]!.startsWith("-");
        return { field: descending ? words[0]!.slice(1) : words[0]!, descending };
      }
      if (words.length === 2) return pair(words);
      throw fail();
    }
    if (!Array.isArray(item) || item.length < 1 || item.length > 2) throw fail();
    const [field, direction = "ASC"] = item;
    if (typeof field !== "string" || typeof direction !== "string") throw fail();
    if (!/^(asc|desc)$/i.test(direction)) throw bad(`order: "${direction.slice(0, 20)}" is not ASC or DESC.`);
    return { field, descending: direction.toUpperCase() === "DESC" };
  };
  const items = typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : [value];
  if (items.length > MAX_ORDER_FIELDS + 1) throw fail();
  const fields = items.map(pair);
  const last = fields.at(-1);
  if (!last) throw fail();
  if (last.field === "id") fields.pop();
  if (fields.some(({ field }) => field === "id")) {
    throw bad("order: id tells every record apart, so it can only be the last field.");
  }
  if (fields.length > MAX_ORDER_FIELDS || new Set(fields.map(({ field }) => field)).size < fields.length) {
    throw fail();
  }
  return { fields, idDescending: last.descending };
}

/** A list's order (`orderOf`), its fields' columns found (400 for a field a list cannot order by). */
function listOrder(kind: KindDef, value: QueryValue | undefined): ListOrder {
  if (value === undefined) return { text: "id", keys: [], idDescending: false };
  const { fields, idDescending } = orderOf(value);
  const keys = fields.map(({ field, descending }) => ({
    field,
    column: filterable(kind, field).column,
    descending,
  }));
  const texts = keys.map(({ field, descending }) => (descending ? `-${field}` : field));
  // The id is named when it goes its own way: alone, or against the last field's direction.
  if (keys.at(-1)?.descending !== idDescending) texts.push(idDescending ? "-id" : "id");
  return { text: texts.join(","), keys, idDescending };
}

const PAGING = new Set(["cursor", "limit", "from"]);
/**
 * Query parameters that are not the list's: the request's authentication, and the reference's named
 * `scope`s (which no source defines; sent by its clients, accepted and ignored). Never repeated in links.
 */
export const NOT_TERMS: ReadonlySet<string> = new Set(["access_token", "scope"]);

/** A whole number of a query (`limit`, `from`), sent once: `range` says which it may be. */
function whole(value: QueryValue | undefined, key: string, range: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw bad(`${key} must be sent once, as ${key}=N.`);
  if (!/^\d{1,9}$/.test(value)) throw bad(`${key} must be a whole number ${range}.`);
  return Number(value);
}

/** `attributes` and `include` of a list or a read; anything else in `params` is a 400 unless `allowed`. */
export function shapeOf(kind: KindDef, params: QueryObject, allowed: ReadonlySet<string> = new Set()): Shape {
  for (const key of Object.keys(params)) {
    if (key !== "attributes" && key !== "include" && !allowed.has(key) && !NOT_TERMS.has(key)) {
      throw bad(`Unknown query parameter "${key.slice(0, 60)}".`);
    }
  }
  return {
    ...(params.attributes !== undefined ? { attributes: parseAttributes(kind, params.attributes) } : {}),
    include: params.include !== undefined ? parseInclude(kind, params.include) : [],
  };
}

/**
 * 400 for a query parameter of a read that answers whole (an event, an API key, the list of keys):
 * anything beyond the token and `scope` (a list's `limit`, `where`, `attributes`) is refused rather
 * than ignored, the query read as every other route's, with its limits. `whole` says how it answers.
 */
export function checkWholeRead(search: string, whole: string): void {
  if (!search) return;
  for (const key of Object.keys(parseQueryString(search))) {
    if (NOT_TERMS.has(key)) continue;
    throw bad(
      `Unknown query parameter "${key.slice(0, 60)}": ${whole}; it takes only access_token and scope.`,
    );
  }
}

/**
 * The page of a list that is not a kind's (the operator's companies): `limit` (1 to `MAX_LIMIT`, default
 * `DEFAULT_LIMIT`) and `from` (how many to skip) only; anything else is a 400 naming `what`.
 */
export function parsePage(search: string, what: string): { limit: number; from: number } {
  const params = search ? parseQueryString(search) : {};
  for (const key of Object.keys(params)) {
    if (key !== "limit" && key !== "from") {
      throw bad(`Unknown query parameter "${key.slice(0, 60)}": ${what} take only limit and from.`);
    }
  }
  return pageOf(params);
}

/** A list's `limit` (1 to `MAX_LIMIT`, default `DEFAULT_LIMIT`) and `from` (default 0). */
function pageOf(params: { limit?: QueryValue; from?: QueryValue }): { limit: number; from: number } {
  const range = `from 1 to ${MAX_LIMIT}`;
  const limit = whole(params.limit, "limit", range) ?? DEFAULT_LIMIT;
  if (limit < 1 || limit > MAX_LIMIT) throw bad(`limit must be a whole number ${range}.`);
  return { limit, from: whole(params.from, "from", "from 0 to 999999999") ?? 0 };
}

/** The `attributes` and `include` of a single read (`GET /<plural>/{id}.json`). */
export function parseReadQuery(kind: KindDef, search: string): Shape {
  return shapeOf(kind, parseQueryString(search));
}

const LIST_KEYS = new Set(["where", "order", "limit", "from", "cursor"]);

/**
 * A list's query string (without `?`), in any encoding the reference's clients use: `where[field]=v`,
 * `where[field][$in][0]=a&where[field][$in][1]=b` (or `[$in][]=a`, or our `[$in]=a,b`), `$like`,
 * `$gte`, `$lte`, `$gt`, `$lt`, `$ne`, `$eq`, `$null=true|false`; `order`; `attributes`; `include`;
 * `limit`, `from` and `cursor`. Percent-encoded brackets read the same. Anything else is a 400.
 */
export function parseListQuery(
  kind: KindDef,
  search: string,
  keyring: Keyring,
  companyId: number,
): ListQuery {
  const params = parseQueryString(search);
  const shape = shapeOf(kind, params, LIST_KEYS);
  const terms = params.where === undefined ? [] : whereTerms(kind, params.where);
  const order = listOrder(kind, params.order);
  const through = throughReference(kind, terms, orderColumn(order));
  const found = through ? [...terms, through] : terms;
  const shapes = found.map(({ column, seek }) => ({ column, seek }));
  // A few rows that a unique index finds are sorted: ordered so that no index keeps the order, lest
  // SQLite walk that index instead (`fewRowsBy`).
  const sort = through || fewRowsBy(indexesOf(kind), { terms: shapes, order: undefined }) ? "+" : "";
  const orderSql = [
    ...order.keys.map(({ column, descending }) => `${sort}${column} ${descending ? "DESC" : "ASC"}`),
    `${sort}id ${order.idDescending ? "DESC" : "ASC"}`,
  ].join(", ");
  const { limit, from } = pageOf(params);
  // Filters hash the same however they were spelled: by field, operator and parsed values.
  const filters = filtersHash(
    terms
      .map(
        (term) =>
          [
            `${term.field}[${term.operator}]`,
            JSON.stringify(term.operator === "$in" ? [...term.values].sort() : term.values),
          ] as const,
      )
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const where = found.map(({ condition }) => condition);
  const repeat = segmentsOf(search)
    .filter((segment) => {
      const key = segmentKey(segment);
      return !PAGING.has(key) && !NOT_TERMS.has(key);
    })
    .join("&");
  const matchesPattern = terms.some(isPattern);
  const list = { table: tableFor(kind).name, companyId };
  const base = {
    where,
    orderSql,
    limit,
    from,
    order,
    filters,
    repeat,
    shape,
    terms: shapes,
    matchesPattern,
    list,
  };
  // The list's conditions but the `IN` it is read by, value by value (`ByValue`), if it is.
  const split = through ? undefined : valueByValue(kind, terms, order);
  const byValue = (...start: ListQuery["where"]) =>
    split
      ? { byValue: { ...split.read, where: [...where.filter((_, i) => found[i] !== split.term), ...start] } }
      : {};
  if (params.cursor === undefined) return split ? { ...base, ...byValue() } : base;
  if (typeof params.cursor !== "string") throw bad("cursor takes one value.");
  if (params.from !== undefined) throw bad("Send either cursor or from, not both.");
  const after = decodeCursor(params.cursor, order.text, filters, keyring, list);
  const start = byOneColumn(order)
    ? afterCursor(order.keys[0]?.column ?? "id", order.idDescending, after, list)
    : afterKeys(order.keys, order.idDescending, after, list);
  return { ...base, where: [...where, start], from: 0, after, ...byValue(start) };
}

/**
 * The most values of an `IN` that a list reads value by value (a statement each value's part): past
 * it, as SQLite plans it.
 */
const MAX_BY_VALUE = 16;

/**
 * Whether a list reads best value by value (`ByValue`): ordered by id alone, with an `IN` of two to
 * `MAX_BY_VALUE` values on a column that leads an index, and no condition by which SQLite finds its rows
 * in id order itself (an equality on a column that leads an index) or a few rows at once (ids, a
 * unique set). Answers that `IN` term and what the read needs but its conditions.
 */
function valueByValue(
  kind: KindDef,
  terms: readonly Term[],
  order: ListOrder,
): { term: Term; read: Omit<ByValue, "where"> } | undefined {
  if (order.keys.length || !terms.some((term) => term.operator === "$in")) return undefined;
  const indexes = indexesOf(kind);
  const read = { terms: terms.map(({ column, seek }) => ({ column, seek })), order: "id" };
  // Rows by id, or a few by a unique set: SQLite finds them through that index itself.
  if (fewRowsBy(indexes, read) || terms.some((term) => term.column === "id")) return undefined;
  const leads = (column: string) => indexes.some((index) => index.columns[0] === column);
  if (terms.some((term) => term.seek === "equal" && leads(term.column))) return undefined;
  const term = terms.find((one) => one.operator === "$in" && leads(one.column));
  const values = term ? [...new Set(term.values)] : [];
  if (!term || values.length < 2 || values.length > MAX_BY_VALUE) return undefined;
  return { term, read: { column: term.column, values, descending: order.idDescending } };
}

/**
 * The term that finds a list's records through a unique set's index when no index serves its filter
 * otherwise: the filter pins every field of the set but the first, a required reference to a kind a
 * company holds few records of (`fewPerCompany`: a sale's `channelId`, unique with its `externalId`),
 * and leaves that one open. The index is then searched once for each of the company's records of that
 * kind (`channel_id IN (SELECT id FROM channels WHERE company_id = ?)`), rather than every record of
 * the company read and checked. It leaves no record out: the reference is required, and a record
 * that others refer to is not deleted.
 */
function throughReference(
  kind: KindDef,
  terms: readonly Term[],
  order: string | undefined,
): Term | undefined {
  if (!terms.length || !kind.unique) return undefined;
  const shapes = terms.map(({ column, seek }) => ({ column, seek }));
  if (indexServes(indexesOf(kind), { terms: shapes, order })) return undefined;
  const fields = (...seeks: Seek[]) =>
    new Set(terms.filter((term) => seeks.includes(term.seek)).map((term) => term.field));
  const pinned = fields("equal");
  const sought = fields("equal", "in");
  for (const [lead, ...rest] of kind.unique ?? []) {
    const def = lead === undefined ? undefined : kind.fields[lead];
    const referenced = def?.type === "ref" && !def.nullable && def.ref ? kindByName(def.ref) : undefined;
    if (!lead || !referenced?.fewPerCompany || !rest.length || sought.has(lead)) continue;
    if (!rest.every((field) => pinned.has(field))) continue;
    const { column } = filterable(kind, lead);
    return {
      field: lead,
      column,
      operator: "$in",
      seek: "in",
      values: [],
      condition: sql`${sql.raw(column)} IN (SELECT id FROM ${sql.id(tableFor(referenced).name)} WHERE company_id = ${sql.company})`,
    };
  }
  return undefined;
}

/** From how many records skipped (`from`) a list is expensive: each is read to be skipped. */
export const EXPENSIVE_FROM = 5000;

const indexes = new Map<KindDef, readonly KindIndex[]>();

/** The indexes of the kind's table, as its migrations create them. */
function indexesOf(kind: KindDef): readonly KindIndex[] {
  let found = indexes.get(kind);
  if (!found) {
    found = kindIndexes(tableFor(kind));
    indexes.set(kind, found);
  }
  return found;
}

/**
 * Whether a read of a kind's rows is expensive work for the database, whatever the company holds: it
 * reads `EXPENSIVE_FROM` or more records to skip them (`from`; a cursor skips none), or no index of
 * the kind serves its conditions and its order (`indexServes`), so that it walks every record of the
 * company (a filter on a field with no index) or sorts every match (an order the index does not keep).
 */
export function isExpensiveRead(kind: KindDef, read: ReadShape & { from: number }): boolean {
  return read.from >= EXPENSIVE_FROM || !indexServes(indexesOf(kind), read);
}

/**
 * Whether a list is expensive work for the database (`isExpensiveRead`), or matches a `$like` pattern
 * against the text of every record (at a cost of the pattern's length times the text's, per record:
 * seconds over long texts). Such lists count against the company's share (`fairShare`) and run apart
 * from other requests (`Db.readExpensive`), within the request's database time.
 */
export function isExpensiveList(kind: KindDef, query: ListQuery): boolean {
  if (query.matchesPattern) return true;
  return isExpensiveRead(kind, { terms: query.terms, order: orderColumn(query.order), from: query.from });
}

/** Longest filter and order text a next-page link repeats; past it the client sends its filters again. */
const MAX_LINK_TERMS = 1024;

/**
 * The query string of the page after `last` (a whole record, before `attributes` left fields out): a
 * cursor (the sort key and id of `last`) and the limit, with the query's other terms repeated as they
 * were sent when they are short. A client that keeps its own filters and takes only the cursor gets the
 * same page.
 */
export function nextPageQuery(
  kind: KindDef,
  query: ListQuery,
  last: Record<string, unknown>,
  keyring: Keyring,
): string {
  const sortValue = ({ field }: { field: string }) => {
    const column = Object.hasOwn(BASE_FIELDS, field) ? undefined : tableFor(kind).byField.get(field);
    const value = last[field];
    return column ? encode(column, value) : typeof value === "number" ? value : String(value);
  };
  const { keys } = query.order;
  const key = !byOneColumn(query.order) ? keys.map(sortValue) : sortValue(keys[0] ?? { field: "id" });
  const cursor = encodeCursor(
    anchoredCursor(
      { order: query.order.text, id: Number(last.id), filters: query.filters },
      key,
      String(last.updatedAt),
    ),
    keyring,
    query.list,
  );
  // A cursor is base64url with a dot and the limit a number: nothing in either needs escaping.
  const paging = `cursor=${cursor}&limit=${query.limit}`;
  return query.repeat && query.repeat.length <= MAX_LINK_TERMS ? `${query.repeat}&${paging}` : paging;
}
