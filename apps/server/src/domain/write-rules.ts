/**
 * What the generic CRUD verbs do beyond storing a record, for the kinds whose records feed the books:
 * each rule completes and checks a write before it happens, and brings the records that depend on it up
 * to date after, in the same transaction. Kinds without a rule are stored as sent.
 */
import type { Purchase } from "@multichannel/schema";
import { ApiError } from "../errors.ts";
import {
  checkLine,
  invoiceRemainder,
  lineCents,
  settlePurchase,
  settleSale,
  settleSaleReturn,
} from "./books.ts";
import type { Ctx } from "./context.ts";
import { checkAmount } from "./money.ts";
import { checkOutboundUrls } from "./outbound-urls.ts";
import { stateConflict } from "./states.ts";
import { allocate, applyAdjustment } from "./stock.ts";
import { type KindName, type RecordOf, selectOne, selectWhere, type ValuesOf } from "./store.ts";
import { checkEndpoint, dropSecrets, prepareSecret, storeSecret } from "./webhook-endpoints.ts";

export interface WriteRule<N extends KindName> {
  /**
   * Completes and checks the values of a create (`current` undefined) or an update before they are
   * written; answers the values to write. `input` is the body as sent (read-only fields included).
   */
  prepare?(args: {
    ctx: Ctx;
    values: ValuesOf<N>;
    current?: RecordOf<N>;
    input: Record<string, unknown>;
  }): Promise<ValuesOf<N>>;
  /**
   * Whether the rule performs a derived value an update requests (`FieldDef.derived`), in `after`:
   * else a value other than the record's is a 409.
   */
  performs?(field: string, value: unknown, current: RecordOf<N>): boolean;
  /** After a create or update: brings what depends on the record up to date; may answer it anew. */
  after?(args: {
    ctx: Ctx;
    before?: RecordOf<N>;
    record: RecordOf<N>;
    input: Record<string, unknown>;
  }): Promise<RecordOf<N> | undefined>;
  /** Before a delete: refuses to delete history (409), or undoes what the record held (allocation). */
  beforeDelete?(args: { ctx: Ctx; record: RecordOf<N> }): Promise<void>;
  /** After a delete: brings what depended on the record up to date. */
  afterDelete?(args: { ctx: Ctx; record: RecordOf<N> }): Promise<void>;
}

type WriteRules = { [N in KindName]?: WriteRule<N> };

const history = (what: string, fix: string) =>
  new ApiError("conflict", `${what}: it is part of the books. ${fix}`, { rule: "history is kept" });

/** Runs `settle` for the parent of a record before and after a write that may have moved it. */
async function settleBoth(
  before: number | null | undefined,
  after: number | null | undefined,
  settle: (id: number | null | undefined) => Promise<unknown>,
): Promise<void> {
  if (before && before !== after) await settle(before);
  await settle(after);
}

/** A line's value of `field`: as written now, else as it was. */
const latest = <T>(sent: T | undefined, current: T | undefined, fallback: T): T =>
  sent !== undefined ? sent : current !== undefined ? current : fallback;

async function pendingFulfillment(ctx: Ctx, fulfillmentId: number) {
  const fulfillment = (await selectOne(ctx, "fulfillment", { id: fulfillmentId }))!;
  if (fulfillment.status !== "pending") {
    throw stateConflict(
      "fulfillment",
      fulfillment,
      `Fulfillment ${fulfillment.id} is ${fulfillment.status}: its lines can no longer change.`,
    );
  }
  return fulfillment;
}

async function pendingDropshipment(ctx: Ctx, dropshipmentId: number) {
  const dropshipment = (await selectOne(ctx, "dropshipment", { id: dropshipmentId }))!;
  if (dropshipment.status !== "pending") {
    throw stateConflict(
      "dropshipment",
      dropshipment,
      `Dropshipment ${dropshipment.id} is ${dropshipment.status}: its lines can no longer change.`,
    );
  }
}

async function openSaleReturn(ctx: Ctx, saleReturnId: number) {
  const saleReturn = (await selectOne(ctx, "sale-return", { id: saleReturnId }))!;
  if (saleReturn.status === "received" || saleReturn.status === "cancelled") {
    throw stateConflict(
      "sale-return",
      saleReturn,
      `Sale return ${saleReturn.id} is ${saleReturn.status}: its lines can no longer change.`,
    );
  }
  return saleReturn;
}

