// Deliveries attempted side by side: a receiver that keeps its requests waiting (held open here until the
// test has seen what it waits for) holds back no other receiver's deliveries, and takes a few slots at
// most. Receivers on 127.0.0.1.
import type { ServerResponse } from "node:http";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { serveLocally } from "../local-server.ts";
import { startReceiver } from "../receiver.ts";
import { create } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/** A receiver that answers nothing until `release`, then 200 to what it held and to what follows. */
async function holdingReceiver() {
  const held: ServerResponse[] = [];
  const received: string[] = [];
  let released = false;
  const base = await serveLocally((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      if (released) res.writeHead(200).end("ok");
      else held.push(res);
    });
  });
  return {
    url: base,
    received,
    /** Requests waiting for their answer. */
    held,
    release() {
      released = true;
      for (const res of held.splice(0)) res.writeHead(200).end("ok");
    },
  };
}

/** The dispatcher over the suite's database, its clock a minute ahead: what requests queued is due. */
const dispatcher = () =>
  createDispatcher({
    db: setup.db,
    fileStore: setup.fileStore,
    policy: { allowLocal: true },
    now: () => Date.now() + 60_000,
  });

/** The company's webhook deliveries: how many were attempted (an attempt recorded) and how many succeeded. */
async function deliveries(t: Tenant) {
  const row = (
    await setup.db.execute({
      sql: "SELECT count(*) AS total, sum(attempts > 0) AS attempted, sum(status = 'succeeded') AS succeeded FROM webhook_deliveries WHERE company_id = ?",
      args: [t.companyId],
    })
  ).rows[0]!;
  return {
    total: Number(row.total),
    attempted: Number(row.attempted ?? 0),
    succeeded: Number(row.succeeded ?? 0),
  };
}

/** Waits (polling) until `seen` holds: well within an attempt's 10 s timeout when all goes as it should. */
const until = (seen: () => boolean) =>
  vi.waitFor(() => expect(seen()).toBe(true), { timeout: 9_000, interval: 20 });

/**
 * Waits (polling) until the company's deliveries are `expected`: an attempt is recorded once its answer
 * is read, a moment after the receiver saw the request.
 */
const recorded = (t: Tenant, expected: Awaited<ReturnType<typeof deliveries>>) =>
  vi.waitFor(async () => expect(await deliveries(t)).toEqual(expected), { timeout: 9_000, interval: 20 });

describe("deliveries side by side", () => {
  it("delivers another company's event while one receiver holds its request open", async () => {
    const slow = await holdingReceiver();
    const fast = await startReceiver();
    const held = await setup.tenant();
    const other = await setup.tenant();
    await create(held, "webhook-endpoints", { url: slow.url, events: ["carrier.*"] });
    await create(other, "webhook-endpoints", { url: fast.url, events: ["carrier.*"] });
    await create(held, "carriers", { name: "Held Freight" });

    const run = dispatcher().runOnce();
    try {
      await until(() => slow.held.length === 1);
      // Written while the slow receiver's attempt is under way: fanned out and delivered beside it.
      await create(other, "carriers", { name: "Prompt Freight" });
      await until(() => fast.received.length === 1);
      expect(JSON.parse(fast.received[0]!.body).data.object.name).toBe("Prompt Freight");
      // The slow receiver still holds its request: its attempt has not ended (nor timed out).
      expect(slow.held).toHaveLength(1);
      await recorded(other, { total: 1, attempted: 1, succeeded: 1 });
      expect(await deliveries(held)).toEqual({ total: 1, attempted: 0, succeeded: 0 });
    } finally {
      slow.release();
      await run;
    }
    expect(await deliveries(held)).toEqual({ total: 1, attempted: 1, succeeded: 1 });
  }, 30_000);

  it("gives a flooded receiver a few slots at most: deliveries due after its own go out beside them", async () => {
    const slow = await holdingReceiver();
    const fast = await startReceiver();
    const flooded = await setup.tenant();
    const other = await setup.tenant();
    await create(flooded, "webhook-endpoints", { url: slow.url, events: ["carrier.*"] });
    await create(other, "webhook-endpoints", { url: fast.url, events: ["carrier.*"] });
    // More deliveries to the slow receiver than there are slots, all due before the other company's.
    for (let n = 1; n <= 30; n++) await create(flooded, "carriers", { name: `Flood ${n}` });
    await create(other, "carriers", { name: "Behind The Flood" });

    const run = dispatcher().runOnce();
    try {
      await until(() => fast.received.length === 1 && slow.held.length === 5);
      // Five of the flood are under way, none has ended: the rest wait for their slots.
      expect(slow.received).toHaveLength(5);
      await recorded(other, { total: 1, attempted: 1, succeeded: 1 });
      expect(await deliveries(flooded)).toEqual({ total: 30, attempted: 0, succeeded: 0 });
    } finally {
      slow.release();
      await run;
    }
    // Once it answers, the whole flood goes out in the same run, each once.
    expect(await deliveries(flooded)).toEqual({ total: 30, attempted: 30, succeeded: 30 });
    const names = slow.received.map((body) => JSON.parse(body).data.object.name);
    expect(new Set(names).size).toBe(30);
  }, 30_000);

  it("gives a company with a backlog on many endpoints a share of the slots: another company's go out beside", async () => {
    const slow = await holdingReceiver();
    const fast = await startReceiver();
    const flooded = await setup.tenant();
    const other = await setup.tenant();
    // Five endpoints of one company, each a receiver of its own: enough to take every slot of the pool.
    for (let n = 1; n <= 5; n++) {
      await create(flooded, "webhook-endpoints", { url: `${slow.url}/e${n}`, events: ["carrier.*"] });
    }
    await create(other, "webhook-endpoints", { url: fast.url, events: ["carrier.*"] });
    for (let n = 1; n <= 10; n++) await create(flooded, "carriers", { name: `Flood ${n}` });
    await create(other, "carriers", { name: "Behind The Flood" });

    const run = dispatcher().runOnce();
    try {
      await until(() => fast.received.length === 1 && slow.held.length === 10);
      // Ten of the company's fifty are under way, none has ended: its share of the slots.
      expect(slow.received).toHaveLength(10);
      await recorded(other, { total: 1, attempted: 1, succeeded: 1 });
    } finally {
      slow.release();
      await run;
    }
    expect(await deliveries(flooded)).toEqual({ total: 50, attempted: 50, succeeded: 50 });
  }, 30_000);
});
