// The browser build bundles its own Buffer shim: the default one needs Node's global Buffer (not on Workers).

import type { InStatement, InValue, ResultSet } from "@libsql/client";
import type { DataExport, InventoryExport, InventoryExportExportInput } from "@multichannel/schema";
import { stringify } from "csv-stringify/browser/esm/sync";
import { expensive } from "../../db/database.ts";
import type { Ctx } from "../../domain/context.ts";
import { availableOf, availableSql } from "../../domain/stock.ts";
import { column, recordsOf, relatedStatement, selectStatement, table } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { checkFileQuota, fileUsageStatement, planStoredFile } from "../files.ts";
import { fromCents } from "./core.ts";

type Source =
  | "sku"
  | "name"
  | "barcode"
  | "externalId"
  | "onHand"
  | "allocated"
  | "available"
  | "price"
  | "costPrice"
  | "warehouse";

const DEFAULT_SOURCES: readonly Source[] = ["sku", "name", "onHand", "allocated", "available"];

interface StockRow {
  sku: string;
  name: string | null;
  barcode: string | null;
  externalId: string | null;
  onHand: number;
  allocated: number;
  priceCents: number | null;
  costPriceCents: number | null;
}

/**
 * The SELECT of the company's variants (or the export's channel's) with their stock summed over all
 * warehouses (or the export's one); the export's settings read by subquery, in the export's pipeline.
 */
function stockRowsStatement(companyId: number, exportId: number): InStatement {
  const variant = table("variant");
  const level = table("inventory-level");
  const listing = table("channel-variant");
  const definitions = table("inventory-export");
  const v = (field: string) => `v.${column(variant, field)}`;
  const l = (field: string) => `l.${column(level, field)}`;
  const cv = (field: string) => `cv.${column(listing, field)}`;
  const args: InValue[] = [];
  /** A setting of the export, as a subquery. */
  const setting = (field: string) => {
    args.push(exportId, companyId);
    return `(SELECT ${column(definitions, field)} FROM ${definitions.name} WHERE id = ? AND company_id = ?)`;
  };
  const listingOf = () =>
    `FROM ${listing.name} cv WHERE cv.company_id = v.company_id AND ${cv("channelId")} = ${setting("channelId")} AND ${cv("variantId")} = v.id`;
  const externalId = `CASE WHEN ${setting("channelId")} IS NULL THEN ${v("externalId")} ELSE (SELECT ${cv("externalId")} ${listingOf()} AND ${cv("externalId")} IS NOT NULL ORDER BY cv.id LIMIT 1) END`;
  const join = `LEFT JOIN ${level.name} l ON l.company_id = v.company_id AND ${l("variantId")} = v.id AND (${setting("warehouseId")} IS NULL OR ${l("warehouseId")} = ${setting("warehouseId")})`;
  args.push(companyId);
  const where = `v.company_id = ? AND (${setting("channelId")} IS NULL OR EXISTS (SELECT 1 ${listingOf()}))`;
  // includeZero false: only rows with stock to sell (NULL or true: every row).
  const having = `${setting("includeZero")} IS NOT 0 OR ${availableSql("on_hand", "allocated")} > 0`;
  return {
    sql:
      `SELECT ${v("sku")} AS sku, ${v("name")} AS name, ${v("barcode")} AS barcode, ${externalId} AS external_id, ` +
      `${v("price")} AS price, ${v("costPrice")} AS cost_price, ` +
      `COALESCE(SUM(${l("onHand")}), 0) AS on_hand, COALESCE(SUM(${l("allocated")}), 0) AS allocated ` +
      `FROM ${variant.name} v ${join} WHERE ${where} GROUP BY v.id HAVING ${having} ORDER BY ${v("sku")}`,
    args,
  };
}

/** The rows `stockRowsStatement` read. */
function stockRowsOf(result: ResultSet): StockRow[] {
  const nullable = (value: unknown) => (value === null || value === undefined ? null : value);
  return result.rows.map((row) => ({
    sku: String(row.sku),
    name: nullable(row.name) as string | null,
    barcode: nullable(row.barcode) as string | null,
    externalId: nullable(row.external_id) as string | null,
    onHand: Number(row.on_hand),
    allocated: Number(row.allocated),
    priceCents: row.price === null ? null : Number(row.price),
    costPriceCents: row.cost_price === null ? null : Number(row.cost_price),
  }));
}

/** How an export writes its cells: the warehouse it names, and the channel's safety stock if it has one. */
interface CellContext {
  warehouseName: string | null;
  format: "csv" | "json";
  safetyStock: number | null;
}

function cellOf(row: StockRow, source: Source, { warehouseName, format, safetyStock }: CellContext): unknown {
  const money = (cents: number | null) =>
    cents === null ? null : format === "csv" ? fromCents(cents).toFixed(2) : fromCents(cents);
  switch (source) {
    case "onHand":
      return row.onHand;
    case "allocated":
      return row.allocated;
    case "available":
      // For a channel, what its store may sell (as variant-levels says); else the warehouses' own figure.
      return availableOf(row, safetyStock);
    case "price":
      return money(row.priceCents);
    case "costPrice":
      return money(row.costPriceCents);
    case "warehouse":
      return warehouseName;
    default:
      return row[source];
  }
}

