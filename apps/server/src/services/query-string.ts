/**
 * The one reader of list and read query strings: the nested-bracket convention of the `qs` package, which
 * the reference service's clients use (`where[f][$in][0]=a`, `where[f][$in][]=a`, percent-encoded
 * brackets, `include[0][include][0][model]=...`). Every limit is checked while parsing, so a hostile
 * query costs what its length does.
 */
/// <reference path="../shims/qs-parse.d.ts" />
import { isWellFormedText } from "@multichannel/schema";
// The parser alone, typed by the reference above wherever this file is compiled (the client's tests too):
// the Worker bundles no stringify.
import parseQuery from "qs/lib/parse.js";
import { ApiError, isApiError } from "../errors.ts";

/** Deepest bracket nesting below a parameter's name: `include[0][include][0][attributes][0]` is 5. */
export const MAX_QUERY_DEPTH = 7;
/** Most `key=value` pairs in one query string (a `$in` of 250 values sent with indices is 250 pairs). */
export const MAX_QUERY_PARAMETERS = 300;
/** Most values in one array (`$in`, `attributes`, `include`): indices 0 to 249. */
export const MAX_QUERY_ARRAY = 250;

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type QueryObject = { [key: string]: QueryValue };

/** A query value that is a list of texts (`a[0]=x&a[1]=y`, `a[]=x`). */
export function isTextList(value: QueryValue): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function bad(detail: string): ApiError {
  return new ApiError("bad_request", detail);
}

/** Percent-decoding that refuses what is not UTF-8, instead of passing it on undecoded. */
function decode(text: string): string {
  const plain = text.replace(/\+/g, " ");
  if (!plain.includes("%")) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    throw bad(`Malformed percent-encoding in the query: "${text.slice(0, 40)}".`);
  }
}

function checkText(value: QueryValue, key: string): void {
  if (typeof value === "string") {
    if (!isWellFormedText(value)) {
      throw bad(`Query parameter "${key.slice(0, 40)}" holds a NUL character or an unpaired surrogate.`);
    }
    return;
  }
  for (const [name, item] of Object.entries(value)) {
    if (!isWellFormedText(name)) throw bad("A query parameter name holds a NUL character.");
    checkText(item, `${key}[${name}]`);
  }
}

/** The raw `key=value` segments of a query string (without `?`), empty ones left out. */
export function segmentsOf(search: string): string[] {
  return search.split("&").filter((segment) => segment !== "");
}

/** The decoded name of a raw segment: `where%5Bx%5D=1` → `where[x]`. */
export function segmentKey(segment: string): string {
  const at = segment.indexOf("=");
  return decode(at < 0 ? segment : segment.slice(0, at));
}

/**
 * A query string (without `?`) as nested objects and arrays, as `qs` reads it with limits: nesting past
 * MAX_QUERY_DEPTH, more than MAX_QUERY_PARAMETERS pairs or more than MAX_QUERY_ARRAY values in an array
 * (an index past MAX_QUERY_ARRAY - 1) is a 400 naming the parameter,
 * as are names that would reach an object's prototype and text that cannot be stored. A query of plain
 * `name=value` pairs (no brackets, no name twice), as most are, is read without `qs`, to the same object.
 */
export function parseQueryString(search: string): QueryObject {
  return storable((!NESTED.test(search) && flatQuery(search)) || nestedQuery(search));
}

/** A query read, once every name and value in it is checked to be text that can be stored. */
export function storable(parsed: QueryObject): QueryObject {
  for (const [key, value] of Object.entries(parsed)) {
    if (!isWellFormedText(key)) throw bad("A query parameter name holds a NUL character.");
    checkText(value, key);
  }
  return parsed;
}

/** A bracket, as it is or percent-encoded: what makes a name nested (`where[status]`). */
const NESTED = /[[\]]|%5b|%5d/i;

/** Throws the 400 of a name that would reach an object's prototype. */
function checkName(name: string): void {
  if (name.includes("__proto__")) throw bad(`Query parameter "${name.slice(0, 40)}" is not allowed.`);
}

/**
 * A query with no bracket in it, read as `qs` reads it: each pair's name and value decoded, a pair
 * without `=` an empty value, empty names left out, the names checked before any value is decoded.
 * Undefined when `qs` must read it (a name sent twice is an array there, and past
 * MAX_QUERY_PARAMETERS pairs a 400).
 */
