import { kindByName, kinds } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { createBody, createRecordOf, errorPaths, expectProblem } from "../factory.ts";
import { setupApp, type Tenant } from "../support.ts";

const kind = (name: string) => kindByName(name)!;

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

describe("request ids", () => {
  it("echoes a sane X-Request-Id on every kind of answer", async () => {
    const t = await ctx.tenant();
    const carrier = await createRecordOf(t, kind("carrier"));
    const answers = [
      await t.request("GET", `/carriers/${carrier.id}.json`, undefined, { "X-Request-Id": "client-1" }),
      await t.request("POST", "/carriers.json", { name: "Parcel Express" }, { "X-Request-Id": "client-2" }),
      await t.request("GET", "/carriers/999999999.json", undefined, { "X-Request-Id": "client-3" }),
      await t.request("PATCH", "/carriers.json", {}, { "X-Request-Id": "client-4" }),
      await ctx.anonymous.request("GET", "/carriers.json", undefined, { "X-Request-Id": "client-5" }),
      await t.request("POST", "/carriers.json", { name: 5 }, { "X-Request-Id": "client-6" }),
      await t.request("DELETE", `/carriers/${carrier.id}.json`, undefined, { "X-Request-Id": "client-7" }),
      await ctx.anonymous.request("GET", "/health", undefined, { "X-Request-Id": "client-8" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 405, 401, 422, 204, 200]);
    expect(answers.map((answer) => answer.headers.get("X-Request-Id"))).toEqual(
      answers.map((_, i) => `client-${i + 1}`),
    );
    const problem = await answers[2]!.json();
    expect(problem.requestId).toBe("client-3");
  });

  it("generates a fresh id when the client sends none or one that is not sane", async () => {
    const t = await ctx.tenant();
    const ids = [
      (await t.request("GET", "/carriers.json")).headers.get("X-Request-Id"),
      (await t.request("GET", "/carriers.json")).headers.get("X-Request-Id"),
      (
        await t.request("GET", "/carriers.json", undefined, { "X-Request-Id": "has spaces and <html>" })
      ).headers.get("X-Request-Id"),
      (await t.request("GET", "/carriers.json", undefined, { "X-Request-Id": "x".repeat(500) })).headers.get(
        "X-Request-Id",
      ),
    ];
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("routing", () => {
  it("answers 405 with Allow for other methods on known paths", async () => {
    const t = await ctx.tenant();
    const carrier = await createRecordOf(t, kind("carrier"));
    for (const method of ["PATCH", "PUT", "DELETE"]) {
      const collection = await t.json(method, "/sales.json", method === "DELETE" ? undefined : {});
      expectProblem(collection, 405);
      expect(collection.headers.get("Allow")).toBe("GET, POST");
    }
    const item = await t.json("PATCH", `/carriers/${carrier.id}.json`, {});
    expectProblem(item, 405);
    expect(item.headers.get("Allow")).toBe("GET, PUT, DELETE");
    const post = await t.json("POST", `/carriers/${carrier.id}.json`, { name: "Courier Co" });
    expectProblem(post, 405);
    expect(post.headers.get("Allow")).toBe("GET, PUT, DELETE");
    expect((await t.json("GET", `/carriers/${carrier.id}.json`)).body).toEqual(carrier);
    const action = await t.json("GET", "/purchases/1/ship.json");
    expectProblem(action, 405);
    expect(action.headers.get("Allow")).toBe("POST");
    const events = await t.json("POST", "/events.json", {});
    expectProblem(events, 405);
    expect(events.headers.get("Allow")).toBe("GET");
    expectProblem(await t.json("PATCH", `/carriers/${carrier.id}`, {}), 404);
    expectProblem(await t.json("PATCH", "/nothing.json", {}), 404);
  });

  it("routes and answers 405 the same under a mount point (BASE_PATH)", async () => {
    const mounted = await setupApp({ basePath: "/v1" });
    const t = await mounted.tenant();
    const created = await t.json("POST", "/v1/carriers.json", { name: "Mounted Co" });
    expect(created.status).toBe(200);
    expect(created.headers.get("Location")).toMatch(new RegExp(`/v1/carriers/${created.body.id}\\.json$`));
    expect((await t.json("GET", `/v1/carriers/${created.body.id}.json`)).body).toEqual(created.body);
    const patch = await t.json("PATCH", `/v1/carriers/${created.body.id}.json`, {});
    expectProblem(patch, 405);
    expect(patch.headers.get("Allow")).toBe("GET, PUT, DELETE");
    const unmounted = await mounted.app.request("/carriers.json", {
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(unmounted.status).toBe(404);
    // Outside the mount point nothing is the API's: a 404 without a token too, never a 401.
    for (const path of ["/health", "/carriers.json", "/v2/carriers.json", "/v1x/carriers.json"]) {
      expect((await mounted.app.request(path)).status).toBe(404);
    }
    expect((await mounted.app.request("/v1/carriers.json")).status).toBe(401);
  });

  it("answers a 404 problem for unknown paths", async () => {
    const t = await ctx.tenant();
    for (const path of [
      "/nothing.json",
      "/carriers",
      "/carriers/1",
      "/carriers/1/ship.json",
      "/v2/carriers.json",
    ]) {
      expectProblem(await t.json("GET", path), 404);
    }
    expectProblem(await t.json("PATCH", "/carriers/1"), 404);
    expectProblem(await t.json("PUT", "/carriers/1", { name: "x" }), 404);
  });

  it("serves /health, /openapi.json and /docs without a token", async () => {
    const health = await ctx.anonymous.json("GET", "/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });

    const openapi = await ctx.anonymous.request("GET", "/openapi.json");
    expect(openapi.status).toBe(200);
    const document = JSON.parse(await openapi.text());
    expect(document.openapi).toBe("3.1.0");
    for (const each of kinds) {
      expect(document.paths, each.name).toHaveProperty([each.path]);
      expect(document.paths, each.name).toHaveProperty([`/${each.plural}/{id}.json`]);
    }

    const docs = await ctx.anonymous.request("GET", "/docs");
    expect(docs.status).toBe(200);
    expect(docs.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await docs.text()).toContain("/openapi.json");
  });
});

describe("bodies", () => {
  it("answers 415 to a body that is not JSON, and changes nothing", async () => {
    const t = await ctx.tenant();
    const carrier = await createRecordOf(t, kind("carrier"));
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/jsonx",
      "application/json-seq",
      "text/json",
    ]) {
      expectProblem(
        await t.json("POST", "/carriers.json", JSON.stringify({ name: "Parcel Express" }), {
          "Content-Type": type,
        }),
        415,
      );
      expectProblem(
        await t.json("PUT", `/carriers/${carrier.id}.json`, JSON.stringify({ name: "Courier Co" }), {
          "Content-Type": type,
        }),
        415,
      );
    }
    expect((await t.json("GET", "/carriers.json")).body).toEqual([carrier]);
  });

  it("accepts JSON with a charset parameter, in any case, and JSON-based media types", async () => {
    const t = await ctx.tenant();
    for (const type of [
      "application/json; charset=utf-8",
      "Application/JSON;charset=utf-8",
      "application/merge-patch+json",
      "application/vnd.example+json ; charset=utf-8",
    ]) {
      const created = await t.json("POST", "/carriers.json", JSON.stringify({ name: type }), {
        "Content-Type": type,
      });
      expect(created.status, type).toBe(200);
      expect(created.body.name).toBe(type);
    }
  });

  it("answers 400 to malformed JSON and 422 to JSON that is not an object", async () => {
    const t = await ctx.tenant();
    for (const text of ['{"name": ', "{name: 1}", "[1,", "nul", "\u0000"]) {
      expectProblem(await t.json("POST", "/carriers.json", text), 400);
    }
    for (const text of ["[]", '"name"', "12", "null", "true"]) {
      expectProblem(await t.json("POST", "/carriers.json", text), 422);
    }
    expect((await t.json("GET", "/carriers.json")).body).toEqual([]);
  });
});

describe("body bytes", () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  /** `bytes` POSTed as JSON, with its Content-Length (as a runtime frames it) or without (chunked). */
  const post = (t: Tenant, path: string, bytes: Uint8Array<ArrayBuffer>, framed: boolean) =>
    ctx.app.fetch(
      new Request(`http://127.0.0.1${path}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${t.token}`,
          "Content-Type": "application/json",
          ...(framed ? { "Content-Length": String(bytes.byteLength) } : {}),
        },
        body: bytes,
      }),
    );

  it("leaves out a byte order mark before the JSON, framed by Content-Length or not", async () => {
    const t = await ctx.tenant();
    for (const framed of [true, false]) {
      const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encode(`{"name":"Marked ${framed}"}`)]);
      const answer = await post(t, "/carriers.json", bytes, framed);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ name: `Marked ${framed}` });
    }
  });

  it("refuses a body nesting arrays and objects more than 100 levels deep (400), before parsing it", async () => {
    const t = await ctx.tenant();
    const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
    // Brackets inside a text are text.
    const named = await post(t, "/carriers.json", encode(`{"name":"${"[".repeat(150)}"}`), true);
    expect(await named.json()).toMatchObject({ name: "[".repeat(150) });
    for (const body of [`{"payload":${nested(100)}}`, nested(500_000)]) {
      const answer = await post(t, "/sale-imports.json", encode(body), true);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        detail: "The JSON body nests arrays and objects more than 100 levels deep.",
      });
    }
    // 100 levels are parsed, and a JSON field's own bound (32 levels) says what is wrong.
    const deep = await post(t, "/sale-imports.json", encode(`{"payload":${nested(99)}}`), true);
    expect(deep.status).toBe(422);
    expect((await t.json("GET", "/sale-imports.json")).body).toEqual([]);
  });

  it("refuses bytes that are not UTF-8 (400), storing nothing rather than U+FFFD", async () => {
    const t = await ctx.tenant();
    const [head, tail] = ['{"name":"Caf', '"}'].map(encode);
    for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xe9]]) {
      for (const framed of [true, false]) {
        const bytes = new Uint8Array([...head!, ...bad, ...tail!]);
        const answer = await post(t, "/carriers.json", bytes, framed);
        expect(answer.status).toBe(400);
        expect(await answer.json()).toMatchObject({ detail: "The request body is not UTF-8 text." });
      }
    }
    expect((await t.json("GET", "/carriers.json")).body).toEqual([]);
    // The same name in UTF-8 is taken, and so is a U+FFFD sent as such.
    const answer = await post(t, "/carriers.json", encode('{"name":"Café"}'), true);
    expect(await answer.json()).toMatchObject({ name: "Café" });
    const replaced = await post(t, "/carriers.json", encode('{"name":"Caf\uFFFD"}'), true);
    expect(await replaced.json()).toMatchObject({ name: "Caf\uFFFD" });
  });

  it("reads an empty body as {}: a create holds its defaults or names the fields it requires", async () => {
    const t = await ctx.tenant();
    const carrier = await post(t, "/carriers.json", new Uint8Array(), true);
    expect(carrier.status).toBe(200);
    expect(await carrier.json()).toMatchObject({ name: null, platform: "manual" });
    const variant = await post(t, "/variants.json", new Uint8Array(), true);
    expect(variant.status).toBe(422);
    expect(errorPaths(await variant.json())).toContain("sku");
  });
});

