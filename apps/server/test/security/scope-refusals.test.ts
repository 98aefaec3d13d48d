// What a key without the scope a request needs reads in its 403: the scope it lacks, and "read-only"
// only when that is the reason (a write asked of a key that writes nothing).
import { beforeAll, describe, expect, it } from "vitest";
import { type Api, apiOf, setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

/** A key with `scopes`, made through the API, of `t` (a fresh company unless given). */
async function keyWith(scopes: string[], t?: Tenant): Promise<Api> {
  t ??= await ctx.tenant();
  const made = await t.json("POST", "/api-keys.json", { name: scopes.join(" "), scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return apiOf((path, init) => ctx.app.request(path, init), made.body.secret);
}

describe("a key's 403 for a scope it lacks", () => {
  it("names the read scope a read-only key lacks, without blaming its being read-only", async () => {
    const catalog = await keyWith(["catalog:read"]);
    const answer = await catalog.json("GET", "/sales.json");
    expect(answer.status).toBe(403);
    expect(answer.body.scope).toBe("orders:read");
    expect(answer.body.detail).toBe(
      "This API key lacks the scope `orders:read` that this request needs (`orders:read`, `orders:write` or `*:read` grant it).",
    );
  });

  it("says a read-only key is read-only when what it lacks is a write", async () => {
    const catalog = await keyWith(["catalog:read"]);
    const answer = await catalog.json("POST", "/products.json", { name: "Mug" });
    expect([answer.status, answer.body.scope]).toEqual([403, "catalog:write"]);
    expect(answer.body.detail).toBe(
      "This API key is read-only: it lacks the scope `catalog:write` that this request needs (`catalog:write` or `*:write` grant it).",
    );
  });

  it("names the scope a key that writes elsewhere lacks, read or write, without 'read-only'", async () => {
    const orders = await keyWith(["orders:write"]);
    const read = await orders.json("GET", "/products.json");
    expect([read.status, read.body.scope]).toEqual([403, "catalog:read"]);
    expect(read.body.detail).not.toContain("read-only");
    const write = await orders.json("POST", "/products.json", { name: "Mug" });
    expect([write.status, write.body.scope]).toEqual([403, "catalog:write"]);
    expect(write.body.detail).toBe(
      "This API key lacks the scope `catalog:write` that this request needs (`catalog:write` or `*:write` grant it).",
    );
  });

  it("asks a GET that writes (an export) for its group's write scope, even of a key that writes another group, and exports nothing", async () => {
    const t = await ctx.tenant();
    const definition = await t.json("POST", "/inventory-exports.json", { name: "Levels", format: "csv" });
    const key = await keyWith(["inventory:read", "catalog:write"], t);
    const answer = await key.json("GET", `/inventory-exports/${definition.body.id}/export.json`);
    expect([answer.status, answer.body.scope]).toEqual([403, "inventory:write"]);
    expect(answer.body.detail).not.toContain("read-only");
    expect((await t.json("GET", "/data-exports.json")).body).toEqual([]);
    expect(
      (await t.json("GET", `/inventory-exports/${definition.body.id}.json`)).body.lastExportedAt,
    ).toBeNull();
  });
});
