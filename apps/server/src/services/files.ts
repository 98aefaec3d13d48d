import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { type Executor, firstRow } from "../db/database.ts";
import { bytesOf, type FileStore, newStorageKey, streamOf } from "../db/file-store.ts";
import { sql } from "../db/sql.ts";
import type { Ctx } from "../domain/context.ts";
import { type Read, rows } from "../domain/reads.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { ApiError } from "../errors.ts";
import { executeRead, executeWrite, type Writer } from "./execute.ts";

/** How stored files are bounded per company (`FILES_KEEP_DAYS`, `FILES_QUOTA_MB`, `FILES_UPLOAD_LIMIT_MB`). */
export interface FilesPolicy {
  /** Days a file is kept: older ones are not served, and the dispatcher's pruning deletes them. */
  readonly keepDays: number;
  /** Bytes of files one company may keep, in all. */
  readonly quotaBytes: number;
  /** Bytes one uploaded file may have. */
  readonly uploadLimitBytes: number;
}

export const DEFAULT_FILES_POLICY: FilesPolicy = {
  keepDays: 90,
  quotaBytes: 1024 * 1024 * 1024,
  uploadLimitBytes: 50 * 1024 * 1024,
};

const DAY_MS = 86_400_000;

/** The oldest creation time a file may have to be kept at `now` (ISO 8601). */
export function filesKeptSince(policy: Pick<FilesPolicy, "keepDays">, now: string | number): string {
  return new Date(new Date(now).getTime() - policy.keepDays * DAY_MS).toISOString();
}

/**
 * The bytes the company's stored files take, which `planStoredFile` checks its quota against: a read of
 * the pipeline of a write that stores one. One row, kept equal to the sum of its files' `byte_size` by
 * the triggers of `stored_files` (never their bodies). Not held, which would make any file stored
 * meanwhile refuse the write: the batch that stores a file checks the quota itself (`insertFileRow`).
 */
export const fileUsage = (): Read<number> =>
  rows(sql`SELECT bytes AS used FROM stored_file_usage WHERE company_id = ${sql.company}`, ([row]) =>
    Number(row?.used ?? 0),
  );

/**
 * 409 when a file of `bytes` would take the company over its quota (`used`: what `fileUsage` read).
 * `atLeast`: `bytes` is what the file will take at least, known before it is made (an export's
 * rows before they are written out, an upload's Content-Length), so that a file that cannot be kept is
 * not made.
 */
export function checkFileQuota(ctx: Ctx, used: number, bytes: number, atLeast = false): void {
  const quota = ctx.files.quotaBytes;
  if (used + bytes <= quota) return;
  throw new ApiError(
    "conflict",
    `The company's files take ${used} bytes; this one (${atLeast ? "at least " : ""}${bytes} bytes) would pass its quota of ${quota} bytes. Files are kept ${ctx.files.keepDays} days and then deleted; the operator sets the quota (FILES_QUOTA_MB).`,
    { rule: "file_quota" },
  );
}

/** The download URL of a stored file: `<storedBaseUrl>/files/{id}/{name}`. */
function fileUrl(ctx: Ctx, id: number, name: string): string {
  return `${ctx.storedBaseUrl}/files/${id}/${encodeURIComponent(name)}`;
}

/**
 * An upload's `Location`: its download path from `baseUrl`, relative without `PUBLIC_URL` as every
 * `Location` is (its `url`, which a data import takes, starts with the address the server listens on).
 */
export function uploadLocation(ctx: Ctx, file: Pick<StoredFile, "id" | "name">): string {
  return `${ctx.baseUrl}/files/${file.id}/${encodeURIComponent(file.name)}`;
}

/**
 * A file's row, its body in the store under `storageKey`; the batch aborts when, with it, the company's
 * files take more than the quota. What the plan checked the quota against (`fileUsage`) may be stale
 * by then: the write is planned again from what is stored, and answered the 409 if the file is over.
 */
function insertFileRow(
  plan: WritePlan,
  ctx: Ctx,
  file: { name: string; contentType: string; byteSize: number; checksum: string; storageKey: string },
  received: boolean,
): number {
  const id = plan.insertRow(
    sql`INSERT INTO stored_files (company_id, name, content_type, body, byte_size, checksum, storage_key, uploaded, created_at) VALUES (${sql.company}, ${file.name}, ${file.contentType}, ${EMPTY}, ${file.byteSize}, ${file.checksum}, ${file.storageKey}, ${received ? 1 : 0}, ${plan.now})`,
  );
  plan.guard(
    sql`COALESCE((SELECT bytes FROM stored_file_usage WHERE company_id = ${sql.company}), 0) <= ${ctx.files.quotaBytes}`,
  );
  return id;
}

const EMPTY = new Uint8Array(0);

