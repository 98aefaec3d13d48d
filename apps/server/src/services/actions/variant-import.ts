import type {
  Channel,
  ChannelImportConnectorVariantBatchInput,
  ChannelImportConnectorVariantBatchOutput,
} from "@multichannel/schema";
import { toRecord } from "../../db/rows.ts";
import { type Sql, sql } from "../../db/sql.ts";
import { type Read, rows, type Snapshot } from "../../domain/reads.ts";
import { column, type KindName, kind, narrowed, type PartOf, table } from "../../domain/store.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { namedOptionValues } from "../../domain/write-rules/catalog.ts";
import { ApiError, type FieldError, namesNoRecord } from "../../errors.ts";

export type ConnectorVariantInput = ChannelImportConnectorVariantBatchInput["items"][number];

/** Catalogue fields a connector item may set; absent ones are left as they are. */
const VARIANT_FIELDS = [
  "sku",
  "name",
  "barcode",
  "price",
  "costPrice",
  "weight",
  "productId",
  "tags",
  "vendorId",
  "vendorSku",
  "dropshipProviderId",
  "hsCode",
  "countryOfOrigin",
] as const;
/** Item fields that name records of the company, and their kinds. */
const REFERENCES = {
  productId: "product",
  vendorId: "vendor",
  dropshipProviderId: "dropship-provider",
} as const;
/** Whether products have names, by which an item's `productName` finds or makes its product. */
const HAS_PRODUCT_NAMES = "name" in kind("product").fields;
const PRODUCT_FIELDS = HAS_PRODUCT_NAMES ? ["name"] : [];
const CHANNEL_VARIANT_FIELDS = ["externalId", "sku", "externalGroupId", "variantId", "errorMessage"] as const;
const LISTING_FIELDS = [...CHANNEL_VARIANT_FIELDS, "status"] as const;

// Each read with `updatedAt`, the version its guard compares.
type Listing = PartOf<"channel-variant", (typeof CHANNEL_VARIANT_FIELDS)[number] | "status" | "updatedAt">;
type CatalogueVariant = PartOf<"variant", (typeof VARIANT_FIELDS)[number] | "updatedAt">;

interface Plan {
  index: number;
  item: ConnectorVariantInput;
  channelVariant?: Listing;
  variant?: CatalogueVariant;
}

function duplicates(items: readonly ConnectorVariantInput[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ["externalId", "sku"] as const) {
    const first = new Map<string, number>();
    items.forEach((item, index) => {
      const key = item[field];
      if (key === undefined || key === null) return;
      const seen = first.get(key);
      if (seen === undefined) first.set(key, index);
      else
        errors.push({
          path: `items.${index}.${field}`,
          message: `repeats items.${seen}.${field} (${key})`,
        });
    });
  }
  return errors.sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
}

/** A list argument of a read: `IN (SELECT value FROM json_each(?))` takes any number of values in one. */
const inList = (list: string) => sql`IN (SELECT value FROM json_each(${list}))`;

/** The values of an item field that is set, as a list argument. */
function listOf(values: readonly (string | number | null | undefined)[]): string {
  return JSON.stringify([...new Set(values.filter((value) => value !== null && value !== undefined))]);
}

/** A record a lookup found: `updatedAt` is the version its guard compares. */
type Versioned = { id: number; updatedAt: string };

/**
 * A lookup of the import: `fields` of the company's records of a kind that meet `condition` (a lookup
 * by `lists`), by id. Held by one guard, before the batch writes: the lookup still finds as many, and
 * each record it found is unchanged (its `updatedAt`: every write moves it).
 */
