// A custom channel that syncs bundles is told a bundle's stock as its components make it: the least,
// over them, of what the channel would be told of the component divided by the units a bundle holds.
// A change of the channel's safety stock or bundle setting tells it the stock of everything it lists.
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
 * A custom channel listing components A and B and a bundle X of 2 A and 1 B, with A's stock 7 and B's 5,
 * a receiver for the channel's stock pushes and a dispatcher that has sent what that setup called for;
 * `told(variant)` is the stock last pushed for a variant (undefined: none).
 */
async function store(t: Tenant, channelSettings: Record<string, unknown> = {}) {
  const receiver = await startReceiver();
  const warehouse = await create(t, "warehouses", { name: "Main" });
  const channel = await create(t, "channels", {
    name: "Own Store",
    warehouseId: warehouse.id,
    ...channelSettings,
  });
  await create(t, "custom-channels", {
    name: "Own Store",
    channelId: channel.id,
    inventoryEndpoint: `${receiver.url}/inventory`,
  });
  const a = await create(t, "variants", { sku: "A-1", name: "A" });
  const b = await create(t, "variants", { sku: "B-1", name: "B" });
  const x = await create(t, "variants", { sku: "X-1", name: "Bundle X" });
  for (const [variant, externalId] of [
    [a, "A"],
    [b, "B"],
    [x, "X"],
  ] as const) {
    await create(t, "channel-variants", { channelId: channel.id, variantId: variant.id, externalId });
  }
  const { dispatcher } = dispatcherWithClock(setup);
  const setLevel = (externalId: string, quantity: number) =>
    expectStatus(
      t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, { externalId, quantity }),
      200,
    );
  await setLevel("A", 7);
  await setLevel("B", 5);
  const partA = await create(t, "bundle-variants", {
    variantId: x.id,
    componentVariantId: a.id,
    quantity: 2,
  });
  const partB = await create(t, "bundle-variants", {
    variantId: x.id,
    componentVariantId: b.id,
    quantity: 1,
  });
  await dispatcher.runOnce();
  const told = (variant: Rec) =>
    receiver.received
      .filter((call) => call.path === "/inventory")
      .map((call) => JSON.parse(call.body) as { variant: Rec; inventory: { available: number } })
      .filter((push) => push.variant.id === variant.id)
      .at(-1)?.inventory.available;
  /** What the channel's levels answer for a variant: what its store should have been told last. */
  const available = async (variant: Rec) => {
    const levels = (await t.json("GET", `/channels/${channel.id}/variant-levels.json`)).body as Rec[];
    return levels.find((level) => level.variantId === variant.id)?.available;
  };
  return { channel, a, b, x, partA, partB, dispatcher, receiver, setLevel, told, available };
}

describe("bundles and the stock a custom channel is told", () => {
  it("a bundle of 2 A and 1 B, with A at 7 and B at 5, is told 3", async () => {
    const t = await setup.tenant();
    const { a, b, x, told, available } = await store(t);
    expect(told(a)).toBe(7);
    expect(told(b)).toBe(5);
    expect(told(x)).toBe(3);
    expect(await available(x)).toBe(3);
  });

  it("a component's level changing tells the bundle its new stock too", async () => {
    const t = await setup.tenant();
    const { a, x, dispatcher, setLevel, told, available } = await store(t);
    await setLevel("A", 3);
    await dispatcher.runOnce();
    expect(told(a)).toBe(3);
    expect(told(x)).toBe(1);
    expect(await available(x)).toBe(1);
    await setLevel("A", 20);
    await dispatcher.runOnce();
    // B (5 units, one a bundle) is now the scarcer.
    expect(told(x)).toBe(5);
  });

  it("with bundleInventorySync disabled, the bundle's own stock is told", async () => {
    const t = await setup.tenant();
    const { x, dispatcher, setLevel, told, available } = await store(t, {
      bundleInventorySync: "disabled",
    });
    expect(told(x)).toBe(0);
    expect(await available(x)).toBe(0);
    await setLevel("X", 4);
    await dispatcher.runOnce();
    expect(told(x)).toBe(4);
    expect(await available(x)).toBe(4);
  });

  it("a component added, changed or removed tells the bundle's new stock", async () => {
    const t = await setup.tenant();
    const { x, partA, partB, dispatcher, setLevel, told, available } = await store(t);
    const c = await create(t, "variants", { sku: "C-1", name: "C" });
    // C has no stock: a bundle holding it can be made none.
    const partC = await create(t, "bundle-variants", { variantId: x.id, componentVariantId: c.id });
    await dispatcher.runOnce();
    expect(told(x)).toBe(0);
    await expectStatus(t.json("DELETE", `/bundle-variants/${partC.id}.json`), 204);
    await dispatcher.runOnce();
    expect(told(x)).toBe(3);
    await expectStatus(t.json("PUT", `/bundle-variants/${partB.id}.json`, { quantity: 5 }), 200);
    await dispatcher.runOnce();
    expect(told(x)).toBe(1);
    await expectStatus(t.json("DELETE", `/bundle-variants/${partB.id}.json`), 204);
    await expectStatus(t.json("DELETE", `/bundle-variants/${partA.id}.json`), 204);
    await dispatcher.runOnce();
    // No components left: the bundle's own stock, none yet, then what is set.
    expect(told(x)).toBe(0);
    await setLevel("X", 2);
    await dispatcher.runOnce();
    expect(told(x)).toBe(2);
    expect(await available(x)).toBe(2);
  });
});

