// The access log as an operator reads it: one JSON line per request with its id, route pattern, masked
// path, status, duration, size, company and key, never a token nor a body; errors with the request id and
// a stack only for a 500; a client that went away a 499. Written by the real sink (LogTape, JSON lines).
import { resetSync } from "@logtape/logtape";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRecord, observed, type RequestSummary } from "../../src/http/observe.ts";
import { consoleLogs } from "../../src/ops/console-log.ts";
import {
  accessLog,
  appLog,
  configureLogging,
  jsonLine,
  lineSink,
  stopLogging,
} from "../../src/ops/logging.ts";
import { type Api, apiOf, setupApp } from "../support.ts";

const lines: string[] = [];
beforeAll(() =>
  configureLogging(
    "info",
    lineSink((text) => lines.push(...text.trimEnd().split("\n"))),
  ),
);
// The access log's sink and LogTape's configuration are the process's: the next test file in this
// worker starts with neither.
afterAll(() => {
  stopLogging();
  resetSync();
});

/** The lines written so far, parsed (the sink writes a turn's lines at the next turn of the event loop). */
type Entry = Record<string, any>;

async function logged(): Promise<Entry[]> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return lines.map((line) => JSON.parse(line));
}

/** An app over a fresh database whose fetch writes the access log, and a company's API on it. */
async function observedApp() {
  const setup = await setupApp({ log: appLog }, { checkResponses: false });
  const fetch = observed(setup.app.fetch, [accessLog]);
  const send = (path: string, init: RequestInit) => fetch(new Request(`http://localhost${path}`, init));
  const t = await setup.tenant();
  const key = await setup.db.execute({
    sql: "SELECT id FROM api_tokens WHERE company_id = ? AND read_only = 0",
    args: [t.companyId],
  });
  return {
    app: setup.app,
    db: setup.db,
    send,
    api: apiOf(send, t.token) as Api,
    anonymous: apiOf(send),
    token: t.token,
    companyId: t.companyId,
    keyId: Number(key.rows[0]!.id),
  };
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("the access log", () => {
  let app: Awaited<ReturnType<typeof observedApp>>;
  beforeAll(async () => {
    app = await observedApp();
  });

  it("has one JSON line per request with what it was, how it went and who asked", async () => {
    const name = "Carrier named in a body only";
    const created = await app.api.request("POST", "/carriers.json", { name });
    const { id } = (await created.json()) as { id: number };
    const read = await app.api.request("GET", `/carriers/${id}.json`);
    const readBytes = (await read.arrayBuffer()).byteLength;
    const listed = await app.send(`/carriers.json?limit=5&access_token=${app.token}`, {});
    const anonymous = await app.anonymous.request("GET", `/carriers/${id}.json`);
    const missing = await app.api.request("GET", "/carriers/999999999.json");
    const answers = [created, read, listed, anonymous, missing];

    const entries = await logged();
    const byId = (response: Response) =>
      entries.filter((entry) => entry.requestId === response.headers.get("x-request-id"));
    for (const answer of answers) expect(byId(answer)).toHaveLength(1);
    const [create, get, list, refused, notFound] = answers.map((answer) => byId(answer)[0]!) as [
      Entry,
      Entry,
      Entry,
      Entry,
      Entry,
    ];

    expect(create).toEqual({
      "@timestamp": expect.stringMatching(ISO),
      level: "INFO",
      logger: "multichannel.http.access",
      message: "request",
      requestId: created.headers.get("x-request-id"),
      method: "POST",
      route: "/:kind",
      path: "/carriers.json",
      status: 200,
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
      companyId: app.companyId,
      keyId: app.keyId,
    });
    expect(create.durationMs).toBeGreaterThanOrEqual(0);
    expect(get).toMatchObject({
      method: "GET",
      route: "/:kind/:id",
      path: `/carriers/${id}.json`,
      status: 200,
    });
    expect(get.bytes).toBe(readBytes);
    // The token sent in the query is masked; the other parameters stay.
    expect(list).toMatchObject({ route: "/:kind", path: "/carriers.json?limit=5&access_token=[masked]" });
    expect(list).toMatchObject({ status: 200, companyId: app.companyId, keyId: app.keyId });
    expect(refused).toMatchObject({ status: 401, companyId: null, keyId: null, level: "INFO" });
    expect(notFound).toMatchObject({ status: 404, route: "/:kind/:id", companyId: app.companyId });

    const text = lines.join("\n");
    expect(text).not.toContain(app.token);
    expect(text).not.toContain(app.token.slice(4));
    expect(text).not.toContain(name);
    expect(text).not.toMatch(/stack/);
  });

  it("writes a line that parses whatever the path, the request id sent and the route", async () => {
    // The path is the client's (escaped in the line); a request id sent is kept only when it needs no
    // escaping; the route patterns are the app's own, none with a character JSON escapes.
    const odd = await app.send(`/carriers/"a".json?q=%5C`, {
      headers: { Authorization: `Bearer ${app.token}` },
    });
    const sentId = await app.send("/carriers.json", {
      headers: { Authorization: `Bearer ${app.token}`, "X-Request-Id": 'a"b\\c' },
    });
    const entries = await logged();
    const of = (response: Response) =>
      entries.find((entry) => entry.requestId === response.headers.get("x-request-id"));
    expect(of(odd)).toMatchObject({ path: "/carriers/%22a%22.json?q=%5C", route: "/:kind/:id" });
    expect(sentId.headers.get("x-request-id")).not.toBe('a"b\\c');
    expect(of(sentId)).toMatchObject({ path: "/carriers.json", status: 200 });
    const routes = (app.app as unknown as { routes: { path: string }[] }).routes.map((route) => route.path);
    for (const route of routes) expect(JSON.stringify(route)).toBe(`"${route}"`);
  });

  it("writes for any path the very line LogTape's JSON formatter makes of the record", () => {
    // The line is made by hand (a record through LogTape costs several times more): quotes, backslashes,
    // control characters (C0, DEL, C1) and lone surrogates in a path are escaped as the formatter escapes them, and
    // every other field is written as the formatter writes it.
    const written: string[] = [];
    const sink = lineSink((text) => written.push(text));
    const expectedLine = (summary: RequestSummary) =>
      jsonLine({
        category: ["multichannel", "http", "access"],
        level: summary.status >= 500 ? "error" : "info",
        message: ["request"],
        rawMessage: "request",
        timestamp: summary.answeredAt,
        properties: accessRecord(summary),
      });
    try {
      configureLogging("info", sink);
      // Long paths, escaped and not; DEL and a C1 control (the 8-bit CSI), which the formatter escapes
      // though JSON.stringify does not.
      for (const path of [
        '"'.repeat(30_000),
        `/${"é".repeat(20_000)}`,
        `/${"a".repeat(60_000)}`,
        "/\u007f",
        "/a\u009b31m\u0080",
      ]) {
        const summary: RequestSummary = {
          requestId: "long",
          method: "GET",
          route: undefined,
          path,
          status: 400,
          durationMs: 0.5,
          answeredAt: Date.UTC(2026, 10, 29, 12, 0, 0, 7),
          bytes: 100,
          companyId: undefined,
          keyId: undefined,
        };
        written.length = 0;
        accessLog(summary);
        sink[Symbol.dispose]();
        expect(written.join("")).toBe(expectedLine(summary));
      }
      fc.assert(
        fc.property(
          fc.string({ unit: "binary" }),
          fc.constantFrom(200, 404, 503),
          fc.option(fc.integer({ min: 0, max: 1e6 }), { nil: undefined }),
          fc.record({
            // A request id is the server's or one the client sent of these characters (`stampRequest`).
            requestId: fc.option(fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/), { nil: undefined }),
            route: fc.option(fc.constantFrom("/:kind", "/:kind/:id"), { nil: undefined }),
            // A duration as the summary rounds it (to thousandths), from under a microsecond to minutes.
            durationMs: fc
              .oneof(
                fc.double({ min: 0, max: 300_000, noNaN: true }),
                fc.integer({ min: 0, max: 300_000_000 }).map((thousandths) => thousandths / 1000),
                fc.constantFrom(0.5, 1.25, 10.1, 0.001, 0.01, 100),
              )
              .map((ms) => Math.round(ms * 1000) / 1000),
            answeredAt: fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }),
            companyId: fc.option(fc.integer({ min: 1, max: 2 ** 40 }), { nil: undefined }),
            keyId: fc.option(fc.integer({ min: 1, max: 2 ** 40 }), { nil: undefined }),
          }),
          (path, status, bytes, varied) => {
            const summary: RequestSummary = { method: "GET", path, status, bytes, ...varied };
            written.length = 0;
            accessLog(summary);
            sink[Symbol.dispose]();
            const expected = expectedLine(summary);
            expect(written.join("")).toBe(expected);
            expect(JSON.parse(expected).path).toBe(path);
          },
        ),
      );
    } finally {
      configureLogging(
        "info",
        lineSink((text) => lines.push(...text.trimEnd().split("\n"))),
      );
    }
  });

  it("stamps a line with the time its request was answered, not the time the line was made", async () => {
    const answeredAt = Date.UTC(2026, 10, 27, 8, 1, 2, 345);
    accessLog({
      requestId: "stamped",
      method: "GET",
      route: "/:kind",
      path: "/carriers.json",
      status: 200,
      durationMs: 1.5,
      answeredAt,
      bytes: 2,
      companyId: 1,
      keyId: 1,
    });
    const entry = (await logged()).find((line) => line.requestId === "stamped");
    expect(entry).toMatchObject({ "@timestamp": "2026-11-27T08:01:02.345Z", status: 200, durationMs: 1.5 });
  });

  it("logs a 500 with its request id and the error's stack, and its access line as an error", async () => {
    const broken = await observedApp();
    // A real failure inside the handler: the table it reads is gone.
    await broken.db.execute("DROP TABLE carriers");
    const answer = await broken.api.request("GET", "/carriers/1.json");
    expect(answer.status).toBe(500);
    const requestId = answer.headers.get("x-request-id");
    const entries = (await logged()).filter((entry) => entry.requestId === requestId);
    expect(entries).toHaveLength(2);
    const error = entries.find((entry) => entry.logger === "multichannel.http")!;
    expect(error).toMatchObject({ level: "ERROR", message: expect.stringContaining("no such table") });
    expect(error.error.stack).toMatch(/no such table[\s\S]*\n\s+at /);
    const access = entries.find((entry) => entry.logger === "multichannel.http.access")!;
    expect(access).toMatchObject({ level: "ERROR", status: 500, route: "/:kind/:id" });
    expect(access).not.toHaveProperty("error");
    // The answer says nothing of it but the request id.
    expect(await answer.json()).toMatchObject({ status: 500, requestId });
  });

  it("logs a request whose client went away mid-body as a 499, without an error", async () => {
    const abort = new AbortController();
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller;
      },
    });
    feed.enqueue(new TextEncoder().encode('{"name":"cut'));
    const pending = app.send("/carriers.json", {
      method: "POST",
      headers: { Authorization: `Bearer ${app.token}`, "Content-Type": "application/json" },
      body,
      signal: abort.signal,
      duplex: "half",
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 10));
    abort.abort();
    feed.error(new Error("aborted"));
    const answer = await pending;
    expect(answer.status).toBe(499);
    const entries = (await logged()).filter(
      (entry) => entry.requestId === answer.headers.get("x-request-id"),
    );
    expect(entries).toEqual([expect.objectContaining({ level: "INFO", status: 499, route: "/:kind" })]);
  });

  it("with LOG_LEVEL=warning, keeps the errors and leaves out the requests that went well", async () => {
    const broken = await observedApp();
    await broken.db.execute("DROP TABLE carriers");
    configureLogging(
      "warning",
      lineSink((text) => lines.push(...text.trimEnd().split("\n"))),
    );
    try {
      const before = lines.length;
      const fine = await broken.api.request("GET", "/warehouses.json?limit=1");
      expect(fine.status).toBe(200);
      const failed = await broken.api.request("GET", "/carriers/1.json");
      expect(failed.status).toBe(500);
      const entries = (await logged()).slice(before);
      expect(entries.map((entry) => entry.requestId)).toEqual([
        failed.headers.get("x-request-id"),
        failed.headers.get("x-request-id"),
      ]);
    } finally {
      configureLogging(
        "info",
        lineSink((text) => lines.push(...text.trimEnd().split("\n"))),
      );
    }
  });
});

