// Stock that comes back: a goods receipt line's units are taken back from the warehouse they went into,
// whatever the purchase names since; a received return puts back on hand only units that left an own
// warehouse, and counts dropshipped units on the purchase lines that shipped them.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { dropshipAndOwnVariants, expectRefused } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** A channel, two warehouses (the first the default), a provider, a dropshipped and two own variants. */
async function world(t: Tenant) {
  const channel = await create(t, "channels", { name: "Web Store" });
  const main = await create(t, "warehouses", { name: "Main", isDefault: true, country: "US" });
  const annex = await create(t, "warehouses", { name: "Annex", country: "US" });
  const { provider, dropshipped, own } = await dropshipAndOwnVariants(t, main.id);
  const other = await create(t, "variants", { sku: "OWN-2", name: "Own cap", price: 9 });
  return { channel, main, annex, provider, dropshipped, own, other };
}
type World = Awaited<ReturnType<typeof world>>;

/** On hand of a variant per warehouse id (levels with 0 left out). */
async function onHand(t: Tenant, variantId: number): Promise<Record<number, number>> {
  const levels = await list(t, "inventory-levels", `&where[variantId]=${variantId}`);
  return Object.fromEntries(
    levels.filter((level) => level.onHand !== 0).map((l) => [l.warehouseId, l.onHand]),
  );
}

// ------------------------------------------------------------------------------------ goods receipts

/** A replenishment purchase into `warehouseId` of 10 `variant`, with a receipt of 20 of them. */
async function received(t: Tenant, w: World, warehouseId: number, variant: Rec = w.own) {
  const purchase = await create(t, "purchases", {
    dropshipProviderId: w.provider.id,
    warehouseId,
    purchaseType: "replenishment",
  });
  const item = await create(t, "purchase-items", {
    purchaseId: purchase.id,
    variantId: variant.id,
    sku: variant.sku,
    quantity: 10,
    price: 7.77,
  });
  const receipt = await create(t, "goods-receipts", { purchaseId: purchase.id });
  const line = await create(t, "goods-receipt-items", {
    goodsReceiptId: receipt.id,
    purchaseItemId: item.id,
    quantity: 20,
  });
  return { purchase, item, receipt, line };
}

const moveWarehouse = (t: Tenant, purchaseId: number, warehouseId: number) =>
  expectStatus(t.json("PUT", `/purchases/${purchaseId}.json`, { warehouseId }), 200);

