import { execFileSync } from "node:child_process";
import { answersSecretOnce, camelCase, kinds, operationWrites, secretsShownOnce } from "@multichannel/schema";
import { describe, expect, it } from "vitest";
import * as resources from "../src/generated/resources.ts";

describe("resources", () => {
  it("describe every kind of the manifest, with each action's method, whether it writes and whether it answers a secret once, and the secrets its create makes with their rotations", () => {
    const byNamespace = new Map(Object.entries(resources));
    expect([...byNamespace.keys()].sort()).toEqual(kinds.map((kind) => camelCase(kind.plural)).sort());
    for (const kind of kinds) {
      const madeSecrets = Object.entries(kind.fields)
        .filter(([, field]) => field.secret === "serverMade")
        .map(([field]) => [
          field,
          kind.actions?.find((action) => secretsShownOnce(kind, action).includes(field))?.name,
        ]);
      expect(byNamespace.get(camelCase(kind.plural))).toEqual({
        plural: kind.plural,
        actions: (kind.actions ?? []).map((action) => [
          action.name,
          action.method,
          operationWrites(action.method, action),
          ...(answersSecretOnce(kind, action) ? [true] : []),
        ]),
        ...(answersSecretOnce(kind) ? { keylessCreate: true } : {}),
        ...(madeSecrets.length ? { madeSecrets } : {}),
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
