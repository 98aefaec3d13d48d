/**
 * Fetching inventory feeds: a fetch is queued as a `pending` feed file (by hand, `POST
 * /inventory-feeds/{id}/fetch.json`, or by the feed's schedule), and the background worker fetches it
 * in steps, each its own write, under a lease (`leases.ts`; the run's shared state in
 * `feed-fetch-run.ts`), leaving the file `processed` or `error` (`feed-fetch-end.ts`):
 * 1. the feed's `url` is downloaded into the company's file store, hashed as it streams in
 *    (`feed-copies.ts`), outside any write: a slow feed never holds the write queue. A file the same
 *    as the feed's last one, read with the same settings, is `processed` with nothing applied;
 * 2. the stored copy is read through once, checking every item: a file with an invalid item applies
 *    nothing;
 * 3. it is read again as it streams from the store, and its items applied in batches of
 *    `FEED_BATCH_ITEMS`, each one write with the file's progress and the items it held;
 * 4. with the feed's `fetchCleanup`, the feed's items the file did not hold go to 0 units, a batch at a
 *    time;
 * 5. the file is `processed` and the copy deleted (kept among the company's files with `cacheImports`).
 * Memory holds a batch, whatever the file's size (a JSON file is read whole: `MAX_JSON_FEED_BYTES`).
 * Why a copy in the store, rather than applying as the download arrives or downloading twice: the
 * checksum is known before anything is applied, a download cut short applies nothing, a fetch stopped
 * mid-file (its slice over, or its process gone: another claims it when its lease ends) goes on from
 * the same bytes after its last batch, and `cacheImports` keeps that copy without another write. It
 * costs one write and two reads of the file in the store.
 */
import type { InventoryFeed, InventoryFeedFile, InventoryFeedParseWebhookInput } from "@multichannel/schema";
import type { Db } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import type { Ctx } from "../domain/context.ts";
import { checkReadable, FeedFileError, rowProblem } from "../domain/feed-files.ts";
import { connectCandidates, planParseFeedItem } from "../domain/feed-items.ts";
import { fieldOf, many, one, rows, type Snapshot } from "../domain/reads.ts";
import { column, table } from "../domain/store.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { ApiError, isApiError } from "../errors.ts";
import { DownloadFailed, withinTime } from "./downloads.ts";
import { executeRead, executeWrite } from "./execute.ts";
import { afterFailedRun, gaveUpMessage, MAX_FAILURES } from "./failed-runs.ts";
import { copyItems, downloadCopy, type FeedCopy, type FileItem, InvalidRows } from "./feed-copies.ts";
import { finish, settle } from "./feed-fetch-end.ts";
import {
  type FetchRun,
  FileNotPending,
  fileNameOf,
  leaseOf,
  ownFile,
  progressSql,
  runReads,
} from "./feed-fetch-run.ts";
import { UnreadableFile } from "./imports/csv-rows.ts";
import { iso, LEASE_MS, LeaseLost, leaseRead, postponeLease, releaseLease, whileLeased } from "./leases.ts";

/** How a fetch downloads and how long one run fetches before it lets other work have its turn. */
export interface FetchLimits {
  fetcher?: typeof fetch;
  /** The longest wait on the feed's server: for its answer, and for each next piece of the file. */
  timeoutMs?: number;
  /** The longest a whole download may take, however the server sends it. */
  downloadMs?: number;
  /** The largest file fetched (a JSON file: at most `MAX_JSON_FEED_BYTES`). */
  maxBytes?: number;
  sliceMs?: number;
}

/** The largest feed file fetched: as large as a data import's file (`IMPORT_MAX_BYTES`), 50 MiB. */
export const MAX_FEED_BYTES = 50 * 1024 * 1024;
/** The longest wait on a feed's server: for its answer, and for each next piece of the file. */
export const FEED_TIMEOUT_MS = 30_000;
/**
 * The longest a feed's whole download may take: a server that sends a few bytes now and then never
 * waits `FEED_TIMEOUT_MS`, and a download is not done in slices (50 MiB in this time is 3.5 Mbit/s).
 */
