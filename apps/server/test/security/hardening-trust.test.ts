// Nothing a request says is trusted to build what others get: URLs from configuration, CSV cells that a
// spreadsheet will not run, idempotency records without the caller's token, outbound requests only to
// addresses that were checked, nosniff on every answer, and bounds on one company's database time and files.
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { parseEnv } from "../../src/config.ts";
import type { Db } from "../../src/db/database.ts";
import { isForbiddenAddress } from "../../src/domain/outbound-urls.ts";
import { checkedFetch, checkedLookup } from "../../src/ops/checked-fetch.ts";
import { DEFAULT_FILES_POLICY } from "../../src/services/files.ts";
import { tokenBlanked } from "../../src/services/idempotency.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { type NodeServer, startNodeServer } from "../node-process.ts";
import { startReceiver } from "../receiver.ts";
import { type Api, apiOf, setupApp, type Tenant } from "../support.ts";

async function created(t: Api, plural: string, body: Record<string, unknown>) {
  const answer = await t.json("POST", `/${plural}.json`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A CSV inventory export of a company with one variant and stock in one warehouse. */
async function exportable(t: Api) {
  const warehouse = await created(t, "warehouses", { name: "Main" });
  const made = await created(t, "variants", { sku: "MUG-1", name: "Mug", price: 12.5 });
  await created(t, "adjustments", { variantId: made.id, warehouseId: warehouse.id, quantity: 4 });
  return created(t, "inventory-exports", { name: "Levels", format: "csv" });
}

describe("URLs the server hands out", () => {
  it("take PUBLIC_URL as an http(s) URL without its trailing slash; empty is unset, anything else refused", () => {
    expect(parseEnv({ PUBLIC_URL: "https://api.example.com/commerce/" }).PUBLIC_URL).toBe(
      "https://api.example.com/commerce",
    );
    expect(parseEnv({ PUBLIC_URL: "" }).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
    for (const bad of [
      "api.example.com",
      "ftp://api.example.com",
      "https://a@api.example.com",
      "https://x/?a=1",
    ]) {
      expect(() => parseEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(parseEnv({ DB_TIME_LIMIT: "2.5", FILES_KEEP_DAYS: "7", FILES_QUOTA_MB: "3" })).toMatchObject({
      DB_TIME_LIMIT: 2500,
      FILES_KEEP_DAYS: 7,
      FILES_QUOTA_MB: 3 * 1024 * 1024,
    });
  });

  it("come from PUBLIC_URL, whatever Host the request names, and /openapi.json is the same for all", async () => {
    const { tenant, app } = await setupApp({ publicUrl: "https://api.example.test", basePath: "/v1" });
    const t = await tenant();
    const evil = apiOf((path, init) => app.request(`http://evil.example${path}`, init), t.token);
    const carrier = await evil.json("POST", "/v1/carriers.json", { name: "Parcel Express" });
    expect(carrier.headers.get("Location")).toBe(
      `https://api.example.test/v1/carriers/${carrier.body.id}.json`,
    );

    const definition = await exportable(apiOf((path, init) => app.request(`/v1${path}`, init), t.token));
    const exported = await evil.json("GET", `/v1/inventory-exports/${definition.id}/export.json`);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.body.url).toMatch(/^https:\/\/api\.example\.test\/v1\/files\/\d+\//);

    for (const n of [1, 2]) await evil.json("POST", "/v1/carriers.json", { name: `Carrier ${n}` });
    const events = await evil.json("GET", "/v1/events.json?limit=1");
    expect(events.headers.get("Link")).toMatch(
      /^<https:\/\/api\.example\.test\/v1\/events\.json\?limit=1&after=\d+>; rel="next"$/,
    );
    const page = await evil.json("GET", "/v1/carriers.json?limit=1");
    expect(page.headers.get("Link")).toMatch(
      /^<https:\/\/api\.example\.test\/v1\/carriers\.json\?\S+>; rel="next"$/,
    );

    const first = await app.request("http://evil.example/v1/openapi.json");
    const second = await app.request("http://good.example/v1/openapi.json");
    expect((await first.json()).servers).toEqual([{ url: "https://api.example.test/v1" }]);
    expect((await second.json()).servers).toEqual([{ url: "https://api.example.test/v1" }]);
  });

  it("without PUBLIC_URL are relative, or start with the listening address for what records keep", async () => {
    const relative = await setupApp({ basePath: "/v1" });
    const t = await relative.tenant();
    const evil = apiOf((path, init) => relative.app.request(`http://evil.example/v1${path}`, init), t.token);
    const carrier = await evil.json("POST", "/carriers.json", { name: "Parcel Express" });
    expect(carrier.headers.get("Location")).toBe(`/v1/carriers/${carrier.body.id}.json`);
    await evil.json("POST", "/carriers.json", { name: "Other" });
    const page = await evil.json("GET", "/carriers.json?limit=1");
    expect(page.headers.get("Link")).toMatch(/^<\/v1\/carriers\.json\?\S+>; rel="next"$/);
    // The relative link, followed as a client resolves it against the URL it asked.
    const link = /<([^>]+)>/.exec(page.headers.get("Link")!)![1]!;
    const next = await relative.app.request(new URL(link, "http://evil.example/v1/carriers.json"), {
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(await next.json()).toHaveLength(1);
    const openapi = await relative.app.request("http://evil.example/v1/openapi.json");
    expect((await openapi.json()).servers).toEqual([{ url: "/v1" }]);

    const listening = await setupApp({ listeningUrl: () => "http://127.0.0.1:8787" });
    const u = await listening.tenant();
    const definition = await exportable(u);
    const evilU = apiOf((path, init) => listening.app.request(`http://evil.example${path}`, init), u.token);
    const exported = await evilU.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect(exported.body.url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/files\/\d+\//);
    const created = await evilU.json("POST", "/carriers.json", { name: "Parcel Express" });
    expect(created.headers.get("Location")).toBe(`/carriers/${created.body.id}.json`);
  });

  describe("on the Node server", () => {
    const dir = join(tmpdir(), `mcs-trust-${process.pid}`);
    let server: NodeServer;
    beforeAll(async () => {
      server = await startNodeServer({ DATABASE_URL: `file:${dir}/node.db`, LOG_LEVEL: "error" }, true);
    }, 90_000);
    afterAll(() => {
      server?.process.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    });

    it("ignore the Host header: links are relative, stored URLs start with the listening address", async () => {
      const headers = {
        Authorization: `Bearer ${server.token}`,
        Host: "evil.example",
        "Content-Type": "application/json",
      };
      const carrier = await fetch(`${server.base}/carriers.json`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Parcel Express" }),
      });
      expect(carrier.status).toBe(200);
      const { id } = (await carrier.json()) as { id: number };
      expect(carrier.headers.get("Location")).toBe(`/carriers/${id}.json`);
      const definition = await fetch(`${server.base}/inventory-exports.json`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Levels", format: "csv" }),
      });
      const { id: exportId } = (await definition.json()) as { id: number };
      const exported = await fetch(`${server.base}/inventory-exports/${exportId}/export.json`, { headers });
      const { url } = (await exported.json()) as { url: string };
      expect(url.startsWith(`${server.base}/files/`)).toBe(true);
      expect(exported.headers.get("X-Content-Type-Options")).toBe("nosniff");
    });
  });
});

describe("CSV exports", () => {
  let setup: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    setup = await setupApp();
  });

  async function csvOf(t: Tenant, definitionId: number, query = "") {
    const exported = await t.json("GET", `/inventory-exports/${definitionId}/export.json${query}`);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    return (await t.request("GET", exported.body.url)).text();
  }

  it("write a text cell a spreadsheet would run as a formula with a leading ', numbers as they are", async () => {
    const t = await setup.tenant();
    for (const [sku, name] of [
      ["=SUM(A1)", "+cmd|' /C calc'!A0"],
      ["-2+3", "@SUM(1)"],
      ["\tTAB", "\rCR"],
      ["PLAIN-1", "A mug = fine"],
    ]) {
      await created(t, "variants", { sku, name, price: 12.5 });
    }
    const definition = await created(t, "inventory-exports", { name: "Levels", format: "csv" });
    const rows = (await csvOf(t, definition.id)).split("\r\n");
    expect(rows[0]).toBe("sku,name,onHand,allocated,available");
    expect(rows).toContain(`'-2+3,'@SUM(1),0,0,0`);
    expect(rows).toContain(`'=SUM(A1),'+cmd|' /C calc'!A0,0,0,0`);
    expect(rows).toContain(`PLAIN-1,A mug = fine,0,0,0`);
    // A cell holding a tab is quoted too (a spreadsheet may split on it), the ' inside its quotes.
    expect(rows.some((row) => row.startsWith(`"'\tTAB","'\rCR"`))).toBe(true);
  });

  it("leave numbers, negative ones included, as numbers", async () => {
    const t = await setup.tenant();
    const warehouse = await created(t, "warehouses", { name: "Main" });
    const variant = await created(t, "variants", { sku: "NEG", name: "Mug", price: 12.5 });
    const adjusted = await t.json("POST", "/adjustments.json", {
      variantId: variant.id,
      warehouseId: warehouse.id,
      quantity: -3,
    });
    const definition = await created(t, "inventory-exports", { name: "Levels", format: "csv" });
    await created(t, "inventory-export-fields", {
      inventoryExportId: definition.id,
      source: "sku",
      position: 1,
    });
    await created(t, "inventory-export-fields", {
      inventoryExportId: definition.id,
      source: "onHand",
      position: 2,
    });
    await created(t, "inventory-export-fields", {
      inventoryExportId: definition.id,
      source: "price",
      position: 3,
    });
    const rows = (await csvOf(t, definition.id)).split("\r\n");
    // A negative level, where the books allow one, is a number: no quote before its minus sign.
    expect(rows[1]).toBe(adjusted.status === 200 ? "NEG,-3,12.50" : "NEG,0,12.50");
  });

  it("are raw with ?formulas=raw, for programs that read them; another value is a 400 naming it", async () => {
    const t = await setup.tenant();
    await created(t, "variants", { sku: "=RAW", name: "@raw", price: 1 });
    const definition = await created(t, "inventory-exports", { name: "Levels", format: "csv" });
    const rows = (await csvOf(t, definition.id, "?formulas=raw")).split("\r\n");
    expect(rows[1]).toBe("=RAW,@raw,0,0,0");
    const escaped = (await csvOf(t, definition.id, "?formulas=escaped")).split("\r\n");
    expect(escaped[1]).toBe("'=RAW,'@raw,0,0,0");
    const bad = await t.json("GET", `/inventory-exports/${definition.id}/export.json?formulas=off`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { path: string }) => error.path)).toEqual(["formulas"]);
  });
});

describe("idempotency records", () => {
  let setup: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    setup = await setupApp();
  });

  it("keep a hash of the request, never a token sent as ?access_token=, and still replay", async () => {
    const t = await setup.tenant();
    const path = `/carriers.json?access_token=${t.token}`;
    const headers = { "Idempotency-Key": "trust-1" };
    const first = await setup.anonymous.json("POST", path, { name: "Parcel Express" }, headers);
    expect(first.status).toBe(200);
    const again = await setup.anonymous.json("POST", path, { name: "Parcel Express" }, headers);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    const other = await setup.anonymous.json("POST", path, { name: "Other" }, headers);
    expect(other.status).toBe(422);

    const rows = await setup.db.execute({
      sql: "SELECT * FROM idempotency_keys WHERE company_id = ?",
      args: [t.companyId],
    });
    expect(rows.rows).toHaveLength(1);
    expect(String(rows.rows[0]!.fingerprint)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(rows.rows)).not.toContain(t.token);
  });

  it("kept as text before migration 0016 lose their token there and still match their retry", async () => {
    const t = await setup.tenant();
    const body = { name: "Legacy" };
    const first = await t.json("POST", "/carriers.json", body, { "Idempotency-Key": "legacy-1" });
    const path = `/carriers.json?access_token=${t.token}&x=1`;
    const legacy = `POST /carriers.json?access_token=${t.token}&x=1 ${JSON.stringify(body)}`;
    await setup.db.execute({
      sql: "UPDATE idempotency_keys SET fingerprint = ? WHERE company_id = ? AND key = ?",
      args: [legacy, t.companyId, "legacy-1"],
    });
    const migration = readFileSync(
      new URL("../../migrations/0016_idempotency_fingerprint_tokens.sql", import.meta.url),
      "utf8",
    );
    await setup.db.execute(
      migration
        .replace(/^--.*$/gm, "")
        .trim()
        .replace(/;$/, ""),
    );
    const stored = await setup.db.execute({
      sql: "SELECT fingerprint FROM idempotency_keys WHERE company_id = ? AND key = ?",
      args: [t.companyId, "legacy-1"],
    });
    expect(String(stored.rows[0]!.fingerprint)).toBe(
      `POST /carriers.json?access_token=&x=1 ${JSON.stringify(body)}`,
    );
    expect(String(stored.rows[0]!.fingerprint)).toBe(tokenBlanked(legacy));

    const retry = await setup.anonymous.json("POST", path, body, { "Idempotency-Key": "legacy-1" });
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.body.id).toBe(first.body.id);
  });
});

