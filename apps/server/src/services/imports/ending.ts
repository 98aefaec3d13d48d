/**
 * How a data import ends, in one write: its state, the files of its failed and skipped rows, its
 * summary and its event; its run and kept rows go.
 */
import { backgroundEvents, type DataImport } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { csvText } from "../../domain/csv-text.ts";
import { planFailure, withinCharacters } from "../../domain/failures.ts";
import { rows } from "../../domain/reads.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { executeWrite } from "../execute.ts";
import { fileUsage, planStoredFile } from "../files.ts";
import { MAX_KEPT_ROWS } from "./batches.ts";
import { ownImport, type Run, runReads } from "./run.ts";

/** How an import ends: `complete` (its rows applied or reported), `error` or `skipped`, with why. */
export type Ending =
  | { status: "complete" }
  | { status: "skipped"; message: string }
  | { status: "error"; code: ErrorCode; message: string };

/** What stopped an import that ended `error` (its `statusProblem.code`). */
type ErrorCode = "missing_field" | "unreadable_file" | "missing_columns" | "no_rows" | "failed";

interface KeptRow {
  outcome: string;
  cells: string[];
  message: string;
}

/**
 * Ends the import in one write: its state, the files of the rows that failed and were skipped (each
 * row as read, with an `error` or `reason` column; for an `error`, of the rows read before it stopped),
 * its summary, and `data_import.completed` (or
 * `.failed`); the run and its kept rows go. Answers true (the import is over).
 */
export async function finish(ctx: Ctx, run: Run, ending: Ending): Promise<true> {
  await executeWrite(
    { ctx },
    {
      reads: {
        ...runReads(run),
        usage: fileUsage(),
        kept: rows(
          sql`SELECT outcome, cells, message FROM data_import_rows WHERE import_id = ${run.importId} ORDER BY row_number`,
          (found): KeptRow[] =>
            found.map((row) => ({
              outcome: String(row.outcome),
              cells: JSON.parse(String(row.cells)),
              message: String(row.message),
            })),
        ),
      },
      plan(read, plan) {
        const dataImport = ownImport(run, read);
        const header = read.kept.find((row) => row.outcome === "header")?.cells ?? [];
        // The rows read before an `error` ending have their files too: what failed and was skipped of
        // the part applied.
        const files =
          ending.status === "skipped" ? {} : keptFiles(ctx, plan, read.usage, dataImport, header, read.kept);
        const summary =
          ending.status === "complete"
            ? summaryOf(dataImport) + keptNote(dataImport) + (files.note ?? "")
            : ending.message +
              (ending.status === "error" && rowsRead(dataImport)
                ? appliedNote(dataImport) + keptNote(dataImport) + (files.note ?? "")
                : "");
        // Within the bounds of `statusMessage`, and of `statusProblem` (8,192 bytes) with it.
        const message = withinCharacters(summary, 2000);
        const ended = plan.update(
          "data-import",
          dataImport,
          transitionValues("data-import", dataImport, ending.status, {
            completedAt: plan.now,
            statusMessage: message,
            errorUri: files.errorUri ?? null,
            skippedUri: files.skippedUri ?? null,
            statusProblem: ending.status === "error" ? { code: ending.code, message } : null,
          }),
          { movesState: true },
        );
        plan.write(sql`DELETE FROM data_import_rows WHERE import_id = ${run.importId}`);
        plan.write(sql`DELETE FROM data_import_runs WHERE import_id = ${run.importId}`);
        const [completed, failed] = backgroundEvents;
        plan.event(ending.status === "error" ? failed : completed, ended, undefined);
        if (ending.status === "error") {
          planFailure(plan, {
            source: "data-import",
            code: ending.code,
            message: `Data import ${dataImport.id} (${dataImport.importType ?? "no type"}): ${summary}`,
            subject: { kind: "data-import", id: dataImport.id },
          });
        }
      },
    },
  );
  return true;
}

/** What the files leave out, when the import had more failed or skipped rows than they keep. */
function keptNote({ errors, skipped }: DataImport): string {
  return errors > MAX_KEPT_ROWS || skipped > MAX_KEPT_ROWS
    ? ` (the files of failed and skipped rows list the first ${MAX_KEPT_ROWS} of each)`
    : "";
}

/** The data rows an import's committed batches applied or reported (each row counts once). */
export function rowsRead({ added, updated, skipped, errors }: DataImport): number {
  return added + updated + skipped + errors;
}

function summaryOf(dataImport: DataImport): string {
  const { added, updated, skipped, errors } = dataImport;
  return `${rowsRead(dataImport)} rows read: ${added} added, ${updated} updated, ${skipped} skipped, ${errors} failed`;
}

/**
 * What became of the file of an import that ended `error` after some of its batches were applied:
 * those rows stay applied, the rest of the file was not (nothing to say when no batch was).
 */
function appliedNote(dataImport: DataImport): string {
  const read = rowsRead(dataImport);
  if (!read) return "";
  const { added, updated, skipped, errors } = dataImport;
  return ` The file's rows 2 to ${read + 1} were read before it stopped, and what they did stays applied (${added} added, ${updated} updated, ${skipped} skipped, ${errors} failed); the rows after row ${read + 1} were not applied.`;
}

/**
 * The files of the failed and the skipped rows, stored for the company; past its files quota they are
 * not kept, and the summary says so.
 */
function keptFiles(
  ctx: Ctx,
  plan: WritePlan,
  usage: number,
  dataImport: DataImport,
  header: readonly string[],
  kept: readonly KeptRow[],
): { errorUri?: string; skippedUri?: string; note?: string } {
  const store = (outcome: string, column: string) => {
    const chosen = kept.filter((row) => row.outcome === outcome);
    if (!chosen.length) return undefined;
    const text = csvText([[...header, column], ...chosen.map((row) => [...row.cells, row.message])]);
    const body = new TextEncoder().encode(text);
    usage += body.byteLength;
    const name = `data-import-${dataImport.id}-${outcome === "error" ? "errors" : "skipped"}.csv`;
    return planStoredFile(plan, ctx, usage - body.byteLength, {
      name,
      contentType: "text/csv; charset=utf-8",
      body,
    }).url;
  };
  // Each file on its own: one past the quota is not kept, the other still is.
  const keep = (outcome: string, column: string) => {
    try {
      return { url: store(outcome, column) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { over: true };
    }
  };
  const errors = keep("error", "error");
  const skipped = keep("skipped", "reason");
  return {
    ...(errors.url ? { errorUri: errors.url } : {}),
    ...(skipped.url ? { skippedUri: skipped.url } : {}),
    ...(errors.over || skipped.over
      ? { note: " (a file of failed or skipped rows was not kept: the company's files are over their quota)" }
      : {}),
  };
}