function lookup<T extends Versioned>(
  kindName: KindName,
  fields: readonly string[],
  condition: Sql,
  lists: readonly string[],
): Read<T[]> {
  const t = narrowed(table(kindName), fields);
  // A lookup by an empty list finds nothing: not a walk of the company's rows to learn it, nor a guard.
  const none = lists.includes("[]");
  const from = sql`FROM ${sql.id(t.name)} WHERE company_id = ${sql.company} AND (${none ? sql`0` : condition})`;
  return rows(
    // No ORDER BY: with hundreds of values, SQLite would rather walk the company's rows in id order
    // than look each value up in its index (see `selectIn`); sorted here.
    sql`SELECT ${sql.raw(t.selectList)} ${from}`,
    (found) => found.map((row) => toRecord(t, row)).sort((a, b) => a.id - b.id) as unknown as T[],
    (plan, records) => {
      if (none) return;
      const count = sql`(SELECT count(*) ${from}) = ${records.length}`;
      if (!records.length) return plan.hold(count);
      const versions = JSON.stringify(records.map((record) => [record.id, record.updatedAt]));
      plan.hold(
        sql`${count} AND (SELECT count(*) FROM json_each(${versions}) j CROSS JOIN ${sql.id(t.name)} r ON r.id = j.value ->> 0 WHERE r.company_id = ${sql.company} AND r.updated_at IS j.value ->> 1) = ${records.length}`,
      );
    },
  );
}

/** The records the items' `field` names (each must be the company's), with their `fields`. */
function referenced<T extends Versioned = Versioned>(
  items: readonly ConnectorVariantInput[],
  field: keyof typeof REFERENCES,
  fields: readonly string[] = [],
) {
  const ids = listOf(items.map((item) => item[field]));
  return lookup<T>(REFERENCES[field], fields, sql`id ${inList(ids)}`, [ids]);
}

type ProductOptions = PartOf<"product", "optionNames" | "updatedAt">;
type NamedOption = PartOf<"option-value", "variantId" | "name" | "updatedAt">;

/**
 * What an import reads, in one pipeline: the records the items name, the channel's listings and the
 * catalogue's variants they match (by externalId, by SKU, by their variant's SKU), and products by name
 * (found or not: a product made meanwhile would be made twice). Listings are read by the SKU of every
 * item, those with a store-side id too: one the channel does not list by that id takes over the listing
 * of its SKU, and one listed by id must not take a SKU another listing holds. Each lookup is held
 * (`lookup`): what the matching relied on is as read when the batch applies.
 */
export function importReads(channelId: number, input: ChannelImportConnectorVariantBatchInput) {
  const items = input.items;
  const cv = (field: string) => sql.id(column(table("channel-variant"), field));
  const variants = table("variant");
  const sku = sql.id(column(variants, "sku"));
  const externalIds = listOf(items.map((item) => item.externalId));
  const skus = listOf(items.map((item) => item.sku));
  const listings = (condition: Sql, list: string) =>
    lookup<Listing>(
      "channel-variant",
      LISTING_FIELDS,
      sql`${cv("channelId")} = ${channelId} AND ${condition}`,
      [list],
    );
  const productNames = listOf(items.map((item) => item.productName));
  // The variants an item may put on another product (it names one), with their option values.
  const regrouping = items.filter((item) => item.productId != null || item.productName != null);
  const regroupingSkus = listOf(regrouping.map((item) => item.sku));
  const regroupingIds = listOf(regrouping.map((item) => item.externalId));
  const valuesOf = sql.id(column(table("option-value"), "variantId"));
  return {
    productId: referenced<ProductOptions>(items, "productId", ["optionNames"]),
    vendorId: referenced(items, "vendorId"),
    dropshipProviderId: referenced(items, "dropshipProviderId"),
    listed: listings(sql`${cv("externalId")} ${inList(externalIds)}`, externalIds),
    ownSku: listings(sql`${cv("sku")} ${inList(skus)}`, skus),
    viaVariant: listings(
      sql`${cv("variantId")} IN (SELECT id FROM ${sql.id(variants.name)} WHERE company_id = ${sql.company} AND ${sku} ${inList(skus)})`,
      skus,
    ),
    bySku: lookup<CatalogueVariant>("variant", VARIANT_FIELDS, sql`${sku} ${inList(skus)}`, [skus]),
    // The variants of the listings the items may match, by store-side id or by their own SKU (a
    // listing keeps its SKU when its variant's is renamed): an item never moves one to another variant.
    linked: lookup<CatalogueVariant>(
      "variant",
      VARIANT_FIELDS,
      sql`id IN (SELECT ${cv("variantId")} FROM ${sql.id(table("channel-variant").name)} WHERE company_id = ${sql.company} AND ${cv("channelId")} = ${channelId} AND (${cv("externalId")} ${inList(externalIds)} OR ${cv("sku")} ${inList(skus)}))`,
      [skus],
    ),
    optionValues: lookup<NamedOption>(
      "option-value",
      ["variantId", "name"],
      sql`${valuesOf} IN (SELECT id FROM ${sql.id(variants.name)} WHERE company_id = ${sql.company} AND ${sku} ${inList(regroupingSkus)})
        OR ${valuesOf} IN (SELECT ${cv("variantId")} FROM ${sql.id(table("channel-variant").name)} WHERE company_id = ${sql.company} AND ${cv("channelId")} = ${channelId} AND ${cv("externalId")} ${inList(regroupingIds)})`,
      [regroupingSkus],
    ),
    products: lookup<PartOf<"product", "name" | "optionNames" | "updatedAt">>(
      "product",
      [...PRODUCT_FIELDS, "optionNames"],
      HAS_PRODUCT_NAMES ? sql`${sql.id(column(table("product"), "name"))} ${inList(productNames)}` : sql`0`,
      [HAS_PRODUCT_NAMES ? productNames : "[]"],
    ),
  };
}

