/**
 * The rows of an import's file, gathered into batches and applied: each batch one write of the type's
 * plan and the import's bookkeeping (counts, the first failures' messages, the rows kept for the files
 * made at the end, how far the run got). A batch that fails whole is applied again a group at a time.
 */
import type { DataImport } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { quotedCell } from "../../domain/failures.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { executeWrite } from "../execute.ts";
import { iso, LEASE_MS } from "../leases.ts";
import { type ColumnPlaces, cellsOf, headersOf, matchColumns } from "./columns.ts";
import {
  anImport,
  columnNamed,
  failed,
  type ImportRow,
  type ImportType,
  type RowOutcome,
} from "./import-type.ts";
import { ownImport, type Run, runReads, type StartedRun } from "./run.ts";

/** At most this many failures are listed in `errorMessages`; the error file has more. */
const MAX_MESSAGES = 1000;
/**
 * At most this many failed rows, and as many skipped ones, go into the import's files: the files are
 * made at the end from what was kept, so that is what bounds their making (a stock take of 100,000 rows
 * imported twice skips them all).
 */
export const MAX_KEPT_ROWS = 10_000;

/**
 * The file's rows, matched to the type's columns by the header, gathered into batches (a group's rows
 * never split) and applied; the rows a crashed run committed are passed over.
 */
export class RowReader {
  header: readonly string[] | undefined;
  places: ColumnPlaces = new Map();
  /** The header of each column read, as the file writes it, by column name. */
  columns: Record<string, string> = {};
  dataRows = 0;
  private pending: ImportRow[] = [];

  constructor(
    private readonly ctx: Ctx,
    private readonly run: StartedRun,
    private readonly type: ImportType,
    private readonly sliceOver: () => boolean,
  ) {}

  /**
   * Takes rows as parsed; answers why the import cannot go on, if it cannot (missing columns), or
   * `paused` when the slice ended after a batch (the rows after it are read again next time).
   */
  async take(parsed: readonly string[][]): Promise<string | undefined> {
    for (const raw of parsed) {
      if (!this.header) {
        this.header = raw;
        const { places, missing } = matchColumns(raw, this.type.required, this.type.optional);
        if (missing.length) return missingColumns(this.run.dataImport, missing, raw);
        this.places = places;
        this.columns = headersOf(places, raw);
        continue;
      }
      // A line of separators and spaces only (`,,,`, as spreadsheets end their files) is an empty one.
      if (raw.every((cell) => !cell?.trim())) continue;
      this.dataRows++;
      if (this.dataRows <= this.run.rowsDone) continue;
      const row = { number: this.dataRows + 1, raw, cells: cellsOf(this.places, raw), columns: this.columns };
      const last = this.pending.at(-1);
      if (last && this.pending.length >= this.type.batchRows && this.groupOf(last) !== this.groupOf(row)) {
        await this.flush();
        if (this.sliceOver()) return "paused";
      }
      this.pending.push(row);
    }
    return undefined;
  }

  private groupOf(row: ImportRow): string {
    return this.type.groupOf?.(row) ?? String(row.number);
  }

  /** Applies the rows gathered. */
  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length) await applyRows(this.ctx, this.run, this.type, batch, this.header!);
  }
}

function missingColumns(
  dataImport: DataImport,
  missing: readonly string[],
  header: readonly string[],
): string {
  const names = missing.map((name) => `\`${name}\``).join(", ");
  return `The file lacks the column${missing.length > 1 ? "s" : ""} ${names} that ${anImport(dataImport.importType)} needs (its header: ${header.map(quotedCell).join(", ")}).`;
}

/**
 * Applies a batch of rows as one write; when that write fails as a whole (something only applying
 * finds), each group of rows is applied alone, so a failed row never stops the others.
 */
async function applyRows(
  ctx: Ctx,
  run: StartedRun,
  type: ImportType,
  batch: readonly ImportRow[],
  header: readonly string[],
): Promise<void> {
  try {
    await applyBatch(ctx, run, type, batch, header);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const groups = new Map<string, ImportRow[]>();
    for (const row of batch) {
      const key = type.groupOf?.(row) ?? String(row.number);
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      const alone =
        groups.size > 1 ? await applyBatch(ctx, run, type, group, header).catch((e: unknown) => e) : error;
      if (alone instanceof ApiError) await applyFailed(ctx, run, group, header, reasonOf(alone));
      else if (alone) throw alone;
    }
  }
  run.rowsDone = batch.at(-1)!.number - 1;
}

/**
 * Why a write refused rows, as a person reads it: its detail, then each field error it names as the
 * sentence its path and message make (`items.0.sku names no variant (sku X).`).
 */
