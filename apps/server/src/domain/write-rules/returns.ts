/**
 * Sale returns and their lines: lines change only while the return is open; its total from theirs. A
 * cancellation records what a purchase's cancel cancelled: it changes only through that action. A line
 * returns no more of its sale line than is left to return (`returnableOfSaleItem`), and the purchase
 * line it names, if any, is a line of its sale line (`purchaseLineBroken`).
 */
import type { PurchaseItem, SaleItem, SaleReturn, SaleReturnItem } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { ApiError } from "../../errors.ts";
import { lineCents, planSaleReturnBooks, quantityRuleBroken } from "../books.ts";
import { checkLineCount } from "../line-limit.ts";
import { onOwner, sameOwnerRule } from "../line-owners.ts";
import { checkAmount, toCents } from "../money.ts";
import { fieldIn, fieldOf, fieldsOf, many, one, type Snapshot, when } from "../reads.ts";
import { stateConflict } from "../states.ts";
import type { WritePlan } from "../write-plan.ts";
import { changedLines, lineRule } from "./lines.ts";
import { deletes, history, latest, updates, type WriteRules } from "./rule.ts";

/** The rule a return of more than a sale line has left to return breaks. */
export const RETURNED_RULE = "returned <= fulfilled";

/** The rule a return line naming a purchase line of another sale line than its own breaks. */
export const PURCHASE_LINE_RULE = "a return line's purchaseItemId is a line of its saleItemId";

/**
 * Why a return line returning sale line `saleItemId` (null: none) cannot name `purchaseItem`, said
 * after the field: the purchase line carries another sale line (or none), so the units would count
 * as returned on one line and not the other. Undefined when it carries that one.
 */
export function purchaseLineBroken(
  purchaseItem: PurchaseItem,
  saleItemId: number | null,
): string | undefined {
  if (purchaseItem.saleItemId === saleItemId) return undefined;
  const carries = purchaseItem.saleItemId ? `sale item ${purchaseItem.saleItemId}` : "no sale item";
  const returns = saleItemId ? `returns sale item ${saleItemId}` : "names no sale item";
  return `names purchase item ${purchaseItem.id}, a line of ${carries}, but the line ${returns}`;
}

/**
 * Whether a sale return's lines hold units of their sale lines as on their way back: a return of goods
 * (not a cancellation) neither received (its units then count as returned) nor called off.
 */
export const isOpenReturn = (saleReturn: SaleReturn | undefined): boolean =>
  saleReturn?.type === "return" && (saleReturn.status === "requested" || saleReturn.status === "shipped");

/**
 * What of sale line `saleItem` is left to return: what it fulfilled, less what it had back and the
 * `onOtherReturns` units that other open returns (`isOpenReturn`) hold.
 */
export const returnableOfSaleItem = (saleItem: SaleItem, onOtherReturns = 0): number =>
  saleItem.quantityFulfilled - saleItem.quantityReturned - onOtherReturns;

/**
 * Why returning `quantity` of `saleItem` is more than it has left to return (`returnableOfSaleItem`),
 * said after the field; undefined when it is not.
 */
export function beyondReturnable(
  quantity: number,
  saleItem: SaleItem,
  onOtherReturns = 0,
): string | undefined {
  const left = returnableOfSaleItem(saleItem, onOtherReturns);
  if (quantity <= left) return undefined;
  const held = onOtherReturns ? ", not returned and not on another open return" : " and not returned";
  return `is ${quantity}, more than the ${Math.max(left, 0)} of sale item ${saleItem.id} (${saleItem.sku}) fulfilled${held}`;
}

/**
 * What a write of a sale return line (`id` absent on a create) reads of the sale line it will name, when
 * it names one anew or changes its quantity: the sale line (the one sent, else its own, else the one of
 * the purchase line it names anew: its sale, its price for the line's default amount, its fulfilled
 * and returned units), the return lines naming it and their returns, each held in what the amount and
 * the rules read; and the purchase line it will name when that or its sale line changes.
 */
