// Database round trips of every action of the manifest on the remote driver (Workers with Turso): the
// HTTP requests the dev libSQL server receives for one successful call, counted by a proxy before it, with
// a cached token; writing actions once more with an Idempotency-Key. The data each call needs is made
// with the API first, in a fresh company, and is not counted.
import { type ActionTypes, actionPath, actions, operationWrites } from "@multichannel/schema";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RemoteStack, remoteStack } from "./remote.ts";

let stack: RemoteStack;
beforeAll(async () => {
  stack = await remoteStack({ templateDb: inject("templateDb") });
});
afterAll(() => stack?.close());

type Tenant = Awaited<ReturnType<RemoteStack["tenant"]>>;
type Rec = Record<string, any> & { id: number };
type ActionKey = keyof ActionTypes;

/** Issue 23: every action at most this many round trips, keyed or not, with a cached token. */
const BUDGET = 3;

/**
 * The counts before these actions become write plans (issue 23): one read pipeline, one batch. Exact, so
 * that the test documents today's state and fails when it changes unnoticed; an action leaves this table
 * for the BUDGET once it is within it. `keyed` is absent for the actions that do not write.
 */
const NOT_YET_PLANNED: Partial<Record<ActionKey, { plain: number; keyed?: number }>> = {};

/**
 * Being converted to a write plan while this test was written (28 and 31 committed, 2 and 3 in the
 * conversion under way): only its committed count as an upper bound, so the test holds on both sides of
 * that change. It moves to the BUDGET once the conversion lands.
 */
const BEING_CONVERTED: Partial<Record<ActionKey, { plain: number; keyed: number }>> = {
  "channel.manual-sale": { plain: 28, keyed: 31 },
};

// ------------------------------------------------------------------------------------------- helpers

