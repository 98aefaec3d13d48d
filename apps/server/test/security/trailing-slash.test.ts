// Every route also takes one trailing slash (`/carriers.json/` is `/carriers.json`). What tells the
// operation from the path (the scope it needs, the secrets a write seals, whether an Idempotency-Key may
// replay it) must take the slashed path for the same operation, or the slash would get around it.
import { actions, operationWrites } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { type Api, apiOf, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let t: Tenant;

beforeAll(async () => {
  // Endpoints on 127.0.0.1, never delivered to: each is made with `enabled: false`.
  setup = await setupApp({ outbound: { allowLocal: true } }, { checkResponses: false });
  t = await setup.tenant();
});

async function keyWith(scopes: string[]): Promise<Api> {
  const made = await t.json("POST", "/api-keys.json", { name: scopes.join(" "), scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return apiOf((path, init) => setup.app.request(path, init), made.body.secret);
}

describe("a path with a trailing slash is the same operation", () => {
  it("a GET action that writes needs its group's write scope, slash or not", async () => {
    const writingGets = actions.filter(
      ({ action }) => action.method === "GET" && operationWrites(action.method, action),
    );
    expect(writingGets.map(({ kind, action }) => `${kind.name}.${action.name}`)).toContain(
      "inventory-export.export",
    );
    const definition = await t.json("POST", "/inventory-exports.json", { name: "Levels" });
    expect(definition.status).toBe(200);
    // Not read-only: it writes another group.
    const key = await keyWith(["inventory:read", "catalog:write"]);
    for (const path of [
      `/inventory-exports/${definition.body.id}/export.json`,
      `/inventory-exports/${definition.body.id}/export.json/`,
    ]) {
      const refused = await key.json("GET", path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.scope).toBe("inventory:write");
    }
    expect((await t.json("GET", "/data-exports.json")).body, "no export was made").toEqual([]);
  });

  it("a create or update seals the credentials it carries, and the server makes its own secrets", async () => {
    const secret = "plain-credential-0123456789";
    const made = await t.json("POST", "/dropship-providers.json/", {
      name: "Acme",
      email: "orders@acme.example",
      authenticationSecret: secret,
    });
    expect(made.status).toBe(200);
    const other = await t.json("POST", "/dropship-providers.json", { name: "Beta", email: "o@beta.example" });
    const put = await t.json("PUT", `/dropship-providers/${other.body.id}.json/`, {
      authenticationSecret: secret,
    });
    expect(put.status).toBe(200);
    for (const answer of [made, put, await t.json("GET", `/dropship-providers/${other.body.id}.json`)]) {
      expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    const sealed = await setup.db.execute("SELECT sealed FROM sealed_values");
    expect(sealed.rows.map((row) => String(row.sealed)).join(" "), "kept in plain text").not.toContain(
      secret,
    );

    const channel = await t.json("POST", "/custom-channels.json/", {
      name: "Shop",
      webhookHash: "chosen-by-client-hash-000000",
    });
    expect(channel.status).toBe(200);
    expect(channel.body.webhookHash).not.toBe("chosen-by-client-hash-000000");
    expect(channel.body.signingSecret).toMatch(/^whsec_/);
  });

  it("an operation that answers a secret once refuses an Idempotency-Key, slash or not", async () => {
    const body = { url: "http://127.0.0.1:9/hook", events: ["carrier.created"], enabled: false };
    const endpoint = await t.json("POST", "/webhook-endpoints.json", body);
    expect(endpoint.status).toBe(200);
    for (const [path, key] of [
      ["/webhook-endpoints.json/", "create"],
      [`/webhook-endpoints/${endpoint.body.id}/rotate-secret.json/`, "rotate"],
    ]) {
      const refused = await t.json("POST", path!, body, { "Idempotency-Key": key! });
      expect(refused.status, path).toBe(400);
    }
    const kept = await setup.db.execute("SELECT count(*) AS n FROM idempotency_keys");
    expect(Number(kept.rows[0]!.n), "no answer with a secret kept").toBe(0);
  });
});
