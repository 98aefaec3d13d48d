/**
 * The vocabulary of the manifest: field builders and `defineKind`.
 *
 * A field is plain data (`{ type: "string", maxLength: 200, nullable: true, ... }`) that also carries,
 * at the type level only, the TypeScript type of its value and whether a create must send it. Everything
 * else (validators, SQL, OpenAPI, client types, tests) is derived from these values.
 */

/** The storage and wire types a field can have. */
export type FieldType =
  | "string"
  | "integer"
  | "number"
  | "money"
  | "boolean"
  | "datetime"
  | "date"
  | "enum"
  | "ref"
  | "array"
  | "object"
  | "map"
  | "json";

/**
 * String formats checked by the validators. `hs-code`: a Harmonized System (tariff) code, 6 to 10
 * digits, groups of them separated by dots (`6205.20`, `620520`, `6205.20.0010`).
 */
export type StringFormat = "email" | "url" | "country" | "currency" | "phone" | "event-type" | "hs-code";

declare const valueType: unique symbol;
declare const roleType: unique symbol;

/** How a create treats a field: it must be sent, it may be sent, or the server alone sets it. */
export type FieldRole = "required" | "optional" | "readOnly";

/** One field of a kind, as data. `T` is its value type; `Role` says whether a create must send it. */
export interface FieldDef<T = unknown, Role extends FieldRole = FieldRole> {
  readonly type: FieldType;
  /** `null` is a valid value. Fields that are neither required nor defaulted are always nullable. */
  readonly nullable: boolean;
  /** Must be present on create unless `default` is set. */
  readonly required: boolean;
  /** Value filled in on create when the field is absent. */
  readonly default?: unknown;
  /**
   * A nullable field with a `default` whose `null` is a value of its own, read back as `null` rather
   * than as the default: a log's `status` that says neither outcome while its work is pending.
   */
  readonly keepsNull?: boolean;
  /** Managed by the server: a create or an update may send it (as read), and it is ignored. */
  readonly readOnly: boolean;
  /**
   * A value the server derives from other records (a purchase's `inventoryStatus` from its lines),
   * which the reference lets clients write: a write is a request. The value the record has is accepted
   * as is (clients PUT back what they read), another is a 409 saying what it follows and how to change
   * it (this text), unless the kind's write rule performs it. Stored by the server only.
   */
  readonly derived?: string;
  /**
   * `enum` fields the reference documents as free text (a lifecycle's states): the OpenAPI document
   * shows text with the values listed; the validator still takes only `values`.
   */
  readonly asText?: boolean;
  /** `datetime` fields: filled with the time of the create when absent (or sent as `{}`, as the reference's examples do). */
  readonly defaultNow?: boolean;
  /** `datetime` fields without a default that the reference's examples send as `{}`: taken as not sent. */
  readonly takesEmptyObject?: boolean;
  /** The id of the company the record belongs to (the caller's): no column of its own. */
  readonly tenant?: boolean;
  readonly description?: string;
  /**
   * A realistic value of the field (`"SKU-1042"`, `19.99`), shown in the OpenAPI document's schemas so
   * generated request and response examples look like real records.
   */
  readonly example?: unknown;
  /** `enum` fields: the allowed values. */
  readonly values?: readonly string[];
  /** `string` fields written as an open list (`f.openEnum`): the values known to mean something. */
  readonly suggested?: readonly string[];
  /** `ref` fields: the kind whose id this field holds. */
  readonly ref?: string;
  /**
   * `ref` fields naming a line of another record (a fulfillment's line names a line of a sale): the
   * line named must be on the record this one is for. Its field `on` (`saleId`) equals the `on` of the
   * record this one's field `through` names (the fulfillment's sale), or, without `through`, this
   * record's own `on`. A write that breaks it is a 422.
   */
  readonly sameOwner?: SameOwner;
  /**
   * `integer` fields holding the id of a record whose kind another field names (a comment's `subjectId`,
   * with `subjectOf: "subjectKind"`): checked like a reference.
   */
  readonly subjectOf?: string;
  /** `json` fields: the largest value accepted, as the bytes of its JSON text. */
  readonly maxBytes?: number;
  /** Inclusive bounds of `integer`, `number` and `money` values. */
  readonly min?: number;
  readonly max?: number;
  /** Bounds on the length of `string` values and `array` items. */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: StringFormat;
  /** `string` fields: an integer sent instead is accepted and stored as its decimal text (external ids). */
  readonly acceptNumber?: boolean;
  /**
   * Another field of the kind that holds the same fact under another name (the reference's
   * `trackingCompany` is this service's `carrier`): writing either sets both, and both read the same
   * (`withSameFacts`).
   */
  readonly sameAs?: string;
  /**
   * `ref` fields a create may leave out when it names, in the field `takenFrom` names, a record that has
   * one: the new record then takes that record's value (a payment's purchase is its invoice's). A
   * create naming neither is a 422 naming this field.
   */
  readonly takenFrom?: string;
  /**
   * `url` fields the service sends requests to (a callout, a fetch), not links for people: checked
   * against the outbound policy when saved, and again at every send.
   */
  readonly called?: boolean;
  /**
   * `string` fields holding a secret, never answered as it is: `"writeOnly"`, a credential the company
   * sends for an integration (accepted on create and update, stored encrypted, shown by reads as a hint:
   * `…` and its last 4 characters); `"serverMade"`, a secret the server makes when the record is created
   * (a value sent is ignored), answered once by the create answer or a rotation, then shown as a hint.
   * Neither can be filtered or ordered on. `"shownOnce"`: a member of an action's answer or of a kind's
   * `createAnswer` that carries a secret the server just made (a rotation's new secret, a webhook
   * endpoint's signing secret): that answer is the only place it appears, never an event, a webhook
   * delivery, a log or a kept answer (`answersSecretOnce`).
   */
  readonly secret?: "writeOnly" | "serverMade" | "shownOnce";
  /**
   * Kept, listed and filtered, but nothing the service does reads it: a setting of a connector or a
   * portal it does not have, a rule the reference gives no precise form of (each with its reason in
   * docs/background-work.md, "Kinds that are records only"). A `called` URL is still checked when saved.
   */
  readonly recordOnly?: boolean;
  /** `enum` fields: the values the service never sets nor acts on (the others it does), as `recordOnly`. */
  readonly recordOnlyValues?: readonly string[];
  /** `array` fields: the shape of one item (items are never null). */
  readonly items?: FieldDef;
  /** `object` fields: the shape of the object. */
  readonly fields?: Readonly<Record<string, FieldDef>>;
  /** Type-level only. */
  readonly [valueType]?: T;
  readonly [roleType]?: Role;
}

