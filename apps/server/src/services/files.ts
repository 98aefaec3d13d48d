import { type Executor, firstRow } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import type { Ctx } from "../domain/context.ts";
import { type Read, rows } from "../domain/reads.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { ApiError } from "../errors.ts";

/** How generated files are bounded per company (`FILES_KEEP_DAYS`, `FILES_QUOTA_MB`). */
export interface FilesPolicy {
  /** Days a file is kept: older ones are not served, and the dispatcher's pruning deletes them. */
  readonly keepDays: number;
  /** Bytes of files one company may keep, in all. */
  readonly quotaBytes: number;
}

export const DEFAULT_FILES_POLICY: FilesPolicy = { keepDays: 90, quotaBytes: 1024 * 1024 * 1024 };

const DAY_MS = 86_400_000;

/** The oldest creation time a file may have to be kept at `now` (ISO 8601). */
export function filesKeptSince(policy: FilesPolicy, now: string | number): string {
  return new Date(new Date(now).getTime() - policy.keepDays * DAY_MS).toISOString();
}

/**
 * The bytes the company's stored files take, which `planStoredFile` checks its quota against: a read of
 * the pipeline of a write that stores one. Not held: a file stored meanwhile is another writer's, and
 * the quota is a bound, not a count to keep exact.
 */
export const fileUsage = (): Read<number> =>
  rows(
    sql`SELECT COALESCE(SUM(length(body)), 0) AS used FROM stored_files WHERE company_id = ${sql.company}`,
    ([row]) => Number(row?.used ?? 0),
  );

/**
 * 409 when a file of `bytes` would take the company over its quota (`used`: what `fileUsage` read).
 * `atLeast`: `bytes` is what the file will take at least, known before it is made (an export's
 * rows before they are written out), so that a file that cannot be kept is not made.
 */
export function checkFileQuota(ctx: Ctx, used: number, bytes: number, atLeast = false): void {
  const quota = ctx.files.quotaBytes;
  if (used + bytes <= quota) return;
  throw new ApiError(
    "conflict",
    `The company's generated files take ${used} bytes; this one (${atLeast ? "at least " : ""}${bytes} bytes) would pass its quota of ${quota} bytes. Files are kept ${ctx.files.keepDays} days and then deleted; the operator sets the quota (FILES_QUOTA_MB).`,
    { rule: "file_quota" },
  );
}

/**
 * Plans storing a generated file (a label, an export) for the company: answers its id and download URL,
 * provisional until the plan's batch runs. 409 when it would take the company over its quota (`used`:
 * what `fileUsage` read), before anything is written.
 */
export function planStoredFile(
  plan: WritePlan,
  ctx: Ctx,
  used: number,
  input: { name: string; contentType: string; body: Uint8Array },
): { id: number; url: string } {
  checkFileQuota(ctx, used, input.body.byteLength);
  const id = plan.insertRow(
    sql`INSERT INTO stored_files (company_id, name, content_type, body, created_at) VALUES (${sql.company}, ${input.name}, ${input.contentType}, ${input.body}, ${plan.now})`,
  );
  return { id, url: `${ctx.storedBaseUrl}/files/${id}/${encodeURIComponent(input.name)}` };
}

/** A stored file of the company, while it is kept. */
export async function readFile({ ctx, id }: { ctx: Ctx; id: number }) {
  const result = await ctx.db.execute({
    sql: "SELECT name, content_type, body FROM stored_files WHERE id = ? AND company_id = ? AND created_at >= ?",
    args: [id, ctx.companyId, filesKeptSince(ctx.files, ctx.now())],
  });
  const row = result.rows[0];
  if (!row)
    throw new ApiError("not_found", `No file with id ${id} (files are kept ${ctx.files.keepDays} days).`);
  const body = row.body as ArrayBuffer | Uint8Array;
  return {
    name: String(row.name),
    contentType: String(row.content_type),
    body: body instanceof Uint8Array ? body : new Uint8Array(body),
  };
}

/**
 * Deletes the files past their keeping time (the dispatcher's pruning). Ids follow time and there is no
 * index on it, so the first id to keep is found by halving the range of ids (a few lookups by id).
 */
export async function pruneFiles(db: Executor, policy: FilesPolicy, now: number): Promise<void> {
  const since = filesKeptSince(policy, now);
  const range = await firstRow(db, { sql: "SELECT min(id) AS low, max(id) AS high FROM stored_files" });
  if (!range || range.low === null) return;
  let [low, high] = [Number(range.low), Number(range.high) + 1];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const row = await firstRow(db, {
      sql: "SELECT id, created_at FROM stored_files WHERE id >= ? ORDER BY id LIMIT 1",
      args: [middle],
    });
    if (row && String(row.created_at) < since) low = Number(row.id) + 1;
    else high = middle;
  }
  await db.execute({ sql: "DELETE FROM stored_files WHERE id < ?", args: [low] });
}
