import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import stand from "../../src/labels/no-png.ts";

// The Worker renders labels with this stand-in in place (test-edge/workerd.test.ts, "labels"); here, that
// it answers every member pdf-lib's PNG reader calls, reached the way pdf-lib reaches its decoder.
const require = createRequire(import.meta.url);
const pngReader = readFileSync(
  join(dirname(require.resolve("pdf-lib/package.json")), "es/utils/png.js"),
  "utf8",
);

describe("the Workers stand-in for @pdf-lib/upng", () => {
  it("has every member pdf-lib calls, each refusing with a clear error", () => {
    const used = [...new Set([...pngReader.matchAll(/UPNG\.(\w+)/g)].map((match) => match[1]!))];
    expect(used.sort()).toEqual(Object.keys(stand).sort());
    for (const member of used) {
      expect(() => (stand as Record<string, () => unknown>)[member]!()).toThrow(
        /PNG images are not supported/,
      );
    }
  });
});
