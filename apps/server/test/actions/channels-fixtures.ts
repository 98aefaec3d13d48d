import { expect } from "vitest";
import type { Tenant } from "../support.ts";

// ------------------------------------------------------------------------------------------- helpers

export async function make(t: Tenant, plural: string, body: Record<string, unknown>): Promise<any> {
  const response = await t.json("POST", `/${plural}.json`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function list(
  t: Tenant,
  plural: string,
  where: Record<string, string | number> = {},
): Promise<any[]> {
  const query = Object.entries(where)
    .map(([field, value]) => `where[${field}]=${encodeURIComponent(String(value))}`)
    .concat("limit=250")
    .join("&");
  const response = await t.json("GET", `/${plural}.json?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function get(t: Tenant, plural: string, id: number): Promise<any> {
  const response = await t.json("GET", `/${plural}/${id}.json`);
  expect(response.status).toBe(200);
  return response.body;
}

/** Every record of the kinds an action may write, to prove a refused action changed nothing. */
export async function snapshot(t: Tenant, plurals: string[]): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const plural of plurals) result[plural] = await list(t, plural);
  return result;
}

export const address = {
  name: "Ada Buyer",
  lineOne: "1 Main St",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  country: "US",
};

export function sale(
  externalId: string,
  items: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
) {
  return {
    externalId,
    customer: { email: "ada@example.com", firstName: "Ada", lastName: "Buyer" },
    shippingAddress: address,
    items,
    ...extra,
  };
}

// ------------------------------------------------------------------------------------------- rates

// ------------------------------------------------------------------------------------------- manual sale

export async function saleSetup(t: Tenant) {
  const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
  const first = await make(t, "dropship-providers", { name: "Vendor One" });
  const second = await make(t, "dropship-providers", { name: "Vendor Two" });
  const channel = await make(t, "channels", { name: "Phone orders", currency: "CAD" });
  const a = await make(t, "variants", {
    sku: "A",
    name: "Alpha",
    costPrice: 4,
    dropshipProviderId: first.id,
  });
  const b = await make(t, "variants", {
    sku: "B",
    name: "Beta",
    costPrice: 1.25,
    dropshipProviderId: first.id,
  });
  const c = await make(t, "variants", { sku: "C", name: "Gamma", dropshipProviderId: second.id });
  const d = await make(t, "variants", { sku: "D", name: "Delta" });
  return { warehouse, first, second, channel, a, b, c, d };
}

// ------------------------------------------------------------------------------------------- import batch

export const item = (n: number, extra: Record<string, unknown> = {}) => ({
  externalId: `E${n}`,
  sku: `S${n}`,
  name: `Item ${n}`,
  ...extra,
});

// ------------------------------------------------------------------------------------------- acknowledge

// ------------------------------------------------------------------------------------------- levels

// ------------------------------------------------------------------------------------------- feeds

export async function feedSetup(t: Tenant) {
  const provider = await make(t, "dropship-providers", { name: "Vendor One" });
  const channels = [
    await make(t, "channels", { name: "Store A" }),
    await make(t, "channels", { name: "Store B" }),
  ];
  const feed = await make(t, "inventory-feeds", { name: "Vendor feed", dropshipProviderId: provider.id });
  for (const channel of channels)
    await make(t, "inventory-feed-channels", { inventoryFeedId: feed.id, channelId: channel.id });
  const existing = await make(t, "variants", { sku: "OLD1", name: "Catalogue item", price: 3 });
  const feedItem = (
    externalId: string,
    sku: string,
    reviewStatus: string,
    extra: Record<string, unknown> = {},
  ) =>
    make(t, "inventory-feed-variants", { inventoryFeedId: feed.id, externalId, sku, reviewStatus, ...extra });
  const items = [
    await feedItem("F1", "NEW1", "approved", { name: "New thing", price: 12.5, costPrice: 6.25 }),
    await feedItem("F2", "OLD1", "approved", { price: 99 }),
    await feedItem("F3", "NEW3", "notReviewed"),
    await feedItem("F4", "NEW4", "rejected"),
  ];
  return { provider, channels, feed, existing, items };
}

// ------------------------------------------------------------------------------------------- exports

export async function exportSetup(t: Tenant) {
  const main = await make(t, "warehouses", { name: "Main" });
  const annex = await make(t, "warehouses", { name: "Annex" });
  const a = await make(t, "variants", { sku: "A-1", name: 'Shirt, "blue"', price: 10, costPrice: 4.5 });
  const b = await make(t, "variants", { sku: "B-2", name: "Socks", price: 2.25 });
  const c = await make(t, "variants", { sku: "C-3", name: "Hat" });
  // Stock arrives by adjustments; allocation comes from unshipped fulfillments.
  await make(t, "adjustments", { variantId: a.id, warehouseId: main.id, quantity: 5 });
  await make(t, "adjustments", { variantId: a.id, warehouseId: annex.id, quantity: 3 });
  await make(t, "adjustments", { variantId: b.id, warehouseId: annex.id, quantity: 2 });
  const fromMain = await make(t, "fulfillments", { warehouseId: main.id });
  await make(t, "fulfillment-items", {
    fulfillmentId: fromMain.id,
    variantId: a.id,
    sku: "A-1",
    quantity: 1,
  });
  const fromAnnex = await make(t, "fulfillments", { warehouseId: annex.id });
  await make(t, "fulfillment-items", {
    fulfillmentId: fromAnnex.id,
    variantId: b.id,
    sku: "B-2",
    quantity: 2,
  });
  return { main, annex, a, b, c };
}

// ------------------------------------------------------------------------------------------- access
