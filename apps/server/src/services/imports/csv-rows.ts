/**
 * A CSV file read as a stream of rows, never whole: bytes are decoded as UTF-8 (a file that is not
 * text stops the stream) and parsed by uDSV's incremental parser, one decoded piece at a time.
 */
import { initParser, type Parser, type Schema } from "udsv";

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
 * first line. Every row has the header's cells, a file of one column as much as any other.
 */
export async function* csvRows(
  bytes: ReadableStream<Uint8Array>,
  { separator, lenient = false }: CsvReading = {},
): AsyncGenerator<string[][]> {
  let lines: Lines | undefined;
  let parser: Parser | undefined;
  let records: Records | undefined;
  // Evened text read before the header has ended: the parser is made for the header's cells (`width`).
  let held = "";
  let width = 0;
  let tail = "";
  let rows: string[][] = [];
  const take = (text: string) => {
    parsing(() => {
      lines ??= linesOf(text, separator);
      records ??= new Records(lines.col);
      held += records.even(text);
      width = records.width;
      if (!width) return;
      parser ??= initParser(schemaOf({ ...lines, col: records.parsedSeparator }, records.parsedCells));
      parser.chunk<string[]>(held, parser.stringArrs, (row) => {
        rows.push(row.length > width ? row.slice(0, width) : row);
      });
      held = "";
    });
  };
  for await (const piece of textOf(bytes, lenient)) {
    // Only the new piece is searched for a line end: the tail held has none (a long line is searched
    // once, not again with every piece that makes it longer).
    const inPiece = lastLineEnd(piece);
    if (inPiece < 0) {
      tail += piece;
      continue;
    }
    const end = tail.length + inPiece;
    const text = tail + piece;
    take(text.slice(0, end));
    tail = text.slice(end);
    // Rows read while a quoted field is open are held: should it never close, none of them is given.
    if (rows.length && !records?.openedOn) {
      yield rows;
      rows = [];
    }
  }
  // The last line, ended as the file's lines are, so that it is evened and parsed as they are.
  if (tail.trim()) take(`${tail.replace(/[\r\n]+$/, "")}\n`);
  if (records?.openedOn) {
    const unclosed = `the quoted field opened on line ${records.openedOn} is never closed`;
    // A quote right before a separator (`",`) more likely stands where no quote belongs.
    const reason = records.openedOnSeparator
      ? `a quote or a separator is out of place (${unclosed})`
      : unclosed;
    throw new UnreadableFile(`The file could not be read as CSV: ${reason}.`);
  }
  parsing(() => parser?.end());
  if (rows.length) yield rows;
}

/**
 * The records of the text read so far, as RFC 4180 reads quotes (a quote that opens a field starts a
 * quoted one, two quotes in it are one, a quote followed by anything else ends it; a quote elsewhere is
 * a character like another), for what uDSV does not do itself:
 * - whether the text ends inside a quoted field (`openedOn`): uDSV, given a field whose quote never
 *   closes, drops it and every line after it without a word;
 * - every record with as many cells as the header (`even`): uDSV reads the header's count of cells
 *   whatever the line breaks, so a short record took the next line's cells (or, last, was dropped) and a
 *   long one's cells ran into its last column. A short record gets empty cells at its end, as a writer
 *   that leaves out trailing empty cells means; a long one's cells past the header's are left out, as
 *   columns without a name are;
 * - a file of one column read as one of two (`parsedCells`): uDSV, given a schema of one column, takes
 *   every line break for an empty line and gives only the last record, so each record of such a file
 *   ends in one more separator, and the empty cell it makes is left out of the row;
 * - a separator of several characters (`parsedSeparator`): uDSV, beside a quoted field, takes its first
 *   character for the whole of it, so such a file's separators are given to it as their first character,
 *   and an unquoted cell holding that character is quoted.
 */
class Records {
  /** The line (from 1) where the quoted field still open began; 0 outside any. */
  openedOn = 0;
  /** Whether the quoted field still open begins with a separator (`",`). */
  openedOnSeparator = false;
  /** Just after the quote that opened a field. */
  private opening = false;
  private line = 1;
  private fieldStart = true;
  /** Inside a quoted field, just after a quote: it ends the field, unless another follows. */
  private quoteSeen = false;
  /** Whether the cell being read began with a quote. */
  private quoted = false;
  /** The header's cells: the first record that is not empty; 0 until it has ended. */
  width = 0;
  /** The cells of the record being read, and whether it has any character yet. */
  private cells = 1;
  private empty = true;
  /**
   * Where the separator before the record's first cell past the header's is: in the text being read,
   * or, for a separator of several characters, in the text evened so far.
   */
  private cut = -1;
  private readonly separator: string;
  private readonly separatorCode: number;
  /** The separator uDSV is given: the file's, or the first character of one of several. */
  readonly parsedSeparator: string;

  constructor(separator: string) {
    this.separator = separator;
    this.separatorCode = separator.charCodeAt(0);
    this.parsedSeparator = separator.charAt(0);
  }

  /** The cells of every record given to the parser: the header's, and at least two. */
  get parsedCells(): number {
    return Math.max(this.width, 2);
  }

