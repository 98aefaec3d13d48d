// Keeps each published package's deno.json (what JSR publishes) in step with its package.json (what
// npm publishes and `changeset version` bumps): the same version, and `npm:` imports at the versions
// the package depends on (the pnpm catalog's pins). Run by the version step of `pnpm release`;
// `--check` only reports, exiting 1 when a file is out of step.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { publishedPackages, readJson, repoRoot } from "./workspace.ts";

/** The `catalog:` block of pnpm-workspace.yaml: package name to pinned version. */
export function readCatalog(root: string): Map<string, string> {
  const catalog = new Map<string, string>();
  let inCatalog = false;
  for (const line of readFileSync(join(root, "pnpm-workspace.yaml"), "utf8").split("\n")) {
    if (/^\S/.test(line)) inCatalog = line.trim() === "catalog:";
    else if (inCatalog) {
      const entry = /^\s+"?([^":#\s][^":#]*?)"?\s*:\s*"?([^"\s#]+)"?/.exec(line);
      if (entry) catalog.set(entry[1]!, entry[2]!);
    }
  }
  return catalog;
}

export interface JsrChange {
  file: string;
  what: string;
}

/** Brings every deno.json in step (or, with write=false, only lists what is out of step). */
export function syncJsrVersions(root: string = repoRoot, write = true): JsrChange[] {
  const catalog = readCatalog(root);
  const changes: JsrChange[] = [];
  for (const pkg of publishedPackages) {
    const manifest = readJson(join(root, pkg.dir, "package.json"));
    const file = join(root, pkg.dir, "deno.json");
    const before = readFileSync(file, "utf8");
    const denoVersion = (JSON.parse(before) as { version?: string }).version;
    let text = before;
    if (denoVersion !== manifest.version) {
      changes.push({ file, what: `version ${denoVersion} -> ${manifest.version}` });
      text = text.replace(/("version"\s*:\s*)"[^"]*"/, `$1"${manifest.version}"`);
    }
    const dependencies = { ...manifest.dependencies };
    text = text.replace(/"npm:((?:@[^/"]+\/)?[^@"]+)@([^"]+)"/g, (whole, name: string, version: string) => {
      const range = dependencies[name];
      const wanted = range === "catalog:" ? catalog.get(name) : range;
      if (!wanted || wanted === version) return whole;
      changes.push({ file, what: `npm:${name} ${version} -> ${wanted}` });
      return `"npm:${name}@${wanted}"`;
    });
    if (write && text !== before) writeFileSync(file, text);
  }
  return changes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes("--check");
  const changes = syncJsrVersions(repoRoot, !check);
  for (const change of changes) console.log(`${change.file}: ${change.what}`);
  if (check && changes.length) {
    console.error(
      "deno.json is out of step with package.json: run `npx tsx tooling/packaging/src/jsr-versions.ts`",
    );
    process.exit(1);
  }
  if (!changes.length) console.log("deno.json versions are in step with package.json");
}
