import { setTimeout as sleep } from "node:timers/promises";
import Database from "libsql";
import { isBusy, StmtError } from "./errors.ts";
import {
  encodeValue,
  type SqlValue,
  type WireCol,
  type WireDescribeResult,
  type WireStmtResult,
} from "./protocol.ts";
import { inspectSql, type SqlShape } from "./sql-text.ts";

export interface ResolvedStmt {
  sql: string;
  args: SqlValue[];
  namedArgs: Map<string, SqlValue>;
  wantRows: boolean;
}

// [addr, opcode, p1, p2, p3, p4, p5, comment]
type ProgramRow = [number, string, number, number, number, unknown, number, unknown];

/** Sets up a database file for concurrent connections; WAL mode is persistent, so once is enough. */
export function initDatabaseFile(file: string): void {
  const db = new Database(file);
  try {
    db.exec("PRAGMA journal_mode = WAL");
  } finally {
    db.close();
  }
}

function checkSingleStatement(sql: string): SqlShape {
  const shape = inspectSql(sql);
  if (shape.isEmpty) throw new StmtError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
  if (shape.hasTrailingStatement) {
    throw new StmtError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
  }
  return shape;
}

// Session state that would leak into the next stream if this connection went back to the pool.
function changesSessionState([first, second]: string[]): boolean {
  if (first === "PRAGMA" || first === "ATTACH" || first === "DETACH") return true;
  return first === "CREATE" && (second === "TEMP" || second === "TEMPORARY");
}

const toCol = (col: { name: string; type: string | null }): WireCol => ({
  name: col.name,
  decltype: col.type,
});

/** One SQLite connection, owned by one Hrana stream at a time. */
export class Connection {
  readonly #db: Database.Database;
  readonly #counters: Database.Statement;
  readonly #schemaCheck: Database.Statement;
  readonly #busyTimeoutMs: number;
  #sessionChanged = false;

  constructor(file: string, busyTimeoutMs: number) {
    this.#db = new Database(file);
    this.#db.exec("PRAGMA synchronous = NORMAL");
    this.#counters = this.#db
      .prepare("SELECT total_changes(), changes(), last_insert_rowid()")
      .safeIntegers(true)
      .raw(true);
    // Reading the schema table makes SQLite compare its cached schema with the file's schema cookie and
    // reload it if another connection changed it; it reads no rows.
    this.#schemaCheck = this.#db.prepare("SELECT 1 FROM sqlite_schema LIMIT 0").raw(true);
    this.#busyTimeoutMs = busyTimeoutMs;
  }

  get isAutocommit(): boolean {
    return !this.#db.inTransaction;
  }

