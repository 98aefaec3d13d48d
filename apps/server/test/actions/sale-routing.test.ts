// Where an imported order's lines go, and what a new sale takes from its customer: the settings of the
// provider and the customer that `manual-sale` (and the inbound orders and `sales` imports that share
// its planner) follow.
import { beforeAll, describe, expect, it } from "vitest";
import { expectStatus } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { get, list, make, sale } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

const manualSale = (t: Tenant, channelId: number, body: Record<string, unknown>) =>
  t.json("POST", `/channels/${channelId}/manual-sale.json`, body);

/** Where a sale's lines went: the purchases' providers and SKUs, and the fulfillments' SKUs. */
async function routed(t: Tenant, saleId: number) {
  const purchases = await list(t, "purchases", { saleId });
  const fulfillments = await list(t, "fulfillments", { saleId });
  return {
    purchases: await Promise.all(
      purchases.map(async (purchase) => ({
        dropshipProviderId: purchase.dropshipProviderId,
        skus: (await list(t, "purchase-items", { purchaseId: purchase.id })).map((line) => line.sku),
      })),
    ),
    fulfillments: await Promise.all(
      fulfillments.map(async (fulfillment) => ({
        warehouseId: fulfillment.warehouseId,
        skus: (await list(t, "fulfillment-items", { fulfillmentId: fulfillment.id })).map((line) => line.sku),
      })),
    ),
  };
}

describe("routing an imported order", () => {
  it("fulfills from the own warehouse the lines of a disabled provider, and dropships them again once enabled", async () => {
    const t = await ctx.tenant();
    const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await make(t, "channels", { name: "Web" });
    const off = await make(t, "dropship-providers", { name: "Paused Supply", enabled: false });
    const on = await make(t, "dropship-providers", { name: "Open Supply" });
    const paused = await make(t, "variants", {
      sku: "P",
      name: "Paused mug",
      costPrice: 3,
      dropshipProviderId: off.id,
    });
    await make(t, "variants", { sku: "O", name: "Open mug", costPrice: 2, dropshipProviderId: on.id });

    const first = await manualSale(
      t,
      channel.id,
      sale("ORDER-1", [
        { sku: "P", quantity: 2, price: 10 },
        { sku: "O", quantity: 1, price: 8 },
      ]),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await routed(t, first.body.id)).toEqual({
      purchases: [{ dropshipProviderId: on.id, skus: ["O"] }],
      fulfillments: [{ warehouseId: warehouse.id, skus: ["P"] }],
    });
    const [level] = await list(t, "inventory-levels", { variantId: paused.id });
    expect(level).toMatchObject({ warehouseId: warehouse.id, allocated: 2 });

    await expectStatus(t.json("PUT", `/dropship-providers/${off.id}.json`, { enabled: true }), 200);
    const second = await manualSale(t, channel.id, sale("ORDER-2", [{ sku: "P", quantity: 1, price: 10 }]));
    expect(second.status).toBe(200);
    expect(await routed(t, second.body.id)).toEqual({
      purchases: [{ dropshipProviderId: off.id, skus: ["P"] }],
      fulfillments: [],
    });
  });
});

