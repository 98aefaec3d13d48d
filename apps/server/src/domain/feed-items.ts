/**
 * What an item sent to an inventory feed's webhook does to the feed's item: the fields it sets, which of
 * them change an item already there, and the catalogue variant it connects to; how a batch of such items
 * is checked, read and planned. Shared by the feed's `parse-webhook` action, its batch webhook, the
 * payloads pushed to it (`inventory-feed-payload`), its fetched files and its imports.
 */
import {
  actionInputSchema,
  type InventoryFeed,
  type InventoryFeedParseWebhookInput,
  type InventoryFeedVariant,
  type Variant,
} from "@multichannel/schema";
import * as v from "valibot";
import { type Sql, sql } from "../db/sql.ts";
import { ApiError, type FieldError, fieldErrors } from "../errors.ts";
import { fieldOf, many, part, type Reads, type Snapshot, within } from "./reads.ts";
import { column, kind, table } from "./store.ts";
import type { WritePlan } from "./write-plan.ts";

/** Items one call of the feed's batch webhook (or one payload pushed to the feed) may carry, as the reference documents. */
const MAX_FEED_ITEMS = 50;

const parseWebhook = kind("inventory-feed").actions!.find((action) => action.name === "parse-webhook")!;
const feedItemSchema = actionInputSchema(parseWebhook.input);

/** An item of the feed that is removed cannot be sent again: 409. */
export function checkNotRemoved(feed: InventoryFeed, item: InventoryFeedVariant | undefined): void {
  if (item?.status === "removed") {
    throw new ApiError(
      "conflict",
      `The item with external id ${item.externalId} of inventory feed ${feed.id} is removed; it cannot be updated.`,
      { state: "removed", allowedActions: [] },
    );
  }
}

/** The item's fields the webhook's input sets: `vendorSku` is its SKU, `inventoryQuantity` its stock. */
export function feedItemValues(input: InventoryFeedParseWebhookInput): Partial<InventoryFeedVariant> {
  const values: Partial<InventoryFeedVariant> = {};
  if (input.vendorSku !== undefined && input.vendorSku !== null) values.sku = input.vendorSku;
  if (input.inventoryQuantity !== undefined && input.inventoryQuantity !== null)
    values.quantity = input.inventoryQuantity;
  for (const field of ["externalGroupId", "name", "barcode", "price", "costPrice", "weight"] as const) {
    if (input[field] !== undefined) (values as Record<string, unknown>)[field] = input[field];
  }
  return values;
}

/** A new item needs a SKU: 422 naming `vendorSku` (under `path`, an item of a batch). */
export function requireSku(values: Partial<InventoryFeedVariant>, path: string): string {
  if (!values.sku) {
    const message = "is required for a new item";
    throw new ApiError("validation_failed", `${path}vendorSku ${message}.`, {
      errors: [{ path: `${path}vendorSku`, message }],
    });
  }
  return values.sku;
}

/** The values that differ from the item as it is. */
export function changedValues(
  existing: InventoryFeedVariant,
  values: Partial<InventoryFeedVariant>,
): Partial<InventoryFeedVariant> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) => existing[field as keyof InventoryFeedVariant] !== value,
    ),
  );
}

/** The catalogue SKUs a feed item connects to, in order: with the feed's prefix, then as it is. */
export function connectSkus(feed: InventoryFeed, sku: string): string[] {
  const prefixed = feed.skuPrefix ? `${feed.skuPrefix}${sku}` : undefined;
  if (feed.automaticallyConnectPrefix === "prefixOnly") return prefixed ? [prefixed] : [sku];
  return prefixed ? [prefixed, sku] : [sku];
}

/**
 * A code without its letter case, as the database's `lower()` makes it: only A to Z are folded, so that
 * what a read finds by `lower()` and what a planner compares agree.
 */
