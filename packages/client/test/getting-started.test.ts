// The API reference's "Getting started" page runs as written: its TypeScript blocks, in order, against
// the real server in-process, for a fresh company. A step the API no longer takes fails here.
import { transform } from "esbuild";
import { describe, expect, it } from "vitest";
import { GETTING_STARTED } from "../../schema/src/guide.ts";
import type { Client } from "../src/index.ts";
import { setupServer } from "./setup.ts";

const { tenantClient } = await setupServer();

/** The page's code: every ```ts block, the import left out, `createClient(...)` answering `client`. */
async function pageProgram(): Promise<
  (makeClient: () => Client, log: (...values: unknown[]) => void) => Promise<void>
> {
  const blocks = [...GETTING_STARTED.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(5);
  const source = blocks
    .join("\n")
    .replace(/^import .*$/m, "")
    .replace(/createClient\(/, "makeClient(");
  const { code } = await transform(`async function page() {\n${source}\n}`, { loader: "ts" });
  return new Function("makeClient", "console", "process", `${code}\nreturn page();`) as never;
}

describe("the Getting started page", () => {
  it("runs as written: the order is fulfilled and the provider paid", async () => {
    const { client } = await tenantClient();
    const logged: unknown[] = [];
    const run = await pageProgram();
    await (run as unknown as (...args: unknown[]) => Promise<void>)(
      () => client,
      { log: (...values: unknown[]) => logged.push(...values) },
      { env: {} },
    );
    // What the page says the flow prints.
    expect(logged).toEqual(["fulfilled", "paid"]);
    const sale = (await client.sales.list({ where: { externalId: "1001" } })).records[0]!;
    expect(sale.status).toBe("fulfilled");
    const purchases = (await client.purchases.list({ where: { saleId: sale.id } })).records;
    expect(purchases.map((purchase) => [purchase.status, purchase.paymentStatus])).toEqual([
      ["shipped", "paid"],
    ]);
  });
});
