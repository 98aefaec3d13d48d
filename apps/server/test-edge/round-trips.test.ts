// The same round trips in workerd: the Worker (`wrangler dev --local`, @libsql/client/web) of a stack of
// its own, whose database is the dev libSQL server behind a counting proxy, so that no other test's
// requests are counted.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startLibsqlServer } from "../../../tooling/libsql-server/src/server.ts";
import { type RoundTripProxy, roundTripProxy } from "../bench/round-trip-proxy.ts";
import { type DevStack, freePort, startDevStack } from "../scripts/dev.ts";
import { remoteDb } from "../src/db/database.ts";
import { createToken } from "../src/services/auth.ts";
import { EXPECTED_ROUND_TRIPS, measureTable } from "../test/round-trip-table.ts";
import { apiOf } from "../test/support.ts";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "mcs-edge-trips-"));
let database: Awaited<ReturnType<typeof startLibsqlServer>>;
let proxy: RoundTripProxy;
let stack: DevStack;
const authToken = "edge-round-trips";

/**
 * The Worker's configuration without its event queue and cron: their consumer drains the outbox after
 * writes, in the background, and its requests would be counted with the ones measured.
 */
const config = "wrangler.round-trips.tmp.json";

beforeAll(async () => {
  const worker = JSON.parse(
    readFileSync(join(serverDir, "wrangler.jsonc"), "utf8")
      .split("\n")
      .filter((line) => !line.trim().startsWith("//"))
      .join("\n"),
  );
  delete worker.queues;
  delete worker.triggers;
  writeFileSync(join(serverDir, config), JSON.stringify(worker));
  database = await startLibsqlServer({ file: join(dir, "trips.db"), port: 0, token: authToken });
  proxy = await roundTripProxy(database.url);
  stack = await startDevStack({
    file: join(dir, "unused.db"),
    external: { url: proxy.url, authToken },
    port: await freePort(),
    inspectorPort: await freePort(),
    persistTo: join(dir, "wrangler-state"),
    vars: { WEBHOOKS_ALLOW_LOCALHOST: "true" },
    output: "capture",
    config,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(join(serverDir, config), { force: true });
});

it("meets the table of issue 23 in workerd, as in Node", async () => {
  const client = createClient({ url: database.url, authToken });
  const { token } = await createToken({ db: remoteDb(client), input: { company: "edge-trips" } });
  client.close();
  const t = apiOf((path, init) => fetch(`${stack.baseUrl}${path}`, init), token);
  // The first request caches the token in the isolate, as a warm Worker has it.
  await t.request("GET", "/carriers.json?limit=1");
  const counts = await measureTable(t, async (method, path, body, headers) => {
    // The token cached anew if its time in the cache ran out meanwhile (a slow machine): not counted.
    await t.request("GET", "/carriers.json?limit=1");
    proxy.reset();
    const answer = await t.json(method, path, body, headers);
    return { trips: proxy.count, status: answer.status, body: answer.body };
  });
  expect(counts).toEqual(EXPECTED_ROUND_TRIPS);
});
