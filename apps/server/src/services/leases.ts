/**
 * Leases on background work done in many writes (a data import's batches, a feed fetch's): a job is
 * claimed by one process for a while (`LEASE_MS`), each write of it holds the lease as still that
 * process's and extends it, and a process that stops leaves the job to whoever claims it once its
 * lease has ended, to go on from the last write committed. Two processes never apply one step twice.
 */
import type { Db } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import { type Read, rows } from "../domain/reads.ts";

/** How long a claimed job is its process's; each committed write extends it. */
export const LEASE_MS = 60_000;

/** Another process took the job over (this one's lease ended): this one stops. */
export class LeaseLost extends Error {}

export const iso = (ms: number) => new Date(ms).toISOString();

/** A table of leases (one row per job owed, keyed by its record's id), and its key column. */
export type LeaseTable =
  | { name: "data_import_runs"; key: "import_id" }
  | { name: "inventory_feed_fetches"; key: "file_id" };

/** A job's lease as its process holds it. */
export interface Lease {
  table: LeaseTable;
  id: number;
  token: string;
}

/** SQL: the row of the job's lease. */
const rowOf = ({ table, id }: Omit<Lease, "token">) => sql`${sql.id(table.key)} = ${id}`;

/**
 * What every write of a job reads: the token of its lease, held as read (the write applies only while
 * the lease is still the one it read).
 */
export function leaseRead(lease: Omit<Lease, "token">): Read<string | undefined> {
  const token = sql`(SELECT lease_token FROM ${sql.id(lease.table.name)} WHERE ${rowOf(lease)})`;
  return rows(
    sql`SELECT lease_token FROM ${sql.id(lease.table.name)} WHERE ${rowOf(lease)}`,
    ([row]) => (row ? String(row.lease_token) : undefined),
    (plan, read) => plan.hold(sql`${token} IS ${read ?? null}`),
  );
}

/** `LeaseLost` unless the token a write read is the process's own. */
export function checkLease(lease: Lease, read: string | undefined): void {
  if (read !== lease.token) throw new LeaseLost();
}

/**
 * Gives the lease back (the process's slice is over), so that the next run may claim the job at once:
 * its lease ends `at`, which puts it behind the jobs waiting longer (claims take the lease that ended
 * first), so that jobs under way take turns instead of the oldest running to its end.
 */
export async function releaseLease(db: Db, lease: Lease, at: string): Promise<void> {
  const { table, token } = lease;
  await db.execute(
    sql`UPDATE ${sql.id(table.name)} SET lease_until = ${at} WHERE ${rowOf(lease)} AND lease_token = ${token}`.statementFor(
      0,
    ),
  );
}

/**
 * Runs `work`, a long step of the job that writes nothing of its own (a download), while extending the
 * job's lease every `everyMs` (a third of `LEASE_MS`) to `LEASE_MS` from `nowMs()`: no other process claims the job meanwhile,
 * however long the step takes. A renewal that fails is left to the next one; a lease another process
 * took is not taken back (the renewal names the token), and the job's next write finds it lost.
 */
export async function whileLeased<T>(
  db: Db,
  lease: Lease,
  nowMs: () => number,
  work: () => Promise<T>,
  everyMs = LEASE_MS / 3,
): Promise<T> {
  const { table, token } = lease;
  const renew = () =>
    db
      .execute(
        sql`UPDATE ${sql.id(table.name)} SET lease_until = ${iso(nowMs() + LEASE_MS)} WHERE ${rowOf(lease)} AND lease_token = ${token}`.statementFor(
          0,
        ),
      )
      .catch(() => undefined);
  const timer = setInterval(renew, everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * A run of the job failed (a database error, a bug): its failures counted, and the job left alone until
 * `untilMs`, when another run may try it.
 */
export async function postponeLease(db: Db, lease: Lease, untilMs: number): Promise<void> {
  const { table, token } = lease;
  await db.execute(
    sql`UPDATE ${sql.id(table.name)} SET failures = failures + 1, lease_until = ${iso(untilMs)} WHERE ${rowOf(lease)} AND lease_token = ${token}`.statementFor(
      0,
    ),
  );
}
