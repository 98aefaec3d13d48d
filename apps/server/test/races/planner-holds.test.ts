// Every planner holds what it read. For each writing action of the manifest and each write rule's
// planner, one successful call is made; then, for every row that call read, a writer changes that row
// between the call's read and its batch (on the embedded database: inside the write, on the writer's own
// connection). The write must then be planned again or refused, never applied on what it no longer
// matches: the change committed first, so the company's records afterwards, and the call's answer, are
// those of the change made before the call (where the call does not rely on the row, the two commute).
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InStatement } from "@libsql/client";
import { actionPath, actions, kinds, operationWrites } from "@multichannel/schema";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { type Db, isExpensive, type WriteSession } from "../../src/db/database.ts";
import { openDb } from "../../src/db/open.ts";
import { type Column, type Table, tableFor } from "../../src/db/tables.ts";
import { createToken } from "../../src/services/auth.ts";
import {
  type ActionKey,
  CALLS,
  type Call,
  call,
  make,
  orderWorld,
  warehouseLine,
} from "../fixtures/action-calls.ts";
import { type Api, apiOf } from "../support.ts";

const tables = new Map<string, Table>(kinds.map((kind) => [tableFor(kind).name, tableFor(kind)]));

// ---------------------------------------------------------------------------------- the database

const dir = mkdtempSync(join(tmpdir(), "mcs-holds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** The database the app uses, switched from one copy of a world to the next (its key's view too). */
function switchable(): Db & { use(db: Db): void } {
  let current: Db | undefined;
  const view = (target: () => Db): Db => ({
    execute: (statement) => target().execute(statement),
    first: (statement) => target().first!(statement),
    transaction: (work) => target().transaction(work),
    write: (work) => target().write(work),
    read: (statements) => target().read(statements),
    actingAs: (keyId) => view(() => target().actingAs?.(keyId) ?? target()),
    close: () => target().close(),
  });
  return {
    ...view(() => current!),
    use: (db) => {
      current = db;
    },
  };
}

/**
 * `db` where the first write's reads are followed, before its batch, by `between` on its session. A
 * write with an expensive read reads outside the write queue (`executeWrite`): its reads are followed
 * by `between` on a write of its own, before the write's batch is queued.
 */
function interleaved(db: Db, between: (session: WriteSession, read: ReadRows[]) => Promise<void>): Db {
  let done = false;
  const session = (inner: WriteSession): WriteSession => ({
    async read(statements) {
      const results = await inner.read(statements);
      if (!done) {
        done = true;
        await between(inner, readRows(statements, results));
      }
      return results;
    },
    apply: (statements) => inner.apply(statements),
  });
  const readApart = async (target: Db, statements: readonly InStatement[]) => {
    const results = await target.read(statements);
    if (!done && statements.some(isExpensive)) {
      done = true;
      await target.write((inner) => between(inner, readRows(statements, results)));
    }
    return results;
  };
  const wrap = (target: Db): Db => ({
    ...target,
    execute: (statement) => target.execute(statement),
    ...(target.first ? { first: (statement) => target.first!(statement) } : {}),
    transaction: (work) => target.transaction(work),
    read: (statements) => readApart(target, statements),
    close: () => target.close(),
    write: (work) => target.write((inner) => work(session(inner))),
    ...(target.actingAs ? { actingAs: (keyId: number) => wrap(target.actingAs!(keyId)) } : {}),
  });
  return wrap(db);
}

/** The records a read found: the kind's table its SELECT reads (`FROM table`), and each row's id. */
interface ReadRows {
  table: Table;
  ids: number[];
}

function readRows(
  statements: readonly unknown[],
  results: readonly { rows: readonly Record<string, unknown>[] }[],
): ReadRows[] {
  const found: ReadRows[] = [];
  statements.forEach((statement, i) => {
    const text = typeof statement === "string" ? statement : (statement as { sql: string }).sql;
    const from = /^SELECT .*? FROM (\w+) /s.exec(text)?.[1];
    const table = from ? tables.get(from) : undefined;
    const ids = results[i]!.rows.map((row) => row.id).filter((id): id is number => typeof id === "number");
    if (table && ids.length) found.push({ table, ids });
  });
  return found;
}

// ---------------------------------------------------------------------------------- changes

/** Another value of a column, of its type: what another writer might have set. */
function changedValue(column: Column, value: unknown): unknown {
  const def = column.def;
  if (def.readOnly && !def.derived) return undefined;
  switch (def.type) {
    case "integer":
    case "money":
    case "number":
      return typeof value === "number" ? value + 1 : undefined;
    case "boolean":
      return value === 1 ? 0 : value === 0 ? 1 : undefined;
    case "enum": {
      const other = def.values?.find((candidate) => candidate !== value);
      return other ?? undefined;
    }
    case "string":
      return typeof value === "string" ? `${value}~` : undefined;
    case "array": {
      // A list of text (a product's option names, a custom field's options): each entry changed.
      const list = typeof value === "string" ? (JSON.parse(value) as unknown) : undefined;
      if (!Array.isArray(list) || !list.length || !list.every((entry) => typeof entry === "string")) {
        return undefined;
      }
      return JSON.stringify(list.map((entry) => `${entry}~`));
    }
    default:
      return undefined;
  }
}

/** The UPDATE that changes every plain column of a row (and its `updated_at`), or only `updated_at`. */
async function changeOf(db: Db, table: Table, id: number, only: "stamp" | "values") {
  const row = (await db.execute({ sql: `SELECT * FROM ${table.name} WHERE id = ?`, args: [id] })).rows[0];
  if (!row) return undefined;
  const sets = ["updated_at = '2001-02-03T04:05:06.007Z'"];
  const args: (string | number)[] = [];
  if (only === "values") {
    for (const column of table.columns) {
      const value = changedValue(column, row[column.name]);
      if (value === undefined) continue;
      sets.push(`${column.name} = ?`);
      args.push(value as string | number);
    }
  }
  return { sql: `UPDATE ${table.name} SET ${sets.join(", ")} WHERE id = ?`, args: [...args, id] };
}

// ---------------------------------------------------------------------------------- states

/** The company's records, every kind's table, without their timestamps: what the writes left. */
async function stateOf(db: Db, companyId: number): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables.values()) {
    const result = await db.execute({
      sql: `SELECT * FROM ${table.name} WHERE company_id = ? ORDER BY id`,
      args: [companyId],
    });
    if (!result.rows.length) continue;
    // What a call draws at random differs from one run to the next: a secret it makes (a rotated hash,
    // its hint) and the tracking number a label it makes prints (`MC` and 16 digits).
    const secret = new Set(
      table.columns
        .filter((column) => column.def.secret || column.name.endsWith("_hint"))
        .map((column) => column.name),
    );
    out[table.name] = result.rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).filter(
          ([name, value]) =>
            name !== "created_at" &&
            name !== "updated_at" &&
            !secret.has(name) &&
            !(name === "tracking_number" && /^MC\d{16}$/.test(String(value))),
        ),
      ),
    );
  }
  return JSON.stringify(out);
}

