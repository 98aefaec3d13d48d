/**
 * Where the bodies of stored files live (labels, exports, uploads): an object store, not the database,
 * whose rows (`stored_files`) keep what is known of each file and its `storage_key`. A database batch
 * cannot carry tens of megabytes, and the file quota is summed from the rows, not the bodies.
 * Implementations: a directory (Node, Deno: `dir-file-store.ts`), a bucket binding (Workers:
 * `bucket-file-store.ts`), memory (a database in memory, tests). Web-standard APIs only here.
 */

/** A stored body: a stream of bytes, or bytes in hand (a label, an export: made whole before stored). */
export type FileBody = ReadableStream<Uint8Array> | Uint8Array;

/** A key and when its body was stored (ms since the epoch): what pruning of orphans looks at. */
export interface StoredKey {
  readonly key: string;
  readonly storedAt: number;
}

export interface FileStore {
  /**
   * Stores `body` under `key` (a new key: bodies are never overwritten). `byteLength`: its length when
   * known before it is read (a request's Content-Length), which some stores need to stream it. A body
   * stream that fails leaves nothing under the key.
   */
  put(key: string, body: FileBody, options?: { byteLength?: number; contentType?: string }): Promise<void>;
  /** The body under `key` as a stream, or undefined when there is none. */
  get(key: string): Promise<ReadableStream<Uint8Array> | undefined>;
  /** Deletes the bodies under `keys`; a key with none is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key the store holds (pruning finds orphans with it), page by page. */
  list(): AsyncIterable<readonly StoredKey[]>;
}

/** A key's form: `<company id>/<random UUID>`: nothing of a client's, and no way out of a directory. */
const KEY_FORM = /^[1-9]\d{0,15}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new key for a body of the company. */
export function newStorageKey(companyId: number): string {
  return `${companyId}/${crypto.randomUUID()}`;
}

/** Throws unless `key` is one `newStorageKey` makes (a store never touches anything else). */
export function checkedKey(key: string): string {
  if (!KEY_FORM.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** The bytes of a body, read whole. */
export async function bytesOf(body: FileBody): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of streamChunks(body)) {
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  return joinedBytes(chunks, length);
}

/** Chunks joined into one array of `length` bytes (their sizes' sum). */
export function joinedBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** A stream's chunks, read with its reader (not every runtime makes a ReadableStream async-iterable). */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    reader.releaseLock();
  }
}

/** A stream of bytes in hand. */
export function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.byteLength) controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * Bodies kept in the process's memory: for a database in memory (as short-lived as it) and tests that
 * need no directory.
 */
export function memoryFileStore(): FileStore {
  const bodies = new Map<string, { bytes: Uint8Array; storedAt: number }>();
  return {
    async put(key, body) {
      const bytes = await bytesOf(body);
      bodies.set(checkedKey(key), { bytes, storedAt: Date.now() });
    },
    async get(key) {
      const stored = bodies.get(key);
      return stored ? streamOf(stored.bytes) : undefined;
    },
    async delete(keys) {
      for (const key of keys) bodies.delete(key);
    },
    async *list() {
      yield [...bodies].map(([key, { storedAt }]) => ({ key, storedAt }));
    },
  };
}
