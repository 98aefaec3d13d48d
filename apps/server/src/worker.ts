import { createClient } from "@libsql/client/web";
import type { ExecutionContext } from "hono";
import { createApp } from "./app.ts";
import { isEmbedded, parseEnv } from "./config.ts";
import { remoteDb } from "./db/database.ts";

/** Vars from wrangler.jsonc and secrets from `wrangler secret put` (or `.dev.vars` locally). */
export interface WorkerEnv {
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  BASE_PATH?: string;
  BODY_LIMIT?: string;
  RATE_LIMIT_PER_SECOND?: string;
}

type App = ReturnType<typeof createApp>;

// Routes for every kind are registered when the app is built: do it once per isolate, not per request.
// Keyed by the env object so a changed binding (a new deployment, a test's env) gets its own app.
const apps = new WeakMap<object, App>();

function appFor(bindings: WorkerEnv): App {
  let app = apps.get(bindings);
  if (!app) {
    const env = parseEnv(stringBindings(bindings));
    if (!bindings.DATABASE_URL || isEmbedded(env.DATABASE_URL)) {
      throw new Error(
        "Invalid configuration: DATABASE_URL must be a libsql://, https:// or http:// database URL on Workers",
      );
    }
    const client = createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
    app = createApp({
      db: remoteDb(client),
      basePath: env.BASE_PATH,
      bodyLimit: env.BODY_LIMIT,
      rateLimitPerSecond: env.RATE_LIMIT_PER_SECOND,
    });
    apps.set(bindings, app);
  }
  return app;
}

/** Only the string bindings are configuration; others (KV, services) are not the env schema's business. */
function stringBindings(bindings: WorkerEnv): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(bindings).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    let app: App;
    try {
      app = appFor(env);
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
        headers: { "Content-Type": "application/problem+json", "X-Request-Id": requestId },
      });
    }
    return app.fetch(request, env, ctx);
  },
};
