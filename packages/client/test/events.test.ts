import { beforeAll, expect, it } from "vitest";
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
