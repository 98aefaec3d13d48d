/**
 * Keyset pagination. A cursor is the sort key and id of the last row a page showed, with the order it was
 * made for and a hash of the filters: the next page starts right after that row, so a page deep in a
 * long list costs what the first one does. It is opaque to clients (base64url JSON) and authenticated:
 * an HMAC-SHA-256 under a key derived from `SECRETS_KEY` follows it (any configured key verifies, so a
 * rotation keeps the cursors out there working). The MAC covers the list it was made for too, its kind's
 * table and company (`CursorList`), which the cursor does not carry: a cursor that was altered, or used
 * with another kind, company, order or filters, is a 400.
 */
import { hkdf } from "@noble/hashes/hkdf.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { type Sql, sql } from "../db/sql.ts";
import { base64urlInto, type Keyring } from "../domain/secrets.ts";
import { ApiError } from "../errors.ts";

type Key = string | number | null;

/**
 * One sort value of a cursor of a list ordered by more than one field: the value, or the first
 * `KEY_CHARS` characters of a longer text (`start`), found again in the row (`anchoredAt`).
 */
export type KeyPart = Key | { readonly start: string };

export interface Cursor {
  /** The order it was made for, e.g. `-createdAt` or `name,-createdAt`. */
  readonly order: string;
  /**
   * The sort column's stored value in the last row (the id itself when ordered by id); of a longer text
   * than `KEY_CHARS`, its first `KEY_CHARS` characters, with `anchoredAt` (see `anchoredCursor`). A list
   * ordered by more than one field: one value a field, in the order's order (`KeyPart`).
   */
  readonly key: Key | readonly KeyPart[];
  readonly id: number;
  /** Hash of the filters of the list it pages through. */
  readonly filters: string;
  /** The last row's `updated_at`, when `key` is the start of a longer value. */
  readonly anchoredAt?: string;
}

/**
 * The list a cursor pages through: its kind's table, in one company's rows. Its MAC covers them, and the
 * anchor of a cursor cut short is read there.
 */
export interface CursorList {
  readonly table: string;
  readonly companyId: number;
}

/**
 * Longest sort value a cursor carries whole, in characters. A cursor of a list ordered by a long text
 * (an agreement's `body`, a notification's `payload`) would otherwise be as long as that text, and its
 * next-page link past what HTTP clients take in a header (Node's: 16 KB).
 */
export const KEY_CHARS = 200;

/**
 * The cursor after a row whose sort value is `value`: the value whole when it is short, else its first
 * `KEY_CHARS` characters and the row's `updated_at`, from which the next page finds the value again.
 */
export function anchoredCursor(
  base: Omit<Cursor, "key" | "anchoredAt">,
  value: Key | readonly Key[],
  updatedAt: string,
): Cursor {
  if (!isList(value)) {
    const start = startOf(value);
    return start === undefined ? { ...base, key: value } : { ...base, key: start, anchoredAt: updatedAt };
  }
  let cut = false;
  const parts = value.map((part): KeyPart => {
    const start = startOf(part);
    if (start === undefined) return part;
    cut = true;
    return { start };
  });
  return cut ? { ...base, key: parts, anchoredAt: updatedAt } : { ...base, key: parts };
}

/** `Array.isArray` for a value that is a list or not (which it does not narrow when the list is readonly). */
const isList = <T>(value: T | readonly T[]): value is readonly T[] => Array.isArray(value);

/** The first `KEY_CHARS` characters of a text longer than that; undefined for any other value. */
function startOf(value: Key): string | undefined {
  if (typeof value !== "string" || value.length <= KEY_CHARS) return undefined;
  const characters = Array.from(value);
  return characters.length <= KEY_CHARS ? undefined : characters.slice(0, KEY_CHARS).join("");
}

const bad = (detail: string) => new ApiError("bad_request", `cursor: ${detail}`);

