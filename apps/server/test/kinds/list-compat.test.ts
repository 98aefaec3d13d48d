// The list requests of the reference service's wire contract (wire.md §5), replayed as its clients send
// them: the qs package's encodings, percent-encoded or not, `attributes`, nested `include`, the ORM order.
import { kindByName } from "@multichannel/schema";
import fc from "fast-check";
import qs from "qs";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { MAX_INCLUDED_PER_PARENT } from "../../src/services/record-shape.ts";
import { createBody, expectProblem } from "../factory.ts";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { apiOf, setupApp, type Tenant } from "../support.ts";

let tick = 0;
const now = () => new Date(Date.UTC(2024, 0, 1) + ++tick * 1000).toISOString();

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({ now });
});

interface World {
  customers: Rec[];
  sales: Rec[];
  purchases: Rec[];
  items: Rec[];
}

/** Two customers, three sales, four purchases in statuses 11, 12, 13 and 11, and their lines. */
async function world(t: Tenant): Promise<World> {
  const channel = await create(t, "channels", { name: "Web store" });
  const customers = [
    await create(t, "customers", { email: "ana@example.com", firstName: "Ana" }),
    await create(t, "customers", { email: "bo@example.com", firstName: "Bo" }),
  ];
  const sales = [
    await create(t, "sales", { channelId: channel.id, customerId: customers[0]!.id, externalId: "S-1" }),
    await create(t, "sales", { channelId: channel.id, customerId: customers[1]!.id, externalId: "S-2" }),
    await create(t, "sales", { channelId: channel.id, externalId: "S-3" }),
  ];
  const base = await createBody(t, kindByName("purchase")!);
  const purchases = [
    await create(t, "purchases", { ...base, saleId: sales[0]!.id, purchaseStatusId: 11, reference: "PO-1" }),
    await create(t, "purchases", { ...base, saleId: sales[1]!.id, purchaseStatusId: 12, reference: "PO-2" }),
    await create(t, "purchases", { ...base, saleId: sales[0]!.id, purchaseStatusId: 13, reference: "PO-3" }),
    await create(t, "purchases", { ...base, purchaseStatusId: 11, reference: "PO-4" }),
  ];
  const items = [];
  for (const [purchase, sku, quantity] of [
    [purchases[0]!, "MUG-1", 2],
    [purchases[0]!, "TEE-1", 1],
    [purchases[1]!, "MUG-1", 5],
    [purchases[2]!, "CAP-1", 3],
  ] as const) {
    items.push(await create(t, "purchase-items", { purchaseId: purchase.id, sku, quantity, price: 6.25 }));
  }
  return { customers, sales, purchases, items };
}

/** The vendor app's request of wire.md §5, as an object its `qs` encoder turns into a query string. */
const vendorAppQuery = {
  limit: 100,
  from: 0,
  where: { purchaseStatusId: { $in: [11, 12] } },
  attributes: ["id", "reference", "purchaseStatusId", "saleId"],
  include: [
    { model: "PurchaseItem", attributes: ["id", "quantity"] },
    { model: "Sale", include: [{ model: "Customer" }] },
  ],
};

/** What that request must answer for the world above. */
function vendorAppAnswer(w: World): unknown[] {
  const [p1, p2, , p4] = w.purchases as [Rec, Rec, Rec, Rec];
  const [i1, i2, i3] = w.items as [Rec, Rec, Rec];
  const [s1, s2] = w.sales as [Rec, Rec];
  const [c1, c2] = w.customers as [Rec, Rec];
  return [
    {
      id: p1.id,
      reference: "PO-1",
      purchaseStatusId: 11,
      saleId: s1.id,
      purchase_items: [
        { id: i1.id, quantity: 2, purchaseId: p1.id },
        { id: i2.id, quantity: 1, purchaseId: p1.id },
      ],
      sale: { ...s1, customer: c1 },
    },
    {
      id: p2.id,
      reference: "PO-2",
      purchaseStatusId: 12,
      saleId: s2.id,
      purchase_items: [{ id: i3.id, quantity: 5, purchaseId: p2.id }],
      sale: { ...s2, customer: c2 },
    },
    { id: p4.id, reference: "PO-4", purchaseStatusId: 11, saleId: null, purchase_items: [], sale: null },
  ];
}