describe("nested values", () => {
  it("answers 422 to an array where a map is expected, and keeps any JSON where any is taken", async () => {
    const t = await ctx.tenant();
    const purchase = await createRecordOf(t, kind("purchase"));
    const map = await t.json("POST", "/errors.json", {
      ...(await createBody(t, kind("error"))),
      details: ["x"],
    });
    expect(errorPaths(expectProblem(map, 422))).toEqual(["details"]);
    // The reference types `totals` as any JSON: an array is kept, as sent.
    const payment = await t.json("POST", "/purchase-invoice-payments.json", {
      purchaseId: purchase.id,
      totals: [],
    });
    expect(payment.status).toBe(200);
    expect(payment.body.totals).toEqual([]);
  });
});

describe("body limit", () => {
  let small: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    small = await setupApp({ bodyLimit: 1000 });
  });

  it("answers 413 over the limit and accepts bodies under it", async () => {
    const t = await small.tenant();
    const over = { name: "Parcel Express", notes: "n".repeat(1200) };
    expectProblem(await t.json("POST", "/vendors.json", over), 413);
    // A lying Content-Length does not get a larger body past the limit.
    expectProblem(await t.json("POST", "/vendors.json", over, { "Content-Length": "10" }), 413);
    expect((await t.json("GET", "/vendors.json")).body).toEqual([]);

    const under = await t.json("POST", "/vendors.json", { name: "Parcel Express", notes: "n".repeat(900) });
    expect(under.status).toBe(200);
    const put = await t.json("PUT", `/vendors/${under.body.id}.json`, { notes: "m".repeat(1200) });
    expectProblem(put, 413);
    expect((await t.json("GET", `/vendors/${under.body.id}.json`)).body).toEqual(under.body);
  });
});

