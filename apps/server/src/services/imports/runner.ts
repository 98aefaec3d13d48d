/**
 * Runs data imports in the background (the dispatcher's `runOnce`, on every runtime): an import is
 * claimed for a lease, its file read as a stream of CSV rows, and its rows applied in batches, each
 * one write that also records the import's counts and how far it got. A process that dies mid-import
 * loses nothing: when its lease ends another claims the import and goes on after the last batch
 * committed. Two processes never apply one batch twice: each batch holds the lease it was planned under.
 */
import type { InStatement } from "@libsql/client";
import type { DataImport } from "@multichannel/schema";
import type { Db } from "../../db/database.ts";
import type { FileStore } from "../../db/file-store.ts";
import { sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import type { OutboundPolicy } from "../../domain/outbound-urls.ts";
import { one, readNamed } from "../../domain/reads.ts";
import type { Keyring } from "../../domain/secrets.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { LabelProvider } from "../../labels/provider.ts";
import { backgroundCtx } from "../background.ts";
import { DownloadFailed } from "../downloads.ts";
import { executeWrite } from "../execute.ts";
import type { FilesPolicy } from "../files.ts";
import { iso, LEASE_MS, LeaseLost, postponeLease, releaseLease } from "../leases.ts";
import { RowReader } from "./batches.ts";
import { csvRows, UnreadableFile } from "./csv-rows.ts";
import { type Ending, finish } from "./ending.ts";
import type { ImportType } from "./import-type.ts";
import { IMPORT_TYPES, recordFileKey, sameFileMessage, sameFileReads } from "./import-types.ts";
import { failedRun, gaveUp, MAX_FAILURES } from "./retries.ts";
import { leaseOf, ownImport, type Run, runReads, type StartedRun } from "./run.ts";
import { fileKeyOf, type ImportFileLimits, openImportFile, tooLarge } from "./source.ts";

export interface ImportRunnerDeps {
  db: Db;
  policy: OutboundPolicy;
  files: FilesPolicy;
  /** Where the company's files keep their bodies (the file read, the files of failed and skipped rows). */
  fileStore: FileStore;
  secrets: Promise<Keyring>;
  /** `Ctx.storedBaseUrl`: how the company's file links start. */
  storedBaseUrl: () => string;
  labels: LabelProvider;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** The largest file an import reads, in bytes. */
  maxBytes: number;
  /** The longest a run waits on a downloaded file's server in all (`ImportFileLimits`). */
  downloadWaitMs: number;
  /** How long one call runs imports before it lets the dispatcher do other work. */
  sliceMs: number;
}

/** The default largest import file: 50 MiB (about a million short rows). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/**
 * The default longest a run waits on a downloaded file's server in all: a server that sends a little now
 * and then never keeps it waiting 30 s at once, and would hold the run for ever (2 minutes, as a feed's
 * whole download; the run's own time applying rows does not count).
 */
export const IMPORT_DOWNLOAD_WAIT_MS = 120_000;
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
        await failedRun(importContext(deps, run.companyId), run, error, (until) =>
          postponeLease(deps.db, leaseOf(run), until),
        );
        throw error;
      },
    );
    if (!finished) return true;
  } while (deps.now() < deadline);
  return true;
}

/**
 * Claims an import whose lease is free: one never taken first (the oldest), else the one whose lease
 * ended first. An import under way gives its lease back after each slice, so imports (of every company)
 * take turns a slice each; a small file is not left waiting behind a large one. Moves its lease forward.
 */