describe("wire.md §5: the vendor app's purchase list", () => {
  it("answers the documented request, written out as the guide prints it", async () => {
    const t = await ctx.tenant();
    const w = await world(t);
    const path =
      "/purchases.json?limit=100&from=0" +
      "&where[purchaseStatusId][$in][0]=11&where[purchaseStatusId][$in][1]=12" +
      "&attributes[0]=id&attributes[1]=reference&attributes[2]=purchaseStatusId&attributes[3]=saleId" +
      "&include[0][model]=PurchaseItem&include[0][attributes][0]=id&include[0][attributes][1]=quantity" +
      "&include[1][model]=Sale&include[1][include][0][model]=Customer";
    const answer = await expectStatus(t.json("GET", path), 200);
    expect(answer).toEqual(vendorAppAnswer(w));
  });

  it("answers the same whichever way an encoder wrote it", async () => {
    const t = await ctx.tenant();
    const w = await world(t);
    const expected = vendorAppAnswer(w);
    // An array of objects has no lossless brackets form in qs, so clients that use brackets keep indices there.
    const { include, ...rest } = vendorAppQuery;
    const encodings = [
      qs.stringify(vendorAppQuery, { encodeValuesOnly: true }),
      qs.stringify(vendorAppQuery),
      `${qs.stringify(rest, { arrayFormat: "brackets", encodeValuesOnly: true })}&${qs.stringify({ include })}`,
      `${qs.stringify(rest, { arrayFormat: "brackets" })}&${qs.stringify({ include }, { encodeValuesOnly: true })}`,
    ];
    expect(encodings[1]).toContain("where%5BpurchaseStatusId%5D%5B%24in%5D%5B0%5D=11");
    expect(encodings[2]).toContain("where[purchaseStatusId][$in][]=11");
    for (const query of encodings) {
      expect(await expectStatus(t.json("GET", `/purchases.json?${query}`), 200), query).toEqual(expected);
    }
    // Our extensions read the same filter.
    const ours = "where[purchaseStatusId][$in]=11,12&attributes=id,reference,purchaseStatusId,saleId";
    expect((await expectStatus(t.json("GET", `/purchases.json?${ours}`), 200)).map((p: Rec) => p.id)).toEqual(
      expected.map((p) => (p as Rec).id),
    );
  });

  it("loads each include with one query for the whole page, scoped to the company", async () => {
    const setup = await setupApp({ now });
    const statements: string[] = [];
    // Without the embedded database's own view for a key (`actingAs`), whose statements would not be
    // counted here: the request's reads go through `execute` below.
    const { actingAs: _ownView, ...db } = setup.db;
    const counting: Db = {
      ...db,
      execute: (statement) => {
        statements.push(typeof statement === "string" ? statement : statement.sql);
        return setup.db.execute(statement);
      },
    };
    const app = createApp({ db: counting, tokenCacheMs: 0, now });
    const t = await setup.tenant();
    const w = await world(t);
    const viaCounting = apiOf((path, init) => app.request(path, init), t.token);
    statements.length = 0;
    const answer = await viaCounting.json("GET", `/purchases.json?${qs.stringify(vendorAppQuery)}`);
    expect(answer.body).toEqual(vendorAppAnswer(w));
    const reads = (table: string) =>
      statements.filter((sql) => new RegExp(`FROM ${table}\\b`).test(sql) && /company_id = \?/.test(sql));
    expect(reads("purchases")).toHaveLength(1);
    expect(reads("purchase_items")).toHaveLength(1);
    expect(reads("sales")).toHaveLength(1);
    expect(reads("customers")).toHaveLength(1);
  });

  it("never embeds another company's records, even one whose key names this company's record", async () => {
    const t = await ctx.tenant();
    const other = await ctx.tenant();
    const mine = await world(t);
    const theirs = await world(other);
    // A row of the other company pointing at our purchase, as no API write could make it.
    await ctx.db.execute({
      sql: "UPDATE purchase_items SET purchase_id = ? WHERE id = ?",
      args: [mine.purchases[1]!.id, theirs.items[0]!.id],
    });
    const answer = await expectStatus(t.json("GET", `/purchases.json?${qs.stringify(vendorAppQuery)}`), 200);
    expect(answer).toEqual(vendorAppAnswer(mine));
  });
});

