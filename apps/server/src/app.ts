import { buildOpenApiDocument } from "@multichannel/schema/openapi";
import type { Context } from "hono";
import { HonoBase } from "hono/hono-base";
import { isoNow } from "./clock.ts";
import { actingDbs } from "./db/acting-key.ts";
import { budgetedDb } from "./db/budget.ts";
import type { Db } from "./db/database.ts";
import { type FileStore, memoryFileStore } from "./db/file-store.ts";
import type { Actor } from "./domain/context.ts";
import type { MailSettings } from "./domain/mail.ts";
import type { OutboundPolicy } from "./domain/outbound-urls.ts";
import { ephemeralKeyring, type Keyring } from "./domain/secrets.ts";
import { andThen, type Eventually } from "./eventually.ts";
import { registerActionRoutes } from "./http/actions.ts";
import { registerAdminRoutes } from "./http/admin.ts";
import { PRIVATE_ANSWER } from "./http/answer.ts";
import { registerApiKeyRoutes } from "./http/api-keys.ts";
import { browserAccess } from "./http/cors.ts";
import { jsonPathFor, meantPathError, notFoundOrNotAllowed, registerCrudRoutes } from "./http/crud.ts";
import { type DocsScript, registerDocsRoutes } from "./http/docs.ts";
import type { AppEnv } from "./http/env.ts";
import { registerEventRoutes } from "./http/events.ts";
import { fairShare } from "./http/fair-share.ts";
import { registerFileRoutes } from "./http/files.ts";
import { idempotent } from "./http/idempotency.ts";
import { registerInboundWebhookRoutes } from "./http/inbound-webhooks.ts";
import { type AppLog, stderrLog } from "./http/log.ts";
import { refuseOtherMethods } from "./http/methods.ts";
import { admission, admitted, type Guard, readBody, stamp, stampRequest } from "./http/middleware.ts";
import { type Compressors, gzipStream, registerOpenApiRoute, withServerUrl } from "./http/openapi.ts";
import { type MetricsEndpoint, registerOperationRoutes } from "./http/operations.ts";
import { errorHandler, problemResponse } from "./http/problem.ts";
import { type RateLimitOptions, rateLimiter } from "./http/rate-limit.ts";
import { SegmentRouter } from "./http/router.ts";
import { type MadeSecrets, sealSecrets, withMadeSecrets } from "./http/secrets.ts";
import { pdfLabelProvider } from "./labels/pdf-provider.ts";
import type { LabelProvider } from "./labels/provider.ts";
import { tokenAuthenticator } from "./services/auth.ts";
import { DEFAULT_FILES_POLICY, type FilesPolicy } from "./services/files.ts";

