// An HTTP server on 127.0.0.1 for the suites that need one (a supplier's file server, a slow receiver).
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { atEnd } from "./at-end.ts";

/** Serves `handle` on 127.0.0.1 at a free port, closed after the test file; answers its base URL. */
export async function serveLocally(handle: RequestListener): Promise<string> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  atEnd(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
