// What the order actions recorded stays as they recorded it: a cancellation's sale return changes only
// through the cancel action, and a sale line is never cut below what its purchase and fulfillment lines
// still carry (else those lines could no longer ship or cancel, and the order would be stuck).
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { cancel, expectRefused, sentWorld, ship, type World, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

const put = (t: Tenant, plural: string, id: number, body: Record<string, unknown>) =>
  t.json("PUT", `/${plural}/${id}.json`, body);

/** A sent purchase whose cap shipped and two of its three mugs were cancelled: the cancellation. */
async function cancelledWorld(t: Tenant) {
  const w = await sentWorld(t);
  await expectStatus(
    ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.cap.id, quantity: 1 }] }),
    200,
  );
  await expectStatus(
    cancel(t, w.purchase.id, {
      items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
      reason: "customer",
    }),
    200,
  );
  const [cancellation] = await list(t, "sale-returns", `&where[type]=cancellation`);
  const [line] = await list(t, "sale-return-items", `&where[saleReturnId]=${cancellation!.id}`);
  expect(cancellation).toMatchObject({ purchaseId: w.purchase.id, total: 59.98 });
  expect(line).toMatchObject({ saleItemId: w.saleItems.mug.id, quantity: 2, amount: 59.98 });
  return { ...w, cancellation: cancellation!, line: line! };
}

/**
 * A sale of the world's channel with one line of `quantity` units of a variant of the company's own,
 * 10 of which are on hand in the world's warehouse: its level, and a fulfillment line's body for it.
 */
async function ownSale(t: Tenant, w: World, quantity: number) {
  const sku = `OWN-${Math.random().toString(36).slice(2, 8)}`;
  const own = await create(t, "variants", { sku, name: "Own goods", price: 20 });
  await create(t, "adjustments", { variantId: own.id, warehouseId: w.warehouse.id, quantity: 10 });
  const sale = await create(t, "sales", { channelId: w.channel.id, externalId: `${sku}-ORDER` });
  const line = await create(t, "sale-items", {
    saleId: sale.id,
    variantId: own.id,
    sku,
    quantity,
    price: 20,
  });
  return {
    sale,
    line,
    level: async () => (await list(t, "inventory-levels", `&where[variantId]=${own.id}`))[0],
    lineOf: (fulfillment: Rec, units: number) => ({
      fulfillmentId: fulfillment.id,
      saleItemId: line.id,
      variantId: own.id,
      sku,
      quantity: units,
    }),
  };
}

/** A 409 of the kept cancellation: it names the cancel action it came from. */
async function expectKept(t: Tenant, cancellation: Rec, call: () => Promise<{ status: number; body: any }>) {
  const body = await expectRefused(t, 409, call);
  expect(body.rule).toBe("history is kept");
  expect(body.detail).toContain(`Sale return ${cancellation.id} (a cancellation)`);
  expect(body.detail).toContain(`PUT /purchases/${cancellation.purchaseId}/cancel.json`);
  return body;
}

