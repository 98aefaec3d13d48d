// Selling a bundle from an own warehouse moves its components' stock, never its own: its unshipped
// lines allocate the components (line quantity times the units one bundle holds), every release gives
// them back, shipping takes them off hand, and a received return puts them back. A bundle without
// components moves its own stock, as any variant does; adjustments of a bundle move its own. While a
// line holds a bundle's components, the bundle's components cannot change.
import { beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

const ADDRESS = { name: "Ada Buyer", lineOne: "1 Main St", city: "Springfield", zip: "62701", country: "US" };

/**
 * A channel shipping from the main warehouse; components A (10 on hand) and B (10), a bundle X of 2 A
 * and 1 B with 4 of its own on hand, and a plain variant P (5), each listed on the channel.
 */
async function world(t: Tenant) {
  const main = await create(t, "warehouses", { name: "Main", isDefault: true, country: "US" });
  const channel = await create(t, "channels", { name: "Own Store", warehouseId: main.id });
  const variant = (sku: string, name: string) => create(t, "variants", { sku, name, price: 10 });
  const a = await variant("A-1", "A");
  const b = await variant("B-1", "B");
  const x = await variant("X-1", "Bundle X");
  const p = await variant("P-1", "Plain P");
  for (const [one, onHand] of [
    [a, 10],
    [b, 10],
    [x, 4],
    [p, 5],
  ] as const) {
    await create(t, "adjustments", { variantId: one.id, warehouseId: main.id, quantity: onHand });
    await create(t, "channel-variants", { channelId: channel.id, variantId: one.id, externalId: one.sku });
  }
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
  return { main, channel, a, b, x, p, partA, partB };
}
type World = Awaited<ReturnType<typeof world>>;

/** On hand and allocated of each variant named, at the main warehouse (`[0, 0]`: no level). */
async function stock(t: Tenant, w: World, ...variants: Rec[]) {
  const levels = await list(t, "inventory-levels", `&where[warehouseId]=${w.main.id}`);
  return variants.map((variant) => {
    const level = levels.find((one) => one.variantId === variant.id);
    return [level?.onHand ?? 0, level?.allocated ?? 0];
  });
}

/** A manual sale of `items` on the world's channel; answers the sale and the fulfillment it routed to. */
async function sell(t: Tenant, w: World, items: { sku: string; quantity: number }[]) {
  const sale = await expectStatus(
    t.json("POST", `/channels/${w.channel.id}/manual-sale.json`, {
      externalId: `O-${Math.random().toString(36).slice(2, 8)}`,
      customer: { email: "ada@example.com" },
      shippingAddress: ADDRESS,
      items: items.map((item) => ({ ...item, price: 10 })),
    }),
    200,
  );
  const [fulfillment] = await list(t, "fulfillments", `&where[saleId]=${sale.id}`);
  expect(fulfillment).toMatchObject({ warehouseId: w.main.id, status: "pending" });
  return { sale: sale as Rec, fulfillment: fulfillment! };
}

/** A sale with a line of `quantity` of `variant`, and a pending fulfillment of it made by hand. */
async function fulfilByHand(t: Tenant, w: World, variant: Rec, quantity: number, extra = {}) {
  const sale = await create(t, "sales", {
    channelId: w.channel.id,
    externalId: `S-${Math.random().toString(36).slice(2, 8)}`,
  });
  const saleItem = await create(t, "sale-items", {
    saleId: sale.id,
    variantId: variant.id,
    sku: variant.sku,
    quantity,
    price: 10,
  });
  const fulfillment = await create(t, "fulfillments", { saleId: sale.id, warehouseId: w.main.id });
  const line = await create(t, "fulfillment-items", {
    fulfillmentId: fulfillment.id,
    saleItemId: saleItem.id,
    variantId: variant.id,
    sku: variant.sku,
    quantity,
    ...extra,
  });
  return { sale, saleItem, fulfillment, line };
}

/** What the channel's variant levels answer as available, by SKU. */
async function available(t: Tenant, w: World) {
  const levels = (await t.json("GET", `/channels/${w.channel.id}/variant-levels.json`)).body as Rec[];
  return Object.fromEntries(levels.map((level) => [level.sku, level.available]));
}

describe("a bundle sold from an own warehouse", () => {
  it("allocates its components, not itself, and the channel is told the stock left", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    expect(await available(t, w)).toEqual({ "A-1": 10, "B-1": 10, "X-1": 5, "P-1": 5 });
    await sell(t, w, [{ sku: "X-1", quantity: 3 }]);
    // 3 bundles: 6 A and 3 B allocated; the bundle's own 4 untouched.
    expect(await stock(t, w, w.a, w.b, w.x)).toEqual([
      [10, 6],
      [10, 3],
      [4, 0],
    ]);
    // What is left makes 2 more bundles (4 A / 2).
    expect(await available(t, w)).toEqual({ "A-1": 4, "B-1": 7, "X-1": 2, "P-1": 5 });
  });

  it("tells a custom channel the components' new stock when a bundle sells", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const w = await world(t);
    await create(t, "custom-channels", {
      name: "Own Store",
      channelId: w.channel.id,
      inventoryEndpoint: `${receiver.url}/inventory`,
    });
    const { dispatcher } = dispatcherWithClock(setup);
    const told = (variant: Rec) =>
      receiver.received
        .filter((call) => call.path === "/inventory")
        .map((call) => JSON.parse(call.body) as { variant: Rec; inventory: { available: number } })
        .filter((push) => push.variant.id === variant.id)
        .at(-1)?.inventory.available;
    await sell(t, w, [{ sku: "X-1", quantity: 2 }]);
    await dispatcher.runOnce();
    expect([told(w.a), told(w.b), told(w.x)]).toEqual([6, 8, 3]);
  });

  it("gives the components back when its line is cut or deleted, or its fulfillment deleted, cancelled or moved to dropship", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { fulfillment, line } = await fulfilByHand(t, w, w.x, 3);
    expect(await stock(t, w, w.a, w.b, w.x)).toEqual([
      [10, 6],
      [10, 3],
      [4, 0],
    ]);
    await expectStatus(t.json("PUT", `/fulfillment-items/${line.id}.json`, { quantity: 1 }), 200);
    expect(await stock(t, w, w.a, w.b, w.x)).toEqual([
      [10, 2],
      [10, 1],
      [4, 0],
    ]);
    await expectStatus(t.json("DELETE", `/fulfillment-items/${line.id}.json`), 204);
    expect(await stock(t, w, w.a, w.b)).toEqual([
      [10, 0],
      [10, 0],
    ]);

    const again = await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      variantId: w.x.id,
      sku: "X-1",
      quantity: 2,
    });
    expect(await stock(t, w, w.a, w.b)).toEqual([
      [10, 4],
      [10, 2],
    ]);
    await expectStatus(t.json("DELETE", `/fulfillments/${fulfillment.id}.json`), 204);
    expect(await stock(t, w, w.a, w.b)).toEqual([
      [10, 0],
      [10, 0],
    ]);
    expect(again.id).toBeGreaterThan(0);

    const cancelled = await sell(t, w, [{ sku: "X-1", quantity: 1 }]);
    expect(await stock(t, w, w.a, w.b)).toEqual([
      [10, 2],
      [10, 1],
    ]);
    await expectStatus(t.json("PUT", `/fulfillments/${cancelled.fulfillment.id}/cancel.json`, {}), 200);
    expect(await stock(t, w, w.a, w.b)).toEqual([
      [10, 0],
      [10, 0],
    ]);

    const moved = await sell(t, w, [{ sku: "X-1", quantity: 2 }]);
    const provider = await create(t, "dropship-providers", { name: "Vendor One" });
    await expectStatus(
      t.json("PUT", `/fulfillments/${moved.fulfillment.id}/move-to-dropship.json`, {
        dropshipProviderId: provider.id,
      }),
      200,
    );
    expect(await stock(t, w, w.a, w.b, w.x)).toEqual([
      [10, 0],
      [10, 0],
      [4, 0],
    ]);
  });

  it("takes its components off hand when it ships, and a received return puts them back", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale, fulfillment } = await sell(t, w, [{ sku: "X-1", quantity: 3 }]);
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    expect(await stock(t, w, w.a, w.b, w.x)).toEqual([
      [4, 0],
      [7, 0],
      [4, 0],
    ]);

    const [saleItem] = await list(t, "sale-items", `&where[saleId]=${sale.id}`);
    const saleReturn = await create(t, "sale-returns", { saleId: sale.id, type: "return" });
    await create(t, "sale-return-items", {
      saleReturnId: saleReturn.id,
      saleItemId: saleItem!.id,
      quantity: 2,
    });
    await expectStatus(t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}), 200);
    // 2 bundles back: 4 A and 2 B, each recorded as an adjustment; the bundle's own stock untouched.
    expect(await stock(t, w, w.a, w.b, w.x)).toEqual([
      [8, 0],
      [9, 0],
      [4, 0],
    ]);
    const adjustments = (await list(t, "adjustments")).filter(
      (adjustment) => adjustment.notes === `Sale return ${saleReturn.id} received.`,
    );
    expect(
      adjustments.map(({ variantId, warehouseId, quantity, quantityBefore, quantityAfter }) => ({
        variantId,
        warehouseId,
        quantity,
        quantityBefore,
        quantityAfter,
      })),
    ).toEqual([
      { variantId: w.a.id, warehouseId: w.main.id, quantity: 4, quantityBefore: 4, quantityAfter: 8 },
      { variantId: w.b.id, warehouseId: w.main.id, quantity: 2, quantityBefore: 7, quantityAfter: 9 },
    ]);
  });

  it("moves a bundle's own stock once it has no components, and a variant's own beside a bundle's components", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    await expectStatus(t.json("DELETE", `/bundle-variants/${w.partA.id}.json`), 204);
    await expectStatus(t.json("DELETE", `/bundle-variants/${w.partB.id}.json`), 204);
    const bundle = await create(t, "variants", { sku: "Y-1", name: "Bundle Y" });
    await create(t, "bundle-variants", { variantId: bundle.id, componentVariantId: w.a.id, quantity: 3 });
    const { fulfillment } = await sell(t, w, [
      { sku: "X-1", quantity: 2 },
      { sku: "P-1", quantity: 1 },
      { sku: "Y-1", quantity: 1 },
    ]);
    // X, now without components, and P allocate their own; Y allocates 3 A.
    expect(await stock(t, w, w.x, w.p, w.a, w.b, bundle)).toEqual([
      [4, 2],
      [5, 1],
      [10, 3],
      [10, 0],
      [0, 0],
    ]);
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    expect(await stock(t, w, w.x, w.p, w.a, w.b, bundle)).toEqual([
      [2, 0],
      [4, 0],
      [7, 0],
      [10, 0],
      [0, 0],
    ]);
  });
});

