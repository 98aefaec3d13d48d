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

// `POST /v3/cursor` (Hrana 3 over HTTP, JSON): the body is a baton and a batch; the answer is lines of JSON,
// first the stream's next baton, then the batch's entries as its steps run.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

interface CursorReply {
  status: number;
  contentType: string | null;
  text: string;
  lines: any[];
}

async function postCursor(body: unknown, headers: Record<string, string> = {}, url = server.url) {
  const response = await fetch(`${url}/v3/cursor`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const reply: CursorReply = {
    status: response.status,
    contentType: response.headers.get("content-type"),
    text,
    lines:
      response.status === 200
        ? text
            .split("\n")
            .slice(0, -1)
            .map((line) => JSON.parse(line))
        : [],
  };
  return reply;
}

const step = (text: string, args: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  stmt: { sql: text, args },
  ...extra,
});

async function createTable(columns = "id INTEGER PRIMARY KEY, name TEXT UNIQUE"): Promise<string> {
  const table = uniqueTable();
  const reply = await postPipeline(server.url, {
    baton: null,
    requests: [sql(`CREATE TABLE ${table} (${columns})`), { type: "close" }],
  });
  expect(reply.body.results[0].type).toBe("ok");
  return table;
}

async function countRows(table: string): Promise<number> {
  const reply = await postPipeline(server.url, {
    baton: null,
    requests: [sql(`SELECT count(*) FROM ${table}`), { type: "close" }],
  });
  return Number(reply.body.results[0].response.result.rows[0][0].value);
}

