// The client under Deno against the real server app, also under Deno: createApp over an embedded libSQL
// file (native binding through Deno's Node-API), served with Deno.serve, called over HTTP.
import assert from "node:assert/strict";
import { createApp } from "../../../apps/server/src/app.ts";
import type { Db } from "../../../apps/server/src/db/database.ts";
import { migrate } from "../../../apps/server/src/db/migrate.ts";
import { loadMigrations } from "../../../apps/server/src/db/migration-files.ts";
import { openDb } from "../../../apps/server/src/db/open.ts";
import { createToken } from "../../../apps/server/src/services/auth.ts";
import { carriers } from "../src/generated/resources.ts";
import {
  type ApiError,
  connect,
  createClient,
  etagOf,
  isApiError,
  isTimeoutError,
  metaOf,
} from "../src/index.ts";

let dir: string;
let db: Db;
let server: Deno.HttpServer<Deno.NetAddr>;
let baseUrl: string;

Deno.test.beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "mcs-client-deno-" });
  db = await openDb(`file:${dir}/client.db`);
  await migrate(db, loadMigrations());
  const app = createApp({ db, basePath: "/v1", tokenCacheMs: 0 });
  server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  baseUrl = `http://127.0.0.1:${server.addr.port}/v1`;
});

Deno.test.afterAll(async () => {
  await server.shutdown();
  db.close();
  await Deno.remove(dir, { recursive: true });
});

async function clientOfNewCompany(readOnly = false) {
  const company = `deno-${crypto.randomUUID()}`;
  const { token } = await createToken({ db, input: { company } });
  const readOnlyToken = readOnly ? (await createToken({ db, input: { company, readOnly: true } })).token : "";
  return {
    client: createClient({ baseUrl, token, retry: false }),
    readOnly: createClient({ baseUrl, token: readOnlyToken, retry: false }),
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  assert.ok(isApiError(error), `expected an ApiError, got ${error}`);
  return error;
}

// fetch keeps connections alive between tests: the op and resource checks would count them.
const network = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "creates, reads, updates with If-Match, and deletes a record",
  ...network,
  fn: async () => {
    const { client } = await clientOfNewCompany();
    const created = await client.carriers.create({ name: "Parcel Express", carrierType: "courier" });
    assert.equal(created.name, "Parcel Express");
    const read = await client.carriers.get(created.id);
    assert.deepEqual(read, created);
    const etag = etagOf(read);
    assert.ok(etag);
    const updated = await client.carriers.update(created.id, { name: "Courier Co" }, { ifMatch: etag });
    assert.equal(updated.name, "Courier Co");
    const stale = await rejection(client.carriers.update(created.id, { name: "Late" }, { ifMatch: etag }));
    assert.equal(stale.status, 412);
    await client.carriers.delete(created.id);
    assert.equal((await rejection(client.carriers.get(created.id))).status, 404);
  },
});

Deno.test({
  name: "lists with filters and follows the Link header through every page",
  ...network,
  fn: async () => {
    const { client } = await clientOfNewCompany();
    const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"];
    for (const name of names) await client.carriers.create({ name });
    const page = await client.carriers.list({ limit: 2 });
    assert.deepEqual(
      page.records.map((carrier) => carrier.name),
      ["Alpha", "Bravo"],
    );
    assert.ok(page.next);
    const all: string[] = [];
    for await (const carrier of client.carriers.listAll({ limit: 2 })) all.push(carrier.name ?? "");
    assert.deepEqual(all, names);
    const filtered = await client.carriers.list({ where: { name: "Delta" } });
    assert.deepEqual(
      filtered.records.map((carrier) => carrier.name),
      ["Delta"],
    );
  },
});

Deno.test({
  name: "turns problem responses into ApiErrors: 422 with field errors, 401, 403",
  ...network,
  fn: async () => {
    const { client, readOnly } = await clientOfNewCompany(true);
    const invalid = await rejection(client.customers.create({ email: 42 } as never));
    assert.equal(invalid.status, 422);
    assert.deepEqual(
      invalid.errors.map((error) => error.path),
      ["email"],
    );
    assert.ok(invalid.requestId);
    const anonymous = createClient({ baseUrl, token: "mcs_not-a-real-token-at-all", retry: false });
    assert.equal((await rejection(anonymous.carriers.list())).status, 401);
    assert.equal((await rejection(readOnly.carriers.create({ name: "Courier Co" }))).status, 403);
    assert.deepEqual((await readOnly.carriers.list()).records, []);
  },
});

