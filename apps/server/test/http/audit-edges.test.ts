// Edges of the write path: operations that answer a secret once take no Idempotency-Key (a webhook
// endpoint's create, the operator's key creates); a failed If-Match is not kept under a key; a create
// with If-Match is a 412; a replayed upload carries the first answer's Location, relative as every
// Location is; file names a URL cannot hold; a key's expiry on a day the calendar lacks.
import {
  answersSecretOnce,
  kindByName,
  kinds,
  operationWrites,
  secretsShownOnce,
} from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { createRecordOf } from "../factory.ts";
import { type Api, apiOf, setupApp } from "../support.ts";

const ADMIN_TOKEN = "operator-token-audit-edges-0123456789abcdef";
const LISTENING = "http://127.0.0.1:8787";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  // Listening on an address of its own, without PUBLIC_URL: the URLs files keep start with it.
  ctx = await setupApp({ adminToken: ADMIN_TOKEN, listeningUrl: () => LISTENING });
});

const key = (value: string) => ({ "Idempotency-Key": `${value}-${Math.random()}` });
const admin = (): Api => apiOf((path, init) => ctx.app.request(path, init), ADMIN_TOKEN);

/** POSTs `body` as it is to /files.json with the tenant's token. */
function upload(token: string, query: string, headers: Record<string, string> = {}, body = "sku,qty\nA,1\n") {
  return ctx.app.request(`/files.json${query}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv", ...headers },
    body,
  });
}

describe("an operation that answers a secret once", () => {
  it("is one fact of the manifest: a webhook endpoint's create and every rotation, nothing else", () => {
    const endpoint = kindByName("webhook-endpoint")!;
    expect(secretsShownOnce(endpoint)).toEqual(["secret"]);
    expect(answersSecretOnce(kindByName("carrier")!)).toBe(false);
    const once = kinds.flatMap((kind) =>
      (kind.actions ?? [])
        .filter((action) => operationWrites(action.method, action) && answersSecretOnce(kind, action))
        .map((action) => `${kind.plural}/${action.name}`),
    );
    expect(once.length).toBeGreaterThan(0);
    for (const name of once) expect(name).toMatch(/\/rotate-[a-z-]+$/);
  });

  it("a webhook endpoint's create with an Idempotency-Key is a 400 that keeps no secret and makes nothing", async () => {
    const t = await ctx.tenant();
    const body = { url: "https://hooks.example/in", events: ["carrier.*"], enabled: false };
    const keyed = await t.json("POST", "/webhook-endpoints.json", body, key("hook"));
    expect(keyed.status).toBe(400);
    expect(keyed.body.detail).toMatch(/webhook endpoint's create answers its `secret` once.*Idempotency-Key/);
    expect(keyed.body.errors).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);
    expect((await t.json("GET", "/webhook-endpoints.json")).body).toEqual([]);
    const kept = await ctx.db.execute({
      sql: "SELECT count(*) AS n FROM idempotency_keys WHERE company_id = ? AND body LIKE '%whsec_%'",
      args: [t.companyId],
    });
    expect(Number(kept.rows[0]!.n)).toBe(0);

    const plain = await t.json("POST", "/webhook-endpoints.json", body);
    expect(plain.status).toBe(200);
    expect(plain.body.secret).toMatch(/^whsec_/);
  });

  it("a create whose server-made secrets a replay shows as hints still takes a key", async () => {
    const t = await ctx.tenant();
    const made = await t.json("POST", "/custom-channels.json", { name: "Shop" }, key("channel"));
    expect(made.status).toBe(200);
  });

  it("the operator's company and key creates with an Idempotency-Key are a 400, and make no key", async () => {
    const name = `audit-${Math.random()}`;
    const refused = await admin().json("POST", "/admin/companies.json", { name }, key("company"));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);
    const companies = (await admin().json("GET", "/admin/companies.json?limit=250")).body as {
      name: string;
    }[];
    expect(companies.map((company) => company.name)).not.toContain(name);

    const created = await admin().json("POST", "/admin/companies.json", { name });
    expect(created.status).toBe(200);
    const path = `/admin/companies/${created.body.id}/api-keys.json`;
    const again = await admin().json("POST", path, { name: "spare", scopes: ["*:read"] }, key("admin-key"));
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/API key's create answers its `secret` once.*Idempotency-Key/);
    expect((await admin().json("GET", `/admin/companies/${created.body.id}.json`)).body.keys).toBe(1);
  });

  it("POST /api-keys.json with an Idempotency-Key is the same 400", async () => {
    const t = await ctx.tenant();
    const refused = await t.json("POST", "/api-keys.json", { name: "x", scopes: ["*:read"] }, key("api-key"));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);
    expect((await t.json("GET", "/api-keys.json")).body).toHaveLength(2);
  });
});

describe("If-Match", () => {
  it("a 412 is not kept under its Idempotency-Key: the retry with the right ETag runs", async () => {
    const t = await ctx.tenant();
    const made = await t.json("POST", "/carriers.json", { name: "Parcel Express" });
    const path = `/carriers/${made.body.id}.json`;
    const headers = key("put");
    const stale = await t.json("PUT", path, { name: "Courier Co" }, { ...headers, "If-Match": '"stale"' });
    expect(stale.status).toBe(412);
    const fixed = await t.json(
      "PUT",
      path,
      { name: "Courier Co" },
      {
        ...headers,
        "If-Match": made.headers.get("ETag")!,
      },
    );
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get("Idempotent-Replayed")).toBeNull();
    expect(fixed.body.name).toBe("Courier Co");
  });

  it("is checked once the record is found and its state allows the action (RFC 9110 13.2.1)", async () => {
    const t = await ctx.tenant();
    // A pending purchase with a line to cancel, as the factory makes one.
    const line = await createRecordOf(t, kindByName("purchase-item")!);
    const purchase = await t.json("GET", `/purchases/${line.purchaseId}.json`);
    const path = `/purchases/${line.purchaseId}/cancel.json`;
    const stale = { "If-Match": '"stale"' };
    expect((await t.json("PUT", path, undefined, stale)).status).toBe(412);
    const current = { "If-Match": purchase.headers.get("ETag")! };
    const cancelled = await t.json("PUT", path, undefined, current);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Cancelled: its state refuses the action, whatever If-Match says; a record not there is a 404.
    const refused = await t.json("PUT", path, undefined, stale);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ state: "cancelled" });
    expect((await t.json("PUT", "/purchases/999999/cancel.json", undefined, stale)).status).toBe(404);
  });

  it("a create with If-Match, any tag or *, is a 412 and makes nothing", async () => {
    const t = await ctx.tenant();
    for (const tag of ['"abc"', "*", 'W/"abc"']) {
      const refused = await t.json("POST", "/products.json", { name: "Mug" }, { "If-Match": tag });
      expect(refused.status, tag).toBe(412);
      expect(refused.headers.get("Content-Type")).toBe("application/problem+json");
    }
    const products = await ctx.db.execute({
      sql: "SELECT count(*) AS n FROM products WHERE company_id = ?",
      args: [t.companyId],
    });
    expect(Number(products.rows[0]!.n)).toBe(0);
    // Not kept under a key either: the create sent again without If-Match runs.
    const headers = key("create");
    expect(
      (await t.json("POST", "/carriers.json", { name: "A" }, { ...headers, "If-Match": "*" })).status,
    ).toBe(412);
    const made = await t.json("POST", "/carriers.json", { name: "A" }, headers);
    expect(made.status).toBe(200);
    expect(made.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("an upload with If-Match is a 412 and stores nothing", async () => {
    const t = await ctx.tenant();
    const refused = await upload(t.token, "?name=a.csv", { "If-Match": "*" });
    expect(refused.status).toBe(412);
    const stored = await ctx.db.execute({
      sql: "SELECT count(*) AS n FROM stored_files WHERE company_id = ?",
      args: [t.companyId],
    });
    expect(Number(stored.rows[0]!.n)).toBe(0);
  });
});

describe("an upload", () => {
  it("answers a relative Location, and its replay carries the first answer's", async () => {
    const t = await ctx.tenant();
    const headers = key("upload");
    const first = await upload(t.token, "?name=loc.txt", headers);
    expect(first.status).toBe(201);
    const file = await first.json();
    // The URL a data import takes starts with the address the server listens on; Location is relative.
    expect(file.url).toBe(`${LISTENING}/files/${file.id}/loc.txt`);
    expect(first.headers.get("Location")).toBe(`/files/${file.id}/loc.txt`);

    const again = await upload(t.token, "?name=loc.txt", headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await again.json()).toEqual(file);
    expect((await t.request("GET", again.headers.get("Location")!)).status).toBe(200);
  });

  it("named . or .. is the 400 about the file's name; ... is a name like any other", async () => {
    const t = await ctx.tenant();
    for (const name of [".", ".."]) {
      const refused = await upload(t.token, `?name=${name}`);
      expect(refused.status, name).toBe(400);
      expect((await refused.json()).detail).toMatch(/^The file's name must be/);
    }
    const dots = await upload(t.token, "?name=...");
    expect(dots.status).toBe(201);
    expect((await t.request("GET", dots.headers.get("Location")!)).status).toBe(200);
  });
});

describe("an API key's expiresAt", () => {
  const missing = "2099-02-30T00:00:00Z";

  it("on a day the calendar lacks is a 422, as a record's date is", async () => {
    const t = await ctx.tenant();
    const refused = await t.json("POST", "/api-keys.json", {
      name: "x",
      scopes: ["*:read"],
      expiresAt: missing,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ path: "expiresAt", message: "must be an ISO 8601 date-time" }]);
    const record = await t.json("POST", "/channels.json", { name: "Web", connectedAt: missing });
    expect(record.status).toBe(422);
    expect(record.body.errors[0].path).toBe("connectedAt");
    const leap = await t.json("POST", "/api-keys.json", {
      name: "leap",
      scopes: ["*:read"],
      expiresAt: "2096-02-29T00:00:00Z",
    });
    expect(leap.status).toBe(200);
    expect(leap.body.expiresAt).toBe("2096-02-29T00:00:00.000Z");
  });

  it("on the operator's routes too, naming the member as sent", async () => {
    const past = await admin().json("POST", "/admin/companies.json", {
      name: `expiry-past-${Math.random()}`,
      key: { expiresAt: "2001-01-01T00:00:00Z" },
    });
    expect([past.status, past.body.errors[0].path]).toEqual([422, "key.expiresAt"]);
    const name = `expiry-${Math.random()}`;
    const company = await admin().json("POST", "/admin/companies.json", {
      name,
      key: { expiresAt: missing },
    });
    expect(company.status).toBe(422);
    const made = await admin().json("POST", "/admin/companies.json", { name });
    const another = await admin().json("POST", `/admin/companies/${made.body.id}/api-keys.json`, {
      name: "spare",
      scopes: ["*:read"],
      expiresAt: missing,
    });
    expect(another.status).toBe(422);
    expect(another.body.errors[0].path).toBe("expiresAt");
  });
});
