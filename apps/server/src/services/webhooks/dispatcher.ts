/**
 * Drains the outbox. `fanOut` turns new events into deliveries (one per subscribed endpoint, and the
 * reference service's callouts: a custom channel's inventory webhook, an export's file webhook);
 * `deliverDue` attempts the deliveries that are due, records every attempt and schedules the next one.
 * Both only read and write tables, so a crash at any point loses nothing: events not yet fanned out are
 * after the cursor, and a delivery claimed by a process that died is due again when its lease ends.
 * Deliveries are at least once: a receiver may see one twice (same `webhook-id`).
 */
import { kindByName } from "@multichannel/schema";
import type { Db, Executor } from "../../db/database.ts";
import { toRecord } from "../../db/rows.ts";
import { tableFor } from "../../db/tables.ts";
import type { OutboundPolicy } from "../../domain/outbound-urls.ts";
import { type ApiEvent, EVENT_RETENTION_DAYS, eventOf, firstIdFrom } from "../events.ts";
import { type Outcome, send } from "./outbound.ts";
import { signedHeaders } from "./signing.ts";

/**
 * Seconds to wait after the 1st, 2nd, ... failed attempt (each ±20% jitter): about 28 hours in all, so
 * a receiver down for a day still gets everything. After the last, the delivery has failed.
 */
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** An endpoint with no success for this long, and failing, is disabled (with the reason on it). */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/**
 * How long a claimed delivery is held by the process attempting it before others may retry it: more
 * than an attempt can take (its 10 s timeout), so that a crash mid-attempt delays the retry little.
 */
const LEASE_MS = 15_000;
const FAN_OUT_BATCH = 500;
const DELIVERY_BATCH = 25;

/**
 * Whether anything would turn an event into a delivery now: an enabled endpoint, a custom channel that
 * takes inventory callouts, an inventory export with a webhook (the conditions `fanOut` applies).
 */
const ANY_LISTENER = `SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled = 1)
  OR EXISTS (SELECT 1 FROM custom_channels WHERE inventory_endpoint IS NOT NULL AND channel_id IS NOT NULL AND enabled IS NOT 0)
  OR EXISTS (SELECT 1 FROM inventory_exports WHERE webhook_url IS NOT NULL AND webhook_url <> '') AS listening`;
const MOVE_CURSOR =
  "INSERT INTO webhook_cursor (id, last_event_id) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_event_id = excluded.last_event_id";

export interface DispatcherDeps {
  db: Db;
  policy: OutboundPolicy;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; tests inject a clock to walk the retry schedule without sleeping. */
  now?: () => number;
  random?: () => number;
}

export interface Dispatcher {
  /** New events → deliveries; answers how many events it went past (0: none were new). */
  fanOut(): Promise<number>;
  /** Attempts the due deliveries; answers how many it attempted. */
  deliverDue(): Promise<number>;
  /** Fans out and delivers until nothing is left that is due now; answers how many attempts failed. */
  runOnce(): Promise<{ failed: number }>;
  /** Drops events older than the retention period (once delivered) and settled deliveries as old. */
  prune(): Promise<void>;
  /** When the earliest pending delivery is due (ms), or undefined when none is pending. */
  nextAttemptAt(): Promise<number | undefined>;
}

