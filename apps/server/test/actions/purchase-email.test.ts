// Purchase orders by e-mail: `send` with format `email` queues an e-mail that the dispatcher sends
// through a real SMTP server on 127.0.0.1, logged on the purchase notification like any delivery.
import { beforeAll, describe, expect, it } from "vitest";
import { RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { create, expectStatus, list, read } from "../requests.ts";
import { SMTP_PASSWORD, SMTP_USER, smtpUrl } from "../smtp-login.ts";
import { startSmtpReceiver } from "../smtp-receiver.ts";
import { setupApp, type Tenant } from "../support.ts";
import { mailDispatcher } from "./mail-fixtures.ts";
import { expectRefused, send, world } from "./orders-fixtures.ts";

const FROM = "Acme Orders <orders@acme.example>";
const PROVIDER_EMAIL = "orders@harbour-goods.example";

let setup: Awaited<ReturnType<typeof setupApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  setup = await setupApp({ mail: { from: FROM } });
  smtp = await startSmtpReceiver({ refuses: (to) => to.startsWith("nobody@") });
});

/** The one notification of the tenant's purchase. */
async function notificationOf(t: Tenant, purchaseId: number) {
  const notifications = await list(t, "purchase-notifications", `&where[purchaseId]=${purchaseId}`);
  expect(notifications).toHaveLength(1);
  return notifications[0]!;
}

/** The mails the server accepted for `to`. */
const mailsTo = (to: string) => smtp.received.filter((mail) => mail.envelope.to.includes(to));

