import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../apps/server/src/app.ts";
import { carriers, dropshipProviders, purchases } from "../src/generated/resources.ts";
import { connect, createClient, etagOf, metaOf, type ResponseMeta } from "../src/index.ts";
import { setupServer } from "./setup.ts";

let server: Awaited<ReturnType<typeof setupServer>>;
beforeAll(async () => {
  server = await setupServer();
});

describe("what a successful answer says besides its body", () => {
  it("gives a record's ETag and request id, a page's and an action's, and each delete's through onResponse", async () => {
    const { client } = await server.tenantClient();
    const created = await client.carriers.create({ name: "Courier Co" });
    const read = await client.carriers.get(created.id, { headers: { "X-Request-Id": "trace-42" } });
    expect(metaOf(read)).toMatchObject({ status: 200, requestId: "trace-42", rateLimit: undefined });
    expect(metaOf(read)!.etag).toMatch(/^"/);
    expect(metaOf(read)!.etag).toBe(etagOf(read));
    expect(metaOf(created)!.etag).toBe(metaOf(read)!.etag);
    expect(metaOf(read)!.headers.get("Content-Type")).toContain("application/json");

    const page = await client.carriers.list();
    expect(metaOf(page)!.requestId).toMatch(/\S/);
    expect(metaOf(page)!.requestId).not.toBe(metaOf(read)!.requestId);

    const provider = await client.dropshipProviders.create({
      name: "Acme Supply",
      email: "orders@example.com",
    });
    const purchase = await client.purchases.create({ dropshipProviderId: provider.id });
    const sent = await client.purchases.send(purchase.id, { format: "email" });
    expect(metaOf(sent)).toMatchObject({ status: 200, etag: expect.any(String) });

    const seen: ResponseMeta[] = [];
    await client.carriers.delete(created.id, { onResponse: (meta) => seen.push(meta) });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ status: 204, requestId: expect.any(String) });
    expect(metaOf(undefined)).toBeUndefined();
  });

  it("reads the rate limit state from the RateLimit header fields when a limit is configured", async () => {
    const app = createApp({
      db: server.db,
      tokenCacheMs: 0,
      rateLimit: { getPerSecond: 5, writePerSecond: 3 },
    });
    const { token } = await server.tenantClient();
    const client = createClient({
      baseUrl: "http://localhost",
      token,
      retry: false,
      fetch: (input, init) => app.request(input, init),
    });
    const created = await client.carriers.create({ name: "Courier Co" });
    expect(metaOf(created)!.rateLimit).toEqual({
      policy: "write",
      limit: 3,
      windowSeconds: 1,
      remaining: 2,
      resetSeconds: 1,
    });
    const first = await client.carriers.get(created.id);
    const second = await client.carriers.get(created.id);
    expect(metaOf(first)!.rateLimit).toMatchObject({ policy: "get", limit: 5, remaining: 4 });
    expect(metaOf(second)!.rateLimit!.remaining).toBe(3);
  });

  it("works the same through connect, for the resources passed", async () => {
    const { token } = await server.tenantClient();
    const api = connect(
      { baseUrl: "http://localhost", token, retry: false, fetch: server.fetch },
      { carriers, purchases, providers: dropshipProviders },
    );
    const carrier = await api.carriers.create({ name: "Parcel Express" });
    await expect(api.carriers.get(carrier.id)).resolves.toEqual(carrier);
    expect(metaOf(carrier)!.etag).toBeTruthy();
    const provider = await api.providers.create({ name: "Acme Supply", email: "orders@example.com" });
    const purchase = await api.purchases.create({ dropshipProviderId: provider.id });
    await expect(api.purchases.send(purchase.id, { format: "email" })).resolves.toMatchObject({
      status: "sent",
    });
    expect(Object.keys(api)).toEqual(["carriers", "purchases", "providers"]);
  });
});