describe("who ships a line both the own warehouse and a provider can ship (channel blendedPreference)", () => {
  /** A default warehouse with 5 of X on hand; X is also offered by a provider. */
  async function stocked(t: Tenant, channelValues: Record<string, unknown> = {}) {
    const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await make(t, "channels", { name: "Web", ...channelValues });
    const provider = await make(t, "dropship-providers", { name: "Supply Co" });
    const x = await make(t, "variants", {
      sku: "X",
      name: "Mug",
      costPrice: 3,
      dropshipProviderId: provider.id,
    });
    await make(t, "adjustments", { variantId: x.id, warehouseId: warehouse.id, quantity: 5 });
    return { warehouse, channel, provider, x };
  }

  it("fulfills from the own stock while it has the units free (inhouse, the default), then dropships", async () => {
    const t = await ctx.tenant();
    const { warehouse, channel, provider, x } = await stocked(t);
    expect(channel.blendedPreference).toBe("inhouse");

    const first = await manualSale(t, channel.id, sale("ORDER-1", [{ sku: "X", quantity: 3, price: 9 }]));
    expect(first.status).toBe(200);
    expect(await routed(t, first.body.id)).toEqual({
      purchases: [],
      fulfillments: [{ warehouseId: warehouse.id, skus: ["X"] }],
    });
    // 2 left free: the first line takes 1 of them, the second needs 3 and goes to the provider.
    const second = await manualSale(
      t,
      channel.id,
      sale("ORDER-2", [
        { sku: "X", quantity: 1, price: 9 },
        { sku: "X", quantity: 3, price: 9 },
      ]),
    );
    expect(second.status).toBe(200);
    expect(await routed(t, second.body.id)).toEqual({
      purchases: [{ dropshipProviderId: provider.id, skus: ["X"] }],
      fulfillments: [{ warehouseId: warehouse.id, skus: ["X"] }],
    });
    const [purchase] = await list(t, "purchases", { saleId: second.body.id });
    expect(
      (await list(t, "purchase-items", { purchaseId: purchase.id })).map((line) => line.quantity),
    ).toEqual([3]);
    const [level] = await list(t, "inventory-levels", { variantId: x.id });
    expect([level.onHand, level.allocated]).toEqual([5, 4]);
  });

  it("counts the stock of the channel's own warehouse, not of another", async () => {
    const t = await ctx.tenant();
    const { provider } = await stocked(t);
    const empty = await make(t, "warehouses", { name: "Annex" });
    const channel = await make(t, "channels", { name: "Annex orders", warehouseId: empty.id });
    const response = await manualSale(t, channel.id, sale("ORDER-1", [{ sku: "X", quantity: 1, price: 9 }]));
    expect(response.status).toBe(200);
    expect(await routed(t, response.body.id)).toEqual({
      purchases: [{ dropshipProviderId: provider.id, skus: ["X"] }],
      fulfillments: [],
    });
  });

  it("dropships whatever the own stock with dropship and routing", async () => {
    const t = await ctx.tenant();
    const { channel, provider, x } = await stocked(t, { blendedPreference: "dropship" });
    const routing = await make(t, "channels", { name: "Routed", blendedPreference: "routing" });
    const first = await manualSale(t, channel.id, sale("O-1", [{ sku: "X", quantity: 1, price: 9 }]));
    const second = await manualSale(t, routing.id, sale("O-2", [{ sku: "X", quantity: 1, price: 9 }]));
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(await routed(t, response.body.id)).toEqual({
        purchases: [{ dropshipProviderId: provider.id, skus: ["X"] }],
        fulfillments: [],
      });
    }
    const [level] = await list(t, "inventory-levels", { variantId: x.id });
    expect(level.allocated).toBe(0);
  });

  it("never dropships an item of an in-house brand, whatever the stock and the preference", async () => {
    const t = await ctx.tenant();
    const { warehouse, channel, provider, x } = await stocked(t, {
      blendedPreference: "dropship",
      inhouseBrandNames: ["housebrand"],
    });
    const house = await make(t, "products", { name: "House mug", brand: " HouseBrand " });
    const other = await make(t, "products", { name: "Other mug", brand: "Elsewhere" });
    await expectStatus(t.json("PUT", `/variants/${x.id}.json`, { productId: house.id }), 200);
    await make(t, "variants", {
      sku: "Y",
      name: "Other",
      costPrice: 2,
      productId: other.id,
      dropshipProviderId: provider.id,
    });
    const response = await manualSale(
      t,
      channel.id,
      sale("ORDER-1", [
        { sku: "X", quantity: 7, price: 9 },
        { sku: "Y", quantity: 1, price: 9 },
      ]),
    );
    expect(response.status).toBe(200);
    expect(await routed(t, response.body.id)).toEqual({
      purchases: [{ dropshipProviderId: provider.id, skus: ["Y"] }],
      fulfillments: [{ warehouseId: warehouse.id, skus: ["X"] }],
    });
    // Fulfilled past what is on hand, as any line of an item without a provider would be.
    const [level] = await list(t, "inventory-levels", { variantId: x.id });
    expect([level.onHand, level.allocated]).toEqual([5, 7]);
  });
});

