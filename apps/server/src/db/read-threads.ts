// Node only (worker threads): the Node entry hands this to `prepareServer`.
import { createRequire } from "node:module";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { Row } from "@libsql/client";
import { TimeLimitReached } from "./database.ts";
import type { ExpensiveReads, RowNamer } from "./native.ts";

/** Threads that run expensive reads: another core's worth, beside the main thread's. */
export const READ_THREADS = 2;
/** Statements each thread keeps prepared. */
const CACHED_STATEMENTS = 100;
/**
 * Rows of a statement that a thread sends at a time, ahead of its answer. Taking a message over and
 * naming its rows holds the main thread's event loop: 100,000 rows in one message would hold it for
 * about half a second; a piece of this many, for a few milliseconds. A page of a list is answered in
 * one message.
 */
export const PIECE_ROWS = 2_000;

// Each thread's whole program, run as CommonJS: its own connection to the file (the driver's promise
// interface, whose statements take their first step off the thread's JavaScript), and a read
// transaction around each job, so that a job's statements see one snapshot. Rows are answered as arrays
// with their columns' names once: the main thread names them as its own reads do. A job's rows past
// `pieceRows` of a statement go ahead of its answer, `pieceRows` at a time, through a port of their own
// (`pieces`), each followed by a word on the thread's own port that one is there; the answer then holds
// the rest, and the count of pieces sent before it. A job looks at its thread's stop flag (set by the
// main thread at the job's time limit) between rows, and every few milliseconds while a statement
// works towards its first row (a sort, a count), interrupting the connection there: SQLite ends the
// statement within its next steps.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 5000 });
const stop = new Int32Array(workerData.stop);
const statements = new Map();
let pieces;
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
      let sent = 0;
      for (let index = 0; index < job.length; index++) {
        const { statement, columns } = await prepared(job[index].sql);
        let rows = [];
        for (const row of await statement.iterate(job[index].values)) {
          if (stopped()) throw STOPPED;
          rows.push(row);
          if (rows.length === workerData.pieceRows) {
            pieces.postMessage({ id, statement: index, columns, rows });
            parentPort.postMessage({ id, piece: true });
            sent++;
            rows = [];
          }
        }
        if (stopped()) throw STOPPED;
        results.push({ columns, rows });
      }
      return { id, results, pieces: sent };
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
parentPort.on("message", async (message) => {
  if (message.pieces) {
    pieces = message.pieces;
    return;
  }
  // The last thing the job does: once it is answered, the thread is out of the driver's code (the main
  // thread may terminate it then).
  parentPort.postMessage(await run(message.id, message.statements));
});
`;

interface Job {
  id: number;
  statements: readonly { sql: string; values: unknown }[];
  /** Names a statement's rows (answered as arrays) from its columns' names. */
  named: RowNamer;
  /** The API key whose request it reads for (null: the server's own work), for its turn (`takeNext`). */
  owner: number | null;
  resolve: (rows: Row[][]) => void;
  reject: (error: unknown) => void;
  /** Refuses the job at its time limit, counted from its arrival. */
  timer?: NodeJS.Timeout;
  /** Refused at its time limit: what its thread answers is dropped. */
  expired?: boolean;
  /** Its rows taken over so far from the pieces sent ahead of its answer, named, by statement. */
  taken: Row[][];
  /** How many of those pieces have been taken over. */
  pieces: number;
  /** Its thread's answer, kept until every piece sent ahead of it has been taken over. */
  answer?: Answered;
}

interface Thread {
  worker: Worker;
  /** The stop flag the thread's job looks at between rows: the id of a job to stop, plus one. */
  stop: Int32Array;
  /** The job the thread runs, until it answers (an expired one included). */
  job?: Job;
  /**
   * The port its jobs' pieces of rows arrive on. Nothing listens to it (a listener would be handed every
   * piece waiting at once): they are taken from it one at a time (`takePieces`).
   */
  pieces: MessagePort;
  /** Pieces are being taken from `pieces`, one a turn of the event loop. */
  taking?: boolean;
  /** The thread has ended: its port of pieces is closed once nothing is left on it. */
  ended?: boolean;
}

/** Rows of a job's statement sent ahead of its answer. */
interface Piece {
  id: number;
  statement: number;
  columns: string[];
  rows: unknown[][];
}

/** What a thread answers for one statement: its rows as arrays, and their columns' names. */
interface ThreadResult {
  columns: string[];
  rows: unknown[][];
}

/** A job's rows past its pieces, and how many pieces went ahead. */
interface Answered {
  id: number;
  results: ThreadResult[];
  pieces: number;
}

/** What a thread posts on its own port. */
type Answer =
  /** A piece of a job's rows is waiting on the thread's port of pieces. */
  | { id: number; piece: true }
  | Answered
  /** Stopped at its time limit (between two rows). */
  | { id: number; stopped: true }
  | { id: number; error: string };

/**
 * Expensive reads of the embedded database (a list that sorts a company's rows, an export's stock) on
 * threads of their own, each with its own connection to the file (WAL: they never block the writer, nor
 * it them), so that the main thread goes on answering other requests meanwhile. A job waits for a free
 * thread, the keys taking turns (`takeNext`: one key's many reads never keep another's waiting behind
 * them all), and is refused with `TimeLimitReached` at its time limit, counted from its arrival: one
 * still waiting leaves the queue; one running is told to stop, and stops at its next row or, inside a
 * statement that gives no row until it ends (a sort, an aggregate), within a few milliseconds (its
 * thread interrupts its connection). A thread is never terminated inside the driver's code (that aborts
 * the process): it is replaced once it has answered. A large read's rows
 * come over in pieces (`PIECE_ROWS`) while its thread reads on, each piece taken over and named in a
 * turn of the event loop of its own; a small one (a page) in its answer alone. The threads start at the
 * first expensive read (each holds an isolate and a connection: about 15 MB).
 */
export function startReadThreads(path: string, threads = READ_THREADS): ExpensiveReads {
  const driver = createRequire(import.meta.url).resolve("libsql/promise");
  const running: Thread[] = [];
  const queue: Job[] = [];
  /** The jobs given to a thread and not yet answered or refused, by id: whose the pieces taken over are. */
  const given = new Map<number, Job>();
  let closed = false;
  let nextId = 0;
  /** Called once no thread runs a job (see `settled`). */
  const idle: (() => void)[] = [];
  const busy = () => running.some((thread) => thread.job);

  const fail = (job: Job, error: unknown) => {
    given.delete(job.id);
    clearTimeout(job.timer);
    job.reject(error);
  };

  /** Answers a job once every piece sent ahead of its answer has been taken over, naming the rest. */
  const finish = (job: Job, answer: Answered) => {
    given.delete(job.id);
    job.resolve(
      answer.results.map(({ columns, rows }, statement) => {
        const taken = job.taken[statement];
        if (!taken) return rows.map(job.named(columns));
        addRows(taken, job.named(columns), rows);
        return taken;
      }),
    );
  };

  /**
   * Takes the pieces waiting on `thread`'s port over, one a turn of the event loop (`setImmediate`), so
   * that the requests of others are answered between two of them.
   */
  const takePieces = (thread: Thread) => {
    if (thread.taking) return;
    thread.taking = true;
    const step = () => {
      const received = receiveMessageOnPort(thread.pieces);
      if (!received) {
        thread.taking = false;
        if (thread.ended) thread.pieces.close();
        return;
      }
      const piece: Piece = received.message;
      // A job refused meanwhile (at its limit, or failed) is no longer given: its pieces are dropped.
      const job = given.get(piece.id);
      if (job) {
        const taken = job.taken[piece.statement] ?? [];
        job.taken[piece.statement] = taken;
        addRows(taken, job.named(piece.columns), piece.rows);
        job.pieces++;
        if (job.answer && job.pieces === job.answer.pieces) finish(job, job.answer);
      }
      setImmediate(step);
    };
    setImmediate(step);
  };

  const start = () => {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const channel = new MessageChannel();
    const thread: Thread = {
      stop,
      pieces: channel.port1,
      worker: new Worker(WORKER, {
        eval: true,
        workerData: { driver, path, cached: CACHED_STATEMENTS, pieceRows: PIECE_ROWS, stop: stop.buffer },
      }),
    };
    thread.worker.postMessage({ pieces: channel.port2 }, [channel.port2]);
    thread.worker.on("message", (answer: Answer) => {
      if ("piece" in answer) return takePieces(thread);
      const job = thread.job;
      if (!job || job.id !== answer.id) return;
      thread.job = undefined;
      thread.worker.unref();
      const failed = "stopped" in answer || "error" in answer;
      // A statement left between rows (a job stopped, or failed) holds its connection's snapshot until
      // it is collected: the thread, idle now, is replaced. So is one of a closed database.
      if (closed || job.expired || failed) {
        running.splice(running.indexOf(thread), 1);
        void thread.worker.terminate();
        if (!closed && queue.length) start();
      }
      if (!job.expired) {
        clearTimeout(job.timer);
        if ("error" in answer) fail(job, new Error(answer.error));
        else if ("stopped" in answer) fail(job, new Error("The database is closed."));
        else if (job.pieces === answer.pieces) finish(job, answer);
        else {
          // Its pieces are all on the port by now: taken over before it is answered.
          job.answer = answer;
          takePieces(thread);
        }
      }
      if (!closed) next();
      if (!busy()) for (const resolve of idle.splice(0)) resolve();
    });
    let failure: unknown;
    thread.worker.on("error", (error) => {
      failure = error;
    });
    thread.worker.on("exit", () => {
      // Pieces still on its port are taken over before it is closed.
      thread.ended = true;
      if (!thread.taking) thread.pieces.close();
      const index = running.indexOf(thread);
      // One replaced after its job: nothing more to do.
      if (index < 0) return;
      running.splice(index, 1);
      const job = thread.job;
      thread.job = undefined;
      const stopped = failure ?? new Error("A read thread stopped.");
      if (job && !job.expired) fail(job, stopped);
      if (!busy()) for (const resolve of idle.splice(0)) resolve();
      if (closed) return;
      // One that stopped by itself is not started again here (a thread that cannot start would fail in
      // a loop): with no thread left, the jobs waiting are refused, and the next read starts threads.
      if (!running.length) {
        for (const waiting of queue.splice(0)) fail(waiting, stopped);
      }
    });
    // An idle thread does not keep the process alive; one with a job does, until it answers.
    thread.worker.unref();
    running.push(thread);
    next();
  };

  /** When each key was last given a thread, as a count of jobs given: the keys' turns. */
  const lastGiven = new Map<number | null, number>();
  let givenCount = 0;
  const runningFor = (owner: number | null) =>
    running.reduce((count, thread) => (thread.job?.owner === owner ? count + 1 : count), 0);

  /**
   * Takes the waiting job whose turn it is: of the key with the fewest jobs running, then of the one
   * given a thread longest ago (never, first), then the first to arrive. So a key with one read waits
   * for a thread to be free, not for every read another key sent before it. The queue is short: each
   * company has at most its share of expensive requests (`EXPENSIVE_PER_COMPANY`) at once.
   */
  const takeNext = (): Job | undefined => {
    let best = -1;
    let bestRunning = Number.POSITIVE_INFINITY;
    let bestGiven = Number.POSITIVE_INFINITY;
    for (const [index, job] of queue.entries()) {
      const jobsRunning = runningFor(job.owner);
      const given = lastGiven.get(job.owner) ?? -1;
      if (jobsRunning < bestRunning || (jobsRunning === bestRunning && given < bestGiven)) {
        best = index;
        bestRunning = jobsRunning;
        bestGiven = given;
      }
    }
    if (best < 0) return undefined;
    const [job] = queue.splice(best, 1);
    // Forgotten now and then: a key whose turn is forgotten goes first at its next read, as a new one.
    if (lastGiven.size > 10_000) lastGiven.clear();
    lastGiven.set(job!.owner, ++givenCount);
    return job;
  };

  const next = () => {
    for (const thread of running) {
      if (thread.job) continue;
      const job = takeNext();
      if (!job) return;
      thread.job = job;
      given.set(job.id, job);
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
    fail(job, new TimeLimitReached(limitMs));
  };

  return {
    read(statements, limitMs, named, owner = null) {
      if (closed) return Promise.reject(new Error("The database is closed."));
      // Started at the first expensive read: a server that never makes one holds no thread for it.
      while (running.length < threads) start();
      return new Promise<Row[][]>((resolve, reject) => {
        const job: Job = { id: nextId++, statements, named, owner, resolve, reject, taken: [], pieces: 0 };
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
      for (const job of queue.splice(0)) fail(job, new Error("The database is closed."));
      for (const thread of running) {
        // A thread inside a statement is told to stop, and ends once it has answered (terminating it
        // there aborts the process); an idle one is stopped now.
        if (thread.job) Atomics.store(thread.stop, 0, thread.job.id + 1);
        else void thread.worker.terminate();
      }
    },
  };
}

/** Adds `rows` (arrays) to `into`, each named by `named`. */
function addRows(into: Row[], named: (values: unknown) => Row, rows: readonly unknown[][]): void {
  for (const values of rows) into.push(named(values));
}
