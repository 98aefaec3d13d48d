// `pnpm dev`: the Worker in workerd (`wrangler dev --local`) against a local libSQL server on
// .data/dev.db, migrated, with an API token. Nothing external. Ctrl-C stops both.
// startDevStack() is also what the workerd test suite (test-edge/) runs.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startLibsqlServer } from "../../../tooling/libsql-server/src/server.ts";
import { isEmbedded } from "../src/config.ts";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { openDb } from "../src/db/open.ts";
import { embeddedSecretsKey, keyFileOf } from "../src/ops/secrets-key.ts";
import { createToken, hasAnyToken, tokenAuthenticator } from "../src/services/auth.ts";
import { compileChecker, startDevFront } from "./dev-front.ts";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = join(serverDir, "..", "..");
const wranglerBin = join(serverDir, "node_modules", ".bin", "wrangler");

export interface DevStackOptions {
  /** SQLite file the local libSQL server serves. */
  file: string;
  /** A libSQL server to use instead of starting one on `file` (e.g. `turso dev`, a Turso database). */
  external?: { url: string; authToken?: string | undefined };
  /** Port of the Worker (`wrangler dev`). */
  port: number;
  /** Port of the libSQL server; 0 picks a free one. */
  dbPort?: number;
  /** Where `wrangler dev` keeps its local state (default .wrangler/state). */
  persistTo?: string;
  /** Port of wrangler's devtools inspector (wrangler's default 9229 clashes between two runs). */
  inspectorPort?: number;
  /** Vars for the Worker on top of the database ones (e.g. BASE_PATH). */
  vars?: Record<string, string>;
  /**
   * "inherit" shows wrangler's terminal UI; "capture" keeps its output for error messages only;
   * "filtered" prints each line of it through `filter` (undefined: the line is dropped).
   */
  output: "inherit" | "capture" | "filtered";
  filter?: (line: string) => string | undefined;
  /** A token kept from an earlier run, printed again if it is still valid. */
  tokenFile?: string;
  /** A wrangler configuration file other than `wrangler.jsonc` (relative to apps/server). */
  config?: string;
}

export interface DevStack {
  /** The Worker's URL including BASE_PATH, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** The local libSQL server's URL. */
  databaseUrl: string;
  databaseAuthToken: string;
  /** A token of the company "default": new, or the one in tokenFile when still valid. */
  token?: string;
  tokenIsNew: boolean;
  /** Resolves when wrangler exits, with its exit code. */
  exited: Promise<number | null>;
  /** Stops wrangler (and workerd) and the libSQL server. */
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startDevStack(options: DevStackOptions): Promise<DevStack> {
  const databaseAuthToken = options.external
    ? (options.external.authToken ?? "")
    : randomBytes(24).toString("base64url");
  if (!options.external) mkdirSync(dirname(options.file), { recursive: true });
  const database = options.external
    ? { url: options.external.url, close: async () => {} }
    : await startLibsqlServer({ file: options.file, port: options.dbPort ?? 0, token: databaseAuthToken });
  const capture = options.output === "capture";
  let wrangler: ChildProcess | undefined;
  let exited: Promise<number | null> | undefined;
  try {
    const { token, tokenIsNew } = await prepareDatabase(database.url, databaseAuthToken, options.tokenFile);
    const vars: Record<string, string> = {
      DATABASE_URL: database.url,
      // A Worker knows no address of its own: the URLs it hands out start with this one.
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      ...(databaseAuthToken ? { DATABASE_AUTH_TOKEN: databaseAuthToken } : {}),
      // The key that seals secrets: yours, else one kept beside the local database (as the Node server does).
      SECRETS_KEY: process.env.SECRETS_KEY ?? embeddedSecretsKey(keyFileOf(options.file)),
      ...options.vars,
    };
    const args = ["dev", "--local", "--port", String(options.port), "--ip", "127.0.0.1"];
    for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
    if (options.persistTo) args.push("--persist-to", options.persistTo);
    if (options.config) args.push("--config", options.config);
    if (options.inspectorPort) args.push("--inspector-port", String(options.inspectorPort));
    const filtered = options.output === "filtered";
    if (capture || filtered) args.push("--show-interactive-dev-session=false");
    wrangler = spawn(wranglerBin, args, {
      cwd: serverDir,
      // No Request.cf download: nothing external, and the app does not read it.
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      stdio: capture ? ["ignore", "pipe", "pipe"] : filtered ? ["ignore", "pipe", "pipe"] : "inherit",
      // Its own process group in tests, so stop() ends workerd too; in a terminal it must stay in
      // the foreground group to read its hotkeys (and Ctrl-C reaches it directly).
      detached: capture,
    });
    const log: string[] = [];
    const keep = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.length > 200) log.shift();
    };
    wrangler.stdout?.on("data", keep);
    wrangler.stderr?.on("data", keep);
    if (filtered) {
      const filter = options.filter ?? ((line: string) => line);
      for (const [stream, out] of [
        [wrangler.stdout, process.stdout],
        [wrangler.stderr, process.stderr],
      ] as const) {
        let partial = "";
        stream?.setEncoding("utf8").on("data", (chunk: string) => {
          const lines = (partial + chunk).split("\n");
          partial = lines.pop()!;
          for (const line of lines) {
            const shown = filter(line);
            if (shown !== undefined) out.write(`${shown}\n`);
          }
        });
      }
    }
    const child = wrangler;
    exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const basePath = vars.BASE_PATH ?? "";
    const origin = `http://127.0.0.1:${options.port}`;
    await waitForHealth(`${origin}${basePath}/health`, exited, () => log.join(""));
    const done = exited;
    return {
      baseUrl: `${origin}${basePath}`,
      databaseUrl: database.url,
      databaseAuthToken,
      token,
      tokenIsNew,
      exited: done,
      stop: async () => {
        await stopChild(child, done, capture);
        await database.close();
      },
    };
  } catch (error) {
    if (wrangler && exited) await stopChild(wrangler, exited, capture);
    await database.close();
    throw error;
  }
}

