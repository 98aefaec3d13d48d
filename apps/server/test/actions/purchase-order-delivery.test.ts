// A purchase order's delivery follows its purchase: one waiting for a retry is given up when the purchase
// was cancelled or given to another provider meanwhile (by callout and by e-mail), never sent; one whose
// last attempt failed leaves `orderProblem` on the purchase saying why; and a send that can send nothing
// (no mail server) marks the purchase sent as asked, its `orderProblem` saying the order did not go.
// Traffic goes only to receivers on 127.0.0.1.
import { beforeAll, describe, expect, it } from "vitest";
import { RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list, read } from "../requests.ts";
import { startSmtpReceiver } from "../smtp-receiver.ts";
import { setupApp, type Tenant } from "../support.ts";
import { mailDispatcher } from "./mail-fixtures.ts";
import { cancel, send, world } from "./orders-fixtures.ts";

const FROM = "Acme Orders <orders@acme.example>";

let setup: Awaited<ReturnType<typeof setupApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  setup = await setupApp({ mail: { from: FROM }, outbound: { allowLocal: true } });
  smtp = await startSmtpReceiver({ refuses: (to) => to.startsWith("nobody@") });
});

/** A receiver on 127.0.0.1 that refuses the first `refusals` requests (500), then takes them. */
async function flakyReceiver(refusals: number) {
  let seen = 0;
  return startReceiver(() => (++seen <= refusals ? 500 : 200));
}

const mailsTo = (to: string) => smtp.received.filter((mail) => mail.envelope.to.includes(to));

async function notificationsOf(t: Tenant, purchaseId: number) {
  return list(t, "purchase-notifications", `&where[purchaseId]=${purchaseId}`);
}

describe("a purchase order waiting for a retry follows its purchase", () => {
  it("is not delivered by callout once the purchase was cancelled: its notification says why", async () => {
    const t = await setup.tenant();
    const receiver = await flakyReceiver(1);
    const w = await world(t, { provider: { purchaseEndpoint: `${receiver.url}/orders` } });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id, { format: "json" }), 200);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    const [waiting] = await notificationsOf(t, w.purchase.id);
    expect(waiting!.status).toBe("pending");

    await expectStatus(cancel(t, w.purchase.id), 200);
    await retry(1);
    // Nothing more reached the provider: the retry was given up.
    expect(receiver.received).toHaveLength(1);
    const given = await read(t, "purchase-notifications", waiting!.id);
    expect(given).toMatchObject({
      status: "error",
      message: `Not delivered: purchase ${w.purchase.id} was cancelled after it was sent.`,
    });
    // Nothing is left to try, and the cancelled purchase stays as it was.
    await retry(2);
    expect(receiver.received).toHaveLength(1);
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "cancelled",
      orderProblem: null,
    });
  });

  it("is not e-mailed once the purchase was cancelled", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "nobody@cancelled.example" } });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id), 200);
    await dispatcher.runOnce();
    const [waiting] = await notificationsOf(t, w.purchase.id);
    expect(waiting!.status).toBe("pending");

    await expectStatus(cancel(t, w.purchase.id), 200);
    await retry(1);
    expect(await read(t, "purchase-notifications", waiting!.id)).toMatchObject({
      status: "error",
      message: `Not delivered: purchase ${w.purchase.id} was cancelled after it was sent.`,
    });
    const deliveries = await setup.db.execute({
      sql: "SELECT status, attempts FROM webhook_deliveries WHERE company_id = ? AND purpose = 'email'",
      args: [t.companyId],
    });
    expect(deliveries.rows.map((row) => [row.status, Number(row.attempts)])).toEqual([["failed", 2]]);
  });

  it("is not delivered, by callout or by e-mail, once the purchase was moved to another provider", async () => {
    const t = await setup.tenant();
    const receiver = await flakyReceiver(1);
    const w = await world(t, {
      provider: { purchaseEndpoint: `${receiver.url}/orders`, email: "moving@harbour-goods.example" },
    });
    const other = await create(t, "dropship-providers", { name: "Other Supply", email: "po@other.example" });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id, { format: "json" }), 200);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);

    await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: other.id,
      }),
      200,
    );
    await retry(1);
    expect(receiver.received).toHaveLength(1);
    const [callout] = await notificationsOf(t, w.purchase.id);
    expect(callout).toMatchObject({
      status: "error",
      message: `Not delivered: purchase ${w.purchase.id} was moved to dropship provider ${other.id} after it was sent to dropship provider ${w.provider.id}.`,
    });
    // The purchase is the new provider's, pending, to be sent again: the old order's end leaves it so.
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "pending",
      dropshipProviderId: other.id,
      orderProblem: null,
    });
  });

  it("is not delivered by callout once the purchase was moved to another provider and back: it waits to be sent again", async () => {
    const t = await setup.tenant();
    const receiver = await flakyReceiver(1);
    const w = await world(t, { provider: { purchaseEndpoint: `${receiver.url}/orders` } });
    const other = await create(t, "dropship-providers", { name: "Other Supply" });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id, { format: "json" }), 200);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);

    const move = (dropshipProviderId: number) =>
      expectStatus(
        t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, { dropshipProviderId }),
        200,
      );
    await move(other.id);
    await move(w.provider.id);
    await retry(1);
    expect(receiver.received).toHaveLength(1);
    const [callout] = await notificationsOf(t, w.purchase.id);
    expect(callout).toMatchObject({
      status: "error",
      message: `Not delivered: purchase ${w.purchase.id} went back to pending after it was sent (moved to another dropship provider and back): send it again.`,
    });
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "pending",
      dropshipProviderId: w.provider.id,
    });
  });

  it("is not e-mailed once the purchase was moved to another provider", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "nobody@moved.example" } });
    const other = await create(t, "dropship-providers", { name: "Other Supply", email: "po@other.example" });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id), 200);
    await dispatcher.runOnce();
    await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: other.id,
      }),
      200,
    );
    await retry(1);
    const [mail] = await notificationsOf(t, w.purchase.id);
    expect(mail).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^Not delivered: purchase \d+ was moved to dropship provider \d+/),
    });
    expect(mailsTo("po@other.example")).toEqual([]);
  });
});

