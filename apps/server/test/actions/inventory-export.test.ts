import { beforeAll, describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";
import { exportSetup, get, make } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

describe("inventory-export export", () => {
  it("writes a CSV with the export's fields and links it from a data export", async () => {
    const t = await ctx.tenant();
    await exportSetup(t);
    const definition = await make(t, "inventory-exports", { name: "Levels", format: "csv" });
    const field = (source: string, position: number, header?: string) =>
      make(t, "inventory-export-fields", {
        inventoryExportId: definition.id,
        source,
        position,
        ...(header ? { header } : {}),
      });
    await field("available", 3, "Available");
    await field("sku", 1, "SKU");
    await field("name", 2);
    await field("price", 4, "Price");

    const response = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const dataExport = response.body;
    expect(dataExport).toMatchObject({
      inventoryExportId: definition.id,
      status: "complete",
      format: "csv",
      exportType: "inventory_levels",
      contentType: "text/csv; charset=utf-8",
      rowCount: 3,
    });
    expect(dataExport.fileName).toMatch(
      new RegExp(`^inventory-export-${definition.id}-\\d{8}T\\d{6}Z\\.csv$`),
    );
    expect(dataExport.completedAt).toEqual(expect.any(String));
    expect((await get(t, "data-exports", dataExport.id)).url).toBe(dataExport.url);

    const file = await t.request("GET", dataExport.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await file.text();
    expect(text).toBe(
      [
        "SKU,name,Available,Price",
        'A-1,"Shirt, ""blue""",7,10.00',
        "B-2,Socks,0,2.25",
        "C-3,Hat,0,",
        "",
      ].join("\r\n"),
    );
    expect(dataExport.byteSize).toBe(new TextEncoder().encode(text).byteLength);
    expect((await get(t, "inventory-exports", definition.id)).lastExportedAt).toEqual(dataExport.completedAt);

    const stranger = await ctx.tenant();
    expect((await stranger.request("GET", dataExport.url)).status).toBe(404);
  });

  it("writes JSON with the default fields, one warehouse's stock, without zero rows", async () => {
    const t = await ctx.tenant();
    const { annex } = await exportSetup(t);
    const definition = await make(t, "inventory-exports", {
      name: "Annex",
      format: "json",
      warehouseId: annex.id,
      includeZero: false,
    });
    const response = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ format: "json", contentType: "application/json", rowCount: 1 });
    const file = await t.json("GET", response.body.url);
    expect(file.body).toEqual([{ sku: "A-1", name: 'Shirt, "blue"', onHand: 3, allocated: 0, available: 3 }]);
  });

  it("keeps every column of a JSON export whose fields share a header, the later keyed `header (2)`", async () => {
    const t = await ctx.tenant();
    const { annex } = await exportSetup(t);
    const definition = await make(t, "inventory-exports", {
      name: "Twice",
      format: "json",
      warehouseId: annex.id,
      includeZero: false,
    });
    for (const [source, position] of [
      ["sku", 1],
      ["available", 2],
    ] as const) {
      await make(t, "inventory-export-fields", {
        inventoryExportId: definition.id,
        source,
        position,
        header: "Value",
      });
    }
    const response = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect((await t.json("GET", response.body.url)).body).toEqual([{ Value: "A-1", "Value (2)": 3 }]);

    // A column whose own header is a key given to another takes the next one free: none overwrites one.
    await make(t, "inventory-export-fields", {
      inventoryExportId: definition.id,
      source: "onHand",
      position: 3,
      header: "Value (2)",
    });
    const again = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    expect((await t.json("GET", again.body.url)).body).toEqual([
      { Value: "A-1", "Value (2)": 3, "Value (2) (2)": 3 },
    ]);
  });

  it("limits the rows to the channel's variants and exports their store ids", async () => {
    const t = await ctx.tenant();
    await exportSetup(t);
    const channel = await make(t, "channels", { name: "Store" });
    await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: [{ externalId: "X-9", sku: "B-2" }],
    });
    const definition = await make(t, "inventory-exports", {
      name: "Store",
      format: "json",
      channelId: channel.id,
    });
    for (const [position, source] of ["externalId", "onHand", "costPrice"].entries()) {
      await make(t, "inventory-export-fields", { inventoryExportId: definition.id, source, position });
    }
    const response = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
    const file = await t.json("GET", response.body.url);
    expect(file.body).toEqual([{ externalId: "X-9", onHand: 2, costPrice: null }]);
  });

  it("answers a retry with the same Idempotency-Key as the first time, and refuses a stale If-Match, making one export", async () => {
    const t = await ctx.tenant();
    await exportSetup(t);
    const definition = await make(t, "inventory-exports", { name: "Keyed", format: "csv" });
    const path = `/inventory-exports/${definition.id}/export.json`;
    const stale = await t.json("GET", path, undefined, { "If-Match": '"stale"' });
    expect(stale.status).toBe(412);
    const key = { "Idempotency-Key": `export-${definition.id}` };
    const first = await t.json("GET", path, undefined, key);
    expect(first.status).toBe(200);
    const again = await t.json("GET", path, undefined, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const made = await t.json("GET", `/data-exports.json?where[inventoryExportId]=${definition.id}`);
    expect(made.body.map((record: { id: number }) => record.id)).toEqual([first.body.id]);
    const events = await t.json("GET", "/events.json?where[type]=data_export.completed&limit=250");
    expect(events.body.map((event: any) => event.data.object.id)).toEqual([first.body.id]);
  });

  it("exports a channel's rows as its store sees them: its safety stock kept back, its listings' SKUs", async () => {
    const t = await ctx.tenant();
    const warehouse = await make(t, "warehouses", { name: "W", isDefault: true });
    const channel = await make(t, "channels", { name: "Store", safetyStock: 5 });
    const few = await make(t, "variants", { sku: "FEW" });
    const many = await make(t, "variants", { sku: "OLD" });
    for (const [variant, quantity] of [
      [few, 3],
      [many, 9],
    ] as const) {
      await make(t, "adjustments", { variantId: variant.id, warehouseId: warehouse.id, quantity });
      await make(t, "channel-variants", { channelId: channel.id, variantId: variant.id, sku: variant.sku });
    }
    // The catalogue's SKU renamed: the listing keeps the one the store knows.
    expect((await t.json("PUT", `/variants/${many.id}.json`, { sku: "NEW" })).status).toBe(200);
    const levels = (await t.json("GET", `/channels/${channel.id}/variant-levels.json`)).body;
    expect(levels.map((level: any) => [level.sku, level.available])).toEqual([
      ["FEW", 0],
      ["OLD", 4],
    ]);
    const exported = async (includeZero: boolean) => {
      const definition = await make(t, "inventory-exports", {
        name: "Store",
        format: "json",
        channelId: channel.id,
        includeZero,
      });
      const made = await t.json("GET", `/inventory-exports/${definition.id}/export.json`);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const rows = (await t.json("GET", made.body.url)).body;
      return { rowCount: made.body.rowCount, rows: rows.map((row: any) => [row.sku, row.available]) };
    };
    expect(await exported(true)).toEqual({
      rowCount: 2,
      rows: [
        ["FEW", 0],
        ["OLD", 4],
      ],
    });
    // FEW's 3 units are all kept back: the store may sell none, so the row is left out.
    expect(await exported(false)).toEqual({ rowCount: 1, rows: [["OLD", 4]] });
  });
});
