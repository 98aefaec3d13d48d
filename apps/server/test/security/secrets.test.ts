// Secrets (issue 24): integration credentials write-only and sealed at rest, inbound webhook secrets made
// by the server (rotation with a grace period, failed attempts limited), callouts signed per record.

import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildOpenApiDocument } from "@multichannel/schema";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { ephemeralKeyring, keyBytes, keyringOf, open, seal } from "../../src/domain/secrets.ts";
import { embeddedSecretsKey, keyFileOf } from "../../src/ops/secrets-key.ts";
import { openSecret, sealStoredSecrets } from "../../src/services/secrets.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

const TOKEN = "shpat_live_0123456789abcdefWXYZ";
const CLIENT_SECRET = "client-secret-with-colons:and…dots-9876";
const ORDER = { externalId: "A-1", items: [{ sku: "MUG-1", quantity: 1, price: 10 }] };

let clock = Date.parse("2026-11-26T12:00:00.000Z");
let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({
    outbound: { allowLocal: true },
    now: () => new Date(clock).toISOString(),
  });
});

async function store(t: Tenant, body: Record<string, unknown> = {}) {
  const channel = await create(t, "channels", { name: "Shop A" });
  return create(t, "platform-a-stores", {
    channelId: channel.id,
    shop: "shop-a.example",
    accessToken: TOKEN,
    clientSecret: CLIENT_SECRET,
    ...body,
  });
}

async function rawRow(table: string, id: number) {
  return (await setup.db.execute({ sql: `SELECT * FROM ${table} WHERE id = ?`, args: [id] })).rows[0]!;
}

