// API keys: made with a secret shown once, listed and read without it, revoked (at once here, within the
// token cache's lifetime elsewhere), expiring; scopes per group of the manifest (write implies read),
// keys made only within their maker's scopes; every event names the key behind it; the operator's
// company routes (ADMIN_TOKEN) with suspension; the token commands.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { migrate } from "../../src/db/migrate.ts";
import { loadMigrations } from "../../src/db/migration-files.ts";
import { openDb } from "../../src/db/open.ts";
import { createToken, insertKey, MAX_KEYS } from "../../src/services/auth.ts";
import { expectMatchesResponseSchema } from "../openapi-response.ts";
import { type RemoteStack, remoteStack } from "../remote.ts";
import { type Api, apiOf, setupApp } from "../support.ts";

const ADMIN_TOKEN = "operator-token-0123456789abcdef-0123456789";

let ctx: Awaited<ReturnType<typeof setupApp>>;
/** A second app on the same database: another process, with its own token cache (50 ms). */
let other: ReturnType<typeof createApp>;
beforeAll(async () => {
  // A long token cache: what this process refuses at once it refuses because it forgot the key.
  ctx = await setupApp({ tokenCacheMs: 60_000, adminToken: ADMIN_TOKEN, outbound: { allowLocal: true } });
  other = createApp({ db: ctx.db, tokenCacheMs: 50 });
});

/** The API with a token, every answer checked against the OpenAPI document. */
function as(token: string, app = ctx.app): Api {
  const api = apiOf((path, init) => app.request(path, init), token);
  return {
    request: api.request,
    async json(method, path, body, headers) {
      const answer = await api.json(method, path, body, headers);
      expectMatchesResponseSchema(method, path, answer.status, answer.body);
      return answer;
    },
  };
}

/** A fresh company with a `*:write` key; `key(scopes)` makes another of its keys through the API. */
async function company() {
  const t = await ctx.tenant();
  const key = async (scopes: string[], name = scopes.join(" ")) => {
    const made = await t.json("POST", "/api-keys.json", { name, scopes });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return { ...(made.body as { id: number; secret: string }), api: as(made.body.secret) };
  };
  return { t, key };
}

