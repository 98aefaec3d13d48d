/**
 * A line that names a line of another record names one of its own record's owner (`sameOwner` in the
 * manifest): a fulfillment's line a line of the fulfillment's sale, a dropshipment's line a line of its
 * purchase. Writes of such lines are refused otherwise, and the actions that count a line on the line it
 * names refuse a record whose lines no longer match it (the record moved to another owner since).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { expectRefused, sentWorld, ship, type World, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/**
 * The world, its purchase carrying 2 of the sale's 3 mugs (one left for a fulfillment line), and a
 * second sale of its channel (`secondSale`).
 */
async function worlds(t: Tenant) {
  const w = await world(t);
  await expectStatus(t.json("PUT", `/purchase-items/${w.items.mug.id}.json`, { quantity: 2 }), 200);
  return { w, other: await secondSale(t, w) };
}

/** A second sale of the world's channel, with 3 mugs, and a purchase for 2 of them. */
async function secondSale(t: Tenant, w: World) {
  const sale = await create(t, "sales", { channelId: w.channel.id, externalId: "WEB-2002" });
  const saleItem = await create(t, "sale-items", {
    saleId: sale.id,
    variantId: w.variants.mug.id,
    sku: "MUG-1",
    quantity: 3,
    price: 29.99,
  });
  const purchase = await create(t, "purchases", { dropshipProviderId: w.provider.id, saleId: sale.id });
  const purchaseItem = await create(t, "purchase-items", {
    purchaseId: purchase.id,
    saleItemId: saleItem.id,
    variantId: w.variants.mug.id,
    sku: "MUG-1",
    quantity: 2,
    price: 19.99,
  });
  return { sale, saleItem, purchase, purchaseItem };
}

/** The 422 of a line naming a line of another owner: its one error, `message` at `path`. */
function expectOtherOwner(body: any, path: string, message: string): void {
  expect(body.type).toBe("urn:multichannel:problem:validation_failed");
  expect(body, JSON.stringify(body)).toMatchObject({ rule: expect.stringMatching(/^sameOwner: /) });
  expect(body.errors).toEqual([{ path, message }]);
}

