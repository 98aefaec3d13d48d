/**
 * Failed runs of background work done under a lease (`leases.ts`: a data import's, a feed fetch's): a
 * run that fails (a file's server broke off, the database was away, a bug) is tried again after a pause
 * that doubles with each failure in a row, and the last failure allowed ends the job at once, saying
 * why. The failures are counted as the lease's row has them when the run fails: a write that took the
 * job forward set them back to 0.
 */
import type { Db } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import { DownloadFailed } from "./downloads.ts";
import type { Lease } from "./leases.ts";

/** The pause after a run's first failure (doubled after each next one), and the failures it takes. */
export const RETRY_MS = 30_000;
export const MAX_FAILURES = 5;

/** A failed run: which failure in a row it was, and why, as the job's record tells it. */
export interface RunFailure {
  failures: number;
  reason: string;
}

/** Why a run failed, as a record tells it: a broken download's reason, else the log's. */
export function failureReason(error: unknown): string {
  if (error instanceof DownloadFailed) return error.message.replace(/\.$/, "");
  return "a fault of the service: the server's log says why";
}

/** How a job (`import`, `fetch`) ends after `failures` failed runs in a row, the last one's `reason` if known. */
export function gaveUpMessage(job: string, failures: number, reason?: string): string {
  const why = reason ? `the last time: ${reason}` : "the server's log says why";
  return `The ${job} failed ${failures} times in a row (${why}); it is not tried again.`;
}

/**
 * After a run of the job failed with `error`: `end` ends the job when it was the last failure allowed;
 * else `wait` leaves it to a run at `retryAt` (counting the failure and moving the lease there), or
 * `postpone` does when there is no `wait`. Should the job's own write fail too (the database away),
 * `postpone` alone moves the lease forward (counting the failure), and the next run ends or goes on
 * with the job. `claimed`: the failures in a row its claim read, for when its row cannot be read now.
 */
export async function afterFailedRun(
  db: Db,
  job: { lease: Lease; claimed: number; nowMs: number },
  error: unknown,
  handlers: {
    end(failure: RunFailure): Promise<unknown>;
    wait?(failure: RunFailure & { retryAt: number }): Promise<unknown>;
    postpone(untilMs: number): Promise<void>;
  },
): Promise<void> {
  const { lease, claimed, nowMs } = job;
  const before = await failuresOf(db, lease).then(
    (found) => found ?? claimed,
    () => undefined,
  );
  if (before === undefined) return handlers.postpone(nowMs + RETRY_MS * 2 ** claimed);
  const failure = { failures: before + 1, reason: failureReason(error) };
  if (failure.failures >= MAX_FAILURES) {
    const ended = await handlers.end(failure).then(
      () => true,
      () => false,
    );
    // Not ended here: the next run ends it, soon.
    if (!ended) await handlers.postpone(nowMs + RETRY_MS);
    return;
  }
  const retryAt = nowMs + RETRY_MS * 2 ** before;
  const noted = handlers.wait
    ? await handlers.wait({ ...failure, retryAt }).then(
        () => true,
        () => false,
      )
    : false;
  if (!noted) await handlers.postpone(retryAt);
}

/** The job's failures in a row before this run, as its lease's row counts them (none: its row is gone). */
async function failuresOf(db: Db, { table, id }: Lease): Promise<number | undefined> {
  const found = await db.execute(
    sql`SELECT failures FROM ${sql.id(table.name)} WHERE ${sql.id(table.key)} = ${id}`.statement(),
  );
  const failures = found.rows[0]?.failures;
  return failures === undefined || failures === null ? undefined : Number(failures);
}
