// Inventory feeds fetched in workerd: the fetch's write wakes the queue consumer, whose dispatcher run
// downloads the feed's file from 127.0.0.1 into the bucket and applies its items in batches.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it, onTestFinished } from "vitest";
import { closeDatabase, type Tenant, tenant } from "./support.ts";

afterAll(closeDatabase);

const ROWS = 1_200;
const csv = `id,code,stock\n${Array.from({ length: ROWS }, (_, i) => `E-${i + 1},${i + 1},${(i + 1) % 7}`).join("\n")}\n`;

/** Serves the file whole (with its length) at `/whole.csv`, in pieces of unknown length at `/pieces.csv`. */
async function fileServer(): Promise<string> {
  const files = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/csv" });
    if (req.url === "/whole.csv") return void res.end(csv);
    const half = Math.floor(csv.length / 2);
    res.write(csv.slice(0, half));
    setTimeout(() => res.end(csv.slice(half)), 20);
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => {
    files.closeAllConnections();
    files.close();
  });
  return `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
}

async function fetched(t: Tenant, feedId: number) {
  const queued = await t.json("POST", `/inventory-feeds/${feedId}/fetch.json`, {});
  expect(queued.status).toBe(200);
  // A busy machine may need a retry (a queue redelivery, or the cron sweep).
  const deadline = Date.now() + 75_000;
  let file = queued.body;
  while (file.status === "pending" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    file = (await t.json("GET", `/inventory-feed-files/${queued.body.id}.json`)).body;
  }
  return file;
}

it("fetches a feed's file into the bucket and applies its items in batches, keeping the copy", async () => {
  const server = await fileServer();
  const t = await tenant();
  for (const path of ["whole", "pieces"]) {
    const feed = (
      await t.json("POST", "/inventory-feeds.json", {
        name: `Edge feed (${path})`,
        url: `${server}/${path}.csv`,
        fetchFrequency: "never",
        cacheImports: true,
      })
    ).body;
    for (const [column, target] of [
      ["id", "externalId"],
      ["code", "sku"],
      ["stock", "quantity"],
    ]) {
      await t.json("POST", "/inventory-feed-fields.json", { inventoryFeedId: feed.id, column, target });
    }
    const file = await fetched(t, feed.id);
    expect(file).toMatchObject({ status: "processed", rowCount: ROWS, byteSize: csv.length });
    const copy = await t.request("GET", file.url);
    expect(copy.status).toBe(200);
    expect(await copy.text()).toBe(csv);
    const last = await t.json(
      "GET",
      `/inventory-feed-variants.json?where[inventoryFeedId]=${feed.id}&where[externalId]=E-${ROWS}`,
    );
    expect(last.body[0]).toMatchObject({ sku: String(ROWS), quantity: ROWS % 7 });
    // The same file again: processed, nothing applied.
    expect(await fetched(t, feed.id)).toMatchObject({ status: "processed", checksum: file.checksum });
  }
}, 180_000);
