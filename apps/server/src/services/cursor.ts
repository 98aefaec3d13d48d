/**
 * Keyset pagination. A cursor is the sort key and id of the last row a page showed, with the order it was
 * made for and a hash of the filters: the next page starts right after that row, so a page deep in a
 * long list costs what the first one does. It is opaque to clients (base64url JSON) and authenticated:
 * an HMAC-SHA-256 under a key derived from `SECRETS_KEY` follows it (any configured key verifies, so a
 * rotation keeps the cursors out there working), and a cursor that was altered, or used with another
 * order or other filters, is a 400.
 */
import { base64url, type Keyring } from "../domain/secrets.ts";
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

const encoder = new TextEncoder();

/** The HMAC keys of a keyring (the current one first), derived once per keyring with HKDF. */
const macKeys = new WeakMap<Keyring, Promise<CryptoKey[]>>();
function macKeysOf(keyring: Keyring): Promise<CryptoKey[]> {
  let keys = macKeys.get(keyring);
  if (!keys) {
    keys = Promise.all(
      keyring.keys.map(async ({ raw }) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("list cursors") },
          await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey"]),
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign", "verify"],
        ),
      ),
    );
    macKeys.set(keyring, keys);
  }
  return keys;
}

export async function encodeCursor(cursor: Cursor, keyring: Keyring): Promise<string> {
  const json = JSON.stringify([cursor.order, cursor.key, cursor.id, cursor.filters]);
  // btoa takes one byte per character: ASCII as it is, anything else as its UTF-8 bytes.
  const binary = ASCII.test(json) ? json : String.fromCharCode(...encoder.encode(json));
  const payload = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const [key] = await macKeysOf(keyring);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key!, encoder.encode(payload)));
  return `${payload}.${base64url(mac)}`;
}

const NOT_OURS = "not a cursor this API made; follow the Link header of the previous page.";

/** Whether `mac` (base64url) authenticates `payload` under one of the keyring's keys. */
async function authentic(keyring: Keyring, payload: string, mac: string): Promise<boolean> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(mac.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
  } catch {
    return false;
  }
  for (const key of await macKeysOf(keyring)) {
    if (await crypto.subtle.verify("HMAC", key, bytes, encoder.encode(payload))) return true;
  }
  return false;
}

/** The cursor a client sent back, for a list of `order` with these filters; 400 when it is not one. */
export async function decodeCursor(
  text: string,
  order: string,
  filters: string,
  keyring: Keyring,
): Promise<Cursor> {
  const dot = text.indexOf(".");
  if (dot < 0 || !(await authentic(keyring, text.slice(0, dot), text.slice(dot + 1)))) throw bad(NOT_OURS);
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
    parsed.length !== 4 ||
    typeof parsed[0] !== "string" ||
    !(parsed[1] === null || typeof parsed[1] === "string" || typeof parsed[1] === "number") ||
    !Number.isSafeInteger(parsed[2]) ||
    typeof parsed[3] !== "string"
  ) {
    throw bad(NOT_OURS);
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
