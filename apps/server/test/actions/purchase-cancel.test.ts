import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp } from "../support.ts";
import { cancel, provider, sentWorld, ship } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

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
