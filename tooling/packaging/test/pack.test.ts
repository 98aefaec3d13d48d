// What npm users get: the packed tarballs hold the built code, its types and a README, name no private
// package, and pass publint and arethetypeswrong.
import { spawnSync } from "node:child_process";
import { describe, expect, inject, test } from "vitest";
import { bin, type Manifest, plainEnv, privatePackageNames, publishedPackages } from "../src/workspace.ts";

const tarballs = inject("tarballs");

function tarList(tarball: string): string[] {
  const listed = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" });
  expect(listed.status).toBe(0);
  return listed.stdout.trim().split("\n");
}

function packedManifest(tarball: string): Manifest {
  const read = spawnSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" });
  expect(read.status).toBe(0);
  return JSON.parse(read.stdout) as Manifest;
}

function check(command: string, args: string[]) {
  const result = spawnSync(bin(command), args, {
    encoding: "utf8",
    env: plainEnv(),
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.each(publishedPackages)("$name tarball", (pkg) => {
  const tarball = tarballs[pkg.name]!;

  test("holds the built JavaScript, its declarations and the README; no sources, tests or configs", () => {
    const files = tarList(tarball);
    for (const file of ["package/dist/index.js", "package/dist/index.d.ts", "package/README.md"]) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => /^package\/(src|test|test-deno|scripts)\//.test(file))).toEqual([]);
    expect(files.filter((file) => /tsconfig|vitest|turbo\.json|deno\.json/.test(file))).toEqual([]);
    if (pkg.name === "@multichannel/schema") expect(files).toContain("package/openapi.json");
  });

  test("its manifest points at dist/ and names no private or workspace-only package", () => {
    const manifest = packedManifest(tarball);
    expect(manifest.exports).toMatchObject({
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
    });
    const fields = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;
    const named = fields.flatMap((field) => Object.entries(manifest[field] ?? {}));
    const privateNames = new Set(privatePackageNames());
    expect(privateNames.has("@multichannel/server")).toBe(true);
    expect(named.filter(([name]) => privateNames.has(name))).toEqual([]);
    expect(named.filter(([, range]) => /^(workspace|catalog|link|file):/.test(range))).toEqual([]);
  });

  test("publint finds nothing, not even a suggestion", () => {
    const { status, output } = check("publint", ["run", tarball, "--strict", "--level", "suggestion"]);
    expect(output).toContain("All good!");
    expect(status, output).toBe(0);
  });

  test("arethetypeswrong: types resolve for ESM under node16 and bundlers", () => {
    // An ESM-only package: node10 (no exports support) and require() from CommonJS are out of scope.
    const { status, output } = check("attw", [tarball, "--profile", "esm-only"]);
    expect(status, output).toBe(0);
    expect(output).toMatch(/node16 \(from ESM\).*🟢/);
    expect(output).toMatch(/bundler.*🟢/);
  });
});

test("the client depends on the schema by a semver range of its published version", () => {
  const client = packedManifest(tarballs["@multichannel/client"]!);
  const schema = packedManifest(tarballs["@multichannel/schema"]!);
  expect(client.dependencies).toEqual({ "@multichannel/schema": `^${schema.version}` });
});
