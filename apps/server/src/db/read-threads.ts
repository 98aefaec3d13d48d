// Node only (worker threads): the Node entry hands this to `openDb`.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { TimeLimitReached } from "./database.ts";
import type { ExpensiveReads, ThreadResult } from "./native.ts";

/** Threads that run expensive reads: another core's worth, beside the main thread's. */
export const READ_THREADS = 2;
/** Statements each thread keeps prepared. */
const CACHED_STATEMENTS = 100;

// Each thread's whole program, run as CommonJS: its own connection to the file, and a read transaction
// around each job, so that a job's statements see one snapshot. Rows are answered as arrays with their
// columns' names once: the main thread names them as its own reads do.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 5000 });
const statements = new Map();
const prepared = (sql) => {
  let entry = statements.get(sql);
  if (entry) return entry;
  const statement = db.prepare(sql);
  if (!statement.reader) throw new Error("Only reads run on a read thread.");
  entry = { statement: statement.raw(true), columns: statement.columns().map((column) => column.name) };
  if (statements.size >= workerData.cached) statements.delete(statements.keys().next().value);
  statements.set(sql, entry);
  return entry;
};
parentPort.on("message", ({ id, statements: job }) => {
  try {
    db.exec("BEGIN");
    try {
      const results = job.map(({ sql, values }) => {
        const { statement, columns } = prepared(sql);
        return { columns, rows: statement.all(values) };
      });
      parentPort.postMessage({ id, results });
    } finally {
      db.exec("COMMIT");
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

interface Job {
  id: number;
  statements: readonly { sql: string; values: unknown }[];
  resolve: (results: ThreadResult[]) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  job?: Job;
}

/**
 * Expensive reads of the embedded database (a list that sorts a company's rows, an export's stock) on
 * threads of their own, each with its own connection to the file (WAL: they never block the writer, nor
 * it them), so that the main thread goes on answering other requests meanwhile. A job waits for a free
 * thread in order of arrival. Past its time limit (counted from its arrival), a job is refused with
 * `TimeLimitReached`: a waiting one leaves the queue; a running one's thread is stopped and another
 * started in its place. The driver cannot interrupt a statement from another thread, so the stopped
 * thread ends when its statement gives control back (between batches of rows, or at its end); until then
 * it counts against the threads, and no more are started than `threads` in all.
 */
export function startReadThreads(path: string, threads = READ_THREADS): ExpensiveReads {
  const driver = createRequire(import.meta.url).resolve("libsql");
  const running: Thread[] = [];
  const queue: Job[] = [];
  let stopping = 0;
  let closed = false;
  let nextId = 0;

  const start = () => {
    const thread: Thread = {
      worker: new Worker(WORKER, {
        eval: true,
        workerData: { driver, path, cached: CACHED_STATEMENTS },
      }),
    };
    thread.worker.on("message", (message: { id: number; results?: ThreadResult[]; error?: string }) => {
      const job = thread.job;
      if (!job || job.id !== message.id) return;
      thread.job = undefined;
      clearTimeout(job.timer);
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.results!);
      next();
    });
    thread.worker.on("error", (error) => {
      thread.job?.reject(error);
      thread.job = undefined;
    });
    thread.worker.on("exit", () => {
      const index = running.indexOf(thread);
      if (index >= 0) running.splice(index, 1);
      else stopping--;
      thread.job?.reject(new Error("A read thread stopped."));
      if (!closed && running.length + stopping < threads) start();
    });
    // The server's life decides the process's, not these threads.
    thread.worker.unref();
    running.push(thread);
    next();
  };

  const next = () => {
    for (const thread of running) {
      if (thread.job) continue;
      const job = queue.shift();
      if (!job) return;
      thread.job = job;
      thread.worker.postMessage({ id: job.id, statements: job.statements });
    }
  };

  /** A job past its limit: out of the queue, or its thread stopped and replaced. */
  const expire = (job: Job, limitMs: number) => {
    const waiting = queue.indexOf(job);
    if (waiting >= 0) queue.splice(waiting, 1);
    const thread = running.find((candidate) => candidate.job === job);
    if (thread) {
      thread.job = undefined;
      running.splice(running.indexOf(thread), 1);
      stopping++;
      void thread.worker.terminate();
      if (running.length + stopping < threads) start();
    }
    job.reject(new TimeLimitReached(limitMs));
  };

  for (let i = 0; i < threads; i++) start();
  return {
    read(statements, limitMs) {
      if (closed) return Promise.reject(new Error("The database is closed."));
      return new Promise<ThreadResult[]>((resolve, reject) => {
        const job: Job = { id: nextId++, statements, resolve, reject };
        if (Number.isFinite(limitMs)) job.timer = setTimeout(() => expire(job, limitMs), limitMs);
        queue.push(job);
        next();
      });
    },
    close() {
      closed = true;
      for (const job of queue.splice(0)) {
        clearTimeout(job.timer);
        job.reject(new Error("The database is closed."));
      }
      for (const thread of running) void thread.worker.terminate();
    },
  };
}
