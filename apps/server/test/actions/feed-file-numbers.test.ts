// How a fetched feed file's numbers are read in each decimal notation (a separator that groups no three
// digits is refused, not read as another number), and that an empty file ends `error` and zeroes nothing.
// Files are served from 127.0.0.1.
import { beforeAll, describe, expect, it } from "vitest";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";
import { get, list, make } from "./channels-fixtures.ts";
import { startFileServer } from "./data-imports-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
/** The files the file server serves, by path: each test adds its own (`serve`). */
const files: Record<string, string> = {};
let fileServer = "";

beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
  fileServer = (await startFileServer(files)).url;
});

let served = 0;
/** Serves `body` as it is at a fresh path; answers its URL. */
function serve(body: string): string {
  const path = `/numbers/${++served}`;
  files[path] = body;
  return `${fileServer}${path}`;
}

/** A feed of `body`, read by the columns or keys named as the attributes unless `settings` say otherwise. */
function feedOf(t: Tenant, body: string, settings: Record<string, unknown> = {}) {
  return make(t, "inventory-feeds", {
    name: "Supplier",
    url: serve(body),
    fetchFrequency: "never",
    ...settings,
  });
}

/** Five units of item `A` through the feed's webhook, for a fetch to keep or change. */
async function stocked(t: Tenant, feedId: number): Promise<void> {
  const answer = await t.json("PUT", `/inventory-feeds/${feedId}/parse-webhook.json`, {
    externalId: "A",
    vendorSku: "SKU-A",
    inventoryQuantity: 5,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Fetches the feed by hand and runs the background work; answers the feed file as it ended. */
async function fetched(t: Tenant, feedId: number): Promise<Record<string, any>> {
  const queued = await t.json("POST", `/inventory-feeds/${feedId}/fetch.json`, {});
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  await dispatcherWithClock(setup).dispatcher.runOnce();
  return get(t, "inventory-feed-files", queued.body.id);
}

/** The feed's items as `[externalId, quantity, price]`. */
async function stock(t: Tenant, feedId: number): Promise<unknown[][]> {
  const items = await list(t, "inventory-feed-variants", { inventoryFeedId: feedId });
  return items.sort((a, b) => a.id - b.id).map((item) => [item.externalId, item.quantity, item.price]);
}

describe("numbers in a feed file", () => {
  it("refuses a number written with the other notation's decimal separator, naming its cell, as parse-webhook does", async () => {
    const t = await setup.tenant();
    const point = await feedOf(t, 'externalId,sku,quantity,price\nA,SKU-A,"2,5","12,50"\n');
    await stocked(t, point.id);
    expect(await fetched(t, point.id)).toMatchObject({
      status: "error",
      errorMessage:
        'Some rows are not valid items; nothing was applied: row 2: quantity "2,5" must be an integer; row 2: price "12,50" must be an amount.',
    });
    expect(await stock(t, point.id)).toEqual([["A", 5, null]]);
    const webhook = await t.json("PUT", `/inventory-feeds/${point.id}/parse-webhook.json`, {
      externalId: "A",
      vendorSku: "SKU-A",
      inventoryQuantity: "2,5",
      price: "12,50",
    });
    expect(webhook.status).toBe(422);

    const comma = await feedOf(t, "externalId;sku;quantity;price\nA;SKU-A;1.5;1.5\n", {
      delimiter: ";",
      decimalNotation: "comma",
    });
    await stocked(t, comma.id);
    expect(await fetched(t, comma.id)).toMatchObject({
      status: "error",
      errorMessage:
        'Some rows are not valid items; nothing was applied: row 2: quantity "1.5" must be an integer; row 2: price "1.5" must be an amount.',
    });
    expect(await stock(t, comma.id)).toEqual([["A", 5, null]]);
  });

  it("refuses hex, binary and exponent numbers rather than reading them as JavaScript does", async () => {
    const t = await setup.tenant();
    const feed = await feedOf(
      t,
      "externalId,sku,quantity,price\nA,SKU-A,0x10,1\nB,SKU-B,0b11,1\nC,SKU-C,1e3,1\n",
    );
    await stocked(t, feed.id);
    expect(await fetched(t, feed.id)).toMatchObject({
      status: "error",
      errorMessage:
        'Some rows are not valid items; nothing was applied: row 2: quantity "0x10" must be an integer; row 3: quantity "0b11" must be an integer; row 4: quantity "1e3" must be an integer.',
    });
    expect(await stock(t, feed.id)).toEqual([["A", 5, null]]);
  });

  it("reads thousands grouped by threes, and signs, in either notation", async () => {
    const t = await setup.tenant();
    const point = await feedOf(
      t,
      'externalId,sku,quantity,price\nA,SKU-A,"1,234","1,234.50"\nB,SKU-B,+12.0,"1 234 567.5"\nC,SKU-C,-3,.5\n',
    );
    expect(await fetched(t, point.id)).toMatchObject({ status: "processed", rowCount: 3 });
    expect(await stock(t, point.id)).toEqual([
      ["A", 1234, 1234.5],
      ["B", 12, 1234567.5],
      ["C", 0, 0.5],
    ]);

    const comma = await feedOf(
      t,
      "externalId;sku;quantity;price\nA;SKU-A;1.234;1.234,50\nB;SKU-B;12,0;1\u00a0234\u00a0567,5\n",
      { delimiter: ";", decimalNotation: "comma" },
    );
    expect(await fetched(t, comma.id)).toMatchObject({ status: "processed", rowCount: 2 });
    expect(await stock(t, comma.id)).toEqual([
      ["A", 1234, 1234.5],
      ["B", 12, 1234567.5],
    ]);
  });

  it("reads a JSON number as the number it is, whatever the feed's notation", async () => {
    const t = await setup.tenant();
    const body = JSON.stringify([
      { externalId: "A", sku: "SKU-A", quantity: 3, price: 12.5 },
      { externalId: "B", sku: "SKU-B", quantity: "1.200", price: "3,25" },
    ]);
    const feed = await feedOf(t, body, { format: "json", decimalNotation: "comma" });
    expect(await fetched(t, feed.id)).toMatchObject({ status: "processed", rowCount: 2 });
    expect(await stock(t, feed.id)).toEqual([
      ["A", 3, 12.5],
      ["B", 1200, 3.25],
    ]);
  });
});

describe("an item's weight", () => {
  it("is refused past the item's bound (10,000,000 g) by parse-webhook, the batch webhook and a fetch, as a write of the item is", async () => {
    const t = await setup.tenant();
    const feed = await feedOf(t, "externalId,sku,quantity,weight\nA,SKU-A,1,10000000\nB,SKU-B,1,10000001\n");
    await stocked(t, feed.id);
    const direct = await t.json("POST", "/inventory-feed-variants.json", {
      inventoryFeedId: feed.id,
      externalId: "D",
      sku: "SKU-D",
      weight: 10_000_001,
    });
    expect(direct.status).toBe(422);
    const webhook = await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
      externalId: "W",
      vendorSku: "SKU-W",
      weight: 10_000_001,
    });
    expect(webhook.status).toBe(422);
    expect(webhook.body.errors).toEqual([{ path: "weight", message: "must be at most 10000000" }]);
    const batch = await setup.app.request("/webhooks/inventory-feeds/parse-webhooks.json", {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-hash": feed.hash },
      body: JSON.stringify([{ externalId: "W", vendorSku: "SKU-W", weight: 10_000_001 }]),
    });
    expect(batch.status).toBe(422);
    expect(await fetched(t, feed.id)).toMatchObject({
      status: "error",
      errorMessage:
        'Some rows are not valid items; nothing was applied: row 3: weight "10000001" must be at most 10000000.',
    });
    expect(await stock(t, feed.id)).toEqual([["A", 5, null]]);
  });
});

describe("an empty feed file", () => {
  it("ends error and leaves every item's units as they were, whatever the feed's format and columns", async () => {
    const t = await setup.tenant();
    const cases: [string, Record<string, unknown>][] = [
      ["", {}],
      [" \n\n  \r\n", {}],
      ["", { format: "json" }],
      [" \n", { format: "json" }],
    ];
    for (const [body, settings] of cases) {
      const feed = await feedOf(t, body, settings);
      await stocked(t, feed.id);
      expect(await fetched(t, feed.id), JSON.stringify(body)).toMatchObject({
        status: "error",
        errorMessage: "The file is empty.",
      });
      expect(await stock(t, feed.id)).toEqual([["A", 5, null]]);
    }

    const named = await feedOf(t, "");
    await make(t, "inventory-feed-fields", {
      inventoryFeedId: named.id,
      column: "Stock",
      target: "quantity",
    });
    await stocked(t, named.id);
    expect(await fetched(t, named.id)).toMatchObject({ status: "error", errorMessage: "The file is empty." });
    expect(await stock(t, named.id)).toEqual([["A", 5, null]]);
  });

  it("is told apart from a header without rows: a file of no items, whose cleanup sets every item to 0 units", async () => {
    const t = await setup.tenant();
    const feed = await feedOf(t, "externalId,sku,quantity\n");
    await stocked(t, feed.id);
    expect(await fetched(t, feed.id)).toMatchObject({ status: "processed", rowCount: 0 });
    expect(await stock(t, feed.id)).toEqual([["A", 0, null]]);
  });
});
