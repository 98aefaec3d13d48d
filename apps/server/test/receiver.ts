// A webhook receiver on 127.0.0.1 for the event suites: records every request, answers as told.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { atEnd } from "./at-end.ts";

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver's answer: a status (with a short text), `"hang"` (none), or a status with a JSON body. */
export type Answer = number | "hang" | { status: number; json: unknown };

/**
 * Starts a receiver; `answer` picks each request's status (default 200), or `"hang"` to never answer,
 * or a status and a JSON body. Closed after the test file.
 */
export async function startReceiver(answer: (request: Received) => Answer = () => 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(request);
      const status = answer(request);
      if (status === "hang") return;
      if (typeof status === "object") {
        res.writeHead(status.status, { "Content-Type": "application/json" }).end(JSON.stringify(status.json));
        return;
      }
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "not today");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  atEnd(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url, received };
}
