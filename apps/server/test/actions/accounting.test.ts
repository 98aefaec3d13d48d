// Accounting integrations get what they subscribe to: a fulfilled sale, an invoiced dropship purchase, a
// received or invoiced replenishment purchase, and a payload written by hand as pending; each send is an
// accounting payload, delivered to a receiver on 127.0.0.1 and updated with the outcome of each attempt.
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";
import { sentWorld, ship, type World } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/** An integration whose endpoints are paths of `url` (`sale`, `dropship`, `replenishment`). */
function integration(t: Tenant, url: string, endpoints: Record<string, string | null> = {}): Promise<Rec> {
  return create(t, "accounting-integrations", {
    name: "Ledger",
    saleEndpoint: `${url}/sale`,
    dropshipEndpoint: `${url}/dropship`,
    replenishmentEndpoint: `${url}/replenishment`,
    ...endpoints,
  });
}

const invoice = (t: Tenant, purchaseId: number, amount: number) =>
  create(t, "purchase-invoices", { purchaseId, amount });

/** The world's sale items and purchase items, as the API shows them now. */
async function linesOf(t: Tenant, w: World) {
  return {
    saleItems: await list(t, "sale-items", `&where[saleId]=${w.sale.id}`),
    purchaseItems: await list(t, "purchase-items", `&where[purchaseId]=${w.purchase.id}`),
    invoices: await list(t, "purchase-invoices", `&where[purchaseId]=${w.purchase.id}`),
  };
}

