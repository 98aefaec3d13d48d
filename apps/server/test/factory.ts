import { type FieldDef, isCountryCode, isCurrencyCode, type KindDef, kindByName } from "@multichannel/schema";
import { expect } from "vitest";
import type { Api } from "./support.ts";

export type Body = Record<string, unknown>;

/**
 * A create must send this field: required (or taken from another field, which the factory does not
 * send), without a default, and not managed by the server.
 */
export function isNeeded(field: FieldDef): boolean {
  return (
    (field.required || field.takenFrom !== undefined) && field.default === undefined && isSettable(field)
  );
}

/**
 * A client sets this field to any valid value: not managed by the server, not a derived value (a
 * write may only request it) and not the tenant (always the caller's company).
 */
export function isSettable(field: FieldDef): boolean {
  return !field.readOnly && !field.derived && !field.tenant && field.secret !== "serverMade";
}

/**
 * What reads show of a value written to a field: a secret's hint (`…` and its last 4 characters, from
 * 12), anything else as written.
 */
export function shownAs(field: FieldDef | undefined, value: unknown): unknown {
  if (!field?.secret || typeof value !== "string") return value;
  const characters = [...value];
  return `…${characters.length >= 12 ? characters.slice(-4).join("") : ""}`;
}

/** Fields a client may set, by name. */
export function writableFields(kind: KindDef): [string, FieldDef][] {
  return Object.entries(kind.fields).filter(([, field]) => isSettable(field));
}

/** Fields of the kind that hold a reference to another record, writable ones only. */
export function refFields(kind: KindDef): [string, FieldDef][] {
  return writableFields(kind).filter(([, field]) => field.type === "ref");
}

/** References in a list's items (a price list's `prices[].variantId`): the list, the item's field, its kind. */
export function listedRefFields(kind: KindDef): { list: string; item: string; ref: string }[] {
  return writableFields(kind).flatMap(([list, field]) =>
    Object.entries(field.items?.fields ?? {}).flatMap(([item, def]) =>
      def.type === "ref" ? [{ list, item, ref: def.ref! }] : [],
    ),
  );
}

/** Fields that can be filtered and ordered by in lists: scalars, not nested JSON. */
export function isScalar(field: FieldDef): boolean {
  return field.type !== "array" && field.type !== "object" && field.type !== "map" && !field.secret;
}

