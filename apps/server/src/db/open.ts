import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient } from "@libsql/client";
import { isEmbedded } from "../config.ts";
import { type Db, embeddedDb, remoteDb, tuneEmbedded } from "./database.ts";

/** Opens DATABASE_URL with the native client (Node and Deno); see `embeddedDb` for the two clients. */
export async function openDb(url: string, authToken?: string): Promise<Db> {
  if (!isEmbedded(url)) return remoteDb(createClient({ url, authToken }));
  if (url === ":memory:" || url === "file::memory:") {
    // One connection is the whole in-memory database: readers and writer must share it.
    const client = createClient({ url: ":memory:" });
    return embeddedDb(client, client);
  }
  const reader = createClient({ url, timeout: 5000 });
  const writer = createClient({ url, timeout: 5000, concurrency: 1 });
  await tuneEmbedded(writer);
  return embeddedDb(reader, writer);
}

/** Creates the folder of an embedded database file. */
export function prepareFile(url: string): void {
  if (url.startsWith("file:")) mkdirSync(dirname(url.slice("file:".length)), { recursive: true });
}
