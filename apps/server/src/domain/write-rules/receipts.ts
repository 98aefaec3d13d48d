/** Goods receipts and their lines: a line adds its units on hand where they went. */
import type { GoodsReceiptItem } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { fieldOf, fieldsOf, many, type Snapshot } from "../reads.ts";
import { levelsOf, planOnHandMove } from "../stock.ts";
import type { WritePlan } from "../write-plan.ts";
import { lineRule } from "./lines.ts";
import { deletes, latest, type WriteRules } from "./rule.ts";

/** What of a line its movement follows. */
const MOVED = ["purchaseItemId", "warehouseId", "quantity", "skipInventoryChange"] as const;

/**
 * What a line's movements read, for the purchase lines `lines` answers (an SQL list, in parentheses):
 * those purchase lines (held: their variant) and the variants' stock levels.
 */
function movementReads(lines: Sql) {
  return {
    items: many("purchase-item", sql`id IN ${lines}`, { hold: { fields: ["variantId"] } }),
    levels: levelsOf(fieldsOf("purchase-item", "variantId", sql`id IN ${lines}`)),
  };
}

type Movements = Snapshot<ReturnType<typeof movementReads>>;

type Moved = Pick<GoodsReceiptItem, (typeof MOVED)[number]>;

/**
 * What a line puts on hand: its units, of its purchase line's variant, at the warehouse it records;
 * nothing when it moves no stock (skipped, no purchase line or variant, no warehouse).
 *
 * Only the line's own `warehouseId` counts, never its purchase's: every line that moved stock records
 * where (`complete`, on each write; migration 0039 for the lines stored before), so a line that records
 * none moved none, and taking it back moves none, whatever warehouse the purchase names since. The
 * recorded warehouse is the one fact an undo reads; a marker telling those older lines apart would be a
 * second fact to keep in step with it.
 */
function stockOf(
  moves: Movements,
  line: Moved,
): { variantId: number; warehouseId: number; quantity: number } | undefined {
  if (line.skipInventoryChange || !line.purchaseItemId || line.quantity === 0 || !line.warehouseId) {
    return undefined;
  }
  const item = moves.items.find((each) => each.id === line.purchaseItemId);
  if (!item?.variantId) return undefined;
  return { variantId: item.variantId, warehouseId: line.warehouseId, quantity: line.quantity };
}

/** Plans the on-hand change a line records (`sign` 1), or takes it back (-1): `stockOf` the line. */
function move(plan: WritePlan, moves: Movements, line: Moved, sign: 1 | -1): void {
  const stock = stockOf(moves, line);
  if (stock) planOnHandMove(plan, moves.levels, { ...stock, quantity: sign * stock.quantity });
}

export const receiptRules: WriteRules = {
  "goods-receipt": {
    planDelete: deletes({
      reads: ({ id }) => ({
        lines: many("goods-receipt-item", { goodsReceiptId: id }, { hold: { fields: MOVED } }),
        ...movementReads(fieldsOf("goods-receipt-item", "purchaseItemId", { goodsReceiptId: id })),
      }),
      plan({ read, plan }) {
        for (const line of read.lines) move(plan, read, line, -1);
      },
    }),
  },
  "goods-receipt-item": lineRule({
    line: "goods-receipt-item",
    parent: "goods-receipt",
    field: "goodsReceiptId",
    // The purchase lines, levels and purchases of the line as it is and as it will be (held: the
    // purchases' warehouse, where a line written without one puts its units).
    extra: ({ id, values }) => ({
      ...movementReads(
        sql`(${values.purchaseItemId ?? null}, ${fieldOf("goods-receipt-item", id ?? null, "purchaseItemId")})`,
      ),
      purchases: many(
        "purchase",
        sql`id IN ${fieldsOf(
          "goods-receipt",
          "purchaseId",
          sql`id IN (${values.goodsReceiptId ?? null}, ${fieldOf("goods-receipt-item", id ?? null, "goodsReceiptId")})`,
        )}`,
        { hold: { fields: ["warehouseId"] } },
      ),
    }),
    // A line that puts units on hand records where: the purchase's warehouse may change later, and
    // editing or deleting the line takes them back from where they went (`stockOf`).
    complete({ values, current, parent, extra }) {
      const line: Moved = {
        purchaseItemId: latest(values.purchaseItemId, current?.purchaseItemId, null),
        warehouseId: latest(values.warehouseId, current?.warehouseId, null),
        quantity: latest(values.quantity, current?.quantity, 0),
        skipInventoryChange: latest(values.skipInventoryChange, current?.skipInventoryChange, false),
      };
      if (line.warehouseId !== null) return values;
      const purchase = extra.purchases.find((each) => each.id === parent?.purchaseId);
      const warehouseId = purchase?.warehouseId ?? null;
      return stockOf(extra, { ...line, warehouseId }) ? { ...values, warehouseId } : values;
    },
    effects({ plan, before, after, extra }) {
      if (before) move(plan, extra, before.line, -1);
      if (after) move(plan, extra, after.line, 1);
    },
  }),
};
