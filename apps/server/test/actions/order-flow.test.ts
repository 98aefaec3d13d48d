import { beforeAll, describe, expect, it } from "vitest";
import { SETTLE_BATCH } from "../../src/services/actions/settlement.ts";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { expectRefused, invoicedPurchase, provider, send, settle, ship, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** The invoice payments a transfer made, in the order of their ids (every page). */
async function paymentsOf(t: Tenant, transfer: Rec): Promise<Rec[]> {
  const payments: Rec[] = [];
  for (let from = 0; ; from += 250) {
    const page = await list(t, "purchase-invoice-payments", `&where[transferId]=${transfer.id}&from=${from}`);
    payments.push(...page);
    if (page.length < 250) return payments;
  }
}

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
      // This app has no mail server: the notification says so at once (purchase-email.test.ts sends one).
      status: "error",
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
      purchases.push(await invoicedPurchase(t, supplier.id, total, { currency: "EUR" }));
    }
    const notInvoiced = await create(t, "purchases", {
      dropshipProviderId: supplier.id,
      shippingPrice: 5,
      currency: "EUR",
    });
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

  it(`settles at most ${SETTLE_BATCH} purchases a call when none are named, oldest first; the next call the rest`, async () => {
    const t = await setup.tenant();
    const supplier = await provider(t);
    // Older purchases whose invoiced part is paid owe nothing now: they take no place in a call.
    const waiting: Rec[] = [];
    for (let i = 0; i < 2; i++) {
      const purchase = await create(t, "purchases", { dropshipProviderId: supplier.id, shippingPrice: 10 });
      await create(t, "purchase-invoices", { purchaseId: purchase.id, amount: 4 });
      await create(t, "purchase-invoice-payments", { purchaseId: purchase.id, amount: 4 });
      waiting.push(purchase);
    }
    const due: Rec[] = [];
    for (let i = 0; i < SETTLE_BATCH + 2; i++) {
      due.push(await invoicedPurchase(t, supplier.id, 1 + (i % 5)));
    }
    const sumOf = (purchases: Rec[]) =>
      purchases.reduce((sum, purchase) => sum + Math.round(purchase.amountOwed * 100), 0) / 100;

    const first = await expectStatus(settle(t, supplier.id), 200);
    const oldest = due.slice(0, SETTLE_BATCH);
    expect(first.amount).toBe(sumOf(oldest));
    expect((await paymentsOf(t, first)).map((payment) => payment.purchaseId)).toEqual(
      oldest.map((purchase) => purchase.id),
    );
    expect((await read(t, "purchases", oldest.at(-1)!.id)).paymentStatus).toBe("paid");
    expect((await read(t, "purchases", due[SETTLE_BATCH]!.id)).paymentStatus).toBe("notPaid");

    const second = await expectStatus(settle(t, supplier.id), 200);
    const rest = due.slice(SETTLE_BATCH);
    expect(second.amount).toBe(sumOf(rest));
    expect((await paymentsOf(t, second)).map((payment) => payment.purchaseId)).toEqual(
      rest.map((purchase) => purchase.id),
    );
    for (const purchase of rest) expect((await read(t, "purchases", purchase.id)).paymentStatus).toBe("paid");

    await expectRefused(t, 409, () => settle(t, supplier.id));
    for (const purchase of waiting) {
      expect(await read(t, "purchases", purchase.id)).toMatchObject({
        invoiceStatus: "partiallyInvoiced",
        paymentStatus: "partiallyPaid",
        amountPaid: 4,
      });
    }
  });

  it("pays a purchase in another currency than the provider's as its amounts stand: nothing is converted", async () => {
    const t = await setup.tenant();
    const supplier = await provider(t, { currency: "EUR" });
    const dollars = await invoicedPurchase(t, supplier.id, 7, { currency: "USD" });
    const euros = await invoicedPurchase(t, supplier.id, 12.5, { currency: "EUR" });

    const transfer = await expectStatus(settle(t, supplier.id), 200);
    expect(transfer).toMatchObject({ amount: 19.5, currency: "EUR" });
    expect((await paymentsOf(t, transfer)).map((payment) => payment.purchaseId).sort()).toEqual(
      [dollars.id, euros.id].sort(),
    );
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
