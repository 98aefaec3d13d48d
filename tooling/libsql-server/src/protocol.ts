// Hrana-over-HTTP JSON structures (libsql docs/HRANA_3_SPEC.md), as they travel on the wire.

export type WireValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

export interface WireError {
  message: string;
  code: string;
}

export interface WireCol {
  name: string | null;
  decltype: string | null;
}

export interface WireStmtResult {
  cols: WireCol[];
  rows: WireValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  rows_read: number;
  rows_written: number;
  query_duration_ms: number;
}

export interface WireBatchResult {
  step_results: (WireStmtResult | null)[];
  step_errors: (WireError | null)[];
}

export interface WireDescribeResult {
  params: { name: string | null }[];
  cols: WireCol[];
  is_explain: boolean;
  is_readonly: boolean;
}

export type WireStreamResponse =
  | { type: "close" }
  | { type: "execute"; result: WireStmtResult }
  | { type: "batch"; result: WireBatchResult }
  | { type: "sequence" }
  | { type: "describe"; result: WireDescribeResult }
  | { type: "store_sql" }
  | { type: "close_sql" }
  | { type: "get_autocommit"; is_autocommit: boolean };

export type WireStreamResult =
  | { type: "ok"; response: WireStreamResponse }
  | { type: "error"; error: WireError };

export interface WirePipelineResponse {
  baton: string | null;
  base_url: string | null;
  results: WireStreamResult[];
}

export interface WireCursorRespBody {
  baton: string | null;
  base_url: string | null;
}

/** One line of a `/v3/cursor` response after the first: the batch's results, step by step. */
export type WireCursorEntry =
  | { type: "step_begin"; step: number; cols: WireCol[] }
  | { type: "row"; row: WireValue[] }
  | { type: "step_end"; affected_row_count: number; last_insert_rowid: string | null }
  | { type: "step_error"; step: number; error: WireError }
  | { type: "error"; error: WireError };

// Requests, decoded into the values SQLite binds.

export type SqlValue = null | bigint | number | string | Uint8Array;

export type SqlText = { sql: string } | { sqlId: number };

export interface Stmt {
  text: SqlText;
  args: SqlValue[];
  namedArgs: Map<string, SqlValue>;
  wantRows: boolean;
}

export type BatchCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and"; conds: BatchCond[] }
  | { type: "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };

export interface BatchStep {
  condition: BatchCond | undefined;
  stmt: Stmt;
}

export type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; steps: BatchStep[] }
  | { type: "sequence"; text: SqlText }
  | { type: "describe"; text: SqlText }
  | { type: "store_sql"; sqlId: number; sql: string }
  | { type: "close_sql"; sqlId: number }
  | { type: "get_autocommit" };

export interface PipelineRequest {
  baton: string | null;
  requests: StreamRequest[];
}

export interface CursorRequest {
  baton: string | null;
  steps: BatchStep[];
}

/** The request body breaks the protocol; answered with HTTP 400. */
export class ProtocolError extends Error {
  override name = "ProtocolError";
}

type Json = Record<string, unknown>;

function object(value: unknown, path: string): Json {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Json;
  throw new ProtocolError(`${path} must be an object`);
}

function array(value: unknown, path: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw new ProtocolError(`${path} must be an array`);
}

function string(value: unknown, path: string): string {
  if (typeof value === "string") return value;
  throw new ProtocolError(`${path} must be a string`);
}

function int32(value: unknown, path: string): number {
  if (Number.isInteger(value) && Math.abs(value as number) <= 2 ** 31) return value as number;
  throw new ProtocolError(`${path} must be a 32-bit integer`);
}

const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;

export function decodeValue(input: unknown, path: string): SqlValue {
  const value = object(input, path);
  switch (value.type) {
    case "null":
      return null;
    case "integer": {
      const raw = value.value;
      const text = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : raw;
      if (typeof text !== "string" || !/^-?\d+$/.test(text)) {
        throw new ProtocolError(`${path}.value must be an integer encoded as a string`);
      }
      const integer = BigInt(text);
      if (integer < MIN_I64 || integer > MAX_I64)
        throw new ProtocolError(`${path}.value is out of 64-bit range`);
      return integer;
    }
    case "float":
      if (typeof value.value !== "number") throw new ProtocolError(`${path}.value must be a number`);
      return value.value;
    case "text":
      return string(value.value, `${path}.value`);
    case "blob":
      return Buffer.from(string(value.base64, `${path}.base64`), "base64");
    default:
      throw new ProtocolError(`${path}.type ${JSON.stringify(value.type)} is not a Hrana value type`);
  }
}

