// Every start-up, configuration and command-line mistake is a line or two on stderr that says what is
// wrong and what to do: no stack trace, exit code 1 (2 for a command's usage).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlServer } from "../../../../tooling/libsql-server/src/server.ts";
import { mailOf, parseEnv, secretsKeysOf } from "../../src/config.ts";
import { describeDatabaseError } from "../../src/db/reach.ts";
import { isStartupError } from "../../src/startup-errors.ts";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "mcs-startup-errors-"));
/** A file where a database's folder would be. */
const aFile = join(dir, "a-file");
writeFileSync(aFile, "");
const KEY = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));

/** The error `parseEnv(env)` throws, as a person reads it. */
function configMessage(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (error) {
    expect(isStartupError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("parseEnv took it");
}

/** Runs a script (or the Node entry) of the server with `env` over a clean environment. */
function run(script: string, env: Record<string, string>, args: string[] = []) {
  const { DATABASE_URL: _, DATABASE_AUTH_TOKEN: __, SECRETS_KEY: ___, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: serverDir,
    env: { ...inherited, HOST: "127.0.0.1", PORT: "0", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  // A server that did start is stopped: the test expected it not to.
  const timer = setTimeout(() => child.kill("SIGKILL"), 50_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** The failure is told in one or two lines (without a stack), and the exit code is 1. */
function expectToldInALine(result: { code: number | null; stdout: string; stderr: string }) {
  const lines = result.stderr.trim().split("\n");
  expect(lines.length, result.stderr).toBeLessThanOrEqual(3);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toMatch(/Error:|TypeError|node:internal/);
  expect(result.code, result.stderr).toBe(1);
  return result.stderr.trim();
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the configuration's messages", () => {
  it("name the variable, what it must be and what was sent", () => {
    expect(configMessage({ PORT: "abc" })).toBe('Invalid configuration: PORT must be 1–65535, got "abc"');
    expect(configMessage({ PORT: "70000" })).toBe('Invalid configuration: PORT must be 1–65535, got "70000"');
    expect(configMessage({ BODY_LIMIT: "1MB" })).toBe(
      'Invalid configuration: BODY_LIMIT must be a number of bytes, e.g. 1048576 for 1 MiB, got "1MB"',
    );
    expect(configMessage({ LOG_LEVEL: "loud" })).toMatch(
      /^Invalid configuration: LOG_LEVEL must be one of trace, .*, got "loud"$/,
    );
    expect(configMessage({ RATE_LIMIT: "yes" })).toBe(
      'Invalid configuration: RATE_LIMIT must be on or off, got "yes"',
    );
    expect(configMessage({ SHUTDOWN_TIMEOUT: "10s" })).toBe(
      'Invalid configuration: SHUTDOWN_TIMEOUT must be a number of seconds, e.g. 10 or 0.5, got "10s"',
    );
  });

  it("never repeat a token or a key, only its length", () => {
    expect(configMessage({ METRICS_TOKEN: "short-secret" })).toBe(
      "Invalid configuration: METRICS_TOKEN must be at least 16 characters, got 12 characters",
    );
    expect(configMessage({ ADMIN_TOKEN: "admin-secret" })).toBe(
      "Invalid configuration: ADMIN_TOKEN must be at least 32 characters, got 12 characters",
    );
    expect(configMessage({ SECRETS_KEY: "not-a-key" })).not.toContain("not-a-key");
  });

  it("take a bearer token as one word: spaces around it left out, one inside refused", () => {
    const token = "0123456789abcdef0123456789abcdef";
    expect(parseEnv({ ADMIN_TOKEN: ` ${token}\t`, METRICS_TOKEN: ` ${token} ` })).toMatchObject({
      ADMIN_TOKEN: token,
      METRICS_TOKEN: token,
    });
    expect(configMessage({ METRICS_TOKEN: "my metrics token 2026" })).toBe(
      "Invalid configuration: METRICS_TOKEN must be one word without spaces (`Authorization: Bearer <token>` carries no space), got 21 characters",
    );
  });

  it("take a REQUEST_TIMEOUT shorter than the headers' default alone: the headers' follows it", () => {
    expect(parseEnv({ REQUEST_TIMEOUT: "5" })).toMatchObject({
      REQUEST_TIMEOUT: 5000,
      HEADERS_TIMEOUT: 5000,
    });
    expect(parseEnv({})).toMatchObject({ REQUEST_TIMEOUT: 60_000, HEADERS_TIMEOUT: 10_000 });
    expect(configMessage({ REQUEST_TIMEOUT: "5", HEADERS_TIMEOUT: "8" })).toBe(
      'Invalid configuration: HEADERS_TIMEOUT must be at most REQUEST_TIMEOUT, got "8"',
    );
  });

  it("take an unsupported DATABASE_URL, without its credentials", () => {
    const message = configMessage({ DATABASE_URL: "postgres://user:password@db.example/commerce" });
    expect(message).toBe(
      'Invalid configuration: DATABASE_URL must be an embedded file (file:PATH) or a libSQL server\'s URL (libsql://, https://, http://, wss:// or ws://), got "postgres://db.example"',
    );
    expect(configMessage({ DATABASE_URL: "commerce.db" })).toContain('got "(not a URL)"');
  });

  it("take an SMTP_URL without its credentials, and ask for MAIL_FROM with it", () => {
    const wrongScheme = configMessage({
      SMTP_URL: "https://relay:hunter2-secret@mail.example.com",
      MAIL_FROM: "orders@example.com",
    });
    expect(wrongScheme).toBe(
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465 (percent-encode @ and : in the credentials), got "https://mail.example.com"',
    );
    expect(configMessage({ SMTP_URL: "smtps://relay:hunter2-secret@mail.example.com:465" })).toBe(
      "Invalid configuration: MAIL_FROM must be set when SMTP_URL is: the address purchase orders are e-mailed from, e.g. orders@example.com, got nothing",
    );
    expect(
      configMessage({ SMTP_URL: "smtp://mail.example.com:587", MAIL_FROM: "Orders <orders@example.com" }),
    ).toBe(
      'Invalid configuration: MAIL_FROM must be an e-mail address, e.g. orders@example.com or Acme Orders <orders@example.com>, got "Orders <orders@example.com"',
    );
    const env = parseEnv({
      SMTP_URL: "smtps://relay%40example.com:p%40ss@mail.example.com:465?requireTLS=true",
      MAIL_FROM: "Acme Orders <orders@example.com>",
    });
    expect(mailOf(env)).toEqual({
      url: "smtps://relay%40example.com:p%40ss@mail.example.com:465?requireTLS=true",
      from: "Acme Orders <orders@example.com>",
    });
    expect(mailOf(parseEnv({ MAIL_FROM: "orders@example.com" }))).toBeUndefined();
  });

  it("list several mistakes one a line", () => {
    expect(configMessage({ PORT: "abc", BODY_LIMIT: "-1" }).split("\n")).toEqual([
      "Invalid configuration:",
      '  PORT must be 1–65535, got "abc"',
      '  BODY_LIMIT must be a number of bytes, e.g. 1048576 for 1 MiB, got "-1"',
    ]);
  });

  it("ask for SECRETS_KEY for a remote database, saying how to make one", () => {
    const env = parseEnv({ DATABASE_URL: "libsql://db-acme.example.io" });
    expect(() => secretsKeysOf(env)).toThrow(
      /^Invalid configuration: SECRETS_KEY must be set for a database that is not an embedded file \(DATABASE_URL=libsql:\/\/db-acme\.example\.io\): .*openssl rand -base64 32/,
    );
  });
});

describe("what a database's failure is told as", () => {
  it("reads Node's and Deno's fetch errors alike", () => {
    const refusedNode = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    const refusedDeno = new TypeError(
      "error sending request for url (http://127.0.0.1:1/v2/pipeline): client error (Connect): tcp connect error: Connection refused (os error 111)",
    );
    const unknownDeno = new TypeError(
      "error sending request: client error (Connect): dns error: failed to lookup address information: Name or service not known",
    );
    expect(describeDatabaseError(refusedNode)).toBe("nothing answers there (connection refused)");
    expect(describeDatabaseError(refusedDeno)).toBe("nothing answers there (connection refused)");
    expect(describeDatabaseError(unknownDeno)).toBe("its host name does not resolve");
    expect(describeDatabaseError(new Error("SERVER_ERROR: Server returned HTTP status 401"))).toContain(
      "the server refused DATABASE_AUTH_TOKEN",
    );
  });
});

describe("the Node server's start", { timeout: 60_000 }, () => {
  it("tells PORT, BODY_LIMIT, a short token, a bad key, an unsupported DATABASE_URL in a line, exit 1", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: "abc" }, 'PORT must be 1–65535, got "abc"'],
      [{ BODY_LIMIT: "1MB" }, "BODY_LIMIT must be a number of bytes"],
      [{ METRICS_TOKEN: "abc" }, "METRICS_TOKEN must be at least 16 characters"],
      [{ SECRETS_KEY: "x".repeat(50) }, "SECRETS_KEY must be 32 random bytes"],
      [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL must be"],
      [{ DATABASE_URL: `file:${aFile}/node.db` }, "Cannot create the folder of the database"],
      [{ SMTP_URL: "smtp://relay:pw@mail.example.com" }, "MAIL_FROM must be set when SMTP_URL is"],
    ];
    const results = await Promise.all(
      cases.map(([env]) => run("src/node.ts", { DATABASE_URL: `file:${dir}/node.db`, ...env })),
    );
    for (const [i, result] of results.entries()) {
      expect(expectToldInALine(result)).toContain(cases[i]![1]);
    }
  });

  it("tells an unreachable DATABASE_URL before a missing SECRETS_KEY", async () => {
    const port = await closedPort();
    const told = expectToldInALine(await run("src/node.ts", { DATABASE_URL: `http://127.0.0.1:${port}` }));
    expect(told).toBe(
      `Cannot open the database at DATABASE_URL (http://127.0.0.1:${port}): nothing answers there (connection refused). Check DATABASE_URL and that the database server is running.`,
    );
  });

  it("tells a port in use in a line", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const { port } = busy.address() as { port: number };
    try {
      const told = expectToldInALine(
        await run("src/node.ts", { DATABASE_URL: `file:${dir}/busy.db`, PORT: String(port) }),
      );
      expect(told).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(told).toContain(`PORT=${port + 1}`);
    } finally {
      busy.close();
    }
  });
});

describe("a remote database", { timeout: 60_000 }, () => {
  let server: Awaited<ReturnType<typeof startLibsqlServer>>;
  beforeAll(async () => {
    server = await startLibsqlServer({ file: join(dir, "remote.db"), port: 0, token: "the-database-token" });
  });
  afterAll(() => server?.close());

  it("not migrated: the server, token:create and token:list say to run db:migrate", async () => {
    const env = { DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: "the-database-token", SECRETS_KEY: KEY };
    const results = await Promise.all([
      run("src/node.ts", env),
      run("scripts/token-create.ts", env, ["--company", "acme"]),
      run("scripts/token-list.ts", env),
    ]);
    for (const result of results) {
      const told = expectToldInALine(result);
      expect(told).toBe(
        `The database at DATABASE_URL (${server.url}) has never been migrated: run \`DATABASE_URL=... DATABASE_AUTH_TOKEN=... npx -y pnpm@10.34.8 db:migrate\` first.`,
      );
      expect(told).not.toMatch(/no such table/);
    }
  });

  it("a wrong DATABASE_AUTH_TOKEN is named, at start and by db:migrate", async () => {
    const env = { DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: "not-the-token", SECRETS_KEY: KEY };
    for (const result of await Promise.all([run("src/node.ts", env), run("scripts/migrate.ts", env)])) {
      expect(expectToldInALine(result)).toContain("the server refused DATABASE_AUTH_TOKEN");
    }
  });

  it("db:migrate asks for SECRETS_KEY once the database answers", async () => {
    const env = { DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: "the-database-token" };
    const told = expectToldInALine(await run("scripts/migrate.ts", env));
    expect(told).toMatch(
      /^Invalid configuration: SECRETS_KEY must be set for a database that is not an embedded file/,
    );
  });

  it("db:migrate and token:create tell an unreachable DATABASE_URL in a line", async () => {
    const port = await closedPort();
    const env = { DATABASE_URL: `http://127.0.0.1:${port}`, SECRETS_KEY: KEY };
    for (const result of await Promise.all([
      run("scripts/migrate.ts", env),
      run("scripts/token-create.ts", env, ["--company", "acme"]),
    ])) {
      expect(expectToldInALine(result)).toContain("nothing answers there (connection refused)");
    }
  });
});

describe("the commands' configuration", { timeout: 60_000 }, () => {
  it("db:backup and token:create tell a bad variable in a line", async () => {
    const env = { DATABASE_URL: "postgres://localhost/x" };
    for (const result of await Promise.all([
      run("scripts/db-backup.ts", env, [join(dir, "backup.db")]),
      run("scripts/token-create.ts", env, ["--company", "acme"]),
    ])) {
      expect(expectToldInALine(result)).toContain("DATABASE_URL must be");
    }
  });

  it("token commands tell a DATABASE_URL of the right form that is no URL in a line", async () => {
    for (const url of ["libsql://db.example.com:99999", "libsql://[::1"]) {
      const env = { DATABASE_URL: url, SECRETS_KEY: KEY };
      for (const result of await Promise.all([
        run("scripts/token-create.ts", env, ["--company", "acme"]),
        run("scripts/token-list.ts", env),
      ])) {
        expect(expectToldInALine(result), url).toContain("DATABASE_URL");
      }
    }
  });

  it("token:create takes a label and an expiry as the API takes a key's name and expiresAt", async () => {
    const env = { DATABASE_URL: `file:${join(dir, "labels.db")}` };
    const results = await Promise.all([
      run("scripts/token-create.ts", env, ["--company", "acme", "--label", " "]),
      run("scripts/token-create.ts", env, ["--company", "acme", "--expires", "Dec 25 2099"]),
      run("scripts/token-create.ts", env, ["--company", "acme", "--expires", "2099-02-30T00:00:00Z"]),
    ]);
    expect(results.map((result) => [result.code, result.stderr.trim()])).toEqual([
      [2, "--label must be 1 to 200 characters of text."],
      [2, '--expires "Dec 25 2099" is not an ISO 8601 time in the future.'],
      [2, '--expires "2099-02-30T00:00:00Z" is not an ISO 8601 time in the future.'],
    ]);
  });

  it("a mistyped option is its message and the usage, exit code 2, no stack", async () => {
    const results = await Promise.all([
      run("scripts/token-create.ts", {}, ["--compnay", "acme"]),
      run("scripts/token-list.ts", {}, ["--company"]),
      run("scripts/token-revoke.ts", {}, ["--bogus"]),
    ]);
    for (const result of results) {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(2);
      expect(result.stderr).toMatch(/\nUsage: npx -y pnpm@10\.34\.8 token:/);
      expect(result.stderr).not.toMatch(/^\s+at |node:internal/m);
    }
  });
});