describe("a goods receipt line's units come back from where they went", () => {
  it("a line records the warehouse its units went into", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { line } = await received(t, w, w.annex.id);
    expect(line).toMatchObject({ warehouseId: w.annex.id, quantity: 20 });
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10, [w.annex.id]: 20 });
  });

  it("deleting a line after its purchase moved to another warehouse takes the units from the first", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase, line } = await received(t, w, w.annex.id);
    await moveWarehouse(t, purchase.id, w.main.id);
    expect((await t.json("DELETE", `/goods-receipt-items/${line.id}.json`)).status).toBe(204);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10 });
  });

  it("editing the quantity after the purchase moved changes the warehouse the units went into", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase, line } = await received(t, w, w.annex.id);
    await moveWarehouse(t, purchase.id, w.main.id);
    const edited = await expectStatus(
      t.json("PUT", `/goods-receipt-items/${line.id}.json`, { quantity: 5 }),
      200,
    );
    expect(edited).toMatchObject({ quantity: 5, warehouseId: w.annex.id });
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10, [w.annex.id]: 5 });
  });

  it("deleting the receipt after the purchase moved takes its units from where they went", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase, receipt } = await received(t, w, w.annex.id);
    await moveWarehouse(t, purchase.id, w.main.id);
    expect((await t.json("DELETE", `/goods-receipts/${receipt.id}.json`)).status).toBe(204);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10 });
  });

  it("a receipt put on another purchase keeps its units where they went", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { receipt } = await received(t, w, w.annex.id);
    const elsewhere = await create(t, "purchases", {
      dropshipProviderId: w.provider.id,
      warehouseId: w.main.id,
      purchaseType: "replenishment",
    });
    await expectStatus(
      t.json("PUT", `/goods-receipts/${receipt.id}.json`, { purchaseId: elsewhere.id }),
      200,
    );
    expect((await t.json("DELETE", `/goods-receipts/${receipt.id}.json`)).status).toBe(204);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10 });
  });

  it("a line moved to another receipt, or to another purchase's line, leaves its units where they were put away", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase, line } = await received(t, w, w.annex.id);
    await moveWarehouse(t, purchase.id, w.main.id);
    const second = await create(t, "goods-receipts", { purchaseId: purchase.id });
    await expectStatus(
      t.json("PUT", `/goods-receipt-items/${line.id}.json`, { goodsReceiptId: second.id }),
      200,
    );
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10, [w.annex.id]: 20 });

    // The line was the other variant's, received on another purchase: those units are the ones in the annex.
    const other = await received(t, w, w.main.id, w.other);
    await expectStatus(
      t.json("PUT", `/goods-receipt-items/${line.id}.json`, {
        goodsReceiptId: other.receipt.id,
        purchaseItemId: other.item.id,
      }),
      200,
    );
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10 });
    expect(await onHand(t, w.other.id)).toEqual({ [w.main.id]: 20, [w.annex.id]: 20 });
  });

  it("a line sent with its own warehouse keeps it; one that moves no stock records none", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { purchase, item, receipt } = await received(t, w, w.annex.id);
    const named = await create(t, "goods-receipt-items", {
      goodsReceiptId: receipt.id,
      purchaseItemId: item.id,
      warehouseId: w.main.id,
      quantity: 1,
    });
    expect(named.warehouseId).toBe(w.main.id);
    const skipped = await create(t, "goods-receipt-items", {
      goodsReceiptId: receipt.id,
      purchaseItemId: item.id,
      quantity: 3,
      skipInventoryChange: true,
    });
    expect(skipped.warehouseId).toBeNull();
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 11, [w.annex.id]: 20 });
    // Counted later, its units go where the purchase puts them then, and stay there.
    await moveWarehouse(t, purchase.id, w.main.id);
    const counted = await expectStatus(
      t.json("PUT", `/goods-receipt-items/${skipped.id}.json`, { skipInventoryChange: false }),
      200,
    );
    expect(counted.warehouseId).toBe(w.main.id);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 14, [w.annex.id]: 20 });
  });
});

// ------------------------------------------------------------------------------------- sale returns

const ADDRESS = { name: "Ana Ruiz", lineOne: "5 Elm St", city: "Denver", country: "US" };
const shipTo = {
  shippingName: ADDRESS.name,
  shippingAddressLineOne: ADDRESS.lineOne,
  shippingCity: ADDRESS.city,
  shippingCountry: ADDRESS.country,
};
const receiver = {
  receiverName: ADDRESS.name,
  receiverAddressLineOne: ADDRESS.lineOne,
  receiverCity: ADDRESS.city,
  receiverCountry: ADDRESS.country,
};

/** A manual sale of `items`; its dropshipped lines sent and shipped by the provider. */
async function shippedSale(t: Tenant, w: World, items: { sku: string; quantity: number; price: number }[]) {
  const sale = await expectStatus(
    t.json("POST", `/channels/${w.channel.id}/manual-sale.json`, {
      externalId: `O-${Math.random().toString(36).slice(2, 8)}`,
      customer: { email: "ana@example.com" },
      shippingAddress: ADDRESS,
      items,
    }),
    200,
  );
  const [purchase] = await list(t, "purchases", `&where[saleId]=${sale.id}`);
  if (purchase) {
    await expectStatus(t.json("PUT", `/purchases/${purchase.id}/send.json`, {}), 200);
    await expectStatus(t.json("POST", `/purchases/${purchase.id}/ship.json`, { trackingNumber: "T1" }), 200);
  }
  const [fulfillment] = await list(t, "fulfillments", `&where[saleId]=${sale.id}`);
  if (fulfillment) await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
  const lines = await list(t, "sale-items", `&where[saleId]=${sale.id}`);
  const line = (sku: string) => lines.find((each) => each.sku === sku)!;
  return { sale: sale as Rec, purchase, line };
}

