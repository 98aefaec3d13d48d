/**
 * How a feed fetch ends, in one write: `processed` once all its items were applied (`finish`), or with
 * nothing (more) applied (`settle`: the same file as the feed's last, or an error). Either way its lease
 * and the items it saw go, and its copy of the file too unless the feed keeps it.
 */
import type { InventoryFeed, InventoryFeedFile } from "@multichannel/schema";
import type { Ctx } from "../domain/context.ts";
import { planFailure } from "../domain/failures.ts";
import { fieldOf, one } from "../domain/reads.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { executeWrite } from "./execute.ts";
import type { FeedCopy } from "./feed-copies.ts";
import { type FetchRun, fileNameOf, ownFile, planLetGo, runReads } from "./feed-fetch-run.ts";
import { fileUsage, planStoredBody } from "./files.ts";

/**
 * The end of a fetch whose items were all applied, in one write: the file `processed` (with a copy
 * among the company's files when the feed's `cacheImports` says so and it fits in the quota), the
 * feed's `fetched` and `lastFetchedAt`; the fetch's lease and the items it saw go. The stored copy is
 * deleted after, unless kept.
 */
export async function finish(ctx: Ctx, run: FetchRun, storageKey: string): Promise<void> {
  const kept = await executeWrite(
    { ctx },
    {
      reads: {
        ...runReads(run),
        feed: one("inventory-feed", fieldOf("inventory-feed-file", run.fileId, "inventoryFeedId")),
        usage: fileUsage(),
      },
      plan(read, plan) {
        const file = ownFile(run, read);
        const { feed } = read;
        const copy = feed?.cacheImports ? planCopy(ctx, plan, read.usage, feed, file, storageKey) : undefined;
        plan.update("inventory-feed-file", file, {
          ...(copy ? { url: copy.url } : {}),
          status: "processed",
          errorMessage: null,
          processedAt: plan.now,
        });
        if (feed)
          plan.update("inventory-feed", feed, { fetched: file.rowCount ?? 0, lastFetchedAt: plan.now });
        planLetGo(plan, run);
        return copy !== undefined;
      },
    },
  );
  if (!kept) await ctx.fileStore.delete([storageKey]).catch(() => {});
}

/**
 * The stored copy kept among the company's files (the feed's `cacheImports`), while it fits in the
 * company's quota: a copy is a convenience, and never keeps the stock from being updated.
 */
function planCopy(
  ctx: Ctx,
  plan: WritePlan,
  used: number,
  feed: InventoryFeed,
  file: InventoryFeedFile,
  storageKey: string,
): { url: string } | undefined {
  const byteSize = file.byteSize ?? 0;
  if (!file.checksum || used + byteSize > ctx.files.quotaBytes) return undefined;
  const name = fileNameOf(feed) ?? `inventory-feed-${feed.id}.${feed.format === "json" ? "json" : "csv"}`;
  const contentType = file.contentType ?? "application/octet-stream";
  return planStoredBody(plan, ctx, used, {
    name,
    contentType,
    storageKey,
    byteSize,
    checksum: file.checksum,
  });
}

/** How a fetch that applies nothing more ends: the same file as the feed's last (`copy`), or an error. */
export type Settling =
  | { status: "processed"; rowCount: number | null; copy: FeedCopy }
  | { status: "error"; message: string };

/**
 * Settles a file that applies nothing (more), in one write: `processed` when it is the feed's last
 * processed file again (the same checksum: nothing changed), else `error` with the reason (and how
 * many items earlier batches applied; the cleanup is not run, so no item is zeroed by a file read in
 * part). Either way the feed's `lastFetchedAt` moves, so its schedule waits for the next period; the
 * fetch's lease, the items it saw and its copy go.
 */
export async function settle(ctx: Ctx, run: FetchRun, settling: Settling): Promise<void> {
  const feedId = fieldOf("inventory-feed-file", run.fileId, "inventoryFeedId");
  await executeWrite(
    { ctx },
    {
      reads: { ...runReads(run), feed: one("inventory-feed", feedId) },
      plan(read, plan) {
        const file = ownFile(run, read);
        const { feed } = read;
        const applied = file.rowCount ?? 0;
        const values =
          settling.status === "processed"
            ? {
                status: "processed" as const,
                checksum: settling.copy.checksum,
                byteSize: settling.copy.byteSize,
                contentType: settling.copy.contentType,
                fileName: feed ? fileNameOf(feed) : null,
                rowCount: settling.rowCount,
                errorMessage: null,
              }
            : {
                status: "error" as const,
                errorMessage:
                  `${settling.message}${applied ? ` ${applied} items of the file were applied before it stopped; the feed's items missing from the file were left as they were.` : ""}`.slice(
                    0,
                    2000,
                  ),
              };
        plan.update("inventory-feed-file", file, { ...values, processedAt: plan.now });
        if (feed) plan.update("inventory-feed", feed, { lastFetchedAt: plan.now });
        if (settling.status === "error" && feed) {
          planFailure(plan, {
            source: "inventory-feed",
            code: "fetch_failed",
            message: `Feed ${feed.id} (${feed.name}): ${values.errorMessage}`,
            subject: { kind: "inventory-feed", id: feed.id },
            details: { inventoryFeedFileId: file.id },
          });
        }
        planLetGo(plan, run);
      },
    },
  );
  const copy = settling.status === "processed" ? settling.copy.storageKey : run.storageKey;
  if (copy) await ctx.fileStore.delete([copy]).catch(() => {});
}
