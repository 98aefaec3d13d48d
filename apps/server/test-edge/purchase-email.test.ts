// Purchase orders by e-mail in workerd: the queue consumer sends them over the runtime's TCP sockets
// (`cloudflare:sockets`, worker-mailer) to a real SMTP server on 127.0.0.1, and logs the outcome.
// One mail server at a time listens on the port the Worker was configured with (SMTP_URL).
import { createServer, type Socket } from "node:net";
import { afterAll, expect, inject, it, onTestFinished } from "vitest";
import { startSmtpReceiver } from "../test/smtp-receiver.ts";
import { closeDatabase, type Tenant, tenant } from "./support.ts";

afterAll(closeDatabase);

/** A provider taking e-mailed orders at `email`, and a purchase of one line sent to it. */
async function sendTo(t: Tenant, email: string) {
  const provider = await t.json("POST", "/dropship-providers.json", { name: "Edge Supply", email });
  expect(provider.status).toBe(200);
  const purchase = await t.json("POST", "/purchases.json", { dropshipProviderId: provider.body.id });
  await t.json("POST", "/purchase-items.json", {
    purchaseId: purchase.body.id,
    sku: "EDGE-MUG",
    name: "Edge Mug",
    quantity: 2,
    price: 4.5,
  });
  expect((await t.json("PUT", `/purchases/${purchase.body.id}/send.json`, {})).status).toBe(200);
  return purchase.body.id as number;
}

/** The purchase's notification once it is no longer `pending` with its first message (or the deadline). */
async function settled(t: Tenant, purchaseId: number, done: (notification: any) => boolean) {
  // A busy machine may need a retry (a queue redelivery, or a delivery's own 5 s backoff).
  const deadline = Date.now() + 75_000;
  for (;;) {
    const { body } = await t.json("GET", `/purchase-notifications.json?where[purchaseId]=${purchaseId}`);
    if (done(body[0]) || Date.now() > deadline) return body[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it("e-mails a sent purchase order through SMTP over sockets, and logs a refusal with its reason", async () => {
  const smtp = await startSmtpReceiver({
    port: inject("edge").smtpPort,
    refuses: (to) => to.startsWith("nobody@"),
  });
  // Closed before the next test, which listens on the same port.
  onTestFinished(smtp.close);
  const t = await tenant();
  const accepted = await sendTo(t, "orders@edge-supply.example");
  const refused = await sendTo(t, "nobody@edge-supply.example");

  const success = await settled(t, accepted, (n) => n?.status === "success");
  expect(success).toMatchObject({
    status: "success",
    message: "E-mailed to orders@edge-supply.example: the mail server accepted it.",
  });
  // Other suites' Workers e-mail through the same port: only this provider's mail is this test's.
  const mails = smtp.received.filter((mail) => mail.envelope.to.includes("orders@edge-supply.example"));
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail!.envelope).toEqual({ from: "orders@edge.example", to: ["orders@edge-supply.example"] });
  expect(mail!.parsed.from?.value).toEqual([{ name: "Edge Orders", address: "orders@edge.example" }]);
  expect(mail!.parsed.subject).toBe(`Purchase order ${accepted}`);
  expect(mail!.parsed.text).toContain("2 x EDGE-MUG (Edge Mug) at 4.50 USD = 9.00 USD");
  expect(String(mail!.parsed.html)).toContain("Edge Mug");
  expect(mail!.parsed.attachments.map((file) => file.filename)).toEqual([`purchase-order-${accepted}.csv`]);
  expect(mail!.parsed.attachments[0]!.content.toString("utf8")).toContain(",EDGE-MUG,Edge Mug,2,4.50,9.00,");

  const failed = await settled(t, refused, (n) => /^Attempt \d+ failed/.test(n?.message ?? ""));
  expect(failed.status).toBe("pending");
  expect(failed.message).toMatch(/^Attempt 1 failed: The mail server refused it: .*550 .*Next attempt at/);
}, 90_000);

it("logs a mail server that hangs up mid-session as a failed attempt, and the Worker answers on", async () => {
  const sockets = new Set<Socket>();
  // Greets, then closes the connection at the client's first command.
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.write("220 hangup.example ESMTP\r\n");
    socket.once("data", () => socket.end());
  });
  await new Promise<void>((resolve) => server.listen(inject("edge").smtpPort, "127.0.0.1", resolve));
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const t = await tenant();
  const purchaseId = await sendTo(t, "po@hangup.example");

  const failed = await settled(t, purchaseId, (n) => /^Attempt \d+ failed/.test(n?.message ?? ""));
  expect(failed.status).toBe("pending");
  expect(failed.message).toMatch(
    /^Attempt 1 failed: The mail server could not be reached: the mail server closed the connection\. Next attempt at/,
  );
  expect(sockets.size).toBeGreaterThan(0);
}, 90_000);