describe("ETag and If-Match", () => {
  async function vendor(t: Tenant) {
    const created = await t.json("POST", "/vendors.json", { name: "Parcel Express" });
    const read = await t.json("GET", `/vendors/${created.body.id}.json`);
    return { id: created.body.id as number, etag: read.headers.get("ETag")!, record: read.body };
  }

  it("keeps the ETag across reads and changes it with an update", async () => {
    const t = await ctx.tenant();
    const { id, etag } = await vendor(t);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await t.json("GET", `/vendors/${id}.json`)).headers.get("ETag")).toBe(etag);
    const updated = await t.json("PUT", `/vendors/${id}.json`, { notes: "prefers mornings" });
    expect(updated.headers.get("ETag")).not.toBe(etag);
    expect((await t.json("GET", `/vendors/${id}.json`)).headers.get("ETag")).toBe(
      updated.headers.get("ETag"),
    );
  });

  it("applies a PUT whose If-Match matches, or is *", async () => {
    const t = await ctx.tenant();
    const { id, etag } = await vendor(t);
    const matching = await t.json("PUT", `/vendors/${id}.json`, { notes: "one" }, { "If-Match": etag });
    expect(matching.status).toBe(200);
    expect(matching.body.notes).toBe("one");
    const star = await t.json("PUT", `/vendors/${id}.json`, { notes: "two" }, { "If-Match": "*" });
    expect(star.status).toBe(200);
    expect(star.body.notes).toBe("two");
    const list = await t.json(
      "PUT",
      `/vendors/${id}.json`,
      { notes: "three" },
      { "If-Match": `"stale", ${star.headers.get("ETag")}` },
    );
    expect(list.status).toBe(200);
  });

  it("answers 412 to a PUT or DELETE with a stale If-Match, and changes nothing", async () => {
    const t = await ctx.tenant();
    const { id, etag } = await vendor(t);
    const changed = await t.json("PUT", `/vendors/${id}.json`, { notes: "changed elsewhere" });
    expectProblem(await t.json("PUT", `/vendors/${id}.json`, { notes: "mine" }, { "If-Match": etag }), 412);
    expectProblem(await t.json("DELETE", `/vendors/${id}.json`, undefined, { "If-Match": etag }), 412);
    expect((await t.json("GET", `/vendors/${id}.json`)).body).toEqual(changed.body);
  });

  it("deletes when If-Match matches or is *", async () => {
    const t = await ctx.tenant();
    const first = await vendor(t);
    expect(
      (await t.request("DELETE", `/vendors/${first.id}.json`, undefined, { "If-Match": first.etag })).status,
    ).toBe(204);
    expectProblem(await t.json("GET", `/vendors/${first.id}.json`), 404);
    const second = await vendor(t);
    expect(
      (await t.request("DELETE", `/vendors/${second.id}.json`, undefined, { "If-Match": "*" })).status,
    ).toBe(204);
    expectProblem(await t.json("GET", `/vendors/${second.id}.json`), 404);
  });
});

