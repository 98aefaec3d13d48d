// Large inventory feeds fetched from their url: parsed as they stream, applied in batches of 500, a fetch
// stopped mid-file going on from its last batch, a file read in part never cleaning up. Files are served
// from a server on 127.0.0.1.
import type { ServerResponse } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { bytesOf, type FileStore } from "../../src/db/file-store.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { serveLocally } from "../local-server.ts";
import { setupApp, type Tenant } from "../support.ts";
import { get, make } from "./channels-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
/** How the file server answers a path: the whole body, or its first `cutAt` bytes, then a break or a stall. */
type Served = { body: string; cutAt?: number; after?: "break" | "stall" };
const files = new Map<string, Served>();
let fileServer = "";

function answer(res: ServerResponse, served: Served): void {
  const bytes = Buffer.from(served.body);
  res.writeHead(200, { "Content-Type": "text/csv", "Content-Length": String(bytes.byteLength) });
  if (served.cutAt === undefined) return void res.end(bytes);
  res.write(bytes.subarray(0, served.cutAt));
  if (served.after === "break") setTimeout(() => res.destroy(), 50);
}

beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
  fileServer = await serveLocally((req, res) => {
    const served = files.get(req.url ?? "");
    if (!served) return void res.writeHead(404).end("no such file");
    answer(res, served);
  });
});

/**
 * The dispatcher over the suite's database, its clock standing still (or as `clock` says): a run goes on
 * until its fetch is settled, unless its slice is 0 (then it stops after each batch).
 */
function dispatcher(
  options: {
    sliceMs?: number;
    timeoutMs?: number;
    at?: number;
    clock?: () => number;
    fileStore?: FileStore;
  } = {},
) {
  return createDispatcher({
    db: setup.db,
    fileStore: options.fileStore ?? setup.fileStore,
    policy: { allowLocal: true },
    now: options.clock ?? (() => options.at ?? Date.now()),
    feeds: {
      timeoutMs: options.timeoutMs ?? 5_000,
      ...(options.sliceMs === undefined ? {} : { sliceMs: options.sliceMs }),
    },
  });
}

let served = 0;
/** Serves `body` at a fresh path; answers its URL and path. */
function serve(body: string): { url: string; path: string } {
  const path = `/feeds/${++served}.csv`;
  files.set(path, { body });
  return { url: `${fileServer}${path}`, path };
}

/** A CSV of `rows` items `S-<n>`, `quantity(n)` units each, in its file's order. */
function stockCsv(rows: number, quantity = (n: number) => n % 50, first = 1): string {
  const lines = Array.from({ length: rows }, (_, i) => `S-${first + i},${first + i},${quantity(first + i)}`);
  return `id,code,stock\n${lines.join("\n")}\n`;
}

async function csvFeed(t: Tenant, url: string, extra: Record<string, unknown> = {}) {
  const feed = await make(t, "inventory-feeds", {
    name: "Distributor",
    url,
    fetchFrequency: "never",
    ...extra,
  });
  for (const [column, target] of [
    ["id", "externalId"],
    ["code", "sku"],
    ["stock", "quantity"],
  ]) {
    await make(t, "inventory-feed-fields", { inventoryFeedId: feed.id, column, target });
  }
  return feed;
}

async function fetchByHand(t: Tenant, feedId: number) {
  const queued = await t.json("POST", `/inventory-feeds/${feedId}/fetch.json`, {});
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  return queued.body;
}

/** One row of a query on the suite's database. */
async function one(sql: string, args: (string | number)[] = []): Promise<Record<string, unknown>> {
  return (await setup.db.execute({ sql, args })).rows[0] ?? {};
}

/** The feed's items: how many, how many with units, their units in all. */
async function itemStats(feedId: number) {
  const row = await one(
    "SELECT count(*) AS items, sum(quantity > 0) AS stocked, sum(quantity) AS units FROM inventory_feed_variants WHERE inventory_feed_id = ?",
    [feedId],
  );
  return { items: Number(row.items), stocked: Number(row.stocked ?? 0), units: Number(row.units ?? 0) };
}