describe("request summaries", () => {
  it("are made only for the observers that take them", async () => {
    const app = await setupApp({ log: appLog }, { checkResponses: false });
    const t = await app.tenant();
    const errorsOnly: number[] = [];
    const every: number[] = [];
    let measured = 0;
    const observe = (observers: Parameters<typeof observed>[1]) =>
      observed(app.app.fetch, observers, {
        byteLength: (text) => {
          measured++;
          return text.length;
        },
      });
    const onlyErrors = Object.assign((summary: { status: number }) => errorsOnly.push(summary.status), {
      takes: (status: number) => status >= 500,
    });
    const get = (fetch: ReturnType<typeof observe>, path: string) =>
      fetch(new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${t.token}` } }));

    // Nobody takes a 200's summary: none is made (its body is not even measured).
    const quiet = observe([onlyErrors]);
    expect((await get(quiet, "/carriers.json")).status).toBe(200);
    expect([errorsOnly, measured]).toEqual([[], 0]);

    const both = observe([onlyErrors, (summary) => every.push(summary.status)]);
    expect((await get(both, "/carriers.json")).status).toBe(200);
    await app.db.execute("DROP TABLE carriers");
    expect((await get(both, "/carriers/1.json")).status).toBe(500);
    expect(errorsOnly).toEqual([500]);
    expect(every).toEqual([200, 500]);
  });

  it("are held, with holdMs, until the answers are handed back, then told together with their answers' times", async () => {
    let clock = 1_000;
    let now = Date.UTC(2026, 10, 27, 8, 0, 0);
    const told: { path: string; status: number; durationMs: number; answeredAt: number }[] = [];
    // An app that answers at once, 2.5 ms after it was asked.
    const fetch = observed(
      (request: Request) => {
        clock += 2.5;
        return new Response("[]", { status: request.url.endsWith("missing") ? 404 : 200 });
      },
      [(summary) => told.push(summary)],
      { holdMs: 0, clock: () => clock, now: () => now },
    );
    const get = (path: string) => fetch(new Request(`http://localhost${path}`)) as Response;

    const answers = [get("/carriers.json"), get("/missing")];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404]);
    expect(told).toEqual([]);
    clock += 1_000;
    now += 1_000;
    await new Promise((resolve) => setTimeout(resolve, 0));
    const answeredAt = Date.UTC(2026, 10, 27, 8, 0, 0);
    expect(told).toMatchObject([
      { path: "/carriers.json", status: 200, durationMs: 2.5, answeredAt },
      { path: "/missing", status: 404, durationMs: 2.5, answeredAt },
    ]);

    // `flush` tells those held at once (a server's exit), and only once.
    get("/carriers.json?limit=2");
    fetch.flush();
    expect(told).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toHaveLength(3);
  });

  it("are told, with holdMs, of an answer the app gave later, once it is handed back", async () => {
    const app = await setupApp({ log: appLog }, { checkResponses: false });
    const t = await app.tenant();
    const told: number[] = [];
    const fetch = observed(app.app.fetch, [(summary) => told.push(summary.status)], { holdMs: 0 });
    const answer = await fetch(
      new Request("http://localhost/carriers.json", { headers: { Authorization: `Bearer ${t.token}` } }),
    );
    expect([answer.status, told]).toEqual([200, []]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual([200]);
  });

  it("say the same of a request held as told at once: its id, route, masked path, size, company and key", async () => {
    const app = await setupApp({ log: appLog }, { checkResponses: false });
    const t = await app.tenant();
    const summaries = (holdMs: number | undefined) => {
      const told: RequestSummary[] = [];
      return { told, fetch: observed(app.app.fetch, [(summary) => told.push(summary)], { holdMs }) };
    };
    const atOnce = summaries(undefined);
    const held = summaries(0);
    const path = `/carriers.json?limit=2&access_token=${t.token}`;
    const headers = { "X-Request-Id": "same-request" };
    const answers = [
      await atOnce.fetch(new Request(`http://localhost${path}`, { headers })),
      await held.fetch(new Request(`http://localhost${path}`, { headers })),
    ];
    expect(held.told).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));

    const body = await answers[1]!.text();
    const comparable = ({ durationMs, answeredAt, ...rest }: RequestSummary) => rest;
    expect(held.told.map(comparable)).toEqual(atOnce.told.map(comparable));
    expect(held.told[0]).toMatchObject({
      requestId: "same-request",
      method: "GET",
      route: "/:kind",
      path: "/carriers.json?limit=2&access_token=[masked]",
      status: 200,
      bytes: new TextEncoder().encode(body).byteLength,
      companyId: t.companyId,
    });
    expect(held.told[0]!.keyId).toEqual(expect.any(Number));
  });

  it("are taken by the access log for the levels it writes", () => {
    const sink = lineSink(() => {});
    try {
      configureLogging("warning", sink);
      expect([accessLog.takes!(200), accessLog.takes!(404), accessLog.takes!(503)]).toEqual([
        false,
        false,
        true,
      ]);
      configureLogging("info", sink);
      expect([accessLog.takes!(200), accessLog.takes!(503)]).toEqual([true, true]);
    } finally {
      configureLogging(
        "info",
        lineSink((text) => lines.push(...text.trimEnd().split("\n"))),
      );
    }
  });
});

