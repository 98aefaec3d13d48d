// Bundles the Node entry into dist/node.js (workspace TypeScript included; native and server deps external).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
await build({
  entryPoints: [`${root}src/node.ts`],
  outfile: `${root}dist/node.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // CommonJS packages that require Node built-ins at load (qs → object-inspect, prom-client) stay outside the ESM bundle.
  external: ["@libsql/client", "libsql", "@hono/node-server", "qs", "prom-client", "undici"],
  banner: { js: "// Built by scripts/build.ts from src/node.ts: do not edit." },
  logLevel: "warning",
});
