// pnpm pack:packages: builds both published packages and writes their tarballs to dist-packages/, for
// `npm install <tarball>` in a project of your own until they are on npm.
import { mkdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { packAll } from "./pack.ts";
import { repoRoot } from "./workspace.ts";

const destination = join(repoRoot, "dist-packages");
rmSync(destination, { recursive: true, force: true });
mkdirSync(destination, { recursive: true });
const tarballs = Object.values(packAll(destination));
console.log(`Packed into ${relative(process.cwd(), destination) || destination}:`);
for (const tarball of tarballs) console.log(`  ${tarball}`);
console.log(`Install them together in your project: npm install ${tarballs.join(" ")}`);
