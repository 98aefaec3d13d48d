/**
 * `vendor_mappings`: each row names a catalogue variant by SKU and the vendor that supplies it (by
 * name, code or id), with the vendor's own code for it (`vendor_sku`) and its cost price when given.
 * The vendor's inventory feeds then connect their items by that code (`variantToConnect`).
 */
import type { Variant, Vendor } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { quotedCell } from "../../domain/failures.ts";
import { caseless } from "../../domain/feed-items.ts";
import { many } from "../../domain/reads.ts";
import type { ColumnDef } from "./columns.ts";
import {
  cellNamed,
  columnNamed,
  failed,
  fieldAmong,
  type ImportRow,
  importType,
  moneyOf,
  type RowOutcome,
  skipped,
  valuesOf,
} from "./import-type.ts";
import { COST, SKU, STOCK_BATCH_ROWS, variantsNamed } from "./stock-imports.ts";

const VENDOR: ColumnDef = { name: "vendor", aliases: ["vendor name", "supplier", "brand"] };
const VENDOR_SKU: ColumnDef = {
  name: "vendor_sku",
  aliases: ["supplier sku", "vendor item code", "mpn"],
};

/** The longest `vendorSku` a variant holds. */
const VENDOR_SKU_LENGTH = 100;

/**
 * The vendor a row names: the one with that id, else the one with that name, else with that code
 * (names and codes whatever their case); a row naming none, or several at once, fails.
 */
function vendorOf(row: ImportRow, vendors: readonly Vendor[]): Vendor | RowOutcome {
  const named = row.cells.vendor!;
  const folded = caseless(named);
  const matches = [
    vendors.filter((vendor) => String(vendor.id) === named),
    vendors.filter((vendor) => caseless(vendor.name) === folded),
    vendors.filter((vendor) => vendor.code !== null && caseless(vendor.code) === folded),
  ].find((found) => found.length);
  if (!matches) return failed(row, `unknown vendor "${quotedCell(named)}"`);
  if (matches.length > 1) return failed(row, `vendor "${quotedCell(named)}" names ${matches.length} vendors`);
  return matches[0]!;
}

/**
 * What a row sets on its variant: the vendor; its `vendorSku` when given (when the vendor changes and
 * none is given, the previous vendor's code is cleared); its cost price when given. Empty when the
 * variant is so already.
 */
function mappingValues(
  variant: Variant,
  vendor: Vendor,
  given: { vendorSku: string | undefined; costPrice: number | undefined },
): Partial<Variant> {
  const values: Partial<Variant> = {};
  if (variant.vendorId !== vendor.id) values.vendorId = vendor.id;
  const vendorSku = given.vendorSku ?? (values.vendorId === undefined ? variant.vendorSku : null);
  if (vendorSku !== variant.vendorSku) values.vendorSku = vendorSku;
  if (given.costPrice !== undefined && given.costPrice !== variant.costPrice) {
    values.costPrice = given.costPrice;
  }
  return values;
}

/** `vendor_mappings`: each SKU's variant gets the row's vendor, vendor's code and cost price. */
export const vendorMappings = importType({
  required: [SKU, VENDOR],
  optional: [VENDOR_SKU, COST],
  batchRows: STOCK_BATCH_ROWS,
  reads: (rows) => {
    const vendors = valuesOf(rows, "vendor", caseless);
    return {
      variants: many("variant", variantsNamed(rows)),
      vendors: many(
        "vendor",
        sql`(${fieldAmong("vendor", "name", vendors, true)}) OR (${fieldAmong("vendor", "code", vendors, true)}) OR (${fieldAmong("vendor", "id", vendors)})`,
        { hold: "count" },
      ),
    };
  },
  plan({ rows, read, plan }) {
    const variants = new Map(read.variants.map((variant) => [variant.sku, variant]));
    return rows.map((row) => {
      const costText = row.cells.cost_price;
      const costPrice = costText === undefined ? undefined : moneyOf(costText);
      if (costText !== undefined && costPrice === undefined) {
        return failed(row, `${cellNamed(row, "cost_price")} is not an amount (e.g. 12.50)`);
      }
      const vendorSku = row.cells.vendor_sku;
      if (vendorSku !== undefined && vendorSku.length > VENDOR_SKU_LENGTH) {
        return failed(
          row,
          `${columnNamed(row, "vendor_sku")} is longer than ${VENDOR_SKU_LENGTH} characters`,
        );
      }
      const sku = row.cells.sku!;
      const variant = variants.get(sku);
      if (!variant) return failed(row, `unknown SKU "${quotedCell(sku)}"`);
      const vendor = vendorOf(row, read.vendors);
      if ("outcome" in vendor) return vendor;
      const values = mappingValues(variant, vendor, { vendorSku, costPrice });
      if (!Object.keys(values).length) return skipped(row, `variant ${sku} is mapped so already`);
      variants.set(sku, plan.update("variant", variant, values));
      return { outcome: "updated" };
    });
  },
});
