import * as real from "@pdf-lib/standard-fonts";
import { describe, expect, it } from "vitest";
import * as lite from "../../src/labels/standard-fonts.ts";

describe("the Workers stand-in for @pdf-lib/standard-fonts", () => {
  it.each(["Helvetica", "Helvetica-Bold"])("measures %s exactly as the full package does", (name) => {
    const mine = lite.Font.load(name);
    const theirs = real.Font.load(name as real.FontNames);
    expect(mine.FontName).toBe(theirs.FontName);
    for (const glyph of ["A", "W", "zero", "space", "eacute", "Euro"]) {
      expect(mine.getWidthOfGlyph(glyph), glyph).toBe(theirs.getWidthOfGlyph(glyph));
    }
    expect(mine.getXAxisKerningForPair("A", "V")).toBe(theirs.getXAxisKerningForPair("A", "V"));
    expect(mine.FontBBox).toEqual(theirs.FontBBox);
  });

  it("has every font name and the encodings, and says which fonts it leaves out", () => {
    expect(Object.values(lite.FontNames).sort()).toEqual(Object.values(real.FontNames).sort());
    expect(lite.Encodings.WinAnsi.encodeUnicodeCodePoint(0x41)).toEqual(
      real.Encodings.WinAnsi.encodeUnicodeCodePoint(0x41),
    );
    expect(() => lite.Font.load("Courier")).toThrow(/Helvetica, Helvetica-Bold only/);
  });
});
