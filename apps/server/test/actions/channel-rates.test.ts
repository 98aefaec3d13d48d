import { beforeAll, describe, expect, it } from "vitest";
import { expectStatus } from "../requests.ts";
import { setupApp } from "../support.ts";
import { list, make, sale } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

describe("channel rates", () => {
  it("groups items by who ships them and prices each group from the channel's rates", async () => {
    const t = await ctx.tenant();
    const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
    const provider = await make(t, "dropship-providers", { name: "Vendor One" });
    const channel = await make(t, "channels", { name: "Web", currency: "EUR" });
    await make(t, "variants", { sku: "A", price: 10.1, weight: 600 });
    await make(t, "variants", { sku: "B", price: 5.05, weight: 700, dropshipProviderId: provider.id });
    await make(t, "variants", { sku: "C", price: 0.1, weight: 250 });
    const rate = (body: Record<string, unknown>) =>
      make(t, "channel-shipping-rates", { channelId: channel.id, ...body });
    const flat = await rate({ name: "Standard", price: 7.99 });
    const weight = await rate({
      name: "By weight",
      basis: "weight",
      price: 2,
      pricePerUnit: 1.15,
      maxValue: 5000,
    });
    const value = await rate({ name: "From 20.50", basis: "orderValue", price: 0.1, minValue: 20.5 });
    const providerOnly = await rate({ name: "Vendor courier", price: 2.5, dropshipProviderId: provider.id });
    await rate({ name: "Canada only", price: 0.01, countries: ["CA"] });
    await rate({ name: "Switched off", price: 0, enabled: false });
    await rate({ name: "Heavy", basis: "weight", price: 0.05, minValue: 2000 });
    const exactly700 = await rate({
      name: "700 g",
      basis: "weight",
      price: 0.03,
      minValue: 700,
      maxValue: 700,
    });
    const small = await rate({ name: "Up to 5.05", basis: "orderValue", price: 0.02, maxValue: 5.05 });

    const response = await t.json("POST", `/channels/${channel.id}/rates.json`, {
      destination: { country: "US", zip: "10001" },
      items: [
        { sku: "A", quantity: 2 },
        { sku: "B", quantity: 1 },
        { sku: "NOPE", quantity: 1 },
        { sku: "C", quantity: 3 },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.currency).toBe("EUR");
    expect(response.body.unknownSkus).toEqual(["NOPE"]);
    const option = (r: any, amount: number) => ({
      channelShippingRateId: r.id,
      name: r.name,
      carrier: null,
      service: null,
      amount,
    });
    expect(response.body.groups).toEqual([
      {
        shipsFrom: "warehouse",
        dropshipProviderId: null,
        warehouseId: warehouse.id,
        items: [
          { sku: "A", quantity: 2 },
          { sku: "C", quantity: 3 },
        ],
        weight: 1950,
        subtotal: 20.5,
        // 1,950 g is two started kilograms: 2.00 + 2 x 1.15; value bounds are inclusive.
        options: [option(value, 0.1), option(weight, 4.3), option(flat, 7.99)],
        cheapest: 0.1,
      },
      {
        shipsFrom: "dropshipProvider",
        dropshipProviderId: provider.id,
        warehouseId: null,
        items: [{ sku: "B", quantity: 1 }],
        weight: 700,
        subtotal: 5.05,
        options: [
          option(small, 0.02),
          option(exactly700, 0.03),
          option(providerOnly, 2.5),
          option(weight, 3.15),
          option(flat, 7.99),
        ],
        cheapest: 0.02,
      },
    ]);
    expect(response.body.total).toBe(0.12);
  });

  it("ships from the channel's warehouse, and has no total when a group has no option", async () => {
    const t = await ctx.tenant();
    await make(t, "warehouses", { name: "Default", isDefault: true });
    const own = await make(t, "warehouses", { name: "Channel's own" });
    const provider = await make(t, "dropship-providers", { name: "Vendor One" });
    const channel = await make(t, "channels", { name: "Web", warehouseId: own.id });
    await make(t, "variants", { sku: "A", price: 1 });
    await make(t, "variants", { sku: "B", price: 1, dropshipProviderId: provider.id });
    await make(t, "channel-shipping-rates", {
      channelId: channel.id,
      name: "Dropship only",
      price: 3,
      dropshipProviderId: provider.id,
    });

    const response = await t.json("POST", `/channels/${channel.id}/rates.json`, {
      destination: { country: "DE" },
      items: [
        { sku: "A", quantity: 1 },
        { sku: "B", quantity: 1 },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.currency).toBe("USD");
    expect(response.body.groups[0]).toMatchObject({
      shipsFrom: "warehouse",
      warehouseId: own.id,
      options: [],
      cheapest: null,
    });
    expect(response.body.groups[1]).toMatchObject({ shipsFrom: "dropshipProvider", cheapest: 3 });
    expect(response.body.total).toBeNull();
  });

  it("groups each item with whoever ships it when it is ordered, as an imported order is routed", async () => {
    const t = await ctx.tenant();
    const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await make(t, "channels", { name: "Web", inhouseBrandNames: ["House"] });
    await make(t, "channel-shipping-rates", { channelId: channel.id, name: "Standard", price: 5 });
    const paused = await make(t, "dropship-providers", { name: "Paused", enabled: false });
    const supplier = await make(t, "dropship-providers", { name: "Supplier" });
    const house = await make(t, "products", { name: "House mug", brand: "house" });
    await make(t, "variants", { sku: "PAUSED", price: 1, dropshipProviderId: paused.id });
    await make(t, "variants", {
      sku: "HOUSE",
      price: 1,
      dropshipProviderId: supplier.id,
      productId: house.id,
    });
    const stocked = await make(t, "variants", { sku: "STOCKED", price: 1, dropshipProviderId: supplier.id });
    await make(t, "adjustments", { variantId: stocked.id, warehouseId: warehouse.id, quantity: 2 });
    await make(t, "variants", { sku: "DROP", price: 1, dropshipProviderId: supplier.id });
    const items = [
      { sku: "PAUSED", quantity: 1 },
      { sku: "HOUSE", quantity: 1 },
      { sku: "STOCKED", quantity: 2 },
      { sku: "DROP", quantity: 1 },
    ];

    const quote = await expectStatus(
      t.json("POST", `/channels/${channel.id}/rates.json`, { destination: { country: "US" }, items }),
      200,
    );
    expect(
      quote.groups.map(({ shipsFrom, dropshipProviderId, warehouseId, items }: any) => ({
        shipsFrom,
        dropshipProviderId,
        warehouseId,
        items,
      })),
    ).toEqual([
      {
        shipsFrom: "warehouse",
        dropshipProviderId: null,
        warehouseId: warehouse.id,
        items: items.slice(0, 3),
      },
      {
        shipsFrom: "dropshipProvider",
        dropshipProviderId: supplier.id,
        warehouseId: null,
        items: [items[3]],
      },
    ]);

    const ordered = await expectStatus(
      t.json(
        "POST",
        `/channels/${channel.id}/manual-sale.json`,
        sale(
          "ORDER-1",
          items.map((item) => ({ ...item, price: 1 })),
        ),
      ),
      200,
    );
    const [fulfillment] = await list(t, "fulfillments", { saleId: ordered.id });
    const [purchase] = await list(t, "purchases", { saleId: ordered.id });
    expect(
      (await list(t, "fulfillment-items", { fulfillmentId: fulfillment.id })).map((line) => line.sku),
    ).toEqual(["PAUSED", "HOUSE", "STOCKED"]);
    expect(purchase.dropshipProviderId).toBe(supplier.id);
    expect((await list(t, "purchase-items", { purchaseId: purchase.id })).map((line) => line.sku)).toEqual([
      "DROP",
    ]);
  });

  it("names no warehouse when the company has none", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Web" });
    await make(t, "variants", { sku: "A", price: 1, weight: 1000 });
    await make(t, "channel-shipping-rates", {
      channelId: channel.id,
      name: "Per kg",
      basis: "weight",
      price: 0,
      pricePerUnit: 0.7,
    });
    const response = await t.json("POST", `/channels/${channel.id}/rates.json`, {
      destination: { country: "US" },
      items: [{ sku: "A", quantity: 3 }],
    });
    expect(response.status).toBe(200);
    expect(response.body.groups).toHaveLength(1);
    expect(response.body.groups[0]).toMatchObject({ warehouseId: null, weight: 3000, cheapest: 2.1 });
    expect(response.body.total).toBe(2.1);
  });

  it("refuses a weight past 10 tonnes (422), and a quote whose amounts would pass 1e13 (422)", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Web" });
    const refused = await t.json("POST", "/variants.json", { sku: "HEAVY", price: 1, weight: 1e308 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ path: "weight", message: "must be at most 10000000" }]);
    await make(t, "variants", { sku: "HEAVY", price: 1, weight: 10_000_000 });
    await make(t, "channel-shipping-rates", {
      channelId: channel.id,
      name: "Per kg",
      basis: "weight",
      price: 0,
      pricePerUnit: 1e12,
    });
    const response = await t.json("POST", `/channels/${channel.id}/rates.json`, {
      destination: { country: "US" },
      items: [{ sku: "HEAVY", quantity: 1 }],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { path: "items", message: "make a quote past 10000000000000: quote fewer of them" },
    ]);
  });
});

describe("what a channel charges for shipping", () => {
  /** A channel with a flat 7.50 and a 3.00 rate, selling A (10) from its warehouse and B (40) from a provider. */
  async function shop(t: Awaited<ReturnType<typeof ctx.tenant>>, settings: Record<string, unknown>) {
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const provider = await make(t, "dropship-providers", { name: "Vendor One" });
    const channel = await make(t, "channels", { name: "Web", ...settings });
    await make(t, "variants", { sku: "A", price: 10 });
    await make(t, "variants", { sku: "B", price: 40, dropshipProviderId: provider.id });
    await make(t, "channel-shipping-rates", { channelId: channel.id, name: "Standard", price: 7.5 });
    await make(t, "channel-shipping-rates", { channelId: channel.id, name: "Economy", price: 3 });
    const quote = async (country: string, items: { sku: string; quantity: number }[]) => {
      const response = await t.json("POST", `/channels/${channel.id}/rates.json`, {
        destination: { country },
        items,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };
    return { channel, quote };
  }
  const amounts = (group: any) => group.options.map((option: any) => [option.name, option.amount]);

  it("quotes free shipping for a group whose subtotal reaches freeShippingThreshold", async () => {
    const t = await ctx.tenant();
    const { quote } = await shop(t, { freeShippingThreshold: 50 });
    const answer = await quote("US", [
      { sku: "A", quantity: 4 },
      { sku: "B", quantity: 2 },
    ]);
    // The warehouse's group (40) is below the threshold; the provider's (80) reaches it.
    expect(answer.groups.map((group: any) => [group.subtotal, group.cheapest, amounts(group)])).toEqual([
      [
        40,
        3,
        [
          ["Economy", 3],
          ["Standard", 7.5],
        ],
      ],
      // Free alike, in the order the rates were made.
      [
        80,
        0,
        [
          ["Standard", 0],
          ["Economy", 0],
        ],
      ],
    ]);
    expect(answer.total).toBe(3);
    expect((await quote("US", [{ sku: "A", quantity: 5 }])).total).toBe(0);
  });

  it("limits free shipping to freeShippingCountries while enableFreeShippingCountries is on", async () => {
    const t = await ctx.tenant();
    const { channel, quote } = await shop(t, {
      freeShippingThreshold: 50,
      enableFreeShippingCountries: true,
      freeShippingCountries: ["CA"],
    });
    const items = [{ sku: "B", quantity: 2 }];
    expect((await quote("US", items)).total).toBe(3);
    expect((await quote("CA", items)).total).toBe(0);
    await expectStatus(
      t.json("PUT", `/channels/${channel.id}.json`, { enableFreeShippingCountries: false }),
      200,
    );
    expect((await quote("US", items)).total).toBe(0);
  });

  it("quotes no option above maxShippingCostThreshold while maxShippingCost is on", async () => {
    const t = await ctx.tenant();
    const { channel, quote } = await shop(t, { maxShippingCost: true, maxShippingCostThreshold: 5 });
    const [group] = (await quote("US", [{ sku: "A", quantity: 1 }])).groups;
    expect(amounts(group)).toEqual([
      ["Economy", 3],
      ["Standard", 5],
    ]);
    await expectStatus(t.json("PUT", `/channels/${channel.id}.json`, { maxShippingCost: false }), 200);
    const [uncapped] = (await quote("US", [{ sku: "A", quantity: 1 }])).groups;
    expect(amounts(uncapped)).toEqual([
      ["Economy", 3],
      ["Standard", 7.5],
    ]);
  });

  it("leaves an imported sale's shipping as the store charged it", async () => {
    const t = await ctx.tenant();
    const { channel } = await shop(t, {
      freeShippingThreshold: 10,
      maxShippingCost: true,
      maxShippingCostThreshold: 5,
    });
    const sale = await expectStatus(
      t.json("POST", `/channels/${channel.id}/manual-sale.json`, {
        externalId: "M-1",
        customer: { email: "ada@example.com" },
        shippingAddress: { name: "Ada", lineOne: "1 Main St", city: "Springfield", country: "US" },
        items: [{ sku: "A", quantity: 3, price: 10 }],
        shipping: [{ price: 20 }],
      }),
      200,
    );
    expect(sale).toMatchObject({ subtotal: 30, shippingPrice: 20, total: 50 });
  });
});
