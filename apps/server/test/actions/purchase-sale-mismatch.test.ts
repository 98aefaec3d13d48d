/**
 * A purchase line names a line of the purchase's sale. Once the purchase, or a sale line one of its
 * lines carries, is put on another sale, the actions that count its lines on the sale (ship, cancel,
 * default-label shipping with the label) refuse the lines that no longer match, naming each, and count
 * nothing. And a settlement never writes a transfer past its amount's money bound.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import {
  cancel,
  expectRefused,
  invoicedPurchase,
  send,
  settle,
  ship,
  type World,
  world,
} from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** The world with its purchase sent, and a second sale of its channel. */
async function sentWithOtherSale(t: Tenant) {
  const w = await world(t);
  await expectStatus(send(t, w.purchase.id), 200);
  const other = await create(t, "sales", { channelId: w.channel.id, externalId: "WEB-2002" });
  return { w, other };
}

/** The refusal of the world's purchase line `key`: its sale line is on sale `on`, the purchase on `sale`. */
function otherSaleLine(w: World, key: "mug" | "cap" | "pin", on: number, sale: number) {
  return {
    path: `purchaseItems.${w.items[key].id}.saleItemId`,
    message: `names sale item ${w.saleItems[key].id}, which is on sale ${on}; purchase ${w.purchase.id} is on sale ${sale}`,
  };
}

/** The 422 of lines of another sale: the purchase named in its detail, the sameOwner rule, `errors`. */
function expectOtherSale(body: any, w: World, errors: { path: string; message: string }[]): void {
  expect(body).toMatchObject({
    type: "urn:multichannel:problem:validation_failed",
    detail: `Purchase ${w.purchase.id} has lines of another sale.`,
    rule: "sameOwner: saleItemId names a sale item of the purchase's sale",
  });
  expect(body.errors).toEqual(errors);
}

describe("a purchase whose lines no longer match its sale", () => {
  it("refuses to ship, cancel or ship with a default label once the purchase is on another sale", async () => {
    const t = await setup.tenant();
    const { w, other } = await sentWithOtherSale(t);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { saleId: other.id }), 200);
    const every = (["mug", "cap", "pin"] as const).map((key) => otherSaleLine(w, key, w.sale.id, other.id));

    for (const call of [
      () => ship(t, w.purchase.id),
      () => cancel(t, w.purchase.id),
      () => t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, { inventoryStatus: "shipped" }),
    ]) {
      expectOtherSale(await expectRefused(t, 422, call), w, every);
    }
    // Nothing counted on either sale, and no cancellation recorded.
    for (const saleItem of await list(t, "sale-items")) {
      expect(saleItem).toMatchObject({ quantityFulfilled: 0, quantityCancelled: 0 });
    }
    expect(await read(t, "sales", w.sale.id)).toMatchObject({ status: "open" });
    expect(await list(t, "sale-returns")).toEqual([]);

    // Put back on its sale, the purchase ships, and the sale counts it.
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { saleId: w.sale.id }), 200);
    await expectStatus(ship(t, w.purchase.id), 200);
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({ quantityFulfilled: 3 });
  });

  it("refuses the line whose sale line was put on another sale, and takes the others", async () => {
    const t = await setup.tenant();
    const { w, other } = await sentWithOtherSale(t);
    await expectStatus(t.json("PUT", `/sale-items/${w.saleItems.mug.id}.json`, { saleId: other.id }), 200);
    const mug = [otherSaleLine(w, "mug", other.id, w.sale.id)];

    expectOtherSale(await expectRefused(t, 422, () => ship(t, w.purchase.id)), w, mug);
    expectOtherSale(
      await expectRefused(t, 422, () =>
        cancel(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 1 }] }),
      ),
      w,
      mug,
    );
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({
      quantityFulfilled: 0,
      quantityCancelled: 0,
    });

    // The lines whose sale lines are still the purchase's sale's ship, counted on that sale.
    await expectStatus(
      ship(t, w.purchase.id, {
        items: [
          { purchaseItemId: w.items.cap.id, quantity: 1 },
          { purchaseItemId: w.items.pin.id, quantity: 1 },
        ],
      }),
      200,
    );
    expect(await read(t, "sale-items", w.saleItems.cap.id)).toMatchObject({ quantityFulfilled: 1 });
    expect(await read(t, "sale-items", w.saleItems.pin.id)).toMatchObject({ quantityFulfilled: 1 });
    expect(await read(t, "purchase-items", w.items.mug.id)).toMatchObject({
      quantityShipped: 0,
      quantityCancelled: 0,
    });
  });
});

describe("settling within the money bound", () => {
  const bound = {
    type: "urn:multichannel:problem:validation_failed",
    rule: "transfer.amount within [-10000000000000, 10000000000000]",
  };

  it("refuses a transfer past 1e13, the additional amount included, and writes nothing", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", { name: "Harbour Supply" });
    const purchase = await invoicedPurchase(t, provider.id, 9e12);

    const refused = await expectRefused(t, 422, () => settle(t, provider.id, { additionalAmount: 9e12 }));
    expect(refused).toMatchObject(bound);
    expect(refused.errors).toEqual([
      { path: "amount", message: "would be 18000000000000, outside -10000000000000 to 10000000000000" },
    ]);

    // Up to the bound, it pays.
    const transfer = await expectStatus(settle(t, provider.id, { additionalAmount: 1e12 }), 200);
    expect(transfer).toMatchObject({ amount: 1e13, additionalAmount: 1e12 });
    expect(await read(t, "purchases", purchase.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("refuses purchases whose dues together pass 1e13", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", { name: "Harbour Supply" });
    await invoicedPurchase(t, provider.id, 9e12);
    await invoicedPurchase(t, provider.id, 9e12);

    const refused = await expectRefused(t, 422, () => settle(t, provider.id));
    expect(refused).toMatchObject(bound);
  });
});