// ---------------------------------------------------------------------------------- the cases

/** One write: the world it needs is made by `setup` (with the API); `run` makes the write. */
interface Case {
  name: string;
  setup(t: Api): Promise<(t: Api) => Promise<{ status: number; body: unknown }>>;
}

function actionCase(key: ActionKey, method: string, template: string): Case {
  return {
    name: key,
    async setup(t) {
      const { id, input } = await (CALLS[key] as (t: Api) => Promise<Call<ActionKey>>)(t);
      let path = template.replace("{id}", String(id));
      let body: unknown;
      if (method === "GET" || method === "DELETE") {
        const query = new URLSearchParams(Object.entries(input ?? {}).map(([k, v]) => [k, String(v)]));
        if (query.size) path += `?${query}`;
      } else body = input ?? {};
      return (api) => api.json(method, path, body);
    },
  };
}

/** An order of a mug the warehouse has 5 of (its provider could ship it too) and a cap only a provider ships. */
const draftOrder = {
  externalId: "DRAFT-1",
  customer: { email: "dana@example.com" },
  shippingAddress: { lineOne: "12 Harbour Road", city: "Portland", country: "US" },
  items: [
    { sku: "MUG-1", quantity: 2, price: 25 },
    { sku: "CAP-1", quantity: 1, price: 9 },
  ],
};

