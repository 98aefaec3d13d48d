/**
 * Imports into an inventory feed (the import's `inventoryFeedId`): each row an item, upserted by its
 * external id as the feed's `parse-webhook` action does (its reads and planner), and connected to its
 * catalogue variant when the feed connects automatically.
 */
import {
  actionInputSchema,
  type DataImport,
  type InventoryFeedMapping,
  type InventoryFeedParseWebhookInput,
  kindByName,
  kindSchemas,
} from "@multichannel/schema";
import type * as v from "valibot";
import { parseFeedItemReads, planParseFeedItem } from "../../domain/feed-items.ts";
import { many, one } from "../../domain/reads.ts";
import { ApiError } from "../../errors.ts";
import { actionEvent } from "../events.ts";
import { batchReads, itemSnapshot } from "../inbound.ts";
import type { ColumnDef } from "./columns.ts";
import {
  anImport,
  cellNamed,
  failed,
  type ImportRow,
  type ImportType,
  importType,
  moneyOf,
  type RowOutcome,
  skipped,
  validated,
  wholeNumberOf,
} from "./import-type.ts";

const column = (name: string, ...aliases: string[]): ColumnDef => ({ name, aliases });
const EXTERNAL_ID = column("external_id", "item id", "vendor item id", "id");
const FEED_COLUMNS = [
  column("sku", "vendor sku", "item sku"),
  column("quantity", "qty", "stock", "inventory quantity", "on hand"),
  column("name", "title", "item name"),
  column("price", "retail price", "msrp"),
  column("cost_price", "cost", "unit cost", "wholesale price"),
  column("barcode", "upc", "ean", "gtin"),
  column("weight"),
  column("external_group_id", "group id", "parent id"),
];

const feedKind = kindByName("inventory-feed")!;
const parseWebhook = feedKind.actions!.find((action) => action.name === "parse-webhook")!;
// Built on first use and kept: the action's own input validator.
let itemSchema: v.GenericSchema | undefined;

/** Rows per write: each row's item is read on its own (by external id), as the feed's batch webhook reads them. */
const FEED_BATCH_ROWS = 50;

/** The column of each field of the item a row sends (`parse-webhook`'s input). */
const ITEM_COLUMNS: Readonly<Record<keyof InventoryFeedParseWebhookInput, string>> = {
  externalId: "external_id",
  vendorSku: "sku",
  inventoryQuantity: "quantity",
  externalGroupId: "external_group_id",
  name: "name",
  barcode: "barcode",
  price: "price",
  costPrice: "cost_price",
  weight: "weight",
};

/** How a number column's cell is read (undefined: it is not such a number), and what it must be. */
const NUMBERS: Partial<
  Record<keyof InventoryFeedParseWebhookInput, { parse: (text: string) => number | undefined; what: string }>
> = {
  inventoryQuantity: { parse: wholeNumberOf, what: "a whole number" },
  price: { parse: moneyOf, what: "an amount (e.g. 12.50)" },
  costPrice: { parse: moneyOf, what: "an amount (e.g. 12.50)" },
  weight: {
    parse: (text) => (/^[0-9]{1,9}(\.[0-9]{1,4})?$/.test(text) ? Number(text) : undefined),
    what: "a weight in grams (e.g. 320)",
  },
};

/** Why applying a row's item was refused, the field refused named as the file's column (`Code is required…`). */
function refusal(row: ImportRow, error: ApiError): string {
  const [first] = error.extras.errors ?? [];
  const column = first && ITEM_COLUMNS[first.path as keyof typeof ITEM_COLUMNS];
  return column ? `${cellNamed(row, column)} ${first.message}` : error.message;
}

/**
 * The item a row sends, as `parse-webhook` takes it; or what is wrong with the row, naming the column
 * as the file's header writes it.
 */
function itemOf(row: ImportRow): InventoryFeedParseWebhookInput | string {
  const input: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(ITEM_COLUMNS) as [keyof typeof ITEM_COLUMNS, string][]) {
    const text = row.cells[name];
    if (text === undefined) continue;
    const number = NUMBERS[field];
    const value = number ? number.parse(text) : text;
    if (value === undefined) return `${cellNamed(row, name)} is not ${number?.what}`;
    input[field] = value;
  }
  itemSchema ??= actionInputSchema(parseWebhook.input);
  const checked = validated(itemSchema, input, "the item", { row, columns: ITEM_COLUMNS });
  return checked.ok ? (checked.output as InventoryFeedParseWebhookInput) : checked.problem;
}

const feedOf = (dataImport: DataImport) => dataImport.inventoryFeedId ?? 0;