describe("include", () => {
  it("embeds on a single read: one-to-many as a plural array, many-to-one as a singular record", async () => {
    const t = await ctx.tenant();
    const w = await world(t);
    const purchase = w.purchases[0]!;
    const plain = await t.json("GET", `/purchases/${purchase.id}.json`);
    const withItems = await t.json("GET", `/purchases/${purchase.id}.json?include=PurchaseItem`);
    expect(withItems.status).toBe(200);
    expect(withItems.body).toEqual({ ...plain.body, purchase_items: [w.items[0], w.items[1]] });
    // The ETag stays the record's, so a shaped read can be written back with If-Match.
    expect(withItems.headers.get("ETag")).toBe(plain.headers.get("ETag"));
    expect(await read(t, "purchases", purchase.id)).toEqual(plain.body);
    const sale = await expectStatus(
      t.json("GET", `/sales/${w.sales[0]!.id}.json?include[0]=Customer&include[1]=Purchase`),
      200,
    );
    expect(sale.customer).toEqual(w.customers[0]);
    expect(sale.purchases.map((p: Rec) => p.id)).toEqual([w.purchases[0]!.id, w.purchases[2]!.id]);
    const put = await t.json(
      "PUT",
      `/purchases/${purchase.id}.json`,
      { notes: "checked" },
      {
        "If-Match": withItems.headers.get("ETag")!,
      },
    );
    expect(put.status).toBe(200);
  });

  it("takes attributes on a single read, and keeps the keys an include joins on", async () => {
    const t = await ctx.tenant();
    const w = await world(t);
    const purchase = w.purchases[1]!;
    expect(
      await expectStatus(
        t.json("GET", `/purchases/${purchase.id}.json?attributes[]=id&attributes[]=reference`),
        200,
      ),
    ).toEqual({ id: purchase.id, reference: "PO-2" });
    expect(
      await expectStatus(
        t.json(
          "GET",
          `/purchases/${purchase.id}.json?attributes[0]=reference&include[0][model]=Sale&include[0][attributes][0]=externalId`,
        ),
        200,
      ),
    ).toEqual({ reference: "PO-2", saleId: w.sales[1]!.id, sale: { externalId: "S-2" } });
    const excluded = await expectStatus(
      t.json(
        "GET",
        `/purchases/${purchase.id}.json?attributes[exclude][0]=notes&attributes[exclude][1]=tags`,
      ),
      200,
    );
    expect(Object.keys(excluded)).toEqual(
      Object.keys(purchase).filter((key) => key !== "notes" && key !== "tags"),
    );
  });

  it("embeds at most the documented number of records per parent, the first ones by id", async () => {
    const t = await ctx.tenant();
    const sale = await create(t, "sales", { channelId: (await create(t, "channels", { name: "C" })).id });
    const ids: number[] = [];
    for (let i = 0; i <= MAX_INCLUDED_PER_PARENT; i++) {
      ids.push(
        (await create(t, "sale-items", { saleId: sale.id, sku: `SKU-${i}`, quantity: 1, price: 1 })).id,
      );
    }
    const embedded = await expectStatus(
      t.json(
        "GET",
        `/sales.json?where[id]=${sale.id}&include[0][model]=SaleItem&include[0][attributes][0]=id`,
      ),
      200,
    );
    expect(embedded[0].sale_items.map((item: Rec) => item.id)).toEqual(ids.slice(0, MAX_INCLUDED_PER_PARENT));
  });
});