/** See `FieldDef.sameOwner`. */
export interface SameOwner {
  readonly on: string;
  readonly through?: string;
}

/** Options shared by every field builder. */
export interface FieldOptions<D = unknown> {
  nullable?: boolean;
  required?: boolean;
  default?: D;
  readOnly?: boolean;
  /** See `FieldDef.derived`. */
  derived?: string;
  description?: string;
  /** See `FieldDef.example`: a realistic value, for the documentation's examples. */
  example?: D;
  /** See `FieldDef.keepsNull`. */
  keepsNull?: boolean;
  /** See `FieldDef.recordOnly`. */
  recordOnly?: boolean;
}

type NullOf<O> = O extends { nullable: true }
  ? null
  : O extends { nullable: false }
    ? never
    : O extends { required: true }
      ? never
      : O extends { default: unknown }
        ? never
        : null;

type RoleOf<O> = O extends { readOnly: true }
  ? "readOnly"
  : O extends { required: true }
    ? O extends { default: unknown }
      ? "optional"
      : "required"
    : "optional";

type Field<T, O> = FieldDef<T | NullOf<O>, RoleOf<O>>;

function build<T, O extends FieldOptions>(type: FieldType, options: O, extra: object = {}): Field<T, O> {
  const required = options.required ?? false;
  const hasDefault = options.default !== undefined;
  return {
    type,
    nullable: options.nullable ?? !(required || hasDefault),
    required,
    readOnly: options.readOnly ?? false,
    ...(hasDefault ? { default: options.default } : {}),
    ...(options.description ? { description: options.description } : {}),
    ...(options.example !== undefined ? { example: options.example } : {}),
    ...(options.derived ? { derived: options.derived } : {}),
    ...(options.keepsNull ? { keepsNull: true } : {}),
    ...(options.recordOnly ? { recordOnly: true } : {}),
    ...extra,
  } as Field<T, O>;
}

