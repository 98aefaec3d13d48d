// Background work run by several processes over one database (each a connection of its own, as two
// servers on one embedded file, or the Worker's queue consumer beside its cron sweep on Turso): two imports
// of one adjustment file started at once apply it once, and an attempt that outlived its claim (its
// process slow, or its clock behind another's) records nothing over the attempt made after it.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { memoryFileStore } from "../../src/db/file-store.ts";
import { openDb } from "../../src/db/open.ts";
import { createToken } from "../../src/services/auth.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { get, make } from "../actions/channels-fixtures.ts";
import { storeFile } from "../actions/data-imports-fixtures.ts";
import { send, world } from "../actions/orders-fixtures.ts";
import { serveLocally } from "../local-server.ts";
import { apiOf, type Tenant } from "../support.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-background-"));
const fileStore = memoryFileStore();
/** Three processes' connections to one database file; the app runs over the first. */
const dbs: Db[] = [];
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const file = join(dir, "shared.db");
  copyFileSync(inject("templateDb"), file);
  for (let i = 0; i < 3; i++) dbs.push(await openDb(`file:${file}`));
  app = createApp({ db: dbs[0]!, tokenCacheMs: 0, fileStore, outbound: { allowLocal: true } });
});
afterAll(() => {
  for (const db of dbs) db.close();
  rmSync(dir, { recursive: true, force: true });
});

let companies = 0;
async function tenant(): Promise<Tenant> {
  const company = `background-${process.pid}-${++companies}`;
  const { token, companyId } = await createToken({ db: dbs[0]!, input: { company } });
  const { token: readOnlyToken } = await createToken({ db: dbs[0]!, input: { company, readOnly: true } });
  const api = (key: string) => apiOf((path, init) => app.request(path, init), key);
  return { companyId, token, readOnlyToken, ...api(token), readOnly: api(readOnlyToken) };
}

/** A dispatcher of process `n` (its own connection), its clock at `clock.now`. */
function dispatcherOf(n: number, start: number) {
  const clock = { now: start };
  const dispatcher = createDispatcher({
    db: dbs[n]!,
    fileStore,
    policy: { allowLocal: true },
    now: () => clock.now,
    random: () => 0.5,
  });
  return { dispatcher, clock };
}

async function drain(run: ReturnType<typeof dispatcherOf>["dispatcher"]): Promise<void> {
  for (let runs = 0; runs < 200; runs++) if (!(await run.runOnce()).more) return;
  throw new Error("Work was still left after 200 runs.");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("an adjustment file imported twice at once", () => {
  it("is applied by one import; the other, started by another process, is skipped", async () => {
    const t = await tenant();
    await make(t, "warehouses", { name: "Main", isDefault: true });
    for (const sku of ["A-1", "A-2"]) await make(t, "variants", { sku, name: sku });
    // 1,200 rows: several batches, each adding 1 unit.
    const rows = Array.from({ length: 1_200 }, (_, i) => `A-${(i % 2) + 1},1`);
    const fileUri = await storeFile(dbs[0]!, t, "moves.csv", `sku,quantity\n${rows.join("\n")}\n`);
    const first = await make(t, "data-imports", { importType: "adjustment_import", fileUri });
    const second = await make(t, "data-imports", { importType: "adjustment_import", fileUri });
    const start = Date.now() + 60_000;
    await Promise.all([1, 2].map((n) => drain(dispatcherOf(n, start).dispatcher)));

    const ended = [await get(t, "data-imports", first.id), await get(t, "data-imports", second.id)];
    expect(ended.map((each) => each.status).sort()).toEqual(["complete", "skipped"]);
    const skipped = ended.find((each) => each.status === "skipped")!;
    const applied = ended.find((each) => each.status === "complete")!;
    expect(skipped.statusMessage).toMatch(
      new RegExp(
        `^This file (is being|was) imported by data import ${applied.id}; its adjustments are not made twice\\.$`,
      ),
    );
    const levels = (await t.json("GET", "/inventory-levels.json")).body as { onHand: number }[];
    expect(levels.map((level) => level.onHand)).toEqual([600, 600]);
  }, 60_000);
});

describe("an attempt that outlived its claim", () => {
  /** What the receiver answers the n-th request it gets, after how long. */
  let answer: (n: number, res: ServerResponse) => void = (_n, res) => void res.writeHead(200).end();
  let received = 0;
  let receiver = "";
  beforeAll(async () => {
    receiver = await serveLocally((req, res) => {
      req.resume();
      req.on("end", () => answer(++received, res));
    });
  });

  /**
   * Process 1 attempts the delivery and is answered late (1.5 s); process 2, whose clock is 16 s ahead
   * (past the 15 s claim), claims it again meanwhile and is answered at once.
   */
  async function race() {
    const start = Date.now() + 60_000;
    const late = dispatcherOf(1, start);
    const other = dispatcherOf(2, start + 16_000);
    const lateRun = late.dispatcher.runOnce();
    await sleep(500);
    await other.dispatcher.runOnce();
    await lateRun;
    return other;
  }

  it("does not put a webhook delivery that succeeded back to pending", async () => {
    const t = await tenant();
    const endpoint = await make(t, "webhook-endpoints", {
      url: `${receiver}/in`,
      events: ["carrier.created"],
    });
    await make(t, "carriers", { name: "Late Freight" });
    received = 0;
    answer = (n, res) => {
      if (n === 1) setTimeout(() => res.writeHead(500).end("late"), 1_500);
      else res.writeHead(200).end("ok");
    };
    const other = await race();
    const [delivery] = (await t.json("GET", `/webhook-endpoints/${endpoint.id}/deliveries.json`)).body;
    // The attempt made after the claim was taken again is the one recorded, not the late one's 500.
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, lastResponseStatus: 200 });
    // Nothing is due again: the event reached its receiver.
    other.clock.now += 3_600_000;
    await other.dispatcher.runOnce();
    expect(received).toBe(2);
  }, 30_000);

  it("does not send a purchase order that reached its provider again", async () => {
    const t = await tenant();
    const w = await world(t, {
      provider: { purchaseFormat: "json", purchaseEndpoint: `${receiver}/orders` },
    });
    expect((await send(t, w.purchase.id)).status).toBe(200);
    received = 0;
    answer = (n, res) => {
      if (n === 1) setTimeout(() => res.writeHead(503).end("busy"), 1_500);
      else res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    };
    const other = await race();
    const notification = async () =>
      (await t.json("GET", `/purchase-notifications.json?where[purchaseId]=${w.purchase.id}`)).body[0];
    expect(await notification()).toMatchObject({ status: "success" });
    other.clock.now += 3_600_000;
    await other.dispatcher.runOnce();
    expect(await notification()).toMatchObject({ status: "success" });
    expect(received).toBe(2);
  }, 30_000);
});