let sequence = 0;
/** A number no other call in this test process gets: keeps values of `unique` sets apart. */
export function nextSequence(): number {
  return ++sequence;
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const pairs = [...LETTERS].flatMap((first) => [...LETTERS].map((second) => first + second));
const countries = pairs.filter(isCountryCode);
const currencies = pairs.flatMap((pair) => [...LETTERS].map((third) => pair + third)).filter(isCurrencyCode);

function clamp(value: number, field: FieldDef): number {
  return Math.min(Math.max(value, field.min ?? -Infinity), field.max ?? Infinity);
}

/** A string of `field`'s format and length bounds; distinct for every distinct `n`. */
export function stringValue(field: FieldDef, label: string, n: number, unique = false): string {
  switch (field.format) {
    case "email":
      return `${label.toLowerCase()}.${n}@example.com`;
    case "url":
      return `https://example.com/${label}/${n}`;
    case "country":
      // An assigned code (two letters alone may be none: `XX`).
      return unique ? countries[n % countries.length]! : "US";
    case "currency":
      return unique ? currencies[n % currencies.length]! : "USD";
    case "phone":
      return `+1 555 ${String(n % 10000).padStart(4, "0")}`;
    case "event-type":
      return unique ? "purchase.*" : "*";
    case "hs-code":
      return `6205.${String(n % 10000).padStart(4, "0")}`;
  }
  let text = `${label}-${n}`;
  const max = field.maxLength ?? 4000;
  if (text.length > max) text = text.slice(text.length - max);
  return text.padEnd(field.minLength ?? 0, "x");
}

/** A writable value of a field's type that differs from its default, when the type allows one. */
function plainValue(field: FieldDef, label: string, n: number, unique: boolean): unknown {
  switch (field.type) {
    case "string":
      return stringValue(field, label, n, unique);
    case "integer":
      if (unique) return clamp((field.min ?? 0) + n, field);
      return clamp(field.default === 7 ? 8 : 7, field);
    case "number":
      return clamp(field.default === 2.5 ? 3.75 : 2.5, field);
    case "money":
      return clamp(field.default === 12.34 ? 56.78 : 12.34, field);
    case "boolean":
      return !(field.default ?? false);
    case "datetime":
      return "2024-05-06T07:08:09.123Z";
    case "date":
      return "2024-05-06";
    case "enum": {
      const values = field.values!;
      // A needed enum gets its first value; an optional one a value that is not the default.
      if (field.default === undefined && field.required) return values[0];
      return values.find((value) => value !== field.default) ?? values[0];
    }
    case "map":
      return { color: "blue", size: 3, gift: true, note: null };
    case "json":
      return { label, n, tags: ["a", "b"], nested: { ok: true } };
    default:
      throw new Error(`no plain value for ${field.type}`);
  }
}

interface Build {
  api: Api;
  full: boolean;
  /** Kinds being created further up: a needed reference back to one of them is a cycle. */
  stack: string[];
}

async function fieldValue(build: Build, field: FieldDef, label: string, unique: boolean): Promise<unknown> {
  const n = nextSequence();
  switch (field.type) {
    case "ref": {
      const target = kindByName(field.ref!);
      if (!target) throw new Error(`${label} refers to unknown kind ${field.ref}`);
      // Optional references of a full body may point back at the kind; needed ones going round are a cycle.
      if (build.stack.length > 12)
        throw new Error(`reference cycle: ${[...build.stack, target.name].join(" → ")}`);
      const record = await createWith({ ...build, full: false }, target);
      return record.id;
    }
    case "array": {
      const item = await fieldValue(build, field.items!, label, unique);
      return (field.maxLength ?? 1) >= 1 ? [item] : [];
    }
    case "object":
      return objectOf(build, field.fields ?? {});
    default:
      return plainValue(field, label, n, unique);
  }
}

async function objectOf(
  build: Build,
  fields: Readonly<Record<string, FieldDef>>,
  uniques = new Set<string>(),
) {
  const body: Body = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!isSettable(field)) continue;
    if (!build.full && !isNeeded(field)) continue;
    body[name] = await fieldValue(build, field, name, uniques.has(name));
  }
  // Two names of one fact (`sameAs`) carry one value.
  for (const [name, field] of Object.entries(fields)) {
    if (field.sameAs && name in body && field.sameAs in body) body[name] = body[field.sameAs];
  }
  // A line named on another record is one of this record's owner (`sameOwner`): this record's own
  // owner, or that of the record `through` names, is made the named line's. A second line naming the
  // same owner (a payment's invoice beside its purchase item) is put on it too, or left out.
  const owned = new Set<string>();
  for (const [name, field] of Object.entries(fields)) {
    const owner = field.sameOwner;
    if (!owner || typeof body[name] !== "number") continue;
    const plural = kindByName(field.ref!)!.plural;
    const named = await build.api.json("GET", `/${plural}/${body[name]}.json`);
    const ownerId = named.body[owner.on];
    if (!owner.through && owned.has(owner.on)) {
      if (ownerId === body[owner.on]) continue;
      const put = await build.api.json("PUT", `/${plural}/${body[name]}.json`, {
        [owner.on]: body[owner.on],
      });
      if (put.status !== 200) delete body[name];
      continue;
    }
    if (!owner.through) {
      body[owner.on] = ownerId;
      owned.add(owner.on);
      continue;
    }
    const through = kindByName(fields[owner.through]!.ref!)!;
    const put = await build.api.json("PUT", `/${through.plural}/${body[owner.through]}.json`, {
      [owner.on]: ownerId,
    });
    if (put.status !== 200)
      throw new Error(`putting ${through.name} on ${owner.on} ${ownerId} failed: ${put.status}`);
  }
  // A polymorphic reference names a real record: of the kind its kind field says (a plain one if free).
  for (const [name, field] of Object.entries(fields)) {
    if (!field.subjectOf || !(name in body)) continue;
    const kindField = fields[field.subjectOf]!;
    const kindName = kindField.values?.[0] ?? "carrier";
    body[field.subjectOf] = kindName;
    body[name] = (await createWith({ ...build, full: false }, kindByName(kindName)!)).id;
  }
  return body;
}

