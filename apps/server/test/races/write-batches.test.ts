// Optimistic writes (`Db.write`): one batch, all or nothing, on the embedded driver and on the remote one
// (@libsql/client over HTTP to the dev libSQL server); guards abort a batch, and a stale attempt is run
// again, then answered 409.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlServer } from "../../../../tooling/libsql-server/src/server.ts";
import { type Db, firstRow, remoteDb } from "../../src/db/database.ts";
import { nativeDb } from "../../src/db/native.ts";
import { sql } from "../../src/db/sql.ts";
import {
  changed,
  failedGuard,
  guardOf,
  optimistically,
  StaleRead,
  WRITE_ATTEMPTS,
} from "../../src/db/write-guards.ts";
import { isApiError } from "../../src/errors.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-batches-"));
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

const SCHEMA = [
  "CREATE TABLE write_guards (failed INTEGER CONSTRAINT write_guard CHECK (failed IS NULL))",
  "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER NOT NULL)",
];

async function embedded(): Promise<Db> {
  const db = nativeDb(join(dir, "embedded.db"));
  closers.push(() => db.close());
  return db;
}

async function remote(): Promise<Db> {
  const server = await startLibsqlServer({ file: join(dir, "remote.db"), port: 0 });
  const client = createClient({ url: server.url });
  closers.push(
    () => server.close(),
    () => client.close(),
  );
  return remoteDb(client);
}

const count = async (db: Db) => Number((await db.execute("SELECT count(*) AS n FROM items")).rows[0]!.n);

describe.each([
  ["embedded", embedded],
  ["remote", remote],
])("on the %s driver", (_, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    for (const sql of SCHEMA) await db.execute(sql);
  });

  it("applies a batch whole and answers each statement's result", async () => {
    const results = await db.write((session) =>
      session.apply([
        { sql: "INSERT INTO items (name, n) VALUES (?, ?) RETURNING id", args: ["a", 1] },
        { sql: "INSERT INTO items (name, n) VALUES (?, ?) RETURNING id", args: ["b", 2] },
        guardOf(sql`(SELECT count(*) FROM items) = 2`).statement(),
      ]),
    );
    expect(results).toHaveLength(3);
    expect(Number(results[1]!.rows[0]!.id)).toBe(Number(results[0]!.rows[0]!.id) + 1);
    expect(await count(db)).toBe(2);
  });

  it("rolls a batch back whole when a guard fails, naming the guard's index", async () => {
    const error = await db
      .write((session) =>
        session.apply([
          { sql: "INSERT INTO items (name, n) VALUES (?, ?)", args: ["c", 3] },
          { sql: "UPDATE items SET n = n + 1 WHERE name = ?", args: ["nobody"] },
          changed(1),
        ]),
      )
      .catch((caught: unknown) => caught);
    expect(failedGuard(error)).toBe(2);
    expect(await count(db)).toBe(2);
  });

  it("tells a constraint's failure from a guard's", async () => {
    const error = await db
      .write((session) => session.apply([{ sql: "INSERT INTO items (name, n) VALUES ('a', 9)" }]))
      .catch((caught: unknown) => caught);
    expect(failedGuard(error)).toBeUndefined();
    expect(String((error as Error).message)).toContain("UNIQUE constraint failed");
  });

  it("reads in one pipeline", async () => {
    const [names, total] = await db.write((session) =>
      session.read([{ sql: "SELECT name FROM items ORDER BY id" }, { sql: "SELECT sum(n) AS s FROM items" }]),
    );
    expect(names!.rows.map((row) => row.name)).toEqual(["a", "b"]);
    expect(Number(total!.rows[0]!.s)).toBe(3);
  });

  it("runs a stale attempt again from its reads, then answers 409 with Retry-After", async () => {
    let attempts = 0;
    const value = await optimistically(db, async () => {
      if (++attempts < 3) throw new StaleRead();
      return "done";
    });
    expect([value, attempts]).toEqual(["done", 3]);
    attempts = 0;
    const error = await optimistically(db, async () => {
      attempts++;
      throw new StaleRead();
    }).catch((caught: unknown) => caught);
    expect(attempts).toBe(WRITE_ATTEMPTS);
    expect(isApiError(error) && error.code).toBe("conflict");
    expect(isApiError(error) && error.headers["Retry-After"]).toBe("1");
  });
});

it("answers a lookup by its own arguments after a listing ran the same SQL (embedded driver)", async () => {
  const db = nativeDb(":memory:");
  closers.push(() => db.close());
  await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, c INTEGER)");
  await db.execute("INSERT INTO t (c) VALUES (1)");
  const sql = "SELECT id FROM t WHERE id = ? AND c = ?";
  expect((await db.execute({ sql, args: [1, 1] })).rows).toHaveLength(1);
  expect(await firstRow(db, { sql, args: [5, 1] })).toBeUndefined();
  expect((await db.execute({ sql, args: [5, 1] })).rows).toHaveLength(0);
  expect(Number((await firstRow(db, { sql, args: [1, 1] }))!.id)).toBe(1);
});

it("answers reads made while a transaction is open from what is committed, and from its end on with it (embedded driver)", async () => {
  const db = nativeDb(join(dir, "open-transaction.db"));
  closers.push(() => db.close());
  await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, c INTEGER)");
  await db.execute("INSERT INTO t (c) VALUES (1)");
  const total = async () => Number((await firstRow(db, { sql: "SELECT sum(c) AS s FROM t" }))!.s);
  const listed = async () => (await db.execute("SELECT c FROM t ORDER BY id")).rows.map((row) => row.c);
  const seen: unknown[] = [];
  await db.transaction(async (tx) => {
    await tx.execute("INSERT INTO t (c) VALUES (2)");
    // Another request's reads, between the transaction's statements.
    seen.push(
      await total(),
      await listed(),
      (await db.read([{ sql: "SELECT count(*) AS n FROM t" }]))[0]!.rows[0]!.n,
    );
  });
  expect(seen).toEqual([1, [1], 1]);
  expect([await total(), await listed()]).toEqual([3, [1, 2]]);
  const failed = await db
    .transaction(async (tx) => {
      await tx.execute("INSERT INTO t (c) VALUES (4)");
      seen.push(await total());
      throw new Error("given up");
    })
    .catch((error: Error) => error.message);
  expect([failed, seen.at(-1), await total(), await listed()]).toEqual(["given up", 3, 3, [1, 2]]);
});
