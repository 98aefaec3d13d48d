/** Goods receipts and their lines: a line adds its units on hand where they went. */
import type { GoodsReceiptItem } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { fieldOf, fieldsOf, many, type Snapshot } from "../reads.ts";
import { levelsOf, planOnHandMove } from "../stock.ts";
import type { WritePlan } from "../write-plan.ts";
import { lineRule } from "./lines.ts";
import { deletes, type WriteRules } from "./rule.ts";

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

/**
 * Plans the on-hand change a line records (`sign` 1), or takes it back (-1): its units, of its purchase
 * line's variant, where they went (the line's warehouse, else its purchase's).
 */
function move(
  plan: WritePlan,
  moves: Movements,
  line: Pick<GoodsReceiptItem, (typeof MOVED)[number]>,
  purchaseId: number | undefined,
  sign: 1 | -1,
): void {
  if (line.skipInventoryChange || !line.purchaseItemId || line.quantity === 0) return;
  const item = moves.items.find((each) => each.id === line.purchaseItemId);
  if (!item?.variantId) return;
  const purchase = moves.purchases.find((each) => each.id === purchaseId);
  const warehouseId = line.warehouseId ?? purchase?.warehouseId ?? null;
  if (!warehouseId) return;
  planOnHandMove(plan, moves.levels, {
    variantId: item.variantId,
    warehouseId,
    quantity: sign * line.quantity,
  });
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
    effects({ plan, before, after, extra }) {
      if (before) move(plan, extra, before.line, before.parent?.purchaseId, -1);
      if (after) move(plan, extra, after.line, after.parent?.purchaseId, 1);
    },
  }),
};
