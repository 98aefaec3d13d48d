/** The import types the runner runs, by `importType`. */
import type { DataImport } from "@multichannel/schema";
import type { Ctx } from "../../domain/context.ts";
import { many } from "../../domain/reads.ts";
import { executeRead } from "../execute.ts";
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
 * For a type whose rows change by an amount rather than set a value (`adjustment_import`): why the
 * import is skipped when an earlier import of that type completed with the same file, so that
 * importing a file twice changes nothing twice. Types that set values are imported again as they are.
 */
export async function sameFileImported(ctx: Ctx, dataImport: DataImport): Promise<string | undefined> {
  if (dataImport.importType !== "adjustment_import") return undefined;
  const earlier = await executeRead(
    { ctx },
    {
      earlier: many(
        "data-import",
        { fileUri: dataImport.fileUri ?? "", importType: dataImport.importType, status: "complete" },
        { limit: 2 },
      ),
    },
    (read) => read.earlier.find((found) => found.id !== dataImport.id),
  );
  return earlier
    ? `This file was imported by data import ${earlier.id}; its adjustments are not made twice.`
    : undefined;
}