async function item(t: Tenant, feedId: number, externalId: string) {
  const found = await t.json(
    "GET",
    `/inventory-feed-variants.json?where[inventoryFeedId]=${feedId}&where[externalId]=${externalId}`,
  );
  return found.body[0];
}

/** How many events of `type` the company's records had. */
async function eventCount(t: Tenant, type: string): Promise<number> {
  const row = await one("SELECT count(*) AS n FROM events WHERE company_id = ? AND type = ?", [
    t.companyId,
    type,
  ]);
  return Number(row.n);
}

/** How the file store answers its n-th read of a body: whole, failing at once, or breaking off after `bytes`. */
type StoreRead = "whole" | "fail" | { bytes: number };

/** The suite's file store, each read of a body going as `read` says for it; it counts its reads. */
function flakyStore(read: (n: number) => StoreRead): FileStore & { reads: () => number } {
  const store = setup.fileStore;
  let reads = 0;
  return {
    put: (key, body, options) => store.put(key, body, options),
    delete: (keys) => store.delete(keys),
    list: () => store.list(),
    async get(key) {
      const how = read(++reads);
      if (how === "fail") throw new Error("The file store is unreachable.");
      const body = await store.get(key);
      if (!body || how === "whole") return body;
      const part = (await bytesOf(body)).subarray(0, how.bytes);
      let sent = false;
      return new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (sent) return controller.error(new Error("The file store broke off."));
            sent = true;
            controller.enqueue(part);
          },
        },
        { highWaterMark: 0 },
      );
    },
    reads: () => reads,
  };
}

/** Runs the dispatcher until it says nothing is left (at most `runs` times); answers how many runs it took. */
async function drain(run: ReturnType<typeof dispatcher>, runs = 50): Promise<number> {
  for (let done = 1; done <= runs; done++) if (!(await run.runOnce()).more) return done;
  throw new Error(`Work was still left after ${runs} runs.`);
}

