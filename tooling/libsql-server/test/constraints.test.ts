import { type Client, createClient, LibsqlBatchError, LibsqlError } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postPipeline, sql, startTestServer, type TestServer, uniqueTable } from "./helpers.ts";

// sqld reports a failed constraint with SQLite's primary code, SQLITE_CONSTRAINT, and names the constraint
// in the message; @libsql/client passes the code on as `error.code`. Code written against Turso matches on
// that code, so the stand-in must send the same one.

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  client = createClient({ url: server.url });
});

afterAll(async () => {
  client.close();
  await server.close();
});

async function failure(run: Promise<unknown>): Promise<LibsqlError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LibsqlError);
  return error as LibsqlError;
}

describe("constraint violations through @libsql/client", () => {
  const cases: { kind: string; columns: string; seed?: string; insert: string; message: RegExp }[] = [
    {
      kind: "PRIMARY KEY",
      columns: "id INTEGER PRIMARY KEY, name TEXT",
      seed: "(1, 'first')",
      insert: "(1, 'again')",
      message: /UNIQUE constraint failed: \w+\.id/,
    },
    {
      kind: "composite PRIMARY KEY",
      columns: "a TEXT, b TEXT, PRIMARY KEY (a, b)",
      seed: "('x', 'y')",
      insert: "('x', 'y')",
      message: /UNIQUE constraint failed: \w+\.a, \w+\.b/,
    },
    {
      kind: "UNIQUE",
      columns: "id INTEGER, name TEXT UNIQUE",
      seed: "(1, 'taken')",
      insert: "(2, 'taken')",
      message: /UNIQUE constraint failed: \w+\.name/,
    },
    {
      kind: "NOT NULL",
      columns: "id INTEGER, name TEXT NOT NULL",
      insert: "(1, NULL)",
      message: /NOT NULL constraint failed: \w+\.name/,
    },
    {
      kind: "CHECK",
      columns: "id INTEGER, qty INTEGER CHECK (qty >= 0)",
      insert: "(1, -5)",
      message: /CHECK constraint failed: qty >= 0/,
    },
  ];

  for (const { kind, columns, seed, insert, message } of cases) {
    it(`reports a ${kind} violation as SQLITE_CONSTRAINT and names it in the message`, async () => {
      const table = uniqueTable();
      await client.execute(`CREATE TABLE ${table} (${columns})`);
      if (seed !== undefined) await client.execute(`INSERT INTO ${table} VALUES ${seed}`);

      const error = await failure(client.execute(`INSERT INTO ${table} VALUES ${insert}`));

      expect(error.code).toBe("SQLITE_CONSTRAINT");
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/^SQLITE_CONSTRAINT: SQLite error: /);
      const rs = await client.execute(`SELECT count(*) AS n FROM ${table}`);
      expect(rs.rows[0]!.n).toBe(seed === undefined ? 0 : 1);
    });
  }

  it("enforces foreign keys by default, as libSQL builds do, and reports a violation as SQLITE_CONSTRAINT", async () => {
    const [parent, child] = [uniqueTable("parent"), uniqueTable("child")];
    await client.executeMultiple(
      `CREATE TABLE ${parent} (id INTEGER PRIMARY KEY);
       CREATE TABLE ${child} (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES ${parent} (id));
       INSERT INTO ${parent} VALUES (1);`,
    );
    await client.execute(`INSERT INTO ${child} VALUES (1, 1)`);

    const insert = await failure(client.execute(`INSERT INTO ${child} VALUES (2, 42)`));
    const remove = await failure(client.execute(`DELETE FROM ${parent} WHERE id = 1`));

    for (const error of [insert, remove]) {
      expect(error.code).toBe("SQLITE_CONSTRAINT");
      expect(error.message).toContain("FOREIGN KEY constraint failed");
    }
  });

  it("reports the failing statement of a batch with SQLITE_CONSTRAINT and applies none of it", async () => {
    const table = uniqueTable();
    await client.execute(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT UNIQUE)`);

    const error = await failure(
      client.batch(
        [
          `INSERT INTO ${table} (name) VALUES ('a')`,
          `INSERT INTO ${table} (name) VALUES ('b')`,
          `INSERT INTO ${table} (name) VALUES ('a')`,
        ],
        "write",
      ),
    );

    expect(error).toBeInstanceOf(LibsqlBatchError);
    expect(error).toMatchObject({ code: "SQLITE_CONSTRAINT", statementIndex: 2 });
    expect(error.message).toContain(`UNIQUE constraint failed: ${table}.name`);
    expect((await client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n).toBe(0);
  });

  it("reports a violation inside an interactive transaction, which stays usable", async () => {
    const table = uniqueTable();
    await client.execute(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);
    const tx = await client.transaction("write");
    await tx.execute(`INSERT INTO ${table} (name) VALUES ('kept')`);

    const error = await failure(tx.execute(`INSERT INTO ${table} (name) VALUES (NULL)`));
    await tx.execute(`INSERT INTO ${table} (name) VALUES ('also kept')`);
    await tx.commit();

    expect(error.code).toBe("SQLITE_CONSTRAINT");
    expect(error.message).toContain(`NOT NULL constraint failed: ${table}.name`);
    expect((await client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n).toBe(2);
  });
});

describe("error codes on the wire", () => {
  it("sends the primary code in execute results and batch step errors, other codes unchanged", async () => {
    const table = uniqueTable();
    const reply = await postPipeline(server.url, {
      baton: null,
      requests: [
        sql(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY)`),
        sql(`INSERT INTO ${table} VALUES (1)`),
        sql(`INSERT INTO ${table} VALUES (1)`),
        {
          type: "batch",
          batch: {
            steps: [{ stmt: { sql: `INSERT INTO ${table} VALUES (1)` } }, { stmt: { sql: "SELEC 1" } }],
          },
        },
        { type: "close" },
      ],
    });

    const [, , execute, batch] = reply.body.results;
    expect(execute).toEqual({
      type: "error",
      error: { code: "SQLITE_CONSTRAINT", message: `SQLite error: UNIQUE constraint failed: ${table}.id` },
    });
    expect(batch.response.result.step_errors.map((e: { code: string }) => e.code)).toEqual([
      "SQLITE_CONSTRAINT",
      "SQLITE_ERROR",
    ]);
  });
});
