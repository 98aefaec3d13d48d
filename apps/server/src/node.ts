import { lookup } from "node:dns/promises";
import { fstatSync, writeSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, maxHeaderSize, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { getRequestListener, RequestError } from "@hono/node-server";
import { getLogger } from "@logtape/logtape";
import { parseEnv } from "./config.ts";
import { startBackgroundCheckpoints } from "./db/background-checkpoints.ts";
import { startReadThreads } from "./db/read-threads.ts";
import { ApiError, codeOf, propertyOf } from "./errors.ts";
import { apiReferenceScriptUrl } from "./http/docs.ts";
import { countInFlight } from "./http/in-flight.ts";
import { NO_SNIFF, newRequestId } from "./http/middleware.ts";
import { gzipStream } from "./http/openapi.ts";
import { problemJson, UNEXPECTED } from "./http/problem.ts";
import { checkedFetch } from "./ops/checked-fetch.ts";
import { DatabaseInUseError } from "./ops/db-lock.ts";
import { CATEGORY, configureLogging, LOG_HOLD, lineSink, stopLogging } from "./ops/logging.ts";
import { smtpMailSender } from "./ops/smtp-mail.ts";
import { prepareServer, startupLines } from "./startup.ts";
import { exitOnStartupError } from "./startup-errors.ts";

const brotli = promisify(brotliCompress);
// A configuration or database mistake is a line or two on stderr and exit code 1, not a stack trace.
const env = (() => {
  try {
    return parseEnv(process.env);
  } catch (error) {
    return exitOnStartupError(error);
  }
})();
configureLogging(env.LOG_LEVEL, lineSink(stdoutWriter(), LOG_HOLD));
// Whatever ends the process, the log lines of its last moments are written first.
process.on("exit", stopLogging);
const log = getLogger([CATEGORY, "server"]);

// Read once, at start: a missing package fails here, not on a visitor's first page.
const docsScript = new Uint8Array(await readFile(apiReferenceScriptUrl(import.meta.resolve)));
const prepared = await prepareServer(env, {
  resolve: async (host) => (await lookup(host, { all: true })).map((entry) => entry.address),
  // Webhooks and callouts connect only to the address their lookup checked (no DNS-rebinding window);
  // with WEBHOOKS_ALLOW_LOCALHOST=true every address is allowed anyway.
  fetch: env.WEBHOOKS_ALLOW_LOCALHOST ? undefined : checkedFetch(),
  docsScript: async () => docsScript,
  // Brotli at quality 5: about 60% of the gzip size of the document, made in about 0.1 s (11 takes seconds).
  openapiCompressors: {
    br: async (bytes) =>
      new Uint8Array(await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
    gzip: gzipStream,
  },
  backgroundCheckpoints: startBackgroundCheckpoints,
  expensiveReads: startReadThreads,
  processMetrics: true,
  byteLength: Buffer.byteLength,
  mailSender: smtpMailSender,
}).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) return exitOnStartupError(error);
  console.error(error.message);
  process.exit(1);
});

// Before the log is written out at exit (`stopLogging`), the answers not yet told to it are.
process.prependListener("exit", prepared.fetch.flush);

const requests = countInFlight(prepared.fetch);
// The adapter's listener, given a handler of its own for a request it cannot make a `Request` of.
const server = createServer(
  {
    // A slow client (headers a byte at a time, a body that never ends) holds a connection this long
    // at most, answered 408; Node looks for such connections every second.
    headersTimeout: env.HEADERS_TIMEOUT,
    requestTimeout: env.REQUEST_TIMEOUT,
    connectionsCheckingInterval: 1000,
  },
  getRequestListener(requests.fetch, { hostname: env.HOST, errorHandler: answerUnreadableTarget }),
);
server.listen(env.PORT, env.HOST, () => {
  // Listening on a TCP port, the address is an object (a string only for a pipe).
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  prepared.listening(port);
  for (const line of startupLines(env, port, "Node", prepared)) console.log(line);
});
server.on("clientError", answerClientError);
server.on("error", (error: NodeJS.ErrnoException) => {
  const why = listenError(error.code);
  if (!why) throw error;
  console.error(why);
  void prepared.close().finally(() => process.exit(1));
});

/**
 * How the log's lines reach stdout. Written to a file (`> server.log`), with the file's own write, as
 * `process.stdout` writes to a file too, but without its stream's copy of each batch into a Buffer first
 * (about 1.5% of a GET's CPU with the access log on); to a pipe or a terminal, through `process.stdout`,
 * which hands a pipe the text as it is and keeps what a full pipe cannot take yet (the event loop goes on).
 */
function stdoutWriter(): (text: string) => void {
  const toFile = (() => {
    try {
      return fstatSync(1).isFile();
    } catch {
      return false;
    }
  })();
  return toFile ? (text) => void writeSync(1, text) : (text) => void process.stdout.write(text);
}

/**
 * What a client gets when Node refuses its request before the app sees it (a URL and headers past
 * Node's `maxHeaderSize`, a request it cannot parse, headers or a body too slow to arrive): a problem
 * document as the app's, with a new request id and nosniff, instead of Node's bare status line. Nothing
 * is written on a connection whose answer to an earlier request has begun (Node's own rule), nor to a
 * client that went away.
 */
