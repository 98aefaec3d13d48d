// What the routes answer at their edges: HEAD never runs a GET that writes, GET actions take the token and
// `scope` in the query as every route does, If-Match on every action, 405 (not 404) for a wrong method on
// the public paths and files, scope refusals that say each scope once and name what a read-only key
// lacks, 422 messages that read after their path, and the query's array bound named.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus } from "../requests.ts";
import { type Api, apiOf, countWrites, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let writes: () => Promise<number>;
beforeAll(async () => {
  setup = await setupApp();
  writes = await countWrites(setup.db);
});

/** A key of a fresh company with `scopes`, made through the API. */
async function keyWith(scopes: string[]): Promise<Api & { token: string; t: Tenant }> {
  const t = await setup.tenant();
  const made = await t.json("POST", "/api-keys.json", { name: scopes.join(" "), scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return {
    ...apiOf((path, init) => setup.app.request(path, init), made.body.secret),
    token: made.body.secret,
    t,
  };
}

/** A dropshipment a label can be made for (its purchase's receiver and provider's address known). */
async function dropshipment(t: Tenant) {
  const provider = await create(t, "dropship-providers", {
    name: "Acme Supply",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
  });
  await create(t, "dropship-provider-addresses", {
    dropshipProviderId: provider.id,
    lineOne: "9 Mill St",
    city: "Dayton",
    country: "US",
    isDefault: true,
  });
  const purchase = await create(t, "purchases", {
    dropshipProviderId: provider.id,
    receiverAddressLineOne: "5 Elm St",
    receiverCity: "Denver",
    receiverCountry: "US",
  });
  return create(t, "dropshipments", {
    purchaseId: purchase.id,
    dropshipProviderId: provider.id,
    trackingNumber: "PX123",
  });
}

async function exportDefinition(t: Tenant) {
  await create(t, "warehouses", { name: "Main", isDefault: true });
  return create(t, "inventory-exports", { name: "Levels", format: "csv" });
}

const dataExports = async (t: Tenant) =>
  (await expectStatus(t.json("GET", "/data-exports.json?limit=250"), 200)).length;

describe("HEAD on a GET action that writes", () => {
  it("is a 405 with Allow: GET and writes nothing, a new label version or an export, key or not", async () => {
    const t = await setup.tenant();
    const shipment = await dropshipment(t);
    const label = `/dropshipments/${shipment.id}/regenerate-label.json`;
    const definition = await exportDefinition(t);
    const exporting = `/inventory-exports/${definition.id}/export.json`;
    const before = await writes();
    for (const path of [label, exporting]) {
      const keys: Record<string, string>[] = [{}, { "Idempotency-Key": `head-${path}` }];
      for (const headers of keys) {
        const head = await t.request("HEAD", path, undefined, headers);
        expect(head.status, path).toBe(405);
        expect(head.headers.get("Allow")).toBe("GET");
        expect(head.headers.get("Content-Type")).toContain("application/problem+json");
        expect(await head.text()).toBe("");
      }
    }
    expect(await writes()).toBe(before);
    expect((await t.json("GET", `/dropshipments/${shipment.id}.json`)).body.labelVersion ?? 0).toBe(0);
    expect(await dataExports(t)).toBe(0);
    // Authentication still comes first.
    expect((await setup.anonymous.request("HEAD", label)).status).toBe(401);

    // GET still runs them, and the key used by a refused HEAD is still free for the GET.
    const regenerated = await t.json("GET", label, undefined, { "Idempotency-Key": `head-${label}` });
    expect([regenerated.status, regenerated.body.labelVersion]).toEqual([200, 1]);
    expect((await t.json("GET", exporting)).status).toBe(200);
    expect(await dataExports(t)).toBe(1);
  });

  it("leaves HEAD on a GET action that only reads as it was: its GET's answer without a body", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Web" });
    const head = await t.request("HEAD", `/channels/${channel.id}/variant-levels.json`);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});

describe("a GET action's query", () => {
  it("takes the token as ?access_token= and ignores ?scope=, as every route does", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Web" });
    const endpoint = await create(t, "webhook-endpoints", {
      url: "https://hooks.example.com/in",
      enabled: false,
    });
    const shipment = await dropshipment(t);
    const definition = await exportDefinition(t);
    const token = `access_token=${encodeURIComponent(t.token)}&scope=read_products`;
    for (const path of [
      `/channels/${channel.id}/variant-levels.json?${token}`,
      `/channels/${channel.id}/variant-levels.json?sku=MUG-1&${token}`,
      `/webhook-endpoints/${endpoint.id}/deliveries.json?${token}`,
      `/dropshipments/${shipment.id}/regenerate-label.json?${token}`,
      `/inventory-exports/${definition.id}/export.json?${token}`,
    ]) {
      const answer = await setup.anonymous.json("GET", path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    // Any other unknown parameter is still a 400.
    const unknown = await t.json("GET", `/channels/${channel.id}/variant-levels.json?nope=1`);
    expect(unknown.status).toBe(400);
  });

  it("takes them on a DELETE action's query too", async () => {
    const t = await setup.tenant();
    const feed = await create(t, "inventory-feeds", { name: "Vendor feed" });
    await expectStatus(
      t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, { externalId: "X1", vendorSku: "V-1" }),
      200,
    );
    const removed = await setup.anonymous.json(
      "DELETE",
      `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=X1&access_token=${encodeURIComponent(t.token)}&scope=x`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });
});

describe("If-Match on an action", () => {
  it("is honoured on a quote (POST rates): a stale tag is a 412, the current one or * runs it", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "Web" });
    const quote = { destination: { country: "US" }, items: [{ sku: "MUG-1", quantity: 1 }] };
    const path = `/channels/${channel.id}/rates.json`;
    const etag = (await t.json("GET", `/channels/${channel.id}.json`)).headers.get("ETag")!;
    expect((await t.json("POST", path, quote, { "If-Match": '"stale"' })).status).toBe(412);
    expect((await t.json("POST", path, quote, { "If-Match": `W/${etag}` })).status).toBe(412);
    expect((await t.json("POST", path, quote, { "If-Match": etag })).status).toBe(200);
    expect((await t.json("POST", path, quote, { "If-Match": "*" })).status).toBe(200);
  });
});

describe("a wrong method", () => {
  it("on a public path is a 405 with Allow, token or not; its GET and HEAD still answer", async () => {
    for (const path of ["/openapi.json", "/docs", "/health", "/ready", "/"]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const answer = await setup.anonymous.request(method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("Allow"), path).toBe("GET");
        expect(answer.headers.get("Content-Type")).toContain("application/problem+json");
        expect(answer.headers.get("X-Request-Id")).toBeTruthy();
      }
      expect((await setup.anonymous.request("GET", path)).status, path).toBe(200);
      expect((await setup.anonymous.request("HEAD", path)).status, path).toBe(200);
    }
  });

  it("on a file's path is a 405 with Allow: GET once the token is taken (a 401 without one)", async () => {
    const t = await setup.tenant();
    const shipment = await dropshipment(t);
    const labelled = await expectStatus(
      t.json("GET", `/dropshipments/${shipment.id}/regenerate-label.json`),
      200,
    );
    const file = new URL(labelled.labelUrl, "http://x").pathname;
    for (const path of [file, "/files/1/x.pdf"]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const answer = await t.json(method, path);
        expect([answer.status, answer.headers.get("Allow")], `${method} ${path}`).toEqual([405, "GET"]);
      }
      expect((await setup.anonymous.request("POST", path)).status).toBe(401);
    }
    expect((await t.request("GET", file)).status).toBe(200);
  });
});

