import { createClient } from "@libsql/client/web";
import type { ExecutionContext } from "hono";
import { createApp } from "./app.ts";
import { filesPolicyOf, isEmbedded, mailOf, parseEnv, rateLimitOf, secretsKeysOf } from "./config.ts";
import { type Bucket, bucketFileStore } from "./db/bucket-file-store.ts";
import { type Db, remoteDb } from "./db/database.ts";
import type { FileStore } from "./db/file-store.ts";
import { refreshStatistics } from "./db/statistics.ts";
import { type Keyring, keyringOf } from "./domain/secrets.ts";
import { API_REFERENCE_SCRIPT, OPENAPI_ASSET } from "./http/docs.ts";
import { observed } from "./http/observe.ts";
import { consoleLogs } from "./ops/console-log.ts";
import { socketMailSender } from "./ops/socket-mail.ts";
import { moveBodiesToStore } from "./services/files.ts";
import { sealStoredSecrets } from "./services/secrets.ts";
import { createDispatcher, type Dispatcher } from "./services/webhooks/dispatcher.ts";

/** A static asset's text; a missing one is a failure (the build step writes them all). */
async function assetText(assets: NonNullable<WorkerEnv["ASSETS"]>, name: string): Promise<string> {
  const response = await assets.fetch(new Request(`http://assets.local/${name}`));
  if (!response.ok)
    throw new Error(`The static asset ${name} is missing: run the build step (wrangler.jsonc).`);
  return response.text();
}

/** Vars from wrangler.jsonc and secrets from `wrangler secret put` (or `.dev.vars` locally). */
export interface WorkerEnv {
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  BASE_PATH?: string;
  /** Where clients reach the Worker: without it, links are relative (a Worker knows no address of its own). */
  PUBLIC_URL?: string;
  DB_TIME_LIMIT?: string;
  EXPENSIVE_PER_COMPANY?: string;
  FILES_KEEP_DAYS?: string;
  FILES_QUOTA_MB?: string;
  FILES_UPLOAD_LIMIT_MB?: string;
  BODY_LIMIT?: string;
  RATE_LIMIT?: string;
  RATE_LIMIT_GET_PER_SECOND?: string;
  RATE_LIMIT_WRITE_PER_SECOND?: string;
  WEBHOOKS_ALLOW_LOCALHOST?: string;
  /** The operator's token for `/admin/companies` (`wrangler secret put ADMIN_TOKEN`); absent: no such routes. */
  ADMIN_TOKEN?: string;
  /** The key that seals secrets at rest (`wrangler secret put SECRETS_KEY`); required here. */
  SECRETS_KEY?: string;
  SECRETS_KEY_PREVIOUS?: string;
  /** The mail server purchase orders are e-mailed through (`wrangler secret put SMTP_URL`: it holds a password). */
  SMTP_URL?: string;
  /** The address e-mailed purchase orders come from; required with SMTP_URL. */
  MAIL_FROM?: string;
  /** The Cloudflare Queue that wakes the dispatcher (wrangler.jsonc `queues`); absent: cron only. */
  EVENTS_QUEUE?: { send(body: unknown, options?: { delaySeconds?: number }): Promise<void> };
  /** The bucket of stored files' bodies (wrangler.jsonc `r2_buckets`); required. */
  FILES?: Bucket;
  /** Static assets (wrangler.jsonc `assets`): the API reference's script, filled by the build step. */
  ASSETS?: { fetch(request: Request): Promise<Response> };
}

/** Files whose bodies the hourly sweep moves from the database to the bucket, at most. */
const MOVED_PER_HOUR = 500;

/** What the queue consumer receives: a batch of wake-ups (their bodies carry nothing). */
interface WakeBatch {
  readonly messages: readonly unknown[];
  ackAll(): void;
  retryAll(options?: { delaySeconds?: number }): void;
}

type App = ReturnType<typeof createApp>;

interface Instance {
  app: App;
  /** The app's fetch, with every request in the access log. */
  fetch: (request: Request, env: WorkerEnv, ctx: ExecutionContext) => Response | Promise<Response>;
  db: Db;
  dispatcher: Dispatcher;
  secrets: Promise<Keyring>;
  fileStore: FileStore;
}

// Routes for every kind are registered when the app is built: do it once per isolate, not per request.
// Keyed by the env object so a changed binding (a new deployment, a test's env) gets its own app.
const instances = new WeakMap<object, Instance>();