/**
 * The fewest bytes an export of these rows can take, counted without writing them: the header, each
 * row's separators, and the SKUs (never empty, at least a byte a character) where a column holds them;
 * in JSON, each row's keys, and a character for each value.
 */
function leastBytes(
  rows: readonly StockRow[],
  columns: readonly { source: Source; header: string }[],
  format: "csv" | "json",
): number {
  const skus = columns.filter((c) => c.source === "sku").length;
  const skuChars = skus ? rows.reduce((sum, row) => sum + row.sku.length, 0) * skus : 0;
  if (format === "csv") {
    const header = columns.reduce((sum, c) => sum + c.header.length, 0) + columns.length - 1;
    return header + rows.length * (columns.length - 1 + 2) + skuChars;
  }
  // {"key":v,...} per row, `[` `]` and the commas between rows.
  const keys = columns.reduce((sum, c) => sum + JSON.stringify(c.header).length + 2, 0);
  return 2 + Math.max(0, rows.length - 1) + rows.length * (2 + keys + columns.length - 1) + skuChars;
}

const compactTime = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

/** What an export reads: its fields, its warehouse and channel, and the stock rows it writes. */
export function exportReads(companyId: number, exportId: number): InStatement[] {
  const from = { kind: "inventory-export", id: exportId } as const;
  return [
    selectStatement(
      companyId,
      "inventory-export-field",
      { inventoryExportId: exportId },
      { order: "position, id" },
    ),
    relatedStatement(companyId, "warehouse", { ...from, via: "warehouseId" }),
    relatedStatement(companyId, "channel", { ...from, via: "channelId" }),
    expensive(stockRowsStatement(companyId, exportId)),
    fileUsageStatement(companyId),
  ];
}

/**
 * `GET /inventory-exports/{id}/export.json`: writes the export's stock levels as CSV (RFC 4180, a header
 * row) or JSON (an array of objects keyed by header), stores the file and answers a complete data export
 * that links to it. The file holds the stock as the export's one read saw it: a level that moves
 * afterwards does not make the export stale, only its settings do.
 */
export function planExport({
  ctx,
  definition,
  input,
  read,
  plan,
}: {
  ctx: Ctx;
  definition: InventoryExport;
  input: InventoryExportExportInput;
  read: ResultSet[];
  plan: WritePlan;
}): DataExport {
  const fields = recordsOf("inventory-export-field", read[0]!);
  const warehouse = recordsOf("warehouse", read[1]!)[0];
  const channel = recordsOf("channel", read[2]!)[0];
  plan.sameCount("inventory-export-field", { inventoryExportId: definition.id }, fields.length);
  plan.unchangedRecords("inventory-export-field", fields);
  if (warehouse) plan.unchangedRecords("warehouse", [warehouse]);
  if (channel) plan.unchangedRecords("channel", [channel]);
  const columns = fields.length
    ? fields.map((field) => ({
        source: field.source as Source,
        header: field.header || field.source,
      }))
    : DEFAULT_SOURCES.map((source) => ({ source, header: source as string }));
  const format = definition.format === "json" ? "json" : "csv";
  const cells: CellContext = {
    format,
    warehouseName: definition.warehouseId === null ? null : (warehouse?.name ?? null),
    safetyStock: definition.channelId === null ? null : (channel?.safetyStock ?? 0),
  };

  const rows = stockRowsOf(read[3]!);
  // A file past the company's quota is refused before it is made (the exact size is checked after).
  checkFileQuota(ctx, read[4]!, leastBytes(rows, columns, format), true);
  const text =
    format === "csv"
      ? stringify(
          [
            columns.map((c) => c.header),
            ...rows.map((row) => columns.map((c) => cellOf(row, c.source, cells))),
          ],
          // RFC 4180: CRLF between records, and any field holding a line break is quoted. A text cell a
          // spreadsheet would run as a formula gets a leading `'`, unless the caller asks for raw cells.
          {
            record_delimiter: "\r\n",
            quoted_match: /[\r\n]/,
            escape_formulas: input.formulas !== "raw",
          },
        )
      : JSON.stringify(
          rows.map((row) => Object.fromEntries(columns.map((c) => [c.header, cellOf(row, c.source, cells)]))),
        );
  const body = new TextEncoder().encode(text);
  const now = plan.now;
  const fileName = `inventory-export-${definition.id}-${compactTime(now)}.${format}`;
  const contentType = format === "csv" ? "text/csv; charset=utf-8" : "application/json";
  const file = planStoredFile(plan, ctx, read[4]!, { name: fileName, contentType, body });
  plan.update("inventory-export", definition, { lastExportedAt: now });
  return plan.insert("data-export", {
    displayName: definition.name,
    status: "complete",
    exportType: "inventory_levels",
    format,
    inventoryExportId: definition.id,
    fileName,
    contentType,
    url: file.url,
    fileUri: file.url,
    rowCount: rows.length,
    byteSize: body.byteLength,
    startedAt: now,
    completedAt: now,
  });
}
