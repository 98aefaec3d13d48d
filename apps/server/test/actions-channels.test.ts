import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "./support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

// ------------------------------------------------------------------------------------------- helpers

async function make(t: Tenant, plural: string, body: Record<string, unknown>): Promise<any> {
  const response = await t.json("POST", `/${plural}.json`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function list(t: Tenant, plural: string, where: Record<string, string | number> = {}): Promise<any[]> {
  const query = Object.entries(where)
    .map(([field, value]) => `where[${field}]=${encodeURIComponent(String(value))}`)
    .concat("limit=250")
    .join("&");
  const response = await t.json("GET", `/${plural}.json?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function get(t: Tenant, plural: string, id: number): Promise<any> {
  const response = await t.json("GET", `/${plural}/${id}.json`);
  expect(response.status).toBe(200);
  return response.body;
}

/** Every record of the kinds an action may write, to prove a refused action changed nothing. */
async function snapshot(t: Tenant, plurals: string[]): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const plural of plurals) result[plural] = await list(t, plural);
  return result;
}

const address = {
  name: "Ada Buyer",
  lineOne: "1 Main St",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  country: "US",
};

function sale(externalId: string, items: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    externalId,
    customer: { email: "ada@example.com", firstName: "Ada", lastName: "Buyer" },
    shippingAddress: address,
    items,
    ...extra,
  };
}

// ------------------------------------------------------------------------------------------- rates

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
});

// ------------------------------------------------------------------------------------------- manual sale

async function saleSetup(t: Tenant) {
  const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
  const first = await make(t, "dropship-providers", { name: "Vendor One" });
  const second = await make(t, "dropship-providers", { name: "Vendor Two" });
  const channel = await make(t, "channels", { name: "Phone orders", currency: "CAD" });
  const a = await make(t, "variants", {
    sku: "A",
    name: "Alpha",
    costPrice: 4,
    dropshipProviderId: first.id,
  });
  const b = await make(t, "variants", {
    sku: "B",
    name: "Beta",
    costPrice: 1.25,
    dropshipProviderId: first.id,
  });
  const c = await make(t, "variants", { sku: "C", name: "Gamma", dropshipProviderId: second.id });
  const d = await make(t, "variants", { sku: "D", name: "Delta" });
  return { warehouse, first, second, channel, a, b, c, d };
}

describe("channel manual-sale", () => {
  it("creates the sale and routes its lines to a purchase per provider and a fulfillment", async () => {
    const t = await ctx.tenant();
    const { warehouse, first, second, channel, a, b, c, d } = await saleSetup(t);
    const response = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale(
        "ORDER-1",
        [
          { sku: "A", quantity: 2, price: 10 },
          { sku: "B", quantity: 1, price: 3.33, name: "Beta, boxed" },
          { sku: "C", quantity: 1, price: 0.1 },
          { sku: "D", quantity: 3, price: 0.1 },
        ],
        { shippingPrice: 4.99, notes: "leave at the door", orderedAt: "2024-05-01T10:00:00.000Z" },
      ),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const created = response.body;
    expect(created).toMatchObject({
      channelId: channel.id,
      externalId: "ORDER-1",
      status: "open",
      currency: "CAD",
      shippingName: "Ada Buyer",
      shippingAddressLineOne: "1 Main St",
      shippingCity: "Springfield",
      shippingCountry: "US",
      notes: "leave at the door",
      orderedAt: "2024-05-01T10:00:00.000Z",
      subtotal: 23.73,
      shippingPrice: 4.99,
      total: 28.72,
    });

    const customers = await list(t, "customers");
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: "Buyer" });
    expect(created.customerId).toBe(customers[0].id);

    const items = await list(t, "sale-items", { saleId: created.id });
    expect(
      items.map((item) => [item.sku, item.variantId, item.name, item.quantity, item.price, item.total]),
    ).toEqual([
      ["A", a.id, "Alpha", 2, 10, 20],
      ["B", b.id, "Beta, boxed", 1, 3.33, 3.33],
      ["C", c.id, "Gamma", 1, 0.1, 0.1],
      ["D", d.id, "Delta", 3, 0.1, 0.3],
    ]);

    const purchases = await list(t, "purchases", { saleId: created.id });
    expect(purchases.map((p) => [p.dropshipProviderId, p.status, p.total, p.receiverCity])).toEqual([
      [first.id, "pending", 9.25, "Springfield"],
      [second.id, "pending", 0, "Springfield"],
    ]);
    const firstLines = await list(t, "purchase-items", { purchaseId: purchases[0].id });
    expect(firstLines.map((line) => [line.sku, line.quantity, line.price, line.saleItemId])).toEqual([
      ["A", 2, 4, items[0].id],
      ["B", 1, 1.25, items[1].id],
    ]);

    const fulfillments = await list(t, "fulfillments", { saleId: created.id });
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]).toMatchObject({
      warehouseId: warehouse.id,
      status: "pending",
      shippingZip: "62701",
    });
    const fulfillmentLines = await list(t, "fulfillment-items", { fulfillmentId: fulfillments[0].id });
    expect(fulfillmentLines.map((line) => [line.sku, line.quantity, line.saleItemId])).toEqual([
      ["D", 3, items[3].id],
    ]);
    const [level] = await list(t, "inventory-levels", { variantId: d.id });
    expect(level).toMatchObject({ warehouseId: warehouse.id, allocated: 3 });

    const imports = await list(t, "sale-imports", { saleId: created.id });
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ channelId: channel.id, externalId: "ORDER-1", status: "success" });
    // The order as received, kept as JSON (not text).
    expect(imports[0].payload.externalId).toBe("ORDER-1");
  });

  it("sums money exactly, in cents", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const items = Array.from({ length: 10 }, () => ({ sku: "D", quantity: 1, price: 0.1 }));
    const response = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale("CENTS", [...items, { sku: "D", quantity: 7, price: 0.07 }], { shippingPrice: 0.2 }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ subtotal: 1.49, shippingPrice: 0.2, total: 1.69 });
  });

  it("updates the same order when sent again, adds and routes new lines, and never duplicates the sale", async () => {
    const t = await ctx.tenant();
    const { channel, second, d } = await saleSetup(t);
    const path = `/channels/${channel.id}/manual-sale.json`;
    const first = await t.json(
      "POST",
      path,
      sale("ORDER-7", [
        { sku: "A", quantity: 2, price: 10, externalId: "L1" },
        { sku: "D", quantity: 1, price: 5 },
      ]),
    );
    expect(first.status).toBe(200);

    const again = await t.json(
      "POST",
      path,
      sale(
        "ORDER-7",
        [
          { sku: "A", quantity: 2, price: 9.5, externalId: "L1", name: "Alpha (renamed)" },
          { sku: "D", quantity: 1, price: 5 },
          { sku: "C", quantity: 4, price: 1.01, externalId: "L3" },
        ],
        {
          customer: { email: "ADA@example.com", firstName: "Ada" },
          shippingAddress: { ...address, city: "Shelbyville" },
          shippingPrice: 2.5,
          notes: "second thoughts",
        },
      ),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body).toMatchObject({
      shippingCity: "Shelbyville",
      notes: "second thoughts",
      shippingPrice: 2.5,
      subtotal: 28.04,
      total: 30.54,
      customerId: first.body.customerId,
    });
    expect(await list(t, "sales")).toHaveLength(1);
    expect(await list(t, "customers")).toHaveLength(1);

    const items = await list(t, "sale-items", { saleId: first.body.id });
    expect(items.map((item) => [item.sku, item.quantity, item.price, item.total, item.name])).toEqual([
      ["A", 2, 9.5, 19, "Alpha (renamed)"],
      ["D", 1, 5, 5, "Delta"],
      ["C", 4, 1.01, 4.04, "Gamma"],
    ]);
    const purchases = await list(t, "purchases", { saleId: first.body.id });
    expect(purchases).toHaveLength(2);
    expect(purchases[1]).toMatchObject({ dropshipProviderId: second.id, receiverCity: "Shelbyville" });
    expect(
      (await list(t, "purchase-items", { purchaseId: purchases[1].id })).map((line) => [
        line.sku,
        line.quantity,
      ]),
    ).toEqual([["C", 4]]);
    expect(await list(t, "fulfillments", { saleId: first.body.id })).toHaveLength(1);
    const [level] = await list(t, "inventory-levels", { variantId: d.id });
    expect(level.allocated).toBe(1);
    expect(await list(t, "sale-imports", { saleId: first.body.id })).toHaveLength(2);
  });

  it("imports one order sent twice at once as one sale, one customer and one allocation", async () => {
    const t = await ctx.tenant();
    const { channel, d } = await saleSetup(t);
    const path = `/channels/${channel.id}/manual-sale.json`;
    const order = sale("ORDER-TWICE", [
      { sku: "A", quantity: 2, price: 10 },
      { sku: "D", quantity: 3, price: 5 },
    ]);
    const answers = await Promise.all([t.json("POST", path, order), t.json("POST", path, order)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]!.body.id).toBe(answers[0]!.body.id);
    const [imported] = await list(t, "sales");
    expect(await list(t, "sales")).toHaveLength(1);
    expect(imported).toMatchObject({ externalId: "ORDER-TWICE", subtotal: 35 });
    expect(await list(t, "customers")).toHaveLength(1);
    expect(await list(t, "sale-items", { saleId: imported.id })).toHaveLength(2);
    expect(await list(t, "purchases", { saleId: imported.id })).toHaveLength(1);
    expect(await list(t, "fulfillments", { saleId: imported.id })).toHaveLength(1);
    const [level] = await list(t, "inventory-levels", { variantId: d.id });
    expect(level.allocated).toBe(3);
    const imports = await list(t, "sale-imports", { saleId: imported.id });
    expect(imports.map((log) => log.message).sort()).toEqual(["created", "updated"]);
  });

  it("refuses a changed quantity of an imported line with 409 and changes nothing", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const path = `/channels/${channel.id}/manual-sale.json`;
    expect((await t.json("POST", path, sale("ORDER-9", [{ sku: "A", quantity: 2, price: 10 }]))).status).toBe(
      200,
    );
    const before = await snapshot(t, [
      "sales",
      "sale-items",
      "purchases",
      "purchase-items",
      "customers",
      "sale-imports",
    ]);

    const response = await t.json(
      "POST",
      path,
      sale(
        "ORDER-9",
        [
          { sku: "A", quantity: 3, price: 10 },
          { sku: "D", quantity: 1, price: 1 },
        ],
        {
          notes: "would change",
          customer: { email: "other@example.com" },
        },
      ),
    );
    expect(response.status).toBe(409);
    expect(response.body.detail).toMatch(/cancel/);
    expect(response.body.lines).toEqual([
      expect.objectContaining({ index: 0, sku: "A", quantity: 2, requested: 3 }),
    ]);
    expect(await snapshot(t, Object.keys(before))).toEqual(before);
  });

  it("finds an existing customer by email instead of creating another", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const customer = await make(t, "customers", {
      email: "Ada@Example.com",
      firstName: "Ada",
      lastName: "Lovelace",
    });
    const response = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale("O", [{ sku: "D", quantity: 1, price: 1 }]),
    );
    expect(response.status).toBe(200);
    expect(response.body.customerId).toBe(customer.id);
    const customers = await list(t, "customers");
    expect(customers).toHaveLength(1);
    expect(customers[0].lastName).toBe("Lovelace");
  });

  it("answers 422 naming an unknown sku and creates nothing", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const response = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale("O", [
        { sku: "A", quantity: 1, price: 1 },
        { sku: "MISSING", quantity: 1, price: 1 },
      ]),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { path: "items.1.sku", message: expect.stringContaining("MISSING") },
    ]);
    for (const plural of ["sales", "sale-items", "customers", "purchases", "sale-imports"]) {
      expect(await list(t, plural), plural).toEqual([]);
    }
  });

  it("answers 422 for in-house lines when the company has no warehouse, and creates nothing", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Web" });
    await make(t, "variants", { sku: "D" });
    const response = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale("O", [{ sku: "D", quantity: 1, price: 1 }]),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toBe("warehouseId");
    for (const plural of ["sales", "sale-items", "customers", "fulfillments", "sale-imports"]) {
      expect(await list(t, plural), plural).toEqual([]);
    }
  });

  it("answers 409 when new lines arrive for a cancelled sale", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const path = `/channels/${channel.id}/manual-sale.json`;
    const created = await t.json("POST", path, sale("O", [{ sku: "D", quantity: 1, price: 1 }]));
    // No action of this file cancels a whole sale; the state is set directly.
    await ctx.db.execute({
      sql: "UPDATE sales SET status = 'cancelled' WHERE id = ?",
      args: [created.body.id],
    });
    const before = await snapshot(t, ["sales", "sale-items", "fulfillments", "sale-imports"]);
    const response = await t.json(
      "POST",
      path,
      sale("O", [
        { sku: "D", quantity: 1, price: 1 },
        { sku: "A", quantity: 1, price: 1 },
      ]),
    );
    expect(response.status).toBe(409);
    expect(response.body.state).toBe("cancelled");
    expect(await snapshot(t, Object.keys(before))).toEqual(before);
  });
});

// ------------------------------------------------------------------------------------------- import batch

const item = (n: number, extra: Record<string, unknown> = {}) => ({
  externalId: `E${n}`,
  sku: `S${n}`,
  name: `Item ${n}`,
  ...extra,
});

describe("channel import-connector-variant-batch", () => {
  it("creates variants, products and connected channel variants, then updates them on the next run", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const first = await t.json("POST", path, {
      items: [
        item(1, { productName: "Shirt", price: 19.99, costPrice: 7.5, weight: 200, barcode: "0001" }),
        item(2, { productName: "Shirt", price: 19.99 }),
        item(3, { externalGroupId: "G3" }),
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.created).toBe(3);
    expect(first.body.updated).toBe(0);
    const variants = await list(t, "variants");
    const listings = await list(t, "channel-variants");
    expect(first.body.results).toEqual(
      [1, 2, 3].map((n, index) => ({
        index,
        externalId: `E${n}`,
        sku: `S${n}`,
        result: "created",
        variantResult: "created",
        variantId: variants[index].id,
        channelVariantId: listings[index].id,
      })),
    );
    expect(first.body).toMatchObject({ variantsCreated: 3, variantsUpdated: 0 });
    const products = await list(t, "products");
    expect(products.map((p) => p.name)).toEqual(["Shirt"]);
    expect(variants[0]).toMatchObject({
      sku: "S1",
      name: "Item 1",
      price: 19.99,
      costPrice: 7.5,
      weight: 200,
      barcode: "0001",
      productId: products[0].id,
    });
    expect(variants[2].productId).toBeNull();
    expect(listings[2]).toMatchObject({
      channelId: channel.id,
      externalId: "E3",
      sku: "S3",
      externalGroupId: "G3",
      variantId: variants[2].id,
      source: "connector",
      status: "connected",
    });

    const second = await t.json("POST", path, {
      items: [item(1, { price: 21 }), item(2, { name: "Two" }), item(3), item(4)],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ created: 1, updated: 3, variantsCreated: 1, variantsUpdated: 2 });
    expect(second.body.results.map((r: any) => [r.result, r.variantResult])).toEqual([
      ["updated", "updated"],
      ["updated", "updated"],
      ["updated", "unchanged"],
      ["created", "created"],
    ]);
    expect(second.body.results[0].variantId).toBe(variants[0].id);
    const after = await list(t, "variants");
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({
      sku: "S1",
      price: 21,
      costPrice: 7.5,
      productId: products[0].id,
    });
    expect(after[1].name).toBe("Two");
    const listingsAfter = await list(t, "channel-variants");
    expect(listingsAfter).toHaveLength(4);
    expect(listingsAfter[0]).toMatchObject({ sku: "S1", externalGroupId: null });
    expect(listingsAfter[2].externalGroupId).toBe("G3");
    expect(await list(t, "products")).toHaveLength(1);
  });

  it("answers each item of a full batch with the ids of what it wrote, across statements", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const vendor = await make(t, "vendors", { name: "Maker" });
    const provider = await make(t, "dropship-providers", { name: "Supplier" });
    // Thirteen columns a variant: its 1,000 rows take two INSERT statements (10,000 arguments each at most).
    const items = Array.from({ length: 1000 }, (_, n) =>
      item(n, {
        productName: `Product ${n % 7}`,
        barcode: `B${n}`,
        price: n / 100,
        costPrice: 1,
        weight: n,
        tags: [`t${n}`],
        vendorId: vendor.id,
        dropshipProviderId: provider.id,
      }),
    );
    const answer = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items,
    });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
    expect(answer.body).toMatchObject({ created: 1000, variantsCreated: 1000 });
    for (const n of [0, 1, 768, 769, 770, 999]) {
      const result = answer.body.results[n];
      expect(result).toMatchObject({ index: n, externalId: `E${n}`, sku: `S${n}` });
      const variant = await t.json("GET", `/variants/${result.variantId}.json`);
      expect(variant.body).toMatchObject({ sku: `S${n}`, barcode: `B${n}`, price: n / 100, weight: n });
      const listing = await t.json("GET", `/channel-variants/${result.channelVariantId}.json`);
      expect(listing.body).toMatchObject({ externalId: `E${n}`, sku: `S${n}`, variantId: result.variantId });
    }
    const ids = answer.body.results.map((result: { variantId: number }) => result.variantId);
    expect(new Set(ids).size).toBe(1000);
  });

  it("links a store variant to the catalogue variant with the same sku", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const existing = await make(t, "variants", { sku: "S1", name: "Catalogue name", price: 5 });
    const response = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [item(1)],
    });
    expect(response.status).toBe(200);
    expect(response.body.results[0]).toMatchObject({ result: "created", variantId: existing.id });
    expect(await list(t, "variants")).toHaveLength(1);
    expect((await get(t, "variants", existing.id)).name).toBe("Item 1");
  });

  it("answers 422 for duplicates inside a batch, naming the items", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const response = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [item(1), item(2), item(3, { externalId: "E1" }), item(4, { sku: "S2" })],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: any) => e.path)).toEqual(["items.2.externalId", "items.3.sku"]);
    expect(await list(t, "variants")).toEqual([]);
  });

  it("writes nothing when one item fails, and names every failing item", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    expect((await t.json("POST", path, { items: [item(1), item(2)] })).status).toBe(200);
    await make(t, "variants", { sku: "TAKEN" });
    const before = await snapshot(t, ["variants", "channel-variants", "products"]);

    const response = await t.json("POST", path, {
      items: [
        item(5, { productName: "New product" }),
        item(1, { sku: "TAKEN" }),
        item(6),
        item(2, { sku: "S1" }),
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: any) => e.path)).toEqual(["items.1.sku", "items.3.sku"]);
    expect(await snapshot(t, Object.keys(before))).toEqual(before);

    const invalid = await t.json("POST", path, { items: [item(7), item(8, { price: -1 })] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].path).toBe("items.1.price");
    expect(await snapshot(t, Object.keys(before))).toEqual(before);
  });

  it("takes 1,000 items in one call and refuses 1,001", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const items = Array.from({ length: 1000 }, (_, n) => item(n, { price: 1 + n / 100 }));
    const response = await t.json("POST", path, { items });
    expect(response.status).toBe(200);
    expect(response.body.created).toBe(1000);
    expect(new Set(response.body.results.map((r: any) => r.channelVariantId)).size).toBe(1000);
    const last = await get(t, "variants", response.body.results[999].variantId);
    expect(last).toMatchObject({ sku: "S999", price: 10.99 });

    const again = await t.json("POST", path, { items });
    expect(again.body).toMatchObject({ created: 0, updated: 1000 });

    const tooMany = await t.json("POST", path, { items: [...items, item(1000)] });
    expect(tooMany.status).toBe(422);
  });
});

// ------------------------------------------------------------------------------------------- acknowledge

describe("channel acknowledge-variant", () => {
  it("records the store's id and connects the channel variant, found by its sku or its variant's", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const variant = await make(t, "variants", { sku: "S1" });
    const bySku = await make(t, "channel-variants", { channelId: channel.id, sku: "X1" });
    const byVariant = await make(t, "channel-variants", { channelId: channel.id, variantId: variant.id });
    const path = `/channels/${channel.id}/acknowledge-variant.json`;

    const first = await t.json("PUT", path, { externalId: "STORE-1", sku: "X1" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: bySku.id, externalId: "STORE-1", status: "connected" });
    const second = await t.json("PUT", path, { externalId: "STORE-2", sku: "S1" });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: byVariant.id, externalId: "STORE-2", status: "connected" });
    expect((await get(t, "channel-variants", byVariant.id)).status).toBe("connected");
  });

  it("answers 404 for a sku with no channel variant on the channel", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const other = await make(t, "channels", { name: "Other" });
    await make(t, "channel-variants", { channelId: other.id, sku: "X1" });
    const response = await t.json("PUT", `/channels/${channel.id}/acknowledge-variant.json`, {
      externalId: "E",
      sku: "X1",
    });
    expect(response.status).toBe(404);
  });

  it("answers 409 when the channel variant is not waiting for the store, or the external id is taken", async () => {
    const t = await ctx.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/acknowledge-variant.json`;
    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] });
    const pending = await make(t, "channel-variants", { channelId: channel.id, sku: "X2" });
    const before = await snapshot(t, ["channel-variants"]);

    const connected = await t.json("PUT", path, { externalId: "NEW", sku: "S1" });
    expect(connected.status).toBe(409);
    expect(connected.body).toMatchObject({
      state: "connected",
      allowedStates: ["pending", "initialized", "acknowledging", "error"],
    });

    const taken = await t.json("PUT", path, { externalId: "E1", sku: "X2" });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toContain("E1");
    expect(await snapshot(t, ["channel-variants"])).toEqual(before);
    expect((await get(t, "channel-variants", pending.id)).status).toBe("pending");
  });

  it("answers 409 for a channel variant whose feed item was removed", async () => {
    const t = await ctx.tenant();
    const { channels, feed } = await feedSetup(t);
    await t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {});
    await t.json("DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=F1`);
    const response = await t.json("PUT", `/channels/${channels[0].id}/acknowledge-variant.json`, {
      externalId: "E",
      sku: "NEW1",
    });
    expect(response.status).toBe(409);
    expect(response.body.state).toBe("ignore");
  });
});

