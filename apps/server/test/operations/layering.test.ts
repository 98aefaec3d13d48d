// The server's layers import downwards only: http -> services -> domain -> db (docs/ARCHITECTURE.md).
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
});
