// A purchase's dropshipNotes reach its provider in the purchase order, in every format: a member of the
// JSON order, an element of the XML one, the last column of the CSV one (on the order's first row), and a
// paragraph of the e-mail (text and HTML, its CSV attachment too). Traffic goes only to receivers on
// 127.0.0.1.
import { beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import { expectStatus } from "../requests.ts";
import { startSmtpReceiver } from "../smtp-receiver.ts";
import { setupApp } from "../support.ts";
import { mailDispatcher } from "./mail-fixtures.ts";
import { send, world } from "./orders-fixtures.ts";

const NOTES = "Gift: no invoice in the parcel.\nLeave it at the back door, please";

let setup: Awaited<ReturnType<typeof setupApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  setup = await setupApp({ mail: { from: "orders@acme.example" }, outbound: { allowLocal: true } });
  smtp = await startSmtpReceiver();
});

/** The bodies a provider's endpoint receives for one send in each of JSON, XML and CSV. */
async function ordersReceived(dropshipNotes: string | null) {
  const t = await setup.tenant();
  const receiver = await startReceiver();
  const w = await world(t, { provider: { purchaseEndpoint: `${receiver.url}/po` } });
  await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { dropshipNotes }), 200);
  const { dispatcher } = mailDispatcher(setup.db, smtp.url);
  for (const format of ["json", "xml", "csv"]) await expectStatus(send(t, w.purchase.id, { format }), 200);
  await dispatcher.runOnce();
  const byType = (type: string) =>
    receiver.received.find((r) => r.headers["content-type"]?.startsWith(type))!;
  return {
    json: JSON.parse(byType("application/json").body).purchaseOrder,
    xml: byType("application/xml").body,
    csv: byType("text/csv").body.split("\r\n"),
  };
}

describe("dropshipNotes in the purchase order the provider receives", () => {
  it("JSON, XML and CSV orders carry the notes as written", async () => {
    const { json, xml, csv } = await ordersReceived(NOTES);
    expect(json.notes).toBe(NOTES);
    // After the ship-to address; a line break kept as a character reference.
    expect(xml).toContain(
      "  </shipTo>\n  <notes>Gift: no invoice in the parcel.&#10;Leave it at the back door, please</notes>\n  <lines>",
    );
    expect(csv[0]!.endsWith(",order_total,notes")).toBe(true);
    expect(csv[1]!.endsWith(`,60.27,"${NOTES}"`)).toBe(true);
    // The order's notes once: the rows of its other lines leave the column empty.
    expect(csv[2]!.endsWith(",60.27,")).toBe(true);
    expect(csv[3]!.endsWith(",60.27,")).toBe(true);
  });

  it("an order without notes: null in JSON, no element in XML, the CSV column empty", async () => {
    const { json, xml, csv } = await ordersReceived(null);
    expect(json).toHaveProperty("notes", null);
    expect(xml).not.toContain("<notes>");
    expect(csv[0]!.endsWith(",order_total,notes")).toBe(true);
    expect(csv[1]!.endsWith(",60.27,")).toBe(true);
  });

  it("an e-mailed order carries them in its text, its HTML and its CSV attachment", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: "notes@harbour-goods.example" } });
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { dropshipNotes: NOTES }), 200);
    const { dispatcher } = mailDispatcher(setup.db, smtp.url);
    await expectStatus(send(t, w.purchase.id), 200);
    await dispatcher.runOnce();
    const [mail] = smtp.received.filter((m) => m.envelope.to.includes("notes@harbour-goods.example"));
    const { parsed } = mail!;
    expect(parsed.text).toContain(
      "Notes:\n  Gift: no invoice in the parcel.\n  Leave it at the back door, please\n\nLines:",
    );
    expect(String(parsed.html)).toContain(
      "<p>Notes:<br>Gift: no invoice in the parcel.<br>Leave it at the back door, please</p>",
    );
    const rows = parsed.attachments[0]!.content.toString("utf8").split("\r\n");
    expect(rows[1]!.endsWith(`,"${NOTES}"`)).toBe(true);
  });
});