// ------------------------------------------------------------------------------------------- levels

describe("channel variant-levels and variant-set-level", () => {
  it("sets absolute levels as adjustments and reports levels per location", async () => {
    const t = await ctx.tenant();
    const main = await make(t, "warehouses", { name: "Main", isDefault: true });
    const annex = await make(t, "warehouses", { name: "Annex" });
    const channel = await make(t, "channels", { name: "Store" });
    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [item(1), item(2), item(3)],
    });
    const set = (body: Record<string, unknown>) =>
      t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, body);

    const first = await set({ sku: "S1", quantity: 10, notes: "counted" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [s1] = await list(t, "variants", { sku: "S1" });
    expect(first.body).toMatchObject({
      variantId: s1.id,
      warehouseId: main.id,
      quantity: 10,
      quantityBefore: 0,
      quantityAfter: 10,
      notes: "counted",
    });
    expect((await set({ externalId: "E1", quantity: 4, warehouseId: annex.id })).body).toMatchObject({
      warehouseId: annex.id,
      quantity: 4,
      quantityBefore: 0,
      quantityAfter: 4,
    });
    expect((await set({ sku: "S1", quantity: 7 })).body).toMatchObject({
      quantity: -3,
      quantityBefore: 10,
      quantityAfter: 7,
    });
    expect(await list(t, "adjustments")).toHaveLength(3);

    const soldOut = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale("O1", [{ sku: "S1", quantity: 2, price: 1 }]),
    );
    expect(soldOut.status).toBe(200);

    const levels = await t.json("GET", `/channels/${channel.id}/variant-levels.json`);
    expect(levels.status).toBe(200);
    expect(levels.body).toHaveLength(3);
    expect(levels.body[0]).toEqual({
      channelVariantId: expect.any(Number),
      variantId: s1.id,
      sku: "S1",
      externalId: "E1",
      onHand: 11,
      allocated: 2,
      safetyStock: 0,
      available: 9,
      locations: [
        { warehouseId: main.id, onHand: 7, allocated: 2, available: 5 },
        { warehouseId: annex.id, onHand: 4, allocated: 0, available: 4 },
      ],
    });
    expect(levels.body[1]).toMatchObject({ sku: "S2", onHand: 0, allocated: 0, available: 0, locations: [] });

    const bySku = await t.json("GET", `/channels/${channel.id}/variant-levels.json?sku=S2`);
    expect(bySku.body.map((l: any) => l.externalId)).toEqual(["E2"]);
    const byExternalId = await t.json("GET", `/channels/${channel.id}/variant-levels.json?externalId=E3`);
    expect(byExternalId.body.map((l: any) => l.sku)).toEqual(["S3"]);
    const page1 = await t.json("GET", `/channels/${channel.id}/variant-levels.json?limit=2`);
    expect(page1.body.map((l: any) => l.sku)).toEqual(["S1", "S2"]);
    const page2 = await t.json("GET", `/channels/${channel.id}/variant-levels.json?limit=2&from=2`);
    expect(page2.body.map((l: any) => l.sku)).toEqual(["S3"]);
    // A bad query is a 400, as for lists.
    expect((await t.json("GET", `/channels/${channel.id}/variant-levels.json?limit=251`)).status).toBe(400);
  });

  it("answers 422 without sku or externalId, 404 for an unknown one, 422 for an unlinked one, and changes nothing", async () => {
    const t = await ctx.tenant();
    await make(t, "warehouses", { name: "Main" });
    const channel = await make(t, "channels", { name: "Store" });
    await make(t, "channel-variants", { channelId: channel.id, externalId: "LOOSE" });
    const path = `/channels/${channel.id}/variant-set-level.json`;

    const neither = await t.json("PUT", path, { quantity: 5 });
    expect(neither.status).toBe(422);
    expect(neither.body.errors.map((e: any) => e.path)).toEqual(["externalId", "sku"]);
    expect((await t.json("PUT", path, { sku: "NOPE", quantity: 5 })).status).toBe(404);
    expect((await t.json("PUT", path, { externalId: "NOPE", quantity: 5 })).status).toBe(404);
    const loose = await t.json("PUT", path, { externalId: "LOOSE", quantity: 5 });
    expect(loose.status).toBe(422);
    expect(loose.body.errors[0].path).toBe("externalId");
    expect((await t.json("PUT", path, { quantity: -1, sku: "X" })).status).toBe(422);

    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] });
    const foreign = await make(await ctx.tenant(), "warehouses", { name: "Theirs" });
    const elsewhere = await t.json("PUT", path, { sku: "S1", quantity: 5, warehouseId: foreign.id });
    expect(elsewhere.status).toBe(422);
    expect(await list(t, "adjustments")).toEqual([]);
    expect(await list(t, "inventory-levels")).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------- feeds

