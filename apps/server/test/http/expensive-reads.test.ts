// Which reads count against a company's share of expensive work (EXPENSIVE_PER_COMPANY): those that no
// index the server creates serves, as the database must run them. With a share of 1 and one expensive
// list held at the database, a second expensive read of the company is a 429 and a cheap one answers.
import { kindByName } from "@multichannel/schema";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { keyringOf } from "../../src/domain/secrets.ts";
import { isExpensiveLevels } from "../../src/services/actions/inventory.ts";
import { createToken } from "../../src/services/auth.ts";
import { isExpensiveList, parseListQuery } from "../../src/services/list-query.ts";
import { expectProblem } from "../factory.ts";
import { type Api, apiOf, freshDb } from "../support.ts";

/**
 * `db` whose expensive reads (`Db.readExpensive`, what a counted list runs on) wait while `hold` holds
 * them: a counted request stays running for as long as a test needs, whatever its data.
 */
function holdingDb(db: Db) {
  let gate: Promise<void> | undefined;
  let arrived: () => void = () => {};
  const held: Db = {
    ...db,
    // Without its own key views, so that every view keeps the held reads.
    actingAs: undefined,
    async readExpensive(statements) {
      arrived();
      await gate;
      return Promise.all(statements.map((statement) => db.execute(statement)));
    },
  };
  /** Holds expensive reads; answers once one has arrived, and how to let them go. */
  const hold = async (start: () => Promise<unknown>) => {
    let open: () => void = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const running = start();
    await reached;
    return async () => {
      open();
      gate = undefined;
      return running;
    };
  };
  return { db: held, hold };
}

const base = await freshDb();
const { db, hold } = holdingDb(base);
const app = createApp({ db, tokenCacheMs: 0, expensivePerCompany: 1 });

async function company(): Promise<{ companyId: number; api: Api }> {
  const { token, companyId } = await createToken({ db: base, input: { company: `reads-${Math.random()}` } });
  return { companyId, api: apiOf((path, init) => app.request(path, init), token) };
}

/** Answers `paths` while an expensive list of the company (ordered by a field with no index) runs. */
async function whileOneRuns(api: Api, paths: string[]) {
  const release = await hold(() => api.json("GET", "/variants.json?order=name"));
  const answers = [];
  for (const path of paths) answers.push(await api.json("GET", path));
  const first = (await release()) as { status: number };
  expect(first.status).toBe(200);
  return answers;
}

