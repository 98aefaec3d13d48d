import { getLogger } from "@logtape/logtape";
import { type AppDeps, createApp } from "./app.ts";
import { type Env, filesPolicyOf, isEmbedded, mailOf, rateLimitOf, secretsKeysOf } from "./config.ts";
import type { Db } from "./db/database.ts";
import { directoryFileStore, filesDirBeside } from "./db/dir-file-store.ts";
import { type FileStore, memoryFileStore } from "./db/file-store.ts";
import { migrate } from "./db/migrate.ts";
import { loadMigrations } from "./db/migration-files.ts";
import type { NativeOptions } from "./db/native.ts";
import { assertMigrated, prepareDatabaseFile, reachDatabase } from "./db/reach.ts";
import { timedDb } from "./db/timed.ts";
import type { MailSender } from "./domain/mail.ts";
import type { OutboundPolicy, ResolveHost } from "./domain/outbound-urls.ts";
import { keyringOf } from "./domain/secrets.ts";
import { type ByteLength, observed } from "./http/observe.ts";
import { acquireDatabaseLock } from "./ops/db-lock.ts";
import { accessLog, appLog, CATEGORY } from "./ops/logging.ts";
import { createMetrics } from "./ops/metrics.ts";
import { embeddedSecretsKey, keyFileOf } from "./ops/secrets-key.ts";
import { createToken, hasAnyToken } from "./services/auth.ts";
import { moveBodiesToStore } from "./services/files.ts";
import { sealStoredSecrets } from "./services/secrets.ts";
import { createDispatcher } from "./services/webhooks/dispatcher.ts";
import { startDispatchLoop } from "./services/webhooks/loop.ts";
import { StartupError, shownDatabaseUrl } from "./startup-errors.ts";

const log = getLogger([CATEGORY, "server"]);

/**
 * What the Node and Deno entries do before serving: take the embedded database's lock (`db-lock.ts`:
 * one server per file, and no restore under it), open DATABASE_URL, migrate it when it is embedded (a
 * remote one is migrated by `db:migrate`, never at start), mint a first token when there is none, and
 * start the webhook dispatcher in the process (`resolve`: the runtime's DNS, for the SSRF check;
 * `docsScript`: the API reference's script, read by the runtime from the installed package;
 * `openapiCompressors`: how the runtime compresses `/openapi.json`, when not with gzip alone;
 * `backgroundCheckpoints`: where the embedded database's log is checkpointed off the request path;
 * `expensiveReads`: where its expensive reads run, off the main thread; `mailSender`: the runtime's
 * SMTP transport, used when SMTP_URL is set).
 * With `METRICS_TOKEN`, statements and requests are measured for `/metrics` (`processMetrics`: the
 * process's own too, on Node). `fetch` is the app's, with every request in the access log.
 */