function returnedByWriteReads({
  id,
  values,
}: {
  id?: number;
  values: { saleItemId?: number | null; purchaseItemId?: number | null; quantity?: number; amount?: number };
}) {
  const own = (field: "saleItemId" | "purchaseItemId") => fieldOf("sale-return-item", id ?? null, field);
  const purchaseLineSent = typeof values.purchaseItemId === "number" ? values.purchaseItemId : undefined;
  const ofPurchaseLine =
    purchaseLineSent === undefined
      ? own("saleItemId")
      : sql`COALESCE(${own("saleItemId")}, ${fieldOf("purchase-item", purchaseLineSent, "saleItemId")})`;
  const named = values.saleItemId ?? ofPurchaseLine;
  const writes =
    values.saleItemId !== undefined ||
    purchaseLineSent !== undefined ||
    (id !== undefined && values.quantity !== undefined);
  const read = values.saleItemId !== null && writes;
  // The pair changes: a purchase line sent, or another sale line for the purchase line it keeps.
  const pairs =
    purchaseLineSent !== undefined ||
    (id !== undefined && values.saleItemId !== undefined && values.purchaseItemId === undefined);
  const linesOf = { saleItemId: named };
  return {
    saleItem: when(
      read,
      one("sale-item", named, {
        hold: { fields: ["saleId", "price", "quantityFulfilled", "quantityReturned"] },
      }),
    ),
    purchaseItem: when(
      pairs,
      one("purchase-item", purchaseLineSent ?? own("purchaseItemId"), { hold: { fields: ["saleItemId"] } }),
    ),
    // The sale line it leaves, whose price its amount may still be at (`withDefaultAmount`).
    previous: when(
      id !== undefined && values.saleItemId !== undefined && values.amount === undefined,
      one("sale-item", own("saleItemId"), { hold: { fields: ["price"] } }),
    ),
    returnLines: when(
      read,
      many("sale-return-item", linesOf, { hold: { fields: ["saleItemId", "saleReturnId", "quantity"] } }),
    ),
    returns: when(
      read,
      many(
        "sale-return",
        fieldIn("sale-return", "id", fieldsOf("sale-return-item", "saleReturnId", linesOf)),
        {
          hold: { fields: ["type", "status"] },
        },
      ),
    ),
  };
}

type ReturnedByWrite = Snapshot<ReturnType<typeof returnedByWriteReads>>;

/**
 * The values of a sale return line's write with the purchase line it names checked against its sale
 * line (`purchaseLineBroken`: a 422 naming `purchaseItemId`). A line that names a purchase line and no
 * sale line (none sent, none before) returns the purchase line's: it takes that sale line, which must
 * be a line of its return's sale (`saleReturn`), as a sale line sent must.
 */
function withPurchaseLineChecked<V extends { saleItemId?: number | null; purchaseItemId?: number | null }>(
  values: V,
  current: SaleReturnItem | undefined,
  saleReturn: SaleReturn | undefined,
  read: ReturnedByWrite,
): V {
  const purchaseItem = read.purchaseItem;
  const purchaseItemId = latest(values.purchaseItemId, current?.purchaseItemId, null);
  // None named, or one of no record of the company: the reference's own check answers that.
  if (!purchaseItem || purchaseItem.id !== purchaseItemId) return values;
  const saleItemId = latest(values.saleItemId, current?.saleItemId, null);
  if (saleItemId === null && values.saleItemId === undefined && purchaseItem.saleItemId !== null) {
    const saleItem = read.saleItem;
    if (saleItem && saleReturn && saleItem.saleId !== saleReturn.saleId) {
      throw new ApiError("validation_failed", "A line names a purchase line of another sale.", {
        errors: [
          {
            path: "purchaseItemId",
            message: `names purchase item ${purchaseItem.id}, a line of sale item ${saleItem.id}, which is ${onOwner("sale", saleItem.saleId)}; sale return ${saleReturn.id} is ${onOwner("sale", saleReturn.saleId)}`,
          },
        ],
        rule: sameOwnerRule("saleItemId", "sale-item", "sale-return", "sale"),
      });
    }
    return { ...values, saleItemId: purchaseItem.saleItemId };
  }
  const broken = purchaseLineBroken(purchaseItem, saleItemId);
  if (!broken) return values;
  const fix = saleItemId
    ? `Name a purchase line of sale item ${saleItemId}, or none (purchaseItemId null).`
    : `Name its sale line too (saleItemId ${purchaseItem.saleItemId}), or no purchase line.`;
  throw new ApiError(
    "validation_failed",
    `A return line's purchase line is a line of the sale line it returns. ${fix}`,
    { errors: [{ path: "purchaseItemId", message: broken }], rule: PURCHASE_LINE_RULE },
  );
}

