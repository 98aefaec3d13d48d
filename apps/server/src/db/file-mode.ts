/** The embedded database's files on disk: its owner's alone (Node built-ins: the Node and Deno entries). */
import { chmodSync, closeSync, existsSync, openSync } from "node:fs";

/** Who may read and write a database file: its owner only (it holds every company's records). */
export const DATABASE_FILE_MODE = 0o600;

/**
 * Creates `path` empty, readable and writable by its owner only, unless it exists; makes it so if it does.
 * SQLite gives the `-wal` and `-shm` files it creates the mode of the database file.
 */
export function ownerOnlyFile(path: string): void {
  if (existsSync(path)) chmodSync(path, DATABASE_FILE_MODE);
  else closeSync(openSync(path, "a", DATABASE_FILE_MODE));
}
