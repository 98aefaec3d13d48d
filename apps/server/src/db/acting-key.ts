/**
 * The audit trail: every event records the API key whose request caused it (`events.api_key_id`).
 * Events are written by triggers (`event-triggers.ts`) and by plans, in the statements that make the
 * changes, which know nothing of the request. So a key's writes go through `actingDb`. The embedded
 * database stamps them by itself at no extra statement (`Db.actingAs`, `native.ts`); elsewhere (a remote
 * database, shared by every process that writes to it) each batch (and each transaction) is bracketed
 * with two statements: the first notes the newest event id (`acting_key`), the last stamps the key on
 * every event written after it. A batch holds the write lock while it runs, so the events after the mark
 * are the batch's own. Both statements ride in the batch: no round trip is added (a lone statement
 * becomes a batch of three, still one request). Whatever writes without a key (the dispatcher, the
 * inbound webhooks) leaves `api_key_id` null.
 */
import type { InStatement } from "@libsql/client";
import { BatchError, type Db, type Executor, firstRow, type WriteSession } from "./database.ts";

const MARK: InStatement = {
  sql: "INSERT OR REPLACE INTO acting_key (id, after_event) VALUES (1, (SELECT coalesce(max(id), 0) FROM events))",
  args: [],
};

function stamp(keyId: number): InStatement {
  return {
    sql: "UPDATE events SET api_key_id = ? WHERE id > (SELECT after_event FROM acting_key WHERE id = 1)",
    args: [keyId],
  };
}

/** A batch's failure with the index its caller gave the statement (the mark is not the caller's). */
function unshifted(error: unknown): unknown {
  return error instanceof BatchError ? new BatchError(error.message, error.statementIndex - 1) : error;
}

/** `db` for the writes of the API key `keyId`: each batch and transaction stamps its events with it. */
export function actingDb(db: Db, keyId: number): Db {
  return db.actingAs?.(keyId) ?? new ActingDb(db, stamp(keyId));
}

class ActingDb implements Db {
  readonly readExpensive?: Db["readExpensive"];

  constructor(
    private readonly db: Db,
    private readonly stamped: InStatement,
  ) {
    // Reads stamp nothing.
    if (db.readExpensive) this.readExpensive = db.readExpensive.bind(db);
  }

  execute(statement: InStatement | string) {
    return this.db.execute(statement);
  }

  first(statement: InStatement) {
    return firstRow(this.db, statement);
  }

  read(statements: readonly InStatement[]) {
    return this.db.read(statements);
  }

  write<T>(work: (session: WriteSession) => Promise<T>): Promise<T> {
    return this.db.write((session) =>
      work({
        read: session.read,
        apply: async (statements) => {
          if (statements.length === 0) return session.apply(statements);
          try {
            const results = await session.apply([MARK, ...statements, this.stamped]);
            return results.slice(1, -1);
          } catch (error) {
            throw unshifted(error);
          }
        },
      }),
    );
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(MARK);
      const result = await work(tx);
      await tx.execute(this.stamped);
      return result;
    });
  }

  close(): void {
    this.db.close();
  }
}

/** One `actingDb` per key, made on its first write and kept (a map lookup per request). */
export function actingDbs(db: Db): (keyId: number) => Db {
  const made = new Map<number, Db>();
  return (keyId) => {
    let found = made.get(keyId);
    if (!found) {
      if (made.size >= 10_000) made.clear();
      found = actingDb(db, keyId);
      made.set(keyId, found);
    }
    return found;
  };
}
