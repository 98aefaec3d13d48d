/**
 * The warehouse an operation falls back on when none is named: the company's default one, else its
 * first (by id).
 */
import { type Hold, many } from "./reads.ts";
import { column, table } from "./store.ts";

/**
 * The read of the company's default warehouse, else its first: a list of one at most. `hold`: "count"
 * when only which warehouse it is matters (held: still that one), "none" when it is not used.
 */
export function defaultWarehouse(hold: Hold<"warehouse"> = "rows") {
  const order = `${column(table("warehouse"), "isDefault")} DESC, id`;
  return many("warehouse", {}, { order, limit: 1, hold });
}