interface DeliveryRow {
  id: number;
  company_id: number;
  purpose: string;
  endpoint_id: number | null;
  event_id: number | null;
  type: string;
  url: string;
  method: string;
  content_type: string;
  body: string | null;
  headers: string | null;
  notification_id: number | null;
  timeout_ms: number;
  attempts: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether an endpoint's `events` list takes an event type: `*`, `<kind>.*` or the type itself. */
export function subscribes(patterns: readonly string[], type: string): boolean {
  return patterns.some(
    (pattern) =>
      pattern === "*" ||
      pattern === type ||
      (pattern.endsWith(".*") && type.startsWith(pattern.slice(0, -1))),
  );
}

async function rowsOf(db: Executor, kindName: string, where: string, args: (string | number)[]) {
  const table = tableFor(kindByName(kindName)!);
  const result = await db.execute({
    sql: `SELECT ${table.selectList} FROM ${table.name} WHERE ${where}`,
    args,
  });
  return result.rows.map((row) => toRecord(table, row) as Record<string, unknown>);
}

/**
 * The custom-channel inventory callouts of a stock change: for every enabled custom channel with an
 * inventory endpoint that lists the variant, POST `{variant, channelVariant: {..., channel}, inventory:
 * {available}}` with the channel's webhook hash in `webhook-hash`; the receiver has 5 s.
 */
async function inventoryCallouts(db: Executor, companyId: number, variantId: number) {
  const customChannels = await rowsOf(
    db,
    "custom-channel",
    "company_id = ? AND inventory_endpoint IS NOT NULL AND channel_id IS NOT NULL AND enabled IS NOT 0",
    [companyId],
  );
  if (!customChannels.length) return [];
  const [variant] = await rowsOf(db, "variant", "company_id = ? AND id = ?", [companyId, variantId]);
  if (!variant) return [];
  const levels = await rowsOf(db, "inventory-level", "company_id = ? AND variant_id = ?", [
    companyId,
    variantId,
  ]);
  const onHand = levels.reduce((sum, level) => sum + Number(level.onHand ?? 0), 0);
  const allocated = levels.reduce((sum, level) => sum + Number(level.allocated ?? 0), 0);
  const callouts = [];
  for (const custom of customChannels) {
    const [channel] = await rowsOf(db, "channel", "company_id = ? AND id = ?", [
      companyId,
      Number(custom.channelId),
    ]);
    if (!channel) continue;
    const listings = await rowsOf(
      db,
      "channel-variant",
      "company_id = ? AND channel_id = ? AND variant_id = ?",
      [companyId, Number(channel.id), variantId],
    );
    for (const channelVariant of listings) {
      const available = Math.max(0, onHand - allocated - Number(channel.safetyStock ?? 0));
      callouts.push({
        purpose: "inventory",
        type: "inventory.callout",
        url: String(custom.inventoryEndpoint),
        body: JSON.stringify({
          variant,
          channelVariant: { ...channelVariant, channel },
          inventory: { available },
        }),
        headers: (custom.webhookHash ? { "webhook-hash": String(custom.webhookHash) } : {}) as Record<
          string,
          string
        >,
        timeoutMs: 5_000,
      });
    }
  }
  return callouts;
}

/** The data-export callout: POST `{"file": <download URL>}` to the export definition's webhook URL. */
async function exportCallouts(db: Executor, companyId: number, event: ApiEvent) {
  const dataExport = event.data.object as { inventoryExportId?: number | null; url?: string | null };
  if (!dataExport?.inventoryExportId || !dataExport.url) return [];
  const [definition] = await rowsOf(db, "inventory-export", "company_id = ? AND id = ?", [
    companyId,
    dataExport.inventoryExportId,
  ]);
  if (!definition?.webhookUrl) return [];
  return [
    {
      purpose: "data-export",
      type: "data_export.callout",
      url: String(definition.webhookUrl),
      body: JSON.stringify({ file: dataExport.url }),
      headers: {},
      timeoutMs: 10_000,
    },
  ];
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const { db } = deps;

  async function fanOut(): Promise<number> {
    // A read first: most wake-ups find the cursor at the last event, and need no write transaction.
    const ahead = await db.execute(
      "SELECT COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = 1), 0) AS last, COALESCE((SELECT max(id) FROM events), 0) AS newest",
    );
    if (Number(ahead.rows[0]?.newest ?? 0) <= Number(ahead.rows[0]?.last ?? 0)) return 0;
    return db.transaction(async (tx) => {
      const cursor = await tx.execute("SELECT last_event_id FROM webhook_cursor WHERE id = 1");
      const last = Number(cursor.rows[0]?.last_event_id ?? 0);
      // With nothing to tell, reading the events would make no delivery: the cursor moves past them all
      // (in this transaction, so an endpoint created meanwhile starts after them, as it would anyway).
      const listening = await tx.execute(ANY_LISTENER);
      if (!Number(listening.rows[0]?.listening)) {
        const newest = await tx.execute("SELECT COALESCE(max(id), 0) AS id FROM events");
        const upTo = Number(newest.rows[0]?.id ?? 0);
        if (upTo <= last) return 0;
        await tx.execute({ sql: MOVE_CURSOR, args: [upTo] });
        return upTo - last;
      }
      // What fan-out decides by, not the records: a busy server writes thousands of events a second,
      // and the few whose content a callout needs are read whole where they are used.
      const events = await tx.execute({
        sql: "SELECT id, company_id, type, kind, CASE WHEN substr(type, 1, 16) = 'inventory_level.' THEN json_extract(object, '$.variant_id') END AS variant_id FROM events WHERE id > ? ORDER BY id LIMIT ?",
        args: [last, FAN_OUT_BATCH],
      });
      if (!events.rows.length) return 0;
      const companies = [...new Set(events.rows.map((row) => Number(row.company_id)))];
      // An endpoint receives the events from its own creation on (`since`: its created event).
      const endpoints = await tx.execute({
        sql: `SELECT w.id, w.company_id, w.url, w.events, COALESCE((SELECT min(e.id) FROM events e WHERE e.company_id = w.company_id AND e.type = 'webhook_endpoint.created' AND e.record_id = w.id), 0) AS since FROM webhook_endpoints w WHERE w.enabled = 1 AND w.company_id IN (${companies.map(() => "?").join(", ")})`,
        args: companies,
      });
      const at = iso(now());
      const insert = async (values: {
        companyId: number;
        purpose: string;
        endpointId?: number;
        eventId?: number;
        type: string;
        url: string;
        body?: string;
        headers?: Record<string, string>;
        timeoutMs?: number;
      }) => {
        await tx.execute({
          sql: "INSERT INTO webhook_deliveries (company_id, purpose, endpoint_id, event_id, type, url, body, headers, timeout_ms, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          args: [
            values.companyId,
            values.purpose,
            values.endpointId ?? null,
            values.eventId ?? null,
            values.type,
            values.url,
            values.body ?? null,
            values.headers ? JSON.stringify(values.headers) : null,
            values.timeoutMs ?? 10_000,
            at,
            at,
          ],
        });
      };
      const stockChanged = new Set<string>();
      for (const row of events.rows) {
        const companyId = Number(row.company_id);
        const type = String(row.type);
        for (const endpoint of endpoints.rows) {
          if (Number(endpoint.company_id) !== companyId || Number(row.id) < Number(endpoint.since)) continue;
          if (!subscribes(JSON.parse(String(endpoint.events)) as string[], type)) continue;
          await insert({
            companyId,
            purpose: "webhook",
            endpointId: Number(endpoint.id),
            eventId: Number(row.id),
            type,
            url: String(endpoint.url),
          });
        }
        let callouts: Awaited<ReturnType<typeof inventoryCallouts>> = [];
        if (type.startsWith("inventory_level.") && row.kind) {
          // One callout per variant and batch: it carries the level as it is now, after all of them.
          const variantId = Number(row.variant_id);
          const key = `${companyId}:${variantId}`;
          if (!stockChanged.has(key)) {
            stockChanged.add(key);
            callouts = await inventoryCallouts(tx, companyId, variantId);
          }
        } else if (type === "data_export.completed") {
          const event = await tx.execute({
            sql: "SELECT id, type, kind, object, previous, result, created_at FROM events WHERE id = ?",
            args: [Number(row.id)],
          });
          callouts = await exportCallouts(tx, companyId, eventOf(event.rows[0]!));
        }
        for (const callout of callouts) await insert({ companyId, eventId: Number(row.id), ...callout });
      }
      await tx.execute({ sql: MOVE_CURSOR, args: [Number(events.rows.at(-1)!.id)] });
      return events.rows.length;
    });
  }

