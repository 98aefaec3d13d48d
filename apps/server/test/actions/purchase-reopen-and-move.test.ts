// A cancelled purchase stays cancelled whatever is written to its lines, and a purchase changes dropship
// provider (by the action or a PUT of `dropshipProviderId`) only before anything shipped, and never
// with an invoice or payment that belongs to the provider it has; nor do its invoices and payments move
// to another provider's purchase.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import {
  cancel,
  expectRefused,
  invoicedPurchase,
  provider,
  send,
  sentWorld,
  settle,
  ship,
} from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** A manual sale of two mugs, routed to one purchase of the mug's dropship provider. */
async function mugSale(t: Tenant) {
  const channel = await create(t, "channels", { name: "Phone orders" });
  const supplier = await provider(t);
  const mug = await create(t, "variants", {
    sku: "MUG",
    name: "Mug",
    costPrice: 6.25,
    dropshipProviderId: supplier.id,
  });
  const sale = await expectStatus(
    t.json("POST", `/channels/${channel.id}/manual-sale.json`, {
      externalId: "PHONE-1",
      customer: { email: "ada@example.com" },
      shippingAddress: { name: "Ada Buyer", lineOne: "1 Main St", city: "Springfield", country: "US" },
      items: [{ sku: "MUG", quantity: 2, price: 12 }],
    }),
    200,
  );
  const [purchase] = await list(t, "purchases", `&where[saleId]=${sale.id}`);
  const [line] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);
  const [saleLine] = await list(t, "sale-items", `&where[saleId]=${sale.id}`);
  return { supplier, mug, sale, purchase: purchase!, line: line!, saleLine: saleLine! };
}

const CANCELLED = {
  status: "cancelled",
  cancelled: true,
  cancellationStatus: "full",
  amountOwed: 0,
  quantity: 2,
};

describe("a cancelled purchase's lines", () => {
  it("a quantity raised on a line is a 409 that changes nothing, as on a cancelled sale", async () => {
    const t = await setup.tenant();
    const m = await mugSale(t);
    expect(await expectStatus(cancel(t, m.purchase.id, {}), 200)).toMatchObject(CANCELLED);

    // Its sale line has none of its units left to order (both cancelled): a 422.
    const past = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchase-items/${m.line.id}.json`, { quantity: 3 }),
    );
    expect(past.rule).toBe("fulfilled + cancelled + on purchase and fulfillment lines <= quantity");
    // Carrying no sale line, the raise would open the purchase again: a 409.
    const refused = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchase-items/${m.line.id}.json`, { quantity: 3, saleItemId: null }),
    );
    expect(refused.detail).toBe("A purchase that is cancelled cannot become pending.");
    expect(refused).toMatchObject({ state: "cancelled", allowedActions: [] });
    expect(await read(t, "purchases", m.purchase.id)).toMatchObject(CANCELLED);
    expect(await read(t, "purchase-items", m.line.id)).toMatchObject({ quantity: 2, quantityCancelled: 2 });

    // The sale side refuses the same change of its own line the same way.
    const onSale = await expectRefused(t, 409, () =>
      t.json("PUT", `/sale-items/${m.saleLine.id}.json`, { quantity: 3 }),
    );
    expect(onSale.detail).toBe("A sale that is cancelled cannot become open.");
  });

  it("a line added is a 409 that changes nothing; writes that leave its lines cancelled still go through", async () => {
    const t = await setup.tenant();
    const m = await mugSale(t);
    await expectStatus(send(t, m.purchase.id), 200);
    await expectStatus(cancel(t, m.purchase.id, {}), 200);

    const added = await expectRefused(t, 409, () =>
      t.json("POST", "/purchase-items.json", {
        purchaseId: m.purchase.id,
        variantId: m.mug.id,
        sku: "MUG",
        quantity: 1,
        price: 6.25,
      }),
    );
    // It had been sent: opened again it would be sent, which a cancelled purchase cannot become.
    expect(added.detail).toBe("A purchase that is cancelled cannot become sent.");
    expect(added).toMatchObject({ state: "cancelled", allowedActions: [] });
    expect(await list(t, "purchase-items", `&where[purchaseId]=${m.purchase.id}`)).toHaveLength(1);

    // Still cancelled, still owing nothing, and still writable where nothing opens again.
    await expectStatus(t.json("PUT", `/purchase-items/${m.line.id}.json`, { name: "Mug, boxed" }), 200);
    await expectStatus(
      t.json("PUT", `/purchases/${m.purchase.id}.json`, { notes: "customer changed mind" }),
      200,
    );
    expect(await read(t, "purchases", m.purchase.id)).toMatchObject({
      ...CANCELLED,
      notes: "customer changed mind",
    });
  });

  it("a line of a purchase that is partly cancelled and still open takes a new quantity", async () => {
    const t = await setup.tenant();
    const m = await mugSale(t);
    await expectStatus(send(t, m.purchase.id), 200);
    await expectStatus(
      cancel(t, m.purchase.id, { items: [{ purchaseItemId: m.line.id, quantity: 1 }] }),
      200,
    );
    // One more unit ordered, once the sale line has it.
    await expectRefused(t, 422, () => t.json("PUT", `/purchase-items/${m.line.id}.json`, { quantity: 3 }));
    await expectStatus(t.json("PUT", `/sale-items/${m.saleLine.id}.json`, { quantity: 3 }), 200);
    await expectStatus(t.json("PUT", `/purchase-items/${m.line.id}.json`, { quantity: 3 }), 200);
    expect(await read(t, "purchases", m.purchase.id)).toMatchObject({
      status: "sent",
      cancelled: false,
      cancellationStatus: "partial",
      amountOwed: 12.5,
    });
  });
});

