import { execFileSync } from "node:child_process";
import { answersSecretOnce, camelCase, kinds, operationWrites } from "@multichannel/schema";
import { describe, expect, it } from "vitest";
import * as resources from "../src/generated/resources.ts";

describe("resources", () => {
  it("describe every kind of the manifest, with each action's method, whether it writes and whether it answers a secret once", () => {
    const byNamespace = new Map(Object.entries(resources));
    expect([...byNamespace.keys()].sort()).toEqual(kinds.map((kind) => camelCase(kind.plural)).sort());
    for (const kind of kinds) {
      expect(byNamespace.get(camelCase(kind.plural))).toEqual({
        plural: kind.plural,
        actions: (kind.actions ?? []).map((action) => [
          action.name,
          action.method,
          operationWrites(action.method, action),
          ...(answersSecretOnce(kind, action) ? [true] : []),
        ]),
        ...(answersSecretOnce(kind) ? { keylessCreate: true } : {}),
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