describe("POST /v3/cursor", () => {
  it("answers lines of JSON: the baton, then each step's begin, rows and end", async () => {
    const table = await createTable();

    const reply = await postCursor({
      baton: null,
      batch: {
        steps: [
          step(`INSERT INTO ${table} (name) VALUES (?), (?)`, [textValue("ada"), textValue("grace")]),
          step(`SELECT id, name FROM ${table} ORDER BY id`),
          step(`UPDATE ${table} SET name = upper(name)`),
        ],
      },
    });

    expect(reply.status).toBe(200);
    expect(reply.text.endsWith("\n")).toBe(true);
    const [header, ...entries] = reply.lines;
    expect(header).toEqual({ baton: expect.any(String), base_url: null });
    expect(entries).toEqual([
      { type: "step_begin", step: 0, cols: [] },
      { type: "step_end", affected_row_count: 2, last_insert_rowid: "2" },
      {
        type: "step_begin",
        step: 1,
        cols: [
          { name: "id", decltype: "INTEGER" },
          { name: "name", decltype: "TEXT" },
        ],
      },
      { type: "row", row: [integer(1), textValue("ada")] },
      { type: "row", row: [integer(2), textValue("grace")] },
      { type: "step_end", affected_row_count: 0, last_insert_rowid: null },
      { type: "step_begin", step: 2, cols: [] },
      { type: "step_end", affected_row_count: 2, last_insert_rowid: null },
    ]);
  });

  it("reports a failed step with step_error, sends nothing for a skipped step, and runs the rest", async () => {
    const table = await createTable();

    const reply = await postCursor({
      baton: null,
      batch: {
        steps: [
          step(`INSERT INTO ${table} (name) VALUES ('taken')`),
          step(`INSERT INTO ${table} (name) VALUES ('taken')`),
          step("SELECT 'after the error'", [], { condition: { type: "error", step: 1 } }),
          step("SELECT 'skipped'", [], { condition: { type: "ok", step: 1 } }),
          step(`SELECT count(*) FROM ${table}`, [], {
            condition: { type: "and", conds: [{ type: "ok", step: 0 }, { type: "is_autocommit" }] },
          }),
        ],
      },
    });

    const entries = reply.lines.slice(1);
    expect(entries.map((entry) => [entry.type, entry.step])).toEqual([
      ["step_begin", 0],
      ["step_end", undefined],
      ["step_error", 1],
      ["step_begin", 2],
      ["row", undefined],
      ["step_end", undefined],
      ["step_begin", 4],
      ["row", undefined],
      ["step_end", undefined],
    ]);
    expect(entries[2].error).toEqual({
      code: "SQLITE_CONSTRAINT",
      message: `SQLite error: UNIQUE constraint failed: ${table}.name`,
    });
    expect(entries[4].row).toEqual([textValue("after the error")]);
    expect(entries[7].row).toEqual([integer(1)]);
  });

  it("ends with an error entry when the batch cannot run, and keeps the stream", async () => {
    const reply = await postCursor({ baton: null, batch: { steps: [{ stmt: { sql_id: 7 } }] } });

    expect(reply.status).toBe(200);
    expect(reply.lines).toEqual([
      { baton: expect.any(String), base_url: null },
      { type: "error", error: { code: "SQL_NOT_FOUND", message: expect.stringContaining("7") } },
    ]);
    const next = await postPipeline(server.url, {
      baton: reply.lines[0].baton,
      requests: [{ type: "close" }],
    });
    expect(next.status).toBe(200);
  });

  it("runs on the stream its baton names and hands back the baton for the stream's next request", async () => {
    const table = await createTable();
    const opened = await postPipeline(server.url, {
      baton: null,
      requests: [
        { type: "store_sql", sql_id: 1, sql: `INSERT INTO ${table} (name) VALUES (?)` },
        sql("BEGIN"),
      ],
    });

    const cursor = await postCursor({
      baton: opened.body.baton,
      batch: {
        steps: [
          { stmt: { sql_id: 1, args: [textValue("in the transaction")] } },
          step(`SELECT name FROM ${table}`, [], {
            condition: { type: "not", cond: { type: "is_autocommit" } },
          }),
        ],
      },
    });
    const seenOutside = await countRows(table);
    const spent = await postCursor({ baton: opened.body.baton, batch: { steps: [step("SELECT 1")] } });
    const next = await postPipeline(server.url, {
      baton: cursor.lines[0].baton,
      requests: [{ type: "get_autocommit" }, sql("COMMIT"), { type: "close" }],
    });
    const closed = await postCursor({
      baton: next.body.baton ?? cursor.lines[0].baton,
      batch: { steps: [] },
    });

    expect(cursor.lines[0].baton).not.toBe(opened.body.baton);
    expect(cursor.lines.find((entry) => entry.type === "row")).toEqual({
      type: "row",
      row: [textValue("in the transaction")],
    });
    expect(seenOutside).toBe(0);
    expect(spent).toMatchObject({ status: 400 });
    expect(JSON.parse(spent.text)).toMatchObject({ code: "BATON_INVALID" });
    expect(next.body.results.slice(0, 2)).toEqual([
      { type: "ok", response: { type: "get_autocommit", is_autocommit: false } },
      expect.objectContaining({ type: "ok" }),
    ]);
    expect(next.body.baton).toBeNull();
    expect(closed.status).toBe(400);
    expect(await countRows(table)).toBe(1);
  });

  it("refuses a malformed body or a missing token with a JSON error and no lines", async () => {
    const notJson = await postCursor("{");
    const noBatch = await postCursor({ baton: null });
    const badCondition = await postCursor({
      baton: null,
      batch: { steps: [step("SELECT 1", [], { condition: { type: "ok", step: 0 } })] },
    });
    const guarded = await startTestServer({ token: "secret" });
    try {
      const anonymous = await postCursor({ baton: null, batch: { steps: [] } }, {}, guarded.url);
      const authorized = await postCursor(
        { baton: null, batch: { steps: [step("SELECT 1")] } },
        { authorization: "Bearer secret" },
        guarded.url,
      );

      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.text)).toMatchObject({ code: "UNAUTHORIZED" });
      expect(authorized.lines.map((entry) => entry.type)).toEqual([
        undefined,
        "step_begin",
        "row",
        "step_end",
      ]);
    } finally {
      await guarded.close();
    }
    for (const reply of [notJson, noBatch, badCondition]) {
      expect(reply.status).toBe(400);
      expect(reply.contentType).toBe("application/json");
      expect(JSON.parse(reply.text)).toMatchObject({ code: "PROTOCOL_ERROR" });
    }
  });

  it("is a Hrana 3 endpoint only", async () => {
    const v2 = await fetch(`${server.url}/v2/cursor`, {
      method: "POST",
      body: JSON.stringify({ baton: null, batch: { steps: [] } }),
    });
    await v2.arrayBuffer();

    expect(v2.status).toBe(404);
  });
});

