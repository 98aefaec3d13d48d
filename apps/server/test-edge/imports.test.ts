// Data imports in workerd: the import's write wakes the queue consumer, whose dispatcher run fetches
// the file from 127.0.0.1 and applies its rows.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it, onTestFinished } from "vitest";
import { closeDatabase, tenant } from "./support.ts";

afterAll(closeDatabase);

it("runs a stock take through the queue consumer: rows applied, a failed row reported", async () => {
  const csv = 'SKU,Qty\r\nEDGE-1,7\r\n"NOPE, 9",1\r\n';
  const files = createServer((_, res) => res.writeHead(200, { "Content-Type": "text/csv" }).end(csv));
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => {
    files.closeAllConnections();
    files.close();
  });
  const t = await tenant();
  await t.json("POST", "/warehouses.json", { name: "Edge Warehouse", isDefault: true });
  const variant = await t.json("POST", "/variants.json", { sku: "EDGE-1" });
  expect(variant.status).toBe(200);
  const port = (files.address() as AddressInfo).port;
  const created = await t.json("POST", "/data-imports.json", {
    importType: "stock_take",
    fileUri: `http://127.0.0.1:${port}/stock.csv`,
  });
  expect(created.status).toBe(200);

  // A busy machine may need a retry (a queue redelivery, or the cron sweep).
  const deadline = Date.now() + 75_000;
  let done = created.body;
  while (["pending", "started"].includes(done.status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    done = (await t.json("GET", `/data-imports/${created.body.id}.json`)).body;
  }
  expect(done).toMatchObject({ status: "complete", added: 1, errors: 1 });
  expect(done.errorMessages).toEqual(['Row 3: unknown SKU "NOPE, 9"']);
  const levels = await t.json("GET", `/inventory-levels.json?where[variantId]=${variant.body.id}`);
  expect(levels.body[0]?.onHand).toBe(7);
}, 90_000);
