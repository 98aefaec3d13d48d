/**
 * The file an import reads, as a stream of bytes: one of the company's stored files, or an https URL
 * fetched under the outbound policy (no redirects, a private or loopback address refused unless the
 * configuration allows it). Either way no more than `maxBytes` are read.
 */
import type { Ctx } from "../../domain/context.ts";
import { refusal } from "../../domain/outbound-urls.ts";
import { ApiError, codeOf, propertyOf } from "../../errors.ts";
import { openFile } from "../files.ts";
import { UnreadableFile } from "./csv-rows.ts";

/** How long the file's server may take to start answering. */
const FETCH_TIMEOUT_MS = 30_000;

/** The company file a link names (`<base>/files/{id}/{name}`, or the path alone), if it names one. */
export function companyFileOf(ctx: Ctx, uri: string): { id: number; name: string } | undefined {
  const base = ctx.storedBaseUrl;
  const path = base && uri.startsWith(`${base}/`) ? uri.slice(base.length) : uri;
  const match = /^\/files\/([0-9]{1,15})\/([^/?#]+)$/.exec(path);
  if (!match) return undefined;
  return { id: Number(match[1]), name: decodeURIComponent(match[2]!) };
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

const tooLarge = (maxBytes: number) =>
  new UnreadableFile(`The file is over the import size limit of ${maxBytes} bytes.`);

/**
 * Opens the import's file as a stream of bytes (at most `maxBytes`); `UnreadableFile` says why it
 * cannot be read. The one place that knows where files are kept.
 */
export async function openImportFile(
  ctx: Ctx,
  uri: string,
  maxBytes: number,
): Promise<{ bytes: ReadableStream<Uint8Array>; size?: number }> {
  const stored = companyFileOf(ctx, uri);
  if (stored) {
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
  const refused = await refusal(uri, ctx.outbound);
  if (refused) throw new UnreadableFile(`The file's URL ${refused}.`);
  let response: Response;
  try {
    response = await (ctx.outbound.fetch ?? fetch)(uri, {
      redirect: "manual",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = codeOf(propertyOf(error, "cause"));
    throw new UnreadableFile(`The file could not be fetched from ${uri} (${cause ?? String(error)}).`);
  }
  if (response.status < 200 || response.status > 299 || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new UnreadableFile(`The file's server answered ${response.status} for ${uri}.`);
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body.cancel().catch(() => {});
    throw tooLarge(maxBytes);
  }
  return {
    bytes: response.body.pipeThrough(bounded(maxBytes)),
    ...(Number.isFinite(declared) ? { size: declared } : {}),
  };
}
