// What a client reads when a value is refused: the server words every issue as "<path> must be
// <message>" (or "is required", "is not a known field"), so each message of the manifest's validators is
// a phrase in this project's words that completes "must be", never valibot's own text.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { FieldDef } from "../src/define.ts";
import { actionInputSchema, actions, isMoney, kindByName, kindSchemas, kinds } from "../src/index.ts";

/** Values of the wrong type or shape for most fields, and past most bounds. */
const WRONG: readonly unknown[] = [
  [[1]],
  [],
  {},
  { a: [1] },
  "x",
  "",
  "\u0000",
  "x".repeat(70_000),
  1.5,
  -1,
  0,
  0.001,
  1e308,
  -1e308,
  2 ** 60,
  true,
  "2026-13-45",
  "2026-02-30T00:00:00Z",
];

/** Wrong values for a field: `WRONG`, and inside its items, members and map entries too. */
function wrongValues(field: FieldDef, depth = 0): unknown[] {
  const values: unknown[] = [...WRONG];
  if (depth > 2) return values;
  if (field.type === "array" && field.items) {
    for (const item of wrongValues(field.items, depth + 1)) values.push([item]);
  }
  if (field.type === "object") {
    for (const [name, member] of Object.entries(field.fields ?? {})) {
      for (const value of wrongValues(member, depth + 1)) values.push({ [name]: value });
    }
  }
  if (field.type === "map") {
    for (const value of WRONG) values.push({ color: value });
    values.push({ ["k".repeat(201)]: 1 });
  }
  return values;
}

/**
 * The messages a schema answers for `body`'s member `name`, as the server parses (the first issue of
 * each pipe); a missing member is "is required" whatever its message.
 */
function messages(schema: v.GenericSchema, body: Record<string, unknown>): string[] {
  const [name] = Object.keys(body);
  return (v.safeParse(schema, body, { abortPipeEarly: true }).issues ?? [])
    .filter((issue) => issue.path?.[0]?.key === name)
    .map((issue) => issue.message);
}

/** Valibot's own messages: `Invalid type: Expected string but received 5`, `Invalid length: ...`. */
const VALIBOT = /^Invalid [a-z ]+:|Expected .* but received|^Received /;
/** A sentence already, which "must be" would double: `is not ...`, `must not be ...`. */
const SENTENCE = /^(is|are|must|has|have|was|needs?|cannot|does|do) /;

describe("the messages of refused values", () => {
  const schemas = [
    ...kinds.map((kind) => [`${kind.name} update`, kindSchemas(kind).update, kind.fields] as const),
    ...actions.map(
      ({ kind, action }) =>
        [`${kind.name}.${action.name}`, actionInputSchema(action.input), action.input] as const,
    ),
  ];

  it.each(schemas)("%s: in the project's words, completing 'must be'", (_, schema, fields) => {
    const wrong: string[] = [];
    for (const [name, field] of Object.entries(fields)) {
      if (field.readOnly) continue;
      for (const value of wrongValues(field)) {
        for (const message of messages(schema, { [name]: value })) {
          if (VALIBOT.test(message) || SENTENCE.test(message)) {
            wrong.push(`${name} = ${JSON.stringify(value).slice(0, 60)}: ${message}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("say what a map's values may be", () => {
    const manualSale = kindByName("channel")!.actions!.find((action) => action.name === "manual-sale")!;
    const schema = actionInputSchema(manualSale.input);
    for (const value of [[1], [[1]], { a: 1 }]) {
      expect(messages(schema, { saleDefaults: { notes: value } })).toEqual(["text, a number or true/false"]);
    }
    expect(messages(schema, { saleDefaults: { ["k".repeat(201)]: 1 } })).toEqual([
      "a name of at most 200 characters",
    ]);
  });

  it("say an integer's own bounds", () => {
    const item = kindSchemas(kindByName("fulfillment-item")!).update;
    expect(messages(item, { picked: -1 })).toEqual(["at least 0"]);
    expect(messages(item, { picked: 2 ** 60 })).toEqual([`at most ${Number.MAX_SAFE_INTEGER}`]);
  });
});

describe("money", () => {
  const purchaseItem = kindSchemas(kindByName("purchase-item")!).update;

  it("past ±1e13 says its bound, not its decimals", () => {
    for (const price of [10000000000000.01, 1e14, 1e308]) {
      expect(messages(purchaseItem, { price }), String(price)).toEqual(["at most 10000000000000"]);
      // Without stopping at the first issue of a pipe, the decimals are not reported either.
      expect(v.safeParse(purchaseItem, { price }).issues?.map((issue) => issue.message)).toEqual([
        "at most 10000000000000",
      ]);
    }
    expect(messages(purchaseItem, { price: 1e13 })).toEqual([]);
    expect(messages(purchaseItem, { price: 9999999999999.99 })).toEqual([]);
    expect(isMoney(1e14)).toBe(false);
  });

  it("takes binary floating point's error on two decimals as the nearest cent", () => {
    const computed = [
      0.1 + 0.2,
      19.99 * 3,
      4.35 * 100,
      1.1 * 1.1 * 100,
      10000.01 - 9999.99,
      1000.1 - 1000,
      Array.from({ length: 100 }, (_, i) => (i * 37 + 1) / 100 + 0.1).reduce((sum, price) => sum + price, 0),
      9999999999999.99,
      -9999999999999.99,
      1234567890123.45,
      0.01,
      -0.01,
    ];
    for (const amount of computed) expect(isMoney(amount), String(amount)).toBe(true);
  });

  it("never takes an amount that is not 0 as 0, however small", () => {
    // Floating point's error near 0 (`0.1 + 0.2 - 0.3`) looks like a tiny amount sent on purpose:
    // either would become a price of nothing.
    for (const price of [1e-20, 5e-324, 1e-12, 0.1 + 0.2 - 0.3, 0.004]) {
      expect(messages(purchaseItem, { price }), String(price)).toEqual([
        "an amount with at most two decimals",
      ]);
      expect(isMoney(price), String(price)).toBe(false);
      expect(isMoney(-price), String(-price)).toBe(false);
    }
    for (const price of [0, -0, 0.01, 19.99, 1e3, 1e-2]) {
      expect(messages(purchaseItem, { price }), String(price)).toEqual([]);
    }
  });

  it("refuses a third decimal, however small, that floating point's error does not explain", () => {
    for (const price of [12.500000001, 1e-9, 19.999, 1.005, 0.001, 12.5000001, 1234567890.125]) {
      expect(messages(purchaseItem, { price }), String(price)).toEqual([
        "an amount with at most two decimals",
      ]);
    }
    for (const amount of [12.500000001, 1e-9, -1e-9, -19.999, 1234567890.125, 9999999999999.994, 1e-20]) {
      expect(isMoney(amount), String(amount)).toBe(false);
    }
  });
});
