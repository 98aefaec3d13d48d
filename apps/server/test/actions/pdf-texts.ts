// The text a label's PDF shows: what a user reads on the printed label.
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from "pdf-lib";

/** WinAnsi byte to character, taken from pdf-lib itself: Node 20's TextDecoder("windows-1252") is really latin1. */
async function winAnsiDecoder(): Promise<(bytes: Iterable<number>) => string> {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const charOf = new Map<number, string>();
  for (const codePoint of font.getCharacterSet()) {
    const char = String.fromCodePoint(codePoint);
    const [byte] = font.encodeText(char).asBytes();
    if (byte !== undefined && !charOf.has(byte)) charOf.set(byte, char);
  }
  return (bytes) => Array.from(bytes, (byte) => charOf.get(byte) ?? "\uFFFD").join("");
}

/** Strings shown by the page's Tj operators (pdf-lib writes them as WinAnsi hex strings). */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const decodeWinAnsi = await winAnsiDecoder();
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const texts: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream type");
    const operators = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
    for (const [, hex = ""] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(decodeWinAnsi((hex.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16))));
    }
  }
  return texts;
}