describe("accounting sends", () => {
  it("sends a sale once it is fulfilled, with its lines, and records the answer", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    const ledger = await integration(t, receiver.url, { dropshipEndpoint: null });

    await expectStatus(ship(t, w.purchase.id, { ids: [w.items.mug.id] }), 200);
    expect((await read(t, "sales", w.sale.id)).status).toBe("partiallyFulfilled");
    expect(await list(t, "accounting-payloads")).toEqual([]);

    await expectStatus(ship(t, w.purchase.id), 200);
    const [queued] = await list(t, "accounting-payloads");
    expect(queued).toMatchObject({
      accountingIntegrationId: ledger.id,
      payloadType: "sale",
      saleId: w.sale.id,
      purchaseId: null,
      status: "pending",
      sentAt: null,
    });

    await dispatcher.runOnce();
    const sale = await read(t, "sales", w.sale.id);
    const { saleItems } = await linesOf(t, w);
    expect(receiver.received.map((call) => [call.method, call.path])).toEqual([["POST", "/sale"]]);
    const call = receiver.received[0]!;
    expect(call.headers["content-type"]).toBe("application/json");
    // Signed with the integration's signing secret, which the create answered once.
    expect(ledger.signingSecret).toMatch(/^whsec_/);
    const signed = new Webhook(ledger.signingSecret).verify(
      call.body,
      call.headers as Record<string, string>,
    );
    expect(signed).toEqual({ type: "sale", sale, items: saleItems });
    expect(sale.status).toBe("fulfilled");
    expect(await read(t, "accounting-payloads", queued!.id)).toMatchObject({
      status: "sent",
      payload: call.body,
      responseStatus: 200,
      responseBody: "ok",
      errorMessage: null,
      sentAt: expect.any(String),
    });
  });

  it("sends a dropship purchase when it is invoiced, to the dropship endpoint only", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    await integration(t, receiver.url, { saleEndpoint: null });

    await invoice(t, w.purchase.id, 10);
    expect((await read(t, "purchases", w.purchase.id)).invoiceStatus).toBe("partiallyInvoiced");
    expect(await list(t, "accounting-payloads")).toEqual([]);
    await invoice(t, w.purchase.id, 60.27 - 10);
    await dispatcher.runOnce();

    const purchase = await read(t, "purchases", w.purchase.id);
    expect(purchase.invoiceStatus).toBe("invoiced");
    const { purchaseItems, invoices } = await linesOf(t, w);
    expect(receiver.received.map((call) => call.path)).toEqual(["/dropship"]);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      type: "dropship",
      purchase,
      items: purchaseItems,
      invoices,
    });
    const [payload] = await list(t, "accounting-payloads");
    expect(payload).toMatchObject({ payloadType: "dropship", purchaseId: purchase.id, status: "sent" });
  });

  it("sends a replenishment purchase when it is received and again when it is invoiced", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}.json`, { purchaseType: "replenishment" }),
      200,
    );
    await integration(t, receiver.url);

    await expectStatus(ship(t, w.purchase.id), 200);
    expect((await read(t, "purchases", w.purchase.id)).inventoryStatus).toBe("received");
    await dispatcher.runOnce();
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
    await dispatcher.runOnce();

    // The sale the purchase serves is fulfilled too: it goes to the sale endpoint.
    expect(receiver.received.map((call) => call.path).sort()).toEqual([
      "/replenishment",
      "/replenishment",
      "/sale",
    ]);
    const sent = receiver.received
      .filter((call) => call.path === "/replenishment")
      .map((call) => JSON.parse(call.body).purchase);
    expect(sent.map((p) => [p.inventoryStatus, p.invoiceStatus])).toEqual([
      ["received", "notInvoiced"],
      ["received", "invoiced"],
    ]);
    const payloads = await list(t, "accounting-payloads", "&where[payloadType]=replenishment");
    expect(payloads.map((p) => [p.purchaseId, p.status])).toEqual([
      [w.purchase.id, "sent"],
      [w.purchase.id, "sent"],
    ]);
  });

  it("sends a payload written by hand as pending; one recorded as sent is only stored", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const ledger = await integration(t, receiver.url);

    const pending = await create(t, "accounting-payloads", {
      accountingIntegrationId: ledger.id,
      payloadType: "replenishment",
      payload: '{"resent":true}',
      status: "pending",
    });
    const record = await create(t, "accounting-payloads", {
      accountingIntegrationId: ledger.id,
      payloadType: "sale",
      payload: "sent by the old system",
      status: "sent",
    });
    await dispatcher.runOnce();
    expect(receiver.received.map((call) => [call.path, call.body, call.headers["content-type"]])).toEqual([
      ["/replenishment", '{"resent":true}', "application/json"],
    ]);
    // A rotated secret signs from then on: the old one no longer verifies a new send.
    const rotated = await expectStatus(
      t.json("POST", `/accounting-integrations/${ledger.id}/rotate-signing-secret.json`, {}),
      200,
    );
    await create(t, "accounting-payloads", {
      accountingIntegrationId: ledger.id,
      payloadType: "sale",
      payload: '{"again":1}',
    });
    await dispatcher.runOnce();
    const again = receiver.received[1]!;
    const headers = again.headers as Record<string, string>;
    expect(new Webhook(rotated.signingSecret).verify(again.body, headers)).toEqual({ again: 1 });
    expect(() => new Webhook(ledger.signingSecret).verify(again.body, headers)).toThrow();
    // Text that is not JSON goes as text.
    await create(t, "accounting-payloads", {
      accountingIntegrationId: ledger.id,
      payloadType: "dropship",
      payload: "plain words",
    });
    await dispatcher.runOnce();
    expect(receiver.received[2]).toMatchObject({ path: "/dropship", body: "plain words" });
    expect(receiver.received[2]!.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(await read(t, "accounting-payloads", pending.id)).toMatchObject({
      status: "sent",
      responseStatus: 200,
    });
    expect(await read(t, "accounting-payloads", record.id)).toMatchObject({ status: "sent", sentAt: null });
  });

  it("refuses a pending payload it cannot send (422, nothing stored)", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const receiver = await startReceiver();
    const ledger = await integration(t, receiver.url, { saleEndpoint: null });
    const theirs = await integration(other, receiver.url);

    const noEndpoint = await expectStatus(
      t.json("POST", "/accounting-payloads.json", {
        accountingIntegrationId: ledger.id,
        payloadType: "sale",
        payload: "{}",
      }),
      422,
    );
    expect(noEndpoint.errors).toEqual([
      {
        path: "payloadType",
        message: `is sale, but accounting integration ${ledger.id} has no saleEndpoint to send it to: set it, or record the payload as sent or error`,
      },
    ]);
    const noBody = await expectStatus(
      t.json("POST", "/accounting-payloads.json", {
        accountingIntegrationId: ledger.id,
        payloadType: "dropship",
      }),
      422,
    );
    expect(noBody.errors).toEqual([
      { path: "payload", message: "is required on a pending payload: it is sent as it is written" },
    ]);
    // Another company's integration does not exist for this one.
    const foreign = await expectStatus(
      t.json("POST", "/accounting-payloads.json", {
        accountingIntegrationId: theirs.id,
        payloadType: "sale",
        payload: "{}",
      }),
      422,
    );
    expect(foreign.errors[0].path).toBe("accountingIntegrationId");
    expect(await list(t, "accounting-payloads")).toEqual([]);
    expect(await list(other, "accounting-payloads")).toEqual([]);
  });

  it("retries an endpoint answering 500: pending with the reason, then error and an error record", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    const { dispatcher, clock } = dispatcherWithClock(setup);
    const ledger = await integration(t, receiver.url);
    const payload = await create(t, "accounting-payloads", {
      accountingIntegrationId: ledger.id,
      payloadType: "sale",
      payload: '{"sale":1}',
    });

    await dispatcher.runOnce();
    expect(await read(t, "accounting-payloads", payload.id)).toMatchObject({
      status: "pending",
      responseStatus: 500,
      responseBody: "not today",
      errorMessage: expect.stringMatching(/^Attempt 1 failed: The receiver answered 500\. Next attempt/),
      sentAt: null,
    });
    for (const delay of RETRY_DELAYS_S) {
      clock.now += delay * 1000;
      await dispatcher.runOnce();
    }
    expect(receiver.received).toHaveLength(RETRY_DELAYS_S.length + 1);
    expect(await read(t, "accounting-payloads", payload.id)).toMatchObject({
      status: "error",
      errorMessage: expect.stringMatching(/No more attempts\.$/),
    });
    const [failure] = await list(t, "errors", "&where[source]=accounting");
    expect(failure).toMatchObject({
      code: "delivery_failed",
      subjectKind: "accounting-payload",
      subjectId: payload.id,
    });
  });

  it("sends nothing to another company's integration", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    await integration(other, receiver.url);
    const w = await sentWorld(t);

    await expectStatus(ship(t, w.purchase.id), 200);
    await invoice(t, w.purchase.id, 60.27);
    await dispatcher.runOnce();
    expect(receiver.received).toEqual([]);
    expect(await list(t, "accounting-payloads")).toEqual([]);
    expect(await list(other, "accounting-payloads")).toEqual([]);
  });
});
