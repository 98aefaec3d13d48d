import { readFileSync } from "node:fs";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  actionInputSchema,
  f,
  fieldSchema,
  isCountryCode,
  isCurrencyCode,
  isMoney,
  kindByName,
  kindSchemas,
  kinds,
} from "../src/index.ts";
import { fullBody, minimalBody, sampleValue } from "./samples.ts";

const reference = JSON.parse(readFileSync(new URL("./fixtures/resources.json", import.meta.url), "utf8")) as {
  kinds: { kind: string; fields?: { name: string; default?: unknown; enum?: string[]; type: string }[] }[];
  actionPayloadsSeen: Record<string, Record<string, unknown> | null>;
};

const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value);
const record = (kind: (typeof kinds)[number]) => ({
  id: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...Object.fromEntries(Object.entries(kind.fields).map(([name, field]) => [name, sampleValue(field)])),
});

describe.each(kinds.map((kind) => [kind.name, kind] as const))("%s validators", (_, kind) => {
  const schemas = kindSchemas(kind);

  it("accept a minimal create, a full create, a stored record and that record PUT back", () => {
    expect(ok(schemas.create, minimalBody(kind.fields)).issues).toBeUndefined();
    expect(ok(schemas.create, fullBody(kind.fields)).issues).toBeUndefined();
    expect(ok(schemas.record, record(kind)).issues).toBeUndefined();
    expect(ok(schemas.update, record(kind)).issues).toBeUndefined();
    expect(ok(schemas.update, {}).success).toBe(true);
  });

  it("reject unknown fields, naming them", () => {
    const result = ok(schemas.create, { ...minimalBody(kind.fields), notAField: 1 });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.path?.[0]?.key).toBe("notAField");
    expect(ok(schemas.update, { notAField: 1 }).success).toBe(false);
  });

  it("reject wrong types on every writable field", () => {
    for (const [name, field] of Object.entries(kind.fields)) {
      if (field.readOnly || field.type === "json") continue; // any JSON value is of its type
      const wrong =
        field.type === "string" || field.type === "enum" || field.type === "datetime" ? 12 : "wrong";
      expect(ok(schemas.update, { [name]: wrong }).success, `${kind.name}.${name} = ${wrong}`).toBe(false);
    }
  });

  it("require what a create must send", () => {
    for (const [name, field] of Object.entries(kind.fields)) {
      if (!field.required || field.default !== undefined || field.readOnly) continue;
      const body = minimalBody(kind.fields);
      delete body[name];
      expect(ok(schemas.create, body).success, `${kind.name} without ${name}`).toBe(false);
    }
  });
});

describe("JSON-valued fields", () => {
  const saleImport = kindSchemas(kindByName("sale-import")!);

  it("take any JSON value as it is: object, array, string, number, boolean", () => {
    for (const value of [{}, { a: [1, { b: null }] }, [], ["x"], "text", 0, 12.5, true, false]) {
      const result = v.safeParse(saleImport.update, { payload: value });
      expect(result.success, JSON.stringify(value)).toBe(true);
      expect((result.output as { payload: unknown }).payload).toEqual(value);
    }
  });

  it("refuse a value over its size, nested too deep, or with ill-formed text", () => {
    const big = "x".repeat(200_001);
    expect(v.safeParse(saleImport.update, { payload: big }).success).toBe(false);
    expect(v.safeParse(saleImport.update, { payload: { [big]: 1 } }).success).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(v.safeParse(saleImport.update, { payload: deep }).success).toBe(false);
    expect(v.safeParse(saleImport.update, { payload: { note: "a\u0000b" } }).success).toBe(false);
    expect(v.safeParse(saleImport.update, { problem: "x".repeat(9000) }).success).toBe(false);
  });
});