describe("a scope refusal", () => {
  it("names each scope that grants what is missing once", async () => {
    const catalog = await keyWith(["catalog:write"]);
    const reading = await catalog.json("POST", "/api-keys.json", { name: "r", scopes: ["*:read"] });
    expect([reading.status, reading.body.scope]).toEqual([403, "*:read"]);
    expect(reading.body.detail).toBe(
      "This API key lacks the scope `*:read` that this request needs (`*:read` or `*:write` grant it).",
    );
    const writing = await catalog.json("POST", "/api-keys.json", { name: "w", scopes: ["*:write"] });
    expect([writing.status, writing.body.scope]).toEqual([403, "*:write"]);
    expect(writing.body.detail).toBe(
      "This API key lacks the scope `*:write` that this request needs (only `*:write` grants it).",
    );
  });

  it("of a read-only key names the scope that would grant the write, and calls it a key", async () => {
    const shipping = await keyWith(["shipping:read"]);
    const upload = await shipping.json("POST", "/files.json?name=stock.csv", "sku,qty\nA,1\n", {
      "Content-Type": "text/csv",
    });
    expect([upload.status, upload.body.scope]).toEqual([403, "inventory:write"]);
    expect(upload.body.detail).toBe(
      "This API key is read-only: it lacks the scope `inventory:write` that this request needs (`inventory:write` or `*:write` grant it).",
    );

    const catalog = await keyWith(["catalog:read"]);
    const making = await catalog.json("POST", "/api-keys.json", { name: "n", scopes: ["catalog:read"] });
    expect([making.status, making.body.scope]).toEqual([403, "catalog:write"]);
    expect(making.body.detail).toBe(
      "This API key is read-only: making or revoking an API key needs a write scope, and then only within the key's own scopes (`catalog:write` or `*:write` grant it).",
    );
    const revoking = await catalog.json("DELETE", "/api-keys/1.json");
    expect([revoking.status, revoking.body.scope]).toEqual([403, "catalog:write"]);

    const everything = await keyWith(["*:read"]);
    const all = await everything.json("POST", "/api-keys.json", { name: "n", scopes: ["*:read"] });
    expect([all.status, all.body.scope]).toEqual([403, "*:write"]);
    expect(all.body.detail).toBe(
      "This API key is read-only: making or revoking an API key needs a write scope, and then only within the key's own scopes (only `*:write` grants it).",
    );
  });
});

