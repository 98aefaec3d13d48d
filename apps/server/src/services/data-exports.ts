/**
 * Data exports made with `POST /data-exports.json` are built in the background: the dispatcher takes
 * each pending stock-level export, makes its file as `GET /inventory-exports/{id}/export.json` does
 * (with its inventory export's settings, or every variant at every warehouse without one), stores it
 * and completes the record with its `url` in one batch, with the `data_export.completed` event whose
 * callout posts `{"file": <url>}` to the inventory export's `webhookUrl`. An export that cannot be made
 * (past the company's file quota) ends `error` with the reason.
 */
import type { DataExport, InventoryExport } from "@multichannel/schema";
import type { Db } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import type { Ctx } from "../domain/context.ts";
import { fieldOf, one, type Snapshot } from "../domain/reads.ts";
import { column, table } from "../domain/store.ts";
import { transitionValues } from "../domain/transitions.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { isApiError } from "../errors.ts";
import { type ExportSettings, exportReads, planExportFile, settingsOf } from "./actions/exports.ts";
import { executeWrite } from "./execute.ts";

/** The export types built here: stock levels (also what an export without a type is). */
const BUILT = "inventory_levels";

/**
 * Builds the pending stock-level data exports of every company, oldest first, at most `limit`;
 * answers how many it took.
 */
export async function runPendingDataExports(
  db: Db,
  ctxOf: (companyId: number) => Ctx,
  limit = 5,
): Promise<number> {
  const exports = table("data-export");
  const at = (field: string) => sql.id(column(exports, field));
  const statement = sql`SELECT id, company_id FROM ${sql.id(exports.name)} WHERE ${at("status")} = 'pending' AND (${at("exportType")} IS NULL OR ${at("exportType")} = ${BUILT}) ORDER BY id LIMIT ${limit}`;
  const found = await db.execute(statement.statementFor(0));
  for (const row of found.rows) await buildDataExport(ctxOf(Number(row.company_id)), Number(row.id));
  return found.rows.length;
}

/** What building a data export reads: itself (held: still pending), its definition, and the export's reads. */
function buildReads(dataExportId: number) {
  const definitionId = fieldOf("data-export", dataExportId, "inventoryExportId");
  return {
    dataExport: one("data-export", dataExportId),
    definition: one("inventory-export", definitionId),
    ...exportReads(definitionId),
  };
}

/** Builds one data export, or ends it `error` with the reason it cannot be built. */
export async function buildDataExport(ctx: Ctx, dataExportId: number): Promise<void> {
  try {
    await executeWrite(
      { ctx },
      {
        reads: buildReads(dataExportId),
        plan: (read, plan) => planBuildDataExport({ ctx, read, plan }),
      },
    );
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

function planBuildDataExport({
  ctx,
  read,
  plan,
}: {
  ctx: Ctx;
  read: Snapshot<ReturnType<typeof buildReads>>;
  plan: WritePlan;
}): void {
  const { dataExport, definition } = read;
  if (dataExport?.status !== "pending") return;
  const settings = exportSettings(dataExport, definition);
  const file = planExportFile({
    ctx,
    name: definition ? `inventory-export-${definition.id}` : `data-export-${dataExport.id}`,
    settings,
    formulas: "escaped",
    read,
    plan,
  });
  const now = plan.now;
  const completed = plan.update(
    "data-export",
    dataExport,
    transitionValues("data-export", dataExport, "complete", {
      ...file,
      fileUri: file.url,
      format: settings.format,
      exportType: BUILT,
      displayName: dataExport.displayName ?? definition?.name ?? null,
      startedAt: dataExport.startedAt ?? now,
      completedAt: now,
      errorMessage: null,
    }),
    { movesState: true },
  );
  if (definition) plan.update("inventory-export", definition, { lastExportedAt: now });
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
      },
    },
  );
}
