// Summarises a V8 .cpuprofile (from BENCH_PROFILE=1): busy time by package (self), and the functions with
// the most self and inclusive time, as shares of the busy (non-idle) time.
// Usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top=30]
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("Usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top]");
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const add = (map: Map<string | number, number>, key: string | number, us: number) =>
  map.set(key, (map.get(key) ?? 0) + us);
const selfUs = new Map<string | number, number>();
for (const [i, id] of profile.samples.entries()) add(selfUs, id, profile.timeDeltas[i] ?? 0);

function packageOf(url: string): string {
  if (!url) return "(V8, native code, GC)";
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith("node:")) return url;
  if (url.endsWith("/dist/node.js")) return "dist/node.js (the app and its bundled deps)";
  return url.replace(/^file:\/\//, "");
}
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || "(anonymous)"} ${packageOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const byPackage = new Map<string | number, number>();
const selfByFunction = new Map<string | number, number>();
const inclusive = new Map<string | number, number>();
let busy = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id as number)!;
  if (node.callFrame.functionName === "(idle)") continue;
  busy += us;
  add(byPackage, packageOf(node.callFrame.url), us);
  add(selfByFunction, label(node), us);
  const seen = new Set<string>();
  for (let at: number | undefined = node.id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    add(inclusive, name, us);
  }
}

const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
const print = (title: string, map: Map<string | number, number>, limit: number) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
    console.log(`  ${share(us)}  ${key}`);
};
console.log(`${file}: ${(busy / 1e6).toFixed(1)} s busy`);
print("Self time by package", byPackage, 15);
print("Self time by function", selfByFunction, top);
print("Inclusive time by function", inclusive, top);
