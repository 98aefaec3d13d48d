import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { CODE_B, CODE_C, encodeCode128, START_B, START_C, STOP } from "../../src/labels/code128.ts";
import { layoutBarcode, pdfLabelProvider, toEncodable } from "../../src/labels/pdf-provider.ts";
import { createTrackingNumber, type LabelRequest, luhnCheckDigit } from "../../src/labels/provider.ts";
import { setupApp } from "../support.ts";
import { pageTexts } from "./pdf-texts.ts";

/** Set B value of a printable ASCII character. */
const b = (char: string) => char.charCodeAt(0) - 32;

describe("encodeCode128", () => {
  it("computes the mod-103 check symbol for a set B string", () => {
    // "Wikipedia": 104 + 55*1 + 73*2 + 75*3 + 73*4 + 80*5 + 69*6 + 68*7 + 73*8 + 65*9 = 3281 = 31*103 + 88
    const { symbols } = encodeCode128("Wikipedia");
    expect(symbols).toEqual([START_B, ...[..."Wikipedia"].map(b), 88, STOP]);
  });

  it("starts in set C for data that begins with four or more digits", () => {
    // 105 + 12*1 + 34*2 + 56*3 = 353 = 3*103 + 44
    expect(encodeCode128("123456").symbols).toEqual([START_C, 12, 34, 56, 44, STOP]);
    // Odd run: pairs in C, the last digit in B. 105 + 12 + 34*2 + 100*3 + 21*4 = 569 = 5*103 + 54
    expect(encodeCode128("12345").symbols).toEqual([START_C, 12, 34, CODE_B, b("5"), 54, STOP]);
  });

  it("starts in set B when the data begins with text or a short digit run", () => {
    expect(encodeCode128("A1").symbols[0]).toBe(START_B);
    expect(encodeCode128("123A").symbols.slice(0, 5)).toEqual([START_B, b("1"), b("2"), b("3"), b("A")]);
  });

  it("switches to set C for a run of digits after text", () => {
    // 104 + 45*1 + 35*2 + 99*3 + (12*4 + 34*5 + 56*6 + 78*7 + 90*8 + 12*9 + 34*10 + 56*11) = 3400 = 33*103 + 1
    expect(encodeCode128("MC1234567890123456").symbols).toEqual([
      START_B,
      b("M"),
      b("C"),
      CODE_C,
      12,
      34,
      56,
      78,
      90,
      12,
      34,
      56,
      1,
      STOP,
    ]);
    // Odd run: the first digit stays in B. 104 + 33 + 17*2 + 99*3 + 23*4 + 45*5 = 785 = 7*103 + 64
    expect(encodeCode128("A12345").symbols).toEqual([START_B, b("A"), b("1"), CODE_C, 23, 45, 64, STOP]);
  });

  it("comes back to set B after a digit run", () => {
    const { symbols } = encodeCode128("X1234Y");
    expect(symbols.slice(0, 7)).toEqual([START_B, b("X"), CODE_C, 12, 34, CODE_B, b("Y")]);
  });

  it("keeps short digit runs in set B", () => {
    const { symbols } = encodeCode128("AB123CD");
    expect(symbols.slice(1, -2)).toEqual([..."AB123CD"].map(b));
  });

  it("produces 11 modules per symbol plus 13 for the stop, as alternating bars and spaces", () => {
    for (const text of ["Wikipedia", "MC1234567890123456", "12345", " ~!"]) {
      const { symbols, widths, modules } = encodeCode128(text);
      expect(modules).toBe(11 * (symbols.length - 1) + 13);
      expect(widths.reduce((sum, width) => sum + width, 0)).toBe(modules);
      expect(widths.length).toBe(6 * (symbols.length - 1) + 7);
      expect(widths.every((width) => width >= 1 && width <= 4)).toBe(true);
    }
    const { widths } = encodeCode128("Wikipedia");
    expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]); // start B
    expect(widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]); // stop with its termination bar
  });

  it("rejects characters outside printable ASCII and empty input", () => {
    expect(() => encodeCode128("AB\u00e9")).toThrow(/U\+00E9 at position 2/);
    expect(() => encodeCode128("A\nB")).toThrow(/printable ASCII/);
    expect(() => encodeCode128("A\u007f")).toThrow(RangeError);
    expect(() => encodeCode128("\u{1F4E6}")).toThrow(/U\+1F4E6/);
    expect(() => encodeCode128("")).toThrow(/empty/);
  });
});

