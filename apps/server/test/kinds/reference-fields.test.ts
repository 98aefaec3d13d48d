// The reference's field conventions, as its integrations use them: computed fields copied into
// creates, JSON values of any shape, free text where it takes free text, flags as 0 and 1, dates sent
// as `{}`, the tenant's companyId, and status writes that are transition requests.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp();
});

describe("fields as the reference writes them", () => {
  it("ignores the ids, timestamps and computed fields a documented example carries into a create", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", {});
    expect(provider.name).toBeNull();
    const purchase = await expectStatus(
      t.json("POST", "/purchases.json", {
        id: 777,
        createdAt: "2023-05-04T09:42:00+00:00",
        updatedAt: "2019-12-16T21:45:12.828Z",
        dropshipProviderId: provider.id,
        status: "shipped",
        total: 999,
        quantity: 12,
        paymentStatus: "paid",
        dateOrdered: {},
      }),
      200,
    );
    expect(purchase.id).not.toBe(777);
    expect(purchase).toMatchObject({ status: "pending", total: 0, paymentStatus: "notPaid" });
    expect(Date.now() - Date.parse(purchase.dateOrdered)).toBeLessThan(60_000);
  });

  it("keeps any JSON value of a JSON-valued field exactly as sent", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    for (const payload of [{ order: { id: 1, lines: [1, 2] } }, [1, "two", null], "text", 42, true, {}]) {
      const record = await create(t, "sale-imports", {
        channelId: channel.id,
        payload,
        problem: { code: "x" },
      });
      expect(record.payload).toEqual(payload);
      expect((await read(t, "sale-imports", record.id)).payload).toEqual(payload);
    }
    const answer = await expectStatus(
      t.json("POST", "/sale-imports.json", { channelId: channel.id, problem: "x".repeat(9000) }),
      422,
    );
    expect(answer.errors[0].path).toBe("problem");
  });

  it("keeps a sale line's and a fulfillment's JSON-valued fields the reference lists, any shape, as sent", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const sale = await create(t, "sales", { channelId: channel.id });
    const warehouse = await create(t, "warehouses", { name: "Main" });
    const line = { sku: "A-1", quantity: 1, price: 5 };
    const values = { properties: {}, notes: {}, allocation: {}, discounts: {}, discountAllocated: {} };
    const item = await create(t, "sale-items", { saleId: sale.id, ...line, ...values });
    expect(item).toMatchObject(values);
    const shapes = {
      properties: [{ key: "engraving", value: "A" }],
      notes: "gift",
      allocation: [{ warehouse: 1, quantity: 1 }],
      discounts: [{ code: "TEN", amount: 1 }],
      discountAllocated: 1.5,
    };
    await expectStatus(t.json("PUT", `/sale-items/${item.id}.json`, shapes), 200);
    expect(await read(t, "sale-items", item.id)).toMatchObject({ ...shapes, total: 5 });
    const fulfillment = await create(t, "fulfillments", {
      saleId: sale.id,
      warehouseId: warehouse.id,
      labelUris: {},
    });
    expect(fulfillment.labelUris).toEqual({});
    await expectStatus(
      t.json("PUT", `/fulfillments/${fulfillment.id}.json`, { labelUris: ["https://labels.example/1.pdf"] }),
      200,
    );
    expect((await read(t, "fulfillments", fulfillment.id)).labelUris).toEqual([
      "https://labels.example/1.pdf",
    ]);
  });

  it("takes a sale's dateOrdered as the reference's name of orderedAt, and {} as not sent", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const none = await create(t, "sales", { channelId: channel.id, dateOrdered: {} });
    expect(none).toMatchObject({ orderedAt: null, dateOrdered: null });
    const at = "2023-05-04T09:42:00.000Z";
    const sale = await create(t, "sales", { channelId: channel.id, dateOrdered: at });
    expect(sale).toMatchObject({ orderedAt: at, dateOrdered: at });
    const later = "2023-05-05T10:00:00.000Z";
    await expectStatus(t.json("PUT", `/sales/${sale.id}.json`, { orderedAt: later }), 200);
    expect(await read(t, "sales", sale.id)).toMatchObject({ orderedAt: later, dateOrdered: later });
    // The record as read, one name changed: that one is meant.
    const whole = await read(t, "sales", sale.id);
    await expectStatus(t.json("PUT", `/sales/${sale.id}.json`, { ...whole, dateOrdered: at }), 200);
    expect(await read(t, "sales", sale.id)).toMatchObject({ orderedAt: at, dateOrdered: at });
    const both = await expectStatus(
      t.json("POST", "/sales.json", { channelId: channel.id, orderedAt: at, dateOrdered: later }),
      422,
    );
    expect(both.errors.map((error: { path: string }) => error.path)).toEqual(["dateOrdered"]);
  });

  it("takes an invoice payment's purchase from its invoice, as the reference's fields name it", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", { name: "Acme" });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    const invoice = await create(t, "purchase-invoices", { purchaseId: purchase.id, amount: 30 });
    const payment = await create(t, "purchase-invoice-payments", {
      purchaseInvoiceId: invoice.id,
      amount: 10,
      exchangeRate: 1,
      paidAt: {},
      status: "active",
      type: "payment",
      totals: {},
    });
    expect(payment).toMatchObject({ purchaseId: purchase.id, purchaseInvoiceId: invoice.id, amount: 10 });
    expect(await read(t, "purchases", purchase.id)).toMatchObject({ amountPaid: 10 });

    // An invoice of another purchase is not this purchase's to pay.
    const second = await create(t, "purchases", { dropshipProviderId: provider.id });
    const mismatched = await expectStatus(
      t.json("POST", "/purchase-invoice-payments.json", {
        purchaseId: second.id,
        purchaseInvoiceId: invoice.id,
        amount: 5,
      }),
      422,
    );
    expect(mismatched.errors).toEqual([
      {
        path: "purchaseInvoiceId",
        message: `names purchase invoice ${invoice.id}, which is on purchase ${purchase.id}, not on purchase ${second.id}`,
      },
    ]);
    const moved = await expectStatus(
      t.json("PUT", `/purchase-invoice-payments/${payment.id}.json`, { purchaseId: second.id }),
      422,
    );
    expect(moved.errors.map((error: { path: string }) => error.path)).toEqual(["purchaseInvoiceId"]);
    const neither = await expectStatus(
      t.json("POST", "/purchase-invoice-payments.json", { amount: 10 }),
      422,
    );
    expect(neither.errors).toEqual([{ path: "purchaseId", message: "is required (or purchaseInvoiceId)" }]);
    const cleared = await expectStatus(
      t.json("PUT", `/purchase-invoice-payments/${payment.id}.json`, { purchaseId: null }),
      422,
    );
    expect(cleared.errors.map((error: { path: string }) => error.path)).toEqual(["purchaseId"]);
    const other = await setup.tenant();
    const theirs = await expectStatus(
      other.json("POST", "/purchase-invoice-payments.json", { purchaseInvoiceId: invoice.id, amount: 1 }),
      422,
    );
    expect(theirs.errors.map((error: { path: string }) => error.path)).toEqual(["purchaseInvoiceId"]);
    expect(await read(t, "purchases", purchase.id)).toMatchObject({ amountPaid: 10 });
  });

  it("keeps free text where the reference takes it, and flags sent as 0 or 1", async () => {
    const t = await setup.tenant();
    const carrier = await create(t, "carriers", { name: "Post", carrierType: "national_post_service" });
    expect(carrier.carrierType).toBe("national_post_service");
    const channel = await create(t, "channels", { name: "All", inventorySync: "all", imageSync: "nightly" });
    expect(channel).toMatchObject({ inventorySync: "all", imageSync: "nightly" });
    const sale = await create(t, "sales", { channelId: channel.id, locked: 0, finalized: 1 });
    expect(sale).toMatchObject({ locked: false, finalized: true, cancelled: false });
    await expectStatus(t.json("PUT", `/sales/${sale.id}.json`, { locked: 2 }), 422);
  });

  it("takes a data export's company when it is the caller's, and refuses another", async () => {
    const t = await setup.tenant();
    const record = await create(t, "data-exports", {
      companyId: t.companyId,
      userId: 7,
      fileUri: "https://files.example/x.csv",
    });
    expect(record).toMatchObject({
      companyId: t.companyId,
      userId: 7,
      fileUri: "https://files.example/x.csv",
    });
    expect((await read(t, "data-exports", record.id)).companyId).toBe(t.companyId);
    await expectStatus(t.json("PUT", `/data-exports/${record.id}.json`, record), 200);

    const before = await t.json("GET", "/data-exports.json");
    const refused = await expectStatus(
      t.json("POST", "/data-exports.json", { companyId: t.companyId + 1 }),
      422,
    );
    expect(refused.errors[0].path).toBe("companyId");
    await expectStatus(
      t.json("PUT", `/data-exports/${record.id}.json`, { companyId: t.companyId + 1, userId: 8 }),
      422,
    );
    expect((await t.json("GET", "/data-exports.json")).body).toEqual(before.body);
  });
});

