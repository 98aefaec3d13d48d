import { stringify as browserBuild } from "csv-stringify/browser/esm/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify as moduleBuild } from "../../src/shims/csv-stringify.ts";

// The Worker writes its CSV files with the package's module build (src/shims/csv-stringify.ts); Node
// and Deno with its browser build. The two must write the same text for the options the server uses.
const OPTIONS = [
  { record_delimiter: "\r\n", quoted_match: /[\r\n;\t]/, escape_formulas: true },
  { record_delimiter: "\r\n", quoted_match: /[\r\n;\t]/, escape_formulas: false },
];
const cell = fc.oneof(
  fc.string({
    unit: fc.constantFrom("a", "=", "+", "-", "@", '"', ",", ";", "\t", "\r", "\n", " ", "é", "1"),
  }),
  fc.string({ unit: "grapheme" }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constantFrom(null, undefined),
);

describe("the Workers stand-in for csv-stringify's browser build", () => {
  it("writes any rows as the browser build does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 12 }),
        fc.constantFrom(...OPTIONS),
        (rows, options) => {
          expect(moduleBuild(rows, options)).toBe(browserBuild(rows, options));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("writes the byte order mark as the browser build does", () => {
    expect(moduleBuild([["a"]], { bom: true })).toBe(browserBuild([["a"]], { bom: true }));
  });

  it("has a Buffer stand-in that answers the module build's two questions as Node's Buffer does", () => {
    // Node has a Buffer of its own, so the module build above used it; the Worker's build uses this.
    const standIn: unknown = Reflect.get(globalThis, "WORKER_CSV_BUFFER");
    const { isBuffer, from } = standIn as {
      isBuffer(value: unknown): boolean;
      from(bytes: number[]): unknown;
    };
    for (const option of ["\r\n", ",", '"', /x/, 1, true])
      expect(isBuffer(option)).toBe(Buffer.isBuffer(option));
    expect([from([239, 187, 191]), "a"].join("")).toBe([Buffer.from([239, 187, 191]), "a"].join(""));
  });
});