export function caseless(code: string): string {
  return code.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * The one variant among `found` that `code` names (each variant's code as `codeOf` answers it), under
 * the feed's case rule: the one with exactly that code (several: none), else, with
 * `caseInsensitiveSkus`, the only one whose code differs from it by case alone.
 */
function oneNamed(
  feed: InventoryFeed,
  code: string,
  found: readonly Variant[],
  codeOf: (v: Variant) => string | null,
) {
  const exact = found.filter((variant) => codeOf(variant) === code);
  if (exact.length || !feed.caseInsensitiveSkus) return exact.length === 1 ? exact[0] : undefined;
  const folded = caseless(code);
  const alike = found.filter((variant) => caseless(codeOf(variant) ?? "") === folded);
  return alike.length === 1 ? alike[0] : undefined;
}

/** The catalogue variant with SKU `sku`, under the feed's case rule (`caseInsensitiveSkus`). */
export function variantOfSku(
  feed: InventoryFeed,
  sku: string,
  variants: readonly Variant[],
): Variant | undefined {
  return oneNamed(feed, sku, variants, (variant) => variant.sku);
}

/**
 * The variant of the feed's vendor whose `vendorSku` is the item's SKU, under the feed's case rule;
 * none when the feed has no vendor, or several of its variants have that code.
 */
function variantOfVendorSku(feed: InventoryFeed, sku: string, variants: readonly Variant[]) {
  if (feed.vendorId === null) return undefined;
  const ofVendor = variants.filter((variant) => variant.vendorId === feed.vendorId);
  return oneNamed(feed, sku, ofVendor, (variant) => variant.vendorSku);
}

/** The only variant with the item's barcode; none when it has none or several variants share it. */
function variantOfBarcode(item: InventoryFeedVariant, variants: readonly Variant[]) {
  if (!item.barcode) return undefined;
  const found = variants.filter((variant) => variant.barcode === item.barcode);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The variant an item with no variant yet connects to, among `variants` (those `connectCandidates`
 * found), undefined when it connects to none. With `automaticallyConnect`: the first of its
 * `connectSkus` that names a variant, else the variant of the feed's vendor whose `vendorSku` is the
 * item's SKU; with `automaticallyConnectByBarcode`, failing those, the only variant with its barcode.
 */
export function variantToConnect(
  feed: InventoryFeed,
  item: InventoryFeedVariant,
  variants: readonly Variant[],
): Variant | undefined {
  if (item.variantId !== null) return undefined;
  const bySku = feed.automaticallyConnect
    ? (connectSkus(feed, item.sku)
        .map((sku) => variantOfSku(feed, sku, variants))
        .find(Boolean) ?? variantOfVendorSku(feed, item.sku, variants))
    : undefined;
  if (bySku || !feed.automaticallyConnectByBarcode) return bySku;
  return variantOfBarcode(item, variants);
}

/** A column of the variants' table, as SQL. */
const variantColumn = (field: string) => sql.id(column(table("variant"), field));

/** SQL: a SELECT of the ids of the company's variants meeting `where`. */
function variantIds(where: Sql): Sql {
  return sql`SELECT id FROM ${sql.id(table("variant").name)} WHERE company_id = ${sql.company} AND ${where}`;
}

/**
 * SQL: a SELECT of the ids of the company's variants meeting `where`, at most two with each value of
 * `field`: two are enough to tell that a code names more than one variant, whatever the catalogue holds.
 */
function twoPer(field: "vendorSku" | "barcode", where: Sql): Sql {
  const numbered = sql`SELECT id, row_number() OVER (PARTITION BY ${variantColumn(field)} ORDER BY id) AS n FROM ${sql.id(table("variant").name)} WHERE company_id = ${sql.company} AND ${where}`;
  return sql`SELECT id FROM (${numbered}) WHERE n <= 2`;
}

/**
 * SQL (a condition on variants): the catalogue variants that feed `feedId`'s items may connect to,
 * for the items whose SKUs `skus` answers (a SELECT of one column, `sku`) and whose barcodes
 * `barcodes` answers (one column, `barcode`). Found whatever their case, through the indexes on
 * `lower(sku)` and `lower(vendorSku)` (the planner applies the feed's case rule): the variants of the
 * SKUs with and without the feed's prefix; the variants of the feed's vendor with those codes as their
 * `vendorSku`; with `automaticallyConnectByBarcode`, the variants with those barcodes. Each through its
 * own index, united by id (a condition of `OR`s would have the database choose one index for all).
 */
export function connectCandidates(feedId: number | Sql, skus: Sql, barcodes: Sql): Sql {
  const prefix = fieldOf("inventory-feed", feedId, "skuPrefix");
  const vendorId = fieldOf("inventory-feed", feedId, "vendorId");
  const byBarcode = fieldOf("inventory-feed", feedId, "automaticallyConnectByBarcode");
  const codes = sql`SELECT lower(sku) FROM (${skus})`;
  const prefixed = sql`SELECT lower(${prefix} || sku) FROM (${skus})`;
  // `+`: the vendor's code finds the variants, not the vendor (who may have thousands).
  const ofVendor = sql`+${variantColumn("vendorId")} = ${vendorId} AND lower(${variantColumn("vendorSku")}) IN (${codes})`;
  const withBarcode = sql`${byBarcode} = 1 AND ${variantColumn("barcode")} IN (SELECT barcode FROM (${barcodes}) WHERE barcode <> '')`;
  const bySku = variantIds(sql`lower(${variantColumn("sku")}) IN (${codes} UNION ${prefixed})`);
  return sql`id IN (${bySku} UNION ${twoPer("vendorSku", ofVendor)} UNION ${twoPer("barcode", withBarcode)})`;
}

/** A column of the feed items' table, as SQL. */
const itemColumn = (field: string) => sql.id(column(table("inventory-feed-variant"), field));

/**
 * SQL: the beginning of a group id, `id` (SQL): the text before its last `-` or `_` (`SHIRT-BLUE_M`:
 * `SHIRT-BLUE`), or all of it when it has neither. `rtrim` with every other character of the id strips
 * what follows the last separator, then the separators.
 */
function groupIdStart(id: Sql): Sql {
  const beforeLast = sql`rtrim(rtrim(${id}, replace(replace(${id}, '-', ''), '_', '')), '-_')`;
  return sql`coalesce(nullif(${beforeLast}, ''), ${id})`;
}

/**
 * SQL (over a feed item's columns): the item's handle, which groups the items of one product, by the
 * feed's `handleStrategy` (`strategy`, SQL): its `externalGroupId`, that id's beginning
 * (`externalGroupIdStart`, `groupIdStart`) or its `name`; without a strategy, its `externalGroupId`.
 * Trimmed, at most 100 characters (a product's `externalId` holds it); null or empty for an item without
 * that attribute.
 */
export function feedHandleSql(strategy: Sql): Sql {
  const groupId = itemColumn("externalGroupId");
  const handle = sql`CASE ${strategy} WHEN 'name' THEN ${itemColumn("name")} WHEN 'externalGroupIdStart' THEN ${groupIdStart(groupId)} ELSE ${groupId} END`;
  return sql`substr(trim(${handle}), 1, 100)`;
}

// ------------------------------------------------------------------------------ the webhook's items

/**
 * One feed item as the feed's webhook takes it (also a row of a fetched feed file): the item, or
 * undefined with its errors added to `errors`, their paths under `path` (none: the fields' own names).
 */
export function checkedFeedItem(
  item: unknown,
  path: string,
  errors: FieldError[],
): InventoryFeedParseWebhookInput | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    errors.push({ path, message: "must be a JSON object" });
    return undefined;
  }
  const result = v.safeParse(feedItemSchema, item, { abortPipeEarly: true });
  if (!result.success) {
    errors.push(
      ...fieldErrors(result.issues).map((e) => ({ ...e, path: path ? `${path}.${e.path}` : e.path })),
    );
    return undefined;
  }
  return result.output as InventoryFeedParseWebhookInput;
}

/**
 * The items of a feed webhook body (or of a payload pushed to the feed: `what`): a JSON array of at most
 * 50 valid items, else a 422 naming them.
 */
export function parseFeedItems(body: unknown, what = "body"): InventoryFeedParseWebhookInput[] {
  if (!Array.isArray(body)) {
    throw new ApiError("validation_failed", `The ${what} must be a JSON array of feed items.`, {
      errors: [{ path: `(${what})`, message: "must be a JSON array of feed items" }],
    });
  }
  if (body.length > MAX_FEED_ITEMS) {
    const per = what === "body" ? "call" : what;
    throw new ApiError("validation_failed", `At most ${MAX_FEED_ITEMS} items per ${per}.`, {
      errors: [{ path: `(${what})`, message: `must have at most ${MAX_FEED_ITEMS} items` }],
    });
  }
  const errors: FieldError[] = [];
  const items = body.map((item, index) => checkedFeedItem(item, String(index), errors));
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    if (!item) return;
    const first = seen.get(item.externalId);
    if (first === undefined) seen.set(item.externalId, index);
    else errors.push({ path: `${index}.externalId`, message: `${item.externalId} is also item ${first}` });
  });
  if (errors.length) {
    throw new ApiError(
      "validation_failed",
      `Some feed items are not valid; nothing was written: ${errors
        .slice(0, 3)
        .map((e) => `${e.path} ${e.message.replace(/\.$/, "")}`)
        .join("; ")}.`,
      { errors },
    );
  }
  return items as InventoryFeedParseWebhookInput[];
}

