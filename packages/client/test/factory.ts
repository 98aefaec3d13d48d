import { camelCase, type FieldDef, type KindDef, kindByName } from "@multichannel/schema";
import type { Client, ListQuery, Page, RequestOptions, WriteOptions } from "../src/index.ts";

export type Body = Record<string, unknown>;
export type Stored = Body & { id: number; createdAt: string; updatedAt: string };

/** A namespace with its types erased: the generated tests walk every kind. */
export interface LooseNamespace {
  create(body: Body, options?: RequestOptions): Promise<Stored>;
  get(id: number, options?: RequestOptions): Promise<Stored>;
  update(id: number, body: Body, options?: WriteOptions): Promise<Stored>;
  delete(id: number, options?: WriteOptions): Promise<void>;
  list(query?: ListQuery<Body>, options?: RequestOptions): Promise<Page<Stored>>;
  listAll(query?: ListQuery<Body>, options?: RequestOptions): AsyncIterableIterator<Stored>;
  [action: string]: (...args: never[]) => unknown;
}

export function namespaceOf(client: Client, kind: KindDef): LooseNamespace {
  return (client as unknown as Record<string, LooseNamespace>)[camelCase(kind.plural)]!;
}

/**
 * A create must send this field: required (or taken from another field, which the factory does not
 * send), without a default, not managed by the server.
 */
function isNeeded(field: FieldDef): boolean {
  return (field.required || field.takenFrom !== undefined) && field.default === undefined && !field.readOnly;
}

let sequence = 0;

function clamp(value: number, field: FieldDef): number {
  return Math.min(Math.max(value, field.min ?? -Infinity), field.max ?? Infinity);
}

function text(field: FieldDef, label: string, n: number): string {
  switch (field.format) {
    case "email":
      return `${label.toLowerCase()}.${n}@example.com`;
    case "url":
      return `https://example.com/${label}/${n}`;
    case "country":
      return "US";
    case "currency":
      return "USD";
    case "phone":
      return `+1 555 ${String(n % 10000).padStart(4, "0")}`;
    case "hs-code":
      return `6205.${String(n % 10000).padStart(4, "0")}`;
  }
  const value = `${label}-${n}`;
  return value.slice(Math.max(0, value.length - (field.maxLength ?? 4000))).padEnd(field.minLength ?? 0, "x");
}

async function valueFor(client: Client, field: FieldDef, label: string): Promise<unknown> {
  const n = ++sequence;
  switch (field.type) {
    case "string":
      return text(field, label, n);
    case "integer":
    case "number":
    case "money":
      return clamp(1, field);
    case "boolean":
      return true;
    case "datetime":
      return "2024-05-06T07:08:09.123Z";
    case "date":
      return "2024-05-06";
    case "enum":
      return field.values![0];
    case "map":
      return {};
    case "ref":
      return (await createOf(client, kindByName(field.ref!)!)).id;
    case "array":
      return (field.minLength ?? 0) > 0 ? [await valueFor(client, field.items!, label)] : [];
    case "object":
      return neededFields(client, field.fields ?? {}, label);
  }
}

async function neededFields(
  client: Client,
  fields: Readonly<Record<string, FieldDef>>,
  label: string,
): Promise<Body> {
  const body: Body = {};
  for (const [name, field] of Object.entries(fields)) {
    if (isNeeded(field)) body[name] = await valueFor(client, field, `${label}-${name}`);
  }
  // A polymorphic reference names a real record, of the kind its kind field says.
  for (const [name, field] of Object.entries(fields)) {
    if (!field.subjectOf || !(name in body)) continue;
    const kindName = fields[field.subjectOf]!.values?.[0] ?? "carrier";
    body[field.subjectOf] = kindName;
    body[name] = (await createOf(client, kindByName(kindName)!)).id;
  }
  return body;
}

/**
 * The smallest valid create body of `kind`: its needed fields only; the records it must refer to are
 * created first, through the client, for the same company.
 */
export async function minimalBody(client: Client, kind: KindDef): Promise<Body> {
  return { ...(await neededFields(client, kind.fields, kind.name)), ...RECORDED_AS_DONE[kind.name] };
}

/**
 * Records whose create calls out, made as records of a call made elsewhere: an accounting payload
 * created `pending` is sent to its integration (or refused when it has nowhere to go).
 */
const RECORDED_AS_DONE: Record<string, Body> = { "accounting-payload": { status: "sent" } };

/** Creates a minimal record of `kind` (and its parents) through the client. */
export async function createOf(client: Client, kind: KindDef): Promise<Stored> {
  return namespaceOf(client, kind).create(await minimalBody(client, kind));
}

/** A change a user would see: a plain text field when the kind has one, else another writable scalar. */
export function changeOf(kind: KindDef, record: Body): Body {
  const uniques = new Set((kind.unique ?? []).flat());
  const writable = Object.entries(kind.fields).filter(
    ([name, field]) => !field.readOnly && !field.secret && !uniques.has(name),
  );
  const plainText = writable.find(([, field]) => field.type === "string" && !field.format);
  if (plainText) return { [plainText[0]]: `changed-${++sequence}`.slice(0, plainText[1].maxLength ?? 4000) };
  for (const [name, field] of writable) {
    const current = record[name];
    if (field.type === "boolean") return { [name]: !current };
    if (field.type === "integer" || field.type === "number" || field.type === "money") {
      const value = typeof current === "number" ? current : 0;
      const up = value + 1;
      if (up <= (field.max ?? Infinity)) return { [name]: up };
    }
    if (field.type === "enum") {
      const other = field.values!.find((value) => value !== current);
      if (other && !isStateField(kind, name)) return { [name]: other };
    }
  }
  return {};
}

function isStateField(kind: KindDef, name: string): boolean {
  return kind.states?.field === name;
}