export interface AppDeps {
  db: Db;
  /** Renders shipping labels; the built-in one draws a 4x6 PDF. */
  labels?: LabelProvider;
  /** Mount point, e.g. `/v1`; default none. */
  basePath?: string;
  /**
   * Where clients reach the server (`PUBLIC_URL`: an origin, and a proxy's prefix if any): every URL the
   * server hands out starts with it. Absent: `Location`, `Link` and the OpenAPI `servers` are relative,
   * and the URLs stored in records (files, exports) start with `listeningUrl`. Never the request's Host.
   */
  publicUrl?: string;
  /** The address the server listens on (Node, Deno), once it listens: for stored URLs without `publicUrl`. */
  listeningUrl?: () => string | undefined;
  /** Largest accepted request body, in bytes. */
  bodyLimit?: number;
  /**
   * The web origins whose pages may call the API from a browser (`CORS_ORIGINS`): `*`, or origins as
   * browsers send them. Absent: none, and no CORS headers or preflight answers at all.
   */
  corsOrigins?: "*" | readonly string[];
  /**
   * The keys that seal secret fields (`SECRETS_KEY`, and the previous ones still opening what they
   * sealed). Absent: a key made for this process only (tests).
   */
  secrets?: Keyring | Promise<Keyring>;
  /**
   * `TRUST_PROXY`: the server is behind a reverse proxy, so a client's address (what failed inbound
   * attempts are counted by) is the last one of `X-Forwarded-For`.
   */
  trustProxy?: boolean;
  /**
   * Requests a second per company and method class, as token buckets in this process (the reference's
   * rates are `REFERENCE_RATES`: 2 GET, 1 other); absent: no limit.
   */
  rateLimit?: RateLimitOptions;
  /**
   * How long a token lookup is cached, in ms (default 30 s): a key revoked or a company suspended in
   * another process is refused here once its entry is that old.
   */
  tokenCacheMs?: number;
  /** `ADMIN_TOKEN`: the operator's bearer token for `/admin/companies`; absent, those routes are not served. */
  adminToken?: string;
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
  /**
   * How `/openapi.json` may be compressed, by content coding (default gzip): Node adds brotli; the
   * Worker passes none, since Cloudflare compresses what it serves.
   */
  openapiCompressors?: Compressors;
  /**
   * The OpenAPI document as the build made it (its servers relative): the Worker's static asset, so the
   * builder stays out of its bundle. Absent: built in process from the manifest.
   */
  openapiDocument?: () => Promise<string>;
  /**
   * The migrations this build ships, by name: `/ready` answers 200 only when the database has them all
   * (Node and Deno read them from the files). Absent (the Worker): only that it was migrated at all.
   */
  migrations?: readonly string[];
  /** What `GET /metrics` serves and the token it asks for; absent, it is a 404. */
  metrics?: MetricsEndpoint;
  /** Where unexpected errors (with their request id) and readiness problems are logged; default stderr. */
  log?: AppLog;
  /**
   * The database time one request may take, in ms (`DB_TIME_LIMIT`): past it, its next statement is
   * refused with a 503 (`budgetedDb`). Absent or 0: no limit.
   */
  dbTimeLimitMs?: number;
  /**
   * How stored files are bounded per company (`FILES_KEEP_DAYS`, `FILES_QUOTA_MB`,
   * `FILES_UPLOAD_LIMIT_MB`).
   */
  files?: Partial<FilesPolicy>;
  /**
   * Where stored files' bodies are kept (a directory on Node and Deno, a bucket on Workers). Absent: in
   * this process's memory (a database in memory, tests).
   */
  fileStore?: FileStore;
  /**
   * E-mail (`MAIL_FROM`, when `SMTP_URL` is set and this runtime has a transport for it): purchase
   * orders by e-mail are queued for the dispatcher's mail sender. Absent: they are logged as not sent.
   */
  mail?: MailSettings;
  /**
   * Expensive requests (lists that sort or skip many records or match a `$like` pattern, inventory exports) one company may have
   * running at once (`EXPENSIVE_PER_COMPANY`, `fairShare`); past it, 429. Default 2.
   */
  expensivePerCompany?: number;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The whole API as a Hono app; every runtime entry and every test builds it with this. */
export function createApp(deps: AppDeps): HonoBase<AppEnv> {
  // Hono's own routers either refuse the API's mix of fixed first segments and `/:kind` (RegExpRouter)
  // or take 2-4 µs a request to match (PatternRouter, TrieRouter): see `SegmentRouter`. Hono's base
  // class, because its presets (`hono/tiny`, `hono/quick`) put their own router in place of the one given.
  const app = new HonoBase<AppEnv>({ strict: true, router: new SegmentRouter() }).basePath(
    deps.basePath ?? "/",
  );
  const now = deps.now ?? isoNow;
  const labels = deps.labels ?? pdfLabelProvider;
  const outbound = deps.outbound ?? { allowLocal: false };
  const mount = (deps.basePath ?? "").replace(/\/$/, "");
  const bodyLimit = deps.bodyLimit ?? DEFAULT_BODY_LIMIT;
  // What the server hands out is built from configuration only: a request's Host is the client's word.
  const publicUrl = deps.publicUrl ?? "";
  const linkBase = publicUrl + mount;
  const listeningUrl = deps.listeningUrl;
  const storedBase =
    deps.publicUrl !== undefined || !listeningUrl ? () => linkBase : () => (listeningUrl() ?? "") + mount;
  const secrets = Promise.resolve(deps.secrets ?? ephemeralKeyring());
  const fileStore = deps.fileStore ?? memoryFileStore();
  const files: FilesPolicy = { ...DEFAULT_FILES_POLICY, ...deps.files };

  const log = deps.log ?? stderrLog;
  const onError = errorHandler(log);
  app.onError(onError);
  // The routes that answer without a token, each with its request stamp (id and limits); every other
  // request is stamped and authenticated by its route's guard (`admission`), or by the not-found answer.
  const publicPaths = [
    "/",
    "/health",
    "/ready",
    "/metrics",
    "/openapi.json",
    "/docs",
    "/docs/*",
    "/webhooks/*",
  ];
  // Before anything else: a preflight carries no token, and every answer to a page names its origin.
  if (deps.corsOrigins) {
    const access = browserAccess(deps.corsOrigins);
    app.on("OPTIONS", "*", access.preflight);
    app.use("*", access.mark);
  }
  for (const path of publicPaths) app.use(path, stamp);
  registerOperationRoutes(app, {
    db: deps.db,
    migrations: deps.migrations,
    metrics: deps.metrics,
    log,
    linkBase,
    version: deps.version,
  });
  const prebuilt = deps.openapiDocument;
  registerOpenApiRoute(app, {
    document: prebuilt
      ? async () => withServerUrl(await prebuilt(), linkBase || "/")
      : () => JSON.stringify(buildOpenApiDocument({ version: deps.version, serverUrl: linkBase || "/" })),
    compressors: deps.openapiCompressors ?? { gzip: gzipStream },
  });
  registerDocsRoutes(app, { basePath: deps.basePath, script: deps.docsScript });
  // Another method on a public path is a 405 naming GET, token or not (these need none).
  const publicReads = ["/", "/health", "/ready", "/openapi.json", "/docs", "/docs/assets/:file"];
  for (const path of deps.metrics ? [...publicReads, "/metrics"] : publicReads) {
    refuseOtherMethods(app, path, ["GET"]);
  }
  // The document without its `.json`, asked for without a token: the path meant, not a 401.
  app.get("/openapi", stamp, (c) => problemResponse(c, meantPathError(c, `${mount}/openapi.json`)));
  // The async inbound imports authenticate by the record's webhook hash, not a token.
  registerInboundWebhookRoutes(app, {
    db: deps.db,
    bodyLimit,
    now,
    labels,
    outbound,
    trustProxy: deps.trustProxy,
    baseUrl: linkBase,
    storedBaseUrl: storedBase,
    files,
    fileStore,
    dbTimeLimitMs: deps.dbTimeLimitMs,
    secrets,
    afterWrite: deps.afterWrite,
  });

  // Who is asking comes first (an anonymous request's body is never read), then its rate, then what
  // every handler reads: the actor, the database and the service context.
  const limitRate = deps.rateLimit && rateLimiter(deps.rateLimit);
  const dbTimeLimit = deps.dbTimeLimitMs;
  const share = fairShare(deps.expensivePerCompany);
  const authenticate = tokenAuthenticator(deps.db, deps.tokenCacheMs);
  // A key's writes stamp their events with it (the audit trail, `db/acting-key.ts`).
  const keyDb = actingDbs(deps.db);
  const enter = (c: Context<AppEnv>, actor: Actor) => {
    limitRate?.(c, actor.companyId);
    // A company's answers are kept by no cache, shared or the client's own (a file says otherwise).
    c.get("answerHeaders")["Cache-Control"] = PRIVATE_ANSWER;
    // Every write of one request happens at one instant: a record created and settled has one time.
    let at: string | undefined;
    // The request's statements stamp their events with its key, and count against its database time
    // (`DB_TIME_LIMIT`).
    const acting = keyDb(actor.tokenId);
    const db = dbTimeLimit ? budgetedDb(acting, dbTimeLimit) : acting;
    c.set("actor", actor);
    c.set("ctx", {
      db,
      companyId: actor.companyId,
      actor,
      now: () => (at ??= now()),
      baseUrl: linkBase,
      storedBaseUrl: storedBase(),
      labels,
      files,
      fileStore,
      outbound,
      secrets,
      mail: deps.mail,
    });
  };
  const admit = admission(authenticate, enter, mount);
  const keyed = idempotent(deps.db, now);
  const guard: Guard = {
    read: admitted(admit),
    write: writeSteps(admit, bodyLimit, keyed, deps.afterWrite, onError, (c) =>
      sealSecrets(c, mount, secrets),
    ),
  };
  // Under the mount point, a path no route answers is a 404 (or 405) to an admitted request only:
  // without a token it is a 401. Outside it nothing is the API's: a 404, token or not.
  app.notFound((c) => {
    // A path without its `.json` (`/openapi`, `/purchases/1/ship`, and `/carriers` once a token was
    // taken): a 404 naming the path meant.
    const meant = jsonPathFor(c.req.path, mount);
    if (meant) {
      stampRequest(c);
      return problemResponse(c, meantPathError(c, meant));
    }
    const answer = () => problemResponse(c, notFoundOrNotAllowed(c, mount));
    return c.req.path.startsWith(`${mount}/`) ? andThen(admit(c), answer) : answer();
  });

  // Before the kinds' routes, which would take `/api-keys.json` and `/admin/companies.json` first.
  registerApiKeyRoutes(app, { guard, bodyLimit, forgetKey: authenticate.forgetKey });
  registerAdminRoutes(app, {
    adminToken: deps.adminToken,
    bodyLimit,
    now,
    db: deps.db,
    linkBase,
    forgetCompany: authenticate.forgetCompany,
  });
  registerFileRoutes(app, guard, keyed);
  registerCrudRoutes(app, guard, share);
  registerActionRoutes(app, guard, share);
  registerEventRoutes(app, guard);
  return app;
}

/**
 * What a writing request passes before its handler (see `Guard`): admission, its body read
 * (`readBody`), its Idempotency-Key honoured, and once it wrote and succeeded (its events committed),
 * `afterWrite`.
 */
function writeSteps(
  admit: (c: Context<AppEnv>) => Eventually<void>,
  bodyLimit: number,
  keyed: ReturnType<typeof idempotent>,
  afterWrite: AppDeps["afterWrite"],
  onError: ReturnType<typeof errorHandler>,
  seal: (c: Context<AppEnv>) => Promise<MadeSecrets | undefined> | undefined,
): Guard["write"] {
  // One async function a write: a second one, whose promise this one returned, cost three more turns
  // of the microtask queue a write.
  return (handler) => async (c, next) => {
    // A cached token is admitted at once: no turn of the microtask queue for it.
    const admitting = admit(c);
    if (admitting) await admitting;
    await readBody(c, bodyLimit);
    // Secrets are sealed after the key's fingerprint is taken (a retry seals anew), and those the
    // server made are added to the answer after it is stored (a replay shows their hints).
    let made: MadeSecrets | undefined;
    const response = await keyed(c, async () => {
      try {
        const sealing = seal(c);
        if (sealing) made = await sealing;
      } catch (error) {
        return onError(error, c);
      }
      // The handler's answer, what a route after it answered (when it passed on with `next`), or the
      // problem answer of what it threw, so that the idempotency step stores the answer the client got.
      let response: Response;
      try {
        response = (await handler(c, next)) ?? c.res;
      } catch (error) {
        response = onError(error, c);
      }
      const wrote = c.req.method !== "GET" || c.get("wroteOnGet");
      if (afterWrite && wrote && response.status < 400) afterWrite(c);
      return response;
    });
    return withMadeSecrets(response, made);
  };
}
