/**
 * The event log: what the outbox holds, as the API answers it. Record changes are written by the
 * database's triggers (`db/event-triggers.ts`) in the statement that makes them; action outcomes are
 * a statement of the action's write plan (`actionEvent`). Either way an event commits with its change.
 */
import { type ActionDef, actions, type KindDef, kindByName } from "@multichannel/schema";
import { type Executor, firstRow } from "../db/database.ts";
import { eventPrefix, kindOfEventType, TYPE_PREFIX_SQL, typePrefixOf } from "../db/event-triggers.ts";
import { toRecord } from "../db/rows.ts";
import { type Sql, sql } from "../db/sql.ts";
import { tableFor } from "../db/tables.ts";
import { type Access, allows } from "../domain/scopes.ts";
import { ApiError } from "../errors.ts";

/** An event as `GET /events/{id}.json` answers it and webhooks deliver it. */
export interface ApiEvent {
  id: number;
  type: string;
  createdAt: string;
  /** The API key whose request caused it (the audit trail); null when none did (a webhook, the dispatcher). */
  apiKeyId: number | null;
  data: { object: unknown; previous?: Record<string, unknown>; result?: unknown };
}

/** How long events are kept, in days; older ones are pruned by the dispatcher. */
export const EVENT_RETENTION_DAYS = 30;

/** The columns `eventOf` reads. */
export const EVENT_COLUMNS = "id, type, kind, object, previous, result, created_at, api_key_id";

type EventRow = Record<string, unknown>;

/**
 * A stored event as the API shows it. A record change holds the row as the trigger saw it, read here
 * with the kind's codec, so `object` is the record exactly as `GET` answers it; an update's `previous`
 * holds the fields that changed, with their values before.
 */
export function eventOf(row: EventRow): ApiEvent {
  const data: ApiEvent["data"] = { object: null };
  const kind = row.kind ? kindByName(String(row.kind)) : undefined;
  if (kind) {
    const table = tableFor(kind);
    const object = toRecord(table, JSON.parse(String(row.object)));
    data.object = object;
    if (row.previous) {
      const before = toRecord(table, JSON.parse(String(row.previous)));
      const previous: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(before)) {
        if (JSON.stringify(value) !== JSON.stringify(object[field])) {
          previous[field] = value;
        }
      }
      data.previous = previous;
    }
  } else {
    data.object = JSON.parse(String(row.object));
    if (row.result) data.result = JSON.parse(String(row.result));
  }
  return {
    id: Number(row.id),
    type: String(row.type),
    createdAt: String(row.created_at),
    apiKeyId: row.api_key_id === null || row.api_key_id === undefined ? null : Number(row.api_key_id),
    data,
  };
}

/**
 * The members of an action's answer that carry a secret it just made (`secret: "shownOnce"`: a rotation's
 * new secret), as the manifest marks them.
 */
function shownOnceOf(action: ActionDef): string[] {
  const members = "fields" in action.output ? action.output.fields : (action.output.extra ?? {});
  return Object.entries(members)
    .filter(([, def]) => def.secret === "shownOnce")
    .map(([name]) => name);
}

/** The answer as an event may carry it: without the secrets only the answer shows. */
function withoutSecrets(action: ActionDef, answer: unknown): unknown {
  const secrets = shownOnceOf(action);
  if (!secrets.length) return answer;
  const strip = (item: unknown): unknown => {
    if (typeof item !== "object" || item === null) return item;
    const kept = { ...(item as Record<string, unknown>) };
    for (const name of secrets) delete kept[name];
    return kept;
  };
  return Array.isArray(answer) ? answer.map(strip) : strip(answer);
}

/** The kind of an action's answer when it is one record (not a list, not another shape). */
function oneRecordOutput(action: ActionDef): string | undefined {
  return "kind" in action.output && !action.output.list ? action.output.kind : undefined;
}

/**
 * Where an action's event carries its answer: as `object` (the answer is a record of the kind its type
 * names), as `result` (anything else), or nowhere (the answer is the action's subject, which `object`
 * already is).
 */
function answerPlace(kind: KindDef, action: ActionDef, type: string): "object" | "result" | "none" {
  const output = oneRecordOutput(action);
  if (output && eventPrefix(output) === type.slice(0, type.indexOf("."))) return "object";
  return output === kind.name ? "none" : "result";
}

