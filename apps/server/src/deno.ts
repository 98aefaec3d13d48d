// The server on Deno with the embedded database (`pnpm start:deno`); the same app as node.ts.
import { getLogger } from "@logtape/logtape";
import { parseEnv } from "./config.ts";
import { startReadThreads } from "./db/read-threads.ts";
import { apiReferenceScriptUrl } from "./http/docs.ts";
import { DatabaseInUseError } from "./ops/db-lock.ts";
import { CATEGORY, configureLogging, LOG_HOLD, lineSink, stopLogging } from "./ops/logging.ts";
import { smtpMailSender } from "./ops/smtp-mail.ts";
import { prepareServer, startupLines } from "./startup.ts";
import { exitOnStartupError } from "./startup-errors.ts";

// The part of the Deno namespace used here (the project's tsconfig has Node's types, not Deno's).
interface DenoApi {
  env: { toObject(): Record<string, string> };
  serve(
    options: { hostname: string; port: number; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
  addSignalListener(signal: "SIGINT" | "SIGTERM", handler: () => void): void;
  exit(code: number): never;
  resolveDns(host: string, type: "A" | "AAAA"): Promise<string[]>;
  readFile(path: URL): Promise<Uint8Array<ArrayBuffer>>;
  stdout: { writeSync(bytes: Uint8Array): number };
}
const Deno = Reflect.get(globalThis, "Deno") as DenoApi;

// A configuration or database mistake is a line or two on stderr and exit code 1, not a stack trace.
const env = (() => {
  try {
    return parseEnv(Deno.env.toObject());
  } catch (error) {
    return exitOnStartupError(error, Deno.exit);
  }
})();
const encoder = new TextEncoder();
configureLogging(
  env.LOG_LEVEL,
  lineSink((text) => {
    let bytes = encoder.encode(text);
    while (bytes.length) bytes = bytes.subarray(Deno.stdout.writeSync(bytes));
  }, LOG_HOLD),
);
const log = getLogger([CATEGORY, "server"]);
const docsScript = await Deno.readFile(apiReferenceScriptUrl(import.meta.resolve));
const prepared = await prepareServer(env, {
  docsScript: async () => docsScript,
  resolve: async (host) => {
    const found = await Promise.allSettled([Deno.resolveDns(host, "A"), Deno.resolveDns(host, "AAAA")]);
    return found.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
  },
  mailSender: smtpMailSender,
  // Deno runs Node's worker threads and the native driver too: expensive reads on threads of their own.
  expensiveReads: startReadThreads,
}).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) return exitOnStartupError(error, Deno.exit);
  console.error(error.message);
  return Deno.exit(1);
});
function listen() {
  try {
    return Deno.serve(
      {
        hostname: env.HOST,
        port: env.PORT,
        onListen: ({ port }) => {
          prepared.listening(port);
          for (const line of startupLines(env, port, "Deno", prepared)) console.log(line);
        },
      },
      prepared.fetch,
    );
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "AddrInUse") throw error;
    console.error(
      `Port ${env.PORT} on ${env.HOST} is already in use: stop what listens there, or start on another port, e.g. PORT=${env.PORT + 1} npx -y pnpm@10.34.8 start:deno`,
    );
    prepared.db.close();
    return Deno.exit(1);
  }
}
const server = listen();

/**
 * A graceful stop: `shutdown` takes no new connections and lets the requests in flight finish; the
 * dispatcher's delivery in hand too, for up to SHUTDOWN_TIMEOUT; then the database's log is
 * checkpointed, the database closed, and the process exits 0 (past the timeout, without waiting more).
 */
let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.debug("{signal}: stopping", { signal });
  prepared.dispatch.stop();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), env.SHUTDOWN_TIMEOUT);
  });
  const finished = await Promise.race([Promise.all([server.shutdown(), prepared.dispatch.idle()]), timedOut]);
  clearTimeout(timer);
  if (finished === "timeout") {
    log.warn("Stopped waiting after {ms} ms (SHUTDOWN_TIMEOUT)", { ms: env.SHUTDOWN_TIMEOUT });
    prepared.abandon();
  } else {
    await prepared.close();
  }
  stopLogging();
  Deno.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => void stop(signal));
}