interface DateTimeOptions extends FieldOptions<string> {
  /** See `FieldDef.defaultNow`. */
  defaultNow?: boolean;
  /** See `FieldDef.sameAs`. */
  sameAs?: string;
  /** See `FieldDef.takesEmptyObject`. */
  takesEmptyObject?: boolean;
}

interface StringOptions extends FieldOptions<string> {
  minLength?: number;
  maxLength?: number;
  format?: StringFormat;
  acceptNumber?: boolean;
  /** See `FieldDef.sameAs`. */
  sameAs?: string;
  /** See `FieldDef.called`. */
  called?: boolean;
  /** See `FieldDef.secret`. */
  secret?: "writeOnly" | "serverMade" | "shownOnce";
}
interface NumberOptions extends FieldOptions<number> {
  min?: number;
  max?: number;
}
interface RefOptions extends FieldOptions<number> {
  /** See `FieldDef.sameOwner`. */
  sameOwner?: SameOwner;
  /** See `FieldDef.takenFrom`. */
  takenFrom?: string;
}
interface IntegerOptions extends NumberOptions {
  subjectOf?: string;
}
interface EnumOptions<V extends string> extends FieldOptions<V> {
  /** See `FieldDef.asText`. */
  asText?: boolean;
  /** See `FieldDef.recordOnlyValues`. */
  recordOnlyValues?: readonly V[];
}

type NoOptions = Record<never, never>;

/** Longest free-text value accepted where a field sets no `maxLength`. */
export const DEFAULT_MAX_LENGTH = 4000;

/**
 * Heaviest weight a record may give (10 tonnes in grams, more in the larger units): a parcel or an item
 * past it is a mistake, and quotes multiply weights by prices.
 */
export const MAX_WEIGHT = 10_000_000;

/** A catalogue record's tags (a product's, a variant's, a connector import item's): each a word or two. */
export const tagList = () =>
  f.array(f.string({ required: true, minLength: 1, maxLength: 100 }), {
    maxLength: 250,
    description: "Free labels, for filters and routing rules (dropship routing matches them).",
    example: ["summer", "linen"],
  });

/** The field builders' signatures: explicit, so the package has no inferred ("slow") types. */
export interface FieldBuilders {
  string<const O extends StringOptions = NoOptions>(o?: O): Field<string, O>;
  integer<const O extends IntegerOptions = NoOptions>(o?: O): Field<number, O>;
  number<const O extends NumberOptions = NoOptions>(o?: O): Field<number, O>;
  /** An amount of money in major units with at most two decimals; stored as integer minor units. */
  money<const O extends NumberOptions = NoOptions>(o?: O): Field<number, O>;
  boolean<const O extends FieldOptions<boolean> = NoOptions>(o?: O): Field<boolean, O>;
  /** ISO 8601 date-time, stored and returned in UTC. */
  datetime<const O extends DateTimeOptions = NoOptions>(
    o?: O,
  ): Field<string, O extends { defaultNow: true } ? O & { default: string } : O>;
  /**
   * The company a record belongs to, as the reference shows it: always the caller's. A write may send
   * it (the reference lets clients); any other company than the caller's is a 422.
   */
  tenant(): Field<number, { default: number; description: string }>;
  /** A calendar date, `YYYY-MM-DD`. */
  date<const O extends FieldOptions<string> = NoOptions>(o?: O): Field<string, O>;
  enum<const V extends readonly [string, ...string[]], const O extends EnumOptions<V[number]> = NoOptions>(
    values: V,
    o?: O,
  ): Field<V[number], O>;
  /**
   * Text with known values that any other text may join (where the reference takes free text: a
   * tracking status, a sync mode). At most 100 characters.
   */
  openEnum<const V extends readonly [string, ...string[]], const O extends FieldOptions<string> = NoOptions>(
    values: V,
    o?: O,
  ): Field<V[number] | (string & {}), O>;
  /** The id of a record of `kind` in the same company. */
  ref<const O extends RefOptions = NoOptions>(kind: string, o?: O): Field<number, O>;
  array<
    I extends FieldDef,
    const O extends FieldOptions<unknown[]> & { minLength?: number; maxLength?: number } = NoOptions,
  >(items: I, o?: O): Field<NonNullable<ValueOf<I>>[], O>;
  object<const F extends Record<string, FieldDef>, const O extends FieldOptions<object> = NoOptions>(
    fields: F,
    o?: O,
  ): Field<Simplify<CreateShape<F>>, O>;
  /**
   * Any JSON value (object, array, string, number, boolean), stored as JSON and returned as sent:
   * payloads and problems exchanged with other systems. At most `maxBytes` (default 65,536) of JSON.
   */
  json<const O extends FieldOptions<JsonValue> & { maxBytes?: number } = NoOptions>(
    o?: O,
  ): Field<JsonValue, O>;
  /** Free-form string keys to scalar values (labels, attributes, connector metadata). */
  map<const O extends FieldOptions<Record<string, Scalar>> = NoOptions>(
    o?: O,
  ): Field<Record<string, Scalar>, O>;
}