/**
 * The group whose read scope an action's answer needs: its kind's (each record of a list too), or the
 * action's own for an answer of another shape (a summary), as the action's route answers it.
 */
function answerGroup(kind: KindDef, action: ActionDef): string {
  const output = "kind" in action.output ? kindByName(action.output.kind) : undefined;
  return output?.group ?? kind.group;
}

/** For each action event type that carries `data.result`: the groups whose read scope that result needs. */
const RESULT_GROUPS = new Map<string, string[]>();
for (const { kind, action } of actions) {
  if (!action.event || answerPlace(kind, action, action.event) !== "result") continue;
  const groups = RESULT_GROUPS.get(action.event) ?? [];
  const group = answerGroup(kind, action);
  if (!groups.includes(group)) RESULT_GROUPS.set(action.event, [...groups, group]);
}

/**
 * The event as a key with `access` reads it: its `data.result` (an action's answer of another kind: the
 * dropshipment of `purchase.shipped`) only when the key's scopes read that answer's group, as the action's
 * route would answer it. Whether the key reads the event at all is its object's kind's to say.
 */
export function eventAsReadBy(event: ApiEvent, access: Access | undefined): ApiEvent {
  if (!access || event.data.result === undefined) return event;
  const groups = RESULT_GROUPS.get(event.type) ?? [];
  if (groups.every((group) => allows(access, group, 1))) return event;
  const { result: _, ...data } = event.data;
  return { ...event, data };
}

/**
 * The outcome event an action declares (the records it changed have their own events). Its
 * `data.object` is of the kind the type names: the answer when it is that record (`sale.imported`),
 * else the record of that kind the answer refers to (`about`: `variant.level_changed`, the adjustment's
 * variant; an action whose event is about such a record must name it), else the action's subject as the
 * action leaves it; the answer is then `data.result` (`purchase.shipped`: the purchase, and the
 * dropshipment made). Undefined: the action declares no event. A plan writes it (`WritePlan.event`).
 */
export function actionEvent(
  kind: KindDef,
  action: ActionDef,
  answer: unknown,
  subject: unknown,
  about?: unknown,
): { type: string; object: unknown; result?: unknown } | undefined {
  const type = action.event;
  if (!type) return undefined;
  const place = answerPlace(kind, action, type);
  if (place === "object") {
    // The record alone: without what its answer carries besides (the cancel answer's `purchase`).
    const extra = "kind" in action.output ? Object.keys(action.output.extra ?? {}) : [];
    const record = { ...(answer as Record<string, unknown>) };
    for (const key of extra) delete record[key];
    return { type, object: record };
  }
  const result = place === "result" ? withoutSecrets(action, answer) : undefined;
  if (kindOfEventType(type) !== kind.name) {
    if (about !== undefined) return { type, object: about, result };
    throw new Error(`${kind.name}.${action.name}: its event is about another record; name it.`);
  }
  return { type, object: subject, result };
}

export async function getEvent(
  db: Executor,
  companyId: number,
  id: number,
): Promise<{ event: ApiEvent; kind: string | null }> {
  const result = await db.execute(
    sql`SELECT ${sql.raw(EVENT_COLUMNS)} FROM events WHERE id = ${id} AND company_id = ${sql.company}`.statementFor(
      companyId,
    ),
  );
  const row = result.rows[0];
  if (!row) throw new ApiError("not_found", `No event with id ${id}.`);
  // An action's event (its object as the API showed it, so stored without a kind): its type's kind.
  const kind = row.kind === null ? kindOfEventType(String(row.type)) : String(row.kind);
  return { event: eventOf(row), kind: kind ?? null };
}

/** What `GET /events.json` takes: all optional; `after` is the last id of the previous page. */
export interface EventQuery {
  /** Event types, or patterns of them as a webhook endpoint's `events` names them: `<kind>.*`, `*`. */
  types?: readonly string[];
  /** Only events of these kinds (those the key may read); absent: every kind. */
  kinds?: readonly string[];
  createdAt?: { op: ">=" | ">" | "<=" | "<"; value: string }[];
  after?: number;
  limit: number;
}

