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
 * What a line's movements read, for the purchase lines and receipts `lines` and `receipts` answer (SQL
 * lists, in parentheses): those purchase lines (held: their variant), the receipts' purchases (held:
 * their warehouse) and the variants' stock levels.
 */
function movementReads(lines: Sql, receipts: Sql) {
  return {
    items: many("purchase-item", sql`id IN ${lines}`, { hold: { fields: ["variantId"] } }),
    purchases: many(
      "purchase",
      sql`id IN ${fieldsOf("goods-receipt", "purchaseId", sql`id IN ${receipts}`)}`,
      {
        hold: { fields: ["warehouseId"] },
      },
    ),
    levels: levelsOf(fieldsOf("purchase-item", "variantId", sql`id IN ${lines}`)),
  };
}

type Movements = Snapshot<ReturnType<typeof movementReads>>;

type Moved = Pick<GoodsReceiptItem, (typeof MOVED)[number]>;

/**
 * What a line puts on hand: its units, of its purchase line's variant, at its warehouse, else its
 * purchase's; nothing when it moves no stock (skipped, no purchase line or variant, nowhere to go).
 */
function stockOf(
  moves: Movements,
  line: Moved,
  purchaseId: number | undefined,
): { variantId: number; warehouseId: number; quantity: number } | undefined {
  if (line.skipInventoryChange || !line.purchaseItemId || line.quantity === 0) return undefined;
  const item = moves.items.find((each) => each.id === line.purchaseItemId);
  if (!item?.variantId) return undefined;
  const purchase = moves.purchases.find((each) => each.id === purchaseId);
  const warehouseId = line.warehouseId ?? purchase?.warehouseId;
  return warehouseId ? { variantId: item.variantId, warehouseId, quantity: line.quantity } : undefined;
}

/** Plans the on-hand change a line records (`sign` 1), or takes it back (-1): `stockOf` the line. */
function move(
  plan: WritePlan,
  moves: Movements,
  line: Moved,
  purchaseId: number | undefined,
  sign: 1 | -1,
): void {
  const stock = stockOf(moves, line, purchaseId);
  if (stock) planOnHandMove(plan, moves.levels, { ...stock, quantity: sign * stock.quantity });
}

export const receiptRules: WriteRules = {
  "goods-receipt": {
    planDelete: deletes({
      reads: ({ id }) => ({
        lines: many("goods-receipt-item", { goodsReceiptId: id }, { hold: { fields: MOVED } }),
        ...movementReads(
          fieldsOf("goods-receipt-item", "purchaseItemId", { goodsReceiptId: id }),
          sql`(${id})`,
        ),
      }),
      plan({ current, read, plan }) {
        for (const line of read.lines) move(plan, read, line, current.purchaseId, -1);
      },
    }),
  },
  "goods-receipt-item": lineRule({
    line: "goods-receipt-item",
    parent: "goods-receipt",
    field: "goodsReceiptId",
    // The purchase lines, purchases and levels of the line as it is and as it will be.
    extra: ({ id, values }) =>
      movementReads(
        sql`(${values.purchaseItemId ?? null}, ${fieldOf("goods-receipt-item", id ?? null, "purchaseItemId")})`,
        sql`(${values.goodsReceiptId ?? null}, ${fieldOf("goods-receipt-item", id ?? null, "goodsReceiptId")})`,
      ),
    // A line that puts units on hand records where: the purchase's warehouse may change later, and
    // editing or deleting the line takes them back from where they went.
    complete({ values, current, parent, extra }) {
      const line: Moved = {
        purchaseItemId: latest(values.purchaseItemId, current?.purchaseItemId, null),
        warehouseId: latest(values.warehouseId, current?.warehouseId, null),
        quantity: latest(values.quantity, current?.quantity, 0),
        skipInventoryChange: latest(values.skipInventoryChange, current?.skipInventoryChange, false),
      };
      if (line.warehouseId !== null) return values;
      const stock = stockOf(extra, line, parent?.purchaseId);
      return stock ? { ...values, warehouseId: stock.warehouseId } : values;
    },
    effects({ plan, before, after, extra }) {
      if (before) move(plan, extra, before.line, before.parent?.purchaseId, -1);
      if (after) move(plan, extra, after.line, after.parent?.purchaseId, 1);
    },
  }),
};
