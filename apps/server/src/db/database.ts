import type { Client, InStatement, ResultSet, Row } from "@libsql/client";
import { ApiError, codeOf, messageOf, propertyOf } from "../errors.ts";
import { andThen, type Eventually } from "../eventually.ts";

/** What services run SQL on: the database, or a transaction of it. */
export interface Executor {
  execute(statement: InStatement | string): Promise<ResultSet>;
  /**
   * The first row of a query, where the driver can stop there (the embedded one: a single step, without
   * the row iterator `execute` walks to the end), answered at once where the driver is synchronous (the
   * embedded one). Use `firstRow`.
   */
  first?(statement: InStatement): Eventually<Row | undefined>;
}

/**
 * The first row a query answers, or undefined: for lookups that find at most one row. Answered at once
 * on the embedded database (see `Eventually`); a statement that fails there throws at once.
 */
export function firstRow(db: Executor, statement: InStatement): Eventually<Row | undefined> {
  return db.first ? db.first(statement) : andThen(db.execute(statement), (result) => result.rows[0]);
}

/**
 * The two round trips of an optimistic write (see `Db.write`): every read it needs in one pipeline, then
 * every write as one atomic batch.
 */
export interface WriteSession {
  /** Runs reads in one pipeline, on one snapshot; answers their results in order. */
  read(statements: readonly InStatement[]): Promise<ResultSet[]>;
  /**
   * Runs statements as one atomic batch: all of them or none. A failing statement aborts it with a
   * `BatchError` naming its index (a guard of `write-guards.ts`, a constraint).
   */
  apply(statements: readonly InStatement[]): Promise<ResultSet[]>;
}

/**
 * Runs `writes` and then `read` as one atomic batch (one round trip), and answers what `read` found: the
 * rows as the writes left them.
 */
export async function writeThenRead(
  session: WriteSession,
  writes: readonly InStatement[],
  read: InStatement,
): Promise<ResultSet> {
  const results = await session.apply([...writes, read]);
  return results[writes.length]!;
}

/** Expensive reads stopped at their time limit (`Db.readExpensive`), in ms. */
export class TimeLimitReached extends Error {
  constructor(readonly limitMs: number) {
    super(`Stopped at its time limit of ${limitMs} ms.`);
    this.name = "TimeLimitReached";
  }
}

/** A statement of a batch failed: the batch was rolled back. */
export class BatchError extends Error {
  constructor(
    message: string,
    /** The index of the failing statement in the batch. */
    readonly statementIndex: number,
  ) {
    super(message);
    this.name = "BatchError";
  }
}

export interface Db extends Executor {
  /** Runs `work` in one write transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  /**
   * Runs an optimistic write: `work` reads in one pipeline, plans, and applies one batch. Remote, each is
   * one round trip and no transaction spans them: the batch's guards catch a writer that came between
   * (see `optimistically`). Embedded, `work` runs in the process's write queue: nothing comes between.
   */
  write<T>(work: (session: WriteSession) => Promise<T>): Promise<T>;
  /** Runs reads in one pipeline, on one snapshot (one round trip remote), outside the write queue. */
  read(statements: readonly InStatement[]): Promise<ResultSet[]>;
  /**
   * Runs expensive reads (a list that sorts all of a company's rows, an export's stock) as `read` does,
   * where they do not hold up other requests, stopped with `TimeLimitReached` once they have taken
   * `limitMs` (default: no limit). The embedded database on Node runs them on threads of their own
   * (`read-threads.ts`); absent elsewhere: callers use `read`.
   */
  readExpensive?(statements: readonly InStatement[], limitMs?: number): Promise<ResultSet[]>;
  /**
   * Resolves once no expensive read runs apart. A read thread still inside a statement when the process
   * exits aborts it (the driver's native code cannot be left there), so the Node entry waits for this
   * before it closes the database and exits; a statement stopped at its limit that gives no row until it
   * ends (a sort) is waited for to its end.
   */
  settled?(): Promise<void>;
  /**
   * The database for the writes of API key `keyId`, where the driver stamps their events with it by
   * itself (the embedded one); else `actingDb` brackets each batch (the audit trail, `acting-key.ts`).
   */
  actingAs?(keyId: number): Db;
  close(): void;
}

