import type { Client, InStatement, ResultSet } from "@libsql/client";

/** What services run SQL on: the database, or a transaction of it. */
export interface Executor {
  execute(statement: InStatement | string): Promise<ResultSet>;
}

export interface Db extends Executor {
  /** Runs `work` in one write transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  close(): void;
}

/**
 * An embedded (file) database. Reads go to their own connection so they never see another request's
 * uncommitted writes; writes are serialized in-process, because the native driver runs each statement
 * synchronously and two interleaved write transactions on one file would only wait on each other's locks
 * while blocking the event loop. Transactions are plain BEGIN/COMMIT on the writer connection, which
 * `client.transaction()` would replace by a new connection after every write.
 */
export function embeddedDb(reader: Client, writer: Client): Db {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    execute: (statement) => reader.execute(statement),
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      const run = async () => {
        await writer.execute("BEGIN IMMEDIATE");
        try {
          const result = await work(writer);
          await writer.execute("COMMIT");
          return result;
        } catch (error) {
          await writer.execute("ROLLBACK").catch(() => {});
          throw error;
        }
      };
      const result = queue.then(run, run);
      queue = result.catch(() => {});
      return result;
    },
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
    async transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
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
    },
    close: () => client.close(),
  };
}

/** Pragmas for an embedded file: WAL (concurrent readers, ~25x faster commits) and a busy timeout. */
export async function tuneEmbedded(...clients: Client[]): Promise<void> {
  for (const client of clients) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
    await client.execute("PRAGMA busy_timeout = 5000");
  }
}