export const FEED_DOWNLOAD_MS = 120_000;
/** Items applied per write (at the edge, its reads one round trip to the database and its batch another). */
export const FEED_BATCH_ITEMS = 500;
/** How long one run fetches before the dispatcher's other work gets its turn (it goes on next run). */
const FEED_SLICE_MS = 10_000;

const HOUR_MS = 3_600_000;
/** How long after its last fetch a scheduled feed is due, by its `fetchFrequency`. */
const SCHEDULE_MS: Readonly<Record<string, number>> = { hourly: HOUR_MS, daily: 24 * HOUR_MS };

/** A column of a kind's table, as SQL. */
const at = (kindName: "inventory-feed" | "inventory-feed-file" | "inventory-feed-variant", field: string) =>
  sql.id(column(table(kindName), field));

// ------------------------------------------------------------------------------------------ queueing

/** What queueing a fetch reads: a fetch of the feed still pending (held: still that one, or none). */
export function queueFetchReads(feedId: number) {
  return {
    pending: many("inventory-feed-file", { inventoryFeedId: feedId, status: "pending" }, { limit: 1 }),
  };
}

/**
 * `POST /inventory-feeds/{id}/fetch.json`, and each scheduled fetch: a `pending` feed file for the
 * worker to fill, or the one already pending. A disabled feed, or one without a `url`, is a 409.
 */
export function planQueueFetch({
  feed,
  read,
  plan,
}: {
  feed: InventoryFeed;
  read: Snapshot<ReturnType<typeof queueFetchReads>>;
  plan: WritePlan;
}): InventoryFeedFile {
  if (feed.enabled === false) throw new ApiError("conflict", `Inventory feed ${feed.id} is disabled.`);
  if (!feed.url) {
    throw new ApiError("conflict", `Inventory feed ${feed.id} has no url to fetch: set its url first.`);
  }
  const [pending] = read.pending;
  if (pending) return pending;
  return plan.insert("inventory-feed-file", {
    inventoryFeedId: feed.id,
    url: feed.url,
    status: "pending",
  });
}

/**
 * Queues a fetch of every feed whose schedule is due at `nowMs` (enabled, fetched automatically,
 * `hourly` or `daily`, with a `url`, none pending, its company not suspended), at most `limit` of them;
 * answers how many.
 */
export async function queueDueFeeds(
  db: Db,
  ctxOf: (companyId: number) => Ctx,
  nowMs: number,
  limit = 50,
): Promise<number> {
  const feeds = table("inventory-feed");
  const files = table("inventory-feed-file");
  const due = Object.entries(SCHEDULE_MS).map(([frequency, periodMs]) => {
    const before = new Date(nowMs - periodMs).toISOString();
    return sql`(${at("inventory-feed", "fetchFrequency")} = ${frequency} AND (${at("inventory-feed", "lastFetchedAt")} IS NULL OR ${at("inventory-feed", "lastFetchedAt")} < ${before}))`;
  });
  const statement = sql`SELECT f.id, f.company_id FROM ${sql.id(feeds.name)} f WHERE ${at("inventory-feed", "enabled")} IS NOT 0 AND ${at("inventory-feed", "automatedFetching")} IS NOT 'disabled' AND ${at("inventory-feed", "url")} IS NOT NULL AND (${sql.join(due, " OR ")}) AND NOT EXISTS (SELECT 1 FROM ${sql.id(files.name)} p WHERE p.company_id = f.company_id AND p.${sql.id(column(files, "inventoryFeedId"))} = f.id AND p.${sql.id(column(files, "status"))} = 'pending') AND f.company_id NOT IN (SELECT id FROM companies WHERE suspended_at IS NOT NULL) ORDER BY f.id LIMIT ${limit}`;
  const found = await db.execute(statement.statement());
  for (const row of found.rows) {
    const ctx = ctxOf(Number(row.company_id));
    const feedId = Number(row.id);
    await executeWrite(
      { ctx },
      {
        reads: { feed: one("inventory-feed", feedId), ...queueFetchReads(feedId) },
        plan: (read, plan) => (read.feed ? planQueueFetch({ feed: read.feed, read, plan }) : undefined),
      },
    ).catch((error: unknown) => {
      // The feed changed since it was found due (disabled, its url removed): it is not due any more.
      if (!isApiError(error)) throw error;
    });
  }
  return found.rows.length;
}