async function feedSetup(t: Tenant) {
  const provider = await make(t, "dropship-providers", { name: "Vendor One" });
  const channels = [
    await make(t, "channels", { name: "Store A" }),
    await make(t, "channels", { name: "Store B" }),
  ];
  const feed = await make(t, "inventory-feeds", { name: "Vendor feed", dropshipProviderId: provider.id });
  for (const channel of channels)
    await make(t, "inventory-feed-channels", { inventoryFeedId: feed.id, channelId: channel.id });
  const existing = await make(t, "variants", { sku: "OLD1", name: "Catalogue item", price: 3 });
  const feedItem = (
    externalId: string,
    sku: string,
    reviewStatus: string,
    extra: Record<string, unknown> = {},
  ) =>
    make(t, "inventory-feed-variants", { inventoryFeedId: feed.id, externalId, sku, reviewStatus, ...extra });
  const items = [
    await feedItem("F1", "NEW1", "approved", { name: "New thing", price: 12.5, costPrice: 6.25 }),
    await feedItem("F2", "OLD1", "approved", { price: 99 }),
    await feedItem("F3", "NEW3", "notReviewed"),
    await feedItem("F4", "NEW4", "rejected"),
  ];
  return { provider, channels, feed, existing, items };
}

describe("inventory-feed publish-all", () => {
  it("publishes approved, unpublished items to every feed channel, once", async () => {
    const t = await ctx.tenant();
    const { provider, channels, feed, existing, items } = await feedSetup(t);
    const path = `/inventory-feeds/${feed.id}/publish-all.json`;

    const response = await t.json("PUT", path, {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toHaveLength(4);
    const [created] = await list(t, "variants", { sku: "NEW1" });
    expect(created).toMatchObject({
      name: "New thing",
      price: 12.5,
      costPrice: 6.25,
      dropshipProviderId: provider.id,
    });
    expect(await get(t, "variants", existing.id)).toEqual(existing);
    expect(
      response.body.map((cv: any) => [
        cv.channelId,
        cv.variantId,
        cv.sku,
        cv.inventoryFeedVariantId,
        cv.source,
        cv.status,
        cv.externalId,
      ]),
    ).toEqual([
      [channels[0].id, created.id, "NEW1", items[0].id, "inventoryFeed", "pending", null],
      [channels[1].id, created.id, "NEW1", items[0].id, "inventoryFeed", "pending", null],
      [channels[0].id, existing.id, "OLD1", items[1].id, "inventoryFeed", "pending", null],
      [channels[1].id, existing.id, "OLD1", items[1].id, "inventoryFeed", "pending", null],
    ]);
    const published = await get(t, "inventory-feed-variants", items[0].id);
    expect(published).toMatchObject({ status: "connected", variantId: created.id });
    expect(published.publishedAt).toEqual(expect.any(String));
    expect(await get(t, "inventory-feed-variants", items[2].id)).toMatchObject({
      status: "pending",
      variantId: null,
    });
    expect(await get(t, "inventory-feed-variants", items[3].id)).toMatchObject({
      status: "pending",
      variantId: null,
    });
    expect(await list(t, "variants", { sku: "NEW3" })).toEqual([]);

    const again = await t.json("PUT", path, {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual([]);
    expect(await list(t, "channel-variants")).toHaveLength(4);

    await t.json("PUT", `/inventory-feed-variants/${items[2].id}.json`, { reviewStatus: "approved" });
    const third = await t.json("PUT", path, {});
    expect(third.body.map((cv: any) => cv.sku)).toEqual(["NEW3", "NEW3"]);

    const acknowledged = await t.json("PUT", `/channels/${channels[1].id}/acknowledge-variant.json`, {
      externalId: "B-77",
      sku: "NEW1",
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body).toMatchObject({
      id: response.body[1].id,
      externalId: "B-77",
      status: "connected",
    });
  });

  it("retries an item in error on the channels it is missing from, and leaves published items alone", async () => {
    const t = await ctx.tenant();
    const { feed, items } = await feedSetup(t);
    const path = `/inventory-feeds/${feed.id}/publish-all.json`;
    expect((await t.json("PUT", path, {})).body).toHaveLength(4);
    const added = await make(t, "channels", { name: "Store C" });
    await make(t, "inventory-feed-channels", { inventoryFeedId: feed.id, channelId: added.id });
    // A failed store sync puts an item in error; nothing in this API does that yet, so the state is set directly.
    await ctx.db.execute({
      sql: "UPDATE inventory_feed_variants SET status = 'error' WHERE id = ?",
      args: [items[0].id],
    });

    const retried = await t.json("PUT", path, {});
    expect(retried.status).toBe(200);
    expect(retried.body.map((cv: any) => [cv.channelId, cv.sku])).toEqual([[added.id, "NEW1"]]);
    expect((await get(t, "inventory-feed-variants", items[0].id)).status).toBe("connected");
    expect(await list(t, "channel-variants")).toHaveLength(5);
  });

  it("answers 409 for a feed with no channel, and publishes nothing", async () => {
    const t = await ctx.tenant();
    const feed = await make(t, "inventory-feeds", { name: "Lonely feed" });
    const feedItem = await make(t, "inventory-feed-variants", {
      inventoryFeedId: feed.id,
      externalId: "F1",
      sku: "S1",
      reviewStatus: "approved",
    });
    const response = await t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {});
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain("inventory-feed-channel");
    expect(await get(t, "inventory-feed-variants", feedItem.id)).toEqual(feedItem);
    expect(await list(t, "variants")).toEqual([]);
  });
});

describe("inventory-feed remove-by-external-id", () => {
  it("removes the item and sets its channel variants to ignore; 404 for unknown, 409 the second time", async () => {
    const t = await ctx.tenant();
    const { feed, items } = await feedSetup(t);
    await t.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {});
    const path = (externalId: string) =>
      `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=${externalId}`;

    const removed = await t.json("DELETE", path("F1"));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ id: items[0].id, status: "removed" });
    const listings = await list(t, "channel-variants");
    expect(listings.map((cv) => [cv.sku, cv.status, cv.errorMessage])).toEqual([
      ["NEW1", "ignore", "removed from the feed"],
      ["NEW1", "ignore", "removed from the feed"],
      ["OLD1", "pending", null],
      ["OLD1", "pending", null],
    ]);

    const before = await snapshot(t, ["inventory-feed-variants", "channel-variants"]);
    const twice = await t.json("DELETE", path("F1"));
    expect(twice.status).toBe(409);
    expect(twice.body.state).toBe("removed");
    expect((await t.json("DELETE", path("NOPE"))).status).toBe(404);
    const missing = await t.json("DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: "externalId", message: "is required" }]);
    expect(await snapshot(t, Object.keys(before))).toEqual(before);

    expect((await t.json("DELETE", path("F3"))).body.status).toBe("removed");
  });
});

// ------------------------------------------------------------------------------------------- exports

async function exportSetup(t: Tenant) {
  const main = await make(t, "warehouses", { name: "Main" });
  const annex = await make(t, "warehouses", { name: "Annex" });
  const a = await make(t, "variants", { sku: "A-1", name: 'Shirt, "blue"', price: 10, costPrice: 4.5 });
  const b = await make(t, "variants", { sku: "B-2", name: "Socks", price: 2.25 });
  const c = await make(t, "variants", { sku: "C-3", name: "Hat" });
  // Stock arrives by adjustments; allocation comes from unshipped fulfillments.
  await make(t, "adjustments", { variantId: a.id, warehouseId: main.id, quantity: 5 });
  await make(t, "adjustments", { variantId: a.id, warehouseId: annex.id, quantity: 3 });
  await make(t, "adjustments", { variantId: b.id, warehouseId: annex.id, quantity: 2 });
  const fromMain = await make(t, "fulfillments", { warehouseId: main.id });
  await make(t, "fulfillment-items", {
    fulfillmentId: fromMain.id,
    variantId: a.id,
    sku: "A-1",
    quantity: 1,
  });
  const fromAnnex = await make(t, "fulfillments", { warehouseId: annex.id });
  await make(t, "fulfillment-items", {
    fulfillmentId: fromAnnex.id,
    variantId: b.id,
    sku: "B-2",
    quantity: 2,
  });
  return { main, annex, a, b, c };
}

describe("inventory-export export", () => {
  it("writes a CSV with the export's fields and links it from a data export", async () => {
    const t = await ctx.tenant();
    await exportSetup(t);
    const definition = await make(t, "inventory-exports", { name: "Levels", format: "csv" });
    const field = (source: string, position: number, header?: string) =>
      make(t, "inventory-export-fields", {
        inventoryExportId: definition.id,
        source,
        position,
        ...(header ? { header } : {}),
      });
    await field("available", 3, "Available");
    await field("sku", 1, "SKU");
    await field("name", 2);
    await field("price", 4, "Price");

    const response = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const dataExport = response.body;
    expect(dataExport).toMatchObject({
      inventoryExportId: definition.id,
      status: "complete",
      format: "csv",
      exportType: "inventory_levels",
      contentType: "text/csv; charset=utf-8",
      rowCount: 3,
    });
    expect(dataExport.fileName).toMatch(
      new RegExp(`^inventory-export-${definition.id}-\\d{8}T\\d{6}Z\\.csv$`),
    );
    expect(dataExport.completedAt).toEqual(expect.any(String));
    expect((await get(t, "data-exports", dataExport.id)).url).toBe(dataExport.url);

    const file = await t.request("GET", dataExport.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await file.text();
    expect(text).toBe(
      [
        "SKU,name,Available,Price",
        'A-1,"Shirt, ""blue""",7,10.00',
        "B-2,Socks,0,2.25",
        "C-3,Hat,0,",
        "",
      ].join("\r\n"),
    );
    expect(dataExport.byteSize).toBe(new TextEncoder().encode(text).byteLength);
    expect((await get(t, "inventory-exports", definition.id)).lastExportedAt).toEqual(dataExport.completedAt);

    const stranger = await ctx.tenant();
    expect((await stranger.request("GET", dataExport.url)).status).toBe(404);
  });

  it("writes JSON with the default fields, one warehouse's stock, without zero rows", async () => {
    const t = await ctx.tenant();
    const { annex } = await exportSetup(t);
    const definition = await make(t, "inventory-exports", {
      name: "Annex",
      format: "json",
      warehouseId: annex.id,
      includeZero: false,
    });
    const response = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ format: "json", contentType: "application/json", rowCount: 1 });
    const file = await t.json("GET", response.body.url);
    expect(file.body).toEqual([{ sku: "A-1", name: 'Shirt, "blue"', onHand: 3, allocated: 0, available: 3 }]);
  });

  it("limits the rows to the channel's variants and exports their store ids", async () => {
    const t = await ctx.tenant();
    await exportSetup(t);
    const channel = await make(t, "channels", { name: "Store" });
    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [{ externalId: "X-9", sku: "B-2" }],
    });
    const definition = await make(t, "inventory-exports", {
      name: "Store",
      format: "json",
      channelId: channel.id,
    });
    for (const [position, source] of ["externalId", "onHand", "costPrice"].entries()) {
      await make(t, "inventory-export-fields", { inventoryExportId: definition.id, source, position });
    }
    const response = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    const file = await t.json("GET", response.body.url);
    expect(file.body).toEqual([{ externalId: "X-9", onHand: 2, costPrice: null }]);
  });
});