/**
 * Plans storing a generated file (a label, an export) for the company: its body goes to the file store
 * before the plan's batch runs (`WritePlan.beforeBatch`), its row with the batch. Answers its id and
 * download URL, provisional until the batch runs. 409 when it would take the company over its quota
 * (`used`: what `fileUsage` read), before anything is written. A batch that does not commit leaves the
 * body with no row naming it, which pruning deletes (`pruneOrphanBodies`).
 */
export function planStoredFile(
  plan: WritePlan,
  ctx: Ctx,
  used: number,
  input: {
    name: string;
    contentType: string;
    body: Uint8Array;
    /** The body's SHA-256 in hex, where it was hashed as it was written out (else hashed here). */
    checksum?: string;
  },
): { id: number; url: string } {
  checkFileQuota(ctx, used, input.body.byteLength);
  const storageKey = newStorageKey(ctx.companyId);
  plan.beforeBatch(ctx.fileStore.put(storageKey, input.body, { contentType: input.contentType }));
  const id = insertFileRow(
    plan,
    ctx,
    {
      name: input.name,
      contentType: input.contentType,
      byteSize: input.body.byteLength,
      checksum: input.checksum ?? bytesToHex(sha256(input.body)),
      storageKey,
    },
    false,
  );
  return { id, url: fileUrl(ctx, id, input.name) };
}

/**
 * Plans the row of a file whose body is in the store already (a fetched feed's copy, kept): its id and
 * download URL, provisional until the batch runs. 409 when it would take the company over its quota
 * (`used`: what `fileUsage` read). Its bytes and type are the supplier's: it is served as an upload is
 * (`OpenedFile.received`).
 */
export function planStoredBody(
  plan: WritePlan,
  ctx: Ctx,
  used: number,
  file: StoredBody & { name: string; contentType: string },
): { id: number; url: string } {
  checkFileQuota(ctx, used, file.byteSize);
  const id = insertFileRow(plan, ctx, file, true);
  return { id, url: fileUrl(ctx, id, file.name) };
}

/** What an upload answers, and what `openFile` tells of a file besides its body. */
export interface StoredFile {
  id: number;
  url: string;
  name: string;
  contentType: string;
  byteSize: number;
}

/** An upload: its name, type, body, and the file's length as its request claimed it (Content-Length), if known. */
export interface UploadInput {
  name: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
  claimedBytes?: number;
}

/** An upload whose body is in the file store, not yet recorded (`recordUpload`). */
export interface ReceivedUpload {
  name: string;
  contentType: string;
  storageKey: string;
  byteSize: number;
  /** The body's SHA-256, in hex. */
  checksum: string;
}

/** 413 for a file over the upload limit. */
export function uploadTooLarge(limit: number): ApiError {
  return new ApiError(
    "payload_too_large",
    `The file is over the upload limit of ${limit} bytes (${limit / 1024 / 1024} MiB; the operator sets it with FILES_UPLOAD_LIMIT_MB).`,
  );
}

/**
 * A stream that passes `body` on while counting and hashing it, failing once it passes `limit` bytes.
 * `failure()`: why it failed (past the limit, or `body`'s own error), as a store may report a failed
 * stream its own way.
 */
function measured(body: ReadableStream<Uint8Array>, limit: number) {
  const hash = sha256.create();
  const reader = body.getReader();
  let bytes = 0;
  let failure: unknown;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        bytes += value.byteLength;
        if (bytes > limit) throw uploadTooLarge(limit);
        hash.update(value);
        controller.enqueue(value);
      } catch (error) {
        failure = error;
        controller.error(error);
        await reader.cancel(error).catch(() => {});
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return {
    stream,
    failure: () => failure,
    result: () => ({ byteSize: bytes, checksum: bytesToHex(hash.digest()) }),
  };
}

/** A body in the file store, not (yet) named by a file's row: its key, size and SHA-256 in hex. */
export interface StoredBody {
  storageKey: string;
  byteSize: number;
  checksum: string;
}

/**
 * Streams `body` into the file store under a new key of the company, counting and hashing it on its way
 * (413 past `limit` bytes). A body that fails (past the limit, cut short) leaves nothing stored, and
 * its own error is thrown, whatever the store made of it. `byteLength`: its length when known ahead.
 */
export async function storeBody(
  ctx: Ctx,
  body: ReadableStream<Uint8Array>,
  options: { contentType: string; byteLength?: number | undefined; limit?: number },
): Promise<StoredBody> {
  const storageKey = newStorageKey(ctx.companyId);
  const measuring = measured(body, options.limit ?? Number.POSITIVE_INFINITY);
  try {
    await ctx.fileStore.put(storageKey, measuring.stream, {
      byteLength: options.byteLength,
      contentType: options.contentType,
    });
  } catch (error) {
    throw measuring.failure() ?? error;
  }
  return { storageKey, ...measuring.result() };
}

