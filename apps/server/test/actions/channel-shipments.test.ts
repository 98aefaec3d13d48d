// Shipments told to the sale's channel: a shipped dropshipment or fulfillment is posted to the custom
// channel's fulfillment endpoint (a receiver on 127.0.0.1), signed, and logged as a channel shipment update.
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { type Received, startReceiver } from "../receiver.ts";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";
import { sentWorld, ship, type World } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/** The custom channel of the world's sales channel, posting shipments to `url`. */
function customChannel(t: Tenant, w: World, url: string, extra: Record<string, unknown> = {}) {
  return create(t, "custom-channels", {
    name: "Own Store",
    channelId: w.channel.id,
    fulfillmentEndpoint: url,
    ...extra,
  });
}

/** The Standard Webhooks signature of a call, checked with the custom channel's signing secret. */
function verified(secret: string, call: Received): unknown {
  return new Webhook(secret).verify(call.body, call.headers as Record<string, string>);
}

/** The world's sale with one own-warehouse line, and a fulfillment of it. */
async function fulfillmentOf(t: Tenant, w: World, extra: Record<string, unknown> = {}): Promise<Rec> {
  const line = await create(t, "sale-items", {
    saleId: w.sale.id,
    sku: "OWN-1",
    name: "Own Mug",
    quantity: 1,
    price: 12,
  });
  const fulfillment = await create(t, "fulfillments", {
    saleId: w.sale.id,
    warehouseId: w.warehouse.id,
    ...extra,
  });
  await create(t, "fulfillment-items", {
    fulfillmentId: fulfillment.id,
    saleItemId: line.id,
    sku: "OWN-1",
    quantity: 1,
  });
  return fulfillment;
}