// ------------------------------------------------------------------------------------------- access

describe("tenancy and read-only tokens", () => {
  it("answers 404 for another company's channel, feed and export", async () => {
    const owner = await ctx.tenant();
    const { feed } = await feedSetup(owner);
    const channel = await make(owner, "channels", { name: "Theirs" });
    const definition = await make(owner, "inventory-exports", { name: "Theirs" });
    const t = await ctx.tenant();
    await make(t, "warehouses", { name: "Mine" });
    await make(t, "variants", { sku: "D" });
    const calls: [string, string, unknown?][] = [
      ["POST", `/channels/${channel.id}/rates.json`, { destination: { country: "US" }, items: [] }],
      ["POST", `/channels/${channel.id}/manual-sale.json`, sale("O", [{ sku: "D", quantity: 1, price: 1 }])],
      ["POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] }],
      ["PUT", `/channels/${channel.id}/acknowledge-variant.json`, { externalId: "E", sku: "S" }],
      ["GET", `/channels/${channel.id}/variant-levels.json`],
      ["PUT", `/channels/${channel.id}/variant-set-level.json`, { sku: "D", quantity: 1 }],
      ["PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {}],
      ["DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=F1`],
      ["GET", `/inventory-exports/${definition.id}/export.json`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.json(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(await list(t, "sales")).toEqual([]);
    expect(await list(owner, "channel-variants")).toEqual([]);
    expect(await list(owner, "data-exports")).toEqual([]);
  });

  it("answers 403 to a read-only token on the writing actions and 200 on variant-levels", async () => {
    const t = await ctx.tenant();
    const { feed } = await feedSetup(t);
    const channel = await make(t, "channels", { name: "Store" });
    const definition = await make(t, "inventory-exports", { name: "Levels" });
    const calls: [string, string, unknown?][] = [
      ["POST", `/channels/${channel.id}/rates.json`, { destination: { country: "US" }, items: [] }],
      [
        "POST",
        `/channels/${channel.id}/manual-sale.json`,
        sale("O", [{ sku: "OLD1", quantity: 1, price: 1 }]),
      ],
      ["POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] }],
      ["PUT", `/channels/${channel.id}/acknowledge-variant.json`, { externalId: "E", sku: "S" }],
      ["PUT", `/channels/${channel.id}/variant-set-level.json`, { sku: "OLD1", quantity: 1 }],
      ["PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {}],
      ["DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=F1`],
      ["GET", `/inventory-exports/${definition.id}/export.json`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.readOnly.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await list(t, "channel-variants")).toEqual([]);
    expect(await list(t, "sales")).toEqual([]);
    expect(await list(t, "data-exports")).toEqual([]);
    const levels = await t.readOnly.json("GET", `/channels/${channel.id}/variant-levels.json`);
    expect(levels.status).toBe(200);
    expect(levels.body).toEqual([]);
  });
});