describe("field rules", () => {
  const channelVariant = kindSchemas(kindByName("channel-variant")!);
  const variant = kindSchemas(kindByName("variant")!);

  it("rejects values outside an enum, and keeps any text of an open one", () => {
    const dataExport = kindSchemas(kindByName("data-export")!);
    expect(ok(dataExport.update, { format: "json" }).success).toBe(true);
    expect(ok(dataExport.update, { format: "xlsx" }).success).toBe(false);
    expect(ok(channelVariant.update, { source: "connector" }).success).toBe(true);
    expect(ok(channelVariant.update, { source: "elsewhere" }).success).toBe(true);
    expect(ok(channelVariant.update, { source: "x".repeat(101) }).success).toBe(false);
  });

  it("rejects numbers out of range, non-integers for integers and non-finite numbers", () => {
    expect(ok(variant.update, { weight: -1 }).success).toBe(false);
    expect(ok(variant.update, { price: -0.01 }).success).toBe(false);
    const item = kindSchemas(kindByName("fulfillment-item")!);
    expect(ok(item.update, { picked: 1.5 }).success).toBe(false);
    expect(ok(item.update, { picked: Number.NaN }).success).toBe(false);
    expect(ok(item.update, { picked: -1 }).success).toBe(false);
  });

  it("accepts money with at most two decimals", () => {
    expect(isMoney(19.99)).toBe(true);
    expect(isMoney(0.1 + 0.2)).toBe(true);
    expect(isMoney(1.005)).toBe(false);
    expect(ok(variant.update, { price: 19.999 }).success).toBe(false);
  });

  it("checks lengths, formats, dates and references", () => {
    expect(ok(variant.update, { sku: "x".repeat(101) }).success).toBe(false);
    const customer = kindSchemas(kindByName("customer")!);
    expect(ok(customer.update, { email: "not-an-email" }).success).toBe(false);
    expect(ok(customer.update, { email: "a@example.com" }).success).toBe(true);
    const sale = kindSchemas(kindByName("sale")!);
    expect(ok(sale.update, { orderedAt: "yesterday" }).success).toBe(false);
    expect(ok(sale.update, { orderedAt: "2026-02-30T00:00:00Z" }).success).toBe(false);
    expect(ok(sale.update, { currency: "usd" }).success).toBe(false);
    expect(ok(sale.update, { channelId: 0 }).success).toBe(false);
    expect(ok(sale.update, { channelId: 1.5 }).success).toBe(false);
  });

  it("takes an absolute http or https URL where a field holds a URL, nothing else, and weights up to 10 tonnes", () => {
    const product = kindSchemas(kindByName("product")!);
    for (const url of [
      "https://cdn.example.com/a.png",
      "http://example.com/x?y=1#z",
      "HTTPS://EXAMPLE.COM/",
    ]) {
      expect(ok(product.update, { imageUrl: url }).success, url).toBe(true);
    }
    const refused = [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
      "ftp://example.com/feed.csv",
      "https://example.com/a b.png",
      "https://example.com/a\r\nX-Injected: 1",
      "/images/a.png",
      "https://",
    ];
    for (const url of refused) expect(ok(product.update, { imageUrl: url }).success, url).toBe(false);
    expect(ok(variant.update, { weight: 10_000_000 }).success).toBe(true);
    expect(ok(variant.update, { weight: 10_000_000.5 }).success).toBe(false);
  });

  it("takes an HS code of 6 to 10 digits, groups of them separated by dots", () => {
    for (const code of ["6205.20", "620520", "6205.20.0010", "6205.20.00.10", "0901210000"]) {
      expect(ok(variant.update, { hsCode: code }).success, code).toBe(true);
    }
    for (const code of ["90121", "62052000001", "6205..20", ".620520", "620520.", "6205 20", "62-05-20"]) {
      expect(ok(variant.update, { hsCode: code }).success, code).toBe(false);
    }
  });

  it("accepts and ignores read-only fields, ids and timestamps on update and on create", () => {
    const purchase = kindSchemas(kindByName("purchase")!);
    const computed = { id: 9, createdAt: "2023-05-04T09:42:00+00:00", status: "shipped", total: 12 };
    expect(ok(purchase.update, computed).success).toBe(true);
    expect(ok(purchase.create, computed).success).toBe(true);
    expect(ok(purchase.create, { ...computed, notAField: 1 }).success).toBe(false);
  });

  it("checks nested shapes", () => {
    const returnShipment = kindSchemas(kindByName("return-shipment")!);
    expect(ok(returnShipment.update, { items: [{ purchaseItemId: 1, quantity: 2 }] }).success).toBe(true);
    expect(ok(returnShipment.update, { items: [{ purchaseItemId: 1 }] }).success).toBe(false);
    expect(
      ok(returnShipment.update, { items: [{ purchaseItemId: 1, quantity: 2, extra: true }] }).success,
    ).toBe(false);
  });
});

