/**
 * Data imports: a created import is owed a run (`services/imports/runner.ts`), made in its write; a
 * deleted one is owed nothing more (a run under way stops at its next batch). Data exports: one the
 * server builds (`services/data-exports.ts`) names what it exports.
 */
import type { DataExport } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { refusedField } from "../../errors.ts";
import { stateConflict } from "../states.ts";
import { creates, deletes, updates, type WriteRules } from "./rule.ts";

/**
 * A 422 for a pending feed export that names no feed: the server builds a pending export of a feed's
 * items from that feed, and one without it would stay pending. (An export of a template or a stock
 * take is kept as written.)
 */
function checkBuildable(
  exported: Pick<DataExport, "status" | "exportType" | "inventoryFeedId" | "templateId" | "stockTakeId">,
): void {
  if (exported.status !== "pending" || exported.exportType !== "inventory_feed") return;
  if (exported.inventoryFeedId != null || exported.templateId != null || exported.stockTakeId != null) return;
  throw refusedField(
    "inventoryFeedId",
    "is required on a pending inventory_feed export: it is built from that feed's items",
  );
}

/**
 * What a data import's run reads and applies: once it has started, these say what was applied, and the
 * import's "imported already" check goes by them, so they no longer change.
 */
const IMPORT_WORK = [
  "importType",
  "fileUri",
  "inventoryFeedId",
  "dropshipProviderId",
  "priceListId",
] as const;

export const importRules: WriteRules = {
  "data-export": {
    planCreate: creates<"data-export", Record<never, never>>({
      reads: () => ({}),
      plan({ values, plan }) {
        const exported = plan.insert("data-export", values);
        checkBuildable(exported);
        return exported;
      },
    }),
    planUpdate: updates<"data-export", Record<never, never>>({
      // A pending export's state out of pending needs no check, nor do its notes or its read flag.
      fields: ["exportType", "inventoryFeedId", "templateId", "stockTakeId"],
      reads: () => ({}),
      plan({ values, current, plan }) {
        // `values` hold a requested state already checked against the lifecycle (its transition).
        const exported = plan.update("data-export", current, values, { movesState: true });
        checkBuildable(exported);
        return exported;
      },
    }),
  },
  "data-import": {
    planCreate: creates<"data-import", Record<never, never>>({
      reads: () => ({}),
      plan({ values, plan }) {
        const dataImport = plan.insert("data-import", values);
        plan.write(
          sql`INSERT INTO data_import_runs (import_id, company_id, created_at) VALUES (${dataImport.id}, ${sql.company}, ${plan.now})`,
        );
        return dataImport;
      },
    }),
    planUpdate: updates<"data-import", Record<never, never>>({
      fields: IMPORT_WORK,
      reads: () => ({}),
      plan({ values, current, plan }) {
        const changed = IMPORT_WORK.filter(
          (field) => values[field] !== undefined && values[field] !== current[field],
        );
        if (changed.length && current.status !== "pending") {
          throw stateConflict(
            "data-import",
            current,
            `Data import ${current.id} has ${current.status === "started" ? "started" : "run"}: its ${changed.join(", ")} ${changed.length === 1 ? "says" : "say"} what it applied and cannot change. Create another import instead.`,
          );
        }
        // `values` hold a requested state already checked against the lifecycle (its transition).
        return plan.update("data-import", current, values, { movesState: true });
      },
    }),
    planDelete: deletes<"data-import", Record<never, never>>({
      reads: () => ({}),
      plan({ current, plan }) {
        plan.write(sql`DELETE FROM data_import_rows WHERE import_id = ${current.id}`);
        plan.write(
          sql`DELETE FROM data_import_runs WHERE import_id = ${current.id} AND company_id = ${sql.company}`,
        );
      },
    }),
  },
};
