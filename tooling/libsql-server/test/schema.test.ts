import { type Client, createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postPipeline, sql, startTestServer, type TestServer, textValue, uniqueTable } from "./helpers.ts";

// Every stream must see the schema as it is now, whichever connection serves it and whatever that
// connection compiled before another stream changed the schema.

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

/** Opens a stream that has read `table` (so its connection has the table's current columns cached). */
async function streamThatRead(table: string): Promise<string> {
  const reply = await postPipeline(server.url, { baton: null, requests: [sql(`SELECT * FROM ${table}`)] });
  expect(reply.body.results[0].type).toBe("ok");
  return reply.body.baton;
}

describe("schema changes made on another stream", () => {
  it("are seen by a new stream served by a connection that was idle during the change", async () => {
    const table = uniqueTable();
    await client.execute(`CREATE TABLE ${table} (a)`);
    // The transaction's connection reads the one-column table and goes back to the pool after the
    // ALTER, which needs a connection of its own meanwhile; the next stream gets the connection pooled last.
    const reader = await client.transaction("deferred");
    await reader.execute(`SELECT * FROM ${table}`);
    await client.execute(`ALTER TABLE ${table} ADD COLUMN b`);
    await reader.commit();

    await client.execute({ sql: `INSERT INTO ${table} VALUES (?, ?)`, args: [1, 2] });
    const rs = await client.execute(`SELECT a, b FROM ${table}`);

    expect(rs.rows.map((row) => [row.a, row.b])).toEqual([[1, 2]]);
  });

  it("are seen by every pooled connection after a migration", async () => {
    const table = uniqueTable();
    await client.execute(`CREATE TABLE ${table} (a)`);
    // Several streams at once take several connections, each of which reads the old table.
    const readers = await Promise.all(Array.from({ length: 4 }, () => client.transaction("deferred")));
    await Promise.all(readers.map((tx) => tx.execute(`SELECT * FROM ${table}`)));
    await client.batch([`ALTER TABLE ${table} ADD COLUMN b`, `ALTER TABLE ${table} ADD COLUMN c`], "write");
    await Promise.all(readers.map((tx) => tx.commit()));

    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.execute({ sql: `INSERT INTO ${table} VALUES (?, ?, ?)`, args: [i, i, i] }),
      ),
    );

    expect((await client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n).toBe(8);
  });

  it("are seen by a stream that stays open across the change", async () => {
    const table = uniqueTable();
    await client.execute(`CREATE TABLE ${table} (a)`);
    const baton = await streamThatRead(table);
    await client.execute(`ALTER TABLE ${table} ADD COLUMN b`);

    const reply = await postPipeline(server.url, {
      baton,
      requests: [
        sql(`INSERT INTO ${table} VALUES (?, ?)`, [textValue("x"), textValue("y")]),
        { type: "describe", sql: `INSERT INTO ${table} (a, b) VALUES (1, 2)` },
        sql(`SELECT * FROM ${table}`),
        { type: "close" },
      ],
    });

    expect(reply.body.results.map((result: { type: string }) => result.type)).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
    ]);
    expect(reply.body.results[2].response.result.cols.map((col: { name: string }) => col.name)).toEqual([
      "a",
      "b",
    ]);
  });

  it("are seen by executeMultiple and by a table dropped and created again", async () => {
    const table = uniqueTable();
    await client.execute(`CREATE TABLE ${table} (a)`);
    const baton = await streamThatRead(table);
    await client.executeMultiple(`DROP TABLE ${table}; CREATE TABLE ${table} (x, y, z);`);

    const reply = await postPipeline(server.url, {
      baton,
      requests: [{ type: "sequence", sql: `INSERT INTO ${table} VALUES (1, 2, 3);` }, { type: "close" }],
    });
    await client.executeMultiple(
      `INSERT INTO ${table} VALUES (4, 5, 6); INSERT INTO ${table} VALUES (7, 8, 9);`,
    );

    expect(reply.body.results[0]).toEqual({ type: "ok", response: { type: "sequence" } });
    const rs = await client.execute(`SELECT x + y + z AS sum FROM ${table} ORDER BY x`);
    expect(rs.rows.map((row) => row.sum)).toEqual([6, 15, 24]);
  });
});