describe("a cancellation's sale return changes only through the cancel action", () => {
  it("its lines cannot be changed, added, moved in or out, or deleted: 409, nothing changed", async () => {
    const t = await setup.tenant();
    const w = await cancelledWorld(t);
    const { cancellation, line } = w;

    await expectKept(t, cancellation, () => put(t, "sale-return-items", line.id, { quantity: 4 }));
    await expectKept(t, cancellation, () => put(t, "sale-return-items", line.id, { amount: 0.01 }));
    await expectKept(t, cancellation, () =>
      t.json("POST", "/sale-return-items.json", {
        saleReturnId: cancellation.id,
        saleItemId: w.saleItems.cap.id,
        quantity: 1,
      }),
    );
    await expectKept(t, cancellation, () => t.json("DELETE", `/sale-return-items/${line.id}.json`));

    // A return of the cap that shipped: its line cannot move into the cancellation, nor this one out.
    const opened = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      200,
    );
    const [returned] = await list(t, "sale-return-items", `&where[saleReturnId]=${opened.saleReturnId}`);
    await expectKept(t, cancellation, () =>
      put(t, "sale-return-items", returned!.id, { saleReturnId: cancellation.id }),
    );
    await expectKept(t, cancellation, () =>
      put(t, "sale-return-items", line.id, { saleReturnId: opened.saleReturnId }),
    );
  });

  it("it cannot be deleted nor put on another sale or purchase; its notes, reason and refund status can change", async () => {
    const t = await setup.tenant();
    const w = await cancelledWorld(t);
    const { cancellation, line } = w;

    await expectKept(t, cancellation, () => t.json("DELETE", `/sale-returns/${cancellation.id}.json`));
    const otherSale = await create(t, "sales", { channelId: w.channel.id, externalId: "WEB-2" });
    const otherPurchase = await create(t, "purchases", { dropshipProviderId: w.provider.id });
    const body = await expectKept(t, cancellation, () =>
      put(t, "sale-returns", cancellation.id, { saleId: otherSale.id }),
    );
    expect(body.detail).toMatch(/notes, reason, externalId, paymentStatus and returnLabelType may be edited/);
    await expectKept(t, cancellation, () =>
      put(t, "sale-returns", cancellation.id, { purchaseId: otherPurchase.id }),
    );
    await expectKept(t, cancellation, () => put(t, "sale-returns", cancellation.id, { purchaseId: null }));

    // The record sent back as read, and what a client keeps on it beside the books.
    await expectStatus(put(t, "sale-returns", cancellation.id, cancellationFields(cancellation)), 200);
    const edited = await expectStatus(
      put(t, "sale-returns", cancellation.id, {
        notes: "refunded on the channel",
        reason: "customer changed their mind",
        externalId: "RMA-7",
        paymentStatus: "paid",
        returnLabelType: "prePaid",
      }),
      200,
    );
    expect(edited).toMatchObject({
      type: "cancellation",
      saleId: w.sale.id,
      purchaseId: w.purchase.id,
      total: 59.98,
      notes: "refunded on the channel",
      paymentStatus: "paid",
    });
    expect(await read(t, "sale-return-items", line.id)).toEqual(line);
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({ quantityCancelled: 2 });
  });

  it("the cancel action still records the rest, in a return of its own; a return of goods stays editable", async () => {
    const t = await setup.tenant();
    const w = await cancelledWorld(t);
    const all = await expectStatus(cancel(t, w.purchase.id), 200);
    expect(all.sale_return_items.map((item: Rec) => [item.sku, item.quantity, item.amount])).toEqual([
      ["MUG-1", 1, 29.99],
      ["PIN-1", 1, 0.2],
    ]);
    const cancellations = await list(t, "sale-returns", `&where[type]=cancellation`);
    expect(cancellations.map((one) => one.total)).toEqual([59.98, 30.19]);
    expect(await read(t, "sale-return-items", w.line.id)).toEqual(w.line);

    const opened = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      200,
    );
    const [returned] = await list(t, "sale-return-items", `&where[saleReturnId]=${opened.saleReturnId}`);
    const amended = await expectStatus(put(t, "sale-return-items", returned!.id, { amount: 0.05 }), 200);
    expect(amended.amount).toBe(0.05);
    expect((await read(t, "sale-returns", opened.saleReturnId)).total).toBe(0.05);
  });
});

/** The fields of a sale return a PUT takes, as read. */
function cancellationFields(saleReturn: Rec): Record<string, unknown> {
  const { saleId, purchaseId, externalId, paymentStatus, returnLabelType, reason, notes } = saleReturn;
  return { saleId, purchaseId, externalId, paymentStatus, returnLabelType, reason, notes };
}

