/**
 * A fetched feed file's copy in the company's file store (a directory on Node and Deno, the bucket on
 * Workers): made by streaming the feed's `url` into the store, hashed on its way in (the checksum is
 * known before anything is applied), then read back as batches of checked items, as often as the
 * fetch needs (once to check every item, once to apply them, again to go on after a stop). CSV is
 * parsed as it streams from the store; JSON is read whole, within `MAX_JSON_FEED_BYTES`.
 */
import type { InventoryFeed, InventoryFeedParseWebhookInput } from "@multichannel/schema";
import { bytesOf } from "../db/file-store.ts";
import type { Ctx } from "../domain/context.ts";
import {
  csvFeedReader,
  FeedFileError,
  type FeedRow,
  type FeedSettings,
  jsonFeedRows,
  rowProblem,
} from "../domain/feed-files.ts";
import { checkedFeedItem } from "../domain/feed-items.ts";
import type { FieldError } from "../errors.ts";
import { openDownload } from "./downloads.ts";
import { type StoredBody, storeBody } from "./files.ts";
import { csvRows } from "./imports/csv-rows.ts";
import { openSecret } from "./secrets.ts";

/**
 * A JSON feed file is read whole (its parsed objects held while its items are applied): past this
 * size it is not fetched. A streaming JSON parser would lift the bound, at about 6 KiB gzip more
 * Worker (`@streamparser/json`), more than its size budget leaves.
 */
export const MAX_JSON_FEED_BYTES = 20 * 1024 * 1024;

/** A feed's file in the store, as downloaded. */
export interface FeedCopy extends StoredBody {
  contentType: string | null;
}

/** How a fetch downloads: the longest wait on the feed's server, the largest file. */
export interface CopyLimits {
  fetcher?: typeof fetch | undefined;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * Downloads the feed's `url` into the company's file store, with the feed's credentials, hashing it as
 * it streams in: memory holds a piece at a time, whatever the file's size. `DownloadFailed` says why
 * the file could not be had (nothing is left in the store then). The copy is named by no file's row:
 * it does not count against the company's files quota, and the fetch deletes it when it ends (unless
 * the feed keeps its files, `cacheImports`).
 */
export async function downloadCopy(
  ctx: Ctx,
  feed: InventoryFeed & { url: string },
  { fetcher, timeoutMs, maxBytes }: CopyLimits,
): Promise<FeedCopy> {
  const download = await openDownload(feed.url, ctx.outbound, {
    ...(fetcher ? { fetcher } : {}),
    timeoutMs,
    maxBytes: feed.format === "json" ? Math.min(maxBytes, MAX_JSON_FEED_BYTES) : maxBytes,
    headers: await credentialHeaders(ctx, feed),
  });
  const contentType = download.contentType?.slice(0, 100) ?? null;
  const stored = await storeBody(ctx, download.body, {
    contentType: contentType ?? "application/octet-stream",
    byteLength: download.declaredBytes,
  });
  return { ...stored, contentType };
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
 * An item of the file, checked as the feed's webhook checks it, and the row it came from (its number
 * and cells, to name it by when applying it is refused).
 */
export interface FileItem extends FeedRow {
  input: InventoryFeedParseWebhookInput;
}

/**
 * The items of the stored copy after row `after` (rows a fetch already applied), read with the feed's
 * settings, in batches of about `size` (a batch of CSV rows never takes more than a piece of the file
 * more). Each item is checked: `InvalidRows` names the first invalid rows of a batch. In a batch, a
 * later row with the same external id replaces an earlier one. `FeedFileError` too for a copy no longer
 * in the store, `UnreadableFile` for one that is not text.
 */
export async function* copyItems(
  ctx: Ctx,
  feed: InventoryFeed,
  settings: FeedSettings,
  storageKey: string,
  { after = 0, size }: { after?: number; size: number },
): AsyncGenerator<FileItem[], void, undefined> {
  let batch: FeedRow[] = [];
  for await (const row of copyRows(ctx, feed, settings, storageKey)) {
    if (row.row <= after) continue;
    batch.push(row);
    if (batch.length >= size) {
      yield checkedItems(batch);
      batch = [];
    }
  }
  if (batch.length) yield checkedItems(batch);
}

/** The rows of the stored copy, as the feed's format reads them. */
async function* copyRows(
  ctx: Ctx,
  feed: InventoryFeed,
  settings: FeedSettings,
  storageKey: string,
): AsyncGenerator<FeedRow, void, undefined> {
  const body = await ctx.fileStore.get(storageKey);
  if (!body) {
    throw new FeedFileError("The fetched copy of the file is no longer in the file store; fetch it again.");
  }
  if (feed.format === "json") {
    yield* jsonFeedRows(feed, settings, new TextDecoder().decode(await bytesOf(body)));
    return;
  }
  const reader = csvFeedReader(feed, settings);
  for await (const parsed of csvRows(body, { separator: feed.delimiter || ",", lenient: true })) {
    for (const cells of parsed) {
      const row = reader.row(cells);
      if (row) yield row;
    }
  }
  reader.end();
}

/**
 * The rows as the feed's webhook takes items; `InvalidRows` naming the first rows that are not, each by
 * its number and the column of the value refused.
 */
function checkedItems(rows: readonly FeedRow[]): FileItem[] {
  const problems: string[] = [];
  const items = new Map<string, FileItem>();
  for (const feedRow of rows) {
    const errors: FieldError[] = [];
    const input = checkedFeedItem(feedRow.values, "", errors);
    if (input) items.set(input.externalId, { ...feedRow, input });
    problems.push(...errors.map((error) => rowProblem(feedRow, error)));
    if (problems.length >= 3) break;
  }
  if (problems.length) throw new InvalidRows(problems.slice(0, 3).join("; "));
  return [...items.values()];
}

/** Rows of a file that are no valid items: `listing` names the first ones, and why. */
export class InvalidRows extends FeedFileError {
  constructor(readonly listing: string) {
    super(`Some rows are not valid items: ${listing}.`);
  }
}
