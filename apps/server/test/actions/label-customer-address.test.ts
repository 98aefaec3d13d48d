// The customer's side of a purchase's label (return-label's ship-from, default-label's ship-to): the
// purchase's receiver when complete, else the shipping address of the sale it serves. And a label's weight:
// a dropshipment weighed in another unit prints that weight.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { expectPdf, expectRefused, sentWorld, ship, type World } from "./orders-fixtures.ts";
import { pageTexts } from "./pdf-texts.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** A sent purchase whose receiver has a street but no city, serving a sale shipping to Salem. */
async function unreceivedWorld(t: Tenant): Promise<World> {
  const w = await sentWorld(t);
  await expectStatus(
    t.json("PUT", `/sales/${w.sale.id}.json`, {
      shippingName: "Sam Seller-Address",
      shippingAddressLineOne: "77 Orchard Lane",
      shippingCity: "Salem",
      shippingState: "OR",
      shippingZip: "97301",
    }),
    200,
  );
  await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { receiverCity: null }), 200);
  return w;
}

async function labelTexts(t: Tenant, url: string): Promise<string[]> {
  return pageTexts(await expectPdf(t, url));
}

describe("a purchase's label: the sale's shipping address when the receiver's is incomplete", () => {
  it("return-label ships from the sale's address, to the provider's return address", async () => {
    const t = await setup.tenant();
    const w = await unreceivedWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    const returnShipment = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items.mug.id, quantity: 1 }],
      }),
      200,
    );
    const label = await read(t, "labels", returnShipment.labelId);
    expect(label).toMatchObject({ returnShipmentId: returnShipment.id, direction: "return" });
    const texts = await labelTexts(t, label.url);
    expect(texts).toEqual(
      expect.arrayContaining(["Sam Seller-Address", "77 Orchard Lane", "Salem, OR 97301", "9 Returns Way"]),
    );
    expect(texts).not.toContain("12 Harbour Road");
  });

  it("default-label ships to the sale's address, and so does the dropshipment it ships with", async () => {
    const t = await setup.tenant();
    const w = await unreceivedWorld(t);
    const label = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      200,
    );
    const texts = await labelTexts(t, label.url);
    expect(texts).toEqual(
      expect.arrayContaining(["Sam Seller-Address", "77 Orchard Lane", "Salem, OR 97301"]),
    );
    expect(texts).not.toContain("12 Harbour Road");

    const shipped = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {
        inventoryStatus: "shipped",
        ids: [],
      }),
      200,
    );
    const dropshipment = await read(t, "dropshipments", shipped.dropshipmentId);
    expect(dropshipment).toMatchObject({ labelId: shipped.id, labelUrl: shipped.url, labelVersion: 2 });
    expect(await labelTexts(t, dropshipment.labelUrl)).toContain("77 Orchard Lane");
  });

  it("with neither address complete, a 422 naming both fixes, and nothing written", async () => {
    const t = await setup.tenant();
    const w = await unreceivedWorld(t);
    await expectStatus(t.json("PUT", `/sales/${w.sale.id}.json`, { shippingCity: null }), 200);
    // Part shipped: both labels may be made.
    await expectStatus(ship(t, w.purchase.id, { ids: [w.items.mug.id] }), 200);
    const message = `must be set on purchase ${w.purchase.id}, with receiverCity and receiverCountry, or sale ${w.sale.id} needs a complete shipping address (shippingAddressLineOne, shippingCity, shippingCountry): the label needs the customer's address`;
    const detail = `Purchase ${w.purchase.id} has no complete receiver address, nor its sale ${w.sale.id} a complete shipping address: set the purchase's receiverAddressLineOne, receiverCity and receiverCountry, or the sale's shippingAddressLineOne, shippingCity and shippingCountry.`;
    for (const [method, action] of [
      ["POST", "return-label"],
      ["PUT", "default-label"],
    ] as const) {
      const refused = await expectRefused(t, 422, () =>
        t.json(method, `/purchases/${w.purchase.id}/${action}.json`, {}),
      );
      expect(refused.errors, action).toEqual([{ path: "receiverAddressLineOne", message }]);
      expect(refused.detail, action).toBe(detail);
    }
  });
});

describe("a label's weight", () => {
  it("prints a dropshipment's totalWeight in its weightUnit when it has no grams", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const weighed = async (values: Record<string, unknown>) => {
      const dropshipment = await create(t, "dropshipments", {
        purchaseId: w.purchase.id,
        dropshipProviderId: w.provider.id,
        ...values,
      });
      const regenerated = await expectStatus(
        t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
        200,
      );
      return (await labelTexts(t, regenerated.labelUrl)).filter((text) => / (KG|LB)$/.test(text));
    };
    expect(await weighed({ totalWeight: 1.5, weightUnit: "kg" })).toEqual(["1.50 KG", "3.31 LB"]);
    expect(await weighed({ totalWeight: 2, weightUnit: "lb" })).toEqual(["0.91 KG", "2.00 LB"]);
    expect(await weighed({ totalWeight: 16, weightUnit: "oz" })).toEqual(["0.45 KG", "1.00 LB"]);
    // `grams` is the weight when set; unweighed, the label prints none.
    expect(await weighed({ grams: 640, totalWeight: 2, weightUnit: "kg" })).toEqual(["0.64 KG", "1.41 LB"]);
    expect(await weighed({})).toEqual([]);
  });
});