describe("inventory-feed fetch of a large file", () => {
  it("applies a 100,000-row CSV feed in batches of 500, and the same file again changes nothing", async () => {
    const t = await setup.tenant();
    const rows = 100_000;
    const feed = await csvFeed(t, serve(stockCsv(rows)).url, { automaticallyConnect: true });
    const variant = await make(t, "variants", { sku: "77777", name: "Connected by its SKU" });
    const queued = await fetchByHand(t, feed.id);

    // A run whose slice is over after one batch: the file says how far the fetch got.
    expect((await dispatcher({ sliceMs: 0 }).runOnce()).more).toBe(true);
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "pending",
      rowCount: 500,
    });
    expect((await itemStats(feed.id)).items).toBe(500);

    await drain(dispatcher());
    const file = await get(t, "inventory-feed-files", queued.id);
    expect(file).toMatchObject({
      status: "processed",
      rowCount: rows,
      byteSize: Buffer.byteLength(stockCsv(rows)),
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
      errorMessage: null,
    });
    const expectedUnits = Array.from({ length: rows }, (_, i) => (i + 1) % 50).reduce((a, b) => a + b, 0);
    expect(await itemStats(feed.id)).toEqual({
      items: rows,
      stocked: rows - rows / 50,
      units: expectedUnits,
    });
    expect(await item(t, feed.id, "S-1")).toMatchObject({ sku: "1", quantity: 1 });
    expect(await item(t, feed.id, "S-99999")).toMatchObject({ sku: "99999", quantity: 49 });
    expect(await item(t, feed.id, "S-77777")).toMatchObject({ quantity: 27, variantId: variant.id });
    expect(await get(t, "inventory-feeds", feed.id)).toMatchObject({
      fetched: rows,
      lastFetchedAt: file.processedAt,
    });
    // Written a batch of 500 items at a time: the file's progress moved in steps of 500.
    const steps = await setup.db.execute({
      sql: "SELECT DISTINCT json_extract(object, '$.row_count') AS done FROM events WHERE type = 'inventory_feed_file.updated' AND record_id = ? AND json_extract(object, '$.status') = 'pending' ORDER BY done",
      args: [queued.id],
    });
    const done = steps.rows.map((row) => Number(row.done)).filter((n) => n > 0);
    expect(done).toEqual(Array.from({ length: rows / 500 }, (_, i) => (i + 1) * 500));
    // The copy of the file was let go of with the fetch (the feed keeps no copies).
    expect(await one("SELECT count(*) AS n FROM inventory_feed_fetches")).toEqual({ n: 0 });

    const updatesBefore = await eventCount(t, "inventory_feed_variant.updated");
    const again = await fetchByHand(t, feed.id);
    await drain(dispatcher());
    expect(await get(t, "inventory-feed-files", again.id)).toMatchObject({
      status: "processed",
      checksum: file.checksum,
      rowCount: rows,
    });
    expect(await eventCount(t, "inventory_feed_variant.updated")).toBe(updatesBefore);
  }, 180_000);

  it("goes on after its last batch when the process that fetched stopped, applying nothing twice", async () => {
    const t = await setup.tenant();
    const feed = await csvFeed(t, serve(stockCsv(1_800)).url);
    const queued = await fetchByHand(t, feed.id);
    const start = Date.now();
    await dispatcher({ sliceMs: 0, at: start }).runOnce();
    expect((await itemStats(feed.id)).items).toBe(500);
    // As if a process had taken the fetch and stopped: the fetch is its own until its lease ends.
    await setup.db.execute({
      sql: "UPDATE inventory_feed_fetches SET lease_token = 'gone', lease_until = ? WHERE file_id = ?",
      args: [new Date(start + 60_000).toISOString(), queued.id],
    });
    await dispatcher({ at: start + 1_000 }).runOnce();
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "pending",
      rowCount: 500,
    });

    await drain(dispatcher({ at: start + 61_000 }));
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "processed",
      rowCount: 1_800,
    });
    expect((await itemStats(feed.id)).items).toBe(1_800);
    expect(await eventCount(t, "inventory_feed_variant.created")).toBe(1_800);
    expect(await eventCount(t, "inventory_feed_variant.updated")).toBe(0);
  });

  it("sets the feed's items missing from the file to 0 units, 500 at a time", async () => {
    const t = await setup.tenant();
    const { url, path } = serve(stockCsv(1_200, () => 5));
    const feed = await csvFeed(t, url);
    await fetchByHand(t, feed.id);
    await drain(dispatcher());
    expect(await itemStats(feed.id)).toEqual({ items: 1_200, stocked: 1_200, units: 6_000 });

    // The next file holds the last 100 items only.
    files.set(path, { body: stockCsv(100, () => 7, 1_101) });
    const queued = await fetchByHand(t, feed.id);
    const slices = dispatcher({ sliceMs: 0 });
    const stocked: number[] = [];
    while ((await slices.runOnce()).more) stocked.push((await itemStats(feed.id)).stocked);
    // The file's one batch, then the cleanup's batches of 500.
    expect(stocked.slice(0, 4)).toEqual([1_200, 700, 200, 100]);
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "processed",
      rowCount: 100,
    });
    expect(await itemStats(feed.id)).toEqual({ items: 1_200, stocked: 100, units: 700 });
    expect(await item(t, feed.id, "S-1")).toMatchObject({ quantity: 0 });
    expect(await item(t, feed.id, "S-1101")).toMatchObject({ quantity: 7 });
    expect(await one("SELECT count(*) AS n FROM inventory_feed_seen")).toEqual({ n: 0 });
  });

  it("counts each item once, however often the file holds it, and a removed item not at all", async () => {
    const t = await setup.tenant();
    // 600 items, then the first 100 of them again with other units: the second batch of 500 holds
    // items the first one applied.
    const rows = stockCsv(600, () => 2) + stockCsv(100, () => 9).replace("id,code,stock\n", "");
    const feed = await csvFeed(t, serve(rows).url);
    await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "S-600",
      vendorSku: "600",
      inventoryQuantity: 1,
    });
    await t.json("DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=S-600`);
    const queued = await fetchByHand(t, feed.id);

    const slices = dispatcher({ sliceMs: 0 });
    await slices.runOnce();
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({ rowCount: 500 });
    await drain(slices);
    const file = await get(t, "inventory-feed-files", queued.id);
    expect(file).toMatchObject({ status: "processed", rowCount: 599 });
    expect(await get(t, "inventory-feeds", feed.id)).toMatchObject({ fetched: 599 });
    // As many as the feed's items the file applied (its removed item left as it was).
    const applied = await one(
      "SELECT count(*) AS n FROM inventory_feed_variants WHERE inventory_feed_id = ? AND status IS NOT 'removed'",
      [feed.id],
    );
    expect(applied).toEqual({ n: 599 });
    expect(await item(t, feed.id, "S-1")).toMatchObject({ quantity: 9 });
    expect(await item(t, feed.id, "S-101")).toMatchObject({ quantity: 2 });
    expect(await item(t, feed.id, "S-600")).toMatchObject({ status: "removed", quantity: 1 });
  });

  it("keeps the file pending and zeroes nothing when the download breaks off or stalls mid-file, and fetches it whole when tried again", async () => {
    const t = await setup.tenant();
    const { url, path } = serve(stockCsv(3_000, () => 9));
    const feed = await csvFeed(t, url);
    await fetchByHand(t, feed.id);
    await drain(dispatcher());
    expect(await itemStats(feed.id)).toEqual({ items: 3_000, stocked: 3_000, units: 27_000 });

    // The next file is as long, but the connection breaks after its first part: no item is zeroed,
    // and the fetch waits to be tried again.
    const next = stockCsv(3_000, () => 4);
    files.set(path, { body: next, cutAt: 20_000, after: "break" });
    const queued = await fetchByHand(t, feed.id);
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    await expect(dispatcher({ clock: () => clock }).runOnce()).rejects.toThrow(/^The download broke off/);
    const waiting = { status: "pending", errorMessage: null, rowCount: null };
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject(waiting);
    expect(await itemStats(feed.id)).toEqual({ items: 3_000, stocked: 3_000, units: 27_000 });

    // A server that stops sending mid-file is given up after the timeout, and tried again later.
    files.set(path, { body: next, cutAt: 20_000, after: "stall" });
    clock += 30_000;
    await expect(dispatcher({ clock: () => clock, timeoutMs: 300 }).runOnce()).rejects.toThrow(
      "The server sent nothing for 0.3 s.",
    );
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject(waiting);
    expect(await itemStats(feed.id)).toEqual({ items: 3_000, stocked: 3_000, units: 27_000 });

    // The third attempt has the whole file.
    files.set(path, { body: next });
    clock += 60_000;
    await drain(dispatcher({ clock: () => clock }));
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "processed",
      rowCount: 3_000,
      errorMessage: null,
    });
    expect(await itemStats(feed.id)).toEqual({ items: 3_000, stocked: 3_000, units: 12_000 });
    // Nothing failed for good: no error record.
    const failures = await t.json(
      "GET",
      `/errors.json?where[source]=inventory-feed&where[subjectId]=${feed.id}`,
    );
    expect(failures.body).toHaveLength(0);
  });

  it("keeps what its batches applied, and runs no cleanup, when a later batch is refused", async () => {
    const t = await setup.tenant();
    const { url, path } = serve(stockCsv(600, () => 3));
    const feed = await csvFeed(t, url);
    await fetchByHand(t, feed.id);
    await drain(dispatcher());
    // An item of the feed's own that the next file does not hold.
    await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "OLD-1",
      vendorSku: "old",
      inventoryQuantity: 8,
    });

    // Row 701 (the header is row 1) is a new item without its SKU: a valid item for the webhook,
    // refused when applied, and named by the file's column.
    const rows = stockCsv(800, () => 6).split("\n");
    rows[700] = "S-NEW,,2";
    files.set(path, { body: rows.join("\n") });
    const queued = await fetchByHand(t, feed.id);
    await drain(dispatcher());
    const file = await get(t, "inventory-feed-files", queued.id);
    expect(file).toMatchObject({ status: "error", rowCount: 500 });
    expect(file.errorMessage).toBe(
      "row 701: code is required for a new item. 500 items of the file were applied before it stopped; the feed's items missing from the file were left as they were.",
    );
    // The first batch stays applied; the rest of the file is not, and nothing was zeroed.
    expect(await item(t, feed.id, "S-500")).toMatchObject({ quantity: 6 });
    expect(await item(t, feed.id, "S-501")).toMatchObject({ quantity: 3 });
    expect(await item(t, feed.id, "OLD-1")).toMatchObject({ quantity: 8 });
    expect(await item(t, feed.id, "S-NEW")).toBeUndefined();
    expect(await one("SELECT count(*) AS n FROM inventory_feed_fetches")).toEqual({ n: 0 });
  });
});

