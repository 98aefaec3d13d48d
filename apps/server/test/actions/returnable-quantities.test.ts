// What can be returned: a purchase's return label takes only the shipped units not already on their
// way back (its return shipments count too when no sale return holds them), and a sale return line
// returns no more of its sale line than it fulfilled and has not had back or on another open return.
import type { InStatement } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { memoryFileStore } from "../../src/db/file-store.ts";
import { createToken } from "../../src/services/auth.ts";
import { create, expectStatus, list, read } from "../requests.ts";
import { apiOf, freshDb, setupApp, type Tenant } from "../support.ts";
import {
  cancel,
  expectRefused,
  provider,
  RECEIVER,
  sentWorld,
  ship,
  type World,
  world,
} from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
/** The app of the race tests: `meanwhile` is run by the next write between its reads and its batch. */
let raced: { tenant(): Promise<Tenant>; meanwhile(change: InStatement): void };
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
  raced = await racedApp();
});

/**
 * An app whose next write, once `meanwhile` names a change, has it committed by another writer between
 * its reads and its batch (on the writer's own connection, as planner-holds.test.ts does).
 */
async function racedApp() {
  const db = await freshDb();
  let pending: InStatement | undefined;
  const wrap = (target: Db): Db => ({
    execute: (statement) => target.execute(statement),
    ...(target.first ? { first: (statement: InStatement) => target.first!(statement) } : {}),
    transaction: (work) => target.transaction(work),
    read: (statements) => target.read(statements),
    write: (work) =>
      target.write((session) =>
        work({
          async read(statements) {
            const results = await session.read(statements);
            const change = pending;
            pending = undefined;
            if (change) await session.apply([change]);
            return results;
          },
          apply: (statements) => session.apply(statements),
        }),
      ),
    ...(target.actingAs ? { actingAs: (keyId: number) => wrap(target.actingAs!(keyId)) } : {}),
    close: () => target.close(),
  });
  const app = createApp({ db: wrap(db), tokenCacheMs: 0, fileStore: memoryFileStore() });
  let companies = 0;
  return {
    async tenant(): Promise<Tenant> {
      const company = `raced-${process.pid}-${++companies}`;
      const { token, companyId } = await createToken({ db, input: { company } });
      const { token: readOnlyToken } = await createToken({ db, input: { company, readOnly: true } });
      const send = (path: string, init: RequestInit) => app.request(path, init);
      return { companyId, token, readOnlyToken, ...apiOf(send, token), readOnly: apiOf(send, readOnlyToken) };
    },
    meanwhile(change: InStatement) {
      pending = change;
    },
  };
}

const returnLabel = (t: Tenant, purchaseId: number, body: Record<string, unknown> = {}) =>
  t.json("POST", `/purchases/${purchaseId}/return-label.json`, body);

/**
 * The sale of `sentWorld`, shipped, with two returns: the first returning `quantity` of its mug line
 * (three fulfilled), the second empty.
 */
async function twoReturnsOfTheMug(t: Tenant, quantity: number) {
  const w = await sentWorld(t);
  await expectStatus(ship(t, w.purchase.id), 200);
  const mug: number = w.saleItems.mug.id;
  const first = await create(t, "sale-returns", { saleId: w.sale.id });
  const firstLine = await create(t, "sale-return-items", {
    saleReturnId: first.id,
    saleItemId: mug,
    quantity,
  });
  const second = await create(t, "sale-returns", { saleId: w.sale.id });
  return { w, mug, first, firstLine, second };
}

/** A purchase serving no sale, sent and shipped whole: one line of `quantity` units (SKU Z-1). */
async function shippedWithoutSale(t: Tenant, quantity: number) {
  const supplier = await provider(t);
  await create(t, "dropship-provider-addresses", {
    dropshipProviderId: supplier.id,
    purpose: "return",
    isDefault: true,
    name: "Returns Desk",
    lineOne: "9 Returns Way",
    city: "Sparks",
    country: "US",
  });
  const purchase = await create(t, "purchases", { dropshipProviderId: supplier.id, ...RECEIVER });
  const item = await create(t, "purchase-items", { purchaseId: purchase.id, sku: "Z-1", quantity, price: 3 });
  await expectStatus(t.json("PUT", `/purchases/${purchase.id}/send.json`, {}), 200);
  await expectStatus(ship(t, purchase.id), 200);
  return { purchase, item };
}

