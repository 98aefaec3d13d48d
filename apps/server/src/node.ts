import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { isEmbedded, parseEnv } from "./config.ts";
import { migrate } from "./db/migrate.ts";
import { loadMigrations } from "./db/migration-files.ts";
import { openDb, prepareFile } from "./db/open.ts";
import { createToken, hasAnyToken } from "./services/auth.ts";

const env = parseEnv(process.env);
const embedded = isEmbedded(env.DATABASE_URL);
prepareFile(env.DATABASE_URL);
const db = await openDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
if (embedded) {
  const applied = await migrate(db, loadMigrations());
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
}
const firstToken = (await hasAnyToken(db))
  ? undefined
  : await createToken({ db, input: { company: "default" } });

const app = createApp({ db, basePath: env.BASE_PATH, bodyLimit: env.BODY_LIMIT });
const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  const base = `http://${env.HOST}:${info.port}${env.BASE_PATH}`;
  console.log(`Multichannel Commerce Service listening on ${base}`);
  console.log(`Database: ${env.DATABASE_URL}`);
  console.log(`API docs: ${base}/docs`);
  if (firstToken) {
    console.log(
      "A first API token for the company 'default' (shown once; create more with `pnpm token:create`):",
    );
    console.log(firstToken.token);
  }
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    db.close();
    process.exit(0);
  });
}