describe("createTrackingNumber", () => {
  it("gives MC and 16 digits ending in a Luhn check digit", () => {
    expect(createTrackingNumber()).toMatch(/^MC\d{16}$/);
    expect(createTrackingNumber(() => 0)).toBe("MC0000000000000000");
    expect(createTrackingNumber(() => 0.999999)).toBe("MC9999999999999995");
    expect(luhnCheckDigit([7, 9, 9, 2, 7, 3, 9, 8, 7, 1])).toBe(3);
  });

  it("does not repeat", () => {
    const numbers = new Set(Array.from({ length: 200 }, () => createTrackingNumber()));
    expect(numbers.size).toBe(200);
  });
});

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    shipFrom: {
      name: "Northwind Outfitters",
      lineOne: "4100 Industrial Pkwy",
      city: "Columbus",
      state: "OH",
      zip: "43219",
      country: "US",
    },
    shipTo: {
      name: "Jane Roe",
      company: "Acme Widgets",
      lineOne: "1600 Amphitheatre Parkway",
      lineTwo: "Suite 200",
      city: "Mountain View",
      state: "CA",
      zip: "94043",
      country: "US",
      phone: "+1 650 555 0199",
    },
    carrier: "Acme Post",
    service: "Ground",
    trackingNumber: "MC1234567890123452",
    reference: "PO-1001",
    direction: "outbound",
    version: 2,
    weightGrams: 1250,
    createdAt: "2025-03-14T10:22:00.000Z",
    ...overrides,
  };
}

