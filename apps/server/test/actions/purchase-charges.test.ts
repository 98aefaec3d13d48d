// What a dropship provider charges on a purchase the server routes to it, besides its lines: its
// `handlingPrice` as the purchase's shipping, and the tax the sale's channel sets for its items
// (`channel-dropship-provider-tax-rate`), by every path that routes a sale's lines to a provider.
import { beforeAll, describe, expect, it } from "vitest";
import { expectStatus } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { list, make } from "./channels-fixtures.ts";
import { importDispatcher, runImport, storeFile } from "./data-imports-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;
beforeAll(async () => {
  setup = await setupApp();
  drain = importDispatcher(setup).drain;
});

const shipTo = (country: string, state: string | null = null) => ({
  name: "Ada Buyer",
  lineOne: "1 Main St",
  city: "Springfield",
  state,
  country,
});

/** A channel selling MUG (cost 10) from a provider, and SHELF from the company's own warehouse. */
async function shop(t: Tenant, provider: Record<string, unknown> = {}) {
  await make(t, "warehouses", { name: "Main", isDefault: true });
  const supplier = await make(t, "dropship-providers", { name: "Acme", ...provider });
  const channel = await make(t, "channels", { name: "Shop" });
  await make(t, "variants", {
    sku: "MUG",
    name: "Mug",
    price: 30,
    costPrice: 10,
    dropshipProviderId: supplier.id,
  });
  await make(t, "variants", { sku: "SHELF", name: "Shelf", price: 20, costPrice: 12 });
  const taxRate = (body: Record<string, unknown>) =>
    make(t, "channel-dropship-provider-tax-rates", {
      channelId: channel.id,
      dropshipProviderId: supplier.id,
      ...body,
    });
  return { supplier, channel, taxRate };
}

/** Imports an order of `items` shipping to `to` through manual-sale; answers its purchases. */
async function routed(
  t: Tenant,
  channelId: number,
  externalId: string,
  to = shipTo("US"),
  items = [{ sku: "MUG", quantity: 3, price: 30 }],
) {
  const sale = await expectStatus(
    t.json("POST", `/channels/${channelId}/manual-sale.json`, {
      externalId,
      customer: { email: "ada@example.com" },
      shippingAddress: to,
      items,
    }),
    200,
  );
  return { sale, purchases: await list(t, "purchases", { saleId: sale.id }) };
}

describe("a provider's handlingPrice", () => {
  it("is the shipping of each purchase routed to it, and owed with its lines", async () => {
    const t = await setup.tenant();
    const { channel } = await shop(t, { handlingPrice: 2.5 });
    const other = await make(t, "dropship-providers", { name: "Beta" });
    await make(t, "variants", { sku: "CUP", name: "Cup", costPrice: 4, dropshipProviderId: other.id });
    const { sale, purchases } = await routed(t, channel.id, "H-1", shipTo("US"), [
      { sku: "MUG", quantity: 3, price: 30 },
      { sku: "CUP", quantity: 1, price: 9 },
    ]);
    expect(
      purchases.map((p) => [
        p.dropshipProviderId === other.id,
        p.subtotal,
        p.shippingPrice,
        p.total,
        p.amountOwed,
      ]),
    ).toEqual([
      [false, 30, 2.5, 32.5, 32.5],
      [true, 4, 0, 4, 4],
    ]);
    // The sale records what its customer was charged: the provider's handling is no part of it.
    expect(sale).toMatchObject({ subtotal: 99, shippingPrice: 0, total: 99 });

    // Each purchase owes it: new lines of the order sent again go to a purchase of their own.
    const again = await routed(t, channel.id, "H-1", shipTo("US"), [
      { sku: "MUG", quantity: 3, price: 30 },
      { sku: "CUP", quantity: 1, price: 9 },
      { sku: "MUG", quantity: 1, price: 30 },
    ]);
    expect(again.purchases.map((p) => [p.subtotal, p.shippingPrice, p.amountOwed])).toEqual([
      [30, 2.5, 32.5],
      [4, 0, 4],
      [10, 2.5, 12.5],
    ]);
  });

  it("is owed on the purchase move-to-dropship makes of a fulfillment", async () => {
    const t = await setup.tenant();
    const { channel, supplier, taxRate } = await shop(t, { handlingPrice: 4 });
    await taxRate({ rate: 10, taxShipping: true });
    const { sale } = await routed(t, channel.id, "F-1", shipTo("US"), [
      { sku: "SHELF", quantity: 2, price: 20 },
    ]);
    const [fulfillment] = await list(t, "fulfillments", { saleId: sale.id });
    const moved = await expectStatus(
      t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, {
        dropshipProviderId: supplier.id,
      }),
      200,
    );
    // 2 x 12 at cost, 4 handling, 10% of 28.
    expect(moved).toMatchObject({ subtotal: 24, shippingPrice: 4, taxAmount: 2.8, amountOwed: 30.8 });
  });

  it("is not added to a purchase written with POST /purchases.json: it has the shippingPrice sent", async () => {
    const t = await setup.tenant();
    const { supplier } = await shop(t, { handlingPrice: 2.5 });
    const plain = await make(t, "purchases", { dropshipProviderId: supplier.id });
    const stated = await make(t, "purchases", { dropshipProviderId: supplier.id, shippingPrice: 7 });
    expect([plain.shippingPrice, stated.shippingPrice]).toEqual([0, 7]);
  });
});

