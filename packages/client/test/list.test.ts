import { beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/index.ts";
import { setupServer } from "./setup.ts";

let server: Awaited<ReturnType<typeof setupServer>>;
beforeAll(async () => {
  server = await setupServer();
});

/** A client for a fresh company whose list requests are recorded. */
async function recordingClient() {
  const { token } = await server.tenantClient();
  const urls: string[] = [];
  const client = createClient({
    baseUrl: "http://localhost",
    token,
    retry: false,
    fetch: (input, init) => {
      urls.push(input);
      return server.fetch(input, init);
    },
  });
  return { client, urls };
}

describe("list paging", () => {
  it("walks 120 records in pages of 50 with next, and listAll yields each record exactly once", async () => {
    const { client, urls } = await recordingClient();
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push((await client.carriers.create({ name: `Courier Co ${i}` })).id);

    const first = await client.carriers.list({ limit: 50 });
    expect(first.records.map((c) => c.id)).toEqual(ids.slice(0, 50));
    expect(first.next).toEqual({ limit: 50, cursor: expect.any(String) });
    const second = await client.carriers.list(first.next);
    expect(second.records.map((c) => c.id)).toEqual(ids.slice(50, 100));
    const third = await client.carriers.list(second.next);
    expect(third.records.map((c) => c.id)).toEqual(ids.slice(100));
    expect(third.next).toBeUndefined();

    urls.length = 0;
    const seen: number[] = [];
    for await (const carrier of client.carriers.listAll({ limit: 50 })) seen.push(carrier.id);
    expect(seen).toEqual(ids);
    expect(urls).toHaveLength(3);
  });

  it("keeps the filters and the order on the following pages", async () => {
    const { client } = await recordingClient();
    for (let i = 0; i < 7; i++)
      await client.carriers.create({
        name: `Parcel Express ${i}`,
        carrierType: i % 2 ? "courier" : "postal",
      });

    const couriers: string[] = [];
    for await (const carrier of client.carriers.listAll({
      where: { carrierType: "courier" },
      order: "-name",
      limit: 2,
    })) {
      couriers.push(carrier.name!);
    }
    expect(couriers).toEqual(["Parcel Express 5", "Parcel Express 3", "Parcel Express 1"]);

    const byType: string[] = [];
    for await (const carrier of client.carriers.listAll({ order: ["carrierType", "-name"], limit: 3 })) {
      byType.push(carrier.name!);
    }
    expect(byType).toEqual([
      "Parcel Express 5",
      "Parcel Express 3",
      "Parcel Express 1",
      "Parcel Express 6",
      "Parcel Express 4",
      "Parcel Express 2",
      "Parcel Express 0",
    ]);
  });

  it("sends where operators the way the API reads them", async () => {
    const { client } = await recordingClient();
    const a = await client.carriers.create({ name: "Courier Co A", carrierType: "courier" });
    const b = await client.carriers.create({ name: "Courier Co B" });
    const c = await client.carriers.create({ name: "Courier Co C", carrierType: "freight" });

    const ids = async (where: Parameters<typeof client.carriers.list>[0]) =>
      (await client.carriers.list(where)).records.map((r) => r.id);
    expect(await ids({ where: { id: { $in: [a.id, c.id] } } })).toEqual([a.id, c.id]);
    expect(await ids({ where: { id: { $gte: b.id } } })).toEqual([b.id, c.id]);
    expect(await ids({ where: { id: { $gt: a.id, $lt: c.id } } })).toEqual([b.id]);
    expect(await ids({ where: { carrierType: null } })).toEqual([b.id]);
    expect(await ids({ where: { carrierType: { $null: false } } })).toEqual([a.id, c.id]);
    expect(await ids({ where: { id: { $ne: b.id } } })).toEqual([a.id, c.id]);
    expect(await ids({ where: { name: "Courier Co B" } })).toEqual([b.id]);
    expect(await ids({ order: "-id", limit: 2 })).toEqual([c.id, b.id]);
    expect(await ids({ from: 2 })).toEqual([c.id]);
  });
});
