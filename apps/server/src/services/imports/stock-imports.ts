/**
 * Imports that set stock and costs: a stock take (on hand set, level by level), an adjustment import
 * (on hand changed by the amounts given) and cost prices. A level changed is recorded as an
 * adjustment naming the import, with the levels before and after.
 */
import type { AdjustmentReason, Variant, Warehouse } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { defaultWarehouse } from "../../domain/default-warehouse.ts";
import { quotedCell } from "../../domain/failures.ts";
import { caseless } from "../../domain/feed-items.ts";
import { fieldsOf, many, type Snapshot } from "../../domain/reads.ts";
import { AdjustmentSet, adjustmentBeyond, levelsOf } from "../../domain/stock.ts";
import type { ColumnDef } from "./columns.ts";
import {
  cellNamed,
  failed,
  fieldAmong,
  type ImportRow,
  importType,
  moneyOf,
  type RowOutcome,
  refused,
  skipped,
  valuesOf,
  wholeNumberOf,
} from "./import-type.ts";

/** Rows per batch of the stock imports: one write each, a round trip at the edge. */
export const STOCK_BATCH_ROWS = 500;

export const SKU: ColumnDef = { name: "sku", aliases: ["variant sku", "item sku", "product sku"] };
const QUANTITY: ColumnDef = { name: "quantity", aliases: ["qty", "on hand", "count", "stock", "level"] };
const CHANGE: ColumnDef = { name: "quantity", aliases: ["qty", "change", "adjustment", "amount"] };
const WAREHOUSE: ColumnDef = { name: "warehouse", aliases: ["warehouse name", "warehouse id", "location"] };
const REASON: ColumnDef = { name: "reason", aliases: ["adjustment reason", "reason name"] };
const NOTES: ColumnDef = { name: "notes", aliases: ["note", "comment", "comments"] };
export const COST: ColumnDef = { name: "cost_price", aliases: ["cost", "unit cost", "price"] };

/** SQL: the variants the batch's rows name by SKU. */
export const variantsNamed = (rows: readonly ImportRow[]) =>
  fieldAmong("variant", "sku", valuesOf(rows, "sku"));

/**
 * The variants a batch names by SKU, and the warehouses it names (by name or id) or falls back on (the
 * company's default): what `placeOf` finds a row's in.
 */
function placeReads(rows: readonly ImportRow[]) {
  const warehouses = valuesOf(rows, "warehouse", caseless);
  return {
    // Only which variant a SKU names matters: its SKU is held, the rest may change meanwhile.
    variants: many("variant", variantsNamed(rows), { hold: { fields: ["sku"] } }),
    warehouses: many(
      "warehouse",
      sql`(${fieldAmong("warehouse", "name", warehouses, true)}) OR (${fieldAmong("warehouse", "id", warehouses)})`,
      { hold: "count" },
    ),
    fallback: defaultWarehouse("count"),
  };
}

/** `placeReads`, and the stock levels of the variants named. */
export function stockReads(rows: readonly ImportRow[]) {
  return { ...placeReads(rows), levels: levelsOf(fieldsOf("variant", "id", variantsNamed(rows))) };
}

/**
 * Finds a row's variant (by its `sku` cell) and warehouse (by its `warehouse` cell, a name or an id,
 * else the default one) in what `placeReads` read, or says what is missing.
 */
export function placeOf(
  row: ImportRow,
  read: Snapshot<ReturnType<typeof placeReads>>,
): { variant: Variant; warehouse: Warehouse } | RowOutcome {
  const sku = row.cells.sku!;
  const variant = read.variants.find((found) => found.sku === sku);
  if (!variant) return failed(row, `unknown SKU "${quotedCell(sku)}"`);
  const named = row.cells.warehouse;
  const warehouse = named
    ? read.warehouses.find(
        (found) => String(found.id) === named || caseless(found.name ?? "") === caseless(named),
      )
    : read.fallback[0];
  if (!warehouse) {
    return failed(row, named ? `unknown warehouse "${quotedCell(named)}"` : "the company has no warehouse");
  }
  return { variant, warehouse };
}

/**
 * `stock_take`: on hand of each SKU (at the warehouse named, else the default one) set to the count;
 * a level already at it is skipped, so importing the same count again changes nothing.
 */