describe("moving a purchase to another dropship provider", () => {
  it("is refused while the purchase is invoiced, so settle-invoices never pays one provider for another's invoice", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const second = await provider(t, { name: "Second Supplier", email: "po@second.example" });
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
    const [invoice] = await list(t, "purchase-invoices", `&where[purchaseId]=${w.purchase.id}`);
    const invoices = await list(t, "purchase-invoices");

    const moved = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: second.id,
      }),
    );
    expect(moved.rule).toBe("a purchase with invoices or payments keeps its provider");
    expect(moved.detail).toContain(
      `purchase invoice ${invoice!.id}, which belong to dropship provider ${w.provider.id}`,
    );
    expect(moved.detail).toContain(`PUT /purchase-invoices/${invoice!.id}.json with {"status":"cancelled"}`);
    // What the purchase holds refuses the move, not its state: the move is not offered again.
    expect(moved).toMatchObject({ state: "sent" });
    expect([...moved.allowedActions].sort()).toEqual(["cancel", "default-label", "send", "ship"]);
    // The same change as a PUT of the purchase is refused the same way.
    const put = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${w.purchase.id}.json`, { dropshipProviderId: second.id }),
    );
    expect(put.rule).toBe(moved.rule);
    expect(await list(t, "purchase-invoices")).toEqual(invoices);

    // The second provider has nothing to be paid; the first is paid its own invoice.
    await expectRefused(t, 409, () => settle(t, second.id));
    await expectStatus(settle(t, w.provider.id), 200);
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      dropshipProviderId: w.provider.id,
      paymentStatus: "paid",
    });
  });

  it("moves once the invoice is cancelled, and is refused while a payment is active", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const second = await provider(t, { name: "Second Supplier", email: "po@second.example" });
    const payment = await create(t, "purchase-invoice-payments", { purchaseId: w.purchase.id, amount: 5 });
    const paid = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: second.id,
      }),
    );
    expect(paid.detail).toContain(`purchase invoice payment ${payment.id}`);
    expect(paid.detail).toContain(`PUT /purchase-invoice-payments/${payment.id}.json`);
    await expectStatus(
      t.json("PUT", `/purchase-invoice-payments/${payment.id}.json`, { status: "cancelled" }),
      200,
    );

    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
    const [invoice] = await list(t, "purchase-invoices", `&where[purchaseId]=${w.purchase.id}`);
    await expectStatus(t.json("PUT", `/purchase-invoices/${invoice!.id}.json`, { status: "cancelled" }), 200);
    const moved = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: second.id,
      }),
      200,
    );
    expect(moved).toMatchObject({
      dropshipProviderId: second.id,
      status: "pending",
      sentAt: null,
      invoiceStatus: "notInvoiced",
    });
  });

  it("a PUT of dropshipProviderId follows the action's rule: only while pending or sent", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const second = await provider(t, { name: "Second Supplier", email: "po@second.example" });
    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.cap.id, quantity: 1 }] }),
      200,
    );

    const asRead = await read(t, "purchases", w.purchase.id);
    const refused = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${w.purchase.id}.json`, { ...asRead, dropshipProviderId: second.id }),
    );
    expect(refused).toMatchObject({ state: "partiallyShipped", allowedStates: ["pending", "sent"] });
    expect(refused.detail).toContain(`PUT /purchases/${w.purchase.id}/move-dropship-provider.json`);
    expect([...refused.allowedActions].sort()).toEqual(["cancel", "default-label", "return-label", "ship"]);
    // The record put back as read, its provider unchanged, is no move.
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { ...asRead, notes: "kept" }), 200);
    const dropshipments = await list(t, "dropshipments", `&where[purchaseId]=${w.purchase.id}`);
    expect(dropshipments.map((d) => d.dropshipProviderId)).toEqual([w.provider.id]);
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      dropshipProviderId: w.provider.id,
      status: "partiallyShipped",
      notes: "kept",
    });
  });

  it("a PUT of dropshipProviderId on a sent purchase moves it as the action does: pending, to be sent again", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const second = await provider(t, { name: "Second Supplier", email: "po@second.example" });
    const address = await create(t, "dropship-provider-addresses", {
      dropshipProviderId: w.provider.id,
      purpose: "shipFrom",
      lineOne: "1 Depot Lane",
      city: "Reno",
      country: "US",
    });
    await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}.json`, { dropshipProviderAddressId: address.id }),
      200,
    );
    const asRead = await read(t, "purchases", w.purchase.id);
    const moved = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}.json`, { ...asRead, dropshipProviderId: second.id }),
      200,
    );
    expect(moved).toMatchObject({
      dropshipProviderId: second.id,
      dropshipProviderAddressId: null,
      status: "pending",
      sentAt: null,
    });
    await expectStatus(send(t, w.purchase.id), 200);
    const notifications = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
    expect(notifications.at(-1)).toMatchObject({ dropshipProviderId: second.id });
  });
});

