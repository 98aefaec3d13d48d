/**
 * Fan-out: new events in the outbox become deliveries, one per subscribed endpoint, and the callouts
 * the events call for. Past the cursor only, in one batch with its move, so a crash loses nothing.
 */
import type { InStatement } from "@libsql/client";
import type { Db, WriteSession } from "../../db/database.ts";
import { sql } from "../../db/sql.ts";
import { changed, failedGuard, guardOf, optimistically, StaleRead } from "../../db/write-guards.ts";
import { readNamed, rows } from "../../domain/reads.ts";
import { EVENT_COLUMNS, eventOf } from "../events.ts";
import { exportCallouts, inventoryCallouts, type PushCallout, priceCallouts } from "./callouts.ts";
import { pushLogInsert } from "./channel-variant-updates.ts";

/**
 * The most events one pass reads, the most variants it looks up the stock of for a feed's or a
 * channel's change, and the most bundles it looks up the stock of for their components' changes.
 */
export const FAN_OUT_BATCH = 500;

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

/**
 * The row of `webhook_cursor` that holds how far a feed's or a channel's change is told: the last
 * variant told of the change that is the first event after the cursor (absent: none yet). The cursor is
 * row 1.
 */
const TOLD_ROW = 2;

/**
 * The last event fanned out (`webhook_cursor`), the newest written, and the last variant told of the
 * feed's or channel's change after the last event (0: none; see `TOLD_ROW`).
 */
const CURSOR = rows(
  sql`SELECT COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = 1), 0) AS last, COALESCE((SELECT max(id) FROM events), 0) AS newest, COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = ${TOLD_ROW}), 0) AS told`,
  ([row]) => ({
    last: Number(row?.last ?? 0),
    newest: Number(row?.newest ?? 0),
    told: Number(row?.told ?? 0),
  }),
);

/** Whether an event is a variant's price or compare-at price changing (its row's columns, as written). */
const PRICE_CHANGED = sql.raw(
  `type = 'variant.updated' AND (json_extract(object, '$.price') IS NOT json_extract(previous, '$.price') OR json_extract(object, '$.compare_at_price') IS NOT json_extract(previous, '$.compare_at_price'))`,
);

/**
 * Whether an event changes the units a feed item gives the variants it is or was linked to: a linked
 * item created or deleted (a deleted event's `object` is the item as it was), or an item whose units,
 * status, variant or feed change (another feed gives it another buffer, or none when disabled). The variants are the event's `variant_id` and, for an update, the
 * `previous` one: an item moved from one variant to another (or unlinked) changes both stocks.
 */
const FEED_ITEM_STOCK_CHANGED = sql.raw(
  `(type IN ('inventory_feed_variant.created', 'inventory_feed_variant.deleted') AND json_extract(object, '$.variant_id') IS NOT NULL) OR (type = 'inventory_feed_variant.updated' AND (json_extract(object, '$.quantity') IS NOT json_extract(previous, '$.quantity') OR json_extract(object, '$.variant_id') IS NOT json_extract(previous, '$.variant_id') OR json_extract(object, '$.status') IS NOT json_extract(previous, '$.status') OR json_extract(object, '$.inventory_feed_id') IS NOT json_extract(previous, '$.inventory_feed_id')))`,
);

/**
 * Whether an event is a feed enabled, disabled or given another allocation buffer: the units of each
 * of its items change, and with them the stock of every variant they are linked to (`feedUnitsSql`).
 */
const FEED_STOCK_CHANGED = sql.raw(
  `type = 'inventory_feed.updated' AND (json_extract(object, '$.enabled') IS NOT json_extract(previous, '$.enabled') OR json_extract(object, '$.allocation_buffer') IS NOT json_extract(previous, '$.allocation_buffer'))`,
);

/**
 * Whether an event is a channel given another safety stock, bundles' stock sent to it or no longer, or
 * stock sent to it again (`disableVariantInventorySync` off): the stock it is told of every variant it
 * lists changes (`channelAvailable`), or is told again.
 */
const CHANNEL_STOCK_CHANGED = sql.raw(
  `type = 'channel.updated' AND (json_extract(object, '$.safety_stock') IS NOT json_extract(previous, '$.safety_stock') OR json_extract(object, '$.bundle_inventory_sync') IS NOT json_extract(previous, '$.bundle_inventory_sync') OR json_extract(object, '$.disable_variant_inventory_sync') IS NOT json_extract(previous, '$.disable_variant_inventory_sync'))`,
);

/**
 * Whether an event is a bundle's component added, changed or removed: the bundle's stock, as a channel
 * that syncs bundles is told it, changes (`channelAvailable`). The bundle is the event's `variant_id`
 * and, for an update, the `previous` one (a component moved to another bundle changes both).
 */
const BUNDLE_CHANGED = sql.raw(
  `type IN ('bundle_variant.created', 'bundle_variant.updated', 'bundle_variant.deleted')`,
);

/**
 * Up to `limit` bundles that hold any of `variants`, by id: the variants whose stock, as a channel is told
 * it, moves with theirs.
 */