Deno.test({
  name: "calls an action: a purchase is sent to its provider",
  ...network,
  fn: async () => {
    const { client } = await clientOfNewCompany();
    const provider = await client.dropshipProviders.create({
      name: "Harbour Goods",
      email: "orders@harbour-goods.example",
    });
    const purchase = await client.purchases.create({ dropshipProviderId: provider.id });
    await client.purchaseItems.create({ purchaseId: purchase.id, sku: "MUG-1", quantity: 2, price: 3.1 });
    const sent = await client.purchases.send(purchase.id, {});
    assert.equal(sent.status, "sent");
    assert.equal(sent.total, 6.2);
    assert.equal(sent.amountOwed, 6.2);
    const notifications = await client.purchaseNotifications.list({ where: { purchaseId: purchase.id } });
    assert.equal(notifications.records.length, 1);
  },
});

Deno.test({
  name: "imports a full connector batch, each item answered with the ids of what it wrote",
  ...network,
  fn: async () => {
    const { client } = await clientOfNewCompany();
    const channel = await client.channels.create({ name: "Web Store" });
    const vendor = await client.vendors.create({ name: "Maker" });
    // Twelve columns a variant (its product's among them): 833 rows a statement at most (10,000 arguments),
    // so 1,000 take two on the native driver, each record's id from its statement's last insert rowid.
    const items = Array.from({ length: 1000 }, (_, n) => ({
      externalId: `E${n}`,
      sku: `S${n}`,
      name: `Variant ${n}`,
      productName: `Product ${n % 3}`,
      barcode: `B${n}`,
      price: 1,
      costPrice: 1,
      weight: n,
      tags: ["t"],
      vendorId: vendor.id,
    }));
    const answer = await client.channels.importConnectorVariantBatch(channel.id, { items });
    assert.equal(answer.created, 1000);
    for (const n of [0, 832, 833, 999]) {
      const result = answer.results[n]!;
      const variant = await client.variants.get(result.variantId);
      assert.equal(variant.sku, `S${n}`);
      assert.equal(variant.weight, n);
      const listing = await client.channelVariants.get(result.channelVariantId);
      assert.equal(listing.externalId, `E${n}`);
      assert.equal(listing.variantId, result.variantId);
    }
  },
});

Deno.test({
  name: "connects one resource: $like, attributes narrowing the row, the response's meta, and a timeout",
  ...network,
  fn: async () => {
    const company = `deno-${crypto.randomUUID()}`;
    const { token } = await createToken({ db, input: { company } });
    const api = connect({ baseUrl, token, retry: false }, { carriers });
    const courier = await api.carriers.create({ name: "Courier Co", carrierType: "courier" });
    await api.carriers.create({ name: "Parcel Express" });
    const page = await api.carriers.list({ where: { name: { $like: "cour%" } }, attributes: ["id", "name"] });
    assert.deepEqual(page.records, [{ id: courier.id, name: "Courier Co" }]);
    assert.ok(metaOf(page)?.requestId);
    assert.equal(metaOf(courier)?.etag, etagOf(courier));

    // A listener on 127.0.0.1 that never answers: the call gives up after its timeout.
    const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const held: Deno.Conn[] = [];
    const accepting = (async () => {
      for await (const conn of silent) held.push(conn);
    })();
    try {
      const slow = connect(
        { baseUrl: `http://127.0.0.1:${silent.addr.port}`, token, retry: false, timeout: 200 },
        { carriers },
      );
      const error = await slow.carriers.get(1).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      assert.ok(isTimeoutError(error), `expected a TimeoutError, got ${error}`);
      assert.equal(error.timeoutMs, 200);
    } finally {
      silent.close();
      for (const conn of held) conn.close();
      await accepting.catch(() => {});
    }
  },
});
