import { deflateSync, inflateSync } from "node:zlib";
import * as real from "@pdf-lib/standard-fonts";
import { decompressJson } from "@pdf-lib/standard-fonts/es/utils.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import zlib from "../../src/labels/pako-lite.ts";
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
    // The whole WinAnsi table, as the full package encodes it; a code point outside it refused alike.
    const winAnsi = real.Encodings.WinAnsi;
    expect(lite.Encodings.WinAnsi.supportedCodePoints).toEqual(winAnsi.supportedCodePoints);
    for (const codePoint of winAnsi.supportedCodePoints) {
      expect(lite.Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint)).toEqual(
        winAnsi.encodeUnicodeCodePoint(codePoint),
      );
    }
    expect(lite.Encodings.WinAnsi.canEncodeUnicodeCodePoint(0x4e2d)).toBe(false);
    expect(() => lite.Encodings.WinAnsi.encodeUnicodeCodePoint(0x4e2d)).toThrow(/WinAnsi cannot encode/);
    expect(() => lite.Font.load("Courier")).toThrow(/Helvetica, Helvetica-Bold only/);
  });
});

describe("the Workers stand-in for pako", () => {
  it("writes and reads zlib data as zlib itself does", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), fc.string({ maxLength: 2000 }), (bytes, text) => {
        for (const data of [bytes, new TextEncoder().encode(text.repeat(3))]) {
          expect(new Uint8Array(inflateSync(zlib.deflate(data)))).toEqual(data);
          expect(zlib.inflate(deflateSync(data))).toEqual(data);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("unpacks the fonts' metrics as pako does", async () => {
    const { default: packed } = await import("@pdf-lib/standard-fonts/es/Helvetica.compressed.json", {
      with: { type: "json" },
    });
    const bytes = Uint8Array.from(atob(packed as string), (c) => c.charCodeAt(0));
    expect(new TextDecoder("latin1").decode(zlib.inflate(bytes))).toBe(decompressJson(packed as string));
  });
});
