/**
 * Fetching inventory feeds: a fetch is queued as a `pending` feed file (by hand, `POST
 * /inventory-feeds/{id}/fetch.json`, or by the feed's schedule), and the background worker downloads
 * the feed's `url`, reads it with the feed's settings and applies its items in one batch, leaving the
 * file `processed` or `error`. The download happens outside any write: a slow feed never holds the
 * write queue.
 */
import type {
  InventoryFeed,
  InventoryFeedFile,
  InventoryFeedParseWebhookInput,
  InventoryFeedVariant,
} from "@multichannel/schema";
import type { Db } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import type { Ctx } from "../domain/context.ts";
import { planFailure } from "../domain/failures.ts";
import { FeedFileError, type FeedRow, feedRowsOf } from "../domain/feed-files.ts";
import { connectCandidates } from "../domain/feed-items.ts";
import { fieldOf, many, one, type Snapshot } from "../domain/reads.ts";
import { column, table } from "../domain/store.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { ApiError, type FieldError, isApiError } from "../errors.ts";
import { planParseFeedItem } from "./actions/inventory-feeds.ts";
import { executeRead, executeWrite } from "./execute.ts";
import { fileUsage, planStoredFile } from "./files.ts";
import { checkedFeedItem } from "./inbound.ts";
import { openSecret } from "./secrets.ts";
import { download } from "./webhooks/outbound.ts";

/** How a fetch downloads: a file past `maxBytes` is abandoned, an answer slower than `timeoutMs` too. */
export interface FetchLimits {
  fetcher?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
}

/** A feed file is abandoned past this size: its bytes are held while it is read. */
export const MAX_FEED_BYTES = 20 * 1024 * 1024;
/** Items one fetch may apply: they are written in one batch. */
export const MAX_FEED_ROWS = 10_000;
/** The whole download, answer included. */
export const FEED_TIMEOUT_MS = 30_000;

const HOUR_MS = 3_600_000;
/** How long after its last fetch a scheduled feed is due, by its `fetchFrequency`. */
const SCHEDULE_MS: Readonly<Record<string, number>> = { hourly: HOUR_MS, daily: 24 * HOUR_MS };

/** A column of a kind's table, as SQL. */
const at = (kindName: "inventory-feed" | "inventory-feed-file", field: string) =>
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
  const found = await db.execute(statement.statementFor(0));
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
 * Fetches the pending feed files of every company, oldest first, at most `limit`; answers how many it
 * took. Each is settled (`processed` or `error`) whatever its download does.
 */
export async function fetchPendingFeeds(
  db: Db,
  ctxOf: (companyId: number) => Ctx,
  limits: FetchLimits = {},
  limit = 5,
): Promise<number> {
  const files = table("inventory-feed-file");
  const found = await db.execute({
    sql: `SELECT id, company_id FROM ${files.name} WHERE ${column(files, "status")} = 'pending' ORDER BY id LIMIT ?`,
    args: [limit],
  });
  for (const row of found.rows) {
    const ctx = ctxOf(Number(row.company_id));
    const fileId = Number(row.id);
    try {
      await fetchFeedFile(ctx, fileId, limits);
    } catch (error) {
      // A fault of the service's own: the file says so rather than staying pending for ever (and
      // holding the feed's schedule); the fault itself is told to the dispatcher's log.
      const message = "The file could not be fetched (a fault of the service).";
      await settleWithoutItems(ctx, fileId, { outcome: "error", message });
      throw error;
    }
  }
  return found.rows.length;
}

/** What a fetch reads before it downloads: the file, its feed, the feed's columns, paths and mappings. */
function settingsReads(fileId: number) {
  const feedId = fieldOf("inventory-feed-file", fileId, "inventoryFeedId");
  const processed = sql`${at("inventory-feed-file", "inventoryFeedId")} = ${feedId} AND ${at("inventory-feed-file", "status")} = 'processed' AND ${at("inventory-feed-file", "checksum")} IS NOT NULL`;
  return {
    file: one("inventory-feed-file", fileId),
    feed: one("inventory-feed", feedId),
    fields: many("inventory-feed-field", { inventoryFeedId: feedId }, { order: "position, id" }),
    jsonFields: many("inventory-feed-json-field", { inventoryFeedId: feedId }, { order: "position, id" }),
    mappings: many("inventory-feed-mapping", { inventoryFeedId: feedId }, { order: "id" }),
    last: many("inventory-feed-file", processed, { order: "id DESC", limit: 1 }),
  };
}

