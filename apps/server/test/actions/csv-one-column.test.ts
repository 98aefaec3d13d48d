// A CSV file of one column (a header with no separator) read as any other: its header and every row
// reach the import or the feed, whatever pieces its bytes arrive in, with quotes read as RFC 4180 says.
import { beforeAll, describe, expect, it } from "vitest";
import { csvRows } from "../../src/services/imports/csv-rows.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { serveLocally } from "../local-server.ts";
import { streamOf } from "../streams.ts";
import { setupApp, type Tenant } from "../support.ts";
import { get, make } from "./channels-fixtures.ts";
import { importDispatcher, runImport, storeFile } from "./data-imports-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;
const files = new Map<string, string>();
let fileServer = "";

beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
  drain = importDispatcher(setup).drain;
  fileServer = await serveLocally((req, res) => {
    const body = files.get(req.url ?? "");
    if (body === undefined) return void res.writeHead(404).end("no such file");
    res.writeHead(200, { "Content-Type": "text/csv" }).end(body);
  });
});

async function rowsOf(text: string, size: number): Promise<string[][]> {
  const all: string[][] = [];
  for await (const rows of csvRows(streamOf(text, size))) all.push(...rows);
  return all;
}

/** Every piece size from one byte to past the whole file. */
function sizesFor(text: string): number[] {
  return [...Array.from({ length: text.length + 1 }, (_, i) => i + 1), 4096];
}

async function feedItems(t: Tenant, feedId: number): Promise<[string, number][]> {
  const answer = await t.json(
    "GET",
    `/inventory-feed-variants.json?where[inventoryFeedId]=${feedId}&order=id`,
  );
  return answer.body.map((item: { externalId: string; quantity: number }) => [
    item.externalId,
    item.quantity,
  ]);
}

describe("a CSV file of one column", () => {
  it("reads as every row in any pieces, with LF or CRLF, with or without a last line end", async () => {
    const expected = [["external_id"], ["V-1"], ["V-2"], ["V-3"]];
    for (const text of [
      "external_id\nV-1\nV-2\nV-3\n",
      "external_id\r\nV-1\r\nV-2\r\nV-3",
      "external_id\n\nV-1\nV-2\n\nV-3\n\n",
      "external_id\rV-1\rV-2\rV-3\r",
    ]) {
      for (const size of sizesFor(text)) {
        expect(await rowsOf(text, size), `${JSON.stringify(text)} in pieces of ${size}`).toEqual(expected);
      }
    }
  });

  it("keeps a quoted cell with a line break, a separator or a quote in it as one cell", async () => {
    const text = 'note\n"two\nlines"\n"a, b; c"\n"say ""hi"""\r\n"cr\r\nlf"\nplain\n';
    const expected = [["note"], ["two\nlines"], ["a, b; c"], ['say "hi"'], ["cr\r\nlf"], ["plain"]];
    for (const size of sizesFor(text)) {
      expect(await rowsOf(text, size), `pieces of ${size}`).toEqual(expected);
    }
    // A quoted header with a separator in it is still one column, and a row's cells past it are left out.
    expect(await rowsOf('"id, external"\nV-1,extra\n"V-2"\n', 3)).toEqual([
      ["id, external"],
      ["V-1"],
      ["V-2"],
    ]);
  });

  it("as an inventory_feed import, applies every row under its header", async () => {
    const t = await setup.tenant();
    const feed = await make(t, "inventory-feeds", { name: "Vendor feed" });
    for (const id of ["V-1", "V-2", "V-3"]) {
      const put = await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
        externalId: id,
        vendorSku: `SKU-${id}`,
        inventoryQuantity: 4,
      });
      expect(put.status).toBe(200);
    }
    const fileUri = await storeFile(setup.db, t, "ids.csv", 'external_id\r\nV-1\r\n"V-2"\r\nV-3\r\nV-9\r\n');
    const done = await runImport(t, drain, {
      importType: "inventory_feed",
      inventoryFeedId: feed.id,
      fileUri,
    });
    expect(done).toMatchObject({ status: "complete", added: 0, updated: 0, skipped: 3, errors: 1 });
    expect(done.errorMessages).toEqual(["Row 5: sku is required for a new item"]);
    expect(await feedItems(t, feed.id)).toEqual([
      ["V-1", 4],
      ["V-2", 4],
      ["V-3", 4],
    ]);
  });

  it("as a feed file, counts every row and leaves the items it names their units", async () => {
    const t = await setup.tenant();
    files.set("/one-column.csv", "sku\nA\nB\nC\n");
    const feed = await make(t, "inventory-feeds", {
      name: "Vendor feed",
      url: `${fileServer}/one-column.csv`,
      fetchFrequency: "never",
    });
    for (const sku of ["A", "B", "C"]) {
      await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
        externalId: sku,
        vendorSku: sku,
        inventoryQuantity: 5,
      });
    }
    const fetch = await t.json("POST", `/inventory-feeds/${feed.id}/fetch.json`, {});
    expect(fetch.status).toBe(200);
    const dispatcher = createDispatcher({
      db: setup.db,
      fileStore: setup.fileStore,
      policy: { allowLocal: true },
      feeds: { timeoutMs: 5_000, maxBytes: 64 * 1024 },
    });
    await dispatcher.runOnce();
    const file = await get(t, "inventory-feed-files", fetch.body.id);
    expect(file).toMatchObject({ status: "processed", rowCount: 3 });
    expect(await feedItems(t, feed.id)).toEqual([
      ["A", 5],
      ["B", 5],
      ["C", 5],
    ]);
  });
});
