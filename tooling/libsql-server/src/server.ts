import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createHranaHandler, type HranaHandler, type HranaHandlerOptions } from "./handler.ts";

export interface LibsqlServerOptions extends HranaHandlerOptions {
  /** 0 picks a free port; read the chosen one from `url`. */
  port: number;
  host?: string | undefined;
}

export interface LibsqlServer {
  /** Base URL for `createClient({ url })`, e.g. `http://127.0.0.1:8080`. */
  url: string;
  close(): Promise<void>;
}

async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), {
    method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : null,
  });
}

async function serve(handler: HranaHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const response = await handler.fetch(await toWebRequest(req));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body === null) {
      res.end();
      return;
    }
    // Streamed as produced (a cursor's entries); if the client goes away, the body is cancelled.
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch(
      (error: unknown) => {
        if ((error as { code?: unknown }).code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
      },
    );
  } catch (error) {
    console.error("libsql dev server: unhandled error", error);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
    res.end("Internal server error");
  }
}

const formatHost = (host: string): string => (host.includes(":") ? `[${host}]` : host);

/**
 * Serves a SQLite file over Hrana-over-HTTP, so `@libsql/client` (including `@libsql/client/web` inside
 * `wrangler dev`) can use `http://` URLs locally. Development only.
 *
 * @example
 * const server = await startLibsqlServer({ file: ".data/dev.db", port: 8080 });
 * const client = createClient({ url: server.url });
 */
export async function startLibsqlServer({
  port,
  host = "127.0.0.1",
  ...handlerOptions
}: LibsqlServerOptions): Promise<LibsqlServer> {
  mkdirSync(dirname(handlerOptions.file), { recursive: true });
  const handler = createHranaHandler(handlerOptions);
  const server = createServer((req, res) => void serve(handler, req, res));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    handler.close();
    throw error;
  }
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://${formatHost(host)}:${actualPort}`,
    close: async () => {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeAllConnections();
      handler.close();
      await closed;
    },
  };
}
