// The Worker's copy of pdf-lib (wrangler.jsonc `alias`, made by `build.command`). pdf-lib's modules
// are ES5 classes built by a call each, which a bundler must keep whether or not anything uses them, and
// its entry re-exports the whole library: bundled as it is, all of it reaches the Worker. Here it is
// bundled with its modules declared free of side effects, so only what a label reaches stays, and with
// the features a label never uses (forms, reading a PDF, images, embedded pages, custom fonts) replaced
// by src/labels/pdf-omitted.ts. About 25 KiB gzip less. The packages pdf-lib imports stay imports, for
// wrangler's `alias` to give the Worker its stand-ins of them (fonts, zlib, tslib).
import { fileURLToPath } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";

/** wrangler.jsonc `alias` of `pdf-lib`. */
export const WORKER_PDF = fileURLToPath(new URL("../dist/worker-pdf.js", import.meta.url));

const omittedModule = fileURLToPath(new URL("../src/labels/pdf-omitted.ts", import.meta.url));

/** pdf-lib's modules (under `es/`) replaced, each by the class of src/labels/pdf-omitted.ts it names. */
export const OMITTED: Readonly<Record<string, string>> = {
  "api/form/PDFForm.js": "PDFForm",
  "core/acroform/PDFAcroForm.js": "PDFAcroForm",
  "core/parser/PDFParser.js": "PDFParser",
  "core/embedders/JpegEmbedder.js": "JpegEmbedder",
  "core/embedders/PngEmbedder.js": "PngEmbedder",
  "core/embedders/PDFPageEmbedder.js": "PDFPageEmbedder",
  "core/embedders/CustomFontEmbedder.js": "CustomFontEmbedder",
  "core/embedders/CustomFontSubsetEmbedder.js": "CustomFontSubsetEmbedder",
};

/** What src/labels/pdf-provider.ts imports. */
const ENTRY = 'export { PDFDocument, rgb, StandardFonts } from "pdf-lib";';

const moduleOf = (path: string) => path.replaceAll("\\", "/").split("/node_modules/pdf-lib/es/")[1];

/**
 * Bundles pdf-lib for the Worker into `outfile` and answers the build's metafile. Fails when a module
 * of OMITTED is not where pdf-lib was read: the copy would then carry the feature whole.
 */
export async function buildWorkerPdf(outfile = WORKER_PDF): Promise<Metafile> {
  const replaced = new Set<string>();
  const plugin: Plugin = {
    name: "pdf-lib-for-labels",
    setup(esbuild) {
      // pdf-lib's own imports (relative, and the entry's), resolved as usual, then marked side-effect free.
      esbuild.onResolve({ filter: /^(\.|pdf-lib$)/ }, async (args) => {
        if (args.pluginData === "resolving") return undefined;
        if (args.path !== "pdf-lib" && moduleOf(args.importer) === undefined) return undefined;
        const { path, errors } = await esbuild.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: "resolving",
        });
        if (errors.length > 0) return { errors };
        const module = moduleOf(path);
        if (module === undefined) return undefined;
        const name = OMITTED[module];
        if (name === undefined) return { path, sideEffects: false };
        replaced.add(module);
        return { path: module, namespace: "pdf-omitted", pluginData: name };
      });
      esbuild.onLoad({ filter: /.*/, namespace: "pdf-omitted" }, (args) => ({
        contents: `export { ${args.pluginData} as default } from ${JSON.stringify(omittedModule)};`,
        resolveDir: fileURLToPath(new URL(".", import.meta.url)),
        loader: "js",
      }));
    },
  };
  const { metafile } = await build({
    stdin: { contents: ENTRY, resolveDir: fileURLToPath(new URL("..", import.meta.url)), loader: "js" },
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    // Its dependencies stay imports: wrangler's `alias` replaces them for the Worker.
    external: ["@pdf-lib/standard-fonts", "pako", "tslib"],
    plugins: [plugin],
    metafile: true,
    sourcemap: "linked",
    logLevel: "warning",
  });
  const missing = Object.keys(OMITTED).filter((module) => !replaced.has(module));
  if (missing.length > 0) {
    throw new Error(`pdf-lib has none of ${missing.join(", ")}: update OMITTED in scripts/worker-pdf.ts.`);
  }
  return metafile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWorkerPdf();
}