/**
 * Field builders. A field with neither `required` nor `default` is nullable and comes back `null`
 * when it was never set.
 *
 * @example
 * const fields = { name: f.string({ required: true, maxLength: 200 }), channelId: f.ref("channel") };
 */
export const f: FieldBuilders = {
  string: <const O extends StringOptions = NoOptions>(o: O = {} as O) =>
    build<string, O>(
      "string",
      o,
      pick(o, ["minLength", "maxLength", "format", "acceptNumber", "sameAs", "secret", "called"]),
    ),
  integer: <const O extends IntegerOptions = NoOptions>(o: O = {} as O) =>
    build<number, O>("integer", o, pick(o, ["min", "max", "subjectOf"])),
  number: <const O extends NumberOptions = NoOptions>(o: O = {} as O) =>
    build<number, O>("number", o, pick(o, ["min", "max"])),
  /** An amount of money in major units with at most two decimals; stored as integer minor units. */
  money: <const O extends NumberOptions = NoOptions>(o: O = {} as O) =>
    build<number, O>("money", o, pick(o, ["min", "max"])),
  boolean: <const O extends FieldOptions<boolean> = NoOptions>(o: O = {} as O) =>
    build<boolean, O>("boolean", o),
  /** ISO 8601 date-time, stored and returned in UTC. */
  datetime: <const O extends DateTimeOptions = NoOptions>(o: O = {} as O) =>
    build<string, O extends { defaultNow: true } ? O & { default: string } : O>("datetime", o as never, {
      ...(o.defaultNow ? { defaultNow: true, nullable: false } : {}),
      ...pick(o, ["sameAs", "takesEmptyObject"]),
    }),
  /**
   * The company a record belongs to, as the reference shows it: always the caller's. A write may send
   * it (the reference lets clients); any other company than the caller's is a 422.
   */
  tenant: () =>
    build<number, { default: number; description: string }>(
      "integer",
      // Never null: read from the record's company (the type says so with a `default`).
      {
        description: "The company the record belongs to: yours (a write may send only your company's id).",
      } as never,
      { tenant: true, min: 1, nullable: false },
    ),
  /** A calendar date, `YYYY-MM-DD`. */
  date: <const O extends FieldOptions<string> = NoOptions>(o: O = {} as O) => build<string, O>("date", o),
  enum: <const V extends readonly [string, ...string[]], const O extends EnumOptions<V[number]> = NoOptions>(
    values: V,
    o: O = {} as O,
  ) => build<V[number], O>("enum", o, { values, ...pick(o, ["asText", "recordOnlyValues"]) }),
  /**
   * Text with known values that any other text may join (where the reference takes free text: a
   * tracking status, a sync mode). At most 100 characters.
   */
  openEnum: <
    const V extends readonly [string, ...string[]],
    const O extends FieldOptions<string> = NoOptions,
  >(
    values: V,
    o: O = {} as O,
  ) => build<V[number] | (string & {}), O>("string", o, { suggested: values, maxLength: 100 }),
  /** The id of a record of `kind` in the same company. */
  ref: <const O extends RefOptions = NoOptions>(kind: string, o: O = {} as O) =>
    build<number, O>("ref", o, { ref: kind, ...pick(o, ["sameOwner", "takenFrom"]) }),
  array: <
    I extends FieldDef,
    const O extends FieldOptions<unknown[]> & { minLength?: number; maxLength?: number } = NoOptions,
  >(
    items: I,
    o: O = {} as O,
  ) => build<NonNullable<ValueOf<I>>[], O>("array", o, { items, ...pick(o, ["minLength", "maxLength"]) }),
  object: <const F extends Record<string, FieldDef>, const O extends FieldOptions<object> = NoOptions>(
    fields: F,
    o: O = {} as O,
  ) => build<Simplify<CreateShape<F>>, O>("object", o, { fields }),
  /**
   * Any JSON value (object, array, string, number, boolean), stored as JSON and returned as sent:
   * payloads and problems exchanged with other systems. At most `maxBytes` (default 65,536) of JSON.
   */
  json: <const O extends FieldOptions<JsonValue> & { maxBytes?: number } = NoOptions>(o: O = {} as O) =>
    build<JsonValue, O>("json", o, pick(o, ["maxBytes"])),
  /** Free-form string keys to scalar values (labels, attributes, connector metadata). */
  map: <const O extends FieldOptions<Record<string, Scalar>> = NoOptions>(o: O = {} as O) =>
    build<Record<string, Scalar>, O>("map", o),
};

