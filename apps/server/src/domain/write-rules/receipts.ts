/** Goods receipts and their lines: a line adds its units on hand where they went. */
import type { InStatement, InValue, ResultSet } from "@libsql/client";
import type { GoodsReceiptItem, InventoryLevel, Purchase, PurchaseItem } from "@multichannel/schema";
import { levelsOfVariants, planOnHandMove } from "../stock.ts";
import { recordsOf, selectMatching, selectStatement } from "../store.ts";
import type { WritePlan } from "../write-plan.ts";
import { lineRule } from "./lines.ts";
import type { WriteRules } from "./rule.ts";

/** What of a line its movement follows. */
const MOVED = ["purchaseItemId", "warehouseId", "quantity", "skipInventoryChange"] as const;

/**
 * The reads a line's movements need, for the purchase lines and receipts `lines` and `receipts` answer
 * (SQL lists): those purchase lines, the receipts' purchases and the variants' stock levels.
 */
function movementReads(
  companyId: number,
  lines: { sql: string; args: InValue[] },
  receipts: { sql: string; args: InValue[] },
): InStatement[] {
  return [
    selectMatching(companyId, "purchase-item", `id IN (${lines.sql})`, lines.args),
    selectMatching(
      companyId,
      "purchase",
      `id IN (SELECT purchase_id FROM goods_receipts WHERE company_id = ? AND id IN (${receipts.sql}))`,
      [companyId, ...receipts.args],
    ),
    levelsOfVariants(companyId, {
      sql: `SELECT variant_id FROM purchase_items WHERE company_id = ? AND id IN (${lines.sql})`,
      args: [companyId, ...lines.args],
    }),
  ];
}

interface Movements {
  items: PurchaseItem[];
  purchases: Purchase[];
  levels: InventoryLevel[];
}

/** What `movementReads` answered, with the guards that what a movement follows still holds. */
function movementsOf(plan: WritePlan, read: ResultSet[]): Movements {
  const items = recordsOf("purchase-item", read[0]!);
  const purchases = recordsOf("purchase", read[1]!);
  plan.unchangedFields("purchase-item", items, ["variantId"]);
  plan.unchangedFields("purchase", purchases, ["warehouseId"]);
  return { items, purchases, levels: recordsOf("inventory-level", read[2]!) };
}

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
    planDelete: {
      read: ({ companyId, id }) => [
        selectStatement(companyId, "goods-receipt-item", { goodsReceiptId: id }),
        ...movementReads(
          companyId,
          {
            sql: "SELECT purchase_item_id FROM goods_receipt_items WHERE company_id = ? AND goods_receipt_id = ?",
            args: [companyId, id],
          },
          { sql: "?", args: [id] },
        ),
      ],
      plan({ current, read, plan }) {
        const lines = recordsOf("goods-receipt-item", read[0]!);
        plan.sameCount("goods-receipt-item", { goodsReceiptId: current.id }, lines.length);
        plan.unchangedFields("goods-receipt-item", lines, MOVED);
        const moves = movementsOf(plan, read.slice(1));
        for (const line of lines) move(plan, moves, line, current.purchaseId, -1);
      },
    },
  },
  "goods-receipt-item": lineRule({
    line: "goods-receipt-item",
    parent: "goods-receipt",
    field: "goodsReceiptId",
    // The purchase lines, purchases and levels of the line as it is and as it will be.
    extra: (companyId, { id, values }) => {
      const own = (field: string) => ({
        sql: `?, (SELECT ${field} FROM goods_receipt_items WHERE id = ? AND company_id = ?)`,
        args: [null, id ?? null, companyId] as InValue[],
      });
      const lines = own("purchase_item_id");
      lines.args[0] = values.purchaseItemId ?? null;
      const receipts = own("goods_receipt_id");
      receipts.args[0] = values.goodsReceiptId ?? null;
      return movementReads(companyId, lines, receipts);
    },
    effects({ plan, before, after, extra }) {
      const moves = movementsOf(plan, extra);
      if (before) move(plan, moves, before.line, before.parent?.purchaseId, -1);
      if (after) move(plan, moves, after.line, after.parent?.purchaseId, 1);
    },
  }),
};
