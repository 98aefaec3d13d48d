/**
 * The lines that carry a sale line's units on their way to the customer: its purchase lines (dropship)
 * not yet shipped or cancelled, and the lines of its unshipped fulfillments (own warehouse). A sale line
 * never has more on its way than it has open: its fulfilled and cancelled units plus what those lines
 * carry stay within its quantity. A cut of the sale line's quantity below that is refused
 * (`checkCut`), and so is a purchase or fulfillment line that would carry more than is left
 * (`checkCarry`): shipping it would be refused later, by then with its stock allocated.
 */
import type { Fulfillment, FulfillmentItem, PurchaseItem, SaleItem } from "@multichannel/schema";
import type { Sql } from "../../db/sql.ts";
import { quantityRuleBroken, unshippedOf } from "../books.ts";
import { fieldIn, fieldIs, fieldOf, fieldsOf, many, one, type Snapshot, when } from "../reads.ts";

export const CARRY_RULE = "fulfilled + cancelled + on purchase and fulfillment lines <= quantity";

/** Fulfillments whose lines still carry units to ship (a shipped one's count as fulfilled). */
export const UNSHIPPED = new Set<Fulfillment["status"]>(["pending", "finalized"]);

/**
 * The purchase and fulfillment lines whose `saleItemId` `carried` selects (SQL of a line kind), with
 * their fulfillments, each held in what the rule adds up.
 */
function linesCarrying(carried: (kindName: "purchase-item" | "fulfillment-item") => Sql) {
  return {
    purchaseLines: many("purchase-item", carried("purchase-item"), {
      hold: { fields: ["saleItemId", "quantity", "quantityShipped", "quantityCancelled"] },
    }),
    fulfillmentLines: many("fulfillment-item", carried("fulfillment-item"), {
      hold: { fields: ["saleItemId", "fulfillmentId", "quantity"] },
    }),
    fulfillments: many(
      "fulfillment",
      fieldIn(
        "fulfillment",
        "id",
        fieldsOf("fulfillment-item", "fulfillmentId", carried("fulfillment-item")),
      ),
      { hold: { fields: ["status"] } },
    ),
  };
}

/**
 * What carries sale line `saleItemId` (an id, or SQL answering one), read when `read` is true: its
 * purchase and fulfillment lines with their fulfillments (`linesCarrying`).
 */
export function carryingReads(saleItemId: number | Sql, read: boolean) {
  const lines = linesCarrying((kindName) => fieldIs(kindName, "saleItemId", saleItemId));
  return {
    purchaseLines: when(read, lines.purchaseLines),
    fulfillmentLines: when(read, lines.fulfillmentLines),
    fulfillments: when(read, lines.fulfillments),
  };
}

/** `carryingReads` for every line of sale `saleId` at once. */
export function saleCarryingReads(saleId: number) {
  const saleLines = fieldsOf("sale-item", "id", { saleId });
  return linesCarrying((kindName) => fieldIn(kindName, "saleItemId", saleLines));
}

/** `carryingReads` with the sale line itself, for a write of one of the lines carrying it. */
export function saleLineReads(saleItemId: number | Sql, read: boolean) {
  const held = { fields: ["quantity", "quantityFulfilled", "quantityCancelled"] } as const;
  return {
    saleItem: when(read, one("sale-item", saleItemId, { hold: held })),
    ...carryingReads(saleItemId, read),
  };
}

/**
 * `saleLineReads` for a write of a purchase or fulfillment line (`id` absent on a create): the sale line
 * it will carry, read when its sale line or its quantity is written.
 */
export function carriedByWriteReads(
  kindName: "purchase-item" | "fulfillment-item",
  { id, values }: { id?: number; values: { saleItemId?: number | null; quantity?: number } },
) {
  const named = values.saleItemId ?? fieldOf(kindName, id ?? null, "saleItemId");
  const writes = values.saleItemId !== undefined || (id !== undefined && values.quantity !== undefined);
  return saleLineReads(named, values.saleItemId !== null && writes);
}

type Carrying = Snapshot<ReturnType<typeof carryingReads>>;

/** One line carrying units of a sale line, said as a refusal names it. */
export interface Carrier {
  kind: "purchase-item" | "fulfillment-item";
  id: number;
  saleItemId: number | null;
  units: number;
  what: string;
}

