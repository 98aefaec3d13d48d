import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import {
  cancel,
  expectRefused,
  invoicedPurchase,
  provider,
  sentWorld,
  settle,
  ship,
  type World,
} from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** A line of another purchase of the world's provider: what a purchase's actions must refuse to take. */
async function itemOfAnotherPurchase(t: Tenant, w: World) {
  const other = await create(t, "purchases", { dropshipProviderId: w.provider.id });
  return create(t, "purchase-items", { purchaseId: other.id, sku: "MUG-1", quantity: 1, price: 1 });
}

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
      {
        path: "items.0.quantity",
        message: `is 4, more than the 3 of MUG-1 (purchase item ${w.items.mug.id}) left to ship`,
      },
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
    expect(twice.errors).toEqual([
      {
        path: "items.1.quantity",
        message: `is 2 (4 with the lines before it), more than the 3 of MUG-1 (purchase item ${w.items.mug.id}) left to ship`,
      },
    ]);

    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }] }),
      200,
    );
    const overLeft = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }] }),
    );
    expect(overLeft.errors).toEqual([
      {
        path: "items.0.quantity",
        message: `is 2, more than the 1 of MUG-1 (purchase item ${w.items.mug.id}) left to ship`,
      },
    ]);
  });

  it("refuses an item of another purchase and an empty list of lines", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const foreign = await itemOfAnotherPurchase(t, w);
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
        message: `names no item of purchase ${w.purchase.id} (id ${foreign.id})`,
      },
    ]);
    await expectRefused(t, 422, () =>
      cancel(t, w.purchase.id, { items: [{ purchaseItemId: foreign.id, quantity: 1 }] }),
    );
    const empty = await expectRefused(t, 422, () => ship(t, w.purchase.id, { items: [] }));
    expect(empty.errors).toEqual([
      { path: "items", message: "must name at least one line to ship, or be left out to ship every line" },
    ]);
    expect(empty.detail).toBe("Name at least one line to ship, or leave items out to ship every line.");
  });

  it("says after each of the reference's ids what it names that cannot be shipped", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const foreign = await itemOfAnotherPurchase(t, w);
    await expectStatus(ship(t, w.purchase.id, { ids: [w.items.mug.id] }), 200);
    const body = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, { ids: [w.items.mug.id, foreign.id] }),
    );
    expect(body.errors).toEqual([
      {
        path: "ids.0",
        message: `names purchase item ${w.items.mug.id} (MUG-1), of which nothing is left to ship`,
      },
      { path: "ids.1", message: `names no item of purchase ${w.purchase.id} (id ${foreign.id})` },
    ]);
    expect(body.detail).toBe(`Cannot ship these lines of purchase ${w.purchase.id}.`);
    const both = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, {
        ids: [w.items.cap.id],
        items: [{ purchaseItemId: w.items.cap.id, quantity: 1 }],
      }),
    );
    expect(both.errors).toEqual([
      { path: "ids", message: "cannot be sent with items: name the lines with one or the other" },
    ]);
    expect(both.detail).toBe("Name the lines with items or with ids, not both.");
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
    expect(cancelTooMany.errors).toEqual([
      {
        path: "items.0.quantity",
        message: `is 2, more than the 1 of MUG-1 (purchase item ${w.items.mug.id}) left to cancel`,
      },
    ]);
    const returnTooMany = await expectRefused(t, 422, () =>
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items.mug.id, quantity: 3 }],
      }),
    );
    expect(returnTooMany.errors).toEqual([
      {
        path: "items.0.quantity",
        message: `is 3, more than the 2 of MUG-1 (purchase item ${w.items.mug.id}) left to return`,
      },
    ]);
    const returnUnshipped = await expectRefused(t, 422, () =>
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items.cap.id, quantity: 1 }],
      }),
    );
    expect(returnUnshipped.errors).toEqual([
      {
        path: "items.0.quantity",
        message: `is 1, more than the 0 of CAP-1 (purchase item ${w.items.cap.id}) left to return`,
      },
    ]);
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
      { path: "dropshipProviderId", message: "names no dropship provider (id 987654)" },
    ]);
    expect(unknown.detail).toBe("No dropship provider with id 987654.");
    const same = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: w.provider.id,
      }),
    );
    expect(same.errors).toEqual([
      {
        path: "dropshipProviderId",
        message: `names dropship provider ${w.provider.id}, which purchase ${w.purchase.id} is already with`,
      },
    ]);
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
    expect(body.errors).toEqual([
      { path: "dropshipProviderId", message: "names no dropship provider (id 987654)" },
    ]);

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
    expect(noCarrier.errors).toEqual([
      {
        path: "dropshipProviderId",
        message: `names dropship provider ${w.provider.id}, which has no defaultCarrier: set it on the provider first`,
      },
    ]);

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
    expect(noShipFrom.errors).toEqual([
      {
        path: "dropshipProviderId",
        message: `names dropship provider ${w.provider.id}, which has no shipFrom address: create a dropship-provider-address (purpose shipFrom) or set the provider's addressLineOne, city and country`,
      },
    ]);

    await expectStatus(ship(t, w.purchase.id), 200);
    await expectStatus(t.json("DELETE", `/dropship-provider-addresses/${w.returnAddress.id}.json`), 204);
    const noReturnTo = await expectRefused(t, 422, () =>
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
    );
    expect(noReturnTo.errors).toEqual([
      {
        path: "dropshipProviderId",
        message: `names dropship provider ${w.provider.id}, which has no return address: create a dropship-provider-address (purpose return or shipFrom) or set the provider's addressLineOne, city and country`,
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
    expect(body.errors).toEqual([
      {
        path: "purchaseIds.1",
        message: `names no purchase of dropship provider ${supplier.id} (id ${theirs.id})`,
      },
      { path: "purchaseIds.2", message: `names no purchase of dropship provider ${supplier.id} (id 987654)` },
    ]);
    const method = await expectRefused(t, 422, () => settle(t, supplier.id, { paymentMethodId: 987654 }));
    expect(method.errors).toEqual([
      { path: "paymentMethodId", message: "names no payment method (id 987654)" },
    ]);
    expect(method.detail).toBe("No payment method with id 987654.");
    const source = await expectRefused(t, 422, () => settle(t, supplier.id, { source: "wire" }));
    expect(source.errors).toEqual([
      { path: "source", message: "must be one of bacs, check, custom, ost, other" },
    ]);
    expect(source.detail).toBe("source must be one of bacs, check, custom, ost, other.");
    const twoLists = await expectRefused(t, 422, () =>
      settle(t, supplier.id, { purchaseIds: [mine.id], toPay: [theirs.id] }),
    );
    expect(twoLists.errors).toEqual([
      { path: "toPay", message: "names other purchases than purchaseIds: send one of them" },
    ]);
    expect(twoLists.detail).toBe("toPay and purchaseIds name different purchases: send one of them.");
  });
});