/** Where a fulfillment line's units are allocated: its own warehouse, else its fulfillment's. */
async function allocationOf(
  ctx: Ctx,
  line: { fulfillmentId: number; variantId: number | null; warehouseId: number | null; quantity: number },
) {
  if (!line.variantId) return undefined;
  const fulfillment = await selectOne(ctx, "fulfillment", { id: line.fulfillmentId });
  const warehouseId = line.warehouseId ?? fulfillment?.warehouseId ?? null;
  return warehouseId ? { variantId: line.variantId, warehouseId, quantity: line.quantity } : undefined;
}

/** The on-hand change a goods receipt line records: its units, of its purchase line's variant, where they went. */
async function receiptMovement(
  ctx: Ctx,
  line: {
    goodsReceiptId: number;
    purchaseItemId: number | null;
    warehouseId: number | null;
    quantity: number;
    skipInventoryChange: boolean;
  },
) {
  if (line.skipInventoryChange || !line.purchaseItemId || line.quantity === 0) return undefined;
  const item = await selectOne(ctx, "purchase-item", { id: line.purchaseItemId });
  if (!item?.variantId) return undefined;
  const receipt = await selectOne(ctx, "goods-receipt", { id: line.goodsReceiptId });
  const purchase = receipt ? await selectOne(ctx, "purchase", { id: receipt.purchaseId }) : undefined;
  const warehouseId = line.warehouseId ?? purchase?.warehouseId ?? null;
  return warehouseId ? { variantId: item.variantId, warehouseId, quantity: line.quantity } : undefined;
}

async function applyReceipt(ctx: Ctx, line: Parameters<typeof receiptMovement>[1], sign: 1 | -1) {
  const movement = await receiptMovement(ctx, line);
  if (movement) await applyAdjustment(ctx, { ...movement, quantity: sign * movement.quantity });
}

