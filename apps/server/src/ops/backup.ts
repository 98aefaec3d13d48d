/**
 * Backups of the embedded database (Node; `db:backup`, `db:restore`). A backup is `VACUUM INTO` on a
 * connection of its own: one read transaction, so the copy is the database as of one commit, holding
 * every write committed before it began, while the server goes on writing (WAL: a reader never blocks
 * the writer). A restore swaps the file only when nothing uses the database.
 *
 * The stored files' bodies (the file store's directory) go with it, as `<backup>.files`: copied after
 * the database, so every body a row of the copy names is in it (a body stored is never changed); a
 * body stored meanwhile comes along with no row naming it, and pruning deletes it as an orphan.
 */
import {
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname } from "node:path";
import Database from "libsql";
import { ownerOnlyFile } from "../db/file-mode.ts";
import { messageOf } from "../errors.ts";
import { acquireDatabaseLock, DatabaseInUseError, lockHolder } from "./db-lock.ts";

/** What a database file holds, checked: `PRAGMA integrity_check` and the migrations applied. */
export interface DatabaseCheck {
  readonly bytes: number;
  readonly migrations: string[];
  /** Stored files' bodies copied with it, when their directory was. */
  readonly files?: number;
}

/** The directory of stored files' bodies that goes with a backup at `path`. */
export function backupFilesDir(path: string): string {
  return `${path}.files`;
}

/** How many bodies a file store's directory holds (one folder per company). */
function countFiles(dir: string): number {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .reduce((sum, folder) => sum + readdirSync(`${dir}/${folder.name}`).length, 0);
}

/** Copies a file store's directory (owner-only, as its files are) to `target`, which must not exist. */
function copyFilesDir(source: string, target: string): void {
  mkdirSync(target, { mode: 0o700 });
  cpSync(source, target, { recursive: true, filter: (path) => !path.endsWith(".partial") });
}

/** Checks a database file: throws unless SQLite finds it intact and it is a database of this service. */
export function checkDatabaseFile(path: string): DatabaseCheck {
  if (!existsSync(path)) throw new Error(`${path} does not exist.`);
  const db = new Database(path);
  try {
    const verdict = db.prepare("PRAGMA integrity_check").raw(true).all().map(firstColumn);
    if (verdict.join() !== "ok") throw new Error(`${path} is damaged: ${verdict.slice(0, 5).join("; ")}`);
    let migrations: string[];
    try {
      migrations = db.prepare("SELECT name FROM _migrations ORDER BY name").raw(true).all().map(firstColumn);
    } catch {
      throw new Error(`${path} is not a database of this service (it has no _migrations table).`);
    }
    return { bytes: statSync(path).size, migrations };
  } finally {
    db.close();
  }
}

/**
 * A path as an SQL string literal. Statements are run with `exec` here: the driver closes a connection
 * only once no prepared statement of it is left, and a lingering one would keep a database open.
 */
function sqlText(path: string): string {
  return `'${path.replace(/'/g, "''")}'`;
}

/** Makes sure a file's content, and its name in its folder, are on disk. */
function syncToDisk(path: string): void {
  for (const target of [path, dirname(path)]) {
    const fd = openSync(target, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * Copies the database at `source` to `target` (which must not exist) while it is in use: written to
 * `<target>.partial` first, checked, synced, then renamed, so `target` is never a half copy.
 */
export function backupDatabase(
  source: string,
  target: string,
  { filesDir }: { filesDir?: string } = {},
): DatabaseCheck {
  if (!existsSync(source)) throw new Error(`There is no database at ${source}.`);
  if (existsSync(target)) throw new Error(`${target} exists already: name a new file.`);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  // VACUUM INTO fills an empty file as it finds it: the copy is its owner's only, as the database is.
  ownerOnlyFile(partial);
  // Waits up to 10 s for a lock (the WAL's recovery on first open by the server, say), never holds one.
  const db = new Database(source, { timeout: 10_000 });
  try {
    db.exec(`VACUUM INTO ${sqlText(partial)}`);
  } finally {
    db.close();
  }
  try {
    const check = checkDatabaseFile(partial);
    syncToDisk(partial);
    const files = filesDir && existsSync(filesDir) ? backupFilesDir(target) : undefined;
    if (filesDir && files) {
      rmSync(`${files}.partial`, { recursive: true, force: true });
      copyFilesDir(filesDir, `${files}.partial`);
      renameSync(`${files}.partial`, files);
    }
    renameSync(partial, target);
    syncToDisk(target);
    return files ? { ...check, files: countFiles(files) } : check;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Puts the backup `source` in place of the database at `target`, refused while any process uses it:
 * first a server's lock (`db-lock.ts`), then SQLite's own word, which sees every connection, a server's
 * or another program's (a WAL database leaves WAL mode only when no other connection is open). The
 * database it replaces is kept as `<target>.before-restore-<time>`. Answers that file's name, if any.
 */
export function restoreDatabase(
  source: string,
  target: string,
  now = new Date(),
  { filesDir }: { filesDir?: string } = {},
): { kept?: string; keptFiles?: string } {
  if (existsSync(source) && existsSync(target) && realpathSync(source) === realpathSync(target)) {
    throw new Error(`${source} is the database itself: restore a backup of it (made by db:backup).`);
  }
  checkDatabaseFile(source);
  mkdirSync(dirname(target), { recursive: true });
  const holder = lockHolder(target);
  if (holder) throw new DatabaseInUseError(holder, `${target}.lock`);
  const release = acquireDatabaseLock(target, "restore");
  try {
    let kept: string | undefined;
    if (existsSync(target)) {
      assertUnused(target);
      kept = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
      renameSync(target, kept);
    }
    // No log of the old database may be read into the new one.
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${target}${suffix}`, { force: true });
    const partial = `${target}.restoring`;
    rmSync(partial, { force: true });
    ownerOnlyFile(partial);
    const db = new Database(source);
    try {
      db.exec(`VACUUM INTO ${sqlText(partial)}`);
    } finally {
      db.close();
    }
    syncToDisk(partial);
    const keptFiles = filesDir ? restoreFilesDir(backupFilesDir(source), filesDir, now) : undefined;
    renameSync(partial, target);
    syncToDisk(target);
    return { kept, keptFiles };
  } finally {
    release();
  }
}

/**
 * Puts a backup's file bodies (`source`) in place of the file store's directory (`target`), the one it
 * replaces kept as `<target>.before-restore-<time>`; answers that name. A backup without them (made
 * before files were kept out of the database, whose rows hold their bodies) leaves the directory as it is.
 */
function restoreFilesDir(source: string, target: string, now: Date): string | undefined {
  if (!existsSync(source)) return undefined;
  let kept: string | undefined;
  if (existsSync(target)) {
    kept = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(target, kept);
  }
  copyFilesDir(source, target);
  return kept;
}

/**
 * Throws unless no connection (of any process) has the database open. Switching a WAL database to a
 * rollback journal needs every other connection closed; it also copies the log into the file, so the
 * database is then whole in one file.
 */
function assertUnused(path: string): void {
  const db = new Database(path, { timeout: 0 });
  try {
    db.exec("PRAGMA journal_mode = DELETE");
  } catch (error) {
    throw new Error(
      `Another process has ${path} open (SQLite: ${messageOf(error)}): stop whatever uses it (a server, a script) first.`,
    );
  } finally {
    db.close();
  }
}

/** The first column of a row read raw (as an array), as text. */
function firstColumn(row: unknown): string {
  return String(Array.isArray(row) ? row[0] : row);
}
