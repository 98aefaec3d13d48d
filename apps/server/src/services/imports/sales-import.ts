/**
 * `sales`: one row per order line; the rows of one order (its `order` id, consecutive in the file)
 * are imported as `POST /channels/{id}/manual-sale.json` imports an order, through that action's
 * reads and planner: keyed by channel and external id (imported again: updated, never duplicated),
 * the customer found or created, the lines routed, a sale import logged.
 */
import {
  actionInputSchema,
  type ChannelManualSaleInput,
  kindByName,
  recordBodyFields,
} from "@multichannel/schema";
import * as v from "valibot";
import { sql } from "../../db/sql.ts";
import { quotedCell } from "../../domain/failures.ts";
import { caseless } from "../../domain/feed-items.ts";
import { many, one } from "../../domain/reads.ts";
import { fieldErrors } from "../../errors.ts";
import { manualSaleReads, planManualSale } from "../actions/manual-sale.ts";
import { actionEvent } from "../events.ts";
import { executeRead } from "../execute.ts";
import type { ColumnDef } from "./columns.ts";
import {
  failed,
  fieldAmong,
  type ImportRow,
  importType,
  moneyOf,
  valuesOf,
  wholeNumberOf,
} from "./import-type.ts";

const column = (name: string, ...aliases: string[]): ColumnDef => ({ name, aliases });
const REQUIRED = [
  column("order", "order id", "order number", "external id", "order external id"),
  column("channel", "channel name", "channel id", "store"),
  column("email", "customer email", "e-mail"),
  column("sku", "variant sku", "item sku"),
  column("quantity", "qty"),
  column("price", "unit price", "item price"),
  column("line_one", "address", "address 1", "address line 1", "ship to address"),
  column("city", "ship to city"),
  column("country", "country code", "ship to country"),
];
const OPTIONAL = [
  column("first_name", "firstname", "customer first name"),
  column("last_name", "lastname", "surname", "customer last name"),
  column("name", "ship to name", "shipping name", "recipient"),
  column("line_two", "address 2", "address line 2"),
  column("state", "province", "region", "ship to state"),
  column("zip", "postcode", "postal code", "zip code", "ship to zip"),
  column("phone", "telephone", "ship to phone"),
];

const channelKind = kindByName("channel")!;
const manualSale = channelKind.actions!.find((action) => action.name === "manual-sale")!;
// Built on first use and kept: the action's own input validator.
let inputSchema: v.GenericSchema | undefined;

/** The order the rows make, as the action takes it; or the first row's problem. */
function orderOf(rows: readonly ImportRow[]): ChannelManualSaleInput | { row: ImportRow; problem: string } {
  const first = rows[0]!.cells;
  const items: NonNullable<ChannelManualSaleInput["items"]> = [];
  for (const row of rows) {
    const quantity = wholeNumberOf(row.cells.quantity);
    if (quantity === undefined || quantity < 1) {
      return {
        row,
        problem: `quantity "${quotedCell(row.cells.quantity ?? "")}" is not a whole number of 1 or more`,
      };
    }
    const price = moneyOf(row.cells.price);
    if (price === undefined)
      return { row, problem: `price "${quotedCell(row.cells.price ?? "")}" is not an amount (e.g. 12.50)` };
    items.push({ sku: row.cells.sku!, quantity, price });
  }
  const name = first.name ?? ([first.first_name, first.last_name].filter(Boolean).join(" ") || null);
  const input: ChannelManualSaleInput = {
    externalId: first.order!,
    customer: {
      email: first.email!,
      firstName: first.first_name ?? null,
      lastName: first.last_name ?? null,
      phone: first.phone ?? null,
    },
    shippingAddress: {
      name,
      lineOne: first.line_one!,
      lineTwo: first.line_two ?? null,
      city: first.city!,
      state: first.state ?? null,
      zip: first.zip ?? null,
      country: first.country!,
      phone: first.phone ?? null,
    },
    items,
  };
  inputSchema ??= actionInputSchema(manualSale.input, recordBodyFields(manualSale));
  const parsed = v.safeParse(inputSchema, input);
  if (parsed.success) return input;
  const [error] = fieldErrors(parsed.issues);
  return { row: rows[0]!, problem: `${error?.path ?? "the order"} ${error?.message ?? "is not valid"}` };
}

export const salesImport = importType({
  required: REQUIRED,
  optional: OPTIONAL,
  // An order's rows are checked together, as the action checks its input (`orderOf`): a row of it
  // taken out for an empty cell would import the order without that line.
  filled: [],
  // One order a write: an order the action refuses fails alone.
  batchRows: 1,
  groupOf: (row) => `${caseless(row.cells.channel ?? "")}\u0000${row.cells.order ?? ""}`,
  /** The channel each row names (by name, any case, or id), as its id. */
  async resolve(ctx, rows) {
    const names = valuesOf(rows, "channel", caseless);
    const channels = await executeRead(
      { ctx },
      {
        channels: many(
          "channel",
          sql`(${fieldAmong("channel", "name", names, true)}) OR (${fieldAmong("channel", "id", names)})`,
        ),
      },
      (read) => read.channels,
    );
    return rows.map((row) => {
      const named = caseless(row.cells.channel ?? "");
      const channel =
        channels.find((found) => String(found.id) === named) ??
        channels.find((found) => caseless(found.name ?? "") === named);
      return channel ? { ...row, cells: { ...row.cells, channel: String(channel.id) } } : row;
    });
  },
  reads(rows) {
    // The channel `resolve` found, as its id; a cell it found none for names none, whatever number
    // JavaScript would read in it (`1e1`, `0x5`).
    const cell = rows[0]?.cells.channel ?? "";
    const channelId = /^[0-9]{1,15}$/.test(cell) ? Number(cell) : 0;
    const order = orderOf(rows);
    const input = "problem" in order ? undefined : order;
    return {
      channel: one("channel", channelId),
      ...manualSaleReads(channelId, input ?? emptyOrder),
    };
  },
  plan({ rows, read, plan }) {
    const first = rows[0]!;
    const { channel } = read;
    if (!channel)
      return rows.map((row) => failed(row, `unknown channel "${quotedCell(first.cells.channel ?? "")}"`));
    const order = orderOf(rows);
    if ("problem" in order) {
      return rows.map((row) =>
        failed(
          row,
          row === order.row ? order.problem : `order ${first.cells.order} has a bad row ${order.row.number}`,
        ),
      );
    }
    const known = read.sales.length > 0;
    const { sale } = planManualSale({ channel, input: order, read, plan });
    const event = actionEvent(channelKind, manualSale, sale, channel);
    if (event) plan.event(event.type, event.object, event.result);
    // An order imported before is updated (the action's keyed import), else its lines are added.
    return rows.map(() => ({ outcome: known ? "updated" : "added" }));
  },
});

/** The order of rows that make none (their problem is told by `plan`): reads that find nothing. */
const emptyOrder: ChannelManualSaleInput = { externalId: "", customer: { email: "" }, items: [] };
