import { setTimeout as sleep } from "node:timers/promises";
import { type Client, createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueTable } from "./helpers.ts";

let server: TestServer;
let client: Client;
const openClients: Client[] = [];

function newClient(options: { intMode?: "number" | "bigint" } = {}): Client {
  const created = createClient({ url: server.url, ...options });
  openClients.push(created);
  return created;
}

async function createTable(columns = "id INTEGER PRIMARY KEY, name TEXT UNIQUE"): Promise<string> {
  const table = uniqueTable();
  await client.execute(`CREATE TABLE ${table} (${columns})`);
  return table;
}

async function count(table: string, via: Client = client): Promise<number> {
  const rs = await via.execute(`SELECT count(*) AS n FROM ${table}`);
  return Number(rs.rows[0]!.n);
}

beforeAll(async () => {
  server = await startTestServer();
  client = newClient();
});

afterAll(async () => {
  for (const c of openClients) c.close();
  await server.close();
});

describe("execute", () => {
  it("binds positional args and returns rows with column names and declared types", async () => {
    const table = await createTable();
    await client.execute({ sql: `INSERT INTO ${table} (name) VALUES (?), (?)`, args: ["ada", "grace"] });

    const rs = await client.execute({ sql: `SELECT id, name FROM ${table} WHERE name = ?`, args: ["grace"] });

    expect(rs.columns).toEqual(["id", "name"]);
    expect(rs.columnTypes).toEqual(["INTEGER", "TEXT"]);
    expect(rs.rows.map((row) => ({ ...row }))).toEqual([{ id: 2, name: "grace" }]);
  });

  it("binds named args with or without their :, @ or $ prefix", async () => {
    const bare = await client.execute({
      sql: "SELECT :a AS a, @b AS b, $c AS c",
      args: { a: 1, b: "two", c: null },
    });
    const prefixed = await client.execute({ sql: "SELECT :a AS a, :a AS again", args: { ":a": "x" } });

    expect({ ...bare.rows[0] }).toEqual({ a: 1, b: "two", c: null });
    expect({ ...prefixed.rows[0] }).toEqual({ a: "x", again: "x" });
  });

  it("binds named args when the statement also has a nameless ? parameter", async () => {
    const rs = await client.execute({ sql: "SELECT ? AS p, :n AS n", args: { n: 7 } });

    expect({ ...rs.rows[0] }).toEqual({ p: null, n: 7 });
  });

  it("round-trips null, 64-bit integers, floats, unicode text and blobs", async () => {
    const table = await createTable("i INTEGER, f REAL, t TEXT, b BLOB, n");
    const bigints = newClient({ intMode: "bigint" });
    const blob = new Uint8Array([0, 1, 127, 128, 254, 255]);
    const rows: [bigint, number, string, Uint8Array, null][] = [
      [9223372036854775807n, 1.5, "héllo 😀", blob, null],
      [-9223372036854775808n, -0.25, "", new Uint8Array([]), null],
    ];
    for (const args of rows) {
      await bigints.execute({ sql: `INSERT INTO ${table} VALUES (?, ?, ?, ?, ?)`, args });
    }

    const rs = await bigints.execute(
      `SELECT i, f, t, b, n, typeof(i) AS ti, typeof(f) AS tf, typeof(b) AS tb FROM ${table} ORDER BY i DESC`,
    );

    expect(rs.rows.map((row) => row.i)).toEqual([9223372036854775807n, -9223372036854775808n]);
    expect(rs.rows.map((row) => row.f)).toEqual([1.5, -0.25]);
    expect(rs.rows.map((row) => row.t)).toEqual(["héllo 😀", ""]);
    expect(new Uint8Array(rs.rows[0]!.b as ArrayBuffer)).toEqual(blob);
    expect((rs.rows[1]!.b as ArrayBuffer).byteLength).toBe(0);
    expect(rs.rows[0]!.n).toBeNull();
    expect([rs.rows[0]!.ti, rs.rows[0]!.tf, rs.rows[0]!.tb]).toEqual(["integer", "real", "blob"]);
  });

  it("reports affected rows and the last insert rowid", async () => {
    const table = await createTable();
    const inserted = await client.execute(`INSERT INTO ${table} (name) VALUES ('a'), ('b'), ('c')`);
    const updated = await client.execute(`UPDATE ${table} SET name = name || '!' WHERE id > 1`);
    const selected = await client.execute(`SELECT * FROM ${table}`);

    expect(inserted.rowsAffected).toBe(3);
    expect(inserted.lastInsertRowid).toBe(3n);
    expect(updated.rowsAffected).toBe(2);
    expect(updated.lastInsertRowid).toBeUndefined();
    expect(selected.rowsAffected).toBe(0);
  });

  it("returns the rows of INSERT ... RETURNING together with the affected count", async () => {
    const table = await createTable();
    const rs = await client.execute(`INSERT INTO ${table} (name) VALUES ('x'), ('y') RETURNING id, name`);

    expect(rs.rows.map((row) => [row.id, row.name])).toEqual([
      [1, "x"],
      [2, "y"],
    ]);
    expect(rs.rowsAffected).toBe(2);
  });

  it("runs several statements with executeMultiple", async () => {
    const [a, b] = [uniqueTable(), uniqueTable()];
    await client.executeMultiple(
      `CREATE TABLE ${a} (x); CREATE TABLE ${b} (y); INSERT INTO ${a} VALUES (1);`,
    );

    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(0);
  });
});

