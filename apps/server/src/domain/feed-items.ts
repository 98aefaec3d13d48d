/**
 * What an item sent to an inventory feed's webhook does to the feed's item: the fields it sets, which of
 * them change an item already there, and the catalogue variant it connects to. Shared by the feed's
 * `parse-webhook` action and its batch webhook.
 */
import type {
  InventoryFeed,
  InventoryFeedParseWebhookInput,
  InventoryFeedVariant,
  Variant,
} from "@multichannel/schema";
import { ApiError } from "../errors.ts";

/** An item of the feed that is removed cannot be sent again: 409. */
export function checkNotRemoved(feed: InventoryFeed, item: InventoryFeedVariant | undefined): void {
  if (item?.status === "removed") {
    throw new ApiError(
      "conflict",
      `Item ${item.externalId} of inventory feed ${feed.id} is removed; it cannot be updated.`,
      { state: "removed", allowedStates: [] },
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
 * The variant an item connects to when the feed connects automatically and the item has none yet: the
 * first of `connectSkus` among `variants`; undefined when it does not connect.
 */
export function variantToConnect(
  feed: InventoryFeed,
  item: InventoryFeedVariant,
  variants: readonly Variant[],
): Variant | undefined {
  if (!feed.automaticallyConnect || item.variantId !== null) return undefined;
  return connectSkus(feed, item.sku)
    .map((sku) => variants.find((variant) => variant.sku === sku))
    .find(Boolean);
}
