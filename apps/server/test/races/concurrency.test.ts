import { beforeAll, describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

describe("concurrent writes on the embedded database", () => {
  it("accepts many creates, updates and deletes at once, and loses none", async () => {
    const t = await ctx.tenant();
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.json("POST", "/carriers.json", { name: `Carrier ${i}` })),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(60).fill(200));
    const ids = created.map((answer) => answer.body.id as number);
    expect(new Set(ids).size).toBe(60);

    const [updated, deleted] = await Promise.all([
      Promise.all(
        ids.slice(0, 30).map((id) => t.json("PUT", `/carriers/${id}.json`, { name: `Renamed ${id}` })),
      ),
      Promise.all(ids.slice(30).map((id) => t.json("DELETE", `/carriers/${id}.json`))),
    ]);
    expect(updated.every((answer) => answer.status === 200)).toBe(true);
    expect(deleted.every((answer) => answer.status === 204)).toBe(true);
    const left = await t.json("GET", "/carriers.json?limit=250");
    expect(left.body.map((carrier: { name: string }) => carrier.name).sort()).toEqual(
      ids
        .slice(0, 30)
        .map((id) => `Renamed ${id}`)
        .sort(),
    );
  });

  it("imports the same order sent many times at once as one sale", async () => {
    const t = await ctx.tenant();
    const channel = await t.json("POST", "/channels.json", { name: "Web" });
    await t.json("POST", "/warehouses.json", { name: "Main", isDefault: true });
    await t.json("POST", "/variants.json", { sku: "MUG-1", price: 12.5 });
    const order = {
      externalId: "ORDER-1",
      customer: { email: "ana@example.com" },
      shippingAddress: { lineOne: "5 Elm St", city: "Denver", country: "US" },
      items: [{ sku: "MUG-1", quantity: 2, price: 12.5 }],
    };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.json("POST", `/channels/${channel.body.id}/manual-sale.json`, order),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect((await t.json("GET", "/sales.json")).body).toHaveLength(1);
    expect((await t.json("GET", "/customers.json")).body).toHaveLength(1);
    expect((await t.json("GET", "/fulfillments.json")).body).toHaveLength(1);
    expect((await t.json("GET", "/sale-imports.json")).body).toHaveLength(12);
  });
});
