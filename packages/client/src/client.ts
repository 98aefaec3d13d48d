import type { EventQuery, EventRecord } from "@multichannel/schema";
import { SecretNotShownError } from "./errors.ts";
import * as resources from "./generated/resources.ts";
import { inputParams, listParams, matchesNothing, nextQuery, shapeParams } from "./query.ts";
import { methodName, type Resource } from "./resource.ts";
import { type RetryOptions, retryPolicy } from "./retry.ts";
import { type Answer, type Call, createTransport, metaOf, remember } from "./transport.ts";
import type {
  Client,
  EventPage,
  EventsClient,
  FilesClient,
  FileUpload,
  GetOptions,
  ListQuery,
  Namespace,
  NamespaceClient,
  Page,
  RequestOptions,
  StoredFile,
  WriteOptions,
} from "./types.ts";

/** Options of {@link createClient} and {@link connect}. */
export interface ClientOptions {
  /** Where the API lives, with its base path if any: `https://api.example.com/v1`. */
  baseUrl: string;
  /** The API token, or a function returning it (called before every request, so it may refresh). */
  token: string | (() => string | Promise<string>);
  /** A fetch to use instead of the global one (a test app's `request`, a custom agent, ...). */
  fetch?: (input: string, init: RequestInit) => Response | Promise<Response>;
  /**
   * Retries of 429, 503 and network failures on reads and keyed writes (and of a keyed write's 409 with
   * `Retry-After`); `false` turns them off.
   */
  retry?: RetryOptions | false;
  /** Headers sent with every request; a call's `headers` replace those of the same name. */
  headers?: Record<string, string>;
  /**
   * The most one attempt of a call may take, in ms, answer body included; then the request is aborted
   * and the call rejects with a `TimeoutError` (not retried), even if `fetch` or the body stream ignores
   * the abort. Default 30 000; 0 for no limit.
   */
  timeout?: number;
}

/** The namespaces {@link connect} makes: one per resource passed, under the same key. */
export type Connected<R> = {
  readonly [K in keyof R]: R[K] extends Resource<infer N> ? NamespaceClient<N> : never;
};

type Send = (call: Call) => Promise<Answer>;
type Loose = ListQuery<Record<string, unknown>>;

/** The default `timeout`: 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The `ETag` the server sent with a record returned by `get`, `create` or `update`; pass it as `ifMatch`
 * to update or delete only if nobody changed the record since. (`metaOf(record).etag`.)
 *
 * @example
 * const purchase = await client.purchases.get(7);
 * await client.purchases.update(7, { notes: "rush" }, { ifMatch: etagOf(purchase) });
 */
export function etagOf(record: object): string | undefined {
  return metaOf(record)?.etag;
}

function transportOf(options: ClientOptions): Send {
  const fetcher = options.fetch;
  return createTransport({
    baseUrl: new URL(options.baseUrl).href.replace(/\/+$/, ""),
    token: options.token,
    // Looked up per call and called unbound: some runtimes reject `fetch` called on another `this`.
    fetch: async (input, init) => (fetcher ? fetcher(input, init) : globalThis.fetch(input, init)),
    retry: retryPolicy(options.retry),
    headers: options.headers ?? {},
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
  });
}

/**
 * A typed client for the Multichannel Commerce API: one namespace per kind, named by its camelCase
 * plural, with `create`, `get`, `update`, `delete`, `list`, `listAll` and the kind's actions, and the
 * event log. It uses only `fetch` and web APIs, so it runs on Node 20+, Deno, Workers and in browsers.
 * It carries every kind; a program that uses a few can {@link connect} just those and bundle less.
 *
 * @example
 * const client = createClient({ baseUrl: "https://api.example.com", token: "mcs_..." });
 * const provider = await client.dropshipProviders.create({ name: "Parcel Express Supply" });
 * for await (const purchase of client.purchases.listAll({ where: { status: "pending" } })) {
 *   await client.purchases.send(purchase.id, { format: "json" });
 * }
 */
export function createClient(options: ClientOptions): Client {
  const send = transportOf(options);
  const client: Record<string, unknown> = {};
  // Each namespace is built the first time it is used.
  for (const [name, resource] of Object.entries(resources)) {
    let namespace: object | undefined;
    Object.defineProperty(client, name, {
      enumerable: true,
      get: () => {
        namespace ??= namespaceOf(resource, send);
        return namespace;
      },
    });
  }
  client.events = eventsOf(send);
  client.files = filesOf(send);
  return Object.freeze(client) as unknown as Client;
}

/**
 * A client of the resources passed only, each under its key: only their descriptors are bundled, not
 * the whole manifest (a one-resource program bundles a few KB). The resources come from
 * `@multichannel/client/resources`.
 *
 * @example
 * import { connect } from "@multichannel/client";
 * import { purchases, dropshipProviders } from "@multichannel/client/resources";
 *
 * const api = connect({ baseUrl: "https://api.example.com", token: "mcs_..." }, { purchases, dropshipProviders });
 * const purchase = await api.purchases.get(7);
 */
export function connect<const R extends Record<string, Resource<Namespace>>>(
  options: ClientOptions,
  resources: R,
): Connected<R> {
  const send = transportOf(options);
  const client: Record<string, object> = {};
  for (const [name, resource] of Object.entries(resources)) client[name] = namespaceOf(resource, send);
  return Object.freeze(client) as Connected<R>;
}

