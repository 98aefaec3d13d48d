import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as hrana from "@libsql/hrana-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueTable } from "./helpers.ts";

// The Hrana client as a Hrana 3 JSON client: it asks `GET /v3` and, when that succeeds, sends pipelines to
// `/v3/pipeline` and cursor batches to `/v3/cursor`. The published client probes only `v3-protobuf`
// (which the stand-in lacks), so the JSON endpoint is added to its list, as its own tests do.

interface Endpoint {
  versionPath: string;
  pipelinePath: string;
  cursorPath: string | undefined;
  version: number;
  encoding: string;
}

let server: TestServer;
let client: hrana.HttpClient;
const paths: string[] = [];

async function enableJsonV3(): Promise<void> {
  const entry = fileURLToPath(import.meta.resolve("@libsql/hrana-client"));
  const http = (await import(pathToFileURL(join(dirname(entry), "http", "client.js")).href)) as {
    checkEndpoints: Endpoint[];
  };
  if (http.checkEndpoints.some((endpoint) => endpoint.versionPath === "v3")) return;
  http.checkEndpoints.push({
    versionPath: "v3",
    pipelinePath: "v3/pipeline",
    cursorPath: "v3/cursor",
    version: 3,
    encoding: "json",
  });
}

/** fetch, noting each request's method and path. */
const recordingFetch = (request: Request): Promise<Response> => {
  paths.push(`${request.method} ${new URL(request.url).pathname}`);
  return fetch(request);
};

beforeAll(async () => {
  await enableJsonV3();
  server = await startTestServer();
  client = hrana.openHttp(server.url, undefined, recordingFetch, undefined, 3);
});

afterAll(async () => {
  client.close();
  await server.close();
});

describe("a Hrana 3 JSON client", () => {
  it("settles on version 3 and runs a batch through /v3/cursor", async () => {
    const table = uniqueTable();
    const stream = client.openStream();
    await stream.run(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT UNIQUE)`);
    paths.length = 0;

    const batch = stream.batch(true);
    const insert = batch.step();
    const inserted = insert.run([`INSERT INTO ${table} (name) VALUES (?), (?)`, ["ada", "grace"]]);
    const selected = batch
      .step()
      .condition(hrana.BatchCond.ok(insert))
      .query(`SELECT id, name FROM ${table} ORDER BY id`);
    const duplicate = batch.step();
    const failed = duplicate.run(`INSERT INTO ${table} (name) VALUES ('ada')`).catch((e: unknown) => e);
    const recovered = batch
      .step()
      .condition(hrana.BatchCond.error(duplicate))
      .query("SELECT 'recovered' AS r");
    const skipped = batch.step().condition(hrana.BatchCond.ok(duplicate)).query("SELECT 'skipped'");
    await batch.execute();
    stream.close();

    expect(await client.getVersion()).toBe(3);
    expect(paths[0]).toBe("POST /v3/cursor");
    expect(paths.filter((path) => !path.startsWith("POST /v3/"))).toEqual([]);
    expect(await inserted).toMatchObject({ affectedRowCount: 2, lastInsertRowid: 2n });
    const rows = await selected;
    expect(rows?.columnNames).toEqual(["id", "name"]);
    expect(rows?.rows.map((row) => [row.id, row.name])).toEqual([
      [1, "ada"],
      [2, "grace"],
    ]);
    expect(await failed).toMatchObject({ name: "ResponseError", code: "SQLITE_CONSTRAINT" });
    expect((await recovered)?.rows[0]?.r).toBe("recovered");
    expect(await skipped).toBeUndefined();
  });

  it("keeps a stream's transaction across cursor batches and pipelines", async () => {
    const table = uniqueTable();
    const setup = client.openStream();
    await setup.run(`CREATE TABLE ${table} (n INTEGER)`);
    setup.close();
    const tx = client.openStream();
    const other = client.openStream();

    await tx.run("BEGIN");
    const batch = tx.batch(true);
    const first = batch.step().condition(hrana.BatchCond.not(hrana.BatchCond.isAutocommit(batch)));
    first.run(`INSERT INTO ${table} VALUES (1)`);
    batch.step().condition(hrana.BatchCond.ok(first)).run(`INSERT INTO ${table} VALUES (2)`);
    await batch.execute();
    const inside = await tx.queryValue(`SELECT count(*) FROM ${table}`);
    const outside = await other.queryValue(`SELECT count(*) FROM ${table}`);
    const autocommitDuring = await tx.getAutocommit();
    await tx.run("COMMIT");
    const afterCommit = await other.queryValue(`SELECT count(*) FROM ${table}`);
    tx.close();
    other.close();

    expect([inside.value, outside.value, afterCommit.value]).toEqual([2, 0, 2]);
    expect(autocommitDuring).toBe(false);
  });

  it("reads a large result through a cursor completely", async () => {
    const stream = client.openStream();
    const batch = stream.batch(true);
    const rows = batch
      .step()
      .query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) SELECT i, hex(randomblob(32)) AS h FROM n",
      );
    await batch.execute();
    stream.close();

    const result = await rows;
    expect(result?.rows).toHaveLength(20_000);
    expect(result?.rows.at(-1)?.i).toBe(20_000);
    expect(String(result?.rows[0]?.h)).toMatch(/^[0-9A-F]{64}$/);
  });
});
