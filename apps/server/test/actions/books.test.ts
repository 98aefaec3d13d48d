// The books: derived totals, amounts owed and paid, statuses through declared transitions, stock that
// moves only through recorded movements. One regression test per defect the domain-core issue names.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { dropshipAndOwnVariants } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** Every record the order books are made of, to show a refused request changed nothing. */
async function books(t: Tenant): Promise<Record<string, Rec[]>> {
  const plurals = [
    "sales",
    "sale-items",
    "purchases",
    "purchase-items",
    "purchase-invoices",
    "purchase-invoice-payments",
    "sale-returns",
    "inventory-levels",
    "adjustments",
    "fulfillments",
    "transfers",
  ];
  return Object.fromEntries(await Promise.all(plurals.map(async (p) => [p, await list(t, p)] as const)));
}

async function expectRefused(t: Tenant, status: 409 | 422, call: () => Promise<any>): Promise<any> {
  const before = await books(t);
  const body = await expectStatus(call(), status);
  expect(await books(t)).toEqual(before);
  return body;
}

/** A channel, a default warehouse, a provider, a dropshipped variant at cost 7.33 and an own variant. */
async function world(t: Tenant) {
  const channel = await create(t, "channels", { name: "Web Store" });
  const warehouse = await create(t, "warehouses", {
    name: "Main",
    isDefault: true,
    lineOne: "5 Stock Street",
    city: "Boise",
    country: "US",
  });
  const { provider, dropshipped, own } = await dropshipAndOwnVariants(t, warehouse.id);
  return { channel, warehouse, provider, dropshipped, own };
}

const ADDRESS = { name: "Ana Ruiz", lineOne: "5 Elm St", city: "Denver", country: "US" };

async function sale(
  t: Tenant,
  w: Awaited<ReturnType<typeof world>>,
  items: { sku: string; quantity: number; price: number }[],
  externalId = `O-${Math.random().toString(36).slice(2, 8)}`,
) {
  const imported = await expectStatus(
    t.json("POST", `/channels/${w.channel.id}/manual-sale.json`, {
      externalId,
      customer: { email: "ana@example.com" },
      shippingAddress: ADDRESS,
      items,
    }),
    200,
  );
  const [purchase] = await list(t, "purchases", `&where[saleId]=${imported.id}`);
  const [fulfillment] = await list(t, "fulfillments", `&where[saleId]=${imported.id}`);
  return { sale: imported as Rec, purchase, fulfillment };
}

const invoice = (t: Tenant, purchaseId: number) =>
  t.json("PUT", `/purchases/${purchaseId}.json`, { invoiceStatus: "invoiced" });
const settle = (t: Tenant, providerId: number, body: Record<string, unknown> = {}) =>
  t.json("POST", `/dropship-providers/${providerId}/settle-invoices.json`, body);
const send = (t: Tenant, purchaseId: number) => t.json("PUT", `/purchases/${purchaseId}/send.json`, {});