function pick(o: object, keys: string[]): object {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => keys.includes(k) && v !== undefined));
}

export type Scalar = string | number | boolean | null;
/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type ValueOf<F> = F extends FieldDef<infer T, FieldRole> ? T : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Shape of a create body for a field set: required keys, then optional ones; read-only fields omitted. */
export type CreateShape<F extends Record<string, FieldDef>> = {
  -readonly [K in keyof F as F[K] extends FieldDef<unknown, "required"> ? K : never]: ValueOf<F[K]>;
} & {
  -readonly [K in keyof F as F[K] extends FieldDef<unknown, "optional"> ? K : never]?: ValueOf<F[K]>;
};

/** Fields every stored record has. */
export interface RecordBase {
  id: number;
  createdAt: string;
  updatedAt: string;
}

/** HTTP methods of action operations. */
export type ActionMethod = "GET" | "POST" | "PUT" | "DELETE";

/** An action operation at `/<plural>/{id}/<name>.json`. */
export interface ActionDef {
  readonly name: string;
  readonly method: ActionMethod;
  readonly summary: string;
  /**
   * Body fields (query parameters for GET and DELETE). Read-only input fields are accepted and ignored:
   * server-managed members of a documented request body that clients copy (`id`, `createdAt`, totals).
   */
  readonly input: Readonly<Record<string, FieldDef>>;
  /**
   * The input field (an array) that a bare JSON array body stands for: the reference's form of a batch
   * (`[...]` is taken as `{ "<field>": [...] }`).
   */
  readonly arrayBody?: string;
  /**
   * The kind whose whole record the reference documents as this action's body (its operation pages
   * show the resource schema): that record's fields, its id and timestamps are accepted beside the
   * action's own input and ignored, so a client that sends the record as documented is not refused.
   */
  readonly recordBody?: string;
  /** What the action answers: a record of a kind, a list of them, or a described object. */
  readonly output:
    | {
        readonly kind: string;
        readonly list?: boolean;
        /** Members a record answer carries besides the record's fields (as the reference's clients read them). */
        readonly extra?: Readonly<Record<string, FieldDef>>;
      }
    | { readonly fields: Readonly<Record<string, FieldDef>>; readonly list?: boolean };
  /** For stateful kinds: the states this action is allowed from. */
  readonly from?: readonly string[];
  /** `extension`: an operation beyond the interface, which closes a flow it leaves open. */
  readonly source?: "seed" | "extension";
  /**
   * Whether the operation changes anything; by default every method but GET does. A GET that creates
   * records (a new label version, an export) says `true`, a POST that only computes (a quote) `false`.
   */
  readonly writes?: boolean;
  /**
   * The event type its outcome records (`purchase.sent`), besides the `<kind>.created/updated/deleted`
   * events of the records it changes. The prefix names the kind of the event's `data.object`: the
   * answer when it is a record of that kind, else the record of that kind the answer refers to, else
   * the action's subject.
   */
  readonly event?: string;
}

