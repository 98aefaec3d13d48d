// The Node server e-mails purchase orders through SMTP_URL: its entry gives the dispatcher in the process
// the SMTP transport, and says at start which mail server it uses (never with its password).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../node-process.ts";
import { SMTP_PASSWORD } from "../smtp-login.ts";
import { startSmtpReceiver } from "../smtp-receiver.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-node-mail-"));
let server: NodeServer | undefined;
afterAll(() => {
  server?.process.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

it("e-mails a sent purchase order from the server process, and names the mail server at start", async () => {
  const smtp = await startSmtpReceiver();
  server = await startNodeServer(
    {
      DATABASE_URL: `file:${join(dir, "mail.db")}`,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Node Orders <orders@node.example>",
    },
    true,
  );
  expect(server.lines).toContain(
    `E-mail: smtp://127.0.0.1:${smtp.port}, from Node Orders <orders@node.example>`,
  );
  expect(server.lines.join("\n")).not.toContain(encodeURIComponent(SMTP_PASSWORD));

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server!.base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${server!.token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json();
  };
  const provider = await call("POST", "/dropship-providers.json", {
    name: "Node Supply",
    email: "po@node-supply.example",
  });
  const purchase = await call("POST", "/purchases.json", { dropshipProviderId: provider.id });
  await call("POST", "/purchase-items.json", { purchaseId: purchase.id, sku: "N-1", quantity: 1, price: 3 });
  await call("PUT", `/purchases/${purchase.id}/send.json`, {});

  const deadline = Date.now() + 30_000;
  let notification: any;
  while (Date.now() < deadline) {
    [notification] = await call("GET", "/purchase-notifications.json");
    if (notification?.status !== "pending") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(notification).toMatchObject({ status: "success", recipient: "po@node-supply.example" });
  expect(smtp.received.map((mail) => [mail.envelope.to, mail.parsed.subject])).toEqual([
    [["po@node-supply.example"], `Purchase order ${purchase.id}`],
  ]);
}, 90_000);
