// On hand moves only through recorded movements: a level stays the stock of its variant at its
// warehouse (a PUT that would move it is a 409 and changes nothing), and a received return puts back on
// hand the variant its fulfillment line took off, where it took it off, with an adjustment.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** A channel, two warehouses (the first the default), two variants with 10 on hand each at the first. */
async function world(t: Tenant) {
  const channel = await create(t, "channels", { name: "Web Store" });
  const main = await create(t, "warehouses", { name: "Main", isDefault: true, country: "US" });
  const annex = await create(t, "warehouses", { name: "Annex", country: "US" });
  const mug = await create(t, "variants", { sku: "MUG-1", name: "Mug", price: 20 });
  const cup = await create(t, "variants", { sku: "CUP-1", name: "Cup", price: 20 });
  for (const variant of [mug, cup]) {
    await create(t, "adjustments", { variantId: variant.id, warehouseId: main.id, quantity: 10 });
  }
  return { channel, main, annex, mug, cup };
}
type World = Awaited<ReturnType<typeof world>>;

/** Every level of the company: variant, warehouse, on hand and allocated. */
async function levels(t: Tenant) {
  return (await list(t, "inventory-levels")).map(({ variantId, warehouseId, onHand, allocated }) => ({
    variantId,
    warehouseId,
    onHand,
    allocated,
  }));
}

/** A sale with one line of `quantity` (of `line`: a variant and SKU, or a SKU alone). */
async function saleOf(t: Tenant, w: World, line: Record<string, unknown>, quantity = 1) {
  const sale = await create(t, "sales", { channelId: w.channel.id, externalId: "S-1" });
  const saleItem = await create(t, "sale-items", { saleId: sale.id, ...line, quantity, price: 20 });
  return { sale, saleItem };
}

/** A pending fulfillment from the main warehouse of `quantity` of `variant` for `saleItem`. */
async function fulfil(t: Tenant, w: World, saleItem: Rec, variant: Rec, extra: Record<string, unknown> = {}) {
  const fulfillment = await create(t, "fulfillments", { saleId: saleItem.saleId, warehouseId: w.main.id });
  await create(t, "fulfillment-items", {
    fulfillmentId: fulfillment.id,
    saleItemId: saleItem.id,
    variantId: variant.id,
    sku: variant.sku,
    quantity: saleItem.quantity,
    ...extra,
  });
  return fulfillment;
}

/** Ships `fulfillment`, then opens and receives a return of one unit of `saleItem` with `input`. */
async function shipAndReceive(
  t: Tenant,
  fulfillment: Rec,
  saleItem: Rec,
  input: Record<string, unknown> = {},
) {
  await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
  const saleReturn = await create(t, "sale-returns", { saleId: saleItem.saleId, type: "return" });
  await create(t, "sale-return-items", { saleReturnId: saleReturn.id, saleItemId: saleItem.id, quantity: 1 });
  await expectStatus(t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, input), 200);
  return saleReturn;
}

/** The adjustments a received return recorded. */
const returnAdjustments = async (t: Tenant, saleReturn: Rec) =>
  (await list(t, "adjustments")).filter(
    (adjustment) => adjustment.notes === `Sale return ${saleReturn.id} received.`,
  );