/** Migrates the database over HTTP (as `pnpm db:migrate` does against Turso) and finds or makes a token. */
async function prepareDatabase(url: string, authToken: string, tokenFile: string | undefined) {
  const db = await openDb(url, authToken);
  try {
    const applied = await migrate(db, loadMigrations());
    if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
    if (tokenFile && existsSync(tokenFile)) {
      const kept = readFileSync(tokenFile, "utf8").trim();
      if (await tokenAuthenticator(db, 0)(kept)) return { token: kept, tokenIsNew: false };
    }
    if (tokenFile && (await hasAnyToken(db))) return { token: undefined, tokenIsNew: false };
    const { token } = await createToken({ db, input: { company: "default", label: "pnpm dev" } });
    if (tokenFile) writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
    return { token, tokenIsNew: true };
  } finally {
    db.close();
  }
}

async function waitForHealth(url: string, exited: Promise<number | null>, log: () => string): Promise<void> {
  let gone: number | null | undefined;
  void exited.then((code) => {
    gone = code;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`wrangler dev exited (code ${gone}):\n${log()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within 90 s:\n${log()}`);
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>, group: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      if (group && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const timeout = new Promise((resolve) => setTimeout(resolve, 5_000, "timeout"));
  if ((await Promise.race([exited, timeout])) === "timeout") {
    signal("SIGKILL");
    await exited;
  }
}

/** The folder of the schema package's sources, which the Worker's build step reads. */
const schemaSrc = join(repoRoot, "packages", "schema", "src");

/** `pnpm dev`'s wrangler configuration: wrangler.jsonc without its build step (see `main`). */
const DEV_CONFIG = "wrangler.dev.tmp.json";

/** Writes DEV_CONFIG beside wrangler.jsonc (so its relative paths hold); answers its name. */
export function writeDevConfig(): string {
  const worker = JSON.parse(
    readFileSync(join(serverDir, "wrangler.jsonc"), "utf8")
      .split("\n")
      .filter((line) => !line.trim().startsWith("//"))
      .join("\n"),
  ) as Record<string, unknown>;
  delete worker.build;
  writeFileSync(join(serverDir, DEV_CONFIG), JSON.stringify(worker, null, 2));
  return DEV_CONFIG;
}

/** The Worker's build step (wrangler.jsonc `build.command`), in a process of its own: fresh sources. */
function runWorkerBuild(): Promise<boolean> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker-build.ts"], {
    cwd: serverDir,
    stdio: ["ignore", "inherit", "inherit"],
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve(code === 0)));
}

/**
 * `pnpm dev`. The Worker's build step (its assets, and its copy of the schema) runs once at start and
 * again when the schema's sources change, not by wrangler (which runs a build step twice at start, and
 * on every change of a watched file); wrangler rebundles the Worker when its sources change. In front of
 * wrangler, on PORT, a proxy answers 503 at once while the sources do not compile, and says why
 * (`dev-front.ts`). The Worker logs warnings and errors only (unless LOG_LEVEL says otherwise): wrangler's
 * line per request is the access log.
 */