describe("a channel's tax rate for a provider's items", () => {
  it("taxes the purchase a sale of the channel routes to the provider, at the most specific enabled rate", async () => {
    const t = await setup.tenant();
    const { channel, supplier, taxRate } = await shop(t);
    await taxRate({ name: "Anywhere", rate: 5 });
    await taxRate({ name: "US", country: "US", rate: 8 });
    await taxRate({ name: "Oregon", country: "US", state: "OR", rate: 10 });
    await taxRate({ name: "Oregon, switched off", country: "US", state: "OR", rate: 50, enabled: false });
    await taxRate({ name: "Quebec", country: "CA", state: "QC", rate: 20 });
    const elsewhere = await make(t, "channels", { name: "Elsewhere" });
    await make(t, "channel-dropship-provider-tax-rates", {
      channelId: elsewhere.id,
      dropshipProviderId: supplier.id,
      rate: 40,
    });
    const other = await make(t, "dropship-providers", { name: "Beta" });
    await make(t, "channel-dropship-provider-tax-rates", {
      channelId: channel.id,
      dropshipProviderId: other.id,
      rate: 30,
    });

    const taxOf = async (externalId: string, to: ReturnType<typeof shipTo>) => {
      const [purchase] = (await routed(t, channel.id, externalId, to)).purchases;
      return [purchase.taxAmount, purchase.combinedTaxRate, purchase.total, purchase.amountOwed];
    };
    // 3 x 10 at cost: 30.
    expect(await taxOf("T-OR", shipTo("US", "or"))).toEqual([3, 10, 33, 33]);
    expect(await taxOf("T-WA", shipTo("US", "WA"))).toEqual([2.4, 8, 32.4, 32.4]);
    expect(await taxOf("T-US", shipTo("US"))).toEqual([2.4, 8, 32.4, 32.4]);
    expect(await taxOf("T-QC", shipTo("CA", "QC"))).toEqual([6, 20, 36, 36]);
    expect(await taxOf("T-ON", shipTo("CA", "ON"))).toEqual([1.5, 5, 31.5, 31.5]);
  });

  it("rounds to the cent, half up, and taxes the handling too with taxShipping", async () => {
    const t = await setup.tenant();
    const { channel, taxRate } = await shop(t, { handlingPrice: 2.5 });
    const rate = await taxRate({ rate: 6.35 });
    // 6.35% of 10.00 is 0.635: 0.64.
    const one = await routed(t, channel.id, "R-1", shipTo("US"), [{ sku: "MUG", quantity: 1, price: 30 }]);
    expect(one.purchases[0]).toMatchObject({ taxAmount: 0.64, shippingPrice: 2.5, amountOwed: 13.14 });
    await expectStatus(
      t.json("PUT", `/channel-dropship-provider-tax-rates/${rate.id}.json`, {
        rate: 7.25,
        taxShipping: true,
      }),
      200,
    );
    // 7.25% of 30 + 2.50 is 2.35625: 2.36.
    const two = await routed(t, channel.id, "R-2");
    expect(two.purchases[0]).toMatchObject({ taxAmount: 2.36, shippingPrice: 2.5, amountOwed: 34.86 });
  });

  it("takes the rate as the decimal it is written as: exact to the cent, whatever floats make of it", async () => {
    const t = await setup.tenant();
    const { channel, supplier, taxRate } = await shop(t, { handlingPrice: 5 });
    const rate = await taxRate({ rate: 2.3, taxShipping: true });
    // 2.3% of 10.00 + 5.00 is 0.345 (as floats, 1500 x 2.3 / 100 is 34.49999999999999 cents): 0.35.
    const one = await routed(t, channel.id, "X-1", shipTo("US"), [{ sku: "MUG", quantity: 1, price: 30 }]);
    expect(one.purchases[0]).toMatchObject({ taxAmount: 0.35, amountOwed: 15.35 });
    // 6.66667% of 9,999.97 is 666.6649999…: 666.66 (rounding the float to a few decimals first made it 666.67).
    await expectStatus(
      t.json("PUT", `/channel-dropship-provider-tax-rates/${rate.id}.json`, {
        rate: 6.66667,
        taxShipping: false,
      }),
      200,
    );
    await make(t, "variants", {
      sku: "DESK",
      name: "Desk",
      price: 15000,
      costPrice: 9999.97,
      dropshipProviderId: supplier.id,
    });
    const two = await routed(t, channel.id, "X-2", shipTo("US"), [
      { sku: "DESK", quantity: 1, price: 15000 },
    ]);
    expect(two.purchases[0]).toMatchObject({ taxAmount: 666.66, combinedTaxRate: 6.66667 });
  });

  it("taxes a purchase the sales import routes, as manual-sale does", async () => {
    const t = await setup.tenant();
    const { taxRate } = await shop(t, { handlingPrice: 1 });
    await taxRate({ country: "US", rate: 10 });
    const fileUri = await storeFile(
      setup.db,
      t,
      "sales.csv",
      [
        "Order,Channel,Email,SKU,Qty,Price,Line One,City,State,Country",
        "W-1,Shop,ada@example.com,MUG,2,30,1 Main St,Springfield,IL,US",
        "",
      ].join("\n"),
    );
    const done = await runImport(t, drain, { importType: "sales", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 1, errors: 0 });
    const [sale] = await list(t, "sales", { externalId: "W-1" });
    const [purchase] = await list(t, "purchases", { saleId: sale.id });
    expect(purchase).toMatchObject({ subtotal: 20, shippingPrice: 1, taxAmount: 2, amountOwed: 23 });
  });
});
