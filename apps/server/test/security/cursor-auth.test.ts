// List cursors are authenticated under SECRETS_KEY: an edited cursor (another position, another order) is
// a 400, a cursor made under another key is a 400, and one made under a key since rotated out to
// SECRETS_KEY_PREVIOUS still pages. The MAC covers the list too: another company's cursor, or one of
// another kind's list, is the same 400.
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { keyringOf } from "../../src/domain/secrets.ts";
import { anchoredCursor, decodeCursor, encodeCursor, KEY_CHARS } from "../../src/services/cursor.ts";
import { expectProblem } from "../factory.ts";
import { apiOf, setupApp, type Tenant } from "../support.ts";

const oldKey = crypto.getRandomValues(new Uint8Array(32));
const newKey = crypto.getRandomValues(new Uint8Array(32));

let setup: Awaited<ReturnType<typeof setupApp>>;
let t: Tenant;
beforeAll(async () => {
  setup = await setupApp({ secrets: keyringOf(oldKey) });
  t = await setup.tenant();
  for (let i = 1; i <= 7; i++) {
    expect((await t.json("POST", "/vendors.json", { name: `Vendor ${i}` })).status).toBe(200);
  }
});

/** The cursor of the first page's next link. */
async function firstCursor(query = "limit=3"): Promise<string> {
  const page = await t.request("GET", `/vendors.json?${query}`);
  const link = page.headers.get("Link")!;
  return new URL(link.slice(1, link.indexOf(">")), "http://x").searchParams.get("cursor")!;
}

