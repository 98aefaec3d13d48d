/**
 * The Workers bundle's stand-in for `@pdf-lib/standard-fonts` (wrangler.jsonc `alias`): pdf-lib only
 * needs the metrics of the fonts a label uses, and the package's other twelve fonts are ~100 KiB of
 * incompressible data that would put the Worker over its size budget. Same exports, two fonts.
 */
import helvetica from "@pdf-lib/standard-fonts/es/Helvetica.compressed.json" with { type: "json" };
import helveticaBold from "@pdf-lib/standard-fonts/es/Helvetica-Bold.compressed.json" with { type: "json" };
import { decompressJson } from "@pdf-lib/standard-fonts/es/utils.js";
import winAnsi from "worker-win-ansi";

/**
 * A text encoding as pdf-lib reads one: which code points it encodes, and each one's code and glyph.
 * Only WinAnsi has its table here (scripts/worker-encoding.ts): the fonts that use the other two are
 * not bundled, and `Font.load` refuses them before their encoding is asked for.
 */
class Encoding {
  readonly supportedCodePoints: number[];

  constructor(
    readonly name: string,
    readonly unicodeMappings: Record<string, [number, string]>,
  ) {
    this.supportedCodePoints = Object.keys(unicodeMappings)
      .map(Number)
      .sort((a, b) => a - b);
  }

  canEncodeUnicodeCodePoint = (codePoint: number): boolean => codePoint in this.unicodeMappings;

  encodeUnicodeCodePoint = (codePoint: number): { code: number; name: string } => {
    const mapped = this.unicodeMappings[codePoint];
    if (!mapped) {
      const hex = codePoint.toString(16).padStart(4, "0");
      throw new Error(`${this.name} cannot encode "${String.fromCodePoint(codePoint)}" (0x${hex})`);
    }
    return { code: mapped[0], name: mapped[1] };
  };
}

export const Encodings = {
  Symbol: new Encoding("Symbol", {}),
  ZapfDingbats: new Encoding("ZapfDingbats", {}),
  WinAnsi: new Encoding("WinAnsi", winAnsi),
};

export enum FontNames {
  Courier = "Courier",
  CourierBold = "Courier-Bold",
  CourierOblique = "Courier-Oblique",
  CourierBoldOblique = "Courier-BoldOblique",
  Helvetica = "Helvetica",
  HelveticaBold = "Helvetica-Bold",
  HelveticaOblique = "Helvetica-Oblique",
  HelveticaBoldOblique = "Helvetica-BoldOblique",
  TimesRoman = "Times-Roman",
  TimesRomanBold = "Times-Bold",
  TimesRomanItalic = "Times-Italic",
  TimesRomanBoldItalic = "Times-BoldItalic",
  Symbol = "Symbol",
  ZapfDingbats = "ZapfDingbats",
}

const bundled: Partial<Record<string, string>> = {
  [FontNames.Helvetica]: helvetica,
  [FontNames.HelveticaBold]: helveticaBold,
};

interface Metrics {
  FontName: string;
  CharMetrics: { N: string; WX: number }[];
  KernPairs: [string, string, number][];
  [key: string]: unknown;
}

const loaded = new Map<string, Font>();

export class Font {
  [key: string]: unknown;
  readonly CharWidths: Record<string, number>;
  readonly KernPairXAmounts: Record<string, Record<string, number>>;

  private constructor(metrics: Metrics) {
    Object.assign(this, metrics);
    this.CharWidths = Object.fromEntries(metrics.CharMetrics.map((metric) => [metric.N, metric.WX]));
    const kerning: Record<string, Record<string, number>> = {};
    for (const [left, right, amount] of metrics.KernPairs) {
      const row = kerning[left] ?? {};
      row[right] = amount;
      kerning[left] = row;
    }
    this.KernPairXAmounts = kerning;
  }

  static load(name: string): Font {
    const cached = loaded.get(name);
    if (cached) return cached;
    const data = bundled[name];
    if (!data)
      throw new Error(
        `The Workers build bundles the fonts ${Object.keys(bundled).join(", ")} only, not ${name}`,
      );
    const metrics: Metrics = JSON.parse(decompressJson(data));
    const font = new Font(metrics);
    loaded.set(name, font);
    return font;
  }

  getWidthOfGlyph = (glyph: string): number | undefined => this.CharWidths[glyph];

  getXAxisKerningForPair = (left: string, right: string): number | undefined =>
    this.KernPairXAmounts[left]?.[right];
}