describe("purchase orders by e-mail", () => {
  it("e-mails the order to the provider from MAIL_FROM: text, HTML and the CSV attached; the notification is a success", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "po-desk@harbour-goods.example" } });
    await expectStatus(
      t.json("PUT", `/purchase-items/${w.items.cap.id}.json`, { name: `Cap "Deluxe" <red> & blue` }),
      200,
    );
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);

    const sent = await expectStatus(send(t, w.purchase.id), 200);
    expect(sent.status).toBe("sent");
    const queued = await notificationOf(t, w.purchase.id);
    expect(queued).toMatchObject({
      format: "email",
      status: "pending",
      recipient: "po-desk@harbour-goods.example",
    });

    await dispatcher.runOnce();
    const [mail] = mailsTo("po-desk@harbour-goods.example");
    expect(mail).toBeDefined();
    expect(mail!.user).toBe(SMTP_USER);
    expect(mail!.envelope.from).toBe("orders@acme.example");
    const { parsed } = mail!;
    expect(parsed.from?.value).toEqual([{ name: "Acme Orders", address: "orders@acme.example" }]);
    expect(parsed.to).toMatchObject({ value: [{ address: "po-desk@harbour-goods.example" }] });
    expect(parsed.subject).toBe(`Purchase order ${w.purchase.id}`);

    expect(parsed.text).toContain("3 x MUG-1 (Harbour Mug) at 19.99 USD = 59.97 USD");
    expect(parsed.text).toContain(`1 x CAP-1 (Cap "Deluxe" <red> & blue) at 0.10 USD = 0.10 USD`);
    expect(parsed.text).toContain("Total: 60.27 USD");
    expect(parsed.text).toContain("12 Harbour Road");
    // The notification logs the text as sent.
    expect(parsed.text?.trim()).toBe(queued.payload.trim());

    const html = String(parsed.html);
    expect(html).toMatch(/<td[^>]*>MUG-1<\/td><td[^>]*>Harbour Mug<\/td>/);
    expect(html).toContain("Cap &quot;Deluxe&quot; &lt;red&gt; &amp; blue");
    expect(html).not.toContain("<red>");
    expect(html).toContain("Total: 60.27 USD");

    expect(parsed.attachments).toHaveLength(1);
    const [csv] = parsed.attachments;
    expect(csv).toMatchObject({ filename: `purchase-order-${w.purchase.id}.csv`, contentType: "text/csv" });
    const rows = csv!.content.toString("utf8").trim().split(/\r?\n/);
    expect(rows[0]).toMatch(/^number,date,currency,sku,name,quantity,price,line_total,ship_to_name,/);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(",MUG-1,Harbour Mug,3,19.99,59.97,Dana Buyer,");

    const delivered = await read(t, "purchase-notifications", queued.id);
    expect(delivered.status).toBe("success");
    expect(delivered.message).toMatch(
      /^E-mailed to po-desk@harbour-goods\.example: the mail server answered "250 .*"\.$/,
    );
    // One e-mail: nothing is left to send.
    await dispatcher.runOnce();
    expect(mailsTo("po-desk@harbour-goods.example")).toHaveLength(1);
  });

  it("writes a number that looks like an encoded word into the subject as it reads, not as a mail reader would decode it", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "po-words@harbour-goods.example" } });
    // "=?utf-8?B?...?=" of a line break and a Bcc header.
    const encoded = `=?utf-8?B?${btoa("\r\nBcc: x@evil.example")}?=`;
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { reference: encoded }), 200);
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id), 200);
    await dispatcher.runOnce();
    const [mail] = mailsTo("po-words@harbour-goods.example");
    expect(mail!.parsed.subject).toBe(`Purchase order ${encoded.replaceAll("=?", "= ?")}`);
    expect(mail!.parsed.subject).not.toContain("\n");
    expect(mail!.parsed.bcc).toBeUndefined();
  });

  it("keeps retrying an e-mail the server refuses (550), then logs the error for good", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "nobody@harbour-goods.example" } });
    const { dispatcher, clock } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id), 200);

    await dispatcher.runOnce();
    const first = await notificationOf(t, w.purchase.id);
    expect(first.status).toBe("pending");
    expect(first.message).toMatch(
      /^Attempt 1 failed: The mail server refused it: 550 .*Recipient address rejected.*\. Next attempt at (\S+)\.$/,
    );
    // The first retry comes within a minute, as a webhook's does.
    const next = Date.parse(/Next attempt at (\S+)\.$/.exec(first.message)![1]!);
    expect(next - clock.now).toBeGreaterThan(0);
    expect(next - clock.now).toBeLessThanOrEqual(60_000);

    for (const delay of RETRY_DELAYS_S) {
      clock.now += delay * 1000 * 1.2;
      await dispatcher.runOnce();
    }
    const last = await read(t, "purchase-notifications", first.id);
    expect(last.status).toBe("error");
    expect(last.message).toMatch(
      /^Attempt 8 failed: The mail server refused it: 550 .*\. No more attempts\.$/,
    );
    const failures = await expectStatus(t.json("GET", "/errors.json?where[source]=email"), 200);
    expect(failures).toEqual([
      expect.objectContaining({
        code: "delivery_failed",
        subjectKind: "purchase-notification",
        subjectId: first.id,
        message: expect.stringContaining("mailto:nobody@harbour-goods.example"),
      }),
    ]);
    expect(mailsTo("nobody@harbour-goods.example")).toEqual([]);
  });

  it("says why when the mail server refuses the login, and never repeats the password", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { dispatcher } = mailDispatcher(setup.db, smtpUrl(smtp.port, "wrong-password"));
    await expectStatus(send(t, w.purchase.id), 200);

    await dispatcher.runOnce();
    const notification = await notificationOf(t, w.purchase.id);
    expect(notification.status).toBe("pending");
    expect(notification.message).toMatch(
      /^Attempt 1 failed: The mail server refused it: 535 .*\. Next attempt at/,
    );
    expect(notification.message).not.toContain("wrong-password");
    expect(notification.message).not.toContain(SMTP_PASSWORD);
    expect(mailsTo(PROVIDER_EMAIL)).toEqual([]);
  });

  it("says why when no mail server answers, and tries again", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "unreached@harbour-goods.example" } });
    const { dispatcher } = mailDispatcher(setup.db, "smtp://127.0.0.1:9");
    await expectStatus(send(t, w.purchase.id), 200);

    await dispatcher.runOnce();
    const notification = await notificationOf(t, w.purchase.id);
    expect(notification.status).toBe("pending");
    expect(notification.message).toMatch(
      /^Attempt 1 failed: The mail server could not be reached: .*ECONNREFUSED.* Next attempt at/,
    );
  });

  it("logs each company's e-mails on its own notifications only", async () => {
    const a = await setup.tenant();
    const b = await setup.tenant();
    const worldA = await world(a, { provider: { email: "a-desk@harbour-goods.example" } });
    const worldB = await world(b, { provider: { email: "nobody@b-desk.example" } });
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(a, worldA.purchase.id), 200);
    await expectStatus(send(b, worldB.purchase.id), 200);
    await dispatcher.runOnce();

    const [ofA] = await list(a, "purchase-notifications");
    const [ofB] = await list(b, "purchase-notifications");
    expect((await list(a, "purchase-notifications")).map((n) => n.id)).toEqual([ofA!.id]);
    expect((await list(b, "purchase-notifications")).map((n) => n.id)).toEqual([ofB!.id]);
    expect(ofA).toMatchObject({ recipient: "a-desk@harbour-goods.example", status: "success" });
    expect(ofB).toMatchObject({ recipient: "nobody@b-desk.example", status: "pending" });
    // Another company's notification does not exist for you.
    await expectStatus(a.json("GET", `/purchase-notifications/${ofB!.id}.json`), 404);
    await expectStatus(b.json("GET", `/purchase-notifications/${ofA!.id}.json`), 404);
    expect(await list(a, "errors")).toEqual([]);
  });
});

