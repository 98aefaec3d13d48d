// A custom channel is told a variant's stock whenever the units its feeds give it change: a linked feed
// item created, moved to another variant or feed, unlinked or deleted, its feed disabled or given another
// buffer.
import { beforeAll, describe, expect, it } from "vitest";
import { FAN_OUT_BATCH } from "../../src/services/webhooks/fan-out.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, type Rec } from "../requests.ts";
import { copyRow, dispatcherWithClock, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/**
 * A custom channel listing variants A and B, a feed without items, a receiver for the channel's stock
 * pushes and a dispatcher; `told(variant)` is the stock last pushed for a variant (undefined: none).
 */
async function store(t: Tenant, feedSettings: Record<string, unknown> = {}) {
  const receiver = await startReceiver();
  const channel = await create(t, "channels", { name: "Own Store" });
  const custom = await create(t, "custom-channels", {
    name: "Own Store",
    channelId: channel.id,
    inventoryEndpoint: `${receiver.url}/inventory`,
  });
  const a = await create(t, "variants", { sku: "A-1", name: "A" });
  const b = await create(t, "variants", { sku: "B-1", name: "B" });
  await create(t, "channel-variants", { channelId: channel.id, variantId: a.id, externalId: "A" });
  await create(t, "channel-variants", { channelId: channel.id, variantId: b.id, externalId: "B" });
  const feed = await create(t, "inventory-feeds", {
    name: "Supplier",
    fetchFrequency: "never",
    ...feedSettings,
  });
  const { dispatcher } = dispatcherWithClock(setup);
  await dispatcher.runOnce();
  const pushes = () =>
    receiver.received
      .filter((call) => call.path === "/inventory")
      .map((call) => JSON.parse(call.body) as { variant: Rec; inventory: { available: number } });
  const told = (variant: Rec) =>
    pushes()
      .filter((push) => push.variant.id === variant.id)
      .at(-1)?.inventory.available;
  /** What the channel's levels answer for a variant: what its store should have been told last. */
  const available = async (variant: Rec) => {
    const levels = (await t.json("GET", `/channels/${channel.id}/variant-levels.json`)).body as Rec[];
    return levels.find((level) => level.variantId === variant.id)?.available;
  };
  return { channel, custom, a, b, feed, dispatcher, receiver, pushes, told, available };
}

let items = 0;
const item = (t: Tenant, feed: Rec, variant: Rec | null, quantity = 10) =>
  create(t, "inventory-feed-variants", {
    inventoryFeedId: feed.id,
    externalId: `X-${++items}`,
    sku: `X-${items}`,
    quantity,
    variantId: variant?.id ?? null,
  });

const update = (t: Tenant, plural: string, id: number, body: Record<string, unknown>) =>
  expectStatus(t.json("PUT", `/${plural}/${id}.json`, body), 200);

describe("feed items and the stock a custom channel is told", () => {
  it("a linked item created: its variant's channel is told the stock with the item's units", async () => {
    const t = await setup.tenant();
    const { a, b, feed, dispatcher, pushes, told, available } = await store(t);
    await item(t, feed, a, 10);
    await dispatcher.runOnce();
    expect(await available(a)).toBe(10);
    expect(told(a)).toBe(10);
    expect(told(b)).toBeUndefined();
    // An item linked to no variant is no variant's stock.
    await item(t, feed, null, 7);
    await dispatcher.runOnce();
    expect(pushes()).toHaveLength(1);
  });

  it("an item moved from A to B: A is told its lower stock, B its higher", async () => {
    const t = await setup.tenant();
    const { a, b, feed, dispatcher, told, available } = await store(t);
    const moved = await item(t, feed, a, 10);
    await dispatcher.runOnce();
    await update(t, "inventory-feed-variants", moved.id, { variantId: b.id });
    await dispatcher.runOnce();
    expect([await available(a), await available(b)]).toEqual([0, 10]);
    expect([told(a), told(b)]).toEqual([0, 10]);
  });

  it("a linked item moved to another feed: its variant is told the stock its new feed gives", async () => {
    const t = await setup.tenant();
    const { a, feed, dispatcher, told, available } = await store(t);
    const buffered = await create(t, "inventory-feeds", {
      name: "Buffered",
      fetchFrequency: "never",
      allocationBuffer: 4,
    });
    const disabled = await create(t, "inventory-feeds", {
      name: "Off",
      fetchFrequency: "never",
      enabled: false,
    });
    const moved = await item(t, feed, a, 10);
    await dispatcher.runOnce();
    expect(told(a)).toBe(10);
    for (const [to, stock] of [
      [buffered, 6],
      [disabled, 0],
      [feed, 10],
    ] as const) {
      await update(t, "inventory-feed-variants", moved.id, { inventoryFeedId: to.id });
      await dispatcher.runOnce();
      expect(await available(a), to.name).toBe(stock);
      expect(told(a), to.name).toBe(stock);
    }
  });

  it("an item unlinked from its variant: the variant is told its lower stock", async () => {
    const t = await setup.tenant();
    const { a, feed, dispatcher, told, available } = await store(t);
    await item(t, feed, a, 4);
    const unlinked = await item(t, feed, a, 10);
    await dispatcher.runOnce();
    expect(told(a)).toBe(14);
    await update(t, "inventory-feed-variants", unlinked.id, { variantId: null });
    await dispatcher.runOnce();
    expect(await available(a)).toBe(4);
    expect(told(a)).toBe(4);
  });

  it("a linked item deleted: its variant is told its lower stock", async () => {
    const t = await setup.tenant();
    const { a, feed, dispatcher, told, available } = await store(t);
    const deleted = await item(t, feed, a, 10);
    await dispatcher.runOnce();
    expect(told(a)).toBe(10);
    await expectStatus(t.json("DELETE", `/inventory-feed-variants/${deleted.id}.json`), 204);
    await dispatcher.runOnce();
    expect(await available(a)).toBe(0);
    expect(told(a)).toBe(0);
  });

  it("a feed disabled and enabled again: each variant of its items is told, each time", async () => {
    const t = await setup.tenant();
    const { a, b, feed, dispatcher, pushes, told, available } = await store(t);
    await item(t, feed, a, 10);
    await item(t, feed, b, 3);
    await dispatcher.runOnce();
    await update(t, "inventory-feeds", feed.id, { enabled: false });
    await dispatcher.runOnce();
    expect([await available(a), await available(b)]).toEqual([0, 0]);
    expect([told(a), told(b)]).toEqual([0, 0]);
    await update(t, "inventory-feeds", feed.id, { enabled: true });
    await dispatcher.runOnce();
    expect([told(a), told(b)]).toEqual([10, 3]);
    // A change of the feed that leaves its units as they are tells nothing.
    const before = pushes().length;
    await update(t, "inventory-feeds", feed.id, { name: "Supplier, renamed" });
    await dispatcher.runOnce();
    expect(pushes()).toHaveLength(before);
  });

  it("a feed's allocationBuffer changed: each variant of its items is told with the new buffer", async () => {
    const t = await setup.tenant();
    const { a, b, feed, dispatcher, told, available } = await store(t, { allocationBuffer: 2 });
    await item(t, feed, a, 10);
    await item(t, feed, b, 3);
    await dispatcher.runOnce();
    expect([told(a), told(b)]).toEqual([8, 1]);
    await update(t, "inventory-feeds", feed.id, { allocationBuffer: 5 });
    await dispatcher.runOnce();
    expect([await available(a), await available(b)]).toEqual([5, 0]);
    expect([told(a), told(b)]).toEqual([5, 0]);
  });

  it("a feed with more variants than a pass looks up is told a slice a pass, every variant once", async () => {
    const t = await setup.tenant();
    const { channel, custom, feed, dispatcher, pushes } = await store(t);
    // FAN_OUT_BATCH + 100 variants, each listed on the channel and linked to one item of the feed, made
    // while the channel is off: their stock is told first when the feed is disabled.
    await update(t, "custom-channels", custom.id, { enabled: false });
    const many = FAN_OUT_BATCH + 100;
    const variant = await create(t, "variants", { sku: "MANY-0", name: "Many" });
    const listing = await create(t, "channel-variants", {
      channelId: channel.id,
      variantId: variant.id,
      externalId: "MANY-0",
    });
    const template = await item(t, feed, variant, 3);
    await copyRow(setup.db, "variants", variant.id, many - 1, { sku: "'MANY-' || n" });
    const copied = `(SELECT v.id FROM variants v WHERE v.company_id = ${t.companyId} AND v.sku = 'MANY-' || n)`;
    await copyRow(setup.db, "channel_variants", listing.id, many - 1, {
      variant_id: copied,
      external_id: "'MANY-' || n",
    });
    await copyRow(setup.db, "inventory_feed_variants", template.id, many - 1, {
      variant_id: copied,
      external_id: "'MANY-' || n",
      sku: "'MANY-' || n",
    });
    await dispatcher.runOnce();
    await update(t, "custom-channels", custom.id, { enabled: true });
    while ((await dispatcher.fanOut()) > 0);

    const queued = async () => {
      const found = await setup.db.execute({
        sql: "SELECT count(*) AS n FROM webhook_deliveries WHERE company_id = ? AND purpose = 'inventory' AND status = 'pending'",
        args: [t.companyId],
      });
      return Number(found.rows[0]!.n);
    };
    await update(t, "inventory-feeds", feed.id, { enabled: false });
    // One pass tells as many variants as it looks up, the next goes on from the last one told.
    expect(await dispatcher.fanOut()).toBe(1);
    expect(await queued()).toBe(FAN_OUT_BATCH);
    while ((await dispatcher.fanOut()) > 0);
    expect(await queued()).toBe(many);
    await dispatcher.runOnce();
    const pushed = pushes();
    expect(pushed).toHaveLength(many);
    expect(new Set(pushed.map((push) => push.variant.id)).size).toBe(many);
    expect(pushed.every((push) => push.inventory.available === 0)).toBe(true);
  });
});
