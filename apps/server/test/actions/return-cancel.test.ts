// A return whose goods have not arrived can be called off (`PUT /sale-returns/{id}/cancel.json`): it and
// its return shipments become cancelled, nothing counts as returned, and the units may be returned again.
import { beforeAll, describe, expect, it } from "vitest";
import { expectStatus, list, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { cancel, expectRefused, expectStateConflict, sentWorld, ship } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

const cancelReturn = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("PUT", `/sale-returns/${id}/cancel.json`, body);

/** A shipped order whose customer asked for a return label for two mugs. */
async function returnAsked(t: Tenant) {
  const w = await sentWorld(t);
  await expectStatus(ship(t, w.purchase.id), 200);
  const shipment = await expectStatus(
    t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
      items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
      reason: "Too small",
    }),
    200,
  );
  return { ...w, shipment };
}

describe("cancelling a sale return", () => {
  it("calls off the return and its return shipment; nothing counts as returned, and the goods may be returned later", async () => {
    const t = await setup.tenant();
    const w = await returnAsked(t);
    const cancelled = await expectStatus(
      cancelReturn(t, w.shipment.saleReturnId, { reason: "Customer kept the mugs" }),
      200,
    );
    expect(cancelled).toMatchObject({
      id: w.shipment.saleReturnId,
      status: "cancelled",
      reason: "Customer kept the mugs",
      receivedAt: null,
    });
    expect(await read(t, "return-shipments", w.shipment.id)).toMatchObject({ status: "cancelled" });
    // Its label is kept, as a record of what was printed.
    expect(await read(t, "labels", w.shipment.labelId)).toMatchObject({ returnShipmentId: w.shipment.id });
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({ quantityReturned: 0 });
    expect(await read(t, "purchase-items", w.items.mug.id)).toMatchObject({ quantityReturned: 0 });
    const [event] = await list(t, "events", `&where[type]=sale_return.cancelled`);
    expect(JSON.stringify(event)).toContain(`"id":${w.shipment.saleReturnId}`);

    // Once cancelled it neither cancels again nor receives.
    await expectStateConflict(t, () => cancelReturn(t, w.shipment.saleReturnId), "cancelled", []);
    const receive = () => t.json("POST", `/sale-returns/${w.shipment.saleReturnId}/receive.json`, {});
    await expectStateConflict(t, receive, "cancelled", []);

    // The customer changes their mind again: a new return label for the same mugs is taken.
    const second = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
      }),
      200,
    );
    expect(second.saleReturnId).not.toBe(w.shipment.saleReturnId);
  });

  it("refuses a received return, one whose shipment the provider received, and a cancellation (409, nothing changed)", async () => {
    const t = await setup.tenant();
    const w = await returnAsked(t);
    await expectStatus(t.json("PUT", `/return-shipments/${w.shipment.id}.json`, { status: "received" }), 200);
    const arrived = await expectRefused(t, 409, () => cancelReturn(t, w.shipment.saleReturnId));
    expect(arrived.detail).toBe(
      `Return shipment ${w.shipment.id} of sale return ${w.shipment.saleReturnId} was received: receive the return instead (POST /sale-returns/${w.shipment.saleReturnId}/receive.json).`,
    );
    expect(arrived.allowedActions).toEqual(["receive"]);

    await expectStatus(t.json("POST", `/sale-returns/${w.shipment.saleReturnId}/receive.json`, {}), 200);
    await expectStateConflict(t, () => cancelReturn(t, w.shipment.saleReturnId), "received", []);

    // A purchase's cancellation records lines that never shipped: it is no return to call off.
    const u = await setup.tenant();
    const other = await sentWorld(u);
    await expectStatus(cancel(u, other.purchase.id, { reason: "customer" }), 200);
    const [cancellation] = await list(u, "sale-returns", `&where[purchaseId]=${other.purchase.id}`);
    expect(cancellation).toMatchObject({ type: "cancellation" });
    const refused = await expectRefused(u, 409, () => cancelReturn(u, cancellation!.id));
    expect(refused.detail).toContain(`changes only through PUT /purchases/${other.purchase.id}/cancel.json`);
    expect(refused).toMatchObject({ state: "requested", allowedActions: [] });
  });

  it("takes a reason of at most 500 characters (422 past it)", async () => {
    const t = await setup.tenant();
    const w = await returnAsked(t);
    const refused = await expectRefused(t, 422, () =>
      cancelReturn(t, w.shipment.saleReturnId, { reason: "x".repeat(501) }),
    );
    expect(refused.errors.map((error: { path: string }) => error.path)).toEqual(["reason"]);
    // Without one, the return keeps the reason it was asked with.
    const cancelled = await expectStatus(cancelReturn(t, w.shipment.saleReturnId), 200);
    expect(cancelled.status).toBe("cancelled");
  });
});
