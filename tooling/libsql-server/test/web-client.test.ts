import { createClient } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueTable } from "./helpers.ts";

// @libsql/client/web is what a Worker bundles under `wrangler dev`: fetch-only, no native code.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ token: "dev-token" });
});

afterAll(async () => {
  await server.close();
});

describe("@libsql/client/web", () => {
  it("executes, batches and commits a transaction through the server", async () => {
    const client = createClient({ url: server.url, authToken: "dev-token" });
    const table = uniqueTable();
    await client.execute(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);
    await client.batch(
      [
        { sql: `INSERT INTO ${table} (name) VALUES (?)`, args: ["batched"] },
        { sql: `INSERT INTO ${table} (name) VALUES (:name)`, args: { name: "named" } },
      ],
      "write",
    );
    const tx = await client.transaction("write");
    await tx.execute({ sql: `INSERT INTO ${table} (name) VALUES (?)`, args: ["in-tx"] });
    await tx.commit();

    const rs = await client.execute(`SELECT name FROM ${table} ORDER BY id`);
    expect(rs.rows.map((row) => row.name)).toEqual(["batched", "named", "in-tx"]);
    client.close();
  });

  it("surfaces SQLite errors with their code", async () => {
    const client = createClient({ url: server.url, authToken: "dev-token" });
    const table = uniqueTable();
    await client.execute(`CREATE TABLE ${table} (name TEXT NOT NULL)`);

    const error = await client.execute(`INSERT INTO ${table} (name) VALUES (NULL)`).catch((e: unknown) => e);

    expect(error).toMatchObject({ name: "LibsqlError", code: "SQLITE_CONSTRAINT" });
    client.close();
  });

  it("is refused without the token", async () => {
    const client = createClient({ url: server.url });

    const error = await client.execute("SELECT 1").catch((e: unknown) => e);

    expect(error).toMatchObject({ name: "LibsqlError", code: "UNAUTHORIZED" });
    client.close();
  });
});
