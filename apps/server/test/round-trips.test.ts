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

/**
 * The table (#23), as this server meets it: round trips of each operation on the remote driver
 * with a cached token. The targets: a read 1, a create or update 1, a delete 2, a keyed write 2 (its
 * replay 1), a purchase or purchase-item create 2, manual-sale, send and ship 3. Exact counts, so that a
 * change in either direction is seen.
 */
const EXPECTED: Record<string, number> = {
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
  "POST purchase-item": 2,
  "POST manual-sale": 2,
  "POST manual-sale, keyed": 3,
  "PUT send": 2,
  "PUT send, keyed": 3,
  "POST ship": 2,
  "POST ship, keyed": 3,
  "PUT cancel": 2,
};

describe("round trips to the remote database per operation", () => {
  it("meets the table of issue 23", async () => {
    const t = await stack.tenant();
    const counts: Record<string, number> = {};
    const note = (name: string, answer: { trips: number; status: number; body: unknown }) => {
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      counts[name] = answer.trips;
      return answer.body as any;
    };
    const key = (name: string) => ({ "Idempotency-Key": `${name}-${Math.random()}` });
    const carrier = note("POST carrier", await roundTrips(t, "POST", "/carriers.json", { name: "Parcel" }));
    note("GET carrier", await roundTrips(t, "GET", `/carriers/${carrier.id}.json`));
    note("GET carriers", await roundTrips(t, "GET", "/carriers.json"));
    const renamed = note(
      "PUT carrier",
      await roundTrips(t, "PUT", `/carriers/${carrier.id}.json`, { name: "Parcel 2" }),
    );
    const etag = (await t.json("GET", `/carriers/${carrier.id}.json`)).headers.get("ETag")!;
    expect(renamed.name).toBe("Parcel 2");
    note(
      "PUT carrier, If-Match",
      await roundTrips(t, "PUT", `/carriers/${carrier.id}.json`, { name: "Parcel 3" }, { "If-Match": etag }),
    );
    note("DELETE carrier", await roundTrips(t, "DELETE", `/carriers/${carrier.id}.json`));
    const keyed = key("create");
    const created = note(
      "POST carrier, keyed",
      await roundTrips(t, "POST", "/carriers.json", { name: "Keyed" }, keyed),
    );
    const replayed = note(
      "POST carrier, keyed replay",
      await roundTrips(t, "POST", "/carriers.json", { name: "Keyed" }, keyed),
    );
    expect(replayed).toEqual(created);
    note(
      "PUT carrier, keyed",
      await roundTrips(t, "PUT", `/carriers/${created.id}.json`, { name: "Keyed 2" }, key("update")),
    );
    note(
      "DELETE carrier, keyed",
      await roundTrips(t, "DELETE", `/carriers/${created.id}.json`, undefined, key("delete")),
    );

    const { provider, channel } = await world(t);
    note(
      "POST purchase",
      await roundTrips(t, "POST", "/purchases.json", { dropshipProviderId: provider.id }),
    );
    const sale = note(
      "POST manual-sale",
      await roundTrips(t, "POST", `/channels/${channel.id}/manual-sale.json`, order("ORDER-1")),
    );
    note(
      "POST manual-sale, keyed",
      await roundTrips(t, "POST", `/channels/${channel.id}/manual-sale.json`, order("ORDER-2"), key("sale")),
    );
    const [purchase] = (await t.json("GET", `/purchases.json?where[saleId]=${sale.id}`)).body;
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
      "PUT send, keyed",
      await roundTrips(t, "PUT", `/purchases/${purchase.id}/send.json`, {}, key("send")),
    );
    const [line] = (await t.json("GET", `/purchase-items.json?where[purchaseId]=${purchase.id}`)).body;
    note(
      "POST ship",
      await roundTrips(t, "POST", `/purchases/${purchase.id}/ship.json`, {
        trackingNumber: "TRK-1",
        items: [{ purchaseItemId: line.id, quantity: 1 }],
      }),
    );
    note(
      "POST ship, keyed",
      await roundTrips(
        t,
        "POST",
        `/purchases/${purchase.id}/ship.json`,
        { trackingNumber: "TRK-2", items: [{ purchaseItemId: line.id, quantity: 1 }] },
        key("ship"),
      ),
    );
    note("PUT cancel", await roundTrips(t, "PUT", `/purchases/${purchase.id}/cancel.json`, {}));
    expect(counts).toEqual(EXPECTED);
  });
});
