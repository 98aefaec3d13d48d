import type {
  Channel,
  ChannelImportConnectorVariantBatchInput,
  ChannelImportConnectorVariantBatchOutput,
} from "@multichannel/schema";
import type { Ctx } from "../../domain/context.ts";
import {
  insertMany,
  type KindName,
  kind,
  type PartOf,
  selectByIds,
  selectIn,
  updateMany,
} from "../../domain/store.ts";
import { transitionMany } from "../../domain/transitions.ts";
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
const CHANNEL_VARIANT_FIELDS = ["externalId", "sku", "externalGroupId", "variantId", "errorMessage"] as const;
const LISTING_FIELDS = [...CHANNEL_VARIANT_FIELDS, "status"] as const;

type Listing = PartOf<"channel-variant", (typeof CHANNEL_VARIANT_FIELDS)[number] | "status">;
type CatalogueVariant = PartOf<"variant", (typeof VARIANT_FIELDS)[number]>;

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

/** Every reference of the items must name a record of the company: else a 422 per item and field. */
async function checkItemReferences(ctx: Ctx, items: readonly ConnectorVariantInput[]): Promise<void> {
  const errors: FieldError[] = [];
  for (const [field, kindName] of Object.entries(REFERENCES) as [keyof typeof REFERENCES, KindName][]) {
    const ids = items.flatMap((item) => (item[field] ? [item[field]] : []));
    if (!ids.length) continue;
    const found = await selectByIds(ctx, kindName, ids);
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
async function plan(ctx: Ctx, channelId: number, items: readonly ConnectorVariantInput[]): Promise<Plan[]> {
  const skus = items.map((item) => item.sku);
  const listed = new Map(
    (
      await selectIn(
        ctx,
        "channel-variant",
        "externalId",
        items.flatMap((item) => (item.externalId ? [item.externalId] : [])),
        { channelId },
        LISTING_FIELDS,
      )
    ).map((record) => [record.externalId as string, record]),
  );
  // Items without a store-side id are matched by SKU to whatever listing the channel has for it.
  const bySkuOnly = items.filter((item) => !item.externalId).map((item) => item.sku);
  const listedBySku = new Map<string, Listing>();
  if (bySkuOnly.length) {
    const ownSku = await selectIn(ctx, "channel-variant", "sku", bySkuOnly, { channelId }, LISTING_FIELDS);
    const catalogue = await selectIn(ctx, "variant", "sku", bySkuOnly, {}, ["sku"]);
    const skuOf = new Map(catalogue.map((record) => [record.id, record.sku]));
    const viaVariant = await selectIn(
      ctx,
      "channel-variant",
      "variantId",
      [...skuOf.keys()],
      { channelId },
      LISTING_FIELDS,
    );
    for (const record of [...ownSku, ...viaVariant].sort((a, b) => a.id - b.id)) {
      const sku = record.sku ?? (record.variantId ? skuOf.get(record.variantId) : undefined);
      if (sku && !listedBySku.has(sku)) listedBySku.set(sku, record);
    }
  }
  const unacknowledged = new Map<string, Listing>();
  for (const record of await selectIn(
    ctx,
    "channel-variant",
    "sku",
    skus,
    { channelId, externalId: null },
    LISTING_FIELDS,
  )) {
    if (record.sku && !unacknowledged.has(record.sku)) unacknowledged.set(record.sku, record);
  }
  const bySku = new Map(
    (await selectIn(ctx, "variant", "sku", skus, {}, VARIANT_FIELDS)).map((record) => [record.sku, record]),
  );
  const linkedIds = [...listed.values()].map((record) => record.variantId);
  const byId = new Map(
    (await selectIn(ctx, "variant", "id", linkedIds, {}, VARIANT_FIELDS)).map((record) => [
      record.id,
      record,
    ]),
  );

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
async function productsByName(ctx: Ctx, names: readonly string[]): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  if (!names.length || !("name" in kind("product").fields)) return byName;
  for (const product of await selectIn(ctx, "product", "name", names, {}, ["name"])) {
    if (product.name && !byName.has(product.name)) byName.set(product.name, product.id);
  }
  const missing = [...new Set(names.filter((name) => !byName.has(name)))];
  for (const product of await insertMany(
    ctx,
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
 * `POST /channels/{id}/import-connector-variant-batch.json`: upserts up to 1,000 store variants into the
 * catalogue and the channel, matched by (channel, externalId), else by sku. All or nothing: any item that
 * cannot be imported fails the batch with an error per item. A few set-at-a-time statements per batch.
 */
export async function importConnectorVariants({
  ctx,
  channel,
  input,
}: {
  ctx: Ctx;
  channel: Channel;
  input: ChannelImportConnectorVariantBatchInput;
}): Promise<ChannelImportConnectorVariantBatchOutput> {
  const dupes = duplicates(input.items);
  if (dupes.length) {
    throw new ApiError("validation_failed", "The batch names the same externalId or sku more than once.", {
      errors: dupes,
    });
  }
  await checkItemReferences(ctx, input.items);
  const plans = await plan(ctx, channel.id, input.items);
  const products = await productsByName(
    ctx,
    input.items.flatMap((item) => (item.productName ? [item.productName] : [])),
  );
  const productOf = (item: ConnectorVariantInput) =>
    item.productName ? products.get(item.productName) : undefined;

  const created = await insertMany(
    ctx,
    "variant",
    plans.filter((p) => !p.variant).map((p) => variantValues(p.item, productOf(p.item))),
    ["sku"],
  );
  const createdBySku = new Map(created.map((record) => [record.sku, record]));
  const variantChanges = plans.flatMap((p) => {
    if (!p.variant) return [];
    const values = changedFrom(p.variant, variantValues(p.item, productOf(p.item)), [...VARIANT_FIELDS]);
    return values ? [{ id: p.variant.id, values }] : [];
  });
  await updateMany(ctx, "variant", VARIANT_FIELDS, variantChanges);
  const variantUpdated = new Set(variantChanges.map((change) => change.id));

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
  const newListings = await insertMany(
    ctx,
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
    return values ? [{ id: p.channelVariant.id, values }] : [];
  });
  await updateMany(ctx, "channel-variant", CHANNEL_VARIANT_FIELDS, listingChanges);
  await transitionMany(
    ctx,
    "channel-variant",
    [],
    plans.flatMap((p) =>
      p.channelVariant && !ignored(p) && p.channelVariant.status !== "connected" && p.item.externalId
        ? [{ record: p.channelVariant, to: "connected" as const }]
        : [],
    ),
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
