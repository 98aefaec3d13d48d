import type { EventQuery, EventRecord, KindTypes } from "@multichannel/schema";

/** A client namespace: the camelCase plural of a kind (`purchases`, `dropshipProviders`). */
export type Namespace = keyof KindTypes;

/** The record type of a namespace: `ResourceRecord<"purchases">` is `Purchase`. */
export type ResourceRecord<N extends Namespace> = KindTypes[N]["record"];
/** The create body of a namespace. */
export type CreateBody<N extends Namespace> = KindTypes[N]["create"];
/** The update body of a namespace (any writable field; what was read may be sent back). */
export type UpdateBody<N extends Namespace> = KindTypes[N]["update"];

/** Fields a list can filter and order by: those holding a scalar (nested objects and arrays cannot). */
export type FilterableField<R> = {
  [K in keyof R]-?: NonNullable<R[K]> extends string | number | boolean ? K : never;
}[keyof R] &
  string;

// Ranges apply to numbers, dates and free text; not to enums or booleans (the server answers 400).
type RangeOperators<V> = [V] extends [number] ? Ranges<V> : string extends V ? Ranges<V> : unknown;
interface Ranges<V> {
  $gte?: V;
  $lte?: V;
  $gt?: V;
  $lt?: V;
}

/** Operators of one `where` condition. `$in` values must not contain commas. */
export type WhereOperators<V> = {
  $in?: readonly V[];
  $ne?: V;
  /** `true`: the field is null; `false`: it is not. */
  $null?: boolean;
} & RangeOperators<V>;

/** Filters by field: a value (equality; `null` means "is null") or operators. */
export type Where<R> = {
  [K in FilterableField<R>]?: R[K] | WhereOperators<NonNullable<R[K]>>;
};

/**
 * One page request of a list.
 *
 * @example
 * const query: ListQuery<Purchase> = { where: { status: { $in: ["pending", "sent"] } }, order: "-createdAt", limit: 100 };
 */
export interface ListQuery<R> {
  where?: Where<R>;
  /** A field, ascending, or `-field`, descending. Default `id`. */
  order?: FilterableField<R> | `-${FilterableField<R>}`;
  /** Records per page, 1 to 250. Default 50. */
  limit?: number;
  /** How many records to skip. */
  from?: number;
  /** Where a page starts: the opaque cursor of a next-page link (`listAll` and `page.next` use it). */
  cursor?: string;
}

/** One page of a list; `next` is the query of the following page, absent on the last one. */
export interface Page<R> {
  records: R[];
  next?: ListQuery<R>;
}

/** Per-call options. */
export interface RequestOptions {
  /** Extra headers for this call (they override the client's). */
  headers?: Record<string, string>;
  /** Aborts the call, including any retry wait. */
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key`. The client makes a fresh one for every write it may retry, so a retry
   * never runs twice; pass your own to make a write safe to repeat across processes or restarts.
   */
  idempotencyKey?: string;
}

/** Options of update and delete. */
export interface WriteOptions extends RequestOptions {
  /** Sent as `If-Match`: the call fails with 412 if the record changed since this ETag (see `etagOf`). */
  ifMatch?: string;
}

interface KindShape {
  record: unknown;
  create: unknown;
  /** The create answer: the record, plus what only it shows (a webhook endpoint's `secret`). */
  created: unknown;
  update: unknown;
  actions: object;
}

/** The CRUD operations every namespace has. */
export interface KindClient<T extends KindShape> {
  /** `POST /<plural>.json`: creates a record and returns it with its defaults filled in. */
  create(body: T["create"], options?: RequestOptions): Promise<T["created"]>;
  /** `GET /<plural>/{id}.json`. */
  get(id: number, options?: RequestOptions): Promise<T["record"]>;
  /** `PUT /<plural>/{id}.json`: changes the fields sent and returns the whole record. */
  update(id: number, body: T["update"], options?: WriteOptions): Promise<T["record"]>;
  /** `DELETE /<plural>/{id}.json`. */
  delete(id: number, options?: WriteOptions): Promise<void>;
  /** `GET /<plural>.json`: one page; follow `next` for the following one. */
  list(query?: ListQuery<T["record"]>, options?: RequestOptions): Promise<Page<T["record"]>>;
  /** Every record of every page, fetched page by page as you iterate. */
  listAll(query?: ListQuery<T["record"]>, options?: RequestOptions): AsyncIterableIterator<T["record"]>;
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
};

/** One page of events, and the query of the next one when there is more. */
export interface EventPage {
  events: EventRecord[];
  next?: EventQuery;
}

/** Reads the company's event log. */
export interface EventsClient {
  /** One page, oldest first; pass `next` for the following one. */
  list(query?: EventQuery, options?: RequestOptions): Promise<EventPage>;
  /** Every event of every page, fetched as you iterate (stops at the newest event). */
  listAll(query?: EventQuery, options?: RequestOptions): AsyncIterableIterator<EventRecord>;
  /** `GET /events/{id}.json`. */
  get(id: number, options?: RequestOptions): Promise<EventRecord>;
}
