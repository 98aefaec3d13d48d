import { kindByName } from "@multichannel/schema";
import type { Context, Hono } from "hono";
import { type Access, allows, readableKinds, scopeText } from "../domain/scopes.ts";
import { ApiError } from "../errors.ts";
import { type EventQuery, eventAsReadBy, getEvent, listEvents } from "../services/events.ts";
import { checkWholeRead, DEFAULT_LIMIT, isoTimeOf, MAX_LIMIT, NOT_TERMS } from "../services/list-query.ts";
import { searchOf } from "../services/query-string.ts";
import { answerJson } from "./answer.ts";
import { allowMethods, itemIdOf } from "./crud.ts";
import type { AppEnv } from "./env.ts";
import type { Guard } from "./middleware.ts";
import { missingScope } from "./scopes.ts";

const TYPE = /^[a-z0-9_.]{1,100}$/;
/** The events of a kind, as a webhook endpoint's `events` names them (`purchase.*`); `*` is every event. */
const KIND_PATTERN = /^[a-z0-9_]{1,98}\.\*$/;
const MAX_TYPES = 100;
const RANGE: Record<string, NonNullable<EventQuery["createdAt"]>[number]["op"]> = {
  $gte: ">=",
  $gt: ">",
  $lte: "<=",
  $lt: "<",
};

function bad(detail: string): ApiError {
  return new ApiError("bad_request", detail);
}

function positive(name: string, raw: string, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^[1-9]\d{0,15}$/.test(raw) || Number(raw) > max) {
    throw bad(`${name} must be an integer from 1 to ${max}.`);
  }
  return Number(raw);
}

/**
 * `where[type]=sale.imported`, `where[type][$in][0]=a&where[type][$in][1]=b` (or `[$in][]`), each a type
 * or a pattern as a webhook endpoint's `events` takes it (`purchase.*`, `*`), `where[createdAt][$gte]=<ISO
 * time>` (also `$gt`, `$lte`, `$lt`), `after=<event id>`, `limit`.
 */
export function parseEventQuery(params: URLSearchParams): EventQuery {
  const query: EventQuery & { types: string[]; createdAt: NonNullable<EventQuery["createdAt"]> } = {
    types: [],
    createdAt: [],
    limit: DEFAULT_LIMIT,
  };
  for (const [key, value] of params) {
    // The token and the reference's named scopes, as every route takes them (`scope[0]=...` too).
    if (NOT_TERMS.has(key.replace(/\[.*$/, ""))) continue;
    if ((key === "limit" || key === "after") && params.getAll(key).length > 1) {
      throw bad(`${key} must be sent once, as ${key}=N.`);
    }
    if (key === "limit") query.limit = positive("limit", value, MAX_LIMIT);
    else if (key === "after") query.after = positive("after", value);
    else if (key === "where[type]" || /^where\[type\]\[\$in\]\[\d*\]$/.test(key)) {
      if (value !== "*" && !KIND_PATTERN.test(value) && !TYPE.test(value)) {
        throw bad(
          `"${value.slice(0, 100)}" is not an event type: use "*", "<kind>.*" (e.g. "purchase.*") or a type such as "purchase.sent", as a webhook endpoint's events do.`,
        );
      }
      query.types.push(value);
      if (query.types.length > MAX_TYPES) throw bad(`At most ${MAX_TYPES} event types per query.`);
    } else if (/^where\[createdAt\]\[\$(gte|gt|lte|lt)\]$/.test(key)) {
      const op = RANGE[key.slice("where[createdAt][".length, -1)]!;
      const time = isoTimeOf(key, value);
      if (query.createdAt.length >= 4) throw bad("At most 4 createdAt bounds per query.");
      query.createdAt.push({ op, value: time });
    } else {
      throw bad(
        `Unknown query parameter "${key.slice(0, 60)}": events take where[type], where[createdAt][$gte|$gt|$lte|$lt], after and limit.`,
      );
    }
  }
  return query;
}

function accessOf(c: Context<AppEnv>): Access | undefined {
  return c.get("actor").access;
}

/**
 * `GET /events.json` and `GET /events/{id}.json`: the company's event log, read-only. A key whose scopes
 * do not read a kind's group sees no event of that kind: the list leaves them out, and one asked for by
 * id is a 403 naming the scope it needs. An action's `data.result` of a group the key does not read is
 * left out of the event, listed or read by id.
 */
export function registerEventRoutes(app: Hono<AppEnv>, guard: Guard): void {
  app.get(
    "/events.json",
    guard.read(async (c) => {
      const url = new URL(c.req.url);
      const query = { ...parseEventQuery(url.searchParams), kinds: readableKinds(accessOf(c)) };
      const page = await listEvents(c.get("ctx").db, c.get("actor").companyId, query);
      const events = page.events.map((event) => eventAsReadBy(event, accessOf(c)));
      if (!page.hasMore) return answerJson(c, JSON.stringify(events));
      url.searchParams.set("after", String(events.at(-1)!.id));
      // From configuration, not the request's Host; a token sent in the query is not repeated.
      url.searchParams.delete("access_token");
      const next = `${c.get("ctx").baseUrl}/events.json?${url.searchParams}`;
      return answerJson(c, JSON.stringify(events), 200, { Link: `<${next}>; rel="next"` });
    }),
  );
  app.get(
    "/events/:id",
    guard.read(async (c) => {
      checkWholeRead(searchOf(c.req.url), "an event is read whole");
      const { event, kind } = await getEvent(c.get("ctx").db, c.get("actor").companyId, itemIdOf(c));
      const access = accessOf(c);
      const group = kind === null ? undefined : kindByName(kind)?.group;
      if (access && group && !allows(access, group, 1)) throw missingScope(scopeText(group, 1));
      return answerJson(c, JSON.stringify(eventAsReadBy(event, access)));
    }),
  );
  allowMethods("/events.json", ["GET"]);
  allowMethods("/events/:id", ["GET"]);
}