export async function prepareServer(
  env: Env,
  {
    resolve,
    fetch,
    docsScript,
    openapiCompressors,
    backgroundCheckpoints,
    expensiveReads,
    processMetrics,
    byteLength,
    mailSender,
  }: {
    resolve?: ResolveHost;
    /** The runtime's fetch for webhooks and callouts (Node: one that connects only to checked addresses). */
    fetch?: typeof globalThis.fetch;
    docsScript?: AppDeps["docsScript"];
    openapiCompressors?: AppDeps["openapiCompressors"];
    processMetrics?: boolean;
    byteLength?: ByteLength;
    /** Makes the sender of e-mail for an SMTP_URL (Node and Deno: nodemailer, `ops/smtp-mail.ts`). */
    mailSender?: (url: string) => MailSender;
  } & NativeOptions = {},
) {
  prepareDatabaseFile(env.DATABASE_URL);
  const file = embeddedFile(env.DATABASE_URL);
  const unlock = file ? acquireDatabaseLock(file, "server") : undefined;
  let opened: Db;
  let secrets: Awaited<ReturnType<typeof keyringOf>>;
  let fileStore: FileStore;
  const migrations = loadMigrations();
  try {
    // The database first (does it answer? is it migrated?), then the key, then where files go: the first
    // message a person reads is about the first thing to fix.
    opened = await reachDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, {
      backgroundCheckpoints,
      expensiveReads,
    });
    try {
      if (!isEmbedded(env.DATABASE_URL)) {
        await assertMigrated(
          opened,
          env.DATABASE_URL,
          migrations.map((migration) => migration.name),
        );
      }
      // An embedded database keeps its own key beside it unless SECRETS_KEY is set (one in memory: a
      // key as short-lived as it); a remote one needs SECRETS_KEY.
      const keys = secretsKeysOf(
        env,
        file
          ? () => embeddedSecretsKey(keyFileOf(file))
          : isEmbedded(env.DATABASE_URL)
            ? () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
            : undefined,
      );
      secrets = await keyringOf(keys.current, keys.previous);
      fileStore = fileStoreOf(env, file);
    } catch (error) {
      opened.close();
      throw error;
    }
  } catch (error) {
    unlock?.();
    throw error;
  }
  const applied = isEmbedded(env.DATABASE_URL) ? await migrate(opened, migrations) : [];
  // What migration 0014 moved out of the records in plain text, and what a previous key sealed (a
  // remote database: by `db:migrate`, which migrates it).
  if (isEmbedded(env.DATABASE_URL)) {
    const { sealed, unopened } = await sealStoredSecrets(opened, secrets);
    if (sealed) log.info("Sealed {count} stored secrets under the current key.", { count: sealed });
    if (unopened) {
      log.error(
        "{count} stored secrets open with no configured key: add the key they were sealed with to SECRETS_KEY_PREVIOUS.",
        { count: unopened },
      );
    }
  }
  // The bodies of files stored in the database before there was a file store.
  const moved = await moveBodiesToStore(opened, fileStore);
  if (moved) log.info("Moved {count} stored files to the file store.", { count: moved });
  const metrics = env.METRICS_TOKEN ? await createMetrics({ db: opened, processMetrics }) : undefined;
  const db = metrics ? timedDb(opened, metrics.observeStatement) : opened;
  const firstToken = (await hasAnyToken(db))
    ? undefined
    : await createToken({ db, input: { company: "default" } });
  const outbound: OutboundPolicy = { allowLocal: env.WEBHOOKS_ALLOW_LOCALHOST, resolve, fetch };
  const files = filesPolicyOf(env);
  const mail = mailOf(env);
  const mailer = mail && mailSender ? mailSender(mail.url) : undefined;
  // Declared before the dispatcher runs: the URLs of the files it makes start with it (see `listening`).
  let listeningUrl: string | undefined;
  const mount = (env.BASE_PATH ?? "").replace(/\/$/, "");
  const storedBaseUrl = () => (env.PUBLIC_URL ?? listeningUrl ?? "") + mount;
  const dispatcher = createDispatcher({
    db,
    policy: outbound,
    files,
    fileStore,
    secrets,
    mail: mailer,
    storedBaseUrl,
  });
  const dispatch = startDispatchLoop(dispatcher, {
    log: (...args) => log.error("Webhook dispatcher: {error}", { error: args.slice(1).join(" ") }),
  });
  const app = createApp({
    db,
    secrets,
    trustProxy: env.TRUST_PROXY,
    basePath: env.BASE_PATH,
    publicUrl: env.PUBLIC_URL,
    listeningUrl: () => listeningUrl,
    dbTimeLimitMs: env.DB_TIME_LIMIT,
    files,
    fileStore,
    expensivePerCompany: env.EXPENSIVE_PER_COMPANY,
    bodyLimit: env.BODY_LIMIT,
    corsOrigins: env.CORS_ORIGINS,
    rateLimit: rateLimitOf(env),
    adminToken: env.ADMIN_TOKEN,
    outbound,
    mail: mail && mailer ? { from: mail.from } : undefined,
    afterWrite: dispatch.notify,
    docsScript,
    openapiCompressors,
    migrations: migrations.map((migration) => migration.name),
    metrics: metrics && env.METRICS_TOKEN ? { token: env.METRICS_TOKEN, render: metrics.render } : undefined,
    log: appLog,
  });
  // The access log and the request metrics are told of the answers once they are on their way, those of
  // 5 ms together (`observed`).
  const served = observed(app.fetch, metrics ? [accessLog, metrics.observeRequest] : [accessLog], {
    byteLength,
    holdMs: 5,
  });
  /**
   * Without PUBLIC_URL, the URLs records keep (files, exports) start with the address the server listens
   * on, once it listens: a host name or a specific address (an unspecified one, 0.0.0.0 or ::, names
   * no address a client can use: those URLs are then relative).
   */
  function listening(port: number): void {
    if (env.HOST === "0.0.0.0" || env.HOST === "::" || env.HOST === "") return;
    listeningUrl = `http://${env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST}:${port}`;
  }
  /**
   * Once no request is in flight, the dispatcher's run is over and no read thread is inside a statement
   * (`Db.settled`): copies the embedded database's log into its file (the file alone is then the whole
   * database), closes it, and lets go of its lock.
   */
  async function close(): Promise<void> {
    served.flush();
    dispatch.stop();
    await opened.settled?.();
    if (file) {
      try {
        await opened.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      } catch (error) {
        log.warn("Could not checkpoint the database's log at stop: {error}", { error: String(error) });
      }
    }
    opened.close();
    unlock?.();
  }
  /**
   * When a stop gave up waiting: the database stays open for whatever is still at work (using a closed
   * one would crash the driver) until the process exits; SQLite's log makes that safe, and the next
   * start recovers it. The lock is let go.
   */
  function abandon(): void {
    served.flush();
    dispatch.stop();
    unlock?.();
  }
  return {
    db,
    app,
    fetch: served,
    listening,
    applied,
    firstToken: firstToken?.token,
    dispatch,
    close,
    abandon,
  };
}