describe("what a purchase owes", () => {
  it("a fully cancelled purchase owes nothing: nothing to invoice, nothing to settle", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase } = await sale(t, w, [{ sku: "DS-1", quantity: 3, price: 19.99 }]);
    expect(purchase).toMatchObject({ total: 21.99, amountOwed: 21.99, amountOutstanding: 21.99 });

    const cancelled = await expectStatus(t.json("PUT", `/purchases/${purchase!.id}/cancel.json`, {}), 200);
    expect(cancelled).toMatchObject({
      status: "cancelled",
      total: 21.99,
      amountOwed: 0,
      amountOutstanding: 0,
    });
    await expectRefused(t, 409, () => invoice(t, purchase!.id));
    await expectRefused(t, 409, () => settle(t, w.provider.id));
  });

  it("two lines shipped and one cancelled: settling pays the two (14.66), once", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase } = await sale(t, w, [{ sku: "DS-1", quantity: 3, price: 19.99 }]);
    const [line] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);
    await expectStatus(send(t, purchase!.id), 200);
    await expectStatus(
      t.json("POST", `/purchases/${purchase!.id}/ship.json`, {
        trackingNumber: "T1",
        items: [{ purchaseItemId: line!.id, quantity: 2 }],
      }),
      200,
    );
    const after = await expectStatus(t.json("PUT", `/purchases/${purchase!.id}/cancel.json`, {}), 200);
    expect(after).toMatchObject({ status: "shipped", amountOwed: 14.66, cancellationStatus: "partial" });
    expect(await expectStatus(invoice(t, purchase!.id), 200)).toMatchObject({ invoiceStatus: "invoiced" });
    const transfer = await expectStatus(settle(t, w.provider.id), 200);
    expect(transfer.amount).toBe(14.66);
    expect(await read(t, "purchases", purchase!.id)).toMatchObject({
      paymentStatus: "paid",
      amountPaid: 14.66,
      amountOutstanding: 0,
    });
    await expectRefused(t, 409, () => settle(t, w.provider.id));
  });

  it("lines cancelled by move-to-fulfill owe nothing either", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase } = await sale(t, w, [{ sku: "DS-1", quantity: 3, price: 19.99 }]);
    const [line] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);
    const dropshipment = await create(t, "dropshipments", { purchaseId: purchase!.id });
    await create(t, "dropshipment-items", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: line!.id,
      sku: "DS-1",
      quantity: 3,
    });
    await expectStatus(t.json("PUT", `/dropshipments/${dropshipment.id}/move-to-fulfill.json`, {}), 200);
    expect(await read(t, "purchases", purchase!.id)).toMatchObject({ status: "cancelled", amountOwed: 0 });
    await expectRefused(t, 409, () => settle(t, w.provider.id));
  });

  it("a purchase built through CRUD has its line and purchase totals, and settles for them", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const purchase = await create(t, "purchases", { dropshipProviderId: w.provider.id });
    const item = await create(t, "purchase-items", {
      purchaseId: purchase.id,
      sku: "MUG-1",
      quantity: 2,
      price: 6.25,
    });
    expect(item.total).toBe(12.5);
    expect(await read(t, "purchases", purchase.id)).toMatchObject({
      quantity: 2,
      subtotal: 12.5,
      total: 12.5,
      amountOwed: 12.5,
    });
    await expectStatus(invoice(t, purchase.id), 200);
    const [recorded] = await list(t, "purchase-invoices", `&where[purchaseId]=${purchase.id}`);
    expect(recorded).toMatchObject({ amount: 12.5, status: "active" });
    expect((await expectStatus(settle(t, w.provider.id), 200)).amount).toBe(12.5);
  });
});