describe("filters in the reference's operators", () => {
  async function rates(t: Tenant): Promise<Rec[]> {
    const channel = await create(t, "channels", { name: "Rates" });
    const out = [];
    for (const name of ["Ground", "Express 2%", "Freight", "ground floor", "Overnight_x"]) {
      out.push(await create(t, "channel-shipping-rates", { channelId: channel.id, name, price: 5 }));
    }
    return out;
  }
  const names = async (t: Tenant, query: string) =>
    (await list(t, "channel-shipping-rates", `&${query}`)).map((rate) => rate.name);

  it("$like matches with % and _ wildcards, ASCII case-insensitively, and \\ escapes them", async () => {
    const t = await ctx.tenant();
    await rates(t);
    expect(await names(t, "where[name][$like]=%25ground%25")).toEqual(["Ground", "ground floor"]);
    expect(await names(t, "where[name][$like]=G%25")).toEqual(["Ground", "ground floor"]);
    expect(await names(t, "where[name][$like]=%25t")).toEqual(["Freight"]);
    expect(await names(t, "where[name][$like]=Fr_ight")).toEqual(["Freight"]);
    expect(await names(t, `where[name][$like]=${encodeURIComponent("%2\\%")}`)).toEqual(["Express 2%"]);
    expect(await names(t, `where[name][$like]=${encodeURIComponent("%\\_%")}`)).toEqual(["Overnight_x"]);
    expect(await names(t, `where[name][$like]=${encodeURIComponent("%_%")}`)).toHaveLength(5);
    expect(await names(t, "where[name][$like]=%25'%3B DROP TABLE x%3B--")).toEqual([]);
    expect(await names(t, "where[name][$like]=Ground%5C")).toEqual([]);
  });

  it("takes a list of values for a field as $in, and ranges, $ne and $eq under the field", async () => {
    const t = await ctx.tenant();
    const all = await rates(t);
    expect(await names(t, "where[name][0]=Ground&where[name][1]=Freight")).toEqual(["Ground", "Freight"]);
    expect(await names(t, `where[id][$gt]=${all[2]!.id}`)).toEqual(["ground floor", "Overnight_x"]);
    expect(await names(t, `where[id][$gte]=${all[1]!.id}&where[id][$lt]=${all[3]!.id}`)).toEqual([
      "Express 2%",
      "Freight",
    ]);
    expect(await names(t, "where[name][$ne]=Ground&where[name][$eq]=Freight")).toEqual(["Freight"]);
    expect(await names(t, "where%5Bname%5D%5B%24in%5D%5B%5D=Freight")).toEqual(["Freight"]);
  });
});