/** A feed import: `columns` beside `external_id`; `existingOnly`: a row changes an item, never creates one. */
function feedImport(columns: readonly ColumnDef[], existingOnly: boolean): ImportType {
  const itemReadsOf = (rows: readonly ImportRow[], dataImport: DataImport) =>
    rows.map((row) => {
      const item = itemOf(row);
      return parseFeedItemReads(feedOf(dataImport), typeof item === "string" ? { externalId: "" } : item);
    });
  return importType({
    required: [EXTERNAL_ID, ...(existingOnly ? columns.slice(0, 1) : [])],
    // A row may leave any of its item's columns empty (that field stays as it is), never its id.
    filled: [EXTERNAL_ID],
    optional: existingOnly ? columns.slice(1) : columns,
    batchRows: FEED_BATCH_ROWS,
    check: (dataImport) =>
      dataImport.inventoryFeedId
        ? undefined
        : `${anImport(dataImport.importType, true)} needs the inventory feed it imports into (inventoryFeedId).`,
    reads: (rows, dataImport) => ({
      feed: one("inventory-feed", feedOf(dataImport)),
      ...batchReads(itemReadsOf(rows, dataImport)),
    }),
    plan({ dataImport, rows, read, plan }) {
      const { feed } = read;
      const itemReads = itemReadsOf(rows, dataImport);
      const seen = new Map<string, number>();
      return rows.map((row, index): RowOutcome => {
        if (!feed) return failed(row, `no inventory feed with id ${dataImport.inventoryFeedId}`);
        if (feed.enabled === false) return failed(row, `inventory feed ${feed.id} is disabled`);
        const input = itemOf(row);
        if (typeof input === "string") return failed(row, input);
        const first = seen.get(input.externalId);
        if (first !== undefined) return failed(row, `external id ${input.externalId} is also row ${first}`);
        seen.set(input.externalId, row.number);
        const itemRead = itemSnapshot(index, itemReads[index]!, read);
        if (existingOnly && !itemRead.items.length) {
          return failed(row, `no item with external id ${input.externalId} in inventory feed ${feed.id}`);
        }
        try {
          const parsed = planParseFeedItem({ feed, input, read: itemRead, plan });
          const event = actionEvent(feedKind, parseWebhook, parsed.item, feed, feed);
          if (event) plan.event(event.type, event.object, event.result);
          if (parsed.result === "unchanged")
            return skipped(row, `item ${input.externalId} is as the row says already`);
          return { outcome: parsed.result === "created" ? "added" : "updated" };
        } catch (error) {
          // Refused before it planned anything (a removed item, a new item without its SKU).
          if (error instanceof ApiError) return failed(row, refusal(row, error));
          throw error;
        }
      });
    },
  });
}

/**
 * `inventory_feed`: each row an item of the feed (`external_id`, and its `sku`, `quantity`, `name`,
 * `price`, `cost_price`, `barcode`, `weight`, `external_group_id`), created or updated.
 */
export const inventoryFeedImport = feedImport(FEED_COLUMNS, false);

/** `inventory_feed_prices`: the `price` (and `cost_price`) of the feed's items already there. */
export const inventoryFeedPricesImport = feedImport(
  [column("price", "retail price", "msrp"), column("cost_price", "cost", "unit cost", "wholesale price")],
  true,
);

/** The values of `inventory_feed_mapping` rows, by column. */
const MAPPING_REQUIRED = [
  column("field", "applies to", "target"),
  column("match_type", "match", "matching"),
  column("transform_from", "from", "find", "values"),
  column("transform_to", "to", "replace with", "replacement"),
];
const MAPPING_OPTIONAL = [column("transform_type", "case", "change of case")];

// Built on first use and kept: the kind's own create validator, for the mapping a row makes.
let mappingSchema: v.GenericSchema | undefined;

/** The column of each field of the mapping a row makes. */
const MAPPING_COLUMNS: Readonly<Record<string, string>> = {
  field: "field",
  matchType: "match_type",
  transformFrom: "transform_from",
  transformTo: "transform_to",
  transformType: "transform_type",
};

/** The mapping a row makes (`transform_from` lists its texts separated by `|`), or what is wrong with it. */
function mappingOf(row: ImportRow, inventoryFeedId: number): InventoryFeedMappingValues | string {
  const { cells } = row;
  const values = {
    inventoryFeedId,
    field: cells.field,
    matchType: cells.match_type,
    transformFrom: (cells.transform_from ?? "")
      .split("|")
      .map((text) => text.trim())
      .filter(Boolean),
    transformTo: cells.transform_to,
    transformType: cells.transform_type ?? "none",
  };
  mappingSchema ??= kindSchemas(kindByName("inventory-feed-mapping")!).create;
  const checked = validated(mappingSchema, values, "the mapping", { row, columns: MAPPING_COLUMNS });
  return checked.ok ? (checked.output as InventoryFeedMappingValues) : checked.problem;
}

type InventoryFeedMappingValues = Pick<
  InventoryFeedMapping,
  "inventoryFeedId" | "field" | "matchType" | "transformFrom" | "transformTo" | "transformType"
>;

/** One mapping's identity: what it rewrites, how it matches, from what, to what. */
const mappingKey = (mapping: Omit<InventoryFeedMappingValues, "inventoryFeedId" | "transformType">) =>
  JSON.stringify([mapping.field, mapping.matchType, [...mapping.transformFrom].sort(), mapping.transformTo]);

/**
 * `inventory_feed_mapping`: each row a rule of the feed's mappings; a rule the feed has already (the
 * same field, match, texts and replacement) is skipped, so the same file imported again adds none twice.
 */
export const inventoryFeedMappingImport = importType({
  required: MAPPING_REQUIRED,
  optional: MAPPING_OPTIONAL,
  batchRows: 200,
  check: (dataImport) =>
    dataImport.inventoryFeedId
      ? undefined
      : `${anImport(dataImport.importType, true)} needs the inventory feed its rules are for (inventoryFeedId).`,
  reads: (_, dataImport) => ({
    feed: one("inventory-feed", feedOf(dataImport)),
    mappings: many("inventory-feed-mapping", { inventoryFeedId: feedOf(dataImport) }, { hold: "count" }),
  }),
  plan({ dataImport, rows, read, plan }) {
    const have = new Set(read.mappings.map(mappingKey));
    return rows.map((row): RowOutcome => {
      if (!read.feed) return failed(row, `no inventory feed with id ${dataImport.inventoryFeedId}`);
      const mapping = mappingOf(row, read.feed.id);
      if (typeof mapping === "string") return failed(row, mapping);
      if (have.has(mappingKey(mapping))) return skipped(row, "the feed has this rule already");
      have.add(mappingKey(mapping));
      plan.insert("inventory-feed-mapping", mapping);
      return { outcome: "added" };
    });
  },
});