describe("labels", () => {
  it("refuse a tracking number Code 128 cannot encode with a 422 naming it, and change nothing", async () => {
    const { tenant, db } = await setupApp();
    const t = await tenant();
    const provider = await created(t, "dropship-providers", {
      name: "Acme Supply",
      defaultCarrier: "Parcel Express",
      defaultService: "Ground",
      addressLineOne: "9 Mill St",
      city: "Dayton",
      country: "US",
    });
    const purchase = await created(t, "purchases", {
      dropshipProviderId: provider.id,
      receiverAddressLineOne: "5 Elm St",
      receiverCity: "Denver",
      receiverCountry: "US",
    });
    const dropshipment = await created(t, "dropshipments", {
      purchaseId: purchase.id,
      dropshipProviderId: provider.id,
      trackingNumber: "1Z-ÄÖ-42",
    });
    const before = (await db.execute("SELECT count(*) AS n FROM stored_files")).rows[0]!.n;
    const refused = await t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        path: "trackingNumber",
        message:
          "cannot be printed as a Code 128 barcode: it has U+00C4 at position 3; only printable ASCII (space to ~) can be encoded",
      },
    ]);
    expect((await t.json("GET", `/dropshipments/${dropshipment.id}.json`)).body).toEqual(dropshipment);
    expect((await db.execute("SELECT count(*) AS n FROM stored_files")).rows[0]!.n).toBe(before);

    await t.json("PUT", `/dropshipments/${dropshipment.id}.json`, { trackingNumber: "1Z-AO-42" });
    const rendered = await t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`);
    expect(rendered.status, JSON.stringify(rendered.body)).toBe(200);
    expect(rendered.body.trackingNumber).toBe("1Z-AO-42");
  });
});

describe("outbound requests", () => {
  it("refuse every address that is not global unicast, the IPv6 ranges that embed IPv4 included", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "100.64.0.1",
      "169.254.169.254",
      "192.0.0.8",
      "198.18.0.1",
      "240.0.0.1",
      "::",
      "::1",
      "::7f00:1", // ::/96, IPv4-compatible 127.0.0.1
      "::a00:1", // ::/96, 10.0.0.1
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2002:a9fe:a9fe::", // 6to4 of 169.254.169.254
      "fec0::1", // site-local
      "100::1", // discard
      "fd00::1",
      "fe80::1",
      "64:ff9b::a00:1",
      "::ffff:127.0.0.1",
      "2001::1", // Teredo
      "2001:db8::1",
      "not-an-address",
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "2a00:1450:4001::200e"]) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it("are refused on save when they name such an address (nothing saved, nothing sent)", async () => {
    const { tenant } = await setupApp({ outbound: { allowLocal: false } });
    const t = await tenant();
    for (const url of [
      "https://[::7f00:1]/in",
      "https://[2002:a00:1::]/in",
      "https://[fec0::1]/in",
      "https://[100::1]/in",
    ]) {
      const refused = await t.json("POST", "/webhook-endpoints.json", { url, events: ["carrier.created"] });
      expect(refused.status, url).toBe(422);
      expect(refused.body.errors[0].path).toBe("url");
    }
    expect((await t.json("GET", "/webhook-endpoints.json")).body).toEqual([]);
  });

  it("are refused on save when their name resolves to a private address among public ones", async () => {
    const { tenant } = await setupApp({
      outbound: { allowLocal: false, resolve: async () => ["93.184.216.34", "10.0.0.5"] },
    });
    const t = await tenant();
    const url = "https://mixed.example/in";
    const refused = await t.json("POST", "/webhook-endpoints.json", { url, events: ["carrier.created"] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        path: "url",
        message: expect.stringMatching(/^resolves to a private, loopback or link-local address/),
      },
    ]);
    expect((await t.json("GET", "/webhook-endpoints.json")).body).toEqual([]);
  });

  it("connect to the address their lookup checked, and to no address it refused", async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    // A name that answers a loopback address first and a private one after, as a rebinding name would.
    const answers = ["127.0.0.1", "10.9.9.9"];
    let lookups = 0;
    const resolve = async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 }];
    // In this test loopback stands for a public address (the receiver is on 127.0.0.1): it is allowed.
    const onlyLoopback = (address: string) => address === "127.0.0.1";
    const fetchChecked = checkedFetch(checkedLookup(onlyLoopback, resolve));
    const sent = await fetchChecked(`http://rebinding.test:${port}/hook`, { method: "POST", body: "one" });
    expect(sent.status).toBe(200);
    expect(receiver.received.map((request) => [request.path, request.body])).toEqual([["/hook", "one"]]);
    expect(receiver.received[0]!.headers.host).toBe(`rebinding.test:${port}`);

    // Resolved to a refused address only: the lookup fails, no connection is opened anywhere.
    const refusedOnly = checkedFetch(
      checkedLookup(onlyLoopback, async () => [{ address: "10.9.9.9", family: 4 }]),
    );
    await expect(
      refusedOnly(`http://elsewhere.test:${port}/hook`, { method: "POST", body: "two" }),
    ).rejects.toThrow();
    expect(receiver.received).toHaveLength(1);
  });
});