/** `where[type][$in][]`, `where[createdAt][$gte]`, `after`, `limit`: an event query as the server reads it. */
function eventParams(query: EventQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const type of query.types ?? []) params.append("where[type][$in][]", type);
  if (query.since) params.set("where[createdAt][$gte]", query.since);
  if (query.until) params.set("where[createdAt][$lt]", query.until);
  if (query.after !== undefined) params.set("after", String(query.after));
  if (query.limit !== undefined) params.set("limit", String(query.limit));
  return params;
}

function eventsOf(send: Send): EventsClient {
  const list = async (query: EventQuery = {}, options?: RequestOptions): Promise<EventPage> => {
    // No types match no event; the query string has no form for an empty list, so none is sent.
    if (query.types?.length === 0) return { events: [] };
    const { data, headers } = await send({
      method: "GET",
      path: "/events.json",
      query: eventParams(query),
      options,
    });
    const events = data as EventRecord[];
    const page: EventPage =
      headers.get("Link") && events.length
        ? { events, next: { ...query, after: events.at(-1)!.id } }
        : { events };
    const meta = metaOf(events);
    if (meta) remember(page, meta);
    return page;
  };
  return {
    list,
    listAll: async function* (query: EventQuery = {}, options?: RequestOptions) {
      let next: EventQuery | undefined = query;
      while (next) {
        const page: EventPage = await list(next, options);
        yield* page.events;
        next = page.next;
      }
    },
    get: async (id: number, options?: RequestOptions) =>
      (await send({ method: "GET", path: `/events/${encodeURIComponent(String(id))}.json`, options }))
        .data as EventRecord,
  };
}

function filesOf(send: Send): FilesClient {
  return {
    upload: async (file: FileUpload, options?: WriteOptions) => {
      const typeOfBlob = file.body instanceof Blob && file.body.type ? file.body.type : undefined;
      const contentType = file.contentType ?? typeOfBlob ?? "application/octet-stream";
      const query = new URLSearchParams({ name: file.name });
      const answer = await send({
        method: "POST",
        path: "/files.json",
        query,
        raw: { body: file.body, contentType },
        options,
      });
      return answer.data as StoredFile;
    },
  };
}

function namespaceOf(resource: Resource<Namespace>, send: Send): object {
  const { plural } = resource;
  const collection = `/${plural}.json`;
  const item = (id: number) => `/${plural}/${encodeURIComponent(String(id))}.json`;
  const data = async (answer: Promise<Answer>): Promise<unknown> => (await answer).data;

  const list = async (query: Loose = {}, options?: RequestOptions): Promise<Page<unknown, Loose>> => {
    if (matchesNothing(query)) return { records: [] };
    const answer = await send({ method: "GET", path: collection, query: listParams(query), options });
    const records = answer.data as unknown[];
    const next = nextQuery(answer.headers.get("Link"), query);
    const page: Page<unknown, Loose> = next ? { records, next } : { records };
    const meta = metaOf(records);
    if (meta) remember(page, meta);
    return page;
  };

  const namespace: Record<string, unknown> = {
    create: async (body: unknown, options?: RequestOptions) => {
      const call: Call = { method: "POST", path: collection, body, options, keyless: resource.keylessCreate };
      const answer = await send(call);
      // A replay shows the secrets the server made only as hints: the answer that showed them was lost.
      if (resource.madeSecrets?.length && answer.headers.get("Idempotent-Replayed") === "true") {
        const secrets = resource.madeSecrets.map(([field, rotate]) => ({ field, rotate }));
        const record = answer.data as { id: number } & Record<string, unknown>;
        throw new SecretNotShownError(record, secrets, call.method, answer.url);
      }
      return answer.data;
    },
    get: (id: number, options: GetOptions<Record<string, unknown>> = {}) => {
      const { attributes, include, ...rest } = options;
      const query = shapeParams({ attributes, include });
      return data(send({ method: "GET", path: item(id), query, options: rest }));
    },
    update: (id: number, body: unknown, options?: WriteOptions) =>
      data(send({ method: "PUT", path: item(id), body, options })),
    delete: async (id: number, options?: WriteOptions) => {
      await send({ method: "DELETE", path: item(id), options });
    },
    list,
    listAll: async function* (query: Loose = {}, options?: RequestOptions) {
      let next: Loose | undefined = query;
      while (next) {
        const page: Page<unknown, Loose> = await list(next, options);
        yield* page.records;
        // An empty page that still links onwards would loop forever.
        next = page.records.length > 0 ? page.next : undefined;
      }
    },
  };

  for (const [name, method, writes, keyless] of resource.actions) {
    const hasBody = method === "POST" || method === "PUT";
    namespace[methodName(name)] = async (id: number, input: object = {}, options?: WriteOptions) => {
      const path = `/${plural}/${encodeURIComponent(String(id))}/${name}.json`;
      const call: Call = hasBody
        ? { method, writes, keyless, path, body: input, options }
        : { method, writes, keyless, path, query: inputParams(input), options };
      return (await send(call)).data;
    };
  }
  return namespace;
}
