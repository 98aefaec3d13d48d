// The most lines one record may have (`MAX_LINES`): each write of a purchase's, a sale's or a sale
// return's lines reads all of them, so a write that would take a record past the limit is a 409 that
// writes nothing, on every path that adds lines. The bulk of each record's lines is copied in SQL.
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_LINES } from "../../src/domain/line-limit.ts";
import { create, expectStatus, list, type Rec, read } from "../requests.ts";
import { copyRow, countWrites, setupApp, type Tenant } from "../support.ts";
import { sale } from "./channels-fixtures.ts";
import { invoicedPurchase, sentWorld, settle, ship } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let writes: () => Promise<number>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
  writes = await countWrites(setup.db);
});

/** A refused write: a 409 naming the limit, and nothing written. */
async function expectRefused(call: () => Promise<{ status: number; body: any }>, rule: string) {
  const before = await writes();
  const body = await expectStatus(call(), 409);
  expect(body.detail).toContain(`more than the ${MAX_LINES}`);
  expect(body.rule).toBe(rule);
  expect(await writes()).toBe(before);
  return body;
}

interface LineKind {
  plural: string;
  table: string;
  parent: string;
  /** A parent of the kind, and the body of a line on it. */
  make(t: Tenant): Promise<{ parent: Rec; line: Record<string, unknown> }>;
}

async function purchase(t: Tenant) {
  const provider = await create(t, "dropship-providers", { name: "Supplier" });
  return create(t, "purchases", { dropshipProviderId: provider.id });
}

async function saleOf(t: Tenant) {
  const channel = await create(t, "channels", { name: "Web Store" });
  return create(t, "sales", { channelId: channel.id, externalId: "S-1" });
}

const LINE_KINDS: LineKind[] = [
  {
    plural: "purchase-items",
    table: "purchase_items",
    parent: "purchase",
    make: async (t) => {
      const parent = await purchase(t);
      return { parent, line: { purchaseId: parent.id, sku: "L", quantity: 1, price: 2 } };
    },
  },
  {
    plural: "purchase-invoices",
    table: "purchase_invoices",
    parent: "purchase",
    make: async (t) => {
      const parent = await purchase(t);
      return { parent, line: { purchaseId: parent.id, amount: 1 } };
    },
  },
  {
    plural: "purchase-invoice-payments",
    table: "purchase_invoice_payments",
    parent: "purchase",
    make: async (t) => {
      const parent = await purchase(t);
      return { parent, line: { purchaseId: parent.id, amount: 1 } };
    },
  },
  {
    plural: "sale-items",
    table: "sale_items",
    parent: "sale",
    make: async (t) => {
      const parent = await saleOf(t);
      return { parent, line: { saleId: parent.id, sku: "L", quantity: 1, price: 2 } };
    },
  },
  {
    plural: "sale-return-items",
    table: "sale_return_items",
    parent: "sale-return",
    make: async (t) => {
      const parent = await create(t, "sale-returns", { saleId: (await saleOf(t)).id });
      return { parent, line: { saleReturnId: parent.id, sku: "L", quantity: 1, amount: 2 } };
    },
  },
];

const words = (kind: string) => kind.replaceAll("-", " ");
const ruleOf = (kind: LineKind) => `at most ${MAX_LINES} ${words(kind.plural)} per ${words(kind.parent)}`;

describe(`the lines of a record: at most ${MAX_LINES}`, () => {
  it.each(LINE_KINDS)("$plural: the last line below the limit is taken, the next refused", async (kind) => {
    const t = await setup.tenant();
    const { parent, line } = await kind.make(t);
    const first = await create(t, kind.plural, line);
    await copyRow(setup.db, kind.table, first.id, MAX_LINES - 2);

    await expectStatus(t.json("POST", `/${kind.plural}.json`, line), 200);
    const parentPath = `/${kind.parent}s/${parent.id}.json`;
    const before = await expectStatus(t.json("GET", parentPath), 200);
    const refused = await expectRefused(() => t.json("POST", `/${kind.plural}.json`, line), ruleOf(kind));
    expect(refused.detail.toLowerCase()).toContain(
      `${words(kind.parent)} ${parent.id} would have ${MAX_LINES + 1} ${words(kind.plural)},`,
    );
    expect(await expectStatus(t.json("GET", parentPath), 200)).toEqual(before);
  });

  it("a line of a purchase at the limit is still edited and deleted; one moved onto it is refused", async () => {
    const t = await setup.tenant();
    const full = await purchase(t);
    const line = { sku: "L", quantity: 1, price: 2 };
    const first = await create(t, "purchase-items", { purchaseId: full.id, ...line });
    await copyRow(setup.db, "purchase_items", first.id, MAX_LINES - 1);
    const other = await create(t, "purchases", { dropshipProviderId: full.dropshipProviderId });
    const elsewhere = await create(t, "purchase-items", { purchaseId: other.id, ...line });

    await expectRefused(
      () => t.json("PUT", `/purchase-items/${elsewhere.id}.json`, { purchaseId: full.id }),
      `at most ${MAX_LINES} purchase items per purchase`,
    );
    expect((await read(t, "purchase-items", elsewhere.id)).purchaseId).toBe(other.id);

    await expectStatus(t.json("PUT", `/purchase-items/${first.id}.json`, { quantity: 2 }), 200);
    expect(await read(t, "purchases", full.id)).toMatchObject({ quantity: MAX_LINES + 1 });
    await expectStatus(t.json("DELETE", `/purchase-items/${first.id}.json`), 204);
    await expectStatus(t.json("PUT", `/purchase-items/${elsewhere.id}.json`, { purchaseId: full.id }), 200);
    expect(await read(t, "purchases", full.id)).toMatchObject({ quantity: MAX_LINES });
  });

  it("a PUT of invoiceStatus invoiced records no invoice past the limit", async () => {
    const t = await setup.tenant();
    const owing = await purchase(t);
    await create(t, "purchase-items", { purchaseId: owing.id, sku: "L", quantity: 1, price: 2 });
    const invoice = await create(t, "purchase-invoices", { purchaseId: owing.id, amount: 0 });
    await copyRow(setup.db, "purchase_invoices", invoice.id, MAX_LINES - 1);

    await expectRefused(
      () => t.json("PUT", `/purchases/${owing.id}.json`, { invoiceStatus: "invoiced" }),
      `at most ${MAX_LINES} purchase invoices per purchase`,
    );
  });
});