function answerClientError(error: Error, socket: Duplex): void {
  const refusal = refusalOf(error);
  // Node's default handler looks at the same private member: the answer in progress on the connection.
  const answering = propertyOf(socket, "_httpMessage");
  if (!refusal || !socket.writable || propertyOf(answering, "headersSent") === true) {
    socket.destroy();
    return;
  }
  const requestId = newRequestId();
  const body = problemJson(refusal.error, requestId, refusal.status);
  log.info("Refused a request Node could not read ({code}): {status}", {
    requestId,
    code: codeOf(error),
    status: refusal.status,
  });
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      "Content-Type: application/problem+json\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      `X-Content-Type-Options: ${NO_SNIFF["X-Content-Type-Options"]}\r\n` +
      `Connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/**
 * What a client gets when Node parsed its request but its target and Host make no URL (a backslash in
 * the path, `*`, an absolute URL or a Host that is not a host name): the app's problem document, with a
 * request id and nosniff, as for a request Node refuses (`answerClientError`). Anything else thrown
 * before the app answers is the app's 500.
 */
function answerUnreadableTarget(error: unknown): Response {
  const requestId = newRequestId();
  const unreadable = error instanceof RequestError;
  const status = unreadable ? 400 : 500;
  const refusal = unreadable
    ? new ApiError(
        "bad_request",
        `The request's target is not a URL this server can read (${error.message}): send a path that starts with "/" and has no backslash, and a Host that is a host name.`,
      )
    : new ApiError("internal", UNEXPECTED);
  if (unreadable) {
    log.info("Refused a request whose target is not a URL ({reason}): {status}", {
      requestId,
      reason: error.message,
      status,
    });
  } else {
    log.error("Failed before the app answered: {error}", { requestId, error });
  }
  return new Response(problemJson(refusal, requestId, status), {
    status,
    headers: { "Content-Type": "application/problem+json", "X-Request-Id": requestId, ...NO_SNIFF },
  });
}

/** The answer to a request Node refused, by its error's code: undefined when the client is gone. */
function refusalOf(error: Error): { status: number; error: ApiError } | undefined {
  const code = codeOf(error);
  if (code === "HPE_HEADER_OVERFLOW") {
    const detail = `The request's URL and headers are over ${maxHeaderSize} bytes together: send a shorter URL (fewer query terms) or smaller headers.`;
    return { status: 431, error: new ApiError("bad_request", detail) };
  }
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") {
    const detail = "The body's chunk extensions are over 16 KiB: send the body without them.";
    return { status: 413, error: new ApiError("payload_too_large", detail) };
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    const detail =
      "The request's headers or body arrived too slowly: send the request whole, without pauses.";
    return { status: 408, error: new ApiError("bad_request", detail) };
  }
  if (code?.startsWith("HPE_")) {
    const reason = propertyOf(error, "reason");
    const why = typeof reason === "string" && reason ? ` (${reason})` : "";
    const detail = `The request is not HTTP/1.1 this server can read${why}.`;
    return { status: 400, error: new ApiError("bad_request", detail) };
  }
  return undefined;
}

/** What a person reads when the server cannot listen on HOST:PORT, by the system's error code. */
function listenError(code: string | undefined): string | undefined {
  const other = `start on another port, e.g. PORT=${env.PORT === 65535 ? 8788 : env.PORT + 1} npx -y pnpm@10.34.8 start`;
  if (code === "EADDRINUSE")
    return `Port ${env.PORT} on ${env.HOST} is already in use: stop what listens there, or ${other}`;
  if (code === "EACCES")
    return `Port ${env.PORT} on ${env.HOST} needs privileges this user does not have: ${other} (behind a proxy for port 80 or 443)`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `HOST ${env.HOST} is not an address of this machine: set HOST to one of its addresses, e.g. HOST=127.0.0.1 (this machine only) or HOST=0.0.0.0 (every interface)`;
  return undefined;
}

/**
 * A graceful stop: no new connections; the requests in flight are finished (a body still arriving is
 * read to its end and answered) and the dispatcher's delivery in hand too, for up to SHUTDOWN_TIMEOUT;
 * then the database's log is checkpointed, the database closed, and the process exits 0. Past the
 * timeout, the connections left are cut and the process exits 0 without waiting more (the database's
 * log is recovered at the next start). A second signal stops at once.
 */
let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    log.warn("{signal} again: stopping at once", { signal });
    process.exit(1);
  }
  stopping = true;
  log.debug("{signal}: stopping", { signal });
  prepared.dispatch.stop();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A connection kept alive is closed as soon as its request is answered.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), env.SHUTDOWN_TIMEOUT);
  });
  const finished = await Promise.race([
    Promise.all([closed, requests.idle(), prepared.dispatch.idle()]),
    timedOut,
  ]);
  clearInterval(idle);
  clearTimeout(timer);
  if (finished === "timeout") {
    log.warn("Stopped waiting after {ms} ms (SHUTDOWN_TIMEOUT): cutting the connections left", {
      ms: env.SHUTDOWN_TIMEOUT,
    });
    server.closeAllConnections();
    prepared.abandon();
  } else {
    await prepared.close();
  }
  log.debug("Stopped");
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
