// What a client reads in a 422: each field error in this project's words, said once ("scopes.0 is not a
// scope", not "must be is not a scope"), never valibot's own text ("Invalid type: Expected ..."), and
// money refused for the reason it is refused (its bound, or a decimal too many).
import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

interface FieldError {
  path: string;
  message: string;
}

/** The 422's field errors, and its detail. */
async function refused(t: Tenant, method: string, path: string, body: unknown) {
  const answer = await t.json(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  return { errors: answer.body.errors as FieldError[], detail: answer.body.detail as string };
}

/** Valibot's own wording, and "must be" before a sentence. */
const NOT_OURS = /Invalid [a-z ]+:|Expected .* but received|must be (is|must|are|has) /;

const ORDER = {
  externalId: "ORDER-1",
  customer: { email: "ada@example.com" },
  shippingAddress: { name: "Ada", lineOne: "1 Main St", city: "Springfield", zip: "62701", country: "US" },
  items: [{ sku: "A", quantity: 1, price: 10 }],
};

async function channelOf(t: Tenant): Promise<number> {
  const channel = await t.json("POST", "/channels.json", { name: "Phone orders", currency: "USD" });
  expect(channel.status).toBe(200);
  return channel.body.id;
}

describe("a validator's message that is a sentence", () => {
  it("is said as it is: an invalid scope, an empty name, no scopes, a date that is not one", async () => {
    const t = await ctx.tenant();
    const scope = await refused(t, "POST", "/api-keys.json", {
      name: "Tool",
      scopes: ["catalog:read", "nope"],
    });
    const what =
      "is not a scope: `*:read`, `*:write`, `<group>:read` or `<group>:write` with a group of the OpenAPI tags";
    expect(scope.errors).toEqual([{ path: "scopes.1", message: what }]);
    expect(scope.detail).toBe(`scopes.1 ${what}.`);

    const others = await refused(t, "POST", "/api-keys.json", { name: " ", scopes: [], expiresAt: "soon" });
    expect(others.errors).toEqual([
      { path: "name", message: "must not be empty" },
      { path: "scopes", message: "must name at least one scope" },
      { path: "expiresAt", message: "must be an ISO 8601 date-time" },
    ]);
    expect(others.detail).toBe(
      "name must not be empty; scopes must name at least one scope; expiresAt must be an ISO 8601 date-time.",
    );
  });
});

describe("a value of the wrong type or size", () => {
  it("is said in the project's words where a validator gave none of its own", async () => {
    const t = await ctx.tenant();
    const keys = await refused(t, "POST", "/api-keys.json", {
      name: 5,
      scopes: ["catalog:read", 7],
      expiresAt: ["2030-01-01"],
    });
    expect(keys.errors).toEqual([
      { path: "name", message: "must be text" },
      { path: "scopes.1", message: "must be text" },
      { path: "expiresAt", message: "must be text" },
    ]);
    const long = await refused(t, "POST", "/api-keys.json", {
      name: "n".repeat(201),
      scopes: "catalog:read",
    });
    expect(long.errors).toEqual([
      { path: "name", message: "must be at most 200 characters" },
      { path: "scopes", message: "must be an array" },
    ]);
  });

  it("in a manual sale's saleDefaults, says what a value may be", async () => {
    const t = await ctx.tenant();
    const path = `/channels/${await channelOf(t)}/manual-sale.json`;
    const answer = await refused(t, "POST", path, { ...ORDER, saleDefaults: { notes: [[1]] } });
    expect(answer.errors).toEqual([
      { path: "saleDefaults.notes", message: "must be text, a number or true/false" },
    ]);
    expect(answer.detail).toBe("saleDefaults.notes must be text, a number or true/false.");
  });

  it("never in valibot's words, whatever the body holds", async () => {
    const t = await ctx.tenant();
    const sale = `/channels/${await channelOf(t)}/manual-sale.json`;
    const cases: [string, string, unknown][] = [
      ["POST", sale, { ...ORDER, saleDefaults: { notes: { a: 1 } } }],
      ["POST", sale, { ...ORDER, saleDefaults: [1] }],
      ["POST", sale, { ...ORDER, items: [{ sku: ["A"], quantity: "1", price: [10] }] }],
      ["POST", sale, { ...ORDER, customer: [[]], shippingAddress: "here" }],
      ["POST", sale, { ...ORDER, lineItems: [{ variant: [], quantity: {} }] }],
      ["POST", "/api-keys.json", { name: null, scopes: [[]], expiresAt: 5 }],
      ["POST", "/api-keys.json", { name: "x", scopes: Array(51).fill("catalog:read") }],
      ["POST", "/variants.json", { sku: 1, name: [], price: "free", tags: [[1]], weight: {} }],
      ["POST", "/sales.json", { channelId: "one", customFields: { a: [] }, orderedAt: 5 }],
    ];
    for (const [method, path, body] of cases) {
      const { errors, detail } = await refused(t, method, path, body);
      const said = [detail, ...errors.map((error) => error.message)];
      expect(
        said.filter((text) => NOT_OURS.test(text)),
        `${path} ${JSON.stringify(body)}`,
      ).toEqual([]);
    }
  });
});

describe("money", () => {
  it("past ±1e13 is refused for its size, naming the bound", async () => {
    const t = await ctx.tenant();
    const path = `/channels/${await channelOf(t)}/manual-sale.json`;
    for (const price of [10000000000000.01, 1e14, 1e308]) {
      const answer = await refused(t, "POST", path, { ...ORDER, items: [{ sku: "A", quantity: 1, price }] });
      expect(answer.errors, String(price)).toEqual([
        { path: "items.0.price", message: "must be at most 10000000000000" },
      ]);
    }
    const transfer = await refused(t, "POST", "/transfers.json", { amount: -1e14 });
    expect(transfer.errors).toEqual([{ path: "amount", message: "must be at least -10000000000000" }]);
  });

  it("with a decimal more, however small, is refused, not rounded", async () => {
    const t = await ctx.tenant();
    const path = `/channels/${await channelOf(t)}/manual-sale.json`;
    for (const price of [12.500000001, 1e-9, 19.999]) {
      const answer = await refused(t, "POST", path, { ...ORDER, items: [{ sku: "A", quantity: 1, price }] });
      expect(answer.errors, String(price)).toEqual([
        { path: "items.0.price", message: "must be an amount with at most two decimals" },
      ]);
    }
    for (const amount of [12.500000001, 1e-9, -0.001]) {
      expect((await t.json("POST", "/transfers.json", { amount })).status, String(amount)).toBe(422);
    }
  });

  it("computed in binary floating point is taken as the nearest cent", async () => {
    const t = await ctx.tenant();
    for (const [amount, stored] of [
      [0.1 + 0.2, 0.3],
      [19.99 * 3, 59.97],
      [1.1 * 1.1, 1.21],
      [10000.01 - 9999.99, 0.02],
      [9999999999999.99, 9999999999999.99],
    ]) {
      const created = await t.json("POST", "/transfers.json", { amount });
      expect(created.status, String(amount)).toBe(200);
      expect(created.body.amount).toBe(stored);
    }
  });
});
