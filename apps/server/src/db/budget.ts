import type { InStatement, ResultSet, Row } from "@libsql/client";
import { ApiError } from "../errors.ts";
import type { Eventually } from "../eventually.ts";
import { type Db, type Executor, TimeLimitReached, type WriteSession } from "./database.ts";

/**
 * One request's share of the database: the time its statements, pipelines and batches take is added
 * up, and once it reaches `limitMs` the request's next one is refused (503 with Retry-After) instead of
 * run. The check is between statements, and a write's batch, refused before it starts, leaves nothing
 * behind (an open transaction is rolled back by the error). Expensive reads (`readExpensive`) are also
 * stopped within a statement, at the time the request has left, where the driver runs them apart (the
 * embedded database on Node: `read-threads.ts`): the same 503. So one company's request cannot hold the
 * database (the embedded one runs statements in this process) for longer than the limit and one
 * statement that is not an expensive read.
 */
export function budgetedDb(db: Db, limitMs: number, clock: () => number = () => performance.now()): Db {
  return new Budget(db, limitMs, clock);
}

// One object per request, its methods on the prototype: the budget is made for every request, and a
// wrapper of closures cost more than the read it measured.
class Budget implements Db {
  private spent = 0;

  constructor(
    private readonly db: Db,
    private readonly limitMs: number,
    private readonly clock: () => number,
  ) {}

  check(): void {
    if (this.spent < this.limitMs) return;
    throw this.stopped();
  }

  /** The time the request has left, in ms. */
  left(): number {
    return this.limitMs - this.spent;
  }

  /** The 503 for a read stopped at the request's time limit (its time is then spent); other errors as they are. */
  stoppedBy(error: unknown): unknown {
    if (!(error instanceof TimeLimitReached)) return error;
    // A timer may fire a fraction of a millisecond before the clock says the time is up.
    this.spent = Math.max(this.spent, this.limitMs);
    return this.stopped();
  }

  private stopped(): ApiError {
    return new ApiError(
      "unavailable",
      `This request used its ${this.limitMs / 1000} s of database time (DB_TIME_LIMIT) and was stopped; nothing it would have written was written. Ask for less at once (a smaller page, fewer includes, a smaller batch).`,
      {},
      { "Retry-After": "1" },
    );
  }

  /** Runs `run` if time is left, adding what it takes. */
  timed<T>(run: () => Promise<T>): Promise<T> {
    try {
      this.check();
    } catch (error) {
      return Promise.reject(error);
    }
    const started = this.clock();
    const result = run();
    const done = () => {
      this.spent += this.clock() - started;
    };
    result.then(done, done);
    return result;
  }

  /** `first` of `inner`, timed: answered at once where `inner` answers at once (the embedded database). */
  timedFirst(inner: Executor, statement: InStatement): Eventually<Row | undefined> {
    if (!inner.first) return this.timed(() => inner.execute(statement)).then((result) => result.rows[0]);
    this.check();
    const started = this.clock();
    try {
      const row = inner.first(statement);
      if (row instanceof Promise) {
        const done = () => {
          this.spent += this.clock() - started;
        };
        row.then(done, done);
        return row;
      }
      this.spent += this.clock() - started;
      return row;
    } catch (error) {
      this.spent += this.clock() - started;
      throw error;
    }
  }

  execute(statement: InStatement | string): Promise<ResultSet> {
    return this.timed(() => this.db.execute(statement));
  }

  first(statement: InStatement): Eventually<Row | undefined> {
    return this.timedFirst(this.db, statement);
  }

  read(statements: readonly InStatement[]): Promise<ResultSet[]> {
    return this.timed(() => this.db.read(statements));
  }

  readExpensive(statements: readonly InStatement[]): Promise<ResultSet[]> {
    const apart = this.db.readExpensive;
    if (!apart) return this.read(statements);
    return this.timed(() =>
      apart.call(this.db, statements, this.left()).catch((error: unknown) => {
        throw this.stoppedBy(error);
      }),
    );
  }

  write<T>(work: (session: WriteSession) => Promise<T>): Promise<T> {
    return this.db.write((inner) => work(new BudgetedSession(this, inner)));
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work({
        execute: (statement) => this.timed(() => tx.execute(statement)),
        first: (statement) => this.timedFirst(tx, statement),
      }),
    );
  }

  close(): void {
    this.db.close();
  }
}

/** A write's session with its pipelines and batches counted against the request's budget. */
class BudgetedSession implements WriteSession {
  constructor(
    private readonly budget: Budget,
    private readonly inner: WriteSession,
  ) {}

  read(statements: readonly InStatement[]): Promise<ResultSet[]> {
    return this.budget.timed(() => this.inner.read(statements));
  }

  apply(statements: readonly InStatement[]): Promise<ResultSet[]> {
    return this.budget.timed(() => this.inner.apply(statements));
  }
}