describe("status writes are transition requests", () => {
  async function fulfillment() {
    const t = await setup.tenant();
    const warehouse = await create(t, "warehouses", {
      name: "Main",
      lineOne: "1 Road",
      city: "Boise",
      country: "US",
    });
    const record = await create(t, "fulfillments", { warehouseId: warehouse.id });
    return { t, record };
  }

  it("moves a fulfillment to finalized and back by a PUT, and ships it from finalized", async () => {
    const { t, record } = await fulfillment();
    const finalized = await expectStatus(
      t.json("PUT", `/fulfillments/${record.id}.json`, { status: "finalized" }),
      200,
    );
    expect(finalized.status).toBe("finalized");
    // The whole record PUT back as read asks for no transition.
    await expectStatus(t.json("PUT", `/fulfillments/${record.id}.json`, finalized), 200);
    const [event] = (
      await expectStatus(t.json("GET", "/events.json?where[type]=fulfillment.updated"), 200)
    ).slice(-1);
    expect(event.data.previous.status).toBe("pending");
    await expectStatus(t.json("PUT", `/fulfillments/${record.id}.json`, { status: "pending" }), 200);
  });

  it("answers 409 to a status only an action may set, and to one the lifecycle does not declare", async () => {
    const { t, record } = await fulfillment();
    const shipped = await expectStatus(
      t.json("PUT", `/fulfillments/${record.id}.json`, { status: "shipped", trackingNumber: "X1" }),
      409,
    );
    expect(shipped).toMatchObject({ state: "pending" });
    expect(shipped.detail).toMatch(/through its actions/);
    expect((await read(t, "fulfillments", record.id)).status).toBe("pending");
    const born = await expectStatus(
      t.json("POST", "/fulfillments.json", { warehouseId: record.warehouseId, status: "shipped" }),
      422,
    );
    expect(born.errors).toEqual([
      {
        path: "status",
        message: "must be pending or finalized on a new fulfillment: later states come through its actions",
      },
    ]);

    const dataExport = await create(t, "data-exports", {});
    await expectStatus(t.json("PUT", `/data-exports/${dataExport.id}.json`, { status: "complete" }), 200);
    const back = await expectStatus(
      t.json("PUT", `/data-exports/${dataExport.id}.json`, { status: "pending" }),
      409,
    );
    expect(back.detail).toMatch(/cannot become pending/);
  });

  it("lets a channel variant's sync state be written, and a purchase return move along its lifecycle", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const listing = await create(t, "channel-variants", { channelId: channel.id, externalId: "9" });
    await expectStatus(t.json("PUT", `/channel-variants/${listing.id}.json`, { status: "connected" }), 200);
    await expectStatus(t.json("PUT", `/channel-variants/${listing.id}.json`, { status: "ignore" }), 200);
    await expectStatus(t.json("PUT", `/channel-variants/${listing.id}.json`, { status: "connected" }), 409);

    const provider = await create(t, "dropship-providers", { name: "P" });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    const goingBack = await create(t, "purchase-returns", { purchaseId: purchase.id });
    expect(goingBack.status).toBe("requested");
    await expectStatus(t.json("PUT", `/purchase-returns/${goingBack.id}.json`, { status: "shipped" }), 200);
    await expectStatus(t.json("PUT", `/purchase-returns/${goingBack.id}.json`, { status: "received" }), 200);
    await expectStatus(t.json("PUT", `/purchase-returns/${goingBack.id}.json`, { status: "requested" }), 409);
  });
});