describe("lines edited through CRUD", () => {
  it("a changed quantity changes the line total and the sale's subtotal and total", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale: imported } = await sale(t, w, [{ sku: "OWN-1", quantity: 3, price: 19.99 }]);
    const [line] = await list(t, "sale-items", `&where[saleId]=${imported.id}`);
    expect(line!.total).toBe(59.97);
    const updated = await expectStatus(t.json("PUT", `/sale-items/${line!.id}.json`, { quantity: 5 }), 200);
    expect(updated.total).toBe(99.95);
    expect(await read(t, "sales", imported.id)).toMatchObject({ subtotal: 99.95, total: 99.95 });
  });

  it("a purchase line cannot be cut below what has shipped (422 naming the rule, nothing changed)", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase } = await sale(t, w, [{ sku: "DS-1", quantity: 3, price: 19.99 }]);
    const [line] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);
    await expectStatus(send(t, purchase!.id), 200);
    await expectStatus(
      t.json("POST", `/purchases/${purchase!.id}/ship.json`, {
        trackingNumber: "T1",
        items: [{ purchaseItemId: line!.id, quantity: 2 }],
      }),
      200,
    );
    const refused = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchase-items/${line!.id}.json`, { quantity: 1 }),
    );
    expect(refused.rule).toBe("shipped + cancelled <= quantity");
    expect(refused.errors).toEqual([{ path: "quantity", message: expect.stringMatching(/shipped \(2\)/) }]);
  });

  it("a line with history cannot be deleted; a new line on a shipped purchase is an undeclared transition", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase } = await sale(t, w, [{ sku: "DS-1", quantity: 1, price: 19.99 }]);
    const [line] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);
    await expectStatus(send(t, purchase!.id), 200);
    await expectStatus(t.json("POST", `/purchases/${purchase!.id}/ship.json`, { trackingNumber: "T" }), 200);
    await expectRefused(t, 409, () => t.json("DELETE", `/purchase-items/${line!.id}.json`));
    const refused = await expectRefused(t, 409, () =>
      t.json("POST", "/purchase-items.json", { purchaseId: purchase!.id, sku: "X", quantity: 1, price: 1 }),
    );
    expect(refused).toMatchObject({ state: "shipped", allowedActions: ["return-label"] });
    expect(refused.detail).toMatch(/shipped cannot become partiallyShipped/);
  });

  it("money stays within the declared bounds: a sale total past 1e13 is a 422", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale: imported } = await sale(t, w, [{ sku: "OWN-1", quantity: 1, price: 1 }]);
    const refused = await expectRefused(t, 422, () =>
      t.json("POST", "/sale-items.json", {
        saleId: imported.id,
        sku: "BIG",
        quantity: 1_000_000,
        price: 19_999_999.98,
      }),
    );
    expect(refused.rule).toMatch(/within/);
  });
});

describe("discounts never exceed what they discount: 422 naming discounts, nothing written", () => {
  const RULE = "discounts <= subtotal + shippingPrice + taxAmount";

  it("a sale created with discounts and nothing to discount", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const refused = await expectRefused(t, 422, () =>
      t.json("POST", "/sales.json", { channelId: w.channel.id, shippingPrice: 4, discounts: 5 }),
    );
    expect(refused).toMatchObject({ rule: RULE, errors: [{ path: "discounts" }] });
    expect(refused.errors[0].message).toMatch(/more than the 4 it discounts/);
    const even = await create(t, "sales", { channelId: w.channel.id, shippingPrice: 4, discounts: 4 });
    expect(even).toMatchObject({ subtotal: 0, total: 0 });
  });

  it("a sale's discounts raised past its order, or its lines cut below its discounts", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale: imported } = await sale(t, w, [{ sku: "OWN-1", quantity: 2, price: 10 }]);
    const refused = await expectRefused(t, 422, () =>
      t.json("PUT", `/sales/${imported.id}.json`, { discounts: 20.01 }),
    );
    expect(refused).toMatchObject({ rule: RULE, errors: [{ path: "discounts" }] });
    expect(refused.detail).toMatch(/^The sale's discounts \(20.01\) exceed what they discount/);
    const discounted = await expectStatus(
      t.json("PUT", `/sales/${imported.id}.json`, { discounts: 15 }),
      200,
    );
    expect(discounted).toMatchObject({ subtotal: 20, discounts: 15, total: 5 });
    const [line] = await list(t, "sale-items", `&where[saleId]=${imported.id}`);
    await expectRefused(t, 422, () => t.json("PUT", `/sale-items/${line!.id}.json`, { price: 7 }));
    expect(await read(t, "sales", imported.id)).toMatchObject({ total: 5 });
  });

  it("manual-sale with saleDefaults.discounts past the order, first import or again", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const order = (discounts: number) => ({
      externalId: "O-DISC",
      customer: { email: "ana@example.com" },
      shippingAddress: ADDRESS,
      shippingPrice: 5,
      items: [{ sku: "OWN-1", quantity: 1, price: 20 }],
      saleDefaults: { discounts },
    });
    const manualSale = (discounts: number) =>
      t.json("POST", `/channels/${w.channel.id}/manual-sale.json`, order(discounts));
    const refused = await expectRefused(t, 422, () => manualSale(26));
    expect(refused).toMatchObject({ rule: RULE, errors: [{ path: "saleDefaults.discounts" }] });
    expect(await list(t, "sale-imports")).toEqual([]);

    const imported = await expectStatus(manualSale(25), 200);
    expect(imported).toMatchObject({ subtotal: 20, shippingPrice: 5, discounts: 25, total: 0 });
    const again = await expectRefused(t, 422, () => manualSale(30));
    expect(again).toMatchObject({ rule: RULE, errors: [{ path: "saleDefaults.discounts" }] });
    expect(await read(t, "sales", imported.id)).toMatchObject({ discounts: 25, total: 0 });
  });

  it("a sale stored below 0 before the rule still ships, and no write takes it lower", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale: imported, fulfillment } = await sale(t, w, [{ sku: "OWN-1", quantity: 1, price: 20 }]);
    // Written before the rule: discounts of 30 on an order of 20 (money is stored in cents).
    await setup.db.execute({
      sql: "UPDATE sales SET discounts = 3000, total = -1000 WHERE id = ?",
      args: [imported.id],
    });
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment!.id}/ship.json`, {}), 200);
    expect(await read(t, "sales", imported.id)).toMatchObject({ status: "fulfilled", total: -10 });
    await expectRefused(t, 422, () => t.json("PUT", `/sales/${imported.id}.json`, { discounts: 31 }));
    const mended = await expectStatus(t.json("PUT", `/sales/${imported.id}.json`, { discounts: 20 }), 200);
    expect(mended).toMatchObject({ total: 0 });
  });

  it("a purchase's discounts follow the same rule", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const refused = await expectRefused(t, 422, () =>
      t.json("POST", "/purchases.json", { dropshipProviderId: w.provider.id, discounts: 1 }),
    );
    expect(refused).toMatchObject({ rule: RULE, errors: [{ path: "discounts" }] });
  });
});

