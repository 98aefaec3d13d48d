// Totals the JSON reports every suite writes to <package>/.test-results/ (vitest's JSON reporter, or
// {"passed","failed","skipped"} from other runners) and prints one line: N passed, N failed, N skipped.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const reports = ["apps", "packages", "tooling"].flatMap((group) =>
  readdirSync(group).flatMap((pkg) => {
    const dir = join(group, pkg, ".test-results");
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .map((f) => join(dir, f))
      : [];
  }),
);
let passed = 0;
let failed = 0;
let skipped = 0;
let files = 0;
for (const name of reports) {
  const report = JSON.parse(readFileSync(name, "utf8"));
  files++;
  if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    skipped += report.numPendingTests + report.numTodoTests;
    if (!report.success && report.numFailedTests === 0) failed += 1;
  } else {
    passed += report.passed ?? 0;
    failed += report.failed ?? 0;
    skipped += report.skipped ?? 0;
  }
  console.log(
    `${name}: ${JSON.stringify({ passed: report.numPassedTests ?? report.passed, failed: report.numFailedTests ?? report.failed })}`,
  );
}
if (files === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