// ----------------------------------------------------------------------------------------- fetching

/**
 * Fetches pending feed files, oldest first, for about a slice (`sliceMs`): answers how many it took,
 * and whether work may be left (a fetch not finished in the slice, or more waiting), so that the caller
 * runs again soon. `ctxOf` gives a company's context, its clock read at each call: a fetch spans many
 * writes, each stamped with its own time. A run that fails (a database error, a bug) leaves its fetch
 * to be tried again after a pause that doubles with each failure in a row; the last failure allowed
 * ends the file `error` at once (`failedFetch`).
 */
export async function runFeedFetches(
  db: Db,
  ctxOf: (companyId: number) => Ctx,
  now: () => number,
  limits: FetchLimits = {},
): Promise<{ fetched: number; more: boolean }> {
  const deadline = now() + (limits.sliceMs ?? FEED_SLICE_MS);
  await dropEndedFetches(db, ctxOf, now());
  let fetched = 0;
  do {
    const run = await claim(db, now());
    if (!run) return { fetched, more: false };
    fetched += 1;
    const ctx = ctxOf(run.companyId);
    const finished = await runClaimed(ctx, run, limits, () => now() >= deadline).catch(
      async (error: unknown) => {
        if (error instanceof LeaseLost) return false;
        await failedFetch(ctx, run, error, now());
        throw error;
      },
    );
    if (!finished) return { fetched, more: true };
  } while (now() < deadline);
  return { fetched, more: true };
}

/**
 * A run that failed for a fault of the service (`MAX_FAILURES` in a row end the file `error`, naming
 * the last one's cause), its fetch otherwise left to a run after its pause (`failed-runs.ts`). The
 * file has no field to say meanwhile that it waits.
 */
async function failedFetch(ctx: Ctx, run: FetchRun, error: unknown, nowMs: number): Promise<void> {
  await afterFailedRun(ctx.db, { lease: leaseOf(run), claimed: run.failures, nowMs }, error, {
    end: ({ failures, reason }) =>
      settle(ctx, run, { status: "error", message: gaveUpMessage("fetch", failures, reason) }),
    postpone: (untilMs) => postponeLease(ctx.db, leaseOf(run), untilMs),
  });
}

/**
 * Claims a pending feed file whose fetch is not another process's: one never claimed first (the
 * oldest), else the one whose lease ended first (fetches under way take turns a slice each, as imports
 * do). Its lease made or moved forward.
 */
async function claim(db: Db, nowMs: number): Promise<FetchRun | undefined> {
  const token = crypto.randomUUID();
  const files = sql.id(table("inventory-feed-file").name);
  const statement = sql`INSERT INTO inventory_feed_fetches (file_id, company_id, lease_token, lease_until, created_at) SELECT f.id, f.company_id, ${token}, ${iso(nowMs + LEASE_MS)}, ${iso(nowMs)} FROM ${files} f LEFT JOIN inventory_feed_fetches r ON r.file_id = f.id WHERE f.${at("inventory-feed-file", "status")} = 'pending' AND (r.lease_until IS NULL OR r.lease_until <= ${iso(nowMs)}) ORDER BY r.lease_until IS NOT NULL, r.lease_until, f.id LIMIT 1 ON CONFLICT (file_id) DO UPDATE SET lease_token = excluded.lease_token, lease_until = excluded.lease_until RETURNING file_id, company_id, storage_key, rows_done, failures`;
  const [row] = (await db.execute(statement.statement())).rows;
  if (!row) return undefined;
  return {
    fileId: Number(row.file_id),
    companyId: Number(row.company_id),
    token,
    storageKey: row.storage_key === null ? null : String(row.storage_key),
    rowsDone: Number(row.rows_done),
    failures: Number(row.failures),
  };
}