/** Whether an action answers one record of a kind (with its `ETag`), not a list or another shape. */
export function answersOneRecord(action: ActionDef): boolean {
  return "kind" in action.output && !action.output.list;
}

/**
 * Whether an operation writes: CRUD by its method, an action as it declares. One fact for the server
 * (read-only tokens, transactions, idempotency, caching), the OpenAPI document and the client (retries).
 *
 * @example
 * operationWrites("GET", regenerateLabel) // true: each call renders a new label version
 */
export function operationWrites(method: string, action?: ActionDef): boolean {
  return action?.writes ?? method !== "GET";
}

/**
 * Whether an operation passes what writes pass (`If-Match`, `Idempotency-Key`, a write scope): every one
 * that writes, and every one sent with another method than GET, though it only computes (a shipping
 * quote). One fact for the server's routes and the OpenAPI document's parameters.
 *
 * @example
 * takesWriteHeaders("POST", rates) // true: a quote writes nothing, but is sent as a write
 * takesWriteHeaders("GET", variantLevels) // false
 */
export function takesWriteHeaders(method: string, action?: ActionDef): boolean {
  return operationWrites(method, action) || method !== "GET";
}

/**
 * The members of an operation's answer that carry a secret it has just made, shown this once
 * (`secret: "shownOnce"`): those of a kind's `createAnswer` for its create (no `action`), or of an
 * action's output (a rotation's new secret).
 *
 * @example
 * secretsShownOnce(webhookEndpoint) // ["secret"]
 * secretsShownOnce(inventoryFeed, rotateFeedHash) // ["hash"]
 */
export function secretsShownOnce(kind: KindDef, action?: ActionDef): string[] {
  const members = action
    ? "fields" in action.output
      ? action.output.fields
      : action.output.extra
    : kind.createAnswer;
  return Object.entries(members ?? {})
    .filter(([, member]) => member.secret === "shownOnce")
    .map(([name]) => name);
}

/**
 * Whether an operation answers a secret it has just made, once (`secretsShownOnce`): a webhook
 * endpoint's create, a rotation. Such an answer is never kept, so the operation takes no
 * `Idempotency-Key`: a replay could answer the secret only if it were kept. One fact for the server
 * (a 400), the OpenAPI document (no `Idempotency-Key` parameter) and the client.
 *
 * @example
 * answersSecretOnce(webhookEndpoint) // true: its create answers the signing secret
 * answersSecretOnce(carrier) // false
 */
export function answersSecretOnce(kind: KindDef, action?: ActionDef): boolean {
  return secretsShownOnce(kind, action).length > 0;
}

/** The lifecycle of a stateful kind: which field holds the state and which actions move it. */
export interface StatesDef {
  readonly field: string;
  readonly initial: string;
  /** Every state and the states reachable from it. */
  readonly transitions: Readonly<Record<string, readonly string[]>>;
  /**
   * The transitions a client may request by writing the state field (a PUT, as the reference
   * allows), a subset of `transitions`; the others happen through actions, whose effects (stock,
   * books) a plain write would skip. Absent: the state field is read-only.
   */
  readonly byWrite?: Readonly<Record<string, readonly string[]>>;
}

/** How a kind belongs to a parent whose delete takes it along (a sale's items). */
export interface OwnerDef {
  readonly field: string;
}

export interface KindInput<
  F extends Record<string, FieldDef>,
  A extends readonly ActionDef[] = readonly ActionDef[],
