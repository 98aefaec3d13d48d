/**
 * Runs data imports in the background (the dispatcher's `runOnce`, on every runtime): an import is
 * claimed for a lease, its file read as a stream of CSV rows, and its rows applied in batches, each
 * one write that also records the import's counts and how far it got. A process that dies mid-import
 * loses nothing: when its lease ends another claims the import and goes on after the last batch
 * committed. Two processes never apply one batch twice: each batch holds the lease it was planned under.
 */
import { backgroundEvents, type DataImport } from "@multichannel/schema";
import { stringify } from "csv-stringify/browser/esm/sync";
import type { Db } from "../../db/database.ts";
import { sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import type { OutboundPolicy } from "../../domain/outbound-urls.ts";
import { one, rows, type Snapshot } from "../../domain/reads.ts";
import type { Keyring } from "../../domain/secrets.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import type { LabelProvider } from "../../labels/provider.ts";
import { executeWrite } from "../execute.ts";
import { type FilesPolicy, fileUsage, planStoredFile } from "../files.ts";
import { type ColumnPlaces, cellsOf, matchColumns } from "./columns.ts";
import { csvRows, UnreadableFile } from "./csv-rows.ts";
import type { ImportRow, ImportType, RowOutcome } from "./import-type.ts";
import { IMPORT_TYPES, notImplemented, sameFileImported } from "./import-types.ts";
import { openImportFile } from "./source.ts";

export interface ImportRunnerDeps {
  db: Db;
  policy: OutboundPolicy;
  files: FilesPolicy;
  secrets: Promise<Keyring>;
  /** `Ctx.storedBaseUrl`: how the company's file links start. */
  storedBaseUrl: () => string;
  labels: LabelProvider;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** The largest file an import reads, in bytes. */
  maxBytes: number;
  /** How long one call runs imports before it lets the dispatcher do other work. */
  sliceMs: number;
}

/** The default largest import file: 50 MiB (about a million short rows). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** How long a claimed import is its process's; each committed batch extends it. */
const LEASE_MS = 60_000;
/** The pause after a run's first failure (doubled after each next one), and the failures it takes. */
const RETRY_MS = 30_000;
const MAX_FAILURES = 5;
/** At most this many failures are listed in `errorMessages`; the error file has more. */
const MAX_MESSAGES = 1000;
/**
 * At most this many failed rows, and as many skipped ones, go into the import's files: the files are
 * made at the end from what was kept, so that is what bounds their making (a stock take of 100,000 rows
 * imported twice skips them all).
 */
const MAX_KEPT_ROWS = 10_000;

/** Another process took the import over (this one's lease ended): this one stops. */
class LeaseLost extends Error {}

interface Run {
  importId: number;
  companyId: number;
  token: string;
  /** Data rows the committed batches went past. */
  rowsDone: number;
  /** Runs before this one that failed in a row. */
  failures: number;
}

/** A run whose import has started, as it was then (what the type's reads are made from). */
interface StartedRun extends Run {
  dataImport: DataImport;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs due imports for about `sliceMs`; answers whether work may be left (an import not finished in
 * the slice, or more waiting), so that the caller runs it again soon.
 */
export async function runImports(deps: ImportRunnerDeps): Promise<boolean> {
  const deadline = deps.now() + deps.sliceMs;
  do {
    const run = await claim(deps);
    if (!run) return false;
    const finished = await runClaimed(deps, run, () => deps.now() >= deadline).catch(
      async (error: unknown) => {
        if (error instanceof LeaseLost) return false;
        await failedRun(deps, run);
        throw error;
      },
    );
    if (!finished) return true;
  } while (deps.now() < deadline);
  return true;
}

/**
 * A run that failed (a database error, a bug): tried again after a pause that grows with each failure in
 * a row; after `MAX_FAILURES` the import ends `error` (`runClaimed`).
 */
async function failedRun(deps: ImportRunnerDeps, run: Run): Promise<void> {
  const pause = RETRY_MS * 2 ** run.failures;
  await deps.db.execute({
    sql: "UPDATE data_import_runs SET failures = failures + 1, lease_until = ? WHERE import_id = ? AND lease_token = ?",
    args: [iso(deps.now() + pause), run.importId, run.token],
  });
}

/** Claims the oldest import whose lease is free (never taken, or ended): moves its lease forward. */
async function claim(deps: ImportRunnerDeps): Promise<Run | undefined> {
  const at = deps.now();
  const token = crypto.randomUUID();
  const result = await deps.db.execute({
    sql: "UPDATE data_import_runs SET lease_token = ?, lease_until = ? WHERE import_id = (SELECT import_id FROM data_import_runs WHERE lease_until IS NULL OR lease_until <= ? ORDER BY import_id LIMIT 1) AND (lease_until IS NULL OR lease_until <= ?) RETURNING import_id, company_id, rows_done, failures",
    args: [token, iso(at + LEASE_MS), iso(at), iso(at)],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    importId: Number(row.import_id),
    companyId: Number(row.company_id),
    token,
    rowsDone: Number(row.rows_done),
    failures: Number(row.failures),
  };
}

/** The context the import's writes run in: its company's, on behalf of no API key. */
function importContext(deps: ImportRunnerDeps, companyId: number): Ctx {
  return {
    db: deps.db,
    companyId,
    actor: { companyId, tokenId: 0, readOnly: false },
    now: () => iso(deps.now()),
    baseUrl: deps.storedBaseUrl(),
    storedBaseUrl: deps.storedBaseUrl(),
    labels: deps.labels,
    files: deps.files,
    outbound: deps.policy,
    secrets: deps.secrets,
  };
}

/** What every write of a run reads: the import and its lease, held (the lease is the run's own). */
function runReads(run: Run) {
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
function ownImport(run: Run, read: Snapshot<ReturnType<typeof runReads>>): DataImport {
  if (read.lease !== run.token || !read.dataImport) throw new LeaseLost();
  return read.dataImport;
}

/**
 * Runs a claimed import until it ends (true) or the slice does (false: its lease is given back, and
 * the next call goes on from where it got).
 */
async function runClaimed(deps: ImportRunnerDeps, run: Run, sliceOver: () => boolean): Promise<boolean> {
  const ctx = importContext(deps, run.companyId);
  if (run.failures >= MAX_FAILURES) {
    const message = `The import failed ${run.failures} times in a row without applying a batch (the server's log says why); it is not tried again.`;
    return finish(ctx, run, { status: "error", code: "failed", message });
  }
  const dataImport = await started(ctx, run);
  const ready = await readiness(ctx, run, dataImport);
  if ("status" in ready) return finish(ctx, run, ready);
  const ended = await applyFile(ctx, { ...run, dataImport }, ready, deps.maxBytes, sliceOver).catch(
    (error: unknown): Ending => {
      if (!(error instanceof UnreadableFile)) throw error;
      return { status: "error", code: "unreadable_file", message: error.message };
    },
  );
  if (ended === "paused") {
    await release(deps, run);
    return false;
  }
  return finish(ctx, run, ended);
}

/** The import's type, or why it ends before its file is read (what it lacks, the same file imported). */
async function readiness(ctx: Ctx, run: Run, dataImport: DataImport): Promise<ImportType | Ending> {
  const { importType, fileUri } = dataImport;
  if (!importType || !fileUri) {
    const message = `The import has no ${importType ? "fileUri" : "importType"}: it names no file or no type of rows to import.`;
    return { status: "error", code: "missing_field", message };
  }
  const type = IMPORT_TYPES[importType];
  if (!type) return { status: "error", code: "not_implemented", message: notImplemented(dataImport) };
  const refused = type.check?.(dataImport);
  if (refused) return { status: "error", code: "missing_field", message: refused };
  const earlier = run.rowsDone === 0 ? await sameFileImported(ctx, dataImport) : undefined;
  return earlier ? { status: "skipped", message: earlier } : type;
}

/**
 * Reads the import's file and applies its rows; answers how the import ends, or `paused` when the slice
 * ended after a batch. `UnreadableFile`: the file cannot be read as CSV text.
 */
async function applyFile(
  ctx: Ctx,
  run: StartedRun,
  type: ImportType,
  maxBytes: number,
  sliceOver: () => boolean,
): Promise<Ending | "paused"> {
  const file = await openImportFile(ctx, run.dataImport.fileUri ?? "", maxBytes);
  const reading = new RowReader(ctx, run, type, sliceOver);
  for await (const pieceRows of csvRows(file.bytes)) {
    const taken = await reading.take(pieceRows);
    if (taken === "paused") return taken;
    if (taken) return { status: "error", code: "missing_columns", message: taken };
  }
  await reading.flush();
  if (!reading.header) return { status: "error", code: "no_rows", message: "The file is empty." };
  if (reading.dataRows === 0) {
    return { status: "error", code: "no_rows", message: "The file has a header but no rows." };
  }
  return { status: "complete" };
}

/** Gives the lease back (the slice is over), so that the next run claims the import at once. */
async function release(deps: ImportRunnerDeps, run: Run): Promise<void> {
  await deps.db.execute({
    sql: "UPDATE data_import_runs SET lease_until = NULL WHERE import_id = ? AND lease_token = ?",
    args: [run.importId, run.token],
  });
}

/** The import, `started` (with its start time) the first time a run claims it. */
async function started(ctx: Ctx, run: Run): Promise<DataImport> {
  return executeWrite(
    { ctx },
    {
      reads: runReads(run),
      plan(read, plan) {
        const dataImport = ownImport(run, read);
        if (dataImport.status !== "pending") return dataImport;
        return plan.update(
          "data-import",
          dataImport,
          transitionValues("data-import", dataImport, "started", { startedAt: plan.now }),
          { movesState: true },
        );
      },
    },
  );
}

/**
 * The file's rows, matched to the type's columns by the header, gathered into batches (a group's rows
 * never split) and applied; the rows a crashed run committed are passed over.
 */
class RowReader {
  header: readonly string[] | undefined;
  places: ColumnPlaces = new Map();
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
        continue;
      }
      this.dataRows++;
      if (this.dataRows <= this.run.rowsDone) continue;
      const row = { number: this.dataRows + 1, raw, cells: cellsOf(this.places, raw) };
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
  return `The file lacks the column${missing.length > 1 ? "s" : ""} ${names} that a ${dataImport.importType} import needs (its header: ${header.join(", ")}).`;
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

/** Why a write refused rows, as a person reads it: the fields' errors it names, else its detail. */
function reasonOf(error: ApiError): string {
  const fields = error.extras.errors?.map((field) => field.message) ?? [];
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
  // The type's reads never use the run's names (`dataImport`, `lease`).
  await executeWrite(
    { ctx },
    {
      reads: { ...type.reads(ready, run.dataImport), ...runReads(run) },
      async plan(read, plan) {
        const dataImport = ownImport(run, read);
        const outcomes = await type.plan({ ctx, dataImport, rows: ready, read, plan });
        planProgress(plan, run, dataImport, ready, outcomes, header, ctx.now());
      },
    },
  );
  return undefined;
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

/** How an import ends: `complete` (its rows applied or reported), `error` or `skipped`, with why. */
type Ending =
  | { status: "complete" }
  | { status: "skipped"; message: string }
  | { status: "error"; code: ErrorCode; message: string };

/** What stopped an import that ended `error` (its `statusProblem.code`). */
type ErrorCode =
  | "not_implemented"
  | "missing_field"
  | "unreadable_file"
  | "missing_columns"
  | "no_rows"
  | "failed";

interface KeptRow {
  outcome: string;
  cells: string[];
  message: string;
}

/**
 * Ends the import in one write: its state, the files of the rows that failed and were skipped (each
 * row as read, with an `error` or `reason` column), its summary, and `data_import.completed` (or
 * `.failed`); the run and its kept rows go. Answers true (the import is over).
 */
async function finish(ctx: Ctx, run: Run, ending: Ending): Promise<true> {
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
        const files =
          ending.status === "complete" ? keptFiles(ctx, plan, read.usage, dataImport, header, read.kept) : {};
        const summary =
          ending.status === "complete"
            ? summaryOf(dataImport) + keptNote(dataImport) + (files.note ?? "")
            : ending.message;
        const ended = plan.update(
          "data-import",
          dataImport,
          transitionValues("data-import", dataImport, ending.status, {
            completedAt: plan.now,
            statusMessage: summary.slice(0, 2000),
            errorUri: files.errorUri ?? null,
            skippedUri: files.skippedUri ?? null,
            statusProblem: ending.status === "error" ? { code: ending.code, message: summary } : null,
          }),
          { movesState: true },
        );
        plan.write(sql`DELETE FROM data_import_rows WHERE import_id = ${run.importId}`);
        plan.write(sql`DELETE FROM data_import_runs WHERE import_id = ${run.importId}`);
        const [completed, failed] = backgroundEvents;
        plan.event(ending.status === "error" ? failed : completed, ended, undefined);
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

function summaryOf(dataImport: DataImport): string {
  const { added, updated, skipped, errors } = dataImport;
  const total = added + updated + skipped + errors;
  return `${total} rows read: ${added} added, ${updated} updated, ${skipped} skipped, ${errors} failed`;
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
    const text = stringify([[...header, column], ...chosen.map((row) => [...row.cells, row.message])], {
      record_delimiter: "\r\n",
      escape_formulas: true,
    });
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
