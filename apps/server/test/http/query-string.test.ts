import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_QUERY_PARAMETERS,
  nestedQuery,
  parseQueryString,
  storable,
} from "../../src/services/query-string.ts";

/** What reading a query comes to: the object read, or the 400's detail. */
function outcome(read: (search: string) => unknown, search: string): unknown {
  try {
    const parsed = read(search);
    return { parsed, prototype: Object.getPrototypeOf(parsed) };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : error };
  }
}

describe("a query string", () => {
  it("reads the same whether it takes the plain-pairs path or the nested one", () => {
    const known = fc.constantFrom(
      "limit",
      "order",
      "cursor",
      "from",
      "",
      "a+b",
      "a%20b",
      "%ZZ",
      "%00",
      "__proto__",
      "x__proto__y",
      "constructor",
      "toString",
      "0",
      "where[id]",
      "where%5Bid%5D",
      "a.b",
      "é",
      "%E2%9C%93",
    );
    const name = fc.oneof(
      known,
      fc.string({ maxLength: 4 }),
      fc.string({ maxLength: 4 }).map(encodeURIComponent),
    );
    const value = fc.oneof(
      fc.constantFrom("50", "-id", "", "a=b", "%", "%ZZ", "%00", "+", "a,b", "%D8%00", "[x]"),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
      fc.string({ maxLength: 4 }),
    );
    const pair = fc.oneof(
      fc.tuple(name, value).map(([n, v]) => `${n}=${v}`),
      name,
      fc.constant(""),
    );
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 10 }), (pairs) => {
        const search = pairs.join("&");
        expect(outcome(parseQueryString, search), search).toEqual(
          outcome((text) => storable(nestedQuery(text)), search),
        );
      }),
      { seed: 20_261_130, numRuns: 2000 },
    );
  });

  it("keeps its limit on pairs and reads a name sent twice as a list", () => {
    const many = Array.from({ length: MAX_QUERY_PARAMETERS + 1 }, (_, i) => `p${i}=1`).join("&");
    expect(() => parseQueryString(many)).toThrow(/at most 300 parameters/);
    expect(parseQueryString("limit=5&limit=6")).toEqual({ limit: ["5", "6"] });
    const plain = parseQueryString("limit=50&order=-createdAt&constructor=x");
    expect(plain).toEqual({ limit: "50", order: "-createdAt", constructor: "x" });
    expect(Object.getPrototypeOf(plain)).toBeNull();
  });
});
