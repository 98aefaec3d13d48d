import { timingSafeEqual } from "node:crypto";
import { initDatabaseFile } from "./connection.ts";
import { runCursor } from "./cursor.ts";
import { runPipeline } from "./pipeline.ts";
import {
  type CursorRequest,
  type PipelineRequest,
  ProtocolError,
  parseCursorRequest,
  parsePipelineRequest,
  type WirePipelineResponse,
} from "./protocol.ts";
import { BatonError, type Stream, StreamRegistry } from "./streams.ts";

export interface HranaHandlerOptions {
  /** Path of the SQLite database file; created if missing. */
  file: string;
  /** When set, pipeline requests must carry `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** A stream left idle this long is closed and its open transaction rolled back (sqld: 10 s). */
  idleTimeoutMs?: number | undefined;
  /** How long a statement waits for another connection's write lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number | undefined;
}

export interface HranaHandler {
  fetch(request: Request): Promise<Response>;
  /** Closes every stream and connection. */
  close(): void;
}

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type",
};

// The client parses an error body only when the content type is exactly "application/json".
const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...CORS_HEADERS },
  });

const text = (status: number, body: string): Response =>
  new Response(body, { status, headers: { "content-type": "text/plain", ...CORS_HEADERS } });

function bearerCheck(token: string | undefined): (request: Request) => boolean {
  if (token === undefined) return () => true;
  const expected = Buffer.from(`Bearer ${token}`);
  return (request) => {
    const given = Buffer.from(request.headers.get("authorization") ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** Serves Hrana over HTTP (JSON, versions 2 and 3) for one SQLite file, as a web-standard fetch handler. */
export function createHranaHandler(options: HranaHandlerOptions): HranaHandler {
  if (options.file === ":memory:" || options.file === "") {
    throw new Error("libsql dev server needs a database file: every stream opens its own connection");
  }
  initDatabaseFile(options.file);
  const registry = new StreamRegistry({
    file: options.file,
    idleTimeoutMs: options.idleTimeoutMs ?? 10_000,
    busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
  });
  const isAuthorized = bearerCheck(options.token);

  /** Checks the token and decodes the body; a Response when the request is refused. */
  async function readBody<T>(request: Request, parse: (input: unknown) => T): Promise<T | Response> {
    if (!isAuthorized(request)) {
      return json(401, { message: "Missing or wrong bearer token", code: "UNAUTHORIZED" });
    }
    try {
      return parse(await request.json());
    } catch (error) {
      const message = error instanceof ProtocolError ? error.message : "Request body is not valid JSON";
      return json(400, { message, code: "PROTOCOL_ERROR" });
    }
  }

  /** The stream a baton names (a new one for `null`), once nothing else runs on it; a Response if refused. */
  async function takeStream(baton: string | null): Promise<Stream | Response> {
    try {
      return await registry.acquireIdle(baton);
    } catch (error) {
      if (error instanceof BatonError) return json(400, { message: error.message, code: error.code });
      throw error;
    }
  }

  async function pipeline(request: Request): Promise<Response> {
    const body = await readBody<PipelineRequest>(request, parsePipelineRequest);
    if (body instanceof Response) return body;
    const stream = await takeStream(body.baton);
    if (stream instanceof Response) return stream;
    try {
      const results = await runPipeline(registry, stream, body.requests);
      const response: WirePipelineResponse = { baton: registry.release(stream), base_url: null, results };
      return json(200, response);
    } catch (error) {
      registry.close(stream);
      throw error;
    }
  }

  // Hrana 3's cursor over HTTP: the first line carries the stream's next baton, which is valid at once; a
  // request made with it runs after the batch has finished.
  async function cursor(request: Request): Promise<Response> {
    const body = await readBody<CursorRequest>(request, parseCursorRequest);
    if (body instanceof Response) return body;
    const stream = await takeStream(body.baton);
    if (stream instanceof Response) return stream;
    let finish: () => void = () => {};
    const busyUntil = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const header = { baton: registry.release(stream, busyUntil), base_url: null };
    const run = runCursor(stream, body.steps, header);
    void run.finished.then(finish);
    // sqld answers a JSON cursor as text/plain: lines of JSON.
    return new Response(run.body, {
      status: 200,
      headers: { "content-type": "text/plain", ...CORS_HEADERS },
    });
  }

  return {
    async fetch(request) {
      if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS_HEADERS });
      const { pathname } = new URL(request.url);
      switch (`${request.method} ${pathname}`) {
        case "GET /health":
          return json(200, { status: "ok" });
        case "GET /":
        case "GET /v2":
        case "GET /v3":
          return text(200, "libSQL dev server: Hrana over HTTP, versions 2 and 3, JSON encoding");
        case "POST /v2/pipeline":
        case "POST /v3/pipeline":
          return pipeline(request);
        case "POST /v3/cursor":
          return cursor(request);
        default:
          // Includes /v3-protobuf, which makes clients fall back to JSON, and /v2/cursor (Hrana 2 has none).
          return text(404, `Not found: ${request.method} ${pathname}`);
      }
    },
    close: () => registry.closeAll(),
  };
}
