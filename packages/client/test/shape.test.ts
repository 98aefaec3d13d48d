import { beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/index.ts";
import { setupServer } from "./setup.ts";

let server: Awaited<ReturnType<typeof setupServer>>;
beforeAll(async () => {
  server = await setupServer();
});

/** A client for a fresh company whose request URLs are recorded. */
async function recordingClient() {
  const { token } = await server.tenantClient();
  const urls: URL[] = [];
  const client = createClient({
    baseUrl: "http://localhost",
    token,
    retry: false,
    fetch: (input, init) => {
      urls.push(new URL(input));
      return server.fetch(input, init);
    },
  });
  return { client, urls };
}

describe("where operators", () => {
  it("sends $like, $eq and the ranges as the server reads them, and gets the matching records", async () => {
    const { client, urls } = await recordingClient();
    const tee = await client.variants.create({ sku: "TEE-RED-M" });
    const teeBlue = await client.variants.create({ sku: "tee-blue-l" });
    const mug = await client.variants.create({ sku: "MUG_100%" });

    const ids = async (query: Parameters<typeof client.variants.list>[0]) =>
      (await client.variants.list(query)).records.map((variant) => variant.id);

    // ASCII case-insensitive, as SQLite's LIKE is.
    expect(await ids({ where: { sku: { $like: "TEE-%" } } })).toEqual([tee.id, teeBlue.id]);
    expect(urls.at(-1)!.searchParams.get("where[sku][$like]")).toBe("TEE-%");
    expect(await ids({ where: { sku: { $like: "%-_" } } })).toEqual([tee.id, teeBlue.id]);
    // `\` makes a wildcard literal.
    expect(await ids({ where: { sku: { $like: "%\\%" } } })).toEqual([mug.id]);
    expect(await ids({ where: { sku: { $eq: "MUG_100%" } } })).toEqual([mug.id]);
    expect(await ids({ where: { sku: { $gte: "TEE", $lt: "TEF" } } })).toEqual([tee.id]);
    expect(await ids({ where: { id: { $lte: teeBlue.id }, sku: { $ne: "TEE-RED-M" } } })).toEqual([
      teeBlue.id,
    ]);
  });

  it("takes $like on an enum field, and answers a pattern or a field the server refuses with a 400", async () => {
    const { client } = await recordingClient();
    const draft = await client.products.create({ name: "Mug", status: "draft" });
    await client.products.create({ name: "Tee", status: "active" });
    const found = await client.products.list({ where: { status: { $like: "dr%" } } });
    expect(found.records.map((product) => product.id)).toEqual([draft.id]);
    await expect(client.products.list({ where: { name: { $like: "%a%b%c%d%e" } } })).rejects.toMatchObject({
      status: 400,
      detail: expect.stringContaining("wildcards"),
    });
    // A date is a string to TypeScript but no text to the server (the client's types refuse it too).
    const onDate = { where: { createdAt: { $like: "2026-%" } } } as never;
    await expect(client.products.list(onDate)).rejects.toMatchObject({
      status: 400,
      detail: expect.stringContaining("text field"),
    });
  });
});

describe("attributes and include", () => {
  async function order() {
    const { client, urls } = await recordingClient();
    const channel = await client.channels.create({ name: "Web store" });
    const customer = await client.customers.create({ name: "Ada", email: "ada@example.com" });
    const sale = await client.sales.create({ channelId: channel.id, customerId: customer.id });
    const purchase = await client.purchases.create({ saleId: sale.id, reference: "PO-1" });
    const first = await client.purchaseItems.create({
      purchaseId: purchase.id,
      sku: "TEE",
      quantity: 2,
      price: 5,
    });
    const second = await client.purchaseItems.create({
      purchaseId: purchase.id,
      sku: "MUG",
      quantity: 1,
      price: 8,
    });
    return { client, urls, customer, sale, purchase, items: [first, second] };
  }

  it("answers only the attributes asked for, and embeds the includes, nested, as the reference's clients read them", async () => {
    const { client, urls, customer, sale, purchase, items } = await order();
    const page = await client.purchases.list({
      attributes: ["id", "reference"],
      include: [
        { model: "PurchaseItem", attributes: ["id", "quantity"] },
        { model: "Sale", include: ["Customer"] },
      ],
    });
    const sent = urls.at(-1)!.searchParams;
    expect(sent.get("attributes")).toBe("id,reference");
    expect(sent.get("include[0][model]")).toBe("PurchaseItem");
    expect(sent.get("include[0][attributes]")).toBe("id,quantity");
    expect(sent.get("include[1][include][0][model]")).toBe("Customer");

    expect(page.records).toHaveLength(1);
    const row = page.records[0]!;
    // The asked fields, and the key the Sale include joins on; nothing else of the purchase.
    expect(Object.keys(row).sort()).toEqual(["id", "purchase_items", "reference", "sale", "saleId"]);
    expect(row).toMatchObject({ id: purchase.id, reference: "PO-1", saleId: sale.id });
    expect(row.purchase_items).toEqual([
      { id: items[0]!.id, quantity: 2, purchaseId: purchase.id },
      { id: items[1]!.id, quantity: 1, purchaseId: purchase.id },
    ]);
    expect(row.sale).toMatchObject({
      id: sale.id,
      customerId: customer.id,
      customer: { id: customer.id, name: "Ada" },
    });
  });

  it("leaves fields out with attributes.exclude, and shapes a read by id while its ETag stays the record's", async () => {
    const { client, purchase } = await order();
    const page = await client.purchases.list({ attributes: { exclude: ["notes", "reference"] } });
    expect(page.records[0]).not.toHaveProperty("notes");
    expect(page.records[0]).not.toHaveProperty("reference");
    expect(page.records[0]).toHaveProperty("saleId");

    const whole = await client.purchases.get(purchase.id);
    const shaped = await client.purchases.get(purchase.id, { attributes: ["id"], include: "PurchaseItem" });
    expect(Object.keys(shaped).sort()).toEqual(["id", "purchase_items"]);
    expect(shaped.purchase_items.map((item) => item.sku)).toEqual(["TEE", "MUG"]);
    const { etagOf } = await import("../src/index.ts");
    expect(etagOf(shaped)).toBe(etagOf(whole));
  });

  it("keeps the shape on every page of listAll", async () => {
    const { client } = await order();
    const skus: string[] = [];
    for await (const item of client.purchaseItems.listAll({
      attributes: ["sku"],
      include: ["Purchase"],
      limit: 1,
    })) {
      skus.push(`${item.sku}@${item.purchase?.reference}`);
      expect(Object.keys(item).sort()).toEqual(["purchase", "purchaseId", "sku"]);
    }
    expect(skus).toEqual(["TEE@PO-1", "MUG@PO-1"]);
  });

  it("answers an include the kind has no relation with as a 400", async () => {
    const { client } = await order();
    await expect(client.purchases.list({ include: ["WebhookEndpoint"] } as never)).rejects.toMatchObject({
      status: 400,
    });
  });
});
