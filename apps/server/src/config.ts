import * as v from "valibot";
import { type KeyBytes, keyBytes } from "./domain/secrets.ts";
import { StartupError, shownDatabaseUrl } from "./startup-errors.ts";

// Each message reads after "<VARIABLE> must be ", and the value sent follows: `PORT must be 1–65535, got "abc"`.

/** 1–65535; 0 (any free port) is taken too, for tests and tools. */
const port = v.pipe(
  v.optional(v.string(), "8787"),
  v.regex(/^\d{1,5}$/, "1–65535"),
  v.transform(Number),
  v.maxValue(65535, "1–65535"),
);

/** The URL schemes the database drivers take: an embedded file, or a libSQL server (Turso, the dev one). */
const DATABASE_URL_FORM = /^(file:.+|:memory:|(libsql|https?|wss?):\/\/[^/?#\s]+.*)$/;

/**
 * The mail server: `smtp://` (STARTTLS when offered) or `smtps://` (TLS from the start), a host, an
 * optional port and credentials (`user:password@`, percent-encoded), and query options.
 */
const SMTP_URL_FORM = /^smtps?:\/\/([^@/?#\s]+@)?[^@/?#\s:]+(:\d{1,5})?\/?(\?[^#\s]*)?$/;

/** An address (`orders@example.com`), or a name and an address (`Acme Orders <orders@example.com>`). */
const MAIL_FROM_FORM = /^([^<>"\r\n]+ <[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+)$/;

/**
 * The web origins whose pages may call the API from a browser: `*`, or origins (a scheme, a host and a
 * port if not the scheme's own) separated by commas, a trailing slash allowed.
 */
const CORS_ORIGINS_FORM = /^\s*(\*|https?:\/\/[^/?#@\s,*]+\/?(\s*,\s*https?:\/\/[^/?#@\s,*]+\/?)*)?\s*$/i;

/** Seconds, whole or with a fraction (`10`, `0.5`), as milliseconds. */
/**
 * A bearer token the operator chooses (`ADMIN_TOKEN`, `METRICS_TOKEN`): spaces around it (an env file's)
 * are left out, and one with a space inside is refused, since `Authorization: Bearer` carries one word.
 */
function bearerToken(least: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\S*$/, "one word without spaces (`Authorization: Bearer <token>` carries no space)"),
      v.minLength(least, `at least ${least} characters`),
    ),
  );
}

function seconds(fallback: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}(\.\d{1,3})?$/, "a number of seconds, e.g. 10 or 0.5"),
      v.transform((value) => Math.round(Number(value) * 1000)),
    ),
    fallback,
  );
}

/** LogTape's levels, and `warn` for `warning` as other tools spell it. */
const LOG_LEVELS = ["trace", "debug", "info", "warning", "warn", "error", "fatal"] as const;

function positiveRate(fallback: string) {
  return v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, "a whole number from 1"), v.transform(Number)),
    fallback,
  );
}

