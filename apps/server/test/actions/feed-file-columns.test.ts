// How a fetched CSV feed file's columns are found: split by the feed's `delimiter` (of one character or
// several), named by the header or by number, and a column the file does not have is missing (the file
// ends `error`, nothing applied, no item zeroed) unless its field has a default. Files are served from
// 127.0.0.1.
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
/** Serves `lines` (and a line break after the last) at a fresh path; answers its URL. */
function serve(lines: string[]): string {
  const path = `/columns/${++served}`;
  files[path] = `${lines.join("\n")}\n`;
  return `${fileServer}${path}`;
}

/** A feed of the file `lines`, read with `settings` and, when given, `fields` (column → target). */
async function feedOf(
  t: Tenant,
  lines: string[],
  settings: Record<string, unknown> = {},
  fields: [column: string, target: string, defaultValue?: string][] = [],
) {
  const feed = await make(t, "inventory-feeds", {
    name: "Supplier",
    url: serve(lines),
    fetchFrequency: "never",
    ...settings,
  });
  for (const [column, target, defaultValue] of fields) {
    await make(t, "inventory-feed-fields", { inventoryFeedId: feed.id, column, target, defaultValue });
  }
  return feed;
}

/** Fetches the feed by hand and runs the background work; answers the feed file as it ended. */
async function fetched(t: Tenant, feedId: number): Promise<Record<string, any>> {
  const queued = await t.json("POST", `/inventory-feeds/${feedId}/fetch.json`, {});
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  await dispatcherWithClock(setup).dispatcher.runOnce();
  return get(t, "inventory-feed-files", queued.body.id);
}

/** The feed's items as `[externalId, sku, quantity, name]`, in the order they were made. */
async function stock(t: Tenant, feedId: number): Promise<unknown[][]> {
  const items = await list(t, "inventory-feed-variants", { inventoryFeedId: feedId });
  return items
    .sort((a, b) => a.id - b.id)
    .map((item) => [item.externalId, item.sku, item.quantity, item.name]);
}

/** Item `OLD` with 9 units through the feed's webhook, for the file's cleanup to zero or not. */
async function stocked(t: Tenant, feedId: number): Promise<void> {
  const answer = await t.json("PUT", `/inventory-feeds/${feedId}/parse-webhook.json`, {
    externalId: "OLD",
    vendorSku: "OLD",
    inventoryQuantity: 9,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe("a feed's delimiter of several characters", () => {
  it("splits cells at the whole delimiter: a cell holding one of its characters is read whole", async () => {
    const t = await setup.tenant();
    const feed = await feedOf(
      t,
      ["externalId||name||sku||quantity", "A||Plain||1||5", "B||Red|Blue||2||7", "C||Cup||3||4||Mug|"],
      { delimiter: "||" },
    );
    await stocked(t, feed.id);
    expect(await fetched(t, feed.id)).toMatchObject({ status: "processed", rowCount: 3 });
    expect(await stock(t, feed.id)).toEqual([
      ["OLD", "OLD", 0, null],
      ["A", "1", 5, "Plain"],
      ["B", "2", 7, "Red|Blue"],
      ["C", "3", 4, "Cup"],
    ]);
  });

  it("numbers the columns of a file without a header as the delimiter splits them", async () => {
    const t = await setup.tenant();
    const feed = await feedOf(t, ["A::1::5", 'B::"2::x"::7'], { delimiter: "::", csvHasHeader: false }, [
      ["1", "externalId"],
      ["2", "sku"],
      ["3", "quantity"],
    ]);
    expect(await fetched(t, feed.id)).toMatchObject({ status: "processed", errorMessage: null });
    expect(await stock(t, feed.id)).toEqual([
      ["A", "1", 5, null],
      ["B", "2::x", 7, null],
    ]);
  });

  it("is refused when it holds a quote or a line break, on create and update (422 naming it)", async () => {
    const t = await setup.tenant();
    for (const delimiter of ['"', ';"', "\n", ";\r"]) {
      const answer = await t.json("POST", "/inventory-feeds.json", { name: "Supplier", delimiter });
      expect(answer.status, JSON.stringify(delimiter)).toBe(422);
      expect(answer.body.errors).toEqual([
        { path: "delimiter", message: "must not hold a quote or a line break" },
      ]);
    }
    const feed = await make(t, "inventory-feeds", { name: "Supplier", delimiter: "\t|" });
    const refused = await t.json("PUT", `/inventory-feeds/${feed.id}.json`, { delimiter: "'\"" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "delimiter", message: "must not hold a quote or a line break" },
    ]);
    expect(await get(t, "inventory-feeds", feed.id)).toMatchObject({ delimiter: "\t|" });
  });
});

describe("a numbered column the file does not have", () => {
  it("ends the fetch error and changes no item, in a file without a header (past the first row's columns)", async () => {
    const t = await setup.tenant();
    // The supplier dropped the stock column: two columns, the feed reads column 3 as the quantity.
    const feed = await feedOf(t, ["A,1", "B,2"], { csvHasHeader: false }, [
      ["1", "externalId"],
      ["2", "sku"],
      ["3", "quantity"],
    ]);
    await stocked(t, feed.id);
    expect(await fetched(t, feed.id)).toMatchObject({
      status: "error",
      errorMessage: 'The file has no column "3".',
    });
    expect(await stock(t, feed.id)).toEqual([["OLD", "OLD", 9, null]]);
  });

  it("ends the fetch error in a file with a header (past the header's columns)", async () => {
    const t = await setup.tenant();
    const feed = await feedOf(t, ["id,code", "A,1,8"], {}, [
      ["id", "externalId"],
      ["code", "sku"],
      ["3", "quantity"],
    ]);
    await stocked(t, feed.id);
    expect(await fetched(t, feed.id)).toMatchObject({
      status: "error",
      errorMessage: 'The file has no column "3".',
    });
    expect(await stock(t, feed.id)).toEqual([["OLD", "OLD", 9, null]]);
  });

  it("is filled by its field's default, and the last column by number is read", async () => {
    const t = await setup.tenant();
    const feed = await feedOf(t, ["A,1,6", "B,2,3"], { csvHasHeader: false }, [
      ["1", "externalId"],
      ["2", "sku"],
      ["3", "quantity"],
      ["4", "name", "From the feed"],
    ]);
    expect(await fetched(t, feed.id)).toMatchObject({ status: "processed", errorMessage: null });
    expect(await stock(t, feed.id)).toEqual([
      ["A", "1", 6, "From the feed"],
      ["B", "2", 3, "From the feed"],
    ]);
  });
});
