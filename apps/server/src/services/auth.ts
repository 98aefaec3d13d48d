/**
 * API keys (the `api_tokens` table: only a SHA-256 of each secret is stored), the companies they
 * belong to, and the lookup every request makes (`tokenAuthenticator`, cached per process).
 */
import type { Row } from "@libsql/client";
import { type Db, type Executor, firstRow, writeThenRead } from "../db/database.ts";
import { COMPANY, sql } from "../db/sql.ts";
import type { Actor } from "../domain/context.ts";
import { accessOf, normalScopes, writesAny } from "../domain/scopes.ts";
import { ApiError } from "../errors.ts";

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const base64 = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return `mcs_${base64}`;
}

/** An API key as the API shows it: never its secret, only the secret's last 4 characters (`hint`). */
export interface ApiKey {
  id: number;
  name: string;
  scopes: string[];
  hint: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

const KEY_COLUMNS = sql.raw("id, label, scopes, read_only, hint, created_at, last_used_at, expires_at");

/** A key's stored scopes; a row from before scopes were stored has `*:write` or `*:read`. */
function scopesOf(row: Row): string[] {
  if (typeof row.scopes === "string") {
    try {
      const parsed: unknown = JSON.parse(row.scopes);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {}
  }
  return [Number(row.read_only) === 1 ? "*:read" : "*:write"];
}

function keyOf(row: Row): ApiKey {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: Number(row.id),
    name: text(row.label) ?? `token ${row.id}`,
    scopes: scopesOf(row),
    hint: text(row.hint),
    createdAt: String(row.created_at),
    lastUsedAt: text(row.last_used_at),
    expiresAt: text(row.expires_at),
  };
}

/** Finds or creates the company named `name`; returns its id. */
export async function ensureCompany(db: Executor, name: string, now: string): Promise<number> {
  await db.execute(
    sql`INSERT INTO companies (name, created_at) VALUES (${name}, ${now}) ON CONFLICT (name) DO NOTHING`.statement(),
  );
  const result = await db.execute(sql`SELECT id FROM companies WHERE name = ${name}`.statement());
  return Number(result.rows[0]!.id);
}

/**
 * The most keys one company may have that are not revoked: its key list is answered whole, and each key
 * is a secret to keep. Revoked keys do not count.
 */
export const MAX_KEYS = 500;

/**
 * A new key of the company: the row, and its secret (answered this once; only its SHA-256 is kept).
 * 409 when the company already has `MAX_KEYS`, counted in the insert's own statement.
 */
export async function insertKey(
  db: Executor,
  input: {
    companyId: number;
    name: string;
    scopes: readonly string[];
    expiresAt?: string | null;
    now: string;
  },
): Promise<{ key: ApiKey; secret: string }> {
  const secret = newToken();
  const scopes = normalScopes(input.scopes);
  const values = sql.values([
    COMPANY,
    await sha256Hex(secret),
    writesAny(accessOf(scopes)) ? 0 : 1,
    input.name,
    input.now,
    JSON.stringify(scopes),
    secret.slice(-4),
    input.expiresAt ?? null,
  ]);
  const result = await db.execute(
    sql`INSERT INTO api_tokens (company_id, token_hash, read_only, label, created_at, scopes, hint, expires_at) SELECT ${values} WHERE (SELECT count(*) FROM api_tokens WHERE company_id = ${sql.company} AND revoked_at IS NULL) < ${MAX_KEYS} RETURNING ${KEY_COLUMNS}`.statementFor(
      input.companyId,
    ),
  );
  const row = result.rows[0];
  if (!row) {
    throw new ApiError(
      "conflict",
      `This company has ${MAX_KEYS} API keys, the most it may have: revoke one it no longer uses (DELETE /api-keys/{id}.json).`,
      { rule: "api_key_limit" },
    );
  }
  return { key: keyOf(row), secret };
}

/**
 * Creates an API key for the company (created if new): `*:write`, or `*:read` when `readOnly`, unless
 * `scopes` are given. Only its SHA-256 is stored; the token is returned once.
 */
export async function createToken({
  db,
  input,
}: {
  db: Db;
  input: {
    company: string;
    readOnly?: boolean;
    label?: string;
    scopes?: readonly string[];
    expiresAt?: string;
    now?: string;
  };
}): Promise<{ token: string; companyId: number; tokenId: number; key: ApiKey }> {
  const now = input.now ?? new Date().toISOString();
  return db.transaction(async (tx) => {
    const companyId = await ensureCompany(tx, input.company, now);
    const scopes = input.scopes?.length ? input.scopes : [input.readOnly ? "*:read" : "*:write"];
    const { key, secret } = await insertKey(tx, {
      companyId,
      name: input.label ?? (input.company === "default" ? "first key" : "command line"),
      scopes,
      expiresAt: input.expiresAt,
      now,
    });
    return { token: secret, companyId, tokenId: key.id, key };
  });
}

/** Whether any token exists yet (the embedded server prints a first one when none does). */
export async function hasAnyToken(db: Executor): Promise<boolean> {
  const result = await db.execute("SELECT 1 FROM api_tokens LIMIT 1");
  return result.rows.length > 0;
}

/** The company's keys that are not revoked, oldest first. */
export async function listKeys(db: Executor, companyId: number): Promise<ApiKey[]> {
  const result = await db.execute(
    sql`SELECT ${KEY_COLUMNS} FROM api_tokens WHERE company_id = ${sql.company} AND revoked_at IS NULL ORDER BY id`.statementFor(
      companyId,
    ),
  );
  return result.rows.map(keyOf);
}

/** One key of the company: 404 when there is none (or it was revoked). */
export async function getKey(db: Executor, companyId: number, id: number): Promise<ApiKey> {
  const row = await firstRow(
    db,
    sql`SELECT ${KEY_COLUMNS} FROM api_tokens WHERE id = ${id} AND company_id = ${sql.company} AND revoked_at IS NULL`.statementFor(
      companyId,
    ),
  );
  if (!row) throw new ApiError("not_found", `No API key with id ${id}.`);
  return keyOf(row);
}

/** Revokes a key of the company: from now on it authenticates nothing. 404 when there is none. */
export async function revokeKey(db: Executor, companyId: number, id: number, now: string): Promise<void> {
  const result = await db.execute(
    sql`UPDATE api_tokens SET revoked_at = ${now} WHERE id = ${id} AND company_id = ${sql.company} AND revoked_at IS NULL`.statementFor(
      companyId,
    ),
  );
  if (result.rowsAffected !== 1) throw new ApiError("not_found", `No API key with id ${id}.`);
}

/** A company as the operator's routes show it. */
export interface Company {
  id: number;
  name: string;
  createdAt: string;
  suspendedAt: string | null;
  /** Its keys that are not revoked. */
  keys: number;
}

const COMPANY_COLUMNS = sql.raw(
  "id, name, created_at, suspended_at, (SELECT count(*) FROM api_tokens t WHERE t.company_id = companies.id AND t.revoked_at IS NULL) AS keys",
);

function companyOf(row: Row): Company {
  return {
    id: Number(row.id),
    name: String(row.name),
    createdAt: String(row.created_at),
    suspendedAt: row.suspended_at === null ? null : String(row.suspended_at),
    keys: Number(row.keys),
  };
}

/** Companies by id, `limit` of them after the first `from`. */
export async function listCompanies(db: Executor, limit: number, from: number): Promise<Company[]> {
  const result = await db.execute(
    sql`SELECT ${COMPANY_COLUMNS} FROM companies ORDER BY id LIMIT ${limit} OFFSET ${from}`.statement(),
  );
  return result.rows.map(companyOf);
}

export async function getCompany(db: Executor, id: number): Promise<Company> {
  const row = await firstRow(db, sql`SELECT ${COMPANY_COLUMNS} FROM companies WHERE id = ${id}`.statement());
  if (!row) throw new ApiError("not_found", `No company with id ${id}.`);
  return companyOf(row);
}

/** A new company: 409 when one has that name. */
export async function createCompany(db: Executor, name: string, now: string): Promise<Company> {
  const result = await db.execute(
    sql`INSERT INTO companies (name, created_at) VALUES (${name}, ${now}) ON CONFLICT (name) DO NOTHING RETURNING id`.statement(),
  );
  const row = result.rows[0];
  if (!row) {
    throw new ApiError("conflict", `A company named "${name}" exists already.`, { fields: ["name"] });
  }
  return getCompany(db, Number(row.id));
}

/** Suspends a company (its keys are refused, 403) or lifts the suspension. */
export async function suspendCompany(db: Executor, id: number, suspended: boolean, now: string) {
  const result = await db.execute(
    (suspended
      ? sql`UPDATE companies SET suspended_at = coalesce(suspended_at, ${now}) WHERE id = ${id}`
      : sql`UPDATE companies SET suspended_at = NULL WHERE id = ${id}`
    ).statement(),
  );
  if (result.rowsAffected !== 1) throw new ApiError("not_found", `No company with id ${id}.`);
  return getCompany(db, id);
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{8,200}$/;
/** A token's last use when this process has not looked it up yet. */
const UNKNOWN = -1;

/** How often a key's `lastUsedAt` is written at most: once a minute. */
export const LAST_USED_EVERY_MS = 60_000;

/** Resolves a bearer token to its actor (undefined: unknown); forgets keys and companies on demand. */
export interface Authenticator {
  (token: string): Actor | undefined | Promise<Actor | undefined>;
  /** Drops a key from this process's cache: its next request is looked up again (and refused). */
  forgetKey(keyId: number): void;
  /** Drops every key of a company from the cache (a suspension takes effect here at once). */
  forgetCompany(companyId: number): void;
}

/** The key of a token's hash, with its company's suspension. */
const lookupOf = (hash: string) =>
  sql`SELECT t.id, t.company_id, t.read_only, t.scopes, t.expires_at, t.last_used_at, c.suspended_at FROM api_tokens t JOIN companies c ON c.id = t.company_id WHERE t.token_hash = ${hash} AND t.revoked_at IS NULL`.statement();

/**
 * Resolves a bearer token to its actor. Results are cached per process (per isolate on Workers) for
 * `cacheMs` because every request needs this lookup: a key revoked, or a company suspended, elsewhere is
 * refused here once its entry is that old; here at once (`forgetKey`, `forgetCompany`). The cache is keyed
 * by the token itself so that a hit costs no hashing (SHA-256 is the largest CPU cost of a cached GET).
 * A key's `lastUsedAt` is written by a lookup, at most once a minute: in the lookup's own round trip
 * (one batch), so it costs a cached request nothing.
 */
export function tokenAuthenticator(db: Db | Executor, cacheMs = 30_000): Authenticator {
  const cache = new Map<string, { actor: Actor | undefined; until: number; lastUsed: number }>();
  // Counts the keys and companies forgotten (a revoke, a suspension): a lookup under way meanwhile read
  // the key as it was, and is answered but not cached, so the next request reads it anew.
  let forgotten = 0;
  const lookUp = async (token: string, now: number, lastUsed: number): Promise<Actor | undefined> => {
    const started = forgotten;
    const hash = await sha256Hex(token);
    const lookup = lookupOf(hash);
    let row: Row | undefined;
    let touched = false;
    const since = new Date(now - LAST_USED_EVERY_MS).toISOString();
    const touch = sql`UPDATE api_tokens SET last_used_at = ${new Date(now).toISOString()} WHERE token_hash = ${hash} AND revoked_at IS NULL AND (last_used_at IS NULL OR last_used_at < ${since})`;
    // A key this process knows, its use due: written with the lookup, one batch. A token it has not seen
    // is read first: a guess, whatever its shape, never takes the write lock; a key found whose use is
    // due is written after (once a minute at most, as always).
    if (lastUsed !== UNKNOWN && now - lastUsed >= LAST_USED_EVERY_MS && "write" in db) {
      const found = await db.write((session) => writeThenRead(session, [touch.statement()], lookup));
      row = found.rows[0];
    } else {
      row = (await db.execute(lookup)).rows[0];
      const stale = row && (row.last_used_at === null || String(row.last_used_at) < since);
      if (stale && lastUsed === UNKNOWN && "write" in db) {
        await db.write((session) => session.apply([touch.statement()]));
        touched = true;
      }
    }
    // Looked up by the SHA-256 of the token: how long the lookup takes says nothing about any stored
    // token, since a guess and a real token share no prefix of their hashes. No second comparison needed.
    let actor: Actor | undefined;
    // No such key: nothing to record, whenever it is sent again.
    let used = now;
    if (row) {
      const scopes = scopesOf(row);
      const access = accessOf(scopes);
      actor = {
        companyId: Number(row.company_id),
        tokenId: Number(row.id),
        readOnly: !writesAny(access),
        access,
        scopes,
        ...(row.expires_at === null ? {} : { expiresAt: Date.parse(String(row.expires_at)) }),
        ...(row.suspended_at === null ? {} : { suspended: true }),
      };
      used = touched ? now : row.last_used_at === null ? 0 : Date.parse(String(row.last_used_at));
    }
    // Full: the tokens that named no key go first (a flood of guesses evicts no key), then all.
    if (cache.size > 10_000) for (const [known, entry] of cache) if (!entry.actor) cache.delete(known);
    if (cache.size > 10_000) cache.clear();
    if (forgotten === started) cache.set(token, { actor, until: now + cacheMs, lastUsed: used });
    return actor;
  };
  const forget = (drop: (actor: Actor) => boolean) => {
    forgotten++;
    for (const [token, entry] of cache) if (entry.actor && drop(entry.actor)) cache.delete(token);
  };
  // A cached token is answered at once, without a turn of the event loop.
  const resolve = (token: string): Actor | undefined | Promise<Actor | undefined> => {
    const now = Date.now();
    const cached = cache.get(token);
    if (cached && cached.until > now) return cached.actor;
    return TOKEN_SHAPE.test(token) ? lookUp(token, now, cached?.lastUsed ?? UNKNOWN) : undefined;
  };
  return Object.assign(resolve, {
    forgetKey: (keyId: number) => forget((actor) => actor.tokenId === keyId),
    forgetCompany: (companyId: number) => forget((actor) => actor.companyId === companyId),
  });
}