describe("a sale line never carries more than it has open: its cuts and its fulfillment lines", () => {
  it("dropship: a cut below what the purchase still orders is a 422 naming its line; cut that line first", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const mug = w.saleItems.mug;

    const refused = await expectRefused(t, 422, () => put(t, "sale-items", mug.id, { quantity: 1 }));
    expect(refused.rule).toBe("fulfilled + cancelled + on purchase and fulfillment lines <= quantity");
    expect(refused.errors.map((error: { path: string }) => error.path)).toEqual(["quantity"]);
    expect(refused.detail).toContain(`purchase item ${w.items.mug.id} (purchase ${w.purchase.id}) orders 3`);
    expect(refused.detail).toMatch(/Cut or cancel those lines first/);
    // Raised or sent as it is: nothing to refuse.
    await expectStatus(put(t, "sale-items", mug.id, { quantity: 3 }), 200);
    expect((await expectStatus(put(t, "sale-items", mug.id, { quantity: 4 }), 200)).quantity).toBe(4);

    // Once one mug is cancelled, the line keeps it as cancelled: 2 still ordered + 1 cancelled.
    await expectStatus(
      cancel(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 1 }] }),
      200,
    );
    await expectStatus(put(t, "sale-items", mug.id, { quantity: 3 }), 200);
    const after = await expectRefused(t, 422, () => put(t, "sale-items", mug.id, { quantity: 2 }));
    expect(after.detail).toContain("orders 2 not shipped or cancelled");
    expect(after.detail).toContain("with 0 fulfilled and 1 cancelled it must stay at least 3");

    // The order still goes through: what the purchase orders ships.
    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }] }),
      200,
    );
    expect(await read(t, "sale-items", mug.id)).toMatchObject({
      quantity: 3,
      quantityFulfilled: 2,
      quantityCancelled: 1,
    });
  });

  it("dropship: cutting the purchase line first lets the sale line follow, and the purchase owes for what it orders", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const mug = w.saleItems.mug;
    await expectStatus(put(t, "purchase-items", w.items.mug.id, { quantity: 1 }), 200);
    await expectStatus(put(t, "sale-items", mug.id, { quantity: 1 }), 200);
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({ quantity: 3, amountOwed: 20.29 });
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}/send.json`, {}), 200);
    await expectStatus(ship(t, w.purchase.id), 200);
    expect(await read(t, "sales", w.sale.id)).toMatchObject({ status: "fulfilled", subtotal: 30.29 });
  });

  it("own warehouse: a cut below what a pending fulfillment holds is a 422; cut the fulfillment line first", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const own = await create(t, "variants", { sku: "OWN-1", name: "Own tee", price: 20 });
    await create(t, "adjustments", { variantId: own.id, warehouseId: w.warehouse.id, quantity: 10 });
    const order = {
      externalId: "OWN-ORDER",
      customer: { email: "ana@example.com" },
      shippingAddress: { name: "Ana Ruiz", lineOne: "5 Elm St", city: "Denver", country: "US" },
    };
    const imported = await expectStatus(
      t.json("POST", `/channels/${w.channel.id}/manual-sale.json`, {
        ...order,
        items: [{ sku: "OWN-1", quantity: 2, price: 20 }],
      }),
      200,
    );
    const [line] = await list(t, "sale-items", `&where[saleId]=${imported.id}`);
    const [fulfillment] = await list(t, "fulfillments", `&where[saleId]=${imported.id}`);
    const [held] = await list(t, "fulfillment-items", `&where[fulfillmentId]=${fulfillment!.id}`);
    const level = async () => (await list(t, "inventory-levels", `&where[variantId]=${own.id}`))[0];
    expect(await level()).toMatchObject({ onHand: 10, allocated: 2 });

    const refused = await expectRefused(t, 422, () => put(t, "sale-items", line!.id, { quantity: 1 }));
    expect(refused.detail).toContain(`fulfillment item ${held!.id} (fulfillment ${fulfillment!.id}) holds 2`);
    // Sending the order again with less is refused as before.
    await expectRefused(t, 409, () =>
      t.json("POST", `/channels/${w.channel.id}/manual-sale.json`, {
        ...order,
        items: [{ sku: "OWN-1", quantity: 1, price: 20 }],
      }),
    );
    // A finalized fulfillment's lines still hold their units.
    await expectStatus(put(t, "fulfillments", fulfillment!.id, { status: "finalized" }), 200);
    await expectRefused(t, 422, () => put(t, "sale-items", line!.id, { quantity: 1 }));
    await expectStatus(put(t, "fulfillments", fulfillment!.id, { status: "pending" }), 200);

    await expectStatus(put(t, "fulfillment-items", held!.id, { quantity: 1 }), 200);
    expect(await level()).toMatchObject({ allocated: 1 });
    await expectStatus(put(t, "sale-items", line!.id, { quantity: 1 }), 200);
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment!.id}/ship.json`, {}), 200);
    expect(await level()).toMatchObject({ onHand: 9, allocated: 0 });
    expect(await read(t, "sales", imported.id)).toMatchObject({ status: "fulfilled", total: 20 });
  });

  it("dropship: a purchase line never orders more than its sale line has open, so the purchase can always ship", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const mug = (await list(t, "purchase-items", `&where[saleItemId]=${w.saleItems.mug.id}`))[0]!;
    expect(mug).toMatchObject({ quantity: 3, purchaseId: w.purchase.id });

    const refused = await expectRefused(t, 422, () => put(t, "purchase-items", mug.id, { quantity: 5 }));
    expect(refused.rule).toBe("fulfilled + cancelled + on purchase and fulfillment lines <= quantity");
    expect(refused.detail).toContain(
      `purchase-item ${mug.id} would carry 5 of sale-item ${w.saleItems.mug.id}, which has 3 left`,
    );
    // Its one error reads after its path: "quantity would carry 5 of sale-item ...".
    expect(refused.errors).toEqual([
      {
        path: "quantity",
        message: `would carry 5 of sale-item ${w.saleItems.mug.id}, which has 3 left: of its 3, 0 fulfilled, 0 cancelled and 0 on other lines`,
      },
    ]);
    // A second line for the same sale line shares its 3.
    await expectRefused(t, 422, () =>
      t.json("POST", "/purchase-items.json", {
        purchaseId: w.purchase.id,
        saleItemId: w.saleItems.mug.id,
        sku: "MUG-1",
        quantity: 1,
        price: 19.99,
      }),
    );
    // Once the sale line has more, the purchase orders it, and ships all of it.
    await expectStatus(put(t, "sale-items", w.saleItems.mug.id, { quantity: 5 }), 200);
    await expectStatus(put(t, "purchase-items", mug.id, { quantity: 5 }), 200);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}/send.json`, {}), 200);
    await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "T-5" }),
      200,
    );
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({
      quantity: 5,
      quantityFulfilled: 5,
    });
  });

  it("own warehouse: a fulfillment line never carries more than its sale line has open (422, nothing changed)", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale, line, level, lineOf } = await ownSale(t, w, 3);
    const first = await create(t, "fulfillments", { saleId: sale.id, warehouseId: w.warehouse.id });
    const second = await create(t, "fulfillments", { saleId: sale.id, warehouseId: w.warehouse.id });

    // More than the sale line has: refused, nothing allocated.
    const refused = await expectRefused(t, 422, () =>
      t.json("POST", "/fulfillment-items.json", lineOf(first, 4)),
    );
    expect(refused).toMatchObject({
      rule: "fulfilled + cancelled + on purchase and fulfillment lines <= quantity",
      errors: [{ path: "quantity" }],
    });
    expect(refused.detail).toContain(`sale-item ${line.id}, which has 3 left`);
    expect(await level()).toMatchObject({ allocated: 0 });

    // Two lines of two fulfillments share the sale line's 3.
    const held = await expectStatus(t.json("POST", "/fulfillment-items.json", lineOf(first, 2)), 200);
    const past = await expectRefused(t, 422, () =>
      t.json("POST", "/fulfillment-items.json", lineOf(second, 2)),
    );
    expect(past.detail).toContain(`which has 1 left`);
    expect(past.detail).toContain(`fulfillment item ${held.id} (fulfillment ${first.id}) holds 2 to ship`);
    const rest = await expectStatus(t.json("POST", "/fulfillment-items.json", lineOf(second, 1)), 200);
    expect(await level()).toMatchObject({ allocated: 3 });

    // Raising a line past it is refused too; a cut, or a write of another field, is not.
    await expectRefused(t, 422, () => put(t, "fulfillment-items", rest.id, { quantity: 2 }));
    await expectStatus(put(t, "fulfillment-items", rest.id, { sku: "RELABELLED" }), 200);
    await expectStatus(put(t, "fulfillment-items", held.id, { quantity: 1 }), 200);
    await expectStatus(put(t, "fulfillment-items", rest.id, { quantity: 2 }), 200);
    expect(await level()).toMatchObject({ allocated: 3 });

    // What a shipped fulfillment took counts as fulfilled; a raised sale line makes room.
    await expectStatus(t.json("POST", `/fulfillments/${first.id}/ship.json`, {}), 200);
    expect(await read(t, "sale-items", line.id)).toMatchObject({ quantityFulfilled: 1 });
    await expectRefused(t, 422, () => put(t, "fulfillment-items", rest.id, { quantity: 3 }));
    await expectStatus(put(t, "sale-items", line.id, { quantity: 4 }), 200);
    await expectStatus(put(t, "fulfillment-items", rest.id, { quantity: 3 }), 200);
    await expectStatus(t.json("POST", `/fulfillments/${second.id}/ship.json`, {}), 200);
    expect(await read(t, "sales", sale.id)).toMatchObject({ status: "fulfilled" });
    expect(await level()).toMatchObject({ onHand: 6, allocated: 0 });
  });

  it("own warehouse: a cancelled fulfillment releases its stock and its sale line's units, and stays as history", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale, level, lineOf } = await ownSale(t, w, 2);
    const first = await create(t, "fulfillments", { saleId: sale.id, warehouseId: w.warehouse.id });
    const held = await create(t, "fulfillment-items", lineOf(first, 2));
    await expectStatus(put(t, "fulfillments", first.id, { status: "finalized" }), 200);
    expect(await level()).toMatchObject({ onHand: 10, allocated: 2 });

    const cancelled = await expectStatus(t.json("PUT", `/fulfillments/${first.id}/cancel.json`, {}), 200);
    expect(cancelled).toMatchObject({ id: first.id, status: "cancelled" });
    expect(await level()).toMatchObject({ onHand: 10, allocated: 0 });
    // Its line stays as it was, and no longer carries the sale line's units: another fulfillment takes them.
    expect(await read(t, "fulfillment-items", held.id)).toMatchObject({ quantity: 2 });
    const second = await create(t, "fulfillments", { saleId: sale.id, warehouseId: w.warehouse.id });
    await create(t, "fulfillment-items", lineOf(second, 2));
    expect(await level()).toMatchObject({ allocated: 2 });
    await expectStatus(t.json("POST", `/fulfillments/${second.id}/ship.json`, {}), 200);
    expect(await read(t, "sales", sale.id)).toMatchObject({ status: "fulfilled" });
    expect(await level()).toMatchObject({ onHand: 8, allocated: 0 });

    // Cancelled or shipped, it cancels no more (409, nothing changed), and its lines stay as they are.
    for (const [fulfillment, state] of [
      [first, "cancelled"],
      [second, "shipped"],
    ] as const) {
      const refused = await expectRefused(t, 409, () =>
        t.json("PUT", `/fulfillments/${fulfillment.id}/cancel.json`, {}),
      );
      expect(refused).toMatchObject({ state, allowedActions: [] });
    }
    await expectRefused(t, 409, () => put(t, "fulfillment-items", held.id, { quantity: 1 }));
  });

  it("a sale line its purchase lines name cannot be deleted (409), nor can its sale", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const refused = await expectRefused(t, 409, () =>
      t.json("DELETE", `/sale-items/${w.saleItems.pin.id}.json`),
    );
    expect(refused.detail).toMatch(/purchase-item/);
    await expectRefused(t, 409, () => t.json("DELETE", `/sales/${w.sale.id}.json`));
  });
});
