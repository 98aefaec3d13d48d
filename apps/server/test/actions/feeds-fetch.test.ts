import { beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { serveLocally } from "../local-server.ts";
import { startReceiver } from "../receiver.ts";
import { setupApp, type Tenant } from "../support.ts";
import { get, make } from "./channels-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
/** What the file server answers per path: a body (200), a status, or no answer at all. */
const files = new Map<
  string,
  { status?: number; body?: string; hang?: boolean; authorization?: string; type?: string }
>();
let fileServer = "";
/** The User-Agent of each request the file server got. */
const userAgents: (string | undefined)[] = [];

beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
  fileServer = await serveLocally((req, res) => {
    userAgents.push(req.headers["user-agent"]);
    const file = files.get(req.url ?? "");
    if (file?.hang) return;
    if (!file) return void res.writeHead(404).end("no such file");
    if (file.authorization && req.headers.authorization !== file.authorization) {
      return void res.writeHead(401).end("who are you?");
    }
    res.writeHead(file.status ?? 200, { "Content-Type": file.type ?? "text/csv" }).end(file.body ?? "");
  });
});

/** The dispatcher over the suite's database, with a clock the test moves. */
function dispatcherAt(start = Date.now(), options: { allowLocal?: boolean; timeoutMs?: number } = {}) {
  const clock = { now: start };
  const dispatcher = createDispatcher({
    db: setup.db,
    fileStore: setup.fileStore,
    policy: { allowLocal: options.allowLocal ?? true },
    now: () => clock.now,
    feeds: { timeoutMs: options.timeoutMs ?? 5_000, maxBytes: 64 * 1024 },
  });
  return { dispatcher, clock };
}

let served = 0;
/** Serves `body` at a fresh path; answers its URL. */
function serve(body: string): { url: string; path: string } {
  const path = `/feeds/${++served}.csv`;
  files.set(path, { body });
  return { url: `${fileServer}${path}`, path };
}

const STOCK = ["Item;Code;Stock;Price", "NW-1;1042;36;12,50", "NW-2;2001;4;3,00", ""].join("\n");

/** A semicolon CSV feed with its columns named, the catalogue variant it connects to by prefixed SKU. */
async function csvFeed(t: Tenant, url: string, extra: Record<string, unknown> = {}) {
  const feed = await make(t, "inventory-feeds", {
    name: "Northwind",
    url,
    delimiter: ";",
    csvHasHeader: true,
    decimalNotation: "comma",
    skuPrefix: "NW-",
    fetchFrequency: "never",
    ...extra,
  });
  for (const [column, target] of [
    ["Item", "externalId"],
    ["Code", "sku"],
    ["Stock", "quantity"],
    ["Price", "price"],
  ]) {
    await make(t, "inventory-feed-fields", { inventoryFeedId: feed.id, column, target });
  }
  return feed;
}

