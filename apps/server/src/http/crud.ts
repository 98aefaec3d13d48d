import { type KindDef, kindSchemas, kinds } from "@multichannel/schema";
import type { Context, Hono } from "hono";
import type * as v from "valibot";
import { readingApart } from "../db/database.ts";
import type { Ctx } from "../domain/context.ts";
import { checkOutboundUrls } from "../domain/outbound-urls.ts";
import { ApiError } from "../errors.ts";
import { andThen } from "../eventually.ts";
import {
  isExpensiveList,
  type ListQuery,
  nextPageQuery,
  parseListQuery,
  parseReadQuery,
} from "../services/list-query.ts";
import { searchOf } from "../services/query-string.ts";
import { type Shape, shapeRecords, shapes } from "../services/record-shape.ts";
import {
  createRecord,
  deleteRecord,
  etagOf,
  etagOfText,
  getRecord,
  listRecords,
  updateRecord,
} from "../services/records.ts";
import { answer, answerJson } from "./answer.ts";
import type { AppEnv } from "./env.ts";
import type { FairShare } from "./fair-share.ts";
import { notAllowed } from "./methods.ts";
import { type Guard, requestHeader } from "./middleware.ts";
import { fieldsOf, validBody } from "./validate.ts";

const ID = /^[1-9]\d{0,15}$/;

/** The fields of a kind naming URLs the service calls (`called` in the manifest). */
function calledFields(kind: KindDef): string[] {
  return Object.entries(kind.fields)
    .filter(([, def]) => def.called)
    .map(([name]) => name);
}

function noRoute(c: Context<AppEnv>): ApiError {
  return new ApiError("not_found", `No route for ${c.req.method} ${c.req.path}.`);
}

/** The 404 of a path whose `.json` was left out: it names the path meant. */
export function meantPathError(c: Context<AppEnv>, meant: string): ApiError {
  return new ApiError(
    "not_found",
    `No route for ${c.req.method} ${c.req.path}: every path of this API ends in .json; did you mean ${meant}?`,
  );
}

/** A record id from its path segment: 400 when it is not a positive integer. */
function recordId(digits: string): number {
  if (!ID.test(digits) || !Number.isSafeInteger(Number(digits))) {
    throw new ApiError("bad_request", `"${digits.slice(0, 40)}" is not a record id (a positive integer).`);
  }
  return Number(digits);
}

/** The record id of an action's path (`/purchases/{id}/ship.json`). */
export function idOf(c: Context<AppEnv>): number {
  return recordId(c.req.param("id") ?? "");
}

/** The record id of an item's path, whose segment is `{id}.json` (404 without the suffix). */
export function itemIdOf(c: Context<AppEnv>): number {
  const segment = c.req.param("id") ?? "";
  if (!segment.endsWith(".json")) {
    throw ID.test(segment) ? meantPathError(c, `${c.req.path.replace(/\/$/, "")}.json`) : noRoute(c);
  }
  return recordId(segment.slice(0, -".json".length));
}

/**
 * What a record's write is given: the request's context, database and Idempotency-Key, the kind, and
 * `id`, `input` and `ifMatch` as the write has them. Made as one object literal, of one shape for every
 * write: an object spread into a literal that then adds properties had V8 define each added one on its
 * slow path, about 5 µs a write.
 */
function recordWrite<Id extends number | undefined, Body extends Record<string, unknown> | undefined>(
  c: Context<AppEnv>,
  kind: KindDef,
  id: Id,
  input: Body,
  ifMatch: string | undefined,
) {
  return { ctx: c.get("ctx"), kind, key: c.get("idempotencyKey"), id, input, ifMatch };
}

/** A record as the answer, with its ETag; serialized once for both. */
function answerRecord(c: Context<AppEnv>, record: object, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(record);
  headers.ETag = etagOfText(text);
  return answerJson(c, text, 200, headers);
}

/** A record read with `fields`/`include`: the ETag stays the record's, so that it works with If-Match. */
async function answerShaped(
  c: Context<AppEnv>,
  ctx: Ctx,
  kind: KindDef,
  id: number,
  shape: Shape,
): Promise<Response> {
  const record = await getRecord({ ctx, kind, id });
  const [shaped] = await shapeRecords(ctx, [record], shape);
  return answerJson(c, JSON.stringify(shaped), 200, { ETag: etagOf(record) });
}