/**
 * The first step of an upload (`POST /files.json`): 413 when it claims (Content-Length) or turns out to
 * be over the upload limit, 409 when its claimed length would take the company over its quota, both
 * before its body is read. The body streams to the file store as it arrives. A body cut short or over
 * the limit leaves nothing stored.
 */
export async function receiveUpload({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: UploadInput;
}): Promise<ReceivedUpload> {
  const limit = ctx.files.uploadLimitBytes;
  const claimed = input.claimedBytes;
  if (claimed !== undefined) {
    if (claimed > limit) throw uploadTooLarge(limit);
    await executeRead({ ctx }, { usage: fileUsage() }, ({ usage }) =>
      checkFileQuota(ctx, usage, claimed, true),
    );
  }
  // A failure of the body (over the limit, malformed) is the client's, whatever the store made of it.
  const stored = await storeBody(ctx, input.body, {
    contentType: input.contentType,
    byteLength: claimed,
    limit,
  });
  const received = { name: input.name, contentType: input.contentType, ...stored };
  if (received.byteSize === 0) {
    await discardUpload(ctx, received);
    throw new ApiError("bad_request", "The upload has no body: send the file.");
  }
  return received;
}

/**
 * The second step of an upload: the file's row, in one batch, unless the bytes received would take the
 * company over its quota (409). Whatever refuses it, its body is deleted from the store.
 */
export async function recordUpload({
  ctx,
  key,
  input,
}: Writer & { input: ReceivedUpload }): Promise<StoredFile> {
  try {
    return await executeWrite(
      { ctx, key },
      {
        reads: { usage: fileUsage() },
        plan({ usage }, plan) {
          checkFileQuota(ctx, usage, input.byteSize);
          const id = insertFileRow(plan, ctx, input, true);
          const { name, contentType, byteSize } = input;
          return { id, url: fileUrl(ctx, id, name), name, contentType, byteSize };
        },
        // The id in both is provisional until the batch gives it: made there, as the answer's is.
        kept: (file, plan) => ({
          status: 201,
          body: plan.answerText(file),
          location: plan.answerText(uploadLocation(ctx, file)),
        }),
      },
    );
  } catch (error) {
    await discardUpload(ctx, input);
    throw error;
  }
}

/** Deletes the body of an upload that is not recorded (refused, or a replay of one recorded before). */
export async function discardUpload(ctx: Ctx, upload: ReceivedUpload): Promise<void> {
  await ctx.fileStore.delete([upload.storageKey]).catch(() => {});
}

/** A stored file of the company, opened: what is known of it, and its body as a stream. */
export interface OpenedFile {
  name: string;
  contentType: string;
  byteSize: number;
  /**
   * Its bytes came from outside the service: a client uploaded it (`POST /files.json`), or it is a
   * feed's file as its supplier sent it (kept with `cacheImports`). Else the service made it (a label,
   * an export, a file of failed rows).
   */
  received: boolean;
  body: ReadableStream<Uint8Array>;
}

/** A BLOB column's bytes (the drivers answer an ArrayBuffer or a Uint8Array). */
function blobBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return EMPTY;
}

/**
 * Opens one of the company's files by id while it is kept: 404 when it is another company's, past its
 * keeping time, or was never stored. Its body streams from the file store (or from its row, for a file
 * stored before there was a file store and not yet moved there).
 */
export async function openFile({ ctx, id }: { ctx: Ctx; id: number }): Promise<OpenedFile> {
  const notFound = () =>
    new ApiError("not_found", `No file with id ${id} (files are kept ${ctx.files.keepDays} days).`);
  const row = await firstRow(
    ctx.db,
    sql`SELECT name, content_type, byte_size, uploaded, storage_key, CASE WHEN storage_key IS NULL THEN body END AS body FROM stored_files WHERE id = ${id} AND company_id = ${sql.company} AND created_at >= ${filesKeptSince(ctx.files, ctx.now())}`.statementFor(
      ctx.companyId,
    ),
  );
  if (!row) throw notFound();
  const body =
    row.storage_key === null
      ? streamOf(blobBytes(row.body))
      : await ctx.fileStore.get(String(row.storage_key));
  if (!body) throw notFound();
  return {
    name: String(row.name),
    contentType: String(row.content_type),
    byteSize: Number(row.byte_size),
    received: Number(row.uploaded) === 1,
    body,
  };
}

/** A stored file of the company, while it is kept, its body read whole (a small file: a label). */
export async function readFile({ ctx, id }: { ctx: Ctx; id: number }) {
  const file = await openFile({ ctx, id });
  return { name: file.name, contentType: file.contentType, body: await bytesOf(file.body) };
}

/**
 * The id of a stored file from its URL, as the service hands it out (`<storedBaseUrl>/files/{id}/{name}`),
 * or undefined when `url` is not one of them. Whose file it is, `openFile` says.
 */
