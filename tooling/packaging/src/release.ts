// `pnpm release [--dry-run]`: version, build and publish @multichannel/schema and @multichannel/client
// to npm and JSR. A maintainer runs it on a clean main with an npm login (or NPM_TOKEN in .npmrc) and
// a JSR token (JSR_TOKEN, or the browser prompt of `deno publish`).
//
//   1. version  `changeset version` consumes .changeset/*.md, bumps package.json and CHANGELOG.md;
//               deno.json follows (jsr-versions.ts). In a dry run nothing is written: deno.json must
//               already be in step, and the versions to publish are the current ones.
//   2. build    both packages, in dependency order (prepack builds them again into the tarballs).
//   3. npm      `changeset publish` (pnpm publish: workspace: ranges and publishConfig applied,
//               versions already on npm skipped, git tags made); a dry run: `pnpm publish --dry-run`.
//   4. JSR      `deno publish` of the Deno workspace (schema first; the client's import of the schema
//               becomes jsr:@multichannel/schema@^<version>); a dry run: `deno publish --dry-run`.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { syncJsrVersions } from "./jsr-versions.ts";
import { pnpmCommand, publishedPackages, readJson, repoRoot } from "./workspace.ts";

const dryRun = process.argv.includes("--dry-run");
const rootBin = (name: string) => join(repoRoot, "node_modules", ".bin", name);

function step(title: string) {
  console.log(`\n== ${title}${dryRun ? " (dry run)" : ""}`);
}

function sh(command: string, args: string[], cwd = repoRoot) {
  const shown = args.map((arg, i) => (args[i - 1] === "--token" ? "***" : arg));
  console.log(`$ ${[command, ...shown].join(" ")}`);
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(
      `release: ${command} ${args[0] ?? ""} failed (${result.status ?? result.signal}); stopping.`,
    );
    process.exit(1);
  }
}

if (!dryRun) {
  const status = spawnSync("git", ["status", "--porcelain"], { cwd: repoRoot, encoding: "utf8" });
  if (status.status !== 0 || status.stdout.trim()) {
    console.error("release: the work tree has uncommitted changes; commit or stash them first.");
    process.exit(1);
  }
}

step("1. version");
if (dryRun) {
  const outOfStep = syncJsrVersions(repoRoot, false);
  for (const change of outOfStep) console.error(`${change.file}: ${change.what}`);
  if (outOfStep.length) {
    console.error("release: deno.json is out of step with package.json.");
    process.exit(1);
  }
} else {
  sh(rootBin("changeset"), ["version"]);
  for (const change of syncJsrVersions(repoRoot)) console.log(`${change.file}: ${change.what}`);
}
for (const pkg of publishedPackages) {
  console.log(`${pkg.name}@${readJson(join(repoRoot, pkg.dir, "package.json")).version}`);
}

step("2. build");
const [pnpm, ...pnpmArgs] = pnpmCommand();
sh(pnpm!, [...pnpmArgs, ...publishedPackages.map((pkg) => `--filter=${pkg.name}`), "run", "build"]);

step("3. npm");
if (dryRun) {
  for (const pkg of publishedPackages) {
    sh(
      pnpm!,
      [...pnpmArgs, "publish", "--dry-run", "--no-git-checks", "--access", "public"],
      join(repoRoot, pkg.dir),
    );
  }
} else {
  sh(rootBin("changeset"), ["publish"]);
}

step("4. JSR");
const jsrToken = process.env.JSR_TOKEN ? ["--token", process.env.JSR_TOKEN] : [];
// No `--allow-slow-types`: every export has an explicit type (the schema's generated types are spelled
// out from the manifest, not inferred from it), so JSR type-checks users fast and makes npm-style .d.ts.
sh(rootBin("deno"), [
  "publish",
  ...(dryRun ? ["--dry-run", "--allow-dirty"] : jsrToken),
]);

console.log(
  dryRun
    ? "\nDry run complete: nothing was written or published."
    : "\nPublished. Commit the version changes and push the tags: git commit -am 'Release' && git push --follow-tags",
);