describe("payment and invoice status follow the records", () => {
  it("paymentStatus cannot be written; a partial payment is partiallyPaid with the amounts shown", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase } = await sale(t, w, [{ sku: "DS-1", quantity: 3, price: 19.99 }]);
    const refused = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${purchase!.id}.json`, { paymentStatus: "paid" }),
    );
    expect(refused).toMatchObject({ field: "paymentStatus", value: "notPaid", state: "pending" });
    expect(refused.detail).toContain("settle-invoices");
    const invoice = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${purchase!.id}.json`, { invoiceStatus: "partiallyInvoiced" }),
    );
    expect(invoice).toMatchObject({ field: "invoiceStatus", value: "notInvoiced" });
    // Sent back as read, the derived fields are ignored.
    const asRead = await read(t, "purchases", purchase!.id);
    await expectStatus(t.json("PUT", `/purchases/${purchase!.id}.json`, { ...asRead, notes: "n" }), 200);

    await create(t, "purchase-invoice-payments", { purchaseId: purchase!.id, amount: 10 });
    expect(await read(t, "purchases", purchase!.id)).toMatchObject({
      paymentStatus: "partiallyPaid",
      amountOwed: 21.99,
      amountPaid: 10,
      amountOutstanding: 11.99,
    });
    await create(t, "purchase-invoices", { purchaseId: purchase!.id, amount: 21.99 });
    const transfer = await expectStatus(settle(t, w.provider.id), 200);
    expect(transfer.amount).toBe(11.99);
    expect(await read(t, "purchases", purchase!.id)).toMatchObject({
      paymentStatus: "paid",
      invoiceStatus: "invoiced",
      amountOutstanding: 0,
      paidAt: expect.any(String),
    });
  });

  it("a partial invoice is partiallyInvoiced, and settling pays only what is invoiced", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase } = await sale(t, w, [{ sku: "DS-1", quantity: 3, price: 19.99 }]);
    await create(t, "purchase-invoices", { purchaseId: purchase!.id, amount: 7.33 });
    expect((await read(t, "purchases", purchase!.id)).invoiceStatus).toBe("partiallyInvoiced");
    expect((await expectStatus(settle(t, w.provider.id), 200)).amount).toBe(7.33);
    expect((await read(t, "purchases", purchase!.id)).paymentStatus).toBe("partiallyPaid");
  });
});

