// Database round trips per operation on the remote driver (Workers with Turso): the HTTP requests the
// dev libSQL server receives, counted by a proxy before it. A count, not a timing: deterministic. The
// same table runs in workerd (test-edge/round-trips.test.ts).
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { type RemoteStack, remoteStack } from "../remote.ts";
import { EXPECTED_ROUND_TRIPS, measureTable } from "../round-trip-table.ts";

let stack: RemoteStack;
beforeAll(async () => {
  stack = await remoteStack({ templateDb: inject("templateDb") });
});
afterAll(() => stack?.close());

it("meets the table of issue 23", async () => {
  const t = await stack.tenant();
  const counts = await measureTable(t, async (method, path, body, headers) => {
    // The token cached anew if its time in the cache ran out meanwhile (a slow machine): not counted.
    await t.request("GET", "/carriers.json?limit=1");
    stack.proxy.reset();
    const answer = await t.json(method, path, body, headers);
    return { trips: stack.proxy.count, status: answer.status, body: answer.body };
  });
  expect(counts).toEqual(EXPECTED_ROUND_TRIPS);
});

it("takes a feed's batch webhook in 3 round trips whatever its size: the hash, the items' reads, one batch", async () => {
  const t = await stack.tenant();
  const feed = (
    await t.json("POST", "/inventory-feeds.json", { name: "Vendor feed", automaticallyConnect: true })
  ).body;
  await t.json("POST", "/variants.json", { sku: "FEED-2", name: "Connected" });
  const items = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      externalId: `X-${i}`,
      vendorSku: `FEED-${i}`,
      inventoryQuantity: i,
    }));
  const send = async (body: unknown) => {
    stack.proxy.reset();
    const answer = await stack.app.request("/webhooks/inventory-feeds/parse-webhooks.json", {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-hash": feed.hash },
      body: JSON.stringify(body),
    });
    return { trips: stack.proxy.count, status: answer.status, body: (await answer.json()) as any };
  };
  const first = await send(items(3));
  expect(first).toMatchObject({ trips: 3, status: 200, body: { created: 3, connected: 1 } });
  const again = await send(items(50));
  expect(again).toMatchObject({ trips: 3, status: 200, body: { created: 47, unchanged: 3 } });
  // An outcome event per item, with it in the batch.
  const events = await stack.db.execute({
    sql: "SELECT count(*) AS n FROM events WHERE company_id = ? AND type = ?",
    args: [t.companyId, "inventory_feed_variant.parsed"],
  });
  expect(Number(events.rows[0]!.n)).toBe(53);
});
