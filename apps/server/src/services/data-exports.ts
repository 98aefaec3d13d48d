/**
 * Data exports made with `POST /data-exports.json` are built in the background: the dispatcher takes
 * each pending one it can make, oldest first: stock levels (`exportType` `inventory_levels`, or none)
 * as `GET /inventory-exports/{id}/export.json` makes them (with the inventory export named by
 * `inventoryExportId`, or every variant at every warehouse without one), or a feed's items
 * (`inventory_feed` with `inventoryFeedId`). It stores the file and completes the record with its
 * `url` in one batch, with the `data_export.completed` event whose callout posts `{"file": <url>}` to
 * the inventory export's `webhookUrl`. An export that cannot be made (past the company's file quota)
 * ends `error` with the reason. Exports of a template or a stock take are left as written: their
 * records are reported by whoever makes them.
 */
import type { DataExport, InventoryExport, InventoryFeed, InventoryFeedVariant } from "@multichannel/schema";
import type { Db } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import type { Ctx } from "../domain/context.ts";
import { planFailure } from "../domain/failures.ts";
import { apart, fieldOf, many, one, type Snapshot } from "../domain/reads.ts";
import { feedItemUnits } from "../domain/stock.ts";
import { column, table } from "../domain/store.ts";
import { transitionValues } from "../domain/transitions.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { ApiError, isApiError } from "../errors.ts";
import {
  type ExportFile,
  type ExportSettings,
  exportReads,
  planExportFile,
  planTableFile,
  settingsOf,
  type Table,
} from "./actions/exports.ts";
import { executeWrite } from "./execute.ts";
import { checkFileQuota, fileUsage } from "./files.ts";

/** What a data export exports, by its `exportType` (none: stock levels). */
type ExportType = NonNullable<DataExport["exportType"]>;

/**
 * Builds the pending stock-level data exports, at most `limit`, each company's oldest first and the
 * companies side by side (every company's first, then every company's second, ...): a company that
 * queued many holds back no other company's. Answers how many it took.
 */
export async function runPendingDataExports(
  db: Db,
  ctxOf: (companyId: number) => Ctx,
  limit = 5,
): Promise<number> {
  const exports = table("data-export");
  const at = (field: string) => sql.id(column(exports, field));
  const pending = sql`SELECT id, company_id, ${at("exportType")} AS export_type, row_number() OVER (PARTITION BY company_id ORDER BY id) AS nth FROM ${sql.id(exports.name)} WHERE ${at("status")} = 'pending' AND ${at("templateId")} IS NULL AND ${at("stockTakeId")} IS NULL AND (${at("exportType")} IS NULL OR ${at("exportType")} = 'inventory_levels' OR (${at("exportType")} = 'inventory_feed' AND ${at("inventoryFeedId")} IS NOT NULL))`;
  const statement = sql`SELECT id, company_id, export_type FROM (${pending}) ORDER BY nth, id LIMIT ${limit}`;
  const found = await db.execute(statement.statement());
  for (const row of found.rows) {
    const type: ExportType = row.export_type === "inventory_feed" ? "inventory_feed" : "inventory_levels";
    await buildDataExport(ctxOf(Number(row.company_id)), Number(row.id), type);
  }
  return found.rows.length;
}

/**
 * What building a stock-level data export reads: itself (held: still pending), its definition, and the
 * inventory export's reads.
 */
function levelsReads(dataExportId: number) {
  const definitionId = fieldOf("data-export", dataExportId, "inventoryExportId");
  return {
    dataExport: one("data-export", dataExportId),
    definition: one("inventory-export", definitionId),
    ...exportReads(definitionId),
  };
}

/**
 * What building a feed data export reads: itself (held: still pending), its feed, the feed's items (not
 * held: the file holds them as this read saw them, as a stock export holds the levels; an expensive
 * read, as the stock is: read apart and written out outside the write queue) and the company's files'
 * size.
 */
function feedItemsReads(dataExportId: number) {
  const feedId = fieldOf("data-export", dataExportId, "inventoryFeedId");
  return {
    dataExport: one("data-export", dataExportId),
    feed: one("inventory-feed", feedId),
    items: apart(many("inventory-feed-variant", { inventoryFeedId: feedId }, { hold: "none" })),
    usage: fileUsage(),
  };
}

/** Builds one data export, or ends it `error` with the reason it cannot be built. */
export async function buildDataExport(ctx: Ctx, dataExportId: number, type: ExportType): Promise<void> {
  try {
    if (type === "inventory_feed") {
      await executeWrite(
        { ctx },
        {
          reads: feedItemsReads(dataExportId),
          plan: (read, plan) => planFeedItemsExport({ ctx, read, plan }),
        },
      );
    } else {
      await executeWrite(
        { ctx },
        {
          reads: levelsReads(dataExportId),
          plan: (read, plan) => planLevelsExport({ ctx, read, plan }),
        },
      );
    }
  } catch (error) {
    if (isApiError(error) && error.status < 500) {
      await failDataExport(ctx, dataExportId, error.detail);
      return;
    }
    // A fault of the service's own: the export says so rather than staying pending for ever; the
    // fault itself is told to the dispatcher's log.
    await failDataExport(ctx, dataExportId, "The export could not be built (a fault of the service).");
    throw error;
  }
}