describe("errors", () => {
  it("reports a syntax error as a LibsqlError with code SQLITE_ERROR", async () => {
    const error = await client.execute("SELEC 1").catch((e: unknown) => e);

    expect(error).toMatchObject({ name: "LibsqlError", code: "SQLITE_ERROR" });
    expect((error as Error).message).toContain("syntax error");
  });

  it("reports a unique violation as SQLITE_CONSTRAINT, as sqld does", async () => {
    const table = await createTable();
    await client.execute({ sql: `INSERT INTO ${table} (name) VALUES (?)`, args: ["dup"] });

    const error = await client
      .execute({ sql: `INSERT INTO ${table} (name) VALUES (?)`, args: ["dup"] })
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ name: "LibsqlError", code: "SQLITE_CONSTRAINT" });
    expect((error as Error).message).toContain(`UNIQUE constraint failed: ${table}.name`);
  });

  it("rejects a SQL string with two statements instead of silently running the first", async () => {
    const table = await createTable();
    const error = await client
      .execute(`INSERT INTO ${table} (name) VALUES ('a'); INSERT INTO ${table} (name) VALUES ('b')`)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ code: "SQL_MANY_STATEMENTS" });
    expect(await count(table)).toBe(0);
  });
});

describe("batch", () => {
  it("runs a write batch in one transaction and returns each statement's result", async () => {
    const table = await createTable();
    const results = await client.batch(
      [
        { sql: `INSERT INTO ${table} (name) VALUES (?)`, args: ["a"] },
        { sql: `INSERT INTO ${table} (name) VALUES (:name)`, args: { name: "b" } },
        `SELECT name FROM ${table} ORDER BY id`,
      ],
      "write",
    );

    expect(results).toHaveLength(3);
    expect(results[1]!.lastInsertRowid).toBe(2n);
    expect(results[2]!.rows.map((row) => row.name)).toEqual(["a", "b"]);
  });

  it("applies nothing when one statement fails", async () => {
    const table = await createTable();
    await client.execute(`INSERT INTO ${table} (name) VALUES ('taken')`);

    const error = await client
      .batch(
        [`INSERT INTO ${table} (name) VALUES ('new')`, `INSERT INTO ${table} (name) VALUES ('taken')`],
        "write",
      )
      .catch((e: unknown) => e);

    expect(error).toMatchObject({
      name: "LibsqlBatchError",
      code: "SQLITE_CONSTRAINT",
      statementIndex: 1,
    });
    expect(await count(table)).toBe(1);
  });
});

