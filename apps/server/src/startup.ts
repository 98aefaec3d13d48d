import { type AppDeps, createApp } from "./app.ts";
import { type Env, isEmbedded, rateLimitOf } from "./config.ts";
import type { Db } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { loadMigrations } from "./db/migration-files.ts";
import type { NativeOptions } from "./db/native.ts";
import { openDb, prepareFile } from "./db/open.ts";
import type { OutboundPolicy, ResolveHost } from "./domain/outbound-urls.ts";
import { createToken, hasAnyToken } from "./services/auth.ts";
import { createDispatcher } from "./services/webhooks/dispatcher.ts";
import { startDispatchLoop } from "./services/webhooks/loop.ts";

/**
 * What the Node and Deno entries do before serving: open DATABASE_URL, migrate it when it is embedded
 * (a remote one is migrated by `db:migrate`, never at start), mint a first token when there is none,
 * and start the webhook dispatcher in the process (`resolve`: the runtime's DNS, for the SSRF check;
 * `docsScript`: the API reference's script, read by the runtime from the installed package;
 * `backgroundCheckpoints`: where the embedded database's log is checkpointed off the request path).
 */
export async function prepareServer(
  env: Env,
  {
    resolve,
    docsScript,
    backgroundCheckpoints,
  }: { resolve?: ResolveHost; docsScript?: AppDeps["docsScript"] } & NativeOptions = {},
) {
  prepareFile(env.DATABASE_URL);
  const db: Db = await openDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, { backgroundCheckpoints });
  const applied = isEmbedded(env.DATABASE_URL) ? await migrate(db, loadMigrations()) : [];
  const firstToken = (await hasAnyToken(db))
    ? undefined
    : await createToken({ db, input: { company: "default" } });
  const outbound: OutboundPolicy = { allowLocal: env.WEBHOOKS_ALLOW_LOCALHOST, resolve };
  const dispatch = startDispatchLoop(createDispatcher({ db, policy: outbound }));
  const app = createApp({
    db,
    basePath: env.BASE_PATH,
    bodyLimit: env.BODY_LIMIT,
    rateLimit: rateLimitOf(env),
    outbound,
    afterWrite: dispatch.notify,
    docsScript,
  });
  return { db, app, applied, firstToken: firstToken?.token, dispatch };
}

/** How a newcomer (Node and npm only) makes a token for the embedded database. */
const TOKEN_COMMAND = "npx -y pnpm@10.34.8 token:create --company default";

/** What a started server prints: where it listens, its docs and, once, the first token (last line). */
export function startupLines(
  env: Env,
  port: number,
  runtime: string,
  prepared: { applied: string[]; firstToken?: string },
) {
  const base = `http://${env.HOST}:${port}${env.BASE_PATH}`;
  return [
    ...(prepared.applied.length ? [`Applied migrations: ${prepared.applied.join(", ")}`] : []),
    `Multichannel Commerce Service (${runtime}) listening on ${base}`,
    `Database: ${env.DATABASE_URL}`,
    `API docs: ${base}/docs`,
    ...(prepared.firstToken
      ? [
          `A first API token for the company 'default' (shown once; create more with \`${TOKEN_COMMAND}\`):`,
          prepared.firstToken,
        ]
      : [`API tokens are shown once, when made: make another with \`${TOKEN_COMMAND}\`.`]),
  ];
}
