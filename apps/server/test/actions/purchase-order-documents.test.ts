import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list } from "../requests.ts";
import { setupApp } from "../support.ts";
import { send, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** The purchase-order deliveries of a tenant's company, as queued. */
async function deliveries(companyId: number) {
  const { rows } = await setup.db.execute({
    sql: "SELECT content_type, body FROM webhook_deliveries WHERE company_id = ? AND purpose = 'purchase-order'",
    args: [companyId],
  });
  return rows;
}

describe("a purchase notification names the order as sent, within its fields' bounds", () => {
  it("a purchaseEndpoint of 2,000 characters: the recipient whole, the message cut, read and PUT back as they are", async () => {
    const t = await setup.tenant();
    const endpoint = `https://harbour-goods.example/orders?token=${"a".repeat(1957)}`;
    expect(endpoint).toHaveLength(2000);
    const w = await world(t, { provider: { purchaseFormat: "json", purchaseEndpoint: endpoint } });
    await expectStatus(send(t, w.purchase.id), 200);
    const [notification] = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
    expect(notification!.recipient).toBe(endpoint);
    expect([...notification!.message].length).toBe(2000);
    expect(notification!.message.endsWith("…")).toBe(true);
    await expectStatus(t.json("PUT", `/purchase-notifications/${notification!.id}.json`, notification), 200);
  });

  it("an XML order of 252,733 characters is stored whole, as it was queued, and reads within the schema", async () => {
    const t = await setup.tenant();
    const w = await world(t, {
      provider: { purchaseFormat: "xml", purchaseEndpoint: "https://harbour-goods.example/orders" },
    });
    // 80 lines whose name (500 characters, the field's bound) is quotes: XML writes each `&quot;`.
    for (let i = 0; i < 80; i++) {
      await create(t, "purchase-items", {
        purchaseId: w.purchase.id,
        sku: `Q-${i}`,
        name: '"'.repeat(500),
        quantity: 1,
        price: 1,
      });
    }
    await expectStatus(send(t, w.purchase.id), 200);
    const [notification] = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
    const [delivery] = await deliveries(t.companyId);
    expect(notification!.payload.length).toBeGreaterThan(250_000);
    expect(notification!.payload).toBe(String(delivery!.body));
    await expectStatus(t.json("PUT", `/purchase-notifications/${notification!.id}.json`, notification), 200);
  });
});

describe("a CSV purchase order's encoding", () => {
  it("is declared: the UTF-8 body goes out as text/csv with charset=utf-8", async () => {
    const t = await setup.tenant();
    const w = await world(t, {
      provider: { purchaseFormat: "csv", purchaseEndpoint: "https://harbour-goods.example/orders" },
    });
    await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}.json`, {
        receiverName: "José Müller",
        receiverCity: "Łódź",
      }),
      200,
    );
    await expectStatus(send(t, w.purchase.id), 200);
    const rows = await deliveries(t.companyId);
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.body)).toContain("José Müller");
    // text/* without a charset is US-ASCII (RFC 2046): the provider would read "JosÃ© MÃ¼ller".
    expect(String(rows[0]!.content_type)).toBe("text/csv; charset=utf-8");
  });
});

describe("a purchase order's number", () => {
  for (const reference of ["", "   "]) {
    it(`is the purchase's id when its reference is ${JSON.stringify(reference)}`, async () => {
      const t = await setup.tenant();
      const w = await world(t, {
        provider: { purchaseFormat: "json", purchaseEndpoint: "https://harbour-goods.example/orders" },
      });
      await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { reference }), 200);
      await expectStatus(send(t, w.purchase.id), 200);
      const [notification] = await list(t, "purchase-notifications", `&where[purchaseId]=${w.purchase.id}`);
      expect(JSON.parse(notification!.payload).purchaseOrder.number).toBe(String(w.purchase.id));
    });
  }
});
