// The browser build bundles its own Buffer shim: the default one needs Node's global Buffer (not on Workers).

import type { Row } from "@libsql/client";
import type { Channel, DataExport, InventoryExport, InventoryExportExportInput } from "@multichannel/schema";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, concatBytes } from "@noble/hashes/utils.js";
import { textOrNull } from "../../db/rows.ts";
import { type Sql, sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { csvText } from "../../domain/csv-text.ts";
import { fromCents } from "../../domain/money.ts";
import { apart, fieldOf, many, one, rows, type Snapshot } from "../../domain/reads.ts";
import {
  availableOf,
  availableSql,
  type BundleComponent,
  bundleComponentsOf,
  bundleComponentsSql,
  channelAvailable,
  feedUnitsSql,
} from "../../domain/stock.ts";
import { column, table } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { checkFileQuota, fileUsage, planStoredFile } from "../files.ts";

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
  | "warehouse"
  | "hsCode"
  | "countryOfOrigin"
  | "location";

const DEFAULT_SOURCES: readonly Source[] = ["sku", "name", "onHand", "allocated", "available"];

interface StockRow {
  sku: string;
  name: string | null;
  barcode: string | null;
  externalId: string | null;
  onHand: number;
  allocated: number;
  /** Units the variant's feeds hold (counted without a warehouse setting only: they are at none). */
  feedUnits: number;
  priceCents: number | null;
  costPriceCents: number | null;
  hsCode: string | null;
  countryOfOrigin: string | null;
  /** Where it is kept: its level's location at the export's warehouse, else those at each warehouse. */
  location: string | null;
  /**
   * A bundle's components, for an export of a channel over every warehouse (what the channel is told:
   * `channelAvailable`); none otherwise.
   */
  components: BundleComponent[];
  /** The export keeps only rows with stock to sell (`includeZero` false). */
  onlyStocked: boolean;
}

/**
 * The SELECT of the company's variants (or the export's channel's) with their stock summed over all
 * warehouses (or the export's one); the export's settings read by subquery, in the export's pipeline.
 */
function stockRowsStatement(exportId: number | Sql) {
  const variant = table("variant");
  const level = table("inventory-level");
  const listing = table("channel-variant");
  const v = (field: string) => sql.raw(`v.${column(variant, field)}`);
  const l = (field: string) => sql.raw(`l.${column(level, field)}`);
  const cv = (field: string) => sql.raw(`cv.${column(listing, field)}`);
  /** A setting of the export, as a subquery. */
  const setting = (field: "channelId" | "warehouseId" | "includeZero") =>
    fieldOf("inventory-export", exportId, field);
  const listingOf = sql`FROM ${sql.id(listing.name)} cv WHERE cv.company_id = v.company_id AND ${cv("channelId")} = ${setting("channelId")} AND ${cv("variantId")} = v.id`;
  const externalId = sql`CASE WHEN ${setting("channelId")} IS NULL THEN ${v("externalId")} ELSE (SELECT ${cv("externalId")} ${listingOf} AND ${cv("externalId")} IS NOT NULL ORDER BY cv.id LIMIT 1) END`;
  // For a channel, the SKU as it lists the variant (its listing's own, kept when the catalogue's was
  // renamed), as variant-levels answers it; else the catalogue's.
  const skuOf = sql`CASE WHEN ${setting("channelId")} IS NULL THEN ${v("sku")} ELSE COALESCE((SELECT ${cv("sku")} ${listingOf} AND ${cv("sku")} IS NOT NULL ORDER BY cv.id LIMIT 1), ${v("sku")}) END`;
  const join = sql`LEFT JOIN ${sql.id(level.name)} l ON l.company_id = v.company_id AND ${l("variantId")} = v.id AND (${setting("warehouseId")} IS NULL OR ${l("warehouseId")} = ${setting("warehouseId")})`;
  const where = sql`v.company_id = ${sql.company} AND (${setting("channelId")} IS NULL OR EXISTS (SELECT 1 ${listingOf}))`;
  const feedUnits = sql`CASE WHEN ${setting("warehouseId")} IS NULL THEN ${feedUnitsSql(sql.raw("v.id"))} ELSE 0 END`;
  // Where it is kept: at the export's warehouse, else at each warehouse in turn (by id).
  const il = (field: string) => sql.raw(`il.${column(level, field)}`);
  const location = sql`(SELECT group_concat(place, '; ') FROM (SELECT ${il("location")} AS place FROM ${sql.id(level.name)} il WHERE il.company_id = v.company_id AND ${il("variantId")} = v.id AND ${il("location")} IS NOT NULL AND (${setting("warehouseId")} IS NULL OR ${il("warehouseId")} = ${setting("warehouseId")}) ORDER BY ${il("warehouseId")}))`;
  // A bundle's components, where the channel is told its stock from them (`channelAvailable`).
  const components = sql`CASE WHEN ${setting("channelId")} IS NOT NULL AND ${setting("warehouseId")} IS NULL THEN ${bundleComponentsSql(sql.raw("v.id"))} END`;
  // includeZero false: only rows with stock to sell (NULL or true: every row); a bundle's, made of its
  // components, is told apart once read (`exportedRows`).
  const having = sql`${setting("includeZero")} IS NOT 0 OR ${sql.raw(availableSql("on_hand", "allocated", "feed_units"))} > 0 OR components <> '[]'`;
  return sql`SELECT ${skuOf} AS sku, ${v("name")} AS name, ${v("barcode")} AS barcode, ${externalId} AS external_id, ${v("price")} AS price, ${v("costPrice")} AS cost_price, ${v("hsCode")} AS hs_code, ${v("countryOfOrigin")} AS country_of_origin, ${location} AS location, COALESCE(SUM(${l("onHand")}), 0) AS on_hand, COALESCE(SUM(${l("allocated")}), 0) AS allocated, ${feedUnits} AS feed_units, ${components} AS components, ${setting("includeZero")} IS 0 AS only_stocked FROM ${sql.id(variant.name)} v ${join} WHERE ${where} GROUP BY v.id HAVING ${having} ORDER BY ${v("sku")}`;
}

/** The rows `stockRowsStatement` read. */
function stockRowsOf(rows: readonly Row[]): StockRow[] {
  return rows.map((row) => ({
    sku: String(row.sku),
    name: textOrNull(row.name),
    barcode: textOrNull(row.barcode),
    externalId: textOrNull(row.external_id),
    onHand: Number(row.on_hand),
    allocated: Number(row.allocated),
    feedUnits: Number(row.feed_units),
    priceCents: row.price === null ? null : Number(row.price),
    costPriceCents: row.cost_price === null ? null : Number(row.cost_price),
    hsCode: textOrNull(row.hs_code),
    countryOfOrigin: textOrNull(row.country_of_origin),
    location: textOrNull(row.location),
    components: bundleComponentsOf(row.components),
    onlyStocked: Boolean(Number(row.only_stocked)),
  }));
}

/** How an export writes its cells: the warehouse it names, and the channel it is for, if any. */
interface CellContext {
  warehouseName: string | null;
  format: "csv" | "json";
  channel: Pick<Channel, "safetyStock" | "bundleInventorySync"> | null;
}

/** What a row's `available` says: for a channel, what its store may sell, as the channel is told it. */
function availableIn(row: StockRow, channel: CellContext["channel"]): number {
  return channel ? channelAvailable(row, row.components, channel) : availableOf(row);
}

function cellOf(row: StockRow, source: Source, { warehouseName, format, channel }: CellContext): unknown {
  const money = (cents: number | null) =>
    cents === null ? null : format === "csv" ? fromCents(cents).toFixed(2) : fromCents(cents);
  switch (source) {
    case "onHand":
      return row.onHand;
    case "allocated":
      return row.allocated;
    case "available":
      // For a channel, what its store may sell (as variant-levels says); else the warehouses' own figure.
      return availableIn(row, channel);
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

/**
 * What an export reads: its fields, its warehouse and channel (held as read: they decide its columns
 * and cells), the stock rows it writes (an expensive read: the export is read apart and its file
 * written outside the write queue, `executeWrite`) and the company's stored files' size (not held: see
 * `planExport`).
 */
export function exportReads(exportId: number | Sql) {
  return {
    fields: many("inventory-export-field", { inventoryExportId: exportId }, { order: "position, id" }),
    warehouse: one("warehouse", fieldOf("inventory-export", exportId, "warehouseId")),
    channel: one("channel", fieldOf("inventory-export", exportId, "channelId")),
    stock: apart(rows(stockRowsStatement(exportId), stockRowsOf)),
    usage: fileUsage(),
  };
}

/** What an export's file is made with: its definition's settings (none: every variant, every warehouse). */
export interface ExportSettings {
  format: "csv" | "json";
  warehouseId: number | null;
  channelId: number | null;
}

/** The file an export made, as its data export records it. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  url: string;
  rowCount: number;
  byteSize: number;
}

/**
 * Writes the export's stock levels as CSV (RFC 4180, a header row) or JSON (an array of objects keyed by
 * header) and plans storing the file, named `<name>-<time>.<format>`. The file holds the stock as the
 * export's one read saw it: a level that moves afterwards does not make the export stale, only its
 * settings do (its fields, warehouse and channel are held as read). A file past the company's quota is
 * refused (409) before it is written out.
 */
export async function planExportFile({
  ctx,
  name,
  settings,
  formulas,
  read,
  plan,
}: {
  ctx: Ctx;
  name: string;
  settings: ExportSettings;
  formulas: InventoryExportExportInput["formulas"];
  read: Snapshot<ReturnType<typeof exportReads>>;
  plan: WritePlan;
}): Promise<ExportFile> {
  const { fields, warehouse, channel } = read;
  const columns = fields.length
    ? fields.map((field) => ({
        source: field.source as Source,
        header: field.header || field.source,
      }))
    : DEFAULT_SOURCES.map((source) => ({ source, header: source as string }));
  const { format } = settings;
  const cells: CellContext = {
    format,
    warehouseName: settings.warehouseId === null ? null : (warehouse?.name ?? null),
    channel: settings.channelId === null ? null : (channel ?? { safetyStock: 0, bundleInventorySync: null }),
  };

  // Where the export keeps stocked rows only, a channel's are those its store may sell: the query let
  // through what the warehouses hold, before the channel's safety stock and a bundle's components.
  const rows = read.stock.filter(
    (row) => !row.onlyStocked || !cells.channel || availableIn(row, cells.channel) > 0,
  );
  // A file past the company's quota is refused before it is made (the exact size is checked after).
  checkFileQuota(ctx, read.usage, leastBytes(rows, columns, format), true);
  const table: Table<StockRow> = {
    headers: columns.map((c) => c.header),
    rows,
    cells: (row) => columns.map((c) => cellOf(row, c.source, cells)),
  };
  return planTableFile({ ctx, plan, used: read.usage, name, format, formulas, table });
}

/** A table an export writes out: its headers, its rows, and each row's cells (in the headers' order). */
export interface Table<T> {
  headers: readonly string[];
  rows: readonly T[];
  cells(row: T): readonly unknown[];
}

/**
 * Rows written out at a time: a slice takes a few milliseconds, and between two of them the event loop
 * serves other requests (a 100,000-row export is about a second of writing out).
 */
export const ROWS_PER_SLICE = 2_000;

/** A turn of the event loop: what waits (other requests) runs before the next slice. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The JSON keys of a table's headers. A header that keys an earlier column already (its own header, or
 * the key one was given) keys its column as `header (2)`, else `(3)`, ... the first not taken: a JSON
 * object holds a key once, and no column is lost.
 */
function jsonKeys(headers: readonly string[]): string[] {
  const taken = new Set<string>();
  return headers.map((header) => {
    let key = header;
    for (let n = 2; taken.has(key); n++) key = `${header} (${n})`;
    taken.add(key);
    return key;
  });
}

/**
 * A table as CSV (RFC 4180, a header row) or JSON (an array of objects keyed by header), as its bytes
 * and their SHA-256: written out `ROWS_PER_SLICE` rows at a time, with a turn of the event loop between
 * slices, so that a large export holds up no other request for its whole length. The text is that of the
 * whole table written at once: a CSV record and a JSON array's element are written by themselves.
 */
export async function tableBytes<T>(
  table: Table<T>,
  format: "csv" | "json",
  formulas: InventoryExportExportInput["formulas"],
): Promise<{ body: Uint8Array; checksum: string }> {
  const { headers, rows, cells } = table;
  const encoder = new TextEncoder();
  const hash = sha256.create();
  const parts: Uint8Array[] = [];
  const add = (text: string) => {
    const bytes = encoder.encode(text);
    hash.update(bytes);
    parts.push(bytes);
  };
  const csv: { formulas: "raw" | "escaped" } = { formulas: formulas === "raw" ? "raw" : "escaped" };
  const keys = jsonKeys(headers);
  const element = (row: T) => {
    const values = cells(row);
    return JSON.stringify(Object.fromEntries(keys.map((key, i) => [key, values[i]])));
  };
  add(format === "csv" ? csvText([headers], csv) : "[");
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
    if (start > 0) await nextTurn();
    const slice = rows.slice(start, start + ROWS_PER_SLICE);
    if (format === "csv") add(csvText(slice.map(cells), csv));
    else add((start > 0 ? "," : "") + slice.map(element).join(","));
  }
  if (format === "json") add("]");
  return { body: concatBytes(...parts), checksum: bytesToHex(hash.digest()) };
}

/**
 * Writes a table as CSV (RFC 4180, a header row) or JSON (an array of objects keyed by header) and
 * plans storing it as the company's file `<name>-<time>.<format>` (409 past its quota).
 */
export async function planTableFile<T>({
  ctx,
  plan,
  used,
  name,
  format,
  formulas,
  table,
}: {
  ctx: Ctx;
  plan: WritePlan;
  used: number;
  name: string;
  format: "csv" | "json";
  formulas: InventoryExportExportInput["formulas"];
  table: Table<T>;
}): Promise<ExportFile> {
  const { body, checksum } = await tableBytes(table, format, formulas);
  const fileName = `${name}-${compactTime(plan.now)}.${format}`;
  const contentType = format === "csv" ? "text/csv; charset=utf-8" : "application/json";
  const file = planStoredFile(plan, ctx, used, { name: fileName, contentType, body, checksum });
  return { fileName, contentType, url: file.url, rowCount: table.rows.length, byteSize: body.byteLength };
}

/** A definition's settings, as its export's file is made with them. */
export function settingsOf(definition: InventoryExport): ExportSettings {
  return {
    format: definition.format === "json" ? "json" : "csv",
    warehouseId: definition.warehouseId,
    channelId: definition.channelId,
  };
}

/**
 * `GET /inventory-exports/{id}/export.json`: makes the export's file (`planExportFile`) and answers a
 * complete data export that links to it.
 */
export async function planExport({
  ctx,
  definition,
  input,
  read,
  plan,
}: {
  ctx: Ctx;
  definition: InventoryExport;
  input: InventoryExportExportInput;
  read: Snapshot<ReturnType<typeof exportReads>>;
  plan: WritePlan;
}): Promise<DataExport> {
  const settings = settingsOf(definition);
  const file = await planExportFile({
    ctx,
    name: `inventory-export-${definition.id}`,
    settings,
    formulas: input.formulas,
    read,
    plan,
  });
  const now = plan.now;
  plan.update("inventory-export", definition, { lastExportedAt: now });
  return plan.insert("data-export", {
    displayName: definition.name,
    status: "complete",
    exportType: "inventory_levels",
    format: settings.format,
    inventoryExportId: definition.id,
    ...file,
    fileUri: file.url,
    startedAt: now,
    completedAt: now,
  });
}