describe("a key's secret", () => {
  it("is answered once, by the create; reads and lists show its last 4 characters", async () => {
    const { t } = await company();
    const made = await t.json("POST", "/api-keys.json", {
      name: "Warehouse tool",
      scopes: ["catalog:write"],
    });
    expect(made.status).toBe(200);
    const { secret, ...key } = made.body;
    expect(secret).toMatch(/^mcs_[A-Za-z0-9_-]{43}$/);
    expect(key).toEqual({
      id: expect.any(Number),
      name: "Warehouse tool",
      scopes: ["catalog:write"],
      hint: secret.slice(-4),
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: null,
    });
    expect(made.headers.get("Location")).toMatch(new RegExp(`/api-keys/${key.id}\\.json$`));
    expect(made.headers.get("Cache-Control")).toBe("no-store");

    const read = await t.json("GET", `/api-keys/${key.id}.json`);
    expect(read.body).toEqual(key);
    const list = await t.json("GET", "/api-keys.json");
    expect(list.body.map((k: { id: number }) => k.id)).toContain(key.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.every((k: object) => !("secret" in k))).toBe(true);
    // The table holds its SHA-256, never the secret.
    const stored = await ctx.db.execute({ sql: "SELECT * FROM api_tokens WHERE id = ?", args: [key.id] });
    expect(JSON.stringify(stored.rows)).not.toContain(secret);

    // The secret is a working token; its use is recorded.
    expect((await as(secret).json("GET", "/products.json")).status).toBe(200);
    expect((await t.json("GET", `/api-keys/${key.id}.json`)).body.lastUsedAt).toEqual(expect.any(String));
  });

  it("is looked up without the write lock when it names no key, whatever its shape", async () => {
    const { t } = await company();
    // The database's writes held (the embedded write queue): a guess is still answered, a 401.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = ctx.db.write(() => held);
    const guess = `mcs_${"A".repeat(43)}`;
    try {
      expect((await as(guess).json("GET", "/products.json")).status).toBe(401);
    } finally {
      release();
      await holding;
    }
    // A key's first use is still recorded.
    const made = await t.json("POST", "/api-keys.json", { name: "First use", scopes: ["catalog:read"] });
    expect((await as(made.body.secret).json("GET", "/products.json")).status).toBe(200);
    expect((await t.json("GET", `/api-keys/${made.body.id}.json`)).body.lastUsedAt).toEqual(
      expect.any(String),
    );
    // (Waiting on the write lock, the guess would wait for ever: the test's own time ends it sooner.)
  }, 30_000);

  it("cannot be had again by replaying the create: an Idempotency-Key is refused", async () => {
    const { t } = await company();
    const before = (await t.json("GET", "/api-keys.json")).body.length;
    const answer = await t.json(
      "POST",
      "/api-keys.json",
      { name: "Replayed", scopes: ["*:read"] },
      { "Idempotency-Key": "once" },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain("Idempotency-Key");
    expect((await t.json("GET", "/api-keys.json")).body).toHaveLength(before);
  });

  it("refuses bad input naming the field, and writes nothing", async () => {
    const { t } = await company();
    const before = (await t.json("GET", "/api-keys.json")).body.length;
    const cases: [unknown, string][] = [
      [{ scopes: ["*:read"] }, "name"],
      [{ name: "", scopes: ["*:read"] }, "name"],
      [{ name: "before\u0000after", scopes: ["*:read"] }, "name"],
      [{ name: "x\ud800y", scopes: ["*:read"] }, "name"],
      [{ name: "x", scopes: [] }, "scopes"],
      [{ name: "x", scopes: ["catalogue:read"] }, "scopes.0"],
      [{ name: "x", scopes: ["catalog:admin"] }, "scopes.0"],
      [{ name: "x", scopes: ["*:read"], expiresAt: "tomorrow" }, "expiresAt"],
      [{ name: "x", scopes: ["*:read"], expiresAt: "2001-01-01T00:00:00Z" }, "expiresAt"],
      [{ name: "x", scopes: ["*:read"], secret: "mine" }, "secret"],
    ];
    for (const [body, path] of cases) {
      const answer = await t.json("POST", "/api-keys.json", body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await t.json("GET", "/api-keys.json")).body).toHaveLength(before);
    expect((await t.json("GET", "/api-keys/abc.json")).status).toBe(400);
    expect((await t.json("PUT", "/api-keys/1.json", { name: "y" })).status).toBe(405);
  });

  it("belongs to one company: another's key is a 404", async () => {
    const a = await company();
    const b = await company();
    const key = await a.key(["*:read"]);
    expect((await b.t.json("GET", `/api-keys/${key.id}.json`)).status).toBe(404);
    expect((await b.t.json("DELETE", `/api-keys/${key.id}.json`)).status).toBe(404);
    expect((await key.api.json("GET", "/products.json")).status).toBe(200);
  });
});

describe("revoking a key", () => {
  it("is refused at once by the process that revoked it, and elsewhere within the token cache's lifetime", async () => {
    const { t, key } = await company();
    const revoked = await key(["*:write"], "leaked");
    const elsewhere = as(revoked.secret, other);
    // Both processes have it cached.
    expect((await revoked.api.json("GET", "/products.json")).status).toBe(200);
    expect((await elsewhere.json("GET", "/products.json")).status).toBe(200);

    expect((await t.request("DELETE", `/api-keys/${revoked.id}.json`)).status).toBe(204);
    const refused = await revoked.api.json("GET", "/products.json");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toContain("Bearer");
    // The other process forgets it once its entry is older than its cache's lifetime.
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await elsewhere.json("GET", "/products.json")).status).toBe(401);

    expect((await t.json("GET", `/api-keys/${revoked.id}.json`)).status).toBe(404);
    expect((await t.json("DELETE", `/api-keys/${revoked.id}.json`)).status).toBe(404);
    const list = (await t.json("GET", "/api-keys.json")).body as { id: number }[];
    expect(list.map((k) => k.id)).not.toContain(revoked.id);
  });

  it("is refused when the key has expired", async () => {
    const { t } = await company();
    const soon = new Date(Date.now() + 1500).toISOString();
    const made = await t.json("POST", "/api-keys.json", {
      name: "brief",
      scopes: ["*:read"],
      expiresAt: soon,
    });
    expect(made.body.expiresAt).toBe(soon);
    const brief = as(made.body.secret);
    expect((await brief.json("GET", "/products.json")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 50));
    const refused = await brief.json("GET", "/products.json");
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toContain("expired");
  });

  it("a key that expires makes keys that expire no later", async () => {
    const { key } = await company();
    const parent = await key(["*:write"]);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await ctx.db.execute({
      sql: "UPDATE api_tokens SET expires_at = ? WHERE id = ?",
      args: [until, parent.id],
    });
    const fresh = as(parent.secret, other); // not cached there yet: it reads the expiry
    const child = await fresh.json("POST", "/api-keys.json", { name: "child", scopes: ["*:read"] });
    expect(child.body.expiresAt).toBe(until);
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const refused = await fresh.json("POST", "/api-keys.json", {
      name: "c",
      scopes: ["*:read"],
      expiresAt: later,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].path).toBe("expiresAt");
  });
});