const EXPENSIVE = Symbol("expensive");

/**
 * A read of a write's pipeline marked as expensive (an export's stock): the pipeline runs apart
 * (`readApart`), outside the write queue (`executeWrite`).
 */
export function expensive(statement: InStatement): InStatement {
  const text = typeof statement === "string" ? { sql: statement, args: [] } : statement;
  return Object.assign({ ...text }, { [EXPENSIVE]: true });
}

export function isExpensive(statement: InStatement): boolean {
  return typeof statement === "object" && EXPENSIVE in statement;
}

/**
 * Runs a pipeline of reads on one snapshot, all of them where the driver runs expensive reads
 * (`Db.readExpensive`, within the request's time limit), else as `Db.read` does.
 */
export function readApart(db: Db, statements: readonly InStatement[]): Promise<ResultSet[]> {
  return db.readExpensive ? db.readExpensive(statements) : db.read(statements);
}

/** `db` with every statement run as an expensive read (`Db.readExpensive`), where the driver has them. */
export function readingApart(db: Db): Db {
  const apart = db.readExpensive;
  if (!apart) return db;
  const { first: _first, ...rest } = db;
  return { ...rest, execute: async (statement) => (await apart.call(db, [statement]))[0]! };
}

/**
 * A remote write that waited for the write lock longer than the database lets it (SQLITE_BUSY: another
 * writer held it, an interactive transaction across its round trips) was not applied: a conflict the
 * client sends again, not a failure of the server. Other errors as they are.
 */
function lockTimeout(error: unknown): unknown {
  if (!codeOf(error)?.startsWith("SQLITE_BUSY")) return error;
  return new ApiError(
    "conflict",
    "The database was busy with other writes for too long; retry this request.",
    {},
    { "Retry-After": "1" },
  );
}

async function inWriteTransaction<T>(client: Client, work: (tx: Executor) => Promise<T>): Promise<T> {
  const tx = await client.transaction("write");
  try {
    const result = await work(tx);
    await tx.commit();
    return result;
  } catch (error) {
    await tx.rollback().catch(() => {});
    throw lockTimeout(error);
  } finally {
    tx.close();
  }
}

/** A batch's error as a `BatchError` (the driver names the failing statement); other errors as they are. */
function asBatchError(error: unknown): unknown {
  const index = propertyOf(error, "statementIndex");
  return typeof index === "number" ? new BatchError(messageOf(error), index) : error;
}

/**
 * A remote database (Turso, or the dev libSQL server) over HTTP. Each `execute` and each `batch` is one
 * HTTP request; an interactive transaction (`transaction`) costs one per statement and holds the write
 * lock across them, so the request path writes through `write`.
 */
export function remoteDb(client: Client): Db {
  const session: WriteSession = {
    read: async (statements) =>
      statements.length === 1
        ? [await client.execute(statements[0]!)]
        : client.batch([...statements], "read"),
    // One statement is atomic by itself: sent alone, it skips the batch's BEGIN and COMMIT.
    apply: async (statements) => {
      try {
        if (statements.length === 1) return [await client.execute(statements[0]!)];
        return await client.batch([...statements], "write");
      } catch (error) {
        const busy = lockTimeout(error);
        if (busy !== error) throw busy;
        throw statements.length === 1 ? new BatchError(messageOf(error), 0) : asBatchError(error);
      }
    },
  };
  return {
    execute: (statement) =>
      client.execute(statement).catch((error) => {
        throw lockTimeout(error);
      }),
    transaction: (work) => inWriteTransaction(client, work),
    write: (work) => work(session),
    read: session.read,
    close: () => client.close(),
  };
}