export const stockTake = importType({
  required: [SKU, QUANTITY],
  optional: [WAREHOUSE, NOTES],
  batchRows: STOCK_BATCH_ROWS,
  reads: stockReads,
  plan({ dataImport, rows, read, plan }) {
    const stock = new AdjustmentSet(read.levels);
    const outcomes = rows.map((row): RowOutcome => {
      const count = wholeNumberOf(row.cells.quantity);
      if (count === undefined || count < 0) {
        return failed(row, `${cellNamed(row, "quantity")} is not a count (a whole number, 0 or more)`);
      }
      const place = placeOf(row, read);
      if ("outcome" in place) return place;
      const wrongNotes = notesRefused(row);
      if (wrongNotes) return wrongNotes;
      const { variant, warehouse } = place;
      const before = stock.onHand(variant.id, warehouse.id);
      if (before === count) return skipped(row, `on hand is ${count} already`);
      const beyond = adjustmentBeyond(count - before);
      if (beyond) return failed(row, `${cellNamed(row, "quantity")} ${beyond}`);
      const existed = stock.hasLevel(variant.id, warehouse.id);
      stock.record({
        variantId: variant.id,
        warehouseId: warehouse.id,
        quantity: count - before,
        notes: row.cells.notes ?? `Stock take (data import ${dataImport.id})`,
        dataImportId: dataImport.id,
      });
      return { outcome: existed ? "updated" : "added" };
    });
    stock.plan(plan);
    return outcomes;
  },
});

/**
 * `adjustment_import`: on hand of each SKU changed by the quantity (negative takes stock away), with
 * its reason (by name) and notes. A change is not a count: the same file is imported once
 * (see `sameFileImported`), and a run resumed after a crash starts after the rows it committed.
 */
export const adjustmentImport = importType({
  required: [SKU, CHANGE],
  optional: [WAREHOUSE, REASON, NOTES],
  batchRows: STOCK_BATCH_ROWS,
  reads: (rows) => ({
    ...stockReads(rows),
    reasons: many(
      "adjustment-reason",
      fieldAmong("adjustment-reason", "name", valuesOf(rows, "reason", caseless), true),
      { hold: "count" },
    ),
  }),
  plan({ dataImport, rows, read, plan }) {
    const stock = new AdjustmentSet(read.levels);
    const outcomes = rows.map((row): RowOutcome => {
      const change = wholeNumberOf(row.cells.quantity);
      if (change === undefined || change === 0) {
        return failed(row, `${cellNamed(row, "quantity")} is not a change (a whole number other than 0)`);
      }
      const beyond = adjustmentBeyond(change);
      if (beyond) return failed(row, `${cellNamed(row, "quantity")} ${beyond}`);
      const place = placeOf(row, read);
      if ("outcome" in place) return place;
      const reason = reasonOf(row, read.reasons);
      if (reason && "outcome" in reason) return reason;
      const wrongNotes = notesRefused(row);
      if (wrongNotes) return wrongNotes;
      stock.record({
        variantId: place.variant.id,
        warehouseId: place.warehouse.id,
        quantity: change,
        notes: row.cells.notes ?? null,
        adjustmentReasonId: reason?.id ?? null,
        dataImportId: dataImport.id,
      });
      return { outcome: "added" };
    });
    stock.plan(plan);
    return outcomes;
  },
});

/** The row's failure when its notes are not an adjustment's notes (too long, say), as the API checks them. */
function notesRefused(row: ImportRow): RowOutcome | undefined {
  const notes = row.cells.notes;
  return notes === undefined ? undefined : refused(row, "adjustment", "notes", "notes", notes);
}

function reasonOf(
  row: ImportRow,
  reasons: readonly AdjustmentReason[],
): AdjustmentReason | RowOutcome | undefined {
  const name = row.cells.reason;
  if (!name) return undefined;
  return (
    reasons.find((reason) => caseless(reason.name ?? "") === caseless(name)) ??
    failed(row, `unknown adjustment reason "${quotedCell(name)}"`)
  );
}

/** `cost_prices`: each SKU's variant gets the cost price; one already at it is skipped. */
export const costPrices = importType({
  required: [SKU, COST],
  optional: [],
  batchRows: STOCK_BATCH_ROWS,
  reads: (rows) => ({
    variants: many("variant", variantsNamed(rows)),
  }),
  plan({ rows, read, plan }) {
    const variants = new Map(read.variants.map((variant) => [variant.sku, variant]));
    return rows.map((row) => {
      const cost = moneyOf(row.cells.cost_price);
      if (cost === undefined) {
        return failed(row, `${cellNamed(row, "cost_price")} is not an amount (e.g. 12.50)`);
      }
      const sku = row.cells.sku!;
      const variant = variants.get(sku);
      if (!variant) return failed(row, `unknown SKU "${quotedCell(sku)}"`);
      if (variant.costPrice === cost) return skipped(row, `the cost price is ${cost} already`);
      variants.set(sku, plan.update("variant", variant, { costPrice: cost }));
      return { outcome: "updated" };
    });
  },
});
