import type { Db, Executor } from "../db/database.ts";
import type { Actor } from "../domain/context.ts";

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
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

/** Finds or creates the company named `name`; returns its id. */
export async function ensureCompany(db: Executor, name: string, now: string): Promise<number> {
  await db.execute({
    sql: "INSERT INTO companies (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
    args: [name, now],
  });
  const result = await db.execute({ sql: "SELECT id FROM companies WHERE name = ?", args: [name] });
  return Number(result.rows[0]!.id);
}

/** Creates an API token for the company (created if new). Only its SHA-256 is stored; the token is returned once. */
export async function createToken({
  db,
  input,
}: {
  db: Db;
  input: { company: string; readOnly?: boolean; label?: string; now?: string };
}): Promise<{ token: string; companyId: number; tokenId: number }> {
  const now = input.now ?? new Date().toISOString();
  const token = newToken();
  const hash = await sha256Hex(token);
  return db.transaction(async (tx) => {
    const companyId = await ensureCompany(tx, input.company, now);
    const result = await tx.execute({
      sql: "INSERT INTO api_tokens (company_id, token_hash, read_only, label, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
      args: [companyId, hash, input.readOnly ? 1 : 0, input.label ?? null, now],
    });
    return { token, companyId, tokenId: Number(result.rows[0]!.id) };
  });
}

/** Whether any token exists yet (the embedded server prints a first one when none does). */
export async function hasAnyToken(db: Executor): Promise<boolean> {
  const result = await db.execute("SELECT 1 FROM api_tokens LIMIT 1");
  return result.rows.length > 0;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{8,200}$/;

/**
 * Resolves a bearer token to its actor. Results are cached per isolate for `cacheMs` (a revoked token
 * keeps working at most that long) because every request needs this lookup; the cache is keyed by the
 * token itself so that a hit costs no hashing (SHA-256 is the largest CPU cost of a cached GET).
 */
export function tokenAuthenticator(db: Executor, cacheMs = 30_000) {
  const cache = new Map<string, { actor: Actor | undefined; until: number }>();
  const lookUp = async (token: string, now: number): Promise<Actor | undefined> => {
    const hash = await sha256Hex(token);
    const result = await db.execute({
      sql: "SELECT id, company_id, token_hash, read_only FROM api_tokens WHERE token_hash = ?",
      args: [hash],
    });
    // Looked up by the SHA-256 of the token: how long the lookup takes says nothing about any stored
    // token, since a guess and a real token share no prefix of their hashes. No second comparison needed.
    const row = result.rows[0];
    const actor = row
      ? {
          companyId: Number(row.company_id),
          tokenId: Number(row.id),
          readOnly: Number(row.read_only) === 1,
        }
      : undefined;
    if (cache.size > 10_000) cache.clear();
    cache.set(token, { actor, until: now + cacheMs });
    return actor;
  };
  // A cached token is answered at once, without a turn of the event loop.
  return (token: string): Actor | undefined | Promise<Actor | undefined> => {
    const now = Date.now();
    const cached = cache.get(token);
    if (cached && cached.until > now) return cached.actor;
    return TOKEN_SHAPE.test(token) ? lookUp(token, now) : undefined;
  };
}