describe("derived values the reference lets clients write", () => {
  async function purchaseWithLine(t: Awaited<ReturnType<typeof setup.tenant>>) {
    const purchase = await create(t, "purchases", {});
    await create(t, "purchase-items", { purchaseId: purchase.id, sku: "P-1", quantity: 2, price: 5 });
    return read(t, "purchases", purchase.id);
  }

  it("takes them back as read, and answers 409 saying how to change one the purchase does not have", async () => {
    const t = await setup.tenant();
    const purchase = await purchaseWithLine(t);
    const asRead = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}.json`, { ...purchase, notes: "as read" }),
      200,
    );
    const requests: [string, unknown, string][] = [
      ["cancelled", true, "/purchases/{id}/cancel.json"],
      ["cancellationStatus", "full", "/purchases/{id}/cancel.json"],
      ["cancelledAt", "2026-01-02T03:04:05Z", "/purchases/{id}/cancel.json"],
      ["inventoryStatus", "received", "/purchases/{id}/ship.json"],
      ["paymentStatus", "paid", "/dropship-providers/{id}/settle-invoices.json"],
    ];
    for (const [field, value, way] of requests) {
      const refused = await expectStatus(
        t.json("PUT", `/purchases/${purchase.id}.json`, { [field]: value, notes: "changed" }),
        409,
      );
      expect(refused, field).toMatchObject({ field, value: purchase[field], state: "pending" });
      expect(refused.detail, field).toContain(way);
    }
    expect(await read(t, "purchases", purchase.id)).toEqual(asRead);

    // Once the lines are cancelled, the record says so, and a PUT of what it says is accepted.
    await expectStatus(t.json("PUT", `/purchases/${purchase.id}/cancel.json`, {}), 200);
    const cancelled = await read(t, "purchases", purchase.id);
    expect(cancelled).toMatchObject({ cancelled: true, cancellationStatus: "full", status: "cancelled" });
    const sameInstant = cancelled.cancelledAt.replace("Z", "+00:00");
    const sent = { ...cancelled, cancelledAt: sameInstant, adminNotes: "ok" };
    expect(await expectStatus(t.json("PUT", `/purchases/${purchase.id}.json`, sent), 200)).toMatchObject({
      cancelledAt: cancelled.cancelledAt,
      adminNotes: "ok",
    });
  });

  it("records an invoice for what is not invoiced yet when invoiceStatus invoiced is written", async () => {
    const t = await setup.tenant();
    const purchase = await purchaseWithLine(t);
    const invoiced = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}.json`, { invoiceStatus: "invoiced" }),
      200,
    );
    expect(invoiced.invoiceStatus).toBe("invoiced");
    const invoices = await t.json("GET", `/purchase-invoices.json?where[purchaseId]=${purchase.id}`);
    expect(invoices.body.map((invoice: { amount: number }) => invoice.amount)).toEqual([10]);
  });

  it("takes a dropshipment's and a fulfillment's inventoryStatus as they are, and 409 for shipped", async () => {
    const t = await setup.tenant();
    for (const plural of ["dropshipments", "fulfillments"]) {
      const record = await create(t, plural, {});
      await expectStatus(t.json("PUT", `/${plural}/${record.id}.json`, { ...record, reference: "R" }), 200);
      const refused = await expectStatus(
        t.json("PUT", `/${plural}/${record.id}.json`, { inventoryStatus: "shipped" }),
        409,
      );
      expect(refused, plural).toMatchObject({ field: "inventoryStatus", value: "notShipped" });
      expect((await read(t, plural, record.id)).inventoryStatus).toBe("notShipped");
    }
  });

  it("records a label made elsewhere on a dropshipment", async () => {
    const t = await setup.tenant();
    const dropshipment = await create(t, "dropshipments", { labelUrl: "https://labels.example/1.pdf" });
    expect(dropshipment.labelUrl).toBe("https://labels.example/1.pdf");
    const moved = await expectStatus(
      t.json("PUT", `/dropshipments/${dropshipment.id}.json`, { labelUrl: "https://labels.example/2.pdf" }),
      200,
    );
    expect(moved.labelUrl).toBe("https://labels.example/2.pdf");
    await expectStatus(
      t.json("PUT", `/dropshipments/${dropshipment.id}.json`, { labelUrl: "not a url" }),
      422,
    );
  });
});

