import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { etagOfText } from "../../src/services/records.ts";

describe("ETags", () => {
  it("stay the ones clients already hold for the same record", () => {
    // Computed by the server before its hex digits were written from a table (leading zeros included).
    const known: [string, string][] = [
      ["", '"488bdcb81aee8d83"'],
      ["{}", '"f6bbc27f5a56d1e7"'],
      ['{"id":1,"name":"Parcel Co"}', '"bdef08f2b8ff0f9d"'],
      ["é€😀", '"73392caad3d938fd"'],
      ["x".repeat(1000), '"819a7942aee5273b"'],
      ['{"id":69}', '"00592107038ee5fc"'],
    ];
    for (const [text, etag] of known) expect(etagOfText(text)).toBe(etag);
  });

  it("are the same for a text whatever its length and characters", () => {
    // The hash one code unit at a time, as the server first wrote it.
    const reference = (text: string) => {
      let h1 = 0xdeadbeef;
      let h2 = 0x41c6ce57;
      for (let i = 0; i < text.length; i++) {
        h1 = Math.imul(h1 ^ text.charCodeAt(i), 2654435761);
        h2 = Math.imul(h2 ^ text.charCodeAt(i), 1597334677);
      }
      h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      const hex = (h: number) => (h >>> 0).toString(16).padStart(8, "0");
      return `"${hex(h2)}${hex(h1)}"`;
    };
    const texts = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 300 }),
      fc.string({ maxLength: 300 }),
      // About the length of the text that is hashed from its bytes, ASCII or not at either end.
      fc
        .tuple(
          fc.integer({ min: 16_370, max: 16_390 }),
          fc.constantFrom("", "é", "€", "😀", "\ud800"),
          fc.boolean(),
        )
        .map(([length, other, first]) => (first ? other : "") + "a".repeat(length) + (first ? "" : other)),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(etagOfText(text)).toBe(reference(text));
      }),
    );
  });

  it("are 16 lowercase hex digits in quotes, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        expect(etagOfText(text)).toMatch(/^"[0-9a-f]{16}"$/);
      }),
    );
  });
});
