import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, DEFAULT_TIMEOUT_MS, isNetworkError, isTimeoutError } from "../src/index.ts";

/** A receiver on 127.0.0.1 that answers as `handler` says, and records when each request's connection closed. */
let server: Server;
let baseUrl: string;
const closed: string[] = [];
let handler: (request: IncomingMessage, response: ServerResponse) => void = () => {};

beforeAll(async () => {
  server = createServer((request, response) => {
    request.socket.once("close", () => closed.push(request.url ?? ""));
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const sinceClosed = (url: string) =>
  expect.poll(() => closed.includes(url), { timeout: 2_000, interval: 20 }).toBe(true);

describe("timeout", () => {
  it("defaults to 30 s", () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  });

  it("rejects a call with no answer in time with a TimeoutError, and aborts the request", async () => {
    handler = () => {}; // never answers
    const client = createClient({ baseUrl, token: "t", timeout: 200 });
    const started = Date.now();
    const error = await client.carriers.get(1).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(isTimeoutError(error)).toBe(true);
    expect(isNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ name: "TimeoutError", timeoutMs: 200, method: "GET" });
    expect((error as Error).message).toContain("/carriers/1.json");
    // The request was aborted: the receiver saw its connection close.
    await sinceClosed("/carriers/1.json");
  });

  it("rejects with a TimeoutError, not retried, when an error answer's body does not come in time", async () => {
    let requests = 0;
    handler = (request, response) => {
      if (request.url !== "/carriers/3.json") return;
      requests++;
      response.writeHead(503, { "Content-Type": "application/problem+json", "Retry-After": "0" });
      response.write('{"status":');
    };
    const client = createClient({ baseUrl, token: "t", timeout: 200, retry: { retries: 3, baseDelayMs: 1 } });
    const started = Date.now();
    const error = await client.carriers.get(3).catch((e: unknown) => e);
    expect(isTimeoutError(error) && error.timeoutMs).toBe(200);
    expect(requests).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("takes a per-call timeout over the client's, and does not retry a timed-out read", async () => {
    let requests = 0;
    handler = (request) => {
      if (request.url === "/carriers/2.json") requests++;
    };
    const client = createClient({
      baseUrl,
      token: "t",
      timeout: 60_000,
      retry: { retries: 3, baseDelayMs: 1 },
    });
    const error = await client.carriers.get(2, { timeout: 150 }).catch((e: unknown) => e);
    expect(isTimeoutError(error) && error.timeoutMs).toBe(150);
    expect(requests).toBe(1);
  });

  it("times out a body that stops halfway, and lets a quick answer through", async () => {
    handler = (request, response) => {
      if (request.url === "/carriers/3.json") {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.write('{"id":3,');
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"id":4,"name":"Courier Co"}');
    };
    const client = createClient({ baseUrl, token: "t", timeout: 300 });
    const error = await client.carriers.get(3).catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    await sinceClosed("/carriers/3.json");
    await expect(client.carriers.get(4)).resolves.toEqual({ id: 4, name: "Courier Co" });
  });

  it("still rejects with the caller's abort reason when the caller aborts first", async () => {
    handler = () => {};
    const client = createClient({ baseUrl, token: "t", timeout: 5_000 });
    const controller = new AbortController();
    const call = client.carriers.get(5, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error("user cancelled")), 50);
    const error = await call;
    expect(isTimeoutError(error)).toBe(false);
    expect((error as Error).message).toBe("user cancelled");
  });
});