/** How far event times may run backwards against their ids (a clock set back) and still be listed. */
const CLOCK_SLACK_MS = 60_000;

/**
 * The first event id at `time` or later, as a subquery of the statement that needs it (NULL without
 * events): ids follow time, so it is found by halving the range of ids, a few dozen lookups by id where
 * there is no index on the time. Its ends are looked up one at a time: `min(id)` and `max(id)` in one
 * SELECT would read every id.
 */
function firstIdAt(time: string): Sql {
  const middle = sql.raw("(low + high) / 2");
  const probe = (column: "id" | "created_at") =>
    sql`(SELECT ${sql.id(column)} FROM events WHERE id >= ${middle} ORDER BY id LIMIT 1)`;
  return sql`(WITH RECURSIVE halving(low, high) AS (SELECT (SELECT min(id) FROM events), (SELECT max(id) FROM events) + 1 UNION ALL SELECT iif(${probe("created_at")} < ${time}, ${probe("id")} + 1, low), iif(${probe("created_at")} < ${time}, high, ${middle}) FROM halving WHERE low < high) SELECT low FROM halving WHERE low >= high)`;
}

/**
 * The first event id from which events may be at `time` or later (`firstIdAt`, searching from
 * `CLOCK_SLACK_MS` earlier), in one statement; the query still compares each event's own time.
 */
export async function firstIdFrom(db: Executor, time: string): Promise<number | undefined> {
  const at = Date.parse(time);
  if (Number.isNaN(at)) return undefined;
  const since = new Date(at - CLOCK_SLACK_MS).toISOString();
  const row = await firstRow(db, sql`SELECT ${firstIdAt(since)} AS id`.statement());
  return row?.id === null || row?.id === undefined ? undefined : Number(row.id);
}

/** A time as events' times are written, or undefined past the years they are written in (no event's). */
function eventTime(ms: number): string | undefined {
  const iso = new Date(ms).toISOString();
  return iso.length === 24 ? iso : undefined;
}

/**
 * The ids the `createdAt` bounds leave: a one-row table `span(low, high)` for the statement to start
 * with (`WITH ...`), held once however many of its ranges read it, and the conditions on ids that read
 * it. From the first id that may be at the latest lower bound to the first past the earliest upper
 * bound, each `CLOCK_SLACK_MS` wider. Undefined when no bound limits the ids.
 */
function spanOf(bounds: NonNullable<EventQuery["createdAt"]>): { span: Sql; where: Sql[] } | undefined {
  const times = (op: string) =>
    bounds.filter((bound) => bound.op.startsWith(op)).map((bound) => Date.parse(bound.value));
  const lower = times(">");
  const upper = times("<");
  const since = lower.length ? eventTime(Math.max(...lower) - CLOCK_SLACK_MS) : undefined;
  const until = upper.length ? eventTime(Math.min(...upper) + CLOCK_SLACK_MS) : undefined;
  if (since === undefined && until === undefined) return undefined;
  const ends = sql.join([since ? firstIdAt(since) : sql`NULL`, until ? firstIdAt(until) : sql`NULL`]);
  return {
    span: sql`WITH span(low, high) AS MATERIALIZED (SELECT ${ends})`,
    where: [
      ...(since ? [sql`id >= (SELECT low FROM span)`] : []),
      ...(until ? [sql`id < (SELECT high FROM span)`] : []),
    ],
  };
}

/**
 * A condition on rows' types that one index range serves in id order, or undefined: any type.
 * `pageByRanges` reads each as its own range.
 */
export type TypeRange = Sql | undefined;

/** The events (or deliveries) of the kind whose types start `prefix.`: the kind indexes' range. */
export function kindRange(prefix: string): Sql {
  return sql`${sql.raw(TYPE_PREFIX_SQL)} = ${prefix}`;
}

/**
 * The ranges of the types that `patterns` name, matching what an endpoint subscribed to them receives
 * (`subscribes`, `webhooks/fan-out.ts`): a type, a kind's events (`purchase.*`), every event (`*`, or
 * none given). Of those, only the kinds in `kinds`, when given (the kinds a key reads): by the type's
 * prefix, which names the kind of a record's events (`sale_item.created`) and of an action's
 * (`purchase.sent`), as `kindOfEventType` reads it. None: nothing the key reads was asked for.
 */
