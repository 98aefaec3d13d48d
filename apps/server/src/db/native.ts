/**
 * The embedded database on the native libSQL driver directly, with each connection's prepared
 * statements kept for reuse. `@libsql/client` prepares every statement on every call (and with it
 * the event trigger an INSERT or UPDATE fires): profiles of the server under load showed that
 * preparation as the largest single cost of a write. Node and Deno only (a native module).
 */
import type { InStatement, InValue, ResultSet, Row } from "@libsql/client";
import Database from "libsql";
import { messageOf } from "../errors.ts";
import { BatchError, type Db, type Executor, type WriteSession } from "./database.ts";

type Connection = Database.Database;
type Statement = ReturnType<Connection["prepare"]>;
/** Positional or named statement arguments, as the driver binds them. */
type BindValues = unknown[] | Record<string, unknown>;

/** Statements kept per connection; the oldest goes when it is full. */
const CACHED_STATEMENTS = 500;

/**
 * A schema change (a migration's CREATE, ALTER or DROP) runs once, with `exec`: not prepared and kept.
 * A prepared statement holds some of its connection's small blocks of memory (SQLite's lookaside, about
 * 30 of them) until it is finalized, which the driver leaves to the collector: the hundreds of statements
 * a fresh database's migrations run held them all, so each write's own blocks came from `malloc` (a
 * PUT or POST measured a few percent more CPU).
 */
const SCHEMA_CHANGE = /^\s*(?:CREATE|ALTER|DROP)\b/i;

