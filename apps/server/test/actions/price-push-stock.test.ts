// A custom channel with `priceEndpointInventory` is sent the stock level with each price push:
// `inventory: {available}`, as its inventory push tells it; one with `inventoryEndpointPrice` is sent the
// price with each stock push, as its price push tells it. Receivers on 127.0.0.1.
import { beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list } from "../requests.ts";
import { dispatcherWithClock, setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

describe("custom-channel.priceEndpointInventory", () => {
  it("a price push carries the stock the channel's inventory push tells it, only where the custom channel asks", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const warehouse = await create(t, "warehouses", { name: "Main", isDefault: true });
    // Three stores: one asking for stock with prices (2 held back), one not asking, one told no stock.
    const stores = {
      withStock: await create(t, "channels", { name: "With stock", safetyStock: 2 }),
      pricesOnly: await create(t, "channels", { name: "Prices only" }),
      noStock: await create(t, "channels", { name: "No stock", disableVariantInventorySync: true }),
    };
    for (const [name, channel] of Object.entries(stores)) {
      await create(t, "custom-channels", {
        name,
        channelId: channel.id,
        priceEndpoint: `${receiver.url}/${name}/price`,
        inventoryEndpoint: `${receiver.url}/${name}/stock`,
        priceEndpointInventory: name !== "pricesOnly",
      });
    }
    const mug = await create(t, "variants", { sku: "MUG-1", name: "Mug", price: 10 });
    for (const channel of Object.values(stores)) {
      await create(t, "channel-variants", {
        channelId: channel.id,
        variantId: mug.id,
        externalId: `m-${channel.id}`,
      });
    }
    await create(t, "adjustments", { variantId: mug.id, warehouseId: warehouse.id, quantity: 9 });
    await dispatcher.runOnce();
    const bodyOf = (path: string) => {
      const calls = receiver.received.filter((call) => call.path === path);
      expect(calls).toHaveLength(1);
      return JSON.parse(calls[0]!.body);
    };
    const told = bodyOf("/withStock/stock").inventory;
    expect(told).toEqual({ available: 7 });

    await expectStatus(t.json("PUT", `/variants/${mug.id}.json`, { price: 12 }), 200);
    await dispatcher.runOnce();

    const withStock = bodyOf("/withStock/price");
    expect(withStock).toMatchObject({ price: { price: 12, variantId: mug.id }, inventory: told });
    expect(Object.keys(withStock)).toEqual(["channelVariant", "price", "zeroCompareAtPrices", "inventory"]);
    expect(bodyOf("/pricesOnly/price")).not.toHaveProperty("inventory");
    expect(bodyOf("/noStock/price")).not.toHaveProperty("inventory");
    // The push's log says the stock level it sent.
    const logged = await list(t, "channel-variant-updates", "&where[type]=price");
    expect(logged.map((update) => update.inventoryQuantity).sort()).toEqual([7, null, null]);
  });

  it("a stock push carries the price its price push would send, only where the custom channel asks", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const warehouse = await create(t, "warehouses", { name: "Main", isDefault: true });
    // Three stores: one asking for prices with stock, one not asking, one whose prices are not synced.
    const stores = {
      withPrice: await create(t, "channels", { name: "With price" }),
      stockOnly: await create(t, "channels", { name: "Stock only" }),
      noPrices: await create(t, "channels", { name: "No prices", priceSync: "disabled" }),
    };
    for (const [name, channel] of Object.entries(stores)) {
      await create(t, "custom-channels", {
        name,
        channelId: channel.id,
        inventoryEndpoint: `${receiver.url}/${name}/stock`,
        inventoryEndpointPrice: name !== "stockOnly",
      });
    }
    const mug = await create(t, "variants", { sku: "MUG-2", name: "Mug", price: 10, compareAtPrice: 14 });
    for (const channel of Object.values(stores)) {
      await create(t, "channel-variants", {
        channelId: channel.id,
        variantId: mug.id,
        externalId: `p-${channel.id}`,
      });
    }
    await create(t, "adjustments", { variantId: mug.id, warehouseId: warehouse.id, quantity: 4 });
    await dispatcher.runOnce();
    const bodyOf = (path: string) => {
      const calls = receiver.received.filter((call) => call.path === path);
      expect(calls).toHaveLength(1);
      return JSON.parse(calls[0]!.body);
    };
    const withPrice = bodyOf("/withPrice/stock");
    expect(withPrice).toMatchObject({
      inventory: { available: 4 },
      price: { price: 10, compareAtPrice: 14, variantId: mug.id },
    });
    expect(Object.keys(withPrice)).toEqual(["variant", "channelVariant", "inventory", "price"]);
    expect(bodyOf("/stockOnly/stock")).not.toHaveProperty("price");
    expect(bodyOf("/noPrices/stock")).not.toHaveProperty("price");
    // The push's log says the price it sent.
    const logged = await list(t, "channel-variant-updates", "&where[type]=inventory");
    expect(logged.map((update) => update.price).sort()).toEqual([10, null, null]);
  });
});
