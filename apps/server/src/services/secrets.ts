/**
 * Secret fields beyond a request: opened to call out (`openSecret`), and sealed at start where a value
 * is still held in plain text or under a previous key (`sealStoredSecrets`).
 */
import type { Db, Executor } from "../db/database.ts";
import { INBOUND_SECRETS } from "../db/secret-sql.ts";
import { sql } from "../db/sql.ts";
import { digestOf, type Keyring, open, PLAIN_PREFIX, seal, sealedWithCurrent } from "../domain/secrets.ts";

/** The plain value of a record's secret field, or undefined when it has none. */
export async function openSecret(
  db: Executor,
  keyring: Keyring,
  place: { companyId: number; kind: string; recordId: number; field: string },
): Promise<string | undefined> {
  const found = await db.execute(
    sql`SELECT sealed FROM sealed_values WHERE kind = ${place.kind} AND record_id = ${place.recordId} AND field = ${place.field} AND company_id = ${sql.company}`.statementFor(
      place.companyId,
    ),
  );
  const sealed = found.rows[0]?.sealed;
  if (sealed === undefined || sealed === null) return undefined;
  const text = String(sealed);
  return text.startsWith(PLAIN_PREFIX) ? text.slice(PLAIN_PREFIX.length) : open(keyring, { ...place }, text);
}

const BATCH = 200;

/**
 * Seals what `sealed_values` still holds in plain text (moved there from the records by migration
 * 0014) and seals again what an earlier key sealed, under the current key; adds the digest of an
 * inbound secret that has none (one two companies share is left out: it names neither). Idempotent:
 * run at every start, it finds nothing once done. Answers how many values it sealed, and how many no
 * configured key opens (a key left out of SECRETS_KEY_PREVIOUS): those stay as they are.
 */
export async function sealStoredSecrets(
  db: Db,
  keyring: Keyring,
): Promise<{ sealed: number; unopened: number }> {
  let sealed = 0;
  let unopened = 0;
  let after = 0;
  // Inbound secrets chosen alike by two records (clients chose them before): neither is accepted.
  const shared = new Set<string>();
  for (;;) {
    const rows = (
      await db.execute(
        sql`SELECT rowid, company_id, kind, record_id, field, sealed FROM sealed_values WHERE rowid > ${after} AND (sealed LIKE 'plain:%' OR substr(sealed, 1, 9) <> ${`${keyring.current.id}.`}) ORDER BY rowid LIMIT ${BATCH}`.statement(),
      )
    ).rows;
    if (!rows.length) return { sealed, unopened };
    for (const row of rows) {
      after = Number(row.rowid);
      const place = { companyId: Number(row.company_id), kind: String(row.kind), field: String(row.field) };
      const text = String(row.sealed);
      if (sealedWithCurrent(keyring, text)) continue;
      let plain: string;
      try {
        plain = text.startsWith(PLAIN_PREFIX)
          ? text.slice(PLAIN_PREFIX.length)
          : await open(keyring, place, text);
      } catch {
        unopened++;
        continue;
      }
      if (text.startsWith(PLAIN_PREFIX) && INBOUND_SECRETS[place.kind] === place.field) {
        const digest = await digestOf(plain);
        const added = shared.has(digest)
          ? undefined
          : await db.execute(
              sql`INSERT INTO inbound_secrets (company_id, kind, record_id, digest) VALUES (${sql.company}, ${place.kind}, ${Number(row.record_id)}, ${digest}) ON CONFLICT (digest) DO NOTHING`.statementFor(
                place.companyId,
              ),
            );
        if (!added?.rowsAffected) {
          shared.add(digest);
          await db.execute(sql`DELETE FROM inbound_secrets WHERE digest = ${digest}`.statement());
        }
      }
      // Only while it is as read: a write meanwhile has sealed its own value.
      const resealed = await seal(keyring, place, plain);
      await db.execute(
        sql`UPDATE sealed_values SET sealed = ${resealed} WHERE rowid = ${after} AND sealed = ${text}`.statement(),
      );
      sealed++;
    }
  }
}