describe("updates", () => {
  it("ignores id, timestamps and read-only fields sent in a PUT", async () => {
    const t = await ctx.tenant();
    const purchase = await createRecordOf(t, kind("purchase"));
    const updated = await t.json("PUT", `/purchases/${purchase.id}.json`, {
      ...purchase,
      id: purchase.id + 1000,
      createdAt: "2001-01-01T00:00:00.000Z",
      updatedAt: "2001-01-01T00:00:00.000Z",
      status: "shipped",
      sentAt: "2001-01-01T00:00:00.000Z",
      paidAt: "2001-01-01T00:00:00.000Z",
      notes: "call first",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: purchase.id,
      createdAt: purchase.createdAt,
      status: "pending",
      sentAt: null,
      paidAt: null,
      notes: "call first",
    });
    expect(updated.body.updatedAt).not.toBe("2001-01-01T00:00:00.000Z");
    expectProblem(await t.json("GET", `/purchases/${purchase.id + 1000}.json`), 404);
  });

  it("changes only the fields sent", async () => {
    const t = await ctx.tenant();
    const created = await t.json("POST", "/vendors.json", {
      name: "Parcel Express",
      code: "PE",
      notes: "first",
    });
    const updated = await t.json("PUT", `/vendors/${created.body.id}.json`, { notes: "second" });
    expect(updated.body).toEqual({ ...created.body, notes: "second", updatedAt: updated.body.updatedAt });
    const cleared = await t.json("PUT", `/vendors/${created.body.id}.json`, { code: null });
    expect(cleared.body.code).toBeNull();
    expect(cleared.body.notes).toBe("second");
  });
});