/**
 * Lets go of the fetches whose file is no longer pending (deleted with its feed, or settled by hand)
 * and that no process holds: their copy, the items they saw and their lease.
 */
async function dropEndedFetches(db: Db, ctxOf: (companyId: number) => Ctx, nowMs: number): Promise<void> {
  const files = sql.id(table("inventory-feed-file").name);
  const ended = sql`SELECT file_id, company_id, storage_key FROM inventory_feed_fetches r WHERE (r.lease_until IS NULL OR r.lease_until <= ${iso(nowMs)}) AND NOT EXISTS (SELECT 1 FROM ${files} f WHERE f.id = r.file_id AND f.${at("inventory-feed-file", "status")} = 'pending') LIMIT 20`;
  for (const row of (await db.execute(ended.statement())).rows) {
    const storageKey = row.storage_key === null ? null : String(row.storage_key);
    await dropFetch(db, ctxOf(Number(row.company_id)), { fileId: Number(row.file_id), storageKey });
  }
}

/** A fetch whose file is no longer pending let go of: its copy, the items it saw, its lease. */
async function dropFetch(
  db: Db,
  ctx: Ctx,
  { fileId, storageKey }: { fileId: number; storageKey: string | null },
): Promise<void> {
  if (storageKey) await ctx.fileStore.delete([storageKey]);
  await db.execute(sql`DELETE FROM inventory_feed_seen WHERE file_id = ${fileId}`.statement());
  await db.execute(sql`DELETE FROM inventory_feed_fetches WHERE file_id = ${fileId}`.statement());
}

/**
 * What a fetch reads before it downloads: the file, its feed, the feed's columns, paths and mappings,
 * its last processed file, and the item of the feed removed last (`lastRemoved`).
 */
function settingsReads(fileId: number) {
  const feedId = fieldOf("inventory-feed-file", fileId, "inventoryFeedId");
  const processed = sql`${at("inventory-feed-file", "inventoryFeedId")} = ${feedId} AND ${at("inventory-feed-file", "status")} = 'processed' AND ${at("inventory-feed-file", "checksum")} IS NOT NULL`;
  const removed = sql`${at("inventory-feed-variant", "inventoryFeedId")} = ${feedId} AND ${at("inventory-feed-variant", "status")} = 'removed'`;
  return {
    file: one("inventory-feed-file", fileId),
    feed: one("inventory-feed", feedId),
    fields: many("inventory-feed-field", { inventoryFeedId: feedId }, { order: "position, id" }),
    jsonFields: many("inventory-feed-json-field", { inventoryFeedId: feedId }, { order: "position, id" }),
    mappings: many("inventory-feed-mapping", { inventoryFeedId: feedId }, { order: "id" }),
    last: many("inventory-feed-file", processed, { order: "id DESC", limit: 1 }),
    lastRemoved: many("inventory-feed-variant", removed, { order: "updated_at DESC", limit: 1 }),
  };
}

type Settings = Snapshot<ReturnType<typeof settingsReads>>;

/**
 * Runs a claimed fetch until the file is settled (true) or the slice ends after a batch (false: its
 * lease is given back, and the next run goes on from where it got). A file that cannot be had or read
 * ends `error` with why: what earlier batches applied stays applied, and the cleanup is not run.
 */
async function runClaimed(
  ctx: Ctx,
  run: FetchRun,
  limits: FetchLimits,
  sliceOver: () => boolean,
): Promise<boolean> {
  try {
    // Its last failure could not end it (`failedFetch`).
    if (run.failures >= MAX_FAILURES) {
      await settle(ctx, run, { status: "error", message: gaveUpMessage("fetch", run.failures) });
      return true;
    }
    const settings = await executeRead({ ctx }, settingsReads(run.fileId), (read) => read);
    const ended = await fetchSteps(ctx, run, settings, limits, sliceOver);
    if (ended === "paused") await releaseLease(ctx.db, leaseOf(run), ctx.now());
    return ended !== "paused";
  } catch (error) {
    if (error instanceof FileNotPending) {
      await dropFetch(ctx.db, ctx, { fileId: run.fileId, storageKey: run.storageKey });
      return true;
    }
    const message = reasonOf(error);
    if (message === undefined) throw error;
    await settle(ctx, run, { status: "error", message });
    return true;
  }
}