/** SQL answering the id of a feed's item with an external id (the first, if there were more). */
export function feedItemId(feedId: number, externalId: string) {
  return sql`(SELECT id FROM ${sql.id(table("inventory-feed-variant").name)} WHERE company_id = ${sql.company} AND ${itemColumn("inventoryFeedId")} = ${feedId} AND ${itemColumn("externalId")} = ${externalId} ORDER BY id LIMIT 1)`;
}

/** The read of a feed's item with an external id: a list of one at most, held as still that one, as read. */
export function feedItemRead(feedId: number, externalId: string) {
  return many("inventory-feed-variant", { inventoryFeedId: feedId, externalId }, { limit: 1 });
}

/** What became of one feed item sent to the feed's webhook. */
export interface ParsedFeedItem {
  item: InventoryFeedVariant;
  result: "created" | "updated" | "unchanged";
  connected: boolean;
}

/**
 * What parsing one item of the feed's webhook reads, each held as read: the item with its external id
 * (still that one, or still none: two calls with one new item make one), and the catalogue variants it
 * may connect to (`connectCandidates`: by its SKU and barcode as sent, else as stored; still those, so
 * which one it connects to, or that none, holds).
 */
export function parseFeedItemReads(feedId: number, input: InventoryFeedParseWebhookInput) {
  const stored = (field: "sku" | "barcode") =>
    fieldOf("inventory-feed-variant", feedItemId(feedId, input.externalId), field);
  const sku = sql`COALESCE(${input.vendorSku ?? null}, ${stored("sku")})`;
  const barcode = input.barcode === undefined ? stored("barcode") : sql`${input.barcode}`;
  return {
    items: feedItemRead(feedId, input.externalId),
    variants: many(
      "variant",
      connectCandidates(feedId, sql`SELECT ${sku} AS sku`, sql`SELECT ${barcode} AS barcode`),
    ),
  };
}