describe("deletes and references", () => {
  it("answers 409 naming the referring kind, and deletes nothing", async () => {
    const t = await ctx.tenant();
    const level = await createRecordOf(t, kind("inventory-level"));
    const answer = expectProblem(await t.json("DELETE", `/variants/${level.variantId}.json`), 409);
    expect(answer.references).toEqual([{ kind: "inventory-level", count: 1 }]);
    expect(answer.detail).toContain("inventory-level");
    expect((await t.json("GET", `/variants/${level.variantId}.json`)).status).toBe(200);
    expect((await t.json("GET", `/inventory-levels/${level.id}.json`)).body).toEqual(level);

    expect((await t.request("DELETE", `/inventory-levels/${level.id}.json`)).status).toBe(204);
    expect((await t.request("DELETE", `/variants/${level.variantId}.json`)).status).toBe(204);
  });

  it("deletes a sale with its items", async () => {
    const t = await ctx.tenant();
    const item = await createRecordOf(t, kind("sale-item"));
    const second = await t.json("POST", "/sale-items.json", {
      saleId: item.saleId,
      sku: "SKU-2",
      quantity: 2,
      price: 3.5,
    });
    expect(second.status).toBe(200);
    const discount = await t.json("POST", "/sale-discount-codes.json", {
      saleId: item.saleId,
      code: "SPRING",
      amount: 5,
    });
    expect(discount.status).toBe(200);
    const unrelated = await createRecordOf(t, kind("sale-item"));

    expect((await t.request("DELETE", `/sales/${item.saleId}.json`)).status).toBe(204);
    expectProblem(await t.json("GET", `/sale-items/${item.id}.json`), 404);
    expectProblem(await t.json("GET", `/sale-items/${second.body.id}.json`), 404);
    expectProblem(await t.json("GET", `/sale-discount-codes/${discount.body.id}.json`), 404);
    expect((await t.json("GET", `/sale-items.json?where[saleId]=${item.saleId}`)).body).toEqual([]);
    expect((await t.json("GET", `/sale-items/${unrelated.id}.json`)).body).toEqual(unrelated);
  });

  it("deletes a purchase with its items and their own items", async () => {
    const t = await ctx.tenant();
    const itemField = await createRecordOf(t, kind("custom-field-purchase-item"));
    const item = (await t.json("GET", `/purchase-items/${itemField.purchaseItemId}.json`)).body;
    const purchaseField = await t.json("POST", "/custom-field-purchases.json", {
      customFieldId: itemField.customFieldId,
      purchaseId: item.purchaseId,
      value: "rush",
    });
    expect(purchaseField.status).toBe(200);

    expect((await t.request("DELETE", `/purchases/${item.purchaseId}.json`)).status).toBe(204);
    expectProblem(await t.json("GET", `/purchase-items/${item.id}.json`), 404);
    expectProblem(await t.json("GET", `/custom-field-purchase-items/${itemField.id}.json`), 404);
    expectProblem(await t.json("GET", `/custom-field-purchases/${purchaseField.body.id}.json`), 404);
    expect((await t.json("GET", `/custom-fields/${itemField.customFieldId}.json`)).status).toBe(200);
  });

  it("names what still refers to a feed of 40,000 items, and keeps the feed and its items", async () => {
    const t = await ctx.tenant();
    // A dropship location whose stock comes from the feed: deleting the feed is refused.
    const feed = await createRecordOf(t, kind("inventory-feed"));
    const location = await createRecordOf(t, kind("dropship-location"));
    const located = await t.json("PUT", `/dropship-locations/${location.id}.json`, {
      inventoryFeedId: feed.id,
    });
    expect(located.status).toBe(200);
    const first = await t.json("POST", "/inventory-feed-variants.json", {
      ...(await createBody(t, kind("inventory-feed-variant"))),
      inventoryFeedId: feed.id,
    });
    expect(first.status).toBe(200);
    // 39,999 more items, written as no API call would: more ids than SQLite binds in one statement.
    const { rows } = await ctx.db.execute("SELECT name FROM pragma_table_info('inventory_feed_variants')");
    const columns = rows.map((row) => String(row.name)).filter((column) => column !== "id");
    const values = columns.map((column) => (column === "external_id" ? "external_id || '-' || k" : column));
    await ctx.db.execute({
      sql: `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 39999)
            INSERT INTO inventory_feed_variants (${columns.join(", ")}) SELECT ${values.join(", ")} FROM inventory_feed_variants, n WHERE id = ?`,
      args: [first.body.id],
    });

    const answer = expectProblem(await t.json("DELETE", `/inventory-feeds/${feed.id}.json`), 409);
    expect(answer.references).toEqual([{ kind: "dropship-location", count: 1 }]);
    const items = await t.json(
      "GET",
      `/inventory-feed-variants.json?where[inventoryFeedId]=${feed.id}&from=39999&limit=5`,
    );
    expect(items.body).toHaveLength(1);
  });

  it("keeps the parent and all its items when one item is still referenced elsewhere", async () => {
    const t = await ctx.tenant();
    const item = await createRecordOf(t, kind("sale-item"));
    const other = await t.json("POST", "/sale-items.json", {
      saleId: item.saleId,
      sku: "SKU-2",
      quantity: 1,
      price: 1,
    });
    // A fulfillment of the sale (its lines name the sale's lines) made with the sale's line.
    const fulfillment = await createRecordOf(t, kind("fulfillment"));
    expect(
      (await t.json("PUT", `/fulfillments/${fulfillment.id}.json`, { saleId: item.saleId })).status,
    ).toBe(200);
    const fulfillmentItem = await t.json("POST", "/fulfillment-items.json", {
      fulfillmentId: fulfillment.id,
      saleItemId: item.id,
      quantity: 1,
    });
    expect(fulfillmentItem.status).toBe(200);

    const answer = expectProblem(await t.json("DELETE", `/sales/${item.saleId}.json`), 409);
    expect(answer.references).toEqual(
      expect.arrayContaining([
        { kind: "fulfillment", count: 1 },
        { kind: "fulfillment-item", count: 1 },
      ]),
    );
    expect((await t.json("GET", `/sales/${item.saleId}.json`)).status).toBe(200);
    expect((await t.json("GET", `/sale-items/${item.id}.json`)).body).toEqual(item);
    expect((await t.json("GET", `/sale-items/${other.body.id}.json`)).body).toEqual(other.body);
  });
});

