import * as v from "valibot";
import { isCountryCode } from "./countries.ts";
import { isCurrencyCode } from "./currencies.ts";
import { DEFAULT_MAX_LENGTH, type FieldDef, type KindDef } from "./define.ts";
import { sameFactsOf, withSameFacts } from "./same-facts.ts";

/** Largest `json` field value by default, in bytes of its JSON text. */
export const DEFAULT_MAX_JSON_BYTES = 65_536;
const MAX_JSON_DEPTH = 32;

/**
 * Whether a parsed JSON value fits: its text within `maxBytes` (counted as it is walked, so a huge
 * value is refused early), nesting within `MAX_JSON_DEPTH`, and every string and key well-formed.
 */
function isBoundedJson(value: unknown, maxBytes: number): boolean {
  let budget = maxBytes;
  const walk = (node: unknown, depth: number): boolean => {
    if (depth > MAX_JSON_DEPTH || budget < 0) return false;
    if (node === null || typeof node === "boolean") budget -= 5;
    else if (typeof node === "number") budget -= Number.isFinite(node) ? 24 : Infinity;
    else if (typeof node === "string") {
      budget -= node.length + 2;
      if (budget < 0 || !isWellFormedText(node)) return false;
    } else if (Array.isArray(node)) {
      budget -= 2;
      for (const item of node) if (!walk(item, depth + 1)) return false;
    } else if (typeof node === "object") {
      budget -= 2;
      for (const [key, item] of Object.entries(node as object)) {
        budget -= key.length + 3;
        if (!isWellFormedText(key) || !walk(item, depth + 1)) return false;
      }
    } else return false;
    return budget >= 0;
  };
  return walk(value, 0);
}

/** `*`, `purchase.*` or `purchase.sent`: what a webhook endpoint subscribes to. */
const EVENT_TYPE = /^(\*|[a-z][a-z0-9_]*\.(\*|[a-z][a-z0-9_]*))$/;
const COUNTRY = /^[A-Z]{2}$/;
/** An http(s) URL's text: no whitespace or control character in it. */
const WEB_URL = /^https?:\/\/[^\s\p{Cc}]+$/iu;