/** A short, stable hash of the filter terms (in order): enough to tell another list's cursor apart. */
export function filtersHash(terms: readonly (readonly [string, string])[]): string {
  let h = 0x811c9dc5;
  for (const [key, value] of terms) {
    for (const ch of `${key}=${value}&`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  }
  return (h >>> 0).toString(36);
}

const encoder = new TextEncoder();
const ascii = new TextDecoder();
const LIST_CURSORS = encoder.encode("list cursors");

/** An HMAC-SHA-256 with its key already taken in, and a copy of it that each MAC starts from. */
interface KeyedMac {
  readonly keyed: ReturnType<typeof hmac.create>;
  readonly scratch: ReturnType<typeof hmac.create>;
}

/**
 * The HMACs of a keyring (the current key first), their keys derived once per keyring with HKDF-SHA-256
 * and hashed into the HMAC's inner and outer states once. The MAC is computed in JavaScript
 * (`@noble/hashes`), in the request's own turn: Web Crypto's `sign` runs each one as a job on Node's
 * thread pool, which costs a list page more than the MAC itself.
 */
const macKeys = new WeakMap<Keyring, KeyedMac[]>();
function macKeysOf(keyring: Keyring): KeyedMac[] {
  let keys = macKeys.get(keyring);
  if (!keys) {
    keys = keyring.keys.map(({ raw }) => {
      const key = hkdf(sha256, raw, new Uint8Array(0), LIST_CURSORS, 32);
      return { keyed: hmac.create(sha256, key), scratch: hmac.create(sha256, key) };
    });
    macKeys.set(keyring, keys);
  }
  return keys;
}

const macBytes = new Uint8Array(32);

/**
 * The MAC of `message`, in bytes that the next MAC overwrites. Its HMAC's keyed state is copied into
 * the same scratch HMAC every time (noble's `_cloneInto`), so a MAC hashes its message and makes no new
 * objects: a cursor's cost about 2 us, against about 7 for a new HMAC of the key each time.
 */
function macOf({ keyed, scratch }: KeyedMac, message: Uint8Array): Uint8Array {
  keyed._cloneInto(scratch).update(message).digestInto(macBytes);
  return macBytes;
}

/**
 * What a cursor's MAC covers: its payload (base64url), after the company and table of the list it pages
 * through (none of the three holds a space, so no other list and payload make the same message).
 */
const macHead = (list: CursorList) => `${list.companyId} ${list.table} `;

/**
 * Where cursors are made, reused from one to the next: the JSON's UTF-8, and the MAC's message (its head
 * and the payload) followed by the dot and the MAC, from which the cursor is read off. A list page's
 * cursor so makes no buffer of its own and runs no regular expression.
 */
let jsonBytes = new Uint8Array(512);
let made = new Uint8Array(1024);
const DOT = ".".charCodeAt(0);

export function encodeCursor(cursor: Cursor, keyring: Keyring, list: CursorList): string {
  const fields = [cursor.order, cursor.key, cursor.id, cursor.filters];
  const json = JSON.stringify(cursor.anchoredAt === undefined ? fields : [...fields, cursor.anchoredAt]);
  const head = macHead(list);
  // UTF-8 takes at most three bytes a UTF-16 code unit, base64 four characters a three bytes, the MAC 44.
  if (jsonBytes.length < json.length * 3) jsonBytes = new Uint8Array(json.length * 3);
  const room = head.length * 3 + json.length * 4 + 48;
  if (made.length < room) made = new Uint8Array(room);
  const { written } = encoder.encodeInto(json, jsonBytes);
  const payloadAt = encoder.encodeInto(head, made).written;
  const macAt = base64urlInto(jsonBytes.subarray(0, written), made, payloadAt);
  const [key] = macKeysOf(keyring);
  const mac = macOf(key!, made.subarray(0, macAt));
  made[macAt] = DOT;
  return ascii.decode(made.subarray(payloadAt, base64urlInto(mac, made, macAt + 1)));
}

const NOT_OURS = "not a cursor this API made for this list; follow the Link header of the previous page.";

const isKey = (value: unknown): value is Key =>
  value === null || typeof value === "string" || typeof value === "number";
const isKeyPart = (value: unknown): value is KeyPart =>
  isKey(value) ||
  (typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 1 &&
    "start" in value &&
    typeof value.start === "string");

/** Whether two MACs are equal, compared in a time that does not depend on where they differ. */
function sameMac(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) differ |= a[i]! ^ b[i]!;
  return differ === 0;
}

