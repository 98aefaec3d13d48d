/** Sale returns and their lines: lines change only while the return is open. */

import { lineCents, settleSaleReturn } from "../books.ts";
import type { Ctx } from "../context.ts";
import { checkAmount } from "../money.ts";
import { stateConflict } from "../states.ts";
import { selectOne } from "../store.ts";
import { history, latest, settleBoth, type WriteRules } from "./rule.ts";

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

export const returnRules: WriteRules = {
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
};
