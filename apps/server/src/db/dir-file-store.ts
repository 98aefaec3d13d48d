/**
 * Stored files' bodies in a directory (Node built-ins: the Node and Deno entries): beside the embedded
 * database (`<db file>.files/`) or where `FILES_DIR` says. One folder per company, one file per body,
 * readable and writable by the owner only, as the database files are (`file-mode.ts`).
 */
import { mkdirSync } from "node:fs";
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { DATABASE_FILE_MODE } from "./file-mode.ts";
import { checkedKey, type FileStore, type StoredKey, streamChunks } from "./file-store.ts";

/** Folders of bodies: their owner's alone, as the files in them. */
const FOLDER_MODE = 0o700;
/** How much of a body one read of a stream takes. */
const CHUNK_BYTES = 64 * 1024;
/** Keys listed per page. */
const PAGE = 500;

/** The directory `<db file>.files` beside an embedded database file. */
export function filesDirBeside(databaseFile: string): string {
  return `${databaseFile}.files`;
}

export function directoryFileStore(dir: string): FileStore {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  const pathOf = (key: string) => join(dir, checkedKey(key));
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(join(path, ".."), { recursive: true, mode: FOLDER_MODE });
      // Written beside its name first: a body cut short (a client gone, a limit passed) never has it.
      const partial = `${path}.partial`;
      const handle = await open(partial, "wx", DATABASE_FILE_MODE);
      try {
        if (body instanceof Uint8Array) await handle.write(body);
        else for await (const chunk of streamChunks(body)) await handle.write(chunk);
        // On disk before the row naming it commits.
        await handle.datasync();
      } catch (error) {
        await handle.close();
        await rm(partial, { force: true });
        throw error;
      }
      await handle.close();
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      });
      if (!found) return undefined;
      // Opened at the first read, not here: an answer whose body is never read (a HEAD, which Hono
      // answers by dropping the GET's body, or a client that reads only the headers) would otherwise hold
      // the file open until the collector finds its stream. A body deleted in between (pruned) makes the
      // first read fail.
      let handle: FileHandle | undefined;
      const close = async () => {
        const opened = handle;
        handle = undefined;
        await opened?.close();
      };
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            try {
              handle ??= await open(path, "r");
              const buffer = new Uint8Array(CHUNK_BYTES);
              const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
              if (bytesRead > 0) return controller.enqueue(buffer.subarray(0, bytesRead));
              await close();
              controller.close();
            } catch (error) {
              await close().catch(() => {});
              throw error;
            }
          },
          cancel: close,
        },
        // Nothing read ahead of the reader: the first read is the reader's.
        { highWaterMark: 0 },
      );
    },
    async delete(keys) {
      for (const key of keys) await rm(pathOf(key), { force: true });
    },
    async *list() {
      let page: StoredKey[] = [];
      for (const company of await readdir(dir)) {
        if (!/^\d+$/.test(company)) continue;
        for (const name of await readdir(join(dir, company))) {
          if (name.endsWith(".partial")) continue;
          const key = `${company}/${name}`;
          const { mtimeMs } = await stat(join(dir, key)).catch(() => ({ mtimeMs: Date.now() }));
          page.push({ key, storedAt: mtimeMs });
          if (page.length === PAGE) {
            yield page;
            page = [];
          }
        }
      }
      if (page.length) yield page;
    },
  };
}
