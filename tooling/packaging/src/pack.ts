// Packs the published packages the way `pnpm publish` does (prepack builds dist/, publishConfig and
// workspace: ranges applied) into a directory, and returns the tarballs by package name.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pnpmCommand, publishedPackages, readJson, repoRoot, run } from "./workspace.ts";

export function packAll(destination: string): Record<string, string> {
  const [pnpm, ...args] = pnpmCommand();
  const tarballs: Record<string, string> = {};
  for (const pkg of publishedPackages) {
    const { version } = readJson(join(repoRoot, pkg.dir, "package.json"));
    const before = new Set(readdirSync(destination));
    run(pnpm!, [...args, "pack", "--pack-destination", destination], { cwd: join(repoRoot, pkg.dir) });
    const made = readdirSync(destination).filter((file) => !before.has(file) && file.endsWith(".tgz"));
    const expected = `${pkg.name.replace("@", "").replace("/", "-")}-${version}.tgz`;
    if (!made.includes(expected))
      throw new Error(`pnpm pack of ${pkg.name} made ${made.join(", ") || "nothing"}`);
    tarballs[pkg.name] = join(destination, expected);
  }
  return tarballs;
}
