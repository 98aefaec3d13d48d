// A locked purchase (`locked: true`) is locked against edits: writes of its fields, its lines, its
// deletion and its move to another provider are a 409 naming the lock and how to lift it, changing
// nothing; a write that unlocks it goes through. The actions that carry the order out (send, labels,
// ship, cancel) and its invoices (a purchase-invoice, a PUT of invoiceStatus invoiced) go on as for any
// purchase.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { cancel, expectRefused, send, ship, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** The order world with its purchase locked. */
async function lockedWorld(t: Tenant) {
  const w = await world(t);
  await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { locked: true }), 200);
  return w;
}

const lockedDetail = (purchaseId: number, refused: string) =>
  `Purchase ${purchaseId} is locked against edits (locked is true), so ${refused}. Unlock it first (PUT /purchases/${purchaseId}.json with {"locked": false}), then make the change.`;

describe("a locked purchase is not edited", () => {
  it("refuses a PUT that changes it, and a DELETE; the record PUT back as read is answered as it is", async () => {
    const t = await setup.tenant();
    const w = await lockedWorld(t);
    const id = w.purchase.id;
    const refused = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${id}.json`, { shippingPrice: 9 }),
    );
    expect(refused.detail).toBe(
      lockedDetail(id, "its fields change only in a write that sets locked to false"),
    );
    expect(refused.rule).toBe("a locked purchase is not edited");
    await expectRefused(t, 409, () => t.json("PUT", `/purchases/${id}.json`, { locked: true, notes: "x" }));
    const deleted = await expectRefused(t, 409, () => t.json("DELETE", `/purchases/${id}.json`));
    expect(deleted.detail).toBe(lockedDetail(id, "it cannot be deleted"));

    const asRead = await read(t, "purchases", id);
    expect(await expectStatus(t.json("PUT", `/purchases/${id}.json`, asRead), 200)).toEqual(asRead);
  });

  it("refuses adding, changing, removing or moving its lines", async () => {
    const t = await setup.tenant();
    const w = await lockedWorld(t);
    const id = w.purchase.id;
    const refused = lockedDetail(id, "its lines cannot be added, changed or removed");
    const added = await expectRefused(t, 409, () =>
      t.json("POST", "/purchase-items.json", { purchaseId: id, sku: "NEW-1", quantity: 1, price: 2 }),
    );
    expect(added.detail).toBe(refused);
    const changed = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchase-items/${w.items.mug.id}.json`, { quantity: 2 }),
    );
    expect(changed.detail).toBe(refused);
    await expectRefused(t, 409, () => t.json("DELETE", `/purchase-items/${w.items.pin.id}.json`));
    // Onto it from another purchase, and off it to another.
    const open = await create(t, "purchases", { dropshipProviderId: w.provider.id });
    const loose = await create(t, "purchase-items", {
      purchaseId: open.id,
      sku: "L-1",
      quantity: 1,
      price: 1,
    });
    await expectRefused(t, 409, () => t.json("PUT", `/purchase-items/${loose.id}.json`, { purchaseId: id }));
    await expectRefused(t, 409, () =>
      t.json("PUT", `/purchase-items/${w.items.pin.id}.json`, { purchaseId: open.id }),
    );
  });

  it("keeps its provider: a PUT of dropshipProviderId and move-dropship-provider are refused", async () => {
    const t = await setup.tenant();
    const w = await lockedWorld(t);
    const id = w.purchase.id;
    const other = await create(t, "dropship-providers", { name: "Other Supply" });
    await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${id}.json`, { dropshipProviderId: other.id }),
    );
    const moved = await expectRefused(t, 409, () =>
      t.json("PUT", `/purchases/${id}/move-dropship-provider.json`, { dropshipProviderId: other.id }),
    );
    expect(moved.detail).toBe(lockedDetail(id, `it stays with dropship provider ${w.provider.id}`));
    expect(moved.allowedActions).not.toContain("move-dropship-provider");
    expect(moved.allowedActions).toContain("send");
  });

  it("a PUT that sets locked to false unlocks it, with what else it changes; edits then go through", async () => {
    const t = await setup.tenant();
    const w = await lockedWorld(t);
    const id = w.purchase.id;
    const unlocked = await expectStatus(
      t.json("PUT", `/purchases/${id}.json`, { locked: false, notes: "Reopened for a change" }),
      200,
    );
    expect(unlocked).toMatchObject({ locked: false, notes: "Reopened for a change" });
    await expectStatus(t.json("PUT", `/purchase-items/${w.items.mug.id}.json`, { quantity: 2 }), 200);
    await expectStatus(t.json("PUT", `/purchases/${id}.json`, { shippingPrice: 4 }), 200);
  });
});

describe("a locked purchase is still carried out", () => {
  it("is sent, labelled, shipped, invoiced and cancelled as any purchase", async () => {
    const t = await setup.tenant();
    const w = await lockedWorld(t);
    const id = w.purchase.id;
    await expectStatus(send(t, id), 200);
    await expectStatus(t.json("PUT", `/purchases/${id}/default-label.json`, {}), 200);
    await expectStatus(ship(t, id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 3 }] }), 200);
    await create(t, "purchase-invoices", { purchaseId: id, amount: 10 });
    await expectStatus(cancel(t, id, { items: [{ purchaseItemId: w.items.pin.id, quantity: 1 }] }), 200);
    // The rest of the provider's bill, recorded as the reference's clients do.
    await expectStatus(t.json("PUT", `/purchases/${id}.json`, { invoiceStatus: "invoiced" }), 200);
    expect(await read(t, "purchases", id)).toMatchObject({
      locked: true,
      status: "partiallyShipped",
      invoiceStatus: "invoiced",
      cancellationStatus: "partial",
    });
  });
});
