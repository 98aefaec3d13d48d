/**
 * Fan-out: new events in the outbox become deliveries, one per subscribed endpoint, and the callouts
 * the events call for. Past the cursor only, in one batch with its move, so a crash loses nothing.
 */
import type { InStatement } from "@libsql/client";
import type { Db, WriteSession } from "../../db/database.ts";
import { sql } from "../../db/sql.ts";
import { changed, failedGuard, optimistically, StaleRead } from "../../db/write-guards.ts";
import { readNamed, rows } from "../../domain/reads.ts";
import { EVENT_COLUMNS, eventOf } from "../events.ts";
import { exportCallouts, inventoryCallouts, type PushCallout, priceCallouts } from "./callouts.ts";
import { pushLogInsert } from "./channel-variant-updates.ts";

const FAN_OUT_BATCH = 500;

/**
 * Whether anything would turn an event into a delivery now: an enabled endpoint, a custom channel that
 * takes inventory or price callouts, an inventory export with a webhook (the conditions `fanOut` applies).
 */
const ANY_LISTENER = rows(
  sql`SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled = 1)
  OR EXISTS (SELECT 1 FROM custom_channels WHERE (inventory_endpoint IS NOT NULL OR price_endpoint IS NOT NULL) AND channel_id IS NOT NULL AND enabled IS NOT 0)
  OR EXISTS (SELECT 1 FROM inventory_exports WHERE webhook_url IS NOT NULL AND webhook_url <> '') AS listening`,
  ([row]) => Boolean(Number(row?.listening)),
);

/** The last event fanned out (`webhook_cursor`) and the newest written. */
const CURSOR = rows(
  sql`SELECT COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = 1), 0) AS last, COALESCE((SELECT max(id) FROM events), 0) AS newest`,
  ([row]) => ({ last: Number(row?.last ?? 0), newest: Number(row?.newest ?? 0) }),
);

/** Whether an event is a variant's price or compare-at price changing (its row's columns, as written). */
const PRICE_CHANGED = sql.raw(
  `type = 'variant.updated' AND (json_extract(object, '$.price') IS NOT json_extract(previous, '$.price') OR json_extract(object, '$.compare_at_price') IS NOT json_extract(previous, '$.compare_at_price'))`,
);

/**
 * Whether an event is a feed item's units changing, or the item being linked to another variant: the
 * variant's stock as channels see it changes with it.
 */
const FEED_STOCK_CHANGED = sql.raw(
  `type = 'inventory_feed_variant.updated' AND json_extract(object, '$.variant_id') IS NOT NULL AND (json_extract(object, '$.quantity') IS NOT json_extract(previous, '$.quantity') OR json_extract(object, '$.variant_id') IS NOT json_extract(previous, '$.variant_id') OR json_extract(object, '$.status') IS NOT json_extract(previous, '$.status'))`,
);