/**
 * Why the file could not be fetched or read, as its `errorMessage` says it; none for a failure that may
 * pass (the feed's server busy or down for a while, a fault of the service): the fetch is tried again.
 */
function reasonOf(error: unknown): string | undefined {
  if (error instanceof DownloadFailed) return error.passing ? undefined : error.message;
  if (error instanceof FeedFileError) return error.message;
  if (error instanceof UnreadableFile) return error.message;
  if (isApiError(error) && error.status < 500) return error.detail;
  return undefined;
}

/**
 * The fetch's steps from where it got: the download into the store (unless done), the check of every
 * item (unless a batch was applied), the batches of items, the cleanup, the end.
 */
async function fetchSteps(
  ctx: Ctx,
  run: FetchRun,
  settings: Settings,
  limits: FetchLimits,
  sliceOver: () => boolean,
): Promise<"settled" | "paused"> {
  const { file, feed } = settings;
  if (file?.status !== "pending") throw new FileNotPending();
  if (!feed || feed.enabled === false || !feed.url) {
    throw new FeedFileError("The feed is disabled or has no url.");
  }
  checkReadable(feed);
  const storageKey =
    run.storageKey ?? (await download(ctx, run, settings, { ...feed, url: feed.url }, limits));
  if (!storageKey) return "settled";
  if (run.rowsDone === 0) {
    await whileLeased(
      ctx.db,
      leaseOf(run),
      () => Date.parse(ctx.now()),
      () => checkItems(ctx, feed, settings, storageKey),
    );
  }
  const batches = copyItems(ctx, feed, settings, storageKey, { after: run.rowsDone, size: FEED_BATCH_ITEMS });
  for await (const items of batches) {
    await applyBatch(ctx, run, items);
    if (sliceOver()) return "paused";
  }
  if (feed.fetchCleanup !== "disabled") {
    let after = 0;
    do {
      after = await cleanupBatch(ctx, run, after);
      if (after && sliceOver()) return "paused";
    } while (after);
  }
  await finish(ctx, run, storageKey);
  return "settled";
}

/**
 * Downloads the feed's file into the store and answers its copy's key, recorded as the fetch's; or
 * settles the file `processed` with nothing applied (and answers none) when it is the feed's last
 * processed file again, read with the same settings, and none of the feed's items was removed since.
 */
async function download(
  ctx: Ctx,
  run: FetchRun,
  settings: Settings,
  feed: InventoryFeed & { url: string },
  {
    fetcher = ctx.outbound.fetch ?? fetch,
    timeoutMs = FEED_TIMEOUT_MS,
    downloadMs = FEED_DOWNLOAD_MS,
    maxBytes = MAX_FEED_BYTES,
  }: FetchLimits,
): Promise<string | undefined> {
  // While the download lasts (`downloadMs` at most), the fetch stays this process's (its lease extended).
  const copy = await whileLeased(
    ctx.db,
    leaseOf(run),
    () => Date.parse(ctx.now()),
    () =>
      withinTime(fetcher, downloadMs, (limited) =>
        downloadCopy(ctx, feed, { fetcher: limited, timeoutMs, maxBytes }),
      ),
  );
  const [last] = settings.last;
  if (last?.checksum === copy.checksum && !changedSince(settings, last.processedAt)) {
    await settle(ctx, run, { status: "processed", rowCount: last.rowCount, copy });
    return undefined;
  }
  await recordCopy(ctx, run, feed, copy);
  return copy.storageKey;
}

/**
 * Whether the feed or its columns, paths or mappings changed after its last file was processed (`at`):
 * the same file then reads otherwise, and is applied again. So it is when an item of the feed was
 * removed since: which of the removed items the file held only a read of it tells, and its `rowCount`
 * and the feed's `fetched` count none of them.
 */
