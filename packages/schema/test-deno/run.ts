// Runs a package's Deno tests (test-deno/) with the deno binary from npm, and writes the counts that
// .ci/count.mjs totals to .test-results/deno.json: { passed, failed, skipped }.
//   tsx test-deno/run.ts [deno test flags, e.g. --allow-read]
// Run from the package directory (the client package runs this same file).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

function findDeno(from: string): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", ".bin", "deno");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return "deno";
  }
}

/** Counts the testcases of a JUnit report by outcome. */
export function countJunit(xml: string): { passed: number; failed: number; skipped: number } {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const match of xml.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const body = match[2] ?? "";
    if (/<(failure|error)\b/.test(body)) counts.failed++;
    else if (/<skipped\b/.test(body)) counts.skipped++;
    else counts.passed++;
  }
  return counts;
}

const results = resolve(".test-results");
const junit = join(results, "deno-junit.xml");
mkdirSync(results, { recursive: true });
rmSync(junit, { force: true });

const run = spawnSync(
  findDeno("."),
  ["test", ...process.argv.slice(2), `--junit-path=${junit}`, "test-deno/"],
  {
    stdio: "inherit",
  },
);
let counts = existsSync(junit)
  ? countJunit(readFileSync(junit, "utf8"))
  : { passed: 0, failed: 0, skipped: 0 };
// A run that failed before reporting (a type error, a missing permission) still counts as a failure.
if (run.status !== 0 && counts.failed === 0) counts = { ...counts, failed: counts.failed + 1 };
writeFileSync(join(results, "deno.json"), `${JSON.stringify(counts)}\n`);
console.log(`deno: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(run.status ?? 1);
