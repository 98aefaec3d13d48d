// `pnpm bundle:size`: the Worker as `wrangler deploy --dry-run` builds it, its gzip size against the
// budget, and the packages that take the most room. Exits 1 over budget, or when the schema package is
// bundled from its sources (documentation and all) instead of the Worker's copy. The bench imports
// measureBundle().
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

/**
 * The budget of the whole upload, gzip, in KiB (the unit wrangler prints). 250 until the list queries
 * moved onto `qs` (the reference's clients' encoder, read with its limits): it and its dependencies
 * (side-channel, object-inspect, get-intrinsic) added about 18.5 KiB gzip (242 → 261 KiB); the
 * Worker's stand-in for side-channel (src/shims/side-channel.cjs) takes back about 12 KiB of it.
 * The manifest's documentation (every field's `description` and `example`) took it to 283 KiB; the
 * Worker's copy of the schema package leaves that out (scripts/worker-schema.ts, about 22 KiB).
 * The background work that fetches feeds and builds data exports (about 6 KiB) took it from 261 to 267
 * KiB; the rest of the work behind the records (e-mail over `cloudflare:sockets`, uploads and the R2
 * file store, data imports with the CSV reader feeds share, the shipment, accounting and publishing
 * callouts) to about 282 KiB, with names minified (`keep_names: false`, about 14 KiB: source maps give
 * traces their names). `qs`'s parser alone (the server writes no query string: no `stringify`) takes
 * back about 2 KiB; standardwebhooks' HMAC on the `@noble/hashes` the server has already, in place of
 * its own `fast-sha256` (src/shims/fast-sha256.ts), about 3 KiB. pdf-lib's `tslib` read as its ES
 * module (only the helpers pdf-lib calls are bundled, not the whole CommonJS file), about 2 KiB. The
 * WinAnsi encoding's table alone as plain JSON, in place of the package's compressed blob of three
 * encodings (scripts/worker-encoding.ts), about 1.9 KiB. csv-stringify's module build in place of its
 * browser build, which carries a Buffer polyfill (src/shims/csv-stringify.ts), about 6.3 KiB. pdf-lib
 * bundled with only the modules a label reaches (scripts/worker-pdf.ts), about 26 KiB: 290 → 264 KiB.
 */
export const BUDGET_KIB = 290;

export interface BundleSize {
  /** Every module wrangler would upload (source maps excluded). */
  modules: { name: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
  /** Minified bytes in the bundle per npm package (or workspace folder), largest first. */
  contributors: { name: string; bytes: number }[];
  /**
   * Schema sources bundled as they are, documentation and all: none when wrangler.jsonc's alias puts
   * the Worker's copy (dist/worker-schema.js) in their place.
   */
  schemaSources: string[];
}

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);

interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/** Groups a bundle input path by the npm package it belongs to, or its workspace folder. */
function ownerOf(input: string): string {
  const packages = input.split("node_modules/");
  if (packages.length > 1) {
    const rest = packages.at(-1)!.split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const parts = input.replace(/^(\.\.\/)+/, "").split("/");
  return parts.slice(0, parts[0] === "src" ? 2 : 3).join("/");
}

/** Builds the Worker exactly as `wrangler deploy` would (nothing is uploaded) and measures it. */
export async function measureBundle(): Promise<BundleSize> {
  const outdir = mkdtempSync(join(tmpdir(), "mcs-bundle-"));
  try {
    const metafile = join(outdir, "meta.json");
    await run(
      join(serverDir, "node_modules", ".bin", "wrangler"),
      ["deploy", "--dry-run", "--outdir", join(outdir, "out"), "--metafile", metafile],
      { cwd: serverDir, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, maxBuffer: 16 << 20 },
    );
    const modules = readdirSync(join(outdir, "out"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(m?js|cjs|wasm|bin|txt|html)$/.test(entry.name))
      .filter((entry) => entry.name !== "README.md")
      .map((entry) => {
        const content = readFileSync(join(entry.parentPath, entry.name));
        return { name: entry.name, bytes: content.length, gzipBytes: gzipSync(content).length };
      });
    const owners = new Map<string, number>();
    const schemaSources: string[] = [];
    const meta = JSON.parse(readFileSync(metafile, "utf8")) as Metafile;
    for (const output of Object.values(meta.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        owners.set(ownerOf(input), (owners.get(ownerOf(input)) ?? 0) + bytesInOutput);
        if (input.includes("packages/schema/src/") && bytesInOutput > 0) schemaSources.push(input);
      }
    }
    const gzipBytes = modules.reduce((sum, module) => sum + module.gzipBytes, 0);
    const budgetBytes = BUDGET_KIB * 1024;
    return {
      modules,
      bytes: modules.reduce((sum, module) => sum + module.bytes, 0),
      gzipBytes,
      budgetBytes,
      withinBudget: gzipBytes <= budgetBytes,
      contributors: [...owners].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
      schemaSources,
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The report `pnpm bundle:size` prints; the bench prints the first line. */
export function formatBundle(size: BundleSize, top = 10): string {
  const verdict = size.withinBudget ? "within" : "OVER";
  const lines = [
    `Worker bundle: ${kib(size.gzipBytes)} gzip (${kib(size.bytes)} minified), ${verdict} the ${BUDGET_KIB} KiB gzip budget`,
    `Largest contributors (minified bytes in the bundle):`,
    ...size.contributors
      .slice(0, top)
      .map(
        ({ name, bytes }) =>
          `  ${kib(bytes).padStart(10)}  ${((bytes / size.bytes) * 100).toFixed(0).padStart(3)}%  ${name}`,
      ),
  ];
  if (size.schemaSources.length > 0) {
    lines.push(
      `The schema package's sources are bundled with their documentation (${size.schemaSources.length} files): wrangler.jsonc should alias @multichannel/schema to dist/worker-schema.js`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = await measureBundle();
  console.log(formatBundle(size));
  if (!size.withinBudget || size.schemaSources.length > 0) process.exit(1);
}
