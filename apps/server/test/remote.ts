// The server on the remote driver, as a Worker meets Turso: @libsql/client over HTTP to the dev libSQL
// server, through a proxy on 127.0.0.1 that counts the HTTP requests (database round trips) and may
// add latency to each.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { startLibsqlServer } from "../../../tooling/libsql-server/src/server.ts";
import { type AppDeps, createApp } from "../src/app.ts";
import { type Db, remoteDb } from "../src/db/database.ts";
import { createToken } from "../src/services/auth.ts";
import { type Api, apiOf } from "./support.ts";

export interface RoundTripProxy {
  url: string;
  /** HTTP requests forwarded since the last `reset`. */
  readonly count: number;
  reset(): void;
  close(): Promise<void>;
}

/** Forwards HTTP requests to `target`, counting them, each delayed by `latencyMs` (before it is sent). */
export async function roundTripProxy(target: string, latencyMs = 0): Promise<RoundTripProxy> {
  const { hostname, port } = new URL(target);
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    const forward = () => {
      const upstream = httpRequest(
        { hostname, port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    };
    if (latencyMs > 0) setTimeout(forward, latencyMs);
    else forward();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    get count() {
      return count;
    },
    reset: () => {
      count = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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
  options: { latencyMs?: number; deps?: Partial<AppDeps>; templateDb: string } = { templateDb: "" },
): Promise<RemoteStack> {
  const dir = mkdtempSync(join(tmpdir(), "mcs-remote-"));
  const file = join(dir, "remote.db");
  copyFileSync(options.templateDb, file);
  const server = await startLibsqlServer({ file, port: 0 });
  const proxy = await roundTripProxy(server.url, options.latencyMs ?? 0);
  const client = createClient({ url: proxy.url });
  const db = remoteDb(client);
  const app = createApp({ db, tokenCacheMs: 60_000, ...options.deps });
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
