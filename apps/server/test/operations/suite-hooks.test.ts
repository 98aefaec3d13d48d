// The suites' own hygiene: vitest takes a hook (`afterAll`, `beforeAll`, ...) only while it collects a
// test file, and silently drops one made from inside a test or another hook. A cleanup written there never
// runs: a test's own server stays open, its port taken for the next test. In a test, `onTestFinished` is
// the cleanup; a helper that may be called from a hook leaves its cleanup to `atEnd` (`test/at-end.ts`).
// This finds a hook written inside a test's or a hook's body, and a test helper imported there; a hook in
// a helper it calls is not followed.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parse } from "@babel/parser";
import { describe, expect, it, onTestFinished } from "vitest";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const HOOKS = new Set(["afterAll", "afterEach", "beforeAll", "beforeEach"]);
const BODIES = new Set([...HOOKS, "it", "test"]);

/** The TypeScript files under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** A node of the syntax tree, as far as this walk reads it. */
type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof Reflect.get(value, "type") === "string";

/** The name a call is made by (`afterAll(...)`; `it.each(...)(...)` and `it.skip(...)` as `it`). */
function calleeName(call: Node): string | undefined {
  let callee = call.callee;
  while (isNode(callee) && (callee.type === "CallExpression" || callee.type === "MemberExpression")) {
    callee = callee.type === "CallExpression" ? callee.callee : callee.object;
  }
  return isNode(callee) && callee.type === "Identifier" ? String(callee.name) : undefined;
}

/** Each hook made inside a test's or another hook's body, as `file:line hook inside body`. */
function hooksInside(file: string, text = readFileSync(file, "utf8")): string[] {
  const program = parse(text, { sourceType: "module", plugins: ["typescript"] }).program;
  const found: string[] = [];
  const visit = (node: Node, inside: string | undefined) => {
    let within = inside;
    if (node.type === "CallExpression" && isNode(node.callee) && node.callee.type === "Import" && inside) {
      // A test helper imported from inside a test: the hooks its module makes as it loads are dropped.
      const [specifier] = Array.isArray(node.arguments) ? node.arguments : [];
      const path = isNode(specifier) && specifier.type === "StringLiteral" ? String(specifier.value) : "";
      if (path.startsWith(".") && !path.includes("/src/")) {
        found.push(`${relative(root, file)}:${node.loc?.start.line} import("${path}") inside ${inside}`);
      }
    } else if (node.type === "CallExpression") {
      const name = calleeName(node);
      if (name && HOOKS.has(name) && inside) {
        found.push(`${relative(root, file)}:${node.loc?.start.line} ${name} inside ${inside}`);
      }
      if (name && BODIES.has(name)) within = name;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc") continue;
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child, within);
    }
  };
  if (isNode(program)) visit(program, undefined);
  return found;
}

describe("the test suites", () => {
  it("make no hook, and import no helper, inside a test or another hook, where vitest would drop it", () => {
    const folders = [
      "apps/server/test",
      "apps/server/test-edge",
      "packages/client/test",
      "packages/schema/test",
    ];
    const files = folders.flatMap((folder) => sources(join(root, folder)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => hooksInside(file))).toEqual([]);
  });

  it("find such a hook when there is one", () => {
    const file = join(root, "apps/server/test/example.test.ts");
    const text = [
      "afterAll(() => {});",
      'describe("d", () => {',
      "  beforeAll(() => { afterEach(() => {}); });",
      '  it("t", () => { afterAll(() => {}); onTestFinished(() => {}); });',
      '  it("u", async () => { await import("../support.ts"); await import("../../src/app.ts"); });',
      "});",
    ].join("\n");
    expect(hooksInside(file, text)).toEqual([
      "apps/server/test/example.test.ts:3 afterEach inside beforeAll",
      "apps/server/test/example.test.ts:4 afterAll inside it",
      'apps/server/test/example.test.ts:5 import("../support.ts") inside it',
    ]);
  });

  it("undo what each test file left to `atEnd`, also when one worker runs several files", async () => {
    // Three files in one worker, which shares its modules between them: each makes a database in the
    // temp folder and leaves its removal to `atEnd`. Undone only for the first file, the others' stayed,
    // thousands of them over a whole run, until the disk was full.
    const temp = mkdtempSync(join(tmpdir(), "suite-hooks-"));
    onTestFinished(() => rmSync(temp, { recursive: true, force: true }));
    const files = ["records-order", "ids", "custom-field-values"].map((name) => `test/kinds/${name}.test.ts`);
    const vitest = join(root, "apps/server/node_modules/vitest/vitest.mjs");
    const options = ["--maxWorkers=1", "--reporter=dot", `--outputFile=${join(temp, "report.json")}`];
    await promisify(execFile)(process.execPath, [vitest, "run", ...files, ...options], {
      cwd: join(root, "apps/server"),
      env: { ...process.env, TMPDIR: temp },
    });
    expect(readdirSync(temp).filter((name) => name.startsWith("mcs-"))).toEqual([]);
  });
});
