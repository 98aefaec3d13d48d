// The inbound webhooks under attack: wrong hashes are limited per client address and target, counted
// exactly even when they arrive all at once, and never at the cost of a caller with the right hash; a
// suspended company's hashes write nothing; a call signed as Standard Webhooks says is checked, and a
// replay outside the tolerance refused.
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus } from "../requests.ts";
import { apiOf, countWrites, setupApp, type Tenant } from "../support.ts";

const ADMIN_TOKEN = "operator-token-for-inbound-0123456789abcdef";
const ORDER_PATH = "/webhooks/custom-channels/manual-sale.json";
const FEED_PATH = "/webhooks/inventory-feeds/parse-webhooks.json";
const ORDER = {
  externalId: "IN-1",
  customer: { firstName: "Dana", lastName: "Buyer", email: "dana@buyer.example" },
  shippingAddress: {
    name: "Dana Buyer",
    lineOne: "1 Main St",
    city: "Springfield",
    zip: "62701",
    country: "US",
  },
  items: [{ sku: "MUG-1", quantity: 1, price: 10 }],
};

let setup: Awaited<ReturnType<typeof setupApp>>;
let writes: () => Promise<number>;
beforeAll(async () => {
  setup = await setupApp({ adminToken: ADMIN_TOKEN, trustProxy: true }, { checkResponses: false });
  writes = await countWrites(setup.db);
});

/** A tenant's custom channel and inventory feed, with their hashes. */
async function hooked(t: Tenant) {
  const channel = await create(t, "channels", { name: "Own" });
  await create(t, "variants", { sku: "MUG-1", name: "Mug" });
  await create(t, "warehouses", { name: "Main" });
  const custom = await create(t, "custom-channels", { name: "Own", channelId: channel.id });
  const feed = await create(t, "inventory-feeds", { name: "Vendor feed" });
  return { custom, feed };
}

const send = (path: string, hash: string, address: string, body: unknown = ORDER) =>
  setup.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "webhook-hash": hash, "X-Forwarded-For": address },
    body: JSON.stringify(body),
  });

describe("failed attempts at an inbound hash", () => {
  it("a burst of 300 parallel wrong hashes gets exactly 10 401s; the right hash still gets in", async () => {
    const t = await setup.tenant();
    const { custom } = await hooked(t);
    const address = "198.51.100.10";
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => send(ORDER_PATH, `guess-${i}`, address)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(290);
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.headers.get("Content-Type")).toContain("application/problem+json");

    const right = await send(ORDER_PATH, custom.webhookHash, address);
    expect(right.status).toBe(200);
    const saleImport = (await right.json()) as { saleId: number | null; problem: unknown };
    expect(saleImport.problem, JSON.stringify(saleImport.problem)).toBeNull();
    const sale = await expectStatus(t.json("GET", `/sales/${saleImport.saleId}.json`), 200);
    expect(sale.externalId).toBe("IN-1");
  });

  it("are counted per address and per target", async () => {
    const t = await setup.tenant();
    const { feed } = await hooked(t);
    const address = "198.51.100.11";
    for (let i = 0; i < 10; i++) expect((await send(ORDER_PATH, `guess-${i}`, address)).status).toBe(401);
    expect((await send(ORDER_PATH, "guess-10", address)).status).toBe(429);
    // The feeds' hashes are another target: their own count.
    expect((await send(FEED_PATH, "guess-11", address, [])).status).toBe(401);
    // Another address: its own count.
    expect((await send(ORDER_PATH, "guess-12", "198.51.100.12")).status).toBe(401);
    // The right hash from the limited address.
    expect((await send(FEED_PATH, feed.hash, address, [])).status).toBe(200);
  });
});

