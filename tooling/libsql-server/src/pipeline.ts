import type { ResolvedStmt } from "./connection.ts";
import { StmtError, toWireError } from "./errors.ts";
import type {
  BatchCond,
  BatchStep,
  SqlText,
  Stmt,
  StreamRequest,
  WireBatchResult,
  WireError,
  WireStmtResult,
  WireStreamResponse,
  WireStreamResult,
} from "./protocol.ts";
import type { Stream, StreamRegistry } from "./streams.ts";

function resolveSql(stream: Stream, text: SqlText): string {
  if ("sql" in text) return text.sql;
  const sql = stream.sqls.get(text.sqlId);
  if (sql === undefined)
    throw new StmtError(`SQL text ${text.sqlId} is not stored on this stream`, "SQL_NOT_FOUND");
  return sql;
}

function resolveStmt(stream: Stream, stmt: Stmt): ResolvedStmt {
  return {
    sql: resolveSql(stream, stmt.text),
    args: stmt.args,
    namedArgs: stmt.namedArgs,
    wantRows: stmt.wantRows,
  };
}

/** What one executed step of a batch produced; a step whose condition was false produces nothing. */
export type StepOutcome = { step: number; result: WireStmtResult } | { step: number; error: WireError };

/**
 * Runs a batch's steps in order on the stream's connection and yields each executed step's outcome as soon
 * as it is known. Throws (before any step runs) when a step names a SQL text the stream does not hold.
 */
export async function* runBatchSteps(stream: Stream, steps: BatchStep[]): AsyncGenerator<StepOutcome> {
  const stmts = steps.map((step) => resolveStmt(stream, step.stmt));
  const succeeded: boolean[] = [];
  const failed: boolean[] = [];
  const holds = (cond: BatchCond): boolean => {
    switch (cond.type) {
      case "ok":
        return succeeded[cond.step] === true;
      case "error":
        return failed[cond.step] === true;
      case "not":
        return !holds(cond.cond);
      case "and":
        return cond.conds.every(holds);
      case "or":
        return cond.conds.some(holds);
      case "is_autocommit":
        return stream.connection.isAutocommit;
    }
  };
  for (const [i, step] of steps.entries()) {
    if (stream.closed) throw new StmtError("The stream has been closed", "STREAM_CLOSED");
    succeeded.push(false);
    failed.push(false);
    if (step.condition !== undefined && !holds(step.condition)) continue;
    let outcome: StepOutcome;
    try {
      outcome = { step: i, result: await stream.connection.execute(stmts[i]!) };
      succeeded[i] = true;
    } catch (error) {
      outcome = { step: i, error: toWireError(error) };
      failed[i] = true;
    }
    yield outcome;
  }
}

async function runBatch(stream: Stream, steps: BatchStep[]): Promise<WireBatchResult> {
  const stepResults: (WireStmtResult | null)[] = steps.map(() => null);
  const stepErrors: (WireError | null)[] = steps.map(() => null);
  for await (const outcome of runBatchSteps(stream, steps)) {
    if ("result" in outcome) stepResults[outcome.step] = outcome.result;
    else stepErrors[outcome.step] = outcome.error;
  }
  return { step_results: stepResults, step_errors: stepErrors };
}

async function runRequest(
  registry: StreamRegistry,
  stream: Stream,
  request: StreamRequest,
): Promise<WireStreamResponse> {
  if (stream.closed) throw new StmtError("The stream has been closed", "STREAM_CLOSED");
  switch (request.type) {
    case "close":
      registry.close(stream);
      return { type: "close" };
    case "execute":
      return { type: "execute", result: await stream.connection.execute(resolveStmt(stream, request.stmt)) };
    case "batch":
      return { type: "batch", result: await runBatch(stream, request.steps) };
    case "sequence":
      stream.connection.sequence(resolveSql(stream, request.text));
      return { type: "sequence" };
    case "describe":
      return { type: "describe", result: stream.connection.describe(resolveSql(stream, request.text)) };
    case "store_sql":
      if (stream.sqls.has(request.sqlId)) {
        throw new StmtError(`SQL text ${request.sqlId} is already stored on this stream`, "SQL_ID_IN_USE");
      }
      stream.sqls.set(request.sqlId, request.sql);
      return { type: "store_sql" };
    case "close_sql":
      stream.sqls.delete(request.sqlId);
      return { type: "close_sql" };
    case "get_autocommit":
      return { type: "get_autocommit", is_autocommit: stream.connection.isAutocommit };
  }
}

/** Runs every request in order; a failing request yields an error result and the rest still run. */
export async function runPipeline(
  registry: StreamRegistry,
  stream: Stream,
  requests: StreamRequest[],
): Promise<WireStreamResult[]> {
  const results: WireStreamResult[] = [];
  for (const request of requests) {
    try {
      results.push({ type: "ok", response: await runRequest(registry, stream, request) });
    } catch (error) {
      const wireError = toWireError(error);
      if (wireError.code === "INTERNAL_ERROR") console.error("libsql dev server: request failed", error);
      results.push({ type: "error", error: wireError });
    }
  }
  return results;
}
