import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp } from "../support.ts";
import { cancel, expectRefused, send, sentWorld, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("purchase.send", () => {
  it("renders the purchase order as JSON, CSV and XML for the provider's endpoint", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    await expectStatus(
      t.json("PUT", `/purchase-items/${w.items.cap.id}.json`, { name: `Cap "Deluxe" <red> & blue` }),
      200,
    );
    await expectStatus(
      t.json("PUT", `/purchase-items/${w.items.pin.id}.json`, { name: "=HYPERLINK(1)" }),
      200,
    );

    for (const format of ["json", "csv", "xml"] as const)
      await expectStatus(send(t, w.purchase.id, { format }), 200);
    const notifications = await list(t, "purchase-notifications");
    // Queued for the dispatcher (events.test.ts delivers them to a listening receiver).
    expect(notifications.map((n) => [n.format, n.recipient, n.status])).toEqual([
      ["json", "https://harbour-goods.example/orders", "pending"],
      ["csv", "https://harbour-goods.example/orders", "pending"],
      ["xml", "https://harbour-goods.example/orders", "pending"],
    ]);

    const json = JSON.parse(notifications[0]!.payload).purchaseOrder;
    expect(json.number).toBe(String(w.purchase.id));
    expect(json.shipTo).toMatchObject({ name: "Dana Buyer", lineOne: "12 Harbour Road", country: "US" });
    expect(json.lines).toEqual([
      { sku: "MUG-1", name: "Harbour Mug", quantity: 3, price: 19.99, total: 59.97 },
      { sku: "CAP-1", name: `Cap "Deluxe" <red> & blue`, quantity: 1, price: 0.1, total: 0.1 },
      { sku: "PIN-1", name: "=HYPERLINK(1)", quantity: 1, price: 0.2, total: 0.2 },
    ]);
    expect(json).toMatchObject({ subtotal: 60.27, total: 60.27, currency: "USD" });

    const csv = notifications[1]!.payload.trim().split("\r\n");
    expect(csv[0]).toMatch(/^number,date,currency,sku,name,quantity,price,line_total,ship_to_name,/);
    expect(csv).toHaveLength(4);
    expect(csv[1]).toContain(",MUG-1,Harbour Mug,3,19.99,59.97,Dana Buyer,");
    expect(csv[2]).toContain(`,CAP-1,"Cap ""Deluxe"" <red> & blue",1,0.10,0.10,`);
    // Spreadsheet formulas are neutralised.
    expect(csv[3]).toContain(",PIN-1,'=HYPERLINK(1),1,0.20,0.20,");
    // The order's total, then its notes (none here).
    expect(csv[1]!.endsWith(",60.27,")).toBe(true);

    const xml: string = notifications[2]!.payload;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain(`<purchaseOrder number="${w.purchase.id}">`);
    expect(xml).toContain("<name>Cap &quot;Deluxe&quot; &lt;red&gt; &amp; blue</name>");
    expect(xml).not.toContain("<red>");
    expect(xml).toContain("<total>60.27</total>");
  });

  it("writes the CSV order with CRLF, quoting a cell with a semicolon; an XML order keeps tabs and line breaks as references", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const name = "Mug;=HYPERLINK(1);x";
    await expectStatus(t.json("PUT", `/purchase-items/${w.items.cap.id}.json`, { name }), 200);
    await expectStatus(send(t, w.purchase.id, { format: "csv" }), 200);
    const reference = { reference: "PO\t7\r\nB" };
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, reference), 200);
    await expectStatus(send(t, w.purchase.id, { format: "xml" }), 200);
    const [csv, xml] = (await list(t, "purchase-notifications")).map((n) => String(n.payload));

    // Four records (the header and three lines), each ended with CRLF (RFC 4180); a spreadsheet
    // splitting on ";" finds the cell quoted.
    expect(csv!.split("\r\n")).toHaveLength(5);
    expect(csv!.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    expect(csv).toContain(`,CAP-1,"${name}",1,`);

    // A parser reads a CR as a line feed, and a tab or line break in an attribute as a space: written
    // as references, they reach the provider as stored.
    expect(xml).toContain('<purchaseOrder number="PO&#9;7&#13;&#10;B">');
    expect(xml).not.toMatch(/number="[^"]*[\t\r\n]/);
  });

  it("totals the order as the books owe: a discount of the whole order is cut to what the lines left are worth", async () => {
    const t = await setup.tenant();
    const w = await world(t); // lines 59.97 + 0.10 + 0.20 = 60.27
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { discounts: 60 }), 200);
    await expectStatus(
      cancel(t, w.purchase.id, { items: [{ purchaseItemId: w.items.mug.id, quantity: 3 }] }),
      200,
    );
    expect((await read(t, "purchases", w.purchase.id)).amountOwed).toBe(0);
    for (const format of ["json", "csv", "xml", "email"] as const) {
      await expectStatus(send(t, w.purchase.id, { format }), 200);
    }
    const [json, csv, xml, email] = (await list(t, "purchase-notifications")).map((n) => String(n.payload));
    expect(JSON.parse(json!).purchaseOrder).toMatchObject({ subtotal: 0.3, discounts: 0.3, total: 0 });
    expect(csv).toMatch(/,dana@example\.com,0\.00,\r\n.*,dana@example\.com,0\.00,\r\n$/s);
    expect(xml).toContain("<discounts>0.30</discounts>");
    expect(xml).toContain("<total>0.00</total>");
    expect(email).toContain("Total: 0.00 USD");
  });

  it("resends a sent purchase: a second delivery is logged", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const again = await expectStatus(send(t, w.purchase.id, { format: "json" }), 200);
    expect(again.status).toBe("sent");
    expect((await list(t, "purchase-notifications")).map((n) => n.format)).toEqual(["email", "json"]);
  });

  it("refuses a purchase without a provider, or a format the provider has no address for (422, nothing changed)", async () => {
    const t = await setup.tenant();
    const w = await world(t, { provider: { email: null, purchaseEndpoint: null } });
    const noEmail = await expectRefused(t, 422, () => send(t, w.purchase.id));
    expect(noEmail.errors).toEqual([
      {
        path: "format",
        message: `asks for an e-mailed purchase order, but dropship provider ${w.provider.id} has no email and no users receiving purchase orders: set the provider's email, add a dropship provider user, or choose another format`,
      },
    ]);
    for (const [format, named] of [
      ["xml", "an XML purchase order"],
      ["json", "a JSON purchase order"],
      ["csv", "a CSV purchase order"],
    ]) {
      const noEndpoint = await expectRefused(t, 422, () => send(t, w.purchase.id, { format }));
      expect(noEndpoint.errors).toEqual([
        {
          path: "format",
          message: `asks for ${named}, but dropship provider ${w.provider.id} has no purchaseEndpoint to send it to: set the provider's purchaseEndpoint or choose another format`,
        },
      ]);
      expect(noEndpoint.detail).toBe(
        `Dropship provider ${w.provider.id} has no purchaseEndpoint to send ${named} to: set its purchaseEndpoint or choose another format.`,
      );
    }

    const orphan = await create(t, "purchases", { shippingPrice: 1 });
    const body = await expectRefused(t, 422, () => send(t, orphan.id));
    expect(body.errors).toEqual([
      { path: "dropshipProviderId", message: `is not set on purchase ${orphan.id}: set it first` },
    ]);
    expect(body.detail).toBe(
      `Purchase ${orphan.id} has no dropship provider: set its dropshipProviderId first.`,
    );
  });
});