async function bundlesOf(db: Db, companyId: number, variants: number[], limit: number): Promise<number[]> {
  if (!variants.length) return [];
  const found = await db.execute(
    sql`SELECT DISTINCT variant_id FROM bundle_variants WHERE company_id = ${sql.company} AND component_variant_id IN (${sql.values(variants)}) ORDER BY variant_id LIMIT ${limit}`.statementFor(
      companyId,
    ),
  );
  return found.rows.map((row) => Number(row.variant_id));
}

/**
 * Up to `limit` variants whose stock a change of a feed or a channel moves, after variant `after`, in
 * order: those the feed's items count toward (a removed item counts toward none), or those the channel
 * lists. The variants the change tells, a slice at a time.
 */
async function changedVariants(
  db: Db,
  companyId: number,
  { feedId, channelId }: { feedId: unknown; channelId: unknown },
  after: number,
  limit: number,
): Promise<number[]> {
  const found = await db.execute(
    (feedId !== null
      ? sql`SELECT DISTINCT variant_id FROM inventory_feed_variants WHERE company_id = ${sql.company} AND inventory_feed_id = ${Number(feedId)} AND variant_id > ${after} AND status IS NOT 'removed' ORDER BY variant_id LIMIT ${limit}`
      : sql`SELECT DISTINCT variant_id FROM channel_variants WHERE company_id = ${sql.company} AND channel_id = ${Number(channelId)} AND variant_id > ${after} ORDER BY variant_id LIMIT ${limit}`
    ).statementFor(companyId),
  );
  return found.rows.map((row) => Number(row.variant_id));
}

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
 * New events → deliveries; answers how many events it went past, or 1 when it told only part of a
 * feed's or channel's change (0: none were new). Reads without a transaction, then writes the deliveries and the
 * cursor's move in one batch that applies only while the cursor (and how far such a change is told)
 * is where it was read (another dispatcher moved it: read again), so the write lock is held only for
 * that batch and no event is fanned out twice.
 *
 * A pass is bounded by the events it reads: at most `FAN_OUT_BATCH`, each naming at most two variants
 * whose stock it looks up, and by the bundles holding those that it looks up: at most `FAN_OUT_BATCH`.
 * A feed's change names every variant the feed's items are linked to, as many as its file holds items,
 * and a channel's safety stock or bundle setting changed every variant it lists:
 * it is told only while the pass has looked up fewer than `FAN_OUT_BATCH` variants, as many more as
 * that leaves room for. Where that is not all of them the pass stops, the
 * cursor just before the change's event and the last variant told kept (`TOLD_ROW`), and the next
 * pass goes on from there; the event's webhook deliveries are made with its last slice.
 */
