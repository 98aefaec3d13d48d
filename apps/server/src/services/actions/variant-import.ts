import type { InValue, ResultSet } from "@libsql/client";
import type {
  Channel,
  ChannelImportConnectorVariantBatchInput,
  ChannelImportConnectorVariantBatchOutput,
} from "@multichannel/schema";
import { toRecord } from "../../db/rows.ts";
import { sql } from "../../db/sql.ts";
import { guard } from "../../db/write-guards.ts";
import { column, type KindName, kind, narrowed, type PartOf, table } from "../../domain/store.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, type FieldError } from "../../errors.ts";

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
  "dropshipProviderId",
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
          message: `${item[field]} is also items.${seen}.${field}.`,
        });
    });
  }
  return errors.sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
}

/** A list argument of a read: `IN (SELECT value FROM json_each(?))` takes any number of values in one. */
const IN_LIST = "IN (SELECT value FROM json_each(?))";

/** A read statement, its text and arguments at hand (a guard repeats it). */
type Read = { sql: string; args: InValue[] };

/** The values of an item field that is set, as a list argument. */
function listOf(values: readonly (string | number | null | undefined)[]): string {
  return JSON.stringify([...new Set(values.filter((value) => value !== null && value !== undefined))]);
}

/** A read of `fields` of the company's records of a kind that meet `condition` (no ORDER BY: see `selectIn`). */
function readOf(kindName: KindName, fields: readonly string[], condition: string, args: InValue[]): Read {
  const t = narrowed(table(kindName), fields);
  // A lookup by an empty list finds nothing: not a walk of the company's rows to learn it.
  const none = args.includes("[]");
  return {
    sql: `SELECT ${t.selectList} FROM ${t.name} WHERE company_id = ? AND ${none ? "0" : condition}`,
    args: none ? args.slice(0, 1) : args,
  };
}

/** The records `readOf` read, by id. */
function recordsRead<T>(kindName: KindName, fields: readonly string[], result: ResultSet): T[] {
  const t = narrowed(table(kindName), fields);
  return result.rows.map((row) => toRecord(t, row)).sort((a, b) => a.id - b.id) as unknown as T[];
}

/**
 * What an import reads, in one pipeline: the records the items name, the channel's listings and the
 * catalogue's variants they match (by externalId, by SKU, by their variant's SKU), and products by name.
 */
export function importReads(
  companyId: number,
  channelId: number,
  input: ChannelImportConnectorVariantBatchInput,
): Read[] {
  const items = input.items;
  const cv = table("channel-variant");
  const variants = table("variant");
  const externalIds = listOf(items.map((item) => item.externalId));
  const skus = listOf(items.map((item) => item.sku));
  const bySkuOnly = listOf(items.filter((item) => !item.externalId).map((item) => item.sku));
  const onChannel = `${column(cv, "channelId")} = ?`;
  const references = (Object.entries(REFERENCES) as [keyof typeof REFERENCES, KindName][]).map(
    ([field, kindName]) =>
      readOf(kindName, [], `id ${IN_LIST}`, [companyId, listOf(items.map((item) => item[field]))]),
  );
  return [
    ...references,
    readOf("channel-variant", LISTING_FIELDS, `${onChannel} AND ${column(cv, "externalId")} ${IN_LIST}`, [
      companyId,
      channelId,
      externalIds,
    ]),
    readOf("channel-variant", LISTING_FIELDS, `${onChannel} AND ${column(cv, "sku")} ${IN_LIST}`, [
      companyId,
      channelId,
      bySkuOnly,
    ]),
    readOf("variant", ["sku"], `${column(variants, "sku")} ${IN_LIST}`, [companyId, bySkuOnly]),
    readOf(
      "channel-variant",
      LISTING_FIELDS,
      `${onChannel} AND ${column(cv, "variantId")} IN (SELECT id FROM ${variants.name} WHERE company_id = ? AND ${column(variants, "sku")} ${IN_LIST})`,
      [companyId, channelId, companyId, bySkuOnly],
    ),
    readOf(
      "channel-variant",
      LISTING_FIELDS,
      `${onChannel} AND ${column(cv, "externalId")} IS NULL AND ${column(cv, "sku")} ${IN_LIST}`,
      [companyId, channelId, skus],
    ),
    readOf("variant", VARIANT_FIELDS, `${column(variants, "sku")} ${IN_LIST}`, [companyId, skus]),
    readOf(
      "variant",
      VARIANT_FIELDS,
      `id IN (SELECT ${column(cv, "variantId")} FROM ${cv.name} WHERE company_id = ? AND ${onChannel} AND ${column(cv, "externalId")} ${IN_LIST})`,
      [companyId, companyId, channelId, externalIds],
    ),
    readOf(
      "product",
      PRODUCT_FIELDS,
      HAS_PRODUCT_NAMES ? `${column(table("product"), "name")} ${IN_LIST}` : "0",
      HAS_PRODUCT_NAMES ? [companyId, listOf(items.map((item) => item.productName))] : [companyId],
    ),
  ];
}