describe("integration credentials", () => {
  it("are answered as a hint only: create, read, list, include, events and stored answers", async () => {
    const t = await setup.tenant();
    const created = await store(t);
    expect(created).toMatchObject({ accessToken: "…WXYZ", clientSecret: "…9876" });
    expect(await read(t, "platform-a-stores", created.id)).toMatchObject({ accessToken: "…WXYZ" });
    expect((await list(t, "platform-a-stores"))[0]).toMatchObject({ clientSecret: "…9876" });
    const keyed = await expectStatus(
      t.json(
        "PUT",
        `/platform-a-stores/${created.id}.json`,
        { accessToken: `${TOKEN}-2` },
        { "Idempotency-Key": "k-1" },
      ),
      200,
    );
    expect(keyed.accessToken).toBe("…YZ-2");
    const events = JSON.stringify(await expectStatus(t.json("GET", "/events.json?limit=250"), 200));
    expect(events).toContain("…WXYZ");
    for (const text of [events, JSON.stringify(created)]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(CLIENT_SECRET);
    }
    // At rest: the record holds the hint, the events table and stored answers never the value.
    expect((await rawRow("platform_a_stores", created.id)).access_token).toBe("…YZ-2");
    for (const table of ["events", "idempotency_keys", "platform_a_stores"]) {
      const dump = JSON.stringify((await setup.db.execute(`SELECT * FROM ${table}`)).rows);
      expect(dump, table).not.toContain(TOKEN.slice(0, 20));
      expect(dump, table).not.toContain(CLIENT_SECRET);
    }
  });

  it("are sealed with AES-GCM at rest and opened only to call out", async () => {
    const t = await setup.tenant();
    const created = await store(t);
    const sealed = await setup.db.execute({
      sql: "SELECT field, sealed FROM sealed_values WHERE kind = 'platform-a-store' AND record_id = ? ORDER BY field",
      args: [created.id],
    });
    expect(sealed.rows.map((row) => row.field)).toEqual(["accessToken", "clientSecret"]);
    const keyring = await ephemeralKeyring();
    for (const row of sealed.rows) {
      expect(String(row.sealed)).toMatch(new RegExp(`^${keyring.current.id}\\.[A-Za-z0-9_-]{40,}$`));
      expect(String(row.sealed)).not.toContain("0123456789");
    }
    const place = { companyId: t.companyId, kind: "platform-a-store", recordId: created.id };
    expect(await openSecret(setup.db, keyring, { ...place, field: "accessToken" })).toBe(TOKEN);
    expect(await openSecret(setup.db, keyring, { ...place, field: "clientSecret" })).toBe(CLIENT_SECRET);
    // Another company's record of the same kind does not open with this one's place.
    await expect(
      openSecret(setup.db, keyring, { ...place, companyId: t.companyId + 1000, field: "accessToken" }),
    ).resolves.toBeUndefined();
  });

  it("keep the stored value when the hint is sent back, and change or clear as asked", async () => {
    const t = await setup.tenant();
    const created = await store(t);
    const keyring = await ephemeralKeyring();
    const place = {
      companyId: t.companyId,
      kind: "platform-a-store",
      recordId: created.id,
      field: "accessToken",
    };
    // A client PUTs back what it read, with If-Match (the write guards compare the hint).
    const readBack = await t.json("GET", `/platform-a-stores/${created.id}.json`);
    const etag = readBack.headers.get("ETag")!;
    await expectStatus(
      t.json(
        "PUT",
        `/platform-a-stores/${created.id}.json`,
        { ...readBack.body, name: "Renamed" },
        { "If-Match": etag },
      ),
      200,
    );
    expect(await openSecret(setup.db, keyring, place)).toBe(TOKEN);
    await expectStatus(t.json("PUT", `/platform-a-stores/${created.id}.json`, { accessToken: "short" }), 200);
    expect(await openSecret(setup.db, keyring, place)).toBe("short");
    expect((await read(t, "platform-a-stores", created.id)).accessToken).toBe("…");
    await expectStatus(t.json("PUT", `/platform-a-stores/${created.id}.json`, { accessToken: null }), 200);
    expect(await openSecret(setup.db, keyring, place)).toBeUndefined();
    expect((await read(t, "platform-a-stores", created.id)).accessToken).toBeNull();
  });

  it("refuse a value over the field's bounds with a 422 naming it, and change nothing", async () => {
    const t = await setup.tenant();
    const channel = await create(t, "channels", { name: "B" });
    const refused = await expectStatus(
      t.json("POST", "/platform-b-stores.json", {
        channelId: channel.id,
        name: "B",
        clientId: "id",
        storeId: "s",
        clientSecret: "x".repeat(201),
      }),
      422,
    );
    expect(refused.errors).toEqual([{ path: "clientSecret", message: expect.stringContaining("200") }]);
    expect(await list(t, "platform-b-stores")).toEqual([]);
  });

  it("cannot be filtered or ordered on (400 naming the field)", async () => {
    const t = await setup.tenant();
    for (const query of ["where[accessToken]=abc", "where[clientSecret][$like]=a%25", "order=-accessToken"]) {
      const problem = await expectStatus(t.json("GET", `/platform-a-stores.json?${query}`), 400);
      expect(problem.detail).toMatch(/(accessToken|clientSecret).*secret/);
    }
  });

  it("are write-only in the OpenAPI document; what the server makes is read-only", () => {
    const schemas = (buildOpenApiDocument() as any).components.schemas;
    const token = schemas.PlatformAStore.properties.accessToken;
    expect(token.writeOnly).toBe(true);
    expect(token.description).toMatch(/hint/);
    expect(schemas.PlatformAStoreCreateInput.properties.accessToken.writeOnly).toBe(true);
    expect(schemas.CustomChannel.properties.webhookHash.readOnly).toBe(true);
    expect(schemas.DropshipProvider.properties.signingSecret.readOnly).toBe(true);
  });
});

