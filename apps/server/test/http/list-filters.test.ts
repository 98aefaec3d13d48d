// Filter values and patterns of lists: a `$like` is expensive work (read apart from other requests,
// within DB_TIME_LIMIT, counted in the company's share), and a value the column could not compare
// exactly (money past two decimals, an integer past 2^53, a time that is no ISO 8601 date) is a 400.
import { kindByName } from "@multichannel/schema";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { keyringOf } from "../../src/domain/secrets.ts";
import { createToken } from "../../src/services/auth.ts";
import { isExpensiveList, parseListQuery } from "../../src/services/list-query.ts";
import { expectProblem } from "../factory.ts";
import { type Api, apiOf, freshDb, setupApp, type Tenant } from "../support.ts";

/**
 * Adds `count` agreements of 100,000 characters (all `a`) to the company straight in SQL. A `$like` of
 * `%aaa…ab` compares its 200 characters at each of the 100,000 places of each: tens of ms an agreement.
 */
async function longAgreements(db: Db, companyId: number, count: number): Promise<void> {
  await db.execute({
    sql: `INSERT INTO agreements (company_id, created_at, updated_at, name, body)
          WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ?)
          SELECT ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'Terms ' || n,
                 replace(hex(zeroblob(50000)), '0', 'a')
          FROM r`,
    args: [count, companyId],
  });
}

const SLOW_LIKE = `/agreements.json?attributes=id&limit=1&where[body][$like]=%25${"a".repeat(198)}b`;

describe("a list filtered with $like", () => {
  it("is expensive, whatever else the list asks", async () => {
    const variant = kindByName("variant")!;
    const keyring = await keyringOf(new Uint8Array(32));
    const expensive = (query: string) => isExpensiveList(variant, parseListQuery(variant, query, keyring, 1));
    expect(expensive("where[sku][$like]=ABC%25")).toBe(true);
    expect(expensive("where[name][$like]=%25shirt%25&order=-id&limit=5")).toBe(true);
    expect(expensive("where[sku][$like]=ABC")).toBe(true);
    // The same lists without the pattern are not, when an index serves them.
    expect(expensive("where[sku]=ABC")).toBe(false);
    expect(expensive("where[productId]=3&order=-id&limit=5")).toBe(false);
  });

  it("runs apart and is stopped at DB_TIME_LIMIT with a 503, while other requests are answered and a second one of the company is a 429", async () => {
    const db = await freshDb({ threads: true });
    // Both read threads started and ready: the time limit meets the pattern being matched, and the other
    // company's $like a free thread, not one still starting.
    await Promise.all([1, 2].map(() => db.readExpensive!([{ sql: "SELECT 1", args: [] }])));
    const app = createApp({ db, tokenCacheMs: 0, dbTimeLimitMs: 3000, expensivePerCompany: 1 });
    const company = async (name: string) => {
      const { token, companyId } = await createToken({ db, input: { company: `${name}-${Math.random()}` } });
      return { companyId, api: apiOf((path, init) => app.request(path, init), token) as Api };
    };
    const heavy = await company("long-texts");
    const other = await company("other");
    // 800 × some 20 ms of matching: several times the time limit on any machine, and a limit the other
    // requests meet with room to spare on a loaded one.
    await longAgreements(db, heavy.companyId, 800);
    await longAgreements(db, other.companyId, 2);

    const answered: string[] = [];
    const noted = <T extends { status: number }>(name: string, answer: Promise<T>) =>
      answer.then((settled) => {
        answered.push(`${name} ${settled.status}`);
        return settled;
      });
    const slow = noted("slow like", heavy.api.json("GET", SLOW_LIKE));
    // While its pattern is matched on a read thread, the main thread answers everyone else.
    const health = await noted("health", Promise.resolve(app.request("/health")));
    const otherList = await noted("other list", other.api.json("GET", "/agreements.json?attributes=id"));
    const otherLike = await noted(
      "other like",
      other.api.json("GET", "/agreements.json?attributes=id&where[name][$like]=Terms%25"),
    );
    // The company's share (1 here) is taken by the running list.
    const second = await noted("second like", heavy.api.json("GET", SLOW_LIKE));
    const stopped = await slow;

    expect(answered).toEqual([
      "health 200",
      "other list 200",
      "other like 200",
      "second like 429",
      "slow like 503",
    ]);
    expect(health.status).toBe(200);
    expect(otherList.body).toHaveLength(2);
    expect(otherLike.body).toHaveLength(2);
    expect(second.headers.get("Retry-After")).toBe("1");
    expect(second.body.detail).toMatch(/\$like/);
    expectProblem(stopped, 503);
    expect(stopped.headers.get("Retry-After")).toBe("1");
    expect(stopped.body.detail).toMatch(/DB_TIME_LIMIT/);
    // The share is given back: a pattern the first record matches at once is answered.
    const quick = await heavy.api.json(
      "GET",
      "/agreements.json?attributes=id&limit=1&where[name][$like]=Terms%25",
    );
    expect(quick.status).toBe(200);
    expect(quick.body).toHaveLength(1);
  });
});