/** What `importReads` answered. */
type ImportRead = Snapshot<ReturnType<typeof importReads>>;

/** Every reference of the items must name a record of the company: else a 422 per item and field. */
function checkItemReferences(items: readonly ConnectorVariantInput[], read: ImportRead): void {
  const errors: FieldError[] = [];
  for (const [field, kindName] of Object.entries(REFERENCES) as [keyof typeof REFERENCES, KindName][]) {
    const found = new Set(read[field].map((record) => record.id));
    items.forEach((item, index) => {
      const id = item[field];
      if (id && !found.has(id)) {
        errors.push({ path: `items.${index}.${field}`, message: namesNoRecord(kindName, id) });
      }
    });
  }
  if (errors.length) {
    throw new ApiError("validation_failed", "Some items name records that are not yours.", { errors });
  }
}

/**
 * Which channel variant and catalogue variant each item updates (none: it creates them), or the items'
 * errors. An item is matched to a listing by its store-side id, else by its SKU: a store that re-creates
 * a product sends the SKU it listed under a new id, and the listing takes the new id. A listing or a
 * variant two items would both write, or a SKU another listing of the channel holds, is the later
 * item's error: left to the batch, it would break a unique index, or fail its guards on every retry.
 */
function matchItems(items: readonly ConnectorVariantInput[], read: ImportRead): Plan[] {
  const listed = new Map(read.listed.map((record) => [record.externalId as string, record]));
  // The channel's listing of a SKU: the one with that sku, which the unique index (channel, sku) makes
  // the only one, else one without a sku linked to the catalogue variant of that SKU.
  const ownSku = new Map(read.ownSku.map((record) => [record.sku as string, record]));
  const listedBySku = new Map(ownSku);
  const skuOf = new Map(read.bySku.map((record) => [record.id, record.sku]));
  for (const record of read.viaVariant) {
    const sku = record.sku ?? (record.variantId ? skuOf.get(record.variantId) : undefined);
    if (sku && !listedBySku.has(sku)) listedBySku.set(sku, record);
  }
  const bySku = new Map(read.bySku.map((record) => [record.sku, record]));
  const byId = new Map(read.linked.map((record) => [record.id, record]));

  const errors: FieldError[] = [];
  const variantOwner = new Map<number, number>();
  const channelVariantOwner = new Map<number, number>();
  const plans = items.map((item, index): Plan => {
    const listedById = item.externalId ? listed.get(item.externalId) : undefined;
    const channelVariant = listedById ?? listedBySku.get(item.sku);
    const linked = channelVariant?.variantId ? byId.get(channelVariant.variantId) : undefined;
    const owner = bySku.get(item.sku);
    const holder = ownSku.get(item.sku);
    if (channelVariant && linked && linked.sku !== item.sku) {
      // A SKU is the catalogue's, shared by every channel: renaming it is a catalogue edit.
      const listing = item.externalId ?? `channel variant ${channelVariant.id}`;
      errors.push({
        path: `items.${index}.sku`,
        message: owner
          ? `is ${item.sku}, the sku of variant ${owner.id}, but ${listing} is linked to variant ${linked.id} (${linked.sku})`
          : `is ${item.sku}, but ${listing} is linked to variant ${linked.id} with sku ${linked.sku}: rename a catalogue sku with PUT /variants/${linked.id}.json, not through the connector`,
      });
    } else if (channelVariant && holder && holder.id !== channelVariant.id) {
      errors.push({
        path: `items.${index}.sku`,
        message: `is ${item.sku}, the sku of channel variant ${holder.id} of this channel, but ${item.externalId} is channel variant ${channelVariant.id}: one channel lists a sku once`,
      });
    }
    const variant = linked ?? owner;
    const sharesVariant = variant ? variantOwner.get(variant.id) : undefined;
    if (variant && sharesVariant !== undefined) {
      errors.push({
        path: `items.${index}.sku`,
        message: `resolves to variant ${variant.id}, as items.${sharesVariant} does: one variant cannot take both`,
      });
    } else if (variant) variantOwner.set(variant.id, index);
    const sharesListing = channelVariant ? channelVariantOwner.get(channelVariant.id) : undefined;
    // Said once per pair of items: the listing an item shares with another is usually its variant too.
    if (channelVariant && sharesListing !== undefined && sharesListing !== sharesVariant) {
      errors.push({
        path: `items.${index}.${listedById ? "externalId" : "sku"}`,
        message: `resolves to channel variant ${channelVariant.id}, as items.${sharesListing} does: one listing cannot take both`,
      });
    } else if (channelVariant && sharesListing === undefined)
      channelVariantOwner.set(channelVariant.id, index);
    return { index, item, channelVariant, variant };
  });
  refuseItems(errors);
  return plans;
}