/** A return of `quantity` of each sale line named (by sale line only), received with `body`. */
async function receiveReturn(
  t: Tenant,
  saleId: number,
  lines: { saleItemId: number; quantity: number }[],
  body: Record<string, unknown> = {},
) {
  const saleReturn = await create(t, "sale-returns", { saleId, type: "return" });
  for (const line of lines) await create(t, "sale-return-items", { saleReturnId: saleReturn.id, ...line });
  return t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, body);
}

describe("a received return of dropshipped goods", () => {
  it("puts nothing on hand, and counts the units on the purchase line that shipped them", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale, purchase, line } = await shippedSale(t, w, [{ sku: "DS-1", quantity: 2, price: 19.99 }]);
    const [purchaseLine] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);

    const answer = await expectStatus(
      receiveReturn(t, sale.id, [{ saleItemId: line("DS-1").id, quantity: 1 }]),
      200,
    );
    expect(answer).toMatchObject({ status: "received" });
    expect(await list(t, "inventory-levels", `&where[variantId]=${w.dropshipped.id}`)).toEqual([]);
    expect(await list(t, "adjustments", `&where[variantId]=${w.dropshipped.id}`)).toEqual([]);
    expect(await read(t, "sale-items", line("DS-1").id)).toMatchObject({ quantityReturned: 1 });
    expect(await read(t, "sales", sale.id)).toMatchObject({ returnStatus: "partiallyReturned" });
    expect(await read(t, "purchase-items", purchaseLine!.id)).toMatchObject({
      quantityReturned: 1,
      returnStatus: "partiallyReturned",
    });

    // The rest: the line is returned, and the provider has nothing more to take back.
    await expectStatus(receiveReturn(t, sale.id, [{ saleItemId: line("DS-1").id, quantity: 1 }]), 200);
    expect(await read(t, "purchase-items", purchaseLine!.id)).toMatchObject({
      quantityReturned: 2,
      returnStatus: "returned",
    });
    expect(await read(t, "sales", sale.id)).toMatchObject({ returnStatus: "returned" });
    await expectStatus(t.json("POST", `/purchases/${purchase!.id}/return-label.json`, {}), 409);
    expect(await list(t, "inventory-levels", `&where[variantId]=${w.dropshipped.id}`)).toEqual([]);
  });

  it("is not put on hand in a warehouse the body names, nor when restock is off; own goods are", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale, purchase, line } = await shippedSale(t, w, [
      { sku: "DS-1", quantity: 2, price: 19.99 },
      { sku: "OWN-1", quantity: 2, price: 20 },
    ]);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 8 });
    const [purchaseLine] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);

    const both = [
      { saleItemId: line("DS-1").id, quantity: 1 },
      { saleItemId: line("OWN-1").id, quantity: 1 },
    ];
    await expectStatus(receiveReturn(t, sale.id, both, { warehouseId: w.annex.id }), 200);
    expect(await list(t, "inventory-levels", `&where[variantId]=${w.dropshipped.id}`)).toEqual([]);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 8, [w.annex.id]: 1 });
    expect(await read(t, "purchase-items", purchaseLine!.id)).toMatchObject({ quantityReturned: 1 });

    await expectStatus(receiveReturn(t, sale.id, both, { restock: false }), 200);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 8, [w.annex.id]: 1 });
    expect(await read(t, "purchase-items", purchaseLine!.id)).toMatchObject({
      quantityReturned: 2,
      returnStatus: "returned",
    });
    expect(await read(t, "sales", sale.id)).toMatchObject({ returnStatus: "returned" });
  });

  it("leaves the provider's units on a return-label return to it: other units of the line are restocked", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    await create(t, "dropship-provider-addresses", {
      dropshipProviderId: w.provider.id,
      purpose: "return",
      isDefault: true,
      ...ADDRESS,
    });
    // Four tees sold: two dropshipped by the provider, two shipped from the main warehouse.
    const sale = await create(t, "sales", { channelId: w.channel.id, externalId: "S-1", ...shipTo });
    const tees = await create(t, "sale-items", {
      saleId: sale.id,
      variantId: w.own.id,
      sku: "OWN-1",
      quantity: 4,
      price: 20,
    });
    const purchase = await create(t, "purchases", {
      dropshipProviderId: w.provider.id,
      saleId: sale.id,
      ...receiver,
    });
    const dropshipped = await create(t, "purchase-items", {
      purchaseId: purchase.id,
      saleItemId: tees.id,
      variantId: w.own.id,
      sku: "OWN-1",
      quantity: 2,
      price: 8,
    });
    await expectStatus(t.json("PUT", `/purchases/${purchase.id}/send.json`, {}), 200);
    await expectStatus(t.json("POST", `/purchases/${purchase.id}/ship.json`, { trackingNumber: "T1" }), 200);
    const fulfillment = await create(t, "fulfillments", { saleId: sale.id, warehouseId: w.main.id });
    await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      saleItemId: tees.id,
      variantId: w.own.id,
      sku: "OWN-1",
      quantity: 2,
    });
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 8 });

    // The provider's two go back on a return label; the customer sends the other two back on their own.
    const label = await expectStatus(t.json("POST", `/purchases/${purchase.id}/return-label.json`, {}), 200);
    await expectStatus(receiveReturn(t, sale.id, [{ saleItemId: tees.id, quantity: 2 }]), 200);
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10 });
    expect(await read(t, "purchase-items", dropshipped.id)).toMatchObject({ quantityReturned: 0 });

    // The provider's arrive: counted on its purchase line, not put on hand.
    await expectStatus(t.json("POST", `/sale-returns/${label.saleReturnId}/receive.json`, {}), 200);
    expect(await read(t, "purchase-items", dropshipped.id)).toMatchObject({
      quantityReturned: 2,
      returnStatus: "returned",
    });
    expect(await read(t, "sale-items", tees.id)).toMatchObject({ quantityReturned: 4 });
    expect(await onHand(t, w.own.id)).toEqual({ [w.main.id]: 10 });
  });

  it("stays on its sale and purchase once received; its notes and refund status still change", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale, purchase } = await shippedSale(t, w, [{ sku: "DS-1", quantity: 2, price: 19.99 }]);
    const label = await expectStatus(t.json("POST", `/purchases/${purchase!.id}/return-label.json`, {}), 200);
    const path = `/sale-returns/${label.saleReturnId}.json`;
    await expectStatus(t.json("POST", `/sale-returns/${label.saleReturnId}/receive.json`, {}), 200);
    const other = await shippedSale(t, w, [{ sku: "DS-1", quantity: 2, price: 19.99 }]);

    for (const [body, fields] of [
      [{ saleId: other.sale.id }, "saleId stays"],
      [{ purchaseId: other.purchase!.id }, "purchaseId stays"],
      [{ saleId: other.sale.id, purchaseId: null }, "saleId and purchaseId stay"],
    ] as const) {
      const refused = await expectRefused(t, 409, () => t.json("PUT", path, body));
      expect(refused.rule).toBe("history is kept");
      expect(refused.detail).toContain(`Sale return ${label.saleReturnId} was received`);
      expect(refused.detail).toContain(`Its ${fields} as when its goods arrived`);
    }
    const edited = await expectStatus(
      t.json("PUT", path, { saleId: sale.id, notes: "refunded", paymentStatus: "paid" }),
      200,
    );
    expect(edited).toMatchObject({
      saleId: sale.id,
      purchaseId: purchase!.id,
      status: "received",
      notes: "refunded",
      paymentStatus: "paid",
    });
  });

  it("a return line naming its purchase line counts there once", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { sale, purchase, line } = await shippedSale(t, w, [{ sku: "DS-1", quantity: 2, price: 19.99 }]);
    const [purchaseLine] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);
    const saleReturn = await create(t, "sale-returns", { saleId: sale.id, type: "return" });
    await create(t, "sale-return-items", {
      saleReturnId: saleReturn.id,
      saleItemId: line("DS-1").id,
      purchaseItemId: purchaseLine!.id,
      quantity: 1,
    });
    await expectStatus(t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}), 200);
    expect(await read(t, "purchase-items", purchaseLine!.id)).toMatchObject({ quantityReturned: 1 });
    expect(await list(t, "inventory-levels", `&where[variantId]=${w.dropshipped.id}`)).toEqual([]);
  });
});