function flatQuery(search: string): QueryObject | undefined {
  const pairs = search.split("&");
  if (pairs.length > MAX_QUERY_PARAMETERS) return undefined;
  const names: string[] = [];
  for (const pair of pairs) {
    const name = segmentKey(pair);
    checkName(name);
    if (name && names.includes(name)) return undefined;
    names.push(name);
  }
  // The null prototype `qs` gives (`plainObjects`): a name such as `constructor` is only a name.
  const query: QueryObject = Object.create(null);
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    const at = pair.indexOf("=");
    // Decoded even when its name is empty: `qs` refuses a malformed value there too.
    const value = at < 0 ? "" : decode(pair.slice(at + 1));
    if (names[i]) query[names[i]!] = value;
  }
  return query;
}

/** Any query, read by `qs` with the limits. */
export function nestedQuery(search: string): QueryObject {
  for (const segment of segmentsOf(search)) checkName(segmentKey(segment));
  try {
    return parseQuery(search, {
      depth: MAX_QUERY_DEPTH,
      strictDepth: true,
      parameterLimit: MAX_QUERY_PARAMETERS,
      arrayLimit: MAX_QUERY_ARRAY,
      throwOnLimitExceeded: true,
      plainObjects: true,
      allowPrototypes: false,
      allowDots: false,
      duplicates: "combine",
      decoder: (text: string) => decode(text),
    }) as QueryObject;
  } catch (error) {
    if (isApiError(error)) throw error;
    if (error instanceof RangeError) throw overLimit(search);
    throw bad("The query string cannot be read.");
  }
}

/** A bracket group of a parameter's name, as `qs` reads them: `[0]`, `[]`, `[$in]`. */
const BRACKETS = /\[([^[\]]*)\]/g;

/**
 * The 400 of a query over one of the limits `qs` enforces, naming the parameter and the limit: more
 * than MAX_QUERY_PARAMETERS pairs, brackets nested past MAX_QUERY_DEPTH, an array index past
 * MAX_QUERY_ARRAY - 1 (indices 0 to 249: at most 250 values), or more than MAX_QUERY_ARRAY values for
 * one name.
 */
function overLimit(search: string): ApiError {
  const keys = segmentsOf(search).map(segmentKey);
  if (keys.length > MAX_QUERY_PARAMETERS) {
    return bad(`A query takes at most ${MAX_QUERY_PARAMETERS} parameters (key=value pairs).`);
  }
  const shown = (key: string) => key.slice(0, 100);
  const values = new Map<string, number>();
  for (const key of keys) {
    const groups = [...key.matchAll(BRACKETS)];
    if (groups.length > MAX_QUERY_DEPTH) {
      return bad(`Query parameter ${shown(key)} nests brackets more than ${MAX_QUERY_DEPTH} deep.`);
    }
    if (groups.some(([, inside]) => /^\d+$/.test(inside!) && Number(inside) >= MAX_QUERY_ARRAY)) {
      return bad(
        `Query parameter ${shown(key)} has an array index over ${MAX_QUERY_ARRAY - 1}: an array takes at most ${MAX_QUERY_ARRAY} values (indices 0 to ${MAX_QUERY_ARRAY - 1}).`,
      );
    }
    // The list a value joins: the name without its last `[]` or `[<index>]`, or the name sent again.
    const list = key.replace(/\[\d*\]$/, "");
    const count = (values.get(list) ?? 0) + 1;
    if (count > MAX_QUERY_ARRAY) {
      return bad(`Query parameter ${shown(list)} has more than ${MAX_QUERY_ARRAY} values.`);
    }
    values.set(list, count);
  }
  return bad(
    `The query is over a limit: at most ${MAX_QUERY_PARAMETERS} parameters, ${MAX_QUERY_ARRAY} values in an array (indices 0 to ${MAX_QUERY_ARRAY - 1}), brackets nested ${MAX_QUERY_DEPTH} deep.`,
  );
}

/** The query string of a request URL, without `?`. */
export function searchOf(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return "";
  const hash = url.indexOf("#", at);
  return url.slice(at + 1, hash < 0 ? undefined : hash);
}