/** The environment every entry reads once, at start. */
export const EnvSchema = v.pipe(
  v.object({
    DATABASE_URL: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          DATABASE_URL_FORM,
          "an embedded file (file:PATH) or a libSQL server's URL (libsql://, https://, http://, wss:// or ws://)",
        ),
      ),
      "file:.data/multichannel.db",
    ),
    DATABASE_AUTH_TOKEN: v.optional(v.string()),
    HOST: v.optional(v.string(), "127.0.0.1"),
    PORT: port,
    BASE_PATH: v.optional(v.pipe(v.string(), v.regex(/^(\/[A-Za-z0-9._-]+)*$/, "empty or like /v1")), ""),
    /**
     * Where clients reach the server (an origin, and a proxy's prefix if any): the start of every URL it
     * hands out. Unset: relative links, and stored URLs from the listening address.
     */
    PUBLIC_URL: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^(https?:\/\/[^/?#@\s]+(\/[^?#\s]*)?)?$/,
          "an http(s) URL with no query, fragment or credentials, e.g. https://api.example.com",
        ),
        // Empty (a Worker's `vars` entry left blank) is unset.
        v.transform((url) => url.replace(/\/+$/, "") || undefined),
      ),
    ),
    /** The database time one request may take (then 503 with Retry-After), in ms; 0: no limit. */
    DB_TIME_LIMIT: seconds("10"),
    /**
     * Expensive requests (lists that sort or skip many records or match a `$like` pattern, inventory exports) one company may have
     * running at once; past it, 429 with Retry-After.
     */
    EXPENSIVE_PER_COMPANY: positiveRate("2"),
    /** How long a generated file (a label, an export) is kept, in days. */
    FILES_KEEP_DAYS: positiveRate("90"),
    /** How many bytes of generated files one company may keep (MiB in the environment). */
    FILES_QUOTA_MB: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,6}$/, "a whole number of MiB from 1"),
        v.transform((mib) => Number(mib) * 1024 * 1024),
      ),
      "1024",
    ),
    /** How large one uploaded file may be (`POST /files.json`), in MiB. */
    FILES_UPLOAD_LIMIT_MB: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,5}$/, "a whole number of MiB from 1, e.g. 50"),
        v.transform((mib) => Number(mib) * 1024 * 1024),
      ),
      "50",
    ),
    /**
     * The directory of stored files' bodies (Node, Deno). Unset: `<database file>.files` beside an
     * embedded database; a remote database needs it set.
     */
    FILES_DIR: v.optional(v.pipe(v.string(), v.minLength(1, "a directory's path"))),
    BODY_LIMIT: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,9}$/, "a number of bytes, e.g. 1048576 for 1 MiB"),
        v.transform(Number),
      ),
      "1048576",
    ),
    /** `on`: the reference's rate limits per company (below); `off`: none. */
    RATE_LIMIT: v.optional(
      v.pipe(
        v.picklist(["on", "off"], "on or off"),
        v.transform((value) => value === "on"),
      ),
      "off",
    ),
    RATE_LIMIT_GET_PER_SECOND: positiveRate("2"),
    RATE_LIMIT_WRITE_PER_SECOND: positiveRate("1"),
    /** `true`: webhooks and callouts may go to plain http and local addresses (development, tests). */
    WEBHOOKS_ALLOW_LOCALHOST: v.optional(
      v.pipe(
        v.picklist(["true", "false"], "true or false"),
        v.transform((value) => value === "true"),
      ),
      "false",
    ),
    /**
     * The web origins whose pages may call the API from a browser (CORS): `*` for any, or a list. Unset
     * or empty: none (the browser refuses a page of another origin, as without CORS).
     */
    CORS_ORIGINS: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          CORS_ORIGINS_FORM,
          "* or origins separated by commas, each a scheme, a host and a port only, e.g. https://backoffice.example.com,http://localhost:5173",
        ),
        v.transform(corsOrigins),
      ),
    ),
    /** The lowest level logged: `info` logs every request (one JSON line each); `warning` only problems. */
    LOG_LEVEL: v.optional(
      v.pipe(
        v.picklist(LOG_LEVELS, `one of ${LOG_LEVELS.join(", ")}`),
        v.transform((level) => (level === "warn" ? "warning" : level)),
      ),
      "info",
    ),
    /**
     * The key that seals integration credentials and webhook secrets at rest: 32 random bytes in base64
     * (`openssl rand -base64 32`). Unset: the embedded Node and Deno servers make one beside their
     * database (`<dir>/secrets.key`, readable by the owner only); elsewhere it must be set.
     */
    SECRETS_KEY: v.optional(
      v.pipe(v.string(), v.minLength(43, "32 random bytes in base64 (`openssl rand -base64 32`)")),
    ),
    /** Earlier keys, comma-separated, that still open what they sealed (sealed again with SECRETS_KEY at start). */
    SECRETS_KEY_PREVIOUS: v.optional(v.string()),
    /** The operator's bearer token for `/admin/companies` (hosted, multi-company installs); unset, no such routes. */
    ADMIN_TOKEN: bearerToken(32),
    /** `true`: behind a reverse proxy, a client's address is the last one of `X-Forwarded-For`. */
    TRUST_PROXY: v.optional(
      v.pipe(
        v.picklist(["true", "false"], "true or false"),
        v.transform((value) => value === "true"),
      ),
      "false",
    ),
    /** The bearer token `GET /metrics` asks for; unset, `/metrics` is a 404. */
    METRICS_TOKEN: bearerToken(16),
    /** The mail server purchase orders are e-mailed through; unset, e-mail is not configured. */
    SMTP_URL: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          SMTP_URL_FORM,
          "an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465 (percent-encode @ and : in the credentials)",
        ),
      ),
    ),
    /** The address e-mailed purchase orders come from; required with SMTP_URL. */
    MAIL_FROM: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          MAIL_FROM_FORM,
          "an e-mail address, e.g. orders@example.com or Acme Orders <orders@example.com>",
        ),
      ),
    ),
    /** How long a stop waits for requests in flight and the delivery in hand (then cuts them), in ms. */
    SHUTDOWN_TIMEOUT: seconds("10"),
    /** How long a client has to send a request's headers (Node), in ms. */
    HEADERS_TIMEOUT: seconds("10"),
    /** How long a client has to send a whole request, body included (Node), in ms. */
    REQUEST_TIMEOUT: seconds("60"),
  }),
  // Node refuses a headers timeout longer than the request's (0 turns either off).
  v.forward(
    v.partialCheck(
      [["HEADERS_TIMEOUT"], ["REQUEST_TIMEOUT"]],
      (env) => env.REQUEST_TIMEOUT === 0 || env.HEADERS_TIMEOUT <= env.REQUEST_TIMEOUT,
      "at most REQUEST_TIMEOUT",
    ),
    ["HEADERS_TIMEOUT"],
  ),
  v.forward(
    v.partialCheck(
      [["SMTP_URL"], ["MAIL_FROM"]],
      (env) => env.SMTP_URL === undefined || env.MAIL_FROM !== undefined,
      "set when SMTP_URL is: the address purchase orders are e-mailed from, e.g. orders@example.com",
    ),
    ["MAIL_FROM"],
  ),
);