async function claim(deps: ImportRunnerDeps): Promise<Run | undefined> {
  const at = deps.now();
  const token = crypto.randomUUID();
  const result = await deps.db.execute(
    sql`UPDATE data_import_runs SET lease_token = ${token}, lease_until = ${iso(at + LEASE_MS)} WHERE import_id = (SELECT import_id FROM data_import_runs WHERE lease_until IS NULL OR lease_until <= ${iso(at)} ORDER BY lease_until IS NOT NULL, lease_until, import_id LIMIT 1) AND (lease_until IS NULL OR lease_until <= ${iso(at)}) RETURNING import_id, company_id, rows_done, failures`.statement(),
  );
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

/**
 * The context the import's writes run in: background work's (its company's, on behalf of no API key),
 * but its clock read at each call: a run's slice spans many batches, each stamped with its own time.
 */
function importContext(deps: ImportRunnerDeps, companyId: number): Ctx {
  return { ...backgroundCtx(deps, companyId), now: () => iso(deps.now()) };
}

/**
 * Runs a claimed import until it ends (true) or the slice does (false: its lease is given back, and
 * the next call goes on from where it got).
 */
async function runClaimed(deps: ImportRunnerDeps, run: Run, sliceOver: () => boolean): Promise<boolean> {
  const ctx = importContext(deps, run.companyId);
  // Its last failure could not end it (`failedRun`).
  if (run.failures >= MAX_FAILURES) return finish(ctx, run, gaveUp(run.failures));
  const { dataImport, earlier } = await started(ctx, run);
  const ready = readiness(dataImport, earlier);
  if ("status" in ready) return finish(ctx, run, ready);
  const ended = await applyFile(ctx, { ...run, dataImport }, ready, deps, sliceOver).catch(
    (error: unknown): Ending => {
      const unreadable =
        error instanceof DownloadFailed && error.reason === "too_large" ? tooLarge(deps.maxBytes) : error;
      // Anything else (a connection broken mid-file) is tried again, from the last batch applied.
      if (!(unreadable instanceof UnreadableFile)) throw error;
      return { status: "error", code: "unreadable_file", message: unreadable.message };
    },
  );
  if (ended === "paused") {
    await releaseLease(deps.db, leaseOf(run), iso(deps.now()));
    return false;
  }
  return finish(ctx, run, ended);
}

/** The import's type, or why it ends before its file is read (what it lacks, the same file imported). */
function readiness(dataImport: DataImport, earlier: DataImport | undefined): ImportType | Ending {
  const { importType, fileUri } = dataImport;
  if (!importType || !fileUri) {
    const message = `The import has no ${importType ? "fileUri" : "importType"}: it names no file or no type of rows to import.`;
    return { status: "error", code: "missing_field", message };
  }
  const type = IMPORT_TYPES[importType];
  const refused = type.check?.(dataImport);
  if (refused) return { status: "error", code: "missing_field", message: refused };
  return earlier ? { status: "skipped", message: sameFileMessage(earlier) } : type;
}

/**
 * Reads the import's file and applies its rows; answers how the import ends, or `paused` when the slice
 * ended after a batch. `UnreadableFile`: the file cannot be read as CSV text.
 */
async function applyFile(
  ctx: Ctx,
  run: StartedRun,
  type: ImportType,
  limits: ImportFileLimits,
  sliceOver: () => boolean,
): Promise<Ending | "paused"> {
  const file = await openImportFile(ctx, run.dataImport.fileUri ?? "", limits);
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

/**
 * The import, `started` (with its start time) the first time a run claims it, and before its first batch
 * an import of the same adjustment file that went first (`sameFileReads`). The file's key is computed
 * from the import as read just before (a URL is parsed outside SQL); the start write holds the import
 * as read, and if its `fileUri` changed in between (a `PUT` while it was pending), it is read again.
 */
async function started(
  ctx: Ctx,
  run: Run,
): Promise<{ dataImport: DataImport; earlier: DataImport | undefined }> {
  // Before its first batch: whether another import of its file (an adjustment file) went first.
  const keyed = run.rowsDone === 0 ? await fileUriOf(ctx, run) : undefined;
  const fileKey = keyed === undefined ? undefined : fileKeyOf(ctx, keyed);
  const reads = { ...runReads(run), ...(keyed === undefined ? {} : sameFileReads(run.importId, fileKey)) };
  const start = await executeWrite(
    { ctx },
    {
      reads,
      plan(read, plan) {
        const found = ownImport(run, read);
        if (keyed !== undefined && (found.fileUri ?? "") !== keyed) return "renamed";
        const earlier = read.sameFile?.[0];
        if (!earlier) recordFileKey(plan, found, fileKey);
        if (found.status !== "pending") return { dataImport: found, earlier };
        const values = transitionValues("data-import", found, "started", { startedAt: plan.now });
        return { dataImport: plan.update("data-import", found, values, { movesState: true }), earlier };
      },
    },
  );
  return start === "renamed" ? started(ctx, run) : start;
}

/** The `fileUri` of the run's import as it is now ("" without one, or when the import is gone). */
async function fileUriOf(ctx: Ctx, run: Run): Promise<string> {
  const read = (statements: readonly InStatement[]) => ctx.db.read(statements);
  const { dataImport } = await readNamed(
    read,
    { dataImport: one("data-import", run.importId) },
    ctx.companyId,
  );
  return dataImport?.fileUri ?? "";
}