/**
 * Where stored files' bodies are kept: `FILES_DIR`, else a directory beside an embedded database file
 * (`<file>.files`), else (a database in memory) memory. A remote database needs FILES_DIR.
 */
export function fileStoreOf(env: Env, file: string | undefined): FileStore {
  if (env.FILES_DIR) return directoryFileStore(env.FILES_DIR);
  if (file) return directoryFileStore(filesDirBeside(file));
  if (isEmbedded(env.DATABASE_URL)) return memoryFileStore();
  throw new StartupError(
    `Invalid configuration: FILES_DIR must be set for a database that is not an embedded file (DATABASE_URL=${shownDatabaseUrl(env.DATABASE_URL)}): the directory where stored files (labels, exports, uploads) are kept.`,
  );
}

/** The path of an embedded database file (not one in memory), or undefined. */
function embeddedFile(url: string): string | undefined {
  if (!url.startsWith("file:") || url === "file::memory:") return undefined;
  return url.slice("file:".length);
}

/** Where purchase orders are e-mailed through (the server's scheme and host, never its credentials). */
function mailLine(env: Env): string {
  const mail = mailOf(env);
  return mail
    ? `E-mail: ${shownDatabaseUrl(mail.url)}, from ${mail.from}`
    : "E-mail: not configured (set SMTP_URL and MAIL_FROM to e-mail purchase orders)";
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
    mailLine(env),
    `API docs: ${base}/docs`,
    ...(prepared.firstToken
      ? [
          `A first API token for the company 'default' (shown once; create more with \`${TOKEN_COMMAND}\`):`,
          prepared.firstToken,
        ]
      : [`API tokens are shown once, when made: make another with \`${TOKEN_COMMAND}\`.`]),
  ];
}
