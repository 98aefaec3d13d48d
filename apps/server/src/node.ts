import { lookup } from "node:dns/promises";
import { readFile } from "node:fs/promises";
import { serve } from "@hono/node-server";
import { parseEnv } from "./config.ts";
import { startBackgroundCheckpoints } from "./db/background-checkpoints.ts";
import { apiReferenceScriptUrl } from "./http/docs.ts";
import { prepareServer, startupLines } from "./startup.ts";

const env = parseEnv(process.env);
// Read once, at start: a missing package fails here, not on a visitor's first page.
const docsScript = new Uint8Array(await readFile(apiReferenceScriptUrl(import.meta.resolve)));
const prepared = await prepareServer(env, {
  resolve: async (host) => (await lookup(host, { all: true })).map((entry) => entry.address),
  docsScript: async () => docsScript,
  backgroundCheckpoints: startBackgroundCheckpoints,
});
const server = serve({ fetch: prepared.app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  for (const line of startupLines(env, info.port, "Node", prepared)) console.log(line);
});
server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EADDRINUSE") throw error;
  console.error(
    `Port ${env.PORT} on ${env.HOST} is already in use: stop what listens there, or start on another port, e.g. PORT=${env.PORT + 1} npx -y pnpm@10.34.8 start`,
  );
  prepared.db.close();
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    prepared.db.close();
    process.exit(0);
  });
}
