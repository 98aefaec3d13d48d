// A company's purchase of a dropshipped mug, sent and shipped: what return labels are made of.
import { expect } from "vitest";
import { create, expectStatus, list } from "../requests.ts";
import type { Api } from "../support.ts";

/** A sale of `quantity` mugs its provider dropships, its purchase sent and shipped; answers their ids. */
export async function shippedPurchase(
  t: Api,
  quantity: number,
): Promise<{ purchaseId: number; itemId: number }> {
  const channel = await create(t, "channels", { name: "Web Store" });
  await create(t, "warehouses", {
    name: "Main",
    isDefault: true,
    lineOne: "5 Stock St",
    city: "Boise",
    country: "US",
  });
  const provider = await create(t, "dropship-providers", {
    name: "Harbour Goods Supply",
    email: "orders@harbour-goods.example",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
    addressLineOne: "1 Depot Lane",
    city: "Reno",
    country: "US",
  });
  await create(t, "dropship-provider-addresses", {
    dropshipProviderId: provider.id,
    purpose: "return",
    isDefault: true,
    name: "Returns Desk",
    lineOne: "9 Returns Way",
    city: "Sparks",
    country: "US",
  });
  await create(t, "variants", {
    sku: "MUG-1",
    name: "Mug",
    price: 10,
    costPrice: 4,
    dropshipProviderId: provider.id,
  });
  const sale = await expectStatus(
    t.json("POST", `/channels/${channel.id}/manual-sale.json`, {
      externalId: "WEB-1001",
      customer: { email: "dana@example.com", firstName: "Dana", lastName: "Buyer" },
      shippingAddress: { name: "Dana Buyer", lineOne: "12 Harbour Road", city: "Portland", country: "US" },
      items: [{ sku: "MUG-1", quantity, price: 10 }],
    }),
    200,
  );
  const [purchase] = await list(t, "purchases", `&where[saleId]=${sale.id}`);
  expect(purchase).toBeDefined();
  await expectStatus(t.json("PUT", `/purchases/${purchase!.id}/send.json`, {}), 200);
  await expectStatus(t.json("POST", `/purchases/${purchase!.id}/ship.json`, { trackingNumber: "T-1" }), 200);
  const [item] = await list(t, "purchase-items", `&where[purchaseId]=${purchase!.id}`);
  return { purchaseId: purchase!.id, itemId: item!.id };
}