const fromBase64url = (text: string) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));
const toBase64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("list cursors", () => {
  it("page on as made, and an edited one is a 400", async () => {
    const cursor = await firstCursor();
    const next = await t.json("GET", `/vendors.json?limit=3&cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.map((vendor: { name: string }) => vendor.name)).toEqual([
      "Vendor 4",
      "Vendor 5",
      "Vendor 6",
    ]);

    const [payload, mac] = cursor.split(".") as [string, string];
    const [order, key, id, filters] = JSON.parse(fromBase64url(payload));
    expect(id).toBeGreaterThan(0);
    const edited = toBase64url(JSON.stringify([order, key, id + 2, filters]));
    const forgeries = [
      `${edited}.${mac}`,
      edited,
      `${payload}.${mac.slice(0, -2)}AA`,
      `${payload}.`,
      // Text after a payload, however long and whatever its characters, is part of what the MAC covers.
      `${payload}${"é".repeat(400)}.${mac}`,
      `${payload}${"x".repeat(2000)}.${mac}`,
    ];
    for (const forged of forgeries) {
      const refused = await t.json("GET", `/vendors.json?limit=3&cursor=${encodeURIComponent(forged)}`);
      expectProblem(refused, 400);
      expect(refused.body.detail).toContain("cursor");
    }
  });

  it("made under another key is a 400; under a key rotated to SECRETS_KEY_PREVIOUS it still pages", async () => {
    const cursor = await firstCursor();
    const elsewhere = createApp({ db: setup.db, tokenCacheMs: 0, secrets: keyringOf(newKey) });
    const rotated = createApp({ db: setup.db, tokenCacheMs: 0, secrets: keyringOf(newKey, [oldKey]) });
    const path = `/vendors.json?limit=3&cursor=${cursor}`;
    const refused = await apiOf((url, init) => elsewhere.request(url, init), t.token).json("GET", path);
    expectProblem(refused, 400);
    const paged = await apiOf((url, init) => rotated.request(url, init), t.token).json("GET", path);
    expect(paged.status).toBe(200);
    expect(paged.body).toHaveLength(3);
  });
});

describe("a cursor of another list", () => {
  it("from another company is a 400, though that company's list pages on its own cursors", async () => {
    const cursor = await firstCursor();
    const other = await setup.tenant();
    for (let i = 1; i <= 5; i++) await other.json("POST", "/vendors.json", { name: `Other ${i}` });
    const refused = await other.json("GET", `/vendors.json?limit=3&cursor=${cursor}`);
    expectProblem(refused, 400);
    expect(refused.body.detail).toContain("cursor");
    const own = await other.request("GET", "/vendors.json?limit=3");
    const link = own.headers.get("Link")!;
    const next = await other.json("GET", link.slice(link.indexOf("/vendors.json"), link.indexOf(">")));
    expect(next.body.map((vendor: { name: string }) => vendor.name)).toEqual(["Other 4", "Other 5"]);
  });

  it("of another kind is a 400, with the same order and no filters", async () => {
    const cursor = await firstCursor();
    for (let i = 1; i <= 4; i++) await t.json("POST", "/carriers.json", { name: `Carrier ${i}` });
    for (const path of ["/carriers.json", "/warehouses.json", "/sales.json"]) {
      const refused = await t.json("GET", `${path}?limit=3&cursor=${cursor}`);
      expectProblem(refused, 400);
      expect(refused.body.detail).toContain("cursor");
    }
  });

  it("made for one list decodes for that list only", async () => {
    const keyring = await keyringOf(oldKey);
    const made = { order: "id", key: 7, id: 7, filters: "0" };
    const list = { table: "vendors", companyId: 4 };
    const cursor = encodeCursor(made, keyring, list);
    expect(decodeCursor(cursor, "id", "0", keyring, list)).toEqual(made);
    for (const other of [
      { table: "vendors", companyId: 5 },
      { table: "carriers", companyId: 4 },
    ]) {
      expect(() => decodeCursor(cursor, "id", "0", keyring, other)).toThrow(/cursor: not a cursor/);
    }
  });

  it("of a list ordered by several fields carries a value each, a long text cut and anchored, and reads back as made", async () => {
    const keyring = await keyringOf(oldKey);
    const list = { table: "agreements", companyId: 4 };
    const long = "é".repeat(250);
    const made = anchoredCursor(
      { order: "name,-body", id: 9, filters: "0" },
      ["Terms", long],
      "2026-01-01T00:00:00.000Z",
    );
    expect(made.key).toEqual(["Terms", { start: "é".repeat(KEY_CHARS) }]);
    expect(made.anchoredAt).toBe("2026-01-01T00:00:00.000Z");
    const cursor = encodeCursor(made, keyring, list);
    expect(decodeCursor(cursor, "name,-body", "0", keyring, list)).toEqual(made);
    expect(() => decodeCursor(cursor, "name,body", "0", keyring, list)).toThrow(/made for order=name,-body/);
    const short = anchoredCursor({ order: "name,-body", id: 9, filters: "0" }, ["Terms", null], "x");
    expect(short).toEqual({ order: "name,-body", key: ["Terms", null], id: 9, filters: "0" });
  });
});

describe("a cursor's MAC", () => {
  it("is HMAC-SHA-256 of the list's company, table and the payload, under the key HKDF derives from SECRETS_KEY, so cursors made before a restart or an upgrade still page", async () => {
    const first = await firstCursor();
    const second = await t.request("GET", `/vendors.json?limit=2&cursor=${await firstCursor("limit=2")}`);
    const link = second.headers.get("Link")!;
    const next = new URL(link.slice(1, link.indexOf(">")), "http://x").searchParams.get("cursor")!;
    const hkdfKey = await crypto.subtle.importKey("raw", oldKey, "HKDF", false, ["deriveKey"]);
    const macKey = await crypto.subtle.deriveKey(
      {
        name: "HKDF",
        hash: "SHA-256",
        salt: new Uint8Array(0),
        info: new TextEncoder().encode("list cursors"),
      },
      hkdfKey,
      { name: "HMAC", hash: "SHA-256", length: 256 },
      false,
      ["sign"],
    );
    const signed = async (message: string) =>
      toBase64url(
        String.fromCharCode(
          ...new Uint8Array(await crypto.subtle.sign("HMAC", macKey, new TextEncoder().encode(message))),
        ),
      );
    // Each cursor's own MAC: two in a row, from one keyed HMAC.
    for (const cursor of [first, next]) {
      const [payload, mac] = cursor.split(".");
      expect(mac).toBe(await signed(`${t.companyId} vendors ${payload}`));
    }
    // Cursors of one block of the hash and of several, made one after another: each MAC is its own
    // message's, whatever the one before hashed, and each cursor reads back as it was made.
    const keyring = await keyringOf(oldKey);
    const keys = ["a", "é".repeat(90), "", "x".repeat(200), "Ωmega", "b".repeat(31)];
    const list = { table: "vendors", companyId: t.companyId };
    for (const [i, key] of keys.entries()) {
      const made = { order: "name", key, id: i + 1, filters: "f" };
      const cursor = encodeCursor(made, keyring, list);
      const [payload, mac] = cursor.split(".");
      expect(mac).toBe(await signed(`${t.companyId} vendors ${payload}`));
      expect(decodeCursor(cursor, "name", "f", keyring, list)).toEqual(made);
    }
  });
});
