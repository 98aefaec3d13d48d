/**
 * Building blocks the action verbs share: the typed store, money in minor units, the default warehouse,
 * and a purchase's ship-to address.
 */
import type { InStatement, InValue } from "@libsql/client";
import type { Purchase, Warehouse } from "@multichannel/schema";
import { chooseWarehouse, type ShipTo } from "../../domain/order-routing.ts";
import { column, selectMatching, table } from "../../domain/store.ts";

export { fromCents, toCents } from "../../domain/money.ts";
export { type Line, type ShipTo, shippingFields, shipToOfSale } from "../../domain/order-routing.ts";
export { kind } from "../../domain/store.ts";

// ---------------------------------------------------------------------------------------- inventory

/**
 * The SELECT of the warehouses `warehouseOf` chooses from, for a write's pipeline: the one named, the
 * company's first default one and its first, and those `also` answers (a subquery of warehouse ids).
 */
export function warehousesToChoose(
  companyId: number,
  warehouseId: number | null | undefined,
  also: readonly { sql: string; args: InValue[] }[] = [],
): InStatement {
  const warehouses = table("warehouse");
  const first = (condition: string) =>
    `id = (SELECT id FROM ${warehouses.name} WHERE company_id = ?${condition} ORDER BY id LIMIT 1)`;
  return selectMatching(
    companyId,
    "warehouse",
    [
      "id = ?",
      ...also.map((ids) => `id IN (${ids.sql})`),
      first(` AND ${column(warehouses, "isDefault")} = 1`),
      first(""),
    ].join(" OR "),
    [warehouseId ?? null, ...also.flatMap((ids) => ids.args), companyId, companyId],
  );
}

/**
 * The warehouse named, or the company's default one (`isDefault`, else the first), of those
 * `warehousesToChoose` read; 422 when there is none.
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

// ------------------------------------------------------------------------------------------ orders

/** A purchase's ship-to (its receiver) address. */
export function shipToOfPurchase(purchase: Purchase): ShipTo {
  return {
    name: purchase.receiverName,
    company: purchase.receiverCompany,
    lineOne: purchase.receiverAddressLineOne,
    lineTwo: purchase.receiverAddressLineTwo,
    city: purchase.receiverCity,
    state: purchase.receiverState,
    zip: purchase.receiverZip,
    country: purchase.receiverCountry,
    phone: purchase.receiverPhone,
    email: purchase.receiverEmail,
  };
}