export type Env = v.InferOutput<typeof EnvSchema>;

/**
 * CORS_ORIGINS as the app takes it: `*`, or each origin as a browser sends it in `Origin` (lower case,
 * no trailing slash); undefined when empty.
 */
function corsOrigins(value: string): "*" | readonly string[] | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  if (text === "*") return "*";
  // A browser leaves out the scheme's own port.
  const asSent = (origin: string) =>
    origin
      .trim()
      .replace(/\/$/, "")
      .toLowerCase()
      .replace(/^(https:\/\/.*):443$|^(http:\/\/.*):80$/, "$1$2");
  return [...new Set(text.split(",").map(asSent))];
}

/** The rate limits the environment asks for, or undefined when they are off. */
export function rateLimitOf(env: Env): { getPerSecond: number; writePerSecond: number } | undefined {
  return env.RATE_LIMIT
    ? { getPerSecond: env.RATE_LIMIT_GET_PER_SECOND, writePerSecond: env.RATE_LIMIT_WRITE_PER_SECOND }
    : undefined;
}

/**
 * The raw bytes of SECRETS_KEY (or of the key `fallback` gives when it is unset) and of the previous
 * keys; throws a readable error when one is not 32 bytes of base64.
 */
export function secretsKeysOf(
  env: Env,
  fallback?: () => string,
): { current: KeyBytes; previous: KeyBytes[] } {
  const current = env.SECRETS_KEY ?? fallback?.();
  if (!current) {
    throw new StartupError(
      `Invalid configuration: SECRETS_KEY must be set for a database that is not an embedded file (DATABASE_URL=${shownDatabaseUrl(env.DATABASE_URL)}): 32 random bytes in base64, made with \`openssl rand -base64 32\`; keep it, it opens what is sealed with it.`,
    );
  }
  const previous = (env.SECRETS_KEY_PREVIOUS ?? "")
    .split(",")
    .filter((key) => key.trim())
    .map((key) => keyBytes("SECRETS_KEY_PREVIOUS", key));
  return { current: keyBytes("SECRETS_KEY", current), previous };
}

/**
 * How stored files are bounded per company: kept `keepDays`, at most `quotaBytes` in all, an upload at
 * most `uploadLimitBytes`.
 */
export function filesPolicyOf(env: Env): { keepDays: number; quotaBytes: number; uploadLimitBytes: number } {
  return {
    keepDays: env.FILES_KEEP_DAYS,
    quotaBytes: env.FILES_QUOTA_MB,
    uploadLimitBytes: env.FILES_UPLOAD_LIMIT_MB,
  };
}

/** The mail server and sender address when e-mail is configured (SMTP_URL and MAIL_FROM), else undefined. */
export function mailOf(env: Env): { url: string; from: string } | undefined {
  return env.SMTP_URL !== undefined && env.MAIL_FROM !== undefined
    ? { url: env.SMTP_URL, from: env.MAIL_FROM }
    : undefined;
}

/** Variables whose values are never repeated in a message: only their length is. */
const SECRET_VARIABLES = new Set([
  "DATABASE_AUTH_TOKEN",
  "SECRETS_KEY",
  "SECRETS_KEY_PREVIOUS",
  "ADMIN_TOKEN",
  "METRICS_TOKEN",
]);

/** What a message says was sent for `name`. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return "nothing";
  if (SECRET_VARIABLES.has(name)) return `${value.length} characters`;
  // Both may carry credentials: their scheme and host only.
  if (name === "DATABASE_URL" || name === "SMTP_URL") return `"${shownDatabaseUrl(value)}"`;
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
}

/**
 * Parses the environment, or throws a StartupError with a line for each variable that is wrong:
 * `Invalid configuration: PORT must be 1–65535, got "abc"`.
 */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const result = v.safeParse(EnvSchema, withHeadersTimeout(env));
  if (result.success) return result.output;
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const issue of result.issues) {
    const name = String(issue.path?.[0]?.key ?? "");
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push(`${name} must be ${issue.message}, got ${shownValue(name, env[name])}`);
  }
  throw new StartupError(
    problems.length === 1
      ? `Invalid configuration: ${problems[0]}`
      : `Invalid configuration:\n  ${problems.join("\n  ")}`,
  );
}

/**
 * HEADERS_TIMEOUT left unset is 10 s, or REQUEST_TIMEOUT when that is shorter (as Node's own default
 * does): a REQUEST_TIMEOUT of 5 alone is then taken, where the default would be longer than it.
 */
function withHeadersTimeout(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const request = Number(env.REQUEST_TIMEOUT);
  if (env.HEADERS_TIMEOUT !== undefined || !(request > 0 && request < 10)) return env;
  return { ...env, HEADERS_TIMEOUT: env.REQUEST_TIMEOUT };
}

/** True when DATABASE_URL names an embedded file (or memory) database rather than a server. */
export function isEmbedded(url: string): boolean {
  return url.startsWith("file:") || url === ":memory:";
}
