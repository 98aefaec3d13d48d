/**
 * A set of stock levels a plan moves: those of the variants an operation names. Not held: a plan adds
 * to a level in the statement itself (`addTo`, with its floor), which commutes with other writers, or
 * updates it (its update guards it), and one it creates is guarded as still missing (`plannedLevel`).
 */
import { type Sql, sql } from "../db/sql.ts";
import { many } from "./reads.ts";
import { column, table } from "./store.ts";

/** The reads of the stock levels of the variants `variantIds` answers (SQL, a subquery): `levels`. */
export function levelReads(variantIds: Sql) {
  const variantId = sql.id(column(table("inventory-level"), "variantId"));
  return { levels: many("inventory-level", sql`${variantId} IN ${variantIds}`, { hold: "none" }) };
}