/**
 * A create sent with `If-Match` is a 412, whatever its tags (`*` too), before its body is looked at: there
 * is no current record for it to match (RFC 9110 §13.1.1), so the condition is false and nothing is made.
 */
export function refuseIfMatchOnCreate(c: Context<AppEnv>): void {
  if (requestHeader(c, "if-match") === undefined) return;
  throw new ApiError(
    "precondition_failed",
    "A create has no current record for If-Match to match: send it without If-Match.",
  );
}

/**
 * The methods of the paths behind the token check (`carriers.json`, `carriers/:id`,
 * `purchases/:id/ship.json`, `events.json`): any other method on them is answered 405 by the not-found
 * handler (`notFoundOrNotAllowed`), so that a request's match runs over its method's routes only (with a
 * route per path and method, it ran over all of them).
 */
const allowedByPath = new Map<string, readonly string[]>();

/** Declares the methods a path takes (relative to the mount point), for the 405 answers. */
export function allowMethods(path: string, methods: readonly string[]): void {
  allowedByPath.set(path.slice(1), methods);
}

/** Paths under the mount point that answer without a token and end in `.json`. */
const PUBLIC_JSON = new Set(["openapi"]);

/**
 * The `.json` path a request without it meant (`/carriers` → `/carriers.json`, `/carriers/12` →
 * `/carriers/12.json`, `/purchases/1/ship` → `/purchases/1/ship.json`), when that one is a route; else
 * undefined. Every path of the API ends in `.json`, as the reference's do.
 */
export function jsonPathFor(path: string, mount: string): string | undefined {
  if (!path.startsWith(`${mount}/`) || path.endsWith(".json")) return undefined;
  const [first, second, third, ...rest] = path
    .slice(mount.length + 1)
    .replace(/\/$/, "")
    .split("/");
  if (rest.length || !first) return undefined;
  const known =
    second === undefined
      ? allowedByPath.has(`${first}.json`) || PUBLIC_JSON.has(first)
      : !ID.test(second)
        ? false
        : third === undefined
          ? allowedByPath.has(`${first}/:id`)
          : allowedByPath.has(`${first}/:id/${third}.json`);
  return known ? `${path.replace(/\/$/, "")}.json` : undefined;
}

/**
 * A 405 naming the methods of a known path under the mount point (an item's segment must be `{id}.json`),
 * else a 404.
 */
export function notFoundOrNotAllowed(c: Context<AppEnv>, mount: string): ApiError {
  if (!c.req.path.startsWith(`${mount}/`)) return noRoute(c);
  const [first, second, third, ...rest] = c.req.path.slice(mount.length + 1).split("/");
  const allowed = rest.length
    ? undefined
    : second === undefined
      ? allowedByPath.get(first!)
      : third === undefined
        ? second.endsWith(".json")
          ? allowedByPath.get(`${first}/:id`)
          : undefined
        : allowedByPath.get(`${first}/:id/${third}`);
  return allowed ? notAllowed(allowed) : noRoute(c);
}

/**
 * The item path of a kind, `/purchases/:id` (the segment is `{id}.json`), or an action's path under it.
 * A plain parameter (a pattern per route is cheaper to match); the `.json` suffix is checked by `itemIdOf`.
 */
export function itemRoute(kind: KindDef, suffix = ""): string {
  return suffix ? `/${kind.plural}/:id/${suffix}` : `/${kind.plural}/:id`;
}

/**
 * Create, read, update, delete and list for every kind of the manifest, on two routes per method
 * (`/:collection` and `/:plural/:id`) that find the kind by its path: a segment naming no kind passes
 * on to the routes registered after these (`/events.json`).
 */
/** A page of a list, with its next-page link when another page follows. */
async function listPage(c: Context<AppEnv>, kind: KindDef, query: ListQuery, ctx: Ctx): Promise<Response> {
  const { records, hasMore } = await listRecords({ ctx, kind, query });
  const answered = shapes(query.shape) ? await shapeRecords(ctx, records, query.shape) : records;
  if (!hasMore) return answerJson(c, JSON.stringify(answered));
  // From PUBLIC_URL (or relative), never from the request's Host.
  const nextPage = `${ctx.baseUrl}/${kind.plural}.json?${nextPageQuery(kind, query, records.at(-1)!, await ctx.secrets)}`;
  return answerJson(c, JSON.stringify(answered), 200, { Link: `<${nextPage}>; rel="next"` });
}