describe("X-Content-Type-Options: nosniff", () => {
  it("is on every answer: probes, documents, records, files, refusals and 404s", async () => {
    const { app, tenant } = await setupApp({ basePath: "/v1" }, { checkResponses: false });
    const t = await tenant();
    const api = apiOf((path, init) => app.request(path, init), t.token);
    const carrier = await api.json("POST", "/v1/carriers.json", { name: "Parcel Express" });
    const definition = await api.json("POST", "/v1/inventory-exports.json", {
      name: "Levels",
      format: "csv",
    });
    const exported = await api.json("GET", `/v1/inventory-exports/${definition.body.id}/export.json`);
    const answers = [
      await app.request("/v1/health"),
      await app.request("/v1/ready"),
      await app.request("/v1/openapi.json"),
      await app.request("/v1/docs"),
      await app.request("/v1/docs/assets/nothing.js"),
      await app.request("/elsewhere"),
      await app.request("/v1/carriers.json"),
      await api.request("GET", `/v1/carriers/${carrier.body.id}.json`),
      await api.request("GET", "/v1/carriers/999999.json"),
      await api.request("POST", "/v1/carriers.json", { name: 5 }),
      await api.request("GET", exported.body.url),
      await api.request("POST", "/v1/carriers.json", "{", { "Content-Type": "application/json" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      200,
      expect.any(Number),
      200,
      200,
      404,
      404,
      401,
      200,
      404,
      422,
      200,
      400,
    ]);
    for (const answer of answers) expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

/** The database behind `db`, each statement, pipeline and batch `delayMs` slower (a database far away). */
function slowDb(db: Db, delayMs: number): Db {
  const later = <T>(run: () => T | Promise<T>) =>
    new Promise<T>((resolve, reject) =>
      setTimeout(() => Promise.resolve().then(run).then(resolve, reject), delayMs),
    );
  return {
    execute: (statement) => later(() => db.execute(statement)),
    transaction: (work) => db.transaction(work),
    write: (work) =>
      db.write((session) =>
        work({
          read: (statements) => later(() => session.read(statements)),
          apply: (statements) => later(() => session.apply(statements)),
        }),
      ),
    read: (statements) => later(() => db.read(statements)),
    close: () => db.close(),
  };
}

describe("one company's work", () => {
  it("stops a request past its database time with a 503 and Retry-After, having written nothing", async () => {
    const setup = await setupApp();
    const t = await setup.tenant();
    const definition = await exportable(t);
    const limited = createApp({ db: slowDb(setup.db, 40), dbTimeLimitMs: 30, tokenCacheMs: 0 });
    const api = apiOf((path, init) => limited.request(path, init), t.token);
    // One statement fits.
    expect((await api.json("GET", `/inventory-exports/${definition.id}.json`)).status).toBe(200);
    // The export reads (one pipeline), then would write its batch: past the limit by then.
    const refused = await api.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("1");
    expect(refused.body.type).toBe("urn:multichannel:problem:unavailable");
    expect((await t.json("GET", "/data-exports.json")).body).toEqual([]);
    expect((await t.json("GET", `/inventory-exports/${definition.id}.json`)).body.lastExportedAt).toBeNull();
    // Without a limit the same export runs.
    expect((await t.json("GET", `/inventory-exports/${definition.id}/export.json`)).status).toBe(200);
  });

  it("limits an inbound webhook's database time too, and its refusal writes nothing", async () => {
    const setup = await setupApp();
    const t = await setup.tenant();
    const channel = await created(t, "channels", { name: "Own" });
    await created(t, "variants", { sku: "MUG-1", name: "Mug" });
    const custom = await created(t, "custom-channels", { name: "Own", channelId: channel.id });
    const limited = createApp({ db: slowDb(setup.db, 40), dbTimeLimitMs: 30, tokenCacheMs: 0 });
    const order = { externalId: "A-1", items: [{ sku: "MUG-1", quantity: 1, price: 10 }] };
    const refused = await limited.request("/webhooks/custom-channels/manual-sale.json", {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-hash": custom.webhookHash },
      body: JSON.stringify(order),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("1");
    expect((await t.json("GET", "/sales.json")).body).toEqual([]);
    expect((await t.json("GET", "/sale-imports.json")).body).toEqual([]);
  });

  it("keeps generated files within the company's quota, and for their keeping time only", async () => {
    let now = Date.parse("2026-05-01T10:00:00.000Z");
    const clock = () => new Date(now).toISOString();
    const probe = await setupApp({ now: clock });
    const p = await probe.tenant();
    const probeExport = await exportable(p);
    const size = (await p.json("GET", `/inventory-exports/${probeExport.id}/export.json`)).body
      .byteSize as number;

    const files = { ...DEFAULT_FILES_POLICY, keepDays: 2, quotaBytes: size * 2 + size / 2 };
    const { tenant, db } = await setupApp({ now: clock, files });
    const t = await tenant();
    const other = await tenant();
    const definition = await exportable(t);
    const first = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect((await t.json("GET", `/inventory-exports/${definition.id}/export.json`)).status).toBe(200);
    const over = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect(over.status, JSON.stringify(over.body)).toBe(409);
    expect(over.body.rule).toBe("file_quota");
    expect((await t.json("GET", "/data-exports.json")).body).toHaveLength(2);
    // Another company's quota is its own.
    const theirs = await exportable(other);
    expect((await other.json("GET", `/inventory-exports/${theirs.id}/export.json`)).status).toBe(200);

    now += 3 * 86_400_000;
    expect((await t.request("GET", first.body.url)).status).toBe(404);
    await createDispatcher({ db, policy: { allowLocal: true }, files, now: () => now }).prune();
    expect((await db.execute("SELECT count(*) AS n FROM stored_files")).rows[0]!.n).toBe(0);
    // The space is free again.
    expect((await t.json("GET", `/inventory-exports/${definition.id}/export.json`)).status).toBe(200);
  });
});
