/**
 * Imports that set catalogue facts by SKU: what customs declare a variant as (`hs_code`: its HS code
 * and country of origin) and where a warehouse keeps it (`warehouse_location_import`: its level's bin
 * or shelf). Each value is checked as the API checks its field; a row already so is skipped.
 */

import { quotedCell } from "../../domain/failures.ts";
import { many } from "../../domain/reads.ts";
import { plannedLevel } from "../../domain/stock.ts";
import type { ColumnDef } from "./columns.ts";
import { failed, importType, type RowOutcome, refused, skipped } from "./import-type.ts";
import { placeOf, SKU, STOCK_BATCH_ROWS, stockReads, variantsNamed } from "./stock-imports.ts";

const HS_CODE: ColumnDef = {
  name: "hs_code",
  aliases: ["hs", "tariff code", "harmonized code", "commodity code"],
};
const COUNTRY_OF_ORIGIN: ColumnDef = { name: "country_of_origin", aliases: ["origin", "country", "coo"] };
const LOCATION: ColumnDef = {
  name: "location",
  aliases: ["bin", "bin location", "shelf", "warehouse location"],
};
/** The warehouse of a location row, by name or id (`location` is the bin here, not the warehouse). */
const WAREHOUSE: ColumnDef = { name: "warehouse", aliases: ["warehouse name", "warehouse id"] };

/**
 * `hs_code`: each SKU's variant gets the HS code, and the country of origin when the row has one
 * (an empty cell leaves it as it is); a variant already so is skipped.
 */
export const hsCodeImport = importType({
  required: [SKU, HS_CODE],
  optional: [COUNTRY_OF_ORIGIN],
  batchRows: STOCK_BATCH_ROWS,
  reads: (rows) => ({ variants: many("variant", variantsNamed(rows)) }),
  plan({ rows, read, plan }) {
    const variants = new Map(read.variants.map((variant) => [variant.sku, variant]));
    return rows.map((row): RowOutcome => {
      const hsCode = row.cells.hs_code!;
      const country = row.cells.country_of_origin?.toUpperCase();
      const wrong =
        refused(row, "variant", "hsCode", "hs_code", hsCode) ??
        (country === undefined
          ? undefined
          : refused(row, "variant", "countryOfOrigin", "country_of_origin", country));
      if (wrong) return wrong;
      const sku = row.cells.sku!;
      const variant = variants.get(sku);
      if (!variant) return failed(row, `unknown SKU "${quotedCell(sku)}"`);
      const countryOfOrigin = country ?? variant.countryOfOrigin;
      if (variant.hsCode === hsCode && variant.countryOfOrigin === countryOfOrigin) {
        const origin = country === undefined ? "" : ` and the country of origin ${country}`;
        return skipped(row, `the HS code is ${hsCode}${origin} already`);
      }
      variants.set(sku, plan.update("variant", variant, { hsCode, countryOfOrigin }));
      return { outcome: "updated" };
    });
  },
});

/**
 * `warehouse_location_import`: the level of each SKU at the warehouse named (else the default one)
 * gets the location; a variant with no level there gets one, at zero stock. A level at that location
 * already is skipped.
 */
export const warehouseLocationImport = importType({
  required: [SKU, LOCATION],
  optional: [WAREHOUSE],
  batchRows: STOCK_BATCH_ROWS,
  reads: stockReads,
  plan({ rows, read, plan }) {
    const levels = [...read.levels];
    return rows.map((row): RowOutcome => {
      const location = row.cells.location!;
      const wrong = refused(row, "inventory-level", "location", "location", location);
      if (wrong) return wrong;
      const place = placeOf(row, read);
      if ("outcome" in place) return place;
      const { variant, warehouse } = place;
      const known = levels.find(
        (level) => level.variantId === variant.id && level.warehouseId === warehouse.id,
      );
      if (known?.location === location) {
        return skipped(row, `${variant.sku} is at ${location} in ${warehouse.name} already`);
      }
      const level = plannedLevel(plan, levels, variant.id, warehouse.id);
      levels[levels.indexOf(level)] = plan.update("inventory-level", level, { location });
      return { outcome: known ? "updated" : "added" };
    });
  },
});
