// The release flow: JSR versions follow package.json through `changeset version`, and `pnpm release
// --dry-run` goes through every step (npm and JSR publish dry runs) without writing or publishing.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { readCatalog, syncJsrVersions } from "../src/jsr-versions.ts";
import { bin, plainEnv, publishedPackages, readJson, repoRoot, run } from "../src/workspace.ts";

const scratch = mkdtempSync(join(tmpdir(), "mcs-version-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface DenoJson {
  name: string;
  version: string;
  exports: unknown;
  imports?: Record<string, string>;
}

test("each deno.json names its package, and its version and npm imports are package.json's", () => {
  expect(syncJsrVersions(repoRoot, false)).toEqual([]);
  const catalog = readCatalog(repoRoot);
  for (const pkg of publishedPackages) {
    const deno = readJson<DenoJson>(join(repoRoot, pkg.dir, "deno.json"));
    const manifest = readJson(join(repoRoot, pkg.dir, "package.json"));
    expect(deno.name).toBe(pkg.name);
    expect(deno.version).toBe(manifest.version);
    for (const [name, specifier] of Object.entries(deno.imports ?? {})) {
      expect(specifier).toBe(`npm:${name}@${catalog.get(name)}`);
    }
  }
});

test("changeset version bumps package.json, and the version step brings deno.json along", () => {
  const files = ["package.json", "pnpm-workspace.yaml", ".changeset/config.json"];
  for (const pkg of publishedPackages) files.push(`${pkg.dir}/package.json`, `${pkg.dir}/deno.json`);
  for (const file of files) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(scratch, file));
  }
  writeFileSync(
    join(scratch, ".changeset", "new-field.md"),
    '---\n"@multichannel/schema": minor\n---\n\nA new field.\n',
  );
  const before = publishedPackages.map((pkg) => readJson(join(scratch, pkg.dir, "package.json")).version);

  run(bin("changeset"), ["version"], { cwd: scratch });
  const changes = syncJsrVersions(scratch);

  const [schema, client] = publishedPackages.map((pkg) => ({
    manifest: readJson(join(scratch, pkg.dir, "package.json")),
    deno: readJson<DenoJson>(join(scratch, pkg.dir, "deno.json")),
  }));
  const [major, minor] = before[0]!.split(".").map(Number);
  expect(schema!.manifest.version).toBe(`${major}.${minor! + 1}.0`);
  // The client depends on the schema, so it is released too (a patch), with its range moved along.
  expect(client!.manifest.version).not.toBe(before[1]);
  expect(client!.manifest.dependencies?.["@multichannel/schema"]).toBe("workspace:^");
  expect(schema!.deno.version).toBe(schema!.manifest.version);
  expect(client!.deno.version).toBe(client!.manifest.version);
  expect(changes.map((change) => change.what)).toEqual([
    `version ${before[0]} -> ${schema!.manifest.version}`,
    `version ${before[1]} -> ${client!.manifest.version}`,
  ]);
  expect(syncJsrVersions(scratch, false)).toEqual([]);
});

test("pnpm release --dry-run builds, packs and simulates both publishes, and changes no file", () => {
  const tracked = () =>
    publishedPackages.map((pkg) => readFileSync(join(repoRoot, pkg.dir, "deno.json"), "utf8"));
  const before = tracked();
  const result = spawnSync(join(repoRoot, "node_modules", ".bin", "tsx"), ["src/release.ts", "--dry-run"], {
    cwd: join(repoRoot, "tooling", "packaging"),
    encoding: "utf8",
    env: plainEnv(),
  });
  const output = `${result.stdout}${result.stderr}`;
  expect(result.status, output).toBe(0);
  for (const pkg of publishedPackages) {
    const { version } = readJson(join(repoRoot, pkg.dir, "package.json"));
    expect(output).toContain(`+ ${pkg.name}@${version}`);
    expect(output).toMatch(new RegExp(`Simulating publish of ${pkg.name}@${version.replaceAll(".", "\\.")}`));
  }
  // JSR gets the sources, the README and (schema) the OpenAPI document: no tests, scripts or configs.
  const jsrFiles = [...output.matchAll(/file:\/\/\S*?packages\/(schema|client)\/(\S+)/g)].map(
    (m) => `${m[1]}/${m[2]}`,
  );
  expect(jsrFiles).toEqual(
    expect.arrayContaining(["schema/README.md", "schema/openapi.json", "client/README.md"]),
  );
  expect(
    jsrFiles.filter(
      (file) => !/^(schema|client)\/(src\/\S+\.ts|README\.md|deno\.json|openapi\.json)$/.test(file),
    ),
  ).toEqual([]);
  expect(output).toContain("(dry-run)");
  expect(output).toContain("Dry run complete: nothing was written or published.");
  expect(tracked()).toEqual(before);
});