function changedSince(settings: Settings, at: string | null): boolean {
  if (!at) return true;
  const records = [
    settings.feed,
    ...settings.fields,
    ...settings.jsonFields,
    ...settings.mappings,
    ...settings.lastRemoved,
  ];
  return records.some((record) => record !== undefined && record.updatedAt > at);
}

/**
 * The downloaded copy becomes the fetch's (named by its lease, so that it is not pruned), the file
 * records its size, checksum and type. A copy the fetch could not record (another process took it
 * over) is deleted.
 */
async function recordCopy(ctx: Ctx, run: FetchRun, feed: InventoryFeed, copy: FeedCopy): Promise<void> {
  try {
    await executeWrite(
      { ctx },
      {
        reads: runReads(run),
        plan(read, plan) {
          const file = ownFile(run, read);
          plan.update("inventory-feed-file", file, {
            checksum: copy.checksum,
            byteSize: copy.byteSize,
            contentType: copy.contentType,
            fileName: fileNameOf(feed),
            rowCount: 0,
          });
          plan.write(progressSql(run, plan.now, { storageKey: copy.storageKey }));
        },
      },
    );
  } catch (error) {
    await ctx.fileStore.delete([copy.storageKey]).catch(() => {});
    throw error;
  }
  run.storageKey = copy.storageKey;
}

/**
 * Reads the stored copy through once, checking every item before any is applied: a file with an item
 * the feed's webhook would refuse (or without the feed's columns) applies nothing.
 */
async function checkItems(ctx: Ctx, feed: InventoryFeed, settings: Settings, storageKey: string) {
  const batches = copyItems(ctx, feed, settings, storageKey, { size: FEED_BATCH_ITEMS });
  try {
    while (!(await batches.next()).done);
  } catch (error) {
    if (!(error instanceof InvalidRows)) throw error;
    throw new FeedFileError(`Some rows are not valid items; nothing was applied: ${error.listing}.`);
  }
}

/**
 * What applying a batch of the file's items reads, each held as read: the file (still pending) and its
 * feed (its settings decide the plan), the feed's items with the batch's external ids and the catalogue
 * variants they may connect to (`connectCandidates`: by their SKUs and barcodes as sent, and as
 * stored); and which of those items an earlier batch of the file applied (`seen`: the fetch's lease,
 * held, keeps any other writer of the file's seen items away).
 */
function applyReads(fileId: number, items: readonly InventoryFeedParseWebhookInput[]) {
  const feedId = fieldOf("inventory-feed-file", fileId, "inventoryFeedId");
  const item = (field: string) => sql.id(column(table("inventory-feed-variant"), field));
  const sentValues = (of: (one: InventoryFeedParseWebhookInput) => string | null | undefined) =>
    JSON.stringify([...new Set(items.flatMap((one) => of(one) ?? []))]);
  const externalIds = JSON.stringify(items.map((one) => one.externalId));
  const inBatch = sql`${item("inventoryFeedId")} = ${feedId} AND ${item("externalId")} IN (SELECT value FROM json_each(${externalIds}))`;
  const stored = (field: "sku" | "barcode") =>
    sql`SELECT ${item(field)} FROM ${sql.id(table("inventory-feed-variant").name)} WHERE company_id = ${sql.company} AND ${inBatch}`;
  const skus = sql`SELECT value AS sku FROM json_each(${sentValues((one) => one.vendorSku)}) UNION ${stored("sku")}`;
  const barcodes = sql`SELECT value AS barcode FROM json_each(${sentValues((one) => one.barcode)}) UNION ${stored("barcode")}`;
  const seen = sql`SELECT item_id FROM inventory_feed_seen WHERE file_id = ${fileId} AND item_id IN (SELECT id FROM ${sql.id(table("inventory-feed-variant").name)} WHERE company_id = ${sql.company} AND ${inBatch})`;
  return {
    file: one("inventory-feed-file", fileId),
    feed: one("inventory-feed", feedId),
    items: many("inventory-feed-variant", inBatch),
    variants: many("variant", connectCandidates(feedId, skus, barcodes)),
    seen: rows(seen, (found) => new Set(found.map((row) => Number(row.item_id)))),
  };
}