/** `draftOrder` imported on a channel that has its sales reviewed first: a draft sale, nothing routed. */
async function draftSale(t: Api) {
  const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
  const channel = await make(t, "channels", { name: "Reviewed", automaticallyFinalizeSales: false });
  const supplier = await make(t, "dropship-providers", { name: "Vendor One" });
  const mug = await make(t, "variants", { sku: "MUG-1", costPrice: 4, dropshipProviderId: supplier.id });
  await make(t, "variants", { sku: "CAP-1", costPrice: 4, dropshipProviderId: supplier.id });
  await make(t, "adjustments", { variantId: mug.id, warehouseId: warehouse.id, quantity: 5 });
  return call(t, "POST", `/channels/${channel.id}/manual-sale.json`, draftOrder);
}

/** The write rules' planners: a line and its parent's books, stock, a receipt, a fulfillment. */
const CRUD: Case[] = [
  {
    name: "PUT sale-item (the sale's books)",
    async setup(t) {
      const w = await orderWorld(t);
      return (api) => api.json("PUT", `/sale-items/${w.saleItems[0]!.id}.json`, { quantity: 5 });
    },
  },
  {
    name: "POST sale-item",
    async setup(t) {
      const w = await orderWorld(t);
      return (api) =>
        api.json("POST", "/sale-items.json", { saleId: w.sale.id, sku: "NEW", quantity: 1, price: 3 });
    },
  },
  {
    name: "DELETE sale-item",
    async setup(t) {
      const w = await orderWorld(t);
      const extra = await make(t, "sale-items", { saleId: w.sale.id, sku: "X", quantity: 1, price: 2 });
      return (api) => api.json("DELETE", `/sale-items/${extra.id}.json`);
    },
  },
  {
    name: "PUT purchase-item (the purchase's books)",
    async setup(t) {
      const w = await orderWorld(t);
      // The sale line first, so that the purchase line may order as many.
      await call(t, "PUT", `/sale-items/${w.saleItems[1]!.id}.json`, { quantity: 4 });
      return (api) => api.json("PUT", `/purchase-items/${w.items[1]!.id}.json`, { quantity: 4 });
    },
  },
  {
    name: "POST sale-return-item naming only its purchase line (its sale line taken from it)",
    async setup(t) {
      const w = await orderWorld(t);
      await call(t, "PUT", `/purchases/${w.purchase.id}/send.json`, {});
      await call(t, "POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX-1" });
      const saleReturn = await make(t, "sale-returns", { saleId: w.sale.id });
      return (api) =>
        api.json("POST", "/sale-return-items.json", {
          saleReturnId: saleReturn.id,
          purchaseItemId: w.items[0]!.id,
          quantity: 1,
        });
    },
  },
  {
    name: "PUT sale-return-item saleItemId (its amount at the default of the line it leaves)",
    async setup(t) {
      const w = await orderWorld(t);
      await call(t, "PUT", `/purchases/${w.purchase.id}/send.json`, {});
      await call(t, "POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX-1" });
      const saleReturn = await make(t, "sale-returns", { saleId: w.sale.id });
      const line = await make(t, "sale-return-items", {
        saleReturnId: saleReturn.id,
        saleItemId: w.saleItems[1]!.id,
        quantity: 1,
      });
      return (api) =>
        api.json("PUT", `/sale-return-items/${line.id}.json`, { saleItemId: w.saleItems[0]!.id });
    },
  },
  {
    name: "PUT sale-item price (its open returns' lines at their default amount follow it)",
    async setup(t) {
      const w = await orderWorld(t);
      await call(t, "PUT", `/purchases/${w.purchase.id}/send.json`, {});
      await call(t, "POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX-1" });
      const [mug, cap] = [w.saleItems[0]!, w.saleItems[1]!];
      const open = await make(t, "sale-returns", { saleId: w.sale.id });
      await make(t, "sale-return-items", { saleReturnId: open.id, saleItemId: mug.id, quantity: 1 });
      await make(t, "sale-return-items", { saleReturnId: open.id, saleItemId: cap.id, quantity: 1 });
      const received = await make(t, "sale-returns", { saleId: w.sale.id });
      await make(t, "sale-return-items", { saleReturnId: received.id, saleItemId: mug.id, quantity: 1 });
      await call(t, "POST", `/sale-returns/${received.id}/receive.json`, {});
      return (api) => api.json("PUT", `/sale-items/${mug.id}.json`, { price: 25 });
    },
  },
  {
    name: "POST purchase-invoice",
    async setup(t) {
      const w = await orderWorld(t);
      return (api) => api.json("POST", "/purchase-invoices.json", { purchaseId: w.purchase.id, amount: 12 });
    },
  },
  {
    name: "PUT purchase invoiceStatus invoiced",
    async setup(t) {
      const w = await orderWorld(t);
      await call(t, "PUT", `/purchases/${w.purchase.id}/send.json`, {});
      await call(t, "POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX-1" });
      return (api) => api.json("PUT", `/purchases/${w.purchase.id}.json`, { invoiceStatus: "invoiced" });
    },
  },
  {
    name: "POST accounting-payload (pending: sent to its endpoint)",
    async setup(t) {
      const ledger = await make(t, "accounting-integrations", {
        name: "Ledger",
        saleEndpoint: "https://ledger.example/sales",
      });
      return (api) =>
        api.json("POST", "/accounting-payloads.json", {
          accountingIntegrationId: ledger.id,
          payloadType: "sale",
          payload: '{"resent":true}',
        });
    },
  },
  {
    name: "POST adjustment (a stock level)",
    async setup(t) {
      const w = await orderWorld(t);
      await make(t, "adjustments", {
        variantId: w.variants[0]!.id,
        warehouseId: w.warehouse.id,
        quantity: 5,
      });
      return (api) =>
        api.json("POST", "/adjustments.json", {
          variantId: w.variants[0]!.id,
          warehouseId: w.warehouse.id,
          quantity: -2,
        });
    },
  },
  {
    name: "POST variant-warehouse-update (a reported level applied)",
    async setup(t) {
      const w = await orderWorld(t);
      await make(t, "adjustments", {
        variantId: w.variants[0]!.id,
        warehouseId: w.warehouse.id,
        quantity: 5,
      });
      return (api) =>
        api.json("POST", "/variant-warehouse-updates.json", {
          variantId: w.variants[0]!.id,
          warehouseId: w.warehouse.id,
          quantity: 2,
        });
    },
  },
  {
    name: "POST inventory-feed-payload (its items applied to the feed)",
    async setup(t) {
      const feed = await make(t, "inventory-feeds", { name: "Vendor feed", fetchFrequency: "webhook" });
      await make(t, "variants", { sku: "CAP-1", name: "Cap" });
      await make(t, "inventory-feed-variants", {
        inventoryFeedId: feed.id,
        externalId: "A",
        sku: "MUG-1",
        quantity: 4,
      });
      return (api) =>
        api.json("POST", "/inventory-feed-payloads.json", {
          inventoryFeedId: feed.id,
          payload: JSON.stringify([
            { externalId: "A", inventoryQuantity: 9 },
            { externalId: "B", vendorSku: "CAP-1", inventoryQuantity: 3 },
          ]),
        });
    },
  },
  {
    name: "POST fulfillment-item (allocation)",
    async setup(t) {
      const w = await orderWorld(t);
      await make(t, "adjustments", {
        variantId: w.variants[0]!.id,
        warehouseId: w.warehouse.id,
        quantity: 5,
      });
      const fulfillment = await make(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
      const line = await warehouseLine(t, w);
      return (api) =>
        api.json("POST", "/fulfillment-items.json", {
          fulfillmentId: fulfillment.id,
          saleItemId: line.id,
          variantId: w.variants[0]!.id,
          sku: "MUG-1",
          quantity: 2,
        });
    },
  },
  {
    name: "POST fulfillment-item of a bundle (its components allocated)",
    async setup(t) {
      const w = await orderWorld(t);
      const [mug, cap] = [w.variants[0]!, w.variants[1]!];
      for (const variant of [mug, cap]) {
        await make(t, "adjustments", { variantId: variant.id, warehouseId: w.warehouse.id, quantity: 5 });
      }
      const kit = await make(t, "variants", { sku: "KIT-1", name: "KIT-1", price: 39 });
      await make(t, "bundle-variants", { variantId: kit.id, componentVariantId: mug.id, quantity: 2 });
      await make(t, "bundle-variants", { variantId: kit.id, componentVariantId: cap.id, quantity: 1 });
      const line = await make(t, "sale-items", {
        saleId: w.sale.id,
        variantId: kit.id,
        sku: "KIT-1",
        quantity: 2,
        price: 39,
      });
      const fulfillment = await make(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
      return (api) =>
        api.json("POST", "/fulfillment-items.json", {
          fulfillmentId: fulfillment.id,
          saleItemId: line.id,
          variantId: kit.id,
          sku: "KIT-1",
          quantity: 2,
        });
    },
  },
  {
    name: "PUT bundle-variant quantity (no line of its bundle holds stock)",
    async setup(t) {
      const w = await orderWorld(t);
      const kit = await make(t, "variants", { sku: "KIT-1", name: "KIT-1", price: 39 });
      const part = await make(t, "bundle-variants", {
        variantId: kit.id,
        componentVariantId: w.variants[0]!.id,
        quantity: 2,
      });
      return (api) => api.json("PUT", `/bundle-variants/${part.id}.json`, { quantity: 3 });
    },
  },
  {
    name: "DELETE fulfillment (its allocation released)",
    async setup(t) {
      const w = await orderWorld(t);
      const fulfillment = await make(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
      await make(t, "fulfillment-items", {
        fulfillmentId: fulfillment.id,
        saleItemId: (await warehouseLine(t, w)).id,
        variantId: w.variants[0]!.id,
        sku: "MUG-1",
        quantity: 2,
      });
      return (api) => api.json("DELETE", `/fulfillments/${fulfillment.id}.json`);
    },
  },
  {
    name: "POST goods-receipt-item (units on hand)",
    async setup(t) {
      const w = await orderWorld(t);
      const purchase = await make(t, "purchases", { warehouseId: w.warehouse.id });
      const item = await make(t, "purchase-items", {
        purchaseId: purchase.id,
        variantId: w.variants[1]!.id,
        sku: "CAP-1",
        quantity: 4,
        price: 2,
      });
      const receipt = await make(t, "goods-receipts", { purchaseId: purchase.id });
      return (api) =>
        api.json("POST", "/goods-receipt-items.json", {
          goodsReceiptId: receipt.id,
          purchaseItemId: item.id,
          quantity: 3,
        });
    },
  },
  {
    name: "PUT purchase-invoice purchaseId (to another purchase of its provider and currency)",
    async setup(t) {
      const w = await orderWorld(t);
      const invoice = await make(t, "purchase-invoices", { purchaseId: w.purchase.id, amount: 12 });
      const other = await make(t, "purchases", { dropshipProviderId: w.provider.id });
      return (api) => api.json("PUT", `/purchase-invoices/${invoice.id}.json`, { purchaseId: other.id });
    },
  },
  {
    name: "DELETE purchase (refused while it is locked)",
    async setup(t) {
      const w = await orderWorld(t);
      const purchase = await make(t, "purchases", { dropshipProviderId: w.provider.id });
      return (api) => api.json("DELETE", `/purchases/${purchase.id}.json`);
    },
  },
  {
    name: "PUT purchase currency (its invoices and payments)",
    async setup(t) {
      const w = await orderWorld(t);
      return (api) => api.json("PUT", `/purchases/${w.purchase.id}.json`, { currency: "EUR" });
    },
  },
  {
    name: "POST option-value (its product's options)",
    async setup(t) {
      const product = await make(t, "products", { name: "Tee", optionNames: ["Size", "Colour"] });
      const variant = await make(t, "variants", { sku: "TEE-S", productId: product.id });
      return (api) =>
        api.json("POST", "/option-values.json", { variantId: variant.id, name: "Size", value: "S" });
    },
  },
  {
    name: "PUT product optionNames (the options its values name)",
    async setup(t) {
      const product = await make(t, "products", { name: "Tee", optionNames: ["Size", "Colour"] });
      const variant = await make(t, "variants", { sku: "TEE-S", productId: product.id });
      await make(t, "option-values", { variantId: variant.id, name: "Size", value: "S" });
      return (api) => api.json("PUT", `/products/${product.id}.json`, { optionNames: ["Size"] });
    },
  },
  {
    name: "PUT variant productId (the options its values name)",
    async setup(t) {
      const tee = await make(t, "products", { name: "Tee", optionNames: ["Size"] });
      const shirt = await make(t, "products", { name: "Shirt", optionNames: ["Size", "Fit"] });
      const variant = await make(t, "variants", { sku: "TEE-S", productId: tee.id });
      await make(t, "option-values", { variantId: variant.id, name: "Size", value: "S" });
      return (api) => api.json("PUT", `/variants/${variant.id}.json`, { productId: shirt.id });
    },
  },
  {
    name: "POST custom-field-variant (its field's options and kind)",
    async setup(t) {
      const variant = await make(t, "variants", { sku: "MUG-1" });
      const color = await make(t, "custom-fields", {
        name: "color",
        fieldType: "options",
        options: ["red", "blue"],
        resource: "variant",
      });
      return (api) =>
        api.json("POST", "/custom-field-variants.json", {
          customFieldId: color.id,
          variantId: variant.id,
          value: "red",
        });
    },
  },
  {
    name: "PUT sale finalized (a draft's lines routed: one from its own stock, one to its provider)",
    async setup(t) {
      const sale = await draftSale(t);
      return (api) => api.json("PUT", `/sales/${sale.id}.json`, { finalized: true });
    },
  },
  {
    name: "channel.manual-sale (a draft's order sent again finalized: its lines routed)",
    async setup(t) {
      const sale = await draftSale(t);
      return (api) =>
        api.json("POST", `/channels/${sale.channelId}/manual-sale.json`, {
          ...draftOrder,
          saleDefaults: { finalized: true },
        });
    },
  },
];

/**
 * Writing actions again, in a world where they read records the plain call's world has none of (what
 * another record holds of the lines they take).
 */
const BESIDE: Case[] = [
  {
    name: "purchase.return-label (beside a return of its sale line naming no purchase line)",
    async setup(t) {
      const w = await orderWorld(t);
      await call(t, "PUT", `/purchases/${w.purchase.id}/send.json`, {});
      await call(t, "POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX-1" });
      const saleReturn = await make(t, "sale-returns", { saleId: w.sale.id });
      await make(t, "sale-return-items", {
        saleReturnId: saleReturn.id,
        saleItemId: w.saleItems[0]!.id,
        quantity: 1,
      });
      return (api) =>
        api.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
          items: [{ purchaseItemId: w.items[0]!.id, quantity: 2 }],
        });
    },
  },
  {
    name: "sale-return.receive (a line of no purchase line, beside a return-label return of its sale line)",
    async setup(t) {
      // The mug line: two units dropshipped, one shipped from the warehouse.
      const w = await orderWorld(t);
      const mug = w.saleItems[0]!;
      await call(t, "PUT", `/purchase-items/${w.items[0]!.id}.json`, { quantity: 2 });
      await call(t, "PUT", `/purchases/${w.purchase.id}/send.json`, {});
      await call(t, "POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX-1" });
      await make(t, "adjustments", {
        variantId: w.variants[0]!.id,
        warehouseId: w.warehouse.id,
        quantity: 5,
      });
      const fulfillment = await make(t, "fulfillments", { saleId: w.sale.id, warehouseId: w.warehouse.id });
      await make(t, "fulfillment-items", {
        fulfillmentId: fulfillment.id,
        saleItemId: mug.id,
        variantId: w.variants[0]!.id,
        sku: "MUG-1",
        quantity: 1,
      });
      await call(t, "POST", `/fulfillments/${fulfillment.id}/ship.json`, {});
      // One dropshipped mug on its way back to the provider; one mug, either, on a return of its own.
      await call(t, "POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items[0]!.id, quantity: 1 }],
      });
      const saleReturn = await make(t, "sale-returns", { saleId: w.sale.id });
      await make(t, "sale-return-items", { saleReturnId: saleReturn.id, saleItemId: mug.id, quantity: 1 });
      return (api) => api.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {});
    },
  },
  {
    name: "channel.manual-sale (an order imported again with a new price, beside an open return of its line)",
    async setup(t) {
      const w = await orderWorld(t);
      await call(t, "PUT", `/purchases/${w.purchase.id}/send.json`, {});
      await call(t, "POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX-1" });
      const saleReturn = await make(t, "sale-returns", { saleId: w.sale.id });
      for (const saleItem of w.saleItems) {
        await make(t, "sale-return-items", {
          saleReturnId: saleReturn.id,
          saleItemId: saleItem.id,
          quantity: 1,
        });
      }
      return (api) =>
        api.json("POST", `/channels/${w.sale.channelId}/manual-sale.json`, {
          externalId: w.sale.externalId,
          customer: { email: "dana@example.com" },
          shippingAddress: { lineOne: "12 Harbour Road", city: "Portland", country: "US" },
          items: [{ sku: "MUG-1", quantity: 3, price: 25 }],
        });
    },
  },
];

