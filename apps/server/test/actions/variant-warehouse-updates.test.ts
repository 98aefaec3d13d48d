// A variant warehouse update reports a stock level: created `pending` (the default), it is applied in
// its create's batch, as a stock take sets a level (an adjustment with the levels before and after), and
// says so (`applied`, `skipped`, `error`); nothing is left pending. One created with another status is a
// record of a level applied elsewhere, kept as sent.
import { beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list, read } from "../requests.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

async function place(t: Tenant) {
  const warehouse = await create(t, "warehouses", { name: "Main" });
  const mug = await create(t, "variants", { sku: "MUG-1", name: "Mug" });
  return { warehouse, mug };
}

const report = (t: Tenant, body: Record<string, unknown>) =>
  t.json("POST", "/variant-warehouse-updates.json", body);

describe("a reported level", () => {
  it("is applied when created: on hand set through an adjustment, the record applied", async () => {
    const t = await setup.tenant();
    const { warehouse, mug } = await place(t);
    const at = { variantId: mug.id, warehouseId: warehouse.id };
    const first = await expectStatus(report(t, { ...at, quantity: 7, notes: "Cycle count" }), 200);
    expect(first).toMatchObject({
      status: "applied",
      quantityBefore: 0,
      statusMessage: null,
      adjustmentId: expect.any(Number),
      appliedAt: expect.any(String),
    });
    expect(await read(t, "variant-warehouse-updates", first.id)).toEqual(first);
    const [level] = await list(t, "inventory-levels", `&where[variantId]=${mug.id}`);
    expect(level).toMatchObject({ warehouseId: warehouse.id, onHand: 7, allocated: 0 });

    const second = await expectStatus(report(t, { ...at, quantity: 3 }), 200);
    expect(second).toMatchObject({ status: "applied", quantityBefore: 7 });
    const adjustments = await list(t, "adjustments", `&where[variantId]=${mug.id}`);
    expect(
      adjustments.map(({ id, quantity, quantityBefore, quantityAfter, notes }) => ({
        id,
        quantity,
        quantityBefore,
        quantityAfter,
        notes,
      })),
    ).toEqual([
      { id: first.adjustmentId, quantity: 7, quantityBefore: 0, quantityAfter: 7, notes: "Cycle count" },
      {
        id: second.adjustmentId,
        quantity: -4,
        quantityBefore: 7,
        quantityAfter: 3,
        notes: "Level reported by a variant warehouse update",
      },
    ]);
    expect((await read(t, "inventory-levels", level!.id)).onHand).toBe(3);
    const events = await expectStatus(
      t.json("GET", "/events.json?limit=250&where[type]=adjustment.created"),
      200,
    );
    expect(events).toHaveLength(2);
  });

  it("is skipped when on hand is that already, and nothing is adjusted", async () => {
    const t = await setup.tenant();
    const { warehouse, mug } = await place(t);
    const at = { variantId: mug.id, warehouseId: warehouse.id };
    // No level yet: on hand is 0.
    expect(await expectStatus(report(t, { ...at, quantity: 0 }), 200)).toMatchObject({
      status: "skipped",
      statusMessage: "On hand is 0 already.",
      quantityBefore: 0,
      adjustmentId: null,
      appliedAt: null,
    });
    await create(t, "adjustments", { ...at, quantity: 5 });
    expect(await expectStatus(report(t, { ...at, quantity: 5 }), 200)).toMatchObject({
      status: "skipped",
      statusMessage: "On hand is 5 already.",
    });
    expect(await list(t, "adjustments")).toHaveLength(1);
  });

  it("is an error, with its reason and nothing adjusted, when one adjustment cannot record the change", async () => {
    const t = await setup.tenant();
    const { warehouse, mug } = await place(t);
    const at = { variantId: mug.id, warehouseId: warehouse.id };
    await create(t, "adjustments", { ...at, quantity: -10 });
    const refused = await expectStatus(report(t, { ...at, quantity: 100_000_000 }), 200);
    expect(refused).toMatchObject({ status: "error", quantityBefore: -10, adjustmentId: null });
    expect(refused.statusMessage).toContain("Setting on hand to 100000000 (from -10)");
    expect((await list(t, "adjustments")).map((adjustment) => adjustment.quantity)).toEqual([-10]);
    expect((await list(t, "inventory-levels")).map((level) => level.onHand)).toEqual([-10]);
  });

  it("tells a custom channel that lists the variant its new stock", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { warehouse, mug } = await place(t);
    const channel = await create(t, "channels", { name: "Own Store", warehouseId: warehouse.id });
    await create(t, "custom-channels", {
      name: "Own Store",
      channelId: channel.id,
      inventoryEndpoint: `${receiver.url}/inventory`,
    });
    await create(t, "channel-variants", { channelId: channel.id, variantId: mug.id, externalId: "M" });
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    await expectStatus(report(t, { variantId: mug.id, warehouseId: warehouse.id, quantity: 9 }), 200);
    await dispatcher.runOnce();
    const pushes = receiver.received
      .filter((call) => call.path === "/inventory")
      .map((call) => JSON.parse(call.body).inventory.available);
    expect(pushes.at(-1)).toBe(9);
  });

  it("is kept as sent when created with another status: a level applied elsewhere", async () => {
    const t = await setup.tenant();
    const { warehouse, mug } = await place(t);
    const kept = await expectStatus(
      report(t, { variantId: mug.id, warehouseId: warehouse.id, quantity: 4, status: "applied" }),
      200,
    );
    expect(kept).toMatchObject({ status: "applied", adjustmentId: null, quantityBefore: null });
    expect(await list(t, "adjustments")).toEqual([]);
    expect(await list(t, "inventory-levels")).toEqual([]);
  });

  it("is refused (422 naming the field) when it names no variant or warehouse, and nothing is stored", async () => {
    const t = await setup.tenant();
    const { warehouse, mug } = await place(t);
    const refused = await expectStatus(
      report(t, { variantId: mug.id + 1000, warehouseId: warehouse.id, quantity: 4 }),
      422,
    );
    expect(refused.errors).toEqual([
      { path: "variantId", message: expect.stringContaining("names no variant") },
    ]);
    expect(await list(t, "variant-warehouse-updates")).toEqual([]);
    expect(await list(t, "inventory-levels")).toEqual([]);
  });

  it("cannot be set back to pending (422 naming status); its other fields stay editable", async () => {
    const t = await setup.tenant();
    const { warehouse, mug } = await place(t);
    const applied = await expectStatus(
      report(t, { variantId: mug.id, warehouseId: warehouse.id, quantity: 2 }),
      200,
    );
    const refused = await expectStatus(
      t.json("PUT", `/variant-warehouse-updates/${applied.id}.json`, { status: "pending" }),
      422,
    );
    expect(refused.errors).toEqual([{ path: "status", message: expect.stringContaining("create another") }]);
    expect(await read(t, "variant-warehouse-updates", applied.id)).toEqual(applied);
    // Put back as read, and a note: no change of stock.
    const noted = await expectStatus(
      t.json("PUT", `/variant-warehouse-updates/${applied.id}.json`, { ...applied, notes: "checked" }),
      200,
    );
    expect(noted).toMatchObject({ status: "applied", notes: "checked" });
    expect(await list(t, "adjustments")).toHaveLength(1);
  });
});