describe("a new sale of a known customer", () => {
  it("takes the customer's sale notes when the order gives none, the order's when it does, and keeps its own on a re-import", async () => {
    const t = await ctx.tenant();
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await make(t, "channels", { name: "Web" });
    await make(t, "variants", { sku: "D", name: "Delta" });
    const customer = await make(t, "customers", {
      email: "ada@example.com",
      saleNotes: "Call before delivery",
    });

    const plain = await manualSale(t, channel.id, sale("ORDER-1", [{ sku: "D", quantity: 1, price: 1 }]));
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ customerId: customer.id, notes: "Call before delivery" });

    const noted = await manualSale(
      t,
      channel.id,
      sale("ORDER-2", [{ sku: "D", quantity: 1, price: 1 }], { notes: "Gift wrap" }),
    );
    expect(noted.body.notes).toBe("Gift wrap");
    const viaDefaults = await manualSale(
      t,
      channel.id,
      sale("ORDER-3", [{ sku: "D", quantity: 1, price: 1 }], {
        saleDefaults: { notes: "Leave at the back" },
      }),
    );
    expect(viaDefaults.body.notes).toBe("Leave at the back");

    // A sale imported before keeps the notes it has: the customer's are copied onto new sales only.
    await expectStatus(t.json("PUT", `/sales/${plain.body.id}.json`, { notes: "Called: ring twice" }), 200);
    await expectStatus(t.json("PUT", `/customers/${customer.id}.json`, { saleNotes: "Side door" }), 200);
    const again = await manualSale(t, channel.id, sale("ORDER-1", [{ sku: "D", quantity: 1, price: 1 }]));
    expect(again.status).toBe(200);
    expect((await get(t, "sales", plain.body.id)).notes).toBe("Called: ring twice");

    const next = await manualSale(t, channel.id, sale("ORDER-4", [{ sku: "D", quantity: 1, price: 1 }]));
    expect(next.body.notes).toBe("Side door");
  });
});