> {
  /** Singular, kebab-case: `dropship-provider`. */
  name: string;
  /** Plural, kebab-case: `dropship-providers`; the collection path is `/<plural>.json`. */
  plural: string;
  /** One sentence: what a record of this kind is. */
  description: string;
  /** Group name used for OpenAPI tags and the README. */
  group: string;
  /**
   * Listed in the interface (`seed`), implied by DESIGN.md §4 (`implied`), or a service of this project
   * beyond the reference (`extension`: webhook endpoints).
   */
  source: "seed" | "implied" | "extension";
  fields: F;
  states?: StatesDef;
  actions?: A;
  owner?: OwnerDef;
  /** Field sets unique within a company (an external id per channel). */
  unique?: readonly (readonly (keyof F & string)[])[];
  /**
   * Text fields the server looks records up by whatever their case (a customer by e-mail): each is
   * indexed on its lowercase within the company.
   */
  caselessLookups?: readonly (keyof F & string)[];
  /**
   * Fields the server looks records up by as they are (a variant by its barcode), that are not unique
   * and have no index of their own (a reference that leads a unique set has none): each is indexed
   * within the company, so that a list filtered by it reads in id order.
   */
  lookups?: readonly (keyof F & string)[];
  /**
   * Kept, listed and filtered, but nothing the service does acts on a record of it (a log of a service
   * it does not reach, a connection to a platform it has no connector for): see `FieldDef.recordOnly`.
   */
  recordOnly?: boolean;
  /** Members only the create answer carries, besides the record (a webhook endpoint's `secret`). */
  createAnswer?: Readonly<Record<string, FieldDef>>;
  /**
   * A company holds few records of this kind, tens rather than thousands (its channels, dropship
   * providers, feeds). A list of a kind whose unique set leads with a reference to this one, filtered
   * by the rest of the set (sales by `externalId`, unique per channel), is found through the set's
   * index, one search for each of these records, instead of reading every record of the company.
   */
  fewPerCompany?: boolean;
}

/** A declared kind: the input plus its derived path. */
export interface KindDef<
  F extends Record<string, FieldDef> = Record<string, FieldDef>,
  A extends readonly ActionDef[] = readonly ActionDef[],
> extends KindInput<F, A> {
  readonly path: string;
}

/**
 * Declare a kind. The declaration is data; its types flow into the exported `Record`/`Create` types.
 *
 * @example
 * export const carrier = defineKind({
 *   name: "carrier", plural: "carriers", group: "shipping", source: "seed",
 *   description: "A shipping carrier the company uses.",
 *   fields: { name: f.string({ required: true, maxLength: 200 }) },
 * });
 */
export function defineKind<
  const F extends Record<string, FieldDef>,
  const A extends readonly ActionDef[] = [],
  const I extends KindInput<F, A> = KindInput<F, A>,
>(input: I & KindInput<F, A>): KindDef<F, A> & CreateAnswerOf<I> {
  // The spread keeps createAnswer when the declaration has it, which TypeScript cannot see through the
  // conditional type.
  return { ...input, path: `/${input.plural}.json` } as KindDef<F, A> & CreateAnswerOf<I>;
}

/**
 * A declaration's `createAnswer` members, when it has them. Not `Pick<I, "createAnswer">`: once `I` is a
 * declaration without the key, that is an invalid type in the emitted `.d.ts` files (TS2344).
 */
export type CreateAnswerOf<I> = I extends { createAnswer: infer C extends Readonly<Record<string, FieldDef>> }
  ? { readonly createAnswer: C }
  : unknown;

/** The stored record type of a kind declaration. */
export type RecordOf<K> =
  K extends KindDef<infer F, readonly ActionDef[]>
    ? Simplify<RecordBase & { -readonly [P in keyof F]: ValueOf<F[P]> }>
    : never;
/** The create answer of a kind declaration: the record, and its `createAnswer` members. */
export type CreatedOf<K> = K extends KindDef<Record<string, FieldDef>, readonly ActionDef[]> & {
  createAnswer: infer C extends Record<string, FieldDef>;
}
  ? Simplify<RecordOf<K> & { -readonly [P in keyof C]: ValueOf<C[P]> }>
  : RecordOf<K>;
/** The create body type of a kind declaration. */
export type CreateOf<K> = K extends KindDef<infer F, readonly ActionDef[]> ? Simplify<CreateShape<F>> : never;
/** The update body type: any writable field; what was read may be sent back as it is. */
export type UpdateOf<K> = Partial<RecordOf<K>>;

/** The body (or query) type of an action. */
export type ActionInputOf<A> = A extends { input: infer F extends Record<string, FieldDef> }
  ? Simplify<CreateShape<F>>
  : never;

/** Declare an action operation. */
export function defineAction<const A extends ActionDef>(action: A): A {
  return action;
}
