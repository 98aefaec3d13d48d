import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient } from "@libsql/client";
import { isEmbedded } from "../config.ts";
import { type Db, remoteDb } from "./database.ts";
import { type NativeOptions, nativeDb } from "./native.ts";

/** Opens DATABASE_URL: an embedded file on the native driver (`nativeDb`), else a remote client. */
export async function openDb(url: string, authToken?: string, options: NativeOptions = {}): Promise<Db> {
  if (!isEmbedded(url)) return remoteDb(createClient({ url, authToken }));
  // One connection is the whole in-memory database: readers and writer share it.
  if (url === ":memory:" || url === "file::memory:") return nativeDb(":memory:");
  return nativeDb(url.slice("file:".length), options);
}

/** Creates the folder of an embedded database file. */
export function prepareFile(url: string): void {
  if (url.startsWith("file:")) mkdirSync(dirname(url.slice("file:".length)), { recursive: true });
}
