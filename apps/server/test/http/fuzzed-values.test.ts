// Values a fuzzer sends to every operation, each answered for what it is: a map's key that names a
// prototype member kept as sent, a date-time that is an array refused, money never taken as 0 unless it
// is 0 and kept to the cent, a country or currency code that is none refused, and text's length counted
// in characters.
import { beforeAll, describe, expect, it } from "vitest";
import { countWrites, setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
let writes: () => Promise<number>;
beforeAll(async () => {
  ctx = await setupApp();
  writes = await countWrites(ctx.db);
});

/** The 422 and its field errors; nothing was written. */
async function refused(t: Tenant, method: string, path: string, body: unknown) {
  const before = await writes();
  const answer = await t.json(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(await writes()).toBe(before);
  return answer.body.errors as { path: string; message: string }[];
}

const PROTOTYPE_KEYS = '{"a":1,"__proto__":"x","constructor":2,"prototype":true,"z":null}';

describe("a map's keys", () => {
  it("are stored and answered as sent, `__proto__`, `constructor` and `prototype` included", async () => {
    const t = await ctx.tenant();
    const details = JSON.parse(PROTOTYPE_KEYS);
    const created = await t.json("POST", "/errors.json", { message: "Feed failed", details });
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body.details)).toBe(PROTOTYPE_KEYS);

    const read = await t.json("GET", `/errors/${created.body.id}.json`);
    expect(JSON.stringify(read.body.details)).toBe(PROTOTYPE_KEYS);
    expect(read.headers.get("etag")).toBe(created.headers.get("etag"));
    const listed = await t.json("GET", "/errors.json");
    expect(JSON.stringify(listed.body[0].details)).toBe(PROTOTYPE_KEYS);
    const events = await t.json("GET", "/events.json?where[type]=error.created");
    expect(JSON.stringify(events.body[0].data.object.details)).toBe(PROTOTYPE_KEYS);

    const updated = await t.json("PUT", `/errors/${created.body.id}.json`, {
      details: JSON.parse('{"constructor":"y"}'),
    });
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.body.details)).toBe('{"constructor":"y"}');
    // Nothing reached a prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("have their values checked like any other key's", async () => {
    const t = await ctx.tenant();
    const errors = await refused(t, "POST", "/errors.json", {
      message: "Feed failed",
      details: JSON.parse('{"__proto__":{"polluted":true}}'),
    });
    expect(errors).toEqual([{ path: "details.__proto__", message: "must be text, a number or true/false" }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("in a manual sale's saleDefaults name a sale's fields: `__proto__` is not one", async () => {
    const t = await ctx.tenant();
    const channel = await t.json("POST", "/channels.json", { name: "Phone orders", currency: "USD" });
    expect((await t.json("POST", "/variants.json", { sku: "A", price: 10 })).status).toBe(200);
    const warehouse = { name: "Main", isDefault: true, lineOne: "1 Dock Rd", city: "Austin", country: "US" };
    expect((await t.json("POST", "/warehouses.json", warehouse)).status).toBe(200);
    const order = {
      externalId: "ORDER-1",
      customer: { email: "ada@example.com" },
      shippingAddress: {
        name: "Ada",
        lineOne: "1 Main St",
        city: "Springfield",
        zip: "62701",
        country: "US",
      },
      items: [{ sku: "A", quantity: 1, price: 10 }],
    };
    const path = `/channels/${channel.body.id}/manual-sale.json`;
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const errors = await refused(t, "POST", path, {
        ...order,
        saleDefaults: JSON.parse(`{"notes":"Gift","${key}":1}`),
      });
      expect(errors).toEqual([{ path: `saleDefaults.${key}`, message: "is not a field of a sale" }]);
    }
    const options = JSON.parse('{"__proto__":"kept","constructor":1}');
    const sale = await t.json("POST", path, { ...order, saleDefaults: { notes: "Gift" }, options });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(sale.body.notes).toBe("Gift");
    const imports = await t.json("GET", `/sale-imports.json?where[saleId]=${sale.body.id}`);
    expect(JSON.stringify(imports.body[0].payload.options)).toBe('{"__proto__":"kept","constructor":1}');
  });
});

describe("a date-time", () => {
  it("sent as an array, a number or an object with members is a 422 naming the field", async () => {
    const t = await ctx.tenant();
    for (const value of [[], [1], 1_700_000_000, true, { at: "2026-01-01" }]) {
      expect(
        await refused(t, "POST", "/purchases.json", { dateOrdered: value }),
        JSON.stringify(value),
      ).toEqual([{ path: "dateOrdered", message: "must be an ISO 8601 date-time (or {} for now)" }]);
      expect(
        await refused(t, "POST", "/purchases.json", { deliveryExpectedAt: value }),
        JSON.stringify(value),
      ).toEqual([{ path: "deliveryExpectedAt", message: "must be an ISO 8601 date-time" }]);
    }
    // `{}`, as the reference's examples send it, still means now.
    const now = await t.json("POST", "/purchases.json", { dateOrdered: {} });
    expect(now.status).toBe(200);
    expect(Date.now() - Date.parse(now.body.dateOrdered)).toBeLessThan(60_000);
  });
});

describe("money", () => {
  it("with more than two decimals, however tiny, is a 422, never stored as 0", async () => {
    const t = await ctx.tenant();
    for (const price of [1e-20, 5e-324, 1e-12, 0.001, 19.999]) {
      expect(await refused(t, "POST", "/variants.json", { sku: "MUG-1", price }), String(price)).toEqual([
        { path: "price", message: "must be an amount with at most two decimals" },
      ]);
    }
    const variant = await t.json("POST", "/variants.json", { sku: "MUG-1", price: 19.99 });
    expect(variant.body.price).toBe(19.99);
    expect(await refused(t, "PUT", `/variants/${variant.body.id}.json`, { price: 1e-20 })).toEqual([
      { path: "price", message: "must be an amount with at most two decimals" },
    ]);
    expect((await t.json("GET", `/variants/${variant.body.id}.json`)).body.price).toBe(19.99);
  });

  it("takes what it took: 19.99, 0, 1e3, and floating point's error on cents", async () => {
    const t = await ctx.tenant();
    for (const [price, stored] of [
      [19.99, 19.99],
      [0, 0],
      [1e3, 1000],
      [0.1 + 0.2, 0.3],
      [19.99 * 3, 59.97],
    ]) {
      const variant = await t.json("POST", "/variants.json", { sku: `SKU-${price}`, price });
      expect(variant.status, String(price)).toBe(200);
      expect(variant.body.price).toBe(stored);
    }
    // An amount is a JSON number, as the reference sends it; text is not one.
    expect(await refused(t, "POST", "/variants.json", { sku: "SKU-TEXT", price: "19.99" })).toEqual([
      { path: "price", message: "must be an amount" },
    ]);
  });

  it("in a price list's prices is kept to the cent, as a variant's price is", async () => {
    const t = await ctx.tenant();
    const channel = await t.json("POST", "/channels.json", { name: "Web" });
    const variant = await t.json("POST", "/variants.json", { sku: "A", price: 0.1 + 0.2 });
    expect(variant.body.price).toBe(0.3);
    const prices = [{ variantId: variant.body.id, price: 0.1 + 0.2, compareAtPrice: 1.1 * 3 }];
    const kept = [{ variantId: variant.body.id, price: 0.3, compareAtPrice: 3.3 }];
    const list = await t.json("POST", "/channel-price-lists.json", {
      channelId: channel.body.id,
      name: "Wholesale",
      prices,
    });
    expect(list.status).toBe(200);
    expect(list.body.prices).toEqual(kept);
    expect((await t.json("GET", `/channel-price-lists/${list.body.id}.json`)).body.prices).toEqual(kept);
    const updated = await t.json("PUT", `/channel-price-lists/${list.body.id}.json`, {
      prices: [{ variantId: variant.body.id, price: 19.99 * 3 }],
    });
    expect(updated.body.prices).toEqual([{ variantId: variant.body.id, price: 59.97 }]);
    expect(
      await refused(t, "PUT", `/channel-price-lists/${list.body.id}.json`, {
        prices: [{ variantId: variant.body.id, price: 19.999 }],
      }),
    ).toEqual([{ path: "prices.0.price", message: "must be an amount with at most two decimals" }]);
  });

  it("with a third decimal is a 422 however large the amount, not stored rounded", async () => {
    const t = await ctx.tenant();
    for (const [sku, amount] of [
      ["BIG-1", "600000000000.001"],
      ["BIG-2", "9999999999999.992"],
      ["BIG-3", "4398046511104.011"],
    ]) {
      const before = await writes();
      const answer = await t.request("POST", "/variants.json", `{"sku":"${sku}","costPrice":${amount}}`);
      expect(answer.status, amount).toBe(422);
      expect(((await answer.json()) as { errors: unknown }).errors).toEqual([
        { path: "costPrice", message: "must be an amount with at most two decimals" },
      ]);
      expect(await writes()).toBe(before);
    }
    const largest = await t.request("POST", "/variants.json", '{"sku":"BIG-4","price":9999999999999.99}');
    expect(((await largest.json()) as { price: number }).price).toBe(9999999999999.99);
  });
});

describe("a currency code", () => {
  it("that is no ISO 4217 code in use is a 422 naming the field", async () => {
    const t = await ctx.tenant();
    const message = "must be an ISO 4217 currency code (e.g. USD)";
    const channel = await t.json("POST", "/channels.json", { name: "Web", currency: "EUR" });
    expect(channel.status).toBe(200);
    expect(await refused(t, "POST", "/sales.json", { channelId: channel.body.id, currency: "QQQ" })).toEqual([
      { path: "currency", message },
    ]);
    expect(await refused(t, "POST", "/dropship-providers.json", { name: "P", currency: "ABC" })).toEqual([
      { path: "currency", message },
    ]);
    expect(await refused(t, "POST", "/currencies.json", { iso: "ZZZ", name: "None", symbol: "z" })).toEqual([
      { path: "iso", message },
    ]);
    for (const iso of ["CHF", "XAU", "XXX"]) {
      const currency = await t.json("POST", "/currencies.json", { iso, name: iso, symbol: iso });
      expect(currency.status, iso).toBe(200);
    }
  });

  it("stored before codes were checked against the list still reads, and a write that keeps it works", async () => {
    const t = await ctx.tenant();
    const created = await t.json("POST", "/currencies.json", { iso: "CHF", name: "Points", symbol: "P" });
    await ctx.db.execute({ sql: "UPDATE currencies SET iso = 'QQQ' WHERE id = ?", args: [created.body.id] });
    const read = await t.json("GET", `/currencies/${created.body.id}.json`);
    expect(read.status).toBe(200);
    expect(read.body.iso).toBe("QQQ");
    expect((await t.json("GET", "/currencies.json")).body.map((c: { iso: string }) => c.iso)).toEqual([
      "QQQ",
    ]);
    const renamed = await t.json("PUT", `/currencies/${created.body.id}.json`, { name: "Loyalty points" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ iso: "QQQ", name: "Loyalty points" });
  });
});

describe("a country code", () => {
  it("that is no assigned ISO 3166-1 alpha-2 code is a 422 naming the field", async () => {
    const t = await ctx.tenant();
    const message = "must be an ISO 3166-1 alpha-2 country code (e.g. US)";
    for (const country of ["XX", "UK", "EU", "ZZ"]) {
      expect(await refused(t, "POST", "/vendors.json", { name: "Mill", country }), country).toEqual([
        { path: "country", message },
      ]);
    }
    expect(
      await refused(t, "POST", "/channels.json", { name: "Web", freeShippingCountries: ["US", "XX"] }),
    ).toEqual([{ path: "freeShippingCountries.1", message }]);
    for (const country of ["US", "GB", "AX"]) {
      expect((await t.json("POST", "/vendors.json", { name: "Mill", country })).status, country).toBe(200);
    }
  });
});

describe("text's length", () => {
  it("is counted in characters: 200 emoji fit a 200-character field, 201 do not", async () => {
    const t = await ctx.tenant();
    const name = "😀".repeat(200);
    const carrier = await t.json("POST", "/carriers.json", { name });
    expect(carrier.status).toBe(200);
    expect(carrier.body.name).toBe(name);
    expect((await t.json("GET", `/carriers/${carrier.body.id}.json`)).body.name).toBe(name);
    expect(await refused(t, "POST", "/carriers.json", { name: `${name}😀` })).toEqual([
      { path: "name", message: "must be at most 200 characters" },
    ]);
    // An API key's name, 1 to 200 characters, counts so too.
    const key = await t.json("POST", "/api-keys.json", { name, scopes: ["*:read"] });
    expect(key.status).toBe(200);
    expect(key.body.name).toBe(name);
    expect(await refused(t, "POST", "/api-keys.json", { name: `${name}😀`, scopes: ["*:read"] })).toEqual([
      { path: "name", message: "must be at most 200 characters" },
    ]);
  });
});