/**
 * Refuses an item the feed cannot take, before anything of it is planned: any item of a disabled feed
 * (409: by whichever way it comes, as its fetch, batch webhook and imports), an item of the feed that is
 * removed (409), a new item without its SKU (422 naming `vendorSku`, under `path`).
 */
function checkFeedItem(
  feed: InventoryFeed,
  input: InventoryFeedParseWebhookInput,
  existing: InventoryFeedVariant | undefined,
  path: string,
): void {
  if (feed.enabled === false) throw new ApiError("conflict", `Inventory feed ${feed.id} is disabled.`);
  checkNotRemoved(feed, existing);
  if (!existing) requireSku(feedItemValues(input), path);
}

/**
 * `PUT /inventory-feeds/{id}/parse-webhook.json`: one feed item, created or updated by its external id,
 * and connected to its catalogue variant when the feed connects automatically; planned. Also each item
 * of a batch (`planFeedItems`), a fetched file and an import.
 */
export function planParseFeedItem({
  feed,
  input,
  read,
  plan,
  path = "",
}: {
  feed: InventoryFeed;
  input: InventoryFeedParseWebhookInput;
  read: Snapshot<ReturnType<typeof parseFeedItemReads>>;
  plan: WritePlan;
  /** Where the item is in a batch, for its errors' paths (`3.`). */
  path?: string;
}): ParsedFeedItem {
  const [existing] = read.items;
  checkFeedItem(feed, input, existing, path);
  const values = feedItemValues(input);
  let item: InventoryFeedVariant;
  let result: ParsedFeedItem["result"];
  if (!existing) {
    item = plan.insert("inventory-feed-variant", {
      ...values,
      inventoryFeedId: feed.id,
      externalId: input.externalId,
      sku: requireSku(values, path),
    });
    result = "created";
  } else {
    const changed = changedValues(existing, values);
    item = Object.keys(changed).length ? plan.update("inventory-feed-variant", existing, changed) : existing;
    result = Object.keys(changed).length ? "updated" : "unchanged";
  }
  const variant = variantToConnect(feed, item, read.variants);
  if (!variant) return { item, result, connected: false };
  item = plan.update("inventory-feed-variant", item, { variantId: variant.id });
  return { item, result, connected: true };
}

