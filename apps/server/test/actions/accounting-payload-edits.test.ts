// Accounting payloads edited by PUT: `{"status": "pending"}` sends one again (the way to retry a payload
// that ended `error`), with a new body if one is sent with it; what a queued send carries, and where it
// goes, does not change until it ends, so the record names the body its endpoint was sent.
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, type Rec, read } from "../requests.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/**
 * A receiver answering `status.now`, an integration sending sales and dropships to it (`endpoints`
 * override), and a dispatcher with a clock.
 */
async function ledgerWorld(t: Tenant, endpoints: Record<string, string | null> = {}) {
  const status = { now: 200 };
  const receiver = await startReceiver(() => status.now);
  const { dispatcher, clock } = dispatcherWithClock(setup);
  const ledger = await create(t, "accounting-integrations", {
    name: "Ledger",
    saleEndpoint: `${receiver.url}/sale`,
    dropshipEndpoint: `${receiver.url}/dropship`,
    ...endpoints,
  });
  const payload = (body: Record<string, unknown>) =>
    create(t, "accounting-payloads", { accountingIntegrationId: ledger.id, payloadType: "sale", ...body });
  return { status, receiver, dispatcher, clock, ledger, payload };
}

const put = (t: Tenant, payload: Rec, body: Record<string, unknown>) =>
  t.json("PUT", `/accounting-payloads/${payload.id}.json`, body);