describe("a purchase order that fails for good", () => {
  it("says so in the purchase's orderProblem; a later send that is handed over clears it", async () => {
    const t = await setup.tenant();
    let answer = 500;
    const receiver = await startReceiver(() => answer);
    const w = await world(t, { provider: { purchaseEndpoint: `${receiver.url}/orders` } });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id, { format: "json" }), 200);
    await dispatcher.runOnce();
    for (let n = 1; n < RETRY_DELAYS_S.length; n++) await retry(n);
    // Before the last attempt: still sent, nothing said.
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({ status: "sent", orderProblem: null });
    await retry(RETRY_DELAYS_S.length);
    expect(receiver.received).toHaveLength(RETRY_DELAYS_S.length + 1);

    const [notification] = await notificationsOf(t, w.purchase.id);
    expect(notification!.status).toBe("error");
    const failed = await read(t, "purchases", w.purchase.id);
    expect(failed).toMatchObject({
      status: "sent",
      orderProblem: `Not delivered to ${receiver.url}/orders: The receiver answered 500. No more attempts. Send it again once the provider can take it, or choose another format.`,
    });
    // The failure's error record is left as for any delivery.
    const failures = await expectStatus(t.json("GET", "/errors.json?where[source]=purchase-order"), 200);
    expect(failures).toEqual([
      expect.objectContaining({ code: "delivery_failed", subjectId: notification!.id }),
    ]);
    // The update's event says so.
    const updates = await expectStatus(t.json("GET", "/events.json?where[type]=purchase.updated"), 200);
    expect(updates.at(-1).data.previous).toMatchObject({ orderProblem: null });
    expect(updates.at(-1).data.object).toMatchObject({ status: "sent", orderProblem: failed.orderProblem });

    answer = 200;
    const again = await expectStatus(send(t, w.purchase.id, { format: "json" }), 200);
    expect(again).toMatchObject({ status: "sent", orderProblem: null });
    await dispatcher.runOnce();
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({ status: "sent", orderProblem: null });
    expect((await notificationsOf(t, w.purchase.id)).map((n) => n.status)).toEqual(["error", "success"]);
  });

  it("by e-mail: says so only when no recipient got it", async () => {
    const t = await setup.tenant();
    const u = await setup.tenant();
    // One recipient refused for good, one that takes it: the order reached the provider.
    const reached = await world(t, { provider: { email: "nobody@reached.example" } });
    await create(t, "dropship-provider-users", {
      dropshipProviderId: reached.provider.id,
      email: "desk@reached.example",
      name: "Desk",
    });
    // Both refused: nobody got it.
    const lost = await world(u, { provider: { email: "nobody@lost.example" } });
    await create(u, "dropship-provider-users", {
      dropshipProviderId: lost.provider.id,
      email: "nobody@lost-desk.example",
      name: "Nobody Else",
    });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, reached.purchase.id), 200);
    await expectStatus(send(u, lost.purchase.id), 200);
    await dispatcher.runOnce();
    for (let n = 1; n <= RETRY_DELAYS_S.length; n++) await retry(n);

    expect(mailsTo("desk@reached.example")).toHaveLength(1);
    expect((await notificationsOf(t, reached.purchase.id)).map((n) => n.status)).toEqual([
      "error",
      "success",
    ]);
    expect(await read(t, "purchases", reached.purchase.id)).toMatchObject({
      status: "sent",
      orderProblem: null,
    });

    expect((await notificationsOf(u, lost.purchase.id)).map((n) => n.status)).toEqual(["error", "error"]);
    const purchase = await read(u, "purchases", lost.purchase.id);
    expect(purchase.status).toBe("sent");
    expect(purchase.orderProblem).toMatch(
      /^Not delivered to nobody@lost(-desk)?\.example: The mail server refused it: 550 .* No more attempts\. Not delivered to nobody@lost(-desk)?\.example either\. /,
    );
  });

  it("leaves a purchase that moved on as it is: only the notification and the error record say so", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    const w = await world(t, { provider: { purchaseEndpoint: `${receiver.url}/orders` } });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id, { format: "json" }), 200);
    await dispatcher.runOnce();
    // The provider shipped part of it meanwhile (it had the order another way).
    await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/ship.json`, {
        trackingNumber: "TRK-9",
        items: [{ purchaseItemId: w.items.mug.id, quantity: 1 }],
      }),
      200,
    );
    for (let n = 1; n <= RETRY_DELAYS_S.length; n++) await retry(n);
    const [notification] = await notificationsOf(t, w.purchase.id);
    expect(notification!.status).toBe("error");
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "partiallyShipped",
      orderProblem: null,
    });
  });
});

describe("a send that can send nothing", () => {
  it("with no mail server: the purchase is sent as asked, its orderProblem saying the order did not go; once mail is configured a send clears it", async () => {
    const bare = await setupApp({});
    const t = await bare.tenant();
    const w = await world(t);
    const unsent = await expectStatus(send(t, w.purchase.id), 200);
    expect(unsent).toMatchObject({ status: "sent", sentAt: expect.any(String) });
    expect(unsent.orderProblem).toMatch(/^Not sent: e-mail is not configured on this server \(SMTP_URL/);
    const [event] = await expectStatus(t.json("GET", "/events.json?where[type]=purchase.sent"), 200);
    expect(event.data.object.orderProblem).toBe(unsent.orderProblem);
    expect((await notificationsOf(t, w.purchase.id)).map((n) => n.status)).toEqual(["error"]);
    const [failure] = await expectStatus(t.json("GET", "/errors.json?where[source]=email"), 200);
    expect(failure).toMatchObject({ code: "mail_not_configured", subjectId: w.purchase.id });

    // The same database served by an app with a mail server: the send is handed over, the problem cleared.
    const mailing = await setupApp({ db: bare.db, mail: { from: FROM } });
    const response = await mailing.app.request(`/purchases/${w.purchase.id}/send.json`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${t.token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "sent", orderProblem: null });
    expect(await expectStatus(t.json("GET", "/events.json?where[type]=purchase.sent"), 200)).toHaveLength(2);
  });
});
