import { beforeAll, expect, it } from "vitest";
import { createClient, metaOf } from "../src/index.ts";
import { setupServer } from "./setup.ts";

let server: Awaited<ReturnType<typeof setupServer>>;
beforeAll(async () => {
  server = await setupServer();
});

it("creates a webhook endpoint (its secret typed and shown once) and reads the event log page by page", async () => {
  const { client } = await server.tenantClient();
  const endpoint = await client.webhookEndpoints.create({ url: "https://hooks.example/in", enabled: false });
  expect(endpoint.secret).toMatch(/^whsec_/);
  expect(await client.webhookEndpoints.get(endpoint.id)).not.toHaveProperty("secret");

  for (const name of ["A", "B", "C", "D", "E"]) await client.carriers.create({ name });
  const first = await client.events.list({ types: ["carrier.created"], limit: 2 });
  expect(first.events.map((event) => (event.data.object as { name: string }).name)).toEqual(["A", "B"]);
  expect(first.next).toEqual({ types: ["carrier.created"], limit: 2, after: first.events[1]!.id });

  const names: string[] = [];
  for await (const event of client.events.listAll({ types: ["carrier.created"], limit: 2 })) {
    names.push((event.data.object as { name: string }).name);
  }
  expect(names).toEqual(["A", "B", "C", "D", "E"]);
  expect(await client.events.get(first.events[0]!.id)).toEqual(first.events[0]);
  expect((await client.events.list({ since: "2999-01-01T00:00:00Z" })).events).toEqual([]);
});

it("makes a webhook endpoint and rotates secrets with retries on: what answers a secret once goes without a key", async () => {
  const { client } = await server.tenantClient({ retry: {} });
  const endpoint = await client.webhookEndpoints.create({ url: "https://hooks.example/in", enabled: false });
  expect(endpoint.secret).toMatch(/^whsec_/);
  const rotated = await client.webhookEndpoints.rotateSecret(endpoint.id);
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(endpoint.secret);
  const provider = await client.dropshipProviders.create({ name: "Parcel Express Supply" });
  await expect(client.dropshipProviders.rotateSigningSecret(provider.id)).resolves.toBeDefined();
  // Other writes still carry a key of the client's making.
  await expect(client.carriers.create({ name: "Courier Co" })).resolves.toMatchObject({ name: "Courier Co" });
});

it("answers a list of no types with no events, without a request, as a kind's $in of no values", async () => {
  const { token } = await server.tenantClient();
  let requests = 0;
  const client = createClient({
    baseUrl: "http://localhost",
    token,
    retry: false,
    fetch: (input, init) => {
      requests++;
      return server.fetch(input, init);
    },
  });
  await client.carriers.create({ name: "Courier Co" });
  expect((await client.events.list({ types: ["carrier.created"] })).events).toHaveLength(1);
  requests = 0;
  expect(await client.events.list({ types: [] })).toEqual({ events: [] });
  const all = [];
  for await (const event of client.events.listAll({ types: [], limit: 1 })) all.push(event);
  expect(all).toEqual([]);
  expect(requests).toBe(0);
});

it("gives an events page the meta of its response, as a kind's page", async () => {
  const { client } = await server.tenantClient();
  await client.carriers.create({ name: "A" });
  await client.carriers.create({ name: "B" });
  const page = await client.events.list({ limit: 1 }, { headers: { "X-Request-Id": "events-1" } });
  expect(page.next).toBeDefined();
  expect(metaOf(page)).toMatchObject({ status: 200, requestId: "events-1" });
  expect(metaOf(page)).toBe(metaOf(page.events));
});