/** Whether `mac` (base64url) authenticates `payload` for `list` under one of the keyring's keys. */
function authentic(keyring: Keyring, payload: string, mac: string, list: CursorList): boolean {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(mac.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
  } catch {
    return false;
  }
  const message = encoder.encode(macHead(list) + payload);
  return macKeysOf(keyring).some((key) => sameMac(macOf(key, message), bytes));
}

/**
 * The cursor a client sent back, for `list` in `order` with these filters; 400 when it is not one (a
 * cursor of another list is one this API did not make for it).
 */
export function decodeCursor(
  text: string,
  order: string,
  filters: string,
  keyring: Keyring,
  list: CursorList,
): Cursor {
  const dot = text.indexOf(".");
  if (dot < 0 || !authentic(keyring, text.slice(0, dot), text.slice(dot + 1), list)) throw bad(NOT_OURS);
  let parsed: unknown;
  try {
    const base64 = text.slice(0, dot).replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw bad(NOT_OURS);
  }
  if (
    !Array.isArray(parsed) ||
    !(parsed.length === 4 || (parsed.length === 5 && typeof parsed[4] === "string")) ||
    typeof parsed[0] !== "string" ||
    !(isKey(parsed[1]) || (Array.isArray(parsed[1]) && parsed[1].every(isKeyPart))) ||
    !Number.isSafeInteger(parsed[2]) ||
    typeof parsed[3] !== "string"
  ) {
    throw bad(NOT_OURS);
  }
  const cursor: Cursor = {
    order: parsed[0],
    key: parsed[1],
    id: parsed[2],
    filters: parsed[3],
    ...(parsed.length === 5 ? { anchoredAt: parsed[4] } : {}),
  };
  if (cursor.order !== order) throw bad(`made for order=${cursor.order}, not order=${order}.`);
  if (cursor.filters !== filters)
    throw bad("made for other filters: send the same where[...] as the first page.");
  return cursor;
}

/**
 * The SQL that starts a page after the cursor's row, for a list ordered by `column` (then id) in
 * `descending` order or not. SQLite sorts NULL first ascending and last descending.
 */
export function afterCursor(column: string, descending: boolean, cursor: Cursor, rows: CursorList): Sql {
  const past = sql.raw(descending ? "<" : ">");
  const at = sql.raw(column);
  if (column === "id") return sql`id ${past} ${cursor.id}`;
  const { key, id } = cursor;
  // One value: a cursor of a list ordered by more than one field is one this list never made.
  if (isList(key)) throw bad(NOT_OURS);
  if (cursor.anchoredAt !== undefined && typeof key === "string") {
    return afterAnchor(column, descending, { start: key, id, at: cursor.anchoredAt }, rows);
  }
  if (key === null) {
    return descending ? sql`(${at} IS NULL AND id < ${id})` : sql`(${at} IS NOT NULL OR id > ${id})`;
  }
  const rest = sql`(${at} ${past} ${key} OR (${at} = ${key} AND id ${past} ${id}))`;
  return descending ? sql`(${rest} OR ${at} IS NULL)` : rest;
}

/**
 * The value of `column` in the cursor's row, read from the row itself while it is as it was: its
 * `updated_at` unchanged and its value still beginning with `start` (NULL otherwise).
 */
function anchorValue(column: string, start: string, id: number, at: string, { table }: CursorList): Sql {
  const anchored = sql.raw(`anchor.${column}`);
  return sql`(SELECT ${anchored} FROM ${sql.id(table)} AS anchor WHERE anchor.id = ${id} AND anchor.company_id = ${sql.company} AND anchor.updated_at = ${at} AND substr(${anchored}, 1, ${Array.from(start).length}) = ${start})`;
}

