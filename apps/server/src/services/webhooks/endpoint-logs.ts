/**
 * The delivery logs of deleted webhook endpoints. A busy endpoint's log holds millions of rows: no
 * request could delete them within its database time, nor hold the write lock that long. So the delete
 * only notes the endpoint (`deleted_endpoint_logs`), and the dispatcher's prune removes each noted log
 * in batches, then the note.
 */
import { type Db, firstRow } from "../../db/database.ts";
import { PRUNE_BATCH } from "../../db/prune.ts";
import { sql } from "../../db/sql.ts";
import { MAX_ATTEMPTS } from "./deliveries.ts";

/**
 * The deliveries one batch removes, with their attempts: a batch deletes at most `PRUNE_BATCH` rows of
 * either table.
 */
export const SWEEP_DELIVERIES = Math.floor(PRUNE_BATCH / MAX_ATTEMPTS);

/** Removes the delivery logs of the deleted endpoints. */
export async function sweepDeletedEndpoints(db: Db): Promise<void> {
  let after = 0;
  for (;;) {
    const noted = await firstRow(
      db,
      sql`SELECT endpoint_id, company_id FROM deleted_endpoint_logs WHERE endpoint_id > ${after} ORDER BY endpoint_id LIMIT 1`.statement(),
    );
    if (!noted) return;
    after = Number(noted.endpoint_id);
    await sweepLog(db, after, Number(noted.company_id));
  }
}

/**
 * One endpoint's log, `SWEEP_DELIVERIES` deliveries a batch. A delivery's attempts go in its batch: an
 * attempt settled meanwhile is recorded only while its delivery is there, so none is left behind. The
 * last batch forgets the endpoint.
 */
async function sweepLog(db: Db, endpointId: number, companyId: number): Promise<void> {
  const own = sql`company_id = ${sql.company} AND endpoint_id = ${endpointId}`;
  const batch = sql`SELECT id FROM webhook_deliveries WHERE ${own} ORDER BY id LIMIT ${SWEEP_DELIVERIES}`;
  for (;;) {
    const [, deliveries] = await db.write((session) =>
      session.apply([
        sql`DELETE FROM webhook_attempts WHERE delivery_id IN (${batch})`.statementFor(companyId),
        sql`DELETE FROM webhook_deliveries WHERE id IN (${batch})`.statementFor(companyId),
        sql`DELETE FROM deleted_endpoint_logs WHERE endpoint_id = ${endpointId} AND NOT EXISTS (SELECT 1 FROM webhook_deliveries WHERE ${own})`.statementFor(
          companyId,
        ),
      ]),
    );
    if (deliveries!.rowsAffected < SWEEP_DELIVERIES) return;
  }
}
