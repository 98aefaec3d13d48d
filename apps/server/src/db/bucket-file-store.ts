/**
 * Stored files' bodies in an object bucket bound to the Worker (`FILES` in wrangler.jsonc; `wrangler dev`
 * simulates it on disk). Only the part of the binding's API this store uses is declared here.
 */
import { bytesOf, checkedKey, type FileStore } from "./file-store.ts";

export interface Bucket {
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

export function bucketFileStore(bucket: Bucket): FileStore {
  return {
    async put(key, body, options = {}) {
      const httpMetadata = { contentType: options.contentType };
      // A stream of a length known ahead goes through as it arrives; one of unknown length (a multipart
      // upload's part) is taken whole first, bounded by the upload limit the route checks while reading.
      const Fixed = globalThis.FixedLengthStream;
      const value =
        body instanceof Uint8Array || options.byteLength === undefined || !Fixed
          ? await bytesOf(body)
          : body.pipeThrough(new Fixed(options.byteLength));
      await bucket.put(checkedKey(key), value, { httpMetadata });
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
