import type { EventQuery, EventRecord, KindTypes, RecordTypes } from "@multichannel/schema";
import type { DateFields, Relations, UnfilterableFields } from "./generated/relations.ts";

/** A client namespace: the camelCase plural of a kind (`purchases`, `dropshipProviders`). */
export type Namespace = keyof KindTypes;

/** The record type of a namespace: `ResourceRecord<"purchases">` is `Purchase`. */
export type ResourceRecord<N extends Namespace> = KindTypes[N]["record"];
/** The create body of a namespace. */
export type CreateBody<N extends Namespace> = KindTypes[N]["create"];
/** The update body of a namespace (any writable field; what was read may be sent back). */
export type UpdateBody<N extends Namespace> = KindTypes[N]["update"];

// Without its kind's name, a query leaves out the fields any kind refuses: so that it still fits the
// list of its kind, which leaves out that kind's.
type UnfilterableOf<K> = [K] extends [never]
  ? UnfilterableFields[keyof UnfilterableFields]
  : string extends K
    ? UnfilterableFields[keyof UnfilterableFields]
    : K extends keyof UnfilterableFields
      ? UnfilterableFields[K]
      : never;

/**
 * Fields a list can filter and order by: those holding a scalar (nested objects and arrays cannot), but
 * not the secrets nor the company (`companyId`) of kind `K` (a kind's name), which the server refuses.
 * Without `K`, not the fields named so in any kind.
 */
export type FilterableField<R, K extends string = never> = Exclude<
  {
    [F in keyof R]-?: NonNullable<R[F]> extends string | number | boolean ? F : never;
  }[keyof R] &
    string,
  UnfilterableOf<K>
>;

// What the server takes per field type: ranges on numbers, dates and free text (not on enums or
// booleans), `$like` on text and enums; an open enum (known values or any text) is text.
type RangeOperators<V> = [V] extends [number] ? Ranges<V> : string extends V ? Ranges<V> : unknown;
type LikeOperator<V> = [V] extends [string] ? Like : unknown;

interface Ranges<V> {
  /** At least this value. */
  $gte?: V;
  /** At most this value. */
  $lte?: V;
  /** More than this value. */
  $gt?: V;
  /** Less than this value. */
  $lt?: V;
}

interface Like {
  /**
   * An SQL LIKE pattern: `%` any run of characters, `_` one character, `\` makes the next `%`, `_` or
   * `\` literal; ASCII case-insensitive. At most 4 wildcards and 200 characters.
   *
   * @example
   * client.variants.list({ where: { sku: { $like: "TEE-%" } } });
   */
  $like?: string;
}

/**
 * Operators of one `where` condition, as the field's type allows them: `$eq`, `$ne`, `$in` and `$null`
 * on every field; `$gte`, `$lte`, `$gt`, `$lt` on numbers, dates and free text; `$like` on text and
 * enums (`Text`: false for a date, a string that is not text). `$in` values must not contain commas;
 * `$ne` leaves out nulls, as in SQL.
 */
export type WhereOperators<V, Text extends boolean = true> = {
  /** Equal to this value (the same as giving the value alone). */
  $eq?: V;
  /** Not equal to this value; records whose field is null are left out too. */
  $ne?: V;
  /** Any of these values. */
  $in?: readonly V[];
  /** `true`: the field is null; `false`: it is not. */
  $null?: boolean;
} & RangeOperators<V> &
  (Text extends true ? LikeOperator<V> : unknown);

type DateFieldOf<K> = K extends keyof DateFields ? DateFields[K] : never;

/**
 * Filters by field: a value (equality; `null` means "is null") or operators. With the kind's name `K`,
 * its date fields take no `$like`.
 */
export type Where<R, K extends string = never> = {
  [F in FilterableField<R, K>]?:
    | R[F]
    | WhereOperators<NonNullable<R[F]>, F extends DateFieldOf<K> ? false : true>;
};

/**
 * Which fields the records carry (`attributes`): a list of fields, or `{ exclude: [...] }` for all but
 * those. The fields an `include` joins on are answered as well, asked for or not.
 */
export type Attributes<R> =
  | readonly (keyof R & string)[]
  | { readonly exclude: readonly (keyof R & string)[] };