const purchaseLineCarries = (line: PurchaseItem): Carrier => ({
  kind: "purchase-item",
  id: line.id,
  saleItemId: line.saleItemId,
  units: unshippedOf(line),
  what: `purchase item ${line.id} (purchase ${line.purchaseId}) orders ${unshippedOf(line)} not shipped or cancelled`,
});

const fulfillmentLineCarries = (line: FulfillmentItem): Carrier => ({
  kind: "fulfillment-item",
  id: line.id,
  saleItemId: line.saleItemId,
  units: line.quantity,
  what: `fulfillment item ${line.id} (fulfillment ${line.fulfillmentId}) holds ${line.quantity} to ship`,
});

/** The lines of `read` carrying units, as read. */
export function carriersOf(read: Carrying): Carrier[] {
  const unshipped = new Set(
    (read.fulfillments ?? []).filter((one) => UNSHIPPED.has(one.status)).map((one) => one.id),
  );
  return [
    ...(read.purchaseLines ?? []).map(purchaseLineCarries),
    ...(read.fulfillmentLines ?? [])
      .filter((line) => unshipped.has(line.fulfillmentId))
      .map(fulfillmentLineCarries),
  ].filter((carrier) => carrier.units > 0);
}

const sum = (carriers: readonly Carrier[]) => carriers.reduce((total, one) => total + one.units, 0);

/**
 * 422 when a cut of sale line `item`'s quantity to `quantity` leaves less than what it fulfilled and
 * cancelled plus what its lines carry: those would ship or cancel units the line no longer has. A
 * quantity kept or raised is never refused.
 */
export function checkCut(item: SaleItem, quantity: number, read: Carrying): void {
  if (quantity >= item.quantity) return;
  const carriers = carriersOf(read);
  const carried = sum(carriers);
  const least = item.quantityFulfilled + item.quantityCancelled + carried;
  if (!carried || quantity >= least) return;
  const lines = carriers.map((one) => one.what).join("; ");
  const stays = `with ${item.quantityFulfilled} fulfilled and ${item.quantityCancelled} cancelled it must stay at least ${least}`;
  throw quantityRuleBroken(
    "quantity",
    CARRY_RULE,
    `The quantity of sale-item ${item.id} cannot be cut to ${quantity}: ${lines}; ${stays}. Cut or cancel those lines first: a purchase line by a cut of its quantity, or by PUT /purchases/{id}/cancel.json (its units then stay on this line as cancelled); a fulfillment line by a cut or a delete while its fulfillment is pending.`,
    `cannot be cut to ${quantity}: ${lines}; ${stays}`,
  );
}

/**
 * 422 when a purchase or fulfillment line, as a write leaves it (`line`, carrying `units` of sale line
 * `saleItemId`; `before` what it carried of that sale line until now), would have its sale line carry
 * more than it has open. A line that carries no more of its sale line than before is never refused.
 */
export function checkCarry(
  line: { kind: Carrier["kind"]; id: number | undefined; saleItemId: number | null; units: number },
  before: number,
  read: Snapshot<ReturnType<typeof saleLineReads>>,
): void {
  const item = read.saleItem;
  if (line.saleItemId === null || !item || item.id !== line.saleItemId || line.units <= before) return;
  const others = carriersOf(read).filter((one) => one.kind !== line.kind || one.id !== line.id);
  const open = item.quantity - item.quantityFulfilled - item.quantityCancelled - sum(others);
  if (line.units <= open) return;
  const what = line.id === undefined ? `The new ${line.kind}` : `${line.kind} ${line.id}`;
  const carriedBy = others.length ? ` (${others.map((one) => one.what).join("; ")})` : "";
  const left = `sale-item ${item.id}, which has ${Math.max(open, 0)} left: of its ${item.quantity}, ${item.quantityFulfilled} fulfilled, ${item.quantityCancelled} cancelled and ${sum(others)} on other lines${carriedBy}`;
  throw quantityRuleBroken(
    "quantity",
    CARRY_RULE,
    `${what} would carry ${line.units} of ${left}. Raise the sale line's quantity first, or carry less.`,
    `would carry ${line.units} of ${left}`,
  );
}
