/**
 * A run of an import that failed (its file's server broke off, the database was away, a bug): tried
 * again after a pause that doubles with each failure in a row, the import's `statusMessage` saying so
 * meanwhile; the last failure allowed ends the import at once.
 */
import { sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { executeWrite } from "../execute.ts";
import { afterFailedRun, gaveUpMessage, MAX_FAILURES, type RunFailure } from "../failed-runs.ts";
import { iso } from "../leases.ts";
import { type Ending, finish, rowsRead } from "./ending.ts";
import { leaseOf, ownImport, type Run, runReads } from "./run.ts";

export { MAX_FAILURES };

/** How an import ends after `failures` failed runs in a row, the last one's `reason` if known. */
export function gaveUp(failures: number, reason?: string): Ending {
  return { status: "error", code: "failed", message: gaveUpMessage("import", failures, reason) };
}

/**
 * Records a failed run: the import ends `error` when it was the last failure allowed; else it is left
 * to a run at `retryAt`, its `statusMessage` saying so. Should that write fail too (the database away),
 * the lease alone is moved forward (`postpone`), and the next run ends or goes on with the import.
 */
export async function failedRun(
  ctx: Ctx,
  run: Run,
  error: unknown,
  postpone: (untilMs: number) => Promise<void>,
): Promise<void> {
  await afterFailedRun(
    ctx.db,
    { lease: leaseOf(run), claimed: run.failures, nowMs: Date.parse(ctx.now()) },
    error,
    {
      end: ({ failures, reason }) => finish(ctx, run, gaveUp(failures, reason)),
      wait: (failure) => noteRetry(ctx, run, failure),
      postpone,
    },
  );
}

/**
 * One write: the import's `statusMessage` says that its run failed, why, and when it is tried again;
 * its lease moves to then, with its failures counted.
 */
async function noteRetry(
  ctx: Ctx,
  run: Run,
  { failures, reason, retryAt }: RunFailure & { retryAt: number },
): Promise<void> {
  await executeWrite(
    { ctx },
    {
      reads: runReads(run),
      plan(read, plan) {
        const dataImport = ownImport(run, read);
        const applied = rowsRead(dataImport);
        const from = applied ? `, from row ${applied + 2} (${applied} rows applied so far)` : "";
        const message = `Attempt failed (${reason}), failure ${failures} in a row (failure ${MAX_FAILURES} ends the import). Next attempt at ${iso(retryAt)}${from}.`;
        plan.update("data-import", dataImport, { statusMessage: message.slice(0, 2000) });
        plan.write(
          sql`UPDATE data_import_runs SET failures = failures + 1, lease_until = ${iso(retryAt)} WHERE import_id = ${run.importId}`,
        );
      },
    },
  );
}