describe("shipments told to the channel", () => {
  it("posts a shipped dropshipment with its purchase to the fulfillment endpoint, signed, and logs success", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    const custom = await customChannel(t, w, `${receiver.url}/shipments`);

    const dropshipment = await expectStatus(
      ship(t, w.purchase.id, { trackingNumber: "PX-77", trackingCompany: "Parcel Express" }),
      200,
    );
    const [queued] = await list(t, "channel-shipment-updates");
    expect(queued).toMatchObject({
      channelId: w.channel.id,
      dropshipmentId: dropshipment.id,
      fulfillmentId: null,
      status: null,
      response: null,
    });

    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    const call = receiver.received[0]!;
    expect(call).toMatchObject({ method: "POST", path: "/shipments" });
    // The body is the parcel as it shipped; the parcel then counts the attempt that told the channel.
    const told = await read(t, "dropshipments", dropshipment.id);
    expect(told).toMatchObject({ channelAttempts: 1, channelError: false, sendShippingUpdateProblem: null });
    expect(call.headers["content-type"]).toBe("application/json");
    // Over http the custom channel's hash is not sent (it goes over https only); the signature is.
    expect(call.headers["webhook-hash"]).toBeUndefined();
    const body = verified(custom.signingSecret, call);
    expect(body).toEqual({
      instance: { ...dropshipment, purchase: await read(t, "purchases", w.purchase.id) },
    });
    expect(body).toMatchObject({
      instance: {
        trackingNumber: "PX-77",
        trackingCompany: "Parcel Express",
        reference: `${w.purchase.id}-1`,
        purchaseId: w.purchase.id,
        saleId: w.sale.id,
        inventoryStatus: "shipped",
        purchase: { id: w.purchase.id, status: "shipped" },
      },
    });

    const logged = await read(t, "channel-shipment-updates", queued!.id);
    expect(logged).toMatchObject({
      status: "success",
      statusMessage: expect.stringMatching(/answered 200/),
      response: "ok",
      payload: body,
      statusProblem: null,
    });
  });

  it("tells the channel of a parcel shipped with its default label, label links included", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    const custom = await customChannel(t, w, `${receiver.url}/shipments`);

    const label = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, { inventoryStatus: "shipped" }),
      200,
    );
    const [dropshipment] = await list(t, "dropshipments");
    expect(dropshipment).toMatchObject({ labelId: label.id, trackingNumber: label.trackingNumber });
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(verified(custom.signingSecret, receiver.received[0]!)).toEqual({
      instance: { ...dropshipment, purchase: await read(t, "purchases", w.purchase.id) },
    });
    const [logged] = await list(t, "channel-shipment-updates");
    expect(logged).toMatchObject({ dropshipmentId: dropshipment!.id, status: "success" });
  });

  it("posts a shipped fulfillment (no purchase) and logs it by fulfillment", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    const custom = await customChannel(t, w, `${receiver.url}/shipments`);
    const fulfillment = await fulfillmentOf(t, w);

    const shipped = await expectStatus(
      t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, { trackingNumber: "OWN-9" }),
      200,
    );
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    const body = verified(custom.signingSecret, receiver.received[0]!);
    const told = await read(t, "fulfillments", fulfillment.id);
    expect(told).toMatchObject({ status: "shipped", channelAttempts: 1, channelError: false });
    expect(body).toEqual({ instance: { ...shipped, purchase: null } });
    const [logged] = await list(t, "channel-shipment-updates");
    expect(logged).toMatchObject({
      channelId: w.channel.id,
      fulfillmentId: fulfillment.id,
      dropshipmentId: null,
      status: "success",
    });
  });

  it("a channel answering 500 is retried; given up, the update says error and an error record is left", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    const { dispatcher, clock } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    await customChannel(t, w, `${receiver.url}/shipments`);
    const dropshipment = await expectStatus(ship(t, w.purchase.id), 200);

    await dispatcher.runOnce();
    const [first] = await list(t, "channel-shipment-updates");
    // Retried: not yet an error, and never a success.
    expect(first).toMatchObject({
      status: null,
      statusMessage: expect.stringMatching(/^Attempt 1 failed: The receiver answered 500\. Next attempt/),
      response: "not today",
    });
    for (const delay of RETRY_DELAYS_S) {
      clock.now += delay * 1000;
      await dispatcher.runOnce();
    }
    expect(receiver.received).toHaveLength(RETRY_DELAYS_S.length + 1);
    const last = await read(t, "channel-shipment-updates", first!.id);
    expect(last).toMatchObject({
      status: "error",
      statusMessage: expect.stringMatching(
        /^Attempt 8 failed: The receiver answered 500\. No more attempts\.$/,
      ),
      statusProblem: { code: "delivery_failed", status: 500 },
    });
    expect(await read(t, "dropshipments", dropshipment.id)).toMatchObject({
      channelAttempts: 8,
      channelError: true,
      sendShippingUpdateProblem: { code: "delivery_failed", status: 500 },
    });
    const [failure] = await list(t, "errors", "&where[source]=channel-shipment");
    expect(failure).toMatchObject({
      code: "delivery_failed",
      subjectKind: "channel-shipment-update",
      subjectId: first!.id,
    });
  });

  it("a parcel told to two channels says it failed when one gave up, though the other took it last", async () => {
    const t = await setup.tenant();
    const failing = await startReceiver(() => 500);
    // Takes each parcel at its last attempt, after the failing channel gave up on it.
    const tries = new Map<string, number>();
    const late = await startReceiver(({ body }) => {
      tries.set(body, (tries.get(body) ?? 0) + 1);
      return tries.get(body)! > RETRY_DELAYS_S.length ? 200 : 500;
    });
    const { dispatcher, clock } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    await customChannel(t, w, `${failing.url}/shipments`, { name: "Failing Store" });
    await customChannel(t, w, `${late.url}/shipments`, { name: "Late Store" });
    const fulfillment = await fulfillmentOf(t, w);
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    const dropshipment = await expectStatus(ship(t, w.purchase.id), 200);
    const parcels = async () => [
      await read(t, "dropshipments", dropshipment.id),
      await read(t, "fulfillments", fulfillment.id),
    ];

    await dispatcher.runOnce();
    // Retried by both: nothing failed for good yet.
    for (const parcel of await parcels()) {
      expect(parcel).toMatchObject({ channelAttempts: 2, channelError: false });
    }
    expect((await parcels())[0]).toMatchObject({ sendShippingUpdateProblem: null });
    for (const delay of RETRY_DELAYS_S) {
      clock.now += delay * 1000;
      await dispatcher.runOnce();
    }

    const updates = await list(t, "channel-shipment-updates");
    expect(updates.map((update) => update.status).sort()).toEqual(["error", "error", "success", "success"]);
    // Every attempt to either channel counts; the one that gave up is not hidden by the later success.
    const attempts = 2 * (RETRY_DELAYS_S.length + 1);
    const [toldOfDropshipment, toldOfFulfillment] = await parcels();
    expect(toldOfDropshipment).toMatchObject({
      channelAttempts: attempts,
      channelError: true,
      sendShippingUpdateProblem: { code: "delivery_failed", status: 500 },
    });
    expect(toldOfFulfillment).toMatchObject({ channelAttempts: attempts, channelError: true });
  });

  it("a muted parcel, a disabled custom channel or one without an endpoint tells nobody", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    await customChannel(t, w, `${receiver.url}/shipments`);
    await customChannel(t, w, `${receiver.url}/disabled`, { enabled: false });
    await customChannel(t, w, "", { fulfillmentEndpoint: null, inventoryEndpoint: null });

    const dropshipment = await expectStatus(
      ship(t, w.purchase.id, { channelNotification: "mute", ids: [w.items.mug.id] }),
      200,
    );
    expect(dropshipment.channelNotification).toBe("mute");
    const fulfillment = await fulfillmentOf(t, w, { channelNotification: "mute" });
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(0);
    expect(await list(t, "channel-shipment-updates")).toEqual([]);

    // The next parcel is not muted: only the enabled channel with an endpoint is told.
    await expectStatus(ship(t, w.purchase.id, { ids: [w.items.cap.id] }), 200);
    await dispatcher.runOnce();
    expect(receiver.received.map((call) => call.path)).toEqual(["/shipments"]);
  });

  it("a sale of another channel, or another company's custom channel, is not told", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    const theirs = await sentWorld(other);
    await customChannel(other, theirs, `${receiver.url}/theirs`);
    const elsewhere = await create(t, "channels", { name: "Marketplace" });
    await create(t, "custom-channels", {
      name: "Marketplace",
      channelId: elsewhere.id,
      fulfillmentEndpoint: `${receiver.url}/elsewhere`,
    });

    await expectStatus(ship(t, w.purchase.id), 200);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(0);
    expect(await list(t, "channel-shipment-updates")).toEqual([]);
    expect(await list(other, "channel-shipment-updates")).toEqual([]);
  });
});