/**
 * Applies a batch of the file's items in one write, each as the feed's webhook applies it
 * (`planParseFeedItem`; a removed item is left as it is), with the items it applied
 * (`inventory_feed_seen`), the file's progress (`rowCount`: the distinct items applied so far, so an
 * item that an earlier batch applied too is not counted again) and the fetch's.
 */
async function applyBatch(ctx: Ctx, run: FetchRun, batch: readonly FileItem[]): Promise<void> {
  const items = batch.map((each) => each.input);
  const rowsDone = batch.reduce((last, each) => Math.max(last, each.row), run.rowsDone);
  await executeWrite(
    { ctx },
    {
      reads: { ...applyReads(run.fileId, items), lease: leaseRead(leaseOf(run)) },
      plan(read, plan) {
        const file = ownFile(run, read);
        const { feed } = read;
        if (!feed) throw new FileNotPending();
        const existing = new Map(read.items.map((item) => [item.externalId, item]));
        let applied = 0;
        for (const each of batch) {
          const item = existing.get(each.input.externalId);
          if (item?.status === "removed") continue;
          if (!item || !read.seen.has(item.id)) applied += 1;
          try {
            planParseFeedItem({
              feed,
              input: each.input,
              read: { items: item ? [item] : [], variants: read.variants },
              plan,
            });
          } catch (error) {
            throw refusedItem(error, each);
          }
        }
        const feedItems = table("inventory-feed-variant");
        const externalIds = JSON.stringify(items.map((one) => one.externalId));
        plan.write(
          sql`INSERT OR IGNORE INTO inventory_feed_seen (file_id, item_id) SELECT ${run.fileId}, id FROM ${sql.id(feedItems.name)} WHERE company_id = ${sql.company} AND ${at("inventory-feed-variant", "inventoryFeedId")} = ${feed.id} AND ${at("inventory-feed-variant", "externalId")} IN (SELECT value FROM json_each(${externalIds})) AND ${at("inventory-feed-variant", "status")} IS NOT 'removed'`,
        );
        plan.update("inventory-feed-file", file, { rowCount: (file.rowCount ?? 0) + applied });
        plan.write(progressSql(run, plan.now, { rowsDone }));
      },
    },
  );
  run.rowsDone = rowsDone;
}

/**
 * An item that applying refused (a new item without a SKU), named as the file names it: its row, and
 * the column of the value refused (`row 701: Code is required for a new item.`).
 */
function refusedItem(error: unknown, item: FileItem): unknown {
  if (!isApiError(error) || error.status >= 500) return error;
  const [first] = error.extras.errors ?? [];
  const problem = first ? rowProblem(item, first) : `row ${item.row}: ${error.detail.replace(/\.$/, "")}`;
  return new FeedFileError(`${problem}.`);
}

/**
 * One batch of the cleanup (the feed's `fetchCleanup`): the feed's items after id `after` that the file
 * did not hold, and not removed, go to 0 units, each through the write plan (a channel listing them is
 * told, as of any change of units). Answers the last id it went past, 0 when none was left.
 */
async function cleanupBatch(ctx: Ctx, run: FetchRun, after: number): Promise<number> {
  const feedId = fieldOf("inventory-feed-file", run.fileId, "inventoryFeedId");
  const missing = sql`${at("inventory-feed-variant", "inventoryFeedId")} = ${feedId} AND id > ${after} AND ${at("inventory-feed-variant", "status")} IS NOT 'removed' AND ${at("inventory-feed-variant", "quantity")} != 0 AND id NOT IN (SELECT item_id FROM inventory_feed_seen WHERE file_id = ${run.fileId})`;
  return executeWrite(
    { ctx },
    {
      reads: {
        ...runReads(run),
        missing: many("inventory-feed-variant", missing, { order: "id", limit: FEED_BATCH_ITEMS }),
      },
      plan(read, plan) {
        ownFile(run, read);
        for (const item of read.missing) plan.update("inventory-feed-variant", item, { quantity: 0 });
        plan.write(progressSql(run, plan.now));
        return read.missing.at(-1)?.id ?? 0;
      },
    },
  );
}