/**
 * Optional fields a full body leaves out: the record they name would first have to reach a state only
 * actions bring it to (a sale return line returns no more than its sale line fulfilled, and a new sale
 * line has fulfilled nothing), or they would keep the record from the edits the suites make of it (a
 * locked purchase refuses them).
 */
const LEFT_OUT_OF_FULL: Record<string, readonly string[]> = {
  "sale-return-item": ["saleItemId"],
  purchase: ["locked"],
};

/** The fields of `kind` a body is made of: a full one's without those `LEFT_OUT_OF_FULL`. */
function fieldsToFill(kind: KindDef, full: boolean): KindDef["fields"] {
  const left = LEFT_OUT_OF_FULL[kind.name];
  if (!full || !left) return kind.fields;
  return Object.fromEntries(Object.entries(kind.fields).filter(([name]) => !left.includes(name)));
}

/** Fields that are part of one of the kind's `unique` sets. */
export function uniqueFieldsOf(kind: KindDef): Set<string> {
  return new Set((kind.unique ?? []).flat());
}

/**
 * Records whose create does work, made as records of work done elsewhere: an accounting payload
 * created `pending` is sent to its integration (or refused, 422, when it has nowhere to go), and no
 * generic suite may queue a request to a host outside the machine; a variant warehouse update created
 * `pending` is applied to stock, and an inventory feed payload processed into the feed's items, each
 * answered with its outcome rather than the defaults the generic suites expect (their own suites test
 * the work).
 */
const RECORDED_AS_DONE: Record<string, Body> = {
  "accounting-payload": { status: "sent" },
  "variant-warehouse-update": { status: "applied" },
  "inventory-feed-payload": { status: "processed" },
};

/** A body's state, if it sends one, made one a create may start in (see `checkCreatedState`). */
function creatableState(kind: KindDef, body: Body): Body {
  const done = RECORDED_AS_DONE[kind.name];
  if (done && (body.status === undefined || body.status === "pending")) body = { ...body, ...done };
  const states = kind.states;
  if (!states || !(states.field in body)) return body;
  const allowed = [states.initial, ...(states.byWrite?.[states.initial] ?? [])];
  if (allowed.includes(String(body[states.field]))) return body;
  return { ...body, [states.field]: allowed.at(-1) };
}

async function createWith(build: Build, kind: KindDef): Promise<Body & { id: number }> {
  const body = creatableState(
    kind,
    await objectOf(
      { ...build, stack: [...build.stack, kind.name] },
      fieldsToFill(kind, build.full),
      uniqueFieldsOf(kind),
    ),
  );
  const response = await build.api.json("POST", kind.path, body);
  if (response.status !== 200) {
    throw new Error(
      `creating ${kind.name} failed: ${response.status} ${JSON.stringify(response.body)} for ${JSON.stringify(body)}`,
    );
  }
  return recordOf(kind, response.body);
}

/**
 * The record of a create answer: the answer without the members only it shows (a webhook endpoint's
 * `secret`), which must be there.
 */
export function recordOf(kind: KindDef, answer: Body): Body & { id: number } {
  const record = { ...answer };
  for (const member of Object.keys(kind.createAnswer ?? {})) {
    if (typeof record[member] !== "string")
      throw new Error(`${kind.name}: the create answer has no ${member}`);
    delete record[member];
  }
  // The secrets the server made are answered whole this once; the record shows their hints.
  for (const [name, field] of Object.entries(kind.fields)) {
    if (field.secret === "serverMade") record[name] = shownAs(field, record[name]);
  }
  return record as Body & { id: number };
}

/**
 * A valid create body for `kind`: every field a create must send, with valid values; records it needs to
 * refer to are created first, through the API, for the same tenant. `full` also fills every writable
 * optional field (optional references included) with a valid value that differs from its default.
 */
export async function createBody(api: Api, kind: KindDef, options: { full?: boolean } = {}): Promise<Body> {
  return creatableState(
    kind,
    await objectOf(
      { api, full: options.full ?? false, stack: [kind.name] },
      fieldsToFill(kind, options.full ?? false),
      uniqueFieldsOf(kind),
    ),
  );
}

