// A purchase's invoices and payments are amounts in its currency: the currency does not change under
// them, and they move only to another purchase in the same currency (as well as of the same provider).
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { expectRefused, invoicedPurchase, provider, settle } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** A EUR provider with a EUR purchase owing 10, invoiced, and its invoice. */
async function eurInvoiced(t: Tenant) {
  const supplier = await provider(t, { currency: "EUR" });
  const purchase = await invoicedPurchase(t, supplier.id, 10, { currency: "EUR" });
  const [invoice] = await list(t, "purchase-invoices", `&where[purchaseId]=${purchase.id}`);
  return { supplier, purchase, invoice: invoice! };
}

const putCurrency = (t: Tenant, id: number, currency: string) =>
  t.json("PUT", `/purchases/${id}.json`, { currency });

describe("a purchase's currency", () => {
  it("does not change while an active invoice is in it (409 naming currency); sent back unchanged, it goes through", async () => {
    const t = await setup.tenant();
    const { supplier, purchase, invoice } = await eurInvoiced(t);
    const invoices = await list(t, "purchase-invoices");

    const changed = await expectRefused(t, 409, () => putCurrency(t, purchase.id, "USD"));
    expect(changed.rule).toBe("history is kept");
    expect(changed.detail).toContain("currency cannot change from EUR to USD");
    expect(changed.detail).toContain(`purchase invoice ${invoice.id}`);
    expect(changed.detail).toContain(`PUT /purchase-invoices/${invoice.id}.json`);
    expect(await list(t, "purchase-invoices")).toEqual(invoices);

    // A client PUTs back what it read.
    const current = await read(t, "purchases", purchase.id);
    await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}.json`, { ...current, notes: "checked" }),
      200,
    );
    expect((await expectStatus(settle(t, supplier.id), 200)).amount).toBe(10);
  });

  it("does not change while an active payment is in it, and changes once its invoices and payments are cancelled", async () => {
    const t = await setup.tenant();
    const supplier = await provider(t);
    const purchase = await create(t, "purchases", { dropshipProviderId: supplier.id, shippingPrice: 10 });
    const payment = await create(t, "purchase-invoice-payments", { purchaseId: purchase.id, amount: 4 });

    const changed = await expectRefused(t, 409, () => putCurrency(t, purchase.id, "EUR"));
    expect(changed.detail).toContain(`purchase invoice payment ${payment.id}`);
    expect(changed.detail).toContain("currency cannot change from USD to EUR");

    await expectStatus(
      t.json("PUT", `/purchase-invoice-payments/${payment.id}.json`, { status: "cancelled" }),
      200,
    );
    expect(await expectStatus(putCurrency(t, purchase.id, "EUR"), 200)).toMatchObject({
      currency: "EUR",
      amountPaid: 0,
    });
  });

  it("of a purchase with no invoice or payment changes freely", async () => {
    const t = await setup.tenant();
    const supplier = await provider(t);
    const purchase = await create(t, "purchases", { dropshipProviderId: supplier.id, shippingPrice: 10 });
    expect(await expectStatus(putCurrency(t, purchase.id, "CAD"), 200)).toMatchObject({ currency: "CAD" });
  });
});

describe("moving a purchase invoice or payment to a purchase in another currency", () => {
  it("is a 422 naming purchaseId, even between purchases of one provider", async () => {
    const t = await setup.tenant();
    const { supplier, purchase, invoice } = await eurInvoiced(t);
    const usd = await create(t, "purchases", { dropshipProviderId: supplier.id, shippingPrice: 10 });
    const invoices = await list(t, "purchase-invoices");

    const moved = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchase-invoices/${invoice.id}.json`, { purchaseId: usd.id }),
    );
    expect(moved.errors).toEqual([
      {
        path: "purchaseId",
        message: `names purchase ${usd.id} in USD; purchase invoice ${invoice.id} is on purchase ${purchase.id} in EUR`,
      },
    ]);
    expect(moved.rule).toBe("an invoice or payment stays in its purchase's currency");
    expect(await list(t, "purchase-invoices")).toEqual(invoices);

    const payment = await create(t, "purchase-invoice-payments", { purchaseId: purchase.id, amount: 4 });
    const paid = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchase-invoice-payments/${payment.id}.json`, { purchaseId: usd.id }),
    );
    expect(paid.errors[0].path).toBe("purchaseId");
    expect(paid.rule).toBe(moved.rule);

    // Both stay where they were: the EUR provider is paid the rest of its EUR invoice.
    expect((await expectStatus(settle(t, supplier.id), 200)).amount).toBe(6);
    expect(await read(t, "purchases", usd.id)).toMatchObject({
      invoiceStatus: "notInvoiced",
      amountPaid: 0,
    });
  });

  it("to a purchase of the same provider and currency still moves", async () => {
    const t = await setup.tenant();
    const { supplier, purchase, invoice } = await eurInvoiced(t);
    const next = await create(t, "purchases", {
      dropshipProviderId: supplier.id,
      shippingPrice: 10,
      currency: "EUR",
    });
    await expectStatus(t.json("PUT", `/purchase-invoices/${invoice.id}.json`, { purchaseId: next.id }), 200);
    expect(await read(t, "purchases", purchase.id)).toMatchObject({ invoiceStatus: "notInvoiced" });
    expect(await read(t, "purchases", next.id)).toMatchObject({ invoiceStatus: "invoiced" });
  });
});