describe("unique fields", () => {
  it("answers 409 to a second record with the same unique values, on create and update", async () => {
    const t = await ctx.tenant();
    const first = await t.json("POST", "/variants.json", { sku: "SKU-1" });
    expect(first.status).toBe(200);
    const duplicate = expectProblem(
      await t.json("POST", "/variants.json", { sku: "SKU-1", name: "again" }),
      409,
    );
    expect(duplicate.fields).toEqual(["sku"]);
    expect((await t.json("GET", "/variants.json?where[sku]=SKU-1")).body).toEqual([first.body]);

    const second = await t.json("POST", "/variants.json", { sku: "SKU-2" });
    expectProblem(await t.json("PUT", `/variants/${second.body.id}.json`, { sku: "SKU-1" }), 409);
    expect((await t.json("GET", `/variants/${second.body.id}.json`)).body).toEqual(second.body);
  });

  it("applies unique sets of several fields, within one company only", async () => {
    const t = await ctx.tenant();
    const channel = await createRecordOf(t, kind("channel"));
    const otherChannel = await createRecordOf(t, kind("channel"));
    const first = await t.json("POST", "/channel-variants.json", {
      channelId: channel.id,
      externalId: "ext-1",
    });
    expect(first.status).toBe(200);
    expectProblem(
      await t.json("POST", "/channel-variants.json", { channelId: channel.id, externalId: "ext-1" }),
      409,
    );
    expect(
      (await t.json("POST", "/channel-variants.json", { channelId: otherChannel.id, externalId: "ext-1" }))
        .status,
    ).toBe(200);

    const other = await ctx.tenant();
    expect((await other.json("POST", "/variants.json", { sku: "SKU-1" })).status).toBe(200);
    expect((await t.json("POST", "/variants.json", { sku: "SKU-1" })).status).toBe(200);
  });
});

