import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp } from "../support.ts";
import { expectStateConflict, provider, send, sentWorld, ship, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

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

  it("moves a fulfillment without an address of its own to dropship: the purchase ships to the sale's", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    expect(fulfillment.shippingAddressLineOne).toBeNull();
    const saleItem = await create(t, "sale-items", {
      saleId: w.sale.id,
      variantId: w.variants.cap.id,
      sku: "CAP-1",
      quantity: 1,
      price: 0.1,
    });
    await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      saleItemId: saleItem.id,
      variantId: w.variants.cap.id,
      quantity: 1,
    });

    const purchase = await expectStatus(
      t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, {
        dropshipProviderId: w.provider.id,
      }),
      200,
    );
    expect(purchase).toMatchObject({
      saleId: w.sale.id,
      receiverName: "Dana Buyer",
      receiverAddressLineOne: "12 Harbour Road",
      receiverCity: "Portland",
      receiverCountry: "US",
    });
    // The provider can label and ship it.
    await expectStatus(send(t, purchase.id), 200);
    await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}/default-label.json`, { inventoryStatus: "shipped", ids: [] }),
      200,
    );
    expect((await read(t, "purchases", purchase.id)).status).toBe("shipped");
  });

  it("moves a fulfillment's lines of units to dropship, each under a SKU: its sale line's when it names none", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    const saleLine = (quantity: number) =>
      create(t, "sale-items", { saleId: w.sale.id, sku: "CAP-1", name: "Cap", quantity, price: 0.1 });
    // A line of no units, and one that names no SKU and no variant.
    await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      saleItemId: (await saleLine(2)).id,
      quantity: 0,
    });
    const named = await saleLine(1);
    await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      saleItemId: named.id,
      quantity: 1,
    });

    const purchase = await expectStatus(
      t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, {
        dropshipProviderId: w.provider.id,
      }),
      200,
    );
    const items = await list(t, "purchase-items", `&where[purchaseId]=${purchase.id}`);
    expect(items.map((item) => [item.sku, item.quantity, item.saleItemId])).toEqual([["CAP-1", 1, named.id]]);

    // Only lines of no units: nothing to order.
    const empty = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    await create(t, "fulfillment-items", {
      fulfillmentId: empty.id,
      saleItemId: (await saleLine(1)).id,
      quantity: 0,
    });
    await expectStatus(
      t.json("PUT", `/fulfillments/${empty.id}/move-to-dropship.json`, { dropshipProviderId: w.provider.id }),
      409,
    );
    expect((await read(t, "fulfillments", empty.id)).status).toBe("pending");
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
      ["regenerate-label"],
    );
    expect(body.detail).toMatch(/only 1 left/);
  });
});