function reasonOf(error: ApiError): string {
  const fields =
    error.extras.errors?.map((field) => `${field.path} ${field.message.replace(/\.$/, "")}.`) ?? [];
  return fields.length ? `${error.message} ${fields.join(" ")}` : error.message;
}

/** One write: the type's plan of the rows, and the import's bookkeeping of them. */
async function applyBatch(
  ctx: Ctx,
  run: StartedRun,
  type: ImportType,
  batch: readonly ImportRow[],
  header: readonly string[],
): Promise<undefined> {
  const ready = type.resolve ? await type.resolve(ctx, batch) : batch;
  const unfilled = ready.map((row) => unfilledCell(type, row));
  const filled = ready.filter((_, index) => !unfilled[index]);
  // The type's reads never use the run's names (`dataImport`, `lease`).
  await executeWrite(
    { ctx },
    {
      reads: { ...(filled.length ? type.reads(filled, run.dataImport) : {}), ...runReads(run) },
      async plan(read, plan) {
        const dataImport = ownImport(run, read);
        const planned = filled.length ? await type.plan({ ctx, dataImport, rows: filled, read, plan }) : [];
        let next = 0;
        const outcomes = unfilled.map((outcome) => outcome ?? planned[next++]!);
        planProgress(plan, run, dataImport, ready, outcomes, header, ctx.now());
      },
    },
  );
  return undefined;
}

/** The failure of a row that leaves a cell empty which every row must fill (`ImportType.filled`). */
function unfilledCell(type: ImportType, row: ImportRow): RowOutcome | undefined {
  const empty = (type.filled ?? type.required).find((column) => row.cells[column.name] === undefined);
  return empty && failed(row, `${columnNamed(row, empty.name)} is empty`);
}

/** Records a group's rows as failed with `message` (the group could not be applied). */
async function applyFailed(
  ctx: Ctx,
  run: Run,
  group: readonly ImportRow[],
  header: readonly string[],
  message: string,
): Promise<void> {
  await executeWrite(
    { ctx },
    {
      reads: runReads(run),
      plan(read, plan) {
        const dataImport = ownImport(run, read);
        const outcomes = group.map((row) => ({
          outcome: "error" as const,
          message: `Row ${row.number}: ${message}`,
        }));
        planProgress(plan, run, dataImport, group, outcomes, header, ctx.now());
      },
    },
  );
}

/**
 * The import's bookkeeping of a batch, in its write: the counts, the first failures' messages, the
 * failed and skipped rows kept for the files made at the end, and how far the run got (its lease
 * extended).
 */
function planProgress(
  plan: WritePlan,
  run: Run,
  dataImport: DataImport,
  batch: readonly ImportRow[],
  outcomes: readonly RowOutcome[],
  header: readonly string[],
  now: string,
): void {
  const count = (outcome: RowOutcome["outcome"]) =>
    outcomes.filter((each) => each.outcome === outcome).length;
  const messages = [...dataImport.errorMessages];
  const kept: unknown[][] = [];
  // How many of each the files hold so far: the first MAX_KEPT_ROWS of each are kept.
  const held = { error: dataImport.errors, skipped: dataImport.skipped };
  outcomes.forEach((each, index) => {
    if (!("message" in each)) return;
    const row = batch[index]!;
    if (each.outcome === "error" && messages.length < MAX_MESSAGES) messages.push(each.message);
    if (held[each.outcome]++ < MAX_KEPT_ROWS) {
      kept.push([row.number, each.outcome, row.raw, each.message.replace(/^Row [0-9]+: /, "")]);
    }
  });
  if (run.rowsDone === 0 && batch[0]?.number === 2) kept.unshift([1, "header", header, ""]);
  plan.update("data-import", dataImport, {
    added: dataImport.added + count("added"),
    updated: dataImport.updated + count("updated"),
    skipped: dataImport.skipped + count("skipped"),
    errors: dataImport.errors + count("error"),
    errorMessages: messages,
    // A failed run's notice (`retries.ts`) is over once a batch is applied.
    ...(dataImport.statusMessage ? { statusMessage: null } : {}),
  });
  if (kept.length) {
    plan.write(
      sql`INSERT INTO data_import_rows (import_id, row_number, outcome, cells, message) SELECT ${run.importId}, value ->> 0, value ->> 1, value -> 2, value ->> 3 FROM json_each(${JSON.stringify(kept)})`,
    );
  }
  const leaseUntil = iso(new Date(now).getTime() + LEASE_MS);
  plan.write(
    sql`UPDATE data_import_runs SET rows_done = ${batch.at(-1)!.number - 1}, failures = 0, lease_until = ${leaseUntil} WHERE import_id = ${run.importId}`,
  );
}