/**
 * A variant an item puts on another product keeps option values that name options of that product
 * (as a PUT of the variant must): else a 422 for the item, naming up to five of them. A product the
 * batch makes has no options.
 */
function checkOptionsKept(
  plans: readonly Plan[],
  productOf: (item: ConnectorVariantInput) => number | undefined,
  read: ImportRead,
): void {
  const options = new Map<number, readonly string[]>();
  for (const product of [...read.productId, ...read.products]) {
    options.set(product.id, product.optionNames ?? []);
  }
  const errors: FieldError[] = [];
  for (const { index, item, variant } of plans) {
    const named = productOf(item);
    const target = named ?? item.productId;
    if (!variant || target == null || target === variant.productId) continue;
    const listed = options.get(target) ?? [];
    const leftOut = read.optionValues.filter(
      (value) => value.variantId === variant.id && !listed.includes(value.name),
    );
    if (!leftOut.length) continue;
    // A product the batch makes has no id yet to name.
    const product = named !== undefined ? `product ${JSON.stringify(item.productName)}` : `product ${target}`;
    errors.push({
      path: `items.${index}.${named !== undefined ? "productName" : "productId"}`,
      message: `puts variant ${variant.id} on ${product}, whose optionNames leave out an option its values name: ${namedOptionValues(leftOut)}. Change or delete them first`,
    });
  }
  refuseItems(errors);
}

/** The 422 of a batch with items that cannot be imported, each named by its errors. */
function refuseItems(errors: FieldError[]): void {
  if (errors.length) {
    throw new ApiError(
      "validation_failed",
      "Some items of the batch cannot be imported; nothing was written.",
      { errors },
    );
  }
}

