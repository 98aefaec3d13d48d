import type { InStatement } from "@libsql/client";
import { ApiError } from "../errors.ts";
import type { Db, Executor, WriteSession } from "./database.ts";

/**
 * One request's share of the database: the time its statements, pipelines and batches take is added
 * up, and once it reaches `limitMs` the request's next one is refused (503 with Retry-After) instead of
 * run. The check is between statements: one that runs is never cut, and a write's batch, refused before
 * it starts, leaves nothing behind (an open transaction is rolled back by the error). So one company's
 * request cannot hold the database (the embedded one runs statements in this process) for longer than
 * the limit and one statement.
 */
export function budgetedDb(db: Db, limitMs: number, clock: () => number = () => performance.now()): Db {
  let spent = 0;
  const check = () => {
    if (spent >= limitMs) {
      throw new ApiError(
        "unavailable",
        `This request used its ${limitMs / 1000} s of database time (DB_TIME_LIMIT) and was stopped; nothing it would have written was written. Ask for less at once (a smaller page, fewer includes, a smaller batch).`,
        {},
        { "Retry-After": "1" },
      );
    }
  };
  const timed = <T>(run: () => Promise<T>): Promise<T> => {
    try {
      check();
    } catch (error) {
      return Promise.reject(error);
    }
    const started = clock();
    const result = run();
    const done = () => {
      spent += clock() - started;
    };
    result.then(done, done);
    return result;
  };
  const executor = (inner: Executor): Executor => {
    const wrapped: Executor = { execute: (statement) => timed(() => inner.execute(statement)) };
    const first = inner.first;
    if (first) {
      // Answered at once on the embedded database: kept synchronous.
      wrapped.first = (statement: InStatement) => {
        check();
        const started = clock();
        try {
          const row = first.call(inner, statement);
          if (row instanceof Promise) {
            const done = () => {
              spent += clock() - started;
            };
            row.then(done, done);
            return row;
          }
          spent += clock() - started;
          return row;
        } catch (error) {
          spent += clock() - started;
          throw error;
        }
      };
    }
    return wrapped;
  };
  const session = (inner: WriteSession): WriteSession => ({
    read: (statements) => timed(() => inner.read(statements)),
    apply: (statements) => timed(() => inner.apply(statements)),
  });
  return {
    ...executor(db),
    transaction: (work) => db.transaction((tx) => work(executor(tx))),
    write: (work) => db.write((inner) => work(session(inner))),
    read: (statements) => timed(() => db.read(statements)),
    close: () => db.close(),
  };
}