describe("field types as the reference has them", () => {
  it("keeps pauseProblems as any JSON, invalidBillingAddress as text and transferId as text", async () => {
    const t = await setup.tenant();
    for (const pauseProblems of [true, { until: "2026-12-01", why: "holiday" }, "label"]) {
      const purchase = await create(t, "purchases", { pauseProblems, invalidBillingAddress: "no zip" });
      expect(purchase).toMatchObject({ pauseProblems, invalidBillingAddress: "no zip" });
      expect((await read(t, "purchases", purchase.id)).pauseProblems).toEqual(pauseProblems);
    }
    const purchase = await create(t, "purchases", {});
    expect(purchase).toMatchObject({ pauseProblems: null, invalidBillingAddress: null });
    const payment = await create(t, "purchase-invoice-payments", {
      purchaseId: purchase.id,
      amount: 1,
      transferId: "po_1Nx7",
    });
    expect(payment.transferId).toBe("po_1Nx7");
    const listed = await t.json("GET", "/purchase-invoice-payments.json?where[transferId]=po_1Nx7");
    expect(listed.body.map((row: { id: number }) => row.id)).toEqual([payment.id]);
  });

  it("refuses a state a lifecycle does not have, though the document shows the field as text", async () => {
    const t = await setup.tenant();
    for (const plural of ["fulfillments", "data-exports"]) {
      const refused = await expectStatus(t.json("POST", `/${plural}.json`, { status: "archived" }), 422);
      expect(refused.errors[0].path, plural).toBe("status");
      const record = await create(t, plural, {});
      await expectStatus(t.json("PUT", `/${plural}/${record.id}.json`, { status: "archived" }), 422);
      expect((await read(t, plural, record.id)).status).toBe("pending");
    }
  });
});