describe("order, in the ORM's form", () => {
  it("reads order[0][0]=field&order[0][1]=DESC, order=field DESC and order=-field alike", async () => {
    const t = await ctx.tenant();
    const w = await world(t);
    const expected = [...w.purchases].reverse().map((p) => p.id);
    for (const order of [
      "order[0][0]=createdAt&order[0][1]=DESC",
      "order%5B0%5D%5B0%5D=createdAt&order%5B0%5D%5B1%5D=desc",
      "order=createdAt%20DESC",
      "order=createdAt+DESC",
      "order=-createdAt",
      "order[0][0]=createdAt&order[0][1]=DESC&order[1][0]=id&order[1][1]=DESC",
    ]) {
      expect(
        (await list(t, "purchases", `&${order}`)).map((p) => p.id),
        order,
      ).toEqual(expected);
    }
    expect((await list(t, "purchases", "&order[0][0]=reference")).map((p) => p.reference)).toEqual([
      "PO-1",
      "PO-2",
      "PO-3",
      "PO-4",
    ]);
  });

  it("reads several fields alike in the ORM's pairs, joined by commas, or with ASC and DESC", async () => {
    const t = await ctx.tenant();
    const [p1, p2, p3, p4] = (await world(t)).purchases.map((p) => p.id);
    // Status 11, 12, 13 and 11: the two of status 11 newest first.
    const expected = [p4, p1, p2, p3];
    for (const order of [
      "order=purchaseStatusId,-createdAt",
      "order[0][0]=purchaseStatusId&order[1][0]=createdAt&order[1][1]=DESC",
      "order[0][0]=purchaseStatusId&order[0][1]=ASC&order[1][0]=createdAt&order[1][1]=desc&order[2][0]=id&order[2][1]=DESC",
      "order=purchaseStatusId ASC,createdAt DESC",
      "order=purchaseStatusId,-createdAt,-id",
      "order=purchaseStatusId,-id",
    ]) {
      expect(
        (await list(t, "purchases", `&${order}`)).map((p) => p.id),
        order,
      ).toEqual(expected);
    }
  });

  it("pages by cursor whichever encoding each page is sent in", async () => {
    const t = await ctx.tenant();
    for (let i = 0; i < 7; i++) await create(t, "vendors", { name: `V${i}`, code: i % 2 ? "odd" : "even" });
    const where = { code: { $in: ["odd", "even"] } };
    const first = await t.json(
      "GET",
      `/vendors.json?${qs.stringify({ where, order: [["name", "DESC"]], limit: 3, attributes: ["name"] })}`,
    );
    expect(first.body).toEqual([{ name: "V6" }, { name: "V5" }, { name: "V4" }]);
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.get("Link")!)![1]!;
    const cursor = new URL(link, "http://localhost").searchParams.get("cursor")!;
    // The link repeats the query as it was sent.
    const url = new URL(link, "http://localhost");
    const followed = await t.json("GET", url.pathname + url.search);
    expect(followed.body).toEqual([{ name: "V3" }, { name: "V2" }, { name: "V1" }]);
    // The same filters and order in other encodings take the same cursor.
    const other = `where[code][$in]=even,odd&order=-name&limit=3&cursor=${cursor}`;
    expect((await t.json("GET", `/vendors.json?${other}`)).body.map((v: Rec) => v.name)).toEqual([
      "V3",
      "V2",
      "V1",
    ]);
    const changed = `where[code][$in][0]=odd&order=-name&limit=3&cursor=${cursor}`;
    expectProblem(await t.json("GET", `/vendors.json?${changed}`), 400);
  });
});

describe("bad list queries are 400s, never 500s", () => {
  it("refuses what it cannot take, with a problem document", async () => {
    const t = await ctx.tenant();
    const bad = [
      "include[0][model]=Sale&include[0][include][0][model]=Customer&include[0][include][0][include][0][model]=Reseller&include[0][include][0][include][0][include][0][model]=Customer",
      "a[b][c][d][e][f][g][h][i]=1",
      Array.from({ length: 301 }, (_, i) => `where[id][$in][${i % 250}]=${i}`).join("&"),
      `where[id][$in][300]=1`,
      Array.from({ length: 251 }, (_, i) => i + 1)
        .reduce((query, id) => `${query}${id},`, "where[id][$in]=")
        .slice(0, -1),
      "attributes[0]=id&attributes[1]=nothing",
      "attributes[exclude][0]=nothing",
      "attributes[]=",
      "attributes=",
      "attributes[only][0]=id",
      "include=Nothing",
      "include=Carrier",
      "include[0][model]=PurchaseItem&include[0][attributes][0]=nothing",
      "include[0][model]=PurchaseItem&include[0][where][sku]=x",
      "include[0][attributes][0]=id",
      "include=PurchaseItem&include=PurchaseItem",
      Array.from({ length: 9 }, () => "include[]=PurchaseItem").join("&"),
      "where[__proto__][id]=1",
      "__proto__[x]=1",
      "where[constructor][prototype]=1",
      "where[id][$regex]=1",
      "where[id][$gt][0]=1",
      "where[reference][$like]=%25a%25b%25c%25d%25e",
      `where[reference][$like]=${"x".repeat(201)}`,
      "where[saleId][$like]=1%25",
      "where[reference]=%E0%A4%A",
      "where[reference]=%ED%A0%80",
      "where[reference]=a%00b",
      "where=1",
      "where[]=1",
      "order[0][0]=createdAt&order[0][1]=SIDEWAYS",
      "order[0][0]=createdAt&order[1][0]=createdAt&order[1][1]=DESC",
      "order=id,reference",
      "order=reference,createdAt,status,-updatedAt",
      "order=reference,,createdAt",
      "order=createdAt DESC NULLS",
      "order[0][0]=nothing",
      "limit=10&limit=20",
      "cursor=abc&cursor=def",
    ];
    for (const query of bad) {
      const answer = await t.json("GET", `/purchases.json?${query}`);
      expect(answer.status, query.slice(0, 200)).toBe(400);
      expectProblem(answer, 400);
    }
    const purchase = await create(t, "purchases", await createBody(t, kindByName("purchase")!));
    for (const query of ["attributes[]=nothing", "include=Nothing", "where[id]=1", "limit=5"]) {
      expectProblem(await t.json("GET", `/purchases/${purchase.id}.json?${query}`), 400);
    }
  });
});

