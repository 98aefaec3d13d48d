/** The import types the runner runs, by `importType`. */
import type { DataImport } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { fieldOf, many } from "../../domain/reads.ts";
import { column, table } from "../../domain/store.ts";
import { hsCodeImport, warehouseLocationImport } from "./catalog-imports.ts";
import {
  inventoryFeedImport,
  inventoryFeedMappingImport,
  inventoryFeedPricesImport,
} from "./feed-imports.ts";
import type { ImportType } from "./import-type.ts";
import { trackingImport } from "./order-imports.ts";
import { dropshipProvidersImport } from "./provider-imports.ts";
import { dropshipProviderUsersImport } from "./provider-user-imports.ts";
import { salesImport } from "./sales-import.ts";
import { adjustmentImport, costPrices, stockTake } from "./stock-imports.ts";
import { vendorMappings } from "./vendor-imports.ts";

type ImportTypeName = NonNullable<DataImport["importType"]>;

/** Every type the schema lists: one missing does not compile. */
export const IMPORT_TYPES: Record<ImportTypeName, ImportType> = {
  stock_take: stockTake,
  adjustment_import: adjustmentImport,
  cost_prices: costPrices,
  tracking_import: trackingImport,
  sales: salesImport,
  inventory_feed: inventoryFeedImport,
  inventory_feed_prices: inventoryFeedPricesImport,
  dropship_providers: dropshipProvidersImport,
  dropship_provider_users: dropshipProviderUsersImport,
  inventory_feed_mapping: inventoryFeedMappingImport,
  hs_code: hsCodeImport,
  warehouse_location_import: warehouseLocationImport,
  vendor_mappings: vendorMappings,
};

/**
 * For a type whose rows change by an amount rather than set a value (`adjustment_import`): the read of
 * another import of that type and file that started or completed (none for other types). It is read and
 * held by the write that starts the import, so that of two imports of one file started at once by two
 * processes, only one goes on: the other's start is planned again, finds it, and is skipped. Types that
 * set values are imported again as they are.
 */
export function sameFileReads(importId: number) {
  const at = (field: "fileUri" | "importType" | "status") => sql.id(column(table("data-import"), field));
  const adjustments = sql`${at("importType")} = 'adjustment_import' AND ${fieldOf("data-import", importId, "importType")} = 'adjustment_import'`;
  const sameFile = sql`${at("fileUri")} = ${fieldOf("data-import", importId, "fileUri")} AND ${adjustments} AND ${at("status")} IN ('started', 'complete') AND id <> ${importId}`;
  return { sameFile: many("data-import", sameFile, { order: "id", limit: 1 }) };
}

/** Why an import is skipped: `earlier`, an import of the same file (`sameFileReads`), made its adjustments. */
export function sameFileMessage(earlier: DataImport): string {
  return earlier.status === "complete"
    ? `This file was imported by data import ${earlier.id}; its adjustments are not made twice.`
    : `This file is being imported by data import ${earlier.id}; its adjustments are not made twice.`;
}