export const writeRules: WriteRules = {
  sale: {
    after: ({ ctx, record }) => settleSale(ctx, record.id),
  },
  "sale-item": {
    async prepare({ values, current }) {
      const quantity = latest(values.quantity, current?.quantity, 0);
      const price = latest(values.price, current?.price, 0);
      checkLine("sale-item", {
        id: current?.id,
        quantity,
        done: current?.quantityFulfilled ?? 0,
        cancelled: current?.quantityCancelled ?? 0,
        returned: current?.quantityReturned ?? 0,
      });
      if (current && values.saleId !== undefined && values.saleId !== current.saleId && hasHistory(current)) {
        throw history(
          `Sale item ${current.id} has been fulfilled, cancelled or returned`,
          "It stays on its sale.",
        );
      }
      return { ...values, total: checkAmount("sale-item", "total", lineCents(quantity, price)) };
    },
    async after({ ctx, before, record }) {
      await settleBoth(before?.saleId, record.saleId, (id) => settleSale(ctx, id));
      return undefined;
    },
    async beforeDelete({ record }) {
      if (hasHistory(record)) {
        throw history(
          `Sale item ${record.id} has been fulfilled, cancelled or returned`,
          "Cancel what is left instead.",
        );
      }
    },
    async afterDelete({ ctx, record }) {
      await settleSale(ctx, record.saleId);
    },
  },
  purchase: {
    // A write of `invoiced` records an invoice for what is not invoiced yet (`after`).
    performs: (field, value) => field === "invoiceStatus" && value === "invoiced",
    async after({ ctx, before, record, input }) {
      const settled = (await settlePurchase(ctx, record.id)) as Purchase;
      const asked = before && input.invoiceStatus === "invoiced" && before.invoiceStatus !== "invoiced";
      return asked ? invoiceRemainder(ctx, settled) : settled;
    },
  },
  "purchase-item": {
    async prepare({ values, current }) {
      const quantity = latest(values.quantity, current?.quantity, 0);
      const price = latest(values.price, current?.price, 0);
      checkLine("purchase-item", {
        id: current?.id,
        quantity,
        done: current?.quantityShipped ?? 0,
        cancelled: current?.quantityCancelled ?? 0,
        returned: current?.quantityReturned ?? 0,
      });
      if (
        current &&
        values.purchaseId !== undefined &&
        values.purchaseId !== current.purchaseId &&
        current.quantityShipped + current.quantityCancelled + current.quantityReturned > 0
      ) {
        throw history(
          `Purchase item ${current.id} has shipped or been cancelled`,
          "It stays on its purchase.",
        );
      }
      return { ...values, total: checkAmount("purchase-item", "total", lineCents(quantity, price)) };
    },
    async after({ ctx, before, record }) {
      await settleBoth(before?.purchaseId, record.purchaseId, (id) => settlePurchase(ctx, id));
      return selectOne(ctx, "purchase-item", { id: record.id });
    },
    async beforeDelete({ record }) {
      if (record.quantityShipped + record.quantityCancelled + record.quantityReturned > 0) {
        throw history(
          `Purchase item ${record.id} has shipped or been cancelled`,
          "Cancel what is left instead.",
        );
      }
    },
    async afterDelete({ ctx, record }) {
      await settlePurchase(ctx, record.purchaseId);
    },
  },
  "purchase-invoice": {
    async after({ ctx, before, record }) {
      await settleBoth(before?.purchaseId, record.purchaseId, (id) => settlePurchase(ctx, id));
      return undefined;
    },
    async afterDelete({ ctx, record }) {
      await settlePurchase(ctx, record.purchaseId);
    },
  },
  "purchase-invoice-payment": {
    async after({ ctx, before, record }) {
      await settleBoth(before?.purchaseId, record.purchaseId, (id) => settlePurchase(ctx, id));
      return undefined;
    },
    async afterDelete({ ctx, record }) {
      await settlePurchase(ctx, record.purchaseId);
    },
  },
  "sale-return": {
    async beforeDelete({ record }) {
      if (record.status === "received") {
        throw history(`Sale return ${record.id} was received`, "Its goods are back on the books.");
      }
    },
  },
  "sale-return-item": {
    async prepare({ ctx, values, current }) {
      const saleReturnId = latest(values.saleReturnId, current?.saleReturnId, 0);
      await openSaleReturn(ctx, saleReturnId);
      if (current && current.saleReturnId !== saleReturnId) await openSaleReturn(ctx, current.saleReturnId);
      if (current || values.amount !== undefined || !values.saleItemId) return values;
      const saleItem = await selectOne(ctx, "sale-item", { id: values.saleItemId });
      const quantity = values.quantity ?? 0;
      return {
        ...values,
        amount: checkAmount("sale-return-item", "amount", lineCents(quantity, saleItem?.price ?? 0)),
      };
    },
    async after({ ctx, before, record }) {
      await settleBoth(before?.saleReturnId, record.saleReturnId, (id) => settleSaleReturn(ctx, id));
      return undefined;
    },
    async beforeDelete({ ctx, record }) {
      await openSaleReturn(ctx, record.saleReturnId);
    },
    async afterDelete({ ctx, record }) {
      await settleSaleReturn(ctx, record.saleReturnId);
    },
  },
  adjustment: {
    async prepare({ ctx, values, current }) {
      if (!current) {
        const levels = await applyAdjustment(ctx, {
          variantId: values.variantId!,
          warehouseId: values.warehouseId!,
          quantity: values.quantity!,
        });
        return { ...values, ...levels };
      }
      const moved = (["quantity", "variantId", "warehouseId"] as const).filter(
        (field) => values[field] !== undefined && values[field] !== current[field],
      );
      if (moved.length) {
        throw history(
          `Adjustment ${current.id} has been applied (its ${moved.join(", ")} cannot change)`,
          "Record another adjustment to correct it.",
        );
      }
      return values;
    },
    async beforeDelete({ record }) {
      throw history(`Adjustment ${record.id} has been applied`, "Record another adjustment to undo it.");
    },
  },
  "inventory-level": {
    async beforeDelete({ record }) {
      if (record.onHand !== 0 || record.allocated !== 0) {
        throw history(
          `Inventory level ${record.id} holds stock (${record.onHand} on hand, ${record.allocated} allocated)`,
          "Adjust it to zero and ship or move its fulfillments first.",
        );
      }
    },
  },
  fulfillment: {
    async prepare({ ctx, values, current }) {
      // Its lines' stock is allocated at its warehouse: moving the warehouse would strand it.
      if (current && values.warehouseId !== undefined && values.warehouseId !== current.warehouseId) {
        const lines = await selectWhere(ctx, "fulfillment-item", { fulfillmentId: current.id });
        if (lines.length) {
          throw stateConflict(
            "fulfillment",
            current,
            `Fulfillment ${current.id} has lines allocated at warehouse ${current.warehouseId}: move it to dropship or delete its lines first.`,
          );
        }
      }
      return values;
    },
    async beforeDelete({ ctx, record }) {
      if (record.status === "shipped") {
        throw history(`Fulfillment ${record.id} has shipped`, "Its stock has left the warehouse.");
      }
      if (record.status !== "pending" && record.status !== "finalized") return;
      for (const item of await selectWhere(ctx, "fulfillment-item", { fulfillmentId: record.id })) {
        const held = await allocationOf(ctx, item);
        if (held && !item.skipInventoryChange) await allocate(ctx, { ...held, quantity: -held.quantity });
      }
    },
  },
  "fulfillment-item": {
    async prepare({ ctx, values, current }) {
      const fulfillmentId = latest(values.fulfillmentId, current?.fulfillmentId, 0);
      await pendingFulfillment(ctx, fulfillmentId);
      if (current) {
        if (current.fulfillmentId !== fulfillmentId) await pendingFulfillment(ctx, current.fulfillmentId);
        const held = await allocationOf(ctx, current);
        if (held && !current.skipInventoryChange) await allocate(ctx, { ...held, quantity: -held.quantity });
      }
      const next = await allocationOf(ctx, {
        fulfillmentId,
        variantId: latest(values.variantId, current?.variantId, null),
        warehouseId: latest(values.warehouseId, current?.warehouseId, null),
        quantity: latest(values.quantity, current?.quantity, 0),
      });
      if (next && !latest(values.skipInventoryChange, current?.skipInventoryChange, false))
        await allocate(ctx, next);
      return values;
    },
    async beforeDelete({ ctx, record }) {
      await pendingFulfillment(ctx, record.fulfillmentId);
      const held = await allocationOf(ctx, record);
      if (held && !record.skipInventoryChange) await allocate(ctx, { ...held, quantity: -held.quantity });
    },
  },
  "goods-receipt": {
    async beforeDelete({ ctx, record }) {
      for (const line of await selectWhere(ctx, "goods-receipt-item", { goodsReceiptId: record.id })) {
        await applyReceipt(ctx, line, -1);
      }
    },
  },
  "goods-receipt-item": {
    async prepare({ ctx, values, current }) {
      if (current) await applyReceipt(ctx, current, -1);
      await applyReceipt(
        ctx,
        {
          goodsReceiptId: latest(values.goodsReceiptId, current?.goodsReceiptId, 0),
          purchaseItemId: latest(values.purchaseItemId, current?.purchaseItemId, null),
          warehouseId: latest(values.warehouseId, current?.warehouseId, null),
          quantity: latest(values.quantity, current?.quantity, 0),
          skipInventoryChange: latest(values.skipInventoryChange, current?.skipInventoryChange, false),
        },
        1,
      );
      return values;
    },
    async beforeDelete({ ctx, record }) {
      await applyReceipt(ctx, record, -1);
    },
  },
  dropshipment: {
    async beforeDelete({ record }) {
      if (record.status === "shipped") {
        throw history(`Dropshipment ${record.id} has shipped`, "Its lines count as shipped on the purchase.");
      }
    },
  },
  "dropshipment-item": {
    async prepare({ ctx, values, current }) {
      await pendingDropshipment(ctx, latest(values.dropshipmentId, current?.dropshipmentId, 0));
      if (current) await pendingDropshipment(ctx, current.dropshipmentId);
      return values;
    },
    async beforeDelete({ ctx, record }) {
      await pendingDropshipment(ctx, record.dropshipmentId);
    },
  },
  "dropship-provider": {
    async prepare({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["purchaseEndpoint"]);
      return values;
    },
  },
  "custom-channel": {
    async prepare({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["inventoryEndpoint"]);
      return values;
    },
  },
  "inventory-export": {
    async prepare({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["webhookUrl"]);
      return values;
    },
  },
  "webhook-endpoint": {
    async prepare({ ctx, values, current, input }) {
      await checkEndpoint(ctx, values);
      if (!current) return { ...values, secretHint: prepareSecret(input) };
      // Enabling an endpoint again starts its failure count afresh.
      if (values.enabled && !current.enabled) return { ...values, disabledReason: null, failingSince: null };
      return values;
    },
    async after({ ctx, before, record, input }) {
      return before ? undefined : ((await storeSecret(ctx, record, input)) as never);
    },
    async afterDelete({ ctx, record }) {
      await dropSecrets(ctx, record.id);
    },
  },
};

function hasHistory(item: RecordOf<"sale-item">): boolean {
  return item.quantityFulfilled + item.quantityCancelled + item.quantityReturned > 0;
}

/** The rule of a kind, typed loosely for the generic CRUD verbs. */
export function writeRuleOf(kindName: string): WriteRule<KindName> | undefined {
  return (writeRules as Record<string, WriteRule<KindName> | undefined>)[kindName];
}