/** The settings a data export is made with: its definition's, else its own format over every variant. */
function exportSettings(dataExport: DataExport, definition: InventoryExport | undefined): ExportSettings {
  if (definition) return settingsOf(definition);
  return { format: dataExport.format === "json" ? "json" : "csv", warehouseId: null, channelId: null };
}

async function planLevelsExport({
  ctx,
  read,
  plan,
}: {
  ctx: Ctx;
  read: Snapshot<ReturnType<typeof levelsReads>>;
  plan: WritePlan;
}): Promise<void> {
  const { dataExport, definition } = read;
  if (dataExport?.status !== "pending") return;
  const settings = exportSettings(dataExport, definition);
  const file = await planExportFile({
    ctx,
    name: definition ? `inventory-export-${definition.id}` : `data-export-${dataExport.id}`,
    settings,
    formulas: "escaped",
    read,
    plan,
  });
  planCompleted(plan, dataExport, file, {
    format: settings.format,
    exportType: "inventory_levels",
    displayName: dataExport.displayName ?? definition?.name ?? null,
  });
  if (definition) plan.update("inventory-export", definition, { lastExportedAt: plan.now });
}

/** The columns of a feed's items export, in order. */
const FEED_COLUMNS = [
  "externalId",
  "sku",
  "name",
  "barcode",
  "quantity",
  "price",
  "costPrice",
  "weight",
  "reviewStatus",
  "status",
] as const;

/**
 * A feed's items (those not removed) as a table: each item's units less the feed's `allocationBuffer`
 * (`feedItemUnits`), then the feed's `exportSkuThreshold` applied (an item with fewer units is exported
 * with none), money as decimals (two places in CSV).
 */
function feedItemsTable(
  feed: InventoryFeed,
  items: readonly InventoryFeedVariant[],
  format: "csv" | "json",
): Table<InventoryFeedVariant> {
  const threshold = feed.exportSkuThreshold ?? 0;
  const money = (value: number | null) => (value === null || format === "json" ? value : value.toFixed(2));
  return {
    headers: FEED_COLUMNS,
    rows: items.filter((item) => item.status !== "removed"),
    cells: (item) => {
      const units = feedItemUnits(item, feed);
      const cells: Record<(typeof FEED_COLUMNS)[number], unknown> = {
        ...item,
        quantity: units < threshold ? 0 : units,
        price: money(item.price),
        costPrice: money(item.costPrice),
      };
      return FEED_COLUMNS.map((column) => cells[column]);
    },
  };
}

async function planFeedItemsExport({
  ctx,
  read,
  plan,
}: {
  ctx: Ctx;
  read: Snapshot<ReturnType<typeof feedItemsReads>>;
  plan: WritePlan;
}): Promise<void> {
  const { dataExport, feed } = read;
  if (dataExport?.status !== "pending") return;
  if (!feed) throw new ApiError("conflict", "The export's inventory feed no longer exists.");
  const format = dataExport.format === "json" ? "json" : "csv";
  const table = feedItemsTable(feed, read.items, format);
  // A file past the company's quota is refused before it is written out: each row holds at least its
  // external id and SKU, and a separator per column.
  const least = table.rows.reduce(
    (sum, item) => sum + String(item.externalId).length + String(item.sku).length,
    0,
  );
  checkFileQuota(ctx, read.usage, least + table.rows.length * FEED_COLUMNS.length, true);
  const file = await planTableFile({
    ctx,
    plan,
    used: read.usage,
    name: `inventory-feed-${feed.id}`,
    format,
    formulas: "escaped",
    table,
  });
  planCompleted(plan, dataExport, file, {
    format,
    exportType: "inventory_feed",
    displayName: dataExport.displayName ?? feed.name,
  });
}

/**
 * A data export completed with its file, along its declared transition, with the
 * `data_export.completed` event (whose callout tells its definition's webhook).
 */
function planCompleted(
  plan: WritePlan,
  dataExport: DataExport,
  file: ExportFile,
  values: Pick<DataExport, "format" | "exportType" | "displayName">,
): void {
  const completed = plan.update(
    "data-export",
    dataExport,
    transitionValues("data-export", dataExport, "complete", {
      ...file,
      ...values,
      fileUri: file.url,
      startedAt: dataExport.startedAt ?? plan.now,
      completedAt: plan.now,
      errorMessage: null,
    }),
    { movesState: true },
  );
  plan.event("data_export.completed", completed, undefined);
}

/** A data export that cannot be built ends `error`, with why. */
async function failDataExport(ctx: Ctx, dataExportId: number, message: string): Promise<void> {
  await executeWrite(
    { ctx },
    {
      reads: { dataExport: one("data-export", dataExportId) },
      plan: ({ dataExport }, plan) => {
        if (dataExport?.status !== "pending") return;
        const values = transitionValues("data-export", dataExport, "error", {
          errorMessage: message.slice(0, 2000),
          completedAt: plan.now,
        });
        plan.update("data-export", dataExport, values, { movesState: true });
        planFailure(plan, {
          source: "data-export",
          code: "export_failed",
          message: `Data export ${dataExport.id}: ${message}`,
          subject: { kind: "data-export", id: dataExport.id },
        });
      },
    },
  );
}
