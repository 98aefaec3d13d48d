/**
 * The warehouses a write chooses one from (`warehouseOf`): the one named, those `also` names, the
 * company's first default one and its first. Held as read: the choice is made from all of them.
 */
import type { Warehouse } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { chooseWarehouse } from "../order-routing.ts";
import { many } from "../reads.ts";
import { column, table } from "../store.ts";

/** The read of the warehouses to choose from (`also`: subqueries answering warehouse ids, `fieldsOf`). */
export function warehousesToChooseRead(warehouseId: number | null | undefined, also: readonly Sql[] = []) {
  const warehouses = table("warehouse");
  const first = (condition: Sql) =>
    sql`id = (SELECT id FROM ${sql.id(warehouses.name)} WHERE company_id = ${sql.company}${condition} ORDER BY id LIMIT 1)`;
  const isDefault = sql` AND ${sql.id(column(warehouses, "isDefault"))} = 1`;
  return many(
    "warehouse",
    sql.join(
      [
        sql`id = ${warehouseId ?? null}`,
        ...also.map((ids) => sql`id IN ${ids}`),
        first(isDefault),
        first(sql``),
      ],
      " OR ",
    ),
  );
}

/**
 * The warehouse named, or the company's default one (`isDefault`, else the first), of those
 * `warehousesToChooseRead` read; 422 when there is none.
 */
export function warehouseOf(
  warehouses: readonly Warehouse[],
  warehouseId: number | null | undefined,
): Warehouse {
  return chooseWarehouse(
    warehouseId,
    warehouseId ? warehouses.find((warehouse) => warehouse.id === warehouseId) : undefined,
    warehouses.find((warehouse) => warehouse.isDefault) ?? warehouses[0],
  );
}