describe("a level stays the stock of its variant at its warehouse", () => {
  /** The main warehouse's mug level, with 3 of its 10 allocated to a pending fulfillment. */
  async function allocatedLevel(t: Tenant) {
    const w = await world(t);
    const { saleItem } = await saleOf(t, w, { variantId: w.mug.id, sku: "MUG-1" }, 3);
    const fulfillment = await fulfil(t, w, saleItem, w.mug);
    const [level] = await list(t, "inventory-levels", `&where[variantId]=${w.mug.id}`);
    expect(level).toMatchObject({ warehouseId: w.main.id, onHand: 10, allocated: 3 });
    return { w, fulfillment, level: level! };
  }

  it("refuses to move a level to another warehouse, and its stock stays where it is", async () => {
    const t = await setup.tenant();
    const { w, fulfillment, level } = await allocatedLevel(t);
    const before = await levels(t);
    const refused = await expectStatus(
      t.json("PUT", `/inventory-levels/${level.id}.json`, { warehouseId: w.annex.id }),
      409,
    );
    expect(refused.detail).toContain("warehouseId cannot change");
    expect(refused.detail).toContain("POST /adjustments.json");
    expect(refused.rule).toBe("history is kept");
    expect(await read(t, "inventory-levels", level.id)).toEqual(level);
    expect(await levels(t)).toEqual(before);

    // Shipping takes the allocated units from the level they were allocated at.
    await expectStatus(t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), 200);
    const after = await levels(t);
    expect(after.filter((one) => one.variantId === w.mug.id)).toEqual([
      { variantId: w.mug.id, warehouseId: w.main.id, onHand: 7, allocated: 0 },
    ]);
  });

  it("refuses to make a level another variant's", async () => {
    const t = await setup.tenant();
    const { w, level } = await allocatedLevel(t);
    const before = await levels(t);
    const refused = await expectStatus(
      t.json("PUT", `/inventory-levels/${level.id}.json`, { variantId: w.cup.id, location: "B-1" }),
      409,
    );
    expect(refused.detail).toContain("variantId cannot change");
    expect(await read(t, "inventory-levels", level.id)).toEqual(level);
    expect(await levels(t)).toEqual(before);
  });

  it("takes back the variant and warehouse it has, and a new location", async () => {
    const t = await setup.tenant();
    const { w, level } = await allocatedLevel(t);
    const put = await expectStatus(
      t.json("PUT", `/inventory-levels/${level.id}.json`, {
        variantId: w.mug.id,
        warehouseId: w.main.id,
        location: "A-03-2",
      }),
      200,
    );
    expect(put).toMatchObject({
      id: level.id,
      variantId: w.mug.id,
      warehouseId: w.main.id,
      onHand: 10,
      allocated: 3,
      location: "A-03-2",
    });
  });
});

describe("a received return puts back on hand what its fulfillment line took off", () => {
  it("restocks the substitute variant that shipped, not the variant the sale line ordered", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { saleItem } = await saleOf(t, w, { variantId: w.mug.id, sku: "MUG-1" });
    const fulfillment = await fulfil(t, w, saleItem, w.cup);
    const saleReturn = await shipAndReceive(t, fulfillment, saleItem);
    expect(await levels(t)).toEqual([
      { variantId: w.mug.id, warehouseId: w.main.id, onHand: 10, allocated: 0 },
      { variantId: w.cup.id, warehouseId: w.main.id, onHand: 10, allocated: 0 },
    ]);
    expect(await returnAdjustments(t, saleReturn)).toMatchObject([
      { variantId: w.cup.id, warehouseId: w.main.id, quantity: 1, quantityBefore: 9, quantityAfter: 10 },
    ]);
  });

  it("restocks the variant that shipped at the warehouse the receive names", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { saleItem } = await saleOf(t, w, { variantId: w.mug.id, sku: "MUG-1" });
    const fulfillment = await fulfil(t, w, saleItem, w.cup);
    const saleReturn = await shipAndReceive(t, fulfillment, saleItem, { warehouseId: w.annex.id });
    expect((await levels(t)).filter((one) => one.variantId === w.cup.id)).toEqual([
      { variantId: w.cup.id, warehouseId: w.main.id, onHand: 9, allocated: 0 },
      { variantId: w.cup.id, warehouseId: w.annex.id, onHand: 1, allocated: 0 },
    ]);
    expect(await returnAdjustments(t, saleReturn)).toMatchObject([
      { variantId: w.cup.id, warehouseId: w.annex.id, quantity: 1, quantityBefore: 0, quantityAfter: 1 },
    ]);
  });

  it("restocks a sale line that names only a SKU with the variant its fulfillment line shipped", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { saleItem } = await saleOf(t, w, { sku: "MUG-1" });
    const fulfillment = await fulfil(t, w, saleItem, w.mug);
    const saleReturn = await shipAndReceive(t, fulfillment, saleItem, { restock: true });
    expect((await levels(t)).find((one) => one.variantId === w.mug.id)).toMatchObject({ onHand: 10 });
    expect(await returnAdjustments(t, saleReturn)).toMatchObject([
      { variantId: w.mug.id, warehouseId: w.main.id, quantity: 1, quantityBefore: 9, quantityAfter: 10 },
    ]);
  });

  it("puts nothing back for a line that shipped without taking its units off hand", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const { saleItem } = await saleOf(t, w, { variantId: w.mug.id, sku: "MUG-1" });
    const fulfillment = await fulfil(t, w, saleItem, w.mug, { skipInventoryChange: true });
    const saleReturn = await shipAndReceive(t, fulfillment, saleItem, { restock: true });
    expect((await levels(t)).find((one) => one.variantId === w.mug.id)).toMatchObject({ onHand: 10 });
    expect(await returnAdjustments(t, saleReturn)).toEqual([]);
    expect(await read(t, "sale-items", saleItem.id)).toMatchObject({ quantityReturned: 1 });
  });
});
