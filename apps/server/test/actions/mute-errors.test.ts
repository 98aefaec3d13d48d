// `muteError` ("Do not report ... errors"): work about a record that mutes its errors leaves no `error`
// record when it fails for good, while the record's own fields still say what happened; the same work
// about a record that does not mute them leaves one. Receivers on 127.0.0.1.
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILES_POLICY } from "../../src/services/files.ts";
import { RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";
import { exportSetup } from "./channels-fixtures.ts";
import { importDispatcher, runImport } from "./data-imports-fixtures.ts";
import { send, sentWorld, ship, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/** The company's `error` records about `subjectKind`, by subject id. */
async function errorsAbout(t: Tenant, subjectKind: string): Promise<number[]> {
  return (await list(t, "errors", `&where[subjectKind]=${subjectKind}`)).map((error) => error.subjectId);
}

/** Runs a dispatcher through every retry of what is queued: each delivery failing ends for good. */
async function throughEveryRetry() {
  const { dispatcher, clock } = dispatcherWithClock(setup);
  await dispatcher.runOnce();
  for (const delay of RETRY_DELAYS_S) {
    clock.now += delay * 1000;
    await dispatcher.runOnce();
  }
}

describe("muteError", () => {
  it("data-import: an import that ends in error says so, and leaves an error record only unless muted", async () => {
    const t = await setup.tenant();
    const { drain } = importDispatcher(setup);
    const muted = await runImport(t, drain, { importType: "stock_take", muteError: true });
    const reported = await runImport(t, drain, { importType: "stock_take" });
    for (const done of [muted, reported]) {
      expect(done).toMatchObject({ status: "error", statusProblem: { code: "missing_field" } });
    }
    expect(await errorsAbout(t, "data-import")).toEqual([reported.id]);
  });

  it("data-export: an export that cannot be built ends error, and leaves an error record only unless muted", async () => {
    const t = await setup.tenant();
    await exportSetup(t);
    const muted = await create(t, "data-exports", { format: "csv", muteError: true });
    const reported = await create(t, "data-exports", { format: "csv" });
    const overQuota = createDispatcher({
      db: setup.db,
      fileStore: setup.fileStore,
      policy: { allowLocal: true },
      storedBaseUrl: () => "",
      files: { ...DEFAULT_FILES_POLICY, quotaBytes: 10 },
    });
    await overQuota.runOnce();
    for (const { id } of [muted, reported]) {
      expect(await read(t, "data-exports", id)).toMatchObject({
        status: "error",
        errorMessage: expect.stringContaining("quota"),
      });
    }
    expect(await errorsAbout(t, "data-export")).toEqual([reported.id]);
  });

  it("purchase: an e-mailed order with no mail server says so on the purchase, with no error record", async () => {
    const bare = await setupApp({});
    const t = await bare.tenant();
    const w = await world(t);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { muteError: true }), 200);
    const sent = await expectStatus(send(t, w.purchase.id), 200);
    expect(sent.orderProblem).toMatch(/^Not sent: e-mail is not configured on this server/);
    const [notification] = await list(t, "purchase-notifications");
    expect(notification).toMatchObject({ purchaseId: w.purchase.id, status: "error" });
    expect(await list(t, "errors")).toEqual([]);
  });

  it("purchase: its order, and its accounting payload, failing for good leave their logs in error, and no error record", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    const provider = await create(t, "dropship-providers", {
      name: "Acme",
      purchaseEndpoint: `${receiver.url}/orders`,
      purchaseFormat: "json",
    });
    const purchases: Rec[] = [];
    for (const muteError of [true, false]) {
      const purchase = await create(t, "purchases", {
        dropshipProviderId: provider.id,
        shippingPrice: 5,
        muteError,
      });
      await expectStatus(send(t, purchase.id), 200);
      purchases.push(purchase);
    }
    const ledger = await create(t, "accounting-integrations", {
      name: "Ledger",
      dropshipEndpoint: `${receiver.url}/dropship`,
    });
    const payloads: Rec[] = [];
    for (const purchase of purchases) {
      payloads.push(
        await create(t, "accounting-payloads", {
          accountingIntegrationId: ledger.id,
          payloadType: "dropship",
          purchaseId: purchase.id,
          payload: `{"purchase":${purchase.id}}`,
        }),
      );
    }
    await throughEveryRetry();
    const notifications = await list(t, "purchase-notifications", "&order=id");
    expect(notifications.map(({ purchaseId, status }) => ({ purchaseId, status }))).toEqual(
      purchases.map(({ id }) => ({ purchaseId: id, status: "error" })),
    );
    for (const { id } of payloads) expect((await read(t, "accounting-payloads", id)).status).toBe("error");
    const [, reportedOrder] = notifications;
    expect(await errorsAbout(t, "purchase-notification")).toEqual([reportedOrder!.id]);
    expect(await errorsAbout(t, "accounting-payload")).toEqual([payloads[1]!.id]);
  });

  it("dropshipment and fulfillment: telling the channel failing for good leaves the parcel saying so, and no error record", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    const w = await sentWorld(t);
    await create(t, "custom-channels", {
      name: "Own Store",
      channelId: w.channel.id,
      fulfillmentEndpoint: `${receiver.url}/shipments`,
    });
    const own = await create(t, "variants", { sku: "OWN-1", name: "Own mug", price: 12 });
    await create(t, "adjustments", { variantId: own.id, warehouseId: w.warehouse.id, quantity: 5 });
    const line = await create(t, "sale-items", {
      saleId: w.sale.id,
      variantId: own.id,
      sku: "OWN-1",
      quantity: 2,
      price: 12,
    });
    const dropshipment = await expectStatus(ship(t, w.purchase.id), 200);
    await expectStatus(t.json("PUT", `/dropshipments/${dropshipment.id}.json`, { muteError: true }), 200);
    const fulfillments: Rec[] = [];
    for (const muteError of [true, false]) {
      const fulfillment = await create(t, "fulfillments", {
        saleId: w.sale.id,
        warehouseId: w.warehouse.id,
        muteError,
      });
      await create(t, "fulfillment-items", {
        fulfillmentId: fulfillment.id,
        saleItemId: line.id,
        variantId: own.id,
        sku: "OWN-1",
        quantity: 1,
      });
      await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
      fulfillments.push(fulfillment);
    }
    await throughEveryRetry();

    const updates = await list(t, "channel-shipment-updates", "&order=id");
    expect(updates.map((update) => update.status)).toEqual(["error", "error", "error"]);
    expect(await read(t, "dropshipments", dropshipment.id)).toMatchObject({
      channelError: true,
      sendShippingUpdateProblem: { code: "delivery_failed", status: 500 },
    });
    for (const { id } of fulfillments) expect((await read(t, "fulfillments", id)).channelError).toBe(true);
    const reported = updates.find((update) => update.fulfillmentId === fulfillments[1]!.id)!;
    expect(await errorsAbout(t, "channel-shipment-update")).toEqual([reported.id]);
  });
});
