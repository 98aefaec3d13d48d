// Bar/space widths in modules for symbol values 0-106 (ISO/IEC 15417). Every symbol is 11 modules,
// starting with a bar; the stop (106) carries its 2-module termination bar, so it is 13.
// biome-ignore format: ten symbols a row, like the table in the spec
const PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
] as const;

export const CODE_C = 99;
export const CODE_B = 100;
export const START_B = 104;
export const START_C = 105;
export const STOP = 106;

export interface Code128 {
  /** Symbol values: start code, data and code-set switches, check symbol, stop. */
  symbols: number[];
  /** Module widths alternating bar, space, bar, ...; starts and ends with a bar; no quiet zones. */
  widths: number[];
  /** Sum of `widths`: 11 per symbol plus 13 for the stop. */
  modules: number;
}

/**
 * Encodes printable ASCII as Code 128: set B for text, set C for runs of four or more digits.
 * @example encodeCode128("MC1234").symbols // [104, 45, 35, 99, 12, 34, 13, 106]
 */
export function encodeCode128(text: string): Code128 {
  assertEncodable(text);

  const symbols: number[] = [];
  const leadingDigits = digitRunLength(text, 0);
  let inSetC = leadingDigits >= 4 || (leadingDigits === 2 && text.length === 2);
  symbols.push(inSetC ? START_C : START_B);

  let i = 0;
  while (i < text.length) {
    const run = digitRunLength(text, i);
    if (inSetC) {
      if (run >= 2) {
        symbols.push(Number(text.slice(i, i + 2)));
        i += 2;
      } else {
        symbols.push(CODE_B);
        inSetC = false;
      }
      continue;
    }
    // A run of 4 between letters costs the same either way; switching on it keeps the rule simple.
    if (run >= 4) {
      if (run % 2 === 1) {
        symbols.push(text.charCodeAt(i) - 32);
        i += 1;
      }
      symbols.push(CODE_C);
      inSetC = true;
      continue;
    }
    symbols.push(text.charCodeAt(i) - 32);
    i += 1;
  }

  symbols.push(checkSymbol(symbols), STOP);

  const widths = symbols.flatMap((symbol) => [...patternOf(symbol)].map(Number));
  const modules = widths.reduce((sum, width) => sum + width, 0);
  return { symbols, widths, modules };
}

/**
 * Why `text` cannot be a barcode (said so that it follows "it"), or undefined when it can: empty, or a
 * character outside printable ASCII.
 */
export function code128Problem(text: string): string | undefined {
  if (text.length === 0) return "is empty";
  let position = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 32 || code > 126) {
      const hex = code.toString(16).toUpperCase().padStart(4, "0");
      return `has U+${hex} at position ${position}; only printable ASCII (space to ~) can be encoded`;
    }
    position += 1;
  }
  return undefined;
}

function assertEncodable(text: string): void {
  const problem = code128Problem(text);
  if (problem) throw new RangeError(`Code 128: the text ${problem}`);
}

function digitRunLength(text: string, from: number): number {
  let end = from;
  while (end < text.length && isDigit(text.charCodeAt(end))) end += 1;
  return end - from;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** (start value + sum of value x position, positions from 1) mod 103. */
function checkSymbol(symbols: readonly number[]): number {
  let sum = symbols[0] ?? 0;
  for (let position = 1; position < symbols.length; position += 1) {
    sum += (symbols[position] ?? 0) * position;
  }
  return sum % 103;
}

function patternOf(symbol: number): string {
  const pattern = PATTERNS[symbol];
  if (pattern === undefined) throw new RangeError(`Code 128: no symbol with value ${symbol}`);
  return pattern;
}