describe("the Worker's log", () => {
  it("writes the same records as objects to the console (Workers Logs indexes their fields)", async () => {
    const written: { method: string; record: Record<string, any> }[] = [];
    const out = {
      log: (record: Record<string, any>) => written.push({ method: "log", record }),
      warn: (record: Record<string, any>) => written.push({ method: "warn", record }),
      error: (record: Record<string, any>) => written.push({ method: "error", record }),
    };
    const logs = consoleLogs("info", out as unknown as Console);
    const setup = await setupApp({ log: logs.appLog }, { checkResponses: false });
    const fetch = observed(setup.app.fetch, [logs.accessLog]);
    const t = await setup.tenant();
    const ok = await fetch(new Request(`http://localhost/carriers.json?access_token=${t.token}`));
    await setup.db.execute("DROP TABLE carriers");
    const failed = await fetch(
      new Request("http://localhost/carriers/1.json", { headers: { Authorization: `Bearer ${t.token}` } }),
    );
    expect([ok.status, failed.status]).toEqual([200, 500]);

    expect(written[0]).toEqual({
      method: "log",
      record: expect.objectContaining({
        "@timestamp": expect.stringMatching(ISO),
        level: "INFO",
        logger: "multichannel.http.access",
        requestId: ok.headers.get("x-request-id"),
        route: "/:kind",
        path: "/carriers.json?access_token=[masked]",
        status: 200,
        companyId: t.companyId,
      }),
    });
    const failure = written.filter((entry) => entry.record.requestId === failed.headers.get("x-request-id"));
    expect(failure.map((entry) => [entry.method, entry.record.logger, entry.record.level])).toEqual([
      ["error", "multichannel.http", "ERROR"],
      ["error", "multichannel.http.access", "ERROR"],
    ]);
    expect(failure[0]!.record.error.stack).toMatch(/no such table/);
    expect(JSON.stringify(written)).not.toContain(t.token);
  });
});

