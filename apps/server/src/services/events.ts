/**
 * The event log: what the outbox holds, as the API answers it. Record changes are written by the
 * database's triggers (`db/event-triggers.ts`) in the statement that makes them; action outcomes are
 * a statement of the action's write plan (`actionEvent`). Either way an event commits with its change.
 */
import { type ActionDef, actions, type KindDef, kindByName } from "@multichannel/schema";
import { type Executor, firstRow } from "../db/database.ts";
import { eventPrefix, kindOfEventType } from "../db/event-triggers.ts";
import { toRecord } from "../db/rows.ts";
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
  const result = await db.execute({
    sql: `SELECT ${EVENT_COLUMNS} FROM events WHERE id = ? AND company_id = ?`,
    args: [id, companyId],
  });
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
 * The first event id from which events may be at `time` or later: ids follow time, so it is found by
 * halving the range of ids (a few dozen lookups by id, where there is no index on the time), searching
 * from `CLOCK_SLACK_MS` earlier; the query still compares each event's own time.
 */
export async function firstIdFrom(db: Executor, time: string): Promise<number | undefined> {
  const at = Date.parse(time);
  if (Number.isNaN(at)) return undefined;
  const since = new Date(at - CLOCK_SLACK_MS).toISOString();
  const range = await firstRow(db, { sql: "SELECT min(id) AS low, max(id) AS high FROM events" });
  if (!range || range.low === null) return undefined;
  // The first id at `since` or later lies in [low, high]; high is past the newest event.
  let [low, high] = [Number(range.low), Number(range.high) + 1];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const row = await firstRow(db, {
      sql: "SELECT id, created_at FROM events WHERE id >= ? ORDER BY id LIMIT 1",
      args: [middle],
    });
    if (row && String(row.created_at) < since) low = Number(row.id) + 1;
    else high = middle;
  }
  return low;
}

/**
 * The condition on an event's type that `patterns` make, matching what an endpoint subscribed to them
 * receives (`subscribes`, `webhooks/fan-out.ts`): a type, a kind's events (`purchase.*`), every event
 * (`*`: no condition).
 */
function typesWhere(patterns: readonly string[]): { sql: string; args: string[] } | undefined {
  if (!patterns.length || patterns.includes("*")) return undefined;
  const types = patterns.filter((pattern) => !pattern.endsWith(".*"));
  const prefixes = patterns
    .filter((pattern) => pattern.endsWith(".*"))
    .map((pattern) => pattern.slice(0, -2));
  const marks = (values: readonly string[]) => values.map(() => "?").join(", ");
  const terms = [
    ...(types.length ? [`type IN (${marks(types)})`] : []),
    ...(prefixes.length ? [`substr(type, 1, instr(type, '.') - 1) IN (${marks(prefixes)})`] : []),
  ];
  return { sql: `(${terms.join(" OR ")})`, args: [...types, ...prefixes] };
}

/**
 * The condition that the event type in a `type` column is of one of `kinds`: by its prefix, which names
 * the kind of a record's events (`sale_item.created`) and of an action's (`purchase.sent`), as
 * `kindOfEventType` reads it. The event log and a webhook endpoint's deliveries list by it.
 */
export function typeOfKinds(kinds: readonly string[]): { sql: string; args: string[] } {
  if (!kinds.length) return { sql: "0", args: [] };
  return {
    sql: `substr(type, 1, instr(type, '.') - 1) IN (${kinds.map(() => "?").join(", ")})`,
    args: kinds.map(eventPrefix),
  };
}

/**
 * A page of events in the order they happened (ascending id). Ids only grow, so paging with `after`
 * never skips or repeats an event, however many arrive meanwhile. A lower bound on the time starts the
 * walk at the first id that can meet it (`firstIdFrom`).
 */
export async function listEvents(
  db: Executor,
  companyId: number,
  query: EventQuery,
): Promise<{ events: ApiEvent[]; hasMore: boolean }> {
  const where = ["company_id = ?"];
  const args: (string | number)[] = [companyId];
  const types = typesWhere(query.types ?? []);
  if (types) {
    where.push(types.sql);
    args.push(...types.args);
  }
  if (query.kinds) {
    const kinds = typeOfKinds(query.kinds);
    where.push(kinds.sql);
    args.push(...kinds.args);
  }
  for (const { op, value } of query.createdAt ?? []) {
    where.push(`created_at ${op} ?`);
    args.push(value);
    const from = op === ">=" || op === ">" ? await firstIdFrom(db, value) : undefined;
    if (from !== undefined) {
      where.push("id >= ?");
      args.push(from);
    }
  }
  if (query.after !== undefined) {
    where.push("id > ?");
    args.push(query.after);
  }
  const result = await db.execute({
    sql: `SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(" AND ")} ORDER BY id LIMIT ?`,
    args: [...args, query.limit + 1],
  });
  const rows = result.rows.slice(0, query.limit);
  return { events: rows.map(eventOf), hasMore: result.rows.length > query.limit };
}
