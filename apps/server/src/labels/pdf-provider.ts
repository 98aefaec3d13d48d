import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { type Code128, encodeCode128 } from "./code128.ts";
import {
  createTrackingNumber,
  type LabelAddress,
  type LabelProvider,
  type LabelRequest,
  type RenderedLabel,
} from "./provider.ts";

const PAGE_WIDTH = 288;
const PAGE_HEIGHT = 432;
const MARGIN = 12;
const LEFT = MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - LEFT;
const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);

// Most 4x6 label printers are 203 dpi: whole-dot modules keep every bar the same width on paper.
const PRINTER_DOT = 72 / 203;
const MAX_MODULE_DOTS = 6;
// ISO/IEC 15417 asks for at least 10 modules of blank space on each side.
const QUIET_ZONE_MODULES = 10;
const BARCODE_HEIGHT = 72;

export const pdfLabelProvider: LabelProvider = {
  name: "built-in-pdf",
  async createLabel(request: LabelRequest): Promise<RenderedLabel> {
    const trackingNumber = request.trackingNumber.trim() || createTrackingNumber();
    const bytes = await renderLabel({ ...request, trackingNumber });
    return { format: "pdf", contentType: "application/pdf", bytes, trackingNumber };
  },
};

interface TextStyle {
  font: PDFFont;
  size: number;
  maxWidth: number;
  /** Shrink down to this size before truncating. */
  minSize?: number;
  align?: "left" | "center" | "right";
  color?: ReturnType<typeof rgb>;
}

interface Row {
  text: string;
  style: TextStyle;
  lineHeight: number;
}

class LabelWriter {
  readonly encodable: ReadonlySet<number>;

  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.encodable = new Set(regular.getCharacterSet());
  }

  /** Draws one line at baseline `y`; `x` is the left, centre or right edge depending on `align`. */
  text(value: string, x: number, y: number, style: TextStyle): void {
    const clean = toEncodable(value, this.encodable);
    if (clean === "") return;
    const { text, size } = fit(clean, style);
    const width = style.font.widthOfTextAtSize(text, size);
    const left = style.align === "center" ? x - width / 2 : style.align === "right" ? x - width : x;
    this.page.drawText(text, { x: left, y, size, font: style.font, color: style.color ?? BLACK });
  }

  /** Draws rows downwards from `top`, returns the y below the last row. */
  rows(rows: readonly Row[], x: number, top: number): number {
    let y = top;
    for (const row of rows) {
      y -= row.lineHeight;
      this.text(row.text, x, y, row.style);
    }
    return y;
  }

  rule(y: number, thickness = 1): void {
    this.page.drawLine({
      start: { x: LEFT, y },
      end: { x: RIGHT, y },
      thickness,
      color: BLACK,
    });
  }
}