/** A sale return line's default amount: `quantity` units at its sale line's `price`. */
const defaultAmount = (quantity: number, price: number): number =>
  checkAmount("sale-return-item", "amount", lineCents(quantity, price));

/**
 * The amount sale return line `line` takes when its quantity or its sale line's price changes (to
 * `quantity` at `price`): the default anew while its amount is the default of what it was (its quantity
 * at `was`, the price of the sale line it had, compared in cents); undefined when the amount is one of
 * the client's own, which is kept.
 */
function followedAmount(
  line: SaleReturnItem,
  was: number,
  quantity: number,
  price: number,
): number | undefined {
  if (toCents(line.amount ?? 0) !== lineCents(line.quantity, was)) return undefined;
  return defaultAmount(quantity, price);
}

/**
 * The values of a sale return line's write with its amount, when none is sent and it is the default:
 * its quantity at its sale line's price (0 with no sale line). A new line takes it; a line whose
 * quantity or sale line changes takes it anew while its amount is still the default of what it was
 * (`read.previous`: the sale line it leaves). An amount of the client's own is kept.
 */
function withDefaultAmount<V extends { saleItemId?: number | null; quantity?: number; amount?: number }>(
  values: V,
  current: SaleReturnItem | undefined,
  read: ReturnedByWrite,
): V {
  if (values.amount !== undefined) return values;
  // The price of sale line `id` (0 for none) as `line` read it; undefined when it did not.
  const priceOf = (line: SaleItem | undefined, id: number | null) =>
    id === null ? 0 : line?.id === id ? (line.price ?? 0) : undefined;
  const saleItemId = latest(values.saleItemId, current?.saleItemId, null);
  const price = priceOf(read.saleItem, saleItemId);
  if (price === undefined) return values;
  const quantity = latest(values.quantity, current?.quantity, 0);
  if (!current) {
    return saleItemId === null ? values : { ...values, amount: defaultAmount(quantity, price) };
  }
  const moves = saleItemId !== current.saleItemId;
  if (!moves && (values.quantity === undefined || values.quantity === current.quantity)) return values;
  const was = priceOf(moves ? read.previous : read.saleItem, current.saleItemId);
  const amount = was === undefined ? undefined : followedAmount(current, was, quantity, price);
  return amount === undefined ? values : { ...values, amount };
}

/**
 * What a change of sale lines' prices reads of their returns, when `read` is true (`saleItemIds`: SQL
 * answering the lines' ids, a subquery): the returns with a line of them, held in whether they are open
 * (`isOpenReturn`), and every line of those returns, whose amounts add up to a return's total, held in
 * what the amount follows and adds up.
 */
export function returnsOfSaleLinesReads(saleItemIds: Sql, read: boolean) {
  const returnIds = fieldsOf(
    "sale-return-item",
    "saleReturnId",
    fieldIn("sale-return-item", "saleItemId", saleItemIds),
  );
  return {
    saleReturns: when(
      read,
      many("sale-return", fieldIn("sale-return", "id", returnIds), { hold: { fields: ["type", "status"] } }),
    ),
    saleReturnLines: when(
      read,
      many("sale-return-item", fieldIn("sale-return-item", "saleReturnId", returnIds), {
        hold: { fields: ["saleReturnId", "saleItemId", "quantity", "amount"] },
      }),
    ),
  };
}