function instanceFor(bindings: WorkerEnv): Instance {
  let instance = instances.get(bindings);
  if (!instance) {
    const env = parseEnv(stringBindings(bindings));
    if (!bindings.DATABASE_URL || isEmbedded(env.DATABASE_URL)) {
      throw new Error(
        "Invalid configuration: DATABASE_URL must be a libsql://, https:// or http:// database URL on Workers",
      );
    }
    // Workers Logs indexes the fields of an object logged with console.log: one per request.
    const { appLog, accessLog } = consoleLogs(env.LOG_LEVEL);
    const keys = secretsKeysOf(env);
    const secrets = keyringOf(keys.current, keys.previous);
    if (!bindings.FILES) {
      throw new Error(
        "Invalid configuration: the FILES bucket binding is missing (wrangler.jsonc `r2_buckets`): files are kept there",
      );
    }
    const fileStore = bucketFileStore(bindings.FILES);
    const client = createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
    const db = remoteDb(client);
    // No DNS here, and no say in where a fetch connects: a Worker's fetch goes out through Cloudflare's
    // network, which does not route to private or loopback addresses; literal and local names are refused.
    const outbound = { allowLocal: env.WEBHOOKS_ALLOW_LOCALHOST };
    const queue = bindings.EVENTS_QUEUE;
    const assets = bindings.ASSETS;
    const mail = mailOf(env);
    const mailer = mail ? socketMailSender(mail.url) : undefined;
    const app = createApp({
      db,
      secrets,
      log: appLog,
      basePath: env.BASE_PATH,
      publicUrl: env.PUBLIC_URL,
      dbTimeLimitMs: env.DB_TIME_LIMIT,
      expensivePerCompany: env.EXPENSIVE_PER_COMPANY,
      files: filesPolicyOf(env),
      fileStore,
      bodyLimit: env.BODY_LIMIT,
      corsOrigins: env.CORS_ORIGINS,
      rateLimit: rateLimitOf(env),
      adminToken: env.ADMIN_TOKEN,
      outbound,
      mail: mail ? { from: mail.from } : undefined,
      // After the commit, a message wakes the consumer; the cron sweep covers a lost one.
      afterWrite: queue
        ? (c) => c.executionCtx.waitUntil(queue.send({ wake: true }).catch(() => {}))
        : undefined,
      docsScript: assets
        ? () => assets.fetch(new Request(`http://assets.local/${API_REFERENCE_SCRIPT}`))
        : undefined,
      // Cloudflare compresses what a Worker answers (per Accept-Encoding): /openapi.json is sent as is.
      openapiCompressors: {},
      // The document the build step wrote (wrangler.jsonc aliases the builder away from the bundle).
      openapiDocument: assets ? () => assetText(assets, OPENAPI_ASSET) : undefined,
    });
    instance = {
      app,
      fetch: observed(app.fetch, [accessLog]),
      db,
      dispatcher: createDispatcher({
        db,
        policy: outbound,
        files: filesPolicyOf(env),
        fileStore,
        secrets,
        mail: mailer,
        // A Worker knows no address of its own: without PUBLIC_URL, the files it makes have relative URLs.
        storedBaseUrl: () => (env.PUBLIC_URL ?? "") + (env.BASE_PATH ?? "").replace(/\/$/, ""),
      }),
      secrets,
      fileStore,
    };
    instances.set(bindings, instance);
  }
  return instance;
}

/**
 * Drains the outbox; when attempts failed, a delayed message wakes the consumer when the earliest
 * retry is due (Queues allow up to 12 hours; the cron sweep takes over beyond that).
 */
async function drain(bindings: WorkerEnv): Promise<void> {
  const { dispatcher } = instanceFor(bindings);
  const { failed, more } = await dispatcher.runOnce();
  // An import not finished in this run goes on in the next invocation.
  if (more && bindings.EVENTS_QUEUE) await bindings.EVENTS_QUEUE.send({ wake: true });
  const due = failed ? await dispatcher.nextAttemptAt() : undefined;
  if (due !== undefined && bindings.EVENTS_QUEUE) {
    const delaySeconds = Math.ceil((due - Date.now()) / 1000);
    if (delaySeconds <= 43_200) {
      await bindings.EVENTS_QUEUE.send({ wake: true }, { delaySeconds: Math.max(1, delaySeconds) });
    }
  }
}

/** Only the string bindings are configuration; others (KV, services) are not the env schema's business. */
function stringBindings(bindings: WorkerEnv): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(bindings).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    let fetch: Instance["fetch"];
    try {
      fetch = instanceFor(env).fetch;
    } catch (error) {
      const requestId = crypto.randomUUID();
      console.error(`[${requestId}]`, error instanceof Error ? error.message : error);
      const problem = {
        type: "urn:multichannel:problem:internal",
        title: "Internal Server Error",
        status: 500,
        detail: "The service is not configured correctly; its logs say why.",
        requestId,
      };
      return new Response(JSON.stringify(problem), {
        status: 500,
        headers: {
          "Content-Type": "application/problem+json",
          "X-Request-Id": requestId,
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
    return fetch(request, env, ctx);
  },
  /** The queue consumer: each batch of wake-ups is one drain; a failed drain is retried by the queue. */
  async queue(batch: WakeBatch, env: WorkerEnv): Promise<void> {
    try {
      await drain(env);
      batch.ackAll();
    } catch (error) {
      console.error("webhook dispatcher:", error instanceof Error ? error.message : error);
      batch.retryAll({ delaySeconds: 10 });
    }
  },
  /**
   * The Cron Trigger sweep: anything the queue did not drain, due retries, the planner's statistics once
   * an hour, and pruning once a day.
   */
  async scheduled(controller: { cron: string; scheduledTime: number }, env: WorkerEnv): Promise<void> {
    await drain(env);
    if (new Date(controller.scheduledTime).getUTCMinutes() === 0) {
      const instance = instanceFor(env);
      await refreshStatistics(instance.db).catch((error: unknown) => {
        console.error("planner statistics:", error instanceof Error ? error.message : error);
      });
      // The bodies of files stored in the database before there was a bucket, some each hour.
      await moveBodiesToStore(instance.db, instance.fileStore, MOVED_PER_HOUR).catch((error: unknown) => {
        console.error("moving stored files:", error instanceof Error ? error.message : error);
      });
    }
    if (
      new Date(controller.scheduledTime).getUTCHours() === 3 &&
      new Date(controller.scheduledTime).getUTCMinutes() === 0
    ) {
      const instance = instanceFor(env);
      await instance.dispatcher.prune();
      // What `db:migrate` left in plain text or under a previous key, should it not have sealed it.
      await sealStoredSecrets(instance.db, await instance.secrets);
    }
  },
};