describe("filter values the column could not compare exactly", () => {
  const setup = setupApp();
  const ids = async (t: Tenant, kind: string, query: string): Promise<number[]> => {
    const answer = await t.json("GET", `/${kind}.json?attributes=id&${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.map((record: { id: number }) => record.id);
  };
  const refused = async (t: Tenant, kind: string, query: string) =>
    expectProblem(await t.json("GET", `/${kind}.json?${query}`), 400).detail as string;

  it("refuses money with more than two decimals, naming the term", async () => {
    const { tenant } = await setup;
    const t = await tenant();
    const cheap = (await t.json("POST", "/variants.json", { sku: "CHEAP", price: 12.5 })).body;
    const dear = (await t.json("POST", "/variants.json", { sku: "DEAR", price: 20 })).body;
    // Once rounded to 12.50: the first matched, the second left it out.
    expect(await refused(t, "variants", "where[price]=12.499")).toMatch(
      /^where\[price\]: "12\.499" is not an amount with at most two decimals/,
    );
    expect(await refused(t, "variants", "where[price][$gt]=12.499")).toMatch(
      /^where\[price\]\[\$gt\]: "12\.499"/,
    );
    expect(await refused(t, "variants", "where[price][$in]=20,12.001")).toMatch(
      /^where\[price\]\[\$in\]: "12\.001"/,
    );
    expect(await ids(t, "variants", "where[price]=12.5")).toEqual([cheap.id]);
    expect(await ids(t, "variants", "where[price]=12.50")).toEqual([cheap.id]);
    expect(await ids(t, "variants", "where[price][$gt]=12.49")).toEqual([cheap.id, dear.id]);
    expect(await ids(t, "variants", "where[price][$gt]=12.5")).toEqual([dear.id]);
    expect(await ids(t, "variants", "where[price][$lte]=0.29")).toEqual([]);
    expect(await ids(t, "variants", "where[price][$in]=20,12.5")).toEqual([cheap.id, dear.id]);
  });

  it("reads a number or an amount only as JSON writes one, not in JavaScript's other forms", async () => {
    const { tenant } = await setup;
    const t = await tenant();
    const { id } = (await t.json("POST", "/variants.json", { sku: "SIXTEEN", price: 16, weight: 3 })).body;
    for (const query of [
      "where[price]=0x10",
      "where[price]=0b10000",
      "where[price]=0o20",
      "where[price]=%2016%20",
      "where[price]=16.",
      "where[price]=016",
      "where[weight]=0b11",
      "where[weight][$in]=0x3,3",
    ]) {
      expect(await refused(t, "variants", query), query).toMatch(/^where\[(price|weight)\]/);
    }
    expect(await ids(t, "variants", "where[price]=16")).toEqual([id]);
    expect(await ids(t, "variants", "where[price]=1.6e1")).toEqual([id]);
    expect(await ids(t, "variants", "where[weight][$in]=3,-1.5")).toEqual([id]);
  });

  it("refuses integers past 2^53 - 1 rather than rounding them", async () => {
    const { tenant } = await setup;
    const t = await tenant();
    const { id } = (await t.json("POST", "/variants.json", { sku: "ONE" })).body;
    expect(await refused(t, "variants", "where[id]=9007199254740993")).toMatch(
      /^where\[id\]: 9007199254740993 is past the largest integer/,
    );
    expect(await refused(t, "variants", "where[id][$in]=1,9007199254740992")).toMatch(/^where\[id\]\[\$in\]/);
    expect(await refused(t, "variants", "where[id][$gt]=-9007199254740992")).toMatch(/^where\[id\]\[\$gt\]/);
    expect(await refused(t, "variants", "where[productId]=9999999999999999")).toMatch(/^where\[productId\]/);
    expect(await ids(t, "variants", "where[id]=9007199254740991")).toEqual([]);
    expect(await ids(t, "variants", "where[id][$lte]=9007199254740991")).toEqual([id]);
    expect(await ids(t, "variants", "where[id][$gt]=-9007199254740991")).toEqual([id]);
  });

  it("takes a date or a date-time with its offset, and refuses other times", async () => {
    const { tenant } = await setup;
    const t = await tenant();
    const { id } = (await t.json("POST", "/variants.json", { sku: "DATED" })).body;
    for (const [query, expected] of [
      ["where[createdAt][$lt]=9999-12-31", [id]],
      ["where[createdAt][$gte]=0000-01-01", [id]],
      ["where[createdAt][$lt]=2000-01-01", []],
      ["where[createdAt][$gte]=2000-01-01T00:00Z", [id]],
      ["where[createdAt][$gte]=2000-01-01T00:00:00.000000001Z", [id]],
      [`where[createdAt][$gte]=${encodeURIComponent("2000-01-01T01:00:00+01:00")}`, [id]],
      ["where[createdAt][$lt]=2000-01-01T01:00:00-0100", []],
      ["where[createdAt][$gte]=2000-02-29", [id]],
    ] as const) {
      expect(await ids(t, "variants", query), query).toEqual(expected);
    }
    for (const [query, term] of [
      // Once compared as text after toISOString: `+010000-01-01…` sorts before every stored time.
      ["where[createdAt][$lt]=10000-01-01", "where[createdAt][$lt]"],
      ["where[createdAt][$lt]=9999-12-31T23:00:00-02:00", "where[createdAt][$lt]"],
      ["where[createdAt][$gt]=0000-01-01T00:00:00%2B01:00", "where[createdAt][$gt]"],
      // Once read as dates: 0 as 2000-01-01, 2026 as 2026-01-01.
      ["where[createdAt][$gte]=0", "where[createdAt][$gte]"],
      ["where[createdAt][$gte]=2026", "where[createdAt][$gte]"],
      ["where[updatedAt]=1767225600000", "where[updatedAt]"],
      ["where[createdAt][$gte]=Jan 1 2026", "where[createdAt][$gte]"],
      ["where[createdAt][$gte]=2026-02-30", "where[createdAt][$gte]"],
      ["where[createdAt][$gte]=2026-02-29", "where[createdAt][$gte]"],
      // A time without its offset means the server's own time zone: which one is not the client's to know.
      ["where[createdAt][$gte]=2026-01-01T10:00:00", "where[createdAt][$gte]"],
      ["where[createdAt][$in]=2026-01-01,yesterday", "where[createdAt][$in]"],
    ] as const) {
      const detail = await refused(t, "variants", query);
      expect(detail.startsWith(`${term}: `), detail).toBe(true);
      expect(detail).toMatch(/is not an ISO 8601 date/);
    }
  });
});
