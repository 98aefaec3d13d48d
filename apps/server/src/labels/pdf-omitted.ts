// Stand-ins for the pdf-lib modules the Worker's copy of pdf-lib leaves out (scripts/worker-pdf.ts).
// A label is a new document with text, lines and rectangles in the two standard Helvetica fonts: it
// fills no form, reads no existing PDF, embeds no image, page or custom font. Each class answers the
// static members pdf-lib calls on the module it replaces, refusing with an error that says what is
// missing; about 25 KiB gzip of the Worker's bundle goes with them. They are classes, not objects:
// pdf-lib tests values with `instanceof` against some of them (PDFFont's embedder).
// biome-ignore-all lint/complexity/noStaticOnlyClass: each stands for a class pdf-lib calls statically

function omitted(feature: string): never {
  throw new Error(`${feature} is not in the Worker build of pdf-lib: labels use none.`);
}

export class PDFForm {
  static of = () => omitted("Forms");
}

export class PDFAcroForm {
  static fromDict = () => omitted("Forms");
  static create = () => omitted("Forms");
}

export class PDFParser {
  static forBytesWithOptions = () => omitted("Reading an existing PDF");
}

export class JpegEmbedder {
  static for = () => omitted("Embedding a JPEG image");
}

export class PngEmbedder {
  static for = () => omitted("Embedding a PNG image");
}

export class PDFPageEmbedder {
  static for = () => omitted("Embedding a page of another PDF");
}

export class CustomFontEmbedder {
  static for = () => omitted("Embedding a custom font");
}

export class CustomFontSubsetEmbedder {
  static for = () => omitted("Embedding a custom font");
}