/** Creates a record of `kind` (and what it refers to) through the API; fails loudly when that is refused. */
export async function createRecordOf(
  api: Api,
  kind: KindDef,
  options: { full?: boolean } = {},
): Promise<Body & { id: number }> {
  return createWith({ api, full: options.full ?? false, stack: [] }, kind);
}

/** A value of the wrong JSON type for a field: a string where a number is expected, and so on. */
export function wrongTypeValue(field: FieldDef): unknown {
  switch (field.type) {
    case "string":
    case "datetime":
    case "date":
    case "enum":
      return 12345;
    case "integer":
    case "ref":
    case "number":
    case "money":
      return "12";
    case "boolean":
      return "true";
    case "array":
      return "not a list";
    case "object":
    case "map":
      return "not an object";
    case "json":
      return undefined; // any JSON value is of its type
  }
}

/** Every writable field of the kind, each with a value of the wrong type. */
export function wrongTypeBody(kind: KindDef): Body {
  return Object.fromEntries(
    writableFields(kind)
      .filter(([, field]) => field.type !== "json")
      .map(([name, field]) => [name, wrongTypeValue(field)]),
  );
}

/**
 * Another valid value for a field, different from `current`: what an update changes it to. Undefined
 * for fields whose value cannot be changed without creating records (references) or has one value only.
 */
export function changedValue(field: FieldDef, current: unknown, label: string): unknown {
  const n = nextSequence();
  switch (field.type) {
    case "string": {
      const next = stringValue(field, `changed-${label}`, n, true);
      if (next !== current) return next;
      return stringValue(field, `changed-${label}`, n + 1, true);
    }
    case "integer":
    case "number":
    case "money": {
      const base = typeof current === "number" ? current : 0;
      const step = field.type === "money" ? 1.25 : field.type === "number" ? 0.5 : 1;
      // Rounded to cents so that the expected value is the one the API answers.
      const up = Math.round((base + step) * 100) / 100;
      if (up <= (field.max ?? Infinity) && up >= (field.min ?? -Infinity)) return up;
      const down = Math.round((base - step) * 100) / 100;
      return down >= (field.min ?? -Infinity) && down <= (field.max ?? Infinity) ? down : undefined;
    }
    case "boolean":
      return !current;
    case "datetime":
      return current === "2025-01-02T03:04:05.678Z" ? "2025-01-03T03:04:05.678Z" : "2025-01-02T03:04:05.678Z";
    case "date":
      return current === "2025-01-02" ? "2025-01-03" : "2025-01-02";
    case "enum":
      return field.values!.find((value) => value !== current);
    case "json":
      return { changed: label, n };
    default:
      return undefined;
  }
}

/**
 * The field an update test changes, and its new value: a plain text field when the kind has one (a
 * change anyone would see), else any other scalar. Fields of `unique` sets are avoided.
 */
export function fieldToChange(kind: KindDef, record: Body): { field: string; value: unknown } | undefined {
  const uniques = uniqueFieldsOf(kind);
  // A name of a fact held twice (`sameAs`) changes its other name too: not a change of one field.
  const twice = new Set(
    Object.entries(kind.fields).flatMap(([name, field]) => (field.sameAs ? [name, field.sameAs] : [])),
  );
  const candidates = writableFields(kind).filter(
    ([name, field]) => isScalar(field) && field.type !== "ref" && !uniques.has(name) && !twice.has(name),
  );
  const ordered = [
    ...candidates.filter(([, field]) => field.type === "string" && !field.format),
    ...candidates.filter(([, field]) => !(field.type === "string" && !field.format)),
  ];
  for (const [name, field] of ordered) {
    const value = changedValue(field, record[name], name);
    if (value !== undefined) return { field: name, value };
  }
  return undefined;
}

/** Asserts an `application/problem+json` answer with `status`, and returns its body. */
export function expectProblem(
  response: { status: number; body: any; headers: Headers },
  status: number,
): any {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  expect(response.body.requestId).toBe(response.headers.get("X-Request-Id"));
  return response.body;
}

/** The paths named in a 422's `errors`. */
export function errorPaths(body: any): string[] {
  return (body?.errors ?? []).map((error: { path: string }) => error.path);
}