describe("any list query", () => {
  it("answers 200 or a 400 problem, never anything else", async () => {
    const t = await ctx.tenant();
    await world(t);
    const segment = fc.constantFrom(
      "where",
      "include",
      "attributes",
      "order",
      "limit",
      "from",
      "cursor",
      "model",
      "exclude",
      "0",
      "1",
      "",
      "300",
      "$in",
      "$like",
      "$gte",
      "$null",
      "$or",
      "id",
      "reference",
      "saleId",
      "purchaseStatusId",
      "createdAt",
      "PurchaseItem",
      "Sale",
      "Customer",
      "__proto__",
      "constructor",
      "toString",
    );
    const key = fc
      .tuple(segment, fc.array(segment, { maxLength: 9 }))
      .map(([root, rest]) => root + rest.map((part) => `[${part}]`).join(""));
    const value = fc.oneof(
      segment,
      fc.constantFrom(
        "11",
        "-1",
        "1.5",
        "DESC",
        "asc",
        "%25a%25",
        "%",
        "%ZZ",
        "%00",
        "a,b",
        "+",
        "null",
        "true",
      ),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );
    const pair = fc
      .tuple(key, value, fc.boolean())
      .map(([k, v, encode]) => `${encode ? encodeURIComponent(k) : k}=${v}`);
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { maxLength: 12 }), async (pairs) => {
        const path = `/purchases.json?${pairs.join("&")}`;
        const answer = await t.json("GET", path);
        expect([200, 400], path).toContain(answer.status);
        if (answer.status === 400) expectProblem(answer, 400);
        else expect(Array.isArray(answer.body)).toBe(true);
      }),
      { seed: 20_261_123, numRuns: 300 },
    );
  });
});

describe("the reference's other query habits", () => {
  it("authenticates by ?access_token=, nests includes three deep, and ignores scope", async () => {
    const t = await ctx.tenant();
    const anonymous = await ctx.anonymous.json(
      "GET",
      `/purchases.json?access_token=${t.token}&scope=customFields`,
    );
    expect(anonymous.status).toBe(200);
    expect((await ctx.anonymous.json("GET", "/purchases.json?access_token=mcs_nope")).status).toBe(401);
    const deep = await t.json(
      "GET",
      "/purchases.json?include[0][model]=PurchaseItem&include[0][attributes][0]=id&include[0][include][0][model]=Variant&include[0][include][0][include][0][model]=OptionValue",
    );
    expect(deep.status, JSON.stringify(deep.body)).toBe(200);
  });
});
