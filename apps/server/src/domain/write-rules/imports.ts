/**
 * Data imports: a created import is owed a run (`services/imports/runner.ts`), made in its write; a
 * deleted one is owed nothing more (a run under way stops at its next batch). Data exports: one the
 * server builds (`services/data-exports.ts`) names what it exports, and an inventory export's columns
 * carry only what the key that chose them may read.
 */
import type { DataExport, DataImport } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { refusedField } from "../../errors.ts";
import type { Actor } from "../context.ts";
import { allows, missingScope, scopeText } from "../scopes.ts";
import { stateConflict } from "../states.ts";
import { type KindName, kind } from "../store.ts";
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

/**
 * The kind each import type's rows are written as: the kind whose path the operation its rows do names
 * (a sales row is a manual sale, `POST /channels/{id}/manual-sale.json`; a stock take's row an
 * adjustment). The runner writes with the company's full access, in the background, so the key that
 * asks for an import must hold the write scope of that kind's group, as it would to write the rows
 * itself: else a key of the inventory group could write orders or purchases through a file.
 */
const WRITTEN_AS: Record<NonNullable<DataImport["importType"]>, KindName> = {
  stock_take: "adjustment",
  adjustment_import: "adjustment",
  cost_prices: "variant",
  vendor_mappings: "variant",
  hs_code: "variant",
  warehouse_location_import: "inventory-level",
  tracking_import: "purchase",
  sales: "channel",
  inventory_feed: "inventory-feed",
  inventory_feed_prices: "inventory-feed",
  inventory_feed_mapping: "inventory-feed-mapping",
  dropship_providers: "dropship-provider",
  dropship_provider_users: "dropship-provider-user",
};

/** A 403 naming the scope when the actor may not write what an import of `importType` writes. */
function checkImportScope(actor: Actor, importType: DataImport["importType"] | undefined): void {
  if (!actor.access || !importType) return;
  const { group } = kind(WRITTEN_AS[importType]);
  if (allows(actor.access, group, 2)) return;
  const article = /^([aeiou]|hs_)/.test(importType) ? "an" : "a";
  throw missingScope(scopeText(group, 2), actor.readOnly, `${article} ${importType} import`);
}

/**
 * An inventory export's columns that describe a variant beyond what stock records show (its SKU and
 * name, the units, the warehouse and the location): the catalogue's. Its files are the inventory
 * group's (any key that runs or downloads them reads them), so a column of these is chosen only by a
 * key that reads the catalogue.
 */
const CATALOGUE_SOURCES: ReadonlySet<string> = new Set([
  "barcode",
  "externalId",
  "price",
  "costPrice",
  "hsCode",
  "countryOfOrigin",
]);

/** A 403 naming `catalog:read` when the actor may not choose a column of `source`. */
function checkColumnScope(actor: Actor, source: string): void {
  if (!actor.access || !CATALOGUE_SOURCES.has(source) || allows(actor.access, "catalog", 1)) return;
  throw missingScope(scopeText("catalog", 1), actor.readOnly, `an export column of \`${source}\``);
}

export const importRules: WriteRules = {
  "inventory-export-field": {
    planCreate: creates<"inventory-export-field", Record<never, never>>({
      reads: () => ({}),
      plan({ ctx, values, plan }) {
        checkColumnScope(ctx.actor, values.source!);
        return plan.insert("inventory-export-field", values);
      },
    }),
    // Only a column given another source is chosen anew: one sent back as read stays editable.
    planUpdate: updates<"inventory-export-field", Record<never, never>>({
      fields: ["source"],
      reads: () => ({}),
      plan({ ctx, values, current, plan }) {
        if (values.source !== undefined && values.source !== current.source) {
          checkColumnScope(ctx.actor, values.source);
        }
        return plan.update("inventory-export-field", current, values);
      },
    }),
  },
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
      plan({ ctx, values, plan }) {
        checkImportScope(ctx.actor, values.importType);
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
      plan({ ctx, values, current, plan }) {
        const changed = IMPORT_WORK.filter(
          (field) => values[field] !== undefined && values[field] !== current[field],
        );
        // Who changes what a pending import will write needs the scope of what it writes then.
        if (changed.length) checkImportScope(ctx.actor, values.importType ?? current.importType);
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
          sql`DELETE FROM data_import_files WHERE import_id = ${current.id} AND company_id = ${sql.company}`,
        );
        plan.write(
          sql`DELETE FROM data_import_runs WHERE import_id = ${current.id} AND company_id = ${sql.company}`,
        );
      },
    }),
  },
};