/** Whether an endpoint's `events` list takes an event type: `*`, `<kind>.*` or the type itself. */
export function subscribes(patterns: readonly string[], type: string): boolean {
  return patterns.some(
    (pattern) =>
      pattern === "*" ||
      pattern === type ||
      (pattern.endsWith(".*") && type.startsWith(pattern.slice(0, -1))),
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * New events → deliveries; answers how many events it went past (0: none were new). Reads without a
 * transaction, then writes the deliveries and the cursor's move in one batch that applies only while the
 * cursor is where it was read (another dispatcher moved it: read again), so the write lock is held only
 * for that batch and no event is fanned out twice.
 */
export function fanOut(db: Db, now: () => number): Promise<number> {
  return optimistically(db, async (session) => {
    // Most wake-ups find the cursor at the last event: one read, no write.
    const read = (statements: readonly InStatement[]) => session.read(statements);
    const { cursor, listening } = await readNamed(read, { cursor: CURSOR, listening: ANY_LISTENER });
    const { last, newest } = cursor;
    if (newest <= last) return 0;
    // With nothing to tell, reading the events would make no delivery: the cursor moves past them all
    // (an endpoint created meanwhile starts after them, as it would anyway).
    if (!listening) {
      await applyWithCursor(session, [], last, newest);
      return newest - last;
    }
    // What fan-out decides by, not the records: a busy server writes thousands of events a second,
    // and the few whose content a callout needs are read whole where they are used.
    const { events, endpoints } = await readNamed(read, {
      events: rows(
        sql`SELECT id, company_id, type, kind, record_id, CASE WHEN substr(type, 1, 16) = 'inventory_level.' OR (${FEED_STOCK_CHANGED}) THEN json_extract(object, '$.variant_id') END AS variant_id, ${PRICE_CHANGED} AS price_changed FROM events WHERE id > ${last} ORDER BY id LIMIT ${FAN_OUT_BATCH}`,
        (found) => found,
      ),
      // An endpoint receives the events from its own creation on (`since`: its created event).
      endpoints: rows(
        sql`SELECT w.id, w.company_id, w.url, w.events, COALESCE((SELECT min(e.id) FROM events e WHERE e.company_id = w.company_id AND e.type = 'webhook_endpoint.created' AND e.record_id = w.id), 0) AS since FROM webhook_endpoints w WHERE w.enabled = 1 AND w.company_id IN (SELECT company_id FROM (SELECT company_id FROM events WHERE id > ${last} ORDER BY id LIMIT ${FAN_OUT_BATCH}))`,
        (found) => found,
      ),
    });
    if (!events.length) return 0;
    const at = iso(now());
    const statements: InStatement[] = [];
    const insert = (values: {
      companyId: number;
      purpose: string;
      endpointId?: number;
      eventId?: number;
      type: string;
      url: string;
      body?: string;
      signer?: string;
      timeoutMs?: number;
      push?: PushCallout["push"];
    }) => {
      // A push to a custom channel is logged by a `channel-variant-update` inserted just before its
      // delivery, in the same batch: the delivery names it by `last_insert_rowid()`, which the statement
      // that follows an INSERT on the same connection still sees (the INSERT's triggers do not change it).
      if (values.push) {
        statements.push(pushLogInsert(at, values.push).statementFor(values.companyId));
      }
      const logId = sql.raw(values.push ? "last_insert_rowid()" : "NULL");
      statements.push(
        sql`INSERT INTO webhook_deliveries (company_id, purpose, endpoint_id, event_id, type, url, body, signer, timeout_ms, log_kind, log_id, next_attempt_at, created_at) VALUES (${sql.company}, ${values.purpose}, ${values.endpointId ?? null}, ${values.eventId ?? null}, ${values.type}, ${values.url}, ${values.body ?? null}, ${values.signer ?? null}, ${values.timeoutMs ?? 10_000}, ${values.push ? "channel-variant-update" : null}, ${logId}, ${at}, ${at})`.statementFor(
          values.companyId,
        ),
      );
    };
    const stockChanged = new Set<string>();
    const priceChanged = new Set<string>();
    for (const row of events) {
      const companyId = Number(row.company_id);
      const type = String(row.type);
      for (const endpoint of endpoints) {
        if (Number(endpoint.company_id) !== companyId || Number(row.id) < Number(endpoint.since)) continue;
        if (!subscribes(JSON.parse(String(endpoint.events)) as string[], type)) continue;
        insert({
          companyId,
          purpose: "webhook",
          endpointId: Number(endpoint.id),
          eventId: Number(row.id),
          type,
          url: String(endpoint.url),
        });
      }
      let callouts: Omit<Parameters<typeof insert>[0], "companyId">[] = [];
      if (row.variant_id !== null && row.kind) {
        // One callout per variant and batch: it carries the level as it is now, after all of them.
        const variantId = Number(row.variant_id);
        const key = `${companyId}:${variantId}`;
        if (!stockChanged.has(key)) {
          stockChanged.add(key);
          callouts = await inventoryCallouts(db, companyId, variantId);
        }
      } else if (Number(row.price_changed) && row.kind) {
        // As for stock: one callout per variant and batch, with the prices as they are now.
        const variantId = Number(row.record_id);
        const key = `${companyId}:${variantId}`;
        if (!priceChanged.has(key)) {
          priceChanged.add(key);
          callouts = await priceCallouts(db, companyId, variantId);
        }
      } else if (type === "data_export.completed") {
        const event = await db.execute(
          sql`SELECT ${sql.raw(EVENT_COLUMNS)} FROM events WHERE id = ${Number(row.id)}`.statement(),
        );
        callouts = await exportCallouts(db, companyId, eventOf(event.rows[0]!));
      }
      for (const callout of callouts) insert({ companyId, eventId: Number(row.id), ...callout });
    }
    await applyWithCursor(session, statements, last, Number(events.at(-1)!.id));
    return events.length;
  });
}

/** Applies `statements` with the cursor's move from `from` to `to`, only while it is still at `from`. */
async function applyWithCursor(
  session: WriteSession,
  statements: InStatement[],
  from: number,
  to: number,
): Promise<void> {
  try {
    await session.apply([
      ...statements,
      sql`INSERT INTO webhook_cursor (id, last_event_id) VALUES (1, ${to}) ON CONFLICT (id) DO UPDATE SET last_event_id = excluded.last_event_id WHERE last_event_id = ${from}`.statement(),
      changed(1),
    ]);
  } catch (error) {
    if (failedGuard(error) !== undefined) throw new StaleRead();
    throw error;
  }
}
