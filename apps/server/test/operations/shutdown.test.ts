// The Node server as a process on 127.0.0.1: a stop on SIGTERM finishes the request whose body is still
// arriving, a client that goes away is a 499 in the log (no stack), slow clients are cut off, one server
// per database file. Raw sockets, so that a request can be left half sent.
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../node-process.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-shutdown-"));
const started: NodeServer[] = [];
afterAll(() => {
  for (const server of started) server.process.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function start(name: string, env: Record<string, string> = {}, expectToken = true) {
  const server = await startNodeServer(
    { DATABASE_URL: `file:${join(dir, `${name}.db`)}`, ...env },
    expectToken,
  );
  started.push(server);
  return server;
}

function exitOf(server: NodeServer): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (server.process.exitCode !== null) resolve({ code: server.process.exitCode, signal: null });
    server.process.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

/** A connection to the server and everything it has answered on it so far. */
async function open(
  server: NodeServer,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { port } = new URL(server.base);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let text = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => {
    text += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, received: () => text, closed };
}

async function until<T>(
  check: () => T | undefined | false,
  what: string | (() => string),
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether a new connection to the server is refused (it no longer listens). */
function refused(server: NodeServer): Promise<boolean> {
  const { port } = new URL(server.base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/** The answer after any `100 Continue`: its status, headers (lower case) and body, once it is whole. */
function answerIn(
  text: string,
): { status: number; headers: Record<string, string>; body: string } | undefined {
  const start = text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
  const end = start.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine, ...headerLines] = start.slice(0, end).split("\r\n");
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(":")).toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  const body = start.slice(end + 4);
  if (Buffer.byteLength(body) < Number(headers["content-length"] ?? 0)) return undefined;
  return { status: Number(statusLine!.split(" ")[1]), headers, body };
}

/** The JSON log lines a server printed (the banner's plain lines left out). */
function logOf(server: NodeServer): Record<string, unknown>[] {
  return server.lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
}

/** Headers of a JSON POST that waits for the server's `100 Continue` before its body. */
function postHead(path: string, token: string, length: number): string {
  return [
    `POST ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    `Authorization: Bearer ${token}`,
    "Content-Type: application/json",
    `Content-Length: ${length}`,
    "Expect: 100-continue",
    "",
    "",
  ].join("\r\n");
}

describe("a stop on SIGTERM", () => {
  it("answers a request whose body is still arriving, then exits 0 with the database closed and unlocked", async () => {
    const server = await start("drain", { SHUTDOWN_TIMEOUT: "30" });
    const exited = exitOf(server);
    const body = JSON.stringify({ name: "Sent while the server stops" });
    const client = await open(server);
    client.socket.write(postHead("/carriers.json", server.token!, Buffer.byteLength(body)));
    // The server read the headers and runs the request: it asks for the body.
    await until(() => client.received().startsWith("HTTP/1.1 100 Continue"), "100 Continue");
    client.socket.write(body.slice(0, 10));

    server.process.kill("SIGTERM");
    // Stopped taking connections, this one still open and its request unanswered.
    const deadline = Date.now() + 20_000;
    while (!(await refused(server))) {
      if (Date.now() > deadline) throw new Error("the server still takes connections");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answerIn(client.received())).toBeUndefined();
    client.socket.write(body.slice(10));

    const answer = await until(() => answerIn(client.received()), "the answer");
    expect(answer.status).toBe(200);
    const record = JSON.parse(answer.body) as { id: number; name: string };
    expect(record.name).toBe("Sent while the server stops");
    expect(await exited).toEqual({ code: 0, signal: null });
    const logged = logOf(server).find((line) => line.method === "POST" && line.path === "/carriers.json");
    expect(logged).toMatchObject({ status: 200, route: "/:kind", requestId: answer.headers["x-request-id"] });

    // The next start finds the record written, and the lock let go.
    const again = await start("drain", {}, false);
    const read = await fetch(`${again.base}/carriers/${record.id}.json`, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    expect(read.status).toBe(200);
    again.process.kill("SIGTERM");
    expect(await exitOf(again)).toEqual({ code: 0, signal: null });
  });

  it("cuts a request still unfinished after SHUTDOWN_TIMEOUT, says so, and exits 0", async () => {
    const server = await start("cut", { SHUTDOWN_TIMEOUT: "0.5" });
    const exited = exitOf(server);
    const client = await open(server);
    client.socket.write(postHead("/carriers.json", server.token!, 100));
    await until(() => client.received().startsWith("HTTP/1.1 100 Continue"), "100 Continue");
    client.socket.write('{"name":');
    server.process.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    await client.closed;
    expect(logOf(server)).toContainEqual(
      expect.objectContaining({ level: "WARN", message: expect.stringContaining("SHUTDOWN_TIMEOUT") }),
    );
  });
});

describe("requests the client gives up on, and slow clients", () => {
  it("logs a request whose client went away as a 499, without an error or a stack", async () => {
    const server = await start("abort");
    const client = await open(server);
    client.socket.write(postHead("/carriers.json", server.token!, 100));
    await until(() => client.received().startsWith("HTTP/1.1 100 Continue"), "100 Continue");
    client.socket.write('{"name":"half');
    client.socket.destroy();
    const line = await until(
      () => logOf(server).find((entry) => entry.method === "POST" && entry.path === "/carriers.json"),
      "the access log line",
    );
    expect(line).toMatchObject({ level: "INFO", status: 499, route: "/:kind" });
    const text = server.lines.join("\n");
    expect(text).not.toMatch(/"level":"ERROR"/);
    expect(text).not.toContain("stack");
  });

  it("answers 408 to a client that sends its headers, or its body, too slowly, and closes the connection", async () => {
    const server = await start("slow", { HEADERS_TIMEOUT: "1", REQUEST_TIMEOUT: "2" });
    const headers = await open(server);
    headers.socket.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const body = await open(server);
    body.socket.write(postHead("/carriers.json", server.token!, 100));
    body.socket.write('{"name":"never finished');
    let closed = false;
    void Promise.all([headers.closed, body.closed]).then(() => {
      closed = true;
    });
    // Node looks for late requests once a second: both are cut within seconds, however busy the machine.
    await until(
      () => closed,
      () =>
        `both connections closed; the one without whole headers ${headers.socket.closed ? "closed" : "open"}, ` +
        `having received ${JSON.stringify(headers.received())}; the one without its body ` +
        `${body.socket.closed ? "closed" : "open"}, having received ${JSON.stringify(body.received())}`,
      30_000,
    );
    expect(headers.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.received()).toMatch(/HTTP\/1\.1 408 /);
    // As the app's own refusals: a problem document with a request id.
    for (const received of [headers.received(), body.received()]) {
      expect(received).toContain("Content-Type: application/problem+json\r\n");
      expect(received).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
      expect(received).toMatch(
        /"type":"urn:multichannel:problem:bad_request","title":"Bad request","status":408,/,
      );
    }
  }, 120_000);
});

// Each test starts the server two or three times (about 3 s each alone), and each start loads the server's
// modules: on a machine whose cores other test files keep busy, a start took up to 30 s in CI.
describe("one server per database file", { timeout: 180_000 }, () => {
  it("refuses to start on a database another live server uses, naming it; starts once it stopped", async () => {
    const first = await start("locked");
    await expect(start("locked", {}, false)).rejects.toThrow(
      new RegExp(`database is in use by a server \\(pid ${first.process.pid} `),
    );
    first.process.kill("SIGTERM");
    expect(await exitOf(first)).toEqual({ code: 0, signal: null });
    const second = await start("locked", {}, false);
    expect((await fetch(`${second.base}/health`)).status).toBe(200);
  });

  it("takes over the lock of a server that was killed (kill -9)", async () => {
    const first = await start("killed");
    first.process.kill("SIGKILL");
    await exitOf(first);
    const second = await start("killed", {}, false);
    expect((await fetch(`${second.base}/ready`)).status).toBe(200);
  });
});
