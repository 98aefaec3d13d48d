import { beforeAll, describe, expect, it } from "vitest";
import { expectStatus, list, read } from "../requests.ts";
import { setupApp } from "../support.ts";
import {
  ACTION_CALLS,
  expectRefused,
  provider,
  send,
  settle,
  ship,
  snapshot,
  world,
  worldWithMovables,
} from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("permissions and tenancy", () => {
  it("a read-only token gets 403 on every order action and changes nothing", async () => {
    const t = await setup.tenant();
    const { ids } = await worldWithMovables(t);
    expect(Object.keys(ACTION_CALLS)).toHaveLength(10);
    const before = await snapshot(t);
    for (const [name, call] of Object.entries(ACTION_CALLS)) {
      const { status, body } = await call(t.readOnly, ids);
      expect([name, status]).toEqual([name, 403]);
      expect(body.detail).toMatch(/read-only/);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("another company's purchases, dropshipments, fulfillments and providers do not exist (404)", async () => {
    const t = await setup.tenant();
    const { ids } = await worldWithMovables(t);
    const stranger = await setup.tenant();
    // Where a body names a provider, the stranger names its own: only the subject is foreign.
    const strangerProvider = await provider(stranger);
    const before = await snapshot(t);
    for (const [name, call] of Object.entries(ACTION_CALLS)) {
      const { status } = await call(stranger, { ...ids, bodyProviderId: strangerProvider.id });
      expect([name, status]).toEqual([name, 404]);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("the same calls succeed for the owner, so the 403s and 404s above are about the token and the tenant", async () => {
    for (const [name, call] of Object.entries(ACTION_CALLS)) {
      const t = await setup.tenant();
      const { ids } = await worldWithMovables(t);
      if (name === "purchase.ship" || name === "purchase.return-label") {
        await expectStatus(send(t, ids.purchaseId), 200);
      }
      if (name === "purchase.return-label") await expectStatus(ship(t, ids.purchaseId), 200);
      // An invoiced purchase keeps its provider: its invoice is cancelled before it moves.
      if (name === "purchase.move-dropship-provider") {
        for (const invoice of await list(t, "purchase-invoices")) {
          await expectStatus(
            t.json("PUT", `/purchase-invoices/${invoice.id}.json`, { status: "cancelled" }),
            200,
          );
        }
      }
      const { status, body } = await call(t, ids);
      expect([name, status, body.detail]).toEqual([name, 200, undefined]);
    }
  });

  it("another company's provider, purchase items and purchases named in a body are refused (422)", async () => {
    const t = await setup.tenant();
    const { w, ids } = await worldWithMovables(t);
    await expectStatus(send(t, w.purchase.id), 200);
    const stranger = await setup.tenant();
    const theirs = await world(stranger);
    await expectStatus(
      stranger.json("PUT", `/purchases/${theirs.purchase.id}.json`, { invoiceStatus: "invoiced" }),
      200,
    );

    const moved = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: theirs.provider.id,
      }),
    );
    expect(moved.errors[0].path).toBe("dropshipProviderId");
    await expectRefused(t, 422, () =>
      t.json("PUT", `/fulfillments/${ids.fulfillmentId}/move-to-dropship.json`, {
        dropshipProviderId: theirs.provider.id,
      }),
    );
    const shipped = await expectRefused(t, 422, () =>
      ship(t, w.purchase.id, { items: [{ purchaseItemId: theirs.items.mug.id, quantity: 1 }] }),
    );
    expect(shipped.errors[0].path).toBe("items.0.purchaseItemId");
    const settled = await expectRefused(t, 422, () =>
      settle(t, w.provider.id, { purchaseIds: [theirs.purchase.id] }),
    );
    expect(settled.errors[0].path).toBe("purchaseIds.0");
    const warehouse = await expectRefused(t, 422, () =>
      t.json("PUT", `/dropshipments/${ids.dropshipmentId}/move-to-fulfill.json`, {
        warehouseId: theirs.warehouse.id,
      }),
    );
    expect(warehouse.errors[0].path).toBe("warehouseId");
    // The stranger's records are untouched too.
    expect((await read(stranger, "purchases", theirs.purchase.id)).paymentStatus).toBe("notPaid");
  });
});
