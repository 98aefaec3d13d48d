import {
  camelCase,
  type EventQuery,
  type EventRecord,
  type KindDef,
  kinds,
  operationWrites,
} from "@multichannel/schema";
import { inputParams, listParams, nextQuery } from "./query.ts";
import { type RetryOptions, retryPolicy } from "./retry.ts";
import { type Answer, type Call, createTransport } from "./transport.ts";
import type {
  Client,
  EventPage,
  EventsClient,
  ListQuery,
  Page,
  RequestOptions,
  WriteOptions,
} from "./types.ts";

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Where the API lives, with its base path if any: `https://api.example.com/v1`. */
  baseUrl: string;
  /** The API token, or a function returning it (called before every request, so it may refresh). */
  token: string | (() => string | Promise<string>);
  /** A fetch to use instead of the global one (a test app's `request`, a custom agent, ...). */
  fetch?: (input: string, init: RequestInit) => Response | Promise<Response>;
  /** Retries of 429, 503 and network failures on idempotent calls; `false` turns them off. */
  retry?: RetryOptions | false;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

type Send = (call: Call) => Promise<Answer>;
type Loose = ListQuery<Record<string, unknown>>;

const etags = new WeakMap<object, string>();

/**
 * The `ETag` the server sent with a record returned by `get`, `create` or `update`; pass it as `ifMatch`
 * to update or delete only if nobody changed the record since.
 *
 * @example
 * const purchase = await client.purchases.get(7);
 * await client.purchases.update(7, { notes: "rush" }, { ifMatch: etagOf(purchase) });
 */
export function etagOf(record: object): string | undefined {
  return etags.get(record);
}

/**
 * A typed client for the Multichannel Commerce API: one namespace per kind, named by its camelCase
 * plural, with `create`, `get`, `update`, `delete`, `list`, `listAll` and the kind's actions.
 * It uses only `fetch` and web APIs, so it runs on Node 20+, Deno, Workers and in browsers.
 *
 * @example
 * const client = createClient({ baseUrl: "https://api.example.com", token: "mcs_..." });
 * const provider = await client.dropshipProviders.create({ name: "Parcel Express Supply" });
 * for await (const purchase of client.purchases.listAll({ where: { status: "pending" } })) {
 *   await client.purchases.send(purchase.id, { format: "json" });
 * }
 */
export function createClient(options: ClientOptions): Client {
  const base = new URL(options.baseUrl);
  const fetcher = options.fetch;
  const send = createTransport({
    baseUrl: base.href.replace(/\/+$/, ""),
    token: options.token,
    // Looked up per call and called unbound: some runtimes reject `fetch` called on another `this`.
    fetch: async (input, init) => (fetcher ? fetcher(input, init) : globalThis.fetch(input, init)),
    retry: retryPolicy(options.retry),
    headers: options.headers ?? {},
  });
  const client: Record<string, object> = {};
  for (const kind of kinds) client[camelCase(kind.plural)] = namespaceOf(kind, send);
  client.events = eventsOf(send);
  return Object.freeze(client) as unknown as Client;
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
    const { data, headers } = await send({
      method: "GET",
      path: "/events.json",
      query: eventParams(query),
      options,
    });
    const events = data as EventRecord[];
    return headers.get("Link") && events.length
      ? { events, next: { ...query, after: events.at(-1)!.id } }
      : { events };
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

function namespaceOf(kind: KindDef, send: Send): object {
  const collection = `/${kind.plural}.json`;
  const item = (id: number) => `/${kind.plural}/${encodeURIComponent(String(id))}.json`;

  const record = async (answer: Promise<Answer>): Promise<unknown> => {
    const { data, headers } = await answer;
    const etag = headers.get("ETag");
    if (etag && typeof data === "object" && data !== null) etags.set(data, etag);
    return data;
  };

  const list = async (query: Loose = {}, options?: RequestOptions): Promise<Page<unknown>> => {
    const { data, headers } = await send({
      method: "GET",
      path: collection,
      query: listParams(query),
      options,
    });
    const records = data as unknown[];
    const next = nextQuery(headers.get("Link"), query);
    return next ? { records, next } : { records };
  };

  const namespace: Record<string, unknown> = {
    create: (body: unknown, options?: RequestOptions) =>
      record(send({ method: "POST", path: collection, body, options })),
    get: (id: number, options?: RequestOptions) => record(send({ method: "GET", path: item(id), options })),
    update: (id: number, body: unknown, options?: WriteOptions) =>
      record(send({ method: "PUT", path: item(id), body, options })),
    delete: async (id: number, options?: WriteOptions) => {
      await send({ method: "DELETE", path: item(id), options });
    },
    list,
    listAll: async function* (query: Loose = {}, options?: RequestOptions) {
      let next: Loose | undefined = query;
      while (next) {
        const page: Page<unknown> = await list(next, options);
        yield* page.records;
        // An empty page that still links onwards would loop forever.
        next = page.records.length > 0 ? page.next : undefined;
      }
    },
  };

  for (const action of kind.actions ?? []) {
    const hasBody = action.method === "POST" || action.method === "PUT";
    namespace[camelCase(action.name)] = async (id: number, input: object = {}, options?: WriteOptions) => {
      const path = `/${kind.plural}/${encodeURIComponent(String(id))}/${action.name}.json`;
      const writes = operationWrites(action.method, action);
      const call: Call = hasBody
        ? { method: action.method, writes, path, body: input, options }
        : { method: action.method, writes, path, query: inputParams(input), options };
      return (await send(call)).data;
    };
  }
  return namespace;
}