describe("a channel that has its imported sales reviewed first (automaticallyFinalizeSales false)", () => {
  async function reviewed(t: Tenant) {
    const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await make(t, "channels", { name: "Reviewed", automaticallyFinalizeSales: false });
    const provider = await make(t, "dropship-providers", { name: "Supply Co" });
    await make(t, "variants", { sku: "DS", name: "Drop mug", costPrice: 3, dropshipProviderId: provider.id });
    const own = await make(t, "variants", { sku: "OWN", name: "Own tee" });
    await make(t, "adjustments", { variantId: own.id, warehouseId: warehouse.id, quantity: 10 });
    return { warehouse, channel, provider, own };
  }

  it("imports a draft sale whose lines wait, and routes them, the later ones too, once it is finalized", async () => {
    const t = await ctx.tenant();
    const { warehouse, channel, provider, own } = await reviewed(t);
    const first = await manualSale(
      t,
      channel.id,
      sale("ORDER-1", [
        { sku: "DS", quantity: 2, price: 9 },
        { sku: "OWN", quantity: 1, price: 20 },
      ]),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.finalized).toBe(false);
    // Sent again with one more line: still a draft, nothing routed yet.
    const again = await manualSale(
      t,
      channel.id,
      sale("ORDER-1", [
        { sku: "DS", quantity: 2, price: 9 },
        { sku: "OWN", quantity: 1, price: 20 },
        { sku: "OWN", quantity: 3, price: 20, externalId: "L3" },
      ]),
    );
    expect(again.status).toBe(200);
    expect(await routed(t, first.body.id)).toEqual({ purchases: [], fulfillments: [] });
    expect((await list(t, "inventory-levels", { variantId: own.id }))[0].allocated).toBe(0);

    const finalized = await t.json("PUT", `/sales/${first.body.id}.json`, { finalized: true });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    expect(finalized.body.finalized).toBe(true);
    expect(await routed(t, first.body.id)).toEqual({
      purchases: [{ dropshipProviderId: provider.id, skus: ["DS"] }],
      fulfillments: [{ warehouseId: warehouse.id, skus: ["OWN", "OWN"] }],
    });
    expect((await list(t, "inventory-levels", { variantId: own.id }))[0].allocated).toBe(4);

    // Finalized already: sending it again, or a draft and a finalized again, routes nothing twice.
    await expectStatus(t.json("PUT", `/sales/${first.body.id}.json`, { finalized: true }), 200);
    await expectStatus(t.json("PUT", `/sales/${first.body.id}.json`, { finalized: false }), 200);
    await expectStatus(t.json("PUT", `/sales/${first.body.id}.json`, { finalized: true }), 200);
    expect((await list(t, "purchase-items")).length).toBe(1);
    expect((await list(t, "fulfillment-items")).length).toBe(2);
  });

  it("takes the reference's {status: finalized} as finalizing the sale", async () => {
    const t = await ctx.tenant();
    const { channel, provider } = await reviewed(t);
    const draft = await manualSale(t, channel.id, sale("ORDER-1", [{ sku: "DS", quantity: 1, price: 9 }]));
    expect(draft.body.finalized).toBe(false);
    const finalized = await t.json("PUT", `/sales/${draft.body.id}.json`, {
      ...draft.body,
      status: "finalized",
    });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    expect(finalized.body).toMatchObject({ finalized: true, status: "open" });
    expect(await routed(t, draft.body.id)).toEqual({
      purchases: [{ dropshipProviderId: provider.id, skus: ["DS"] }],
      fulfillments: [],
    });
  });

  it("keeps a draft written through POST /sales.json for the books: finalizing it routes nothing", async () => {
    const t = await ctx.tenant();
    const { channel, own } = await reviewed(t);
    const draft = await make(t, "sales", { channelId: channel.id, externalId: "BOOK-1", finalized: false });
    const ds = (await list(t, "variants", { sku: "DS" }))[0];
    await make(t, "sale-items", { saleId: draft.id, variantId: ds.id, sku: "DS", quantity: 2, price: 9 });
    await make(t, "sale-items", { saleId: draft.id, variantId: own.id, sku: "OWN", quantity: 1, price: 20 });

    const finalized = await t.json("PUT", `/sales/${draft.id}.json`, { finalized: true });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    expect(finalized.body.finalized).toBe(true);
    expect(await routed(t, draft.id)).toEqual({ purchases: [], fulfillments: [] });
    expect((await list(t, "inventory-levels", { variantId: own.id }))[0].allocated).toBe(0);
  });

  it("routes a draft's lines when its order is sent again finalized, and at once when saleDefaults say so", async () => {
    const t = await ctx.tenant();
    const { warehouse, channel, provider } = await reviewed(t);
    const lines = [
      { sku: "DS", quantity: 1, price: 9 },
      { sku: "OWN", quantity: 1, price: 20 },
    ];
    const draft = await manualSale(t, channel.id, sale("ORDER-1", lines));
    expect(draft.body.finalized).toBe(false);
    const resent = await manualSale(
      t,
      channel.id,
      sale("ORDER-1", lines, { saleDefaults: { finalized: true } }),
    );
    expect(resent.status).toBe(200);
    expect(resent.body.finalized).toBe(true);
    const expected = {
      purchases: [{ dropshipProviderId: provider.id, skus: ["DS"] }],
      fulfillments: [{ warehouseId: warehouse.id, skus: ["OWN"] }],
    };
    expect(await routed(t, draft.body.id)).toEqual(expected);

    const direct = await manualSale(
      t,
      channel.id,
      sale("ORDER-2", lines, { saleDefaults: { finalized: true } }),
    );
    expect(direct.body.finalized).toBe(true);
    expect(await routed(t, direct.body.id)).toEqual(expected);
  });
});
