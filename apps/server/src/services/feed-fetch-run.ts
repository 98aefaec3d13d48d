/**
 * A claimed fetch of a pending feed file, as the fetch's steps share it (`feed-fetch.ts`): who holds
 * its lease, how far it got, and what every write of it reads and holds (the file, still pending, and
 * the lease, still its own).
 */
import type { InventoryFeed, InventoryFeedFile } from "@multichannel/schema";
import { sql } from "../db/sql.ts";
import { fileNameFrom } from "../domain/file-names.ts";
import { one, type Snapshot } from "../domain/reads.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { checkLease, iso, LEASE_MS, type Lease, type LeaseTable, leaseRead } from "./leases.ts";

/** The leases of feed fetches: a row per fetch under way, made when it is first claimed. */
const FETCH_LEASES: LeaseTable = { name: "inventory_feed_fetches", key: "file_id" };

/** A claimed fetch of a pending feed file, as its steps share it. */
export interface FetchRun {
  fileId: number;
  companyId: number;
  token: string;
  /** The file's copy in the file store, once downloaded. */
  storageKey: string | null;
  /** Rows of the file the committed batches went past. */
  rowsDone: number;
  /** Runs before this one that failed in a row. */
  failures: number;
}

export const leaseOf = (run: FetchRun): Lease => ({ table: FETCH_LEASES, id: run.fileId, token: run.token });

/** The file is no longer a pending fetch (deleted, or settled by another hand): its fetch stops. */
export class FileNotPending extends Error {}

/** What every write of a fetch reads: its file (and the feed it is for), and its lease, held. */
export function runReads(run: FetchRun) {
  return { file: one("inventory-feed-file", run.fileId), lease: leaseRead(leaseOf(run)) };
}

/**
 * The file as the fetch's write read it: `LeaseLost` when the fetch is no longer this process's,
 * `FileNotPending` when the file is no longer a pending fetch.
 */
export function ownFile(run: FetchRun, read: Snapshot<ReturnType<typeof runReads>>): InventoryFeedFile {
  checkLease(leaseOf(run), read.lease);
  if (read.file?.status !== "pending") throw new FileNotPending();
  return read.file;
}

/** SQL: the fetch's lease extended from `now`, with how far it got. */
export function progressSql(
  run: FetchRun,
  now: string,
  values: { rowsDone?: number; storageKey?: string } = {},
) {
  const until = iso(new Date(now).getTime() + LEASE_MS);
  const rowsDone = values.rowsDone ?? run.rowsDone;
  const storageKey = values.storageKey ?? run.storageKey;
  return sql`UPDATE inventory_feed_fetches SET lease_until = ${until}, rows_done = ${rowsDone}, storage_key = ${storageKey}, failures = 0 WHERE file_id = ${run.fileId}`;
}

/** The fetch's lease and the items it saw, deleted in its last write. */
export function planLetGo(plan: WritePlan, run: FetchRun): void {
  plan.write(sql`DELETE FROM inventory_feed_seen WHERE file_id = ${run.fileId}`);
  plan.write(sql`DELETE FROM inventory_feed_fetches WHERE file_id = ${run.fileId}`);
}

/** The last segment of the feed's url, decoded, as a file's name (`fileNameFrom`); null when none is left. */
export function fileNameOf(feed: InventoryFeed): string | null {
  try {
    return fileNameFrom(decodeURIComponent(new URL(feed.url ?? "").pathname.split("/").pop() ?? "")) ?? null;
  } catch {
    return null;
  }
}
