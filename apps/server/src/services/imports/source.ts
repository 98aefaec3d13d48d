/**
 * The file an import reads, as a stream of bytes: one of the company's stored files, or an https URL
 * downloaded under the outbound policy (`services/downloads.ts`: no redirects, a private or loopback
 * address refused unless the configuration allows it). Either way no more than `maxBytes` are read.
 */
import type { Ctx } from "../../domain/context.ts";
import { ApiError } from "../../errors.ts";
import { DownloadFailed, openDownload, withinWaitingTime } from "../downloads.ts";
import { openFile } from "../files.ts";
import { UnreadableFile } from "./csv-rows.ts";

/** How long the file's server may keep the import waiting: for its answer, or for the next rows. */
const FETCH_TIMEOUT_MS = 30_000;

/** How much of its file an import reads, and how long a run may wait on the file's server. */
export interface ImportFileLimits {
  /** The largest file read, in bytes. */
  maxBytes: number;
  /**
   * The longest a run waits on a downloaded file's server in all, while the next part of the file is
   * awaited (each wait is `FETCH_TIMEOUT_MS` at most): not the run's own time applying rows.
   */
  downloadWaitMs: number;
}

/**
 * The company file a link names (`<base>/files/{id}/{name}`, or the path alone), if it names one. Its
 * `name` is undefined when the link's is not percent-encoded UTF-8 (`%E0%A4%A`): no file is named so.
 */
export function companyFileOf(
  ctx: Pick<Ctx, "storedBaseUrl">,
  uri: string,
): { id: number; name: string | undefined } | undefined {
  const base = ctx.storedBaseUrl;
  const path = base && uri.startsWith(`${base}/`) ? uri.slice(base.length) : fromMount(uri, base);
  const match = /^\/files\/([0-9]{1,15})\/([^/?#]+)$/.exec(path);
  if (!match) return undefined;
  return { id: Number(match[1]), name: decodedName(match[2]!) };
}

/**
 * A path under the mount point (`BASE_PATH`), as a relative link names it (an upload's `Location` without
 * `PUBLIC_URL`: `/api/files/12/stock.csv`), from the mount on; any other text as it is. The mount point
 * is the path of the links' base (`http://127.0.0.1:8787/api`), or the base itself when it is a path.
 */
function fromMount(uri: string, base: string): string {
  const mount = (URL.canParse(base) ? new URL(base).pathname : base).replace(/\/$/, "");
  return mount && uri.startsWith(`${mount}/`) ? uri.slice(mount.length) : uri;
}

/** The name a link's last segment spells, undefined where `decodeURIComponent` finds a malformed escape. */
function decodedName(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/**
 * The file a `fileUri` names, spelt one way, so that two imports of one file are known as such however
 * each names it: a company file as the path the service gives it (`/files/{id}/{name}`, the name
 * percent-encoded as `encodeURIComponent` does), whether named by its full link or by its path; any
 * other URL as the WHATWG URL parser writes it (scheme and host in lower case, no default port, the
 * path's characters percent-encoded one way), without its fragment, which is never sent. Undefined for
 * a `fileUri` that names no file: its import ends `error` when the file is opened.
 */
export function fileKeyOf(ctx: Pick<Ctx, "storedBaseUrl">, uri: string): string | undefined {
  const stored = companyFileOf(ctx, uri);
  if (stored) {
    return stored.name === undefined ? undefined : `/files/${stored.id}/${encodeURIComponent(stored.name)}`;
  }
  if (!/^https?:\/\//i.test(uri) || !URL.canParse(uri)) return undefined;
  const url = new URL(uri);
  url.hash = "";
  return url.href;
}

/** The size of what a stream passes, bounded: past `maxBytes` it fails with `UnreadableFile`. */
function bounded(maxBytes: number): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      controller.enqueue(chunk);
    },
  });
}

/** A file over the import size limit: it cannot be imported (a download's body fails so past it too). */
export const tooLarge = (maxBytes: number) =>
  new UnreadableFile(`The file is over the import size limit of ${maxBytes} bytes.`);

/**
 * Opens the import's file as a stream of bytes (at most `maxBytes`); `UnreadableFile` says why it
 * cannot be read. The one place that knows where files are kept. A download whose server is busy or
 * down for a while (`DownloadFailed`, `passing`: no answer, a 503) fails the run, which is tried again;
 * so does its body once the run has waited on its server `downloadWaitMs` in all (`timeout`).
 */
export async function openImportFile(
  ctx: Ctx,
  uri: string,
  { maxBytes, downloadWaitMs }: ImportFileLimits,
): Promise<{ bytes: ReadableStream<Uint8Array>; size?: number }> {
  const stored = companyFileOf(ctx, uri);
  if (stored) {
    if (stored.name === undefined) {
      throw new UnreadableFile(
        `fileUri ${uri} names no file: its file name is not percent-encoded UTF-8 text.`,
      );
    }
    const file = await openFile({ ctx, id: stored.id }).catch((error: unknown) => {
      if (error instanceof ApiError) throw new UnreadableFile(`${error.message} (fileUri ${uri})`);
      throw error;
    });
    if (file.name !== stored.name || file.byteSize > maxBytes) {
      await file.body.cancel().catch(() => {});
      throw file.name !== stored.name
        ? new UnreadableFile(`No file named ${stored.name} (fileUri ${uri}).`)
        : tooLarge(maxBytes);
    }
    return { bytes: file.body.pipeThrough(bounded(maxBytes)), size: file.byteSize };
  }
  if (!/^https?:\/\//i.test(uri)) {
    throw new UnreadableFile(
      `fileUri ${uri} is neither a file of the company (/files/{id}/{name}) nor an https URL.`,
    );
  }
  try {
    const download = await openDownload(uri, ctx.outbound, { timeoutMs: FETCH_TIMEOUT_MS, maxBytes });
    return {
      bytes: withinWaitingTime(download.body, downloadWaitMs),
      ...(download.declaredBytes === undefined ? {} : { size: download.declaredBytes }),
    };
  } catch (error) {
    // A server busy or down for a while fails the run, which is tried again (`failed-runs.ts`).
    if (!(error instanceof DownloadFailed) || error.passing) throw error;
    throw error.reason === "too_large"
      ? tooLarge(maxBytes)
      : new UnreadableFile(`The file could not be fetched from ${uri}: ${error.message}`);
  }
}
