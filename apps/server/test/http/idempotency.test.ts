import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

const key = (value: string) => ({ "Idempotency-Key": value });

/** A channel that sells one variant from a default warehouse: its manual-sale path and an order of it. */
async function saleWorld(t: Tenant, externalId: string) {
  const channel = await t.json("POST", "/channels.json", { name: "Web" });
  await t.json("POST", "/warehouses.json", { name: "Main", isDefault: true });
  await t.json("POST", "/variants.json", { sku: "MUG-1", price: 12.5 });
  const order = {
    externalId,
    customer: { email: "ana@example.com" },
    shippingAddress: { lineOne: "5 Elm St", city: "Denver", country: "US" },
    items: [{ sku: "MUG-1", quantity: 1, price: 12.5 }],
  };
  return {
    channelId: channel.body.id,
    path: `/channels/${channel.body.id}/manual-sale.json`,
    order,
  };
}

describe("Idempotency-Key on POST", () => {
  it("creates once: a retry with the same key and body gets the first answer again", async () => {
    const t = await ctx.tenant();
    const first = await t.request("POST", "/carriers.json", { name: "Parcel Express" }, key("create-1"));
    const again = await t.request("POST", "/carriers.json", { name: "Parcel Express" }, key("create-1"));
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await again.json()).toEqual(await first.json());
    expect((await t.json("GET", "/carriers.json")).body).toHaveLength(1);
  });

  it("remembers a key for a day: a retry two hours later is replayed, one 25 hours later runs anew", async () => {
    const t = await ctx.tenant();
    const create = () => t.request("POST", "/carriers.json", { name: "Parcel Express" }, key("daily"));
    const age = (hours: number) =>
      ctx.db.execute({
        sql: "UPDATE idempotency_keys SET created_at = ? WHERE company_id = ? AND key = 'daily'",
        args: [new Date(Date.now() - hours * 60 * 60 * 1000).toISOString(), t.companyId],
      });
    expect((await create()).status).toBe(200);
    await age(2);
    const later = await create();
    expect(later.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await t.json("GET", "/carriers.json")).body).toHaveLength(1);
    await age(25);
    const nextDay = await create();
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await t.json("GET", "/carriers.json")).body).toHaveLength(2);
  });

  it("runs an action once: a retried manual sale is not imported twice", async () => {
    const t = await ctx.tenant();
    const { path, order } = await saleWorld(t, "ORDER-9");
    await t.json("POST", path, order, key("sale-9"));
    const retried = await t.json("POST", path, order, key("sale-9"));
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await t.json("GET", "/sale-imports.json")).body).toHaveLength(1);
  });

  it("refuses the same key with a different request, and changes nothing", async () => {
    const t = await ctx.tenant();
    await t.json("POST", "/carriers.json", { name: "Parcel Express" }, key("k"));
    const other = await t.json("POST", "/carriers.json", { name: "Courier Co" }, key("k"));
    expect(other.status).toBe(422);
    expect(other.body.errors[0].path).toBe("Idempotency-Key");
    expect((await t.json("GET", "/carriers.json")).body.map((c: { name: string }) => c.name)).toEqual([
      "Parcel Express",
    ]);
  });

  it("keeps keys per company, replays a 422, and lets a request without a key run every time", async () => {
    const [a, b] = [await ctx.tenant(), await ctx.tenant()];
    await a.json("POST", "/carriers.json", { name: "Parcel Express" }, key("shared"));
    expect((await b.json("POST", "/carriers.json", { name: "Parcel Express" }, key("shared"))).status).toBe(
      200,
    );
    const invalid = await a.json("POST", "/carriers.json", { name: 5 }, key("bad"));
    const replayed = await a.json("POST", "/carriers.json", { name: 5 }, key("bad"));
    expect([invalid.status, replayed.status]).toEqual([422, 422]);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    await a.json("POST", "/carriers.json", { name: "Courier Co" });
    await a.json("POST", "/carriers.json", { name: "Courier Co" });
    expect((await a.json("GET", "/carriers.json")).body).toHaveLength(3);
  });

  it("does not keep an answer worth retrying, such as a conflict", async () => {
    const t = await ctx.tenant();
    await t.json("POST", "/variants.json", { sku: "SKU-1" });
    const conflict = await t.json("POST", "/variants.json", { sku: "SKU-1" }, key("v"));
    expect(conflict.status).toBe(409);
    await t.json("DELETE", `/variants/${(await t.json("GET", "/variants.json")).body[0].id}.json`);
    const retried = await t.json("POST", "/variants.json", { sku: "SKU-1" }, key("v"));
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("rejects a malformed key", async () => {
    const t = await ctx.tenant();
    expect((await t.json("POST", "/carriers.json", { name: "x" }, key("a b"))).status).toBe(400);
    expect((await t.json("GET", "/carriers.json")).body).toHaveLength(0);
  });
});

