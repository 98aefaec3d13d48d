// References a record keeps: one inside a list's items holds its record as a field's reference does
// (a delete is a 409 naming the referrer), an error's or a comment's subject outlives its record (the
// record is written back as read), and a date-time is one a body takes back.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus } from "../requests.ts";
import { setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp();
});

describe("a record named in another record's list items", () => {
  it("is not deleted under it: 409 naming the referrer, and nothing deleted", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Web" });
    const variant = await create(t, "variants", { sku: "MUG-1", name: "Mug", price: 10 });
    const other = await create(t, "variants", { sku: "CAP-1", name: "Cap", price: 5 });
    const list = await create(t, "channel-price-lists", {
      channelId: channel.id,
      name: "Wholesale",
      prices: [
        { variantId: other.id, price: 4 },
        { variantId: variant.id, price: 8 },
      ],
    });
    const refused = await expectStatus(t.json("DELETE", `/variants/${variant.id}.json`), 409);
    expect(refused.references).toEqual([{ kind: "channel-price-list", count: 1 }]);
    await expectStatus(t.json("GET", `/variants/${variant.id}.json`), 200);

    // Another company's price list naming the same id holds nothing of this one's.
    const stranger = await setup.tenant();
    const strangersVariant = await create(stranger, "variants", { sku: "MUG-1", name: "Mug", price: 1 });
    await expectStatus(stranger.json("DELETE", `/variants/${strangersVariant.id}.json`), 204);

    // Taken out of the list, it goes.
    await expectStatus(
      t.json("PUT", `/channel-price-lists/${list.id}.json`, { prices: [{ variantId: other.id, price: 4 }] }),
      200,
    );
    await expectStatus(t.json("DELETE", `/variants/${variant.id}.json`), 204);
  });

  it("holds a purchase line a return shipment carries, and its purchase with it", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", { name: "Acme" });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    const line = await create(t, "purchase-items", {
      purchaseId: purchase.id,
      sku: "A",
      quantity: 2,
      price: 1,
    });
    await create(t, "return-shipments", {
      purchaseId: purchase.id,
      items: [{ purchaseItemId: line.id, quantity: 1 }],
    });
    const refused = await expectStatus(t.json("DELETE", `/purchase-items/${line.id}.json`), 409);
    expect(refused.references).toEqual([{ kind: "return-shipment", count: 1 }]);
    const owner = await expectStatus(t.json("DELETE", `/purchases/${purchase.id}.json`), 409);
    expect(owner.references).toContainEqual({ kind: "return-shipment", count: 1 });
    await expectStatus(t.json("GET", `/purchase-items/${line.id}.json`), 200);
  });
});

describe("an error's or a comment's subject", () => {
  it("outlives its record: the error or comment is written back as read", async () => {
    const t = await setup.tenant();
    const customer = await create(t, "customers", { email: "ada@example.com" });
    const comment = await create(t, "comments", {
      subjectKind: "customer",
      subjectId: customer.id,
      body: "Prefers e-mail",
    });
    await expectStatus(t.json("DELETE", `/customers/${customer.id}.json`), 204);
    const read = await expectStatus(t.json("GET", `/comments/${comment.id}.json`), 200);
    const edited = await expectStatus(
      t.json("PUT", `/comments/${comment.id}.json`, { ...read, body: "Closed" }),
      200,
    );
    expect(edited).toMatchObject({ subjectKind: "customer", subjectId: customer.id, body: "Closed" });
    // Another subject is checked as any reference is.
    const moved = await t.json("PUT", `/comments/${comment.id}.json`, { subjectId: customer.id + 1_000_000 });
    expect(moved.status).toBe(422);
  });
});

describe("a date-time", () => {
  it("names an instant of the years 0000 to 9999 in UTC, as it is stored and answered", async () => {
    const t = await setup.tenant();
    for (const effectiveAt of ["9999-12-31T23:00:00-05:00", "0000-01-01T00:30:00+01:00"]) {
      const refused = await t.json("POST", "/agreements.json", { name: "Terms", effectiveAt });
      expect(refused.status, effectiveAt).toBe(422);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: "effectiveAt" })]);
    }
    const last = await create(t, "agreements", { name: "Terms", effectiveAt: "9999-12-31T18:59:59-05:00" });
    expect(last.effectiveAt).toBe("9999-12-31T23:59:59.000Z");
    await expectStatus(t.json("PUT", `/agreements/${last.id}.json`, { ...last, name: "Terms v2" }), 200);
  });
});

describe("a price list", () => {
  it("prices a variant once: a second price of it is a 422 naming the item, and nothing is written", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Web" });
    const mug = await create(t, "variants", { sku: "MUG-1", name: "Mug", price: 10 });
    const cap = await create(t, "variants", { sku: "CAP-1", name: "Cap", price: 5 });
    const twice = [
      { variantId: mug.id, price: 8 },
      { variantId: cap.id, price: 4 },
      { variantId: mug.id, price: 7 },
    ];
    const refused = await t.json("POST", "/channel-price-lists.json", {
      channelId: channel.id,
      name: "W",
      prices: twice,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "prices.2.variantId", message: expect.stringContaining("which prices.0 prices already") },
    ]);
    expect(await expectStatus(t.json("GET", "/channel-price-lists.json"), 200)).toEqual([]);
    const list = await create(t, "channel-price-lists", {
      channelId: channel.id,
      name: "W",
      prices: twice.slice(0, 2),
    });
    await expectStatus(t.json("PUT", `/channel-price-lists/${list.id}.json`, { prices: twice }), 422);
    const read = await expectStatus(t.json("GET", `/channel-price-lists/${list.id}.json`), 200);
    expect(read.prices).toEqual(twice.slice(0, 2).map((entry) => expect.objectContaining(entry)));
  });
});

describe("a required name", () => {
  it("takes at least one character, in every kind", async () => {
    const t = await setup.tenant();
    const refused = await t.json("POST", "/agreements.json", { name: "" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: "name" })]);
  });
});
