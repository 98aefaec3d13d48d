import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list } from "../requests.ts";
import { setupApp } from "../support.ts";
import { cancel, expectStateConflict, provider, send, sentWorld, ship, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("state rules: 409 with the state and the allowed actions, nothing changed", () => {
  it("ship before send", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    await expectStateConflict(t, () => ship(t, w.purchase.id), "pending", [
      "move-dropship-provider",
      "send",
      "default-label",
      "cancel",
    ]);
  });

  it("ship, send or cancel a cancelled purchase", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(cancel(t, w.purchase.id), 200);
    await expectStateConflict(t, () => ship(t, w.purchase.id), "cancelled", []);
    await expectStateConflict(t, () => send(t, w.purchase.id), "cancelled", []);
    await expectStateConflict(t, () => cancel(t, w.purchase.id), "cancelled", []);
  });

  it("cancel, move, send or label a fully shipped purchase", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    await expectStateConflict(t, () => cancel(t, w.purchase.id), "shipped", ["return-label"]);
    await expectStateConflict(
      t,
      () =>
        t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
          dropshipProviderId: w.provider.id,
        }),
      "shipped",
      ["return-label"],
    );
    await expectStateConflict(t, () => send(t, w.purchase.id), "shipped", ["return-label"]);
    await expectStateConflict(
      t,
      () => t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      "shipped",
      ["return-label"],
    );
  });

  it("return-label before anything shipped, and when everything shipped is already on its way back", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStateConflict(
      t,
      () => t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      "sent",
      ["ship", "move-dropship-provider", "send", "default-label", "cancel"],
    );
    await expectStatus(ship(t, w.purchase.id), 200);
    await expectStatus(t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}), 200);
    // What the purchase holds refuses it, not its state: return-label is not offered again.
    const body = await expectStateConflict(
      t,
      () => t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      "shipped",
      [],
    );
    expect(body.detail).toMatch(/nothing to return/);
  });

  it("move-to-fulfill a shipped dropshipment, regenerate the label of a moved one", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const shipped = await expectStatus(ship(t, w.purchase.id), 200);
    await expectStateConflict(
      t,
      () => t.json("PUT", `/dropshipments/${shipped.id}/move-to-fulfill.json`, {}),
      "shipped",
      ["regenerate-label"],
    );

    const pending = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    const moved = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    await create(t, "dropshipment-items", { dropshipmentId: moved.id, sku: "MUG-1", quantity: 1 });
    await expectStatus(t.json("PUT", `/dropshipments/${moved.id}/move-to-fulfill.json`, {}), 200);
    await expectStateConflict(
      t,
      () => t.json("GET", `/dropshipments/${moved.id}/regenerate-label.json`),
      "moved",
      [],
    );
    await expectStateConflict(
      t,
      () => t.json("PUT", `/dropshipments/${moved.id}/move-to-fulfill.json`, {}),
      "moved",
      [],
    );
    // A dropshipment with no lines has nothing to move: move-to-fulfill is not offered again.
    const empty = await expectStateConflict(
      t,
      () => t.json("PUT", `/dropshipments/${pending.id}/move-to-fulfill.json`, {}),
      "pending",
      ["regenerate-label"],
    );
    expect(empty.detail).toMatch(/no items/);
  });

  it("move-to-dropship a moved fulfillment", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      variantId: w.variants.mug.id,
      sku: "MUG-1",
      quantity: 1,
    });
    const move = () =>
      t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, {
        dropshipProviderId: w.provider.id,
      });
    await expectStatus(move(), 200);
    await expectStateConflict(t, move, "moved", []);
  });

  it("move-dropship-provider of a partially shipped purchase", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const second = await provider(t, { name: "Second Supplier" });
    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.cap.id, quantity: 1 }] }),
      200,
    );
    await expectStateConflict(
      t,
      () =>
        t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
          dropshipProviderId: second.id,
        }),
      "partiallyShipped",
      ["ship", "return-label", "default-label", "cancel"],
    );
  });
});

describe("what a record holds refuses an action: 409 whose allowedActions leave that action out", () => {
  it("return-label once every unit that shipped is returned: the other actions of the state stay listed", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(
      ship(t, w.purchase.id, { items: [{ purchaseItemId: w.items.cap.id, quantity: 1 }] }),
      200,
    );
    const returned = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      200,
    );
    await expectStatus(t.json("POST", `/sale-returns/${returned.saleReturnId}/receive.json`, {}), 200);
    const body = await expectStateConflict(
      t,
      () => t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      "partiallyShipped",
      ["ship", "default-label", "cancel"],
    );
    expect(body.detail).toMatch(/nothing to return/);
  });

  it("receive of a cancellation: no goods come back, and receive is not offered", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(cancel(t, w.purchase.id), 200);
    const [cancellation] = await list(
      t,
      "sale-returns",
      `&where[saleId]=${w.sale.id}&where[type]=cancellation`,
    );
    expect(cancellation).toMatchObject({ status: "requested" });
    const body = await expectStateConflict(
      t,
      () => t.json("POST", `/sale-returns/${cancellation!.id}/receive.json`, {}),
      "requested",
      [],
    );
    expect(body.detail).toMatch(/no goods to receive/);
  });

  it("ship of a fulfillment without lines: move-to-dropship and cancel are still offered, ship is not", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
    const body = await expectStateConflict(
      t,
      () => t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}),
      "pending",
      ["cancel", "move-to-dropship"],
    );
    expect(body.detail).toMatch(/no items/);
  });
});