  async execute({ sql, args, namedArgs, wantRows }: ResolvedStmt): Promise<WireStmtResult> {
    if (args.length > 0 && namedArgs.size > 0) {
      throw new StmtError(
        "Specifying both positional and named arguments is not supported",
        "ARGS_BOTH_POSITIONAL_AND_NAMED",
      );
    }
    const shape = checkSingleStatement(sql);
    if (changesSessionState(shape.keywords)) this.#sessionChanged = true;
    const started = performance.now();
    const [statement, params] = await this.#retryWhileBusy(() => {
      this.#refreshSchema();
      const prepared = this.#db.prepare(sql).safeIntegers(true);
      return [prepared, namedArgs.size > 0 ? this.#bindByName(sql, shape, namedArgs) : args] as const;
    });
    // A statement that got SQLITE_BUSY stays active, and an active writer makes every later COMMIT on the
    // connection fail, so the retry must run the same statement again (running it resets it first).
    return this.#retryWhileBusy(() => this.#run(statement, params, shape, wantRows, started));
  }

  sequence(sql: string): void {
    this.#sessionChanged = true;
    // exec may fail after earlier statements committed, so it cannot be retried like `execute`; SQLite
    // waits for the lock itself, blocking the event loop meanwhile.
    this.#db.exec(`PRAGMA busy_timeout = ${this.#busyTimeoutMs}`);
    try {
      this.#refreshSchema();
      this.#db.exec(sql);
    } finally {
      this.#db.exec("PRAGMA busy_timeout = 0");
    }
  }

  describe(sql: string): WireDescribeResult {
    const shape = checkSingleStatement(sql);
    this.#refreshSchema();
    const statement = this.#db.prepare(sql);
    const program = this.#program(sql, shape);
    const isExplain = shape.keywords[0] === "EXPLAIN";
    return {
      params: parameterNames(program).map((name) => ({ name })),
      cols: statement.reader ? statement.columns().map(toCol) : [],
      is_explain: isExplain,
      is_readonly: isExplain || !program.some(([, opcode, , p2]) => opcode === "Transaction" && p2 !== 0),
    };
  }

  /**
   * Rolls back what the previous owner left open. Returns false if the connection should not serve another
   * stream: it changed pragmas, attachments or temp objects, or a statement is still active.
   */
  reset(): boolean {
    if (!this.#db.open) return false;
    if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
    if (this.#sessionChanged) return false;
    try {
      // COMMIT fails while any write statement is still active, which would break the next transaction.
      this.#db.exec("BEGIN; COMMIT");
      return true;
    } catch {
      if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
      return false;
    }
  }

  close(): void {
    if (!this.#db.open) return;
    // Prepared statements keep the native connection (and its locks) alive until they are collected.
    try {
      if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
    } finally {
      this.#db.close();
    }
  }

  /**
   * SQLite checks a connection's cached schema only when a statement runs, not when one is compiled, so after
   * DDL on another connection a statement can fail to compile against the old schema ("table t has 1 columns
   * but 2 values were supplied"). Called before compiling anything.
   */
  #refreshSchema(): void {
    this.#schemaCheck.all();
  }

  // A busy native handler would block the event loop, and the lock holder is usually another stream of
  // this process that can only commit when the loop runs; so wait here, asynchronously.
  async #retryWhileBusy<T>(run: () => T): Promise<T> {
    const deadline = performance.now() + this.#busyTimeoutMs;
    for (let delayMs = 1; ; delayMs = Math.min(delayMs * 2, 50)) {
      try {
        return run();
      } catch (error) {
        if (!isBusy(error) || performance.now() + delayMs > deadline) throw error;
        await sleep(delayMs);
      }
    }
  }

  #run(
    statement: Database.Statement,
    params: SqlValue[],
    shape: SqlShape,
    wantRows: boolean,
    started: number,
  ): WireStmtResult {
    const before = this.#readCounters();
    let cols: WireCol[] = [];
    let rows: SqlValue[][] = [];
    if (statement.reader) {
      cols = statement.columns().map(toCol);
      rows = statement.raw(true).all(params) as SqlValue[][];
      if (shape.keywords[0] === "EXPLAIN") settle(statement);
    } else {
      statement.run(params);
    }
    const after = this.#readCounters();
    const changed = after.totalChanges !== before.totalChanges;
    const affected = changed ? Number(after.changes) : 0;
    const keyword = shape.keywords[0];
    const insertsRows = keyword === "INSERT" || keyword === "REPLACE" || (keyword === "WITH" && changed);
    return {
      cols,
      rows: wantRows ? rows.map((row) => row.map(encodeValue)) : [],
      affected_row_count: affected,
      last_insert_rowid: insertsRows ? after.lastInsertRowid.toString() : null,
      // sqld reads these from SQLite's per-statement counters, which libsql does not expose.
      rows_read: rows.length,
      rows_written: affected,
      query_duration_ms: performance.now() - started,
    };
  }

  // libsql's own named binding aborts the process when the statement also has a nameless `?`, so every
  // statement is bound by position, with each position's name read from the compiled program.
  #bindByName(sql: string, shape: SqlShape, namedArgs: Map<string, SqlValue>): SqlValue[] {
    const lookup = (name: string): SqlValue => {
      if (namedArgs.has(name)) return namedArgs.get(name) as SqlValue;
      // Clients may leave out the `:`, `@` or `$` prefix.
      return namedArgs.get(name.slice(1)) ?? null;
    };
    return parameterNames(this.#program(sql, shape)).map((name) => (name === null ? null : lookup(name)));
  }

  #program(sql: string, shape: SqlShape): ProgramRow[] {
    let target = sql;
    if (shape.keywords[0] === "EXPLAIN") {
      const isQueryPlan = shape.keywords[1] === "QUERY" && shape.keywords[2] === "PLAN";
      target = sql.slice(shape.keywordEnds[isQueryPlan ? 2 : 0]);
    }
    const statement = this.#db.prepare(`EXPLAIN ${target}`).raw(true);
    const program = statement.all() as ProgramRow[];
    settle(statement);
    return program;
  }

  #readCounters(): { totalChanges: bigint; changes: bigint; lastInsertRowid: bigint } {
    const [totalChanges, changes, lastInsertRowid] = this.#counters.get() as [bigint, bigint, bigint];
    return { totalChanges, changes, lastInsertRowid };
  }
}

// libsql leaves an EXPLAIN of a writing statement active after reading all its rows, and an active
// writer makes every later COMMIT on the connection fail; `get` resets the statement when it is done.
// Only for EXPLAIN: running it again has no effect.
function settle(explain: Database.Statement): void {
  explain.get();
}

/** Names of the statement's parameters by position (`null` for a nameless `?`), from its `Variable` opcodes. */
function parameterNames(program: ProgramRow[]): (string | null)[] {
  const names: (string | null)[] = [];
  for (const [, opcode, index, , , name] of program) {
    if (opcode !== "Variable") continue;
    while (names.length < index) names.push(null);
    names[index - 1] = typeof name === "string" && name !== "" ? name : null;
  }
  return names;
}