describe("a channel's settings and the stock it is told", () => {
  const update = (t: Tenant, channelId: number, body: Record<string, unknown>) =>
    expectStatus(t.json("PUT", `/channels/${channelId}.json`, body), 200);

  it("a safety stock changed tells each variant the channel lists its new stock; a rename tells nothing", async () => {
    const t = await setup.tenant();
    const { channel, a, b, x, dispatcher, receiver, told, available } = await store(t);
    await update(t, channel.id, { safetyStock: 2 });
    await dispatcher.runOnce();
    // A: 7 - 2; B: 5 - 2; the bundle: the least of (7 - 2) / 2 and (5 - 2) / 1.
    expect([told(a), told(b), told(x)]).toEqual([5, 3, 2]);
    expect([await available(a), await available(b), await available(x)]).toEqual([5, 3, 2]);
    const before = receiver.received.length;
    await update(t, channel.id, { name: "Own Store, renamed" });
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(before);
  });

  it("bundleInventorySync turned off and on tells the bundle its own stock, then its components'", async () => {
    const t = await setup.tenant();
    const { channel, x, dispatcher, setLevel, told, available } = await store(t);
    await setLevel("X", 9);
    await dispatcher.runOnce();
    expect(told(x)).toBe(3);
    await update(t, channel.id, { bundleInventorySync: "disabled" });
    await dispatcher.runOnce();
    expect(told(x)).toBe(9);
    expect(await available(x)).toBe(9);
    await update(t, channel.id, { bundleInventorySync: "enabled" });
    await dispatcher.runOnce();
    expect(told(x)).toBe(3);
  });

  it("disableVariantInventorySync sends the channel no stock, and turned off again tells it every variant", async () => {
    const t = await setup.tenant();
    const { channel, a, b, x, dispatcher, receiver, setLevel, told } = await store(t);
    const pushes = () => receiver.received.filter((call) => call.path === "/inventory").length;
    await update(t, channel.id, { disableVariantInventorySync: true });
    await dispatcher.runOnce();
    const before = pushes();
    await setLevel("A", 3);
    await dispatcher.runOnce();
    expect(pushes()).toBe(before);
    await update(t, channel.id, { disableVariantInventorySync: false });
    await dispatcher.runOnce();
    // A: 3; B: 5; the bundle: the least of 3 / 2 and 5 / 1.
    expect([told(a), told(b), told(x)]).toEqual([3, 5, 1]);
    expect(pushes()).toBe(before + 3);
  });

  it("a channel listing more variants than a pass looks up is told a slice a pass, every variant once", async () => {
    const t = await setup.tenant();
    const { channel, a, dispatcher, receiver } = await store(t);
    const many = FAN_OUT_BATCH + 100;
    const listing = (await t.json("GET", `/channel-variants.json?where[variantId]=${a.id}`)).body[0];
    await copyRow(setup.db, "variants", a.id, many, { sku: "'MANY-' || n" });
    await copyRow(setup.db, "channel_variants", listing.id, many, {
      variant_id: `(SELECT v.id FROM variants v WHERE v.company_id = ${t.companyId} AND v.sku = 'MANY-' || n)`,
      external_id: "'MANY-' || n",
    });
    const pushed = () =>
      receiver.received
        .filter((call) => call.path === "/inventory")
        .map((call) => JSON.parse(call.body) as { variant: Rec; inventory: { available: number } });
    while ((await dispatcher.fanOut()) > 0);
    await dispatcher.runOnce();
    const before = pushed().length;
    await update(t, channel.id, { safetyStock: 1 });
    // One pass tells as many variants as it looks up (of A, B, the bundle and the copies), the next
    // goes on from the last one told.
    expect(await dispatcher.fanOut()).toBe(1);
    while ((await dispatcher.fanOut()) > 0);
    await dispatcher.runOnce();
    const told = pushed().slice(before);
    expect(told).toHaveLength(many + 3);
    expect(new Set(told.map((push) => push.variant.id)).size).toBe(many + 3);
    // The copies have no stock.
    expect(
      told
        .filter((push) => push.variant.sku.startsWith("MANY-"))
        .every((push) => push.inventory.available === 0),
    ).toBe(true);
  });
});

describe("bundles in an inventory export of the channel", () => {
  /** The channel's export as JSON, its `sku` and `available` columns: available by SKU. */
  async function exported(t: Tenant, channelId: number, includeZero: boolean) {
    const definition = await create(t, "inventory-exports", {
      name: "Store stock",
      format: "json",
      channelId,
      includeZero,
    });
    for (const [position, source] of ["sku", "available"].entries()) {
      await create(t, "inventory-export-fields", { inventoryExportId: definition.id, source, position });
    }
    const made = await expectStatus(t.json("GET", `/inventory-exports/${definition.id}/export.json`), 200);
    const rows = (await (await t.request("GET", made.url)).json()) as { sku: string; available: number }[];
    return Object.fromEntries(rows.map((row) => [row.sku, row.available]));
  }

  it("gives the bundle's available as the channel is told it, and leaves it out with nothing to sell", async () => {
    const t = await setup.tenant();
    const { channel, setLevel } = await store(t);
    expect(await exported(t, channel.id, true)).toEqual({ "A-1": 7, "B-1": 5, "X-1": 3 });
    await setLevel("B", 0);
    expect(await exported(t, channel.id, false)).toEqual({ "A-1": 7 });
    expect(await exported(t, channel.id, true)).toEqual({ "A-1": 7, "B-1": 0, "X-1": 0 });
  });
});