describe("return-label on a purchase without a sale", () => {
  it("sends the shipped units back once: a second label is a 409 that writes nothing", async () => {
    const t = await setup.tenant();
    const { purchase, item } = await shippedWithoutSale(t, 2);

    const first = await expectStatus(returnLabel(t, purchase.id), 200);
    expect(first).toMatchObject({ saleReturnId: null, items: [{ purchaseItemId: item.id, quantity: 2 }] });
    const refused = await expectRefused(t, 409, () => returnLabel(t, purchase.id));
    expect(refused.detail).toMatch(/nothing to return/);
    expect(await list(t, "return-shipments")).toHaveLength(1);
    expect(await list(t, "labels", "&where[direction]=return")).toHaveLength(1);
    expect(await list(t, "sale-returns")).toEqual([]);
  });

  it("a partial return leaves the rest to return, and no more", async () => {
    const t = await setup.tenant();
    const { purchase, item } = await shippedWithoutSale(t, 3);

    await expectStatus(
      returnLabel(t, purchase.id, { items: [{ purchaseItemId: item.id, quantity: 1 }] }),
      200,
    );
    const tooMany = await expectRefused(t, 422, () =>
      returnLabel(t, purchase.id, { items: [{ purchaseItemId: item.id, quantity: 3 }] }),
    );
    expect(tooMany.errors).toEqual([
      {
        path: "items.0.quantity",
        message: `is 3, more than the 2 of Z-1 (purchase item ${item.id}) left to return`,
      },
    ]);
    const rest = await expectStatus(returnLabel(t, purchase.id), 200);
    expect(rest.items).toEqual([{ purchaseItemId: item.id, quantity: 2 }]);
    await expectRefused(t, 409, () => returnLabel(t, purchase.id));
  });

  it("a cancelled return shipment frees its units; one the provider received keeps them", async () => {
    const t = await setup.tenant();
    const { purchase, item } = await shippedWithoutSale(t, 2);

    const called = await expectStatus(returnLabel(t, purchase.id), 200);
    await expectStatus(t.json("PUT", `/return-shipments/${called.id}.json`, { status: "cancelled" }), 200);
    const again = await expectStatus(returnLabel(t, purchase.id), 200);
    expect(again.items).toEqual([{ purchaseItemId: item.id, quantity: 2 }]);

    // Nothing counts the units of a shipment without a sale return as returned: arrived, they stay sent.
    await expectStatus(t.json("PUT", `/return-shipments/${again.id}.json`, { status: "received" }), 200);
    await expectRefused(t, 409, () => returnLabel(t, purchase.id));
  });
});

