// Node only (worker threads): the Node entry hands this to `prepareServer`.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { TimeLimitReached } from "./database.ts";
import type { ExpensiveReads, ThreadResult } from "./native.ts";

/** Threads that run expensive reads: another core's worth, beside the main thread's. */
export const READ_THREADS = 2;
/** Statements each thread keeps prepared. */
const CACHED_STATEMENTS = 100;

// Each thread's whole program, run as CommonJS: its own connection to the file (the driver's promise
// interface, whose statements take their first step off the thread's JavaScript), and a read
// transaction around each job, so that a job's statements see one snapshot. Rows are answered as arrays
// with their columns' names once: the main thread names them as its own reads do. A job looks at its
// thread's stop flag (set by the main thread at the job's time limit) between rows, and every few
// milliseconds while a statement works towards its first row (a sort, a count), interrupting the
// connection there: SQLite ends the statement within its next steps.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 5000 });
const stop = new Int32Array(workerData.stop);
const statements = new Map();
const prepared = async (sql) => {
  let entry = statements.get(sql);
  if (entry) return entry;
  const statement = await db.prepare(sql);
  if (!statement.reader) throw new Error("Only reads run on a read thread.");
  entry = { statement: statement.raw(true), columns: statement.columns().map((column) => column.name) };
  if (statements.size >= workerData.cached) statements.delete(statements.keys().next().value);
  statements.set(sql, entry);
  return entry;
};
const STOPPED = {};
const run = async (id, job) => {
  const stopped = () => Atomics.load(stop, 0) === id + 1;
  const watch = setInterval(() => stopped() && db.interrupt(), 5);
  try {
    await db.exec("BEGIN");
    try {
      const results = [];
      for (const { sql, values } of job) {
        const { statement, columns } = await prepared(sql);
        const rows = [];
        for (const row of await statement.iterate(values)) {
          if (stopped()) throw STOPPED;
          rows.push(row);
        }
        if (stopped()) throw STOPPED;
        results.push({ columns, rows });
      }
      return { id, results };
    } finally {
      if (db.inTransaction) await db.exec("COMMIT");
    }
  } catch (error) {
    if (error === STOPPED || stopped()) return { id, stopped: true };
    return { id, error: String(error && error.message ? error.message : error) };
  } finally {
    clearInterval(watch);
  }
};
parentPort.on("message", async ({ id, statements: job }) => {
  // The last thing the job does: once it is answered, the thread is out of the driver's code (the main
  // thread may terminate it then).
  parentPort.postMessage(await run(id, job));
});
`;

interface Job {
  id: number;
  statements: readonly { sql: string; values: unknown }[];
  resolve: (results: ThreadResult[]) => void;
  reject: (error: unknown) => void;
  /** Refuses the job at its time limit, counted from its arrival. */
  timer?: NodeJS.Timeout;
  /** Refused at its time limit: what its thread answers is dropped. */
  expired?: boolean;
}

interface Thread {
  worker: Worker;
  /** The stop flag the thread's job looks at between rows: the id of a job to stop, plus one. */
  stop: Int32Array;
  /** The job the thread runs, until it answers (an expired one included). */
  job?: Job;
}

interface Answer {
  id: number;
  results?: ThreadResult[];
  /** Stopped at its time limit (between two rows). */
  stopped?: true;
  error?: string;
}

/**
 * Expensive reads of the embedded database (a list that sorts a company's rows, an export's stock) on
 * threads of their own, each with its own connection to the file (WAL: they never block the writer, nor
 * it them), so that the main thread goes on answering other requests meanwhile. A job waits for a free
 * thread in order of arrival, and is refused with `TimeLimitReached` at its time limit, counted from its
 * arrival: one still waiting leaves the queue; one running is told to stop, and stops at its next row
 * or, inside a statement that gives no row until it ends (a sort, an aggregate), within a few
 * milliseconds (its thread interrupts its connection). A thread is never terminated inside the
 * driver's code (that aborts the process): it is replaced once it has answered. The threads start at
 * the first expensive read (each holds an isolate and a connection: about 15 MB).
 */
export function startReadThreads(path: string, threads = READ_THREADS): ExpensiveReads {
  const driver = createRequire(import.meta.url).resolve("libsql/promise");
  const running: Thread[] = [];
  const queue: Job[] = [];
  let closed = false;
  let nextId = 0;
  /** Called once no thread runs a job (see `settled`). */
  const idle: (() => void)[] = [];
  const busy = () => running.some((thread) => thread.job);

  const start = () => {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const thread: Thread = {
      stop,
      worker: new Worker(WORKER, {
        eval: true,
        workerData: { driver, path, cached: CACHED_STATEMENTS, stop: stop.buffer },
      }),
    };
    thread.worker.on("message", (answer: Answer) => {
      const job = thread.job;
      if (!job || job.id !== answer.id) return;
      thread.job = undefined;
      thread.worker.unref();
      // A statement left between rows (a job stopped, or failed) holds its connection's snapshot until
      // it is collected: the thread, idle now, is replaced. So is one of a closed database.
      if (closed || job.expired || answer.stopped || answer.error !== undefined) {
        running.splice(running.indexOf(thread), 1);
        void thread.worker.terminate();
        if (!closed && queue.length) start();
      }
      if (!job.expired) {
        clearTimeout(job.timer);
        if (answer.error !== undefined) job.reject(new Error(answer.error));
        else if (answer.stopped) job.reject(new Error("The database is closed."));
        else job.resolve(answer.results!);
      }
      if (!closed) next();
      if (!busy()) for (const resolve of idle.splice(0)) resolve();
    });
    let failure: unknown;
    thread.worker.on("error", (error) => {
      failure = error;
    });
    thread.worker.on("exit", () => {
      const index = running.indexOf(thread);
      // One replaced after its job: nothing more to do.
      if (index < 0) return;
      running.splice(index, 1);
      const job = thread.job;
      thread.job = undefined;
      const stopped = failure ?? new Error("A read thread stopped.");
      if (job && !job.expired) {
        clearTimeout(job.timer);
        job.reject(stopped);
      }
      if (!busy()) for (const resolve of idle.splice(0)) resolve();
      if (closed) return;
      // One that stopped by itself is not started again here (a thread that cannot start would fail in
      // a loop): with no thread left, the jobs waiting are refused, and the next read starts threads.
      if (!running.length) {
        for (const waiting of queue.splice(0)) {
          clearTimeout(waiting.timer);
          waiting.reject(stopped);
        }
      }
    });
    // An idle thread does not keep the process alive; one with a job does, until it answers.
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
      thread.worker.ref();
      thread.worker.postMessage({ id: job.id, statements: job.statements });
    }
  };

  const expire = (job: Job, limitMs: number) => {
    job.expired = true;
    const waiting = queue.indexOf(job);
    if (waiting >= 0) queue.splice(waiting, 1);
    const thread = running.find((candidate) => candidate.job === job);
    if (thread) Atomics.store(thread.stop, 0, job.id + 1);
    job.reject(new TimeLimitReached(limitMs));
  };

  return {
    read(statements, limitMs) {
      if (closed) return Promise.reject(new Error("The database is closed."));
      // Started at the first expensive read: a server that never makes one holds no thread for it.
      while (running.length < threads) start();
      return new Promise<ThreadResult[]>((resolve, reject) => {
        const job: Job = { id: nextId++, statements, resolve, reject };
        if (Number.isFinite(limitMs)) job.timer = setTimeout(() => expire(job, limitMs), limitMs);
        queue.push(job);
        next();
      });
    },
    settled() {
      return busy() ? new Promise<void>((resolve) => idle.push(resolve)) : Promise.resolve();
    },
    close() {
      closed = true;
      for (const job of queue.splice(0)) {
        clearTimeout(job.timer);
        job.reject(new Error("The database is closed."));
      }
      for (const thread of running) {
        // A thread inside a statement is told to stop, and ends once it has answered (terminating it
        // there aborts the process); an idle one is stopped now.
        if (thread.job) Atomics.store(thread.stop, 0, thread.job.id + 1);
        else void thread.worker.terminate();
      }
    },
  };
}