/** Adds a person at the provider, receiving its purchase orders unless told otherwise. */
const providerUser = (
  t: Tenant,
  dropshipProviderId: number,
  email: string,
  more: Record<string, unknown> = {},
) => create(t, "dropship-provider-users", { dropshipProviderId, email, ...more });

describe("purchase orders by e-mail to the provider's users", () => {
  it("e-mails the provider and each user receiving purchase orders a message of their own, one notification each", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "desk@harbour-goods.example" } });
    await providerUser(t, w.provider.id, "ana@harbour-goods.example", { name: "Ana Ortiz" });
    await providerUser(t, w.provider.id, "ben@harbour-goods.example");
    const off = await providerUser(t, w.provider.id, "cleo@harbour-goods.example", {
      receivesPurchaseOrders: false,
    });
    expect(off.receivesPurchaseOrders).toBe(false);
    // Another provider's user receives nothing of this one's orders.
    const other = await create(t, "dropship-providers", { name: "Other Supply" });
    await providerUser(t, other.id, "dora@other.example");
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);

    await expectStatus(send(t, w.purchase.id), 200);
    const queued = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
    expect(queued.map((n) => [n.format, n.status, n.recipient])).toEqual([
      ["email", "pending", "desk@harbour-goods.example"],
      ["email", "pending", "ana@harbour-goods.example"],
      ["email", "pending", "ben@harbour-goods.example"],
    ]);

    await dispatcher.runOnce();
    for (const address of [
      "desk@harbour-goods.example",
      "ana@harbour-goods.example",
      "ben@harbour-goods.example",
    ]) {
      const mails = mailsTo(address);
      expect(mails, address).toHaveLength(1);
      // Each its own message: the envelope names that recipient alone.
      expect(mails[0]!.envelope.to).toEqual([address]);
      expect(mails[0]!.parsed.subject).toBe(`Purchase order ${w.purchase.id}`);
      expect(mails[0]!.parsed.text).toContain("3 x MUG-1 (Harbour Mug) at 19.99 USD = 59.97 USD");
      expect(mails[0]!.parsed.attachments).toHaveLength(1);
    }
    expect(mailsTo("cleo@harbour-goods.example")).toEqual([]);
    expect(mailsTo("dora@other.example")).toEqual([]);
    const delivered = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
    expect(delivered.map((n) => n.status)).toEqual(["success", "success", "success"]);
    expect(delivered[1]!.message).toMatch(/^E-mailed to ana@harbour-goods\.example: /);
  });

  it("retries a refused address on its own: the other recipients' orders are delivered", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "nobody@harbour-goods.example" } });
    await providerUser(t, w.provider.id, "eve@harbour-goods.example");
    const { dispatcher, clock } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id), 200);

    await dispatcher.runOnce();
    const [refused, delivered] = await list(
      t,
      "purchase-notifications",
      `&where[purchaseId]=${w.purchase.id}`,
    );
    expect(refused).toMatchObject({ recipient: "nobody@harbour-goods.example", status: "pending" });
    expect(refused!.message).toMatch(/^Attempt 1 failed: The mail server refused it: 550 /);
    expect(delivered).toMatchObject({ recipient: "eve@harbour-goods.example", status: "success" });
    expect(mailsTo("eve@harbour-goods.example")).toHaveLength(1);
    // When its retry is due, only the refused one is tried again; the delivered one is not sent again.
    clock.now += 120_000;
    await dispatcher.runOnce();
    expect((await read(t, "purchase-notifications", refused!.id)).message).toMatch(/^Attempt 2 failed: /);
    expect(await read(t, "purchase-notifications", delivered!.id)).toMatchObject({ status: "success" });
    expect(mailsTo("eve@harbour-goods.example")).toHaveLength(1);
  });

  it("sends to the users of a provider without an email, an address once whatever its case", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: null } });
    await providerUser(t, w.provider.id, "Fay@Harbour-Goods.example");
    await providerUser(t, w.provider.id, "fay@harbour-goods.example");
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id), 200);
    const notifications = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
    expect(notifications.map((n) => n.recipient)).toEqual(["Fay@Harbour-Goods.example"]);
    await dispatcher.runOnce();
    expect(
      smtp.received.filter((mail) => /^fay@harbour-goods\.example$/i.test(mail.envelope.to[0]!)),
    ).toHaveLength(1);
  });

  it("refuses (422, nothing changed) a provider with neither an email nor users receiving orders, or with too many of them", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: null } });
    await providerUser(t, w.provider.id, "gus@harbour-goods.example", { receivesPurchaseOrders: false });
    const none = await expectRefused(t, 422, () => send(t, w.purchase.id));
    expect(none.errors).toEqual([
      {
        path: "format",
        message: `asks for an e-mailed purchase order, but dropship provider ${w.provider.id} has no email and no users receiving purchase orders: set the provider's email, add a dropship provider user, or choose another format`,
      },
    ]);

    for (let n = 0; n < 21; n++) await providerUser(t, w.provider.id, `buyer${n}@harbour-goods.example`);
    const tooMany = await expectRefused(t, 422, () => send(t, w.purchase.id));
    expect(tooMany.errors).toEqual([
      {
        path: "format",
        message: `asks for an e-mailed purchase order, but dropship provider ${w.provider.id} has more than 20 users receiving purchase orders: set receivesPurchaseOrders to false for some of them, then send again`,
      },
    ]);
    // At 20, it is sent: one notification per user.
    const [last] = await list(t, "dropship-provider-users", `&where[email]=buyer20@harbour-goods.example`);
    await expectStatus(
      t.json("PUT", `/dropship-provider-users/${last!.id}.json`, { receivesPurchaseOrders: false }),
      200,
    );
    await expectStatus(send(t, w.purchase.id), 200);
    expect(await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`)).toHaveLength(20);
  });
});

describe("purchase orders by e-mail without a mail server", () => {
  it("logs the order as an error at once, telling the operator to set SMTP_URL, and queues nothing; the purchase says the order did not go", async () => {
    const own = await setupApp({});
    const t = await own.tenant();
    const w = await world(t);
    const sent = await expectStatus(send(t, w.purchase.id), 200);
    // Marked sent as the merchant asked, and saying that nothing went.
    expect(sent.status).toBe("sent");
    expect(sent.orderProblem).toMatch(/^Not sent: e-mail is not configured on this server \(SMTP_URL/);
    expect(await read(t, "purchases", w.purchase.id)).toMatchObject({
      status: "sent",
      orderProblem: sent.orderProblem,
    });
    const failures = await expectStatus(t.json("GET", "/errors.json?where[source]=email"), 200);
    expect(failures).toEqual([
      expect.objectContaining({
        code: "mail_not_configured",
        subjectKind: "purchase",
        subjectId: w.purchase.id,
        resolved: false,
      }),
    ]);

    const [notification] = await list(t, "purchase-notifications");
    expect(notification).toMatchObject({ format: "email", status: "error", recipient: PROVIDER_EMAIL });
    expect(notification!.message).toMatch(/not e-mailed to orders@harbour-goods\.example/);
    expect(notification!.message).toMatch(/set(s)? SMTP_URL and MAIL_FROM/);
    // The order as it would have been sent, for whoever sends it another way.
    expect(notification!.payload).toContain("3 x MUG-1 (Harbour Mug) at 19.99 USD = 59.97 USD");
    const queued = await own.db.execute({
      sql: "SELECT count(*) AS n FROM webhook_deliveries WHERE company_id = ?",
      args: [t.companyId],
    });
    expect(Number(queued.rows[0]!.n)).toBe(0);
  });

  it("logs an error at once for each recipient: the provider and each user receiving orders", async () => {
    const own = await setupApp({});
    const t = await own.tenant();
    const w = await world(t);
    await providerUser(t, w.provider.id, "hal@harbour-goods.example");
    await expectStatus(send(t, w.purchase.id), 200);
    const notifications = await list(t, "purchase-notifications");
    expect(notifications.map((n) => [n.recipient, n.status])).toEqual([
      [PROVIDER_EMAIL, "error"],
      ["hal@harbour-goods.example", "error"],
    ]);
    expect(notifications[1]!.message).toMatch(/not e-mailed to hal@harbour-goods\.example/);
  });
});
