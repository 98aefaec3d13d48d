// The server on Deno with the embedded database (`pnpm start:deno`); the same app as node.ts.
import { createApp } from "./app.ts";
import { isEmbedded, parseEnv } from "./config.ts";
import { migrate } from "./db/migrate.ts";
import { loadMigrations } from "./db/migration-files.ts";
import { openDb, prepareFile } from "./db/open.ts";
import { createToken, hasAnyToken } from "./services/auth.ts";

// The part of the Deno namespace used here (the project's tsconfig has Node's types, not Deno's).
interface DenoApi {
  env: { toObject(): Record<string, string> };
  serve(
    options: { hostname: string; port: number; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
  addSignalListener(signal: "SIGINT" | "SIGTERM", handler: () => void): void;
  exit(code: number): never;
}
const Deno = (globalThis as unknown as { Deno: DenoApi }).Deno;

const env = parseEnv(Deno.env.toObject());
prepareFile(env.DATABASE_URL);
const db = await openDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
if (isEmbedded(env.DATABASE_URL)) {
  const applied = await migrate(db, loadMigrations());
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
}
const firstToken = (await hasAnyToken(db))
  ? undefined
  : await createToken({ db, input: { company: "default" } });

const app = createApp({ db, basePath: env.BASE_PATH, bodyLimit: env.BODY_LIMIT });
const server = Deno.serve(
  {
    hostname: env.HOST,
    port: env.PORT,
    onListen: ({ port }) => {
      const base = `http://${env.HOST}:${port}${env.BASE_PATH}`;
      console.log(`Multichannel Commerce Service (Deno) listening on ${base}`);
      console.log(`Database: ${env.DATABASE_URL}`);
      console.log(`API docs: ${base}/docs`);
      if (firstToken) {
        console.log(
          "A first API token for the company 'default' (shown once; create more with `pnpm token:create`):",
        );
        console.log(firstToken.token);
      }
    },
  },
  app.fetch,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    void server.shutdown().finally(() => {
      db.close();
      Deno.exit(0);
    });
  });
}