/**
 * After a row whose sort value the cursor carries only the start of (`anchoredCursor`): the value is read
 * again from the row itself, in the same statement, while the row is as it was (its `updated_at` and
 * start unchanged), and the page starts right after it. A row since changed or deleted leaves only the
 * start to go by: the page then starts at the first row whose value begins so (ascending) or takes in
 * every row that begins so (descending), so that a row the walk had not reached is never left out, and
 * some it had may be shown again.
 */
function afterAnchor(
  column: string,
  descending: boolean,
  /** The first `KEY_CHARS` characters of the row's value, its id, and its `updated_at`. */
  { start, id, at }: { start: string; id: number; at: string },
  rows: CursorList,
): Sql {
  const value = sql.raw(column);
  const anchor = anchorValue(column, start, id, at, rows);
  const past = sql.raw(descending ? "<" : ">");
  const exact = sql`(${value} ${past} ${anchor} OR (${value} = ${anchor} AND id ${past} ${id}))`;
  const near = descending
    ? sql`(${value} < ${start} OR substr(${value}, 1, ${Array.from(start).length}) = ${start})`
    : sql`(${value} > ${start} OR (${value} = ${start} AND id > ${id}))`;
  const after = sql`(CASE WHEN ${anchor} IS NULL THEN ${near} ELSE ${exact} END)`;
  return descending ? sql`(${after} OR ${value} IS NULL)` : after;
}

/** A sort field of a list ordered by more than one, or by one whose ties go by id the other way. */
export interface SortColumn {
  readonly column: string;
  readonly descending: boolean;
}

/**
 * The SQL that starts a page after the cursor's row, for a list ordered by `columns` and then by id
 * (`idDescending`): the rows that tie with it on the first fields and come after it on the next one,
 * field by field (NULL first ascending and last descending, a tie compared with `IS`: NULL ties NULL),
 * then the rows that tie on all of them with a later id. A value the cursor carries only the start of
 * (`KeyPart`) is read again from the row itself while the row is as it was (`afterAnchor` does the same
 * for one field); a row since changed or deleted leaves only the start to go by, and the page then
 * takes in every row whose value begins so: some shown before may be shown again, none not yet reached
 * is left out.
 */
export function afterKeys(
  columns: readonly SortColumn[],
  idDescending: boolean,
  cursor: Cursor,
  rows: CursorList,
): Sql {
  const parts: readonly KeyPart[] = isList(cursor.key) ? cursor.key : [cursor.key];
  if (parts.length !== columns.length) throw bad(NOT_OURS);
  const ors: Sql[] = [];
  // The conditions that the row ties with the cursor's on every field so far.
  const ties: Sql[] = [];
  for (const [i, { column, descending }] of columns.entries()) {
    const at = sql.raw(column);
    const value = sortValue(column, descending, parts[i]!, cursor, rows);
    const past = !value
      ? descending
        ? undefined
        : sql`${at} IS NOT NULL`
      : descending
        ? sql`(${at} < ${value} OR ${at} IS NULL)`
        : sql`${at} > ${value}`;
    if (past) ors.push(sql`(${sql.join([...ties, past], " AND ")})`);
    ties.push(value ? sql`${at} IS ${value}` : sql`${at} IS NULL`);
  }
  ors.push(sql`(${sql.join([...ties, sql`id ${sql.raw(idDescending ? "<" : ">")} ${cursor.id}`], " AND ")})`);
  return sql`(${sql.join(ors, " OR ")})`;
}

/**
 * A cursor's sort value as SQL (undefined for NULL): a bound value, or, for the start of a longer text,
 * the row's whole value when the row is as it was, else the start (ascending) or the last text that
 * begins with it (descending), so that every row beginning so comes after it.
 */
function sortValue(
  column: string,
  descending: boolean,
  part: KeyPart,
  cursor: Cursor,
  rows: CursorList,
): Sql | undefined {
  if (part === null) return undefined;
  if (typeof part !== "object") return sql`${part}`;
  if (cursor.anchoredAt === undefined) throw bad(NOT_OURS);
  const anchor = anchorValue(column, part.start, cursor.id, cursor.anchoredAt, rows);
  const bound = descending ? `${part.start}\u{10FFFF}` : part.start;
  return sql`coalesce(${anchor}, ${bound})`;
}
