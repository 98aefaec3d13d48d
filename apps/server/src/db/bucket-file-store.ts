/**
 * Stored files' bodies in an object bucket bound to the Worker (`FILES` in wrangler.jsonc; `wrangler dev`
 * simulates it on disk). Only the part of the binding's API this store uses is declared here.
 */
import { checkedKey, type FileStore, joinedBytes, streamChunks } from "./file-store.ts";

/** An upload of one object in parts (what the bucket takes for a body of a length not known ahead). */
export interface MultipartUpload {
  uploadPart(partNumber: number, value: Uint8Array): Promise<UploadedPart>;
  complete(parts: UploadedPart[]): Promise<unknown>;
  abort(): Promise<void>;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

export interface Bucket {
  createMultipartUpload(
    key: string,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<MultipartUpload>;
  put(
    key: string,
    value: ReadableStream<Uint8Array> | Uint8Array,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream<Uint8Array> } | null>;
  delete(keys: string[]): Promise<void>;
  list(options?: { cursor?: string; limit?: number }): Promise<{
    objects: { key: string; uploaded: Date }[];
    truncated: boolean;
    cursor?: string;
  }>;
}

/** workerd's stream of a length known ahead, which a bucket needs to take a body as a stream. */
type FixedLength = new (length: number) => TransformStream<Uint8Array, Uint8Array>;
declare global {
  var FixedLengthStream: FixedLength | undefined;
}

/** What a bucket's `delete` takes at most at once. */
const DELETE_BATCH = 1000;
/**
 * The size of each part of a body of unknown length (all but the last the same size, and at least
 * 5 MiB, as the bucket requires): what such an upload holds in memory at most.
 */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Stores a stream of unknown length: in parts of `PART_BYTES` as it arrives (a multipart upload's
 * file part), or in one put when it is smaller than a part. A stream that fails aborts the parts stored.
 */
async function putInParts(
  bucket: Bucket,
  key: string,
  body: ReadableStream<Uint8Array>,
  httpMetadata: { contentType?: string },
): Promise<void> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let upload: MultipartUpload | undefined;
  const parts: UploadedPart[] = [];
  const sendPart = async (bytes: Uint8Array) => {
    upload ??= await bucket.createMultipartUpload(key, { httpMetadata });
    parts.push(await upload.uploadPart(parts.length + 1, bytes));
  };
  try {
    for await (const chunk of streamChunks(body)) {
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      while (pendingBytes >= PART_BYTES) {
        const all = joinedBytes(pending, pendingBytes);
        await sendPart(all.subarray(0, PART_BYTES));
        pending = [all.subarray(PART_BYTES)];
        pendingBytes -= PART_BYTES;
      }
    }
    const rest = joinedBytes(pending, pendingBytes);
    if (!upload) {
      await bucket.put(key, rest, { httpMetadata });
      return;
    }
    if (rest.byteLength) await sendPart(rest);
    await upload.complete(parts);
  } catch (error) {
    await upload?.abort().catch(() => {});
    throw error;
  }
}

export function bucketFileStore(bucket: Bucket): FileStore {
  return {
    async put(key, body, options = {}) {
      const httpMetadata = { contentType: options.contentType };
      if (body instanceof Uint8Array) {
        await bucket.put(checkedKey(key), body, { httpMetadata });
        return;
      }
      // A stream of a length known ahead goes through as it arrives; one of unknown length (a multipart
      // upload's file part) in parts.
      const Fixed = globalThis.FixedLengthStream;
      if (options.byteLength === undefined || !Fixed) {
        await putInParts(bucket, checkedKey(key), body, httpMetadata);
        return;
      }
      await bucket.put(checkedKey(key), body.pipeThrough(new Fixed(options.byteLength)), { httpMetadata });
    },
    async get(key) {
      const found = await bucket.get(checkedKey(key));
      return found ? found.body : undefined;
    },
    async delete(keys) {
      for (let at = 0; at < keys.length; at += DELETE_BATCH) {
        await bucket.delete(keys.slice(at, at + DELETE_BATCH).map(checkedKey));
      }
    },
    async *list() {
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ cursor, limit: 1000 });
        yield page.objects.map((object) => ({ key: object.key, storedAt: object.uploaded.getTime() }));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    },
  };
}
