import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  integer,
  postPipeline,
  sql,
  startTestServer,
  type TestServer,
  textValue,
  uniqueTable,
} from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** Runs one pipeline on a fresh stream and closes it. */
async function once(requests: unknown[]): Promise<any[]> {
  const reply = await postPipeline(server.url, { baton: null, requests: [...requests, { type: "close" }] });
  expect(reply.status).toBe(200);
  return reply.body.results.slice(0, -1);
}

const firstValue = (result: any) => result.response.result.rows[0][0];

describe("endpoints", () => {
  it("answers the version probes, health, and 404 for the protobuf variant", async () => {
    const status = async (path: string) => (await fetch(`${server.url}${path}`)).status;

    expect(await status("/v2")).toBe(200);
    expect(await status("/v3")).toBe(200);
    expect(await status("/v3-protobuf")).toBe(404);
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ status: "ok" });
  });

  it("serves the pipeline under /v3 as well as /v2", async () => {
    const reply = await postPipeline(
      server.url,
      { baton: null, requests: [sql("SELECT 42"), { type: "close" }] },
      {
        version: "v3",
      },
    );

    expect(reply.status).toBe(200);
    expect(firstValue(reply.body.results[0])).toEqual(integer(42));
  });

  it("rejects a malformed body or an unknown request type with HTTP 400 and a JSON error", async () => {
    const notJson = await postPipeline(server.url, "{");
    const unknownType = await postPipeline(server.url, { baton: null, requests: [{ type: "open_cursor" }] });

    expect(notJson).toMatchObject({ status: 400, body: { code: "PROTOCOL_ERROR" } });
    expect(unknownType).toMatchObject({ status: 400, body: { code: "PROTOCOL_ERROR" } });
    expect(unknownType.body.message).toContain("open_cursor");
  });
});

describe("batons and streams", () => {
  it("issues a new baton per request and refuses a spent or closed one", async () => {
    const first = await postPipeline(server.url, {
      baton: null,
      requests: [{ type: "store_sql", sql_id: 1, sql: "SELECT ? * 2" }],
    });
    const second = await postPipeline(server.url, {
      baton: first.body.baton,
      requests: [{ type: "execute", stmt: { sql_id: 1, args: [integer(21)] } }],
    });
    const spent = await postPipeline(server.url, { baton: first.body.baton, requests: [] });
    const closing = await postPipeline(server.url, {
      baton: second.body.baton,
      requests: [{ type: "close" }],
    });
    const afterClose = await postPipeline(server.url, { baton: second.body.baton, requests: [] });

    expect(typeof first.body.baton).toBe("string");
    expect(second.body.baton).not.toBe(first.body.baton);
    expect(firstValue(second.body.results[0])).toEqual(integer(42));
    expect(spent).toMatchObject({ status: 400, body: { code: "BATON_INVALID" } });
    expect(closing.body).toMatchObject({
      baton: null,
      results: [{ type: "ok", response: { type: "close" } }],
    });
    expect(afterClose).toMatchObject({ status: 400, body: { code: "BATON_INVALID" } });
  });

  it("keeps a transaction on the stream's connection across requests, invisible to other streams", async () => {
    const table = uniqueTable();
    await once([sql(`CREATE TABLE ${table} (x)`)]);
    const opened = await postPipeline(server.url, {
      baton: null,
      requests: [sql("BEGIN"), sql(`INSERT INTO ${table} VALUES (1)`), { type: "get_autocommit" }],
    });
    const [otherCount] = await once([sql(`SELECT count(*) FROM ${table}`)]);
    const committed = await postPipeline(server.url, {
      baton: opened.body.baton,
      requests: [sql("COMMIT"), { type: "get_autocommit" }, { type: "close" }],
    });
    const [finalCount] = await once([sql(`SELECT count(*) FROM ${table}`)]);

    expect(opened.body.results[2].response).toEqual({ type: "get_autocommit", is_autocommit: false });
    expect(firstValue(otherCount)).toEqual(integer(0));
    expect(committed.body.results[1].response).toEqual({ type: "get_autocommit", is_autocommit: true });
    expect(firstValue(finalCount)).toEqual(integer(1));
  });

  it("expires an idle stream, rolls back its transaction and releases its lock", async () => {
    const quick = await startTestServer({ idleTimeoutMs: 100 });
    try {
      const table = uniqueTable();
      const opened = await postPipeline(quick.url, {
        baton: null,
        requests: [
          sql(`CREATE TABLE ${table} (x)`),
          sql("BEGIN IMMEDIATE"),
          sql(`INSERT INTO ${table} VALUES (1)`),
        ],
      });
      await sleep(300);
      const late = await postPipeline(quick.url, { baton: opened.body.baton, requests: [sql("COMMIT")] });
      const after = await postPipeline(quick.url, {
        baton: null,
        requests: [sql(`INSERT INTO ${table} VALUES (2)`), sql(`SELECT x FROM ${table}`), { type: "close" }],
      });

      expect(late).toMatchObject({ status: 400, body: { code: "STREAM_EXPIRED" } });
      expect(after.body.results[0].type).toBe("ok");
      expect(after.body.results[1].response.result.rows).toEqual([[integer(2)]]);
    } finally {
      await quick.close();
    }
  });
});