function sqlValue(value: InValue | undefined): unknown {
  if (value === undefined) throw new TypeError("A statement argument is undefined.");
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** The driver's answer as a ResultSet; its column lists are made only if something reads them. */
class NativeResult implements ResultSet {
  constructor(
    readonly rows: Row[],
    readonly rowsAffected: number,
    readonly lastInsertRowid: bigint | undefined = undefined,
  ) {}
  get columns(): string[] {
    return this.rows[0] ? Object.keys(this.rows[0]) : [];
  }
  get columnTypes(): string[] {
    return this.columns.map(() => "");
  }
  toJSON() {
    return { columns: this.columns, rows: this.rows, rowsAffected: this.rowsAffected };
  }
}

/** Statement arguments as the driver takes them; the common case (plain values) is passed as it is. */
function valuesOf(args: InValue[]): unknown[] {
  for (const value of args) {
    if (value === null || typeof value === "string" || typeof value === "number") continue;
    return args.map(sqlValue);
  }
  return args;
}

/**
 * A prepared statement. One that answers rows answers them as arrays, named here from `columns`: the
 * driver names every column of every row natively, which costs more than the lookup by id itself and
 * about a quarter of reading a page of 50 rows.
 */
interface Prepared {
  statement: Statement;
  /** Names a row of a reading statement (see `rowMaker`); absent for one that answers no rows. */
  row?: MakeRow;
}

/** A row the driver answered as an array, as an object keyed by its statement's column names. */
type MakeRow = (values: unknown) => Row;

/**
 * Names the rows of a statement of these columns, as a function made once per statement that returns an
 * object literal of them (`{"id": values[0], "name": values[1]}`): V8 makes each row at once in its final
 * shape. Made as a copy of a blank row with each column then stored, a carrier's row (7 columns) took
 * about ten times as long to make: the copy, at one place for every statement, ran on V8's slow path (a
 * page of 51 carriers is read in about 92 µs instead of 100). A column named twice keeps the later value in
 * the first one's place, as stores would. Node and Deno only: a Worker may not make code, and reads
 * through the remote driver.
 */
function rowMaker(columns: readonly string[]): MakeRow {
  // A quoted `__proto__` in a literal would set the prototype: a computed key makes it a property.
  const key = (name: string) => (name === "__proto__" ? '["__proto__"]' : JSON.stringify(name));
  const fields = columns.map((name, i) => `${key(name)}: values[${i}]`);
  return new Function("values", `return { ${fields.join(", ")} };`) as MakeRow;
}

/** A statement that answers rows, prepared to answer them as arrays named from its columns. */
function readingStatement(statement: Statement): Prepared {
  const columns = statement.columns().map((column) => column.name);
  return { statement: statement.raw(true), row: rowMaker(columns) };
}

/** A statement's arguments as the driver takes them. */
function argumentsOf(input: InStatement | string): { sql: string; values: BindValues } {
  if (typeof input === "string") return { sql: input, values: [] };
  const args = input.args ?? [];
  return {
    sql: input.sql,
    values: Array.isArray(args)
      ? valuesOf(args)
      : Object.fromEntries(
          Object.entries(args).map(([name, value]) => [name.replace(/^[@$:]/, ""), sqlValue(value)]),
        ),
  };
}

/** `run`'s answer as a settled promise, or what it threw as a rejected one: the driver is synchronous. */
function settled<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** An executor whose statements run at once (the driver is synchronous): `now` answers or throws. */
interface NativeExecutor extends Executor {
  now(statement: InStatement | string): ResultSet;
}

/**
 * Runs statements on one connection, preparing each distinct SQL text once for `execute` and once for
 * `first`: the driver (libsql 0.5.29) answers a `get` on a statement last run with `all` from that run's
 * rows, whatever it binds, so the two never share a statement.
 */
function cachedExecutor(connection: Connection): NativeExecutor {
  const statements = new Map<string, Prepared>();
  const firsts = new Map<string, Prepared>();
  /** The statement kept for `sql`, prepared at its first use; none for a schema change. */
  const prepared = (sql: string, cache = statements): Prepared | undefined => {
    let entry = cache.get(sql);
    if (entry) return entry;
    if (SCHEMA_CHANGE.test(sql)) return undefined;
    const statement = connection.prepare(sql);
    entry = statement.reader ? readingStatement(statement) : { statement };
    // The oldest goes when the cache is full (one still in use is prepared again once): cheaper than
    // keeping the order of use up to date on every call.
    if (cache.size >= CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
    cache.set(sql, entry);
    return entry;
  };
  /** Runs a schema change at once (SQLite takes no parameters in one). */
  const change = (sql: string, values: BindValues) => {
    if (Object.keys(values).length) throw new TypeError("A schema change takes no arguments.");
    connection.exec(sql);
  };
  const now = (input: InStatement | string): ResultSet => {
    const { sql, values } = argumentsOf(input);
    const entry = prepared(sql);
    if (!entry) {
      change(sql, values);
      return new NativeResult([], 0);
    }
    const { statement, row } = entry;
    if (!row) {
      const { changes, lastInsertRowid } = statement.run(values);
      return new NativeResult([], Number(changes), BigInt(lastInsertRowid));
    }
    const rows = statement.all(values);
    return new NativeResult(rows.map(row), 0);
  };
  return {
    now,
    execute: (input: InStatement | string) => settled(() => now(input)),
    // One step of the statement (`all` would also look for a second row), answered at once.
    first(input: InStatement): Row | undefined {
      const { sql, values } = argumentsOf(input);
      const entry = prepared(sql, firsts);
      if (!entry) return void change(sql, values);
      const { statement, row } = entry;
      if (!row) {
        statement.run(values);
        return undefined;
      }
      const found = statement.get(values);
      return found === undefined ? undefined : row(found);
    },
  };
}

/** Names the rows of a statement, answered as arrays, from its columns' names. */
export type RowNamer = (columns: readonly string[]) => MakeRow;

/** Threads that run expensive reads on connections of their own (`startReadThreads`, Node). */
export interface ExpensiveReads {
  /**
   * Runs reads on one snapshot, and answers each one's rows named by `named`; rejects with
   * `TimeLimitReached` once they have taken `limitMs`.
   */
  read(
    statements: readonly { sql: string; values: BindValues }[],
    limitMs: number,
    named: RowNamer,
    /** The API key whose request it reads for (null or absent: the server's own work): keys take turns. */
    owner?: number | null,
  ): Promise<Row[][]>;
  /** Resolves once no thread runs a job (one stopped at its limit included: it ends its statement first). */
  settled(): Promise<void>;
  close(): void;
}

export interface NativeOptions {
  /**
   * Starts the threads that run expensive reads (`Db.readExpensive`) off the main thread (the Node
   * entry: `startReadThreads`). Absent: they run as other reads do, and no time limit stops one.
   */
  expensiveReads?: (path: string) => ExpensiveReads;
  /**
   * Runs the WAL's checkpoints off the request path (the Node entry: in a worker thread); answers how to
   * stop. The writer then checkpoints only when the log is past `SAFETY_NET_PAGES`, should that fall behind.
   */
  backgroundCheckpoints?: (path: string) => () => void;
}

/** The writer's own checkpoint threshold when they run in the background: about 40 MB of log. */
export const SAFETY_NET_PAGES = 10_000;

/**
 * An embedded file database: one connection for writes, and one more for the reads made while a write
 * transaction is open. Writes are serialized in this process: the driver runs each statement
 * synchronously, so two interleaved write transactions on one file would only wait on each other's lock
 * while blocking the event loop. Reads never see uncommitted writes. WAL (readers never block the
 * writer) and NORMAL sync (safe with WAL).
 */
export function nativeDb(path: string, options: NativeOptions = {}): Db {
  const memory = path === ":memory:";
  const writer = new Database(path, { timeout: 5000 });
  const reader = memory ? writer : new Database(path, { timeout: 5000 });
  let stopCheckpoints: (() => void) | undefined;
  if (!memory) {
    writer.exec("PRAGMA journal_mode = WAL");
    writer.exec("PRAGMA synchronous = NORMAL");
    if (options.backgroundCheckpoints) {
      writer.exec(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
      stopCheckpoints = options.backgroundCheckpoints(path);
    }
  }
  const write = cachedExecutor(writer);
  const read = memory ? write : cachedExecutor(reader);
  const apart = memory ? undefined : options.expensiveReads?.(path);
  const rowMakers = new Map<string, MakeRow>();
  const named: RowNamer = (columns) => {
    const key = columns.join("\u0000");
    let row = rowMakers.get(key);
    if (!row) {
      if (rowMakers.size >= CACHED_STATEMENTS) rowMakers.delete(rowMakers.keys().next().value!);
      row = rowMaker(columns);
      rowMakers.set(key, row);
    }
    return row;
  };
  const acting = actingKeyOf(writer);
  // Whether the writer's connection has a transaction open across turns of the event loop (only
  // `transaction` opens one: a batch begins and ends in one synchronous call, which no read can come
  // between). Kept here: asking the driver costs a native call on every read.
  let spanning = false;
  // The writes waiting for the one running; with none running, a write starts at once (no turn of the
  // event loop's microtasks spent getting to it).
  let queue: Promise<unknown> | undefined;
  let pending = 0;
  const serialized = <T>(run: () => Promise<T>): Promise<T> => {
    let result: Promise<T>;
    if (pending === 0) {
      try {
        result = run();
      } catch (error) {
        result = Promise.reject(error);
      }
    } else {
      result = queue!.then(run, run);
    }
    pending++;
    const done = result.then(
      () => {
        pending--;
      },
      () => {
        pending--;
      },
    );
    queue = done;
    return result;
  };
  /**
   * Runs statements one after another, each on the connection `executor` chooses for it, at once: the
   * answer is a settled promise (no turn of the event loop's microtasks per statement).
   */
  const runAll = (executor: () => NativeExecutor, statements: readonly InStatement[]) =>
    settled(() => statements.map((statement) => executor().now(statement)));
  /** Runs a write's statements as one atomic batch on the writer's connection, at once (see `runAll`). */
  const batch = (keyId: number | null, statements: readonly InStatement[]): ResultSet[] => {
    const results: ResultSet[] = [];
    const single = statements.length === 1;
    acting.set(keyId);
    if (!single) writer.exec("BEGIN IMMEDIATE");
    try {
      for (const statement of statements) results.push(write.now(statement));
      if (!single) writer.exec("COMMIT");
      return results;
    } catch (error) {
      if (writer.inTransaction) writer.exec("ROLLBACK");
      throw new BatchError(messageOf(error), results.length);
    }
  };
  // The database as the writes of `keyId` see it (null: of no key). Reads go to the writer's connection
  // while it is between transactions, where its page cache is warm (the reader's is dropped at every
  // commit of the writer), and to the reader's connection while a transaction is open, so that they
  // never see what it has not committed. Whatever may write on the writer's connection first tells it
  // the acting key, outside any transaction (`actingKeyOf`).
  const view = (keyId: number | null): Db => {
    // Runs inside the write queue (`write`): reads on the writer's connection see the last commit, and no
    // other write of this process comes between them and the batch.
    const session: WriteSession = {
      read: (statements) => runAll(() => write, statements),
      apply: (statements) => settled(() => batch(keyId, statements)),
    };
    // A statement that may write tells the writer's connection the acting key first; a SELECT needs not
    // (the reads of many keys would otherwise write the key at each change of key).
    const onWriter = (statement: InStatement | string) => {
      if (spanning) return read;
      if (!(typeof statement === "string" ? statement : statement.sql).startsWith("SELECT")) {
        acting.set(keyId);
      }
      return write;
    };
    return {
      execute: (statement) => onWriter(statement).execute(statement),
      first: (statement) => onWriter(statement).first!(statement),
      transaction: (work) =>
        serialized(async () => {
          acting.set(keyId);
          writer.exec("BEGIN IMMEDIATE");
          spanning = true;
          try {
            const result = await work(write);
            writer.exec("COMMIT");
            return result;
          } catch (error) {
            if (writer.inTransaction) writer.exec("ROLLBACK");
            throw error;
          } finally {
            spanning = writer.inTransaction;
          }
        }),
      write: (work) => serialized(() => work(session)),
      // As `execute`: a statement runs on the reader while a write transaction is open.
      read: (statements) => runAll(() => (spanning ? read : write), statements),
      readExpensive: apart
        ? async (statements, limitMs = Number.POSITIVE_INFINITY) =>
            (await apart.read(statements.map(argumentsOf), limitMs, named, keyId)).map(
              (rows) => new NativeResult(rows, 0),
            )
        : undefined,
      actingAs: (id) => view(id),
      settled: apart && (() => apart.settled()),
      close() {
        apart?.close();
        stopCheckpoints?.();
        writer.close();
        if (!memory) reader.close();
      },
    };
  };
  return view(null);
}

/**
 * The audit trail on the embedded database (see `acting-key.ts`), at no statement per write: the
 * writer's connection keeps the acting key in a table of its own (TEMP: no other connection sees or
 * changes it), and a TEMP trigger of its own stamps every event written on it with that key. The key is
 * written only when it changes from one write to the next (one key's writes: never again), and outside
 * any transaction, so a rollback never leaves it other than `set` last made it. Both are made at the
 * first write of a key: the outbox has its `api_key_id` column by then (migration 0015).
 */
function actingKeyOf(connection: Connection) {
  let current: number | null = null;
  let update: Statement | undefined;
  return {
    set(keyId: number | null): void {
      if (keyId === current) return;
      if (!update) {
        connection.exec(
          "CREATE TEMP TABLE IF NOT EXISTS acting (key_id INTEGER); INSERT INTO temp.acting (key_id) VALUES (NULL);",
        );
        connection.exec(
          "CREATE TEMP TRIGGER IF NOT EXISTS acting_stamp AFTER INSERT ON main.events WHEN (SELECT key_id FROM temp.acting) IS NOT NULL BEGIN UPDATE events SET api_key_id = (SELECT key_id FROM temp.acting) WHERE id = NEW.id; END",
        );
        update = connection.prepare("UPDATE temp.acting SET key_id = ?");
      }
      update.run([keyId]);
      current = keyId;
    },
  };
}