/** The reads of a batch of the feed's items: each item's (`parseFeedItemReads`), named under its index. */
export function feedItemsReads(feedId: number, items: readonly InventoryFeedParseWebhookInput[]): Reads {
  return Object.assign(
    {},
    ...items.map((input, index) => within(`item${index}`, parseFeedItemReads(feedId, input))),
  );
}

/** What each item's reads answered, in the snapshot of `feedItemsReads`. */
function itemSnapshots(
  feedId: number,
  items: readonly InventoryFeedParseWebhookInput[],
  read: Snapshot<Reads>,
) {
  return items.map((input, index) => part(`item${index}`, parseFeedItemReads(feedId, input), read));
}

/**
 * Refuses a batch of the feed's items (read by `feedItemsReads`) when the feed cannot take one of them
 * (`checkFeedItem`, each refusal naming the item's index): nothing planned.
 */
export function checkFeedItems({
  feed,
  items,
  read,
}: {
  feed: InventoryFeed;
  items: readonly InventoryFeedParseWebhookInput[];
  read: Snapshot<Reads>;
}): void {
  for (const [index, snapshot] of itemSnapshots(feed.id, items, read).entries()) {
    checkFeedItem(feed, items[index]!, snapshot.items[0], `${index}.`);
  }
}

/**
 * A batch of the feed's items (its batch webhook's, a pushed payload's), read by `feedItemsReads`, all or
 * nothing: every item checked (`checkFeedItems`) before any is planned, then each planned as
 * `parse-webhook` plans it, with that action's outcome event (the item as its object).
 */
export function planFeedItems({
  feed,
  items,
  read,
  plan,
}: {
  feed: InventoryFeed;
  items: readonly InventoryFeedParseWebhookInput[];
  read: Snapshot<Reads>;
  plan: WritePlan;
}): ParsedFeedItem[] {
  checkFeedItems({ feed, items, read });
  return itemSnapshots(feed.id, items, read).map((snapshot, index) => {
    const parsed = planParseFeedItem({ feed, input: items[index]!, read: snapshot, plan, path: `${index}.` });
    plan.event(parseWebhook.event!, parsed.item, undefined);
    return parsed;
  });
}
