import { buildOpenApiDocument } from "@multichannel/schema";
import type { Context, MiddlewareHandler } from "hono";
// Hono with its PatternRouter: one regular expression per route, tried in order. The API mixes fixed
// first segments with `/:kind` ones, which RegExpRouter refuses; on its ~100 routes PatternRouter finds a
// match in about half the time TrieRouter takes (1.6-2.5 µs a request, against 2-4).
import { Hono } from "hono/tiny";
import type { Db } from "./db/database.ts";
import { registerActionRoutes } from "./http/actions.ts";
import { answerJson } from "./http/answer.ts";
import { notFoundOrNotAllowed, registerCrudRoutes } from "./http/crud.ts";
import { type DocsScript, registerDocsRoutes } from "./http/docs.ts";
import type { AppEnv } from "./http/env.ts";
import { registerEventRoutes } from "./http/events.ts";
import { registerFileRoutes } from "./http/files.ts";
import { idempotency } from "./http/idempotency.ts";
import { registerInboundWebhookRoutes } from "./http/inbound-webhooks.ts";
import { authenticate, bodyGuard, requestId, requestLimits } from "./http/middleware.ts";
import { onError, problemResponse } from "./http/problem.ts";
import { type RateLimitOptions, rateLimit } from "./http/rate-limit.ts";
import { pdfLabelProvider } from "./labels/pdf-provider.ts";
import type { LabelProvider } from "./labels/provider.ts";
import { tokenAuthenticator } from "./services/auth.ts";
import type { OutboundPolicy } from "./services/webhooks/outbound.ts";

export interface AppDeps {
  db: Db;
  /** Renders shipping labels; the built-in one draws a 4x6 PDF. */
  labels?: LabelProvider;
  /** Mount point, e.g. `/v1`; default none. */
  basePath?: string;
  /** Largest accepted request body, in bytes. */
  bodyLimit?: number;
  /**
   * Requests a second per company and method class, as token buckets in this process (the reference's
   * rates are `REFERENCE_RATES`: 2 GET, 1 other); absent: no limit.
   */
  rateLimit?: RateLimitOptions;
  /** How long a token lookup is cached, in ms. */
  tokenCacheMs?: number;
  now?: () => string;
  version?: string;
  /**
   * Where webhooks and callouts may be sent (default: public https only). `allowLocal` is
   * `WEBHOOKS_ALLOW_LOCALHOST=true`; `resolve` checks what a host name resolves to (Node).
   */
  outbound?: OutboundPolicy;
  /**
   * Called after every request that wrote and succeeded, when its events are committed: the Node entry
   * wakes its dispatcher, the Worker sends a queue message.
   */
  afterWrite?: (c: Context<AppEnv>) => void;
  /**
   * The API reference's browser script, served at `/docs/assets/`: Node and Deno read it from the
   * installed package at start, the Worker fetches its static asset. Absent: `/docs` has no script.
   */
  docsScript?: DocsScript;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The whole API as a Hono app; every runtime entry and every test builds it with this. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true }).basePath(deps.basePath ?? "/");
  const now = deps.now ?? (() => new Date().toISOString());
  const labels = deps.labels ?? pdfLabelProvider;
  const outbound = deps.outbound ?? { allowLocal: false };
  const mount = (deps.basePath ?? "").replace(/\/$/, "");
  // Built on first request (about 80 ms of CPU for ~100 kinds) and kept as text for the isolate's life.
  let openapi: string | undefined;

  app.onError(onError);
  // A known path asked with another method is a 405 (see `allowMethods`), anything else a 404.
  app.notFound((c) => problemResponse(c, notFoundOrNotAllowed(c, mount)));
  app.use(requestId);
  app.use(requestLimits);

  app.get("/health", async (c) => {
    await deps.db.execute("SELECT 1");
    return answerJson(c, JSON.stringify({ status: "ok" }));
  });
  app.get("/openapi.json", (c) => {
    openapi ??= JSON.stringify(
      buildOpenApiDocument({ version: deps.version, serverUrl: baseUrlOf(c.req.url, mount) }),
    );
    return answerJson(c, openapi);
  });
  registerDocsRoutes(app, { basePath: deps.basePath, script: deps.docsScript });

  // The async inbound imports authenticate by the record's webhook hash, not a token.
  registerInboundWebhookRoutes(app, {
    db: deps.db,
    bodyLimit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT,
    now,
    labels,
    outbound,
    baseUrl: (c) => baseUrlOf(c.req.url, mount),
    afterWrite: deps.afterWrite,
  });

  // Who is asking comes first: an anonymous request's body is never read.
  app.use(authenticate(tokenAuthenticator(deps.db, deps.tokenCacheMs)));
  if (deps.rateLimit) app.use(rateLimit(deps.rateLimit));
  // What only writes need runs for the writing methods only, so that reads (most requests) never pass
  // through it; a GET that writes (an action declared so) has the same in its own route.
  const afterWrite = deps.afterWrite;
  const writeSteps: MiddlewareHandler<AppEnv>[] = [
    ...(afterWrite ? [afterWriteHook(afterWrite)] : []),
    idempotency(deps.db, now),
  ];
  app.on(WRITE_METHODS, "*", bodyGuard(deps.bodyLimit ?? DEFAULT_BODY_LIMIT), ...writeSteps);
  app.use(async (c, next) => {
    const actor = c.get("actor");
    // Every write of one request happens at one instant: a record created and settled has one time.
    let at: string | undefined;
    c.set("db", deps.db);
    c.set("ctx", {
      db: deps.db,
      companyId: actor.companyId,
      actor,
      now: () => (at ??= now()),
      baseUrl: baseUrlOf(c.req.url, mount),
      labels,
      outbound,
    });
    await next();
  });

  registerCrudRoutes(app);
  registerActionRoutes(app, writeSteps);
  registerFileRoutes(app);
  registerEventRoutes(app);
  return app;
}

/** Methods whose requests may write; any other has no route here, and its body is never read. */
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/** Calls `afterWrite` when a request that wrote succeeded, its events committed. */
function afterWriteHook(afterWrite: (c: Context<AppEnv>) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if ((c.req.method !== "GET" || c.get("wroteOnGet")) && c.res.status < 400) afterWrite(c);
  };
}

/**
 * The API's base URL as the client sees it: the request URL's origin (runtimes hand over URLs already
 * normalized, so the text up to the path is the origin) and the mount point (`BASE_PATH`).
 */
function baseUrlOf(url: string, mount: string): string {
  const path = url.indexOf("/", url.indexOf("//") + 2);
  return (path < 0 ? url : url.slice(0, path)) + mount;
}