describe("a 422's messages", () => {
  it("read after their path", async () => {
    const t = await setup.tenant();
    const past = await t.json("POST", "/api-keys.json", {
      name: "old",
      scopes: ["catalog:read"],
      expiresAt: "2001-01-01T00:00:00Z",
    });
    expect([past.status, past.body.errors]).toEqual([
      422,
      [{ path: "expiresAt", message: "must be in the future" }],
    ]);
    expect(past.body.detail).toBe("expiresAt must be in the future.");

    const variant = await t.json("POST", "/variants.json", {
      sku: "MUG-1",
      name: "Mug",
      dropshipProviderId: 987654,
    });
    expect([variant.status, variant.body.errors]).toEqual([
      422,
      [{ path: "dropshipProviderId", message: "names no dropship provider (id 987654)" }],
    ]);

    const product = await t.json("POST", "/products.json", { name: "" });
    expect([product.status, product.body.errors]).toEqual([
      422,
      [{ path: "name", message: "must be at least 1 character" }],
    ]);
  });
});

describe("the query's array bound", () => {
  it("takes indices 0 to 249 and names the parameter and the bound past them", async () => {
    const t = await setup.tenant();
    expect((await t.json("GET", "/carriers.json?where[id][$in][249]=1")).status).toBe(200);
    const over = await t.json("GET", "/carriers.json?where[id][$in][250]=1");
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe(
      "Query parameter where[id][$in][250] has an array index over 249: an array takes at most 250 values (indices 0 to 249).",
    );
    const many = Array.from({ length: 251 }, (_, i) => `where[id][$in][]=${i + 1}`).join("&");
    const tooMany = await t.json("GET", `/carriers.json?${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe("Query parameter where[id][$in] has more than 250 values.");
  });
});
