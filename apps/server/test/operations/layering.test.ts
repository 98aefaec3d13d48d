// The server's layers import downwards only: http -> services -> domain -> db (docs/ARCHITECTURE.md);
// above db/, statements are written with one builder, their text and values together.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import madge from "madge";
import { beforeAll, describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../../src", import.meta.url));

/** Each file under src (relative, e.g. `domain/store.ts`) and the files it imports, type imports included. */
let graph: Record<string, string[]>;
let cycles: string[][];

beforeAll(async () => {
  const result = await madge(src, { fileExtensions: ["ts"] });
  graph = result.obj();
  cycles = result.circular();
});

/** The imports from files under `from` of files under any of `forbidden`, as `importer -> imported`. */
function crossings(from: string, forbidden: readonly string[]): string[] {
  return Object.entries(graph)
    .filter(([file]) => file.startsWith(`${from}/`))
    .flatMap(([file, imports]) =>
      imports
        .filter((target) => forbidden.some((layer) => target.startsWith(`${layer}/`)))
        .map((target) => `${file} -> ${target}`),
    );
}

describe("server layering", () => {
  it("reads the whole source tree", () => {
    expect(Object.keys(graph)).toEqual(expect.arrayContaining(["app.ts", "domain/store.ts", "http/crud.ts"]));
  });

  it("has no import cycles", () => {
    expect(cycles.map((cycle) => cycle.join(" > "))).toEqual([]);
  });

  it("keeps domain/ free of services/ and http/", () => {
    expect(crossings("domain", ["services", "http"])).toEqual([]);
  });

  it("keeps services/ free of http/", () => {
    expect(crossings("services", ["http"])).toEqual([]);
  });

  it("keeps db/ free of the layers above it", () => {
    expect(crossings("db", ["domain", "services", "http"])).toEqual([]);
  });

  it("writes every statement above db/ as an sql fragment, its text and values together", () => {
    // The driver's form, text with `?` and an array of arguments in the same order, is made in db/
    // only (`Sql.statementFor`); a write plan binds its fragments' values itself (`WritePlan.value`).
    const handWritten = [/\bargs:\s*\[/, /\bsql:\s*[`"'][^`"']*\?/, /\bargs\.push\(/];
    const found = sourceFiles(src)
      .filter((file) => !file.startsWith("db/"))
      .flatMap((file) =>
        readFileSync(join(src, file), "utf8")
          .split("\n")
          .map((line, i) => ({ at: `${file}:${i + 1}`, line }))
          .filter(
            ({ at, line }) => handWritten.some((pattern) => pattern.test(line)) && !markOfPlan(at, line),
          ),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(found).toEqual([]);
  });

  it("reads by name above db/, never results taken by their place", () => {
    // A read's results are answered by name (`readNamed`, `snapshotOf` in `domain/reads.ts`), not
    // destructured from the driver's list (`const [a, b] = await session.read([...])`).
    const positional = /\[[^\]]*\]\s*=\s*await\s+[\w.]+\.read\(/;
    const found = sourceFiles(src)
      .filter((file) => !file.startsWith("db/"))
      .flatMap((file) =>
        readFileSync(join(src, file), "utf8")
          .split("\n")
          .flatMap((line, i) => (positional.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});

/** The files under `dir`, relative to it. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => relative(dir, join(dir, file)));
}

/** The write plan's own binding of a fragment's values (its `mark`: a provisional id looked up). */
function markOfPlan(at: string, line: string): boolean {
  return at.startsWith("domain/write-plan.ts:") && /^\s*args\.push\(/.test(line);
}
