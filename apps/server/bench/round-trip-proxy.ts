// A proxy on 127.0.0.1 before the dev libSQL server that counts the HTTP requests it forwards (database
// round trips) and may delay each: the network between a Worker and Turso, made local. Shared by the
// tests (test/remote.ts) and the bench's edge section (bench/edge.ts).
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundTripProxy {
  url: string;
  /** HTTP requests forwarded since the last `reset`. */
  readonly count: number;
  /** The delay added before each request is forwarded, in ms; may be changed while it runs. */
  latencyMs: number;
  reset(): void;
  close(): Promise<void>;
}

/** Forwards HTTP requests to `target`, counting them, each delayed by `latencyMs` (before it is sent). */
export async function roundTripProxy(target: string, latencyMs = 0): Promise<RoundTripProxy> {
  const { hostname, port } = new URL(target);
  let count = 0;
  let delay = latencyMs;
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
    if (delay > 0) setTimeout(forward, delay);
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
    get latencyMs() {
      return delay;
    },
    set latencyMs(ms: number) {
      delay = ms;
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
