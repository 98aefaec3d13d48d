import { expect } from "vitest";
import { create, expectStatus, list, type Rec } from "../requests.ts";
import type { Tenant } from "../support.ts";

export const RECEIVER = {
  receiverName: "Dana Buyer",
  receiverAddressLineOne: "12 Harbour Road",
  receiverCity: "Portland",
  receiverState: "OR",
  receiverZip: "97201",
  receiverCountry: "US",
  receiverEmail: "dana@example.com",
};

export function provider(t: Tenant, overrides: Record<string, unknown> = {}): Promise<Rec> {
  return create(t, "dropship-providers", {
    name: "Harbour Goods Supply",
    email: "orders@harbour-goods.example",
    purchaseEndpoint: "https://harbour-goods.example/orders",
    purchaseFormat: "email",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
    addressLineOne: "1 Depot Lane",
    city: "Reno",
    state: "NV",
    zip: "89501",
    country: "US",
    ...overrides,
  });
}

/**
 * A dropship provider (Acme Supply) with a variant it ships at cost 7.33 (DS-1), and a variant of the
 * company's own (OWN-1) with 10 on hand at `warehouseId`.
 */
export async function dropshipAndOwnVariants(t: Tenant, warehouseId: number) {
  const provider = await create(t, "dropship-providers", {
    name: "Acme Supply",
    email: "orders@acme.example",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
    addressLineOne: "1 Depot Lane",
    city: "Reno",
    country: "US",
  });
  const dropshipped = await create(t, "variants", {
    sku: "DS-1",
    name: "Drop mug",
    price: 19.99,
    costPrice: 7.33,
    dropshipProviderId: provider.id,
  });
  const own = await create(t, "variants", { sku: "OWN-1", name: "Own tee", price: 20 });
  await create(t, "adjustments", { variantId: own.id, warehouseId, quantity: 10 });
  return { provider, dropshipped, own };
}

