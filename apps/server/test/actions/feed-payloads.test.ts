// A payload pushed to an inventory feed (`POST /inventory-feed-payloads.json`) created `pending` (the
// default) is processed in its create's batch, as the feed's batch webhook processes its body: its items
// applied to the feed all or nothing, the payload `processed`, or `error` with the reason and nothing of
// it applied. One created with another status is kept as sent.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp();
});

const push = (t: Tenant, body: Record<string, unknown>) =>
  t.json("POST", "/inventory-feed-payloads.json", body);

async function webhookFeed(t: Tenant, values: Record<string, unknown> = {}) {
  return create(t, "inventory-feeds", { name: "Acme feed", fetchFrequency: "webhook", ...values });
}

const itemsOf = async (t: Tenant, feedId: number) =>
  (await list(t, "inventory-feed-variants", `&where[inventoryFeedId]=${feedId}`)).map(
    ({ externalId, sku, quantity, variantId }) => ({ externalId, sku, quantity, variantId }),
  );

describe("a payload pushed to a feed", () => {
  it("is processed when created: its items applied and connected, the payload processed", async () => {
    const t = await setup.tenant();
    const feed = await webhookFeed(t);
    const mug = await create(t, "variants", { sku: "MUG-1", name: "Mug" });
    const first = await expectStatus(
      push(t, {
        inventoryFeedId: feed.id,
        contentType: "application/json",
        payload: JSON.stringify([
          { externalId: "A", vendorSku: "MUG-1", inventoryQuantity: 100 },
          { externalId: "B", vendorSku: "CAP-1", inventoryQuantity: 4 },
        ]),
      }),
      200,
    );
    expect(first).toMatchObject({
      status: "processed",
      itemCount: 2,
      errorMessage: null,
      processedAt: expect.any(String),
      receivedAt: expect.any(String),
    });
    expect(await read(t, "inventory-feed-payloads", first.id)).toEqual(first);
    expect(await itemsOf(t, feed.id)).toEqual([
      { externalId: "A", sku: "MUG-1", quantity: 100, variantId: mug.id },
      { externalId: "B", sku: "CAP-1", quantity: 4, variantId: null },
    ]);

    // An item sent again changes what it sends; the others stay as they are.
    const second = await expectStatus(
      push(t, { inventoryFeedId: feed.id, payload: '[{"externalId":"A","inventoryQuantity":36}]' }),
      200,
    );
    expect(second).toMatchObject({ status: "processed", itemCount: 1 });
    expect((await itemsOf(t, feed.id)).map((item) => item.quantity)).toEqual([36, 4]);
    const parsed = await expectStatus(
      t.json("GET", "/events.json?limit=250&where[type]=inventory_feed_variant.parsed"),
      200,
    );
    expect(parsed).toHaveLength(3);
  });

  it("is an error, nothing of it applied, when it is not a batch of valid items", async () => {
    const t = await setup.tenant();
    const feed = await webhookFeed(t);
    const outcomes: [Record<string, unknown>, string, number | null][] = [
      [{ payload: "not json" }, "The payload is not JSON", null],
      [{ payload: '{"externalId":"A"}' }, "The payload must be a JSON array of feed items.", null],
      [
        {
          payload: JSON.stringify([
            { externalId: "A", vendorSku: "A-1", inventoryQuantity: 1 },
            { externalId: "B", vendorSku: "B-1", inventoryQuantity: "many" },
          ]),
        },
        "1.inventoryQuantity",
        2,
      ],
      [
        {
          payload: JSON.stringify(
            Array.from({ length: 51 }, (_, i) => ({ externalId: `X${i}`, vendorSku: `X${i}` })),
          ),
        },
        "At most 50 items per payload.",
        51,
      ],
      [{ payload: '[{"externalId":"A"}]' }, "0.vendorSku is required for a new item", 1],
      [
        { payload: "externalId,vendorSku\nA,A-1", contentType: "text/csv" },
        "its contentType is text/csv",
        null,
      ],
    ];
    for (const [values, message, itemCount] of outcomes) {
      const payload = await expectStatus(push(t, { inventoryFeedId: feed.id, ...values }), 200);
      expect(payload, message).toMatchObject({ status: "error", itemCount });
      expect(payload.errorMessage).toContain(message);
    }
    expect(await itemsOf(t, feed.id)).toEqual([]);
  });

  it("says why within the 2,000 characters of its errorMessage, however long the fields it names", async () => {
    const t = await setup.tenant();
    const feed = await webhookFeed(t);
    const key = "k".repeat(3000);
    const items = [0, 1, 2].map((i) => ({ externalId: `L${i}`, vendorSku: `L-${i}`, [`${key}${i}`]: 1 }));
    const payload = await expectStatus(
      push(t, { inventoryFeedId: feed.id, payload: JSON.stringify(items) }),
      200,
    );
    expect(payload.status).toBe("error");
    expect(payload.errorMessage).toContain("0.kkk");
    expect(payload.errorMessage).toHaveLength(2000);
    expect(payload.errorMessage.endsWith("…")).toBe(true);
    expect(await read(t, "inventory-feed-payloads", payload.id)).toEqual(payload);
  });

  it("is an error when the feed is disabled, or when it sends an item the feed removed", async () => {
    const t = await setup.tenant();
    const feed = await webhookFeed(t);
    const items = (quantity: number) =>
      JSON.stringify([
        { externalId: "A", vendorSku: "A-1", inventoryQuantity: quantity },
        { externalId: "B", vendorSku: "B-1", inventoryQuantity: quantity },
      ]);
    await expectStatus(push(t, { inventoryFeedId: feed.id, payload: items(1) }), 200);
    await expectStatus(
      t.json("DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=B`),
      200,
    );
    const removed = await expectStatus(push(t, { inventoryFeedId: feed.id, payload: items(2) }), 200);
    expect(removed).toMatchObject({ status: "error", itemCount: 2 });
    expect(removed.errorMessage).toContain("external id B");
    // All or nothing: A was not changed either.
    expect((await itemsOf(t, feed.id)).map((item) => item.quantity)).toEqual([1, 1]);

    await expectStatus(t.json("PUT", `/inventory-feeds/${feed.id}.json`, { enabled: false }), 200);
    const disabled = await expectStatus(push(t, { inventoryFeedId: feed.id, payload: "[]" }), 200);
    expect(disabled).toMatchObject({
      status: "error",
      errorMessage: `Inventory feed ${feed.id} is disabled.`,
    });
  });

  it("is kept as sent when created with another status", async () => {
    const t = await setup.tenant();
    const feed = await webhookFeed(t);
    const kept = await expectStatus(
      push(t, {
        inventoryFeedId: feed.id,
        status: "processed",
        payload: '[{"externalId":"A","vendorSku":"A-1","inventoryQuantity":3}]',
      }),
      200,
    );
    expect(kept).toMatchObject({ status: "processed", itemCount: null, processedAt: null });
    expect(await itemsOf(t, feed.id)).toEqual([]);
  });

  it("cannot be set back to pending (422 naming status)", async () => {
    const t = await setup.tenant();
    const feed = await webhookFeed(t);
    const processed = await expectStatus(push(t, { inventoryFeedId: feed.id, payload: "[]" }), 200);
    expect(processed).toMatchObject({ status: "processed", itemCount: 0 });
    const refused = await expectStatus(
      t.json("PUT", `/inventory-feed-payloads/${processed.id}.json`, { status: "pending" }),
      422,
    );
    expect(refused.errors).toEqual([{ path: "status", message: expect.stringContaining("create it again") }]);
    expect(await read(t, "inventory-feed-payloads", processed.id)).toEqual(processed);
  });
});
