// The requests of issue 23's table, and the database round trips each costs on the remote driver: run by
// test/edge/round-trips.test.ts (the app in Node on @libsql/client) and test-edge/round-trips.test.ts (the
// Worker in workerd on @libsql/client/web), both counting the dev libSQL server's HTTP requests.
import { expect } from "vitest";
import type { Api } from "./support.ts";

/**
 * Round trips per operation with a cached token. The targets: a read 1, a create or update 1,
 * a delete 2, a keyed write 2 (its replay 1), a purchase or purchase-item create 2, manual-sale, send
 * and ship 3; a write of a kind with a write rule at most 2 (keyed 3). Exact counts, so that a change
 * in either direction is seen.
 */
export const EXPECTED_ROUND_TRIPS: Record<string, number> = {
  "POST carrier": 1,
  "GET carrier": 1,
  "GET carriers": 1,
  "PUT carrier": 1,
  "PUT carrier, If-Match": 2,
  "DELETE carrier": 1,
  "POST carrier, keyed": 2,
  "POST carrier, keyed replay": 1,
  "PUT carrier, keyed": 3,
  "DELETE carrier, keyed": 2,
  "POST purchase": 1,
  "POST manual-sale": 2,
  "POST manual-sale, keyed": 3,
  "POST purchase-item": 2,
  "PUT send": 2,
  "PUT send, keyed": 3,
  "POST ship": 2,
  "POST ship, keyed": 3,
  "PUT cancel": 2,
  // Kinds with a write rule: the record read with what the rule needs, then one batch.
  "POST sale": 1,
  "PUT sale": 2,
  "POST sale-item": 2,
  "PUT sale-item": 2,
  "PUT sale-item, keyed": 3,
  "DELETE sale-item": 2,
  "PUT purchase": 2,
  "POST purchase-invoice": 2,
  "POST adjustment": 2,
  // Applied in the create's batch: the level read with the references, then one batch.
  "POST variant-warehouse-update": 2,
  // Processed in the create's batch: each item's reads with the references, then one batch.
  "POST inventory-feed-payload": 2,
  "POST fulfillment-item": 2,
  "DELETE fulfillment": 2,
  // A variant's rule plans only a change of its product (its option values read with it).
  "PUT variant": 1,
  "PUT variant, productId": 2,
};

/** Round trips of one request (what `measure` counts between its start and its answer), and the answer. */
export type Measure = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ trips: number; status: number; body: any }>;

const order = (externalId: string) => ({
  externalId,
  customer: { email: "ada@example.com", firstName: "Ada", lastName: "Buyer" },
  shippingAddress: {
    name: "Ada Buyer",
    lineOne: "1 Main St",
    city: "Springfield",
    zip: "62701",
    country: "US",
  },
  items: [
    { sku: "DROP", quantity: 2, price: 10 },
    { sku: "SHELF", quantity: 1, price: 5 },
  ],
});

