import { execFileSync } from "node:child_process";
import { camelCase, kinds, operationWrites } from "@multichannel/schema";
import { describe, expect, it } from "vitest";
import * as resources from "../src/generated/resources.ts";

describe("resources", () => {
  it("describe every kind of the manifest, with each action's method and whether it writes", () => {
    expect(Object.keys(resources).sort()).toEqual(kinds.map((kind) => camelCase(kind.plural)).sort());
    for (const kind of kinds) {
      expect(resources[camelCase(kind.plural) as keyof typeof resources]).toEqual({
        plural: kind.plural,
        actions: (kind.actions ?? []).map((action) => [
          action.name,
          action.method,
          operationWrites(action.method, action),
        ]),
      });
    }
  });

  it("are the committed generated files", { timeout: 60_000 }, () => {
    execFileSync("npx", ["tsx", "scripts/generate.ts", "--check"], {
      cwd: new URL("..", import.meta.url),
      stdio: "pipe",
    });
  });
});