type RelationsOf<K> = K extends keyof Relations ? Relations[K] : never;
type RecordOfKind<K> = K extends keyof RecordTypes ? RecordTypes[K] : Record<string, unknown>;
type KindOf<Rel> = Rel extends { kind: infer C extends string } ? C : string;

/**
 * One related model to embed, by its model name, optionally shaped and with its own includes. Typed by
 * the relations of kind `K` (a kind's name); any model name for `string`; nothing without a kind (`never`:
 * a `ListQuery<Purchase>` written without its kind carries no include, so it fits every list).
 */
export type IncludeItem<K extends string> = [K] extends [never]
  ? never
  : string extends K
    ? string | { readonly model: string; readonly attributes?: unknown; readonly include?: unknown }
    :
        | (keyof RelationsOf<K> & string)
        | {
            [M in keyof RelationsOf<K> & string]: {
              /** The model name (`PurchaseItem`): PascalCase singular of the related kind. */
              readonly model: M;
              readonly attributes?: Attributes<RecordOfKind<KindOf<RelationsOf<K>[M]>>>;
              readonly include?: Include<KindOf<RelationsOf<K>[M]>>;
            };
          }[keyof RelationsOf<K> & string];

/**
 * Related records to embed (`include`), by model name: a record's own reference embeds one record (or
 * `null`) under the field's name without `Id` (`saleId` → `sale`); a kind referring to it embeds an
 * array under its plural (`purchase_items`). Nests 3 levels deep, 8 includes a request.
 *
 * @example
 * client.purchases.list({ include: ["PurchaseItem", { model: "Sale", include: ["Customer"] }] });
 */
export type Include<K extends string> = IncludeItem<K> | readonly IncludeItem<K>[];

/** How records are shaped: which fields they carry and which related records they embed. */
export interface Shape<R, K extends string = never> {
  /** Which fields the records carry; see {@link Attributes}. */
  attributes?: Attributes<R>;
  /** Related records to embed; see {@link Include}. */
  include?: Include<K>;
}

type ItemsOf<I> = I extends readonly (infer E)[] ? E : I;
type ModelOf<E> = E extends string ? E : E extends { model: infer M extends string } ? M : never;
type RelationOf<K, E> = ModelOf<E> extends keyof RelationsOf<K> ? RelationsOf<K>[ModelOf<E>] : never;

/** The fields an include joins on, answered whatever `attributes` says. */
type JoinFields<K, Q> = Q extends { include: infer I }
  ? RelationOf<K, ItemsOf<I>> extends infer Rel
    ? Rel extends { many: true }
      ? "id"
      : Rel extends { field: infer F }
        ? F
        : never
    : never
  : never;

type Picked<R, Q, Extra> = Q extends { attributes: infer A }
  ? A extends readonly (infer F)[]
    ? Pick<R, (F | Extra) & keyof R>
    : A extends { exclude: readonly (infer E)[] }
      ? Omit<R, Extract<Exclude<E, Extra>, keyof R>>
      : R
  : R;

type Embedded<K, E> =
  RelationOf<K, E> extends { many: infer Many; kind: infer C extends string; field: infer F }
    ? Many extends true
      ? Row<RecordOfKind<C>, C, E, F>[]
      : Row<RecordOfKind<C>, C, E> | null
    : never;

type Included<K, Q> = Q extends { include: infer I }
  ? {
      [E in ItemsOf<I> as RelationOf<K, E> extends { key: infer Key extends string } ? Key : never]: Embedded<
        K,
        E
      >;
    }
  : unknown;

/**
 * A record of kind `K` as a query shapes it: `attributes` picks its fields (plus those an include joins
 * on, and `Link`, the field naming its parent when it is itself embedded), `include` adds the related
 * records. Without either, the record type itself.
 */
export type Row<R, K extends string, Q, Link = never> = Q extends { include: unknown }
  ? Picked<R, Q, JoinFields<K, Q> | Link> & Included<K, Q>
  : Q extends { attributes: unknown }
    ? Picked<R, Q, Link>
    : R;

/** A field a list is ordered by: `field`, ascending, or `-field`, descending. */
export type SortField<R, K extends string = never> = FilterableField<R, K> | `-${FilterableField<R, K>}`;

