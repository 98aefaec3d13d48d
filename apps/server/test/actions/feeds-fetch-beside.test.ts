// A feed's download beside the webhook deliveries: a supplier's server that sends its file slowly holds
// back no delivery, and a download that trickles in is given up at its time bound, however often the
// server sends a little. Files and webhooks are served on 127.0.0.1.
import type { ServerResponse } from "node:http";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { startDispatchLoop } from "../../src/services/webhooks/loop.ts";
import { serveLocally } from "../local-server.ts";
import { startReceiver } from "../receiver.ts";
import { setupApp, type Tenant } from "../support.ts";
import { get, make } from "./channels-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
/**
 * How the file server sends a path's body: its first half, then the rest once `release` is called
 * (`held`), or a line every `everyMs` (`trickle`).
 */
type Served = { body: string; held?: { sent: boolean; release?: () => void }; trickle?: { everyMs: number } };
const files = new Map<string, Served>();
let fileServer = "";

function answer(res: ServerResponse, served: Served): void {
  res.writeHead(200, { "Content-Type": "text/csv" });
  const { body, held, trickle } = served;
  if (held) {
    const half = Math.floor(body.length / 2);
    res.write(body.slice(0, half));
    held.sent = true;
    held.release = () => res.end(body.slice(half));
    return;
  }
  if (trickle) {
    const lines = body.split(/(?<=\n)/);
    const timer = setInterval(() => {
      const line = lines.shift();
      if (line === undefined) {
        clearInterval(timer);
        res.end();
      } else res.write(line);
    }, trickle.everyMs);
    res.on("close", () => clearInterval(timer));
    return;
  }
  res.end(body);
}

beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
  fileServer = await serveLocally((req, res) => {
    const served = files.get(req.url ?? "");
    if (!served) return void res.writeHead(404).end("no such file");
    answer(res, served);
  });
});

let served = 0;
/** Serves `how` at a fresh path; answers its URL. */
function serve(how: Served): string {
  const path = `/feeds/${++served}.csv`;
  files.set(path, how);
  return `${fileServer}${path}`;
}

/** A CSV of `rows` items `S-<n>`, 3 units each. */
const stockCsv = (rows: number) =>
  `id,code,stock\n${Array.from({ length: rows }, (_, i) => `S-${i + 1},${i + 1},3`).join("\n")}\n`;

async function csvFeed(t: Tenant, url: string) {
  const feed = await make(t, "inventory-feeds", { name: "Slow Supplier", url, fetchFrequency: "never" });
  for (const [column, target] of [
    ["id", "externalId"],
    ["code", "sku"],
    ["stock", "quantity"],
  ]) {
    await make(t, "inventory-feed-fields", { inventoryFeedId: feed.id, column, target });
  }
  const queued = await t.json("POST", `/inventory-feeds/${feed.id}/fetch.json`, {});
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  return { feed, file: queued.body };
}

/** How many items the feed has. */
async function itemCount(feedId: number): Promise<number> {
  const row = await setup.db.execute({
    sql: "SELECT count(*) AS n FROM inventory_feed_variants WHERE inventory_feed_id = ?",
    args: [feedId],
  });
  return Number(row.rows[0]!.n);
}

describe("a feed's download beside the deliveries", () => {
  it("delivers webhooks written while a supplier's server is still sending the feed's file", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    await make(t, "webhook-endpoints", { url: receiver.url, events: ["carrier.*"] });
    const held: Served["held"] = { sent: false };
    const { feed, file } = await csvFeed(t, serve({ body: stockCsv(40), held }));
    const dispatcher = createDispatcher({
      db: setup.db,
      fileStore: setup.fileStore,
      policy: { allowLocal: true },
      feeds: { timeoutMs: 20_000 },
    });

    const run = dispatcher.runOnce();
    try {
      await vi.waitFor(() => expect(held.sent).toBe(true), { timeout: 9_000, interval: 20 });
      await make(t, "carriers", { name: "Sent Meanwhile" });
      // Delivered while the file's second half has not been sent (the download is under way).
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 9_000, interval: 20 });
      expect(JSON.parse(receiver.received[0]!.body).data.object.name).toBe("Sent Meanwhile");
      expect(await get(t, "inventory-feed-files", file.id)).toMatchObject({ status: "pending" });
    } finally {
      held.release?.();
      await run;
    }
    expect(await get(t, "inventory-feed-files", file.id)).toMatchObject({
      status: "processed",
      rowCount: 40,
    });
    expect(await itemCount(feed.id)).toBe(40);
  }, 30_000);

  it("sends a write's webhook as soon as the loop is told of it, the download still under way", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    await make(t, "webhook-endpoints", { url: receiver.url, events: ["carrier.*"] });
    const held: Served["held"] = { sent: false };
    await csvFeed(t, serve({ body: stockCsv(40), held }));
    // Passes a minute apart, and the loop's own tick as far: only the wake-up after the write sends it.
    const dispatcher = createDispatcher({
      db: setup.db,
      fileStore: setup.fileStore,
      policy: { allowLocal: true },
      feeds: { timeoutMs: 20_000 },
      passMs: 60_000,
    });
    const loop = startDispatchLoop(dispatcher, { intervalMs: 60_000, settleMs: 10 });
    try {
      await vi.waitFor(() => expect(held.sent).toBe(true), { timeout: 9_000, interval: 20 });
      await make(t, "carriers", { name: "Told At Once" });
      // As the server's write would (`afterWrite`).
      loop.notify();
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 9_000, interval: 20 });
      expect(JSON.parse(receiver.received[0]!.body).data.object.name).toBe("Told At Once");
      expect(held.release).toBeDefined();
    } finally {
      held.release?.();
      loop.stop();
      await loop.idle();
    }
  }, 30_000);

  it("gives up a download that trickles in for longer than its time bound, applying nothing, and ends the file after five such runs", async () => {
    const t = await setup.tenant();
    // A line every 20 ms: never a wait near the 5 s timeout, but 4 s for the whole file.
    const { feed, file } = await csvFeed(t, serve({ body: stockCsv(200), trickle: { everyMs: 20 } }));
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const dispatcher = createDispatcher({
      db: setup.db,
      fileStore: setup.fileStore,
      policy: { allowLocal: true },
      now: () => clock,
      feeds: { timeoutMs: 5_000, downloadMs: 500 },
    });
    const overdue = "The server took more than 0.5 s to send the file.";
    for (const pause of [30_000, 60_000, 120_000, 240_000]) {
      await expect(dispatcher.runOnce()).rejects.toThrow(overdue);
      expect(await get(t, "inventory-feed-files", file.id)).toMatchObject({ status: "pending" });
      clock += pause;
    }
    await expect(dispatcher.runOnce()).rejects.toThrow(overdue);
    expect(await get(t, "inventory-feed-files", file.id)).toMatchObject({
      status: "error",
      errorMessage: `The fetch failed 5 times in a row (the last time: ${overdue.slice(0, -1)}); it is not tried again.`,
    });
    expect(await itemCount(feed.id)).toBe(0);
    const failures = await t.json(
      "GET",
      `/errors.json?where[source]=inventory-feed&where[subjectId]=${feed.id}`,
    );
    expect(failures.body).toHaveLength(1);
  }, 30_000);
});
