// What a data import does with a row whose cells are not as its type needs: the row fails alone, with a
// message naming the cell (quoted, cut after 200 characters), and the good rows beside it apply; a name
// spelt as stored always matches, whatever it holds beyond A to Z.
import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "../support.ts";
import { list, make } from "./channels-fixtures.ts";
import { importDispatcher, onHand, runImport, storeFile } from "./data-imports-fixtures.ts";
import { sentWorld } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;
beforeAll(async () => {
  setup = await setupApp();
  drain = importDispatcher(setup).drain;
});

/** Imports `text` as a file of `type`, to its end. */
async function imported(t: Tenant, type: string, text: string) {
  const fileUri = await storeFile(setup.db, t, "rows.csv", text);
  return runImport(t, drain, { importType: type, fileUri });
}

describe("a row that leaves a cell its type needs empty", () => {
  it("fails alone, naming the column, and the rows beside it apply", async () => {
    const t = await setup.tenant();
    const providers = await imported(t, "dropship_providers", "Name,City\nGood Co,Reno\n,Austin\n");
    expect(providers).toMatchObject({ status: "complete", added: 1, errors: 1 });
    expect(providers.errorMessages).toEqual(["Row 3: Name is empty"]);
    expect((await list(t, "dropship-providers")).map((p: { name: string }) => p.name)).toEqual(["Good Co"]);

    const vendor = await make(t, "vendors", { name: "Northwind" });
    const a = await make(t, "variants", { sku: "A-1", name: "A" });
    await make(t, "variants", { sku: "B-1", name: "B" });
    const mappings = await imported(t, "vendor_mappings", "sku,vendor\nA-1,Northwind\nB-1,\n");
    expect(mappings).toMatchObject({ status: "complete", updated: 1, errors: 1 });
    expect(mappings.errorMessages).toEqual(["Row 3: vendor is empty"]);
    expect((await list(t, "variants", { id: a.id }))[0].vendorId).toBe(vendor.id);
  });
});

describe("a tracking row", () => {
  it("ships only with what the ship action takes: a tracking number of 1 to 100 characters", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const empty = await imported(t, "tracking_import", `purchase,tracking_number\n${w.purchase.id},\n`);
    expect(empty).toMatchObject({ status: "complete", added: 0, errors: 1 });
    expect(empty.errorMessages).toEqual(["Row 2: tracking_number is empty"]);
    const long = await imported(
      t,
      "tracking_import",
      `purchase,tracking_number,carrier\n${w.purchase.id},${"9".repeat(300)},${"C".repeat(500)}\n`,
    );
    expect(long).toMatchObject({ status: "complete", added: 0, errors: 1 });
    expect(long.errorMessages[0]).toMatch(/^Row 2: tracking_number "9{200}…" must be at most 100 characters/);
    expect(await list(t, "dropshipments", { purchaseId: w.purchase.id })).toEqual([]);
  });
});

describe("a name spelt as stored", () => {
  it("matches with letters beyond A to Z in it, in any case of A to Z", async () => {
    const t = await setup.tenant();
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const orebro = await make(t, "warehouses", { name: "Örebro Lager" });
    await make(t, "adjustment-reasons", { code: "sample", name: "Échantillon" });
    const v = await make(t, "variants", { sku: "A-1", name: "A" });
    const take = await imported(t, "stock_take", "sku,quantity,warehouse\nA-1,5,Örebro LAGER\n");
    expect(take.errorMessages).toEqual([]);
    expect(await onHand(t, v.id, orebro.id)).toBe(5);
    const adjusted = await imported(t, "adjustment_import", "sku,quantity,reason\nA-1,5,Échantillon\n");
    expect(adjusted).toMatchObject({ status: "complete", added: 1, errors: 0 });

    const known = await make(t, "dropship-providers", { name: "ÉCOLE Supply" });
    const providers = await imported(t, "dropship_providers", "name,city\nÉCOLE SUPPLY,Reno\n");
    expect(providers).toMatchObject({ status: "complete", added: 0, updated: 1 });
    expect((await list(t, "dropship-providers")).map((p: { id: number }) => p.id)).toEqual([known.id]);
  });
});

describe("what an import says of its file", () => {
  it("quotes a cell cut after 200 characters, and keeps its problem within its bounds", async () => {
    const t = await setup.tenant();
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const unknown = await imported(t, "stock_take", `sku,quantity\n${"X".repeat(5000)},3\n`);
    expect(unknown.errorMessages).toEqual([`Row 2: unknown SKU "${"X".repeat(200)}…"`]);

    const header = Array.from({ length: 100 }, (_, i) => `column ${i} ${"h".repeat(300)}`).join(",");
    const missing = await imported(t, "stock_take", `${header}\n1\n`);
    expect(missing.statusProblem.code).toBe("missing_columns");
    expect(missing.statusProblem.message).toBe(missing.statusMessage);
    expect(missing.statusMessage.length).toBeLessThanOrEqual(2000);
    expect(missing.statusMessage).toContain(`column 0 ${"h".repeat(191)}…`);
  });
});

describe("lines that hold no cell", () => {
  it("are empty lines: not read as rows, not counted", async () => {
    const t = await setup.tenant();
    const main = await make(t, "warehouses", { name: "Main", isDefault: true });
    const v = await make(t, "variants", { sku: "A-1", name: "A" });
    const done = await imported(t, "stock_take", "sku,quantity,notes\nA-1,4,\n,,\n  ,  , \n");
    expect(done).toMatchObject({ status: "complete", added: 1, errors: 0, skipped: 0 });
    expect(done.errorMessages).toEqual([]);
    expect(await onHand(t, v.id, main.id)).toBe(4);
  });
});

describe("a sales row's channel", () => {
  it("is a channel's name or its id as digits: another number names no channel", async () => {
    const t = await setup.tenant();
    const channel = await make(t, "channels", { name: "Web Store" });
    await make(t, "warehouses", { name: "Main", isDefault: true });
    await make(t, "variants", { sku: "MUG-1", name: "Mug", price: 12 });
    const header = "Order,Channel,Email,SKU,Qty,Price,Line One,City,Country";
    const done = await imported(
      t,
      "sales",
      [
        header,
        `W-1,${channel.id}.0,ada@example.com,MUG-1,1,12,1 Main St,Springfield,US`,
        "W-2,WEB STORE,bo@example.com,MUG-1,1,12,2 Side St,Salem,US",
        "W-2,web store,bo@example.com,MUG-1,2,12,2 Side St,Salem,US",
        "",
      ].join("\n"),
    );
    expect(done.errorMessages).toEqual([`Row 2: unknown channel "${channel.id}.0"`]);
    expect(done).toMatchObject({ status: "complete", added: 2, errors: 1 });
    // One order of two lines, its channel written in two cases.
    const sales = await list(t, "sales", { channelId: channel.id });
    expect(sales.map((sale: { externalId: string }) => sale.externalId)).toEqual(["W-2"]);
    expect(await list(t, "sale-items", { saleId: sales[0].id })).toHaveLength(2);
  });
});
