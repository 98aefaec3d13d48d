import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "../support.ts";
import { get, item, list, make } from "./channels-fixtures.ts";
import { importDispatcher, runImport, storeFile } from "./data-imports-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;

beforeAll(async () => {
  setup = await setupApp();
  drain = importDispatcher(setup).drain;
});

async function catalogueWorld(t: Tenant) {
  const main = await make(t, "warehouses", { name: "Main", isDefault: true });
  const annex = await make(t, "warehouses", { name: "Annex" });
  const shirt = await make(t, "variants", { sku: "SHIRT-1", name: "Shirt" });
  const socks = await make(t, "variants", { sku: "SOCKS-2", name: "Socks" });
  const cap = await make(t, "variants", {
    sku: "CAP-3",
    name: "Cap",
    hsCode: "6505.00",
    countryOfOrigin: "CN",
  });
  await make(t, "adjustments", { variantId: shirt.id, warehouseId: main.id, quantity: 5 });
  return { main, annex, shirt, socks, cap };
}

/** The stock level of a variant at a warehouse, as the API lists it (undefined: it has none). */
async function levelOf(t: Tenant, variantId: number, warehouseId: number): Promise<any> {
  const [level] = await list(t, "inventory-levels", { variantId, warehouseId });
  return level;
}

describe("hs_code", () => {
  it("sets each variant's HS code and country of origin; bad rows fail alone; again, every good row is skipped", async () => {
    const t = await setup.tenant();
    const { shirt, socks, cap } = await catalogueWorld(t);
    const fileUri = await storeFile(
      setup.db,
      t,
      "customs.csv",
      [
        "Variant SKU,Tariff Code,Origin",
        "SHIRT-1,6205.20,pt",
        "SOCKS-2,611595,",
        "CAP-3,6505.00,CN",
        "NOPE-9,6205.20,",
        "SOCKS-2,90121,",
        "SOCKS-2,611595,Portugal",
        "SOCKS-2,,US",
        "",
      ].join("\n"),
    );
    const done = await runImport(t, drain, { importType: "hs_code", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 0, updated: 2, skipped: 1, errors: 4 });
    expect(done.errorMessages).toEqual([
      'Row 5: unknown SKU "NOPE-9"',
      'Row 6: Tariff Code "90121" must be an HS code: 6 to 10 digits, groups of them separated by dots (e.g. 6205.20)',
      'Row 7: Origin "Portugal" must be an ISO 3166-1 alpha-2 country code (e.g. US)',
      "Row 8: Tariff Code is empty",
    ]);
    expect(await get(t, "variants", shirt.id)).toMatchObject({ hsCode: "6205.20", countryOfOrigin: "PT" });
    // An empty origin cell leaves the country as it is.
    expect(await get(t, "variants", socks.id)).toMatchObject({ hsCode: "611595", countryOfOrigin: null });
    expect(await get(t, "variants", cap.id)).toMatchObject({ hsCode: "6505.00", countryOfOrigin: "CN" });
    // The values are the catalogue's: listed and filtered like any field.
    const byCode = await list(t, "variants", { hsCode: "6205.20" });
    expect(byCode.map((variant) => variant.sku)).toEqual(["SHIRT-1"]);

    const again = await runImport(t, drain, { importType: "hs_code", fileUri });
    expect(again).toMatchObject({ status: "complete", added: 0, updated: 0, skipped: 3, errors: 4 });
    const reasons = await (await t.request("GET", again.skippedUri)).text();
    expect(reasons).toContain("the HS code is 6205.20 and the country of origin PT already");
  });

  it("ends error, naming them, for a file without the columns it needs", async () => {
    const t = await setup.tenant();
    const { shirt } = await catalogueWorld(t);
    const fileUri = await storeFile(setup.db, t, "codes.csv", "sku,code,country\nSHIRT-1,620520,PT\n");
    const done = await runImport(t, drain, { importType: "hs_code", fileUri });
    expect(done).toMatchObject({ status: "error", statusProblem: { code: "missing_columns" } });
    expect(done.statusMessage).toMatch(/lacks the columns? `hs_code`/);
    expect(await get(t, "variants", shirt.id)).toMatchObject({ hsCode: null, countryOfOrigin: null });
  });

  it("changes only the importing company's variants", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const mine = await catalogueWorld(t);
    const theirs = await catalogueWorld(other);
    const fileUri = await storeFile(setup.db, t, "codes.csv", "sku,hs_code,coo\nSHIRT-1,6205.20.0010,IT\n");
    const done = await runImport(t, drain, { importType: "hs_code", fileUri });
    expect(done).toMatchObject({ status: "complete", updated: 1, errors: 0 });
    expect(await get(t, "variants", mine.shirt.id)).toMatchObject({ hsCode: "6205.20.0010" });
    expect(await get(other, "variants", theirs.shirt.id)).toMatchObject({
      hsCode: null,
      countryOfOrigin: null,
    });
  });
});

