import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus } from "../requests.ts";
import { setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("rates and variant parcels", () => {
  it("quotes a variant without a weight at the weight of its parcel, in grams", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Web" });
    const perKg = await create(t, "channel-shipping-rates", {
      channelId: channel.id,
      name: "By weight",
      basis: "weight",
      price: 1,
      pricePerUnit: 2,
    });
    const variant = await create(t, "variants", { sku: "BOX-1", price: 10 });
    await create(t, "variant-parcels", {
      variantId: variant.id,
      weight: 2,
      weightUnit: "kg",
      packingDepth: 10,
      packingHeight: 10,
      packingWidth: 10,
    });
    const quote = await expectStatus(
      t.json("POST", `/channels/${channel.id}/rates.json`, {
        destination: { country: "US" },
        items: [{ sku: "BOX-1", quantity: 1 }],
      }),
      200,
    );
    // A 2 kg parcel: 2,000 g, two started kilograms: 1 + 2 x 2 = 5.
    expect(quote.groups[0].weight).toBe(2000);
    expect(quote.groups[0].options).toEqual([
      expect.objectContaining({ channelShippingRateId: perKg.id, amount: 5 }),
    ]);
  });
});

describe("rates: order value bounds", () => {
  it("a rate from an order value of 20.504 (inclusive lower bound) does not apply to an order of 20.50", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Web" });
    await create(t, "channel-shipping-rates", {
      channelId: channel.id,
      name: "From 20.504",
      basis: "orderValue",
      price: 0,
      minValue: 20.504,
    });
    await create(t, "variants", { sku: "A", price: 20.5 });
    const quote = await expectStatus(
      t.json("POST", `/channels/${channel.id}/rates.json`, {
        destination: { country: "US" },
        items: [{ sku: "A", quantity: 1 }],
      }),
      200,
    );
    // Either the bound is refused when written (money has two decimals), or 20.50 < 20.504 is outside it.
    expect(quote.groups[0].options).toEqual([]);
  });
});