/**
 * The CRUD routes of every kind. An expensive list (`isExpensiveList`) takes one of its company's places
 * in `share` while it runs, and reads apart from other requests (`Db.readExpensive`).
 */
export function registerCrudRoutes(app: Hono<AppEnv>, guard: Guard, share: FairShare): void {
  const byCollection = new Map<string, { kind: KindDef; create: v.GenericSchema; called: string[] }>();
  const byPlural = new Map<string, { kind: KindDef; update: v.GenericSchema; called: string[] }>();
  for (const kind of kinds) {
    const schemas = kindSchemas(kind);
    const called = calledFields(kind);
    byCollection.set(`${kind.plural}.json`, { kind, create: schemas.create, called });
    byPlural.set(kind.plural, { kind, update: schemas.update, called });
    allowMethods(kind.path, ["GET", "POST"]);
    allowMethods(itemRoute(kind), ["GET", "PUT", "DELETE"]);
  }

  app.get(
    "/:kind",
    guard.read(async (c, next) => {
      const kind = byCollection.get(c.req.param("kind")!)?.kind;
      if (!kind) return next();
      const ctx = c.get("ctx");
      const query = parseListQuery(kind, searchOf(c.req.url), await ctx.secrets, ctx.companyId);
      if (!isExpensiveList(kind, query)) return listPage(c, kind, query, ctx);
      const release = share.take(ctx.companyId);
      try {
        return await listPage(c, kind, query, { ...ctx, db: readingApart(ctx.db) });
      } finally {
        release();
      }
    }),
  );

  app.post(
    "/:kind",
    guard.write(async (c, next) => {
      const found = byCollection.get(c.req.param("kind")!);
      if (!found) return next();
      const { kind } = found;
      refuseIfMatchOnCreate(c);
      const input = fieldsOf(validBody(c, found.create));
      if (found.called.length) await checkOutboundUrls(c.get("ctx").outbound, input, found.called);
      const record = await createRecord(recordWrite(c, kind, undefined, input, undefined));
      // 200, as the reference answers a create (wire.md §4), with the new record's Location.
      return answerRecord(c, record, {
        Location: `${c.get("ctx").baseUrl}/${kind.plural}/${record.id}.json`,
      });
    }),
  );

  // The hottest route: a record found at once (the embedded database) is answered without a promise.
  app.get(
    "/:kind/:id",
    guard.read((c, next) => {
      const kind = byPlural.get(c.req.param("kind")!)?.kind;
      if (!kind) return next();
      const id = itemIdOf(c);
      const search = searchOf(c.req.url);
      const shape = search ? parseReadQuery(kind, search) : undefined;
      const ctx = c.get("ctx");
      if (shape && shapes(shape)) return answerShaped(c, ctx, kind, id, shape);
      return andThen(getRecord({ ctx, kind, id }), (record) => answerRecord(c, record));
    }),
  );

  app.put(
    "/:kind/:id",
    guard.write(async (c, next) => {
      const found = byPlural.get(c.req.param("kind")!);
      if (!found) return next();
      const { kind } = found;
      const id = itemIdOf(c); // a bad id is a 400 before the body is looked at
      const input = fieldsOf(validBody(c, found.update));
      if (found.called.length) await checkOutboundUrls(c.get("ctx").outbound, input, found.called);
      const ifMatch = requestHeader(c, "if-match");
      const record = await updateRecord(recordWrite(c, kind, id, input, ifMatch));
      return answerRecord(c, record);
    }),
  );

  app.delete(
    "/:kind/:id",
    guard.write(async (c, next) => {
      const kind = byPlural.get(c.req.param("kind")!)?.kind;
      if (!kind) return next();
      const id = itemIdOf(c);
      const ifMatch = requestHeader(c, "if-match");
      await deleteRecord(recordWrite(c, kind, id, undefined, ifMatch));
      return answer(c, null, 204);
    }),
  );
}
