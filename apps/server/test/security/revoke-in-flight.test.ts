// The token cache of the server that revokes a key or suspends a company: a lookup of the key under way
// meanwhile (its row read before the revoke) is answered, but not cached, so the next request with the
// key is refused here at once, as docs/security.md says.
import type { InStatement } from "@libsql/client";
import { expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { createToken } from "../../src/services/auth.ts";
import { apiOf, freshDb } from "../support.ts";

/** An app whose token lookups can be held (after they read the key's row) until `release`. */
async function heldLookups(deps: Record<string, unknown> = {}) {
  const db = await freshDb();
  let gate: Promise<void> | undefined;
  let looked: () => void = () => {};
  const lookedUp = new Promise<void>((resolve) => (looked = resolve));
  // The same database, the token lookup held back (after it read the row) while `gate` is set.
  const slow = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "execute") {
        return async (statement: InStatement) => {
          const result = await target.execute(statement);
          const text = typeof statement === "string" ? statement : statement.sql;
          if (gate && String(text).includes("t.token_hash =")) {
            const held = gate;
            gate = undefined;
            looked();
            await held;
          }
          return result;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Db;
  const app = createApp({ db: slow, tokenCacheMs: 30_000, ...deps });
  const hold = () => {
    let release: () => void = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    return { release: () => release() };
  };
  return { db, app, hold, lookedUp };
}

it("a key revoked on this server is refused here at once, even when a lookup of it was in flight", async () => {
  const { db, app, hold, lookedUp } = await heldLookups();
  const company = `race-${Math.random().toString(36).slice(2)}`;
  const admin = await createToken({ db, input: { company } });
  const victim = await createToken({ db, input: { company, label: "to revoke" } });
  const asAdmin = apiOf((path, init) => app.request(path, init), admin.token);
  const asVictim = apiOf((path, init) => app.request(path, init), victim.token);
  expect((await asAdmin.json("GET", "/carriers.json")).status).toBe(200);

  const { release } = hold();
  // A request with the key, started before the revocation: its lookup read the key, not yet cached.
  const inFlight = asVictim.json("GET", "/carriers.json");
  await lookedUp;
  const revoked = await asAdmin.json("DELETE", `/api-keys/${victim.tokenId}.json`);
  expect(revoked.status).toBe(204);
  release();
  await inFlight; // began before the revocation: whatever it answers

  // After the 204, this server must refuse the key.
  const after = await asVictim.json("GET", "/carriers.json");
  expect(after.status).toBe(401);
});

const ADMIN = "operator-token-0123456789abcdef-0123456789";
it("a company suspended on this server is refused here at once, even when a lookup of its key was in flight", async () => {
  const { db, app, hold, lookedUp } = await heldLookups({ adminToken: ADMIN });
  const company = `race-${Math.random().toString(36).slice(2)}`;
  const key = await createToken({ db, input: { company } });
  const admin = apiOf((path, init) => app.request(path, init), ADMIN);
  const asKey = apiOf((path, init) => app.request(path, init), key.token);
  const { release } = hold();
  const inFlight = asKey.json("GET", "/carriers.json");
  await lookedUp;
  const suspended = await admin.json("PUT", `/admin/companies/${key.companyId}.json`, { suspended: true });
  expect(suspended.status).toBe(200);
  release();
  await inFlight;
  expect((await asKey.json("GET", "/carriers.json")).status).toBe(403);
});

it("the operator's answers are kept by no cache", async () => {
  const { db, app } = await heldLookups({ adminToken: ADMIN });
  const company = await createToken({
    db,
    input: { company: `admin-${Math.random().toString(36).slice(2)}` },
  });
  const admin = apiOf((path, init) => app.request(path, init), ADMIN);
  const answers = {
    list: await admin.json("GET", "/admin/companies.json"),
    read: await admin.json("GET", `/admin/companies/${company.companyId}.json`),
    suspend: await admin.json("PUT", `/admin/companies/${company.companyId}.json`, { suspended: false }),
  };
  for (const [name, answer] of Object.entries(answers)) {
    expect(answer.status, name).toBe(200);
    expect(answer.headers.get("Cache-Control"), name).toBe("private, no-store");
  }
});
