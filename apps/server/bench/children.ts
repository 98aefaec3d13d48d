// Server child processes: started, their output read, and always stopped (also when the bench fails).
// A server's stdout goes to a file, not a pipe: read line by line here, its access log (a JSON line per
// request) cost the bench process CPU on the machine's same cores as the server and the load generator.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Child {
  readonly name: string;
  readonly pid: number;
  /** Every stdout line so far but the server's JSON log lines (one per request). */
  readonly lines: string[];
  /** Everything written to stderr so far. */
  readonly stderr: () => string;
  /** Set once the process has exited: how, and its stderr. */
  readonly exited: string | undefined;
  /** Resolves with the first line matching `pattern` (earlier lines included); rejects on exit or timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const started: Child[] = [];

/** Stops every child started so far, gracefully (CPU profiles get written). */
export async function stopAll(): Promise<void> {
  await Promise.all(started.map((child) => child.stop()));
}

/** Kills every child still running (sync: also usable from an `exit` handler). */
export function killAll(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export function startChild(
  name: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Child {
  const dir = mkdtempSync(join(tmpdir(), "bench-out-"));
  const outPath = join(dir, "stdout");
  const out = openSync(outPath, "w");
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", out, "pipe"],
  });
  closeSync(out);
  running.add(child);
  const stderr: string[] = [];
  const listeners = new Set<() => void>();
  let exited: string | undefined;
  let lines: string[] = [];
  const readLines = () => {
    try {
      lines = readFileSync(outPath, "utf8")
        .split("\n")
        .filter((line) => line && !line.startsWith("{"));
    } catch {
      // Removed once the child has exited and been read a last time.
    }
    return lines;
  };
  // While something waits for a line: the file is read again every 25 ms.
  const poll = setInterval(() => {
    if (!listeners.size) return;
    readLines();
    for (const listener of listeners) listener();
  }, 25);
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const exitedPromise = new Promise<void>((resolve) =>
    child.on("exit", (code, signal) => {
      running.delete(child);
      clearInterval(poll);
      readLines();
      rmSync(dir, { recursive: true, force: true });
      exited = `${name} exited (${signal ?? code})${stderr.length ? `:\n${stderr.join("").trim()}` : ""}`;
      for (const listener of listeners) listener();
      resolve();
    }),
  );

  const handle: Child = {
    name,
    pid: child.pid!,
    get lines() {
      return exited ? lines : readLines();
    },
    stderr: () => stderr.join(""),
    get exited() {
      return exited;
    },
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            finish(() => reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        const check = () => {
          const line = lines.find((candidate) => pattern.test(candidate));
          if (line !== undefined) finish(() => resolve(line));
          else if (exited) finish(() => reject(new Error(exited)));
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (exited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
  started.push(handle);
  return handle;
}

// USER_HZ: 100 on every common Linux build.
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, all threads) a process has used so far; undefined where /proc is missing. */
export function cpuSecondsOf(pid: number): number | undefined {
  const times = cpuTimesOf(pid);
  return times && times.user + times.system;
}

/**
 * CPU seconds a process has used so far (all threads), in its own code (`user`) and in the kernel on its
 * behalf (`system`: its sockets' reads and writes, its file locks); undefined where /proc is missing.
 */
export function cpuTimesOf(pid: number): { user: number; system: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}