/** What `importReads` answered. */
interface ImportRead {
  references: Map<keyof typeof REFERENCES, { id: number; updatedAt: string }[]>;
  listed: Listing[];
  ownSku: Listing[];
  catalogue: PartOf<"variant", "sku" | "updatedAt">[];
  viaVariant: Listing[];
  unacknowledged: Listing[];
  bySku: CatalogueVariant[];
  linked: CatalogueVariant[];
  products: PartOf<"product", "name" | "updatedAt">[];
}

function importRead(read: ResultSet[]): ImportRead {
  const fields = Object.keys(REFERENCES) as (keyof typeof REFERENCES)[];
  const at = fields.length;
  return {
    references: new Map(
      fields.map((field, i) => [
        field,
        recordsRead<{ id: number; updatedAt: string }>(REFERENCES[field], [], read[i]!),
      ]),
    ),
    listed: recordsRead("channel-variant", LISTING_FIELDS, read[at]!),
    ownSku: recordsRead("channel-variant", LISTING_FIELDS, read[at + 1]!),
    catalogue: recordsRead("variant", ["sku"], read[at + 2]!),
    viaVariant: recordsRead("channel-variant", LISTING_FIELDS, read[at + 3]!),
    unacknowledged: recordsRead("channel-variant", LISTING_FIELDS, read[at + 4]!),
    bySku: recordsRead("variant", VARIANT_FIELDS, read[at + 5]!),
    linked: recordsRead("variant", VARIANT_FIELDS, read[at + 6]!),
    products: recordsRead("product", PRODUCT_FIELDS, read[at + 7]!),
  };
}

/** Every reference of the items must name a record of the company: else a 422 per item and field. */
function checkItemReferences(items: readonly ConnectorVariantInput[], read: ImportRead): void {
  const errors: FieldError[] = [];
  for (const [field, kindName] of Object.entries(REFERENCES) as [keyof typeof REFERENCES, KindName][]) {
    const found = new Set(read.references.get(field)!.map((record) => record.id));
    items.forEach((item, index) => {
      const id = item[field];
      if (id && !found.has(id)) {
        errors.push({ path: `items.${index}.${field}`, message: `No ${kindName} with id ${id}.` });
      }
    });
  }
  if (errors.length) {
    throw new ApiError("validation_failed", "Some items name records that are not yours.", { errors });
  }
}

