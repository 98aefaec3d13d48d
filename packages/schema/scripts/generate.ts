/**
 * Writes what is derived from the manifest and committed: `src/generated/types.ts` (one explicit alias
 * per kind, so editors and the client never infer across ~100 kinds at once) and `openapi.json`.
 * `--check` fails instead of writing when a file is out of date (used by the tests).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "../src/openapi.ts";
import { typesSource } from "./types-source.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");

function write(path: string, content: string): boolean {
  const file = `${root}${path}`;
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {}
  if (current === content) return true;
  if (check) {
    console.error(`${path} is out of date: run \`pnpm --filter @multichannel/schema generate\``);
    return false;
  }
  writeFileSync(file, content);
  console.log(`wrote ${path}`);
  return true;
}

const version = (JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { version: string }).version;
const ok = [
  write("src/generated/types.ts", typesSource()),
  write("openapi.json", `${JSON.stringify(buildOpenApiDocument({ version }), null, 2)}\n`),
].every(Boolean);
if (!ok) process.exit(1);
