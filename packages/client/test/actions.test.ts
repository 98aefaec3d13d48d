import { actions, camelCase } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { createClient, isApiError } from "../src/index.ts";
import { json, scriptedFetch } from "./scripted.ts";
import { setupServer } from "./setup.ts";

describe("requests", () => {
  it("calls every action of the manifest with its method and path", async () => {
    for (const { kind, action } of actions) {
      const { fetch, sent } = scriptedFetch(json({ ok: true }));
      const client = createClient({
        baseUrl: "https://api.example.com/v1/",
        token: "t0ken",
        fetch,
        retry: false,
      });
      const call = (
        client as unknown as Record<string, Record<string, (id: number, input?: object) => Promise<unknown>>>
      )[camelCase(kind.plural)]![camelCase(action.name)]!;
      await expect(call(42)).resolves.toEqual({ ok: true });
      expect(sent).toHaveLength(1);
      expect(sent[0]!.method).toBe(action.method);
      expect(sent[0]!.url.pathname).toBe(`/v1/${kind.plural}/42/${action.name}.json`);
      expect(sent[0]!.body).toEqual(action.method === "POST" || action.method === "PUT" ? {} : undefined);
    }
  });

  it("sends the input of a GET or DELETE action as query parameters, and of a POST or PUT as JSON", async () => {
    const { fetch, sent } = scriptedFetch(json([]), json({}), json({}), json({}));
    const client = createClient({ baseUrl: "https://api.example.com", token: "t0ken", fetch, retry: false });
    await client.channels.variantLevels(5, { sku: "SKU-1", limit: 10, externalId: null });
    await client.inventoryFeeds.removeByExternalId(6, { externalId: "feed item/1" });
    await client.purchases.ship(7, {
      trackingNumber: "TRACK-1",
      items: [{ purchaseItemId: 3, quantity: 2 }],
    });
    await client.purchases.send(8);

    expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      "GET /channels/5/variant-levels.json?sku=SKU-1&limit=10",
      "DELETE /inventory-feeds/6/remove-by-external-id.json?externalId=feed+item%2F1",
      "POST /purchases/7/ship.json",
      "PUT /purchases/8/send.json",
    ]);
    expect(sent[0]!.headers.get("Content-Type")).toBeNull();
    expect(sent[2]!.body).toEqual({ trackingNumber: "TRACK-1", items: [{ purchaseItemId: 3, quantity: 2 }] });
    expect(sent[2]!.headers.get("Content-Type")).toBe("application/json");
    expect(sent[3]!.body).toEqual({});
  });

  it("authenticates every request and sends the client's and the call's headers", async () => {
    const { fetch, sent } = scriptedFetch(json([]), json([]));
    let calls = 0;
    const client = createClient({
      baseUrl: "https://api.example.com",
      token: async () => `token-${++calls}`,
      fetch,
      headers: { "X-Request-Id": "from-client", "X-Team": "ops" },
    });
    await client.carriers.list();
    await client.carriers.list({}, { headers: { "X-Request-Id": "from-call" } });
    expect(sent.map((s) => s.headers.get("Authorization"))).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(sent.map((s) => s.headers.get("X-Request-Id"))).toEqual(["from-client", "from-call"]);
    expect(sent[1]!.headers.get("X-Team")).toBe("ops");
    expect(sent[0]!.headers.get("Accept")).toBe("application/json");
  });

  it("follows a Link header however the server orders its parameters", async () => {
    const { fetch } = scriptedFetch(
      json([{ id: 1 }], 200, {
        Link: '<https://api.example.com/carriers.json?limit=1&from=1&order=-id>; rel="next", <https://x/y>; rel="self"',
      }),
      json([{ id: 2 }]),
    );
    const client = createClient({ baseUrl: "https://api.example.com", token: "t", fetch });
    const page = await client.carriers.list({ order: "-id", limit: 1 });
    expect(page.next).toEqual({ order: "-id", limit: 1, from: 1 });
    expect((await client.carriers.list(page.next)).next).toBeUndefined();
  });

  it("answers a $in of no values with an empty page, without a request", async () => {
    const { fetch, sent } = scriptedFetch(json([{ id: 1, name: "" }]));
    const client = createClient({ baseUrl: "https://api.example.com", token: "t", fetch });
    expect(await client.carriers.list({ where: { name: { $in: [] } } })).toEqual({ records: [] });
    const all: unknown[] = [];
    for await (const carrier of client.carriers.listAll({ where: { id: { $in: [] } } })) all.push(carrier);
    expect(all).toEqual([]);
    expect(sent).toHaveLength(0);
  });

  it("refuses an $in value with a comma, which the API would split", async () => {
    const { fetch, sent } = scriptedFetch(json([]));
    const client = createClient({ baseUrl: "https://api.example.com", token: "t", fetch });
    await expect(client.carriers.list({ where: { name: { $in: ["Parcel, Express"] } } })).rejects.toThrow(
      TypeError,
    );
    expect(sent).toHaveLength(0);
  });
});

describe("actions against the server", () => {
  let server: Awaited<ReturnType<typeof setupServer>>;
  beforeAll(async () => {
    server = await setupServer();
  });

  it("sends a purchase to its provider", async () => {
    const { client } = await server.tenantClient();
    const provider = await client.dropshipProviders.create({
      name: "Parcel Express Supply",
      email: "orders@example.com",
    });
    const purchase = await client.purchases.create({ dropshipProviderId: provider.id });
    const sent = await client.purchases.send(purchase.id, { format: "email" });
    expect(sent).toMatchObject({ id: purchase.id, status: "sent" });
  });

  it("answers 409 with the state when the action is not allowed from it", async () => {
    const { client } = await server.tenantClient();
    const purchase = await client.purchases.create({});
    const error = await client.purchases
      .ship(purchase.id, { trackingNumber: "TRACK-9" })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(409);
    expect(isApiError(error) && error.body).toMatchObject({ state: "pending" });
  });
});
