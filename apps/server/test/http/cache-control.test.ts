// Authenticated answers are kept by no cache: `Cache-Control: private, no-store` on reads, lists, writes
// and errors after the token, and on the inbound webhooks' answers; a generated file keeps its own
// caching, and the public routes theirs.
import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let t: Tenant;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: false });
  t = await setup.tenant();
});

const NO_STORE = "private, no-store";

/** A request with another key than the tenant's. */
const fetchWith = (token: string, method: string, path: string) =>
  setup.app.request(path, { method, headers: { Authorization: `Bearer ${token}` } });

describe("Cache-Control", () => {
  it("is private, no-store on what a token reads and writes, errors included", async () => {
    const made = await t.json("POST", "/carriers.json", { name: "Parcel Express" });
    expect(made.headers.get("Cache-Control")).toBe(NO_STORE);
    for (const path of [
      "/carriers.json",
      `/carriers/${made.body.id}.json`,
      "/carriers/999999.json",
      "/events.json",
      "/carriers.json?where[nope]=1",
    ]) {
      expect((await t.request("GET", path)).headers.get("Cache-Control"), path).toBe(NO_STORE);
    }
    expect((await t.request("DELETE", `/carriers/${made.body.id}.json`)).headers.get("Cache-Control")).toBe(
      NO_STORE,
    );
  });

  it("is private, no-store on a key's refusals too: a scope it lacks, a read-only key's write", async () => {
    const scoped = await t.json("POST", "/api-keys.json", { name: "catalog", scopes: ["catalog:read"] });
    expect(scoped.status).toBe(200);
    const refused = await fetchWith(scoped.body.secret, "GET", "/sales.json");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Cache-Control")).toBe(NO_STORE);
    const write = await t.readOnly.request("POST", "/carriers.json", { name: "Nope" });
    expect(write.status).toBe(403);
    expect(write.headers.get("Cache-Control")).toBe(NO_STORE);
  });

  it("a file keeps its own; the public routes and a refused token are not the company's", async () => {
    await t.json("POST", "/warehouses.json", { name: "Main" });
    const definition = await t.json("POST", "/inventory-exports.json", { name: "Levels", format: "csv" });
    const exported = await t.json("GET", `/inventory-exports/${definition.body.id}/export.json`);
    const file = await t.request("GET", new URL(exported.body.url, "http://x").pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect((await setup.anonymous.request("GET", "/health")).headers.get("Cache-Control")).toBe("no-store");
    expect((await setup.anonymous.request("GET", "/carriers.json")).headers.get("Cache-Control")).toBeNull();
  });

  it("is private, no-store on an inbound webhook's answer", async () => {
    const feed = await t.json("POST", "/inventory-feeds.json", { name: "Vendor feed" });
    const answer = await setup.app.request("/webhooks/inventory-feeds/parse-webhooks.json", {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-hash": feed.body.hash },
      body: "[]",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe(NO_STORE);
  });
});
