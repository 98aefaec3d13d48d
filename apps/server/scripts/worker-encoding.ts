// The Worker's copy of the one text encoding its labels use (wrangler.jsonc `alias`, made by
// `build.command`): `@pdf-lib/standard-fonts` ships the WinAnsi, Symbol and ZapfDingbats encodings as
// one compressed blob (about 4.6 KiB gzip, which gzip cannot shrink); labels are set in Helvetica,
// whose text is WinAnsi-encoded, so the Worker gets that table alone, as plain JSON (about 1.9 KiB gzip).
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import allEncodings from "@pdf-lib/standard-fonts/es/all-encodings.compressed.json" with { type: "json" };
import { decompressJson } from "@pdf-lib/standard-fonts/es/utils.js";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));

/** The package's WinAnsi table: each code point it encodes → [its code, its glyph's name]. */
export function winAnsiTable(): Record<string, [number, string]> {
  const { win1252 } = JSON.parse(decompressJson(allEncodings));
  if (!win1252 || typeof win1252 !== "object")
    throw new Error("@pdf-lib/standard-fonts has no win1252 table.");
  return win1252;
}

/** Writes `dist/worker-win-ansi.js`: `winAnsiTable()` as a module's default export. */
export function buildWorkerEncoding(): void {
  const table = JSON.stringify(winAnsiTable());
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    `${dist}worker-win-ansi.js`,
    `// Built by scripts/worker-encoding.ts from @pdf-lib/standard-fonts: do not edit.\nexport default ${table};\n`,
  );
}