describe("warehouse_location_import", () => {
  it("sets each level's location, making a level at zero stock where there is none; again, rows are skipped", async () => {
    const t = await setup.tenant();
    const { main, annex, shirt, socks } = await catalogueWorld(t);
    const fileUri = await storeFile(
      setup.db,
      t,
      "bins.csv",
      [
        "SKU,Bin Location,Warehouse",
        "SHIRT-1,A-03-2,",
        `SOCKS-2,B-01,${annex.id}`,
        "SHIRT-1,C-9,Nowhere",
        "NOPE-9,A-1,",
        `SOCKS-2,${"X".repeat(101)},annex`,
        "SOCKS-2,,annex",
        "",
      ].join("\n"),
    );
    const done = await runImport(t, drain, { importType: "warehouse_location_import", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 1, updated: 1, skipped: 0, errors: 4 });
    expect(done.errorMessages).toEqual([
      'Row 4: unknown warehouse "Nowhere"',
      'Row 5: unknown SKU "NOPE-9"',
      `Row 6: Bin Location "${"X".repeat(101)}" must be at most 100 characters`,
      "Row 7: Bin Location is empty",
    ]);
    // The level that held stock keeps it; the new one holds none.
    expect(await levelOf(t, shirt.id, main.id)).toMatchObject({
      location: "A-03-2",
      onHand: 5,
      allocated: 0,
    });
    expect(await levelOf(t, socks.id, annex.id)).toMatchObject({ location: "B-01", onHand: 0, allocated: 0 });
    expect(await levelOf(t, socks.id, main.id)).toBeUndefined();
    expect(await list(t, "adjustments")).toHaveLength(1);

    const again = await runImport(t, drain, { importType: "warehouse_location_import", fileUri });
    expect(again).toMatchObject({ status: "complete", added: 0, updated: 0, skipped: 2, errors: 4 });
    expect(await list(t, "inventory-levels")).toHaveLength(2);

    // A `location` header is the bin: the row's level is at the default warehouse.
    const moved = await storeFile(setup.db, t, "moved.csv", "sku,location\nSHIRT-1,Z-1\n");
    const third = await runImport(t, drain, { importType: "warehouse_location_import", fileUri: moved });
    expect(third).toMatchObject({ status: "complete", updated: 1, errors: 0 });
    expect(await levelOf(t, shirt.id, main.id)).toMatchObject({ location: "Z-1", onHand: 5 });
  });

  it("ends error, naming them, for a file without the columns it needs", async () => {
    const t = await setup.tenant();
    await catalogueWorld(t);
    const fileUri = await storeFile(setup.db, t, "bins.csv", "sku,warehouse\nSHIRT-1,Main\n");
    const done = await runImport(t, drain, { importType: "warehouse_location_import", fileUri });
    expect(done).toMatchObject({ status: "error", statusProblem: { code: "missing_columns" } });
    expect(done.statusMessage).toMatch(/lacks the columns? `location`/);
    expect((await list(t, "inventory-levels")).map((level) => level.location)).toEqual([null]);
  });

  it("changes only the importing company's levels", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const mine = await catalogueWorld(t);
    const theirs = await catalogueWorld(other);
    const fileUri = await storeFile(setup.db, t, "bins.csv", "sku,shelf\nSHIRT-1,A-1\nSOCKS-2,A-2\n");
    const done = await runImport(t, drain, { importType: "warehouse_location_import", fileUri });
    expect(done).toMatchObject({ status: "complete", added: 1, updated: 1, errors: 0 });
    expect(await levelOf(t, mine.socks.id, mine.main.id)).toMatchObject({ location: "A-2" });
    expect(await levelOf(other, theirs.shirt.id, theirs.main.id)).toMatchObject({
      location: null,
      onHand: 5,
    });
    expect(await levelOf(other, theirs.socks.id, theirs.main.id)).toBeUndefined();
  });
});