describe("the log's sink", () => {
  /** A sink whose writes are kept. */
  function keptSink(options: { holdMs?: number; holdBytes?: number }) {
    const writes: string[] = [];
    const sink = lineSink((text) => writes.push(text), options);
    return { sink, writes };
  }

  it("writes the lines of a while together, in order, and what is held when disposed", async () => {
    const { sink, writes } = keptSink({ holdMs: 20, holdBytes: 1024 });
    sink.line("one\n");
    sink.line("two\n");
    expect(writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(writes).toEqual(["one\ntwo\n"]);
    sink.line("three\n");
    sink[Symbol.dispose]();
    expect(writes).toEqual(["one\ntwo\n", "three\n"]);
    sink[Symbol.dispose]();
    expect(writes).toHaveLength(2);
  });

  it("writes at once when what it holds is over its limit, whole lines in order", () => {
    const { sink, writes } = keptSink({ holdMs: 60_000, holdBytes: 64 });
    const lines = Array.from({ length: 12 }, (_, i) => `${i} é € 😀 ${"x".repeat(i)}\n`);
    for (const text of lines) sink.line(text);
    expect(writes.length).toBeGreaterThanOrEqual(2);
    sink[Symbol.dispose]();
    expect(writes.join("")).toBe(lines.join(""));
    for (const text of writes) expect(text.endsWith("\n")).toBe(true);
  });
});