describe("Idempotency-Key with a hostile body", () => {
  it("a body nested 300,000 deep is a 400 that writes nothing and leaves the key unused", async () => {
    const t = await ctx.tenant();
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    for (const body of [deep(300_000), `{"name":"x","externalId":${deep(300_000)}}`]) {
      const refused = await t.request("POST", "/carriers.json", body, key("deep-1"));
      expect(refused.status).toBe(400);
      expect(refused.headers.get("Content-Type")).toContain("application/problem+json");
      expect(((await refused.json()) as { detail: string }).detail).toBe(
        "The JSON body nests arrays and objects more than 100 levels deep.",
      );
    }
    expect((await t.json("GET", "/carriers.json")).body).toHaveLength(0);
    // The key was not claimed: it runs the first request that can run.
    const made = await t.json("POST", "/carriers.json", { name: "Parcel Express" }, key("deep-1"));
    expect(made.status).toBe(200);
    expect(made.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("a body as deep as the API takes still runs with a key", async () => {
    const t = await ctx.tenant();
    let nested: unknown = "leaf";
    for (let i = 0; i < 30; i++) nested = { next: nested };
    const channel = await t.json("POST", "/channels.json", { name: "Web", hash: nested }, key("deep-ok"));
    expect(channel.status, JSON.stringify(channel.body)).toBe(200);
    const again = await t.json("POST", "/channels.json", { name: "Web", hash: nested }, key("deep-ok"));
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
  });
});

describe("a replay's ETag", () => {
  it("a replayed create carries the first answer's ETag, which an update then takes as If-Match", async () => {
    const t = await ctx.tenant();
    const first = await t.json("POST", "/carriers.json", { name: "Parcel Express" }, key("etag-create"));
    const again = await t.json("POST", "/carriers.json", { name: "Parcel Express" }, key("etag-create"));
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(first.headers.get("ETag")).toMatch(/^"[0-9a-f]{16}"$/);
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
    const read = await t.json("GET", `/carriers/${first.body.id}.json`);
    expect(read.headers.get("ETag")).toBe(again.headers.get("ETag"));
    const updated = await t.json(
      "PUT",
      `/carriers/${first.body.id}.json`,
      { name: "Parcel Express Ltd" },
      { "If-Match": again.headers.get("ETag")! },
    );
    expect(updated.status).toBe(200);
  });

  it("a replayed update carries the updated record's ETag, not the one before", async () => {
    const t = await ctx.tenant();
    const made = await t.json("POST", "/carriers.json", { name: "Parcel Express" });
    const path = `/carriers/${made.body.id}.json`;
    const first = await t.json("PUT", path, { name: "Courier Co" }, key("etag-update"));
    const again = await t.json("PUT", path, { name: "Courier Co" }, key("etag-update"));
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(again.headers.get("ETag")).not.toBe(made.headers.get("ETag"));
    expect(again.headers.get("ETag")).toBe((await t.json("GET", path)).headers.get("ETag"));
  });

  it("a replayed action that answers a record carries its ETag; one that answers no record has none", async () => {
    const t = await ctx.tenant();
    const { channelId, path: sale, order } = await saleWorld(t, "ORDER-10");
    const first = await t.json("POST", sale, order, key("etag-sale"));
    const again = await t.json("POST", sale, order, key("etag-sale"));
    expect(first.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(first.headers.get("ETag")).toMatch(/^"[0-9a-f]{16}"$/);
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));

    const batch = `/channels/${channelId}/import-connector-variant-batch.json`;
    const variants = [{ sku: "CUP-1", name: "Cup" }];
    const imported = await t.json("POST", batch, variants, key("etag-batch"));
    const replayed = await t.json("POST", batch, variants, key("etag-batch"));
    expect(imported.status).toBe(200);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect([imported.headers.get("ETag"), replayed.headers.get("ETag")]).toEqual([null, null]);
  });

  it("is kept under a mount point too", async () => {
    const t = await (await setupApp({ basePath: "/v1" })).tenant();
    const made = await t.json("POST", "/v1/carriers.json", { name: "Parcel Express" });
    const path = `/v1/carriers/${made.body.id}.json`;
    const first = await t.json("PUT", path, { name: "Courier Co" }, key("etag-mounted"));
    const again = await t.json("PUT", path, { name: "Courier Co" }, key("etag-mounted"));
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(again.headers.get("ETag")).not.toBeNull();
  });

  it("a replayed refusal or delete carries none", async () => {
    const t = await ctx.tenant();
    const invalid = await t.json("POST", "/carriers.json", { name: 5 }, key("etag-422"));
    const refused = await t.json("POST", "/carriers.json", { name: 5 }, key("etag-422"));
    expect([invalid.status, refused.status]).toEqual([422, 422]);
    expect(refused.headers.get("Idempotent-Replayed")).toBe("true");
    expect(refused.headers.get("ETag")).toBeNull();
    const made = await t.json("POST", "/carriers.json", { name: "Parcel Express" });
    const path = `/carriers/${made.body.id}.json`;
    await t.json("DELETE", path, undefined, key("etag-delete"));
    const deleted = await t.request("DELETE", path, undefined, key("etag-delete"));
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get("Idempotent-Replayed")).toBe("true");
    expect(deleted.headers.get("ETag")).toBeNull();
  });
});
