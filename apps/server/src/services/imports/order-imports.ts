/**
 * Imports about orders: tracking numbers (each row ships a purchase as `POST /purchases/{id}/ship.json`
 * does, through that action's planner).
 */
import { actionInputSchema, kindByName, type PurchaseShipInput } from "@multichannel/schema";
import type * as v from "valibot";
import { type Sql, sql } from "../../db/sql.ts";
import { quotedCell } from "../../domain/failures.ts";
import { many, one } from "../../domain/reads.ts";
import { column, table } from "../../domain/store.ts";
import { planShipPurchase, shipPurchaseReads } from "../actions/purchases.ts";
import { actionEvent } from "../events.ts";
import type { ColumnDef } from "./columns.ts";
import { failed, type ImportRow, importType, skipped, validated } from "./import-type.ts";

const PURCHASE: ColumnDef = {
  name: "purchase",
  aliases: ["purchase reference", "purchase id", "purchase order", "po", "po number", "reference"],
};
const TRACKING: ColumnDef = {
  name: "tracking_number",
  aliases: ["tracking", "tracking no", "tracking code"],
};
const CARRIER: ColumnDef = { name: "carrier", aliases: ["tracking company", "shipping carrier"] };
const SERVICE: ColumnDef = { name: "service", aliases: ["shipping service", "shipping method"] };

const purchaseKind = kindByName("purchase")!;
const shipAction = purchaseKind.actions!.find((action) => action.name === "ship")!;
// Built on first use and kept: the ship action's own input validator, for what a row ships with.
let shipSchema: v.GenericSchema | undefined;
/** The ship action's input fields, by the column each is read from. */
const SHIP_COLUMNS = { trackingNumber: TRACKING.name, carrier: CARRIER.name, service: SERVICE.name };

/** SQL answering the id of the company's purchase a cell names: by its reference, else by its id. */
function purchaseNamed(text: string): Sql {
  const reference = sql.id(column(table("purchase"), "reference"));
  const id = /^[0-9]{1,15}$/.test(text) ? Number(text) : 0;
  return sql`(SELECT id FROM ${sql.id(table("purchase").name)} WHERE company_id = ${sql.company} AND (${reference} = ${text} OR id = ${id}) ORDER BY ${reference} = ${text} DESC, id LIMIT 1)`;
}

/**
 * `tracking_import`: each row ships the purchase it names (all it has left to ship) with the tracking
 * number, carrier and service. A row whose tracking number the purchase shipped with already is
 * skipped, so the same file imported again ships nothing twice. One row a write: a row the ship
 * action refuses (a purchase not sent, nothing left to ship) fails alone, with the action's reason.
 */
export const trackingImport = importType({
  required: [PURCHASE, TRACKING],
  optional: [CARRIER, SERVICE],
  batchRows: 1,
  reads: (rows: readonly ImportRow[]) => {
    const [row] = rows;
    const purchaseId = purchaseNamed(row?.cells.purchase ?? "");
    const trackingNumber = sql.id(column(table("dropshipment"), "trackingNumber"));
    const ofPurchase = sql.id(column(table("dropshipment"), "purchaseId"));
    return {
      purchase: one("purchase", purchaseId),
      shippedWith: many(
        "dropshipment",
        sql`${ofPurchase} = ${purchaseId} AND ${trackingNumber} = ${row?.cells.tracking_number ?? ""}`,
      ),
      ...shipPurchaseReads(purchaseId),
    };
  },
  plan({ rows, read, plan }) {
    return rows.map((row) => {
      const { purchase } = read;
      const named = row.cells.purchase!;
      const trackingNumber = row.cells.tracking_number!;
      if (!purchase) return failed(row, `unknown purchase "${quotedCell(named)}"`);
      if (read.shippedWith.length) {
        return skipped(row, `purchase ${named} shipped with tracking number ${trackingNumber} already`);
      }
      const state = purchase.status;
      if (shipAction.from && !shipAction.from.includes(state)) {
        return failed(row, `purchase ${named} is ${state}; it ships from ${shipAction.from.join(", ")}`);
      }
      const input: PurchaseShipInput = {
        trackingNumber,
        carrier: row.cells.carrier ?? null,
        service: row.cells.service ?? null,
      };
      shipSchema ??= actionInputSchema(shipAction.input);
      const checked = validated(shipSchema, input, "the shipment", { row, columns: SHIP_COLUMNS });
      if (!checked.ok) return failed(row, checked.problem);
      const shipped = planShipPurchase({ purchase, input, read, plan });
      const event = actionEvent(purchaseKind, shipAction, shipped.dropshipment, shipped.purchase);
      if (event) plan.event(event.type, event.object, event.result);
      return { outcome: "added" };
    });
  },
});
