import type { InStatement } from "@libsql/client";
import type { Db, Executor } from "../db/database.ts";
import { PRUNE_BATCH, pruneInBatches } from "../db/prune.ts";
import { type Sql, sql } from "../db/sql.ts";
import { changed } from "../db/write-guards.ts";
import type { AnswerText } from "../domain/record-plans.ts";
import { ApiError } from "../errors.ts";

/**
 * Keys are remembered this long. A key claimed without its answer (a row a database may still hold from
 * a server that claimed keys apart from their answers) is in progress for `STALE_MS`, then taken as lost.
 */
const KEEP_MS = 24 * 60 * 60 * 1000;
const STALE_MS = 60 * 1000;

/**
 * Forgets the keys past their day (their answers go with them), at most `batch` a statement so that no
 * statement holds the write lock long: a key is never replayed after its day in any case.
 */
export async function pruneKeys(db: Db, nowMs: number, batch = PRUNE_BATCH): Promise<void> {
  const before = new Date(nowMs - KEEP_MS).toISOString();
  await pruneInBatches(
    db,
    sql`DELETE FROM idempotency_keys WHERE id IN (SELECT id FROM idempotency_keys WHERE created_at < ${before} LIMIT ${batch})`.statement(),
    batch,
  );
}

export type Claim =
  | { state: "new" }
  | { state: "replay"; status: number; body: string; location: string | null }
  | { state: "mismatch" }
  | { state: "inProgress" }
  | { state: "lost" };

/** The request a key was used with, as stored (`hash`), and whether a stored one is the same request. */
export interface Fingerprint {
  readonly hash: string;
  matches(stored: string): boolean;
}

const HASHED = "sha256:";
const encoder = new TextEncoder();

/**
 * What is kept of a request to tell a retry from another use of its key: the SHA-256 of its method,
 * path, query and body, never the text itself (a query may carry `access_token`). Rows written before
 * (the text, its token blanked by migration 0016) still match the request they were made for.
 */
export async function fingerprintOf(request: string): Promise<Fingerprint> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(request)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  const hash = HASHED + hex;
  return {
    hash,
    matches: (stored) => stored === hash || (!stored.startsWith(HASHED) && stored === tokenBlanked(request)),
  };
}

/**
 * The request text with the value of its first `access_token` query parameter blanked: what migration
 * 0016 left of a text fingerprint (the same steps in SQL).
 */
export function tokenBlanked(request: string): string {
  const question = request.indexOf("?access_token=");
  const ampersand = request.indexOf("&access_token=");
  const at = question >= 0 && (ampersand < 0 || question < ampersand) ? question : ampersand;
  if (at < 0) return request;
  const value = at + "?access_token=".length;
  const rest = request.slice(value);
  const and = rest.indexOf("&");
  const space = rest.indexOf(" ");
  const end = and >= 0 && (space < 0 || and < space) ? and : space >= 0 ? space : rest.length;
  return request.slice(0, value) + rest.slice(end);
}

/** A key the request in hand uses for the first time: its write claims it (`keyStatements`). */
export interface PendingKey {
  readonly companyId: number;
  readonly key: string;
  readonly fingerprint: string;
  /** When the request came, ISO 8601. */
  readonly at: string;
  /** Set once the key's answer is stored (with the write, or by `settleIdempotencyKey`). */
  answered?: boolean;
}

export interface KeptAnswer {
  status: number;
  body: AnswerText;
  location: AnswerText | null;
}

/** What became of the first request that used `key`, in one read. */
export async function lookupIdempotencyKey({
  db,
  input,
}: {
  db: Executor;
  input: { companyId: number; key: string; fingerprint: Fingerprint; now: Date };
}): Promise<Claim> {
  const { companyId, key, now } = input;
  const found = await db.execute(
    sql`SELECT fingerprint, status, body, location, created_at FROM idempotency_keys WHERE company_id = ${sql.company} AND key = ${key}`.statementFor(
      companyId,
    ),
  );
  const row = found.rows[0];
  if (!row || Date.parse(String(row.created_at)) < now.getTime() - KEEP_MS) return { state: "new" };
  if (!input.fingerprint.matches(String(row.fingerprint))) return { state: "mismatch" };
  if (Number(row.status) === 0) {
    return Date.parse(String(row.created_at)) < now.getTime() - STALE_MS
      ? { state: "lost" }
      : { state: "inProgress" };
  }
  return {
    state: "replay",
    status: Number(row.status),
    body: String(row.body ?? ""),
    location: row.location === null ? null : String(row.location),
  };
}

/** SQL for answer text: a parameter, or the expression that makes it in the batch. */
const textSql = (text: AnswerText | null): Sql => (sql.is(text) ? sql`(${text})` : sql`${text}`);

/**
 * The key's row, written with its answer unless another request holds it: a row of the last 24 hours is
 * left as it is (then the guard after it, `keyStatements`, aborts the batch).
 */
function keyRow(pending: PendingKey, answer: KeptAnswer): InStatement {
  const stale = new Date(Date.parse(pending.at) - KEEP_MS).toISOString();
  return sql`INSERT INTO idempotency_keys (company_id, key, fingerprint, status, body, location, created_at) VALUES (${sql.company}, ${pending.key}, ${pending.fingerprint}, ${answer.status}, ${textSql(answer.body)}, ${textSql(answer.location)}, ${pending.at}) ON CONFLICT (company_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body, location = excluded.location, created_at = excluded.created_at WHERE idempotency_keys.created_at < ${stale}`.statementFor(
    pending.companyId,
  );
}

/** Another request with the same key got there first: the client retries and is answered its result. */
export function keyInUse(): ApiError {
  return new ApiError(
    "conflict",
    "A request with this Idempotency-Key is still running; retry shortly.",
    {},
    { "Retry-After": "1" },
  );
}

/**
 * Statements that claim the key in a write's own batch, with the write's answer: the write and its
 * answer are kept together or not at all. The second one is a guard: a batch it aborts is one whose key
 * another request took meanwhile (answer `keyInUse`).
 */
export function keyStatements(pending: PendingKey, answer: KeptAnswer): InStatement[] {
  return [keyRow(pending, answer), changed(1)];
}

/**
 * Stores the answer of a key whose write did not store it: one made without writing (a refusal, a 422).
 * A key answered meanwhile stays as it is.
 */
export async function settleIdempotencyKey({
  db,
  input,
}: {
  db: Db;
  input: { pending: PendingKey; answer: { status: number; body: string; location: string | null } };
}): Promise<void> {
  const { pending, answer } = input;
  const stale = new Date(Date.parse(pending.at) - KEEP_MS).toISOString();
  await db.execute(
    sql`INSERT INTO idempotency_keys (company_id, key, fingerprint, status, body, location, created_at) VALUES (${sql.company}, ${pending.key}, ${pending.fingerprint}, ${answer.status}, ${answer.body}, ${answer.location}, ${pending.at}) ON CONFLICT (company_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body, location = excluded.location, created_at = excluded.created_at WHERE idempotency_keys.status = 0 OR idempotency_keys.created_at < ${stale}`.statementFor(
      pending.companyId,
    ),
  );
  pending.answered = true;
}
