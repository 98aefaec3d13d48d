// PUT /sales/{id}/cancel.json: the customer will not get a sale's open units (those no purchase line
// still to ship and no unshipped fulfillment carries). They count as cancelled on their lines, a sale
// return of type cancellation records them with the refund owed, and the sale's status follows.
import { beforeAll, describe, expect, it } from "vitest";
import { expectStatus } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { list, make, sale, saleSetup, snapshot } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

const KINDS = [
  "sales",
  "sale-items",
  "sale-returns",
  "sale-return-items",
  "fulfillments",
  "inventory-levels",
];

/** An order of 3 units of the own-stock variant D, routed to a fulfillment from the Main warehouse. */
async function ownOrder(t: Tenant) {
  const setup = await saleSetup(t);
  await make(t, "adjustments", { variantId: setup.d.id, warehouseId: setup.warehouse.id, quantity: 10 });
  const imported = await t.json(
    "POST",
    `/channels/${setup.channel.id}/manual-sale.json`,
    sale("OWN-1", [{ sku: "D", quantity: 3, price: 12.5 }]),
  );
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const [line] = await list(t, "sale-items", { saleId: imported.body.id });
  const [fulfillment] = await list(t, "fulfillments", { saleId: imported.body.id });
  return { ...setup, sale: imported.body, line, fulfillment };
}

const cancelSale = (t: Tenant, id: number, body: unknown = {}) =>
  t.json("PUT", `/sales/${id}/cancel.json`, body);

describe("cancelling a sale", () => {
  it("cancels an order shipped from an own warehouse once its fulfillment is called off", async () => {
    const t = await ctx.tenant();
    const o = await ownOrder(t);

    // Its units are on their way on the fulfillment: nothing is open to cancel here yet.
    const before = await snapshot(t, KINDS);
    const carried = await expectStatus(cancelSale(t, o.sale.id), 409);
    expect(carried.detail).toContain(`fulfillment ${o.fulfillment.id}`);
    expect(await snapshot(t, KINDS)).toEqual(before);

    await expectStatus(t.json("PUT", `/fulfillments/${o.fulfillment.id}/cancel.json`, {}), 200);
    const cancelled = await expectStatus(cancelSale(t, o.sale.id, { reason: "customer" }), 200);
    expect(cancelled).toMatchObject({
      id: o.sale.id,
      status: "cancelled",
      cancelled: true,
      cancellationStatus: "full",
    });
    const [line] = await list(t, "sale-items", { saleId: o.sale.id });
    expect(line).toMatchObject({ quantity: 3, quantityCancelled: 3, quantityFulfilled: 0 });
    const [record] = await list(t, "sale-returns", { saleId: o.sale.id });
    expect(record).toMatchObject({ type: "cancellation", purchaseId: null, reason: "customer", total: 37.5 });
    const lines = await list(t, "sale-return-items", { saleReturnId: record.id });
    expect(lines.map((one) => [one.saleItemId, one.sku, one.quantity, one.amount])).toEqual([
      [o.line.id, "D", 3, 37.5],
    ]);
    // The cancellation is history: it changes through no other way, and says which action made it.
    const kept = await expectStatus(t.json("PUT", `/sale-returns/${record.id}/cancel.json`, {}), 409);
    expect(kept.detail).toContain(`PUT /sales/${o.sale.id}/cancel.json`);
    const line409 = await expectStatus(
      t.json("PUT", `/sale-return-items/${lines[0].id}.json`, { quantity: 1 }),
      409,
    );
    expect(line409.detail).toContain(`PUT /sales/${o.sale.id}/cancel.json`);
    // The fulfillment's cancel released what it held: nothing is allocated.
    const [level] = await list(t, "inventory-levels", { variantId: o.d.id });
    expect(level).toMatchObject({ onHand: 10, allocated: 0 });

    // A cancelled sale takes no second cancel (409 naming its state).
    const again = await expectStatus(cancelSale(t, o.sale.id), 409);
    expect(again).toMatchObject({ state: "cancelled" });
  });

  it("cancels the units named, no more than a line has open, and the sale follows", async () => {
    const t = await ctx.tenant();
    const o = await ownOrder(t);
    await expectStatus(t.json("PUT", `/fulfillments/${o.fulfillment.id}/cancel.json`, {}), 200);
    const other = await ownOrder(await ctx.tenant());

    const before = await snapshot(t, KINDS);
    const refused = await expectStatus(
      cancelSale(t, o.sale.id, {
        items: [
          { saleItemId: o.line.id, quantity: 2 },
          { saleItemId: o.line.id, quantity: 2 },
          { saleItemId: other.line.id, quantity: 1 },
        ],
      }),
      422,
    );
    expect(refused.errors).toEqual([
      {
        path: "items.1.quantity",
        message: expect.stringContaining("is 2 (4 with the lines before it), more than the 3"),
      },
      { path: "items.2.saleItemId", message: expect.stringContaining(`names no line of sale ${o.sale.id}`) },
    ]);
    expect(await snapshot(t, KINDS)).toEqual(before);

    const partly = await expectStatus(
      cancelSale(t, o.sale.id, { items: [{ saleItemId: o.line.id, quantity: 2 }] }),
      200,
    );
    expect(partly).toMatchObject({ status: "open", cancellationStatus: "partial" });
    // The unit left open goes out from the warehouse after all; shipped, the sale is fulfilled.
    const fulfillment = await make(t, "fulfillments", { saleId: o.sale.id, warehouseId: o.warehouse.id });
    await make(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      saleItemId: o.line.id,
      variantId: o.d.id,
      sku: "D",
      quantity: 1,
    });
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    const [line] = await list(t, "sale-items", { saleId: o.sale.id });
    expect(line).toMatchObject({ quantityCancelled: 2, quantityFulfilled: 1 });
    const [shipped] = await list(t, "sales", { id: o.sale.id });
    expect(shipped).toMatchObject({ status: "fulfilled", cancellationStatus: "partial" });
    expect(await expectStatus(cancelSale(t, o.sale.id), 409)).toMatchObject({ state: "fulfilled" });
  });

  it("leaves a purchase's units to the purchase's own cancel", async () => {
    const t = await ctx.tenant();
    const { channel } = await saleSetup(t);
    const imported = await t.json(
      "POST",
      `/channels/${channel.id}/manual-sale.json`,
      sale("DROP-1", [{ sku: "A", quantity: 2, price: 10 }]),
    );
    expect(imported.status).toBe(200);
    const [purchase] = await list(t, "purchases", { saleId: imported.body.id });
    const carried = await expectStatus(cancelSale(t, imported.body.id), 409);
    expect(carried.detail).toContain(`purchase ${purchase.id}`);
    await expectStatus(t.json("PUT", `/purchases/${purchase.id}/cancel.json`, {}), 200);
    const [after] = await list(t, "sales", { id: imported.body.id });
    expect(after).toMatchObject({ status: "cancelled" });
  });
});
