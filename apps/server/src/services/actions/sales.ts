/**
 * `PUT /sales/{id}/cancel.json` (beyond the interface): the customer will not get a sale's open units,
 * those ordered and neither fulfilled, cancelled, nor carried by a purchase line still to ship or an
 * unshipped fulfillment. They count as cancelled on their lines, and a sale return of type cancellation
 * records them at the lines' prices, as a purchase's cancel records what it cancels.
 */
import type { Sale, SaleCancelInput, SaleItem, SaleReturnItem } from "@multichannel/schema";
import { accountingReads } from "../../domain/accounting.ts";
import { planSaleBooks, planSaleReturnBooks } from "../../domain/books.ts";
import { fromCents, toCents } from "../../domain/money.ts";
import { many, type Snapshot } from "../../domain/reads.ts";
import { contentConflict } from "../../domain/states.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { type Carrier, carriersOf, saleCarryingReads } from "../../domain/write-rules/carrying.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { withLinesBefore } from "./purchases.ts";

/**
 * What cancelling a sale reads: its lines (held as read: its books are made from all of them), the
 * purchase and fulfillment lines carrying them, and the accounting integrations its books go to.
 */
export function cancelSaleReads(saleId: number) {
  return {
    items: many("sale-item", { saleId }),
    ...saleCarryingReads(saleId),
    ...accountingReads(),
  };
}

type CancelSaleSnapshot = Snapshot<ReturnType<typeof cancelSaleReads>>;

/** A sale line and the units of it to cancel. */
interface Take {
  item: SaleItem;
  quantity: number;
}

/** A sale line's open units: ordered, and neither fulfilled, cancelled nor on their way on `carriers`. */
function openOf(item: SaleItem, carriers: readonly Carrier[]): number {
  const carried = carriers.reduce((units, one) => units + (one.saleItemId === item.id ? one.units : 0), 0);
  return Math.max(item.quantity - item.quantityFulfilled - item.quantityCancelled - carried, 0);
}

/** What carries units of `item`, said after its open units: where to cancel them first. */
function carriedText(item: SaleItem, carriers: readonly Carrier[]): string {
  const its = carriers.filter((one) => one.saleItemId === item.id).map((one) => one.what);
  return its.length ? ` (${its.join("; ")}: cancel those there first)` : "";
}

/**
 * The lines and units to cancel: those `named` (each a line of this sale, together never more than it
 * has open: else 422 naming `items.N`), or every line's open units. Nothing open: 409.
 */
function takesOf(sale: Sale, named: SaleCancelInput["items"], read: CancelSaleSnapshot): Take[] {
  const carriers = carriersOf(read);
  if (named === undefined || named === null) {
    const takes = read.items
      .map((item) => ({ item, quantity: openOf(item, carriers) }))
      .filter((take) => take.quantity > 0);
    if (takes.length) return takes;
    const carried = carriers.map((one) => one.what).join("; ");
    throw contentConflict(
      "sale.cancel",
      sale,
      `Sale ${sale.id} has nothing open to cancel: every unit of its lines is fulfilled, cancelled or on its way${carried ? ` (${carried}). Cancel those first: PUT /purchases/{id}/cancel.json, or PUT /fulfillments/{id}/cancel.json and then this` : ""}.`,
    );
  }
  const byId = new Map(read.items.map((item) => [item.id, item]));
  const taken = new Map<number, number>();
  const errors: FieldError[] = [];
  named.forEach((line, index) => {
    const item = byId.get(line.saleItemId);
    if (!item) {
      errors.push({
        path: `items.${index}.saleItemId`,
        message: `names no line of sale ${sale.id} (id ${line.saleItemId})`,
      });
      return;
    }
    const total = (taken.get(item.id) ?? 0) + line.quantity;
    const open = openOf(item, carriers);
    if (total > open) {
      errors.push({
        path: `items.${index}.quantity`,
        message: `is ${line.quantity}${withLinesBefore(line.quantity, total)}, more than the ${open} of ${item.sku} (sale item ${item.id}) open to cancel${carriedText(item, carriers)}`,
      });
      return;
    }
    taken.set(item.id, total);
  });
  if (!named.length) {
    errors.push({
      path: "items",
      message: "must name at least one line, or be left out to cancel every line",
    });
  }
  if (errors.length) {
    throw new ApiError("validation_failed", `Cannot cancel these lines of sale ${sale.id}.`, { errors });
  }
  return [...taken].map(([id, quantity]) => ({ item: byId.get(id)!, quantity }));
}

/**
 * Plans `PUT /sales/{id}/cancel.json`: the units taken count as cancelled on their lines, a sale return
 * of type cancellation records them with the refund owed (quantity times the line's price), and the
 * sale's books follow. Answers the sale as the plan leaves it.
 */
export function planCancelSale({
  sale,
  input,
  read,
  plan,
}: {
  sale: Sale;
  input: SaleCancelInput;
  read: CancelSaleSnapshot;
  plan: WritePlan;
}): Sale {
  const takes = takesOf(sale, input.items, read);
  const reason = input.reason ?? null;
  const cancelled = new Map(
    takes.map(({ item, quantity }) => [
      item.id,
      plan.update("sale-item", item, { quantityCancelled: item.quantityCancelled + quantity }),
    ]),
  );
  const saleReturn = plan.insert("sale-return", {
    saleId: sale.id,
    purchaseId: null,
    type: "cancellation",
    reason,
  });
  const lines: SaleReturnItem[] = takes.map(({ item, quantity }) =>
    plan.insert("sale-return-item", {
      saleReturnId: saleReturn.id,
      saleItemId: item.id,
      sku: item.sku,
      quantity,
      amount: fromCents(toCents(item.price) * quantity),
      reason,
    }),
  );
  planSaleReturnBooks(plan, saleReturn, lines);
  const items = read.items.map((item) => cancelled.get(item.id) ?? item);
  return planSaleBooks(plan, sale, items, read.accounting);
}