describe("how many keys a company has", () => {
  it(`is at most ${MAX_KEYS} not revoked: the next is a 409 that makes nothing, until one is revoked`, async () => {
    const { t } = await company();
    const admin = as(ADMIN_TOKEN);
    // The tenant has its key and a read-only one; the rest are made without the API, for speed.
    for (let made = 2; made < MAX_KEYS; made++) {
      await insertKey(ctx.db, {
        companyId: t.companyId,
        name: `key ${made}`,
        scopes: ["catalog:read"],
        now: new Date().toISOString(),
      });
    }
    const listed = await t.json("GET", "/api-keys.json");
    expect(listed.body).toHaveLength(MAX_KEYS);

    const refused = await t.json("POST", "/api-keys.json", { name: "one more", scopes: ["catalog:read"] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ rule: "api_key_limit" });
    expect(refused.body.detail).toContain(`${MAX_KEYS} API keys`);
    const byOperator = await admin.json("POST", `/admin/companies/${t.companyId}/api-keys.json`, {
      name: "one more",
      scopes: ["*:read"],
    });
    expect(byOperator.status).toBe(409);
    expect((await t.json("GET", "/api-keys.json")).body).toHaveLength(MAX_KEYS);

    // Another company is not held by this one's keys.
    const { t: other } = await company();
    expect((await other.json("POST", "/api-keys.json", { name: "x", scopes: ["catalog:read"] })).status).toBe(
      200,
    );

    const last = (listed.body as { id: number }[]).at(-1)!;
    expect((await t.request("DELETE", `/api-keys/${last.id}.json`)).status).toBe(204);
    const made = await t.json("POST", "/api-keys.json", { name: "one more", scopes: ["catalog:read"] });
    expect(made.status).toBe(200);
    expect(
      (await t.json("POST", "/api-keys.json", { name: "two more", scopes: ["catalog:read"] })).status,
    ).toBe(409);
  });
});