describe("accounting payloads edited by PUT", () => {
  it("sends a payload that ended error again when it is PUT back to pending", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t);
    w.status.now = 500;
    const payload = await w.payload({ payload: '{"sale":1}' });
    await w.dispatcher.runOnce();
    for (const delay of RETRY_DELAYS_S) {
      w.clock.now += delay * 1000;
      await w.dispatcher.runOnce();
    }
    expect(await read(t, "accounting-payloads", payload.id)).toMatchObject({
      status: "error",
      errorMessage: expect.stringMatching(/No more attempts\.$/),
    });
    const tried = w.receiver.received.length;

    w.status.now = 200;
    const retried = await expectStatus(put(t, payload, { status: "pending" }), 200);
    // A new send: no failure and no success yet, the last answer kept until it has its own.
    expect(retried).toMatchObject({
      status: "pending",
      errorMessage: null,
      sentAt: null,
      responseStatus: 500,
    });
    await w.dispatcher.runOnce();
    expect(w.receiver.received.slice(tried).map((call) => [call.path, call.body])).toEqual([
      ["/sale", '{"sale":1}'],
    ]);
    expect(await read(t, "accounting-payloads", payload.id)).toMatchObject({
      status: "sent",
      responseStatus: 200,
      errorMessage: null,
      sentAt: expect.any(String),
    });
  });

  it("sends the new body of a retry, to the new integration, and the record names what was sent", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t);
    const other = await create(t, "accounting-integrations", {
      name: "Other ledger",
      saleEndpoint: `${w.receiver.url}/other-sale`,
    });
    const failed = await w.payload({ payload: '{"sale":1}', status: "error" });
    await expectStatus(
      put(t, failed, { status: "pending", payload: '{"sale":3}', accountingIntegrationId: other.id }),
      200,
    );
    await w.dispatcher.runOnce();
    const [call] = w.receiver.received;
    expect([call!.path, call!.body]).toEqual(["/other-sale", '{"sale":3}']);
    // Signed with the integration it was sent to.
    expect(
      new Webhook(other.signingSecret).verify(call!.body, call!.headers as Record<string, string>),
    ).toEqual({
      sale: 3,
    });
    expect(await read(t, "accounting-payloads", failed.id)).toMatchObject({
      status: "sent",
      accountingIntegrationId: other.id,
      payload: call!.body,
    });
  });

  it("sends a sent payload again when it is PUT to pending", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t);
    const payload = await w.payload({ payload: '{"sale":4}' });
    await w.dispatcher.runOnce();
    expect((await read(t, "accounting-payloads", payload.id)).status).toBe("sent");
    await expectStatus(put(t, payload, { status: "pending" }), 200);
    await w.dispatcher.runOnce();
    expect(w.receiver.received.map((call) => call.body)).toEqual(['{"sale":4}', '{"sale":4}']);
    expect((await read(t, "accounting-payloads", payload.id)).status).toBe("sent");
  });

  it("refuses a send it cannot make as a create is refused (422), changing nothing", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t, { saleEndpoint: null });
    const failed = await w.payload({ payload: '{"sale":5}', status: "error" });

    const noEndpoint = await expectStatus(put(t, failed, { status: "pending" }), 422);
    expect(noEndpoint.errors).toEqual([
      {
        path: "payloadType",
        message: `is sale, but accounting integration ${w.ledger.id} has no saleEndpoint to send it to: set it, or record the payload as sent or error`,
      },
    ]);
    const noBody = await expectStatus(
      put(t, failed, { status: "pending", payloadType: "dropship", payload: null }),
      422,
    );
    expect(noBody.errors).toEqual([
      { path: "payload", message: "is required on a pending payload: it is sent as it is written" },
    ]);
    expect(await read(t, "accounting-payloads", failed.id)).toEqual(failed);
    await w.dispatcher.runOnce();
    expect(w.receiver.received).toEqual([]);
  });

  it("refuses to change what a queued send carries (409 naming the field), and sends it as queued", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t);
    const pending = await w.payload({ payload: '{"sale":2}' });

    const edited = await expectStatus(put(t, pending, { payload: '{"sale":3}' }), 409);
    expect(edited.detail).toBe(
      `Accounting payload ${pending.id} is being sent: its payload cannot change while the send is tried, since the send goes out as it was queued. Once it is sent or error, PUT it with status "pending" and the new payload to send again.`,
    );
    const moved = await expectStatus(put(t, pending, { payloadType: "dropship" }), 409);
    expect(moved.detail).toMatch(/: its payloadType cannot change while the send is tried/);
    const both = await expectStatus(
      put(t, pending, { payload: '{"sale":3}', payloadType: "dropship", status: "pending" }),
      409,
    );
    expect(both.detail).toMatch(/: its payload, payloadType cannot change while the send is tried/);
    expect(await read(t, "accounting-payloads", pending.id)).toEqual(pending);
    // Marked by hand (the kind declares no lifecycle), it is still being sent, as it was queued.
    await expectStatus(put(t, pending, { status: "error" }), 200);
    const marked = await expectStatus(put(t, pending, { payload: '{"sale":3}' }), 409);
    expect(marked.detail).toMatch(/ is being sent: its payload cannot change/);

    await w.dispatcher.runOnce();
    expect(w.receiver.received.map((call) => [call.path, call.body])).toEqual([["/sale", '{"sale":2}']]);
    const sent = await read(t, "accounting-payloads", pending.id);
    expect(sent).toMatchObject({ status: "sent", payloadType: "sale", payload: '{"sale":2}' });
    expect(sent.payload).toBe(w.receiver.received[0]!.body);
  });

  it("keeps a payload whose send is queued (409 on its delete), and deletes it once sent", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t);
    const pending = await w.payload({ payload: '{"sale":4}' });
    const refused = await expectStatus(t.json("DELETE", `/accounting-payloads/${pending.id}.json`), 409);
    expect(refused.detail).toBe(
      `Accounting payload ${pending.id} is being sent: it cannot be deleted while the send is tried. Delete it once it is sent or error.`,
    );
    expect(await read(t, "accounting-payloads", pending.id)).toEqual(pending);
    await w.dispatcher.runOnce();
    expect(w.receiver.received.map((call) => call.body)).toEqual(['{"sale":4}']);
    await expectStatus(t.json("DELETE", `/accounting-payloads/${pending.id}.json`), 204);
  });

  it("corrects a payload whose send ended as any record, sending nothing", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t);
    const recorded = await w.payload({ payload: "sent by the old system", status: "sent" });
    const corrected = await expectStatus(put(t, recorded, { payload: "sent by the old system, v2" }), 200);
    expect(corrected).toMatchObject({ status: "sent", payload: "sent by the old system, v2" });
    await w.dispatcher.runOnce();
    expect(w.receiver.received).toEqual([]);
  });

  it("sends once for a pending payload PUT back as read, or marked and asked for again while queued", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t);
    const pending = await w.payload({ payload: '{"sale":6}' });
    const {
      id: _,
      createdAt: _c,
      updatedAt: _u,
      ...asRead
    } = await read(t, "accounting-payloads", pending.id);
    await expectStatus(put(t, pending, asRead), 200);
    // The kind declares no lifecycle, so its status may be set by hand; the queued send still goes out.
    await expectStatus(put(t, pending, { status: "error" }), 200);
    await expectStatus(put(t, pending, { status: "pending" }), 200);
    await w.dispatcher.runOnce();
    expect(w.receiver.received.map((call) => call.body)).toEqual(['{"sale":6}']);
    expect(await read(t, "accounting-payloads", pending.id)).toMatchObject({
      status: "sent",
      payload: '{"sale":6}',
    });
  });

  it("is verified as the docs' receiver does: over the raw body, without parsing text as JSON", async () => {
    const t = await setup.tenant();
    const w = await ledgerWorld(t);
    await w.payload({ payload: "sale;6;12.50" });
    await w.dispatcher.runOnce();
    const [call] = w.receiver.received;
    expect(call!.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const hook = new Webhook(w.ledger.signingSecret);
    const headers = call!.headers as Record<string, string>;
    expect(hook.verify(call!.body, headers, { jsonParse: false })).toBeUndefined();
    expect(() => hook.verify(call!.body, headers)).toThrow(SyntaxError);
    expect(() => hook.verify(`${call!.body} `, headers, { jsonParse: false })).toThrow(
      "No matching signature found",
    );
  });
});
