/** The import types the runner runs, by `importType`. */
import type { DataImport } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { fieldOf, many } from "../../domain/reads.ts";
import { column, table } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
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
 * another import of that type and file that started or completed (none for other types). A file is
 * known by its key (`fileKeyOf`: one company file or one URL, however its `fileUri` spells it), which
 * the write that starts an import records beside it (`recordFileKey`), since the key follows from
 * parsing the URL and SQL cannot compute it; the import's `fileUri` stays as the client wrote it. An
 * import with no key recorded (one run by a server without `data_import_files`) is still found by its
 * `fileUri` as written. The read is held by the write that starts the import, so that of two imports of one file
 * started at once by two processes, only one goes on: the other's start is planned again, finds it, and
 * is skipped. Types that set values are imported again as they are.
 */
export function sameFileReads(importId: number, fileKey: string | undefined) {
  const at = (field: "fileUri" | "importType" | "status") => sql.id(column(table("data-import"), field));
  const adjustments = sql`${at("importType")} = 'adjustment_import' AND ${fieldOf("data-import", importId, "importType")} = 'adjustment_import'`;
  const keyed =
    fileKey === undefined
      ? sql`0`
      : sql`id IN (SELECT import_id FROM data_import_files WHERE company_id = ${sql.company} AND file_key = ${fileKey})`;
  const named = sql`${at("fileUri")} = ${fieldOf("data-import", importId, "fileUri")}`;
  const sameFile = sql`(${named} OR ${keyed}) AND ${adjustments} AND ${at("status")} IN ('started', 'complete') AND id <> ${importId}`;
  return { sameFile: many("data-import", sameFile, { order: "id", limit: 1 }) };
}

/** Records the key of the file an import applies, for the imports after it (`sameFileReads`). */
export function recordFileKey(plan: WritePlan, dataImport: DataImport, fileKey: string | undefined): void {
  if (dataImport.importType !== "adjustment_import" || fileKey === undefined) return;
  plan.write(
    sql`INSERT OR REPLACE INTO data_import_files (import_id, company_id, file_key) VALUES (${dataImport.id}, ${sql.company}, ${fileKey})`,
  );
}

/** Why an import is skipped: `earlier`, an import of the same file (`sameFileReads`), made its adjustments. */
export function sameFileMessage(earlier: DataImport): string {
  return earlier.status === "complete"
    ? `This file was imported by data import ${earlier.id}; its adjustments are not made twice.`
    : `This file is being imported by data import ${earlier.id}; its adjustments are not made twice.`;
}