/** What a fetch found before applying anything: the items to apply, or why there are none. */
type Fetched =
  | {
      outcome: "items";
      items: InventoryFeedParseWebhookInput[];
      /** The file as downloaded: kept as a company file when the feed's `cacheImports` is on. */
      bytes: Uint8Array<ArrayBuffer>;
      checksum: string;
      byteSize: number;
      contentType: string | null;
    }
  | { outcome: "same"; checksum: string; byteSize: number; rowCount: number | null }
  | { outcome: "error"; message: string; checksum?: string; byteSize?: number };

/**
 * Downloads and reads one pending feed file, then settles it in one batch: its items applied and the
 * file `processed`, or nothing applied and the file `error` with the reason.
 */
export async function fetchFeedFile(ctx: Ctx, fileId: number, limits: FetchLimits = {}): Promise<void> {
  const settings = await executeRead({ ctx }, settingsReads(fileId), (read) => read);
  const { file, feed } = settings;
  if (file?.status !== "pending") return;
  let fetched: Fetched;
  if (!feed || feed.enabled === false || !feed.url) {
    fetched = { outcome: "error", message: "The feed is disabled or has no url." };
  } else {
    fetched = await fetchItems(ctx, feed, settings, limits);
  }
  if (fetched.outcome === "items") {
    try {
      await applyFeedFile(ctx, fileId, fetched);
      return;
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) throw error;
      fetched = {
        outcome: "error",
        message: error.detail,
        checksum: fetched.checksum,
        byteSize: fetched.byteSize,
      };
    }
  }
  await settleWithoutItems(ctx, fileId, fetched);
}

/** The feed's file downloaded and read into the webhook's items, or why it could not be. */
async function fetchItems(
  ctx: Ctx,
  feed: InventoryFeed,
  settings: Snapshot<ReturnType<typeof settingsReads>>,
  { fetcher, timeoutMs = FEED_TIMEOUT_MS, maxBytes = MAX_FEED_BYTES }: FetchLimits,
): Promise<Fetched> {
  const downloaded = await download(feed.url!, ctx.outbound, {
    ...(fetcher ? { fetcher } : {}),
    timeoutMs,
    maxBytes,
    headers: await credentialHeaders(ctx, feed),
  });
  if (!downloaded.ok) return { outcome: "error", message: downloaded.error };
  const { bytes } = downloaded;
  const checksum = await sha256(bytes);
  const byteSize = bytes.byteLength;
  const [last] = settings.last;
  if (last?.checksum === checksum && !settingsChangedSince(settings, last.processedAt)) {
    return { outcome: "same", checksum, byteSize, rowCount: last.rowCount };
  }
  try {
    const text = new TextDecoder().decode(bytes);
    const items = checkedItems(feedRowsOf(feed, settings, text));
    return { outcome: "items", items, bytes, checksum, byteSize, contentType: downloaded.contentType };
  } catch (error) {
    if (!(error instanceof FeedFileError)) throw error;
    return { outcome: "error", message: error.message, checksum, byteSize };
  }
}

/**
 * Whether the feed or its columns, paths or mappings changed after its last file was processed (`at`):
 * the same file then reads otherwise, and is applied again.
 */
function settingsChangedSince(
  settings: Snapshot<ReturnType<typeof settingsReads>>,
  at: string | null,
): boolean {
  if (!at) return true;
  const records = [settings.feed, ...settings.fields, ...settings.jsonFields, ...settings.mappings];
  return records.some((record) => record !== undefined && record.updatedAt > at);
}

/**
 * The feed's credentials for its source, opened at the fetch: `authenticationToken` and
 * `authenticationSecret` as HTTP Basic (user and password), a token alone as a bearer token. Sent over
 * https only (plain http where the policy allows local addresses: development and tests).
 */
