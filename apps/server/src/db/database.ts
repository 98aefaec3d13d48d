import type { Client, InStatement, ResultSet, Row } from "@libsql/client";
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

export interface Db extends Executor {
  /** Runs `work` in one write transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  /**
   * Runs `work` that writes with at most ONE statement (after any reads): that statement is its own
   * transaction. Embedded, this skips BEGIN/COMMIT (a third of a single-row write's cost) while the
   * in-process write queue keeps the reads before it consistent; remote, it is a transaction.
   */
  singleWrite<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  close(): void;
}

async function inWriteTransaction<T>(client: Client, work: (tx: Executor) => Promise<T>): Promise<T> {
  const tx = await client.transaction("write");
  try {
    const result = await work(tx);
    await tx.commit();
    return result;
  } catch (error) {
    await tx.rollback().catch(() => {});
    throw error;
  } finally {
    tx.close();
  }
}

/** A remote database (Turso, or the dev libSQL server) over HTTP: transactions are server-side streams. */
export function remoteDb(client: Client): Db {
  return {
    execute: (statement) => client.execute(statement),
    transaction: (work) => inWriteTransaction(client, work),
    singleWrite: (work) => inWriteTransaction(client, work),
    close: () => client.close(),
  };
}
