// `npm pack` and `npm publish` of a workspace package: npm, unlike pnpm, applies neither
// `publishConfig.exports` nor `workspace:` ranges. Run from the package's `prepack` (`publish`: the
// package.json on disk becomes the published one, the workspace's kept beside it) and `postpack`
// (`restore`). Under pnpm (which applies both itself, and whose test suites read these manifests while
// they run) it does nothing. Plain JavaScript: it runs before anything is built.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const KEPT = "package.json.workspace";

/** The version of each package of the workspace, by name (`packages/*` and `tooling/*`, `apps/*`). */
function workspaceVersions(root) {
  const versions = {};
  for (const group of ["apps", "packages", "tooling"]) {
    if (!existsSync(join(root, group))) continue;
    for (const entry of readdirSync(join(root, group))) {
      const file = join(root, group, entry, "package.json");
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      versions[manifest.name] = manifest.version;
    }
  }
  return versions;
}

/** `workspace:^` → `^1.2.3`, `workspace:~` → `~1.2.3`, `workspace:*` → `1.2.3`, `workspace:^1.0.0` → `^1.0.0`. */
export function publishedRange(range, version) {
  const rest = range.slice("workspace:".length);
  if (rest === "*" || rest === "") return version;
  if (rest === "^" || rest === "~") return `${rest}${version}`;
  return rest;
}

/** The manifest as npm should publish it: `publishConfig`'s fields on top, `workspace:` ranges resolved. */
export function publishedManifest(manifest, versions) {
  const { publishConfig = {}, ...rest } = manifest;
  const published = { ...rest };
  const kept = {};
  for (const [key, value] of Object.entries(publishConfig)) {
    // npm's own publishConfig settings (registry, access, tag) stay where npm reads them.
    if (["exports", "main", "module", "types", "typings", "bin", "browser"].includes(key))
      published[key] = value;
    else kept[key] = value;
  }
  if (Object.keys(kept).length) published.publishConfig = kept;
  // What builds and tests the package in the workspace (`catalog:` ranges npm cannot read) is not the
  // business of those who install it.
  delete published.devDependencies;
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    if (!published[field]) continue;
    published[field] = Object.fromEntries(
      Object.entries(published[field]).map(([name, range]) => {
        if (!range.startsWith("workspace:")) return [name, range];
        const version = versions[name];
        if (!version) throw new Error(`${name} (${range}) is no package of this workspace`);
        return [name, publishedRange(range, version)];
      }),
    );
  }
  return published;
}

function main(command) {
  // npm runs its lifecycle scripts with npm_execpath at its own CLI; pnpm with pnpm's.
  if (!/[\\/]npm-cli\.js$/.test(process.env.npm_execpath ?? "")) return;
  const dir = process.cwd();
  const file = join(dir, "package.json");
  if (command === "publish") {
    if (existsSync(join(dir, KEPT)))
      throw new Error(`${KEPT} exists: a pack stopped half-way; restore it first`);
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    const root = fileURLToPath(new URL("../../..", import.meta.url));
    renameSync(file, join(dir, KEPT));
    writeFileSync(file, `${JSON.stringify(publishedManifest(manifest, workspaceVersions(root)), null, 2)}\n`);
  } else if (command === "restore") {
    if (existsSync(join(dir, KEPT))) renameSync(join(dir, KEPT), file);
  } else {
    throw new Error("Usage: node npm-manifest.mjs publish|restore");
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv[2]);