async function credentialHeaders(ctx: Ctx, feed: InventoryFeed): Promise<Record<string, string>> {
  if (!feed.url?.startsWith("https://") && !ctx.outbound.allowLocal) return {};
  const keyring = await ctx.secrets;
  const place = { companyId: ctx.companyId, kind: "inventory-feed", recordId: feed.id };
  const token = await openSecret(ctx.db, keyring, { ...place, field: "authenticationToken" });
  const secret = await openSecret(ctx.db, keyring, { ...place, field: "authenticationSecret" });
  if (token && secret) return { Authorization: `Basic ${base64(`${token}:${secret}`)}` };
  if (token) return { Authorization: `Bearer ${token}` };
  return {};
}

/** UTF-8 text in base64 (`btoa` takes only Latin-1). */
function base64(text: string): string {
  return btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(""));
}

/**
 * The rows as the feed's webhook takes items, checked as it checks them; a later row with the same
 * external id replaces an earlier one. A row that is no valid item makes the file unreadable.
 */
function checkedItems(feedRows: readonly FeedRow[]): InventoryFeedParseWebhookInput[] {
  if (feedRows.length > MAX_FEED_ROWS) {
    throw new FeedFileError(
      `The file has ${feedRows.length} items; a fetch applies at most ${MAX_FEED_ROWS}.`,
    );
  }
  const errors: FieldError[] = [];
  const items = new Map<string, InventoryFeedParseWebhookInput>();
  for (const { row, values } of feedRows) {
    const item = checkedFeedItem(values, `row ${row}`, errors);
    if (item) items.set(item.externalId, item);
    if (errors.length >= 3) break;
  }
  if (errors.length) {
    throw new FeedFileError(
      `Some rows are not valid items; nothing was applied: ${errors.map((e) => `${e.path} ${e.message}`).join("; ")}.`,
    );
  }
  return [...items.values()];
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * What applying a file reads, each held as read: the file (still pending) and its feed (its settings
 * decide the plan), the feed's items (every one: those missing from the file are cleaned up) and the
 * catalogue variants the file's items may connect to (`connectCandidates`: by their SKUs and barcodes
 * as sent, and as stored).
 */
function applyReads(fileId: number, items: readonly InventoryFeedParseWebhookInput[]) {
  const feedId = fieldOf("inventory-feed-file", fileId, "inventoryFeedId");
  const item = (field: string) => sql.id(column(table("inventory-feed-variant"), field));
  const sentValues = (of: (one: InventoryFeedParseWebhookInput) => string | null | undefined) =>
    JSON.stringify([...new Set(items.flatMap((one) => of(one) ?? []))]);
  const externalIds = JSON.stringify(items.map((one) => one.externalId));
  const storedItems = sql`FROM ${sql.id(table("inventory-feed-variant").name)} WHERE company_id = ${sql.company} AND ${item("inventoryFeedId")} = ${feedId} AND ${item("externalId")} IN (SELECT value FROM json_each(${externalIds}))`;
  const skus = sql`SELECT value AS sku FROM json_each(${sentValues((one) => one.vendorSku)}) UNION SELECT ${item("sku")} ${storedItems}`;
  const barcodes = sql`SELECT value AS barcode FROM json_each(${sentValues((one) => one.barcode)}) UNION SELECT ${item("barcode")} ${storedItems}`;
  return {
    file: one("inventory-feed-file", fileId),
    feed: one("inventory-feed", feedId),
    items: many("inventory-feed-variant", { inventoryFeedId: feedId }),
    variants: many("variant", connectCandidates(feedId, skus, barcodes)),
    usage: fileUsage(),
  };
}

/**
 * Applies a file's items in one batch, each as the feed's webhook applies it (`planParseFeedItem`): a
 * removed item is left as it is; with `fetchCleanup` enabled, the feed's items missing from the file
 * go to 0 units. The file is `processed` with its checksum and rows, the feed's `fetched` and
 * `lastFetchedAt` set.
 */