describe("inventory-feed fetch whose runs fail", () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it("is tried again after 30 s, 1, 2 and 4 minutes, and the fifth failure in a row ends the file at once", async () => {
    const t = await setup.tenant();
    const feed = await csvFeed(t, serve(stockCsv(10)).url);
    const queued = await fetchByHand(t, feed.id);
    const store = flakyStore(() => "fail");
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const failing = dispatcher({ clock: () => clock, fileStore: store });
    for (const pause of [30_000, 60_000, 120_000, 240_000]) {
      await expect(failing.runOnce()).rejects.toThrow("The file store is unreachable.");
      expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
        status: "pending",
        errorMessage: null,
      });
      // Not before its pause is over.
      clock += pause - 1;
      expect((await failing.runOnce()).more).toBe(false);
      clock += 1;
    }
    await expect(failing.runOnce()).rejects.toThrow("The file store is unreachable.");
    const file = await get(t, "inventory-feed-files", queued.id);
    expect(file).toMatchObject({
      status: "error",
      rowCount: 0,
      processedAt: iso(clock),
      errorMessage:
        "The fetch failed 5 times in a row (the last time: a fault of the service: the server's log says why); it is not tried again.",
    });
    expect(await get(t, "inventory-feeds", feed.id)).toMatchObject({ lastFetchedAt: iso(clock) });
    const failures = await t.json(
      "GET",
      `/errors.json?where[source]=inventory-feed&where[subjectId]=${feed.id}`,
    );
    expect(failures.body).toHaveLength(1);
    expect(failures.body[0].message).toBe(`Feed ${feed.id} (Distributor): ${file.errorMessage}`);
    // Never tried again: the store was read once a run, and the fetch is let go of.
    clock += 3_600_000;
    expect((await failing.runOnce()).more).toBe(false);
    expect(store.reads()).toBe(5);
    expect(
      await one("SELECT count(*) AS n FROM inventory_feed_fetches WHERE file_id = ?", [queued.id]),
    ).toEqual({
      n: 0,
    });
    expect((await itemStats(feed.id)).items).toBe(0);
  });

  it("counts its failures in a row from 1 again after a run that applied a batch before it failed", async () => {
    const t = await setup.tenant();
    const text = stockCsv(1_200, () => 5);
    const feed = await csvFeed(t, serve(text).url);
    const queued = await fetchByHand(t, feed.id);
    // Reads 1 and 2 (checks) fail; read 3 checks the file, read 4 applies it and breaks off at item 700
    // (after its first batch); read 5 applies the rest.
    const cutAt = text.indexOf("S-700,");
    const reads: StoreRead[] = ["fail", "fail", "whole", { bytes: cutAt }, "whole"];
    const store = flakyStore((n) => reads[n - 1] ?? "fail");
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const flaky = dispatcher({ clock: () => clock, fileStore: store });
    await expect(flaky.runOnce()).rejects.toThrow("The file store is unreachable.");
    clock += 30_000;
    await expect(flaky.runOnce()).rejects.toThrow("The file store is unreachable.");
    clock += 60_000;
    await expect(flaky.runOnce()).rejects.toThrow("The file store broke off.");
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "pending",
      rowCount: 500,
    });
    // The batch it applied started the count again: its failure is the first in a row, 30 s of pause.
    clock += 30_000 - 1;
    expect((await flaky.runOnce()).more).toBe(false);
    clock += 1;
    await drain(flaky);
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "processed",
      rowCount: 1_200,
      errorMessage: null,
    });
    expect(store.reads()).toBe(5);
    expect(await itemStats(feed.id)).toEqual({ items: 1_200, stocked: 1_200, units: 6_000 });
  });
});
