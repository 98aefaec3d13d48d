import { serve } from "@hono/node-server";
import { parseEnv } from "./config.ts";
import { prepareServer, startupLines } from "./startup.ts";

const env = parseEnv(process.env);
const prepared = await prepareServer(env);
const server = serve({ fetch: prepared.app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  for (const line of startupLines(env, info.port, "Node", prepared)) console.log(line);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    prepared.db.close();
    process.exit(0);
  });
}
