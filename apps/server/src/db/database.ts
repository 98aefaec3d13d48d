import type { Client, InStatement, ResultSet } from "@libsql/client";

/** What services run SQL on: the database, or a transaction of it. */
export interface Executor {
  execute(statement: InStatement | string): Promise<ResultSet>;
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

/**
 * An embedded (file) database. Writes are serialized in-process on a one-connection writer client:
 * the native driver runs each statement synchronously, so two interleaved write transactions on one file
 * would only wait on each other's lock while blocking the event loop. Reads use their own connections
 * and never see uncommitted writes.
 */
export function embeddedDb(reader: Client, writer: Client): Db {
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(run, run);
    queue = result.catch(() => {});
    return result;
  };
  return {
    execute: (statement) => reader.execute(statement),
    transaction: (work) => serialized(() => inWriteTransaction(writer, work)),
    singleWrite: (work) => serialized(() => work(writer)),
    close() {
      reader.close();
      writer.close();
    },
  };
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

/** WAL (readers never block the writer) and NORMAL sync (safe with WAL, ~25x faster commits). */
export async function tuneEmbedded(writer: Client): Promise<void> {
  await writer.execute("PRAGMA journal_mode = WAL");
  await writer.execute("PRAGMA synchronous = NORMAL");
}