describe("a list that no index serves", () => {
  const variant = kindByName("variant")!;
  const expensive = async (query: string) =>
    isExpensiveList(variant, parseListQuery(variant, query, await keyringOf(new Uint8Array(32)), 1));

  it("is expensive when a filter's field has no index, or its order is not the index's", async () => {
    // A full walk of the company's variants: no index holds `name`, `price` or `updatedAt`.
    expect(await expensive("where[name]=Shirt")).toBe(true);
    expect(await expensive("where[name][$in]=a,b&order=-id")).toBe(true);
    expect(await expensive("where[price][$gte]=10")).toBe(true);
    expect(await expensive("where[sku][$ne]=none")).toBe(true);
    // A range that one index holds, ordered by another: every match is read and sorted.
    expect(await expensive("where[price][$gte]=10&order=-createdAt")).toBe(true);
    expect(await expensive("where[productId][$gt]=3&order=-createdAt")).toBe(true);
    expect(await expensive("where[createdAt][$gte]=2026-01-01")).toBe(true);
    // An order no index keeps: every match is sorted.
    expect(await expensive("where[productId]=3&order=name")).toBe(true);
    // Several fields, or one whose ties go by id the other way: sorted too.
    expect(await expensive("where[productId]=3&order=productId,-createdAt")).toBe(true);
    expect(await expensive("order=createdAt,-id")).toBe(true);
  });

  it("is not expensive when one index serves its filters and its order", async () => {
    for (const query of [
      "",
      "where[productId]=3",
      "where[productId]=3&order=-id",
      // A reference's index finds the product's variants; the name is checked on those only.
      "where[productId]=3&where[name]=Shirt",
      "where[productId]=3&where[sku][$ne]=none",
      // Several values of a reference: their matches, sorted.
      "where[productId][$in]=3,4",
      "where[productId][$null]=true",
      "where[productId][$gte]=3&order=productId",
      "where[productId][$in]=3,4&order=-productId",
      "where[createdAt][$gte]=2026-01-01&order=-createdAt",
      "where[createdAt][$lt]=2026-01-01&where[createdAt][$gte]=2025-01-01&order=createdAt",
      "where[barcode]=4006381333931",
      // A unique field (at most one record), whatever else the filter says.
      "where[sku]=SHIRT-M&where[name]=Shirt",
      // By id: at most as many records as ids.
      "where[id][$in]=1,2,3&where[name]=Shirt",
      "where[id][$in]=1,2,3&order=name,-createdAt",
      // Ties by id in the field's own direction, said or not.
      "where[createdAt][$gte]=2026-01-01&order=-createdAt,-id",
    ]) {
      expect(await expensive(query), query).toBe(false);
    }
  });

  it("reads a channel's listings by channel in id order, and a listing by its channel's unique fields", async () => {
    const listing = kindByName("channel-variant")!;
    const keyring = await keyringOf(new Uint8Array(32));
    const listed = (query: string) => isExpensiveList(listing, parseListQuery(listing, query, keyring, 1));
    expect(listed("where[channelId]=1")).toBe(false);
    expect(listed("where[channelId]=1&where[sku]=A")).toBe(false);
    expect(listed("where[channelId]=1&order=sku")).toBe(false);
    // A SKU or an external id alone: found through the channel's unique set, one search a channel of
    // the company (a company holds few channels), in any order.
    expect(listed("where[sku]=A")).toBe(false);
    expect(listed("where[externalId]=E-1&order=-createdAt")).toBe(false);
    expect(listed("where[channelId][$in]=1,2&where[sku]=A&order=externalId")).toBe(false);
    expect(listed("where[sku][$in]=A,B")).toBe(true);
    expect(listed("where[sku]=A&where[channelId][$ne]=1")).toBe(false);
    // Through a reference to a kind a company holds many of (its variants), it would read about as
    // many as a walk: an option value by name alone is still a walk.
    const option = kindByName("option-value")!;
    expect(isExpensiveList(option, parseListQuery(option, "where[name]=Size", keyring, 1))).toBe(true);
    // The reference's vendor apps page through purchases by their labels (wire.md section 5).
    const purchase = kindByName("purchase")!;
    const purchases = (query: string) =>
      isExpensiveList(purchase, parseListQuery(purchase, query, keyring, 1));
    expect(
      purchases("where[purchaseStatusId][$in][0]=11&where[purchaseStatusId][$in][1]=12&limit=100&from=0"),
    ).toBe(false);
    // A reference that leads a unique set: found through the set's index, in its order or sorted by id.
    const level = kindByName("inventory-level")!;
    const levels = (query: string) => isExpensiveList(level, parseListQuery(level, query, keyring, 1));
    expect(levels("where[variantId]=7")).toBe(false);
    expect(levels("where[variantId]=7&order=warehouseId")).toBe(false);
  });

  it("counts against the company's share: a 429 while one runs, a cheap list answered", async () => {
    const { api } = await company();
    const product = await api.json("POST", "/products.json", { name: "Shirt" });
    await api.json("POST", "/variants.json", { sku: "SHIRT-M", name: "Shirt M", productId: product.body.id });
    const [byName, rangeAndOrder, byProduct, createdSince, bySku] = await whileOneRuns(api, [
      "/variants.json?where[name]=Shirt%20M",
      "/variants.json?where[price][$gte]=10&order=-createdAt",
      `/variants.json?where[productId]=${product.body.id}`,
      "/variants.json?where[createdAt][$gte]=2020-01-01&order=-createdAt",
      "/variants.json?where[sku]=SHIRT-M",
    ]);
    for (const refused of [byName!, rangeAndOrder!]) {
      expectProblem(refused, 429);
      expect(refused.headers.get("Retry-After")).toBe("1");
      expect(refused.body.detail).toMatch(/no index serves/);
    }
    for (const answered of [byProduct!, createdSince!, bySku!]) {
      expect(answered.status).toBe(200);
      expect(answered.body).toHaveLength(1);
    }
    // Once the first has finished, the same list is answered.
    const after = await api.json("GET", "/variants.json?where[name]=Shirt%20M");
    expect(after.status).toBe(200);
    expect(after.body).toHaveLength(1);
  });
});

describe("a channel's variant levels (GET variant-levels)", () => {
  it("are expensive paged deep, and not by sku, by external id or on the first pages", () => {
    expect(isExpensiveLevels({})).toBe(false);
    expect(isExpensiveLevels({ from: 4999, limit: 250 })).toBe(false);
    expect(isExpensiveLevels({ externalId: "E1" })).toBe(false);
    expect(isExpensiveLevels({ externalId: "E1", sku: "S1" })).toBe(false);
    expect(isExpensiveLevels({ from: 5000 })).toBe(true);
    // The listing's sku or its catalogue variant's: each found through an index, a few listings.
    expect(isExpensiveLevels({ sku: "S1" })).toBe(false);
    expect(isExpensiveLevels({ sku: "S1", from: 5000 })).toBe(false);
  });

  it("count against the company's share: a 429 while one runs, the first page answered", async () => {
    const { api } = await company();
    const channel = await api.json("POST", "/channels.json", { name: "Store" });
    const levels = `/channels/${channel.body.id}/variant-levels.json`;
    const [deep, first, bySku, byExternalId] = await whileOneRuns(api, [
      `${levels}?from=5000`,
      levels,
      `${levels}?sku=S1`,
      `${levels}?externalId=E1`,
    ]);
    expectProblem(deep!, 429);
    expect(deep!.headers.get("Retry-After")).toBe("1");
    for (const answered of [first!, bySku!, byExternalId!]) {
      expect(answered.status).toBe(200);
      expect(answered.body).toEqual([]);
    }
    expect((await api.json("GET", `${levels}?from=5000`)).status).toBe(200);
  });
});
