import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const server = fileURLToPath(new URL("../..", import.meta.url));
const schema = fileURLToPath(new URL("../../../../packages/schema", import.meta.url));

function check(cwd: string, script: string) {
  const run = spawnSync("npx", ["tsx", script, "--check"], { cwd, encoding: "utf8", timeout: 60_000 });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe("committed derived files", () => {
  it("has migrations up to date with the manifest", () => {
    const { status, output } = check(server, "scripts/migrations.ts");
    expect(status, output).toBe(0);
  });

  it("has generated schema files up to date with the manifest", () => {
    const { status, output } = check(schema, "scripts/generate.ts");
    expect(status, output).toBe(0);
  });
});
