import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient } from "@libsql/client";
import { isEmbedded } from "../config.ts";
import { type Db, remoteDb } from "./database.ts";
import { DATABASE_FILE_MODE, ownerOnlyFile } from "./file-mode.ts";
import { type NativeOptions, nativeDb } from "./native.ts";

/** Opens DATABASE_URL: an embedded file on the native driver (`nativeDb`), else a remote client. */
export async function openDb(url: string, authToken?: string, options: NativeOptions = {}): Promise<Db> {
  if (!isEmbedded(url)) return remoteDb(createClient({ url, authToken }));
  // One connection is the whole in-memory database: readers and writer share it.
  if (url === ":memory:" || url === "file::memory:") return nativeDb(":memory:");
  return nativeDb(url.slice("file:".length), options);
}

/**
 * Creates the folder of an embedded database file, and the file itself readable and writable by its
 * owner only; a file made before with wider permissions, and its `-wal` and `-shm`, are narrowed to that.
 */
export function prepareFile(url: string): void {
  if (!url.startsWith("file:") || url === "file::memory:") return;
  const path = url.slice("file:".length);
  mkdirSync(dirname(path), { recursive: true });
  ownerOnlyFile(path);
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(`${path}${suffix}`)) chmodSync(`${path}${suffix}`, DATABASE_FILE_MODE);
  }
}
