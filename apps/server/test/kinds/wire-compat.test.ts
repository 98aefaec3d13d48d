// The reference service's documented requests (shared/reference/wire.md §7–§12), re-typed exactly as
// printed there, replayed against the app: each must work unchanged, and the records must show it.

import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list, read } from "../requests.ts";
import { type Api, countWrites, setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

// ------------------------------------------------------------------------------------------- the world

/** A warehouse, a dropship provider with defaults and an address, a channel listing variant `123`. */
async function world(t: Tenant) {
  const warehouse = await create(t, "warehouses", {
    name: "Main",
    isDefault: true,
    lineOne: "1 Dock Rd",
    city: "Austin",
    country: "US",
  });
  const provider = await create(t, "dropship-providers", {
    name: "Acme Supply",
    email: "orders@acme.example",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
  });
  await create(t, "dropship-provider-addresses", {
    dropshipProviderId: provider.id,
    lineOne: "9 Mill St",
    city: "Dayton",
    state: "OH",
    zip: "45402",
    country: "US",
    isDefault: true,
  });
  const mug = await create(t, "variants", {
    sku: "MUG-1",
    name: "Mug",
    price: 20,
    costPrice: 6.25,
    dropshipProviderId: provider.id,
  });
  const channel = await create(t, "channels", { name: "Store" });
  const listing = await create(t, "channel-variants", {
    channelId: channel.id,
    variantId: mug.id,
    externalId: "123",
  });
  return { warehouse, provider, mug, channel, listing };
}

// wire.md §7, re-typed from the guide.
const ORDER = {
  externalId: "1234",
  saleDefaults: { reference: "10001" },
  customer: { firstName: "Test", lastName: "User", email: "test@user.example" },
  lineItems: [
    {
      externalId: "line-external-id",
      name: "line-item-name",
      quantity: 10,
      price: 20,
      taxable: true,
      variant: { externalId: "123" },
      properties: [{ key: "property-key", value: "property-value" }],
    },
  ],
  shipping: [
    { code: "shipping-code", name: "shipping-name", serviceLevel: "shipping-service-level", price: 10 },
  ],
  options: {},
};

/** Every record of the kinds an order import writes, to prove that a refused one wrote nothing. */
async function orderRecords(t: Tenant) {
  const out: Record<string, unknown[]> = {};
  for (const plural of ["sales", "sale-items", "customers", "purchases", "purchase-items", "fulfillments"]) {
    out[plural] = await list(t, plural);
  }
  return out;
}

// ------------------------------------------------------------------------------------- §7 manual-sale

describe("§7 POST /channels/{id}/manual-sale.json", () => {
  it("imports the documented order: sale, customer, line with its properties, purchase, sale import", async () => {
    const t = await ctx.tenant();
    const { channel, mug, provider } = await world(t);
    const sale = await expectStatus(t.json("POST", `/channels/${channel.id}/manual-sale.json`, ORDER), 200);
    expect(sale).toMatchObject({
      channelId: channel.id,
      externalId: "1234",
      reference: "10001",
      status: "open",
      subtotal: 200,
      shippingPrice: 10,
      total: 210,
    });
    const [customer] = await list(t, "customers");
    expect(customer).toMatchObject({ email: "test@user.example", firstName: "Test", lastName: "User" });
    expect(sale.customerId).toBe(customer!.id);

    const items = await list(t, "sale-items", `&where[saleId]=${sale.id}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      externalId: "line-external-id",
      name: "line-item-name",
      sku: "MUG-1",
      variantId: mug.id,
      quantity: 10,
      price: 20,
      total: 200,
      taxable: true,
      properties: [{ key: "property-key", value: "property-value" }],
    });

    const purchases = await list(t, "purchases", `&where[saleId]=${sale.id}`);
    expect(purchases.map((p) => [p.dropshipProviderId, p.status, p.total])).toEqual([
      [provider.id, "pending", 62.5],
    ]);
    const [saleImport] = await list(t, "sale-imports", `&where[saleId]=${sale.id}`);
    expect(saleImport).toMatchObject({ externalId: "1234", status: "success", message: "created" });
    expect(saleImport!.payload).toMatchObject({ options: {}, externalId: "1234" });
  });

  it("updates the same sale when the order is sent again, its id as a number or a string", async () => {
    const t = await ctx.tenant();
    const { channel } = await world(t);
    const path = `/channels/${channel.id}/manual-sale.json`;
    const first = await expectStatus(t.json("POST", path, ORDER), 200);
    const again = await expectStatus(t.json("POST", path, ORDER), 200);
    expect(again.id).toBe(first.id);
    // Sample code sends the order's id as a number; it names the same order.
    const renamed = await expectStatus(
      t.json("POST", path, {
        ...ORDER,
        externalId: 1234,
        source: "manual",
        saleDefaults: {
          reference: "10001-B",
          billingFirstName: "Test",
          billingLastName: "User",
          billingAddressLineOne: "1 Bill St",
          billingCity: "Austin",
          billingCountry: "US",
          shippingFirstName: "Test",
          shippingLastName: "User",
          shippingAddressLineOne: "2 Ship St",
          shippingCity: "Denver",
          shippingCountry: "US",
          notes: "gift",
          locked: 0,
          id: 999,
          total: 1,
          status: "cancelled",
        },
      }),
      200,
    );
    expect(renamed).toMatchObject({
      id: first.id,
      reference: "10001-B",
      billingAddressLineOne: "1 Bill St",
      shippingName: "Test User",
      shippingCity: "Denver",
      notes: "gift",
      status: "open",
      total: 210,
    });
    expect(await list(t, "sales")).toHaveLength(1);
    expect(await list(t, "sale-items")).toHaveLength(1);
    expect(await list(t, "purchases")).toHaveLength(1);
    const imports = await list(t, "sale-imports");
    expect(imports.map((i) => [i.saleId, i.message])).toEqual([
      [first.id, "created"],
      [first.id, "updated"],
      [first.id, "updated"],
    ]);
  });

  it("refuses a line naming no channel variant, a saleDefaults field sales do not have, and both line forms", async () => {
    const t = await ctx.tenant();
    const { channel } = await world(t);
    const path = `/channels/${channel.id}/manual-sale.json`;
    const before = await orderRecords(t);
    const unknown = await expectStatus(
      t.json("POST", path, {
        ...ORDER,
        lineItems: [{ ...ORDER.lineItems[0], variant: { externalId: "999" } }],
      }),
      422,
    );
    expect(unknown.errors.map((e: { path: string }) => e.path)).toEqual(["lineItems.0.variant.externalId"]);
    const badDefault = await expectStatus(
      t.json("POST", path, { ...ORDER, saleDefaults: { reference: "x", colour: "red" } }),
      422,
    );
    expect(badDefault.errors.map((e: { path: string }) => e.path)).toEqual(["saleDefaults.colour"]);
    const both = await expectStatus(
      t.json("POST", path, { ...ORDER, items: [{ sku: "MUG-1", quantity: 1, price: 1 }] }),
      422,
    );
    expect(both.errors.map((e: { path: string }) => e.path)).toEqual(["lineItems"]);
    expect(await orderRecords(t)).toEqual(before);
  });
});

// --------------------------------------------------------------------------------- §8 inbound imports

/** The API without a token (its answers checked against the OpenAPI document), sending the headers given. */
function inbound(): Api {
  return ctx.anonymous;
}

describe("§8 POST /webhooks/custom-channels/manual-sale.json", () => {
  const path = "/webhooks/custom-channels/manual-sale.json";

  it("imports the order for the custom channel its hash names, with no token, and upserts it", async () => {
    const t = await ctx.tenant();
    const { channel } = await world(t);
    // The server makes the hash and answers it once.
    const { webhookHash: hash } = await create(t, "custom-channels", {
      name: "Custom",
      channelId: channel.id,
    });
    const first = await expectStatus(inbound().json("POST", path, ORDER, { "webhook-hash": hash }), 200);
    expect(first).toMatchObject({ channelId: channel.id, externalId: "1234", status: "success" });
    const sale = await read(t, "sales", first.saleId);
    expect(sale).toMatchObject({ externalId: "1234", reference: "10001", total: 210 });
    // The reference's brand-prefixed header works as well; the same order updates the same sale.
    const second = await expectStatus(
      inbound().json("POST", path, ORDER, { "acme-webhook-hash": hash }),
      200,
    );
    expect(second).toMatchObject({ saleId: sale.id, status: "success", message: "updated" });
    expect(await list(t, "sales")).toHaveLength(1);
  });

  it("answers 200 with a failed sale import when the order is refused, and writes nothing of it", async () => {
    const t = await ctx.tenant();
    const { channel } = await world(t);
    // The server makes the hash and answers it once.
    const { webhookHash: hash } = await create(t, "custom-channels", {
      name: "Custom",
      channelId: channel.id,
    });
    const before = await orderRecords(t);
    const bad = { ...ORDER, lineItems: [{ ...ORDER.lineItems[0], variant: { externalId: "404" } }] };
    const failed = await expectStatus(inbound().json("POST", path, bad, { "webhook-hash": hash }), 200);
    expect(failed).toMatchObject({
      channelId: channel.id,
      externalId: "1234",
      status: "error",
      saleId: null,
    });
    const problem = failed.problem;
    expect(problem).toMatchObject({ status: 422 });
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(["lineItems.0.variant.externalId"]);
    expect(failed.payload).toEqual(bad);
    expect(await orderRecords(t)).toEqual(before);
    const errors = await list(t, "sale-imports", "&where[status]=error");
    expect(errors.map((e) => e.id)).toEqual([failed.id]);
  });

  it("logs an order that is not JSON (a copied example's stray dot) as a failed import", async () => {
    const t = await ctx.tenant();
    const { channel } = await world(t);
    // The server makes the hash and answers it once.
    const { webhookHash: hash } = await create(t, "custom-channels", {
      name: "Custom",
      channelId: channel.id,
    });
    const text = `${JSON.stringify(ORDER).replace(/\]\s*,\s*"options"/, '].,"options"')}`;
    expect(() => JSON.parse(text)).toThrow();
    const failed = await expectStatus(inbound().json("POST", path, text, { "webhook-hash": hash }), 200);
    expect(failed).toMatchObject({ channelId: channel.id, status: "error", payload: null, saleId: null });
    expect(failed.problem).toMatchObject({
      status: 400,
      detail: "Malformed JSON in request body.",
    });
    expect(await list(t, "sales")).toEqual([]);
  });

  it("is a 401 problem without the hash or with a wrong one, and writes nothing", async () => {
    const t = await ctx.tenant();
    const { channel } = await world(t);
    await create(t, "custom-channels", { name: "Custom", channelId: channel.id });
    for (const headers of [{}, { "webhook-hash": "wrong-hash-456" }] as Record<string, string>[]) {
      const response = await inbound().request("POST", path, ORDER, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
    }
    expect(await list(t, "sale-imports")).toEqual([]);
    expect(await list(t, "sales")).toEqual([]);
  });
});

describe("§8 inventory feed items", () => {
  it("POST /webhooks/inventory-feeds/parse-webhooks.json upserts the items by externalId and connects them by SKU", async () => {
    const t = await ctx.tenant();
    const feed = await create(t, "inventory-feeds", { name: "Vendor feed" });
    const { hash } = feed;
    const variant = await create(t, "variants", { sku: "abc", name: "ABC" });
    const path = "/webhooks/inventory-feeds/parse-webhooks.json";
    const body = [{ externalId: "abc", vendorSku: "abc", inventoryQuantity: 100 }];
    const summary = await expectStatus(inbound().json("POST", path, body, { "webhook-hash": hash }), 200);
    expect(summary).toMatchObject({ received: 1, created: 1, updated: 0, connected: 1 });
    const [item] = await list(t, "inventory-feed-variants", `&where[inventoryFeedId]=${feed.id}`);
    expect(item).toMatchObject({ externalId: "abc", sku: "abc", quantity: 100, variantId: variant.id });

    const again = await expectStatus(
      inbound().json("POST", path, [{ externalId: "abc", inventoryQuantity: 90 }], { "webhook-hash": hash }),
      200,
    );
    expect(again).toMatchObject({ created: 0, updated: 1, connected: 0 });
    expect((await read(t, "inventory-feed-variants", item!.id)).quantity).toBe(90);
  });

  it("takes at most 50 items, all or nothing, and only with the feed's hash", async () => {
    const t = await ctx.tenant();
    const { hash } = await create(t, "inventory-feeds", { name: "Vendor feed" });
    const path = "/webhooks/inventory-feeds/parse-webhooks.json";
    const many = Array.from({ length: 51 }, (_, i) => ({ externalId: `x${i}`, vendorSku: `x${i}` }));
    await expectStatus(inbound().json("POST", path, many, { "webhook-hash": hash }), 422);
    const partlyBad = [
      { externalId: "ok", vendorSku: "ok", inventoryQuantity: 1 },
      { externalId: "new-without-sku", inventoryQuantity: 1 },
    ];
    const refused = await expectStatus(
      inbound().json("POST", path, partlyBad, { "webhook-hash": hash }),
      422,
    );
    expect(refused.errors.map((e: { path: string }) => e.path)).toEqual(["1.vendorSku"]);
    expect(await list(t, "inventory-feed-variants")).toEqual([]);
    const twice = await expectStatus(
      inbound().json("POST", path, [partlyBad[0], partlyBad[0]], { "webhook-hash": hash }),
      422,
    );
    expect(twice.detail).toBe(
      "Some feed items are not valid; nothing was written: 1.externalId ok is also item 0.",
    );
    await expectStatus(
      inbound().json("POST", path, partlyBad.slice(0, 1), { "webhook-hash": "nope-nope" }),
      401,
    );
    expect(await list(t, "inventory-feed-variants")).toEqual([]);
  });

  it("PUT /inventory-feeds/{id}/parse-webhook.json takes the documented single item", async () => {
    const t = await ctx.tenant();
    const feed = await create(t, "inventory-feeds", { name: "Vendor feed" });
    const item = await expectStatus(
      t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
        externalId: "1234",
        vendorSku: "1234",
        inventoryQuantity: 10,
      }),
      200,
    );
    expect(item).toMatchObject({ inventoryFeedId: feed.id, externalId: "1234", sku: "1234", quantity: 10 });
  });
});

describe("§13 DELETE /inventory-feeds/{id}/remove-by-external-id.json", () => {
  it("takes the external id in the JSON body, as the feed item's documented record, or in the query", async () => {
    const t = await ctx.tenant();
    const feed = await create(t, "inventory-feeds", { name: "Vendor feed" });
    const path = `/inventory-feeds/${feed.id}/remove-by-external-id.json`;
    const upsert = (externalId: string) =>
      expectStatus(
        t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
          externalId,
          vendorSku: externalId,
        }),
        200,
      );
    const first = await upsert("1234");
    const second = await upsert("5678");
    const third = await upsert("90");

    // The documented body: the feed item's record, as read, its externalId naming the item.
    const removed = await expectStatus(
      t.json("DELETE", path, await read(t, "inventory-feed-variants", first.id)),
      200,
    );
    expect(removed).toMatchObject({ id: first.id, externalId: "1234", status: "removed" });
    expect(await expectStatus(t.json("DELETE", path, { externalId: "5678" }), 200)).toMatchObject({
      id: second.id,
      status: "removed",
    });
    // A store id sent as a number names the same item; the query form still works.
    expect(await expectStatus(t.json("DELETE", path, { externalId: 90 }), 200)).toMatchObject({
      id: third.id,
    });
    await upsert("q-1");
    expect(await expectStatus(t.json("DELETE", `${path}?externalId=q-1`), 200)).toMatchObject({
      externalId: "q-1",
      status: "removed",
    });

    // A body without the id is a 422 naming it, and removes nothing.
    const kept = await upsert("kept");
    const refused = await expectStatus(t.json("DELETE", path, { sku: "kept", status: "removed" }), 422);
    expect(refused.errors).toEqual([{ path: "externalId", message: "is required" }]);
    expect((await read(t, "inventory-feed-variants", kept.id)).status).not.toBe("removed");
  });
});

// ----------------------------------------------------------------------------------- §9 batch import

describe("§9 POST /channels/{id}/import-connector-variant-batch.json", () => {
  it("takes the documented bare array of variants, matched by SKU", async () => {
    const t = await ctx.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const body = [
      {
        sku: "ABC-1",
        name: "Mug",
        costPrice: 6.25,
        barcode: "0123",
        tags: ["mug"],
        taxable: true,
        requiresShipping: true,
        grams: 400,
        inventoryPolicy: "track",
      },
    ];
    const result = await expectStatus(t.json("POST", path, body), 200);
    expect(result).toMatchObject({ created: 1, variantsCreated: 1 });
    const [variant] = await list(t, "variants", "&where[sku]=ABC-1");
    expect(variant).toMatchObject({
      name: "Mug",
      costPrice: 6.25,
      barcode: "0123",
      tags: ["mug"],
      weight: 400,
    });
    const [listing] = await list(t, "channel-variants", `&where[channelId]=${channel.id}`);
    expect(listing).toMatchObject({
      variantId: variant!.id,
      sku: "ABC-1",
      externalId: null,
      status: "pending",
    });

    // Sent again, as a client copies the whole variant record back: the same listing, nothing new.
    const again = await expectStatus(
      t.json("POST", path, [
        { ...body[0], id: variant!.id, createdAt: variant!.createdAt, totalSaleItems: 3, costPrice: 7 },
      ]),
      200,
    );
    expect(again).toMatchObject({ created: 0, updated: 1, variantsUpdated: 1 });
    expect(again.results[0]).toMatchObject({ channelVariantId: listing!.id, externalId: null });
    expect((await read(t, "variants", variant!.id)).costPrice).toBe(7);
    expect(await list(t, "channel-variants")).toHaveLength(1);
  });

  it("keeps our {items: [...]} form, and names items.N in errors of the bare form too", async () => {
    const t = await ctx.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    await expectStatus(t.json("POST", path, { items: [{ externalId: "41", sku: "S-1" }] }), 200);
    const refused = await expectStatus(t.json("POST", path, [{ sku: "S-2", costPrice: "free" }]), 422);
    expect(refused.errors.map((e: { path: string }) => e.path)).toEqual(["items.0.costPrice"]);
    // A reference must name a record of the company, as on any write.
    const other = await ctx.tenant();
    const theirs = await create(other, "vendors", { name: "Not yours" });
    const foreign = await expectStatus(t.json("POST", path, [{ sku: "S-3", vendorId: theirs.id }]), 422);
    expect(foreign.errors.map((e: { path: string }) => e.path)).toEqual(["items.0.vendorId"]);
    expect(await list(t, "variants", "&where[sku]=S-3")).toEqual([]);
  });
});

// ------------------------------------------------------------------------- §10 channel variant actions

describe("§10 channel variant operations", () => {
  it("acknowledge-variant takes the documented body", async () => {
    const t = await ctx.tenant();
    const channel = await create(t, "channels", { name: "Store" });
    const variant = await create(t, "variants", { sku: "123123123" });
    const listing = await create(t, "channel-variants", { channelId: channel.id, variantId: variant.id });
    const acknowledged = await expectStatus(
      t.json("PUT", `/channels/${channel.id}/acknowledge-variant.json`, {
        externalId: "0e01c34b-2250-4686-b614-2f9d5568cbf2",
        sku: "123123123",
      }),
      200,
    );
    expect(acknowledged).toMatchObject({
      id: listing.id,
      externalId: "0e01c34b-2250-4686-b614-2f9d5568cbf2",
      status: "connected",
    });
  });

  it("variant-set-level takes the store-side id as a number, and an adjustment reason", async () => {
    const t = await ctx.tenant();
    const warehouse = await create(t, "warehouses", {
      name: "Main",
      isDefault: true,
      lineOne: "1 Dock Rd",
      city: "Austin",
      country: "US",
    });
    const channel = await create(t, "channels", { name: "Store" });
    const variant = await create(t, "variants", { sku: "V-1" });
    await create(t, "channel-variants", { channelId: channel.id, variantId: variant.id, externalId: "1" });
    const path = `/channels/${channel.id}/variant-set-level.json`;
    const adjustment = await expectStatus(
      t.json("PUT", path, { quantity: 10, externalId: 1, notes: "notes for the adjustment" }),
      200,
    );
    expect(adjustment).toMatchObject({
      variantId: variant.id,
      warehouseId: warehouse.id,
      quantity: 10,
      quantityAfter: 10,
      notes: "notes for the adjustment",
    });
    const reason = await create(t, "adjustment-reasons", { name: "Recount", code: "recount" });
    const second = await expectStatus(
      t.json("PUT", path, { quantity: 4, externalId: "1", adjustmentReasonId: reason.id }),
      200,
    );
    expect(second).toMatchObject({ quantity: -6, quantityAfter: 4, adjustmentReasonId: reason.id });
  });
});

// ----------------------------------------------------------------------- §11 purchase actions, §12

/** A documented order (shipping to an address, as the reseller guide's saleDefaults give it), its purchase sent. */
async function sentPurchase(t: Tenant) {
  const w = await world(t);
  const order = {
    ...ORDER,
    saleDefaults: {
      reference: "10001",
      shippingFirstName: "Test",
      shippingLastName: "User",
      shippingAddressLineOne: "5 Elm St",
      shippingCity: "Denver",
      shippingState: "CO",
      shippingZip: "80202",
      shippingCountry: "US",
    },
  };
  const sale = await expectStatus(t.json("POST", `/channels/${w.channel.id}/manual-sale.json`, order), 200);
  const [purchase] = await list(t, "purchases", `&where[saleId]=${sale.id}`);
  await expectStatus(t.json("PUT", `/purchases/${purchase!.id}/send.json`, {}), 200);
  return { ...w, sale, purchase: purchase! };
}

describe("§11 purchase actions", () => {
  it("ship takes the guide's body: every line, with tracking company and service level", async () => {
    const t = await ctx.tenant();
    const { purchase, sale } = await sentPurchase(t);
    const dropshipment = await expectStatus(
      t.json("POST", `/purchases/${purchase.id}/ship.json`, {
        inventoryStatus: "shipped",
        trackingNumber: "213123",
        serviceLevel: "555",
        trackingCompany: "Parcel Express",
        ids: [],
      }),
      200,
    );
    // One fact under two names: the reference's and this service's read the same.
    const names = {
      trackingCompany: "Parcel Express",
      carrier: "Parcel Express",
      serviceLevel: "555",
      service: "555",
    };
    expect(dropshipment).toMatchObject({
      purchaseId: purchase.id,
      trackingNumber: "213123",
      ...names,
      status: "shipped",
    });
    expect(await read(t, "dropshipments", dropshipment.id)).toMatchObject(names);
    expect((await read(t, "purchases", purchase.id)).status).toBe("shipped");
    expect((await read(t, "sales", sale.id)).status).toBe("fulfilled");
  });

  it("a dropshipment's carrier and service are its trackingCompany and serviceLevel: either name writes both", async () => {
    const t = await ctx.tenant();
    const { purchase } = await sentPurchase(t);
    const made = await create(t, "dropshipments", {
      purchaseId: purchase.id,
      trackingCompany: "Parcel Express",
      service: "Ground",
    });
    expect(made).toMatchObject({
      trackingCompany: "Parcel Express",
      carrier: "Parcel Express",
      serviceLevel: "Ground",
      service: "Ground",
    });
    // A client of the reference changes its name; one of this service changes the other.
    const renamed = await expectStatus(
      t.json("PUT", `/dropshipments/${made.id}.json`, {
        trackingCompany: "Freight Co",
        serviceLevel: "2day",
      }),
      200,
    );
    expect(renamed).toMatchObject({ carrier: "Freight Co", trackingCompany: "Freight Co", service: "2day" });
    const again = await expectStatus(
      t.json("PUT", `/dropshipments/${made.id}.json`, { carrier: "Parcel Express" }),
      200,
    );
    expect(again).toMatchObject({ carrier: "Parcel Express", trackingCompany: "Parcel Express" });
    expect(
      (await list(t, "dropshipments", "&where[trackingCompany]=Parcel%20Express")).map((d) => d.id),
    ).toEqual([made.id]);
    // The record as read, sent back whole: both names as they are.
    const asRead = await read(t, "dropshipments", made.id);
    expect(await expectStatus(t.json("PUT", `/dropshipments/${made.id}.json`, asRead), 200)).toMatchObject({
      carrier: "Parcel Express",
      trackingCompany: "Parcel Express",
    });
    // Sent back whole with one name changed: the changed one is meant, on either side.
    const carrierChanged = await expectStatus(
      t.json("PUT", `/dropshipments/${made.id}.json`, { ...asRead, carrier: "Freight Co" }),
      200,
    );
    expect(carrierChanged).toMatchObject({ carrier: "Freight Co", trackingCompany: "Freight Co" });
    const referenceChanged = await expectStatus(
      t.json("PUT", `/dropshipments/${made.id}.json`, {
        ...carrierChanged,
        trackingCompany: "Parcel Express",
      }),
      200,
    );
    expect(referenceChanged).toMatchObject({ carrier: "Parcel Express", trackingCompany: "Parcel Express" });
    // Both changed, to different values: which is meant cannot be told, a 422, nothing written.
    const both = await expectStatus(
      t.json("PUT", `/dropshipments/${made.id}.json`, { carrier: "A", trackingCompany: "B" }),
      422,
    );
    expect(both.errors).toEqual([
      {
        path: "trackingCompany",
        message:
          "is another name of carrier, sent with another value: send one of them, or the same value in both",
      },
    ]);
    expect(await read(t, "dropshipments", made.id)).toEqual(referenceChanged);
    // Two values for one fact, with nothing to tell which is meant: a 422 naming it, nothing written.
    const refused = await expectStatus(
      t.json("POST", "/dropshipments.json", { purchaseId: purchase.id, carrier: "A", trackingCompany: "B" }),
      422,
    );
    expect(refused.errors.map((e: { path: string }) => e.path)).toEqual(["trackingCompany"]);
    expect((await list(t, "dropshipments")).map((d) => d.id)).toEqual([made.id]);
    const ship = await expectStatus(
      t.json("POST", `/purchases/${purchase.id}/ship.json`, {
        trackingNumber: "1",
        trackingCompany: "A",
        carrier: "B",
      }),
      422,
    );
    expect(ship.errors.map((e: { path: string }) => e.path)).toEqual(["trackingCompany"]);
  });

  it("ship and cancel take purchase item ids, each line whole", async () => {
    const t = await ctx.tenant();
    const { purchase } = await sentPurchase(t);
    const [line] = await list(t, "purchase-items", `&where[purchaseId]=${purchase.id}`);
    const refused = await expectStatus(
      t.json("POST", `/purchases/${purchase.id}/ship.json`, { trackingNumber: "1", ids: [line!.id + 1000] }),
      422,
    );
    expect(refused.errors.map((e: { path: string }) => e.path)).toEqual(["ids.0"]);
    const cancelled = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}/cancel.json`, {
        ids: [line!.id],
        setQuantities: true,
        status: "cancelled",
      }),
      200,
    );
    expect(cancelled).toMatchObject({ status: "cancelled", amountOwed: 0 });
    expect((await read(t, "purchase-items", line!.id)).quantityCancelled).toBe(10);
  });

  it("cancel takes the client's body: every line", async () => {
    const t = await ctx.tenant();
    const { purchase, sale } = await sentPurchase(t);
    const cancelled = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}/cancel.json`, {
        ids: [],
        setQuantities: true,
        status: "cancelled",
      }),
      200,
    );
    expect(cancelled).toMatchObject({ id: purchase.id, status: "cancelled", cancellationStatus: "full" });
    const returns = await list(t, "sale-returns", `&where[saleId]=${sale.id}`);
    expect(returns.map((r) => [r.type, r.total])).toEqual([["cancellation", 200]]);
    // As a client of the reference reads the answer: the purchase again, and the return's items.
    const { purchase: again, sale_return_items: items, ...record } = cancelled;
    expect(again).toEqual(record);
    expect(items).toEqual(await list(t, "sale-return-items", `&where[saleReturnId]=${returns[0]!.id}`));
    const [event] = (
      await expectStatus(t.json("GET", "/events.json?where[type]=purchase.cancelled"), 200)
    ).slice(-1);
    expect(event.data.object).toEqual(record);
  });

  it("takes the whole record the operation pages document as the body, its other fields ignored", async () => {
    const t = await ctx.tenant();
    const { purchase } = await sentPurchase(t);
    const other = await create(t, "dropship-providers", { name: "Other Supply", email: "o@other.example" });
    // The purchase as read, with the new provider: the documented body of move-dropship-provider.
    const asRead = await read(t, "purchases", purchase.id);
    const moved = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}/move-dropship-provider.json`, {
        ...asRead,
        dropshipProviderId: other.id,
      }),
      200,
    );
    expect(moved).toMatchObject({ dropshipProviderId: other.id, status: "pending" });
    const sent = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}/send.json`, await read(t, "purchases", purchase.id)),
      200,
    );
    expect(sent.status).toBe("sent");
    // A dropshipment record as the ship page documents it, server-managed fields and all.
    const shipped = await expectStatus(
      t.json("POST", `/purchases/${purchase.id}/ship.json`, {
        id: 1,
        createdAt: "2023-05-04T09:42:00+00:00",
        purchaseId: purchase.id,
        trackingNumber: "PX-9",
        labelUrl: null,
        files: {},
        status: "pending",
        reference: 3,
      }),
      200,
    );
    expect(shipped).toMatchObject({ purchaseId: purchase.id, trackingNumber: "PX-9", status: "shipped" });
  });

  it("default-label takes the vendor portal's body: a label, and the lines ship with it", async () => {
    const t = await ctx.tenant();
    const { purchase, sale } = await sentPurchase(t);
    const label = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}/default-label.json`, { inventoryStatus: "shipped", ids: [] }),
      200,
    );
    expect(label).toMatchObject({ purchaseId: purchase.id });
    expect((await read(t, "purchases", purchase.id)).status).toBe("shipped");
    expect((await read(t, "sales", sale.id)).status).toBe("fulfilled");
    const [dropshipment] = await list(t, "dropshipments", `&where[purchaseId]=${purchase.id}`);
    // The parcel ships with the label made for it: linked both ways, downloadable from the dropshipment.
    expect(dropshipment).toMatchObject({
      trackingNumber: label.trackingNumber,
      status: "shipped",
      labelId: label.id,
      labelUrl: label.url,
      labelVersion: label.version,
      labelFileFormat: "pdf",
      carrier: label.carrier,
      trackingCompany: label.carrier,
      serviceLevel: label.service,
    });
    expect(label.dropshipmentId).toBe(dropshipment!.id);
    expect(await read(t, "labels", label.id)).toMatchObject({ dropshipmentId: dropshipment!.id });
    const pdf = await t.request("GET", new URL(dropshipment!.labelUrl, "http://127.0.0.1").pathname);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    // Its next version is the dropshipment's.
    const regenerated = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment!.id}/regenerate-label.json`),
      200,
    );
    expect(regenerated.labelVersion).toBe(label.version + 1);
  });

  it("default-label without the shipped mark only labels; a pending purchase cannot ship by it", async () => {
    const t = await ctx.tenant();
    const { purchase } = await sentPurchase(t);
    await expectStatus(t.json("PUT", `/purchases/${purchase.id}/default-label.json`, {}), 200);
    expect((await read(t, "purchases", purchase.id)).status).toBe("sent");
    const other = await create(t, "dropship-providers", { name: "Other", email: "o@other.example" });
    await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}/move-dropship-provider.json`, {
        dropshipProviderId: other.id,
      }),
      200,
    );
    const refused = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}/default-label.json`, { inventoryStatus: "shipped", ids: [] }),
      409,
    );
    expect(refused.detail).toMatch(/ships once sent/);
  });
});

describe("§12 POST /dropship-providers/{id}/settle-invoices.json", () => {
  async function invoiced(t: Tenant) {
    const w = await sentPurchase(t);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
    const method = await create(t, "payment-methods", { name: "Bank transfer" });
    return { ...w, method };
  }

  it("pays the purchases named in toPay, as the settlement guide sends it", async () => {
    const t = await ctx.tenant();
    const { provider, purchase, method } = await invoiced(t);
    const transfer = await expectStatus(
      t.json("POST", `/dropship-providers/${provider.id}/settle-invoices.json`, {
        toPay: [purchase.id],
        additionalAmount: 0,
        name: "November payout",
        paymentMethodId: method.id,
      }),
      200,
    );
    expect(transfer).toMatchObject({
      dropshipProviderId: provider.id,
      paymentMethodId: method.id,
      name: "November payout",
      amount: 62.5,
      additionalAmount: 0,
      status: "complete",
    });
    expect((await read(t, "purchases", purchase.id)).paymentStatus).toBe("paid");
    await expectStatus(
      t.json("POST", `/dropship-providers/${provider.id}/settle-invoices.json`, { toPay: [purchase.id] }),
      409,
    );
  });

  it("takes the documented transfer record as the body; what the server sets is ignored", async () => {
    const t = await ctx.tenant();
    const { provider, purchase } = await invoiced(t);
    const transfer = await expectStatus(
      t.json("POST", `/dropship-providers/${provider.id}/settle-invoices.json`, {
        achPayment: false,
        additionalAmount: 5,
        amount: 0,
        dropshipProviderId: provider.id,
        externalId: "T-77",
        fee: 0.3,
        managedAccount: false,
        message: "Thank you",
        name: "Payout 77",
        notes: "monthly",
        resendExternalIds: [],
        resends: 0,
        sendAttempts: 0,
        source: "other",
        status: "pending",
        trigger: "manual",
        problem: {},
        total: {},
      }),
      200,
    );
    expect(transfer).toMatchObject({
      amount: 67.5,
      additionalAmount: 5,
      fee: 0.3,
      externalId: "T-77",
      message: "Thank you",
      name: "Payout 77",
      notes: "monthly",
      source: "other",
      trigger: "manual",
      status: "complete",
    });
    const payments = await list(t, "purchase-invoice-payments", `&where[purchaseId]=${purchase.id}`);
    expect(payments.map((p) => p.amount)).toEqual([62.5]);
  });
});

// ------------------------------------------------------------------------------ inbound, any input

describe("the inbound endpoints under arbitrary input", () => {
  it("never fail with a 5xx; a refused order is a failed sale import, a refused feed batch writes nothing", async () => {
    const t = await ctx.tenant();
    const { channel } = await world(t);
    const { webhookHash: hash } = await create(t, "custom-channels", {
      name: "Custom",
      channelId: channel.id,
    });
    const { hash: feedHash } = await create(t, "inventory-feeds", { name: "Feed" });
    const writes = await countWrites(ctx.db);
    const value = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.constantFrom("123", 123, "", null, -1, 1e13, "\u0000", [], {}),
    );
    const order = fc.record(
      {
        externalId: value,
        customer: fc.oneof(
          value,
          fc.record({ email: fc.constantFrom("a@b.example", "x"), firstName: value }),
        ),
        lineItems: fc.oneof(
          value,
          fc.array(
            fc.record(
              { quantity: value, price: value, variant: fc.oneof(value, fc.record({ externalId: value })) },
              { requiredKeys: [] },
            ),
            { maxLength: 3 },
          ),
        ),
        saleDefaults: value,
        shipping: value,
      },
      { requiredKeys: [] },
    );
    const feedItems = fc.oneof(
      value,
      fc.array(
        fc.record({ externalId: value, vendorSku: value, inventoryQuantity: value }, { requiredKeys: [] }),
        { maxLength: 4 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(order, value), feedItems, async (raw, items) => {
        // The helper sends a string as it is: encode it, so every body is well-formed JSON.
        const body = typeof raw === "string" ? JSON.stringify(raw) : raw;
        const imported = await inbound().json("POST", "/webhooks/custom-channels/manual-sale.json", body, {
          "webhook-hash": hash,
        });
        expect(imported.status, JSON.stringify(imported.body)).toBe(200);
        expect(["success", "error"]).toContain(imported.body.status);
        const before = await writes();
        const batch = typeof items === "string" ? JSON.stringify(items) : items;
        const fed = await inbound().json("POST", "/webhooks/inventory-feeds/parse-webhooks.json", batch, {
          "webhook-hash": feedHash,
        });
        expect(fed.status, JSON.stringify(fed.body)).toBeLessThan(500);
        if (fed.status !== 200) expect(await writes()).toBe(before);
      }),
      { seed: 20_261_123, numRuns: 60 },
    );
  });
});

describe("§14 custom-channel pricing callout", () => {
  // Callouts go to a receiver on 127.0.0.1: an app of its own whose outbound policy allows it.
  let local: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    local = await setupApp({ outbound: { allowLocal: true } });
  });

  it("POSTs a variant's new price to the custom channel's priceEndpoint, with its webhook hash", async () => {
    const t = await local.tenant();
    const receiver = await startReceiver();
    const dispatcher = createDispatcher({ db: local.db, policy: { allowLocal: true }, random: () => 0.5 });
    const channel = await create(t, "channels", { name: "Own Store" });
    const custom = await create(t, "custom-channels", {
      name: "Own Store",
      channelId: channel.id,
      priceEndpoint: `${receiver.url}/prices`,
    });
    // A channel that does not sync prices is not told.
    const quiet = await create(t, "channels", { name: "No prices", priceSync: "disabled" });
    await create(t, "custom-channels", {
      name: "No prices",
      channelId: quiet.id,
      priceEndpoint: `${receiver.url}/quiet`,
    });
    const mug = await create(t, "variants", { sku: "MUG-1", name: "Mug", price: 10 });
    const listing = await create(t, "channel-variants", {
      channelId: channel.id,
      variantId: mug.id,
      externalId: "123",
    });
    await create(t, "channel-variants", { channelId: quiet.id, variantId: mug.id, externalId: "q-1" });
    await dispatcher.runOnce();
    expect(receiver.received).toEqual([]);

    await expectStatus(t.json("PUT", `/variants/${mug.id}.json`, { price: 12.5, compareAtPrice: 15 }), 200);
    // Another field changing is no price change.
    await expectStatus(t.json("PUT", `/variants/${mug.id}.json`, { name: "Big mug" }), 200);
    await dispatcher.runOnce();

    expect(receiver.received).toHaveLength(1);
    const call = receiver.received[0]!;
    expect(call).toMatchObject({ method: "POST", path: "/prices" });
    // Signed with the channel's signing secret; its hash goes over https only (this receiver is http).
    expect(call.headers["webhook-hash"]).toBeUndefined();
    new Webhook(custom.signingSecret).verify(call.body, call.headers as Record<string, string>);
    expect(call.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(call.body)).toMatchObject({
      channelVariant: { id: listing.id, variantId: mug.id, externalId: "123", channel: { id: channel.id } },
      price: { price: 12.5, compareAtPrice: 15 },
    });

    await expectStatus(t.json("PUT", `/variants/${mug.id}.json`, { compareAtPrice: null }), 200);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(2);
    expect(JSON.parse(receiver.received[1]!.body).price).toMatchObject({ price: 12.5, compareAtPrice: null });
  });
});