  /** The request of a delivery: a signed event (or ping) for an endpoint, or a callout as stored. */
  async function requestOf(delivery: DeliveryRow, at: number) {
    if (delivery.purpose !== "webhook" && delivery.purpose !== "ping") {
      return {
        url: delivery.url,
        method: delivery.method,
        headers: { "Content-Type": delivery.content_type, ...JSON.parse(delivery.headers ?? "{}") },
        body: delivery.body ?? undefined,
      };
    }
    const endpoint = (
      await db.execute({
        sql: "SELECT url, enabled FROM webhook_endpoints WHERE id = ? AND company_id = ?",
        args: [delivery.endpoint_id, delivery.company_id],
      })
    ).rows[0];
    if (!endpoint) return { skip: "The endpoint was deleted." };
    if (!Number(endpoint.enabled) && delivery.purpose === "webhook") {
      return { skip: "The endpoint is disabled." };
    }
    let body = delivery.body;
    if (delivery.event_id !== null) {
      const event = (
        await db.execute({
          sql: "SELECT id, type, kind, object, previous, result, created_at FROM events WHERE id = ?",
          args: [delivery.event_id],
        })
      ).rows[0];
      if (!event) return { skip: "The event is past its retention period." };
      body = JSON.stringify(eventOf(event));
    }
    const secrets = await db.execute({
      sql: "SELECT secret FROM webhook_secrets WHERE endpoint_id = ? AND (expires_at IS NULL OR expires_at > ?) ORDER BY id DESC",
      args: [delivery.endpoint_id, iso(at)],
    });
    const messageId = delivery.event_id !== null ? `evt_${delivery.event_id}` : `ping_${delivery.id}`;
    return {
      url: String(endpoint.url),
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...signedHeaders(
          messageId,
          new Date(at),
          body ?? "",
          secrets.rows.map((row) => String(row.secret)),
        ),
      },
      body: body ?? "",
    };
  }

  let failures = 0;

  async function settle(delivery: DeliveryRow, outcome: Outcome, at: number): Promise<void> {
    if (!outcome.ok) failures++;
    const attempts = delivery.attempts + 1;
    const finalFailure = !outcome.ok && attempts > RETRY_DELAYS_S.length;
    const delay = RETRY_DELAYS_S[attempts - 1] ?? 0;
    const next = outcome.ok || finalFailure ? null : iso(at + delay * 1000 * (0.8 + 0.4 * random()));
    const status = outcome.ok ? "succeeded" : finalFailure ? "failed" : "pending";
    await db.transaction(async (tx) => {
      await tx.execute({
        sql: "INSERT INTO webhook_attempts (delivery_id, at, duration_ms, response_status, error, succeeded) VALUES (?, ?, ?, ?, ?, ?)",
        args: [
          delivery.id,
          iso(at),
          outcome.durationMs,
          outcome.status ?? null,
          outcome.error ?? null,
          outcome.ok ? 1 : 0,
        ],
      });
      await tx.execute({
        sql: "UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_response_status = ?, last_error = ? WHERE id = ?",
        args: [status, attempts, next, outcome.status ?? null, outcome.error ?? null, delivery.id],
      });
      if (delivery.endpoint_id !== null) await endpointHealth(tx, delivery, outcome, at);
      if (delivery.notification_id !== null) {
        const message = outcome.ok
          ? `Delivered to ${delivery.url}: the provider answered ${outcome.status}.`
          : `Attempt ${attempts} failed: ${outcome.error}${next ? ` Next attempt at ${next}.` : " No more attempts."}`;
        await tx.execute({
          sql: "UPDATE purchase_notifications SET status = ?, message = ?, updated_at = ? WHERE id = ? AND company_id = ?",
          args: [
            outcome.ok ? "success" : finalFailure ? "error" : "pending",
            message.slice(0, 2000),
            iso(at),
            delivery.notification_id,
            delivery.company_id,
          ],
        });
      }
    });
  }

  /** A success clears the endpoint's failure streak; a streak older than `DISABLE_AFTER_MS` disables it. */
  async function endpointHealth(tx: Executor, delivery: DeliveryRow, outcome: Outcome, at: number) {
    if (outcome.ok) {
      // Only when it was failing: a write here is an event, and an event to this endpoint a delivery.
      await tx.execute({
        sql: "UPDATE webhook_endpoints SET failing_since = NULL, updated_at = ? WHERE id = ? AND failing_since IS NOT NULL",
        args: [iso(at), delivery.endpoint_id],
      });
      return;
    }
    await tx.execute({
      sql: "UPDATE webhook_endpoints SET failing_since = ?, updated_at = ? WHERE id = ? AND failing_since IS NULL",
      args: [iso(at), iso(at), delivery.endpoint_id],
    });
    await tx.execute({
      sql: "UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ? AND enabled = 1 AND failing_since <= ?",
      args: [
        `Disabled at ${iso(at)}: every delivery failed for ${DISABLE_AFTER_MS / 86_400_000} days (last: ${outcome.error}). Fix the receiver, then set enabled to true.`,
        iso(at),
        delivery.endpoint_id,
        iso(at - DISABLE_AFTER_MS),
      ],
    });
  }

  async function deliverDue(): Promise<number> {
    const at = now();
    const anyDue = await db.execute({
      sql: "SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? LIMIT 1",
      args: [iso(at)],
    });
    if (!anyDue.rows.length) return 0;
    const claimed = await db.transaction(async (tx) => {
      const due = await tx.execute({
        sql: "SELECT id, company_id, purpose, endpoint_id, event_id, type, url, method, content_type, body, headers, notification_id, timeout_ms, attempts FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?",
        args: [iso(at), DELIVERY_BATCH],
      });
      if (!due.rows.length) return [];
      const ids = due.rows.map((row) => Number(row.id));
      await tx.execute({
        sql: `UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id IN (${ids.map(() => "?").join(", ")})`,
        args: [iso(at + LEASE_MS), ...ids],
      });
      return due.rows as unknown as DeliveryRow[];
    });
    await Promise.all(
      claimed.map(async (delivery) => {
        const request = await requestOf(delivery, at);
        if ("skip" in request) {
          await db.execute({
            sql: "UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = ? WHERE id = ?",
            args: [request.skip ?? null, delivery.id],
          });
          return;
        }
        const outcome = await send(request, deps.policy, {
          fetcher: deps.fetch,
          clock: now,
          timeoutMs: Number(delivery.timeout_ms),
        });
        await settle(delivery, outcome, now());
      }),
    );
    return claimed.length;
  }

  async function runOnce(): Promise<{ failed: number }> {
    const before = failures;
    while ((await fanOut()) > 0);
    while ((await deliverDue()) > 0);
    return { failed: failures - before };
  }

  async function prune(): Promise<void> {
    const cutoff = iso(now() - EVENT_RETENTION_DAYS * 86_400_000);
    // Events are numbered as they are written, so the old ones are those before the first that may be
    // recent (`firstIdFrom`: a few lookups by id, as for a list's time bound). Only events already
    // fanned out go.
    const recent = await firstIdFrom(db, cutoff);
    if (recent !== undefined) {
      await db.execute({
        sql: "DELETE FROM events WHERE id < ? AND id <= COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = 1), 0)",
        args: [recent],
      });
    }
    await db.execute({
      sql: "DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE status != 'pending' AND created_at < ?)",
      args: [cutoff],
    });
    await db.execute({
      sql: "DELETE FROM webhook_deliveries WHERE status != 'pending' AND created_at < ?",
      args: [cutoff],
    });
  }

  async function nextAttemptAt(): Promise<number | undefined> {
    const result = await db.execute(
      "SELECT min(next_attempt_at) AS due FROM webhook_deliveries WHERE status = 'pending'",
    );
    const due = result.rows[0]?.due;
    return due ? Date.parse(String(due)) : undefined;
  }

  return { fanOut, deliverDue, runOnce, prune, nextAttemptAt };
}