/** What `returnsOfSaleLinesReads` answered. */
export type ReturnsOfSaleLines = Snapshot<ReturnType<typeof returnsOfSaleLinesReads>>;

/**
 * Plans sale lines' new prices (`priced`: each line as read and as the write leaves it) into their open
 * returns (`isOpenReturn`; a received, called-off or cancellation's line stays as it is): each return
 * line still at its default amount follows its sale line's price (`followedAmount`), and each return
 * with a line that did takes its total anew.
 */
export function planReturnsFollowPrices(
  plan: WritePlan,
  priced: readonly { before: SaleItem; after: SaleItem }[],
  read: ReturnsOfSaleLines,
): void {
  const prices = new Map(
    priced
      .filter(({ before, after }) => toCents(before.price ?? 0) !== toCents(after.price ?? 0))
      .map(({ before, after }) => [before.id, { was: before.price ?? 0, now: after.price ?? 0 }]),
  );
  if (!prices.size) return;
  for (const saleReturn of read.saleReturns ?? []) {
    if (!isOpenReturn(saleReturn)) continue;
    let follows = false;
    const lines = (read.saleReturnLines ?? [])
      .filter((line) => line.saleReturnId === saleReturn.id)
      .map((line) => {
        const price = line.saleItemId === null ? undefined : prices.get(line.saleItemId);
        const amount =
          price === undefined ? undefined : followedAmount(line, price.was, line.quantity, price.now);
        if (amount === undefined) return line;
        follows = true;
        return plan.update("sale-return-item", line, { amount });
      });
    if (follows) planSaleReturnBooks(plan, saleReturn, lines);
  }
}

/**
 * 422 when a sale return line, as a write leaves it (`line`; `current` as it was, absent on a create),
 * would return more of its sale line than is left to return beside the other open returns' lines. A
 * line that returns no more of its sale line than before is never refused.
 */
function checkReturnable(
  line: { saleItemId: number | null; quantity: number },
  current: SaleReturnItem | undefined,
  read: ReturnedByWrite,
): void {
  const saleItem = read.saleItem;
  if (line.saleItemId === null || !saleItem || saleItem.id !== line.saleItemId) return;
  if (current && current.saleItemId === line.saleItemId && line.quantity <= current.quantity) return;
  const returns = new Map((read.returns ?? []).map((saleReturn) => [saleReturn.id, saleReturn]));
  const others = (read.returnLines ?? []).filter(
    (other) =>
      other.id !== current?.id &&
      other.saleItemId === saleItem.id &&
      isOpenReturn(returns.get(other.saleReturnId)),
  );
  const onOtherReturns = others.reduce((sum, other) => sum + other.quantity, 0);
  const beyond = beyondReturnable(line.quantity, saleItem, onOtherReturns);
  if (!beyond) return;
  const what = current ? `Sale return item ${current.id}` : "The new sale return item";
  const left = Math.max(returnableOfSaleItem(saleItem, onOtherReturns), 0);
  const onWhich = others.length
    ? ` (${others.map((other) => `sale return ${other.saleReturnId}: ${other.quantity}`).join("; ")})`
    : "";
  throw quantityRuleBroken(
    "quantity",
    RETURNED_RULE,
    `${what} would return ${line.quantity} of sale item ${saleItem.id} (${saleItem.sku}), which has ${left} left to return: of its ${saleItem.quantityFulfilled} fulfilled, ${saleItem.quantityReturned} returned and ${onOtherReturns} on other open returns${onWhich}. Return at most what is left.`,
    beyond,
  );
}

/**
 * The 409 refusing a CRUD write of a cancellation or of its lines: they record the lines the cancel
 * action cancelled and the refund owed for them, and nothing else writes them.
 */