describe("scopes", () => {
  it("reach their group only; write implies read; a refusal names the scope needed", async () => {
    const { key } = await company();
    const reader = await key(["catalog:read"]);
    const writer = await key(["catalog:write"]);

    expect((await reader.api.json("GET", "/products.json")).status).toBe(200);
    const refused = await reader.api.json("POST", "/products.json", { name: "Shirt" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Content-Type")).toContain("application/problem+json");
    expect(refused.body.scope).toBe("catalog:write");
    expect(refused.body.detail).toContain("catalog:write");

    const product = await writer.api.json("POST", "/products.json", { name: "Shirt" });
    expect(product.status).toBe(200);
    expect((await writer.api.json("GET", `/products/${product.body.id}.json`)).status).toBe(200);
    expect((await writer.api.json("PUT", `/products/${product.body.id}.json`, { name: "Tee" })).status).toBe(
      200,
    );
    expect((await reader.api.json("DELETE", `/products/${product.body.id}.json`)).body.scope).toBe(
      "catalog:write",
    );
    // Another group: not even a read.
    const carriers = await writer.api.json("GET", "/carriers.json");
    expect([carriers.status, carriers.body.scope]).toEqual([403, "shipping:read"]);
    expect((await writer.api.json("GET", "/carriers/1.json")).body.scope).toBe("shipping:read");
    // The event log is the events group's.
    expect((await writer.api.json("GET", "/events.json")).body.scope).toBe("events:read");
    expect((await (await key(["events:read"])).api.json("GET", "/events.json")).status).toBe(200);
  });

  it("reach events only for the kinds their groups read: the list leaves others out, one by id is a 403", async () => {
    const { t, key } = await company();
    const customer = await t.json("POST", "/customers.json", { email: "someone@example.com" });
    const product = await t.json("POST", "/products.json", { name: "Shirt" });
    const types = async (api: { json: typeof t.json }) =>
      ((await api.json("GET", "/events.json?limit=250")).body as { type: string }[]).map(
        (event) => event.type,
      );

    const catalogEvents = await key(["events:read", "catalog:read"]);
    expect(await types(catalogEvents.api)).toContain("product.created");
    expect(await types(catalogEvents.api)).not.toContain("customer.created");
    const onlyEvents = await key(["events:read"]);
    expect(await types(onlyEvents.api)).toEqual([]);
    expect(await types(await key(["events:read", "*:read"]).then((made) => made.api))).toEqual(
      expect.arrayContaining(["product.created", "customer.created"]),
    );

    const all = (await t.json("GET", "/events.json?limit=250")).body as { id: number; type: string }[];
    const customerEvent = all.find((event) => event.type === "customer.created")!;
    const productEvent = all.find((event) => event.type === "product.created")!;
    expect(customer.status).toBe(200);
    expect(product.status).toBe(200);
    const refused = await catalogEvents.api.json("GET", `/events/${customerEvent.id}.json`);
    expect([refused.status, refused.body.scope]).toEqual([403, "orders:read"]);
    expect((await catalogEvents.api.json("GET", `/events/${productEvent.id}.json`)).status).toBe(200);
  });

  it("reach an action's event by the kind its type names", async () => {
    const { t, key } = await company();
    const channel = await t.json("POST", "/channels.json", { name: "Web" });
    await t.json("POST", "/warehouses.json", { name: "Main", isDefault: true });
    await t.json("POST", "/variants.json", { sku: "MUG-1", price: 12.5 });
    const imported = await t.json("POST", `/channels/${channel.body.id}/manual-sale.json`, {
      externalId: "ORDER-1",
      customer: { email: "ana@example.com" },
      shippingAddress: { lineOne: "5 Elm St", city: "Denver", country: "US" },
      items: [{ sku: "MUG-1", quantity: 1, price: 12.5 }],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const all = (await t.json("GET", "/events.json?limit=250")).body as { id: number; type: string }[];
    const event = all.find((each) => each.type === "sale.imported")!;
    const orders = await key(["events:read", "orders:read"]);
    const catalog = await key(["events:read", "catalog:read"]);
    const typesOf = async (api: { json: typeof t.json }) =>
      ((await api.json("GET", "/events.json?limit=250")).body as { type: string }[]).map((each) => each.type);
    // An action's event is stored without a kind (its object is the API's, not a stored row).
    expect(
      (await ctx.db.execute({ sql: "SELECT kind FROM events WHERE id = ?", args: [event.id] })).rows[0]!.kind,
    ).toBeNull();
    expect(await typesOf(orders.api)).toContain("sale.imported");
    expect(await typesOf(catalog.api)).not.toContain("sale.imported");
    expect((await orders.api.json("GET", `/events/${event.id}.json`)).status).toBe(200);
    const refused = await catalog.api.json("GET", `/events/${event.id}.json`);
    expect([refused.status, refused.body.scope]).toEqual([403, "orders:read"]);
  });

  it("`*:read` reads every group and writes none; actions need their group's write when they write", async () => {
    const { t, key } = await company();
    const reader = await key(["*:read"]);
    for (const path of [
      "/products.json",
      "/carriers.json",
      "/purchases.json",
      "/events.json",
      "/api-keys.json",
    ]) {
      expect((await reader.api.json("GET", path)).status, path).toBe(200);
    }
    expect((await reader.api.json("POST", "/carriers.json", { name: "P" })).body.scope).toBe(
      "shipping:write",
    );

    const provider = await t.json("POST", "/dropship-providers.json", { name: "Vendor" });
    const purchase = await t.json("POST", "/purchases.json", { dropshipProviderId: provider.body.id });
    const send = await reader.api.json("PUT", `/purchases/${purchase.body.id}/send.json`, {});
    expect([send.status, send.body.scope]).toEqual([403, "purchasing:write"]);
    expect(send.body.detail).toContain("read-only");
    // A GET that writes (an export) needs write, as does a POST that only computes (a quote).
    const definition = await t.json("POST", "/inventory-exports.json", { name: "Levels", format: "csv" });
    const exportPath = `/inventory-exports/${definition.body.id}/export.json`;
    expect((await reader.api.json("GET", exportPath)).body.scope).toBe("inventory:write");
    const channel = await t.json("POST", "/channels.json", { name: "Phone", currency: "USD" });
    const quote = await (await key(["channels:read"])).api.json(
      "POST",
      `/channels/${channel.body.id}/rates.json`,
      {
        destination: { country: "US", zip: "10001" },
        items: [{ sku: "A", quantity: 1 }],
      },
    );
    expect([quote.status, quote.body.scope]).toEqual([403, "channels:write"]);
    // Files: an export's file is the inventory group's.
    const exported = await t.json("GET", exportPath);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const url = new URL(exported.body.url, "http://localhost").pathname;
    expect((await (await key(["inventory:read"])).api.request("GET", url)).status).toBe(200);
    const file = await (await key(["catalog:write"])).api.json("GET", url);
    expect([file.status, file.body.scope]).toEqual([403, "inventory:read"]);
  });

  it("a key makes and revokes keys only within its own scopes; a read-only key none", async () => {
    const { t, key } = await company();
    const catalog = await key(["catalog:write"]);
    const made = await catalog.api.json("POST", "/api-keys.json", { name: "r", scopes: ["catalog:read"] });
    expect(made.status).toBe(200);
    const beyond = await catalog.api.json("POST", "/api-keys.json", {
      name: "b",
      scopes: ["catalog:read", "orders:read"],
    });
    expect([beyond.status, beyond.body.scope]).toEqual([403, "orders:read"]);
    expect(
      (await catalog.api.json("POST", "/api-keys.json", { name: "b", scopes: ["*:read"] })).body.scope,
    ).toBe("*:read");
    const all = await key(["*:write"]);
    const revoke = await catalog.api.json("DELETE", `/api-keys/${all.id}.json`);
    expect([revoke.status, revoke.body.scope]).toEqual([403, "*:write"]);
    expect((await catalog.api.request("DELETE", `/api-keys/${made.body.id}.json`)).status).toBe(204);

    for (const scopes of [["*:read"], ["catalog:read"]]) {
      const reader = await key(scopes);
      const refused = await reader.api.json("POST", "/api-keys.json", {
        name: "n",
        scopes: ["catalog:read"],
      });
      expect(refused.status).toBe(403);
      expect((await reader.api.json("DELETE", `/api-keys/${reader.id}.json`)).status).toBe(403);
      expect((await reader.api.json("GET", "/api-keys.json")).status).toBe(200);
    }
    // `*:write` makes any key.
    expect((await t.json("POST", "/api-keys.json", { name: "any", scopes: ["orders:write"] })).status).toBe(
      200,
    );
  });

  it("a key that reads everything but writes one group cannot make a key that writes everything", async () => {
    const { t, key } = await company();
    const mixed = await key(["*:read", "catalog:write"]);
    const escalated = await mixed.api.json("POST", "/api-keys.json", { name: "all", scopes: ["*:write"] });
    expect([escalated.status, escalated.body.scope]).toEqual([403, "*:write"]);
    const names = (await t.json("GET", "/api-keys.json")).body.map((each: { name: string }) => each.name);
    expect(names).not.toContain("all");
  });
});

describe("the audit trail", () => {
  it("every event names the key whose request caused it: creates, updates, deletes, actions", async () => {
    const { t, key } = await company();
    const a = await key(["*:write"], "a");
    const b = await key(["*:write"], "b");
    const carrier = await a.api.json("POST", "/carriers.json", { name: "Parcel" });
    await b.api.json("PUT", `/carriers/${carrier.body.id}.json`, { name: "Parcel 2" });
    await a.api.request("DELETE", `/carriers/${carrier.body.id}.json`);
    // An action's outcome event, written by its plan.
    const endpoint = await b.api.json("POST", "/webhook-endpoints.json", {
      url: "http://127.0.0.1:9/hook",
      enabled: false,
    });
    await a.api.json("POST", `/webhook-endpoints/${endpoint.body.id}/rotate-secret.json`, {});
    // A write of a kind with write rules (a sale and its line).
    const channel = await t.json("POST", "/channels.json", { name: "Phone", currency: "USD" });
    const sale = await b.api.json("POST", "/sales.json", { channelId: channel.body.id });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);

    const events = (await t.json("GET", "/events.json?limit=250")).body as {
      type: string;
      apiKeyId: number | null;
      data: { object: { id: number } };
    }[];
    const keyOf = (type: string) => events.filter((e) => e.type === type).map((e) => e.apiKeyId);
    expect(keyOf("carrier.created")).toEqual([a.id]);
    expect(keyOf("carrier.updated")).toEqual([b.id]);
    expect(keyOf("carrier.deleted")).toEqual([a.id]);
    expect(keyOf("webhook_endpoint.created")).toEqual([b.id]);
    expect(keyOf("webhook_endpoint.secret_rotated")).toEqual([a.id]);
    expect(keyOf("sale.created")).toEqual([b.id]);
    const own = (await t.json("GET", "/api-keys.json")).body as { id: number; scopes: string[] }[];
    expect(keyOf("channel.created")).toEqual([own.find((k) => k.scopes[0] === "*:write")!.id]);
    // Single events read the same.
    const one = events.find((e) => e.type === "carrier.updated")!;
    expect((await t.json("GET", `/events/${(one as unknown as { id: number }).id}.json`)).body.apiKeyId).toBe(
      b.id,
    );
    // A write made without a key (the dispatcher, an inbound webhook) names none.
    await ctx.db.execute({
      sql: "UPDATE carriers SET name = 'x' WHERE company_id = ? AND id = ?",
      args: [t.companyId, carrier.body.id],
    });
    await ctx.db.execute({
      sql: "UPDATE webhook_endpoints SET description = 'by hand' WHERE id = ?",
      args: [endpoint.body.id],
    });
    const last = (await t.json("GET", "/events.json?where[type]=webhook_endpoint.updated")).body.at(-1);
    expect(last.apiKeyId).toBeNull();
  });
});

describe("the operator's routes (ADMIN_TOKEN)", () => {
  const admin = () => as(ADMIN_TOKEN);
  /** Every company, page after page by the `Link` header. */
  const allCompanies = async () => {
    const companies: { id: number; name: string }[] = [];
    let path: string | undefined = "/admin/companies.json?limit=250";
    while (path) {
      const page: Awaited<ReturnType<ReturnType<typeof admin>["json"]>> = await admin().json("GET", path);
      expect(page.status).toBe(200);
      companies.push(...(page.body as { id: number; name: string }[]));
      path = /^<([^>]+)>; rel="next"$/.exec(page.headers.get("Link") ?? "")?.[1];
    }
    return companies;
  };

  it("make a company with its first key, list, read, and make another key", async () => {
    const name = `hosted-${Math.random().toString(36).slice(2, 8)}`;
    const created = await admin().json("POST", "/admin/companies.json", { name });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ name, suspendedAt: null, keys: 1 });
    expect(created.body.apiKey).toMatchObject({ name: "first key", scopes: ["*:write"] });
    const first = as(created.body.apiKey.secret);
    expect((await first.json("POST", "/carriers.json", { name: "P" })).status).toBe(200);

    expect((await allCompanies()).map((c) => c.name)).toContain(name);
    expect((await admin().json("GET", `/admin/companies/${created.body.id}.json`)).body.name).toBe(name);
    expect((await admin().json("POST", "/admin/companies.json", { name })).status).toBe(409);
    expect((await admin().json("POST", "/admin/companies.json", { name: "" })).status).toBe(422);
    expect((await admin().json("POST", "/admin/companies.json", { name: "x", extra: 1 })).status).toBe(422);
    const listed = await admin().json("POST", "/admin/companies.json", { name: `${name}-list`, key: [] });
    expect(listed.status).toBe(422);
    expect(JSON.stringify(listed.body)).toContain("key");
    expect((await allCompanies()).map((c) => c.name)).not.toContain(`${name}-list`);
    expect((await admin().json("GET", "/admin/companies/999999.json")).status).toBe(404);

    const another = await admin().json("POST", `/admin/companies/${created.body.id}/api-keys.json`, {
      name: "reader",
      scopes: ["*:read"],
    });
    expect(another.status).toBe(200);
    const reader = as(another.body.secret);
    expect((await reader.json("GET", "/carriers.json")).body).toHaveLength(1);
    expect((await reader.json("POST", "/carriers.json", { name: "Q" })).status).toBe(403);
    const scoped = await admin().json("POST", "/admin/companies.json", {
      name: `${name}-b`,
      key: { name: "catalogue", scopes: ["catalog:write"] },
    });
    expect(scoped.body.apiKey).toMatchObject({ name: "catalogue", scopes: ["catalog:write"] });
  });

  it("suspend a company: its keys are refused (403) at once, others' are not; lifting it lets them in", async () => {
    const a = await admin().json("POST", "/admin/companies.json", { name: `s-${Math.random()}` });
    const b = await admin().json("POST", "/admin/companies.json", { name: `s-${Math.random()}` });
    const keyA = as(a.body.apiKey.secret);
    const keyB = as(b.body.apiKey.secret);
    expect((await keyA.json("GET", "/carriers.json")).status).toBe(200);

    const suspended = await admin().json("PUT", `/admin/companies/${a.body.id}.json`, { suspended: true });
    expect(suspended.body.suspendedAt).toEqual(expect.any(String));
    const refused = await keyA.json("GET", "/carriers.json");
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("suspended");
    expect((await keyA.json("POST", "/carriers.json", { name: "x" })).status).toBe(403);
    expect((await keyB.json("GET", "/carriers.json")).status).toBe(200);

    await admin().json("PUT", `/admin/companies/${a.body.id}.json`, { suspended: false });
    expect((await keyA.json("GET", "/carriers.json")).status).toBe(200);
    expect(
      (await admin().json("PUT", `/admin/companies/${a.body.id}.json`, { suspended: "yes" })).status,
    ).toBe(422);
  });

  it("list the companies a page at a time, by id, with a Link to the next page", async () => {
    for (let i = 0; i < 3; i++) {
      await admin().json("POST", "/admin/companies.json", { name: `paged-${i}-${Math.random()}` });
    }
    const all = await allCompanies();
    expect(all.length).toBeGreaterThanOrEqual(3);
    const ids = all.map((company) => company.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const first = await admin().json("GET", "/admin/companies.json?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 2));
    expect(first.headers.get("Link")).toBe('</admin/companies.json?from=2&limit=2>; rel="next"');
    const second = await admin().json("GET", "/admin/companies.json?from=2&limit=2");
    expect(second.body.map((c: { id: number }) => c.id)).toEqual(ids.slice(2, 4));
    const last = await admin().json("GET", `/admin/companies.json?from=${ids.length - 1}&limit=2`);
    expect(last.body.map((c: { id: number }) => c.id)).toEqual(ids.slice(-1));
    expect(last.headers.get("Link")).toBeNull();

    for (const query of ["limit=0", "limit=251", "limit=x", "from=-1", "where[name]=a", "order=name"]) {
      const refused = await admin().json("GET", `/admin/companies.json?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.headers.get("Content-Type")).toContain("application/problem+json");
    }
  });

  it("ask for the operator's token; a company's key is not it", async () => {
    const { t } = await company();
    for (const api of [ctx.anonymous, as("wrong-token-wrong-token-wrong-token"), as(t.token)]) {
      const answer = await api.json("GET", "/admin/companies.json");
      expect(answer.status).toBe(401);
      expect(answer.headers.get("WWW-Authenticate")).toContain("Bearer");
    }
    // Without ADMIN_TOKEN configured there are no such routes.
    const plain = apiOf((path, init) => other.request(path, init), t.token);
    expect((await plain.json("GET", "/admin/companies.json")).status).toBe(404);
    expect((await plain.json("POST", "/admin/companies.json", { name: "x" })).status).not.toBe(200);
  });
});

describe("today's tokens", () => {
  it("become keys: read-write ones with *:write, read-only ones with *:read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcs-keys-"));
    try {
      const db = await openDb(`file:${join(dir, "old.db")}`);
      const migrations = loadMigrations();
      await migrate(
        db,
        migrations.filter((migration) => migration.name < "0015"),
      );
      const now = "2026-01-02T03:04:05.000Z";
      await db.execute({
        sql: "INSERT INTO companies (id, name, created_at) VALUES (1, 'old', ?)",
        args: [now],
      });
      await db.execute({
        sql: "INSERT INTO api_tokens (company_id, token_hash, read_only, label, created_at) VALUES (1, 'h1', 0, 'ci', ?), (1, 'h2', 1, NULL, ?)",
        args: [now, now],
      });
      await migrate(db, migrations);
      const rows = await db.execute("SELECT id, label, scopes FROM api_tokens ORDER BY id");
      expect(rows.rows.map((row) => [row.label, JSON.parse(String(row.scopes))])).toEqual([
        ["ci", ["*:write"]],
        [`token ${rows.rows[1]!.id}`, ["*:read"]],
      ]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Tokens made as before (`createToken`, the first token, `token:create`) are such keys.
    const t = await ctx.tenant();
    const keys = (await t.json("GET", "/api-keys.json")).body as { scopes: string[] }[];
    expect(keys.map((k) => k.scopes)).toEqual([["*:write"], ["*:read"]]);
  });
});

describe("on the remote driver", () => {
  let stack: RemoteStack;
  beforeAll(async () => {
    stack = await remoteStack({ templateDb: inject("templateDb") });
  });
  afterAll(() => stack?.close());

  it("events name the key (its batch stamps them), at no extra round trip", async () => {
    const t = await stack.tenant();
    stack.proxy.reset();
    const carrier = await t.json("POST", "/carriers.json", { name: "Remote" });
    expect(carrier.status).toBe(200);
    expect(stack.proxy.count).toBe(1);
    const keys = (await t.json("GET", "/api-keys.json")).body as { id: number; scopes: string[] }[];
    const events = (await t.json("GET", "/events.json?where[type]=carrier.created")).body;
    expect(events.map((e: { apiKeyId: number }) => e.apiKeyId)).toEqual([keys[0]!.id]);
    // A guard's failure is still told apart from the statements the stamp adds: a 422 for a bad reference.
    const bad = await t.json("POST", "/purchases.json", { dropshipProviderId: 999999 });
    expect(bad.status).toBe(422);
  });
});

describe("the token commands", () => {
  const run = promisify(execFile);
  const dir = mkdtempSync(join(tmpdir(), "mcs-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = { ...process.env, DATABASE_URL: `file:${join(dir, "cli.db")}`, NO_COLOR: "1" };
  // The script `pnpm token:create` runs (`tsx scripts/token-create.ts`), started as the other tests start
  // theirs: Node with tsx's loader, without npx looking tsx up at each of the seven runs.
  const pnpmScript = (name: string, args: string[]) =>
    run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
      env,
      cwd: join(import.meta.dirname, "../.."),
    });

  // Seven processes one after another, each loading the server's modules: about 6 s alone, several
  // times that while other test files load both cores.
  it("token:create --scope (repeatable), token:list and token:revoke", { timeout: 180_000 }, async () => {
    const created = await pnpmScript("token-create", [
      "--company",
      "acme",
      "--scope",
      "catalog:write",
      "--scope",
      "orders:read",
      "--label",
      "feeds",
    ]);
    const token = created.stdout.trim().split("\n").at(-1)!;
    expect(token).toMatch(/^mcs_/);
    expect(created.stdout).toContain('Token for company "acme" (id 1), scopes catalog:write orders:read:');
    const readOnly = await pnpmScript("token-create", ["--company", "acme", "--read-only"]);
    expect(readOnly.stdout).toContain('Token for company "acme" (id 1), read-only:');
    await expect(
      pnpmScript("token-create", ["--company", "acme", "--scope", "everything"]),
    ).rejects.toMatchObject({
      code: 2,
    });

    const listed = (await pnpmScript("token-list", ["--company", "acme"])).stdout;
    expect(listed).toContain("feeds");
    expect(listed).toContain(`…${token.slice(-4)}`);
    expect(listed).not.toContain(token);
    const id = /^\s+(\d+)\tfeeds/m.exec(listed)![1]!;

    // The key works against a server on that database until it is revoked.
    const db = await openDb(env.DATABASE_URL);
    const app = createApp({ db, tokenCacheMs: 0 });
    const api = apiOf((path, init) => app.request(path, init), token);
    expect((await api.json("GET", "/products.json")).status).toBe(200);
    expect((await api.json("GET", "/carriers.json")).status).toBe(403);
    const revoked = await pnpmScript("token-revoke", [id]);
    expect(revoked.stdout).toContain(`Revoked API key ${id}`);
    expect((await api.json("GET", "/products.json")).status).toBe(401);
    expect((await pnpmScript("token-list", ["--company", "acme"])).stdout).not.toContain("feeds");
    await expect(pnpmScript("token-revoke", [id])).rejects.toMatchObject({ code: 1 });
    db.close();
    // Made as before, a first key also answers createToken's callers.
    expect((await createToken({ db: ctx.db, input: { company: "acme-2" } })).token).toMatch(/^mcs_/);
  });
});
