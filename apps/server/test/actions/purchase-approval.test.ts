// A purchase order goes to its provider only while the purchase is approved and finalized: a send of an
// unapproved or draft purchase is a 409 naming the field and the fix, sending and changing nothing; and an
// order waiting for a retry is given up when its purchase stops being either. Traffic goes only to
// receivers on 127.0.0.1.
import { beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import { expectStatus, list, read } from "../requests.ts";
import { startSmtpReceiver } from "../smtp-receiver.ts";
import { setupApp } from "../support.ts";
import { mailDispatcher } from "./mail-fixtures.ts";
import { expectRefused, send, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  setup = await setupApp({ mail: { from: "orders@acme.example" }, outbound: { allowLocal: true } });
  smtp = await startSmtpReceiver();
});

describe("send: only an approved, finalized purchase goes to its provider", () => {
  it("refuses an unapproved purchase (409 naming approved and the fix), sends nothing; approved, it goes", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const w = await world(t, {
      provider: { purchaseFormat: "json", purchaseEndpoint: `${receiver.url}/po` },
    });
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { approved: false }), 200);
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);

    const refused = await expectRefused(t, 409, () => send(t, w.purchase.id));
    expect(refused.detail).toBe(
      `Purchase ${w.purchase.id} is not approved to go to its provider (approved is false): set it to true first (PUT /purchases/${w.purchase.id}.json with {"approved": true}), then send it.`,
    );
    expect(refused).toMatchObject({
      state: "pending",
      rule: "a purchase is sent only once approved and finalized",
    });
    expect(refused.allowedActions).not.toContain("send");
    await dispatcher.runOnce();
    expect(receiver.received).toEqual([]);

    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { approved: true }), 200);
    await expectStatus(send(t, w.purchase.id), 200);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect((await read(t, "purchases", w.purchase.id)).status).toBe("sent");
  });

  it("refuses a draft (finalized false), and one that is both, naming each field", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { finalized: false }), 200);
    const draft = await expectRefused(t, 409, () => send(t, w.purchase.id));
    expect(draft.detail).toBe(
      `Purchase ${w.purchase.id} is a draft (finalized is false): set it to true first (PUT /purchases/${w.purchase.id}.json with {"finalized": true}), then send it.`,
    );

    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { approved: false }), 200);
    const both = await expectRefused(t, 409, () => send(t, w.purchase.id, { format: "email" }));
    expect(both.detail).toBe(
      `Purchase ${w.purchase.id} is not approved to go to its provider and a draft (approved is false and finalized is false): set them to true first (PUT /purchases/${w.purchase.id}.json with {"approved": true, "finalized": true}), then send it.`,
    );
    await dispatcher.runOnce();
    expect(smtp.received.filter((mail) => mail.envelope.to.includes("orders@harbour-goods.example"))).toEqual(
      [],
    );
  });

  it("refuses a sent purchase made unapproved from being sent again", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    await expectStatus(send(t, w.purchase.id), 200);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { approved: false }), 200);
    const refused = await expectRefused(t, 409, () => send(t, w.purchase.id));
    expect(refused.state).toBe("sent");
    expect(refused.detail).toContain("(approved is false)");
  });
});

describe("an order waiting for a retry follows its purchase's approval", () => {
  it("is not delivered once the purchase is no longer approved; its notification says why and how to send it", async () => {
    const t = await setup.tenant();
    let seen = 0;
    const receiver = await startReceiver(() => (++seen === 1 ? 500 : 200));
    const w = await world(t, { provider: { purchaseEndpoint: `${receiver.url}/po` } });
    const { dispatcher, retry } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id, { format: "xml" }), 200);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);

    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { approved: false }), 200);
    await retry(1);
    expect(receiver.received).toHaveLength(1);
    const [notification] = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
    expect(notification).toMatchObject({
      status: "error",
      message: `Not delivered: purchase ${w.purchase.id} was no longer approved after it was sent (approved is false): set approved to true and send it again.`,
    });
  });

  it("is not e-mailed once the purchase was made a draft", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "draft@harbour-goods.example" } });
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id), 200);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { finalized: false }), 200);
    await dispatcher.runOnce();
    expect(smtp.received.filter((mail) => mail.envelope.to.includes("draft@harbour-goods.example"))).toEqual(
      [],
    );
    const [notification] = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
    expect(notification).toMatchObject({
      status: "error",
      message: `Not delivered: purchase ${w.purchase.id} was made a draft after it was sent (finalized is false): set finalized to true and send it again.`,
    });
  });
});
