// A data import writes its rows in the background with the company's full access, so the key that asks
// for one needs the write scope of what its rows are written as (a sales row is a manual sale: the
// channels group), beside the inventory group's own for the import record.
import { kindByName } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { importDispatcher, storeFile } from "../actions/data-imports-fixtures.ts";
import { type Api, apiOf, setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;
beforeAll(async () => {
  ctx = await setupApp();
  drain = importDispatcher(ctx).drain;
});

async function keyWith(t: Tenant, scopes: string[]): Promise<Api> {
  const made = await t.json("POST", "/api-keys.json", { name: scopes.join(" "), scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return apiOf((path, init) => ctx.app.request(path, init), made.body.secret);
}

/** Each import type and the group its rows are written in. */
const GROUP_OF_TYPE: Record<string, string> = {
  stock_take: "catalog",
  adjustment_import: "catalog",
  cost_prices: "catalog",
  vendor_mappings: "catalog",
  hs_code: "catalog",
  warehouse_location_import: "catalog",
  tracking_import: "purchasing",
  sales: "channels",
  inventory_feed: "inventory",
  inventory_feed_prices: "inventory",
  inventory_feed_mapping: "inventory",
  dropship_providers: "dropship",
  dropship_provider_users: "dropship",
};

describe("the scopes a data import needs", () => {
  it("names every import type the schema lists", () => {
    const listed = kindByName("data-import")?.fields.importType?.values ?? [];
    expect(Object.keys(GROUP_OF_TYPE).sort()).toEqual([...listed].sort());
  });

  it.each(Object.entries(GROUP_OF_TYPE))(
    "%s: refused to a key without its group's write scope, taken from one with it",
    async (importType, group) => {
      const t = await ctx.tenant();
      const fileUri = await storeFile(ctx.db, t, "rows.csv", "sku,quantity\nA,1\n");
      if (group !== "inventory") {
        const inventoryOnly = await keyWith(t, ["inventory:write", `${group}:read`]);
        const refused = await inventoryOnly.json("POST", "/data-imports.json", { importType, fileUri });
        expect(refused.status).toBe(403);
        expect(refused.body.scope).toBe(`${group}:write`);
        expect(refused.body.detail).toContain(`lacks the scope \`${group}:write\` that a`);
        expect(refused.body.detail).toContain(`${importType} import needs`);
      }
      const allowed = await keyWith(t, ["inventory:write", `${group}:write`]);
      const made = await allowed.json("POST", "/data-imports.json", { importType, fileUri });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect((await t.json("GET", "/data-imports.json")).body).toHaveLength(1);
    },
  );

  it("keeps a key of the inventory group from writing orders through a sales import", async () => {
    const t = await ctx.tenant();
    await t.json("POST", "/channels.json", { name: "Web Store" });
    await t.json("POST", "/warehouses.json", { name: "Main", isDefault: true });
    await t.json("POST", "/variants.json", { sku: "MUG-1", name: "Mug", price: 12 });
    const inventory = await keyWith(t, ["inventory:write"]);
    const fileUri = await storeFile(
      ctx.db,
      t,
      "sales.csv",
      "order,channel,email,sku,quantity,price,line_one,city,country\nW-1,Web Store,ada@example.com,MUG-1,2,12.00,1 Main St,Springfield,US\n",
    );
    const refused = await inventory.json("POST", "/data-imports.json", { importType: "sales", fileUri });
    expect([refused.status, refused.body.scope]).toEqual([403, "channels:write"]);
    await drain();
    expect((await t.json("GET", "/data-imports.json")).body).toEqual([]);
    expect((await t.json("GET", "/sales.json")).body).toEqual([]);
  });

  it("refuses a change of what a pending import writes to a key without the scope for it", async () => {
    const t = await ctx.tenant();
    const stock = await storeFile(ctx.db, t, "stock.csv", "sku,quantity\nA,1\n");
    const sales = await storeFile(ctx.db, t, "sales.csv", "order,channel,sku,quantity\n1,Web,A,1\n");
    // Made by the company's full key: a sales import, not yet run.
    const pending = await t.json("POST", "/data-imports.json", { importType: "sales", fileUri: sales });
    const inventory = await keyWith(t, ["inventory:write", "catalog:write"]);
    const path = `/data-imports/${pending.body.id}.json`;
    const file = await inventory.json("PUT", path, { fileUri: stock });
    expect([file.status, file.body.scope]).toEqual([403, "channels:write"]);
    // Its notes are not what it writes: any key of the group changes them.
    expect((await inventory.json("PUT", path, { adminNotes: "checked" })).status).toBe(200);
    // Made a stock take instead, it writes what the key may write.
    const retyped = await inventory.json("PUT", path, { importType: "stock_take", fileUri: stock });
    expect(retyped.status, JSON.stringify(retyped.body)).toBe(200);
    expect((await t.json("GET", path)).body).toMatchObject({ importType: "stock_take", fileUri: stock });
  });
});
