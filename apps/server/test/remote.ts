// The server on the remote driver, as a Worker meets Turso: @libsql/client over HTTP to the dev libSQL
// server, through a proxy on 127.0.0.1 that counts the HTTP requests (database round trips) and may
// add latency to each (bench/round-trip-proxy.ts, shared with the bench's edge section).
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { startLibsqlServer } from "../../../tooling/libsql-server/src/server.ts";
import { type RoundTripProxy, roundTripProxy } from "../bench/round-trip-proxy.ts";
import { type AppDeps, createApp } from "../src/app.ts";
import { type Db, remoteDb } from "../src/db/database.ts";
import { createToken } from "../src/services/auth.ts";
import { type Api, apiOf } from "./support.ts";

export { type RoundTripProxy, roundTripProxy };

export interface RemoteStack {
  /** The app on the remote driver, through the proxy. */
  app: ReturnType<typeof createApp>;
  /** The remote database through the proxy (what the app uses). */
  db: Db;
  proxy: RoundTripProxy;
  /** A fresh company with a read-write token (a token cache, as in production). */
  tenant(): Promise<Api & { companyId: number; token: string }>;
  close(): Promise<void>;
}

/**
 * The dev libSQL server on a copy of the migrated template database, a counting proxy before it, and
 * the app on the remote driver through the proxy.
 */
export async function remoteStack(
  options: {
    latencyMs?: number;
    deps?: Partial<AppDeps>;
    templateDb: string;
    /** How long the database lets a write wait for another's write lock (the dev server's default: 5 s). */
    busyTimeoutMs?: number;
    /** The database as the app meets it, made from the stack's (`meddled`: a writer inside each write). */
    appDb?: (db: Db) => Db;
  } = { templateDb: "" },
): Promise<RemoteStack> {
  const dir = mkdtempSync(join(tmpdir(), "mcs-remote-"));
  const file = join(dir, "remote.db");
  copyFileSync(options.templateDb, file);
  const server = await startLibsqlServer({ file, port: 0, busyTimeoutMs: options.busyTimeoutMs });
  const proxy = await roundTripProxy(server.url, options.latencyMs ?? 0);
  const client = createClient({ url: proxy.url });
  const db = remoteDb(client);
  const app = createApp({ db: options.appDb?.(db) ?? db, tokenCacheMs: 60_000, ...options.deps });
  let counter = 0;
  return {
    app,
    db,
    proxy,
    async tenant() {
      const company = `remote-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
      const { token, companyId } = await createToken({ db, input: { company } });
      const api = apiOf((path, init) => app.request(path, init), token);
      // The first request caches the token, as a warm Worker has it.
      await api.request("GET", "/carriers.json?limit=1");
      return { ...api, companyId, token };
    },
    async close() {
      client.close();
      await proxy.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