describe("pdfLabelProvider", () => {
  it("renders one 4x6 inch PDF page", async () => {
    const label = await pdfLabelProvider.createLabel(labelRequest());
    expect(pdfLabelProvider.name).toBe("built-in-pdf");
    expect(label).toMatchObject({
      format: "pdf",
      contentType: "application/pdf",
      trackingNumber: "MC1234567890123452",
    });
    expect(new TextDecoder().decode(label.bytes.subarray(0, 5))).toBe("%PDF-");

    const doc = await PDFDocument.load(label.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
  });

  it("shows the tracking number, carrier, service, addresses, reference, weight and version", async () => {
    const texts = await pageTexts((await pdfLabelProvider.createLabel(labelRequest())).bytes);
    expect(texts).toEqual(
      expect.arrayContaining([
        "MC1234567890123452",
        "Acme Post",
        "Ground",
        "Jane Roe",
        "Mountain View, CA 94043",
        "Northwind Outfitters",
        "Columbus, OH 43219",
        "REF: PO-1001",
        "1.25 KG",
        "label v2",
      ]),
    );
    expect(texts).not.toContain("RETURN");
  });

  it("marks return labels", async () => {
    const texts = await pageTexts(
      (await pdfLabelProvider.createLabel(labelRequest({ direction: "return" }))).bytes,
    );
    expect(texts).toContain("RETURN");
  });

  it("renders names outside WinAnsi without throwing", async () => {
    const label = await pdfLabelProvider.createLabel(
      labelRequest({
        shipTo: {
          name: "王小明",
          lineOne: "Łódź, ul. Piotrkowska 1",
          city: "東京",
          country: "JP",
          zip: "100-0001",
        },
        carrier: "Почта\tРоссии",
      }),
    );
    const texts = await pageTexts(label.bytes);
    expect(texts).toEqual(
      expect.arrayContaining(["???", "Lódz, ul. Piotrkowska 1", "??, 100-0001", "????? ??????"]),
    );
  });

  it("truncates lines that do not fit the label", async () => {
    const longLine = `Building 43, ${"Receiving Dock ".repeat(20)}`;
    const texts = await pageTexts(
      (
        await pdfLabelProvider.createLabel(
          labelRequest({ shipTo: { ...labelRequest().shipTo, lineTwo: longLine } }),
        )
      ).bytes,
    );
    const drawn = texts.find((text) => text.startsWith("Building 43,"));
    expect(drawn).toMatch(/\u2026$/);
    expect(longLine.startsWith(drawn!.slice(0, -1))).toBe(true);
    // Even at 8 pt, smaller than the ship-to block ever gets, it must fit across the page.
    const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(helvetica.widthOfTextAtSize(drawn!, 8)).toBeLessThan(288 - 2 * 12);
  });

  it("creates a tracking number when the request has none, and rejects one it cannot encode", async () => {
    const label = await pdfLabelProvider.createLabel(labelRequest({ trackingNumber: " " }));
    expect(label.trackingNumber).toMatch(/^MC\d{16}$/);
    expect(await pageTexts(label.bytes)).toContain(label.trackingNumber);

    await expect(pdfLabelProvider.createLabel(labelRequest({ trackingNumber: "MC12€" }))).rejects.toThrow(
      /printable ASCII/,
    );
  });
});

describe("layoutBarcode", () => {
  it("draws every bar of the symbol at whole printer dots, quiet zones included in the width", () => {
    const barcode = encodeCode128("MC1234567890123456");
    const { moduleWidth, bars } = layoutBarcode(barcode, 144, 264);
    const dot = 72 / 203;
    expect(Math.round(moduleWidth / dot) * dot).toBeCloseTo(moduleWidth, 9);
    expect((barcode.modules + 20) * moduleWidth).toBeLessThanOrEqual(264);

    const barWidths = barcode.widths.filter((_, index) => index % 2 === 0);
    expect(bars.map((bar) => Math.round(bar.width / moduleWidth))).toEqual(barWidths);
    const first = bars[0]!;
    const last = bars.at(-1)!;
    expect(last.x + last.width - first.x).toBeCloseTo(barcode.modules * moduleWidth, 6);
    expect((first.x + last.x + last.width) / 2).toBeCloseTo(144, 6);
  });

  it("shrinks the module below a printer dot rather than overflow for long data", () => {
    const barcode = encodeCode128("X".repeat(80));
    const { moduleWidth } = layoutBarcode(barcode, 144, 264);
    expect((barcode.modules + 20) * moduleWidth).toBeCloseTo(264, 6);
  });
});

describe("toEncodable", () => {
  it("keeps WinAnsi text, strips accents and strokes it lacks, and replaces the rest with ?", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const encodable = new Set(font.getCharacterSet());
    expect(toEncodable("Zoë Brontë, Straße 5 – 1€", encodable)).toBe("Zoë Brontë, Straße 5 – 1€");
    expect(toEncodable("Łukasz Dvořák, Ăla", encodable)).toBe("Lukasz Dvorák, Ala");
    expect(toEncodable("ﬁle Ａ", encodable)).toBe("file A");
    expect(toEncodable("東京 \u{1F4E6}", encodable)).toBe("?? ?");
    expect(toEncodable(" line\r\none\u0000 ", encodable)).toBe("line one");
  });
});

describe("the sender on a provider's labels", () => {
  it("is the provider when its ship-from address record names no one (as in the README's example)", async () => {
    const { tenant } = await setupApp();
    const t = await tenant();
    const created = async (plural: string, body: Record<string, unknown>) => {
      const response = await t.json("POST", `/${plural}.json`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };
    const provider = await created("dropship-providers", {
      name: "Acme Supply",
      defaultCarrier: "Parcel Express",
      defaultService: "Ground",
    });
    await created("dropship-provider-addresses", {
      dropshipProviderId: provider.id,
      lineOne: "9 Mill St",
      city: "Dayton",
      state: "OH",
      zip: "45402",
      country: "US",
      isDefault: true,
    });
    const purchase = await created("purchases", {
      dropshipProviderId: provider.id,
      receiverName: "Ana Ruiz",
      receiverAddressLineOne: "5 Elm St",
      receiverCity: "Denver",
      receiverCountry: "US",
    });
    const label = await t.json("PUT", `/purchases/${purchase.id}/default-label.json`, {});
    expect(label.status, JSON.stringify(label.body)).toBe(200);
    const file = await t.request("GET", label.body.url);
    const texts = await pageTexts(new Uint8Array(await file.arrayBuffer()));
    expect(texts.slice(0, texts.indexOf("Ana Ruiz"))).toEqual(
      expect.arrayContaining(["Acme Supply", "9 Mill St", "Dayton, OH 45402"]),
    );
  });
});
