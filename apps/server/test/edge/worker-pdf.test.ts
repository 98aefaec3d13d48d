// The Worker's copy of pdf-lib (scripts/worker-pdf.ts, wrangler.jsonc `alias`): a label renders to the
// same bytes as with the whole library, and what it leaves out refuses clearly. The Worker renders one
// with it in workerd (test-edge/workerd.test.ts, "labels").
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildWorkerPdf, OMITTED } from "../../scripts/worker-pdf.ts";
import * as omitted from "../../src/labels/pdf-omitted.ts";
import type { LabelRequest } from "../../src/labels/provider.ts";

const server = fileURLToPath(new URL("../../", import.meta.url));
let dir: string;
let outfile: string;
let metafile: Metafile;

beforeAll(async () => {
  // Beside pdf-lib's dependencies, so that the copy imports the very packages the library does (the
  // Worker's stand-ins of them are wrangler's to give): the two renderings differ in pdf-lib alone.
  const library = dirname(realpathSync(fileURLToPath(import.meta.resolve("pdf-lib/package.json"))));
  dir = mkdtempSync(join(library, "..", ".worker-pdf-test-"));
  outfile = join(dir, "worker-pdf.js");
  metafile = await buildWorkerPdf(outfile);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const request: LabelRequest = {
  shipFrom: {
    name: "Depot",
    company: "Acme Goods",
    lineOne: "1 Quay Road",
    city: "Leeds",
    zip: "LS1 4AP",
    country: "GB",
  },
  shipTo: { name: "Zoë Ångström", lineOne: "22 Rue de l'Église", city: "Lyon", zip: "69001", country: "FR" },
  carrier: "Parcel Express",
  service: "Next day",
  trackingNumber: "MC1234567890",
  reference: "PO-77",
  direction: "outbound",
  version: 1,
  weightGrams: 1250,
  createdAt: "2026-05-04T10:20:30.000Z",
};

/** The files of the copy, by path from the server's folder. */
const bundled = () =>
  Object.values(metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input),
  );

/** The label's bytes, rendered with `pdfLib` in place of pdf-lib. */
async function renderWith(pdfLib: () => Promise<unknown>): Promise<Uint8Array> {
  vi.resetModules();
  vi.doMock("pdf-lib", pdfLib);
  try {
    const { pdfLabelProvider } = await import("../../src/labels/pdf-provider.ts");
    return (await pdfLabelProvider.createLabel(request)).bytes;
  } finally {
    vi.doUnmock("pdf-lib");
  }
}

describe("the Worker's copy of pdf-lib", () => {
  it("renders a label to the same bytes as pdf-lib", async () => {
    const whole = await renderWith(() => vi.importActual("pdf-lib"));
    const copy = await renderWith(() => import(pathToFileURL(outfile).href));
    expect(whole.length).toBeGreaterThan(1000);
    expect(Buffer.from(copy).equals(Buffer.from(whole))).toBe(true);
  });

  it("leaves out forms, PDF reading, images, embedded pages and custom fonts", () => {
    const left = bundled().filter((input) =>
      /pdf-lib\/es\/(api\/form|core\/acroform|core\/parser|core\/embedders\/(Jpeg|Png|PDFPage|CustomFont))/.test(
        input,
      ),
    );
    expect(left).toEqual([]);
  });

  it("answers each member pdf-lib calls on what it leaves out, refusing with a clear error", () => {
    const sources = bundled()
      .filter((input) => input.includes("pdf-lib/es/"))
      .map((input) => readFileSync(join(server, input), "utf8"));
    const stands = omitted as unknown as Record<string, Record<string, () => unknown>>;
    for (const name of new Set(Object.values(OMITTED))) {
      const called = new Set(
        sources.flatMap((text) =>
          [...text.matchAll(new RegExp(`\\b${name}\\.(\\w+)\\(`, "g"))].map((m) => m[1]!),
        ),
      );
      expect(called.size, name).toBeGreaterThan(0);
      for (const member of called) {
        expect(stands[name]![member], `${name}.${member}`).toBeTypeOf("function");
        expect(() => stands[name]![member]!(), `${name}.${member}`).toThrow(
          /is not in the Worker build of pdf-lib/,
        );
      }
    }
  });
});
