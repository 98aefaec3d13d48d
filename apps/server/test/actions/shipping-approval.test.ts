// A fulfillment waiting for approval (`requiresShippingApproval`: `approvalRequired`, `rateRequired`)
// does not ship: POST /fulfillments/{id}/ship.json is a 409 naming the field, its value and the fix,
// and changes nothing; once `approved` (or `notRequired`) it ships.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { expectRefused, type World, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp();
});

/** A fulfillment from the world's warehouse of one unit of OWN-1 (5 on hand) on the world's sale. */
async function fulfillmentOf(t: Tenant, w: World, values: Record<string, unknown> = {}) {
  const own = await create(t, "variants", { sku: "OWN-1", name: "Own mug", price: 12 });
  await create(t, "adjustments", { variantId: own.id, warehouseId: w.warehouse.id, quantity: 5 });
  const line = await create(t, "sale-items", {
    saleId: w.sale.id,
    variantId: own.id,
    sku: "OWN-1",
    quantity: 1,
    price: 12,
  });
  const fulfillment = await create(t, "fulfillments", {
    saleId: w.sale.id,
    warehouseId: w.warehouse.id,
    ...values,
  });
  await create(t, "fulfillment-items", {
    fulfillmentId: fulfillment.id,
    saleItemId: line.id,
    variantId: own.id,
    sku: "OWN-1",
    quantity: 1,
  });
  return fulfillment;
}

const shipFulfillment = (t: Tenant, id: number) =>
  t.json("POST", `/fulfillments/${id}/ship.json`, { trackingNumber: "OWN-TRK-1" });

describe("requiresShippingApproval", () => {
  it("a fulfillment waiting for approval of the shipment is not shipped (409, nothing changed) until it is approved", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const fulfillment = await fulfillmentOf(t, w, { requiresShippingApproval: "approvalRequired" });

    const refused = await expectRefused(t, 409, () => shipFulfillment(t, fulfillment.id));
    expect(refused.detail).toBe(
      `Fulfillment ${fulfillment.id} is waiting for approval of the shipment: its requiresShippingApproval is "approvalRequired". Once it is approved, set requiresShippingApproval to "approved" (PUT /fulfillments/${fulfillment.id}.json), then ship it.`,
    );
    expect(refused).toMatchObject({
      state: "pending",
      rule: expect.stringContaining("requiresShippingApproval"),
    });
    expect(refused.allowedActions).not.toContain("ship");

    await expectStatus(
      t.json("PUT", `/fulfillments/${fulfillment.id}.json`, { requiresShippingApproval: "approved" }),
      200,
    );
    const shipped = await expectStatus(shipFulfillment(t, fulfillment.id), 200);
    expect(shipped).toMatchObject({ status: "shipped", requiresShippingApproval: "approved" });
  });

  it("a fulfillment waiting for approval of its rate is not shipped either; one that needs none ships", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const fulfillment = await fulfillmentOf(t, w);
    await expectStatus(
      t.json("PUT", `/fulfillments/${fulfillment.id}.json`, { requiresShippingApproval: "rateRequired" }),
      200,
    );
    const refused = await expectRefused(t, 409, () => shipFulfillment(t, fulfillment.id));
    expect(refused.detail).toContain(
      'waiting for approval of its rate: its requiresShippingApproval is "rateRequired"',
    );
    expect((await read(t, "fulfillments", fulfillment.id)).status).toBe("pending");

    await expectStatus(
      t.json("PUT", `/fulfillments/${fulfillment.id}.json`, { requiresShippingApproval: "notRequired" }),
      200,
    );
    await expectStatus(shipFulfillment(t, fulfillment.id), 200);
    expect((await read(t, "fulfillments", fulfillment.id)).status).toBe("shipped");
  });
});
