// The Node server as a process on 127.0.0.1, over raw sockets: a request Node itself refuses before the
// app sees it (a URL and headers past Node's 16 KiB, a request it cannot parse) is answered as the app
// answers its own refusals: a problem document, a request id, nosniff, and the connection closed.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../node-process.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-client-errors-"));
let server: NodeServer;
beforeAll(async () => {
  server = await startNodeServer({ DATABASE_URL: `file:${join(dir, "db.db")}` }, true);
}, 90_000);
afterAll(() => {
  server?.process.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the answers a connection received, one after the other (each framed by its Content-Length). */
function answersIn(text: string): Answer[] {
  const answers: Answer[] = [];
  let rest = text;
  while (rest.length) {
    const end = rest.indexOf("\r\n\r\n");
    const [statusLine, ...lines] = rest.slice(0, end).split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
    );
    const length = Number(headers["content-length"] ?? 0);
    answers.push({
      status: Number(statusLine!.split(" ")[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

/** Sends `requests` on one connection, each once the answer before it has arrived; answers all it got. */
async function exchange(...requests: string[]): Promise<Answer[]> {
  const socket = connect(Number(new URL(server.base).port), "127.0.0.1");
  let text = "";
  socket.setEncoding("latin1").on("data", (chunk: string) => {
    text += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  for (const [index, request] of requests.entries()) {
    socket.write(request);
    if (index === requests.length - 1) break;
    for (let waited = 0; answersIn(text).length <= index && waited < 20_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  await closed;
  return answersIn(text);
}

const get = (path: string, headers: string[] = []) =>
  [`GET ${path} HTTP/1.1`, "Host: 127.0.0.1", ...headers, "", ""].join("\r\n");

/** What every refusal Node makes carries: the app's problem document, headers and a closed connection. */
function expectProblem(answer: Answer, status: number, type: string, title: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers).toMatchObject({
    "content-type": "application/problem+json",
    "x-content-type-options": "nosniff",
    connection: "close",
    "x-request-id": expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  });
  const problem = JSON.parse(answer.body);
  expect(problem).toEqual({
    type: `urn:multichannel:problem:${type}`,
    title,
    status,
    detail: expect.any(String),
    requestId: answer.headers["x-request-id"],
  });
  return problem as { detail: string; requestId: string };
}

describe("a request Node refuses before the app", () => {
  it("with a URL past 16 KiB is a 431 problem document, a request id and nosniff", async () => {
    const [answer, ...more] = await exchange(get(`/carriers.json?name=${"a".repeat(17_000)}`));
    expect(more).toEqual([]);
    const problem = expectProblem(answer!, 431, "bad_request", "Bad request");
    expect(problem.detail).toBe(
      "The request's URL and headers are over 16384 bytes together: send a shorter URL (fewer query terms) or smaller headers.",
    );
  });

  it("with a header past 16 KiB is the same 431, with a new request id each time", async () => {
    const header = `X-Note: ${"n".repeat(17_000)}`;
    const [first] = await exchange(get("/health", [header, "X-Request-Id: mine-1"]));
    const [second] = await exchange(get("/health", [header]));
    const ids = [first, second].map(
      (answer) => expectProblem(answer!, 431, "bad_request", "Bad request").requestId,
    );
    expect(ids[0]).not.toBe(ids[1]);
    // The operator finds the refusal in the log by the id the client was given.
    let logged: string | undefined;
    for (let waited = 0; !logged && waited < 20_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      logged = server.lines.find((line) => line.includes(ids[1]!));
    }
    expect(JSON.parse(logged!)).toMatchObject({ level: "INFO", requestId: ids[1], status: 431 });
  });

  it("that is not HTTP it can parse is a 400 problem document saying why", async () => {
    const [answer] = await exchange("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n");
    const problem = expectProblem(answer!, 400, "bad_request", "Bad request");
    expect(problem.detail).toMatch(/^The request is not HTTP\/1\.1 this server can read \(.+\)\.$/);
  });

  it("after an answered request on the same connection gets its own answer after that one", async () => {
    const [health, refused] = await exchange(
      get("/health"),
      get("/health", [`X-Note: ${"n".repeat(17_000)}`]),
    );
    expect(health!.status).toBe(200);
    expectProblem(refused!, 431, "bad_request", "Bad request");
  });

  it("is told apart from the app's own 400 for a URL between 8,192 characters and Node's limit", async () => {
    const [answer] = await exchange(get(`/carriers.json?name=${"a".repeat(9_000)}`, ["Connection: close"]));
    expect(answer!.status).toBe(400);
    expect(answer!.headers).toMatchObject({
      "content-type": "application/problem+json",
      "x-content-type-options": "nosniff",
      "x-request-id": expect.any(String),
    });
    expect(JSON.parse(answer!.body)).toMatchObject({
      type: "urn:multichannel:problem:bad_request",
      status: 400,
      detail: "The URL is over 8192 characters: send fewer query terms.",
    });
  });
});

describe("a request whose target and Host make no URL", () => {
  const refused = async (request: string) => {
    const [answer, ...more] = await exchange(request);
    expect(more).toEqual([]);
    expect(answer!.status).toBe(400);
    expect(answer!.headers).toMatchObject({
      "content-type": "application/problem+json",
      "x-content-type-options": "nosniff",
      "x-request-id": expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const problem = JSON.parse(answer!.body);
    expect(problem).toEqual({
      type: "urn:multichannel:problem:bad_request",
      title: "Bad request",
      status: 400,
      detail: expect.stringMatching(/^The request's target is not a URL this server can read \(.+\): /),
      requestId: answer!.headers["x-request-id"],
    });
    return problem as { detail: string; requestId: string };
  };

  it("a backslash in the path is the app's 400 problem document, logged under its request id", async () => {
    const problem = await refused(get("/carriers\\1.json", ["Connection: close"]));
    expect(problem.detail).toContain("(Backslash in request path)");
    let logged: string | undefined;
    for (let waited = 0; !logged && waited < 20_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      logged = server.lines.find((line) => line.includes(problem.requestId));
    }
    expect(JSON.parse(logged!)).toMatchObject({ level: "INFO", requestId: problem.requestId, status: 400 });
  });

  it("`*` as the target (OPTIONS *) is the same 400", async () => {
    await refused("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  });

  it("a Host that is not a host name is the same 400, and the connection serves the next request", async () => {
    const [refusal, health] = await exchange(
      [`GET /health HTTP/1.1`, "Host: a b@c", "", ""].join("\r\n"),
      get("/health", ["Connection: close"]),
    );
    expect(refusal!.status).toBe(400);
    expect(JSON.parse(refusal!.body).detail).toContain("(Invalid host header)");
    expect(health!.status).toBe(200);
  });
});
