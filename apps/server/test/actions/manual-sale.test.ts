import { beforeAll, describe, expect, it } from "vitest";
import { expectStatus } from "../requests.ts";
import { setupApp } from "../support.ts";
import { address, list, make, sale, saleSetup, snapshot } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

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
      dateOrdered: "2024-05-01T10:00:00.000Z",
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

  it("puts a routed purchase in its provider's currency, whatever the sale's", async () => {
    const t = await ctx.tenant();
    const { channel, first, second } = await saleSetup(t);
    await t.json("PUT", `/dropship-providers/${second.id}.json`, { currency: "EUR" });
    const response = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale("CURRENCIES", [
        { sku: "A", quantity: 1, price: 10 },
        { sku: "C", quantity: 1, price: 5 },
      ]),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.currency).toBe("CAD");
    const purchases = await list(t, "purchases", { saleId: response.body.id });
    // Priced at the variants' cost prices, as the provider bills them: in the currency it is paid in.
    expect(purchases.map((p) => [p.dropshipProviderId, p.currency, p.total])).toEqual([
      [first.id, "USD", 4],
      [second.id, "EUR", 0],
    ]);
  });

  it("keeps a line's name when the same order is sent again without one", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const order = sale("RESENT", [{ sku: "D", quantity: 1, price: 2, name: null }]);
    const first = await t.json("POST", `/channels/${channel.id}/manual-sale.json`, order);
    expect(first.status).toBe(200);
    const again = await t.json("POST", `/channels/${channel.id}/manual-sale.json`, order);
    expect(again.status).toBe(200);
    const items = await list(t, "sale-items", { saleId: first.body.id });
    expect(items.map((item) => item.name)).toEqual(["Delta"]);
  });

  it("keeps what it stores within each field's bounds", async () => {
    const t = await ctx.tenant();
    const { channel, d } = await saleSetup(t);
    const path = `/channels/${channel.id}/manual-sale.json`;
    // Shipping lines adding up past the bound of money: a 422 that writes nothing, even when a discount
    // would bring the total back within it.
    const kinds = ["sales", "sale-items", "customers", "sale-imports", "purchases", "fulfillments"];
    const before = await snapshot(t, kinds);
    const refused = await t.json(
      "POST",
      path,
      sale("HUGE", [{ sku: "D", quantity: 1, price: 0 }], {
        shipping: [{ price: 1e13 }, { price: 1e13 }],
        saleDefaults: { discounts: 1e13 },
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: "shippingPrice" })]);
    expect(await snapshot(t, kinds)).toEqual(before);

    // A full name joined from a first and a last name of 100 characters each keeps 200.
    // (Lines by their listing, which need no shipping address: the sale's comes from saleDefaults.)
    await make(t, "channel-variants", {
      channelId: channel.id,
      variantId: d.id,
      sku: "D",
      externalId: "ext-d",
    });
    const long = await t.json("POST", path, {
      externalId: "LONG",
      customer: { email: "long@example.com", firstName: "F".repeat(100), lastName: "L".repeat(100) },
      saleDefaults: { shippingFirstName: "F".repeat(100), shippingLastName: "L".repeat(100) },
      lineItems: [{ quantity: 1, price: 1, variant: { externalId: "ext-d" } }],
    });
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    expect(long.body.shippingName).toBe(`${"F".repeat(100)} ${"L".repeat(99)}`);
    const [customer] = await list(t, "customers", { email: "long@example.com" });
    expect(customer.name).toBe(`${"F".repeat(100)} ${"L".repeat(99)}`);

    // An order past the 200,000 bytes a sale import's payload keeps is imported, and logged without it.
    const big = Array.from({ length: 120 }, (_, i) => ({
      sku: "D",
      quantity: 1,
      price: 1,
      externalId: `L${i}`,
      properties: [{ key: "k", value: "v".repeat(1990) }],
    }));
    const imported = await t.json("POST", path, sale("BIG", big));
    expect(imported.status).toBe(200);
    const [log] = await list(t, "sale-imports", { saleId: imported.body.id });
    expect(log).toMatchObject({ status: "success", payload: null });
    const small = await list(t, "sale-imports", { saleId: long.body.id });
    expect(small[0].payload.externalId).toBe("LONG");
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

  it("refuses another SKU for a line imported before (matched by its external id) with 409", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const path = `/channels/${channel.id}/manual-sale.json`;
    await expectStatus(
      t.json("POST", path, sale("ORDER-10", [{ sku: "A", quantity: 2, price: 10, externalId: "L1" }])),
      200,
    );
    const before = await snapshot(t, ["sales", "sale-items", "purchases", "purchase-items", "sale-imports"]);
    const response = await t.json(
      "POST",
      path,
      sale("ORDER-10", [{ sku: "D", quantity: 2, price: 10, externalId: "L1" }]),
    );
    expect(response.status).toBe(409);
    expect(response.body.errors).toEqual([
      { path: "items.0.sku", message: "is D, but the line (external id L1) was imported with sku A" },
    ]);
    expect(response.body.detail).toBe(
      "items.0.sku is D, but the line (external id L1) was imported with sku A. A line's product cannot change through manual-sale: cancel the line through its purchase or fulfillment, and send the new product as a new line.",
    );
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
      { path: "items.1.sku", message: "names no variant (sku MISSING)" },
    ]);
    for (const plural of ["sales", "sale-items", "customers", "purchases", "sale-imports"]) {
      expect(await list(t, plural), plural).toEqual([]);
    }
  });

  it("sets the records saleDefaults names when they are the company's, and refuses another company's", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const reseller = await make(t, "resellers", { name: "Reseller One" });
    const path = `/channels/${channel.id}/manual-sale.json`;
    const imported = await t.json(
      "POST",
      path,
      sale("R-1", [{ sku: "A", quantity: 1, price: 1 }], {
        saleDefaults: { resellerId: reseller.id, dateOrdered: "2024-05-01T10:00:00.000Z" },
      }),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({
      resellerId: reseller.id,
      orderedAt: "2024-05-01T10:00:00.000Z",
      dateOrdered: "2024-05-01T10:00:00.000Z",
    });

    const other = await ctx.tenant();
    const { channel: theirs } = await saleSetup(other);
    const refused = await other.json(
      "POST",
      `/channels/${theirs.id}/manual-sale.json`,
      sale("R-1", [{ sku: "A", quantity: 1, price: 1 }], { saleDefaults: { resellerId: reseller.id } }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "saleDefaults.resellerId", message: `names no reseller (id ${reseller.id})` },
    ]);
  });

  it("says after its path what a line or a saleDefaults reference names that it cannot follow", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const unlinked = await make(t, "channel-variants", { channelId: channel.id, externalId: "E-2" });
    const path = `/channels/${channel.id}/manual-sale.json`;
    const line = (externalId: string) => ({ quantity: 1, price: 1, variant: { externalId } });
    const lines = await t.json("POST", path, {
      externalId: "O-1",
      customer: { email: "ada@example.com" },
      lineItems: [line("E-1"), line("E-2")],
    });
    expect(lines.status).toBe(422);
    expect(lines.body.errors).toEqual([
      {
        path: "lineItems.0.variant.externalId",
        message: `names no channel variant of channel ${channel.id} (external id E-1)`,
      },
      {
        path: "lineItems.1.variant.externalId",
        message: `names channel variant ${unlinked.id}, which is linked to no catalogue variant`,
      },
    ]);
    const defaults = await t.json(
      "POST",
      path,
      sale("O-2", [{ sku: "A", quantity: 1, price: 1 }], { saleDefaults: { resellerId: 987654 } }),
    );
    expect(defaults.status).toBe(422);
    expect(defaults.body.errors).toEqual([
      { path: "saleDefaults.resellerId", message: "names no reseller (id 987654)" },
    ]);
    expect(defaults.body.detail).toBe("A reference names no record of yours.");
    const both = await t.json("POST", path, {
      ...sale("O-3", [{ sku: "A", quantity: 1, price: 1 }]),
      lineItems: [line("E-1")],
    });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual([
      { path: "lineItems", message: "cannot be sent with items: send the lines as one or the other" },
    ]);
    expect(both.body.detail).toBe("Send the lines as items or as lineItems, not both.");
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