/** Whether text is an absolute http or https URL, written without spaces or control characters. */
function isWebUrl(text: string): boolean {
  if (!WEB_URL.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
const CURRENCY = /^[A-Z]{3}$/;
const PHONE = /^\+?[0-9 ()./-]{3,32}$/;
/** 6 to 10 digits, groups of them separated by single dots: `6205.20`, `620520`, `6205.20.0010`. */
const HS_CODE = /^(?=(?:\.?[0-9]){6,10}$)[0-9]+(?:\.[0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ITEMS = 1000;
/** Keys of a free-form map; more is refused before any of them is looked at. */
export const MAX_MAP_KEYS = 100;
// NUL, and UTF-16 surrogates that are not part of a pair: text that cannot be stored and read back whole.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when text has no NUL character and no lone surrogate. */
export function isWellFormedText(text: string): boolean {
  return !text.includes("\0") && !LONE_SURROGATE.test(text);
}

const wellFormed = v.check<string, string>(
  isWellFormedText,
  "text without NUL characters or unpaired surrogates",
);

/** A count and its noun, singular for one: "1 character", "200 characters". */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** How many characters (code points) text has: an emoji is one, not the two UTF-16 units of `length`. */
function characters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Bounds of text's length in characters, as the reference's limits and JSON Schema's `maxLength` count
 * them: valibot's `maxLength` and `minLength` (which the OpenAPI document shows as they are), checked
 * on the characters rather than the UTF-16 units.
 */
function atMostCharacters(max: number, message = `at most ${counted(max, "character")}`) {
  const check = v.check<string, string>((text) => text.length <= max || characters(text) <= max, message);
  return { ...v.maxLength<string, number, string>(max, message), "~run": check["~run"].bind(check) };
}
function atLeastCharacters(min: number) {
  const message = `at least ${counted(min, "character")}`;
  const check = v.check<string, string>((text) => characters(text) >= min, message);
  return { ...v.minLength<string, number, string>(min, message), "~run": check["~run"].bind(check) };
}

/**
 * An array whose length is checked before its items: an oversized array is one issue, and no item of it
 * is validated (the work stays bounded by the declared maximum, not the body).
 */
function boundedArray(item: v.GenericSchema, min: number | undefined, max: number): v.GenericSchema {
  const length = min
    ? v.pipe(
        v.array(v.unknown(), "an array"),
        v.minLength(min, `at least ${counted(min, "item")}`),
        v.maxLength(max, `at most ${counted(max, "item")}`),
      )
    : v.pipe(v.array(v.unknown(), "an array"), v.maxLength(max, `at most ${counted(max, "item")}`));
  return v.pipe(length, v.array(item, "an array"));
}

/** An object with at most `max` keys, checked before its entries. */
function fewKeys(max: number) {
  return v.check<unknown, string>(
    (value) => Object.keys(value as object).length <= max,
    `an object of at most ${max} fields`,
  );
}
// valibot's object schemas accept arrays (they are objects); a JSON array is never a valid object value.
const notAnArray = v.custom<unknown>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "an object",
);

/** Largest amount of money either way: past it a double no longer holds every cent apart. */
const MONEY_BOUND = 1e13;

/**
 * True when a number has at most two decimals: it is a whole number of cents, give or take binary
 * floating point's error on such an amount (`0.1 + 0.2`, `19.99 * 3`, a sum of a hundred prices, the
 * difference of two), which is rounded away. That error is relative to the amount (2^-49 of it, 8 to 16
 * units in its last place; 2^-27 of a cent at least, for a small difference), and kept below what sets
 * a third decimal apart from every cent: a tenth of a cent, less the rounding of the amount and of the
 * cent to doubles (half a unit in the last place each). That margin shrinks as amounts grow: past about
 * 5e11 it is the bound, past about 2e12 it is under a unit in the last place, so only a cent's own
 * double is taken there (`600000000000.001` and `9999999999999.992` are refused). Past 2^43 doubles are
 * more than a thousandth apart: `9999999999999.991` is the very double of `9999999999999.99`. An amount
 * is never taken as 0 unless it is 0: `1e-20` (or `0.1 + 0.2 - 0.3`) would silently become a price of
 * nothing.
 */
function hasCents(value: number): boolean {
  const whole = Math.round(value * 100);
  if (whole === 0) return value === 0;
  const cent = whole / 100;
  // Exact: two doubles this close subtract without rounding.
  const error = Math.abs(value - cent);
  if (error === 0) return true;
  const size = Math.max(Math.abs(value), Math.abs(cent));
  const floatingPointError = Math.max(size * 2 ** -49, 2 ** -27 / 100);
  // A unit in the last place of either double is at most size * 2^-52.
  const thirdDecimal = 0.001 - size * 2 ** -52;
  return error <= floatingPointError && error < thirdDecimal;
}

/** An amount as the nearest whole number of cents holds it: `0.1 + 0.2` is `0.3`. */
function nearestCent(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * True when a number is an amount of money in major units: at most two decimals (floating point's
 * error on such an amount is taken as the nearest cent), within ±1e13.
 *
 * @example
 * isMoney(19.99); // true
 * isMoney(0.1 + 0.2); // true: 0.3
 * isMoney(12.500000001); // false
 * isMoney(1e-20); // false: not 0, and no whole number of cents
 */
export function isMoney(value: number): boolean {
  return Math.abs(value) <= MONEY_BOUND && hasCents(value);
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instants a date-time may name: its UTC form has a year of four digits, as it is stored and answered. */
const FIRST_INSTANT = Date.parse("0000-01-01T00:00:00.000Z");
const LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

function isoDateTime(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T/.exec(value);
  const instant = Date.parse(value);
  return (
    match !== null &&
    v.is(v.pipe(v.string(), v.isoTimestamp()), value) &&
    isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) &&
    instant >= FIRST_INSTANT &&
    instant <= LAST_INSTANT
  );
}

/**
 * A secret as the server writes it once sealed (`v1:`, the hint's length, the hint, the sealed value):
 * the server seals a secret sent before the body is validated, and that form is longer than the value.
 */
const SEALED = /^v1:[1-5]/;
const MAX_SEALED_LENGTH = 16_384;

/** A secret field's values: text within the field's bounds, or the form the server seals it into. */
function secretText(text: v.GenericSchema<string, string>): v.GenericSchema {
  return v.pipe(
    v.string("a string"),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      if (SEALED.test(dataset.value) && dataset.value.length <= MAX_SEALED_LENGTH) return;
      const result = v.safeParse(text, dataset.value, { abortPipeEarly: true });
      if (!result.success) addIssue({ message: result.issues[0].message });
    }),
  );
}

/**
 * The bound of free text whose field declares none: a guard against abuse, not a fact of the field, so
 * it is a check the OpenAPI document does not show (a declared `maxLength` is shown).
 */
const defaultLength = v.check<string, string>(
  // Characters are counted only past the bound in UTF-16 units, which are never fewer.
  (text) => text.length <= DEFAULT_MAX_LENGTH || characters(text) <= DEFAULT_MAX_LENGTH,
  `at most ${DEFAULT_MAX_LENGTH} characters`,
);

/**
 * The valibot schema for one value of a field (no optional/nullable wrapping). `input`: as a request
 * may write it (flags as 0 or 1, `{}` for a date that defaults to now); else as a record holds it.
 */
export function valueSchema(field: FieldDef, input = true): v.GenericSchema {
  switch (field.type) {
    case "string": {
      const checks: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [
        field.maxLength === undefined ? defaultLength : atMostCharacters(field.maxLength),
        wellFormed,
      ];
      if (field.minLength !== undefined) checks.push(atLeastCharacters(field.minLength));
      if (field.format === "email") checks.push(v.email("an e-mail address"));
      // http or https only: a stored URL is shown to people and followed by programs, and a
      // `javascript:`, `data:` or `file:` one, or one with spaces or line breaks, is neither's.
      if (field.format === "url") {
        const url = field.called ? "an https URL: the service calls it" : "an http or https URL";
        checks.push(v.check(isWebUrl, url));
      }
      if (field.format === "event-type") {
        checks.push(v.regex(EVENT_TYPE, "an event type: *, <kind>.* or <kind>.<event>"));
      }
      if (field.format === "country") {
        // The pattern is what the OpenAPI document can show; the list of codes, what it cannot.
        const country = "an ISO 3166-1 alpha-2 country code (e.g. US)";
        checks.push(v.regex(COUNTRY, country), v.check(isCountryCode, country));
      }
      if (field.format === "currency") {
        const currency = "an ISO 4217 currency code (e.g. USD)";
        checks.push(v.regex(CURRENCY, currency));
        // A record's code may predate the list; what is sent must be on it.
        if (input) checks.push(v.check(isCurrencyCode, currency));
      }
      if (field.format === "phone") checks.push(v.regex(PHONE, "a phone number"));
      if (field.format === "hs-code") {
        checks.push(
          v.regex(HS_CODE, "an HS code: 6 to 10 digits, groups of them separated by dots (e.g. 6205.20)"),
        );
      }
      const text = v.pipe(v.string("a string"), ...checks);
      if (field.secret && field.secret !== "shownOnce") return secretText(text);
      if (!field.acceptNumber) return text;
      return v.union(
        [text, v.pipe(v.number(), v.safeInteger(), v.transform(String), text)],
        "a string (or an integer id)",
      );
    }
    case "integer":
    case "ref": {
      const min = field.min ?? (field.type === "ref" ? 1 : Number.MIN_SAFE_INTEGER);
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      return v.pipe(
        v.number("an integer"),
        v.integer("an integer"),
        v.minValue(min, `at least ${min}`),
        v.maxValue(max, `at most ${max}`),
      );
    }
    case "number": {
      const min = field.min ?? -Number.MAX_VALUE;
      const max = field.max ?? Number.MAX_VALUE;
      return v.pipe(
        v.number("a number"),
        v.finite("a finite number"),
        v.minValue(min, `at least ${min}`),
        v.maxValue(max, `at most ${max}`),
      );
    }
    case "money": {
      const min = field.min ?? -MONEY_BOUND;
      const max = field.max ?? MONEY_BOUND;
      // The bounds first: past them an amount is refused for its size, whatever its decimals.
      return v.pipe(
        v.number("an amount"),
        v.finite("a finite amount"),
        v.minValue(min, `at least ${min}`),
        v.maxValue(max, `at most ${max}`),
        v.check(
          (value) => Math.abs(value) > MONEY_BOUND || hasCents(value),
          "an amount with at most two decimals",
        ),
        // Every amount, in a column or nested in a list, is kept as its cents are.
        v.transform(nearestCent),
      );
    }
    case "boolean":
      if (!input) return v.boolean("true or false");
      // The reference's examples send flags as 0 and 1 too (`"locked": 0`).
      return v.union(
        [
          v.boolean(),
          v.pipe(
            v.picklist([0, 1]),
            v.transform((flag) => flag === 1),
          ),
        ],
        "true or false",
      );
    case "datetime": {
      const time = v.pipe(v.string("an ISO 8601 date-time"), v.check(isoDateTime, "an ISO 8601 date-time"));
      if (!(field.defaultNow || field.takesEmptyObject) || !input) return time;
      // The reference's examples send `{}` for such dates: it means the default ("now", or none), as
      // absent does.
      return v.union(
        [
          time,
          v.pipe(
            notAnArray,
            v.strictObject({}),
            v.transform(() => undefined),
          ),
        ],
        field.defaultNow ? "an ISO 8601 date-time (or {} for now)" : "an ISO 8601 date-time (or {} for none)",
      );
    }
    case "date":
      return v.pipe(v.string("a date"), v.regex(DATE, "a date (YYYY-MM-DD)"), v.isoDate("a valid date"));
    case "enum":
      return v.picklist(field.values ?? [], `one of ${(field.values ?? []).join(", ")}`);
    case "array":
      return boundedArray(valueSchema(field.items!), field.minLength, field.maxLength ?? MAX_ITEMS);
    case "object":
      return v.pipe(notAnArray, actionInputSchema(field.fields ?? {}));
    case "json":
      return v.pipe(
        v.unknown(),
        v.check((value) => value !== undefined, "a JSON value"),
        v.check(
          (value) => isBoundedJson(value, field.maxBytes ?? DEFAULT_MAX_JSON_BYTES),
          `JSON of at most ${field.maxBytes ?? DEFAULT_MAX_JSON_BYTES} bytes, nested at most ${MAX_JSON_DEPTH} deep, with well-formed text`,
        ),
      ) as v.GenericSchema;
    case "map":
      return v.pipe(
        notAnArray,
        fewKeys(MAX_MAP_KEYS),
        everyKey(
          v.record(
            v.pipe(v.string("text"), atMostCharacters(200, "a name of at most 200 characters"), wellFormed),
            v.nullable(
              v.union(
                [v.pipe(v.string(), defaultLength, wellFormed), v.number(), v.boolean()],
                "text, a number or true/false",
              ),
            ),
            "an object of string keys to scalar values",
          ),
        ),
      );
  }
}

type MapSchema = v.RecordSchema<
  v.GenericSchema<string, string>,
  v.GenericSchema,
  v.ErrorMessage<v.RecordIssue> | undefined
>;

/**
 * valibot's record over each of the object's own keys, `__proto__`, `constructor` and `prototype`
 * included: valibot's passes over those three (a guard for the objects it fills by assignment), and a
 * map sent with them lost them without a word. The value is an object without a prototype, holding
 * every key as its own, in the order sent: no key of it can reach a prototype, JSON text keeps them,
 * and parsing that text makes them own keys again, so a map is stored and read back as it was sent.
 */
function everyKey(schema: MapSchema): v.GenericSchema {
  return Object.assign({}, schema, {
    "~run"(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      const input = dataset.value;
      if (!isFields(input)) return schema["~run"](dataset, config);
      const value: Record<string, unknown> = Object.create(null);
      const issues: v.BaseIssue<unknown>[] = [];
      for (const [key, item] of Object.entries(input)) {
        const at: v.ObjectPathItem = { type: "object", origin: "key", input, key, value: item };
        for (const issue of schema.key["~run"]({ typed: false, value: key }, config).issues ?? [])
          issues.push({ ...issue, path: [at] });
        const entry = schema.value["~run"]({ typed: false, value: item }, config);
        for (const issue of entry.issues ?? [])
          issues.push({ ...issue, path: [{ ...at, origin: "value" }, ...(issue.path ?? [])] });
        value[key] = entry.value;
      }
      const [first, ...more] = issues;
      return first ? { typed: false, value, issues: [first, ...more] } : { typed: true, value };
    },
  });
}

/** A JSON object (`notAnArray` has refused arrays before a map's entries are looked at). */
function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * `input`: an action's input or an object nested in a value, where read-only fields are accepted and
 * ignored (documented request bodies carry server-managed members that clients copy).
 */
type Mode = "create" | "update" | "record" | "value" | "input";

/** Wraps a value schema for its role: optional, nullable, defaulted. */
function wrap(field: FieldDef, mode: Mode): v.GenericSchema {
  let schema = valueSchema(field, mode !== "record");
  if (field.nullable) schema = v.nullable(schema);
  if (mode === "value" || mode === "record") return schema;
  if (mode === "update") return v.optional(schema);
  // "create" and "input": required fields must be there, the others may be left out.
  if (field.required && field.default === undefined) return schema;
  // Defaults are filled in by the storage layer so that records read back complete; here absent is fine.
  return v.optional(schema);
}

/** A kind's fields as the entries of its create, update or record validator. */
function objectEntries(
  fields: Readonly<Record<string, FieldDef>>,
  mode: "create" | "update" | "record",
): v.ObjectEntries {
  const entries: v.ObjectEntries = {};
  for (const [name, field] of Object.entries(fields)) {
    // Clients PUT back what they read, and copy documented examples full of computed fields into
    // creates: read-only fields are accepted and ignored on both. (An input drops them: `actionInputSchema`.)
    if (field.readOnly && mode !== "record") entries[name] = v.optional(v.unknown());
    else entries[name] = wrap(field, mode);
  }
  return entries;
}

/**
 * Drops `names` from an object before its schema sees it. An object schema looks up each of its entries
 * in every value, present or not: a connector item that documents fifty ignored members would pay for
 * them on each of a thousand items. A value that has one of them is copied without it (`fromEntries`
 * keeps a `__proto__` member an own key, so the strict check still refuses it).
 */
function dropping(names: ReadonlySet<string>) {
  return v.transform<unknown, unknown>((value) => {
    const object = value as Record<string, unknown>;
    for (const key in object) {
      if (names.has(key))
        return Object.fromEntries(Object.entries(object).filter(([name]) => !names.has(name)));
    }
    return object;
  });
}

/**
 * An object that takes only `entries`. Each unknown key is an issue, so a body with many more keys than
 * declared is refused as a whole before its keys are looked at.
 */
function strict(entries: v.ObjectEntries): v.GenericSchema {
  return v.pipe(notAnArray, fewKeys(Object.keys(entries).length + 10), strictObject(entries));
}

/**
 * valibot's strict object that names every member it does not know: valibot's stops at the first, so
 * a body with two misspelt fields was answered one at a time. The others are issues like the first, at
 * their own paths (their number is bounded by `fewKeys`).
 */
function strictObject(entries: v.ObjectEntries): v.GenericSchema {
  const schema = v.strictObject(entries, "an object");
  return Object.assign({}, schema, {
    "~run"(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      const input = dataset.value;
      const out = schema["~run"](dataset, config);
      const first = out.issues?.find((issue) => issue.type === "strict_object" && issue.expected === "never");
      const at = first?.path?.[0];
      if (!first || at?.type !== "object" || config.abortEarly || !input || typeof input !== "object")
        return out;
      for (const [key, value] of Object.entries(input)) {
        if (Object.hasOwn(entries, key) || key === at.key) continue;
        out.issues!.push({ ...first, input: key, received: `"${key}"`, path: [{ ...at, key, value }] });
      }
      return out;
    },
  });
}

/**
 * The metadata key under which an input's validator lists all its members in order, those it accepts
 * and drops included: the OpenAPI document lists them where the object schema alone would not.
 */
export const MEMBERS = "x-members";

/**
 * The validator of an action's input (its body, or its query for GET and DELETE), and of an object
 * nested in a value. Its read-only fields, and `ignored` names (a documented record body's fields), are
 * accepted whatever they hold and dropped from the parsed value.
 */
export function actionInputSchema(
  fields: Readonly<Record<string, FieldDef>>,
  ignored: readonly string[] = [],
): v.GenericSchema {
  const entries: v.ObjectEntries = {};
  const accepted = new Set<string>();
  for (const [name, field] of Object.entries(fields)) {
    if (field.readOnly) accepted.add(name);
    else entries[name] = wrap(field, "input");
  }
  for (const name of ignored) if (!(name in fields)) accepted.add(name);
  if (!accepted.size) return strict(entries);
  return v.pipe(
    notAnArray,
    fewKeys(Object.keys(entries).length + accepted.size + 10),
    dropping(accepted),
    strictObject(entries),
    v.metadata({ [MEMBERS]: [...Object.keys(fields), ...ignored.filter((name) => !(name in fields))] }),
  );
}

const RECORD_BASE = {
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  updatedAt: v.pipe(v.string(), v.isoTimestamp()),
};
const READ_BACK = {
  id: v.optional(v.unknown()),
  createdAt: v.optional(v.unknown()),
  updatedAt: v.optional(v.unknown()),
};

/**
 * A write's fields under both names of each fact the kind holds twice (`withSameFacts`). The two sent
 * with different values: on a create, an issue at the first name's path; on an update, kept as sent,
 * for the server to tell by the record which one changes it (a client sending back the whole record it
 * read with one of them changed).
 */
function sameFacts(kind: KindDef, schema: v.GenericSchema, on: "create" | "update"): v.GenericSchema {
  if (!sameFactsOf(kind).length) return schema;
  return v.pipe(
    schema,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value as Record<string, unknown>;
      const { values, conflict } = withSameFacts(kind, value);
      if (!conflict) return values;
      if (on === "update") return value;
      addIssue({
        message: `the same as ${conflict.other} (two names of one fact), or left out`,
        path: [
          {
            type: "object",
            origin: "value",
            input: value,
            key: conflict.field,
            value: value[conflict.field],
          },
        ],
      });
      return NEVER;
    }),
  );
}

/** The three validators of a kind. */
export interface KindSchemas {
  /**
   * A create body: unknown fields rejected, required fields enforced; `id`, timestamps and read-only
   * fields accepted and ignored (the server sets them).
   */
  readonly create: v.GenericSchema;
  /** An update body: every writable field optional; `id`, timestamps and read-only fields ignored. */
  readonly update: v.GenericSchema;
  /** A stored record as the API returns it. */
  readonly record: v.GenericSchema;
}

/**
 * Derive the create, update and record validators of a kind.
 *
 * @example
 * const { create } = kindSchemas(carrier);
 * v.parse(create, { name: "Parcel Express" });
 */
export function kindSchemas(kind: KindDef): KindSchemas {
  return {
    create: sameFacts(kind, strict({ ...objectEntries(kind.fields, "create"), ...READ_BACK }), "create"),
    update: sameFacts(kind, strict({ ...objectEntries(kind.fields, "update"), ...READ_BACK }), "update"),
    record: strict({ ...RECORD_BASE, ...objectEntries(kind.fields, "record") }),
  };
}

/** The validator of one value of a field, nullable if the field is. */
export function fieldSchema(field: FieldDef): v.GenericSchema {
  return wrap(field, "value");
}