const writingActions: Case[] = actions
  .filter(({ action }) => operationWrites(action.method, action))
  .map(({ kind, action }) =>
    actionCase(`${kind.name}.${action.name}` as ActionKey, action.method, actionPath(kind, action)),
  );

// ---------------------------------------------------------------------------------- running

const db = switchable();
const app = createApp({ db, tokenCacheMs: 0 });

/** Removes a database file and its journal files. */
function remove(file: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * A copy of the world's database file, opened; closing it removes the copy. A check makes hundreds of
 * copies, and the whole run thousands: kept, they filled a small disk.
 */
async function copyOf(world: string): Promise<Db> {
  const file = join(dir, `run-${++files}.db`);
  copyFileSync(world, file);
  const copy = await openDb(`file:${file}`);
  return {
    ...copy,
    close: () => {
      copy.close();
      remove(file);
    },
  };
}

beforeAll(() => {
  // One clock for every run: what the writes stamp is the same whichever order they ran in.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T12:00:00.000Z") });
});
afterAll(() => vi.useRealTimers());

async function check(write: Case) {
  // The world, made once in a database of its own.
  const worldFile = join(dir, `world-${++files}.db`);
  copyFileSync(inject("templateDb"), worldFile);
  const worldDb = await openDb(`file:${worldFile}`);
  db.use(worldDb);
  const { token, companyId } = await createToken({ db: worldDb, input: { company: `holds-${files}` } });
  const api = apiOf((path, init) => app.request(path, init), token);
  const run = await write.setup(api);
  const snapshot = join(dir, `snapshot-${files}.db`);
  await worldDb.execute({ sql: "VACUUM INTO ?", args: [snapshot] });
  onTestFinished(() => remove(snapshot));
  worldDb.close();
  remove(worldFile);

  // The call alone: what it reads.
  let read: ReadRows[] = [];
  const alone = await copyOf(snapshot);
  db.use(
    interleaved(alone, async (_, rows) => {
      read = rows;
    }),
  );
  const plain = await run(api);
  expect(plain.status, `${write.name}: ${JSON.stringify(plain.body)}`).toBeLessThan(300);
  alone.close();
  expect(read.length, `${write.name} read no record`).toBeGreaterThan(0);

  let checked = 0;
  for (const { table, ids } of read) {
    for (const id of ids) {
      for (const only of ["values"] as const) {
        const outcome = async (order: "between" | "before") => {
          const copy = await copyOf(snapshot);
          const change = await changeOf(copy, table, id, only);
          if (!change) return undefined;
          if (order === "before") await copy.execute(change);
          db.use(
            order === "between"
              ? interleaved(copy, async (session) => {
                  await session.apply([change]);
                })
              : copy,
          );
          const answer = await run(api);
          const state = await stateOf(copy, companyId);
          copy.close();
          return { status: answer.status, state };
        };
        const between = await outcome("between");
        if (!between) continue;
        const label = `${write.name}: ${table.name} ${id} changed (${only}) between its read and its batch`;
        expect(between.status, label).toBeLessThan(500);
        // The change committed before the call's batch: the call must be as if made after it.
        const before = await outcome("before");
        expect(between.status, `${label}: its answer`).toBe(before!.status);
        expect(JSON.parse(between.state), `${label}: not as if the call came after the change`).toEqual(
          JSON.parse(before!.state),
        );
        checked += 1;
      }
    }
  }
  expect(checked).toBeGreaterThan(0);
}

describe("every planner holds what it read", () => {
  it("covers every writing action of the manifest", () => {
    const writing = actions
      .filter(({ action }) => operationWrites(action.method, action))
      .map(({ kind, action }) => `${kind.name}.${action.name}`);
    expect(writingActions.map((one) => one.name).sort()).toEqual(writing.sort());
  });
  for (const write of [...writingActions, ...BESIDE, ...CRUD]) {
    it(write.name, () => check(write), 120_000);
  }
});
