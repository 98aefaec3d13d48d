// An adjustment records a change of on hand of at most ±100,000,000 units, its `quantity`'s bounds,
// whichever path records it: POST /adjustments.json, a stock take or adjustment import's row, a level
// set by variant-set-level. Past them, the row fails (the rest of the file applied) or the request is
// a 422, and no adjustment is recorded.
import { beforeAll, describe, expect, it } from "vitest";
import { create, list } from "../requests.ts";
import { setupApp } from "../support.ts";
import { importDispatcher, runImport, storeFile } from "./data-imports-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
  drain = importDispatcher(setup).drain;
});

describe("an adjustment past its bounds", () => {
  it("fails its row in an adjustment import or a stock take; the other rows are applied", async () => {
    const t = await setup.tenant();
    const main = await create(t, "warehouses", { name: "Main", isDefault: true });
    const one = await create(t, "variants", { sku: "S-1", name: "One" });
    await create(t, "variants", { sku: "S-2", name: "Two" });
    const direct = await t.json("POST", "/adjustments.json", {
      variantId: one.id,
      warehouseId: main.id,
      quantity: 500_000_000,
    });
    expect(direct.status).toBe(422);

    const changes = await storeFile(setup.db, t, "changes.csv", "sku,quantity\nS-1,500000000\nS-2,5\n");
    const changed = await runImport(t, drain, { importType: "adjustment_import", fileUri: changes });
    expect(changed).toMatchObject({ status: "complete", errors: 1, added: 1 });
    const counts = await storeFile(setup.db, t, "counts.csv", "sku,quantity\nS-1,999999999\nS-2,7\n");
    const counted = await runImport(t, drain, { importType: "stock_take", fileUri: counts });
    expect(counted).toMatchObject({ status: "complete", errors: 1, updated: 1 });

    const adjustments = await list(t, "adjustments");
    expect(adjustments.map((adjustment) => [adjustment.variantId, adjustment.quantity])).toEqual([
      [expect.any(Number), 5],
      [expect.any(Number), 2],
    ]);
    const levels = await list(t, "inventory-levels");
    expect(levels.map((level) => level.onHand)).toEqual([7]);
  });

  it("is a 422 naming quantity when variant-set-level would make one, and nothing is recorded", async () => {
    const t = await setup.tenant();
    const warehouse = await create(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await create(t, "channels", { name: "Web", warehouseId: warehouse.id });
    const variant = await create(t, "variants", { sku: "S-1", name: "One" });
    await create(t, "channel-variants", { channelId: channel.id, variantId: variant.id, sku: "S-1" });
    await create(t, "adjustments", { variantId: variant.id, warehouseId: warehouse.id, quantity: -10 });
    const refused = await t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, {
      sku: "S-1",
      quantity: 100_000_000,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ path: "quantity", message: expect.stringContaining("from -10") }]);
    expect((await list(t, "adjustments")).map((adjustment) => adjustment.quantity)).toEqual([-10]);
  });
});
