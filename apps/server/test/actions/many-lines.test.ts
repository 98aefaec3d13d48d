// A purchase with thousands of lines: every write that holds them (its books read each line) still runs,
// its guards split so that no statement binds more values than SQLite takes.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp();
});

describe("a purchase of 4,000 lines", () => {
  it("takes a header update and a new line, its books from every line", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", { name: "Supplier" });
    const variant = await create(t, "variants", { sku: "MANY", price: 3, dropshipProviderId: provider.id });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    const line = await create(t, "purchase-items", {
      purchaseId: purchase.id,
      variantId: variant.id,
      sku: "MANY",
      quantity: 1,
      price: 2,
    });
    // 3,999 copies of the line, written as no API call would (one at a time would take minutes).
    const { rows } = await setup.db.execute("SELECT name FROM pragma_table_info('purchase_items')");
    const copied = rows
      .map((row) => String(row.name))
      .filter((column) => column !== "id")
      .join(", ");
    await setup.db.execute({
      sql: `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 3999)
            INSERT INTO purchase_items (${copied}) SELECT ${copied} FROM purchase_items, n WHERE id = ?`,
      args: [line.id],
    });

    const updated = await expectStatus(
      t.json("PUT", `/purchases/${purchase.id}.json`, { notes: "A big order" }),
      200,
    );
    expect(updated.notes).toBe("A big order");
    await expectStatus(
      t.json("POST", "/purchase-items.json", {
        purchaseId: purchase.id,
        variantId: variant.id,
        sku: "MANY",
        quantity: 1,
        price: 2,
      }),
      200,
    );
    expect(await read(t, "purchases", purchase.id)).toMatchObject({ quantity: 4001, subtotal: 8002 });
  });
});
