// The TypeScript in this package's README, the repository's README and docs/http-api.md compiles
// against the client as it is: every call, field and option the pages show exists with the types they
// use, and every line they mark `@ts-expect-error` (an unknown field, a field not asked for) is refused.
// Each block is checked in a function of its own; the README's later blocks go on from a `client` and a
// `purchase` made before.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const pages = ["README.md", "../../README.md", "../../docs/http-api.md"].map((page) =>
  join(packageDir, page),
);

/** Where the pages' imports point in this checkout. */
const MODULES: Record<string, string> = {
  "@multichannel/client": "../src/index.ts",
  "@multichannel/client/resources": "../src/generated/resources.ts",
};

/** The pages' ```ts blocks as one module: their imports merged at the top, each block in a function. */
function checkedModule(blocks: readonly string[]): string {
  const imported = new Map<string, Set<string>>();
  const bodies = blocks.map((block, i) => {
    const body = block.replace(
      /^import \{([^}]*)\} from "([^"]+)";\n/gm,
      (_, names: string, from: string) => {
        const module = MODULES[from];
        expect(module, `an import from ${from}, which the check does not map`).toBeDefined();
        const set = imported.get(module!) ?? new Set<string>();
        for (const name of names.split(",")) if (name.trim()) set.add(name.trim());
        imported.set(module!, set);
        return "";
      },
    );
    return `export async function block${i + 1}() {\n${body}}\n`;
  });
  const imports = [...imported].map(([from, names]) => `import { ${[...names].join(", ")} } from "${from}";`);
  return [
    ...imports,
    'import type { Client } from "../src/index.ts";',
    "declare const client: Client;",
    'declare const purchase: Awaited<ReturnType<Client["purchases"]["get"]>>;',
    ...bodies,
  ].join("\n");
}

describe("the pages' client TypeScript", () => {
  it("compiles against the client, and what they say does not compile does not", () => {
    const blocks = pages.flatMap((page) =>
      [...readFileSync(page, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!),
    );
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    const dir = mkdtempSync(join(packageDir, ".readme-check-"));
    try {
      writeFileSync(join(dir, "readme.ts"), checkedModule(blocks));
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({
          extends: "../../../tooling/typescript/base.json",
          compilerOptions: { types: ["node"], noUnusedLocals: false },
          files: ["readme.ts"],
        }),
      );
      const tsc = spawnSync(join(packageDir, "node_modules/.bin/tsc"), ["-p", join(dir, "tsconfig.json")], {
        encoding: "utf8",
      });
      expect(`${tsc.stdout}${tsc.stderr}`.trim()).toBe("");
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // A compile of the client's types: about 3 s alone, several times that beside the other suites.
  }, 120_000);
});