function typeRanges(patterns: readonly string[], kinds: readonly string[] | undefined): TypeRange[] {
  const readable = kinds && new Set(kinds.map(eventPrefix));
  if (!patterns.length || patterns.includes("*")) {
    return readable ? [...readable].map(kindRange) : [undefined];
  }
  const reads = (prefix: string) => !readable || readable.has(prefix);
  const prefixes = new Set(
    patterns.filter((pattern) => pattern.endsWith(".*")).map((pattern) => pattern.slice(0, -2)),
  );
  const types = new Set(
    patterns.filter((pattern) => !pattern.endsWith(".*") && !prefixes.has(typePrefixOf(pattern))),
  );
  return [
    ...[...prefixes].filter(reads).map(kindRange),
    ...[...types].filter((type) => reads(typePrefixOf(type))).map((type) => sql`type = ${type}`),
  ];
}

/**
 * The statement of a page of `from`'s rows where `where` holds and a row is in one of `ranges`, in id
 * order (`order`): `limit` rows, undefined when there is no range. Each range is read by its own index
 * in id order and stops at the page's size, and the ranges' ids are merged: a page reads at most `limit`
 * ids a range, however many rows lie between those that match. One query with `IN` or `OR` instead
 * would walk all the company's rows in id order, or sort every match.
 */
export function pageByRanges(page: {
  select: string;
  from: string;
  where: Sql;
  ranges: readonly TypeRange[];
  order: "ASC" | "DESC";
  limit: number;
}): Sql | undefined {
  const { select, from, where, ranges, limit } = page;
  const within = (range: TypeRange) => (range ? sql`${where} AND ${range}` : where);
  const order = sql.raw(`ORDER BY id ${page.order}`);
  const [only, ...more] = ranges;
  if (!more.length) {
    return ranges.length
      ? sql`SELECT ${sql.raw(select)} FROM ${sql.id(from)} WHERE ${within(only)} ${order} LIMIT ${limit}`
      : undefined;
  }
  const ids = ranges.map(
    (range) =>
      sql`SELECT id FROM (SELECT id FROM ${sql.id(from)} WHERE ${within(range)} ${order} LIMIT ${limit})`,
  );
  return sql`SELECT ${sql.raw(select)} FROM ${sql.id(from)} WHERE id IN (${sql.join(ids, " UNION ")} ${order} LIMIT ${limit}) ${order}`;
}

/**
 * The statement of a page of events (`listEvents`: one more than `limit`, to tell whether more follow),
 * undefined when the key reads none of the types asked for. Every form of the query reads index ranges
 * in id order: a type, a kind, a key's kinds, each bounded by the page; the time bounds by id
 * (`spanOf`), each event's own time compared as well.
 */
export function eventPage(query: EventQuery): Sql | undefined {
  const where = [sql`company_id = ${sql.company}`];
  for (const { op, value } of query.createdAt ?? []) where.push(sql`created_at ${sql.raw(op)} ${value}`);
  const span = spanOf(query.createdAt ?? []);
  if (span) where.push(...span.where);
  if (query.after !== undefined) where.push(sql`id > ${query.after}`);
  const page = pageByRanges({
    select: EVENT_COLUMNS,
    from: "events",
    where: sql.join(where, " AND "),
    ranges: typeRanges(query.types ?? [], query.kinds),
    order: "ASC",
    limit: query.limit + 1,
  });
  return page && span ? sql`${span.span} ${page}` : page;
}

/**
 * A page of events in the order they happened (ascending id). Ids only grow, so paging with `after`
 * never skips or repeats an event, however many arrive meanwhile.
 */
export async function listEvents(
  db: Executor,
  companyId: number,
  query: EventQuery,
): Promise<{ events: ApiEvent[]; hasMore: boolean }> {
  const page = eventPage(query);
  if (!page) return { events: [], hasMore: false };
  const result = await db.execute(page.statementFor(companyId));
  const rows = result.rows.slice(0, query.limit);
  return { events: rows.map(eventOf), hasMore: result.rows.length > query.limit };
}