function cancellationKept(saleReturn: SaleReturn, fix: string) {
  return history(
    `Sale return ${saleReturn.id} (a cancellation) records the lines that ${cancelledBy(saleReturn)} cancelled and the refund owed for them`,
    fix,
  );
}

/** The action that recorded a cancellation: its purchase's cancel, or (no purchase) its sale's. */
export const cancelledBy = (saleReturn: SaleReturn): string =>
  saleReturn.purchaseId
    ? `PUT /purchases/${saleReturn.purchaseId}/cancel.json`
    : `PUT /sales/${saleReturn.saleId}/cancel.json`;

export const returnRules: WriteRules = {
  "sale-return": {
    // What a cancellation or a received return records is its sale's and its purchase's; its notes,
    // reason, external id, refund payment status and label type are the client's to edit.
    planUpdate: updates<"sale-return", Record<never, never>>({
      fields: ["saleId", "purchaseId"],
      reads: () => ({}),
      plan({ values, current, plan }) {
        const changes = (["saleId", "purchaseId"] as const).filter(
          (field) => values[field] !== undefined && values[field] !== current[field],
        );
        if (current.type === "cancellation" && changes.length) {
          throw cancellationKept(
            current,
            `Its ${changes.join(" and ")} stay as the cancel recorded them; its notes, reason, externalId, paymentStatus and returnLabelType may be edited.`,
          );
        }
        if (current.status === "received" && changes.length) {
          throw history(
            `Sale return ${current.id} was received`,
            `Its ${changes.join(" and ")} ${changes.length > 1 ? "stay" : "stays"} as when its goods arrived and were counted as returned on its lines; its notes, reason, externalId, paymentStatus and returnLabelType may be edited.`,
          );
        }
        return plan.update("sale-return", current, values, { movesState: true });
      },
    }),
    planDelete: deletes<"sale-return", Record<never, never>>({
      reads: () => ({}),
      plan({ current }) {
        if (current.status === "received") {
          throw history(`Sale return ${current.id} was received`, "Its goods are back on the books.");
        }
        if (current.type === "cancellation") {
          throw cancellationKept(
            current,
            "It stays: its lines stay cancelled, and nothing but that action writes it.",
          );
        }
      },
    }),
  },
  "sale-return-item": lineRule({
    line: "sale-return-item",
    parent: "sale-return",
    field: "saleReturnId",
    books: {
      reads: (saleReturn) => ({
        items: many("sale-return-item", { saleReturnId: saleReturn }, { hold: { fields: ["amount"] } }),
      }),
      settle(plan, saleReturn, change) {
        const items = changedLines(saleReturn.books.items, change);
        checkLineCount(
          { kind: "sale-return", id: saleReturn.record.id },
          "sale-return-item",
          { before: saleReturn.books.items.length, after: items.length },
          "Put further lines on another sale return.",
        );
        planSaleReturnBooks(plan, saleReturn.record, items);
        return undefined;
      },
    },
    open(saleReturn) {
      if (saleReturn.type === "cancellation") {
        throw cancellationKept(
          saleReturn,
          "Its lines change only through that action: calling it again for more lines records them in a return of their own.",
        );
      }
      if (saleReturn.status === "received" || saleReturn.status === "cancelled") {
        throw stateConflict(
          "sale-return",
          saleReturn,
          `Sale return ${saleReturn.id} is ${saleReturn.status}: its lines can no longer change.`,
        );
      }
    },
    // The sale line it will name, when it names one anew or its quantity changes.
    extra: returnedByWriteReads,
    complete({ values: sent, current, parent, extra }) {
      const values = withPurchaseLineChecked(sent, current, parent, extra);
      checkReturnable(
        {
          saleItemId: latest(values.saleItemId, current?.saleItemId, null),
          quantity: latest(values.quantity, current?.quantity, 0),
        },
        current,
        extra,
      );
      return withDefaultAmount(values, current, extra);
    },
  }),
};