export function encodeValue(value: SqlValue): WireValue {
  if (value === null) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  return {
    type: "blob",
    base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64"),
  };
}

function sqlText(input: Json, path: string): SqlText {
  const hasSql = input.sql !== undefined && input.sql !== null;
  const hasSqlId = input.sql_id !== undefined && input.sql_id !== null;
  if (hasSql === hasSqlId) throw new ProtocolError(`${path} must have exactly one of sql and sql_id`);
  return hasSql
    ? { sql: string(input.sql, `${path}.sql`) }
    : { sqlId: int32(input.sql_id, `${path}.sql_id`) };
}

function stmt(input: unknown, path: string): Stmt {
  const body = object(input, path);
  const args = array(body.args ?? [], `${path}.args`).map((arg, i) => decodeValue(arg, `${path}.args[${i}]`));
  const namedArgs = new Map<string, SqlValue>();
  array(body.named_args ?? [], `${path}.named_args`).forEach((arg, i) => {
    const named = object(arg, `${path}.named_args[${i}]`);
    namedArgs.set(
      string(named.name, `${path}.named_args[${i}].name`),
      decodeValue(named.value, `${path}.named_args[${i}].value`),
    );
  });
  const wantRows = body.want_rows ?? true;
  if (typeof wantRows !== "boolean") throw new ProtocolError(`${path}.want_rows must be a boolean`);
  return { text: sqlText(body, path), args, namedArgs, wantRows };
}

function batchCond(input: unknown, path: string, stepIndex: number): BatchCond {
  const cond = object(input, path);
  switch (cond.type) {
    case "ok":
    case "error": {
      const step = int32(cond.step, `${path}.step`);
      if (step < 0 || step >= stepIndex) {
        throw new ProtocolError(`${path}.step must refer to an earlier step of the batch`);
      }
      return { type: cond.type, step };
    }
    case "not":
      return { type: "not", cond: batchCond(cond.cond, `${path}.cond`, stepIndex) };
    case "and":
    case "or":
      return {
        type: cond.type,
        conds: array(cond.conds, `${path}.conds`).map((c, i) =>
          batchCond(c, `${path}.conds[${i}]`, stepIndex),
        ),
      };
    case "is_autocommit":
      return { type: "is_autocommit" };
    default:
      throw new ProtocolError(`${path}.type ${JSON.stringify(cond.type)} is not a batch condition`);
  }
}

function batchSteps(input: unknown, path: string): BatchStep[] {
  const batch = object(input, path);
  return array(batch.steps, `${path}.steps`).map((input, i) => {
    const step = object(input, `${path}.steps[${i}]`);
    const condition =
      step.condition === undefined || step.condition === null
        ? undefined
        : batchCond(step.condition, `${path}.steps[${i}].condition`, i);
    return { condition, stmt: stmt(step.stmt, `${path}.steps[${i}].stmt`) };
  });
}

function streamRequest(input: unknown, path: string): StreamRequest {
  const request = object(input, path);
  switch (request.type) {
    case "close":
    case "get_autocommit":
      return { type: request.type };
    case "execute":
      return { type: "execute", stmt: stmt(request.stmt, `${path}.stmt`) };
    case "batch":
      return { type: "batch", steps: batchSteps(request.batch, `${path}.batch`) };
    case "sequence":
    case "describe":
      return { type: request.type, text: sqlText(request, path) };
    case "store_sql":
      return {
        type: "store_sql",
        sqlId: int32(request.sql_id, `${path}.sql_id`),
        sql: string(request.sql, `${path}.sql`),
      };
    case "close_sql":
      return { type: "close_sql", sqlId: int32(request.sql_id, `${path}.sql_id`) };
    default:
      throw new ProtocolError(`${path}.type ${JSON.stringify(request.type)} is not a stream request`);
  }
}

function baton(body: Json): string | null {
  return body.baton === undefined || body.baton === null ? null : string(body.baton, "baton");
}

/** Validates a whole pipeline before anything runs, so a malformed body never half-executes. */
export function parsePipelineRequest(input: unknown): PipelineRequest {
  const body = object(input, "body");
  const requests = array(body.requests, "requests").map((r, i) => streamRequest(r, `requests[${i}]`));
  return { baton: baton(body), requests };
}

/** The body of `POST /v3/cursor`: a batch to run on the stream the baton names (a new one for `null`). */
export function parseCursorRequest(input: unknown): CursorRequest {
  const body = object(input, "body");
  const steps = batchSteps(body.batch, "batch");
  return { baton: baton(body), steps };
}
