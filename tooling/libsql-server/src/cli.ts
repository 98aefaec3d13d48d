import { parseArgs } from "node:util";
import { startLibsqlServer } from "./server.ts";

const usage = `Usage: tsx src/cli.ts [--file .data/dev.db] [--port 8080] [--host 127.0.0.1] [--token TOKEN]

Serves a SQLite file over Hrana-over-HTTP for @libsql/client (http:// URLs). Development only.

  --file          database file, created if missing (default .data/dev.db)
  --port          TCP port, 0 for any free one (default 8080)
  --host          interface to bind (default 127.0.0.1)
  --token         require "Authorization: Bearer TOKEN" (the client's authToken)
  --idle-timeout  seconds before an idle stream is closed and its transaction rolled back (default 10)
  --busy-timeout  seconds a statement waits for another connection's write lock (default 5)`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        file: { type: "string", default: ".data/dev.db" },
        port: { type: "string", default: "8080" },
        host: { type: "string", default: "127.0.0.1" },
        token: { type: "string" },
        "idle-timeout": { type: "string", default: "10" },
        "busy-timeout": { type: "string", default: "5" },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

function nonNegative(value: string, flag: string): number {
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number) || number < 0) {
    fail(`${flag} must be a non-negative number, got ${JSON.stringify(value)}`);
  }
  return number;
}

const args = readArgs();
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const server = await startLibsqlServer({
  file: args.file,
  port: nonNegative(args.port, "--port"),
  host: args.host,
  token: args.token,
  idleTimeoutMs: nonNegative(args["idle-timeout"], "--idle-timeout") * 1000,
  busyTimeoutMs: nonNegative(args["busy-timeout"], "--busy-timeout") * 1000,
});
console.log(`libsql dev server listening on ${server.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
