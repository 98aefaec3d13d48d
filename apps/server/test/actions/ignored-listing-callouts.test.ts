// A listing at `ignore` is off the store: a change of its variant's stock or price tells the store's
// other listings, never that one.
import { beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus } from "../requests.ts";
import { dispatcherWithClock, setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

describe("a listing at ignore", () => {
  it("is sent no stock and no price callout; the variant's other listings are", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const warehouse = await create(t, "warehouses", { name: "Main" });
    const channel = await create(t, "channels", { name: "Own Store", warehouseId: warehouse.id });
    await create(t, "custom-channels", {
      name: "Own Store",
      channelId: channel.id,
      inventoryEndpoint: `${receiver.url}/inventory`,
      priceEndpoint: `${receiver.url}/price`,
    });
    const mug = await create(t, "variants", { sku: "MUG-1", name: "Mug", price: 10 });
    const kept = await create(t, "channel-variants", {
      channelId: channel.id,
      variantId: mug.id,
      externalId: "kept",
    });
    const dropped = await create(t, "channel-variants", {
      channelId: channel.id,
      variantId: mug.id,
      externalId: "dropped",
    });
    await expectStatus(t.json("PUT", `/channel-variants/${dropped.id}.json`, { status: "ignore" }), 200);
    await dispatcher.runOnce();
    const before = receiver.received.length;

    await expectStatus(
      t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, { externalId: "kept", quantity: 4 }),
      200,
    );
    await expectStatus(t.json("PUT", `/variants/${mug.id}.json`, { price: 12 }), 200);
    await dispatcher.runOnce();

    const told = receiver.received.slice(before).map((call) => ({
      path: call.path,
      listing: (JSON.parse(call.body) as { channelVariant: { id: number } }).channelVariant.id,
    }));
    expect(told).toHaveLength(2);
    expect(told).toEqual(
      expect.arrayContaining([
        { path: "/inventory", listing: kept.id },
        { path: "/price", listing: kept.id },
      ]),
    );
    // Nor is its log written: the listing's records show no push.
    const updates = await t.json(
      "GET",
      `/channel-variant-updates.json?where[channelVariantId]=${dropped.id}`,
    );
    expect(updates.status).toBe(200);
    expect(updates.body).toEqual([]);
  });
});
