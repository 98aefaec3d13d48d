import type { InStatement } from "@libsql/client";
import type { Db, Executor, WriteSession } from "./database.ts";

/** A statement is a read (SELECT, WITH) or a write (anything else). */
export type StatementKind = "read" | "write";

/** Told how long each statement (or batch of `Db.write`) took, in seconds. */
export type StatementTimer = (kind: StatementKind, seconds: number) => void;

function kindOf(statement: InStatement | string): StatementKind {
  const sql = typeof statement === "string" ? statement : statement.sql;
  return /^\s*(select|with)\b/i.test(sql) ? "read" : "write";
}

/**
 * The executor with every statement timed: `execute` when it settles, `first` (answered at once on the
 * embedded database) without making it a promise.
 */
function timedExecutor<E extends Executor>(executor: E, observe: StatementTimer, clock: () => number): E {
  const first = executor.first;
  const timed: Executor = {
    execute: (statement) => {
      const started = clock();
      const done = () => observe(kindOf(statement), (clock() - started) / 1000);
      const result = executor.execute(statement);
      result.then(done, done);
      return result;
    },
  };
  if (first) {
    timed.first = (statement) => {
      const started = clock();
      const done = () => observe(kindOf(statement), (clock() - started) / 1000);
      let row: ReturnType<typeof first>;
      try {
        row = first.call(executor, statement);
      } catch (error) {
        done();
        throw error;
      }
      if (row instanceof Promise) row.then(done, done);
      else done();
      return row;
    };
  }
  return { ...executor, ...timed };
}

/** A write's pipeline of reads, or its batch, timed as one statement. */
function timedBatch<T>(
  kind: StatementKind,
  run: () => Promise<T>,
  observe: StatementTimer,
  clock: () => number,
): Promise<T> {
  const started = clock();
  const done = () => observe(kind, (clock() - started) / 1000);
  const result = run();
  result.then(done, done);
  return result;
}

/** A write's session with each pipeline of reads and each batch timed as one. */
function timedSession(session: WriteSession, observe: StatementTimer, clock: () => number): WriteSession {
  return {
    read: (statements) => timedBatch("read", () => session.read(statements), observe, clock),
    apply: (statements) => timedBatch("write", () => session.apply(statements), observe, clock),
  };
}

/**
 * The database with the duration of every statement told to `observe` (the metrics' histogram), the
 * statements of transactions included, and a pipeline of reads (`read`, a write's) and a write's batch
 * each as one. Made where the database is opened (the runtime entry), so the drivers stay as they are.
 */
export function timedDb(db: Db, observe: StatementTimer, clock: () => number = () => performance.now()): Db {
  return {
    ...timedExecutor(db, observe, clock),
    transaction: (work) => db.transaction((tx) => work(timedExecutor(tx, observe, clock))),
    read: (statements) => timedBatch("read", () => db.read(statements), observe, clock),
    readExpensive:
      db.readExpensive &&
      ((statements, limitMs) =>
        timedBatch("read", () => db.readExpensive!(statements, limitMs), observe, clock)),
    write: (work) => db.write((session) => work(timedSession(session, observe, clock))),
    actingAs: db.actingAs && ((keyId) => timedDb(db.actingAs!(keyId), observe, clock)),
  };
}