describe("actions that add lines", () => {
  it("manual-sale adds an order's new lines up to the limit, and refuses those past it", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", { name: "Supplier" });
    await create(t, "variants", { sku: "A", name: "Alpha", costPrice: 1, dropshipProviderId: provider.id });
    const channel = await create(t, "channels", { name: "Phone orders" });
    const order = (...externalIds: string[]) =>
      sale(
        "ORDER-1",
        externalIds.map((externalId) => ({ sku: "A", quantity: 1, price: 2, externalId })),
      );
    const path = `/channels/${channel.id}/manual-sale.json`;
    const created = await expectStatus(t.json("POST", path, order("L-0")), 200);
    const [line] = await list(t, "sale-items", `&where[saleId]=${created.id}`);
    await copyRow(setup.db, "sale_items", line!.id, MAX_LINES - 2, { external_id: "'L-' || n" });

    const updated = await expectStatus(t.json("POST", path, order("L-0", "L-last")), 200);
    expect(updated).toMatchObject({ id: created.id, total: 2 * MAX_LINES });
    const refused = await expectRefused(
      () => t.json("POST", path, order("L-0", "L-past", "L-past-2")),
      `at most ${MAX_LINES} sale items per sale`,
    );
    expect(refused.detail).toContain(`Sale ${created.id} would have ${MAX_LINES + 2} sale items`);
    expect(await read(t, "sales", created.id)).toMatchObject({ total: 2 * MAX_LINES });
  });

  it("move-to-dropship makes no purchase of more lines than the limit", async () => {
    const t = await setup.tenant();
    const warehouse = await create(t, "warehouses", { name: "Main", isDefault: true });
    const provider = await create(t, "dropship-providers", { name: "Supplier" });
    const variant = await create(t, "variants", { sku: "A", costPrice: 1 });
    const fulfillment = await create(t, "fulfillments", { warehouseId: warehouse.id });
    const line = await create(t, "fulfillment-items", {
      fulfillmentId: fulfillment.id,
      variantId: variant.id,
      sku: "A",
      quantity: 1,
      skipInventoryChange: true,
    });
    await copyRow(setup.db, "fulfillment_items", line.id, MAX_LINES);
    const path = `/fulfillments/${fulfillment.id}/move-to-dropship.json`;

    const refused = await expectRefused(
      () => t.json("PUT", path, { dropshipProviderId: provider.id }),
      `at most ${MAX_LINES} purchase items per purchase`,
    );
    expect(refused.detail).toContain(`The new purchase would have ${MAX_LINES + 1} purchase items`);
    expect((await read(t, "fulfillments", fulfillment.id)).status).toBe("pending");

    await expectStatus(t.json("DELETE", `/fulfillment-items/${line.id}.json`), 204);
    const purchase = await expectStatus(t.json("PUT", path, { dropshipProviderId: provider.id }), 200);
    expect(purchase).toMatchObject({ quantity: MAX_LINES, subtotal: MAX_LINES });
  });

  it("settle-invoices pays no purchase past the limit of its active payments", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", { name: "Supplier" });
    const owing = await invoicedPurchase(t, provider.id, 7);
    const payment = await create(t, "purchase-invoice-payments", { purchaseId: owing.id, amount: 0 });
    await copyRow(setup.db, "purchase_invoice_payments", payment.id, MAX_LINES - 1);

    const refused = await expectRefused(
      () => settle(t, provider.id),
      `at most ${MAX_LINES} purchase invoice payments per purchase`,
    );
    expect(refused.detail).toContain(`Purchase ${owing.id} would have ${MAX_LINES + 1}`);
    await expectStatus(t.json("DELETE", `/purchase-invoice-payments/${payment.id}.json`), 204);
    await expectStatus(settle(t, provider.id), 200);
    expect(await read(t, "purchases", owing.id)).toMatchObject({ amountPaid: 7 });
  });

  it("return-label opens no return of more lines than the limit", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    // A purchase past the limit (made before it, say): every line of it shipped and returnable. The
    // copies carry no sale line: copies of the pin's would share its one fulfilled unit.
    await copyRow(setup.db, "purchase_items", w.items.pin.id, MAX_LINES - 2, { sale_item_id: "NULL" });
    const path = `/purchases/${w.purchase.id}/return-label.json`;

    const refused = await expectRefused(
      () => t.json("POST", path, {}),
      `at most ${MAX_LINES} sale return items per sale return`,
    );
    expect(refused.detail).toContain(`The new sale return would have ${MAX_LINES + 1} sale return items`);
    await expectStatus(
      t.json("POST", path, { items: [{ purchaseItemId: w.items.mug.id, quantity: 1 }] }),
      200,
    );
  });
});
