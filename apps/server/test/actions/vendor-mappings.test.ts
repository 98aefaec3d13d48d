// The `vendor_mappings` data import (each SKU's vendor, the vendor's code for it and its cost), run
// by the dispatcher, and what it is for: the vendor's feed connecting its items by those codes.
import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "../support.ts";
import { get, make } from "./channels-fixtures.ts";
import { importDispatcher, runImport, storeFile } from "./data-imports-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;

beforeAll(async () => {
  setup = await setupApp();
  drain = importDispatcher(setup).drain;
});

async function catalogue(t: Tenant) {
  const northwind = await make(t, "vendors", { name: "Northwind Textiles", code: "NWT" });
  const contoso = await make(t, "vendors", { name: "Contoso" });
  const shirt = await make(t, "variants", { sku: "SHIRT-M", costPrice: 9 });
  const socks = await make(t, "variants", { sku: "SOCKS", vendorId: contoso.id, vendorSku: "C-1" });
  const mug = await make(t, "variants", { sku: "MUG", vendorId: northwind.id, vendorSku: "NW-9" });
  return { northwind, contoso, shirt, socks, mug };
}

describe("vendor_mappings", () => {
  it("sets each SKU's vendor (by name, code or id), the vendor's code and cost; a row already so is skipped", async () => {
    const t = await setup.tenant();
    const { northwind, shirt, socks, mug } = await catalogue(t);
    const fileUri = await storeFile(
      setup.db,
      t,
      "mappings.csv",
      [
        "SKU,Supplier,MPN,Cost Price",
        "SHIRT-M,northwind textiles,NW-1042,8.50",
        "SOCKS,NWT,,",
        `MUG,${northwind.id},NW-9,`,
        "HAT,Contoso,C-7,",
        "SHIRT-M,Nobody,X,",
        "SHIRT-M,Contoso,C-2,cheap",
        "",
      ].join("\r\n"),
    );
    const done = await runImport(t, drain, { importType: "vendor_mappings", fileUri });
    expect(done).toMatchObject({ status: "complete", updated: 2, skipped: 1, errors: 3 });
    expect(done.errorMessages).toEqual([
      'Row 5: unknown SKU "HAT"',
      'Row 6: unknown vendor "Nobody"',
      'Row 7: Cost Price "cheap" is not an amount (e.g. 12.50)',
    ]);
    expect(await get(t, "variants", shirt.id)).toMatchObject({
      vendorId: northwind.id,
      vendorSku: "NW-1042",
      costPrice: 8.5,
    });
    // Another vendor now, and no code given: the previous vendor's code goes with it.
    expect(await get(t, "variants", socks.id)).toMatchObject({ vendorId: northwind.id, vendorSku: null });
    expect(await get(t, "variants", mug.id)).toMatchObject({ vendorId: northwind.id, vendorSku: "NW-9" });

    const again = await runImport(t, drain, { importType: "vendor_mappings", fileUri });
    expect(again).toMatchObject({ status: "complete", updated: 0, skipped: 3, errors: 3 });
  });

  it("fails a row whose vendor name or code names two vendors", async () => {
    const t = await setup.tenant();
    await make(t, "vendors", { name: "Acme" });
    await make(t, "vendors", { name: "ACME" });
    await make(t, "variants", { sku: "A-1" });
    const fileUri = await storeFile(setup.db, t, "twice.csv", "sku,vendor\nA-1,acme\n");
    const done = await runImport(t, drain, { importType: "vendor_mappings", fileUri });
    expect(done).toMatchObject({ status: "complete", updated: 0, errors: 1 });
    expect(done.errorMessages).toEqual(['Row 2: vendor "acme" names 2 vendors']);
  });

  it("lets the vendor's feed connect its items by the codes imported", async () => {
    const t = await setup.tenant();
    const { northwind, shirt } = await catalogue(t);
    const feed = await make(t, "inventory-feeds", {
      name: "Northwind stock",
      vendorId: northwind.id,
      fetchFrequency: "never",
    });
    const send = async (externalId: string, vendorSku: string) => {
      const answer = await t.json("PUT", `/inventory-feeds/${feed.id}/parse-webhook.json`, {
        externalId,
        vendorSku,
        inventoryQuantity: 4,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    expect((await send("1", "NW-1042")).variantId).toBeNull();

    const fileUri = await storeFile(setup.db, t, "codes.csv", "sku,vendor,vendor_sku\nSHIRT-M,NWT,NW-1042\n");
    expect(await runImport(t, drain, { importType: "vendor_mappings", fileUri })).toMatchObject({
      updated: 1,
    });
    expect((await send("2", "NW-1042")).variantId).toBe(shirt.id);
  });
});