  /** Whether the file's separator starts at `i` (the text never ends inside one: it ends with a line). */
  private separatorAt(text: string, i: number): boolean {
    return (
      text.charCodeAt(i) === this.separatorCode &&
      (this.separator.length === 1 || text.startsWith(this.separator, i))
    );
  }

  /** A cell as uDSV is given it beside separators of one character: quoted if it holds one. */
  private parsedCell(cell: string): string {
    return this.quoted || !cell.includes(this.parsedSeparator) ? cell : `"${cell.replaceAll('"', '""')}"`;
  }

  /**
   * `text` with every record that ends in it evened to the header's cells (the same text when all are),
   * and, for a separator of several characters, its separators and cells as uDSV is given them.
   */
  even(text: string): string {
    const rewrites = this.separator.length > 1;
    let evened = "";
    let from = 0;
    this.cut = -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // A line ends at LF, CRLF or a CR alone (`text` never ends in a CR: see `lastLineEnd`).
      const lineBreak = code === LF || (code === CR && text.charCodeAt(i + 1) !== LF);
      if (lineBreak) this.line++;
      if (this.openedOn) {
        if (this.opening) {
          this.opening = false;
          this.openedOnSeparator = this.separatorAt(text, i);
        }
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (code === QUOTE) continue;
          this.openedOn = 0;
          // A quoted field ends with its cell: `"A"B` is no field RFC 4180 reads (uDSV keeps `B`).
          if (!this.separatorAt(text, i) && code !== LF && code !== CR) {
            throw new UnreadableFile(
              `The file could not be read as CSV: a quote or a separator is out of place (line ${this.line}).`,
            );
          }
        } else {
          if (code === QUOTE) this.quoteSeen = true;
          continue;
        }
      }
      if (code === LF || code === CR) {
        // Every record the parser is given ends in LF (its row separator), whatever the file mixes: a
        // CR before an LF is left out, a CR alone becomes an LF. Quoted line breaks stay as written.
        let long = false;
        let missing = 0;
        if (!this.empty) {
          this.width ||= this.cells;
          long = this.cells > this.width && this.cut >= 0;
          missing = Math.max(this.parsedCells - (long ? this.width : this.cells), 0);
        }
        const padding = this.parsedSeparator.repeat(missing);
        if (rewrites) {
          evened = long ? evened.slice(0, this.cut) : evened + this.parsedCell(text.slice(from, i));
          evened += padding + (lineBreak ? "\n" : "");
          from = i + 1;
        } else if (long || missing > 0 || code === CR) {
          evened += text.slice(from, long ? this.cut : i) + padding + (lineBreak && code === CR ? "\n" : "");
          from = code === CR ? i + 1 : i;
        }
        this.cells = 1;
        this.empty = true;
        this.cut = -1;
        this.fieldStart = true;
        this.quoted = false;
        continue;
      }
      this.empty = false;
      if (code === QUOTE && this.fieldStart) {
        this.openedOn = this.line;
        this.opening = true;
        this.openedOnSeparator = false;
        this.fieldStart = false;
        this.quoted = true;
      } else if (this.separatorAt(text, i)) {
        this.cells++;
        if (rewrites) {
          evened += this.parsedCell(text.slice(from, i));
          from = i + this.separator.length;
        }
        if (this.width && this.cells === this.width + 1) this.cut = rewrites ? evened.length : i;
        if (rewrites) evened += this.parsedSeparator;
        i += this.separator.length - 1;
        this.fieldStart = true;
        this.quoted = false;
      } else {
        this.fieldStart = false;
      }
    }
    return from ? evened + text.slice(from) : text;
  }
}

/** The separators of a file's cells and lines. */
interface Lines {
  col: string;
  row: string;
}

/**
 * The separators: the cells' is `separator`, else the first of a tab, a pipe, a semicolon or a comma
 * that the first line holds outside its quoted cells, else a comma; the records' is LF (`Records.even`
 * ends every record so). uDSV's `inferSchema` is not used: it looks into quoted cells too, parses the
 * first rows as its own count of columns, which it takes from the first line (empty, or cut by a quoted
 * line break, it says one), and throws on some files of one column.
 */
function linesOf(text: string, separator: string | undefined): Lines {
  const first = (/^[^\r\n]*/.exec(text)?.[0] ?? "").replace(/"[^"]*"/g, "");
  return { col: separator ?? ["\t", "|", ";", ","].find((col) => first.includes(col)) ?? ",", row: "\n" };
}

/**
 * A uDSV schema for records of `cells` cells, all read as text (the names are not read: the header is
 * read as a row like the others).
 */
function schemaOf({ col, row }: Lines, cells: number): Schema {
  const cols = Array.from({ length: cells }, (_, i) => ({
    name: String(i),
    type: "s" as const,
    repl: { empty: null, null: undefined, NaN: undefined },
  }));
  return { col, row, encl: '"', esc: '"', trim: false, cols };
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Runs uDSV on text it may not parse: on text it does not expect it may throw a TypeError of its own,
 * which says nothing of the file. The file is then unreadable, as one that is not text is: the import or
 * feed fetch ends `error` with the reason, rather than being retried as a fault of the service.
 */
function parsing(run: () => void): void {
  try {
    run();
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    throw new UnreadableFile("The file could not be read as CSV: a quote or a separator is out of place.");
  }
}