/** Which channel variant and catalogue variant each item updates (none: it creates them), or the items' errors. */
function matchItems(items: readonly ConnectorVariantInput[], read: ImportRead): Plan[] {
  const listed = new Map(read.listed.map((record) => [record.externalId as string, record]));
  // Items without a store-side id are matched by SKU to whatever listing the channel has for it.
  const listedBySku = new Map<string, Listing>();
  const skuOf = new Map(read.catalogue.map((record) => [record.id, record.sku]));
  for (const record of [...read.ownSku, ...read.viaVariant].sort((a, b) => a.id - b.id)) {
    const sku = record.sku ?? (record.variantId ? skuOf.get(record.variantId) : undefined);
    if (sku && !listedBySku.has(sku)) listedBySku.set(sku, record);
  }
  const unacknowledged = new Map<string, Listing>();
  for (const record of read.unacknowledged) {
    if (record.sku && !unacknowledged.has(record.sku)) unacknowledged.set(record.sku, record);
  }
  const bySku = new Map(read.bySku.map((record) => [record.sku, record]));
  const byId = new Map(read.linked.map((record) => [record.id, record]));

  const errors: FieldError[] = [];
  const variantOwner = new Map<number, number>();
  const channelVariantOwner = new Set<number>();
  const plans = items.map((item, index): Plan => {
    let channelVariant = item.externalId ? listed.get(item.externalId) : listedBySku.get(item.sku);
    const linked = channelVariant?.variantId ? byId.get(channelVariant.variantId) : undefined;
    const owner = bySku.get(item.sku);
    if (linked && linked.sku !== item.sku) {
      // A SKU is the catalogue's, shared by every channel: renaming it is a catalogue edit.
      errors.push({
        path: `items.${index}.sku`,
        message: owner
          ? `${item.sku} is the sku of variant ${owner.id}, but ${item.externalId} is linked to variant ${linked.id} (${linked.sku}).`
          : `${item.externalId} is linked to variant ${linked.id} with sku ${linked.sku}: rename a catalogue sku with PUT /variants/${linked.id}.json, not through the connector.`,
      });
    }
    const variant = linked ?? owner;
    if (!channelVariant) {
      const published = unacknowledged.get(item.sku);
      if (published && !channelVariantOwner.has(published.id)) channelVariant = published;
    }
    if (channelVariant) channelVariantOwner.add(channelVariant.id);
    if (variant) {
      const other = variantOwner.get(variant.id);
      if (other !== undefined) {
        errors.push({
          path: `items.${index}.sku`,
          message: `Resolves to variant ${variant.id}, as items.${other} does: one variant cannot take both.`,
        });
      } else variantOwner.set(variant.id, index);
    }
    return { index, item, channelVariant, variant };
  });
  if (errors.length)
    throw new ApiError(
      "validation_failed",
      "Some items of the batch cannot be imported; nothing was written.",
      { errors },
    );
  return plans;
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
  const values: Record<string, unknown> = { sku: item.sku };
  for (const field of [
    "name",
    "barcode",
    "price",
    "costPrice",
    "weight",
    "tags",
    "vendorId",
    "dropshipProviderId",
    "productId",
  ] as const) {
    if (item[field] !== undefined) values[field] = item[field];
  }
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
 * Aborts the batch unless the records of a kind read by these lookups are still the ones read (none
 * added or gone) and each as read (its `updatedAt`: every write moves it). Before the plan's writes.
 */
function sameRecords(
  plan: WritePlan,
  kindName: KindName,
  lookups: readonly Read[],
  records: readonly { id: number; updatedAt: string }[],
): void {
  const t = table(kindName);
  // One SELECT of ids per lookup, in a UNION: an OR of them would walk the company's rows.
  const ids = lookups.map((lookup) => `SELECT id ${lookup.sql.slice(lookup.sql.indexOf(" FROM "))}`);
  const args = lookups.flatMap((lookup) => lookup.args);
  const distinct = new Map(records.map((record) => [record.id, record]));
  args.push(distinct.size);
  plan.write(sql.marked(guard(`(SELECT count(*) FROM (${ids.join(" UNION ")})) = ?`, args)));
  const versions = [...distinct.values()].map((record) => [record.id, record.updatedAt]);
  if (!versions.length) return;
  plan.write(
    sql.marked(
      guard(
        `(SELECT count(*) FROM json_each(?) j CROSS JOIN ${t.name} r ON r.id = j.value ->> 0 WHERE r.company_id = ? AND r.updated_at IS j.value ->> 1) = ?`,
        [JSON.stringify(versions), plan.companyId, versions.length],
      ),
    ),
  );
}

/**
 * `POST /channels/{id}/import-connector-variant-batch.json`: upserts up to 1,000 store variants into the
 * catalogue and the channel, matched by (channel, externalId), else by sku. All or nothing: any item that
 * cannot be imported fails the batch with an error per item. One read pipeline and one batch of a few
 * set-at-a-time statements, guarded by what the matching read.
 */
export function planImportConnectorVariants({
  channel,
  input,
  read,
  plan,
}: {
  channel: Channel;
  input: ChannelImportConnectorVariantBatchInput;
  read: ResultSet[];
  plan: WritePlan;
}): ChannelImportConnectorVariantBatchOutput {
  const dupes = duplicates(input.items);
  if (dupes.length) {
    throw new ApiError("validation_failed", "The batch names the same externalId or sku more than once.", {
      errors: dupes,
    });
  }
  const found = importRead(read);
  checkItemReferences(input.items, found);
  const plans = matchItems(input.items, found);
  // Everything the matching relied on is as read when the batch applies: checked before it writes.
  const lookups = importReads(plan.companyId, channel.id, input);
  const at = Object.keys(REFERENCES).length;
  (Object.entries(REFERENCES) as [keyof typeof REFERENCES, KindName][]).forEach(([field, kindName], i) => {
    sameRecords(plan, kindName, [lookups[i]!], found.references.get(field)!);
  });
  sameRecords(
    plan,
    "channel-variant",
    [lookups[at]!, lookups[at + 1]!, lookups[at + 3]!, lookups[at + 4]!],
    [...found.listed, ...found.ownSku, ...found.viaVariant, ...found.unacknowledged],
  );
  sameRecords(
    plan,
    "variant",
    [lookups[at + 2]!, lookups[at + 5]!, lookups[at + 6]!],
    [...found.catalogue, ...found.bySku, ...found.linked],
  );
  // Products by name, found or not (a product made meanwhile would be made twice).
  sameRecords(plan, "product", [lookups[at + 7]!], found.products);

  const products = productsByName(
    plan,
    input.items.flatMap((item) => (item.productName ? [item.productName] : [])),
    found,
  );
  const productOf = (item: ConnectorVariantInput) =>
    item.productName ? products.get(item.productName) : undefined;

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
  const createdCount = results.filter((r) => r.result === "created").length;
  return {
    created: createdCount,
    updated: results.length - createdCount,
    variantsCreated: results.filter((r) => r.variantResult === "created").length,
    variantsUpdated: results.filter((r) => r.variantResult === "updated").length,
    results,
  };
}