/**
 * One page request of a list.
 *
 * @example
 * const query: ListQuery<Purchase> = { where: { status: { $in: ["pending", "sent"] } }, order: "-createdAt", limit: 100 };
 */
export interface ListQuery<R, K extends string = never> extends Shape<R, K> {
  where?: Where<R, K>;
  /**
   * A field, ascending, or `-field`, descending; or up to three of them, in order (ties by id in the
   * direction of the last, or as a last `"id"` or `"-id"` says). Default `id`.
   */
  order?: SortField<R, K> | readonly SortField<R, K>[];
  /** Records per page, 1 to 250. Default 50. */
  limit?: number;
  /** How many records to skip. */
  from?: number;
  /** Where a page starts: the opaque cursor of a next-page link (`listAll` and `page.next` use it). */
  cursor?: string;
}

/** One page of a list; `next` is the query of the following page, absent on the last one. */
export interface Page<R, Q = ListQuery<R>> {
  records: R[];
  next?: Q;
}

/** The state of the rate limit the request was counted against (the `RateLimit` header fields). */
export interface RateLimitState {
  /** The class of requests counted together: `get` (GET and HEAD) or `write` (the other methods). */
  policy: string;
  /** Requests the class may make per window (`q`), when the server said. */
  limit: number | undefined;
  /** The window, in seconds (`w`), when the server said. */
  windowSeconds: number | undefined;
  /** Requests left now (`r`). */
  remaining: number;
  /** Seconds until the full quota is back (`t`). */
  resetSeconds: number;
}

/** What a successful answer said besides its body. */
export interface ResponseMeta {
  /** The HTTP status (200, 204). */
  status: number;
  /** The `ETag` of a record answer: pass it as `ifMatch`. */
  etag: string | undefined;
  /** The server's `X-Request-Id`: quote it when reporting a problem. */
  requestId: string | undefined;
  /** Where the company stands with the rate limit, when one is configured. */
  rateLimit: RateLimitState | undefined;
  /** Every header of the answer. */
  headers: Headers;
}