describe("own-warehouse orders and returns", () => {
  it("shipping a fulfillment moves stock out of on hand and fulfils the sale", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale: imported, fulfillment } = await sale(t, w, [{ sku: "OWN-1", quantity: 2, price: 20 }]);
    const [level] = await list(t, "inventory-levels", `&where[variantId]=${w.own.id}`);
    expect(level).toMatchObject({ onHand: 10, allocated: 2 });

    const shipped = await expectStatus(
      t.json("POST", `/fulfillments/${fulfillment!.id}/ship.json`, {
        trackingNumber: "PX1",
        carrier: "Parcel Express",
      }),
      200,
    );
    expect(shipped).toMatchObject({
      status: "shipped",
      inventoryStatus: "shipped",
      trackingNumber: "PX1",
      shippedAt: expect.any(String),
    });
    expect(await read(t, "inventory-levels", level!.id)).toMatchObject({ onHand: 8, allocated: 0 });
    expect(await read(t, "sales", imported.id)).toMatchObject({
      status: "fulfilled",
      inventoryStatus: "fulfilled",
    });
    const again = await expectRefused(t, 409, () =>
      t.json("POST", `/fulfillments/${fulfillment!.id}/ship.json`, {}),
    );
    expect(again).toMatchObject({ state: "shipped" });
  });

  it("a fulfillment line stored past its sale line (before the rule) is a 422 at ship, naming the line", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale: imported, fulfillment } = await sale(t, w, [{ sku: "OWN-1", quantity: 2, price: 20 }]);
    const [saleLine] = await list(t, "sale-items", `&where[saleId]=${imported.id}`);
    const [line] = await list(t, "fulfillment-items", `&where[fulfillmentId]=${fulfillment!.id}`);
    await setup.db.execute({
      sql: "UPDATE fulfillment_items SET quantity = 3 WHERE id = ?",
      args: [line!.id],
    });
    const refused = await expectRefused(t, 422, () =>
      t.json("POST", `/fulfillments/${fulfillment!.id}/ship.json`, {}),
    );
    expect(refused).toMatchObject({
      detail: `Fulfillment ${fulfillment!.id} ships more than its sale still has open.`,
      rule: "fulfilled + cancelled <= quantity",
    });
    expect(refused.errors).toEqual([
      {
        path: `fulfillmentItems.${line!.id}.quantity`,
        message: `is 3, more than the 2 sale item ${saleLine!.id} (OWN-1) has left to fulfil`,
      },
    ]);
  });

  it("a fulfillment with allocated lines keeps its warehouse", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { fulfillment } = await sale(t, w, [{ sku: "OWN-1", quantity: 2, price: 20 }]);
    const other = await create(t, "warehouses", { name: "Annex" });
    await expectRefused(t, 409, () =>
      t.json("PUT", `/fulfillments/${fulfillment!.id}.json`, { warehouseId: other.id }),
    );
  });

  it("a received return of own-warehouse goods restocks them with an adjustment", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale: imported, fulfillment } = await sale(t, w, [{ sku: "OWN-1", quantity: 2, price: 20 }]);
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment!.id}/ship.json`, {}), 200);
    const [line] = await list(t, "sale-items", `&where[saleId]=${imported.id}`);
    const saleReturn = await create(t, "sale-returns", { saleId: imported.id, reason: "too small" });
    const returnLine = await create(t, "sale-return-items", {
      saleReturnId: saleReturn.id,
      saleItemId: line!.id,
      quantity: 1,
    });
    expect(returnLine.amount).toBe(20);
    expect((await read(t, "sale-returns", saleReturn.id)).total).toBe(20);
    // Its amount is still the default: it follows the quantity, and the return's total with it.
    const two = await expectStatus(
      t.json("PUT", `/sale-return-items/${returnLine.id}.json`, { quantity: 2 }),
      200,
    );
    expect(two).toMatchObject({ quantity: 2, amount: 40 });
    expect((await read(t, "sale-returns", saleReturn.id)).total).toBe(40);
    // An amount of the client's own is kept when the quantity changes; one sent with it is taken.
    await expectStatus(t.json("PUT", `/sale-return-items/${returnLine.id}.json`, { amount: 35 }), 200);
    const kept = await expectStatus(
      t.json("PUT", `/sale-return-items/${returnLine.id}.json`, { quantity: 1 }),
      200,
    );
    expect(kept).toMatchObject({ quantity: 1, amount: 35 });
    const both = await expectStatus(
      t.json("PUT", `/sale-return-items/${returnLine.id}.json`, { quantity: 1, amount: 20 }),
      200,
    );
    expect(both).toMatchObject({ quantity: 1, amount: 20 });
    expect((await read(t, "sale-returns", saleReturn.id)).total).toBe(20);

    const received = await expectStatus(
      t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}),
      200,
    );
    expect(received).toMatchObject({ status: "received", type: "return" });
    expect(await read(t, "sale-items", line!.id)).toMatchObject({ quantityReturned: 1 });
    expect(await read(t, "sales", imported.id)).toMatchObject({ returnStatus: "partiallyReturned" });
    const [level] = await list(t, "inventory-levels", `&where[variantId]=${w.own.id}`);
    expect(level).toMatchObject({ onHand: 9 });
    const adjustments = await list(t, "adjustments", `&where[variantId]=${w.own.id}`);
    expect(adjustments.at(-1)).toMatchObject({ quantity: 1, quantityBefore: 8, quantityAfter: 9 });

    await expectRefused(t, 409, () => t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}));
    await expectRefused(t, 409, () => t.json("DELETE", `/sale-returns/${saleReturn.id}.json`));
  });

  it("a return of more than was fulfilled is a 422; a cancellation has nothing to receive (409)", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale: imported, purchase } = await sale(t, w, [
      { sku: "OWN-1", quantity: 1, price: 20 },
      { sku: "DS-1", quantity: 1, price: 19.99 },
    ]);
    const [own] = await list(t, "sale-items", `&where[saleId]=${imported.id}&where[sku]=OWN-1`);
    const saleReturn = await create(t, "sale-returns", { saleId: imported.id });
    const line = { saleReturnId: saleReturn.id, saleItemId: own!.id, quantity: 1 };
    const written = await expectRefused(t, 422, () => t.json("POST", "/sale-return-items.json", line));
    expect(written.rule).toBe("returned <= fulfilled");
    // A line stored past its sale line before the rule is refused when the return is received.
    const stored = await create(t, "sale-return-items", { ...line, saleItemId: null });
    await setup.db.execute({
      sql: "UPDATE sale_return_items SET sale_item_id = ? WHERE id = ?",
      args: [own!.id, stored.id],
    });
    const refused = await expectRefused(t, 422, () =>
      t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}),
    );
    expect(refused.rule).toBe("returned <= fulfilled");
    expect(refused.errors).toEqual([
      {
        path: "lines.0.quantity",
        message: `is 1, more than the 0 of sale item ${own!.id} (OWN-1) fulfilled and not returned`,
      },
    ]);

    await expectStatus(t.json("PUT", `/purchases/${purchase!.id}/cancel.json`, {}), 200);
    const [cancellation] = await list(t, "sale-returns", `&where[type]=cancellation`);
    expect(cancellation).toMatchObject({ saleId: imported.id, total: 19.99, status: "requested" });
    await expectRefused(t, 409, () => t.json("POST", `/sale-returns/${cancellation!.id}/receive.json`, {}));
  });

  it("goods received against a purchase go on hand where they were put away, and follow edits of the receipt", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const purchase = await create(t, "purchases", {
      purchaseType: "replenishment",
      warehouseId: w.warehouse.id,
    });
    const line = await create(t, "purchase-items", {
      purchaseId: purchase.id,
      variantId: w.own.id,
      sku: "OWN-1",
      quantity: 5,
      price: 8,
    });
    const receipt = await create(t, "goods-receipts", { purchaseId: purchase.id });
    const received = await create(t, "goods-receipt-items", {
      goodsReceiptId: receipt.id,
      purchaseItemId: line.id,
      quantity: 5,
    });
    const onHand = async () =>
      (await list(t, "inventory-levels", `&where[variantId]=${w.own.id}`))[0]!.onHand;
    expect(await onHand()).toBe(15);
    await expectStatus(t.json("PUT", `/goods-receipt-items/${received.id}.json`, { quantity: 3 }), 200);
    expect(await onHand()).toBe(13);
    expect((await t.json("DELETE", `/goods-receipts/${receipt.id}.json`)).status).toBe(204);
    expect(await onHand()).toBe(10);
  });

  it("on hand moves only through recorded movements: levels are read-only, adjustments are history", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const [level] = await list(t, "inventory-levels", `&where[variantId]=${w.own.id}`);
    const put = await expectStatus(t.json("PUT", `/inventory-levels/${level!.id}.json`, { onHand: 99 }), 200);
    expect(put.onHand).toBe(10);
    const [adjustment] = await list(t, "adjustments", `&where[variantId]=${w.own.id}`);
    await expectRefused(t, 409, () => t.json("PUT", `/adjustments/${adjustment!.id}.json`, { quantity: 3 }));
    await expectRefused(t, 409, () => t.json("DELETE", `/adjustments/${adjustment!.id}.json`));
    await expectRefused(t, 409, () => t.json("DELETE", `/inventory-levels/${level!.id}.json`));
  });
});