export function storedFileId(storedBaseUrl: string, url: string): number | undefined {
  const prefix = `${storedBaseUrl}/files/`;
  if (!url.startsWith(prefix)) return undefined;
  const match = /^([1-9]\d{0,14})\/[^/?#]+$/.exec(url.slice(prefix.length));
  return match ? Number(match[1]) : undefined;
}

/** Rows (and bodies) deleted per step of pruning. */
const PRUNE_PAGE = 500;

/**
 * Deletes the files past their keeping time, bodies and rows (the dispatcher's pruning). Ids follow
 * time and there is no index on it, so the first id to keep is found by halving the range of ids (a few
 * lookups by id). Bodies go first: a stop between the two leaves rows of expired files (never served,
 * deleted by the next pruning), never a body nothing names.
 */
export async function pruneFiles(
  db: Executor,
  store: FileStore,
  policy: Pick<FilesPolicy, "keepDays">,
  now: number,
): Promise<void> {
  const since = filesKeptSince(policy, now);
  const range = await firstRow(db, "SELECT min(id) AS low, max(id) AS high FROM stored_files");
  if (!range || range.low === null) return;
  let [low, high] = [Number(range.low), Number(range.high) + 1];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const row = await firstRow(
      db,
      sql`SELECT id, created_at FROM stored_files WHERE id >= ${middle} ORDER BY id LIMIT 1`.statement(),
    );
    if (row && String(row.created_at) < since) low = Number(row.id) + 1;
    else high = middle;
  }
  for (;;) {
    const page = await db.execute(
      sql`SELECT id, storage_key FROM stored_files WHERE id < ${low} ORDER BY id LIMIT ${PRUNE_PAGE}`.statement(),
    );
    if (!page.rows.length) return;
    const keys = page.rows.flatMap((row) => (row.storage_key === null ? [] : [String(row.storage_key)]));
    await store.delete(keys);
    const last = Number(page.rows[page.rows.length - 1]!.id);
    await db.execute(sql`DELETE FROM stored_files WHERE id <= ${last}`.statement());
  }
}

/**
 * How old a body with no row must be to be an orphan: a body is stored before the batch that writes its
 * row, and no write waits this long between the two.
 */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the bodies no row names, once older than `ORPHAN_AGE_MS`: those of writes whose batch did not
 * commit (a label whose write was refused, a plan made again after a conflict), of stops between the
 * two steps of storing, and of feed fetches stopped before they let go of their copy. Answers how many
 * it deleted.
 */
export async function pruneOrphanBodies(db: Executor, store: FileStore, now: number): Promise<number> {
  let deleted = 0;
  for await (const page of store.list()) {
    const old = page.filter((stored) => stored.storedAt < now - ORPHAN_AGE_MS).map((stored) => stored.key);
    if (!old.length) continue;
    // A feed fetch's copy of its file is named by its run until the fetch ends (`feed-fetch.ts`).
    const keys = JSON.stringify(old);
    const named = await db.execute(
      sql`SELECT storage_key FROM stored_files WHERE storage_key IN (SELECT value FROM json_each(${keys})) UNION ALL SELECT storage_key FROM inventory_feed_fetches WHERE storage_key IN (SELECT value FROM json_each(${keys}))`.statement(),
    );
    const kept = new Set(named.rows.map((row) => String(row.storage_key)));
    const orphans = old.filter((key) => !kept.has(key));
    await store.delete(orphans);
    deleted += orphans.length;
  }
  return deleted;
}

/** Files moved to the store per step (their bodies are held in memory meanwhile). */
const MOVE_PAGE = 20;

/**
 * Moves the bodies of files stored before there was a file store from their rows to the store (the
 * Node and Deno servers at start; the Worker's cron sweep, `limit` files a run): each body is put in
 * the store, then its row names it and lets go of the bytes. Answers how many it moved.
 */
export async function moveBodiesToStore(db: Executor, store: FileStore, limit = Infinity): Promise<number> {
  let moved = 0;
  while (moved < limit) {
    const page = await db.execute(
      sql`SELECT id, company_id, body FROM stored_files WHERE storage_key IS NULL ORDER BY id LIMIT ${Math.min(MOVE_PAGE, limit - moved)}`.statement(),
    );
    if (!page.rows.length) break;
    for (const row of page.rows) {
      const bytes = blobBytes(row.body);
      const storageKey = newStorageKey(Number(row.company_id));
      await store.put(storageKey, bytes);
      const checksum = bytesToHex(sha256(bytes));
      await db.execute(
        sql`UPDATE stored_files SET storage_key = ${storageKey}, checksum = ${checksum}, byte_size = ${bytes.byteLength}, body = ${EMPTY} WHERE id = ${Number(row.id)} AND storage_key IS NULL`.statement(),
      );
      moved += 1;
    }
  }
  return moved;
}
