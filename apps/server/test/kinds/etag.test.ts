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

  it("are 16 lowercase hex digits in quotes, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        expect(etagOfText(text)).toMatch(/^"[0-9a-f]{16}"$/);
      }),
    );
  });
});
