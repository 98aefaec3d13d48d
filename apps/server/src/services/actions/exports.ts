// The browser build bundles its own Buffer shim: the default one needs Node's global Buffer (not on Workers).

import type { DataExport, InventoryExport } from "@multichannel/schema";
import { stringify } from "csv-stringify/browser/esm/sync";
import type { Ctx } from "../../domain/context.ts";
import { availableOf, availableSql } from "../../domain/stock.ts";
import { storeFile } from "../files.ts";
import { column, table } from "./channels.ts";
import { fromCents, insert, patch, selectOne, selectWhere } from "./core.ts";

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

/** The company's variants (or the channel's) with their stock summed over all warehouses (or the one named). */
async function stockRows(ctx: Ctx, definition: InventoryExport): Promise<StockRow[]> {
  const variant = table("variant");
  const level = table("inventory-level");
  const listing = table("channel-variant");
  const channelId = definition.channelId;
  const warehouseId = definition.warehouseId;
  const v = (field: string) => `v.${column(variant, field)}`;
  const l = (field: string) => `l.${column(level, field)}`;
  const cv = (field: string) => `cv.${column(listing, field)}`;
  const listingOf = `FROM ${listing.name} cv WHERE cv.company_id = v.company_id AND ${cv("channelId")} = ? AND ${cv("variantId")} = v.id`;
  const args: (string | number)[] = [];
  let externalId = v("externalId");
  if (channelId !== null) {
    externalId = `(SELECT ${cv("externalId")} ${listingOf} AND ${cv("externalId")} IS NOT NULL ORDER BY cv.id LIMIT 1)`;
    args.push(channelId);
  }
  let join = `LEFT JOIN ${level.name} l ON l.company_id = v.company_id AND ${l("variantId")} = v.id`;
  if (warehouseId !== null) {
    join += ` AND ${l("warehouseId")} = ?`;
    args.push(warehouseId);
  }
  let where = "v.company_id = ?";
  args.push(ctx.companyId);
  if (channelId !== null) {
    where += ` AND EXISTS (SELECT 1 ${listingOf})`;
    args.push(channelId);
  }
  const result = await ctx.db.execute({
    sql:
      `SELECT ${v("sku")} AS sku, ${v("name")} AS name, ${v("barcode")} AS barcode, ${externalId} AS external_id, ` +
      `${v("price")} AS price, ${v("costPrice")} AS cost_price, ` +
      `COALESCE(SUM(${l("onHand")}), 0) AS on_hand, COALESCE(SUM(${l("allocated")}), 0) AS allocated ` +
      `FROM ${variant.name} v ${join} WHERE ${where} GROUP BY v.id` +
      `${definition.includeZero === false ? ` HAVING ${availableSql("on_hand", "allocated")} > 0` : ""} ORDER BY ${v("sku")}`,
    args,
  });
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

const compactTime = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

/**
 * `GET /inventory-exports/{id}/export.json`: writes the export's stock levels as CSV (RFC 4180, a header
 * row) or JSON (an array of objects keyed by header), stores the file and answers a complete data export
 * that links to it.
 */
export async function exportInventory({
  ctx,
  definition,
}: {
  ctx: Ctx;
  definition: InventoryExport;
}): Promise<DataExport> {
  const fields = await selectWhere(
    ctx,
    "inventory-export-field",
    { inventoryExportId: definition.id },
    { order: "position, id" },
  );
  const columns = fields.length
    ? fields.map((field) => ({
        source: field.source as Source,
        header: field.header || field.source,
      }))
    : DEFAULT_SOURCES.map((source) => ({ source, header: source as string }));
  const format = definition.format === "json" ? "json" : "csv";
  const warehouseId = definition.warehouseId;
  const cells: CellContext = {
    format,
    warehouseName:
      warehouseId === null ? null : ((await selectOne(ctx, "warehouse", { id: warehouseId }))?.name ?? null),
    safetyStock:
      definition.channelId === null
        ? null
        : ((await selectOne(ctx, "channel", { id: definition.channelId }))?.safetyStock ?? 0),
  };

  const rows = await stockRows(ctx, definition);
  const text =
    format === "csv"
      ? stringify(
          [
            columns.map((c) => c.header),
            ...rows.map((row) => columns.map((c) => cellOf(row, c.source, cells))),
          ],
          // RFC 4180: CRLF between records, and any field holding a line break is quoted.
          { record_delimiter: "\r\n", quoted_match: /[\r\n]/ },
        )
      : JSON.stringify(
          rows.map((row) => Object.fromEntries(columns.map((c) => [c.header, cellOf(row, c.source, cells)]))),
        );
  const body = new TextEncoder().encode(text);
  const now = ctx.now();
  const fileName = `inventory-export-${definition.id}-${compactTime(now)}.${format}`;
  const contentType = format === "csv" ? "text/csv; charset=utf-8" : "application/json";
  const file = await storeFile({ ctx, input: { name: fileName, contentType, body } });
  await patch(ctx, "inventory-export", definition.id, { lastExportedAt: now });
  return insert(ctx, "data-export", {
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