describe("values shaped like the public reference's", () => {
  const withFacts = reference.kinds.filter((kind) => kind.fields?.length);

  it.each(withFacts.map((kind) => [kind.kind, kind] as const))(
    "%s uses and accepts the reference's defaults",
    (name, facts) => {
      const kind = kindByName(name)!;
      const schemas = kindSchemas(kind);
      const body: Record<string, unknown> = {};
      for (const fact of facts.fields ?? []) {
        const field = kind.fields[fact.name];
        // Fields redesigned as required (no default) deliberately do not take the reference's default.
        if (
          !field ||
          field.default === undefined ||
          fact.default === undefined ||
          typeof fact.default === "object"
        )
          continue;
        expect(field.default, `${name}.${fact.name}`).toEqual(fact.default);
        if (!field.readOnly) body[fact.name] = fact.default;
      }
      expect(ok(schemas.update, body).issues).toBeUndefined();
    },
  );

  it.each(withFacts.map((kind) => [kind.kind, kind] as const))(
    "%s accepts every enum value of the reference",
    (name, facts) => {
      const schemas = kindSchemas(kindByName(name)!);
      for (const fact of facts.fields ?? []) {
        const field = kindByName(name)!.fields[fact.name];
        // carrier.carrierType's reference values are carrier brands: replaced by neutral ones.
        if (!fact.enum || !field || field.readOnly || field.type !== "enum" || fact.name === "carrierType")
          continue;
        for (const value of fact.enum)
          expect(ok(schemas.update, { [fact.name]: value }).success, `${name}.${fact.name}=${value}`).toBe(
            true,
          );
      }
    },
  );

  it("accepts the reference's action payloads", () => {
    const channel = kindByName("channel")!;
    for (const [operation, payload] of Object.entries(reference.actionPayloadsSeen)) {
      if (!payload) continue;
      const name = /\/([a-z-]+)\.json$/.exec(operation)![1];
      const action = channel.actions!.find((candidate) => candidate.name === name)!;
      expect(ok(actionInputSchema(action.input), payload).issues, operation).toBeUndefined();
    }
  });
});

describe("an action input's accepted members", () => {
  const batch = kindByName("channel")!.actions!.find(
    (action) => action.name === "import-connector-variant-batch",
  )!;
  const schema = actionInputSchema(batch.input);
  const parse = (item: string) =>
    v.safeParse(schema, JSON.parse(`{"items":[${item}]}`), { abortPipeEarly: true });

  it("takes server-managed and unkept members with any value, and drops them from the parsed value", () => {
    const result = parse('{"sku":"A-1","id":7,"inventoryQuantity":"lots","images":[{"src":"x"}],"name":"A"}');
    expect(result.issues).toBeUndefined();
    expect(result.output).toEqual({ items: [{ sku: "A-1", name: "A" }] });
    expect(Object.keys((result.output as { items: object[] }).items[0]!)).toEqual(["sku", "name"]);
  });

  it("still checks the members it keeps, and refuses an unknown one beside accepted ones", () => {
    const keys = (item: string) =>
      parse(item).issues?.map((issue) => issue.path?.map((p) => p.key).join("."));
    expect(keys('{"sku":"A-1","id":7,"price":"free"}')).toEqual(["items.0.price"]);
    expect(keys('{"sku":"A-1","id":7,"notAField":1}')).toEqual(["items.0.notAField"]);
    // An own `__proto__` member is a member like any other: unknown, not a prototype to read fields from.
    expect(keys('{"id":7,"__proto__":{"sku":"A-1"}}')).toEqual(["items.0.sku", "items.0.__proto__"]);
  });

  it("are listed in the OpenAPI document in their place", () => {
    const doc = JSON.parse(readFileSync(new URL("../openapi.json", import.meta.url), "utf8"));
    const item = doc.components.schemas.ChannelImportConnectorVariantBatchInput.properties.items.items;
    const names = Object.keys(item.properties);
    expect(names.slice(0, 3)).toEqual(["externalId", "sku", "name"]);
    expect(names).toContain("inventoryQuantity");
    // Typed as the record answers it, and read-only: a generated request example leaves it out.
    expect(item.properties.id).toMatchObject({ type: "integer", readOnly: true });
    expect(item.properties.totalSaleItems).toEqual({
      readOnly: true,
      description: "Server-managed: accepted and ignored.",
    });
    expect(item.additionalProperties).toBe(false);
  });
});

