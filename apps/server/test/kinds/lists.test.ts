import { kindByName } from "@multichannel/schema";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createBody, createRecordOf, expectProblem } from "../factory.ts";
import { setupApp, type Tenant } from "../support.ts";

// A clock that moves one second per record written, so that createdAt ranges are exact.
let tick = 0;
const now = () => new Date(Date.UTC(2024, 0, 1) + ++tick * 1000).toISOString();

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({ now });
});

interface Rate {
  id: number;
  name: string;
  carrier: string | null;
  basis: string;
  minValue: number | null;
  price: number;
  enabled: boolean;
  channelId: number;
  dropshipProviderId: number | null;
  createdAt: string;
}

/** Shipping rates of two channels: one of each basis, prices around 10 and 20, some with a provider. */
async function rates(t: Tenant): Promise<{ rates: Rate[]; channels: number[]; providerId: number }> {
  const channels = [
    (await createRecordOf(t, kindByName("channel")!)).id,
    (await createRecordOf(t, kindByName("channel")!)).id,
  ];
  const providerId = (await createRecordOf(t, kindByName("dropship-provider")!)).id;
  const rows = [
    { name: "Ground", carrier: "Parcel Express", basis: "flat", minValue: 0, price: 9.99, enabled: true },
    { name: "Express", carrier: "Parcel Express", basis: "weight", minValue: 1.5, price: 10, enabled: false },
    {
      name: "Freight",
      carrier: "Courier Co",
      basis: "orderValue",
      minValue: 100,
      price: 15.5,
      enabled: true,
    },
    { name: "Economy", carrier: null, basis: "flat", minValue: null, price: 20, enabled: true },
    { name: "Overnight", carrier: "Courier Co", basis: "weight", minValue: 2, price: 20.01, enabled: false },
    { name: "Pallet", carrier: "Courier Co", basis: "flat", minValue: 250.25, price: 0.3, enabled: true },
  ];
  const created: Rate[] = [];
  for (const [i, row] of rows.entries()) {
    const body = { ...row, channelId: channels[i % 2], dropshipProviderId: i % 3 === 0 ? providerId : null };
    const answer = await t.json("POST", "/channel-shipping-rates.json", body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    created.push(answer.body);
  }
  return { rates: created, channels, providerId };
}

async function ids(t: Tenant, query: string): Promise<number[]> {
  const answer = await t.json("GET", `/channel-shipping-rates.json?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.map((rate: Rate) => rate.id);
}

const idsOf = (list: Rate[]) => list.map((rate) => rate.id);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe("filters", () => {
  it("matches string, boolean, enum and reference fields exactly", async () => {
    const t = await ctx.tenant();
    const { rates: all, channels, providerId } = await rates(t);
    expect(await ids(t, q({ "where[name]": "Freight" }))).toEqual(
      idsOf(all.filter((r) => r.name === "Freight")),
    );
    expect(await ids(t, q({ "where[name]": "freight" }))).toEqual([]);
    expect(await ids(t, q({ "where[carrier]": "Parcel Express" }))).toEqual(
      idsOf(all.filter((r) => r.carrier === "Parcel Express")),
    );
    expect(await ids(t, q({ "where[enabled]": "true" }))).toEqual(idsOf(all.filter((r) => r.enabled)));
    expect(await ids(t, q({ "where[enabled]": "false" }))).toEqual(idsOf(all.filter((r) => !r.enabled)));
    expect(await ids(t, q({ "where[basis]": "weight" }))).toEqual(
      idsOf(all.filter((r) => r.basis === "weight")),
    );
    expect(await ids(t, q({ "where[channelId]": String(channels[1]) }))).toEqual(
      idsOf(all.filter((r) => r.channelId === channels[1])),
    );
    expect(await ids(t, q({ "where[dropshipProviderId]": String(providerId) }))).toEqual(
      idsOf(all.filter((r) => r.dropshipProviderId === providerId)),
    );
    expect(
      await ids(
        t,
        q({ "where[basis]": "flat", "where[enabled]": "true", "where[channelId]": String(channels[0]) }),
      ),
    ).toEqual(idsOf(all.filter((r) => r.basis === "flat" && r.enabled && r.channelId === channels[0])));
  });

  it("matches integer fields", async () => {
    const t = await ctx.tenant();
    const adjustments = [];
    for (const quantity of [-3, 0, 7, 7, 12]) {
      const body = { ...(await createBody(t, kindByName("adjustment")!)), quantity };
      adjustments.push((await t.json("POST", "/adjustments.json", body)).body);
    }
    const find = async (query: string) =>
      (await t.json("GET", `/adjustments.json?${query}`)).body.map((record: { id: number }) => record.id);
    expect(await find("where[quantity]=7")).toEqual(
      adjustments.filter((a) => a.quantity === 7).map((a) => a.id),
    );
    expect(await find("where[quantity]=-3")).toEqual([adjustments[0].id]);
    expect(await find(q({ "where[quantity][$gte]": "0", "where[quantity][$lte]": "7" }))).toEqual(
      adjustments.slice(1, 4).map((a) => a.id),
    );
    expect(await find(q({ "where[quantity][$in]": "-3,12" }))).toEqual([
      adjustments[0].id,
      adjustments[4].id,
    ]);
  });

  it("takes $in lists on strings, enums and references", async () => {
    const t = await ctx.tenant();
    const { rates: all, channels } = await rates(t);
    expect(await ids(t, q({ "where[name][$in]": "Ground,Pallet,Nothing" }))).toEqual(
      idsOf(all.filter((r) => ["Ground", "Pallet"].includes(r.name))),
    );
    expect(await ids(t, q({ "where[basis][$in]": "weight,orderValue" }))).toEqual(
      idsOf(all.filter((r) => r.basis !== "flat")),
    );
    expect(await ids(t, q({ "where[channelId][$in]": channels.join(",") }))).toEqual(idsOf(all));
    expect(await ids(t, q({ "where[id][$in]": `${all[1]!.id},${all[4]!.id}` }))).toEqual([
      all[1]!.id,
      all[4]!.id,
    ]);
  });

  it("takes inclusive $gte and $lte on numbers and money", async () => {
    const t = await ctx.tenant();
    const { rates: all } = await rates(t);
    expect(await ids(t, q({ "where[price][$gte]": "10", "where[price][$lte]": "20" }))).toEqual(
      idsOf(all.filter((r) => r.price >= 10 && r.price <= 20)),
    );
    expect(await ids(t, q({ "where[price][$lte]": "0.3" }))).toEqual(
      idsOf(all.filter((r) => r.price <= 0.3)),
    );
    expect(await ids(t, q({ "where[price][$gte]": "20.01" }))).toEqual(
      idsOf(all.filter((r) => r.price >= 20.01)),
    );
    expect(await ids(t, q({ "where[price]": "0.3" }))).toEqual(idsOf(all.filter((r) => r.price === 0.3)));
    expect(await ids(t, q({ "where[minValue][$gte]": "1.5", "where[minValue][$lte]": "100" }))).toEqual(
      idsOf(all.filter((r) => r.minValue !== null && r.minValue >= 1.5 && r.minValue <= 100)),
    );
  });

  it("takes $gte and $lte on createdAt, in any ISO 8601 spelling", async () => {
    const t = await ctx.tenant();
    const { rates: all } = await rates(t);
    const [from, to] = [all[1]!.createdAt, all[3]!.createdAt];
    const expected = idsOf(all.filter((r) => r.createdAt >= from && r.createdAt <= to));
    expect(expected).toHaveLength(3);
    expect(await ids(t, q({ "where[createdAt][$gte]": from, "where[createdAt][$lte]": to }))).toEqual(
      expected,
    );
    const offset = (iso: string) =>
      new Date(Date.parse(iso) + 2 * 3600_000).toISOString().replace(".000Z", "+02:00");
    expect(
      await ids(t, q({ "where[createdAt][$gte]": offset(from), "where[createdAt][$lte]": offset(to) })),
    ).toEqual(expected);
    expect(await ids(t, q({ "where[createdAt][$gte]": to.replace(".000Z", "Z") }))).toEqual(
      idsOf(all.slice(3)),
    );
  });

  it("takes $ne and $null", async () => {
    const t = await ctx.tenant();
    const { rates: all } = await rates(t);
    expect(await ids(t, q({ "where[basis][$ne]": "flat" }))).toEqual(
      idsOf(all.filter((r) => r.basis !== "flat")),
    );
    expect(await ids(t, q({ "where[enabled][$ne]": "true" }))).toEqual(idsOf(all.filter((r) => !r.enabled)));
    expect(await ids(t, q({ "where[carrier][$null]": "true" }))).toEqual(
      idsOf(all.filter((r) => r.carrier === null)),
    );
    expect(await ids(t, q({ "where[dropshipProviderId][$null]": "false" }))).toEqual(
      idsOf(all.filter((r) => r.dropshipProviderId !== null)),
    );
  });

  it("answers 400 to unknown fields, operators, parameters and values of the wrong type", async () => {
    const t = await ctx.tenant();
    await rates(t);
    const bad: Record<string, string>[] = [
      { "where[nothing]": "1" },
      { "where[name][$regex]": ".*" },
      { "where[price]": "cheap" },
      { "where[price][$gte]": "" },
      { "where[enabled]": "maybe" },
      { "where[basis]": "byDistance" },
      { "where[basis][$in]": "flat,byDistance" },
      { "where[channelId]": "1.5" },
      { "where[channelId]": "first" },
      { "where[createdAt][$gte]": "yesterday" },
      { "where[countries]": "US" },
      { "where[carrier][$null]": "maybe" },
      { "where[enabled][$gte]": "true" },
      { where: "name" },
      { "where[]": "x" },
      { order: "nothing" },
      { order: "-nothing" },
      { order: "countries" },
      { limit: "0" },
      { limit: "251" },
      { limit: "-1" },
      { limit: "ten" },
      { from: "-1" },
      { from: "1.5" },
      { page: "2" },
    ];
    for (const params of bad) {
      const answer = await t.json("GET", `/channel-shipping-rates.json?${q(params)}`);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expectProblem(answer, 400);
    }
  });
});

describe("field names that every JavaScript object has", () => {
  it("are unknown fields: 400, not 500", async () => {
    const t = await ctx.tenant();
    const names: Record<string, string>[] = [
      { "where[toString]": "1" },
      { "where[constructor][$in]": "1,2" },
      { "where[valueOf][$null]": "true" },
      { order: "hasOwnProperty" },
      { order: "-isPrototypeOf" },
    ];
    for (const params of names) {
      const answer = await t.json("GET", `/channel-shipping-rates.json?${q(params)}`);
      expect(answer.status, JSON.stringify(params)).toBe(400);
    }
  });
});

describe("order", () => {
  it("orders by a field either way, ties broken by id in the same direction", async () => {
    const t = await ctx.tenant();
    const { rates: all } = await rates(t);
    const byBasis = (direction: 1 | -1) => (a: Rate, b: Rate) =>
      direction * (a.basis < b.basis ? -1 : a.basis > b.basis ? 1 : a.id - b.id);
    expect(await ids(t, "order=basis")).toEqual(idsOf([...all].sort(byBasis(1))));
    expect(await ids(t, "order=-basis")).toEqual(idsOf([...all].sort(byBasis(-1))));
    expect(await ids(t, "order=price")).toEqual(idsOf([...all].sort((a, b) => a.price - b.price)));
    expect(await ids(t, "order=-price")).toEqual(idsOf([...all].sort((a, b) => b.price - a.price)));
    expect(await ids(t, "order=-createdAt")).toEqual(idsOf(all).reverse());
    expect(await ids(t, "order=name&where[enabled]=true")).toEqual(
      idsOf(all.filter((r) => r.enabled).sort((a, b) => a.name.localeCompare(b.name))),
    );
  });

  it("lists by id when no order is given", async () => {
    const t = await ctx.tenant();
    const { rates: all } = await rates(t);
    expect(await ids(t, "")).toEqual(idsOf(all).sort((a, b) => a - b));
  });
});

describe("paging", () => {
  async function vendors(t: Tenant, count: number): Promise<number[]> {
    const created: number[] = [];
    for (let i = 0; i < count; i++) {
      const answer = await t.json("POST", "/vendors.json", {
        name: `Vendor ${i}`,
        code: i % 2 ? "odd" : "even",
      });
      created.push(answer.body.id);
    }
    return created;
  }

  function nextOf(headers: Headers): string | undefined {
    const link = headers.get("Link");
    if (!link) return undefined;
    const match = /^<([^>]+)>;\s*rel="next"$/.exec(link);
    expect(match, link).not.toBeNull();
    const url = new URL(match![1]!, "http://localhost");
    return url.pathname + url.search;
  }

  async function walk(t: Tenant, first: string): Promise<{ ids: number[]; pages: number[] }> {
    const seen: number[] = [];
    const pages: number[] = [];
    let path: string | undefined = first;
    while (path) {
      const answer: { status: number; body: { id: number }[]; headers: Headers } = await t.json("GET", path);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.map((vendor) => vendor.id));
      pages.push(answer.body.length);
      path = nextOf(answer.headers);
      expect(pages.length).toBeLessThan(100);
    }
    return { ids: seen, pages };
  }

  it("answers 50 records by default, up to 250 on request", async () => {
    const t = await ctx.tenant();
    const all = await vendors(t, 260);
    const first = await t.json("GET", "/vendors.json");
    expect(first.body.map((v: { id: number }) => v.id)).toEqual(all.slice(0, 50));
    expect(first.headers.get("Link")).toMatch(/rel="next"/);
    const max = await t.json("GET", "/vendors.json?limit=250");
    expect(max.body.map((v: { id: number }) => v.id)).toEqual(all.slice(0, 250));
    expectProblem(await t.json("GET", "/vendors.json?limit=251"), 400);
  });

  it("says what is wrong with a limit or a from", async () => {
    const t = await ctx.tenant();
    const said = async (query: string) =>
      expectProblem(await t.json("GET", `/vendors.json?${query}`), 400).detail;
    for (const query of ["limit=-1", "limit=0", "limit=251", "limit=1.5", "limit=9999999999"]) {
      expect(await said(query)).toBe("limit must be a whole number from 1 to 250.");
    }
    expect(await said("limit=1&limit=2")).toBe("limit must be sent once, as limit=N.");
    expect(await said("from=-1")).toBe("from must be a whole number from 0 to 999999999.");
    expect(await said("from=1000000000")).toBe("from must be a whole number from 0 to 999999999.");
  });

  it("pages by cursor through any order, nulls and ties included, each record once", async () => {
    const t = await ctx.tenant();
    const codes = ["b", null, "a", "b", null, "c", "a", "b", null, "a", "c", "b", "a"];
    const ids: number[] = [];
    for (const [i, code] of codes.entries()) {
      ids.push((await t.json("POST", "/vendors.json", { name: `V${i}`, code })).body.id);
    }
    for (const order of ["code", "-code", "name", "-id"]) {
      const all = (await t.json("GET", `/vendors.json?order=${order}&limit=250`)).body.map(
        (v: { id: number }) => v.id,
      );
      const { ids: walked, pages } = await walk(t, `/vendors.json?order=${order}&limit=3`);
      expect(walked, order).toEqual(all);
      expect(pages.slice(0, -1).every((size) => size === 3)).toBe(true);
    }
    const filtered = await walk(t, "/vendors.json?where[code][$ne]=b&order=-code&limit=2");
    expect(filtered.ids).toEqual(
      (await t.json("GET", "/vendors.json?where[code][$ne]=b&order=-code")).body.map(
        (v: { id: number }) => v.id,
      ),
    );
  });

  it("pages through a long text order with short links, each record once, and none lost when the last one shown changes", async () => {
    const t = await ctx.tenant();
    // Texts far longer than a cursor carries (`KEY_CHARS`), alike for their first 300 characters: they
    // differ only past what the cursor keeps of them. Ties and texts left out too.
    const common = "Terms of sale. ".repeat(20);
    const bodies = [
      `${common}b${"x".repeat(5000)}`,
      null,
      `${common}a${"y".repeat(5000)}`,
      `${common}b${"x".repeat(5000)}`,
      `${common}c`,
      "short terms",
      `${common}a${"y".repeat(4000)}`,
      null,
      `${common}b${"x".repeat(5000)}`,
    ];
    for (const [i, body] of bodies.entries()) {
      const answer = await t.json("POST", "/agreements.json", { name: `Terms ${i}`, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const idsIn = (list: { id: number }[]) => list.map((record) => record.id);
    for (const order of ["body", "-body"]) {
      const all = idsIn((await t.json("GET", `/agreements.json?order=${order}&limit=250`)).body);
      for (const limit of [1, 2, 4]) {
        let path: string | undefined = `/agreements.json?order=${order}&limit=${limit}`;
        const walked: number[] = [];
        while (path) {
          const answer: { status: number; body: { id: number }[]; headers: Headers } = await t.json(
            "GET",
            path,
          );
          expect(answer.status).toBe(200);
          walked.push(...idsIn(answer.body));
          expect(answer.headers.get("Link")?.length ?? 0).toBeLessThan(1000);
          path = nextOf(answer.headers);
        }
        expect(walked, `${order}, ${limit} a page`).toEqual(all);
      }
      // The last record a page showed is changed, or deleted, before the next page: no record after it
      // is left out (some before it may be shown again).
      for (const change of ["update", "delete"] as const) {
        const first = await t.json("GET", `/agreements.json?order=${order}&limit=3`);
        const last = first.body.at(-1) as { id: number; body: string };
        expect(last.body.length).toBeGreaterThan(300);
        const after = idsIn((await t.json("GET", `/agreements.json?order=${order}&limit=250`)).body).slice(3);
        const answer =
          change === "update"
            ? await t.json("PUT", `/agreements/${last.id}.json`, { body: `${last.body.slice(0, 300)}zz` })
            : await t.json("DELETE", `/agreements/${last.id}.json`);
        expect(answer.status).toBe(change === "update" ? 200 : 204);
        const rest = await walk(t, nextOf(first.headers)!);
        for (const id of after.filter((id) => id !== last.id))
          expect(rest.ids, `${order}, ${change}`).toContain(id);
        // As it was, for the next round (a deleted one as a new record).
        const restored =
          change === "update"
            ? await t.json("PUT", `/agreements/${last.id}.json`, { body: last.body })
            : await t.json("POST", "/agreements.json", { name: "Terms again", body: last.body });
        expect(restored.status).toBe(200);
      }
    }
  });

  it("orders by several fields, each its own way, and pages through them by cursor, each record once", async () => {
    const t = await ctx.tenant();
    // Few distinct values, so that the fields tie often; nulls among them.
    const names = ["B", "A", "C", "A", "B", "A", "C", "B", "A", "B", "C", "A", "B", "A"];
    const codes = ["y", null, "x", "y", null, "x", "x", null, "y", "x", null, "y", "x", "y"];
    const vendors: { id: number; name: string; code: string | null; createdAt: string }[] = [];
    for (const [i, name] of names.entries()) {
      const answer = await t.json("POST", "/vendors.json", { name, code: codes[i] });
      expect(answer.status).toBe(200);
      vendors.push(answer.body);
    }
    type Field = "name" | "code" | "createdAt";
    // SQLite's order: NULL first ascending, last descending; texts by their bytes; then the id.
    const compare = (keys: { field: Field; descending: boolean }[], idDescending: boolean) => {
      return (a: (typeof vendors)[number], b: (typeof vendors)[number]) => {
        for (const { field, descending } of keys) {
          const [x, y] = [a[field], b[field]];
          if (x === y) continue;
          const before = x === null ? true : y === null ? false : x < y;
          return (before ? -1 : 1) * (descending ? -1 : 1);
        }
        return (a.id - b.id) * (idDescending ? -1 : 1);
      };
    };
    const field = fc.constantFrom<Field>("name", "code", "createdAt");
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ field, descending: fc.boolean() }), {
          minLength: 1,
          maxLength: 3,
          selector: (key) => key.field,
        }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.integer({ min: 1, max: 5 }),
        async (keys, idLast, limit) => {
          const idDescending = idLast ?? keys.at(-1)!.descending;
          const terms = keys.map(({ field, descending }) => `${descending ? "-" : ""}${field}`);
          if (idLast !== undefined) terms.push(idLast ? "-id" : "id");
          const order = terms.join(",");
          const expected = [...vendors].sort(compare(keys, idDescending)).map(({ id }) => id);
          const whole = await t.json("GET", `/vendors.json?order=${order}&limit=250`);
          expect(
            whole.body.map((v: { id: number }) => v.id),
            order,
          ).toEqual(expected);
          const { ids: walked, pages } = await walk(t, `/vendors.json?order=${order}&limit=${limit}`);
          expect(walked, `${order}, ${limit} a page`).toEqual(expected);
          expect(pages.slice(0, -1).every((size) => size === limit)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("pages through several fields of long texts, none lost when the last record shown changes", async () => {
    const t = await ctx.tenant();
    const common = "Terms of sale. ".repeat(20);
    const rows: [string, string | null][] = [
      ["B", `${common}b${"x".repeat(3000)}`],
      ["A", null],
      ["B", `${common}a${"y".repeat(3000)}`],
      ["A", `${common}b${"x".repeat(3000)}`],
      ["B", `${common}b${"x".repeat(3000)}`],
      ["A", "short terms"],
      ["B", `${common}a${"y".repeat(2000)}`],
      ["A", `${common}b${"x".repeat(3000)}`],
    ];
    for (const [name, body] of rows) {
      expect((await t.json("POST", "/agreements.json", { name, body })).status).toBe(200);
    }
    const idsIn = (list: { id: number }[]) => list.map((record) => record.id);
    for (const order of ["name,body", "name,-body", "-name,body,-id", "body,-name"]) {
      const all = idsIn((await t.json("GET", `/agreements.json?order=${order}&limit=250`)).body);
      for (const limit of [1, 2, 3]) {
        const first = await t.json("GET", `/agreements.json?order=${order}&limit=${limit}`);
        expect(first.headers.get("Link")!.length).toBeLessThan(1000);
        const { ids: rest } = await walk(t, nextOf(first.headers)!);
        expect([...idsIn(first.body), ...rest], `${order}, ${limit} a page`).toEqual(all);
      }
      for (const change of ["update", "delete"] as const) {
        const first = await t.json("GET", `/agreements.json?order=${order}&limit=4`);
        const last = first.body.at(-1) as { id: number; name: string; body: string | null };
        const after = idsIn((await t.json("GET", `/agreements.json?order=${order}&limit=250`)).body).slice(4);
        const answer =
          change === "update"
            ? await t.json("PUT", `/agreements/${last.id}.json`, {
                body: `${(last.body ?? "").slice(0, 300)}zz`,
              })
            : await t.json("DELETE", `/agreements/${last.id}.json`);
        expect(answer.status).toBe(change === "update" ? 200 : 204);
        const rest = await walk(t, nextOf(first.headers)!);
        for (const id of after.filter((id) => id !== last.id)) {
          expect(rest.ids, `${order}, ${change}`).toContain(id);
        }
        const restored =
          change === "update"
            ? await t.json("PUT", `/agreements/${last.id}.json`, { body: last.body })
            : await t.json("POST", "/agreements.json", { name: last.name, body: last.body });
        expect(restored.status).toBe(200);
      }
    }
  });

  it("keeps a cursor walk stable while records arrive, and refuses altered or misused cursors", async () => {
    const t = await ctx.tenant();
    const before = await vendors(t, 6);
    const first = await t.json("GET", "/vendors.json?limit=3");
    await vendors(t, 2);
    const rest = await walk(t, nextOf(first.headers)!);
    expect([...first.body.map((v: { id: number }) => v.id), ...rest.ids].slice(0, 6)).toEqual(before);

    const link = new URL(nextOf(first.headers)!, "http://x");
    const cursor = link.searchParams.get("cursor")!;
    expect(link.searchParams.has("from")).toBe(false);
    expectProblem(await t.json("GET", `/vendors.json?cursor=${cursor}x`), 400);
    expectProblem(await t.json("GET", "/vendors.json?cursor=not-a-cursor"), 400);
    expectProblem(await t.json("GET", `/vendors.json?cursor=${cursor}&order=-id`), 400);
    expectProblem(await t.json("GET", `/vendors.json?cursor=${cursor}&where[code]=odd`), 400);
    expectProblem(await t.json("GET", `/vendors.json?cursor=${cursor}&from=3`), 400);
  });

  it("does not repeat a long filter in the next-page link: the client sends it again with the cursor", async () => {
    const t = await ctx.tenant();
    await vendors(t, 5);
    const names = Array.from({ length: 240 }, (_, i) => `Vendor ${i}`).join(",");
    const query = `where[name][$in]=${encodeURIComponent(names)}&limit=2`;
    const first = await t.json("GET", `/vendors.json?${query}`);
    const next = new URL(nextOf(first.headers)!, "http://x");
    expect(next.search.length).toBeLessThan(200);
    expect([...next.searchParams.keys()].sort()).toEqual(["cursor", "limit"]);
    const again = await t.json("GET", `/vendors.json?${query}&cursor=${next.searchParams.get("cursor")}`);
    expect(again.status).toBe(200);
    expect(again.body).toHaveLength(2);
    expectProblem(await t.json("GET", `/vendors.json${next.search}`), 400);
  });

  it("skips records with from", async () => {
    const t = await ctx.tenant();
    const all = await vendors(t, 12);
    expect(
      (await t.json("GET", "/vendors.json?from=5&limit=4")).body.map((v: { id: number }) => v.id),
    ).toEqual(all.slice(5, 9));
    const tail = await t.json("GET", "/vendors.json?from=10");
    expect(tail.body.map((v: { id: number }) => v.id)).toEqual(all.slice(10));
    expect(tail.headers.get("Link")).toBeNull();
    expect((await t.json("GET", "/vendors.json?from=12")).body).toEqual([]);
  });

  it("links to a next page exactly when there is one, and the links walk every record once", async () => {
    const t = await ctx.tenant();
    const all = await vendors(t, 60);
    const exact = await walk(t, "/vendors.json?limit=20");
    expect(exact.pages).toEqual([20, 20, 20]);
    expect(exact.ids).toEqual(all);
    const ragged = await walk(t, "/vendors.json?limit=25");
    expect(ragged.pages).toEqual([25, 25, 10]);
    expect(ragged.ids).toEqual(all);
    expect((await walk(t, "/vendors.json?limit=60")).pages).toEqual([60]);
    expect((await walk(t, "/vendors.json?limit=59")).pages).toEqual([59, 1]);
  });

  it("keeps filters and order in the next links", async () => {
    const t = await ctx.tenant();
    const all = await vendors(t, 30);
    const odd = all.filter((_, i) => i % 2 === 1);
    const walked = await walk(
      t,
      `/vendors.json?${q({ "where[code]": "odd", order: "-createdAt", limit: "4" })}`,
    );
    expect(walked.ids).toEqual([...odd].reverse());
    expect(walked.pages).toEqual([4, 4, 4, 3]);
  });
});

describe("tenancy", () => {
  it("never lists another company's records", async () => {
    const t = await ctx.tenant();
    const other = await ctx.tenant();
    const mine = await rates(t);
    const theirs = await rates(other);
    const own = idsOf(mine.rates);
    expect(await ids(t, "limit=250")).toEqual(own);
    expect(await ids(t, q({ "where[basis]": "flat" }))).toEqual(
      idsOf(mine.rates.filter((r) => r.basis === "flat")),
    );
    expect(await ids(t, q({ "where[channelId]": String(theirs.channels[0]) }))).toEqual([]);
    expect(await ids(t, q({ "where[id][$in]": idsOf(theirs.rates).join(",") }))).toEqual([]);
    expect(await ids(t, q({ "where[id][$gte]": "1", order: "-id" }))).toEqual([...own].reverse());
    expect(await ids(other, "limit=250")).toEqual(idsOf(theirs.rates));
  });
});
