import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, type Rec, read } from "./requests.ts";
import { setupApp, type Tenant } from "./support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

const RECEIVER = {
  receiverName: "Dana Buyer",
  receiverAddressLineOne: "12 Harbour Road",
  receiverCity: "Portland",
  receiverState: "OR",
  receiverZip: "97201",
  receiverCountry: "US",
  receiverEmail: "dana@example.com",
};

function provider(t: Tenant, overrides: Record<string, unknown> = {}): Promise<Rec> {
  return create(t, "dropship-providers", {
    name: "Harbour Goods Supply",
    email: "orders@harbour-goods.example",
    purchaseEndpoint: "https://harbour-goods.example/orders",
    purchaseFormat: "email",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
    addressLineOne: "1 Depot Lane",
    city: "Reno",
    state: "NV",
    zip: "89501",
    country: "US",
    ...overrides,
  });
}

/** A purchase without lines that owes `amount` (its shipping), invoiced by the provider. */
async function invoicedPurchase(t: Tenant, dropshipProviderId: number, amount: number): Promise<Rec> {
  const purchase = await create(t, "purchases", { dropshipProviderId, shippingPrice: amount });
  return expectStatus(t.json("PUT", `/purchases/${purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
}

/**
 * A channel, a default warehouse, a dropship provider with a return address, three variants it supplies,
 * a sale of them and a purchase to the provider whose items point at the sale's items.
 */
async function world(t: Tenant, options: { provider?: Record<string, unknown> } = {}) {
  const channel = await create(t, "channels", { name: "Web Store" });
  const warehouse = await create(t, "warehouses", {
    name: "Main Warehouse",
    isDefault: true,
    lineOne: "5 Stock Street",
    city: "Boise",
    country: "US",
  });
  const dropshipProvider = await provider(t, options.provider);
  const returnAddress = await create(t, "dropship-provider-addresses", {
    dropshipProviderId: dropshipProvider.id,
    purpose: "return",
    isDefault: true,
    name: "Returns Desk",
    lineOne: "9 Returns Way",
    city: "Sparks",
    country: "US",
  });
  const specs = [
    { key: "mug", sku: "MUG-1", name: "Harbour Mug", quantity: 3, salePrice: 29.99, cost: 19.99 },
    { key: "cap", sku: "CAP-1", name: "Harbour Cap", quantity: 1, salePrice: 0.1, cost: 0.1 },
    { key: "pin", sku: "PIN-1", name: "Harbour Pin", quantity: 1, salePrice: 0.2, cost: 0.2 },
  ] as const;
  const sale = await create(t, "sales", {
    channelId: channel.id,
    externalId: "WEB-1001",
    shippingName: "Dana Buyer",
    shippingAddressLineOne: "12 Harbour Road",
    shippingCity: "Portland",
    shippingCountry: "US",
  });
  const purchase = await create(t, "purchases", {
    dropshipProviderId: dropshipProvider.id,
    saleId: sale.id,
    ...RECEIVER,
  });
  const variants: Record<string, Rec> = {};
  const saleItems: Record<string, Rec> = {};
  const items: Record<string, Rec> = {};
  for (const spec of specs) {
    variants[spec.key] = await create(t, "variants", {
      sku: spec.sku,
      name: spec.name,
      price: spec.salePrice,
      costPrice: spec.cost,
      dropshipProviderId: dropshipProvider.id,
    });
    saleItems[spec.key] = await create(t, "sale-items", {
      saleId: sale.id,
      variantId: variants[spec.key]!.id,
      sku: spec.sku,
      name: spec.name,
      quantity: spec.quantity,
      price: spec.salePrice,
    });
    items[spec.key] = await create(t, "purchase-items", {
      purchaseId: purchase.id,
      saleItemId: saleItems[spec.key]!.id,
      variantId: variants[spec.key]!.id,
      sku: spec.sku,
      name: spec.name,
      quantity: spec.quantity,
      price: spec.cost,
    });
  }
  return {
    channel,
    warehouse,
    provider: dropshipProvider,
    returnAddress,
    sale,
    purchase,
    variants: variants as Record<"mug" | "cap" | "pin", Rec>,
    saleItems: saleItems as Record<"mug" | "cap" | "pin", Rec>,
    items: items as Record<"mug" | "cap" | "pin", Rec>,
  };
}
type World = Awaited<ReturnType<typeof world>>;

const SNAPSHOT_KINDS = [
  "purchases",
  "purchase-items",
  "sales",
  "sale-items",
  "dropshipments",
  "dropshipment-items",
  "fulfillments",
  "fulfillment-items",
  "sale-returns",
  "sale-return-items",
  "purchase-notifications",
  "return-shipments",
  "labels",
  "transfers",
  "purchase-invoice-payments",
  "inventory-levels",
  "dropship-providers",
] as const;

/** Every record of the kinds the order actions touch, to show that a refused action changed nothing. */
async function snapshot(t: Tenant): Promise<Record<string, Rec[]>> {
  const all: Record<string, Rec[]> = {};
  for (const plural of SNAPSHOT_KINDS) all[plural] = await list(t, plural);
  return all;
}

const send = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("PUT", `/purchases/${id}/send.json`, body);
const ship = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("POST", `/purchases/${id}/ship.json`, { trackingNumber: "TRK-1", ...body });
const cancel = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("PUT", `/purchases/${id}/cancel.json`, body);
const settle = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("POST", `/dropship-providers/${id}/settle-invoices.json`, body);

/** A refused action: its status, and not one record changed. */
async function expectRefused(
  t: Tenant,
  status: 409 | 422,
  call: () => Promise<{ status: number; body: any }>,
): Promise<any> {
  const before = await snapshot(t);
  const body = await expectStatus(call(), status);
  expect(await snapshot(t)).toEqual(before);
  return body;
}

/** A 409 of the state check: the body says the state and the actions it allows. */
async function expectStateConflict(
  t: Tenant,
  call: () => Promise<{ status: number; body: any }>,
  state: string,
  allowedActions: string[],
): Promise<any> {
  const body = await expectRefused(t, 409, call);
  expect(body.state).toBe(state);
  expect([...body.allowedActions].sort()).toEqual([...allowedActions].sort());
  return body;
}

/** Downloads a file link the API answered with. */
async function download(t: Tenant, url: string): Promise<Response> {
  return t.request("GET", url);
}

async function expectPdf(t: Tenant, url: string): Promise<Uint8Array> {
  const response = await download(t, url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return bytes;
}

async function sentWorld(t: Tenant, options: { provider?: Record<string, unknown> } = {}): Promise<World> {
  const w = await world(t, options);
  await expectStatus(send(t, w.purchase.id), 200);
  return w;
}

// ------------------------------------------------------------------------------------------ flow

describe("order flow: send, ship, invoice, settle", () => {
  it("sends, ships in two parts, and settles the invoiced purchase for the exact amount", async () => {
    const t = await setup.tenant();
    const w = await world(t);

    const sent = await expectStatus(send(t, w.purchase.id), 200);
    expect(sent).toMatchObject({ id: w.purchase.id, status: "sent" });
    expect(sent.sentAt).toEqual(expect.any(String));
    const [notification] = await list(t, "purchase-notifications");
    expect(notification).toMatchObject({
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
      format: "email",
      // No mail transport: the rendered order waits for the company's own mail step.
      status: "pending",
      recipient: "orders@harbour-goods.example",
    });
    expect(notification!.payload).toContain("3 x MUG-1 (Harbour Mug) at 19.99 USD = 59.97 USD");
    expect(notification!.payload).toContain("Total: 60.27 USD");
    expect(notification!.payload).toContain("12 Harbour Road");

    const first = await expectStatus(
      ship(t, w.purchase.id, {
        trackingNumber: "PX-0001",
        carrier: "Parcel Express",
        service: "Ground",
        shippedAt: "2024-05-01T10:00:00.000Z",
        items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
      }),
      200,
    );
    expect(first).toMatchObject({
      status: "shipped",
      inventoryStatus: "shipped",
      purchaseId: w.purchase.id,
      saleId: w.sale.id,
      dropshipProviderId: w.provider.id,
      trackingNumber: "PX-0001",
      carrier: "Parcel Express",
      service: "Ground",
      shippedAt: "2024-05-01T10:00:00.000Z",
    });
    const firstItems = (await list(t, "dropshipment-items")).filter(
      (item) => item.dropshipmentId === first.id,
    );
    expect(firstItems.map((item) => [item.purchaseItemId, item.quantity])).toEqual([[w.items.mug.id, 2]]);
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "partiallyShipped",
      inventoryStatus: "partiallyReceived",
    });
    expect((await read(t, "purchase-items", w.items.mug.id)).quantityShipped).toBe(2);
    expect((await read(t, "sale-items", w.saleItems.mug.id)).quantityFulfilled).toBe(2);
    expect((await read(t, "sales", w.sale.id)).status).toBe("partiallyFulfilled");

    const rest = await expectStatus(ship(t, w.purchase.id, { trackingNumber: "PX-0002" }), 200);
    const restItems = (await list(t, "dropshipment-items")).filter((item) => item.dropshipmentId === rest.id);
    expect(restItems.map((item) => [item.sku, item.quantity])).toEqual([
      ["MUG-1", 1],
      ["CAP-1", 1],
      ["PIN-1", 1],
    ]);
    expect(rest.carrier).toBe("Parcel Express");
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "shipped",
      inventoryStatus: "received",
    });
    for (const key of ["mug", "cap", "pin"] as const) {
      const item = await read(t, "purchase-items", w.items[key].id);
      expect(item.quantityShipped).toBe(item.quantity);
      const saleItem = await read(t, "sale-items", w.saleItems[key].id);
      expect(saleItem.quantityFulfilled).toBe(saleItem.quantity);
    }
    expect(await read(t, "sales", w.sale.id)).toMatchObject({
      status: "fulfilled",
      inventoryStatus: "fulfilled",
    });

    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
    const method = await create(t, "payment-methods", { name: "Bank transfer" });
    const transfer = await expectStatus(
      settle(t, w.provider.id, { paymentMethodId: method.id, reference: "PAYOUT-1" }),
      200,
    );
    expect(transfer).toMatchObject({
      dropshipProviderId: w.provider.id,
      amount: 60.27,
      currency: "USD",
      status: "complete",
      source: "other",
      trigger: "manual",
      reference: "PAYOUT-1",
      paymentMethodId: method.id,
    });
    expect(transfer.completedAt).toEqual(expect.any(String));
    const payments = await list(t, "purchase-invoice-payments");
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      purchaseId: w.purchase.id,
      transferId: String(transfer.id),
      amount: 60.27,
    });
    const paid = await read(t, "purchases", w.purchase.id);
    expect(paid.paymentStatus).toBe("paid");
    expect(paid.paidAt).toEqual(expect.any(String));

    const again = await expectRefused(t, 409, () => settle(t, w.provider.id));
    expect(again.detail).toMatch(/nothing to settle/i);
    expect(await list(t, "transfers")).toHaveLength(1);
  });

  it("settles several purchases in one transfer whose amount is the exact sum of what each still owes", async () => {
    const t = await setup.tenant();
    const supplier = await provider(t, { currency: "EUR" });
    const other = await provider(t, { name: "Other Supplier" });
    // Summed as floats in this order, these totals give 60.269999999999996.
    const totals = [0.1, 0.2, 19.99, 19.99, 19.99];
    const purchases: Rec[] = [];
    for (const total of totals) {
      purchases.push(await invoicedPurchase(t, supplier.id, total));
    }
    const notInvoiced = await create(t, "purchases", { dropshipProviderId: supplier.id, shippingPrice: 5 });
    const othersPurchase = await invoicedPurchase(t, other.id, 7);
    // Part of the first purchase was paid already: only the rest is due.
    await create(t, "purchase-invoice-payments", { purchaseId: purchases[2]!.id, amount: 9.99 });

    const transfer = await expectStatus(settle(t, supplier.id), 200);
    expect(transfer.amount).toBe(50.28); // 0.1 + 0.2 + 3 x 19.99 - 9.99, in cents
    expect(transfer.currency).toBe("EUR");
    const payments = (await list(t, "purchase-invoice-payments")).filter(
      (payment) => payment.transferId === String(transfer.id),
    );
    expect(payments.map((payment) => [payment.purchaseId, payment.amount])).toEqual([
      [purchases[0]!.id, 0.1],
      [purchases[1]!.id, 0.2],
      [purchases[2]!.id, 10],
      [purchases[3]!.id, 19.99],
      [purchases[4]!.id, 19.99],
    ]);
    for (const purchase of purchases)
      expect((await read(t, "purchases", purchase.id)).paymentStatus).toBe("paid");
    expect((await read(t, "purchases", notInvoiced.id)).paymentStatus).toBe("notPaid");
    expect((await read(t, "purchases", othersPurchase.id)).paymentStatus).toBe("notPaid");

    await expectRefused(t, 409, () => settle(t, supplier.id));
  });

  it("settles only the purchases named, and refuses named ones that are not invoiced or already paid", async () => {
    const t = await setup.tenant();
    const supplier = await provider(t);
    const first = await invoicedPurchase(t, supplier.id, 12.5);
    const second = await invoicedPurchase(t, supplier.id, 7.25);
    const draft = await create(t, "purchases", { dropshipProviderId: supplier.id, shippingPrice: 3 });

    const transfer = await expectStatus(settle(t, supplier.id, { purchaseIds: [second.id] }), 200);
    expect(transfer.amount).toBe(7.25);
    expect((await read(t, "purchases", first.id)).paymentStatus).toBe("notPaid");

    const refused = await expectRefused(t, 409, () =>
      settle(t, supplier.id, { purchaseIds: [first.id, second.id, draft.id] }),
    );
    expect(refused.purchaseIds).toEqual([second.id, draft.id]);
    expect(refused.detail).toContain("already paid");
  });
});

// -------------------------------------------------------------------------------------- documents

describe("purchase.send", () => {
  it("renders the purchase order as JSON, CSV and XML for the provider's endpoint", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    await expectStatus(
      t.json("PUT", `/purchase-items/${w.items.cap.id}.json`, { name: `Cap "Deluxe" <red> & blue` }),
      200,
    );
    await expectStatus(
      t.json("PUT", `/purchase-items/${w.items.pin.id}.json`, { name: "=HYPERLINK(1)" }),
      200,
    );

    for (const format of ["json", "csv", "xml"] as const)
      await expectStatus(send(t, w.purchase.id, { format }), 200);
    const notifications = await list(t, "purchase-notifications");
    // Queued for the dispatcher (events.test.ts delivers them to a listening receiver).
    expect(notifications.map((n) => [n.format, n.recipient, n.status])).toEqual([
      ["json", "https://harbour-goods.example/orders", "pending"],
      ["csv", "https://harbour-goods.example/orders", "pending"],
      ["xml", "https://harbour-goods.example/orders", "pending"],
    ]);

    const json = JSON.parse(notifications[0]!.payload).purchaseOrder;
    expect(json.number).toBe(String(w.purchase.id));
    expect(json.shipTo).toMatchObject({ name: "Dana Buyer", lineOne: "12 Harbour Road", country: "US" });
    expect(json.lines).toEqual([
      { sku: "MUG-1", name: "Harbour Mug", quantity: 3, price: 19.99, total: 59.97 },
      { sku: "CAP-1", name: `Cap "Deluxe" <red> & blue`, quantity: 1, price: 0.1, total: 0.1 },
      { sku: "PIN-1", name: "=HYPERLINK(1)", quantity: 1, price: 0.2, total: 0.2 },
    ]);
    expect(json).toMatchObject({ subtotal: 60.27, total: 60.27, currency: "USD" });

    const csv = notifications[1]!.payload.trim().split("\n");
    expect(csv[0]).toMatch(/^number,date,currency,sku,name,quantity,price,line_total,ship_to_name,/);
    expect(csv).toHaveLength(4);
    expect(csv[1]).toContain(",MUG-1,Harbour Mug,3,19.99,59.97,Dana Buyer,");
    expect(csv[2]).toContain(`,CAP-1,"Cap ""Deluxe"" <red> & blue",1,0.10,0.10,`);
    // Spreadsheet formulas are neutralised.
    expect(csv[3]).toContain(",PIN-1,'=HYPERLINK(1),1,0.20,0.20,");
    expect(csv[1]!.endsWith(",60.27")).toBe(true);

    const xml: string = notifications[2]!.payload;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain(`<purchaseOrder number="${w.purchase.id}">`);
    expect(xml).toContain("<name>Cap &quot;Deluxe&quot; &lt;red&gt; &amp; blue</name>");
    expect(xml).not.toContain("<red>");
    expect(xml).toContain("<total>60.27</total>");
  });

  it("resends a sent purchase: a second delivery is logged", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const again = await expectStatus(send(t, w.purchase.id, { format: "json" }), 200);
    expect(again.status).toBe("sent");
    expect((await list(t, "purchase-notifications")).map((n) => n.format)).toEqual(["email", "json"]);
  });

  it("refuses a purchase without a provider, or a format the provider has no address for (422, nothing changed)", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: null, purchaseEndpoint: null } });
    const noEmail = await expectRefused(t, 422, () => send(t, w.purchase.id));
    expect(noEmail.errors[0].message).toMatch(/no email/);
    const noEndpoint = await expectRefused(t, 422, () => send(t, w.purchase.id, { format: "xml" }));
    expect(noEndpoint.errors[0].message).toMatch(/no purchaseEndpoint/);

    const orphan = await create(t, "purchases", { shippingPrice: 1 });
    const body = await expectRefused(t, 422, () => send(t, orphan.id));
    expect(body.errors).toEqual([
      { path: "dropshipProviderId", message: expect.stringMatching(/no dropship provider/) },
    ]);
  });
});

// -------------------------------------------------------------------------------------- state rules

describe("state rules: 409 with the state and the allowed actions, nothing changed", () => {
  it("ship before send", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    await expectStateConflict(t, () => ship(t, w.purchase.id), "pending", [
      "move-dropship-provider",
      "send",
      "default-label",
      "cancel",
    ]);
  });

  it("ship, send or cancel a cancelled purchase", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(cancel(t, w.purchase.id), 200);
    await expectStateConflict(t, () => ship(t, w.purchase.id), "cancelled", []);
    await expectStateConflict(t, () => send(t, w.purchase.id), "cancelled", []);
    await expectStateConflict(t, () => cancel(t, w.purchase.id), "cancelled", []);
  });

  it("cancel, move, send or label a fully shipped purchase", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    await expectStateConflict(t, () => cancel(t, w.purchase.id), "shipped", ["return-label"]);
    await expectStateConflict(
      t,
      () =>
        t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
          dropshipProviderId: w.provider.id,
        }),
      "shipped",
      ["return-label"],
    );
    await expectStateConflict(t, () => send(t, w.purchase.id), "shipped", ["return-label"]);
    await expectStateConflict(
      t,
      () => t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      "shipped",
      ["return-label"],
    );
  });

  it("return-label before anything shipped, and when everything shipped is already on its way back", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStateConflict(
      t,
      () => t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      "sent",
      ["ship", "move-dropship-provider", "send", "default-label", "cancel"],
    );
    await expectStatus(ship(t, w.purchase.id), 200);
    await expectStatus(t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}), 200);
    const body = await expectStateConflict(
      t,
      () => t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      "shipped",
      ["return-label"],
    );
    expect(body.detail).toMatch(/nothing to return/);
  });

  it("move-to-fulfill a shipped dropshipment, regenerate the label of a moved one", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const shipped = await expectStatus(ship(t, w.purchase.id), 200);
    await expectStateConflict(
      t,
      () => t.json("PUT", `/dropshipments/${shipped.id}/move-to-fulfill.json`, {}),
      "shipped",
      ["regenerate-label"],
    );

    const pending = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    const moved = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    await create(t, "dropshipment-items", { dropshipmentId: moved.id, sku: "MUG-1", quantity: 1 });
    await expectStatus(t.json("PUT", `/dropshipments/${moved.id}/move-to-fulfill.json`, {}), 200);
    await expectStateConflict(
      t,
      () => t.json("GET", `/dropshipments/${moved.id}/regenerate-label.json`),
      "moved",
      [],
    );
    await expectStateConflict(
      t,
      () => t.json("PUT", `/dropshipments/${moved.id}/move-to-fulfill.json`, {}),
      "moved",
      [],
    );
    // A dropshipment with no lines has nothing to move.
    const empty = await expectStateConflict(
      t,
      () => t.json("PUT", `/dropshipments/${pending.id}/move-to-fulfill.json`, {}),
      "pending",
      ["regenerate-label", "move-to-fulfill"],
    );
    expect(empty.detail).toMatch(/no items/);
  });

  it("move-to-dropship a moved fulfillment", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      variantId: w.variants.mug.id,
      sku: "MUG-1",
      quantity: 1,
    });
    const move = () =>
      t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, {
        dropshipProviderId: w.provider.id,
      });
    await expectStatus(move(), 200);
    await expectStateConflict(t, move, "moved", []);
  });

  it("move-dropship-provider of a partially shipped purchase", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const second = await provider(t, { name: "Second Supplier" });
    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.cap.id, quantity: 1 }] }),
      200,
    );
    await expectStateConflict(
      t,
      () =>
        t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
          dropshipProviderId: second.id,
        }),
      "partiallyShipped",
      ["ship", "return-label", "default-label", "cancel"],
    );
  });
});

// --------------------------------------------------------------------------------------- validation

describe("validation: 422 naming the field, nothing changed", () => {
  it("reads `items: null` and `purchaseIds: null` as absent: every line, every invoiced purchase", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const shipment = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX-NULL", items: null }),
      200,
    );
    expect((await read(t, "purchases", w.purchase.id)).status).toBe("shipped");
    expect(shipment.status).toBe("shipped");
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
    const transfer = await expectStatus(
      t.json("POST", `/dropship-providers/${w.provider.id}/settle-invoices.json`, { purchaseIds: null }),
      200,
    );
    expect(transfer.amount).toBe(60.27);
  });

  it("never ships more than ordered, in one call or across calls", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const tooMany = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 4 }] }),
    );
    expect(tooMany.errors).toEqual([
      { path: "items.0.quantity", message: expect.stringMatching(/Only 3 of MUG-1/) },
    ]);
    // The same line named twice counts once in total.
    const twice = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, {
        items: [
          { purchaseItemId: w.items.mug.id, quantity: 2 },
          { purchaseItemId: w.items.mug.id, quantity: 2 },
        ],
      }),
    );
    expect(twice.errors.map((error: any) => error.path)).toEqual(["items.1.quantity"]);

    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }] }),
      200,
    );
    const overLeft = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }] }),
    );
    expect(overLeft.errors[0].message).toMatch(/Only 1 of MUG-1/);
  });

  it("refuses an item of another purchase and an empty list of lines", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const other = await create(t, "purchases", { dropshipProviderId: w.provider.id });
    const foreign = await create(t, "purchase-items", {
      purchaseId: other.id,
      sku: "MUG-1",
      quantity: 1,
      price: 1,
    });
    const body = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, {
        items: [
          { purchaseItemId: w.items.cap.id, quantity: 1 },
          { purchaseItemId: foreign.id, quantity: 1 },
        ],
      }),
    );
    expect(body.errors).toEqual([
      {
        path: "items.1.purchaseItemId",
        message: `Purchase item ${foreign.id} is not an item of purchase ${w.purchase.id}.`,
      },
    ]);
    await expectRefused(t, 422, () =>
      cancel(t, w.purchase.id, { items: [{ purchaseItemId: foreign.id, quantity: 1 }] }),
    );
    const empty = await expectRefused(t, 422, () => ship(t, w.purchase.id, { items: [] }));
    expect(empty.errors[0].path).toBe("items");
  });

  it("never cancels or returns more than is left", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }] }),
      200,
    );
    const cancelTooMany = await expectRefused(t, 422, () =>
      cancel(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }] }),
    );
    expect(cancelTooMany.errors[0].path).toBe("items.0.quantity");
    const returnTooMany = await expectRefused(t, 422, () =>
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items.mug.id, quantity: 3 }],
      }),
    );
    expect(returnTooMany.errors[0].message).toMatch(/Only 2 of MUG-1/);
    const returnUnshipped = await expectRefused(t, 422, () =>
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items.cap.id, quantity: 1 }],
      }),
    );
    expect(returnUnshipped.errors[0].message).toMatch(/Only 0 of CAP-1/);
  });

  it("refuses an unknown provider or the same provider when moving a purchase", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const unknown = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: 987654,
      }),
    );
    expect(unknown.errors).toEqual([
      { path: "dropshipProviderId", message: "No dropship provider with id 987654." },
    ]);
    const same = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: w.provider.id,
      }),
    );
    expect(same.errors[0].message).toMatch(/already with dropship provider/);
  });

  it("refuses an unknown provider when moving a fulfillment, and an unknown warehouse when moving a dropshipment", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      variantId: w.variants.mug.id,
      sku: "MUG-1",
      quantity: 1,
    });
    const body = await expectRefused(t, 422, () =>
      t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, { dropshipProviderId: 987654 }),
    );
    expect(body.errors[0].path).toBe("dropshipProviderId");

    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    await create(t, "dropshipment-items", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: w.items.mug.id,
      sku: "MUG-1",
      quantity: 1,
    });
    const noWarehouse = await expectRefused(t, 422, () =>
      t.json("PUT", `/dropshipments/${dropshipment.id}/move-to-fulfill.json`, { warehouseId: 987654 }),
    );
    expect(noWarehouse.errors[0].path).toBe("warehouseId");
  });

  it("refuses labels when the provider has no default carrier or service, or no address", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t, { provider: { defaultCarrier: null } });
    const noCarrier = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
    );
    expect(noCarrier.errors[0].message).toMatch(/no defaultCarrier/);

    await expectStatus(
      t.json("PUT", `/dropship-providers/${w.provider.id}.json`, {
        defaultCarrier: "Parcel Express",
        addressLineOne: null,
      }),
      200,
    );
    const noShipFrom = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
    );
    expect(noShipFrom.errors[0].message).toMatch(/create a dropship-provider-address/);

    await expectStatus(ship(t, w.purchase.id), 200);
    await expectStatus(t.json("DELETE", `/dropship-provider-addresses/${w.returnAddress.id}.json`), 204);
    const noReturnTo = await expectRefused(t, 422, () =>
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
    );
    expect(noReturnTo.errors).toEqual([
      {
        path: "dropshipProviderId",
        message: expect.stringMatching(/no return address: create a dropship-provider-address/),
      },
    ]);
  });

  it("refuses to settle another provider's purchase, or with an unknown payment method", async () => {
    const t = await setup.tenant();
    const supplier = await provider(t);
    const other = await provider(t, { name: "Other Supplier" });
    const mine = await invoicedPurchase(t, supplier.id, 4);
    const theirs = await invoicedPurchase(t, other.id, 4);
    const body = await expectRefused(t, 422, () =>
      settle(t, supplier.id, { purchaseIds: [mine.id, theirs.id, 987654] }),
    );
    expect(body.errors.map((error: any) => error.path)).toEqual(["purchaseIds.1", "purchaseIds.2"]);
    const method = await expectRefused(t, 422, () => settle(t, supplier.id, { paymentMethodId: 987654 }));
    expect(method.errors[0].path).toBe("paymentMethodId");
  });
});

// ------------------------------------------------------------------------------------------ cancel

describe("purchase.cancel", () => {
  it("a partial cancel creates a sale return at the sale's prices, to the cent", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const partly = await expectStatus(
      cancel(t, w.purchase.id, {
        items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
        reason: "customer",
      }),
      200,
    );
    expect(partly).toMatchObject({ status: "sent", cancellationStatus: "partial", cancelled: false });
    expect(partly.cancelledAt).toEqual(expect.any(String));
    expect((await read(t, "purchase-items", w.items.mug.id)).quantityCancelled).toBe(2);
    expect((await read(t, "sale-items", w.saleItems.mug.id)).quantityCancelled).toBe(2);
    expect((await read(t, "sales", w.sale.id)).cancellationStatus).toBe("partial");

    const [saleReturn] = await list(t, "sale-returns");
    expect(saleReturn).toMatchObject({
      saleId: w.sale.id,
      purchaseId: w.purchase.id,
      reason: "customer",
      status: "requested",
      total: 59.98,
    });
    const returnItems = await list(t, "sale-return-items");
    expect(
      returnItems.map((item) => [item.saleReturnId, item.saleItemId, item.sku, item.quantity, item.amount]),
    ).toEqual([[saleReturn!.id, w.saleItems.mug.id, "MUG-1", 2, 59.98]]);

    // The rest: 29.99 + 0.1 + 0.2.
    const all = await expectStatus(cancel(t, w.purchase.id), 200);
    expect(all).toMatchObject({ status: "cancelled", cancellationStatus: "full", cancelled: true });
    const returns = await list(t, "sale-returns");
    expect(returns).toHaveLength(2);
    expect(returns[1]!.total).toBe(30.29);
    const secondItems = (await list(t, "sale-return-items")).filter(
      (item) => item.saleReturnId === returns[1]!.id,
    );
    expect(secondItems.map((item) => [item.sku, item.quantity, item.amount])).toEqual([
      ["MUG-1", 1, 29.99],
      ["CAP-1", 1, 0.1],
      ["PIN-1", 1, 0.2],
    ]);
    expect(await read(t, "sales", w.sale.id)).toMatchObject({
      status: "cancelled",
      cancellationStatus: "full",
    });
  });

  it("cancelling what has not shipped leaves a shipped purchase and a fulfilled sale", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 3 }] }),
      200,
    );
    const rest = await expectStatus(cancel(t, w.purchase.id, { reason: "inventory" }), 200);
    expect(rest).toMatchObject({
      status: "shipped",
      cancellationStatus: "partial",
      cancelled: false,
      inventoryStatus: "received",
    });
    expect(await read(t, "sales", w.sale.id)).toMatchObject({
      status: "fulfilled",
      cancellationStatus: "partial",
    });
    const [saleReturn] = await list(t, "sale-returns");
    expect(saleReturn!.total).toBe(0.3); // 0.1 + 0.2 as floats is 0.30000000000000004
  });

  it("a purchase with no sale is cancelled without a sale return", async () => {
    const t = await setup.tenant();
    const supplier = await provider(t);
    const purchase = await create(t, "purchases", { dropshipProviderId: supplier.id });
    await create(t, "purchase-items", { purchaseId: purchase.id, sku: "MUG-1", quantity: 2, price: 3 });
    const cancelled = await expectStatus(cancel(t, purchase.id), 200);
    expect(cancelled.status).toBe("cancelled");
    expect(await list(t, "sale-returns")).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------- moves

describe("moving work between providers and warehouses", () => {
  it("moves a purchase to another provider: back to pending, sent again to the new one", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const second = await provider(t, { name: "Second Supplier", email: "po@second.example" });
    const moved = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: second.id,
      }),
      200,
    );
    expect(moved).toMatchObject({ dropshipProviderId: second.id, status: "pending", sentAt: null });
    await expectStatus(send(t, w.purchase.id), 200);
    const notifications = await list(t, "purchase-notifications");
    expect(notifications.map((n) => [n.dropshipProviderId, n.recipient])).toEqual([
      [w.provider.id, "orders@harbour-goods.example"],
      [second.id, "po@second.example"],
    ]);
  });

  it("moves an unshipped dropshipment to a warehouse and the fulfillment back to a provider", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      saleId: w.sale.id,
      dropshipProviderId: w.provider.id,
    });
    await create(t, "dropshipment-items", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: w.items.mug.id,
      sku: "MUG-1",
      quantity: 3,
    });

    const fulfillment = await expectStatus(
      t.json("PUT", `/dropshipments/${dropshipment.id}/move-to-fulfill.json`, {}),
      200,
    );
    expect(fulfillment).toMatchObject({
      status: "pending",
      saleId: w.sale.id,
      dropshipmentId: dropshipment.id,
      warehouseId: w.warehouse.id,
      shippingName: "Dana Buyer",
      shippingAddressLineOne: "12 Harbour Road",
      shippingCountry: "US",
    });
    const fulfillmentItems = await list(t, "fulfillment-items");
    expect(
      fulfillmentItems.map((item) => [
        item.fulfillmentId,
        item.variantId,
        item.saleItemId,
        item.sku,
        item.quantity,
      ]),
    ).toEqual([[fulfillment.id, w.variants.mug.id, w.saleItems.mug.id, "MUG-1", 3]]);
    expect((await read(t, "dropshipments", dropshipment.id)).status).toBe("moved");
    const [level] = await list(t, "inventory-levels");
    expect(level).toMatchObject({ variantId: w.variants.mug.id, warehouseId: w.warehouse.id, allocated: 3 });
    expect((await read(t, "purchase-items", w.items.mug.id)).quantityCancelled).toBe(3);
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "sent",
      cancellationStatus: "partial",
    });
    // The sale still wants these: no sale line is cancelled and no sale return is made.
    expect((await read(t, "sale-items", w.saleItems.mug.id)).quantityCancelled).toBe(0);
    expect((await read(t, "sales", w.sale.id)).cancellationStatus).toBe("none");
    expect(await list(t, "sale-returns")).toEqual([]);

    const second = await provider(t, { name: "Second Supplier", currency: "CAD" });
    const purchase = await expectStatus(
      t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, {
        dropshipProviderId: second.id,
      }),
      200,
    );
    expect(purchase).toMatchObject({
      status: "pending",
      dropshipProviderId: second.id,
      saleId: w.sale.id,
      currency: "CAD",
      receiverName: "Dana Buyer",
      receiverAddressLineOne: "12 Harbour Road",
      subtotal: 59.97,
      total: 59.97,
    });
    const newItems = (await list(t, "purchase-items")).filter((item) => item.purchaseId === purchase.id);
    expect(
      newItems.map((item) => [item.variantId, item.saleItemId, item.sku, item.quantity, item.price]),
    ).toEqual([[w.variants.mug.id, w.saleItems.mug.id, "MUG-1", 3, 19.99]]);
    expect(await read(t, "fulfillments", fulfillment.id)).toMatchObject({
      status: "moved",
      purchaseId: purchase.id,
    });
    expect((await read(t, "inventory-levels", level!.id)).allocated).toBe(0);
    expect((await expectStatus(send(t, purchase.id), 200)).status).toBe("sent");
  });

  it("cancels the whole purchase when the dropshipment covered all of it", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    for (const key of ["mug", "cap", "pin"] as const) {
      await create(t, "dropshipment-items", {
        dropshipmentId: dropshipment.id,
        purchaseItemId: w.items[key].id,
        sku: w.items[key].sku,
        quantity: w.items[key].quantity,
      });
    }
    await expectStatus(t.json("PUT", `/dropshipments/${dropshipment.id}/move-to-fulfill.json`, {}), 200);
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "cancelled",
      cancellationStatus: "full",
      cancelled: true,
    });
    expect((await read(t, "sales", w.sale.id)).status).toBe("open");
  });

  it("refuses to move a dropshipment whose lines have shipped meanwhile (409, nothing changed)", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    await create(t, "dropshipment-items", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: w.items.mug.id,
      sku: "MUG-1",
      quantity: 2,
    });
    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }] }),
      200,
    );
    const body = await expectStateConflict(
      t,
      () => t.json("PUT", `/dropshipments/${dropshipment.id}/move-to-fulfill.json`, {}),
      "pending",
      ["regenerate-label", "move-to-fulfill"],
    );
    expect(body.detail).toMatch(/only 1 left/);
  });
});

// ------------------------------------------------------------------------------------------ labels

describe("labels", () => {
  it("return-label: a return shipment with a downloadable PDF label and a sale return, counted as returned when received", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    const returnShipment = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
        reason: "Damaged in transit",
      }),
      200,
    );
    expect(returnShipment).toMatchObject({
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
      status: "requested",
      reason: "Damaged in transit",
      carrier: "Parcel Express",
      items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
    });
    expect(returnShipment.trackingNumber).toMatch(/^MC\d{16}$/);
    const label = await read(t, "labels", returnShipment.labelId);
    expect(label).toMatchObject({
      returnShipmentId: returnShipment.id,
      purchaseId: w.purchase.id,
      direction: "return",
      carrier: "Parcel Express",
      service: "Ground",
      trackingNumber: returnShipment.trackingNumber,
      version: 1,
      provider: "built-in-pdf",
      format: "pdf",
    });
    await expectPdf(t, label.url);
    const stranger = await setup.tenant();
    expect((await download(stranger, label.url)).status).toBe(404);

    const saleReturn = await read(t, "sale-returns", returnShipment.saleReturnId);
    expect(saleReturn).toMatchObject({
      saleId: w.sale.id,
      purchaseId: w.purchase.id,
      type: "return",
      status: "requested",
      total: 59.98,
    });
    // Nothing counts as returned until the goods arrive.
    expect((await read(t, "purchase-items", w.items.mug.id)).quantityReturned).toBe(0);
    const received = await expectStatus(
      t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}),
      200,
    );
    expect(received).toMatchObject({ status: "received", receivedAt: expect.any(String) });
    expect(await read(t, "purchase-items", w.items.mug.id)).toMatchObject({
      quantityReturned: 2,
      returnStatus: "partiallyReturned",
    });
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({ quantityReturned: 2 });
    expect(await read(t, "sales", w.sale.id)).toMatchObject({ returnStatus: "partiallyReturned" });
    expect(await read(t, "return-shipments", returnShipment.id)).toMatchObject({ status: "received" });
    const rest = await expectStatus(t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}), 200);
    expect(rest.items).toEqual([
      { purchaseItemId: w.items.mug.id, quantity: 1 },
      { purchaseItemId: w.items.cap.id, quantity: 1 },
      { purchaseItemId: w.items.pin.id, quantity: 1 },
    ]);
    // Everything shipped is on its way back: no third label.
    await expectRefused(t, 409, () => t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}));
    await expectStatus(t.json("POST", `/sale-returns/${rest.saleReturnId}/receive.json`, {}), 200);
    expect((await read(t, "purchase-items", w.items.mug.id)).returnStatus).toBe("returned");
    expect(await read(t, "sales", w.sale.id)).toMatchObject({ returnStatus: "returned" });
  });

  it("default-label: the provider's carrier and service, a new version each time", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const first = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      200,
    );
    expect(first).toMatchObject({
      purchaseId: w.purchase.id,
      dropshipmentId: null,
      direction: "outbound",
      carrier: "Parcel Express",
      service: "Ground",
      version: 1,
    });
    const second = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      200,
    );
    expect(second.version).toBe(2);
    expect(second.url).not.toBe(first.url);
    await expectPdf(t, first.url);
    await expectPdf(t, second.url);
    const stranger = await setup.tenant();
    expect((await download(stranger, second.url)).status).toBe(404);
  });

  it("regenerate-label: versions n+1 and n+2, both files kept, the tracking number kept", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const dropshipment = await expectStatus(ship(t, w.purchase.id, { trackingNumber: "PX-0042" }), 200);
    expect(dropshipment.labelVersion).toBe(0);

    const first = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    const second = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    expect(first).toMatchObject({
      id: dropshipment.id,
      labelVersion: 1,
      trackingNumber: "PX-0042",
      labelPrintStatus: "notPrinted",
    });
    expect(second).toMatchObject({ id: dropshipment.id, labelVersion: 2, trackingNumber: "PX-0042" });
    expect(second.labelUrl).not.toBe(first.labelUrl);
    const labels = (await list(t, "labels")).filter((label) => label.dropshipmentId === dropshipment.id);
    expect(labels.map((label) => [label.id, label.version, label.trackingNumber, label.url])).toEqual([
      [first.labelId, 1, "PX-0042", first.labelUrl],
      [second.labelId, 2, "PX-0042", second.labelUrl],
    ]);
    await expectPdf(t, first.labelUrl);
    await expectPdf(t, second.labelUrl);
    const stranger = await setup.tenant();
    expect((await download(stranger, first.labelUrl)).status).toBe(404);
  });

  it("regenerate-label gives a dropshipment without tracking a tracking number and keeps it", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    const first = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    expect(first.trackingNumber).toMatch(/^MC\d{16}$/);
    expect(first).toMatchObject({ carrier: "Parcel Express", service: "Ground", labelVersion: 1 });
    const second = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    expect(second.trackingNumber).toBe(first.trackingNumber);
    await expectPdf(t, second.labelUrl);
  });
});

// ------------------------------------------------------------------------------------- permissions

/** The ids an action call needs: its subject, and the provider a body names. */
interface Ids {
  purchaseId: number;
  dropshipmentId: number;
  fulfillmentId: number;
  providerId: number;
  bodyProviderId: number;
}

type Call = (api: { json: Tenant["json"] }, ids: Ids) => Promise<{ status: number; body: any }>;

const ACTION_CALLS: Record<string, Call> = {
  "purchase.send": (api, ids) => api.json("PUT", `/purchases/${ids.purchaseId}/send.json`, {}),
  "purchase.ship": (api, ids) =>
    api.json("POST", `/purchases/${ids.purchaseId}/ship.json`, { trackingNumber: "T-1" }),
  "purchase.move-dropship-provider": (api, ids) =>
    api.json("PUT", `/purchases/${ids.purchaseId}/move-dropship-provider.json`, {
      dropshipProviderId: ids.bodyProviderId,
    }),
  "purchase.cancel": (api, ids) => api.json("PUT", `/purchases/${ids.purchaseId}/cancel.json`, {}),
  "purchase.return-label": (api, ids) =>
    api.json("POST", `/purchases/${ids.purchaseId}/return-label.json`, {}),
  "purchase.default-label": (api, ids) =>
    api.json("PUT", `/purchases/${ids.purchaseId}/default-label.json`, {}),
  "dropshipment.regenerate-label": (api, ids) =>
    api.json("GET", `/dropshipments/${ids.dropshipmentId}/regenerate-label.json`),
  "dropshipment.move-to-fulfill": (api, ids) =>
    api.json("PUT", `/dropshipments/${ids.dropshipmentId}/move-to-fulfill.json`, {}),
  "fulfillment.move-to-dropship": (api, ids) =>
    api.json("PUT", `/fulfillments/${ids.fulfillmentId}/move-to-dropship.json`, {
      dropshipProviderId: ids.bodyProviderId,
    }),
  "dropship-provider.settle-invoices": (api, ids) =>
    api.json("POST", `/dropship-providers/${ids.providerId}/settle-invoices.json`, {}),
};

/** A world where every order action would succeed: a pending dropshipment and fulfillment, an invoiced purchase. */
async function worldWithMovables(t: Tenant) {
  const w = await world(t);
  const dropshipment = await create(t, "dropshipments", {
    purchaseId: w.purchase.id,
    dropshipProviderId: w.provider.id,
  });
  await create(t, "dropshipment-items", {
    dropshipmentId: dropshipment.id,
    purchaseItemId: w.items.mug.id,
    sku: "MUG-1",
    quantity: 1,
  });
  const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
  await create(t, "fulfillment-items", {
    fulfillmentId: fulfillment.id,
    variantId: w.variants.cap.id,
    sku: "CAP-1",
    quantity: 1,
  });
  await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
  const second = await provider(t, { name: "Second Supplier" });
  const ids: Ids = {
    purchaseId: w.purchase.id,
    dropshipmentId: dropshipment.id,
    fulfillmentId: fulfillment.id,
    providerId: w.provider.id,
    bodyProviderId: second.id,
  };
  return { w, ids };
}

describe("permissions and tenancy", () => {
  it("a read-only token gets 403 on every order action and changes nothing", async () => {
    const t = await setup.tenant();
    const { ids } = await worldWithMovables(t);
    expect(Object.keys(ACTION_CALLS)).toHaveLength(10);
    const before = await snapshot(t);
    for (const [name, call] of Object.entries(ACTION_CALLS)) {
      const { status, body } = await call(t.readOnly, ids);
      expect([name, status]).toEqual([name, 403]);
      expect(body.detail).toMatch(/read-only/);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("another company's purchases, dropshipments, fulfillments and providers do not exist (404)", async () => {
    const t = await setup.tenant();
    const { ids } = await worldWithMovables(t);
    const stranger = await setup.tenant();
    // Where a body names a provider, the stranger names its own: only the subject is foreign.
    const strangerProvider = await provider(stranger);
    const before = await snapshot(t);
    for (const [name, call] of Object.entries(ACTION_CALLS)) {
      const { status } = await call(stranger, { ...ids, bodyProviderId: strangerProvider.id });
      expect([name, status]).toEqual([name, 404]);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("the same calls succeed for the owner, so the 403s and 404s above are about the token and the tenant", async () => {
    for (const [name, call] of Object.entries(ACTION_CALLS)) {
      const t = await setup.tenant();
      const { ids } = await worldWithMovables(t);
      if (name === "purchase.ship" || name === "purchase.return-label") {
        await expectStatus(send(t, ids.purchaseId), 200);
      }
      if (name === "purchase.return-label") await expectStatus(ship(t, ids.purchaseId), 200);
      const { status, body } = await call(t, ids);
      expect([name, status, body.detail]).toEqual([name, 200, undefined]);
    }
  });

  it("another company's provider, purchase items and purchases named in a body are refused (422)", async () => {
    const t = await setup.tenant();
    const { w, ids } = await worldWithMovables(t);
    await expectStatus(send(t, w.purchase.id), 200);
    const stranger = await setup.tenant();
    const theirs = await world(stranger);
    await expectStatus(
      stranger.json("PUT", `/purchases/${theirs.purchase.id}.json`, { invoiceStatus: "invoiced" }),
      200,
    );

    const moved = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: theirs.provider.id,
      }),
    );
    expect(moved.errors[0].path).toBe("dropshipProviderId");
    await expectRefused(t, 422, () =>
      t.json("PUT", `/fulfillments/${ids.fulfillmentId}/move-to-dropship.json`, {
        dropshipProviderId: theirs.provider.id,
      }),
    );
    const shipped = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, { items: [{ purchaseItemId: theirs.items.mug.id, quantity: 1 }] }),
    );
    expect(shipped.errors[0].path).toBe("items.0.purchaseItemId");
    const settled = await expectRefused(t, 422, () =>
      settle(t, w.provider.id, { purchaseIds: [theirs.purchase.id] }),
    );
    expect(settled.errors[0].path).toBe("purchaseIds.0");
    const warehouse = await expectRefused(t, 422, () =>
      t.json("PUT", `/dropshipments/${ids.dropshipmentId}/move-to-fulfill.json`, {
        warehouseId: theirs.warehouse.id,
      }),
    );
    expect(warehouse.errors[0].path).toBe("warehouseId");
    // The stranger's records are untouched too.
    expect((await read(stranger, "purchases", theirs.purchase.id)).paymentStatus).toBe("notPaid");
  });
});