describe("values a fuzzer sends", () => {
  const error = kindSchemas(kindByName("error")!);

  it("keep every key of a map as sent, `__proto__`, `constructor` and `prototype` included", () => {
    const details = JSON.parse('{"a":1,"__proto__":"x","constructor":2,"prototype":true,"z":null}');
    const parsed = ok(error.create, { message: "m", details });
    expect(parsed.success).toBe(true);
    const kept = (parsed.output as { details: Record<string, unknown> }).details;
    expect(Object.keys(kept)).toEqual(["a", "__proto__", "constructor", "prototype", "z"]);
    expect(JSON.stringify(kept)).toBe(JSON.stringify(details));
    // Own keys of an object without a prototype: none of them reaches one.
    expect(Object.getPrototypeOf(kept)).toBe(null);
    expect(Object.hasOwn(kept, "__proto__")).toBe(true);
    expect(ok(error.record, { ...record(kindByName("error")!), details }).success).toBe(true);
  });

  it("check those keys' values like any other's", () => {
    const details = JSON.parse('{"__proto__":{"polluted":true}}');
    const parsed = v.safeParse(error.update, { details });
    expect(parsed.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ["details.__proto__", "text, a number or true/false"],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuse an array, a number or an object where a date-time is, `{}` aside where it means the default", () => {
    const purchase = kindSchemas(kindByName("purchase")!);
    const sale = kindSchemas(kindByName("sale")!);
    for (const value of [[], [1], 0, 1_700_000_000, true, { a: 1 }]) {
      expect(ok(purchase.create, { dateOrdered: value }).success, JSON.stringify(value)).toBe(false);
      expect(ok(sale.update, { dateOrdered: value }).success, JSON.stringify(value)).toBe(false);
      expect(ok(sale.update, { orderedAt: value }).success, JSON.stringify(value)).toBe(false);
    }
    expect(ok(purchase.create, { dateOrdered: {} }).success).toBe(true);
    expect(ok(sale.update, { dateOrdered: {} }).success).toBe(true);
    expect(ok(sale.update, { orderedAt: {} }).success).toBe(false);
  });

  it("take an officially assigned country code only, or Kosovo's XK", () => {
    const letters = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
    const codes = letters.flatMap((first) => letters.map((second) => first + second)).filter(isCountryCode);
    expect(codes).toHaveLength(250);
    const vendor = kindSchemas(kindByName("vendor")!);
    for (const code of ["US", "GB", "DE", "AX", "SS", "ZW", "XK"]) {
      expect(ok(vendor.update, { country: code }).success, code).toBe(true);
    }
    for (const code of ["XX", "UK", "EU", "ZZ", "AA", "us", "USA", "U", " US"]) {
      const parsed = v.safeParse(vendor.update, { country: code }, { abortPipeEarly: true });
      expect(
        parsed.issues?.map((issue) => issue.message),
        code,
      ).toEqual(["an ISO 3166-1 alpha-2 country code (e.g. US)"]);
    }
    const channel = kindSchemas(kindByName("channel")!);
    expect(ok(channel.update, { freeShippingCountries: ["US", "CA"] }).success).toBe(true);
    expect(ok(channel.update, { freeShippingCountries: ["US", "XX"] }).success).toBe(false);
  });

  it("take an ISO 4217 currency code, in use or withdrawn since 2000, and read back a stored code off the list", () => {
    const letters = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
    const codes = letters.flatMap((a) => letters.flatMap((b) => letters.map((c) => a + b + c)));
    expect(codes.filter(isCurrencyCode)).toHaveLength(178 + 59);
    const sale = kindSchemas(kindByName("sale")!);
    for (const code of [
      "USD",
      "EUR",
      "JPY",
      "CHF",
      "XAU",
      "XDR",
      "XTS",
      "XXX",
      "ZWG",
      "XCG",
      "SLE",
      "HRK",
      "BGN",
      "DEM",
    ]) {
      expect(ok(sale.update, { currency: code }).success, code).toBe(true);
    }
    for (const code of ["QQQ", "ABC", "ZZZ", "usd", "US", "USDX"]) {
      const parsed = v.safeParse(sale.update, { currency: code }, { abortPipeEarly: true });
      expect(
        parsed.issues?.map((issue) => issue.message),
        code,
      ).toEqual(["an ISO 4217 currency code (e.g. USD)"]);
    }
    const currency = kindByName("currency")!;
    expect(ok(kindSchemas(currency).create, { iso: "QQQ", name: "Points", symbol: "P" }).success).toBe(false);
    const stored = { ...record(currency), iso: "QQQ" };
    expect(ok(kindSchemas(currency).record, stored).issues).toBeUndefined();
  });

  it("count text's length in characters, an emoji one, as its OpenAPI maxLength does", () => {
    const carrier = kindSchemas(kindByName("carrier")!);
    const name = (text: string) => v.safeParse(carrier.update, { name: text }, { abortPipeEarly: true });
    expect(name("😀".repeat(200)).success).toBe(true);
    expect(name("é".repeat(200)).success).toBe(true);
    expect(name("😀".repeat(201)).issues?.map((issue) => issue.message)).toEqual(["at most 200 characters"]);
    const document = JSON.parse(readFileSync(new URL("../openapi.json", import.meta.url), "utf8"));
    expect(document.components.schemas.Carrier.properties.name.anyOf[0].maxLength).toBe(200);
    // A lower bound counts so too: one emoji is one character, not two.
    const twoOrMore = fieldSchema(f.string({ minLength: 2, maxLength: 3 }));
    expect(ok(twoOrMore, "😀").success).toBe(false);
    expect(ok(twoOrMore, "😀😀😀").success).toBe(true);
    // Where a field declares no bound: 4,000 characters.
    const notes = kindSchemas(kindByName("error")!).update;
    expect(ok(notes, { details: { note: "😀".repeat(4000) } }).success).toBe(true);
    expect(ok(notes, { details: { note: "😀".repeat(4001) } }).success).toBe(false);
    expect(ok(notes, { details: { ["😀".repeat(200)]: 1 } }).success).toBe(true);
  });
});