describe("return-label on a purchase serving a sale", () => {
  it("takes no units its sale line already has on an open return that names no purchase line", async () => {
    const t = await setup.tenant();
    // Every mug (three fulfilled, dropshipped) is on its way back on a return the client opened.
    const { w, mug, first } = await twoReturnsOfTheMug(t, 3);

    const refused = await expectRefused(t, 422, () =>
      returnLabel(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 1 }] }),
    );
    expect(refused.errors).toEqual([
      {
        path: "items.0.quantity",
        message: `is 1, more than the 0 of sale item ${mug} (MUG-1) left to return`,
      },
    ]);
    // Of every line, only the cap and the pin are left.
    const rest = await expectStatus(returnLabel(t, w.purchase.id), 200);
    expect(rest.items).toEqual([
      { purchaseItemId: w.items.cap.id, quantity: 1 },
      { purchaseItemId: w.items.pin.id, quantity: 1 },
    ]);
    const nothing = await expectRefused(t, 409, () => returnLabel(t, w.purchase.id));
    expect(nothing.detail).toMatch(/nothing to return/);

    // Called off, the client's return frees the mugs for a label.
    await expectStatus(t.json("PUT", `/sale-returns/${first.id}/cancel.json`, {}), 200);
    const mugs = await expectStatus(returnLabel(t, w.purchase.id), 200);
    expect(mugs.items).toEqual([{ purchaseItemId: w.items.mug.id, quantity: 3 }]);
    const onReturns = await list(t, "sale-return-items", `&where[saleItemId]=${mug}`);
    const open = onReturns.filter((line) => line.saleReturnId !== first.id);
    expect(open.reduce((sum, line) => sum + line.quantity, 0)).toBe(3);
  });

  it("several purchase lines of one sale line share what it has left to return", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    // The three mugs ordered on two lines: two, then one.
    await expectStatus(t.json("PUT", `/purchase-items/${w.items.mug.id}.json`, { quantity: 2 }), 200);
    const oneMug = await create(t, "purchase-items", {
      purchaseId: w.purchase.id,
      saleItemId: w.saleItems.mug.id,
      variantId: w.variants.mug.id,
      sku: "MUG-1",
      quantity: 1,
      price: 19.99,
    });
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}/send.json`, {}), 200);
    await expectStatus(ship(t, w.purchase.id), 200);
    const saleReturn = await create(t, "sale-returns", { saleId: w.sale.id });
    await create(t, "sale-return-items", {
      saleReturnId: saleReturn.id,
      saleItemId: w.saleItems.mug.id,
      quantity: 1,
    });

    const both = [
      { purchaseItemId: w.items.mug.id, quantity: 2 },
      { purchaseItemId: oneMug.id, quantity: 1 },
    ];
    const refused = await expectRefused(t, 422, () => returnLabel(t, w.purchase.id, { items: both }));
    expect(refused.errors).toEqual([
      {
        path: "items.1.quantity",
        message: `is 1 (3 with the lines before it), more than the 2 of sale item ${w.saleItems.mug.id} (MUG-1) left to return`,
      },
    ]);
    const every = await expectStatus(returnLabel(t, w.purchase.id), 200);
    expect(every.items).toEqual([
      { purchaseItemId: w.items.mug.id, quantity: 2 },
      { purchaseItemId: w.items.cap.id, quantity: 1 },
      { purchaseItemId: w.items.pin.id, quantity: 1 },
    ]);
  });
});

describe("a sale return line returns no more than is left to return", () => {
  it("of a sale line that fulfilled nothing: a 422, and the return owes no refund", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const saleReturn = await create(t, "sale-returns", { saleId: w.sale.id });

    const refused = await expectRefused(t, 422, () =>
      t.json("POST", "/sale-return-items.json", {
        saleReturnId: saleReturn.id,
        saleItemId: w.saleItems.mug.id,
        quantity: 3,
      }),
    );
    expect(refused.rule).toBe("returned <= fulfilled");
    expect(refused.errors).toEqual([
      {
        path: "quantity",
        message: `is 3, more than the 0 of sale item ${w.saleItems.mug.id} (MUG-1) fulfilled and not returned`,
      },
    ]);
    expect(await read(t, "sale-returns", saleReturn.id)).toMatchObject({ total: 0 });
    expect(await list(t, "sale-return-items")).toEqual([]);
  });

  it("counts the other open returns' lines, until they are called off or received", async () => {
    const t = await setup.tenant();
    const { w, mug, first, firstLine, second } = await twoReturnsOfTheMug(t, 2);

    // Three fulfilled, two of them on the first return: one is left.
    const refused = await expectRefused(t, 422, () =>
      t.json("POST", "/sale-return-items.json", { saleReturnId: second.id, saleItemId: mug, quantity: 2 }),
    );
    expect(refused.rule).toBe("returned <= fulfilled");
    expect(refused.errors).toEqual([
      {
        path: "quantity",
        message: `is 2, more than the 1 of sale item ${mug} (MUG-1) fulfilled, not returned and not on another open return`,
      },
    ]);
    expect(refused.detail).toContain(`sale return ${first.id}: 2`);
    const secondLine = await create(t, "sale-return-items", {
      saleReturnId: second.id,
      saleItemId: mug,
      quantity: 1,
    });
    expect((await read(t, "sale-returns", second.id)).total).toBe(29.99);

    // A raise past what is left is refused; a cut is not, and frees the units it cuts.
    await expectRefused(t, 422, () =>
      t.json("PUT", `/sale-return-items/${secondLine.id}.json`, { quantity: 2 }),
    );
    await expectStatus(t.json("PUT", `/sale-return-items/${firstLine.id}.json`, { quantity: 1 }), 200);
    await expectStatus(t.json("PUT", `/sale-return-items/${secondLine.id}.json`, { quantity: 2 }), 200);
    expect((await read(t, "sale-returns", second.id)).total).toBe(59.98);

    // A line put on another sale line is checked against that one: the cap fulfilled one unit.
    await expectRefused(t, 422, () =>
      t.json("PUT", `/sale-return-items/${firstLine.id}.json`, {
        saleItemId: w.saleItems.cap.id,
        quantity: 2,
      }),
    );

    // Called off, the first return holds nothing; received, the second's units count as returned.
    await expectStatus(t.json("PUT", `/sale-returns/${first.id}/cancel.json`, {}), 200);
    const third = await create(t, "sale-returns", { saleId: w.sale.id });
    const thirdLine = await create(t, "sale-return-items", {
      saleReturnId: third.id,
      saleItemId: mug,
      quantity: 1,
    });
    await expectStatus(t.json("POST", `/sale-returns/${second.id}/receive.json`, {}), 200);
    expect(await read(t, "sale-items", mug)).toMatchObject({ quantityReturned: 2 });
    await expectRefused(t, 422, () =>
      t.json("PUT", `/sale-return-items/${thirdLine.id}.json`, { quantity: 2 }),
    );
    await expectStatus(t.json("POST", `/sale-returns/${third.id}/receive.json`, {}), 200);
    expect(await read(t, "sale-items", mug)).toMatchObject({ quantityReturned: 3 });
  });

  it("leaves the cancel action's record of unshipped lines as it was", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(cancel(t, w.purchase.id), 200);
    const [cancellation] = await list(t, "sale-returns", "&where[type]=cancellation");
    expect(cancellation).toMatchObject({ saleId: w.sale.id, total: 90.27 });
    const lines = await list(t, "sale-return-items", `&where[saleReturnId]=${cancellation!.id}`);
    expect(lines).toContainEqual(expect.objectContaining({ saleItemId: w.saleItems.mug.id, quantity: 3 }));
  });
});

describe("a sale return line's amount at its default follows its sale line", () => {
  it("put on another sale line, or on one after none, it refunds that line's price; an amount of the client's own stays", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    const saleReturn = await create(t, "sale-returns", { saleId: w.sale.id });
    const put = (id: number, body: Record<string, unknown>) =>
      expectStatus(t.json("PUT", `/sale-return-items/${id}.json`, body), 200);

    // The cap (0.10) named by mistake: the mug (29.99) it was.
    const line = await create(t, "sale-return-items", {
      saleReturnId: saleReturn.id,
      saleItemId: w.saleItems.cap.id,
      quantity: 1,
    });
    expect(line.amount).toBe(0.1);
    expect(await put(line.id, { saleItemId: w.saleItems.mug.id })).toMatchObject({ amount: 29.99 });
    expect(await put(line.id, { saleItemId: w.saleItems.cap.id, quantity: 1 })).toMatchObject({
      amount: 0.1,
    });
    // A line written without a sale line refunds nothing until it names one.
    const loose = await create(t, "sale-return-items", { saleReturnId: saleReturn.id, quantity: 1 });
    expect(loose.amount).toBe(0);
    expect(await put(loose.id, { saleItemId: w.saleItems.pin.id })).toMatchObject({ amount: 0.2 });
    expect((await read(t, "sale-returns", saleReturn.id)).total).toBe(0.3);

    // An amount the client set, or one sent with the move, is kept.
    await put(line.id, { amount: 0.05 });
    expect(await put(line.id, { saleItemId: w.saleItems.mug.id })).toMatchObject({ amount: 0.05 });
    expect(await put(loose.id, { saleItemId: w.saleItems.cap.id, amount: 1 })).toMatchObject({ amount: 1 });
    expect((await read(t, "sale-returns", saleReturn.id)).total).toBe(1.05);
  });
});

describe("a sale return line at its default amount follows a new price of its sale line", () => {
  /** The sale of `sentWorld`, shipped: its mug line (3 × 29.99) fulfilled, its returns open to lines. */
  async function shippedWorld(t: Tenant) {
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    return w;
  }
  const returnOf = async (t: Tenant, w: World, lines: Record<string, unknown>[]) => {
    const saleReturn = await create(t, "sale-returns", { saleId: w.sale.id });
    const made = [];
    for (const line of lines) {
      made.push(await create(t, "sale-return-items", { saleReturnId: saleReturn.id, quantity: 1, ...line }));
    }
    return { saleReturn, lines: made };
  };
  const reprice = (t: Tenant, saleItemId: number, price: number) =>
    expectStatus(t.json("PUT", `/sale-items/${saleItemId}.json`, { price }), 200);
  const amounts = async (t: Tenant, saleReturnId: number) => ({
    total: (await read(t, "sale-returns", saleReturnId)).total,
    amounts: (await list(t, "sale-return-items", `&where[saleReturnId]=${saleReturnId}`)).map(
      (line) => line.amount,
    ),
  });

  it("the sale line's price corrected from 29.99 to 25: an open return refunds 25, its other lines as they were", async () => {
    const t = await setup.tenant();
    const w = await shippedWorld(t);
    const open = await returnOf(t, w, [
      { saleItemId: w.saleItems.mug.id },
      { saleItemId: w.saleItems.cap.id },
    ]);
    expect(await amounts(t, open.saleReturn.id)).toEqual({ total: 30.09, amounts: [29.99, 0.1] });

    await reprice(t, w.saleItems.mug.id, 25);
    expect(await amounts(t, open.saleReturn.id)).toEqual({ total: 25.1, amounts: [25, 0.1] });
    // Two units at the new price: the default follows the quantity as before.
    await expectStatus(t.json("PUT", `/sale-return-items/${open.lines[0]!.id}.json`, { quantity: 2 }), 200);
    expect(await amounts(t, open.saleReturn.id)).toEqual({ total: 50.1, amounts: [50, 0.1] });
  });

  it("an amount of the client's own stays, on a line or beside one that follows", async () => {
    const t = await setup.tenant();
    const w = await shippedWorld(t);
    const own = await returnOf(t, w, [{ saleItemId: w.saleItems.mug.id, amount: 20 }]);
    const beside = await returnOf(t, w, [{ saleItemId: w.saleItems.mug.id }]);

    await reprice(t, w.saleItems.mug.id, 25);
    expect(await amounts(t, own.saleReturn.id)).toEqual({ total: 20, amounts: [20] });
    expect(await amounts(t, beside.saleReturn.id)).toEqual({ total: 25, amounts: [25] });
  });

  it("a received or called-off return keeps what it refunds", async () => {
    const t = await setup.tenant();
    const w = await shippedWorld(t);
    const received = await returnOf(t, w, [{ saleItemId: w.saleItems.mug.id }]);
    await expectStatus(t.json("POST", `/sale-returns/${received.saleReturn.id}/receive.json`, {}), 200);
    const calledOff = await returnOf(t, w, [{ saleItemId: w.saleItems.mug.id }]);
    await expectStatus(t.json("PUT", `/sale-returns/${calledOff.saleReturn.id}/cancel.json`, {}), 200);

    await reprice(t, w.saleItems.mug.id, 25);
    expect(await amounts(t, received.saleReturn.id)).toEqual({ total: 29.99, amounts: [29.99] });
    expect(await amounts(t, calledOff.saleReturn.id)).toEqual({ total: 29.99, amounts: [29.99] });
  });

  it("a cancellation keeps the refund its cancel recorded", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(cancel(t, w.purchase.id), 200);
    const [cancellation] = await list(t, "sale-returns", "&where[type]=cancellation");

    await reprice(t, w.saleItems.mug.id, 25);
    expect(await amounts(t, cancellation!.id)).toEqual({ total: 90.27, amounts: [89.97, 0.1, 0.2] });
  });

  it("an order imported again with a new price of a line: its open return follows", async () => {
    const t = await setup.tenant();
    const w = await shippedWorld(t);
    const open = await returnOf(t, w, [{ saleItemId: w.saleItems.mug.id }]);

    await expectStatus(
      t.json("POST", `/channels/${w.channel.id}/manual-sale.json`, {
        externalId: w.sale.externalId,
        customer: { email: "dana@example.com" },
        shippingAddress: { lineOne: "12 Harbour Road", city: "Portland", country: "US" },
        items: [{ sku: "MUG-1", quantity: 3, price: 25 }],
      }),
      200,
    );
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({ price: 25 });
    expect(await amounts(t, open.saleReturn.id)).toEqual({ total: 25, amounts: [25] });
  });
});

describe("what a return reads is held until its batch", () => {
  it("return-label: a return shipment taken back into use meanwhile leaves nothing to return", async () => {
    const t = await raced.tenant();
    const { purchase } = await shippedWithoutSale(t, 2);
    const first = await expectStatus(returnLabel(t, purchase.id), 200);
    await expectStatus(t.json("PUT", `/return-shipments/${first.id}.json`, { status: "cancelled" }), 200);

    raced.meanwhile({
      sql: "UPDATE return_shipments SET status = 'requested' WHERE id = ?",
      args: [first.id],
    });
    await expectStatus(returnLabel(t, purchase.id), 409);
    expect((await list(t, "return-shipments")).map((shipment) => shipment.id)).toEqual([first.id]);
  });

  it("a return line naming only its purchase line: that line put on another sale line meanwhile", async () => {
    const t = await raced.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    const saleReturn = await create(t, "sale-returns", { saleId: w.sale.id });

    raced.meanwhile({
      sql: "UPDATE purchase_items SET sale_item_id = ? WHERE id = ?",
      args: [w.saleItems.pin.id, w.items.mug.id],
    });
    const line = await expectStatus(
      t.json("POST", "/sale-return-items.json", {
        saleReturnId: saleReturn.id,
        purchaseItemId: w.items.mug.id,
        quantity: 1,
      }),
      200,
    );
    expect(line).toMatchObject({ saleItemId: w.saleItems.pin.id, amount: 0.2 });
  });

  it("a return line: another return's line raised, or another return opened again, meanwhile", async () => {
    const t = await raced.tenant();
    const { mug, first, firstLine, second } = await twoReturnsOfTheMug(t, 1);
    const line = { saleReturnId: second.id, saleItemId: mug, quantity: 2 };

    raced.meanwhile({ sql: "UPDATE sale_return_items SET quantity = 2 WHERE id = ?", args: [firstLine.id] });
    await expectStatus(t.json("POST", "/sale-return-items.json", line), 422);

    await expectStatus(t.json("PUT", `/sale-returns/${first.id}/cancel.json`, {}), 200);
    raced.meanwhile({ sql: "UPDATE sale_returns SET status = 'requested' WHERE id = ?", args: [first.id] });
    await expectStatus(t.json("POST", "/sale-return-items.json", line), 422);
    expect(await list(t, "sale-return-items", `&where[saleReturnId]=${second.id}`)).toEqual([]);
  });
});