describe("a cursor's batch and the stream's next request", () => {
  /** Opens a cursor and reads only up to its first line. */
  async function openCursor(steps: unknown[]) {
    const response = await fetch(`${server.url}/v3/cursor`, {
      method: "POST",
      body: JSON.stringify({ baton: null, batch: { steps } }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("cursor ended before its first line");
      text += decoder.decode(value, { stream: true });
    }
    const header = JSON.parse(text.slice(0, text.indexOf("\n")));
    const readRest = async (): Promise<any[]> => {
      let rest = text.slice(text.indexOf("\n") + 1);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        rest += decoder.decode(value, { stream: true });
      }
      return rest
        .split("\n")
        .slice(0, -1)
        .map((line) => JSON.parse(line));
    };
    return { header, reader, readRest };
  }

  /** Another stream's write transaction, which keeps the cursor's first write waiting until it commits. */
  async function holdWriteLock(table: string): Promise<() => Promise<void>> {
    const held = await postPipeline(server.url, {
      baton: null,
      requests: [sql("BEGIN IMMEDIATE"), sql(`INSERT INTO ${table} VALUES (0)`)],
    });
    expect(held.body.results.map((result: { type: string }) => result.type)).toEqual(["ok", "ok"]);
    return async () => {
      const done = await postPipeline(server.url, {
        baton: held.body.baton,
        requests: [sql("COMMIT"), { type: "close" }],
      });
      expect(done.body.results[0].type).toBe("ok");
    };
  }

  it("runs a request made with the new baton only after the batch has finished", async () => {
    const table = await createTable("n INTEGER");
    const release = await holdWriteLock(table);
    const cursor = await openCursor([
      step(`INSERT INTO ${table} VALUES (1)`),
      step(`SELECT count(*) FROM ${table}`),
    ]);

    const next = postPipeline(server.url, {
      baton: cursor.header.baton,
      requests: [sql(`SELECT count(*) FROM ${table}`), { type: "close" }],
    });
    await sleep(200);
    await release();
    const entries = await cursor.readRest();

    expect((await next).body.results[0].response.result.rows).toEqual([[integer(2)]]);
    expect(entries.filter((entry) => entry.type === "row")).toEqual([{ type: "row", row: [integer(2)] }]);
  });

  it("finishes the batch when the client stops reading, and the stream stays usable", async () => {
    const table = await createTable("n INTEGER");
    const release = await holdWriteLock(table);
    const cursor = await openCursor([
      step(`INSERT INTO ${table} VALUES (1)`),
      step(`INSERT INTO ${table} VALUES (2)`),
      step(`SELECT * FROM ${table}`),
    ]);
    await cursor.reader.cancel();
    await sleep(200);
    await release();

    const next = await postPipeline(server.url, {
      baton: cursor.header.baton,
      requests: [sql(`SELECT count(*) FROM ${table}`), { type: "close" }],
    });

    expect(next.status).toBe(200);
    expect(next.body.results[0].response.result.rows).toEqual([[integer(3)]]);
  });

  it("streams a large result completely, in order", async () => {
    const rows = 20_000;
    const cursor = await openCursor([
      step(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) SELECT i, printf('%080d', i) FROM n`,
      ),
    ]);

    const entries = await cursor.readRest();

    const values = entries.filter((entry) => entry.type === "row").map((entry) => Number(entry.row[0].value));
    expect(values).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
    expect(entries.at(-1)).toEqual({ type: "step_end", affected_row_count: 0, last_insert_rowid: null });
  });
});
