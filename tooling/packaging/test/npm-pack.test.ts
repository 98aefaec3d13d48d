// `npm pack` makes what `pnpm pack` makes: npm applies neither publishConfig nor workspace: ranges, so
// the packages' prepack writes the published manifest (src/npm-manifest.mjs) and postpack puts the
// workspace's back. Run on a copy of the client (the package with a workspace dependency), so that the
// suites reading the real manifests meanwhile never see the published one.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
// @ts-expect-error: plain JavaScript, without declarations
import { publishedManifest, publishedRange } from "../src/npm-manifest.mjs";
import { type Manifest, readJson, repoRoot } from "../src/workspace.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-npm-pack-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the published manifest", () => {
  test("resolves workspace: ranges as pnpm does", () => {
    expect(publishedRange("workspace:^", "1.2.3")).toBe("^1.2.3");
    expect(publishedRange("workspace:~", "1.2.3")).toBe("~1.2.3");
    expect(publishedRange("workspace:*", "1.2.3")).toBe("1.2.3");
    expect(publishedRange("workspace:^1.0.0", "1.2.3")).toBe("^1.0.0");
  });

  test("takes publishConfig's exports, and leaves out the devDependencies", () => {
    const manifest = readJson(join(repoRoot, "packages/client/package.json"));
    const published = publishedManifest(manifest, { "@multichannel/schema": "0.1.0" }) as Manifest;
    expect(published.exports).toEqual((manifest.publishConfig as Manifest).exports);
    expect(published.dependencies).toEqual({ "@multichannel/schema": "^0.1.0" });
    expect(published.devDependencies).toBeUndefined();
    expect(published.publishConfig).toBeUndefined();
  });
});

describe("npm pack of the client", () => {
  test("packs dist/ with exports into dist/, a version range on the schema, and restores the manifest", () => {
    const client = join(dir, "packages", "client");
    mkdirSync(client, { recursive: true });
    for (const name of ["src", "package.json", "tsconfig.build.json", "README.md"]) {
      cpSync(join(repoRoot, "packages/client", name), join(client, name), { recursive: true });
    }
    symlinkSync(join(repoRoot, "packages/client/node_modules"), join(client, "node_modules"));
    mkdirSync(join(dir, "packages", "schema"));
    copyFileSync(join(repoRoot, "packages/schema/package.json"), join(dir, "packages/schema/package.json"));
    mkdirSync(join(dir, "tooling", "typescript"), { recursive: true });
    copyFileSync(join(repoRoot, "tooling/typescript/base.json"), join(dir, "tooling/typescript/base.json"));
    mkdirSync(join(dir, "tooling", "packaging", "src"), { recursive: true });
    copyFileSync(
      join(repoRoot, "tooling/packaging/src/npm-manifest.mjs"),
      join(dir, "tooling/packaging/src/npm-manifest.mjs"),
    );
    const before = readFileSync(join(client, "package.json"), "utf8");
    const out = join(dir, "out");
    mkdirSync(out);
    // As a person types it in a shell: not under pnpm's environment.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name)),
    );
    const packed = spawnSync("npm", ["pack", "--pack-destination", out], {
      cwd: client,
      encoding: "utf8",
      env,
    });
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = join(out, "multichannel-client-0.1.0.tgz");
    expect(existsSync(tarball)).toBe(true);
    const manifest = JSON.parse(
      spawnSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }).stdout,
    ) as Manifest;
    expect(manifest.exports).toMatchObject({
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
    });
    expect(JSON.stringify(manifest)).not.toContain("workspace:");
    expect(manifest.dependencies).toEqual({ "@multichannel/schema": "^0.1.0" });
    const files = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" }).stdout.split("\n");
    expect(files).toContain("package/dist/index.js");
    expect(files.filter((file) => file.startsWith("package/src/"))).toEqual([]);
    expect(readFileSync(join(client, "package.json"), "utf8")).toBe(before);
    expect(existsSync(join(client, "package.json.workspace"))).toBe(false);
  });
});