describe("moving a purchase invoice or payment to another purchase", () => {
  /** Two providers, each with a purchase owing 10: the first's invoiced, the second's not. */
  async function twoProviders(t: Tenant) {
    const first = await provider(t);
    const second = await provider(t, { name: "Second Supplier", email: "po@second.example" });
    const invoiced = await invoicedPurchase(t, first.id, 10);
    const [invoice] = await list(t, "purchase-invoices", `&where[purchaseId]=${invoiced.id}`);
    const others = await create(t, "purchases", { dropshipProviderId: second.id, shippingPrice: 10 });
    return { first, second, invoiced, invoice: invoice!, others };
  }

  it("to a purchase of another provider is a 422 naming purchaseId, and neither provider's books change", async () => {
    const t = await setup.tenant();
    const { first, second, invoiced, invoice, others } = await twoProviders(t);
    const invoices = await list(t, "purchase-invoices");

    const moved = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchase-invoices/${invoice.id}.json`, { purchaseId: others.id }),
    );
    expect(moved.errors).toEqual([
      {
        path: "purchaseId",
        message: `names purchase ${others.id} of dropship provider ${second.id}; purchase invoice ${invoice.id} is on purchase ${invoiced.id} of dropship provider ${first.id}`,
      },
    ]);
    expect(moved.rule).toBe("an invoice or payment stays with its purchase's provider");
    expect(await list(t, "purchase-invoices")).toEqual(invoices);
    // A replenishment order (no provider) is another provider's too.
    const replenishment = await create(t, "purchases", { shippingPrice: 10 });
    await expectRefused(t, 422, () =>
      t.json("PUT", `/purchase-invoices/${invoice.id}.json`, { purchaseId: replenishment.id }),
    );
    expect(await list(t, "purchase-invoices")).toEqual(invoices);

    // The second provider was invoiced nothing; the first is paid its own invoice.
    await expectRefused(t, 409, () => settle(t, second.id));
    expect((await expectStatus(settle(t, first.id), 200)).amount).toBe(10);
    expect(await read(t, "purchases", others.id)).toMatchObject({
      invoiceStatus: "notInvoiced",
      paymentStatus: "notPaid",
    });
  });

  it("a payment moved to a purchase of another provider is the same 422, and stays paying its purchase", async () => {
    const t = await setup.tenant();
    const { first, invoiced, others } = await twoProviders(t);
    const payment = await create(t, "purchase-invoice-payments", { purchaseId: invoiced.id, amount: 4 });

    const moved = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchase-invoice-payments/${payment.id}.json`, { purchaseId: others.id }),
    );
    expect(moved.errors[0].path).toBe("purchaseId");
    expect(moved.rule).toBe("an invoice or payment stays with its purchase's provider");
    expect(await read(t, "purchases", others.id)).toMatchObject({ paymentStatus: "notPaid", amountPaid: 0 });
    expect((await expectStatus(settle(t, first.id), 200)).amount).toBe(6);
  });

  it("between purchases of one provider moves, and both purchases' books follow", async () => {
    const t = await setup.tenant();
    const { first, invoiced, invoice } = await twoProviders(t);
    const next = await create(t, "purchases", { dropshipProviderId: first.id, shippingPrice: 10 });

    await expectStatus(t.json("PUT", `/purchase-invoices/${invoice.id}.json`, { purchaseId: next.id }), 200);
    expect(await read(t, "purchases", invoiced.id)).toMatchObject({ invoiceStatus: "notInvoiced" });
    expect(await read(t, "purchases", next.id)).toMatchObject({ invoiceStatus: "invoiced" });
    const transfer = await expectStatus(settle(t, first.id), 200);
    expect(transfer.amount).toBe(10);
    expect(await read(t, "purchases", next.id)).toMatchObject({ paymentStatus: "paid", amountPaid: 10 });
    expect(await read(t, "purchases", invoiced.id)).toMatchObject({
      paymentStatus: "notPaid",
      amountPaid: 0,
    });
  });

  it("one that an active payment names stays on its purchase (409), so it is never paid twice", async () => {
    const t = await setup.tenant();
    const { first, invoiced, invoice } = await twoProviders(t);
    const next = await create(t, "purchases", { dropshipProviderId: first.id, shippingPrice: 10 });
    const payment = await create(t, "purchase-invoice-payments", {
      purchaseInvoiceId: invoice.id,
      amount: 10,
    });
    const invoices = await list(t, "purchase-invoices");

    const moved = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchase-invoices/${invoice.id}.json`, { purchaseId: next.id }),
    );
    expect(moved.detail).toContain(`purchase invoice payment ${payment.id}`);
    expect(await list(t, "purchase-invoices")).toEqual(invoices);
    await expectRefused(t, 409, () => settle(t, first.id));
    expect(await read(t, "purchases", invoiced.id)).toMatchObject({
      invoiceStatus: "invoiced",
      paymentStatus: "paid",
    });
  });
});

describe("a purchase line that has shipped", () => {
  it("stays with its sale line (409, nothing changed), which keeps counting what it shipped", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const other = await create(t, "sale-items", {
      saleId: w.sale.id,
      sku: "MUG-1",
      quantity: 3,
      price: 29.99,
    });
    await expectStatus(ship(t, w.purchase.id), 200);
    const refused = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchase-items/${w.items.mug.id}.json`, { saleItemId: other.id }),
    );
    expect(refused).toMatchObject({ rule: "history is kept" });
    expect(refused.detail).toContain("saleItemId");
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({ quantityFulfilled: 3 });
    expect(await read(t, "sale-items", other.id)).toMatchObject({ quantityFulfilled: 0 });
    // Before it ships, a line may go to another sale line.
    const u = await setup.tenant();
    const fresh = await sentWorld(u);
    const spare = await create(u, "sale-items", {
      saleId: fresh.sale.id,
      sku: "MUG-1",
      quantity: 3,
      price: 29.99,
    });
    await expectStatus(
      u.json("PUT", `/purchase-items/${fresh.items.mug.id}.json`, { saleItemId: spare.id }),
      200,
    );
  });
});
