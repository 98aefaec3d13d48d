/**
 * A claimed run of a data import, as the runner's steps share it: who holds its lease, how far it got,
 * and what every write of the run reads and holds (the import, and the lease being still its own).
 */
import type { DataImport } from "@multichannel/schema";
import { one, type Snapshot } from "../../domain/reads.ts";
import { checkLease, type Lease, LeaseLost, type LeaseTable, leaseRead } from "../leases.ts";

/** The leases of imports (`data_import_runs`, made with the import: `write-rules/imports.ts`). */
export const IMPORT_LEASES: LeaseTable = { name: "data_import_runs", key: "import_id" };

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

/** The run's lease. */
export const leaseOf = (run: Run): Lease => ({ table: IMPORT_LEASES, id: run.importId, token: run.token });

/** What every write of a run reads: the import and its lease, held (the lease is the run's own). */
export function runReads(run: Run) {
  return { dataImport: one("data-import", run.importId), lease: leaseRead(leaseOf(run)) };
}

/** The import as the run's write read it; `LeaseLost` when the run is no longer this process's. */
export function ownImport(run: Run, read: Snapshot<ReturnType<typeof runReads>>): DataImport {
  checkLease(leaseOf(run), read.lease);
  if (!read.dataImport) throw new LeaseLost();
  return read.dataImport;
}
