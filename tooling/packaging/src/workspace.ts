// Facts about the workspace that packing, checking and releasing share.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const packagingDir = fileURLToPath(new URL("..", import.meta.url));

/** The packages published to npm and JSR, in dependency order. */
export const publishedPackages = [
  { name: "@multichannel/schema", dir: "packages/schema" },
  { name: "@multichannel/client", dir: "packages/client" },
] as const;

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  packageManager?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

export function readJson<T = Manifest>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** Names of the workspace's private packages: none of them may appear in a published manifest. */
export function privatePackageNames(root = repoRoot): string[] {
  const names: string[] = [];
  for (const group of ["apps", "packages", "tooling"]) {
    for (const entry of readdirSync(join(root, group))) {
      const file = join(root, group, entry, "package.json");
      if (!existsSync(file)) continue;
      const manifest = readJson(file);
      if (manifest.private) names.push(manifest.name);
    }
  }
  return names;
}

/** The pnpm the project pins (root `packageManager`), run through npx as the README tells newcomers. */
export function pnpmCommand(root = repoRoot): string[] {
  const pinned = readJson(join(root, "package.json")).packageManager;
  if (!pinned?.startsWith("pnpm@")) throw new Error("The root package.json names no pnpm version");
  return ["npx", "-y", pinned];
}

/** A binary of this package's devDependencies (deno, publint, attw, changeset, tsc). */
export function bin(name: string): string {
  return join(packagingDir, "node_modules", ".bin", name);
}

/** The environment without colours: NO_COLOR (Deno reads any FORCE_COLOR, even 0, as "force"). */
export function plainEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.FORCE_COLOR;
  return env;
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...plainEnv(), ...options.env },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${[command, ...args].join(" ")} (in ${options.cwd}) exited ${result.status ?? result.signal}:\n${result.stdout ?? ""}${result.stderr ?? ""}`,
    );
  }
  return result;
}