describe("keys", () => {
  it("of an embedded server without SECRETS_KEY: made on first start, readable by the owner only, then kept", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcs-key-"));
    try {
      const file = keyFileOf(join(dir, "data", "multichannel.db"));
      const key = embeddedSecretsKey(file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(keyBytes("SECRETS_KEY", key)).toHaveLength(32);
      expect(embeddedSecretsKey(file)).toBe(key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("open what a previous key sealed, and seal it again under the current key at start", async () => {
    const first = await keyringOf(crypto.getRandomValues(new Uint8Array(32)));
    const second = await keyringOf(crypto.getRandomValues(new Uint8Array(32)), [first.current.raw]);
    const place = { companyId: 1, kind: "retailer-account", field: "refreshToken" };
    const old = await seal(first, place, "refresh-me");
    expect(await open(second, place, old)).toBe("refresh-me");
    await expect(open(first, place, await seal(second, place, "x"))).rejects.toThrow();
    // Bound to its place: another field's value does not open here.
    await expect(open(second, { ...place, field: "accessToken" }, old)).rejects.toThrow();

    // A value sealed before the key changed (as the first key sealed it).
    const t = await setup.tenant();
    const account = await create(t, "retailer-accounts", {
      name: "Retail",
      refreshToken: "refresh-me-please",
    });
    expect(account.refreshToken).toBe("…ease");
    await setup.db.execute({
      sql: "UPDATE sealed_values SET sealed = ? WHERE kind = 'retailer-account' AND record_id = ?",
      args: [await seal(first, { ...place, companyId: t.companyId }, "refresh-me-please"), account.id],
    });
    // The suite's other values were sealed with a key this ring lacks: they are left as they are.
    const { sealed: sealedNow, unopened } = await sealStoredSecrets(setup.db, second);
    expect(sealedNow).toBe(1);
    expect(unopened).toBeGreaterThan(0);
    expect((await sealStoredSecrets(setup.db, second)).sealed).toBe(0);
    const row = await setup.db.execute({
      sql: "SELECT sealed FROM sealed_values WHERE kind = 'retailer-account' AND record_id = ?",
      args: [account.id],
    });
    expect(String(row.rows[0]!.sealed).startsWith(`${second.current.id}.`)).toBe(true);
    const keyOnly = await keyringOf(second.current.raw);
    expect(
      await openSecret(setup.db, keyOnly, {
        companyId: t.companyId,
        kind: "retailer-account",
        recordId: account.id,
        field: "refreshToken",
      }),
    ).toBe("refresh-me-please");
  });
});

describe("inbound webhook secrets", () => {
  const orderPath = "/webhooks/custom-channels/manual-sale.json";

  async function customChannel(t: Tenant, body: Record<string, unknown> = {}) {
    const channel = await create(t, "channels", { name: "Own" });
    await create(t, "variants", { sku: "MUG-1", name: "Mug" });
    return create(t, "custom-channels", { name: "Own", channelId: channel.id, ...body });
  }

  it("are made by the server, answered once, and a value sent is ignored", async () => {
    const t = await setup.tenant();
    const made = await customChannel(t, { webhookHash: "a" });
    expect(made.webhookHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const again = await read(t, "custom-channels", made.id);
    expect(again.webhookHash).toBe(`…${made.webhookHash.slice(-4)}`);
    expect(again.signingSecret).toBe(`…${made.signingSecret.slice(-4)}`);
    await expectStatus(setup.anonymous.json("POST", orderPath, ORDER, { "webhook-hash": "a" }), 401);
    // Authenticated: the import is recorded for the channel's company (refused or not, as the reference).
    const imported = await expectStatus(
      setup.anonymous.json("POST", orderPath, ORDER, { "webhook-hash": made.webhookHash }),
      200,
    );
    expect(imported.channelId).toBe(made.channelId);
    // A PUT cannot choose it either.
    await expectStatus(t.json("PUT", `/custom-channels/${made.id}.json`, { webhookHash: "b" }), 200);
    await expectStatus(
      setup.anonymous.json("POST", orderPath, ORDER, { "webhook-hash": made.webhookHash }),
      200,
    );
    const feed = await create(t, "inventory-feeds", { name: "Feed", hash: "chosen-by-client-123" });
    expect(feed.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await setup.db.execute({
      sql: "SELECT count(*) AS n FROM inbound_secrets WHERE record_id IN (?, ?)",
      args: [made.id, feed.id],
    });
    expect(Number(rows.rows[0]!.n)).toBe(2);
  });

  it("rotate: the new one works at once, the old one for 24 hours", async () => {
    const t = await setup.tenant();
    const made = await customChannel(t);
    const rotated = await expectStatus(
      t.json("POST", `/custom-channels/${made.id}/rotate-webhook-hash.json`, {}),
      200,
    );
    expect(rotated.webhookHash).not.toBe(made.webhookHash);
    expect(Date.parse(rotated.previousExpiresAt) - clock).toBe(24 * 3600 * 1000);
    for (const hash of [made.webhookHash, rotated.webhookHash]) {
      await expectStatus(setup.anonymous.json("POST", orderPath, ORDER, { "webhook-hash": hash }), 200);
    }
    expect((await read(t, "custom-channels", made.id)).webhookHash).toBe(`…${rotated.webhookHash.slice(-4)}`);
    clock += 24 * 3600 * 1000 + 1000;
    try {
      await expectStatus(
        setup.anonymous.json("POST", orderPath, ORDER, { "webhook-hash": made.webhookHash }),
        401,
      );
      await expectStatus(
        setup.anonymous.json("POST", orderPath, ORDER, { "webhook-hash": rotated.webhookHash }),
        200,
      );
    } finally {
      clock -= 24 * 3600 * 1000 + 1000;
    }
    const feed = await create(t, "inventory-feeds", { name: "Feed" });
    // A replay would have to keep the new secret: a rotation takes no Idempotency-Key.
    const keyed = await expectStatus(
      t.json("POST", `/inventory-feeds/${feed.id}/rotate-hash.json`, {}, { "Idempotency-Key": "rotate-1" }),
      400,
    );
    expect(keyed.errors).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);
    // A webhook endpoint's too, though its secrets are kept apart from its record (disabled: no delivery).
    const hook = await create(t, "webhook-endpoints", {
      url: "https://hooks.example/in",
      events: ["carrier.*"],
      enabled: false,
    });
    const endpointKeyed = await expectStatus(
      t.json(
        "POST",
        `/webhook-endpoints/${hook.id}/rotate-secret.json`,
        {},
        { "Idempotency-Key": "rotate-2" },
      ),
      400,
    );
    expect(endpointKeyed.errors).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);
    const newHash = await expectStatus(
      t.json("POST", `/inventory-feeds/${feed.id}/rotate-hash.json`, {}),
      200,
    );
    await expectStatus(
      setup.anonymous.json("POST", "/webhooks/inventory-feeds/parse-webhooks.json", [], {
        "webhook-hash": newHash.hash,
      }),
      200,
    );
  });

  it("limits failed attempts per client address with 429 and Retry-After, whatever RATE_LIMIT says, never refusing the right hash", async () => {
    const limited = await setupApp({}, { checkResponses: false });
    const t = await limited.tenant();
    const channel = await create(t, "channels", { name: "Own" });
    const made = await create(t, "custom-channels", { name: "Own", channelId: channel.id });
    for (let i = 0; i < 10; i++) {
      await expectStatus(
        limited.anonymous.json("POST", orderPath, ORDER, { "webhook-hash": `guess-${i}` }),
        401,
      );
    }
    const refused = await limited.anonymous.json("POST", orderPath, ORDER, { "webhook-hash": "guess-10" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const right = await limited.anonymous.json("POST", orderPath, ORDER, {
      "webhook-hash": made.webhookHash,
    });
    expect(right.status).toBe(200);
  });
});

describe("failed attempts behind a reverse proxy", () => {
  const orderPath = "/webhooks/custom-channels/manual-sale.json";

  it("count the client X-Forwarded-For ends with when TRUST_PROXY is set, and ignore it otherwise", async () => {
    for (const trustProxy of [true, false]) {
      const proxied = await setupApp({ trustProxy }, { checkResponses: false });
      const guess = (address: string) =>
        proxied.anonymous.json("POST", orderPath, ORDER, {
          "webhook-hash": "guess",
          "X-Forwarded-For": `203.0.113.9, ${address}`,
        });
      for (let i = 0; i < 10; i++) expect((await guess("198.51.100.1")).status).toBe(401);
      // Another client behind the same proxy is its own address only when the proxy is trusted.
      expect((await guess("198.51.100.2")).status).toBe(trustProxy ? 401 : 429);
      expect((await guess("198.51.100.1")).status).toBe(429);
    }
  });
});

describe("callouts", () => {
  it("are signed with Standard Webhooks under the record's own signing secret, without the hash over http", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const dispatcher = createDispatcher({
      db: setup.db,
      policy: { allowLocal: true },
      now: () => Date.now() + 60_000,
    });
    await dispatcher.runOnce();
    const definition = await create(t, "inventory-exports", {
      name: "Stock",
      webhookUrl: `${receiver.url}/exports`,
      signingSecret: "whsec_chosenbytheclientAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    });
    expect(definition.signingSecret).not.toContain("chosenbytheclient");
    await expectStatus(t.json("GET", `/inventory-exports/${definition.id}/export.json`), 200);
    await dispatcher.runOnce();
    const call = receiver.received.find((request) => request.path === "/exports")!;
    expect(call.headers["webhook-hash"]).toBeUndefined();
    const verified = new Webhook(definition.signingSecret).verify(
      call.body,
      call.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ file: expect.any(String) });
    expect(call.headers["webhook-id"]).toMatch(/^callout_\d+$/);
  });

  it("are signed with a rotated secret from then on; a record made before signing secrets gets its first", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const dispatcher = createDispatcher({
      db: setup.db,
      policy: { allowLocal: true },
      now: () => Date.now() + 60_000,
    });
    await dispatcher.runOnce();
    const definition = await create(t, "inventory-exports", {
      name: "Stock",
      webhookUrl: `${receiver.url}/x`,
    });
    // As migration 0014 leaves a definition made before: no signing secret, its callouts unsigned.
    await setup.db.execute({
      sql: "UPDATE inventory_exports SET signing_secret = NULL WHERE id = ?",
      args: [definition.id],
    });
    expect((await read(t, "inventory-exports", definition.id)).signingSecret).toBeNull();
    await expectStatus(t.json("GET", `/inventory-exports/${definition.id}/export.json`), 200);
    await dispatcher.runOnce();
    expect(receiver.received.at(-1)!.headers["webhook-signature"]).toBeUndefined();

    const rotated = await expectStatus(
      t.json("POST", `/inventory-exports/${definition.id}/rotate-signing-secret.json`, {}),
      200,
    );
    expect(rotated.signingSecret).toMatch(/^whsec_/);
    expect((await read(t, "inventory-exports", definition.id)).signingSecret).toBe(
      `…${rotated.signingSecret.slice(-4)}`,
    );
    await expectStatus(t.json("GET", `/inventory-exports/${definition.id}/export.json`), 200);
    await dispatcher.runOnce();
    const call = receiver.received.at(-1)!;
    new Webhook(rotated.signingSecret).verify(call.body, call.headers as Record<string, string>);
    expect(() =>
      new Webhook(definition.signingSecret).verify(call.body, call.headers as Record<string, string>),
    ).toThrow();
  });

  it("carry a custom channel's webhook hash over https only, with the signature", async () => {
    const t = await setup.tenant();
    const sent: Request[] = [];
    const dispatcher = createDispatcher({
      db: setup.db,
      policy: { allowLocal: true },
      now: () => Date.now() + 60_000,
      // Nothing leaves the process: the https receiver on 127.0.0.1 is this function.
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Request(input, init));
        return new Response("ok");
      }) as typeof fetch,
    });
    await dispatcher.runOnce();
    const channel = await create(t, "channels", { name: "Own" });
    const custom = await create(t, "custom-channels", {
      name: "Own",
      channelId: channel.id,
      inventoryEndpoint: "https://127.0.0.1:9/inventory",
    });
    const warehouse = await create(t, "warehouses", {
      name: "Main",
      lineOne: "1 Road",
      city: "Boise",
      country: "US",
    });
    const variant = await create(t, "variants", { sku: "MUG-1", name: "Mug" });
    await create(t, "channel-variants", { channelId: channel.id, variantId: variant.id, externalId: "9" });
    await expectStatus(
      t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, {
        externalId: "9",
        quantity: 3,
        warehouseId: warehouse.id,
      }),
      200,
    );
    await dispatcher.runOnce();
    const call = sent.find((request) => request.url === "https://127.0.0.1:9/inventory");
    expect(call, "the inventory callout").toBeDefined();
    expect(call!.headers.get("webhook-hash")).toBe(custom.webhookHash);
    const headers = Object.fromEntries(call!.headers);
    new Webhook(custom.signingSecret).verify(await call!.text(), headers);
    const stored = JSON.stringify((await setup.db.execute("SELECT * FROM webhook_deliveries")).rows);
    expect(stored).not.toContain(custom.webhookHash);
  });
});
