/** The import types the runner knows, by `importType`; the others end `error`, saying so. */
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

type ImportTypeName = NonNullable<DataImport["importType"]>;

export const IMPORT_TYPES: Partial<Record<ImportTypeName, ImportType>> = {
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
};

/** The message of an import whose type the runner does not run. */
export function notImplemented(dataImport: DataImport): string {
  const known = Object.keys(IMPORT_TYPES).join(", ");
  return `Imports of type ${dataImport.importType} are not implemented yet (this server imports ${known}).`;
}

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