/** A purchase without lines that owes `amount` (its shipping), invoiced by the provider. */
export async function invoicedPurchase(
  t: Tenant,
  dropshipProviderId: number,
  amount: number,
  values: Record<string, unknown> = {},
): Promise<Rec> {
  const purchase = await create(t, "purchases", { dropshipProviderId, shippingPrice: amount, ...values });
  return expectStatus(t.json("PUT", `/purchases/${purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
}

/**
 * A channel, a default warehouse, a dropship provider with a return address, three variants it supplies,
 * a sale of them and a purchase to the provider whose items point at the sale's items.
 */
export async function world(t: Tenant, options: { provider?: Record<string, unknown> } = {}) {
  const channel = await create(t, "channels", { name: "Web Store" });
  const warehouse = await create(t, "warehouses", {
    name: "Main Warehouse",
    isDefault: true,
    lineOne: "5 Stock Street",
    city: "Boise",
    country: "US",
  });
  const dropshipProvider = await provider(t, options.provider);
  const returnAddress = await create(t, "dropship-provider-addresses", {
    dropshipProviderId: dropshipProvider.id,
    purpose: "return",
    isDefault: true,
    name: "Returns Desk",
    lineOne: "9 Returns Way",
    city: "Sparks",
    country: "US",
  });
  const specs = [
    { key: "mug", sku: "MUG-1", name: "Harbour Mug", quantity: 3, salePrice: 29.99, cost: 19.99 },
    { key: "cap", sku: "CAP-1", name: "Harbour Cap", quantity: 1, salePrice: 0.1, cost: 0.1 },
    { key: "pin", sku: "PIN-1", name: "Harbour Pin", quantity: 1, salePrice: 0.2, cost: 0.2 },
  ] as const;
  const sale = await create(t, "sales", {
    channelId: channel.id,
    externalId: "WEB-1001",
    shippingName: "Dana Buyer",
    shippingAddressLineOne: "12 Harbour Road",
    shippingCity: "Portland",
    shippingCountry: "US",
  });
  const purchase = await create(t, "purchases", {
    dropshipProviderId: dropshipProvider.id,
    saleId: sale.id,
    ...RECEIVER,
  });
  const variants: Record<string, Rec> = {};
  const saleItems: Record<string, Rec> = {};
  const items: Record<string, Rec> = {};
  for (const spec of specs) {
    variants[spec.key] = await create(t, "variants", {
      sku: spec.sku,
      name: spec.name,
      price: spec.salePrice,
      costPrice: spec.cost,
      dropshipProviderId: dropshipProvider.id,
    });
    saleItems[spec.key] = await create(t, "sale-items", {
      saleId: sale.id,
      variantId: variants[spec.key]!.id,
      sku: spec.sku,
      name: spec.name,
      quantity: spec.quantity,
      price: spec.salePrice,
    });
    items[spec.key] = await create(t, "purchase-items", {
      purchaseId: purchase.id,
      saleItemId: saleItems[spec.key]!.id,
      variantId: variants[spec.key]!.id,
      sku: spec.sku,
      name: spec.name,
      quantity: spec.quantity,
      price: spec.cost,
    });
  }
  return {
    channel,
    warehouse,
    provider: dropshipProvider,
    returnAddress,
    sale,
    purchase,
    variants: variants as Record<"mug" | "cap" | "pin", Rec>,
    saleItems: saleItems as Record<"mug" | "cap" | "pin", Rec>,
    items: items as Record<"mug" | "cap" | "pin", Rec>,
  };
}
export type World = Awaited<ReturnType<typeof world>>;

export const SNAPSHOT_KINDS = [
  "purchases",
  "purchase-items",
  "sales",
  "sale-items",
  "dropshipments",
  "dropshipment-items",
  "fulfillments",
  "fulfillment-items",
  "sale-returns",
  "sale-return-items",
  "purchase-notifications",
  "return-shipments",
  "labels",
  "transfers",
  "purchase-invoice-payments",
  "inventory-levels",
  "dropship-providers",
] as const;

/** Every record of the kinds the order actions touch, to show that a refused action changed nothing. */
export async function snapshot(t: Tenant): Promise<Record<string, Rec[]>> {
  const all: Record<string, Rec[]> = {};
  for (const plural of SNAPSHOT_KINDS) all[plural] = await list(t, plural);
  return all;
}

export const send = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("PUT", `/purchases/${id}/send.json`, body);
export const ship = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("POST", `/purchases/${id}/ship.json`, { trackingNumber: "TRK-1", ...body });
export const cancel = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("PUT", `/purchases/${id}/cancel.json`, body);
export const settle = (t: Tenant, id: number, body: Record<string, unknown> = {}) =>
  t.json("POST", `/dropship-providers/${id}/settle-invoices.json`, body);

/** A refused action: its status, and not one record changed. */
export async function expectRefused(
  t: Tenant,
  status: 409 | 422,
  call: () => Promise<{ status: number; body: any }>,
): Promise<any> {
  const before = await snapshot(t);
  const body = await expectStatus(call(), status);
  expect(await snapshot(t)).toEqual(before);
  return body;
}

/** A 409 of the state check: the body says the state and the actions it allows. */
export async function expectStateConflict(
  t: Tenant,
  call: () => Promise<{ status: number; body: any }>,
  state: string,
  allowedActions: string[],
): Promise<any> {
  const body = await expectRefused(t, 409, call);
  expect(body.state).toBe(state);
  expect([...body.allowedActions].sort()).toEqual([...allowedActions].sort());
  return body;
}

/** Downloads a file link the API answered with. */
export async function download(t: Tenant, url: string): Promise<Response> {
  return t.request("GET", url);
}

export async function expectPdf(t: Tenant, url: string): Promise<Uint8Array> {
  const response = await download(t, url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return bytes;
}

export async function sentWorld(
  t: Tenant,
  options: { provider?: Record<string, unknown> } = {},
): Promise<World> {
  const w = await world(t, options);
  await expectStatus(send(t, w.purchase.id), 200);
  return w;
}

// ------------------------------------------------------------------------------------------ flow

// -------------------------------------------------------------------------------------- documents

// -------------------------------------------------------------------------------------- state rules

// --------------------------------------------------------------------------------------- validation

// ------------------------------------------------------------------------------------------ cancel

// ------------------------------------------------------------------------------------------- moves

// ------------------------------------------------------------------------------------------ labels

// ------------------------------------------------------------------------------------- permissions

/** The ids an action call needs: its subject, and the provider a body names. */
export interface Ids {
  purchaseId: number;
  dropshipmentId: number;
  fulfillmentId: number;
  providerId: number;
  bodyProviderId: number;
}

export type Call = (api: { json: Tenant["json"] }, ids: Ids) => Promise<{ status: number; body: any }>;

export const ACTION_CALLS: Record<string, Call> = {
  "purchase.send": (api, ids) => api.json("PUT", `/purchases/${ids.purchaseId}/send.json`, {}),
  "purchase.ship": (api, ids) =>
    api.json("POST", `/purchases/${ids.purchaseId}/ship.json`, { trackingNumber: "T-1" }),
  "purchase.move-dropship-provider": (api, ids) =>
    api.json("PUT", `/purchases/${ids.purchaseId}/move-dropship-provider.json`, {
      dropshipProviderId: ids.bodyProviderId,
    }),
  "purchase.cancel": (api, ids) => api.json("PUT", `/purchases/${ids.purchaseId}/cancel.json`, {}),
  "purchase.return-label": (api, ids) =>
    api.json("POST", `/purchases/${ids.purchaseId}/return-label.json`, {}),
  "purchase.default-label": (api, ids) =>
    api.json("PUT", `/purchases/${ids.purchaseId}/default-label.json`, {}),
  "dropshipment.regenerate-label": (api, ids) =>
    api.json("GET", `/dropshipments/${ids.dropshipmentId}/regenerate-label.json`),
  "dropshipment.move-to-fulfill": (api, ids) =>
    api.json("PUT", `/dropshipments/${ids.dropshipmentId}/move-to-fulfill.json`, {}),
  "fulfillment.move-to-dropship": (api, ids) =>
    api.json("PUT", `/fulfillments/${ids.fulfillmentId}/move-to-dropship.json`, {
      dropshipProviderId: ids.bodyProviderId,
    }),
  "dropship-provider.settle-invoices": (api, ids) =>
    api.json("POST", `/dropship-providers/${ids.providerId}/settle-invoices.json`, {}),
};

/** A world where every order action would succeed: a pending dropshipment and fulfillment, an invoiced purchase. */
export async function worldWithMovables(t: Tenant) {
  const w = await world(t);
  const dropshipment = await create(t, "dropshipments", {
    purchaseId: w.purchase.id,
    dropshipProviderId: w.provider.id,
  });
  await create(t, "dropshipment-items", {
    dropshipmentId: dropshipment.id,
    purchaseItemId: w.items.mug.id,
    sku: "MUG-1",
    quantity: 1,
  });
  const fulfillment = await create(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
  await create(t, "fulfillment-items", {
    fulfillmentId: fulfillment.id,
    variantId: w.variants.cap.id,
    sku: "CAP-1",
    quantity: 1,
  });
  await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" }), 200);
  const second = await provider(t, { name: "Second Supplier" });
  const ids: Ids = {
    purchaseId: w.purchase.id,
    dropshipmentId: dropshipment.id,
    fulfillmentId: fulfillment.id,
    providerId: w.provider.id,
    bodyProviderId: second.id,
  };
  return { w, ids };
}
