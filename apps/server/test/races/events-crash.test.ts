// At least once across a crash: the Node server is killed with SIGKILL in the middle of a burst of
// writes; after a restart on the same database, every write it acknowledged reaches the receiver.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../node-process.ts";
import { startReceiver } from "../receiver.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-crash-"));
const env = { DATABASE_URL: `file:${join(dir, "db.db")}`, WEBHOOKS_ALLOW_LOCALHOST: "true" };
const servers: NodeServer[] = [];
afterAll(() => {
  for (const server of servers) server.process.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

it("delivers every acknowledged change after a kill -9 in the middle of a burst", async () => {
  const receiver = await startReceiver();
  const first = await startNodeServer(env, true);
  servers.push(first);
  const headers = { Authorization: `Bearer ${first.token}`, "Content-Type": "application/json" };
  const hook = await (
    await fetch(`${first.base}/webhook-endpoints.json`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: receiver.url, events: ["carrier.created"] }),
    })
  ).json();

  // Eight lanes of writes; the server is killed once 120 of them were acknowledged.
  const acknowledged: number[] = [];
  let killed = false;
  const lane = async (laneNo: number) => {
    for (let i = 0; i < 100 && !killed; i++) {
      try {
        const answer = await fetch(`${first.base}/carriers.json`, {
          method: "POST",
          headers,
          body: JSON.stringify({ name: `Burst ${laneNo}-${i}` }),
        });
        if (answer.status === 200) acknowledged.push(((await answer.json()) as { id: number }).id);
      } catch {
        return; // the connection died with the server
      }
      if (acknowledged.length >= 120 && !killed) {
        killed = true;
        first.process.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, i) => lane(i)));
  expect(killed).toBe(true);

  servers.push(await startNodeServer(env, false));
  const delivered = new Set<number>();
  // Deliveries the killed process had claimed are due again when their 15 s lease ends.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && acknowledged.some((id) => !delivered.has(id))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const request of receiver.received) {
      const event = new Webhook(hook.secret).verify(
        request.body,
        request.headers as Record<string, string>,
      ) as {
        data: { object: { id: number } };
      };
      delivered.add(event.data.object.id);
    }
  }
  expect(acknowledged.filter((id) => !delivered.has(id))).toEqual([]);
}, 120_000);
