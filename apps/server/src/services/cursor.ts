/**
 * Keyset pagination. A cursor is the sort key and id of the last row a page showed, with the order it was
 * made for and a hash of the filters: the next page starts right after that row, so a page deep in a
 * long list costs what the first one does. It is opaque to clients (base64url JSON) and validated: a
 * cursor that was altered, or used with another order or other filters, is a 400.
 */
import { ApiError } from "../errors.ts";

type Key = string | number | null;

export interface Cursor {
  /** The order it was made for, e.g. `-createdAt`. */
  readonly order: string;
  /** The sort column's stored value in the last row (the id itself when ordered by id). */
  readonly key: Key;
  readonly id: number;
  /** Hash of the filters of the list it pages through. */
  readonly filters: string;
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

// JSON text has no raw control characters, so printable ASCII is all its one-byte characters.
const ASCII = /^[ -~]*$/;

export function encodeCursor(cursor: Cursor): string {
  const json = JSON.stringify([cursor.order, cursor.key, cursor.id, cursor.filters]);
  // btoa takes one byte per character: ASCII as it is, anything else as its UTF-8 bytes.
  const binary = ASCII.test(json) ? json : String.fromCharCode(...new TextEncoder().encode(json));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor a client sent back, for a list of `order` with these filters; 400 when it is not one. */
export function decodeCursor(text: string, order: string, filters: string): Cursor {
  let parsed: unknown;
  try {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw bad("not a cursor this API made; follow the Link header of the previous page.");
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    typeof parsed[0] !== "string" ||
    !(parsed[1] === null || typeof parsed[1] === "string" || typeof parsed[1] === "number") ||
    !Number.isSafeInteger(parsed[2]) ||
    typeof parsed[3] !== "string"
  ) {
    throw bad("not a cursor this API made; follow the Link header of the previous page.");
  }
  const cursor: Cursor = { order: parsed[0], key: parsed[1], id: parsed[2], filters: parsed[3] };
  if (cursor.order !== order) throw bad(`made for order=${cursor.order}, not order=${order}.`);
  if (cursor.filters !== filters)
    throw bad("made for other filters: send the same where[...] as the first page.");
  return cursor;
}

/**
 * The SQL that starts a page after the cursor's row, for a list ordered by `column` (then id) in
 * `descending` order or not. SQLite sorts NULL first ascending and last descending.
 */
export function afterCursor(
  column: string,
  descending: boolean,
  cursor: Cursor,
): { sql: string; args: (string | number)[] } {
  const past = descending ? "<" : ">";
  if (column === "id") return { sql: `id ${past} ?`, args: [cursor.id] };
  if (cursor.key === null) {
    return descending
      ? { sql: `(${column} IS NULL AND id < ?)`, args: [cursor.id] }
      : { sql: `(${column} IS NOT NULL OR id > ?)`, args: [cursor.id] };
  }
  const rest = `(${column} ${past} ? OR (${column} = ? AND id ${past} ?))`;
  return descending
    ? { sql: `(${rest} OR ${column} IS NULL)`, args: [cursor.key, cursor.key, cursor.id] }
    : { sql: rest, args: [cursor.key, cursor.key, cursor.id] };
}
