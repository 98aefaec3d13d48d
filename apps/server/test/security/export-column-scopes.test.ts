// An inventory export's file is the inventory group's: any key that runs or downloads it reads it. So
// its columns that carry catalogue data (prices, codes) are chosen only by a key that reads the catalogue.
import { kindByName } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { type Api, apiOf, setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

async function keyWith(t: Tenant, scopes: string[]): Promise<Api> {
  const made = await t.json("POST", "/api-keys.json", { name: scopes.join(" "), scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return apiOf((path, init) => ctx.app.request(path, init), made.body.secret);
}

const CATALOGUE = ["barcode", "externalId", "price", "costPrice", "hsCode", "countryOfOrigin"];

describe("the scopes an inventory export's columns need", () => {
  it("lets an inventory key choose the stock columns, and refuses it the catalogue's (403 naming catalog:read)", async () => {
    const t = await ctx.tenant();
    const inventory = await keyWith(t, ["inventory:write"]);
    const definition = await inventory.json("POST", "/inventory-exports.json", { name: "Stock" });
    expect(definition.status, JSON.stringify(definition.body)).toBe(200);
    const inventoryExportId = definition.body.id;
    const sources = kindByName("inventory-export-field")?.fields.source?.values ?? [];
    expect(sources).toEqual(expect.arrayContaining(CATALOGUE));
    for (const source of sources) {
      const made = await inventory.json("POST", "/inventory-export-fields.json", {
        inventoryExportId,
        source,
      });
      if (CATALOGUE.includes(source)) {
        expect(made.status, source).toBe(403);
        expect(made.body.scope).toBe("catalog:read");
        expect(made.body.detail).toContain(`an export column of \`${source}\` needs`);
      } else {
        expect(made.status, `${source}: ${JSON.stringify(made.body)}`).toBe(200);
      }
    }
    const columns = await inventory.json(
      "GET",
      `/inventory-export-fields.json?where[inventoryExportId]=${inventoryExportId}`,
    );
    expect(columns.body.map((c: { source: string }) => c.source).sort()).toEqual(
      sources.filter((s) => !CATALOGUE.includes(s)).sort(),
    );

    // Nor can it turn a stock column into a catalogue one.
    const sku = columns.body.find((c: { source: string }) => c.source === "sku");
    const moved = await inventory.json("PUT", `/inventory-export-fields/${sku.id}.json`, {
      source: "costPrice",
    });
    expect(moved.status).toBe(403);
    expect((await t.json("GET", `/inventory-export-fields/${sku.id}.json`)).body.source).toBe("sku");
  });

  it("lets an inventory key edit a catalogue column another key chose, as long as its source stays", async () => {
    const t = await ctx.tenant();
    const definition = await t.json("POST", "/inventory-exports.json", { name: "Stock" });
    const price = await t.json("POST", "/inventory-export-fields.json", {
      inventoryExportId: definition.body.id,
      source: "price",
    });
    expect(price.status).toBe(200);
    const inventory = await keyWith(t, ["inventory:write"]);
    // The record as read, with a new header: its source is sent back, not chosen.
    const asRead = (await inventory.json("GET", `/inventory-export-fields/${price.body.id}.json`)).body;
    const renamed = await inventory.json("PUT", `/inventory-export-fields/${price.body.id}.json`, {
      ...asRead,
      header: "Unit price",
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const other = await inventory.json("PUT", `/inventory-export-fields/${price.body.id}.json`, {
      source: "costPrice",
    });
    expect(other.status).toBe(403);
    expect((await t.json("GET", `/inventory-export-fields/${price.body.id}.json`)).body).toMatchObject({
      source: "price",
      header: "Unit price",
    });
  });

  it("takes a catalogue column from a key that reads the catalogue, and the export carries it", async () => {
    const t = await ctx.tenant();
    const product = await t.json("POST", "/products.json", { name: "Mug" });
    await t.json("POST", "/variants.json", { productId: product.body.id, sku: "MUG-1", costPrice: 2.5 });
    const both = await keyWith(t, ["inventory:write", "catalog:read"]);
    const definition = await both.json("POST", "/inventory-exports.json", { name: "Costs", format: "json" });
    const inventoryExportId = definition.body.id;
    for (const [position, source] of ["sku", "costPrice"].entries()) {
      const made = await both.json("POST", "/inventory-export-fields.json", {
        inventoryExportId,
        source,
        position,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const run = await both.json("GET", `/inventory-exports/${inventoryExportId}/export.json`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const file = await both.request("GET", run.body.fileUri);
    expect(await file.json()).toEqual([{ sku: "MUG-1", costPrice: 2.5 }]);
  });
});
