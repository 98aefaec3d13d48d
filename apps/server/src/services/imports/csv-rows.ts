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
  let tail = "";
  let rows: string[][] = [];
  const take = (text: string) =>
    parsing(() => {
      const shape = separator ? { col: separator } : {};
      parser ??= initParser(inferSchema(text, { ...shape, encl: '"', header: () => [] }));
      parser.chunk<string[]>(text, parser.stringArrs, (row) => {
        rows.push(row);
      });
    });
  for await (const piece of textOf(bytes, lenient)) {
    const text = tail + piece;
    const end = lastLineEnd(text);
    if (end < 0) {
      tail = text;
      continue;
    }
    take(text.slice(0, end));
    tail = text.slice(end);
    if (rows.length) {
      yield rows;
      rows = [];
    }
  }
  // The last line, without its line break (the parser infers its schema from a whole line).
  if (tail.trim()) take(parser ? tail : `${tail}\n`);
  parsing(() => parser?.end());
  if (rows.length) yield rows;
}

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