async function applyFeedFile(
  ctx: Ctx,
  fileId: number,
  fetched: Extract<Fetched, { outcome: "items" }>,
): Promise<void> {
  await executeWrite(
    { ctx },
    {
      reads: applyReads(fileId, fetched.items),
      plan: (read, plan) => {
        const { file, feed } = read;
        if (file?.status !== "pending" || !feed) return;
        const existing = new Map(read.items.map((item) => [item.externalId, item]));
        for (const [index, input] of fetched.items.entries()) {
          const item = existing.get(input.externalId);
          if (item?.status === "removed") continue;
          planParseFeedItem({
            feed,
            input,
            read: { items: item ? [item] : [], variants: read.variants },
            plan,
            path: `item ${index + 1}: `,
          });
        }
        if (feed.fetchCleanup !== "disabled") planCleanup(plan, read.items, fetched.items);
        const copy = feed.cacheImports ? planCopy(ctx, plan, read.usage, feed, fetched) : undefined;
        plan.update("inventory-feed-file", file, {
          ...(copy ? { url: copy.url } : {}),
          status: "processed",
          checksum: fetched.checksum,
          byteSize: fetched.byteSize,
          rowCount: fetched.items.length,
          contentType: fetched.contentType?.slice(0, 100) ?? null,
          fileName: fileNameOf(feed),
          errorMessage: null,
          processedAt: plan.now,
        });
        plan.update("inventory-feed", feed, { fetched: fetched.items.length, lastFetchedAt: plan.now });
      },
    },
  );
}

/**
 * A copy of the fetched file among the company's files (the feed's `cacheImports`), while it fits in
 * the company's quota: a copy is a convenience, and never keeps the stock from being updated.
 */
function planCopy(
  ctx: Ctx,
  plan: WritePlan,
  used: number,
  feed: InventoryFeed,
  fetched: Extract<Fetched, { outcome: "items" }>,
): { url: string } | undefined {
  if (used + fetched.byteSize > ctx.files.quotaBytes) return undefined;
  const name = fileNameOf(feed) ?? `inventory-feed-${feed.id}.${feed.format === "json" ? "json" : "csv"}`;
  const contentType = fetched.contentType?.slice(0, 100) ?? "application/octet-stream";
  return planStoredFile(plan, ctx, used, { name, contentType, body: fetched.bytes });
}

/** The items of the feed missing from the file, and not removed, go to 0 units. */
function planCleanup(
  plan: WritePlan,
  items: readonly InventoryFeedVariant[],
  inFile: readonly InventoryFeedParseWebhookInput[],
): void {
  const present = new Set(inFile.map((item) => item.externalId));
  for (const item of items) {
    if (present.has(item.externalId) || item.status === "removed" || item.quantity === 0) continue;
    plan.update("inventory-feed-variant", item, { quantity: 0 });
  }
}

/** The last segment of the feed's url, as the file's name. */
function fileNameOf(feed: InventoryFeed): string | null {
  try {
    const name = decodeURIComponent(new URL(feed.url ?? "").pathname.split("/").pop() ?? "");
    return name ? name.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/**
 * Settles a file that applies no item: `processed` when it is the feed's last processed file again
 * (the same checksum: nothing changed), else `error` with the reason. Either way the feed's
 * `lastFetchedAt` moves, so its schedule waits for the next period.
 */
async function settleWithoutItems(
  ctx: Ctx,
  fileId: number,
  fetched: Exclude<Fetched, { outcome: "items" }>,
): Promise<void> {
  const feedId = fieldOf("inventory-feed-file", fileId, "inventoryFeedId");
  await executeWrite(
    { ctx },
    {
      reads: { file: one("inventory-feed-file", fileId), feed: one("inventory-feed", feedId) },
      plan: ({ file, feed }, plan) => {
        if (file?.status !== "pending") return;
        const values =
          fetched.outcome === "same"
            ? {
                status: "processed" as const,
                checksum: fetched.checksum,
                byteSize: fetched.byteSize,
                rowCount: fetched.rowCount,
                errorMessage: null,
              }
            : {
                status: "error" as const,
                checksum: fetched.checksum ?? null,
                byteSize: fetched.byteSize ?? null,
                errorMessage: fetched.message.slice(0, 2000),
              };
        plan.update("inventory-feed-file", file, { ...values, processedAt: plan.now });
        if (feed) plan.update("inventory-feed", feed, { lastFetchedAt: plan.now });
        if (fetched.outcome === "error" && feed) {
          planFailure(plan, {
            source: "inventory-feed",
            code: "fetch_failed",
            message: `Feed ${feed.id} (${feed.name}): ${fetched.message}`,
            subject: { kind: "inventory-feed", id: feed.id },
            details: { inventoryFeedFileId: file.id },
          });
        }
      },
    },
  );
}