/** Products by name, created when missing (only when the product kind has a name). */
function productsByName(plan: WritePlan, names: readonly string[], read: ImportRead): Map<string, number> {
  const byName = new Map<string, number>();
  if (!names.length || !HAS_PRODUCT_NAMES) return byName;
  for (const product of read.products) {
    if (product.name && !byName.has(product.name)) byName.set(product.name, product.id);
  }
  const missing = [...new Set(names.filter((name) => !byName.has(name)))];
  for (const product of plan.insertMany(
    "product",
    missing.map((name) => ({ name })),
    ["name"],
  )) {
    if (product.name) byName.set(product.name, product.id);
  }
  return byName;
}

function variantValues(item: ConnectorVariantInput, productId: number | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of VARIANT_FIELDS) if (item[field] !== undefined) values[field] = item[field];
  if (values.weight === undefined && item.grams !== undefined) values.weight = item.grams;
  if (productId !== undefined) values.productId = productId;
  return values;
}

/** Equal as stored: arrays (tags) by their items. */
function same(a: unknown, b: unknown): boolean {
  return Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

function changedFrom<T extends object>(
  current: T,
  values: Record<string, unknown>,
  fields: readonly (keyof T & string)[],
) {
  const next: Record<string, unknown> = {};
  let changed = false;
  for (const field of fields) {
    next[field] = field in values ? values[field] : current[field];
    if (!same(next[field], current[field])) changed = true;
  }
  return changed ? next : undefined;
}

/**
 * The `channel-variant-import` of one imported item: what the store sent (the item as the import
 * takes it, the fields it ignores left out; its product's id, name and store id) and what the import
 * did with it (the answer's result for the item).
 */
function importLog(
  item: ConnectorVariantInput,
  result: ChannelImportConnectorVariantBatchOutput["results"][number],
) {
  const product = {
    ...(item.productId !== undefined ? { id: item.productId } : {}),
    ...(item.productName !== undefined ? { name: item.productName } : {}),
    ...(item.externalGroupId !== undefined ? { externalId: item.externalGroupId } : {}),
  };
  return {
    channelVariantId: result.channelVariantId,
    sku: item.sku,
    costPrice: item.costPrice ?? null,
    grams: item.grams ?? item.weight ?? null,
    productPayload: Object.keys(product).length ? product : null,
    variantPayload: item,
    result: result.result,
    variantResult: result.variantResult,
  };
}

/**
 * `POST /channels/{id}/import-connector-variant-batch.json`: upserts up to 1,000 store variants into the
 * catalogue and the channel, matched by (channel, externalId), else by sku. All or nothing: any item that
 * cannot be imported fails the batch with an error per item. One read pipeline and one batch of a few
 * set-at-a-time statements, guarded by what the matching read. Each item leaves its
 * `channel-variant-import` (what the store sent, what became of it) in the same batch.
 */
export function planImportConnectorVariants({
  channel,
  input,
  read,
  plan,
}: {
  channel: Channel;
  input: ChannelImportConnectorVariantBatchInput;
  read: ImportRead;
  plan: WritePlan;
}): ChannelImportConnectorVariantBatchOutput {
  const dupes = duplicates(input.items);
  if (dupes.length) {
    throw new ApiError("validation_failed", "The batch names the same externalId or sku more than once.", {
      errors: dupes,
    });
  }
  checkItemReferences(input.items, read);
  const plans = matchItems(input.items, read);

  const products = productsByName(
    plan,
    input.items.flatMap((item) => (item.productName ? [item.productName] : [])),
    read,
  );
  const productOf = (item: ConnectorVariantInput) =>
    item.productName ? products.get(item.productName) : undefined;
  checkOptionsKept(plans, productOf, read);

  const created = plan.insertMany(
    "variant",
    plans.filter((p) => !p.variant).map((p) => variantValues(p.item, productOf(p.item))),
    ["sku"],
  );
  const createdBySku = new Map(created.map((record) => [record.sku, record]));
  const variantChanges = plans.flatMap((p) => {
    if (!p.variant) return [];
    const values = changedFrom(p.variant, variantValues(p.item, productOf(p.item)), [...VARIANT_FIELDS]);
    return values ? [{ current: p.variant, values }] : [];
  });
  plan.updateMany("variant", VARIANT_FIELDS, variantChanges);
  const variantUpdated = new Set(variantChanges.map((change) => change.current.id));

  const variantIdOf = (p: Plan) => (p.variant ?? createdBySku.get(p.item.sku)!).id;
  // An ignored listing stays ignored (the company unpublished it); its data is still refreshed.
  const ignored = (p: Plan) => p.channelVariant?.status === "ignore";
  // Built member by member, not spread: a thousand objects of one shape cost a batch a few ms less.
  const listingValues = (p: Plan): Record<string, unknown> => {
    const values: Record<string, unknown> = {
      // Without a store-side id, a listing keeps the one it has (null until the store acknowledges it).
      externalId: p.item.externalId ?? p.channelVariant?.externalId ?? null,
      sku: p.item.sku,
      variantId: variantIdOf(p),
    };
    if (!ignored(p)) values.errorMessage = null;
    if (p.item.externalGroupId !== undefined) values.externalGroupId = p.item.externalGroupId;
    return values;
  };
  const newListings = plan.insertMany(
    "channel-variant",
    plans
      .filter((p) => !p.channelVariant)
      .map((p) => {
        const values = listingValues(p);
        values.channelId = channel.id;
        values.source = "connector";
        // A listing with no store-side id waits for the store to acknowledge it.
        values.status = p.item.externalId ? "connected" : "pending";
        return values;
      }),
    ["externalId"],
  );
  const listingChanges = plans.flatMap((p) => {
    if (!p.channelVariant) return [];
    const values = changedFrom(p.channelVariant, listingValues(p), [...CHANNEL_VARIANT_FIELDS]);
    return values ? [{ current: p.channelVariant, values }] : [];
  });
  plan.updateMany("channel-variant", CHANNEL_VARIANT_FIELDS, listingChanges);
  const listingUpdated = new Set(listingChanges.map((change) => change.current.id));
  plan.updateMany(
    "channel-variant",
    ["status"],
    plans.flatMap((p) => {
      const listing = p.channelVariant;
      if (!listing || ignored(p) || listing.status === "connected" || !p.item.externalId) return [];
      // Updated just before in this batch: as that update leaves it.
      const updatedAt = listingUpdated.has(listing.id) ? plan.now : listing.updatedAt;
      return [
        {
          current: { id: listing.id, updatedAt, status: listing.status },
          values: transitionValues("channel-variant", listing, "connected"),
        },
      ];
    }),
    { movesState: true },
  );

  // insertMany answers the new listings in the order of the plans that created them.
  const newListingOf = new Map(plans.filter((p) => !p.channelVariant).map((p, i) => [p, newListings[i]!]));
  const results = plans.map((p) => ({
    index: p.index,
    externalId: (p.channelVariant ? listingValues(p).externalId : newListingOf.get(p)!.externalId) as
      | string
      | null,
    sku: p.item.sku,
    result: p.channelVariant ? ("updated" as const) : ("created" as const),
    variantResult: !p.variant
      ? ("created" as const)
      : variantUpdated.has(p.variant.id)
        ? ("updated" as const)
        : ("unchanged" as const),
    variantId: variantIdOf(p),
    channelVariantId: (p.channelVariant ?? newListingOf.get(p)!).id,
  }));
  plan.insertMany(
    "channel-variant-import",
    plans.map((p, i) => importLog(p.item, results[i]!)),
    ["sku"],
  );
  const createdCount = results.filter((r) => r.result === "created").length;
  return {
    created: createdCount,
    updated: results.length - createdCount,
    variantsCreated: results.filter((r) => r.variantResult === "created").length,
    variantsUpdated: results.filter((r) => r.variantResult === "updated").length,
    results,
  };
}