/** Per-call options. */
export interface RequestOptions {
  /** Extra headers for this call (they replace the client's of the same name, in any letter case). */
  headers?: Record<string, string>;
  /** Aborts the call, including any retry wait. */
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key`. The client makes a fresh one for every write it may retry, so a retry
   * never runs twice; pass your own (here, or as an `Idempotency-Key` header) to make a write safe to
   * repeat across processes or restarts.
   */
  idempotencyKey?: string;
  /** The most one attempt of this call may take, in ms (default: the client's `timeout`); 0 for none. */
  timeout?: number;
  /**
   * Called with each successful answer's status and headers (ETag, request id, rate limit), for every
   * call, `delete` and each page of `listAll` included. `metaOf(answer)` gives the same for an answer.
   */
  onResponse?: (meta: ResponseMeta) => void;
}

/** Options of update and delete. */
export interface WriteOptions extends RequestOptions {
  /** Sent as `If-Match`: the call fails with 412 if the record changed since this ETag (see `etagOf`). */
  ifMatch?: string;
}

/** Options of `get`: a call's options, and how to shape the record. */
export interface GetOptions<R, K extends string = never> extends RequestOptions, Shape<R, K> {}

interface KindShape {
  name: string;
  record: unknown;
  create: unknown;
  /** The create answer: the record, plus what only it shows (a webhook endpoint's `secret`). */
  created: unknown;
  update: unknown;
  actions: object;
}

/**
 * The query of a list called without one: `ListQuery<R>` (it fits the list of its kind, which TypeScript
 * can tell only once the kind is known).
 */
type DefaultQuery<T extends KindShape> = Extract<ListQuery<T["record"]>, ListQuery<T["record"], T["name"]>>;

/** The CRUD operations every namespace has. */
export interface KindClient<T extends KindShape> {
  /**
   * `POST /<plural>.json`: creates a record and returns it with its defaults filled in. For a kind whose
   * create shows a secret the server makes, a replayed answer (the first one was lost) rejects with a
   * `SecretNotShownError` carrying the record.
   */
  create(body: T["create"], options?: RequestOptions): Promise<T["created"]>;
  /**
   * `GET /<plural>/{id}.json`; `attributes` and `include` shape the record (its ETag stays the whole
   * record's).
   */
  get<const O extends GetOptions<T["record"], T["name"]> = RequestOptions>(
    id: number,
    options?: O,
  ): Promise<Row<T["record"], T["name"], O>>;
  /** `PUT /<plural>/{id}.json`: changes the fields sent and returns the whole record. */
  update(id: number, body: T["update"], options?: WriteOptions): Promise<T["record"]>;
  /** `DELETE /<plural>/{id}.json`. */
  delete(id: number, options?: WriteOptions): Promise<void>;
  /** `GET /<plural>.json`: one page; follow `next` for the following one. */
  list<const Q extends ListQuery<T["record"], T["name"]> = DefaultQuery<T>>(
    query?: Q,
    options?: RequestOptions,
  ): Promise<Page<Row<T["record"], T["name"], Q>, Q>>;
  /** Every record of every page, fetched page by page as you iterate. */
  listAll<const Q extends ListQuery<T["record"], T["name"]> = DefaultQuery<T>>(
    query?: Q,
    options?: RequestOptions,
  ): AsyncIterableIterator<Row<T["record"], T["name"], Q>>;
}

/** An action: `(id, input, options) => output`; the input may be left out when none of it is required. */
export type ActionCall<I, O> =
  Partial<I> extends I
    ? (id: number, input?: I, options?: WriteOptions) => Promise<O>
    : (id: number, input: I, options?: WriteOptions) => Promise<O>;

/** The action operations of a kind, by camelCase name (`ship`, `moveDropshipProvider`). */
export type ActionMethods<A> = {
  [K in keyof A]: A[K] extends { input: infer I; output: infer O } ? ActionCall<I, O> : never;
};

/** The namespace of one kind: CRUD plus its actions. */
export type NamespaceClient<N extends Namespace> = KindClient<KindTypes[N]> &
  ActionMethods<KindTypes[N]["actions"]>;

/** The client: one namespace per kind. */
export type Client = { readonly [N in Namespace]: NamespaceClient<N> } & {
  /** The event log (`GET /events.json`): every change and action outcome, oldest first. */
  readonly events: EventsClient;
  /** The company's files: uploads (`POST /files.json`), e.g. for a data import. */
  readonly files: FilesClient;
};

/** A file of the company, as an upload answers it. */
export interface StoredFile {
  id: number;
  /** Where it is read back with a token of the company, and what a data import's `fileUrl` takes. */
  url: string;
  name: string;
  contentType: string;
  byteSize: number;
}

/** What {@link FilesClient.upload} sends. */
export interface FileUpload {
  /** The file's name (1 to 200 characters, no slash). */
  name: string;
  /** Its media type; default: a Blob's own `type`, else `application/octet-stream`. */
  contentType?: string;
  /** Its content. */
  body: Blob | Uint8Array<ArrayBuffer> | ArrayBuffer | string;
}

/** The company's files. */
export interface FilesClient {
  /**
   * Uploads a file (`POST /files.json`, as the raw body): within the server's upload limit (413) and the
   * company's quota (409).
   *
   * @example
   * const file = await client.files.upload({ name: "stock.csv", contentType: "text/csv", body: csvText });
   * await client.dataImports.create({ fileUrl: file.url, ... });
   */
  upload(file: FileUpload, options?: WriteOptions): Promise<StoredFile>;
}

/** One page of events, and the query of the next one when there is more. */
export interface EventPage {
  events: EventRecord[];
  next?: EventQuery;
}

/** Reads the company's event log. */
export interface EventsClient {
  /**
   * One page, oldest first; pass `next` for the following one. `types: []` matches no event: an empty
   * page, answered without a request.
   */
  list(query?: EventQuery, options?: RequestOptions): Promise<EventPage>;
  /** Every event of every page, fetched as you iterate (stops at the newest event). */
  listAll(query?: EventQuery, options?: RequestOptions): AsyncIterableIterator<EventRecord>;
  /** `GET /events/{id}.json`. */
  get(id: number, options?: RequestOptions): Promise<EventRecord>;
}
