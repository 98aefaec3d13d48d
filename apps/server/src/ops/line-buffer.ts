/**
 * Log lines as UTF-8 bytes in one kept buffer (`lineSink` in `logging.ts` writes it out). A line written
 * here piece by piece is never a string: no pieces joined, no string flattened and encoded again at the
 * write, nothing for the collector. Web-standard only (Node and Deno).
 */
const encoder = new TextEncoder();

/** The bytes of an ASCII text, for the pieces a line repeats. */
export function asciiBytes(text: string): Uint8Array {
  const bytes = encoder.encode(text);
  if (bytes.length !== text.length) throw new TypeError(`Not ASCII: ${text}`);
  return bytes;
}

export class LineBuffer {
  readonly #bytes: Uint8Array;
  #used = 0;

  constructor(capacity: number) {
    this.#bytes = new Uint8Array(capacity);
  }

  /** How many bytes it holds. */
  get used(): number {
    return this.#used;
  }

  /** How many bytes more it can take. */
  get free(): number {
    return this.#bytes.length - this.#used;
  }

  get capacity(): number {
    return this.#bytes.length;
  }

  /** What it holds, as a view of its own bytes: valid until the next write into it. */
  held(): Uint8Array {
    return this.#bytes.subarray(0, this.#used);
  }

  /** Forgets what it holds. */
  clear(): void {
    this.#used = 0;
  }

  /** A text of any characters, as UTF-8 (a lone surrogate as U+FFFD). At most `text.length * 3` bytes. */
  text(text: string): void {
    this.#used += encoder.encodeInto(text, this.#bytes.subarray(this.#used)).written;
  }

  /** Bytes made once (`asciiBytes`). */
  raw(bytes: Uint8Array): void {
    this.#bytes.set(bytes, this.#used);
    this.#used += bytes.length;
  }

  /** A text of ASCII characters only (a time stamp, a route pattern): one byte each. */
  ascii(text: string): void {
    const bytes = this.#bytes;
    let at = this.#used;
    for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i);
    this.#used = at;
  }

  /**
   * A text as a JSON string, as `JSON.stringify` writes it: in quotes as it is when it is printable ASCII
   * without a quote or backslash (a path, an id, a method), else through `JSON.stringify`. At most
   * `text.length * 6 + 2` bytes.
   */
  jsonString(text: string): void {
    const bytes = this.#bytes;
    const start = this.#used;
    let at = start;
    bytes[at++] = QUOTE;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code >= 0x7f || code === QUOTE || code === BACKSLASH) {
        this.#used = start;
        this.text(JSON.stringify(text));
        return;
      }
      bytes[at++] = code;
    }
    bytes[at++] = QUOTE;
    this.#used = at;
  }

  /**
   * A number as JSON writes it (`null` when it is not finite): a whole one, or one of thousandths (a
   * duration in milliseconds), digit by digit, any other through `JSON.stringify`.
   */
  number(value: number): void {
    if (Number.isSafeInteger(value) && value >= 0) {
      this.#digits(value);
      return;
    }
    const thousandths = Math.round(value * 1000);
    if (thousandths > 0 && thousandths < MAX_THOUSANDTHS && thousandths / 1000 === value) {
      const whole = Math.floor(thousandths / 1000);
      let fraction = thousandths - whole * 1000;
      let places = 3;
      while (fraction % 10 === 0 && fraction > 0) {
        fraction /= 10;
        places--;
      }
      this.#digits(whole);
      this.#bytes[this.#used++] = DOT;
      for (let zeros = places - digitCount(fraction); zeros > 0; zeros--) this.#bytes[this.#used++] = ZERO;
      this.#digits(fraction);
      return;
    }
    this.ascii(JSON.stringify(value));
  }

  /** A whole number of zero or more, in decimal digits. */
  #digits(value: number): void {
    const bytes = this.#bytes;
    let at = this.#used + digitCount(value);
    this.#used = at;
    let rest = value;
    do {
      bytes[--at] = ZERO + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
  }
}

/** How many decimal digits a whole number of zero or more has. */
function digitCount(value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/**
 * Below it, a number of thousandths is written as its digits: as JSON writes it, with no exponent and no
 * shorter decimal for the same double (the doubles there are far closer together than a thousandth).
 */
const MAX_THOUSANDTHS = 2 ** 43;
const DOT = 0x2e;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ZERO = 0x30;