async function main(): Promise<void> {
  const portText = process.env.PORT ?? "8787";
  if (!/^\d{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
    console.error(`Invalid configuration: PORT must be 1–65535, got ${JSON.stringify(portText)}`);
    process.exit(1);
  }
  const port = Number(portText);
  const basePath = process.env.BASE_PATH ?? "";
  const dataDir = join(repoRoot, ".data");
  // DATABASE_URL=http://127.0.0.1:8080 pnpm dev uses that server (e.g. `turso dev`) instead of ours.
  const externalUrl =
    process.env.DATABASE_URL && !isEmbedded(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
  const origin = `http://127.0.0.1:${port}`;
  const probe = createNetServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (!free) {
    console.error(
      `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or start on another port, e.g. PORT=${port === 65535 ? 8788 : port + 1} npx -y pnpm@10.34.8 dev`,
    );
    process.exit(1);
  }
  console.log("Building the Worker's assets…");
  if (!(await runWorkerBuild())) process.exit(1);
  console.log(
    externalUrl
      ? `Using the libSQL server at ${externalUrl}; starting wrangler dev…`
      : "Starting the local libSQL server on .data/dev.db and wrangler dev…",
  );
  const internalPort = await freePort();
  const config = writeDevConfig();
  const internal = `127.0.0.1:${internalPort}`;
  const stack = await startDevStack({
    file: join(dataDir, "dev.db"),
    external: externalUrl ? { url: externalUrl, authToken: process.env.DATABASE_AUTH_TOKEN } : undefined,
    port: internalPort,
    dbPort: process.env.DEV_DB_PORT ? Number(process.env.DEV_DB_PORT) : 0,
    vars: {
      BASE_PATH: basePath,
      PUBLIC_URL: origin,
      ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : { LOG_LEVEL: "warning" }),
    },
    output: "filtered",
    config,
    // wrangler's address is the proxy's business: the developer sees PORT's.
    filter: (line) =>
      /Ready on http/.test(line) ? undefined : line.replaceAll(internal, `127.0.0.1:${port}`),
    tokenFile: join(dataDir, externalUrl ? "dev-external.token" : "dev.token"),
  });
  const front = await startDevFront({
    port,
    upstreamPort: internalPort,
    checker: await compileChecker(
      [join(serverDir, "src", "worker.ts"), join(schemaSrc, "index.ts")],
      repoRoot,
    ),
    watched: [join(serverDir, "src"), schemaSrc],
    changed: (folder) => {
      if (folder === schemaSrc) void runWorkerBuild();
    },
  });
  const baseUrl = `${origin}${basePath}`;
  const tokenFile = externalUrl ? ".data/dev-external.token" : ".data/dev.token";
  const authVar = process.env.DATABASE_AUTH_TOKEN ? " DATABASE_AUTH_TOKEN=<its token>" : "";
  // token:create writes to .data/dev.db (the file the local libSQL server serves) when this runs.
  const tokenCommand = externalUrl
    ? `DATABASE_URL=${externalUrl}${authVar} npx -y pnpm@10.34.8 token:create --company default`
    : "npx -y pnpm@10.34.8 token:create --dev --company default";
  const pidFile = join(dataDir, "dev.pid");
  if (!externalUrl) writeFileSync(pidFile, `${process.pid}\n`);
  const lines = [
    "",
    `Multichannel Commerce Service (workerd) on ${baseUrl}`,
    `API docs: ${baseUrl}/docs`,
    externalUrl
      ? `Database: ${externalUrl}`
      : `Database: .data/dev.db, served by the local libSQL server on ${stack.databaseUrl}`,
    stack.token
      ? `API token for the company "default"${stack.tokenIsNew ? ` (new; kept in ${tokenFile})` : ` (from ${tokenFile})`}:\n  ${stack.token}`
      : `No token to show (${tokenFile} is gone); create one with:\n  ${tokenCommand}`,
    ...(stack.token ? [`More tokens: ${tokenCommand}`] : []),
    `Try: curl -H "Authorization: Bearer ${stack.token ?? "<token>"}" ${baseUrl}/carriers.json`,
    "Edits reload the Worker; one that does not compile is shown here, and answered 503 until fixed.",
    externalUrl ? "Ctrl-C stops the Worker." : "Ctrl-C stops the Worker and the database server.",
    "",
  ];
  console.log(lines.join("\n"));

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (!externalUrl) rmSync(pidFile, { force: true });
    await front.close();
    await stack.stop();
    rmSync(join(serverDir, config), { force: true });
    process.exit(code);
  };
  for (const name of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(name, () => void shutdown(0));
  const code = await stack.exited;
  await shutdown(code ?? 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