describe("money", () => {
  it("keeps amounts exact", async () => {
    const t = await ctx.tenant();
    const created = await t.json("POST", "/transfers.json", { amount: 0.1 + 0.2 });
    expect(created.status).toBe(200);
    expect(created.body.amount).toBe(0.3);
    expect(
      (await t.json("GET", `/transfers.json?where[amount]=0.3`)).body.map((x: { id: number }) => x.id),
    ).toEqual([created.body.id]);
    for (const amount of [19.99, 1.1, 9999999999999.99, -0.01, 0]) {
      const updated = await t.json("PUT", `/transfers/${created.body.id}.json`, { amount });
      expect(updated.body.amount).toBe(amount);
      expect((await t.json("GET", `/transfers/${created.body.id}.json`)).body.amount).toBe(amount);
    }
  });

  it("refuses amounts with more than two decimals", async () => {
    const t = await ctx.tenant();
    const answer = expectProblem(await t.json("POST", "/transfers.json", { amount: 1.005 }), 422);
    expect(errorPaths(answer)).toEqual(["amount"]);
  });

  it("sums many amounts from a list to the cent", async () => {
    const t = await ctx.tenant();
    const amounts = Array.from({ length: 60 }, (_, i) => (i * 7 + 1) / 100 + 0.1);
    for (const amount of amounts)
      expect((await t.json("POST", "/transfers.json", { amount })).status).toBe(200);
    const listed = (await t.json("GET", "/transfers.json?limit=250")).body as { amount: number }[];
    const cents = listed.map(({ amount }) => amount * 100);
    for (const cent of cents) expect(cent).toBeCloseTo(Math.round(cent), 9);
    expect(listed.map(({ amount }) => amount)).toEqual(
      amounts.map((amount) => Math.round(amount * 100) / 100),
    );
    const total = cents.reduce((sum, cent) => sum + Math.round(cent), 0);
    expect(total).toBe(amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0));
    expect(total).toBe(60 * 11 + 7 * ((59 * 60) / 2));
  });
});