async function make(t: Tenant, plural: string, body: Record<string, unknown>): Promise<Rec> {
  const answer = await t.json("POST", `/${plural}.json`, body);
  expect(answer.status, `POST ${plural}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

async function call(t: Tenant, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await t.json(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

const address = { lineOne: "12 Harbour Road", city: "Portland", state: "OR", zip: "97201", country: "US" };

function provider(t: Tenant, name = "Harbour Goods Supply"): Promise<Rec> {
  return make(t, "dropship-providers", {
    name,
    email: "orders@harbour-goods.example",
    purchaseFormat: "email",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
    addressLineOne: "1 Depot Lane",
    city: "Reno",
    state: "NV",
    zip: "89501",
    country: "US",
  });
}

/**
 * A sale on a channel and the purchase of its two lines from a dropship provider with a return address,
 * each purchase line pointing at its sale line (actions-orders' world, with two lines).
 */
async function orderWorld(t: Tenant) {
  const channel = await make(t, "channels", { name: "Web Store" });
  const warehouse = await make(t, "warehouses", { name: "Main Warehouse", isDefault: true, ...address });
  const supplier = await provider(t);
  await make(t, "dropship-provider-addresses", {
    dropshipProviderId: supplier.id,
    purpose: "return",
    isDefault: true,
    name: "Returns Desk",
    lineOne: "9 Returns Way",
    city: "Sparks",
    country: "US",
  });
  const sale = await make(t, "sales", {
    channelId: channel.id,
    externalId: "WEB-1001",
    shippingName: "Dana Buyer",
    shippingAddressLineOne: address.lineOne,
    shippingCity: address.city,
    shippingCountry: address.country,
  });
  const purchase = await make(t, "purchases", {
    dropshipProviderId: supplier.id,
    saleId: sale.id,
    receiverName: "Dana Buyer",
    receiverAddressLineOne: address.lineOne,
    receiverCity: address.city,
    receiverZip: address.zip,
    receiverCountry: address.country,
  });
  const items: Rec[] = [];
  const saleItems: Rec[] = [];
  const variants: Rec[] = [];
  for (const [sku, quantity, price, cost] of [
    ["MUG-1", 3, 29.99, 19.99],
    ["CAP-1", 1, 9.5, 4.25],
  ] as const) {
    const variant = await make(t, "variants", {
      sku,
      name: sku,
      price,
      costPrice: cost,
      dropshipProviderId: supplier.id,
    });
    const saleItem = await make(t, "sale-items", {
      saleId: sale.id,
      variantId: variant.id,
      sku,
      name: sku,
      quantity,
      price,
    });
    variants.push(variant);
    saleItems.push(saleItem);
    items.push(
      await make(t, "purchase-items", {
        purchaseId: purchase.id,
        saleItemId: saleItem.id,
        variantId: variant.id,
        sku,
        name: sku,
        quantity,
        price: cost,
      }),
    );
  }
  return { channel, warehouse, provider: supplier, sale, purchase, items, saleItems, variants };
}

async function sentWorld(t: Tenant) {
  const w = await orderWorld(t);
  await call(t, "PUT", `/purchases/${w.purchase.id}/send.json`, {});
  return w;
}

async function shippedWorld(t: Tenant) {
  const w = await sentWorld(t);
  const dropshipment = await call(t, "POST", `/purchases/${w.purchase.id}/ship.json`, {
    trackingNumber: "PX-0001",
  });
  return { ...w, dropshipment };
}

/** The order world's first sale line, to ship from the warehouse where 5 units are on hand. */
async function fulfillmentOf(t: Tenant, w: Awaited<ReturnType<typeof orderWorld>>): Promise<Rec> {
  await make(t, "adjustments", { variantId: w.variants[0]!.id, warehouseId: w.warehouse.id, quantity: 5 });
  const fulfillment = await make(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
  await make(t, "fulfillment-items", {
    fulfillmentId: fulfillment.id,
    saleItemId: w.saleItems[0]!.id,
    variantId: w.variants[0]!.id,
    sku: "MUG-1",
    quantity: 2,
  });
  return fulfillment;
}

/** A channel whose store connector imported two variants (E1/S1, E2/S2). */
async function connectedChannel(t: Tenant): Promise<Rec> {
  const channel = await make(t, "channels", { name: "Store" });
  await call(t, "POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
    items: [
      { externalId: "E1", sku: "S1", name: "Shirt S", price: 19.99 },
      { externalId: "E2", sku: "S2", name: "Shirt M", price: 19.99 },
    ],
  });
  return channel;
}

/** A vendor's feed on two channels with two approved items (F1 new, F2 already in the catalogue). */
async function feed(t: Tenant): Promise<Rec> {
  const vendor = await make(t, "dropship-providers", { name: "Vendor One" });
  const inventoryFeed = await make(t, "inventory-feeds", {
    name: "Vendor feed",
    dropshipProviderId: vendor.id,
  });
  for (const name of ["Store A", "Store B"]) {
    const channel = await make(t, "channels", { name });
    await make(t, "inventory-feed-channels", { inventoryFeedId: inventoryFeed.id, channelId: channel.id });
  }
  await make(t, "variants", { sku: "OLD1", name: "Catalogue item", price: 3 });
  for (const [externalId, sku] of [
    ["F1", "NEW1"],
    ["F2", "OLD1"],
  ]) {
    await make(t, "inventory-feed-variants", {
      inventoryFeedId: inventoryFeed.id,
      externalId,
      sku,
      reviewStatus: "approved",
      price: 12.5,
    });
  }
  return inventoryFeed;
}

/** A webhook endpoint with one queued delivery (a ping); nothing sends it in this suite. */
async function endpointWithDelivery(t: Tenant): Promise<{ endpoint: Rec; delivery: Rec }> {
  const endpoint = await make(t, "webhook-endpoints", { url: "https://hooks.example.com/multichannel" });
  const delivery = await call(t, "POST", `/webhook-endpoints/${endpoint.id}/test.json`, {});
  return { endpoint, delivery };
}

// ------------------------------------------------------------------------------------------- calls

/** The subject of one successful call of an action, and its input (the body, or the query of a GET). */
interface Call<K extends ActionKey> {
  id: number;
  input?: ActionTypes[K]["input"];
}

/** Makes what one successful call of each action needs, in the company given. */
const CALLS = {
  "channel.rates": async (t) => {
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await make(t, "channels", { name: "Web", currency: "USD" });
    await make(t, "variants", { sku: "A", price: 10, weight: 600 });
    await make(t, "channel-shipping-rates", { channelId: channel.id, name: "Standard", price: 7.99 });
    return {
      id: channel.id,
      input: { destination: { country: "US", zip: "10001" }, items: [{ sku: "A", quantity: 2 }] },
    };
  },
  "channel.manual-sale": async (t) => {
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const vendor = await make(t, "dropship-providers", {
      name: "Vendor One",
      email: "orders@vendor.example",
    });
    const channel = await make(t, "channels", { name: "Phone orders", currency: "USD" });
    await make(t, "variants", { sku: "DROP", name: "Dropped", costPrice: 4, dropshipProviderId: vendor.id });
    await make(t, "variants", { sku: "SHELF", name: "Shelved" });
    return {
      id: channel.id,
      input: {
        externalId: "ORDER-1",
        customer: { email: "ada@example.com", firstName: "Ada", lastName: "Buyer" },
        shippingAddress: { name: "Ada Buyer", ...address },
        items: [
          { sku: "DROP", quantity: 2, price: 10 },
          { sku: "SHELF", quantity: 1, price: 5 },
        ],
      },
    };
  },
  "channel.import-connector-variant-batch": async (t) => {
    const channel = await make(t, "channels", { name: "Store" });
    return {
      id: channel.id,
      input: {
        items: [
          { externalId: "E1", sku: "S1", name: "Shirt S", productName: "Shirt", price: 19.99 },
          { externalId: "E2", sku: "S2", name: "Shirt M", productName: "Shirt", price: 19.99 },
        ],
      },
    };
  },
  "channel.acknowledge-variant": async (t) => {
    const channel = await make(t, "channels", { name: "Store" });
    await make(t, "channel-variants", { channelId: channel.id, sku: "X1" });
    return { id: channel.id, input: { externalId: "STORE-1", sku: "X1" } };
  },
  "channel.variant-levels": async (t) => ({ id: (await connectedChannel(t)).id }),
  "channel.variant-set-level": async (t) => {
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await connectedChannel(t);
    return { id: channel.id, input: { sku: "S1", quantity: 10, notes: "counted" } };
  },
  "dropship-provider.settle-invoices": async (t) => {
    const w = await shippedWorld(t);
    await call(t, "PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" });
    const method = await make(t, "payment-methods", { name: "Bank transfer" });
    return { id: w.provider.id, input: { paymentMethodId: method.id, reference: "PAYOUT-1" } };
  },
  "dropshipment.regenerate-label": async (t) => ({ id: (await shippedWorld(t)).dropshipment.id }),
  "dropshipment.move-to-fulfill": async (t) => {
    const w = await sentWorld(t);
    const dropshipment = await make(t, "dropshipments", {
      purchaseId: w.purchase.id,
      saleId: w.sale.id,
      dropshipProviderId: w.provider.id,
    });
    await make(t, "dropshipment-items", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: w.items[0]!.id,
      sku: "MUG-1",
      quantity: 3,
    });
    return { id: dropshipment.id, input: {} };
  },
  "fulfillment.move-to-dropship": async (t) => {
    const w = await orderWorld(t);
    const fulfillment = await fulfillmentOf(t, w);
    const second = await provider(t, "Second Supplier");
    return { id: fulfillment.id, input: { dropshipProviderId: second.id } };
  },
  "fulfillment.ship": async (t) => {
    const fulfillment = await fulfillmentOf(t, await orderWorld(t));
    return { id: fulfillment.id, input: { trackingNumber: "PX1", carrier: "Parcel Express" } };
  },
  "inventory-export.export": async (t) => {
    const warehouse = await make(t, "warehouses", { name: "Main" });
    for (const [sku, quantity] of [
      ["A-1", 5],
      ["B-2", 2],
    ] as const) {
      const variant = await make(t, "variants", { sku, name: sku, price: 10 });
      await make(t, "adjustments", { variantId: variant.id, warehouseId: warehouse.id, quantity });
    }
    const definition = await make(t, "inventory-exports", { name: "Levels", format: "csv" });
    return { id: definition.id };
  },
  "inventory-feed.publish-all": async (t) => ({ id: (await feed(t)).id, input: {} }),
  "inventory-feed.remove-by-external-id": async (t) => {
    const inventoryFeed = await feed(t);
    await call(t, "PUT", `/inventory-feeds/${inventoryFeed.id}/publish-all.json`, {});
    return { id: inventoryFeed.id, input: { externalId: "F1" } };
  },
  "inventory-feed.parse-webhook": async (t) => {
    const inventoryFeed = await make(t, "inventory-feeds", { name: "Vendor feed" });
    return { id: inventoryFeed.id, input: { externalId: "1234", vendorSku: "1234", inventoryQuantity: 10 } };
  },
  "purchase.ship": async (t) => {
    const w = await sentWorld(t);
    return {
      id: w.purchase.id,
      input: { trackingNumber: "PX-0001", items: [{ purchaseItemId: w.items[0]!.id, quantity: 2 }] },
    };
  },
  "purchase.move-dropship-provider": async (t) => {
    const w = await orderWorld(t);
    const second = await provider(t, "Second Supplier");
    return { id: w.purchase.id, input: { dropshipProviderId: second.id } };
  },
  "purchase.send": async (t) => ({ id: (await orderWorld(t)).purchase.id, input: {} }),
  "purchase.return-label": async (t) => {
    const w = await shippedWorld(t);
    return {
      id: w.purchase.id,
      input: { items: [{ purchaseItemId: w.items[0]!.id, quantity: 2 }], reason: "Damaged in transit" },
    };
  },
  "purchase.default-label": async (t) => ({ id: (await sentWorld(t)).purchase.id, input: {} }),
  "purchase.cancel": async (t) => {
    const w = await sentWorld(t);
    return { id: w.purchase.id, input: { items: [{ purchaseItemId: w.items[1]!.id, quantity: 1 }] } };
  },
  "sale-return.receive": async (t) => {
    const w = await shippedWorld(t);
    const returnShipment = await call(t, "POST", `/purchases/${w.purchase.id}/return-label.json`, {
      items: [{ purchaseItemId: w.items[0]!.id, quantity: 1 }],
    });
    return { id: returnShipment.saleReturnId, input: {} };
  },
  "webhook-endpoint.test": async (t) => {
    const endpoint = await make(t, "webhook-endpoints", { url: "https://hooks.example.com/multichannel" });
    return { id: endpoint.id, input: {} };
  },
  "webhook-endpoint.replay": async (t) => {
    const { endpoint, delivery } = await endpointWithDelivery(t);
    return { id: endpoint.id, input: { deliveryId: delivery.id } };
  },
  "webhook-endpoint.rotate-secret": async (t) => {
    const endpoint = await make(t, "webhook-endpoints", { url: "https://hooks.example.com/multichannel" });
    return { id: endpoint.id, input: {} };
  },
  "webhook-endpoint.deliveries": async (t) => ({ id: (await endpointWithDelivery(t)).endpoint.id }),
  "custom-channel.rotate-webhook-hash": async (t) => {
    const customChannel = await make(t, "custom-channels", { name: "Own shop" });
    return { id: customChannel.id, input: {} };
  },
  "custom-channel.rotate-signing-secret": async (t) => {
    const customChannel = await make(t, "custom-channels", { name: "Own shop" });
    return { id: customChannel.id, input: {} };
  },
  "dropship-provider.rotate-signing-secret": async (t) => {
    const provider = await make(t, "dropship-providers", { name: "Provider" });
    return { id: provider.id, input: {} };
  },
  "inventory-export.rotate-signing-secret": async (t) => {
    const definition = await make(t, "inventory-exports", { name: "Stock" });
    return { id: definition.id, input: {} };
  },
  "inventory-feed.rotate-hash": async (t) => {
    const feed = await make(t, "inventory-feeds", { name: "Vendor feed" });
    return { id: feed.id, input: {} };
  },
} satisfies { [K in ActionKey]: (t: Tenant) => Promise<Call<K>> };

// ------------------------------------------------------------------------------------------- measuring

/** The round trips of one successful call of the action, made in a fresh company. */
async function measure(
  key: ActionKey,
  method: string,
  pathTemplate: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const t = await stack.tenant();
  const { id, input } = await (CALLS[key] as (t: Tenant) => Promise<Call<ActionKey>>)(t);
  let path = pathTemplate.replace("{id}", String(id));
  let body: unknown;
  if (method === "GET" || method === "DELETE") {
    const query = new URLSearchParams(
      Object.entries(input ?? {}).map(([name, value]) => [name, String(value)]),
    );
    if (query.size > 0) path += `?${query}`;
  } else {
    body = input ?? {};
  }
  stack.proxy.reset();
  const answer = await t.json(method, path, body, headers);
  const trips = stack.proxy.count;
  expect(answer.status, `${key}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  expect(answer.headers.get("Idempotent-Replayed")).toBeNull();
  return trips;
}

// manual-sale last: it is being converted to a write plan while this is written.
const measured = [...actions].sort(
  (a, b) => Number(a.action.name === "manual-sale") - Number(b.action.name === "manual-sale"),
);
const counts = new Map<string, { plain: number; keyed?: number }>();

/** A rotation of a record's own secret answers it once and takes no Idempotency-Key (a replay would need it kept). */
function refusesKey(key: ActionKey): boolean {
  return /\.rotate-(webhook-hash|hash|signing-secret)$/.test(key);
}

afterAll(() => {
  const rows = [...counts].map(([key, { plain, keyed }]) => ({ action: key, plain, keyed: keyed ?? "-" }));
  console.log(`round trips per action (remote driver, cached token):\n${formatTable(rows)}`);
});

function formatTable(rows: { action: string; plain: number; keyed: number | string }[]): string {
  const width = Math.max(...rows.map((row) => row.action.length), "action".length);
  const line = (action: string, plain: string, keyed: string) =>
    `${action.padEnd(width)}  ${plain.padStart(5)}  ${keyed.padStart(5)}`;
  return [
    line("action", "plain", "keyed"),
    ...rows.map((row) => line(row.action, String(row.plain), String(row.keyed))),
  ].join("\n");
}

describe("round trips of every action on the remote driver", () => {
  it("measures every action of the manifest, and only those", () => {
    const manifest = actions.map(({ kind, action }) => `${kind.name}.${action.name}`).sort();
    expect(Object.keys(CALLS).sort()).toEqual(manifest);
    for (const key of [...Object.keys(NOT_YET_PLANNED), ...Object.keys(BEING_CONVERTED)])
      expect(manifest).toContain(key);
  });

  for (const { kind, action } of measured) {
    const key = `${kind.name}.${action.name}` as ActionKey;
    const writes = operationWrites(action.method, action);
    const before = NOT_YET_PLANNED[key];
    const converting = BEING_CONVERTED[key];
    const name = before
      ? `${key}: ${before.plain}${writes ? `, keyed ${before.keyed}` : ""} (not yet planned)`
      : converting
        ? `${key}: at most ${converting.plain}, keyed ${converting.keyed} (being converted)`
        : `${key}: at most ${BUDGET}${writes && !refusesKey(key) ? ", keyed too" : ""}`;
    it(name, async () => {
      expect(CALLS[key], `${key} has no measurement in CALLS`).toBeDefined();
      const path = actionPath(kind, action);
      const plain = await measure(key, action.method, path);
      const keyed =
        writes && !refusesKey(key)
          ? await measure(key, action.method, path, { "Idempotency-Key": `${key}-${Math.random()}` })
          : undefined;
      counts.set(key, { plain, keyed });
      if (before) {
        expect({ plain, keyed }).toEqual(before);
      } else if (converting) {
        expect(plain).toBeLessThanOrEqual(converting.plain);
        expect(keyed).toBeLessThanOrEqual(converting.keyed);
      } else {
        expect(plain).toBeLessThanOrEqual(BUDGET);
        if (keyed !== undefined) expect(keyed).toBeLessThanOrEqual(BUDGET);
      }
    });
  }
});
