/**
 * A CSV file read as a stream of rows, never whole: bytes are decoded as UTF-8 (a file that is not
 * text stops the stream) and parsed by uDSV's incremental parser, one decoded piece at a time.
 */
import { inferSchema, initParser, type Parser } from "udsv";

/** Why a file could not be read as CSV text: the import ends `error` with this message. */
export class UnreadableFile extends Error {}

/**
 * The end of the last complete line of `text` (-1: none). A piece ending in `\r` is held back: its
 * `\n` may start the next piece, and uDSV reads a line break cut in two as two.
 */
function lastLineEnd(text: string): number {
  const lf = text.lastIndexOf("\n");
  const cr = text.lastIndexOf("\r");
  if (lf > cr) return lf + 1;
  return cr >= 0 && cr < text.length - 1 ? cr + 1 : -1;
}

/**
 * Decoded text of `bytes`, refusing what is not text (a NUL byte) and, unless `lenient`, what is not
 * UTF-8 (an invalid sequence; `lenient`: read as U+FFFD).
 */
async function* textOf(bytes: ReadableStream<Uint8Array>, lenient: boolean): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: !lenient });
  const reader = bytes.getReader();
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new UnreadableFile("The file is not UTF-8 text.");
    }
  };
  try {
    while (true) {
      const { done, value } = await reader.read();
      const text = decode(done ? undefined : value);
      if (text.includes("\0")) throw new UnreadableFile("The file is not text (it holds NUL bytes).");
      if (text) yield text;
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** How a CSV file is read: its column separator (else told from its first line), its text leniently. */
export interface CsvReading {
  separator?: string;
  /** Bytes that are not UTF-8 read as U+FFFD instead of making the file unreadable. */
  lenient?: boolean;
}

/**
 * The rows of a CSV file (the header first), a piece of the file at a time: only whole lines go to
 * the parser, so a quoted field or a line break split between two pieces reads as one. Empty lines
 * are left out; the column separator is `separator`, else a comma, a semicolon or a tab, told from the
 * first line.
 */
export async function* csvRows(
  bytes: ReadableStream<Uint8Array>,
  { separator, lenient = false }: CsvReading = {},
): AsyncGenerator<string[][]> {
  let parser: Parser | undefined;
  let quotes: QuoteState | undefined;
  let tail = "";
  let rows: string[][] = [];
  const take = (text: string) => {
    parsing(() => {
      const shape = separator ? { col: separator } : {};
      parser ??= initParser(inferSchema(text, { ...shape, encl: '"', header: () => [] }));
      parser.chunk<string[]>(text, parser.stringArrs, (row) => {
        rows.push(row);
      });
    });
    quotes ??= new QuoteState(parser!.schema.col);
    quotes.read(text);
  };
  for await (const piece of textOf(bytes, lenient)) {
    const text = tail + piece;
    const end = lastLineEnd(text);
    if (end < 0) {
      tail = text;
      continue;
    }
    take(text.slice(0, end));
    tail = text.slice(end);
    // Rows read while a quoted field is open are held: should it never close, none of them is given.
    if (rows.length && !quotes?.openedOn) {
      yield rows;
      rows = [];
    }
  }
  // The last line, without its line break (the parser infers its schema from a whole line).
  if (tail.trim()) take(parser ? tail : `${tail}\n`);
  if (quotes?.openedOn) {
    throw new UnreadableFile(
      `The file could not be read as CSV: the quoted field opened on line ${quotes.openedOn} is never closed.`,
    );
  }
  parsing(() => parser?.end());
  if (rows.length) yield rows;
}

/**
 * Whether the text read so far ends inside a quoted field, as RFC 4180 reads quotes: a quote that opens
 * a field starts one, two quotes in it are one, and a quote followed by anything else ends it; a quote
 * elsewhere is a character like another. uDSV, given a field whose quote never closes, drops it and
 * every line after it without a word; this tells such a file apart.
 */
class QuoteState {
  /** The line (from 1) where the quoted field still open began; 0 outside any. */
  openedOn = 0;
  private line = 1;
  private fieldStart = true;
  /** Inside a quoted field, just after a quote: it ends the field, unless another follows. */
  private quoteSeen = false;
  private readonly separator: number;

  constructor(separator: string) {
    this.separator = separator.charCodeAt(0);
  }

  read(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === LF) this.line++;
      if (this.openedOn) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (code === QUOTE) continue;
          this.openedOn = 0;
        } else {
          if (code === QUOTE) this.quoteSeen = true;
          continue;
        }
      }
      if (code === QUOTE && this.fieldStart) {
        this.openedOn = this.line;
        this.fieldStart = false;
      } else {
        this.fieldStart = code === this.separator || code === LF || code === CR;
      }
    }
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Runs uDSV on text it may not parse: on some (a line that opens with a quote followed by a separator,
 * `",`) it throws a TypeError of its own. The file is then unreadable, as one that is not text is: the
 * import or feed fetch ends `error` with the reason, rather than being retried as a fault of the service.
 */
function parsing(run: () => void): void {
  try {
    run();
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    throw new UnreadableFile("The file could not be read as CSV: a quote or a separator is out of place.");
  }
}
