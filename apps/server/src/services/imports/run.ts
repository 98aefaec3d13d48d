/**
 * A claimed run of a data import, as the runner's steps share it: who holds its lease, how far it got,
 * and what every write of the run reads and holds (the import, and the lease being still its own).
 */
import type { DataImport } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { one, rows, type Snapshot } from "../../domain/reads.ts";

/** How long a claimed import is its process's; each committed batch extends it. */
export const LEASE_MS = 60_000;

/** Another process took the import over (this one's lease ended): this one stops. */
export class LeaseLost extends Error {}
export interface Run {
  importId: number;
  companyId: number;
  token: string;
  /** Data rows the committed batches went past. */
  rowsDone: number;
  /** Runs before this one that failed in a row. */
  failures: number;
}

/** A run whose import has started, as it was then (what the type's reads are made from). */
export interface StartedRun extends Run {
  dataImport: DataImport;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** What every write of a run reads: the import and its lease, held (the lease is the run's own). */
export function runReads(run: Run) {
  return {
    dataImport: one("data-import", run.importId),
    lease: rows(
      sql`SELECT lease_token FROM data_import_runs WHERE import_id = ${run.importId}`,
      ([row]) => (row ? String(row.lease_token) : undefined),
      (plan, token) =>
        plan.hold(
          sql`(SELECT lease_token FROM data_import_runs WHERE import_id = ${run.importId}) IS ${token ?? null}`,
        ),
    ),
  };
}

/** The import as the run's write read it; `LeaseLost` when the run is no longer this process's. */
export function ownImport(run: Run, read: Snapshot<ReturnType<typeof runReads>>): DataImport {
  if (read.lease !== run.token || !read.dataImport) throw new LeaseLost();
  return read.dataImport;
}