describe("a suspended company's inbound webhooks", () => {
  it("are refused with 403 and write nothing; lifting the suspension lets them in again", async () => {
    const t = await setup.tenant();
    const { custom, feed } = await hooked(t);
    const admin = apiOf((path, init) => setup.app.request(path, init), ADMIN_TOKEN);
    const suspend = (suspended: boolean) =>
      expectStatus(admin.json("PUT", `/admin/companies/${t.companyId}.json`, { suspended }), 200);
    await suspend(true);
    const before = await writes();

    const order = await send(ORDER_PATH, custom.webhookHash, "198.51.100.20");
    expect(order.status).toBe(403);
    expect(order.headers.get("Content-Type")).toContain("application/problem+json");
    expect(((await order.json()) as { detail: string }).detail).toContain("suspended");
    const items = [{ externalId: "F-1", vendorSku: "FEED-1", inventoryQuantity: 5 }];
    expect((await send(FEED_PATH, feed.hash, "198.51.100.20", items)).status).toBe(403);
    // The API keys are refused as well.
    expect((await t.json("POST", "/carriers.json", { name: "Parcel Express" })).status).toBe(403);
    expect(await writes()).toBe(before);

    await suspend(false);
    expect((await send(ORDER_PATH, custom.webhookHash, "198.51.100.20")).status).toBe(200);
    expect((await send(FEED_PATH, feed.hash, "198.51.100.20", items)).status).toBe(200);
  });
});

describe("signed inbound calls", () => {
  /** A feed call signed at `at` with `key` (the feed's hash by default) over `signed` (the body by default). */
  const signedCall = (
    hash: string,
    body: string,
    options: { at?: Date; key?: string; signed?: string } = {},
  ) => {
    const id = `msg_${Math.random().toString(36).slice(2)}`;
    const at = options.at ?? new Date();
    const signature = new Webhook(options.key ?? hash, { format: "raw" }).sign(
      id,
      at,
      options.signed ?? body,
    );
    return setup.app.request(FEED_PATH, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "webhook-hash": hash,
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
    });
  };

  it("are taken when the signature is the body's under the hash, and refused otherwise, writing nothing", async () => {
    const t = await setup.tenant();
    const { feed } = await hooked(t);
    const body = JSON.stringify([{ externalId: "S-1", vendorSku: "SIGNED-1", inventoryQuantity: 3 }]);
    const before = await writes();
    const refused = [
      await signedCall(feed.hash, body, { at: new Date(Date.now() - 60 * 60 * 1000) }), // replayed an hour on
      await signedCall(feed.hash, body, { at: new Date(Date.now() + 60 * 60 * 1000) }),
      await signedCall(feed.hash, body, { signed: body.replace("3", "300") }), // another body
      await signedCall(feed.hash, body, { key: "another-key-0123456789" }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get("Content-Type")).toContain("application/problem+json");
    }
    expect(((await refused[0]!.json()) as { detail: string }).detail).toContain("too old");
    const partly = await setup.app.request(FEED_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-hash": feed.hash, "webhook-id": "msg_1" },
      body,
    });
    expect(partly.status).toBe(401);
    expect(await writes()).toBe(before);

    const taken = await signedCall(feed.hash, body);
    expect(taken.status).toBe(200);
    // A body that starts with a byte order mark is signed with it, and checked so.
    const marked = `\ufeff${JSON.stringify([{ externalId: "S-2", vendorSku: "SIGNED-2", inventoryQuantity: 1 }])}`;
    expect((await signedCall(feed.hash, marked)).status).toBe(200);
    const items = await expectStatus(
      t.json("GET", "/inventory-feed-variants.json?where[externalId]=S-1"),
      200,
    );
    expect(items).toHaveLength(1);
  });
});

describe("refused signatures", () => {
  it("are failures counted per record and address: past 10, a 429; a well-signed call still gets in", async () => {
    const t = await setup.tenant();
    const { feed } = await hooked(t);
    const other = await create(t, "inventory-feeds", { name: "Other feed" });
    const address = "198.51.100.30";
    const call = (hash: string, signature: string) =>
      setup.app.request(FEED_PATH, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "webhook-hash": hash,
          "webhook-id": "msg_replayed",
          "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
          "webhook-signature": signature,
          "X-Forwarded-For": address,
        },
        body: "[]",
      });
    for (let i = 0; i < 10; i++) expect((await call(feed.hash, `v1,forged${i}`)).status).toBe(401);
    const limited = await call(feed.hash, "v1,forged10");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another record: its own count.
    expect((await call(other.hash, "v1,forged11")).status).toBe(401);
    // The right signature from the same address, for the limited record.
    const at = new Date();
    const signature = new Webhook(feed.hash, { format: "raw" }).sign("msg_good", at, "[]");
    const good = await setup.app.request(FEED_PATH, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "webhook-hash": feed.hash,
        "webhook-id": "msg_good",
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
        "X-Forwarded-For": address,
      },
      body: "[]",
    });
    expect(good.status).toBe(200);
  });
});