describe("where the catalogue's new facts show", () => {
  it("a level's location is written through the API, its stock staying read-only", async () => {
    const t = await setup.tenant();
    const { main, shirt } = await catalogueWorld(t);
    const level = await levelOf(t, shirt.id, main.id);
    const put = await t.json("PUT", `/inventory-levels/${level.id}.json`, { location: "D-4", onHand: 999 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ location: "D-4", onHand: 5 });
    const tooLong = await t.json("PUT", `/inventory-levels/${level.id}.json`, { location: "Y".repeat(101) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual([{ path: "location", message: expect.stringMatching(/100/) }]);
    const badCode = await t.json("PUT", `/variants/${shirt.id}.json`, { hsCode: "62-05" });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors.map((error: any) => error.path)).toEqual(["hsCode"]);
  });

  it("variant-levels lists each warehouse's location, and inventory exports can write them with the HS code", async () => {
    const t = await setup.tenant();
    const { main, annex, shirt } = await catalogueWorld(t);
    await make(t, "adjustments", { variantId: shirt.id, warehouseId: annex.id, quantity: 2 });
    const channel = await make(t, "channels", { name: "Store" });
    await make(t, "channel-variants", { channelId: channel.id, variantId: shirt.id, sku: "SHIRT-1" });
    const fileUri = await storeFile(
      setup.db,
      t,
      "bins.csv",
      "sku,bin,warehouse\nSHIRT-1,A-03-2,Main\nSHIRT-1,R-7,Annex\nCAP-3,C-1,Annex\n",
    );
    expect(await runImport(t, drain, { importType: "warehouse_location_import", fileUri })).toMatchObject({
      updated: 2,
      added: 1,
    });

    const levels = await t.json("GET", `/channels/${channel.id}/variant-levels.json`);
    expect(levels.status).toBe(200);
    expect(levels.body[0].locations).toEqual([
      { warehouseId: main.id, location: "A-03-2", onHand: 5, allocated: 0, available: 5 },
      { warehouseId: annex.id, location: "R-7", onHand: 2, allocated: 0, available: 2 },
    ]);

    const exportCsv = async (warehouseId?: number) => {
      const definition = await make(t, "inventory-exports", {
        name: "Picking",
        ...(warehouseId ? { warehouseId } : {}),
      });
      const sources = ["sku", "location", "hsCode", "countryOfOrigin"];
      for (const [position, source] of sources.entries()) {
        await make(t, "inventory-export-fields", { inventoryExportId: definition.id, source, position });
      }
      const response = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (await t.request("GET", response.body.url)).text();
    };
    expect(await exportCsv(annex.id)).toBe(
      ["sku,location,hsCode,countryOfOrigin", "CAP-3,C-1,6505.00,CN", "SHIRT-1,R-7,,", "SOCKS-2,,,", ""].join(
        "\r\n",
      ),
    );
    // Without a warehouse, the locations at each warehouse in turn.
    expect(await exportCsv()).toBe(
      [
        "sku,location,hsCode,countryOfOrigin",
        "CAP-3,C-1,6505.00,CN",
        'SHIRT-1,"A-03-2; R-7",,',
        "SOCKS-2,,,",
        "",
      ].join("\r\n"),
    );
  });

  it("the connector batch keeps the store's HS code and country of origin, and refuses a bad one", async () => {
    const t = await setup.tenant();
    const channel = await make(t, "channels", { name: "Store" });
    const path = `/channels/${channel.id}/import-connector-variant-batch.json`;
    const imported = await t.json("POST", path, [item(1, { hsCode: "4202.92", countryOfOrigin: "VN" })]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [variant] = await list(t, "variants", { sku: "S1" });
    expect(variant).toMatchObject({ hsCode: "4202.92", countryOfOrigin: "VN" });
    const refused = await t.json("POST", path, [item(1, { hsCode: "42" })]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((error: any) => error.path)).toEqual(["items.0.hsCode"]);
    expect(await get(t, "variants", variant.id)).toMatchObject({ hsCode: "4202.92" });
  });
});
