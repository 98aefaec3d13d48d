// `pnpm build:commit <commit>`: builds the Node server of an earlier commit, to measure it side by side
// with this one (`BENCH_COMPARE_ENTRY`, see apps/server/bench/README.md). The commit is checked out in a
// git worktree under the system's temp directory (made once, reused after), its packages linked to this
// checkout's installed ones (no install: a commit whose dependencies differ may not build), and built
// with its own scripts/build.ts. Prints the built entry's path relative to apps/server.
// Remove it with `git worktree remove --force <dir>`.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const repo = join(serverDir, "..", "..");
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();

const wanted = process.argv[2];
if (!wanted) {
  console.error("Usage: pnpm build:commit <commit>");
  process.exit(2);
}
const commit = git("rev-parse", "--verify", `${wanted}^{commit}`);
const tree = join(tmpdir(), `mcs-build-${commit.slice(0, 12)}`);

if (!existsSync(join(tree, ".git"))) git("worktree", "add", "--force", "--detach", tree, commit);

/** Whether anything is at `path`, a dangling link included. */
const present = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

/**
 * Gives `to` the links of `from` (a node_modules folder or a scope in it), with the same targets: pnpm's
 * are relative, so a package resolves to the worktree's root node_modules (a link to this checkout's) and a
 * workspace package to the worktree's own. Files and dot folders (`.bin`, caches) are left out.
 */
function linkLike(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name.startsWith(".")) continue;
    const source = join(from, name);
    const target = join(to, name);
    if (present(target)) continue;
    const stat = lstatSync(source);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (stat.isDirectory()) linkLike(source, target);
  }
}

if (!present(join(tree, "node_modules"))) symlinkSync(join(repo, "node_modules"), join(tree, "node_modules"));
for (const group of ["apps", "packages", "tooling"]) {
  const groupDir = join(repo, group);
  if (!existsSync(groupDir)) continue;
  for (const name of readdirSync(groupDir)) {
    const installed = join(groupDir, name, "node_modules");
    if (existsSync(installed) && existsSync(join(tree, group, name))) {
      linkLike(installed, join(tree, group, name, "node_modules"));
    }
  }
}

execFileSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
  cwd: join(tree, "apps", "server"),
  stdio: ["ignore", "ignore", "inherit"],
});
const entry = join(tree, "apps", "server", "dist", "node.js");
console.error(`Built ${commit.slice(0, 12)} in ${tree}`);
console.log(relative(serverDir, entry));
