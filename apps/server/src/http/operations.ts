import type { Hono } from "hono";
import type { Executor } from "../db/database.ts";
import { readiness } from "../db/readiness.ts";
import { ApiError } from "../errors.ts";
import { answer, answerJson } from "./answer.ts";
import type { AppEnv } from "./env.ts";
import type { AppLog } from "./log.ts";
import { requestIdOf } from "./observe.ts";

/** What `GET /metrics` serves: the Prometheus text of this process (Node, Deno). */
export interface MetricsEndpoint {
  /** The bearer token it asks for (`METRICS_TOKEN`). */
  readonly token: string;
  render(): Promise<{ contentType: string; text: string }>;
}

export interface OperationsDeps {
  db: Executor;
  /** The migrations this build ships, by name; absent, `/ready` asks only that some were applied. */
  migrations?: readonly string[];
  /** Absent (no `METRICS_TOKEN`, or the Worker): `/metrics` is a 404. */
  metrics?: MetricsEndpoint;
  /** Where a readiness problem is logged, with the database's own error. */
  log: AppLog;
  /** The start of the links `GET /` answers (`PUBLIC_URL` and `BASE_PATH`; empty: relative to the host). */
  linkBase?: string;
  /** The service's version, as the OpenAPI document says it. */
  version?: string;
}

/** The service's name and version, as `GET /` and the OpenAPI document say them. */
export const SERVICE_NAME = "Multichannel Commerce Service";
const DEFAULT_VERSION = "0.1.0";

/**
 * `GET /`: the service's name and version and links to its docs and OpenAPI document. Then the routes
 * an operator's tools call, all without an API token: `/health` (the process answers; the
 * database is not asked, so a restart is never triggered by a database outage), `/ready` (200 only when
 * the database answers and has every migration of this build; 503 saying why) and `/metrics` (with
 * `Authorization: Bearer $METRICS_TOKEN`).
 */
export function registerOperationRoutes(app: Hono<AppEnv>, deps: OperationsDeps): void {
  // The front door: what this is and where to read on, without a token.
  const base = deps.linkBase ?? "";
  const index = JSON.stringify({
    name: SERVICE_NAME,
    version: deps.version ?? DEFAULT_VERSION,
    docs: `${base}/docs`,
    openapi: `${base}/openapi.json`,
    health: `${base}/health`,
    ready: `${base}/ready`,
  });
  app.get("/", (c) => answerJson(c, index, 200, { "Cache-Control": "no-cache" }));
  app.get("/health", (c) =>
    answerJson(c, JSON.stringify({ status: "ok" }), 200, { "Cache-Control": "no-store" }),
  );
  app.get("/ready", async (c) => {
    const state = await readiness(deps.db, deps.migrations);
    if (state.ready) {
      return answerJson(c, JSON.stringify({ status: "ready" }), 200, { "Cache-Control": "no-store" });
    }
    deps.log.warn("Not ready: {reason}", {
      requestId: requestIdOf(c),
      reason: state.reason,
      error: state.error,
    });
    return answerJson(c, JSON.stringify({ status: "unavailable", reason: state.reason }), 503, {
      "Cache-Control": "no-store",
      "Retry-After": "5",
    });
  });
  app.get("/metrics", async (c) => {
    const { metrics } = deps;
    if (!metrics) throw new ApiError("not_found", `No route for ${c.req.method} ${c.req.path}.`);
    if (!(await sameSecret(bearerOf(c.req.header("Authorization")), metrics.token))) {
      throw new ApiError(
        "unauthorized",
        "Send the metrics token as `Authorization: Bearer <token>`.",
        {},
        {
          "WWW-Authenticate": 'Bearer realm="metrics"',
        },
      );
    }
    const { contentType, text } = await metrics.render();
    return answer(c, text, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
}

function bearerOf(header: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
}

const encoder = new TextEncoder();

/** Compares digests, not the texts: how long it takes says nothing about how much of a guess was right. */
async function sameSecret(sent: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all(
    [sent, expected].map(
      async (text) => new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))),
    ),
  );
  let difference = 0;
  for (let i = 0; i < a!.length; i++) difference |= a![i]! ^ b![i]!;
  return difference === 0;
}
