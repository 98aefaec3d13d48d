// Database round trips per operation on the remote driver (Workers with Turso): the HTTP requests the
// dev libSQL server receives, counted by a proxy before it. A count, not a timing: deterministic.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RemoteStack, remoteStack } from "./remote.ts";

let stack: RemoteStack;
beforeAll(async () => {
  stack = await remoteStack({ templateDb: inject("templateDb") });
});
afterAll(() => stack?.close());

type Tenant = Awaited<ReturnType<RemoteStack["tenant"]>>;

async function make(t: Tenant, plural: string, body: Record<string, unknown>): Promise<any> {
  const answer = await t.json("POST", `/${plural}.json`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The round trips of one request, and its answer. */
async function roundTrips(
  t: Tenant,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<{ trips: number; status: number; body: any }> {
  stack.proxy.reset();
  const answer = await t.json(method, path, body, headers);
  return { trips: stack.proxy.count, status: answer.status, body: answer.body };
}

/** A sale's world: a warehouse, a dropship provider, a channel and two variants (one dropshipped). */
async function world(t: Tenant) {
  const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
  const provider = await make(t, "dropship-providers", {
    name: "Vendor One",
    email: "orders@vendor.example",
  });
  const channel = await make(t, "channels", { name: "Phone orders", currency: "USD" });
  await make(t, "variants", { sku: "DROP", name: "Dropped", costPrice: 4, dropshipProviderId: provider.id });
  await make(t, "variants", { sku: "SHELF", name: "Shelved" });
  return { warehouse, provider, channel };
}

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

describe("round trips to the remote database per operation", () => {
  it("measures", async () => {
    const t = await stack.tenant();
    const counts: Record<string, number> = {};
    const note = (name: string, answer: { trips: number; status: number; body: unknown }) => {
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      counts[name] = answer.trips;
      return answer.body as any;
    };
    const carrier = note("POST carrier", await roundTrips(t, "POST", "/carriers.json", { name: "Parcel" }));
    note("GET carrier", await roundTrips(t, "GET", `/carriers/${carrier.id}.json`));
    note("GET carriers", await roundTrips(t, "GET", "/carriers.json"));
    note("PUT carrier", await roundTrips(t, "PUT", `/carriers/${carrier.id}.json`, { name: "Parcel 2" }));
    note("DELETE carrier", await roundTrips(t, "DELETE", `/carriers/${carrier.id}.json`));
    const keyed = { "Idempotency-Key": "key-1" };
    note("POST keyed", await roundTrips(t, "POST", "/carriers.json", { name: "Keyed" }, keyed));
    note("POST keyed replay", await roundTrips(t, "POST", "/carriers.json", { name: "Keyed" }, keyed));
    const { provider, channel } = await world(t);
    note(
      "POST purchase",
      await roundTrips(t, "POST", "/purchases.json", { dropshipProviderId: provider.id }),
    );
    const sale = note(
      "POST manual-sale",
      await roundTrips(t, "POST", `/channels/${channel.id}/manual-sale.json`, order("ORDER-1")),
    );
    const purchases = (await t.json("GET", `/purchases.json?where[saleId]=${sale.id}`)).body;
    const purchase = purchases[0];
    note(
      "POST purchase-item",
      await roundTrips(t, "POST", "/purchase-items.json", {
        purchaseId: purchase.id,
        sku: "EXTRA",
        quantity: 1,
        price: 1,
      }),
    );
    note("PUT send", await roundTrips(t, "PUT", `/purchases/${purchase.id}/send.json`, {}));
    note(
      "POST ship",
      await roundTrips(t, "POST", `/purchases/${purchase.id}/ship.json`, { trackingNumber: "TRK-1" }),
    );
    console.log(counts);
  });
});