describe("lines name lines of their own record's owner", () => {
  it("refuses a fulfillment line, a return line or a purchase line naming another sale's line", async () => {
    const t = await setup.tenant();
    const { w, other } = await worlds(t);
    const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    const saleReturn = await create(t, "sale-returns", { saleId: w.sale.id });

    const cases: [string, Record<string, unknown>, string][] = [
      [
        "/fulfillment-items.json",
        { fulfillmentId: fulfillment.id, saleItemId: other.saleItem.id, quantity: 1 },
        `fulfillment ${fulfillment.id}`,
      ],
      [
        "/sale-return-items.json",
        { saleReturnId: saleReturn.id, saleItemId: other.saleItem.id, quantity: 1 },
        `sale return ${saleReturn.id}`,
      ],
      [
        "/purchase-items.json",
        { purchaseId: w.purchase.id, saleItemId: other.saleItem.id, sku: "MUG-1", quantity: 1, price: 1 },
        `purchase ${w.purchase.id}`,
      ],
    ];
    for (const [path, body, record] of cases) {
      const refused = await expectRefused(t, 422, () => t.json("POST", path, body));
      expectOtherOwner(
        refused,
        "saleItemId",
        `names sale item ${other.saleItem.id}, which is on sale ${other.sale.id}; ${record} is on sale ${w.sale.id}`,
      );
    }
    // A line of the record's own sale is taken.
    await expectStatus(
      t.json("POST", "/fulfillment-items.json", {
        fulfillmentId: fulfillment.id,
        saleItemId: w.saleItems.mug.id,
        quantity: 1,
      }),
      200,
    );
  });

  it("refuses a dropshipment, receipt or payment line naming another purchase's line", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const other = await secondSale(t, w);
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    const receipt = await create(t, "goods-receipts", { purchaseId: w.purchase.id });
    const named = `names purchase item ${other.purchaseItem.id}, which is on purchase ${other.purchase.id}`;
    const cases: [string, Record<string, unknown>, string][] = [
      [
        "/dropshipment-items.json",
        { dropshipmentId: dropshipment.id, purchaseItemId: other.purchaseItem.id, quantity: 1 },
        `${named}; dropshipment ${dropshipment.id} is on purchase ${w.purchase.id}`,
      ],
      [
        "/goods-receipt-items.json",
        { goodsReceiptId: receipt.id, purchaseItemId: other.purchaseItem.id, quantity: 1 },
        `${named}; goods receipt ${receipt.id} is on purchase ${w.purchase.id}`,
      ],
      [
        "/purchase-invoice-payments.json",
        { purchaseId: w.purchase.id, purchaseItemId: other.purchaseItem.id, amount: 1 },
        `${named}, not on purchase ${w.purchase.id}`,
      ],
    ];
    for (const [path, body, message] of cases) {
      const refused = await expectRefused(t, 422, () => t.json("POST", path, body));
      expectOtherOwner(refused, "purchaseItemId", message);
    }
  });

  it("checks a line's update, and a line moved to a record of another owner", async () => {
    const t = await setup.tenant();
    const { w, other } = await worlds(t);
    const ours = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    const theirs = await create(t, "fulfillments", { saleId: other.sale.id, warehouseId: w.warehouse.id });
    const line = await create(t, "fulfillment-items", {
      fulfillmentId: ours.id,
      saleItemId: w.saleItems.mug.id,
      quantity: 1,
    });
    const path = `/fulfillment-items/${line.id}.json`;
    // Naming another sale's line, or moving to a fulfillment of another sale with its line.
    for (const [body, message] of [
      [
        { saleItemId: other.saleItem.id },
        `names sale item ${other.saleItem.id}, which is on sale ${other.sale.id}; fulfillment ${ours.id} is on sale ${w.sale.id}`,
      ],
      [
        { fulfillmentId: theirs.id },
        `names sale item ${w.saleItems.mug.id}, which is on sale ${w.sale.id}; fulfillment ${theirs.id} is on sale ${other.sale.id}`,
      ],
    ] as const) {
      expectOtherOwner(await expectRefused(t, 422, () => t.json("PUT", path, body)), "saleItemId", message);
    }
    // Moving with a line of the new fulfillment's sale, or without one, is taken.
    await expectStatus(t.json("PUT", path, { fulfillmentId: theirs.id, saleItemId: other.saleItem.id }), 200);
    await expectStatus(t.json("PUT", path, { fulfillmentId: ours.id, saleItemId: null }), 200);
    // A fulfillment with no sale takes no sale line.
    const loose = await create(t, "fulfillments", { warehouseId: w.warehouse.id });
    const refused = await expectRefused(t, 422, () =>
      t.json("PUT", path, { fulfillmentId: loose.id, saleItemId: w.saleItems.mug.id }),
    );
    expect(refused.errors).toEqual([
      {
        path: "saleItemId",
        message: `names sale item ${w.saleItems.mug.id}, which is on sale ${w.sale.id}; fulfillment ${loose.id} is for no sale`,
      },
    ]);
  });

  it("a return line's purchase line is a line of the sale line it returns, which it takes when none is sent", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    const other = await secondSale(t, w);
    const saleReturn = await create(t, "sale-returns", { saleId: w.sale.id });
    const line = (body: Record<string, unknown>) =>
      t.json("POST", "/sale-return-items.json", { saleReturnId: saleReturn.id, quantity: 1, ...body });

    // Another sale's purchase line, with this sale's line or alone: its units are not this sale's.
    const paired = await expectRefused(t, 422, () =>
      line({ saleItemId: w.saleItems.mug.id, purchaseItemId: other.purchaseItem.id }),
    );
    expect(paired.rule).toBe("a return line's purchaseItemId is a line of its saleItemId");
    expect(paired.errors).toEqual([
      {
        path: "purchaseItemId",
        message: `names purchase item ${other.purchaseItem.id}, a line of sale item ${other.saleItem.id}, but the line returns sale item ${w.saleItems.mug.id}`,
      },
    ]);
    const alone = await expectRefused(t, 422, () => line({ purchaseItemId: other.purchaseItem.id }));
    expectOtherOwner(
      alone,
      "purchaseItemId",
      `names purchase item ${other.purchaseItem.id}, a line of sale item ${other.saleItem.id}, which is on sale ${other.sale.id}; sale return ${saleReturn.id} is on sale ${w.sale.id}`,
    );
    // This sale's purchase line of another of its lines.
    await expectRefused(t, 422, () =>
      line({ saleItemId: w.saleItems.cap.id, purchaseItemId: w.items.mug.id }),
    );

    // Its own purchase line alone: the line returns that purchase line's sale line, at its price.
    const cap = await expectStatus(line({ purchaseItemId: w.items.cap.id }), 200);
    expect(cap).toMatchObject({
      saleItemId: w.saleItems.cap.id,
      purchaseItemId: w.items.cap.id,
      amount: 0.1,
    });
    await expectStatus(t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}), 200);
    expect(await read(t, "sale-items", w.saleItems.cap.id)).toMatchObject({ quantityReturned: 1 });
    expect(await read(t, "purchase-items", w.items.cap.id)).toMatchObject({ quantityReturned: 1 });
    // The one cap came back: a return of it again through its sale line has nothing left.
    const again = await create(t, "sale-returns", { saleId: w.sale.id });
    const twice = await expectRefused(t, 422, () =>
      t.json("POST", "/sale-return-items.json", {
        saleReturnId: again.id,
        saleItemId: w.saleItems.cap.id,
        quantity: 1,
      }),
    );
    expect(twice.rule).toBe("returned <= fulfilled");

    // A line moved to another sale line keeps its purchase line only if that is the new one's.
    const mug = await create(t, "sale-return-items", {
      saleReturnId: again.id,
      saleItemId: w.saleItems.mug.id,
      purchaseItemId: w.items.mug.id,
      quantity: 1,
    });
    const moved = await expectRefused(t, 422, () =>
      t.json("PUT", `/sale-return-items/${mug.id}.json`, { saleItemId: w.saleItems.pin.id }),
    );
    expect(moved.errors).toEqual([
      {
        path: "purchaseItemId",
        message: `names purchase item ${w.items.mug.id}, a line of sale item ${w.saleItems.mug.id}, but the line returns sale item ${w.saleItems.pin.id}`,
      },
    ]);
    await expectStatus(
      t.json("PUT", `/sale-return-items/${mug.id}.json`, {
        saleItemId: w.saleItems.pin.id,
        purchaseItemId: w.items.pin.id,
      }),
      200,
    );

    // A line stored naming another sale line's purchase line (written before this was refused): the
    // receive refuses it, and counts nothing.
    await setup.db.execute({
      sql: "UPDATE sale_return_items SET purchase_item_id = ? WHERE id = ?",
      args: [w.items.mug.id, mug.id],
    });
    const received = await expectRefused(t, 422, () =>
      t.json("POST", `/sale-returns/${again.id}/receive.json`, {}),
    );
    expect(received.errors).toEqual([
      {
        path: `lines.${mug.id}.purchaseItemId`,
        message: `names purchase item ${w.items.mug.id}, a line of sale item ${w.saleItems.mug.id}, but the line returns sale item ${w.saleItems.pin.id}`,
      },
    ]);
  });

  it("refuses to ship, move or receive lines whose record was put on another owner since", async () => {
    const t = await setup.tenant();
    const { w, other } = await worlds(t);

    // A fulfillment of the first sale with a line of it, then put on the second sale.
    const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    const line = await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      saleItemId: w.saleItems.mug.id,
      variantId: w.variants.mug.id,
      quantity: 1,
    });
    await expectStatus(t.json("PUT", `/fulfillments/${fulfillment.id}.json`, { saleId: other.sale.id }), 200);
    for (const call of [
      () => t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, { trackingNumber: "T-1" }),
      () =>
        t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, {
          dropshipProviderId: w.provider.id,
        }),
    ]) {
      const refused = await expectRefused(t, 422, call);
      expect(refused.errors).toEqual([
        {
          path: `fulfillmentItems.${line.id}.saleItemId`,
          message: `names sale item ${w.saleItems.mug.id}, which is on sale ${w.sale.id}; fulfillment ${fulfillment.id} is on sale ${other.sale.id}`,
        },
      ]);
    }
    expect((await read(t, "sale-items", w.saleItems.mug.id)).quantityFulfilled).toBe(0);

    // A dropshipment of the first purchase with a line of it, then put on the second purchase.
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    const entry = await create(t, "dropshipment-items", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: w.items.mug.id,
      quantity: 1,
    });
    await expectStatus(
      t.json("PUT", `/dropshipments/${dropshipment.id}.json`, { purchaseId: other.purchase.id }),
      200,
    );
    const moved = await expectRefused(t, 422, () =>
      t.json("PUT", `/dropshipments/${dropshipment.id}/move-to-fulfill.json`, {}),
    );
    expect(moved.errors).toEqual([
      {
        path: `dropshipmentItems.${entry.id}.purchaseItemId`,
        message: `names purchase item ${w.items.mug.id}, which is on purchase ${w.purchase.id}; dropshipment ${dropshipment.id} is on purchase ${other.purchase.id}`,
      },
    ]);

    // A return of the first sale with a line of it (of units that shipped), then put on the second sale.
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}/send.json`, {}), 200);
    await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "T-2" }),
      200,
    );
    const saleReturn = await create(t, "sale-returns", { saleId: w.sale.id });
    const returned = await create(t, "sale-return-items", {
      saleReturnId: saleReturn.id,
      saleItemId: w.saleItems.mug.id,
      quantity: 1,
    });
    await expectStatus(t.json("PUT", `/sale-returns/${saleReturn.id}.json`, { saleId: other.sale.id }), 200);
    const received = await expectRefused(t, 422, () =>
      t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}),
    );
    expect(received.errors).toEqual([
      {
        path: `lines.${returned.id}.saleItemId`,
        message: `names sale item ${w.saleItems.mug.id}, which is on sale ${w.sale.id}; sale return ${saleReturn.id} is on sale ${other.sale.id}`,
      },
    ]);
  });

  it("refuses to fulfil a dropshipment on a sale its lines are not of, and fulfils it on theirs", async () => {
    const t = await setup.tenant();
    const { w, other } = await worlds(t);
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      saleId: other.sale.id,
      dropshipProviderId: w.provider.id,
    });
    await create(t, "dropshipment-items", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: w.items.mug.id,
      quantity: 2,
    });
    const move = () => t.json("PUT", `/dropshipments/${dropshipment.id}/move-to-fulfill.json`, {});
    const mug = `sale item ${w.saleItems.mug.id} (on sale ${w.sale.id})`;

    // On another sale than its lines', the fulfillment could never ship: nothing is cancelled or allocated.
    const refused = await expectRefused(t, 422, move);
    expect(refused).toMatchObject({
      detail: `Dropshipment ${dropshipment.id} has lines of another sale.`,
      rule: "sameOwner: saleItemId names a sale item of the fulfillment's sale",
    });
    expect(refused.errors).toEqual([
      {
        path: "saleId",
        message: `names sale ${other.sale.id}, but its lines carry ${mug}: put it on the sale of its lines`,
      },
    ]);
    // Without a sale of its own, on its purchase's, put on another sale since: the same.
    await expectStatus(t.json("PUT", `/dropshipments/${dropshipment.id}.json`, { saleId: null }), 200);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { saleId: other.sale.id }), 200);
    expect((await expectRefused(t, 422, move)).errors).toEqual([
      {
        path: "saleId",
        message: `is empty, so the fulfillment would be on sale ${other.sale.id} (its purchase's), but its lines carry ${mug}: put it on the sale of its lines`,
      },
    ]);

    // Put on its lines' sale, it moves, and the fulfillment ships on that sale.
    await expectStatus(t.json("PUT", `/dropshipments/${dropshipment.id}.json`, { saleId: w.sale.id }), 200);
    const fulfillment = await expectStatus(move(), 200);
    expect(fulfillment.saleId).toBe(w.sale.id);
    await expectStatus(
      t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, { trackingNumber: "T-3" }),
      200,
    );
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({ quantityFulfilled: 2 });
    expect(await read(t, "purchase-items", w.items.mug.id)).toMatchObject({ quantityCancelled: 2 });
  });
});