async function items(t: Tenant, feedId: number): Promise<Record<string, any>[]> {
  const answer = await t.json(
    "GET",
    `/inventory-feed-variants.json?where[inventoryFeedId]=${feedId}&order=id`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

async function feedFiles(t: Tenant, feedId: number): Promise<Record<string, any>[]> {
  const answer = await t.json("GET", `/inventory-feed-files.json?where[inventoryFeedId]=${feedId}&order=id`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function fetchByHand(t: Tenant, feedId: number) {
  const answer = await t.json("POST", `/inventory-feeds/${feedId}/fetch.json`, {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe("inventory-feed fetch", () => {
  it("downloads the file, reads it with the feed's settings, upserts its items and zeroes the missing ones", async () => {
    const t = await setup.tenant();
    const { url } = serve(STOCK);
    const feed = await csvFeed(t, url);
    const variant = await make(t, "variants", { sku: "NW-1042", name: "Linen shirt" });
    // An item the file no longer has, sent earlier through the feed's webhook.
    await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "OLD-1",
      vendorSku: "999",
      inventoryQuantity: 7,
    });

    const queued = await fetchByHand(t, feed.id);
    expect(queued).toMatchObject({ inventoryFeedId: feed.id, status: "pending", url });
    // Asked again while pending: the same fetch.
    expect((await fetchByHand(t, feed.id)).id).toBe(queued.id);

    await dispatcherAt().dispatcher.runOnce();

    const file = await get(t, "inventory-feed-files", queued.id);
    expect(file).toMatchObject({
      status: "processed",
      rowCount: 2,
      byteSize: new TextEncoder().encode(STOCK).byteLength,
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
      errorMessage: null,
      fileName: expect.stringMatching(/\.csv$/),
    });
    expect(file.processedAt).toEqual(expect.any(String));
    const byId = Object.fromEntries((await items(t, feed.id)).map((item) => [item.externalId, item]));
    expect(byId["NW-1"]).toMatchObject({ sku: "1042", quantity: 36, price: 12.5, variantId: variant.id });
    expect(byId["NW-2"]).toMatchObject({ sku: "2001", quantity: 4, price: 3, variantId: null });
    expect(byId["OLD-1"]).toMatchObject({ quantity: 0 });
    const after = await get(t, "inventory-feeds", feed.id);
    expect(after.fetched).toBe(2);
    expect(after.lastFetchedAt).toBe(file.processedAt);
  });

  it("keeps a copy of the fetched file among the company's files when the feed caches its imports", async () => {
    const t = await setup.tenant();
    const feed = await csvFeed(t, serve(STOCK).url, { cacheImports: true });
    const queued = await fetchByHand(t, feed.id);
    await dispatcherAt().dispatcher.runOnce();
    const file = await get(t, "inventory-feed-files", queued.id);
    expect(file.status).toBe("processed");
    expect(file.url).toMatch(/^\/files\/\d+\//);
    const copy = await t.request("GET", file.url);
    expect(copy.status).toBe(200);
    expect(await copy.text()).toBe(STOCK);
    expect((await (await setup.tenant()).request("GET", file.url)).status).toBe(404);
  });

  it("serves a kept copy as what it is, the supplier's file: an attachment in a sandbox, read with inventory:read", async () => {
    const t = await setup.tenant();
    // A valid feed its server calls a page, with a script in a cell; another it calls a PDF.
    const page = serve(STOCK.replace("NW-2", "<script>alert(document.domain)</script>"));
    files.set(page.path, { body: files.get(page.path)!.body!, type: "text/html; charset=utf-8" });
    const pdf = serve(STOCK);
    files.set(pdf.path, { body: STOCK, type: "application/pdf" });
    const copies: string[] = [];
    for (const { url } of [page, pdf]) {
      const feed = await csvFeed(t, url, { cacheImports: true });
      const queued = await fetchByHand(t, feed.id);
      await dispatcherAt().dispatcher.runOnce();
      copies.push((await get(t, "inventory-feed-files", queued.id)).url);
    }
    for (const url of copies) {
      const copy = await t.request("GET", url);
      expect(copy.status).toBe(200);
      expect(copy.headers.get("Content-Disposition")).toMatch(/^attachment; /);
      expect(copy.headers.get("Content-Security-Policy")).toBe("sandbox");
    }
    const key = async (scope: string) =>
      (await t.json("POST", "/api-keys.json", { name: scope, scopes: [scope] })).body.secret as string;
    const read = async (token: string) =>
      (await setup.app.request(copies[1]!, { headers: { Authorization: `Bearer ${token}` } })).status;
    expect(await read(await key("inventory:read"))).toBe(200);
    expect(await read(await key("shipping:read"))).toBe(403);
  });

  it("changes nothing when the same file is fetched again", async () => {
    const t = await setup.tenant();
    const { url } = serve(STOCK);
    const feed = await csvFeed(t, url);
    await fetchByHand(t, feed.id);
    const { dispatcher } = dispatcherAt();
    await dispatcher.runOnce();
    const before = await items(t, feed.id);
    const eventsBefore = (
      await t.json("GET", "/events.json?limit=250&where[type]=inventory_feed_variant.updated")
    ).body.length;

    const again = await fetchByHand(t, feed.id);
    await dispatcher.runOnce();

    const [first, second] = await feedFiles(t, feed.id);
    expect(second).toMatchObject({
      id: again.id,
      status: "processed",
      checksum: first!.checksum,
      rowCount: 2,
    });
    expect(await items(t, feed.id)).toEqual(before);
    const eventsAfter = (
      await t.json("GET", "/events.json?limit=250&where[type]=inventory_feed_variant.updated")
    ).body.length;
    expect(eventsAfter).toBe(eventsBefore);

    // The feed reads its columns otherwise now: the same file is read again, with the new mapping.
    const [stock] = (
      await t.json("GET", `/inventory-feed-fields.json?where[inventoryFeedId]=${feed.id}&where[column]=Stock`)
    ).body;
    await t.json("PUT", `/inventory-feed-fields/${stock.id}.json`, { target: "weight" });
    const reread = await fetchByHand(t, feed.id);
    await dispatcher.runOnce();
    expect(await get(t, "inventory-feed-files", reread.id)).toMatchObject({ status: "processed" });
    const byId = Object.fromEntries((await items(t, feed.id)).map((item) => [item.externalId, item]));
    expect(byId["NW-1"]).toMatchObject({ quantity: 36, weight: 36 });
  });

  it("reads the same file again after one of the feed's items was removed, counting it no more", async () => {
    const t = await setup.tenant();
    const { url } = serve(STOCK);
    const feed = await csvFeed(t, url);
    const { dispatcher } = dispatcherAt();
    await fetchByHand(t, feed.id);
    await dispatcher.runOnce();
    expect((await get(t, "inventory-feeds", feed.id)).fetched).toBe(2);

    const removed = await t.json(
      "DELETE",
      `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=NW-2`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const again = await fetchByHand(t, feed.id);
    await dispatcher.runOnce();

    expect(await get(t, "inventory-feed-files", again.id)).toMatchObject({
      status: "processed",
      rowCount: 1,
    });
    expect((await get(t, "inventory-feeds", feed.id)).fetched).toBe(1);
    const byId = Object.fromEntries((await items(t, feed.id)).map((item) => [item.externalId, item]));
    expect(byId["NW-2"]).toMatchObject({ status: "removed", quantity: 4 });
  });

  it("reads the same file again after one of the feed's fields, JSON fields or mappings was deleted", async () => {
    const t = await setup.tenant();
    const { url } = serve(["Item;Code;Reserved;Stock;Size", "NW-1;1042;2;36;XL", ""].join("\n"));
    const feed = await make(t, "inventory-feeds", {
      name: "Northwind",
      url,
      delimiter: ";",
      externalIdStrategy: "options",
      fetchFrequency: "never",
    });
    const fields: Record<string, any> = {};
    // A mistake: the reserved units read as the stock (the first of the two columns filling `quantity`).
    for (const [position, [column, target]] of [
      ["Item", "externalId"],
      ["Code", "sku"],
      ["Reserved", "quantity"],
      ["Stock", "quantity"],
      ["Size", "optionValue"],
    ].entries()) {
      fields[column!] = await make(t, "inventory-feed-fields", {
        inventoryFeedId: feed.id,
        column,
        target,
        position,
      });
    }
    const mapping = await make(t, "inventory-feed-mappings", {
      inventoryFeedId: feed.id,
      field: "optionValue",
      matchType: "matches",
      transformFrom: ["XL"],
      transformTo: "Extra large",
    });
    const { dispatcher } = dispatcherAt();
    const fetchedNow = async () => {
      const queued = await fetchByHand(t, feed.id);
      await dispatcher.runOnce();
      expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({ status: "processed" });
      return (await items(t, feed.id)).map((item) => [item.externalId, item.quantity]);
    };
    expect(await fetchedNow()).toEqual([["NW-1-Extra large", 2]]);

    // The delete moves the feed's updatedAt in its own write, and is no change of the feed's values.
    const feedUpdates = async () => {
      const answer = await t.json("GET", "/events.json?limit=250&where[type]=inventory_feed.updated");
      expect(answer.status).toBe(200);
      return answer.body.filter((event: any) => event.data.object.id === feed.id).length;
    };
    const [before, updatesBefore] = [await get(t, "inventory-feeds", feed.id), await feedUpdates()];
    expect((await t.json("DELETE", `/inventory-feed-fields/${fields.Reserved.id}.json`)).status).toBe(204);
    const after = await get(t, "inventory-feeds", feed.id);
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
    expect(await feedUpdates()).toBe(updatesBefore);
    expect(await fetchedNow()).toEqual([["NW-1-Extra large", 36]]);

    expect((await t.json("DELETE", `/inventory-feed-mappings/${mapping.id}.json`)).status).toBe(204);
    expect(await fetchedNow()).toEqual([
      ["NW-1-Extra large", 0],
      ["NW-1-XL", 36],
    ]);

    // A JSON feed's path deleted.
    const json = await make(t, "inventory-feeds", {
      name: "JSON",
      url: serve(JSON.stringify([{ id: "J-1", sku: "J1", reserved: 1, available: 8 }])).url,
      format: "json",
      fetchFrequency: "never",
    });
    const paths = [];
    for (const [position, [path, target]] of [
      ["id", "externalId"],
      ["sku", "sku"],
      ["reserved", "quantity"],
      ["available", "quantity"],
    ].entries()) {
      paths.push(
        await make(t, "inventory-feed-json-fields", { inventoryFeedId: json.id, path, target, position }),
      );
    }
    const fetchedJson = async () => {
      const queued = await fetchByHand(t, json.id);
      await dispatcher.runOnce();
      expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({ status: "processed" });
      return (await items(t, json.id)).map((item) => [item.externalId, item.quantity]);
    };
    expect(await fetchedJson()).toEqual([["J-1", 1]]);
    expect((await t.json("DELETE", `/inventory-feed-json-fields/${paths[2].id}.json`)).status).toBe(204);
    expect(await fetchedJson()).toEqual([["J-1", 8]]);
  });

  it("keeps the missing items' units when the feed's cleanup is disabled", async () => {
    const t = await setup.tenant();
    const feed = await csvFeed(t, serve(STOCK).url, { fetchCleanup: "disabled" });
    await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "OLD-1",
      vendorSku: "999",
      inventoryQuantity: 7,
    });
    await fetchByHand(t, feed.id);
    await dispatcherAt().dispatcher.runOnce();
    const old = (await items(t, feed.id)).find((item) => item.externalId === "OLD-1");
    expect(old).toMatchObject({ quantity: 7 });
  });

  it("reads JSON feeds by their JSON fields and honours include and exclude tags", async () => {
    const t = await setup.tenant();
    const body = JSON.stringify({
      products: [
        { id: "J-1", code: "J1", stock: { available: 5 }, tags: ["summer"] },
        { id: "J-2", code: "J2", stock: { available: 6 }, tags: ["summer", "discontinued"] },
        { id: "J-3", code: "J3", stock: { available: 7 }, tags: ["winter"] },
        { id: "J-4", code: "J4", stock: { available: -2 }, tags: ["summer"] },
      ],
    });
    const feed = await make(t, "inventory-feeds", {
      name: "JSON feed",
      url: serve(body).url,
      format: "json",
      fetchFrequency: "never",
      includeTags: ["summer"],
      excludeTags: ["discontinued"],
    });
    for (const [path, target] of [
      ["id", "externalId"],
      ["code", "sku"],
      ["stock.available", "quantity"],
      ["tags", "tag"],
    ]) {
      await make(t, "inventory-feed-json-fields", { inventoryFeedId: feed.id, path, target });
    }
    const queued = await fetchByHand(t, feed.id);
    await dispatcherAt().dispatcher.runOnce();
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "processed",
      rowCount: 2,
    });
    // Backorders (below zero) are none to sell.
    expect((await items(t, feed.id)).map((item) => [item.externalId, item.quantity])).toEqual([
      ["J-1", 5],
      ["J-4", 0],
    ]);
  });

  it("forms external ids from the options, as the feed's mappings rewrite them", async () => {
    const t = await setup.tenant();
    const body = ["id,sku,quantity,size", "SHIRT,S-1,3,XL", "SHIRT-B,S-2,4,small", ""].join("\n");
    const feed = await make(t, "inventory-feeds", {
      name: "Options",
      url: serve(body).url,
      fetchFrequency: "never",
      externalIdStrategy: "options",
    });
    for (const [column, target] of [
      ["id", "externalId"],
      ["sku", "sku"],
      ["quantity", "quantity"],
      ["size", "optionValue"],
    ]) {
      await make(t, "inventory-feed-fields", { inventoryFeedId: feed.id, column, target });
    }
    await make(t, "inventory-feed-mappings", {
      inventoryFeedId: feed.id,
      field: "optionValue",
      matchType: "matches",
      transformFrom: ["XL", "X-Large"],
      transformTo: "extra_large",
      transformType: "humanize",
    });
    await fetchByHand(t, feed.id);
    await dispatcherAt().dispatcher.runOnce();
    expect((await items(t, feed.id)).map((item) => item.externalId)).toEqual([
      "SHIRT-Extra large",
      "SHIRT-B-small",
    ]);
  });

  it("leaves the file in error with the reason, and applies nothing, when the file cannot be had or read", async () => {
    const t = await setup.tenant();
    const { url, path } = serve(STOCK);
    const feed = await csvFeed(t, url);
    const run = async (dispatcher = dispatcherAt().dispatcher) => {
      const queued = await fetchByHand(t, feed.id);
      await dispatcher.runOnce();
      return get(t, "inventory-feed-files", queued.id);
    };

    files.set(path, { status: 404, body: "gone" });
    expect(await run()).toMatchObject({ status: "error", errorMessage: "The server answered 404." });

    files.set(path, { status: 302 });
    expect((await run()).errorMessage).toMatch(/^The server answered 302 \(a redirect, not followed\)/);

    files.set(path, { body: "x".repeat(70 * 1024) });
    expect((await run()).errorMessage).toBe(`The file is larger than ${64 * 1024} bytes.`);

    files.set(path, { body: "Item;Code;Stock;Price\nNW-9;9;lots;1\n" });
    const unreadable = await run();
    expect(unreadable.status).toBe("error");
    expect(unreadable.errorMessage).toBe(
      'Some rows are not valid items; nothing was applied: row 2: Stock "lots" must be an integer.',
    );

    // The same address, refused when local addresses are not allowed: nothing is requested.
    const refused = await run(dispatcherAt(Date.now(), { allowLocal: false }).dispatcher);
    expect(refused).toMatchObject({ status: "error", errorMessage: "The URL must be an https URL." });

    // A loopback address over https, refused as such before any connection.
    const loopback = await csvFeed(t, "https://127.0.0.1/stock.csv");
    const queued = await fetchByHand(t, loopback.id);
    await dispatcherAt(Date.now(), { allowLocal: false }).dispatcher.runOnce();
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "error",
      errorMessage: "The URL must not be a private, loopback or link-local address.",
    });

    expect(await items(t, feed.id)).toEqual([]);
    const after = await get(t, "inventory-feeds", feed.id);
    expect(after.fetched).toBe(0);
    // Each failed fetch left an error record naming the feed.
    const failures = await t.json(
      "GET",
      `/errors.json?where[source]=inventory-feed&where[subjectId]=${feed.id}`,
    );
    expect(failures.body).toHaveLength(5);
    expect(failures.body[0]).toMatchObject({
      code: "fetch_failed",
      subjectKind: "inventory-feed",
      resolved: false,
      message: expect.stringContaining("The server answered 404."),
    });
    expect(after.lastFetchedAt).toEqual(expect.any(String));
  });

  it("tries a fetch again while the feed's server is busy or down, and applies the file once it answers", async () => {
    const t = await setup.tenant();
    const { url, path } = serve(STOCK);
    const feed = await csvFeed(t, url);
    await make(t, "variants", { sku: "NW-1042", name: "Linen shirt" });
    const queued = await fetchByHand(t, feed.id);
    const start = Date.parse("2030-01-01T00:00:00.000Z");
    const { dispatcher, clock } = dispatcherAt(start, { timeoutMs: 300 });
    // A 503, a 429, no answer at all: each failure leaves the file pending for a run after its pause.
    const answers = [{ status: 503, body: "down for maintenance" }, { status: 429 }, { hang: true }];
    for (const [index, answer] of answers.entries()) {
      files.set(path, answer);
      await expect(dispatcher.runOnce()).rejects.toThrow(
        ["The server answered 503.", "The server answered 429.", "No answer within 0.3 s."][index],
      );
      expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
        status: "pending",
        errorMessage: null,
      });
      clock.now += 30_000 * 2 ** index;
    }
    files.set(path, { body: STOCK });
    await dispatcher.runOnce();
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "processed",
      rowCount: 2,
    });
    expect((await items(t, feed.id)).map((item) => [item.externalId, item.quantity])).toEqual([
      ["NW-1", 36],
      ["NW-2", 4],
    ]);
  });

  it("gives a fetch up after its feed's server failed it five times in a row, saying how", async () => {
    const t = await setup.tenant();
    const { url, path } = serve(STOCK);
    files.set(path, { status: 502 });
    const feed = await csvFeed(t, url);
    const queued = await fetchByHand(t, feed.id);
    const { dispatcher, clock } = dispatcherAt(Date.parse("2030-01-01T00:00:00.000Z"));
    for (const pause of [30_000, 60_000, 120_000, 240_000, 0]) {
      await expect(dispatcher.runOnce()).rejects.toThrow("The server answered 502.");
      clock.now += pause;
    }
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "error",
      errorMessage:
        "The fetch failed 5 times in a row (the last time: The server answered 502); it is not tried again.",
    });
    expect(await items(t, feed.id)).toEqual([]);
  });

  it("refuses a fraction of a unit as parse-webhook does, and reads a whole number written as a decimal", async () => {
    const t = await setup.tenant();
    const { url, path } = serve(STOCK);
    const feed = await csvFeed(t, url);
    const run = async () => {
      const queued = await fetchByHand(t, feed.id);
      await dispatcherAt().dispatcher.runOnce();
      return get(t, "inventory-feed-files", queued.id);
    };
    const webhook = await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "NW-5",
      vendorSku: "5",
      inventoryQuantity: 2.5,
    });
    expect(webhook.status).toBe(422);

    // 2,5 units (the feed writes comma decimals): the whole file is refused, nothing applied.
    files.set(path, { body: "Item;Code;Stock;Price\nNW-4;4;3;1\nNW-5;5;2,5;1\n" });
    const fraction = await run();
    expect(fraction.status).toBe("error");
    expect(fraction.errorMessage).toBe(
      'Some rows are not valid items; nothing was applied: row 3: Stock "2,5" must be an integer.',
    );
    expect(await items(t, feed.id)).toEqual([]);

    // 12,0 is twelve units; a supplier's backorders (-3) are none to sell.
    files.set(path, { body: "Item;Code;Stock;Price\nNW-4;4;12,0;1\nNW-5;5;-3;1\n" });
    expect((await run()).status).toBe("processed");
    const byId = Object.fromEntries((await items(t, feed.id)).map((item) => [item.externalId, item]));
    expect(byId["NW-4"]).toMatchObject({ quantity: 12 });
    expect(byId["NW-5"]).toMatchObject({ quantity: 0 });
  });

  it("names a refused row as a data import does: its line (the header row 1) and its column as the file writes it", async () => {
    const t = await setup.tenant();
    const run = async (feedId: number) => {
      const queued = await fetchByHand(t, feedId);
      await dispatcherAt().dispatcher.runOnce();
      return (await get(t, "inventory-feed-files", queued.id)).errorMessage;
    };
    // The feed's columns found whatever their case; a row of empty cells counted, as a data import counts it.
    const { url, path } = serve("");
    const feed = await csvFeed(t, url);
    files.set(path, {
      body: `ITEM;Code;STOCK;Price\nNW-1;1;3;1\n;;;\nNW-3;3;x;1\nNW-4;${"4".repeat(101)};1;1\n`,
    });
    expect(await run(feed.id)).toBe(
      `Some rows are not valid items; nothing was applied: row 4: STOCK "x" must be an integer; row 5: Code "${"4".repeat(101)}" must be at most 100 characters.`,
    );
    // Without a header, the first line is row 1 and a column is named by its number.
    const bare = await make(t, "inventory-feeds", {
      name: "No header",
      url: serve("NW-1;1;3\nNW-2;2;y\n").url,
      delimiter: ";",
      csvHasHeader: false,
      fetchFrequency: "never",
    });
    for (const [column, target] of [
      ["1", "externalId"],
      ["2", "sku"],
      ["3", "quantity"],
    ]) {
      await make(t, "inventory-feed-fields", { inventoryFeedId: bare.id, column, target });
    }
    expect(await run(bare.id)).toBe(
      'Some rows are not valid items; nothing was applied: row 2: column 3 "y" must be an integer.',
    );
    // A JSON file's items are numbered from 1, each value named by its path.
    const json = await make(t, "inventory-feeds", {
      name: "JSON",
      url: serve(
        JSON.stringify([
          { id: "J-1", stock: { available: 1 } },
          { id: "J-2", stock: { available: "some" } },
        ]),
      ).url,
      format: "json",
      fetchFrequency: "never",
    });
    for (const [jsonPath, target] of [
      ["id", "externalId"],
      ["stock.available", "quantity"],
    ]) {
      await make(t, "inventory-feed-json-fields", { inventoryFeedId: json.id, path: jsonPath, target });
    }
    expect(await run(json.id)).toBe(
      'Some rows are not valid items; nothing was applied: row 2: stock.available "some" must be an integer.',
    );
  });

  it("sends the feed's credentials to its source", async () => {
    const t = await setup.tenant();
    const { url, path } = serve(STOCK);
    files.set(path, { body: STOCK, authorization: `Basic ${btoa("reseller-7:s3cret")}` });
    const feed = await csvFeed(t, url, { authenticationToken: "reseller-7", authenticationSecret: "s3cret" });
    const queued = await fetchByHand(t, feed.id);
    userAgents.length = 0;
    await dispatcherAt().dispatcher.runOnce();
    expect(await get(t, "inventory-feed-files", queued.id)).toMatchObject({
      status: "processed",
      rowCount: 2,
    });
    expect(userAgents).toEqual(["multichannel-commerce-service"]);

    const bearer = serve(STOCK);
    files.set(bearer.path, { body: STOCK, authorization: "Bearer feed-token" });
    const other = await csvFeed(t, bearer.url, { authenticationToken: "feed-token" });
    const unauthorized = await csvFeed(t, bearer.url);
    const [ok, refused] = [await fetchByHand(t, other.id), await fetchByHand(t, unauthorized.id)];
    await dispatcherAt().dispatcher.runOnce();
    expect((await get(t, "inventory-feed-files", ok.id)).status).toBe("processed");
    expect(await get(t, "inventory-feed-files", refused.id)).toMatchObject({
      status: "error",
      errorMessage: "The server answered 401.",
    });
  });

  it("refuses to fetch a disabled feed or one without a url (409), and another company's (404)", async () => {
    const t = await setup.tenant();
    const disabled = await csvFeed(t, serve(STOCK).url, { enabled: false });
    expect((await t.json("POST", `/inventory-feeds/${disabled.id}/fetch.json`, {})).status).toBe(409);
    const noUrl = await make(t, "inventory-feeds", { name: "Pushed", fetchFrequency: "webhook" });
    expect((await t.json("POST", `/inventory-feeds/${noUrl.id}/fetch.json`, {})).status).toBe(409);
    expect(await feedFiles(t, disabled.id)).toEqual([]);

    const feed = await csvFeed(t, serve(STOCK).url);
    const stranger = await setup.tenant();
    expect((await stranger.json("POST", `/inventory-feeds/${feed.id}/fetch.json`, {})).status).toBe(404);
    expect(await feedFiles(t, feed.id)).toEqual([]);
  });

  it("fetches enabled hourly and daily feeds on their schedule, and no others", async () => {
    const t = await setup.tenant();
    const start = Date.now() + 60_000;
    const { dispatcher, clock } = dispatcherAt(start);
    const hourly = await csvFeed(t, serve(STOCK).url, { fetchFrequency: "hourly" });
    const daily = await csvFeed(t, serve(STOCK).url, { fetchFrequency: "daily" });
    const manual = await csvFeed(t, serve(STOCK).url, {
      fetchFrequency: "hourly",
      automatedFetching: "disabled",
    });
    const never = await csvFeed(t, serve(STOCK).url, { fetchFrequency: "never" });
    const off = await csvFeed(t, serve(STOCK).url, { fetchFrequency: "hourly", enabled: false });

    await dispatcher.runOnce();
    const count = async (feedId: number) => (await feedFiles(t, feedId)).length;
    expect(await count(hourly.id)).toBe(1);
    expect(await count(daily.id)).toBe(1);
    expect((await items(t, hourly.id)).length).toBe(2);
    for (const feed of [manual, never, off]) expect(await count(feed.id)).toBe(0);

    // Half an hour on: nothing is due. An hour after the fetch: the hourly feed, not the daily one.
    clock.now = start + 30 * 60_000;
    await dispatcher.runOnce();
    expect(await count(hourly.id)).toBe(1);
    clock.now = start + 61 * 60_000;
    await dispatcher.runOnce();
    expect(await count(hourly.id)).toBe(2);
    expect(await count(daily.id)).toBe(1);
    clock.now = start + 25 * 3_600_000;
    await dispatcher.runOnce();
    expect(await count(daily.id)).toBe(2);
  });

  it("counts the feed's units in the variant's available stock, and tells a custom channel of each change", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { path, url } = serve(STOCK);
    const feed = await csvFeed(t, url);
    const variant = await make(t, "variants", { sku: "NW-1042", name: "Linen shirt" });
    const channel = await make(t, "channels", { name: "Own Store", safetyStock: 1 });
    await make(t, "custom-channels", {
      name: "Own Store",
      channelId: channel.id,
      inventoryEndpoint: `${receiver.url}/inventory`,
    });
    await make(t, "channel-variants", { channelId: channel.id, variantId: variant.id, externalId: "123" });
    const { dispatcher } = dispatcherAt();
    await fetchByHand(t, feed.id);
    await dispatcher.runOnce();
    const calls = () => receiver.received.filter((call) => call.path === "/inventory");
    expect(calls()).toHaveLength(1);
    expect(JSON.parse(calls()[0]!.body)).toMatchObject({
      variant: { id: variant.id },
      inventory: { available: 35 },
    });
    const levels = await t.json("GET", `/channels/${channel.id}/variant-levels.json`);
    expect(levels.body).toEqual([
      expect.objectContaining({ variantId: variant.id, onHand: 0, feedQuantity: 36, available: 35 }),
    ]);

    // The variant's units change: told again; a file that changes nothing tells nothing.
    files.set(path, { body: STOCK.replace(";36;", ";30;") });
    await fetchByHand(t, feed.id);
    await dispatcher.runOnce();
    expect(calls()).toHaveLength(2);
    expect(JSON.parse(calls()[1]!.body)).toMatchObject({ inventory: { available: 29 } });
    await fetchByHand(t, feed.id);
    await dispatcher.runOnce();
    expect(calls()).toHaveLength(2);
  });
});
