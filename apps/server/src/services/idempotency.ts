import type { Db } from "../db/database.ts";

/** Keys are remembered this long; a claim nobody finished (a crash) is given up after `STALE_MS`. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const STALE_MS = 60 * 1000;

export type Claim =
  | { state: "new" }
  | { state: "replay"; status: number; body: string; location: string | null }
  | { state: "mismatch" }
  | { state: "inProgress" };

/**
 * Claims `key` for a request of the company, or says what became of the first request that used it:
 * its stored answer (replay), a different request (mismatch), or one still running.
 */
export async function claimIdempotencyKey({
  db,
  input,
}: {
  db: Db;
  input: { companyId: number; key: string; fingerprint: string; now: Date };
}): Promise<Claim> {
  const { companyId, key, fingerprint, now } = input;
  return db.transaction(async (tx) => {
    await tx.execute({
      sql: "DELETE FROM idempotency_keys WHERE company_id = ? AND key = ? AND (created_at < ? OR (status = 0 AND created_at < ?))",
      args: [
        companyId,
        key,
        new Date(now.getTime() - KEEP_MS).toISOString(),
        new Date(now.getTime() - STALE_MS).toISOString(),
      ],
    });
    const inserted = await tx.execute({
      sql: "INSERT INTO idempotency_keys (company_id, key, fingerprint, status, created_at) VALUES (?, ?, ?, 0, ?) ON CONFLICT (company_id, key) DO NOTHING RETURNING id",
      args: [companyId, key, fingerprint, now.toISOString()],
    });
    if (inserted.rows.length) return { state: "new" };
    const existing = await tx.execute({
      sql: "SELECT fingerprint, status, body, location FROM idempotency_keys WHERE company_id = ? AND key = ?",
      args: [companyId, key],
    });
    const row = existing.rows[0]!;
    if (String(row.fingerprint) !== fingerprint) return { state: "mismatch" };
    if (Number(row.status) === 0) return { state: "inProgress" };
    return {
      state: "replay",
      status: Number(row.status),
      body: String(row.body ?? ""),
      location: row.location === null ? null : String(row.location),
    };
  });
}

/** Remembers the answer of a claimed key, or forgets the claim when the answer is worth retrying. */
export async function settleIdempotencyKey({
  db,
  input,
}: {
  db: Db;
  input: {
    companyId: number;
    key: string;
    answer?: { status: number; body: string; location: string | null };
  };
}): Promise<void> {
  const { companyId, key, answer } = input;
  await db.singleWrite((tx) =>
    tx.execute(
      answer
        ? {
            sql: "UPDATE idempotency_keys SET status = ?, body = ?, location = ? WHERE company_id = ? AND key = ?",
            args: [answer.status, answer.body, answer.location, companyId, key],
          }
        : { sql: "DELETE FROM idempotency_keys WHERE company_id = ? AND key = ?", args: [companyId, key] },
    ),
  );
}