describe("interactive transactions", () => {
  it("keeps a transaction on one connection across requests and commits it", async () => {
    const table = await createTable();
    const tx = await client.transaction("write");
    await tx.execute({ sql: `INSERT INTO ${table} (name) VALUES (?)`, args: ["in-tx"] });
    const inside = await tx.execute(`SELECT count(*) AS n FROM ${table}`);
    await tx.commit();

    expect(inside.rows[0]!.n).toBe(1);
    expect(await count(table)).toBe(1);
  });

  it("discards the transaction's writes on rollback", async () => {
    const table = await createTable();
    const tx = await client.transaction("write");
    await tx.execute(`INSERT INTO ${table} (name) VALUES ('gone')`);
    await tx.rollback();

    expect(await count(table)).toBe(0);
  });

  it("hides uncommitted writes from a second client until commit", async () => {
    const table = await createTable();
    const other = newClient();
    const tx = await client.transaction("write");
    await tx.execute(`INSERT INTO ${table} (name) VALUES ('pending')`);

    expect(await count(table, other)).toBe(0);
    await tx.commit();
    expect(await count(table, other)).toBe(1);
  });

  it("makes a second writer wait for the first transaction instead of failing", async () => {
    const table = await createTable();
    const first = await client.transaction("write");
    await first.execute(`INSERT INTO ${table} (name) VALUES ('first')`);

    const second = await newClient().transaction("write");
    const secondWrite = second.execute(`INSERT INTO ${table} (name) VALUES ('second')`);
    await sleep(100);
    await first.commit();
    await secondWrite;
    await second.commit();

    const rs = await client.execute(`SELECT name FROM ${table} ORDER BY id`);
    expect(rs.rows.map((row) => row.name)).toEqual(["first", "second"]);
  });
});

describe("concurrency", () => {
  it("accepts many parallel inserts from several clients", async () => {
    const table = await createTable("id INTEGER PRIMARY KEY, client INTEGER, n INTEGER");
    const clients = Array.from({ length: 4 }, () => newClient());

    await Promise.all(
      clients.flatMap((c, clientIndex) =>
        Array.from({ length: 100 }, (_, n) =>
          c.execute({ sql: `INSERT INTO ${table} (client, n) VALUES (?, ?)`, args: [clientIndex, n] }),
        ),
      ),
    );

    const rs = await client.execute(
      `SELECT client, count(*) AS n FROM ${table} GROUP BY client ORDER BY client`,
    );
    expect(rs.rows.map((row) => row.n)).toEqual([100, 100, 100, 100]);
  });
});

describe("stream lifetime", () => {
  it("fails a transaction left idle past the timeout and releases its write lock", async () => {
    const quick = await startTestServer({ idleTimeoutMs: 100 });
    const quickClient = createClient({ url: quick.url });
    try {
      const table = uniqueTable();
      await quickClient.execute(`CREATE TABLE ${table} (x)`);
      const tx = await quickClient.transaction("write");
      await tx.execute(`INSERT INTO ${table} VALUES ('abandoned')`);
      await sleep(300);

      const error = await tx.execute(`INSERT INTO ${table} VALUES ('late')`).catch((e: unknown) => e);
      await quickClient.execute(`INSERT INTO ${table} VALUES ('next')`);

      expect(error).toMatchObject({ name: "LibsqlError", code: "STREAM_EXPIRED" });
      const rs = await quickClient.execute(`SELECT x FROM ${table}`);
      expect(rs.rows.map((row) => row.x)).toEqual(["next"]);
    } finally {
      quickClient.close();
      await quick.close();
    }
  });

  it("gives up with SQLITE_BUSY when another transaction holds the lock past the busy timeout", async () => {
    const impatient = await startTestServer({ busyTimeoutMs: 100 });
    const [a, b] = [createClient({ url: impatient.url }), createClient({ url: impatient.url })];
    try {
      const table = uniqueTable();
      await a.execute(`CREATE TABLE ${table} (x)`);
      const holder = await a.transaction("write");
      await holder.execute(`INSERT INTO ${table} VALUES (1)`);

      const blocked = await b.execute(`INSERT INTO ${table} VALUES (2)`).catch((e: unknown) => e);
      await holder.commit();
      await b.execute(`INSERT INTO ${table} VALUES (3)`);

      expect(blocked).toMatchObject({ name: "LibsqlError", code: "SQLITE_BUSY" });
      const rs = await a.execute(`SELECT x FROM ${table} ORDER BY x`);
      expect(rs.rows.map((row) => row.x)).toEqual([1, 3]);
    } finally {
      a.close();
      b.close();
      await impatient.close();
    }
  });
});