/** Runs the table's requests for a fresh company (`t`), answering each one's round trips by name. */
export async function measureTable(t: Api, measure: Measure): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const note = (name: string, answer: { trips: number; status: number; body: unknown }) => {
    expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    counts[name] = answer.trips;
    return answer.body as any;
  };
  const make = async (plural: string, body: Record<string, unknown>) => {
    const answer = await t.json("POST", `/${plural}.json`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const key = (name: string) => ({ "Idempotency-Key": `${name}-${Math.random()}` });

  const carrier = note("POST carrier", await measure("POST", "/carriers.json", { name: "Parcel" }));
  note("GET carrier", await measure("GET", `/carriers/${carrier.id}.json`));
  note("GET carriers", await measure("GET", "/carriers.json"));
  note("PUT carrier", await measure("PUT", `/carriers/${carrier.id}.json`, { name: "Parcel 2" }));
  const etag = (await t.json("GET", `/carriers/${carrier.id}.json`)).headers.get("ETag")!;
  note(
    "PUT carrier, If-Match",
    await measure("PUT", `/carriers/${carrier.id}.json`, { name: "Parcel 3" }, { "If-Match": etag }),
  );
  note("DELETE carrier", await measure("DELETE", `/carriers/${carrier.id}.json`));
  const keyed = key("create");
  const created = note(
    "POST carrier, keyed",
    await measure("POST", "/carriers.json", { name: "Keyed" }, keyed),
  );
  const replayed = note(
    "POST carrier, keyed replay",
    await measure("POST", "/carriers.json", { name: "Keyed" }, keyed),
  );
  expect(replayed).toEqual(created);
  note(
    "PUT carrier, keyed",
    await measure("PUT", `/carriers/${created.id}.json`, { name: "K2" }, key("update")),
  );
  note(
    "DELETE carrier, keyed",
    await measure("DELETE", `/carriers/${created.id}.json`, undefined, key("delete")),
  );

  await make("warehouses", { name: "Main", isDefault: true });
  const provider = await make("dropship-providers", { name: "Vendor One", email: "orders@vendor.example" });
  const channel = await make("channels", { name: "Phone orders", currency: "USD" });
  await make("variants", { sku: "DROP", name: "Dropped", costPrice: 4, dropshipProviderId: provider.id });
  await make("variants", { sku: "SHELF", name: "Shelved" });
  note("POST purchase", await measure("POST", "/purchases.json", { dropshipProviderId: provider.id }));
  const sale = note(
    "POST manual-sale",
    await measure("POST", `/channels/${channel.id}/manual-sale.json`, order("ORDER-1")),
  );
  note(
    "POST manual-sale, keyed",
    await measure("POST", `/channels/${channel.id}/manual-sale.json`, order("ORDER-2"), key("sale")),
  );
  const [purchase] = (await t.json("GET", `/purchases.json?where[saleId]=${sale.id}`)).body;
  note(
    "POST purchase-item",
    await measure("POST", "/purchase-items.json", {
      purchaseId: purchase.id,
      sku: "EXTRA",
      quantity: 1,
      price: 1,
    }),
  );
  note("PUT send", await measure("PUT", `/purchases/${purchase.id}/send.json`, {}));
  note("PUT send, keyed", await measure("PUT", `/purchases/${purchase.id}/send.json`, {}, key("send")));
  const [line] = (await t.json("GET", `/purchase-items.json?where[purchaseId]=${purchase.id}`)).body;
  const oneLine = (tracking: string) => ({
    trackingNumber: tracking,
    items: [{ purchaseItemId: line.id, quantity: 1 }],
  });
  note("POST ship", await measure("POST", `/purchases/${purchase.id}/ship.json`, oneLine("TRK-1")));
  note(
    "POST ship, keyed",
    await measure("POST", `/purchases/${purchase.id}/ship.json`, oneLine("TRK-2"), key("ship")),
  );
  note("PUT cancel", await measure("PUT", `/purchases/${purchase.id}/cancel.json`, {}));

  const ruled = note("POST sale", await measure("POST", "/sales.json", { channelId: channel.id }));
  note("PUT sale", await measure("PUT", `/sales/${ruled.id}.json`, { shippingPrice: 3 }));
  const saleLine = { saleId: ruled.id, sku: "SHELF", quantity: 2, price: 4 };
  const item = note("POST sale-item", await measure("POST", "/sale-items.json", saleLine));
  note("PUT sale-item", await measure("PUT", `/sale-items/${item.id}.json`, { quantity: 3 }));
  note(
    "PUT sale-item, keyed",
    await measure("PUT", `/sale-items/${item.id}.json`, { quantity: 4 }, key("line")),
  );
  note("DELETE sale-item", await measure("DELETE", `/sale-items/${item.id}.json`));
  const open = await make("purchases", { dropshipProviderId: provider.id });
  note("PUT purchase", await measure("PUT", `/purchases/${open.id}.json`, { shippingPrice: 2 }));
  note(
    "POST purchase-invoice",
    await measure("POST", "/purchase-invoices.json", { purchaseId: open.id, amount: 1 }),
  );
  const [warehouse] = (await t.json("GET", "/warehouses.json")).body;
  const [shelved] = (await t.json("GET", "/variants.json?where[sku]=SHELF")).body;
  note(
    "POST adjustment",
    await measure("POST", "/adjustments.json", {
      variantId: shelved.id,
      warehouseId: warehouse.id,
      quantity: 5,
    }),
  );
  note(
    "POST variant-warehouse-update",
    await measure("POST", "/variant-warehouse-updates.json", {
      variantId: shelved.id,
      warehouseId: warehouse.id,
      quantity: 8,
    }),
  );
  const feed = await make("inventory-feeds", { name: "Vendor feed", fetchFrequency: "webhook" });
  note(
    "POST inventory-feed-payload",
    await measure("POST", "/inventory-feed-payloads.json", {
      inventoryFeedId: feed.id,
      payload: JSON.stringify([
        { externalId: "F-1", vendorSku: "SHELF", inventoryQuantity: 3 },
        { externalId: "F-2", vendorSku: "OTHER", inventoryQuantity: 4 },
      ]),
    }),
  );
  const fulfillment = await make("fulfillments", { saleId: ruled.id, warehouseId: warehouse.id });
  note(
    "POST fulfillment-item",
    await measure("POST", "/fulfillment-items.json", {
      fulfillmentId: fulfillment.id,
      variantId: shelved.id,
      quantity: 1,
    }),
  );
  note("DELETE fulfillment", await measure("DELETE", `/fulfillments/${fulfillment.id}.json`));
  note("PUT variant", await measure("PUT", `/variants/${shelved.id}.json`, { price: 6 }));
  const product = await make("products", { name: "Shelves" });
  note(
    "PUT variant, productId",
    await measure("PUT", `/variants/${shelved.id}.json`, { productId: product.id }),
  );
  return counts;
}