async function renderLabel(request: LabelRequest): Promise<Uint8Array> {
  // Encode first: an unencodable tracking number should fail before any work is done.
  const barcode = encodeCode128(request.trackingNumber);

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Shipping label ${request.trackingNumber}`);
  const created = new Date(request.createdAt);
  if (!Number.isNaN(created.getTime())) doc.setCreationDate(created);

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const writer = new LabelWriter(
    page,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  let y = drawHeader(writer, request, PAGE_HEIGHT - MARGIN);
  writer.rule(y, 1.5);
  if (request.direction === "return") y = drawReturnBanner(writer, y - 3);
  drawShipTo(writer, request.shipTo, y);

  // The lower half has a fixed layout so the barcode always lands in the same place.
  writer.rule(202, 1.5);
  drawCarrier(writer, request, 202);
  writer.rule(150);
  drawTracking(writer, barcode, request.trackingNumber, 150);
  writer.rule(40);
  drawFooter(writer, request, 40);

  return doc.save();
}

function drawHeader(writer: LabelWriter, request: LabelRequest, top: number): number {
  const { regular, bold } = writer;
  const small = (font: PDFFont): TextStyle => ({ font, size: 8, maxWidth: 176 });
  writer.text("FROM:", LEFT, top - 6, { font: bold, size: 6.5, maxWidth: 40 });
  const from = request.shipFrom;
  const name = from.name?.trim() || from.company;
  const rows: Row[] = [
    { text: orEmpty(name), style: small(bold), lineHeight: 9 },
    { text: name === from.company ? "" : orEmpty(from.company), style: small(regular), lineHeight: 9 },
    { text: from.lineOne, style: small(regular), lineHeight: 9 },
    { text: orEmpty(from.lineTwo), style: small(regular), lineHeight: 9 },
    { text: cityLine(from), style: small(regular), lineHeight: 9 },
    { text: from.country, style: small(regular), lineHeight: 9 },
    { text: phoneLine(from), style: small(regular), lineHeight: 9 },
  ].filter((row) => row.text.trim() !== "");
  const bottom = writer.rows(rows, LEFT, top - 7);

  const side = (font: PDFFont, size: number): TextStyle => ({ font, size, maxWidth: 80, align: "right" });
  const weight = formatWeight(request.weightGrams);
  let sideY = top - 11;
  if (weight) {
    writer.text(weight.metric, RIGHT, sideY, side(bold, 13));
    writer.text(weight.imperial, RIGHT, sideY - 11, side(regular, 8));
    sideY -= 24;
  }
  writer.text(request.createdAt.slice(0, 10), RIGHT, sideY, side(regular, 8));
  return Math.min(bottom, sideY) - 5;
}

function drawReturnBanner(writer: LabelWriter, top: number): number {
  const height = 24;
  writer.page.drawRectangle({ x: LEFT, y: top - height, width: CONTENT_WIDTH, height, color: BLACK });
  writer.text("RETURN", PAGE_WIDTH / 2, top - height + 6.5, {
    font: writer.bold,
    size: 18,
    maxWidth: CONTENT_WIDTH,
    align: "center",
    color: WHITE,
  });
  return top - height;
}

function drawShipTo(writer: LabelWriter, to: LabelAddress, top: number): void {
  const { regular, bold } = writer;
  const x = LEFT + 14;
  const style = (font: PDFFont, size: number): TextStyle => ({
    font,
    size,
    minSize: size * 0.75,
    maxWidth: RIGHT - x,
  });
  writer.text("SHIP TO:", LEFT, top - 11, { font: bold, size: 7, maxWidth: 60 });
  const name = to.name?.trim() || to.company;
  const rows: Row[] = [
    { text: orEmpty(name), style: style(bold, 13), lineHeight: 15 },
    { text: name === to.company ? "" : orEmpty(to.company), style: style(regular, 11), lineHeight: 13 },
    { text: to.lineOne, style: style(regular, 11), lineHeight: 13 },
    { text: orEmpty(to.lineTwo), style: style(regular, 11), lineHeight: 13 },
    { text: cityLine(to), style: style(bold, 14), lineHeight: 17 },
    { text: to.country, style: style(bold, 12), lineHeight: 14 },
    { text: phoneLine(to), style: style(regular, 9), lineHeight: 12 },
  ].filter((row) => row.text.trim() !== "");
  writer.rows(rows, x, top - 12);
}

function drawCarrier(writer: LabelWriter, request: LabelRequest, top: number): void {
  const { bold } = writer;
  writer.text(request.carrier, LEFT, top - 24, {
    font: bold,
    size: 22,
    minSize: 14,
    maxWidth: CONTENT_WIDTH,
  });
  writer.text(request.service, LEFT, top - 43, { font: bold, size: 13, minSize: 9, maxWidth: CONTENT_WIDTH });
}

function drawTracking(writer: LabelWriter, barcode: Code128, trackingNumber: string, top: number): void {
  const { regular, bold } = writer;
  writer.text("TRACKING #:", LEFT, top - 10, { font: regular, size: 7, maxWidth: 60 });
  const barsTop = top - 14;
  drawBarcode(writer.page, barcode, PAGE_WIDTH / 2, barsTop - BARCODE_HEIGHT, BARCODE_HEIGHT);
  writer.text(trackingNumber, PAGE_WIDTH / 2, barsTop - BARCODE_HEIGHT - 14, {
    font: bold,
    size: 12,
    minSize: 7,
    maxWidth: CONTENT_WIDTH,
    align: "center",
  });
}

function drawBarcode(page: PDFPage, barcode: Code128, centerX: number, y: number, height: number): void {
  for (const bar of layoutBarcode(barcode, centerX, CONTENT_WIDTH).bars) {
    page.drawRectangle({ x: bar.x, y, width: bar.width, height, color: BLACK });
  }
}

export interface BarcodeLayout {
  moduleWidth: number;
  bars: { x: number; width: number }[];
}

/** Bars centred on `centerX`; `maxWidth` must also hold the quiet zones. */
export function layoutBarcode(barcode: Code128, centerX: number, maxWidth: number): BarcodeLayout {
  const fitted = maxWidth / (barcode.modules + 2 * QUIET_ZONE_MODULES);
  const dots = Math.min(MAX_MODULE_DOTS, Math.floor(fitted / PRINTER_DOT));
  // Below one printer dot per module, give up on dot alignment rather than overflow the label.
  const moduleWidth = dots >= 1 ? dots * PRINTER_DOT : fitted;
  const bars: BarcodeLayout["bars"] = [];
  let x = centerX - (barcode.modules * moduleWidth) / 2;
  barcode.widths.forEach((modules, index) => {
    const width = modules * moduleWidth;
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { moduleWidth, bars };
}

function drawFooter(writer: LabelWriter, request: LabelRequest, top: number): void {
  const { regular, bold } = writer;
  const baseline = top - 13;
  if (request.reference?.trim()) {
    writer.text(`REF: ${request.reference}`, LEFT, baseline, { font: regular, size: 8, maxWidth: 190 });
  }
  writer.text(`label v${request.version}`, RIGHT, baseline, {
    font: bold,
    size: 8,
    maxWidth: 70,
    align: "right",
  });
}

function cityLine(address: LabelAddress): string {
  const stateZip = [address.state, address.zip].map(orEmpty).filter(Boolean).join(" ");
  return [address.city.trim(), stateZip].filter(Boolean).join(", ");
}

function phoneLine(address: LabelAddress): string {
  const phone = orEmpty(address.phone);
  return phone ? `Tel. ${phone}` : "";
}

function orEmpty(value: string | null | undefined): string {
  return value?.trim() ?? "";
}

function formatWeight(grams: number | null | undefined): { metric: string; imperial: string } | null {
  if (grams === null || grams === undefined || !Number.isFinite(grams) || grams <= 0) return null;
  return {
    metric: `${(grams / 1000).toFixed(2)} KG`,
    imperial: `${(grams / 453.59237).toFixed(2)} LB`,
  };
}

// Latin letters with a stroke have no NFKD decomposition; a carrier reads "L" better than "?".
const STROKED_LETTERS: Readonly<Record<string, string>> = {
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u0126": "H",
  "\u0127": "h",
  "\u0131": "i",
  "\u0166": "T",
  "\u0167": "t",
};

/**
 * Standard Helvetica only covers WinAnsi. Other Latin letters lose their accents or strokes,
 * anything else becomes "?"; control characters and line breaks become spaces.
 */
export function toEncodable(value: string, encodable: ReadonlySet<number>): string {
  let out = "";
  for (const char of value.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 32 || (code >= 0x7f && code < 0xa0)) {
      out += " ";
    } else if (encodable.has(code)) {
      out += char;
    } else {
      const base = STROKED_LETTERS[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
      const usable =
        base !== "" &&
        [...base].every((c) => (c.codePointAt(0) ?? 0) >= 32 && encodable.has(c.codePointAt(0) ?? 0));
      out += usable ? base : "?";
    }
  }
  return out.replace(/\s+/g, " ").trim();
}

/** Shrinks to `minSize` if allowed, then cuts the end off behind an ellipsis. */
function fit(text: string, style: TextStyle): { text: string; size: number } {
  const { font, maxWidth } = style;
  let size = style.size;
  const minSize = style.minSize ?? style.size;
  while (font.widthOfTextAtSize(text, size) > maxWidth && size - 0.5 >= minSize) size -= 0.5;
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return { text, size };

  const cut = (end: number) => `${text.slice(0, end).trimEnd()}\u2026`;
  let fits = 0;
  let tooLong = text.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (font.widthOfTextAtSize(cut(middle), size) <= maxWidth) fits = middle;
    else tooLong = middle;
  }
  return { text: fits > 0 ? cut(fits) : "", size };
}