describe("a bundle's components while its lines hold them", () => {
  it("cannot change, be added or be removed: a 409 naming the fulfillment, and nothing changes", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const c = await create(t, "variants", { sku: "C-1", name: "C" });
    const { fulfillment } = await fulfilByHand(t, w, w.x, 2);
    const before = await stock(t, w, w.a, w.b, w.x, c);
    expect(before).toEqual([
      [10, 4],
      [10, 2],
      [4, 0],
      [0, 0],
    ]);

    const refusals = [
      t.json("PUT", `/bundle-variants/${w.partA.id}.json`, { quantity: 3 }),
      t.json("PUT", `/bundle-variants/${w.partA.id}.json`, { componentVariantId: c.id }),
      t.json("POST", "/bundle-variants.json", { variantId: w.x.id, componentVariantId: c.id }),
      t.json("DELETE", `/bundle-variants/${w.partB.id}.json`),
    ];
    for (const refusal of refusals) {
      const problem = await expectStatus(refusal, 409);
      expect(problem.detail).toContain(`Fulfillment ${fulfillment.id}`);
      expect(problem.detail).toContain("ship, cancel or delete those lines first");
      expect(problem.state).toBe("pending");
      expect(problem.allowedActions).toContain("ship");
    }
    // Sent back as read, a component changes nothing and is taken.
    await expectStatus(t.json("PUT", `/bundle-variants/${w.partA.id}.json`, { quantity: 2 }), 200);
    expect(await list(t, "bundle-variants", `&where[variantId]=${w.x.id}`)).toEqual([
      await read(t, "bundle-variants", w.partA.id),
      await read(t, "bundle-variants", w.partB.id),
    ]);
    expect((await read(t, "bundle-variants", w.partA.id)).quantity).toBe(2);
    expect(await stock(t, w, w.a, w.b, w.x, c)).toEqual(before);

    // Once shipped, the line holds nothing: the components may change.
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    await expectStatus(t.json("PUT", `/bundle-variants/${w.partA.id}.json`, { quantity: 3 }), 200);
  });

  it("a line that skips inventory changes moves nothing and holds no component", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { fulfillment } = await fulfilByHand(t, w, w.x, 2, { skipInventoryChange: true });
    // A plain line of the bundle beside it on another fulfillment holds the components.
    const held = await fulfilByHand(t, w, w.x, 1);
    expect(await stock(t, w, w.a, w.b, w.x)).toEqual([
      [10, 2],
      [10, 1],
      [4, 0],
    ]);
    const problem = await expectStatus(
      t.json("PUT", `/bundle-variants/${w.partA.id}.json`, { quantity: 3 }),
      409,
    );
    expect(problem.detail).toContain(`Fulfillment ${held.fulfillment.id}`);
    await expectStatus(t.json("DELETE", `/fulfillments/${held.fulfillment.id}.json`), 204);
    // Only the skipping line is left: it holds nothing, so the components may change.
    await expectStatus(t.json("PUT", `/bundle-variants/${w.partA.id}.json`, { quantity: 3 }), 200);
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    expect(await stock(t, w, w.a, w.b, w.x)).toEqual([
      [10, 0],
      [10, 0],
      [4, 0],
    ]);
  });
});
