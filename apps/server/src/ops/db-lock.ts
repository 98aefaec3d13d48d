/**
 * Who uses an embedded database: the Node and Deno servers (and `db:restore` while it works) hold a lock
 * file beside it, `<database>.lock`, naming their process. A lock whose process is gone (a crash, a
 * `kill -9`) is stale and taken over; on Linux the process's start time is part of its name, so a pid
 * reused by another program does not pass for the server.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { codeOf } from "../errors.ts";

export interface LockHolder {
  readonly pid: number;
  /** The process's start time in clock ticks since boot (Linux), telling it from a later one with its pid. */
  readonly started: string | null;
  readonly host: string;
  /** What holds it: `server` or `restore`. */
  readonly by: string;
  readonly since: string;
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    super(
      `The database is in use by a ${holder.by} (pid ${holder.pid} on ${holder.host}, since ${holder.since}): stop it first. If no such process runs, remove ${lockFile}.`,
    );
    this.name = "DatabaseInUseError";
  }
}

export function lockFileOf(databasePath: string): string {
  return `${databasePath}.lock`;
}

/** The start time of a live process (Linux: `/proc/<pid>/stat`), null where that is unknown, undefined when it is gone. */
function startOf(pid: number): string | null | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    if (codeOf(error) !== "ENOENT") return null;
    // No /proc at all (not Linux): ask the kernel whether the pid lives.
    try {
      readFileSync("/proc/self/stat");
      return undefined;
    } catch {
      return aliveByKill(pid) ? null : undefined;
    }
  }
  // Fields after the command (which may hold spaces and parentheses): state is the 3rd, start time the 22nd.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields[0] === "Z" || fields[0] === "X") return undefined;
  return fields[19] ?? null;
}

function aliveByKill(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === "EPERM";
  }
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const holder: LockHolder = JSON.parse(readFileSync(lockFile, "utf8"));
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process a lock names still runs (one on another host is taken to run: it cannot be asked). */
function isLive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  const started = startOf(holder.pid);
  if (started === undefined) return false;
  return started === null || holder.started === null || started === holder.started;
}

/** The live process that holds the database's lock, if any. */
export function lockHolder(databasePath: string): LockHolder | undefined {
  const holder = readHolder(lockFileOf(databasePath));
  return holder && isLive(holder) ? holder : undefined;
}

/**
 * Takes the database's lock for this process, or throws `DatabaseInUseError` naming the live process
 * that holds it. Answers how to let it go (only while the lock still names this process).
 */
export function acquireDatabaseLock(databasePath: string, by: "server" | "restore"): () => void {
  const lockFile = lockFileOf(databasePath);
  const me: LockHolder = {
    pid: process.pid,
    started: startOf(process.pid) ?? null,
    host: hostname(),
    by,
    since: new Date().toISOString(),
  };
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // `wx`: created only if absent, atomically, so two starts cannot both take it.
      writeFileSync(lockFile, text, { flag: "wx" });
      return () => {
        if (readHolder(lockFile)?.pid === me.pid) rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if (codeOf(error) !== "EEXIST") throw error;
    }
    const holder = readHolder(lockFile);
    if (holder && isLive(holder)) throw new DatabaseInUseError(holder, lockFile);
    rmSync(lockFile, { force: true }); // stale: its process is gone
  }
  throw new Error(`Could not take ${lockFile}: another process keeps making it.`);
}