describe("pipelines", () => {
  it("runs every request even after one fails, and refuses requests after close", async () => {
    const reply = await postPipeline(server.url, {
      baton: null,
      requests: [sql("SELECT * FROM no_such_table"), sql("SELECT 1"), { type: "close" }, sql("SELECT 2")],
    });

    expect(reply.body.results.map((r: any) => r.type)).toEqual(["error", "ok", "ok", "error"]);
    expect(reply.body.results[0].error).toMatchObject({ code: "SQLITE_ERROR" });
    expect(reply.body.results[0].error.message).toContain("no such table");
    expect(reply.body.results[3].error.code).toBe("STREAM_CLOSED");
  });

  it("evaluates batch conditions ok, error, not, and, or and is_autocommit", async () => {
    const ok = (step: number) => ({ type: "ok", step });
    const error = (step: number) => ({ type: "error", step });
    const steps = [
      { stmt: { sql: "SELECT 0" } },
      { stmt: { sql: "SELECT * FROM no_such_table" } },
      { condition: ok(0), stmt: { sql: "SELECT 2" } },
      { condition: ok(1), stmt: { sql: "SELECT 3" } },
      { condition: error(1), stmt: { sql: "SELECT 4" } },
      { condition: { type: "not", cond: ok(0) }, stmt: { sql: "SELECT 5" } },
      { condition: { type: "and", conds: [ok(0), error(1)] }, stmt: { sql: "SELECT 6" } },
      { condition: { type: "or", conds: [ok(1), ok(3)] }, stmt: { sql: "SELECT 7" } },
      { condition: { type: "is_autocommit" }, stmt: { sql: "SELECT 8" } },
      { stmt: { sql: "BEGIN" } },
      { condition: { type: "is_autocommit" }, stmt: { sql: "SELECT 10" } },
      { stmt: { sql: "ROLLBACK" } },
    ];

    const [result] = await once([{ type: "batch", batch: { steps } }]);
    const { step_results: results, step_errors: errors } = result.response.result;

    const ran = results.map((r: unknown, i: number) => r !== null || errors[i] !== null);
    expect(ran).toEqual([true, true, true, false, true, false, true, false, true, true, false, true]);
    expect(errors[1]).toMatchObject({ code: "SQLITE_ERROR" });
    expect(results[4].rows).toEqual([[integer(4)]]);
  });

  it("rejects a batch condition that refers to a later step", async () => {
    const reply = await postPipeline(server.url, {
      baton: null,
      requests: [
        {
          type: "batch",
          batch: { steps: [{ condition: { type: "ok", step: 0 }, stmt: { sql: "SELECT 1" } }] },
        },
      ],
    });

    expect(reply).toMatchObject({ status: 400, body: { code: "PROTOCOL_ERROR" } });
  });

  it("runs a sequence and stops at its first failing statement", async () => {
    const table = uniqueTable();
    const [sequence, count] = await once([
      {
        type: "sequence",
        sql: `CREATE TABLE ${table} (x); INSERT INTO ${table} VALUES (1); INSERT INTO nope VALUES (1); INSERT INTO ${table} VALUES (2);`,
      },
      sql(`SELECT count(*) FROM ${table}`),
    ]);

    expect(sequence).toMatchObject({ type: "error", error: { code: "SQLITE_ERROR" } });
    expect(firstValue(count)).toEqual(integer(1));
  });

  it("describes parameters, columns and whether a statement writes", async () => {
    const table = uniqueTable();
    const [, select, insert, explain, unknownSqlId] = await once([
      sql(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT)`),
      { type: "describe", sql: `SELECT id, name AS label FROM ${table} WHERE id = :id OR name = ?` },
      { type: "describe", sql: `INSERT INTO ${table} (name) VALUES (?1)` },
      { type: "describe", sql: "EXPLAIN SELECT @x" },
      { type: "describe", sql_id: 99 },
    ]);

    expect(select.response.result).toEqual({
      params: [{ name: ":id" }, { name: null }],
      cols: [
        { name: "id", decltype: "INTEGER" },
        { name: "label", decltype: "TEXT" },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(insert.response.result).toMatchObject({ params: [{ name: "?1" }], cols: [], is_readonly: false });
    expect(explain.response.result).toMatchObject({
      params: [{ name: "@x" }],
      is_explain: true,
      is_readonly: true,
    });
    expect(unknownSqlId.error.code).toBe("SQL_NOT_FOUND");
  });
});

describe("statements", () => {
  it("accepts one statement with semicolons in literals, comments or a trigger body, and rejects two", async () => {
    const table = uniqueTable();
    const results = await once([
      sql(`CREATE TABLE ${table} (x TEXT, n INTEGER DEFAULT 0)`),
      sql(`CREATE TRIGGER ${table}_count AFTER INSERT ON ${table} BEGIN UPDATE ${table} SET n = n + 1; END;`),
      sql(`INSERT INTO ${table} (x) VALUES ('a; b'); -- trailing comment; still one statement`),
      sql(`SELECT x, n FROM ${table}`),
      sql("SELECT 1; SELECT 2"),
      sql("  -- only a comment"),
    ]);

    expect(results.slice(0, 4).map((r) => r.type)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(results[3].response.result.rows).toEqual([[textValue("a; b"), integer(1)]]);
    expect(results[4].error.code).toBe("SQL_MANY_STATEMENTS");
    expect(results[5].error.code).toBe("SQL_NO_STATEMENT");
  });

  it("rejects positional and named args in one statement", async () => {
    const [result] = await once([
      {
        type: "execute",
        stmt: { sql: "SELECT ?, :a", args: [integer(1)], named_args: [{ name: "a", value: integer(2) }] },
      },
    ]);

    expect(result.error.code).toBe("ARGS_BOTH_POSITIONAL_AND_NAMED");
  });

  it("omits rows when want_rows is false but still runs the statement", async () => {
    const table = uniqueTable();
    const [, returning, count] = await once([
      sql(`CREATE TABLE ${table} (x)`),
      {
        type: "execute",
        stmt: { sql: `INSERT INTO ${table} VALUES (1), (2) RETURNING x`, want_rows: false },
      },
      sql(`SELECT count(*) FROM ${table}`),
    ]);

    expect(returning.response.result).toMatchObject({
      rows: [],
      affected_row_count: 2,
      last_insert_rowid: "2",
    });
    expect(firstValue(count)).toEqual(integer(2));
  });

  it("can still commit on a stream after an EXPLAIN of a write and after named-arg statements", async () => {
    const table = uniqueTable();
    const results = await once([
      sql(`CREATE TABLE ${table} (x)`),
      sql(`EXPLAIN INSERT INTO ${table} VALUES (1)`),
      sql("BEGIN"),
      {
        type: "execute",
        stmt: { sql: `INSERT INTO ${table} VALUES (:x)`, named_args: [{ name: "x", value: integer(7) }] },
      },
      sql("COMMIT"),
      sql(`SELECT x FROM ${table}`),
    ]);

    expect(results.map((r) => r.type)).toEqual(["ok", "ok", "ok", "ok", "ok", "ok"]);
    expect(results[5].response.result.rows).toEqual([[integer(7)]]);
  });
});

describe("bearer auth", () => {
  it("requires the configured token on pipeline requests but not on probes", async () => {
    const guarded = await startTestServer({ token: "s3cret" });
    try {
      const body = { baton: null, requests: [sql("SELECT 1"), { type: "close" }] };
      const missing = await postPipeline(guarded.url, body);
      const wrong = await postPipeline(guarded.url, body, { headers: { authorization: "Bearer nope" } });
      const right = await postPipeline(guarded.url, body, { headers: { authorization: "Bearer s3cret" } });

      expect(missing).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
      expect(wrong.status).toBe(401);
      expect(right.status).toBe(200);
      expect((await fetch(`${guarded.url}/v2`)).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