export function fanOut(db: Db, now: () => number): Promise<number> {
  return optimistically(db, async (session) => {
    // Most wake-ups find the cursor at the last event: one read, no write.
    const read = (statements: readonly InStatement[]) => session.read(statements);
    const { cursor, listening } = await readNamed(read, { cursor: CURSOR, listening: ANY_LISTENER });
    const { last, newest, told } = cursor;
    if (newest <= last) return 0;
    // With nothing to tell, reading the events would make no delivery: the cursor moves past them all
    // (an endpoint created meanwhile starts after them, as it would anyway).
    if (!listening) {
      await applyWithCursor(session, [], { from: last, to: newest, told, tells: 0 });
      return newest - last;
    }
    // What fan-out decides by, not the records: a busy server writes thousands of events a second,
    // and the few whose content a callout needs are read whole where they are used.
    const { events, endpoints } = await readNamed(read, {
      events: rows(
        sql`SELECT id, company_id, type, kind, record_id, CASE WHEN substr(type, 1, 16) = 'inventory_level.' OR (${FEED_ITEM_STOCK_CHANGED}) OR ${BUNDLE_CHANGED} THEN json_extract(object, '$.variant_id') END AS variant_id, CASE WHEN (type = 'inventory_feed_variant.updated' AND (${FEED_ITEM_STOCK_CHANGED})) OR type = 'bundle_variant.updated' THEN json_extract(previous, '$.variant_id') END AS previous_variant_id, CASE WHEN ${FEED_STOCK_CHANGED} THEN record_id END AS feed_id, CASE WHEN ${CHANNEL_STOCK_CHANGED} THEN record_id END AS channel_id, ${PRICE_CHANGED} AS price_changed FROM events WHERE id > ${last} ORDER BY id LIMIT ${FAN_OUT_BATCH}`,
        (found) => found,
      ),
      // An endpoint receives the events from when it was last enabled on (`since`: its created event, or
      // the update that enabled it again): none written while it was disabled, whenever fan-out runs.
      endpoints: rows(
        sql`SELECT w.id, w.company_id, w.url, w.events, COALESCE((SELECT max(e.id) FROM events e WHERE e.company_id = w.company_id AND e.record_id = w.id AND (e.type = 'webhook_endpoint.created' OR (e.type = 'webhook_endpoint.updated' AND json_extract(e.previous, '$.enabled') = 0))), 0) AS since FROM webhook_endpoints w WHERE w.enabled = 1 AND w.company_id IN (SELECT company_id FROM (SELECT company_id FROM events WHERE id > ${last} ORDER BY id LIMIT ${FAN_OUT_BATCH}))`,
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
    let bundlesFound = 0;
    for (const [index, row] of events.entries()) {
      const companyId = Number(row.company_id);
      const eventId = Number(row.id);
      const type = String(row.type);
      let variants = [row.variant_id, row.previous_variant_id].filter((id) => id !== null).map(Number);
      // A feed's or a channel's change: the slice of its variants this pass has room for, after the last
      // one told when the change is partly told. One it has no room for ends the pass before it.
      let stop: number | undefined;
      if (row.feed_id !== null || row.channel_id !== null) {
        const after = index === 0 ? told : 0;
        const room = Math.max(0, FAN_OUT_BATCH - stockChanged.size);
        const changes = { feedId: row.feed_id, channelId: row.channel_id };
        const found = await changedVariants(db, companyId, changes, after, room + 1);
        variants = found.slice(0, room);
        if (found.length > room) stop = variants.at(-1) ?? after;
      }
      // The bundles holding the variants are told too. They have a cap of their own, FAN_OUT_BATCH a
      // pass: an event whose bundles would pass it ends the pass before it (the next starts with it);
      // the first event of a pass tells the first FAN_OUT_BATCH of its bundles, by id.
      // (A channel's change names its listed bundles already.)
      if (row.kind && variants.length && row.channel_id === null) {
        const room = FAN_OUT_BATCH - bundlesFound;
        const bundles = await bundlesOf(db, companyId, variants, room + 1);
        if (bundles.length > room && index > 0) {
          const before = Number(events[index - 1]!.id);
          await applyWithCursor(session, statements, { from: last, to: before, told, tells: 0 });
          return index;
        }
        bundlesFound += Math.min(bundles.length, room);
        variants = [...variants, ...bundles.slice(0, room)];
      }
      const callouts: Omit<Parameters<typeof insert>[0], "companyId">[] = [];
      // One callout per variant and batch: it carries the stock as it is now, after all the events.
      for (const variantId of row.kind ? variants : []) {
        const key = `${companyId}:${variantId}`;
        if (stockChanged.has(key)) continue;
        stockChanged.add(key);
        callouts.push(...(await inventoryCallouts(db, companyId, variantId)));
      }
      if (Number(row.price_changed) && row.kind) {
        // As for stock: one callout per variant and batch, with the prices as they are now.
        const variantId = Number(row.record_id);
        const key = `${companyId}:${variantId}`;
        if (!priceChanged.has(key)) {
          priceChanged.add(key);
          callouts.push(...(await priceCallouts(db, companyId, variantId)));
        }
      } else if (type === "data_export.completed") {
        const event = await db.execute(
          sql`SELECT ${sql.raw(EVENT_COLUMNS)} FROM events WHERE id = ${eventId}`.statement(),
        );
        callouts.push(...(await exportCallouts(db, companyId, eventOf(event.rows[0]!))));
      }
      if (stop !== undefined) {
        for (const callout of callouts) insert({ companyId, eventId, ...callout });
        const before = index === 0 ? last : Number(events[index - 1]!.id);
        await applyWithCursor(session, statements, { from: last, to: before, told, tells: stop });
        return index || 1;
      }
      for (const endpoint of endpoints) {
        if (Number(endpoint.company_id) !== companyId || eventId < Number(endpoint.since)) continue;
        if (!subscribes(JSON.parse(String(endpoint.events)) as string[], type)) continue;
        insert({
          companyId,
          purpose: "webhook",
          endpointId: Number(endpoint.id),
          eventId,
          type,
          url: String(endpoint.url),
        });
      }
      for (const callout of callouts) insert({ companyId, eventId, ...callout });
    }
    await applyWithCursor(session, statements, {
      from: last,
      to: Number(events.at(-1)!.id),
      told,
      tells: 0,
    });
    return events.length;
  });
}

/**
 * Applies `statements` with the cursor's move from `from` to `to` and how far the feed's or channel's change after it
 * is told from `told` to `tells` (0: none of it), only while both are still as read.
 */
async function applyWithCursor(
  session: WriteSession,
  statements: InStatement[],
  move: { from: number; to: number; told: number; tells: number },
): Promise<void> {
  const { from, to, told, tells } = move;
  try {
    await session.apply([
      ...statements,
      sql`INSERT INTO webhook_cursor (id, last_event_id) VALUES (1, ${to}) ON CONFLICT (id) DO UPDATE SET last_event_id = excluded.last_event_id WHERE last_event_id = ${from}`.statement(),
      changed(1),
      guardOf(
        sql`COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = ${TOLD_ROW}), 0) = ${told}`,
      ).statement(),
      tells
        ? sql`INSERT INTO webhook_cursor (id, last_event_id) VALUES (${TOLD_ROW}, ${tells}) ON CONFLICT (id) DO UPDATE SET last_event_id = excluded.last_event_id`.statement()
        : sql`DELETE FROM webhook_cursor WHERE id = ${TOLD_ROW}`.statement(),
    ]);
  } catch (error) {
    if (failedGuard(error) !== undefined) throw new StaleRead();
    throw error;
  }
}
