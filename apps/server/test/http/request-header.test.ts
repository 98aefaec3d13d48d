// A request header read the Node way (`requestHeader`, from the request Node parsed) is the header the
// web `Headers` answers, however the client spelt, repeated or padded it.
import { connect } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppEnv } from "../../src/http/env.ts";
import { requestHeader } from "../../src/http/middleware.ts";

const names = [
  "x-request-id",
  "authorization",
  "content-type",
  "content-length",
  "idempotency-key",
  "if-match",
  "accept",
] as const;

const app = new Hono<AppEnv>();
app.all("/headers", (c) => {
  const read = Object.fromEntries(names.map((name) => [name, [requestHeader(c, name), c.req.header(name)]]));
  return c.json({ node: c.env?.incoming !== undefined, read });
});

let server: ServerType;
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(() => server?.close());

/** Sends a request as these exact lines, and answers the body of its answer. */
function raw(lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => resolve(text.slice(text.indexOf("\r\n\r\n") + 4)));
    socket.on("error", reject);
    socket.end(`${lines.join("\r\n")}\r\n\r\n`);
  });
}

it("reads on Node what the web Headers read: case, repeats and padding as they are", async () => {
  const body = await raw([
    "POST /headers HTTP/1.1",
    "Host: 127.0.0.1",
    "Connection: close",
    "X-REQUEST-ID: first",
    "x-request-id: second",
    "authorization: Bearer one",
    "Authorization: Bearer two",
    "Content-Type:   application/json ; charset=utf-8  ",
    'If-Match: "a"',
    'if-match: "b"',
    "Idempotency-Key: \tkey-1",
    "Content-Length: 2",
    "",
    "{}",
  ]);
  const answer = JSON.parse(body) as { node: boolean; read: Record<string, [unknown, unknown]> };
  expect(answer.node).toBe(true);
  for (const name of names) expect(answer.read[name]![0], name).toEqual(answer.read[name]![1]);
  expect(answer.read["x-request-id"]![0]).toBe("first, second");
  // Two tokens are no token: the bearer form refuses the joined value (a 401).
  expect(answer.read.authorization![0]).toBe("Bearer one, Bearer two");
  expect(answer.read["if-match"]![0]).toBe('"a", "b"');
  expect(answer.read["content-type"]![0]).toBe("application/json ; charset=utf-8");
  expect(answer.read["idempotency-key"]![0]).toBe("key-1");
  // Absent for both (undefined, which the JSON answer shows as null).
  expect(answer.read.accept).toEqual([null, null]);
});

it("reads the web Headers where there is no Node request (Workers, Deno, tests in process)", async () => {
  const response = await app.request("/headers", { headers: { "X-Request-Id": "web", Accept: "a, b" } });
  const answer = (await response.json()) as { node: boolean; read: Record<string, [unknown, unknown]> };
  expect(answer.node).toBe(false);
  expect(answer.read["x-request-id"]).toEqual(["web", "web"]);
  expect(answer.read.accept).toEqual(["a, b", "a, b"]);
  expect(answer.read.authorization).toEqual([null, null]);
});
