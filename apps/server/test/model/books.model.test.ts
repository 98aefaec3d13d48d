// Model-based property test of the books: random sequences of CRUD edits and actions on one company's
// orders, checked after every step against a small reference model of quantities, sums and states. The
// model knows the rules (the formulas of docs/concepts.md, "The books") and the declared lifecycles, not the code.
// The same commands and model run on the embedded database and on the remote driver (the dev libSQL
// server over HTTP), where writes are optimistic plans and the rest interactive transactions.
import { kindByName } from "@multichannel/schema";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded, remote, type StackKind, type TestStack, type TestTenant } from "../stacks.ts";

// ------------------------------------------------------------------------------------------------ model

type VariantKey = "D1" | "D2" | "O1" | "O2" | "B";
/** `stock`: the units an adjustment puts on hand at the start. B is a bundle of O1 and O2 (`Model.bundle`). */
const VARIANTS: Record<VariantKey, { cost: number; dropship: boolean; stock: number }> = {
  D1: { cost: 733, dropship: true, stock: 0 },
  D2: { cost: 250, dropship: true, stock: 0 },
  O1: { cost: 0, dropship: false, stock: 20 },
  O2: { cost: 0, dropship: false, stock: 20 },
  B: { cost: 0, dropship: false, stock: 5 },
};
/** The variants whose levels the model follows: those sold from the warehouse. */
const STOCKED = ["O1", "O2", "B"] as const;
type StockedKey = (typeof STOCKED)[number];

interface SaleItemModel {
  id: number;
  saleId: number;
  variant: VariantKey;
  quantity: number;
  price: number; // cents
  fulfilled: number;
  cancelled: number;
  returned: number;
}
interface PurchaseItemModel {
  id: number;
  purchaseId: number;
  saleItemId: number;
  quantity: number;
  price: number;
  shipped: number;
  cancelled: number;
  returned: number;
}
interface PurchaseModel {
  id: number;
  saleId: number;
  status: string;
  charges: { shippingPrice: number; discounts: number; taxAmount: number };
  paid: number;
  invoiced: number;
}
interface FulfillmentModel {
  id: number;
  saleId: number;
  status: string;
  lines: { id: number; saleItemId: number; variant: VariantKey; quantity: number }[];
}
interface ReturnModel {
  id: number;
  lines: { saleItemId: number; purchaseItemId: number; quantity: number }[];
}

interface Model {
  sales: Map<number, { id: number; status: string }>;
  saleItems: Map<number, SaleItemModel>;
  purchases: Map<number, PurchaseModel>;
  purchaseItems: Map<number, PurchaseItemModel>;
  fulfillments: Map<number, FulfillmentModel>;
  openReturns: Map<number, ReturnModel>;
  onHand: Record<StockedKey, number>;
  /** The units of O1 and O2 one B holds (its bundle variants). */
  bundle: { O1: number; O2: number };
  transferred: number;
  orders: number;
}

interface Real {
  t: TestTenant;
  channelId: number;
  providerId: number;
  variantIds: Record<VariantKey, number>;
  warehouseId: number;
  /** The bundle variant rows of B, by component. */
  bundleParts: { O1: number; O2: number };
}

/**
 * The stock a sale of `quantity` units of `variant` moves from the warehouse: a bundle's components (the
 * line's quantity times the units one bundle holds), any other own variant's own; a dropshipped none.
 */
function moves(m: Model, variant: VariantKey, quantity: number): [StockedKey, number][] {
  if (variant === "B")
    return [
      ["O1", quantity * m.bundle.O1],
      ["O2", quantity * m.bundle.O2],
    ];
  return VARIANTS[variant].dropship ? [] : [[variant as StockedKey, quantity]];
}

/** What the unshipped fulfillments' lines hold allocated, per variant. */
function allocatedOf(m: Model): Record<StockedKey, number> {
  const allocated = { O1: 0, O2: 0, B: 0 };
  for (const fulfillment of m.fulfillments.values()) {
    if (fulfillment.status !== "pending") continue;
    for (const line of fulfillment.lines)
      for (const [key, units] of moves(m, line.variant, line.quantity)) allocated[key] += units;
  }
  return allocated;
}

const itemsOfPurchase = (m: Model, purchaseId: number) =>
  [...m.purchaseItems.values()].filter((item) => item.purchaseId === purchaseId);
const itemsOfSale = (m: Model, saleId: number) =>
  [...m.saleItems.values()].filter((item) => item.saleId === saleId);

function declared(kind: string, from: string, to: string): boolean {
  return from === to || (kindByName(kind)!.states!.transitions[from] ?? []).includes(to);
}

function saleStatus(m: Model, saleId: number): string {
  let ordered = 0;
  let fulfilled = 0;
  let cancelled = 0;
  for (const item of itemsOfSale(m, saleId)) {
    ordered += item.quantity;
    fulfilled += item.fulfilled;
    cancelled += item.cancelled;
  }
  if (ordered > 0 && cancelled >= ordered) return "cancelled";
  if (ordered - cancelled > 0 && fulfilled >= ordered - cancelled) return "fulfilled";
  return fulfilled > 0 ? "partiallyFulfilled" : "open";
}

function purchaseStatus(m: Model, purchase: PurchaseModel): string {
  let ordered = 0;
  let shipped = 0;
  let cancelled = 0;
  for (const item of itemsOfPurchase(m, purchase.id)) {
    ordered += item.quantity;
    shipped += item.shipped;
    cancelled += item.cancelled;
  }
  if (ordered === 0) return purchase.status;
  if (cancelled >= ordered) return "cancelled";
  if (shipped + cancelled >= ordered) return "shipped";
  if (shipped > 0) return "partiallyShipped";
  // Open again: a cancelled purchase cannot become so (any open state is an undeclared transition).
  return ["pending", "sent"].includes(purchase.status) ? purchase.status : "pending";
}

/**
 * What the provider charges on a purchase routed to it, besides lines that cost `lines` cents at cost
 * (`world`): its handling as the shipping, and the channel's tax rate for its items on lines and shipping.
 */
const HANDLING = 125;
const TAX_RATE = 7.25;
function routedCharges(lines: number): PurchaseModel["charges"] {
  const taxAmount = Math.round(((lines + HANDLING) * TAX_RATE) / 100);
  return { shippingPrice: HANDLING, discounts: 0, taxAmount };
}

function purchaseMoney(m: Model, purchase: PurchaseModel) {
  const items = itemsOfPurchase(m, purchase.id);
  const charges = purchase.charges.shippingPrice - purchase.charges.discounts + purchase.charges.taxAmount;
  const subtotal = items.reduce((sum, item) => sum + item.quantity * item.price, 0);
  const open = items.reduce((sum, item) => sum + (item.quantity - item.cancelled) * item.price, 0);
  const ordered = items.reduce((sum, item) => sum + item.quantity, 0);
  const cancelled = items.reduce((sum, item) => sum + item.cancelled, 0);
  const owed = ordered > 0 && cancelled >= ordered ? 0 : Math.max(0, open + charges);
  return { subtotal, total: subtotal + charges, owed };
}

const grade = (done: number, of: number, words: [string, string, string]) =>
  done <= 0 ? words[0] : done >= of ? words[2] : words[1];

/** Whether every sale line keeps fulfilled + cancelled <= quantity (a purchase's lines may outgrow theirs). */
function saleLinesHold(m: Model, saleId: number): boolean {
  return itemsOfSale(m, saleId).every(
    (item) => item.fulfilled + item.cancelled <= item.quantity && item.returned <= item.fulfilled,
  );
}

/** After a change of quantities, the statuses it leads to, or the undeclared transition it would need. */
function statusesAfter(m: Model, saleIds: number[], purchaseIds: number[]): "conflict" | "ok" {
  for (const id of saleIds)
    if (!declared("sale", m.sales.get(id)!.status, saleStatus(m, id))) return "conflict";
  for (const id of purchaseIds) {
    const purchase = m.purchases.get(id)!;
    if (!declared("purchase", purchase.status, purchaseStatus(m, purchase))) return "conflict";
  }
  return "ok";
}

function applyStatuses(m: Model): void {
  for (const sale of m.sales.values()) sale.status = saleStatus(m, sale.id);
  for (const purchase of m.purchases.values()) purchase.status = purchaseStatus(m, purchase);
}

/** A deep copy, so a refused command can be checked against the model as it was. */
function clone(m: Model): Model {
  const copyMap = <T>(map: Map<number, T>) =>
    new Map([...map].map(([id, value]) => [id, structuredClone(value)]));
  return {
    sales: copyMap(m.sales),
    saleItems: copyMap(m.saleItems),
    purchases: copyMap(m.purchases),
    purchaseItems: copyMap(m.purchaseItems),
    fulfillments: copyMap(m.fulfillments),
    openReturns: copyMap(m.openReturns),
    onHand: { ...m.onHand },
    bundle: { ...m.bundle },
    transferred: m.transferred,
    orders: m.orders,
  };
}

function restore(m: Model, from: Model): void {
  Object.assign(m, from);
}

// ------------------------------------------------------------------------------------------ invariants

const cents = (amount: number) => Math.round(amount * 100);

async function all(t: TestTenant, plural: string): Promise<any[]> {
  const answer = await t.json("GET", `/${plural}.json?limit=250`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Reads the books back and checks each record against the model. */
async function checkBooks(m: Model, r: Real): Promise<void> {
  const t = r.t;
  const saleItems = new Map((await all(t, "sale-items")).map((item) => [item.id, item]));
  for (const model of m.saleItems.values()) {
    const item = saleItems.get(model.id);
    expect(item, `sale item ${model.id}`).toBeDefined();
    expect([
      item.quantity,
      cents(item.price),
      item.quantityFulfilled,
      item.quantityCancelled,
      item.quantityReturned,
    ]).toEqual([model.quantity, model.price, model.fulfilled, model.cancelled, model.returned]);
    expect(cents(item.total)).toBe(model.quantity * model.price);
    expect(item.quantityFulfilled + item.quantityCancelled).toBeLessThanOrEqual(item.quantity);
    expect(item.quantityReturned).toBeLessThanOrEqual(item.quantityFulfilled);
  }
  for (const sale of await all(t, "sales")) {
    const model = m.sales.get(sale.id)!;
    const items = itemsOfSale(m, sale.id);
    const subtotal = items.reduce((sum, item) => sum + item.quantity * item.price, 0);
    const ordered = items.reduce((sum, item) => sum + item.quantity, 0);
    const cancelled = items.reduce((sum, item) => sum + item.cancelled, 0);
    const fulfilled = items.reduce((sum, item) => sum + item.fulfilled, 0);
    const returned = items.reduce((sum, item) => sum + item.returned, 0);
    expect([cents(sale.subtotal), cents(sale.total)]).toEqual([subtotal, subtotal]);
    expect(sale.status).toBe(model.status);
    expect(sale.cancellationStatus).toBe(grade(cancelled, ordered, ["none", "partial", "full"]));
    expect(sale.inventoryStatus).toBe(
      grade(fulfilled, ordered - cancelled, ["notFulfilled", "partiallyFulfilled", "fulfilled"]),
    );
    expect(sale.returnStatus).toBe(
      grade(returned, fulfilled, ["notReturned", "partiallyReturned", "returned"]),
    );
  }
  const purchaseItems = new Map((await all(t, "purchase-items")).map((item) => [item.id, item]));
  for (const model of m.purchaseItems.values()) {
    const item = purchaseItems.get(model.id);
    expect([
      item.quantity,
      cents(item.price),
      item.quantityShipped,
      item.quantityCancelled,
      item.quantityReturned,
    ]).toEqual([model.quantity, model.price, model.shipped, model.cancelled, model.returned]);
    expect(cents(item.total)).toBe(model.quantity * model.price);
  }
  for (const purchase of await all(t, "purchases")) {
    const model = m.purchases.get(purchase.id)!;
    const { subtotal, total, owed } = purchaseMoney(m, model);
    expect(purchase.status, `purchase ${purchase.id}`).toBe(model.status);
    expect([cents(purchase.subtotal), cents(purchase.total), cents(purchase.amountOwed)]).toEqual([
      subtotal,
      total,
      owed,
    ]);
    expect([cents(purchase.amountPaid), cents(purchase.amountOutstanding)]).toEqual([
      model.paid,
      owed - model.paid,
    ]);
    expect(purchase.paymentStatus).toBe(
      model.paid <= 0 ? "notPaid" : model.paid >= owed ? "paid" : "partiallyPaid",
    );
    expect(purchase.invoiceStatus).toBe(
      model.invoiced <= 0 ? "notInvoiced" : model.invoiced >= owed ? "invoiced" : "partiallyInvoiced",
    );
  }
  for (const fulfillment of await all(t, "fulfillments")) {
    expect(fulfillment.status).toBe(m.fulfillments.get(fulfillment.id)!.status);
  }
  const levels = await all(t, "inventory-levels");
  const allocated = allocatedOf(m);
  for (const key of STOCKED) {
    const level = levels.find((l) => l.variantId === r.variantIds[key] && l.warehouseId === r.warehouseId);
    // A bundle's lines move its components' stock, never its own: B keeps what it was adjusted to.
    expect([level?.onHand ?? 0, level?.allocated ?? 0], `level of ${key}`).toEqual([
      m.onHand[key],
      allocated[key],
    ]);
  }
  const transfers = await all(t, "transfers");
  expect(transfers.reduce((sum, transfer) => sum + cents(transfer.amount), 0)).toBe(m.transferred);
}

// ------------------------------------------------------------------------------------------- commands

type Cmd = fc.AsyncCommand<Model, Real>;

/** Runs a request whose expected status the model predicted; refused ones must leave the model as it was. */
async function expectAnswer(
  m: Model,
  r: Real,
  answer: Promise<{ status: number; body: any }>,
  expected: number,
): Promise<any> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(expected);
  await checkBooks(m, r);
  return body;
}

class ManualSale implements Cmd {
  constructor(readonly lines: { variant: VariantKey; quantity: number; price: number }[]) {}
  check = (m: Model) => m.orders < 6;
  async run(m: Model, r: Real) {
    const externalId = `O-${++m.orders}`;
    const body = {
      externalId,
      customer: { email: "buyer@example.com" },
      shippingAddress: { name: "B", lineOne: "1 St", city: "Denver", country: "US" },
      items: this.lines.map((line) => ({
        sku: line.variant,
        quantity: line.quantity,
        price: line.price / 100,
      })),
    };
    const answer = await r.t.json("POST", `/channels/${r.channelId}/manual-sale.json`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saleId = answer.body.id as number;
    m.sales.set(saleId, { id: saleId, status: "open" });
    const saleItems = (await r.t.json("GET", `/sale-items.json?where[saleId]=${saleId}`)).body as any[];
    for (const item of saleItems) {
      const line = this.lines.find((l) => l.variant === item.sku)!;
      m.saleItems.set(item.id, {
        id: item.id,
        saleId,
        variant: line.variant,
        quantity: line.quantity,
        price: line.price,
        fulfilled: 0,
        cancelled: 0,
        returned: 0,
      });
    }
    for (const purchase of (await r.t.json("GET", `/purchases.json?where[saleId]=${saleId}`)).body) {
      m.purchases.set(purchase.id, {
        id: purchase.id,
        saleId,
        status: "pending",
        charges: { shippingPrice: 0, discounts: 0, taxAmount: 0 },
        paid: 0,
        invoiced: 0,
      });
      let lines = 0;
      for (const item of (await r.t.json("GET", `/purchase-items.json?where[purchaseId]=${purchase.id}`))
        .body) {
        const saleItem = m.saleItems.get(item.saleItemId)!;
        m.purchaseItems.set(item.id, {
          id: item.id,
          purchaseId: purchase.id,
          saleItemId: item.saleItemId,
          quantity: saleItem.quantity,
          price: VARIANTS[saleItem.variant].cost,
          shipped: 0,
          cancelled: 0,
          returned: 0,
        });
        lines += saleItem.quantity * VARIANTS[saleItem.variant].cost;
      }
      m.purchases.get(purchase.id)!.charges = routedCharges(lines);
    }
    for (const fulfillment of (await r.t.json("GET", `/fulfillments.json?where[saleId]=${saleId}`)).body) {
      const lines = (await r.t.json("GET", `/fulfillment-items.json?where[fulfillmentId]=${fulfillment.id}`))
        .body;
      m.fulfillments.set(fulfillment.id, {
        id: fulfillment.id,
        saleId,
        status: "pending",
        lines: lines.map((line: any) => ({
          id: line.id,
          saleItemId: line.saleItemId,
          variant: m.saleItems.get(line.saleItemId)!.variant,
          quantity: line.quantity,
        })),
      });
    }
    await checkBooks(m, r);
  }
  toString = () => `manualSale(${JSON.stringify(this.lines)})`;
}

/** Picks the n-th record of a map (modulo its size). */
function nth<T>(map: Map<number, T>, n: number): T | undefined {
  const values = [...map.values()];
  return values.length ? values[n % values.length] : undefined;
}

/** What a sale line's purchase lines still order and its unshipped fulfillments' lines hold. */
function carried(m: Model, saleItemId: number): number {
  const ordered = [...m.purchaseItems.values()]
    .filter((item) => item.saleItemId === saleItemId)
    .reduce((sum, item) => sum + Math.max(0, item.quantity - item.shipped - item.cancelled), 0);
  const held = [...m.fulfillments.values()]
    .filter((fulfillment) => fulfillment.status === "pending" || fulfillment.status === "finalized")
    .flatMap((fulfillment) => fulfillment.lines)
    .filter((line) => line.saleItemId === saleItemId)
    .reduce((sum, line) => sum + line.quantity, 0);
  return ordered + held;
}

class EditSaleItem implements Cmd {
  constructor(
    readonly pick: number,
    readonly quantity: number,
    readonly price: number,
  ) {}
  check = (m: Model) => m.saleItems.size > 0;
  async run(m: Model, r: Real) {
    const item = nth(m.saleItems, this.pick)!;
    const before = clone(m);
    let expected = 200;
    if (this.quantity < item.fulfilled + item.cancelled) expected = 422;
    else if (
      this.quantity < item.quantity &&
      this.quantity < item.fulfilled + item.cancelled + carried(m, item.id)
    )
      expected = 422;
    else {
      const edited = m.saleItems.get(item.id)!;
      edited.quantity = this.quantity;
      edited.price = this.price;
      if (statusesAfter(m, [item.saleId], []) === "conflict") expected = 409;
      else applyStatuses(m);
    }
    if (expected !== 200) restore(m, before);
    await expectAnswer(
      m,
      r,
      r.t.json("PUT", `/sale-items/${item.id}.json`, { quantity: this.quantity, price: this.price / 100 }),
      expected,
    );
  }
  toString = () => `editSaleItem(${this.pick}, ${this.quantity}, ${this.price})`;
}

class EditPurchaseItem implements Cmd {
  constructor(
    readonly pick: number,
    readonly quantity: number,
    readonly price: number,
  ) {}
  check = (m: Model) => m.purchaseItems.size > 0;
  async run(m: Model, r: Real) {
    const item = nth(m.purchaseItems, this.pick)!;
    const before = clone(m);
    let expected = 200;
    const saleItem = m.saleItems.get(item.saleItemId)!;
    const unshipped = (quantity: number) => quantity - item.shipped - item.cancelled;
    if (this.quantity < item.shipped + item.cancelled) expected = 422;
    // A raise past what its sale line has open (what other lines carry counted).
    else if (
      unshipped(this.quantity) > unshipped(item.quantity) &&
      saleItem.fulfilled +
        saleItem.cancelled +
        carried(m, saleItem.id) -
        Math.max(0, unshipped(item.quantity)) +
        unshipped(this.quantity) >
        saleItem.quantity
    )
      expected = 422;
    else {
      const edited = m.purchaseItems.get(item.id)!;
      edited.quantity = this.quantity;
      edited.price = this.price;
      const purchase = m.purchases.get(item.purchaseId)!;
      if (purchaseMoney(m, purchase).total < 0) expected = 422;
      else if (statusesAfter(m, [], [purchase.id]) === "conflict") expected = 409;
      else applyStatuses(m);
    }
    if (expected !== 200) restore(m, before);
    await expectAnswer(
      m,
      r,
      r.t.json("PUT", `/purchase-items/${item.id}.json`, {
        quantity: this.quantity,
        price: this.price / 100,
      }),
      expected,
    );
  }
  toString = () => `editPurchaseItem(${this.pick}, ${this.quantity}, ${this.price})`;
}

class EditCharges implements Cmd {
  constructor(
    readonly pick: number,
    readonly charges: PurchaseModel["charges"],
  ) {}
  check = (m: Model) => m.purchases.size > 0;
  async run(m: Model, r: Real) {
    const purchase = nth(m.purchases, this.pick)!;
    const before = clone(m);
    m.purchases.get(purchase.id)!.charges = { ...this.charges };
    const expected = purchaseMoney(m, m.purchases.get(purchase.id)!).total < 0 ? 422 : 200;
    if (expected !== 200) restore(m, before);
    const body = Object.fromEntries(Object.entries(this.charges).map(([key, value]) => [key, value / 100]));
    await expectAnswer(m, r, r.t.json("PUT", `/purchases/${purchase.id}.json`, body), expected);
  }
  toString = () => `editCharges(${this.pick}, ${JSON.stringify(this.charges)})`;
}

class Send implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.purchases.size > 0;
  async run(m: Model, r: Real) {
    const purchase = m.purchases.get(nth(m.purchases, this.pick)!.id)!;
    const allowed = ["pending", "sent"].includes(purchase.status);
    if (allowed) purchase.status = "sent";
    await expectAnswer(m, r, r.t.json("PUT", `/purchases/${purchase.id}/send.json`, {}), allowed ? 200 : 409);
  }
  toString = () => `send(${this.pick})`;
}

class Ship implements Cmd {
  constructor(
    readonly pick: number,
    readonly line: number,
    readonly quantity: number,
  ) {}
  check = (m: Model) => m.purchases.size > 0;
  async run(m: Model, r: Real) {
    const purchase = m.purchases.get(nth(m.purchases, this.pick)!.id)!;
    const items = itemsOfPurchase(m, purchase.id);
    const item = items[this.line % Math.max(1, items.length)];
    const unshipped = item ? item.quantity - item.shipped - item.cancelled : 0;
    let expected = 200;
    if (!["sent", "partiallyShipped"].includes(purchase.status)) expected = 409;
    else if (!item || this.quantity > unshipped) expected = 422;
    const before = clone(m);
    if (expected === 200) {
      item!.shipped += this.quantity;
      m.saleItems.get(item!.saleItemId)!.fulfilled += this.quantity;
      if (statusesAfter(m, [], [purchase.id]) === "conflict") expected = 409;
      else if (!saleLinesHold(m, purchase.saleId)) expected = 422;
      else if (statusesAfter(m, [purchase.saleId], []) === "conflict") expected = 409;
    }
    if (expected === 200) applyStatuses(m);
    else restore(m, before);
    const body = {
      trackingNumber: "T",
      items: [{ purchaseItemId: item?.id ?? 2_000_000_000, quantity: this.quantity }],
    };
    await expectAnswer(m, r, r.t.json("POST", `/purchases/${purchase.id}/ship.json`, body), expected);
  }
  toString = () => `ship(${this.pick}, ${this.line}, ${this.quantity})`;
}

class Cancel implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.purchases.size > 0;
  async run(m: Model, r: Real) {
    const purchase = m.purchases.get(nth(m.purchases, this.pick)!.id)!;
    const before = clone(m);
    const open = itemsOfPurchase(m, purchase.id).filter(
      (item) => item.quantity - item.shipped - item.cancelled > 0,
    );
    let expected = 200;
    if (!["pending", "sent", "partiallyShipped"].includes(purchase.status) || !open.length) expected = 409;
    else {
      for (const item of open) {
        const left = item.quantity - item.shipped - item.cancelled;
        item.cancelled += left;
        m.saleItems.get(item.saleItemId)!.cancelled += left;
      }
      if (statusesAfter(m, [], [purchase.id]) === "conflict") expected = 409;
      else if (!saleLinesHold(m, purchase.saleId)) expected = 422;
      else if (statusesAfter(m, [purchase.saleId], []) === "conflict") expected = 409;
      else applyStatuses(m);
    }
    if (expected !== 200) restore(m, before);
    await expectAnswer(m, r, r.t.json("PUT", `/purchases/${purchase.id}/cancel.json`, {}), expected);
  }
  toString = () => `cancel(${this.pick})`;
}

class ShipFulfillment implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.fulfillments.size > 0;
  async run(m: Model, r: Real) {
    const fulfillment = m.fulfillments.get(nth(m.fulfillments, this.pick)!.id)!;
    const before = clone(m);
    let expected = 200;
    // A fulfillment without lines has nothing to ship (409).
    if (fulfillment.status !== "pending" || !fulfillment.lines.length) expected = 409;
    else {
      for (const line of fulfillment.lines) {
        const saleItem = m.saleItems.get(line.saleItemId)!;
        if (line.quantity > saleItem.quantity - saleItem.fulfilled - saleItem.cancelled) expected = 422;
        saleItem.fulfilled += line.quantity;
        for (const [key, units] of moves(m, line.variant, line.quantity)) m.onHand[key] -= units;
      }
      fulfillment.status = "shipped";
      if (expected === 200 && statusesAfter(m, [fulfillment.saleId], []) === "conflict") expected = 409;
    }
    if (expected !== 200) restore(m, before);
    else applyStatuses(m);
    await expectAnswer(m, r, r.t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {}), expected);
  }
  toString = () => `shipFulfillment(${this.pick})`;
}

class ReturnLabel implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.purchases.size > 0;
  async run(m: Model, r: Real) {
    const purchase = m.purchases.get(nth(m.purchases, this.pick)!.id)!;
    const onTheWay = (itemId: number) =>
      [...m.openReturns.values()]
        .flatMap((ret) => ret.lines)
        .filter((line) => line.purchaseItemId === itemId)
        .reduce((sum, line) => sum + line.quantity, 0);
    const lines = itemsOfPurchase(m, purchase.id)
      .map((item) => ({ item, quantity: item.shipped - item.returned - onTheWay(item.id) }))
      .filter((line) => line.quantity > 0);
    const allowed = ["partiallyShipped", "shipped"].includes(purchase.status) && lines.length > 0;
    const body = await expectAnswer(
      m,
      r,
      r.t.json("POST", `/purchases/${purchase.id}/return-label.json`, {}),
      allowed ? 200 : 409,
    );
    if (allowed) {
      m.openReturns.set(body.saleReturnId, {
        id: body.saleReturnId,
        lines: lines.map(({ item, quantity }) => ({
          saleItemId: item.saleItemId,
          purchaseItemId: item.id,
          quantity,
        })),
      });
    }
  }
  toString = () => `returnLabel(${this.pick})`;
}

class Receive implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.openReturns.size > 0;
  async run(m: Model, r: Real) {
    const saleReturn = nth(m.openReturns, this.pick)!;
    const before = clone(m);
    let expected = 200;
    for (const line of saleReturn.lines) {
      const saleItem = m.saleItems.get(line.saleItemId)!;
      if (line.quantity > saleItem.fulfilled - saleItem.returned) expected = 422;
      saleItem.returned += line.quantity;
      m.purchaseItems.get(line.purchaseItemId)!.returned += line.quantity;
    }
    if (expected !== 200) restore(m, before);
    else {
      m.openReturns.delete(saleReturn.id);
      applyStatuses(m);
    }
    await expectAnswer(m, r, r.t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}), expected);
  }
  toString = () => `receive(${this.pick})`;
}

class Invoice implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.purchases.size > 0;
  async run(m: Model, r: Real) {
    const purchase = m.purchases.get(nth(m.purchases, this.pick)!.id)!;
    const { owed } = purchaseMoney(m, purchase);
    let expected = 200;
    if (owed - purchase.invoiced > 0) purchase.invoiced = owed;
    else if (!(purchase.invoiced > 0 && purchase.invoiced >= owed)) expected = 409;
    await expectAnswer(
      m,
      r,
      r.t.json("PUT", `/purchases/${purchase.id}.json`, { invoiceStatus: "invoiced" }),
      expected,
    );
  }
  toString = () => `invoice(${this.pick})`;
}

class Pay implements Cmd {
  constructor(
    readonly pick: number,
    readonly amount: number,
  ) {}
  check = (m: Model) => m.purchases.size > 0;
  async run(m: Model, r: Real) {
    const purchase = m.purchases.get(nth(m.purchases, this.pick)!.id)!;
    purchase.paid += this.amount;
    await expectAnswer(
      m,
      r,
      r.t.json("POST", "/purchase-invoice-payments.json", {
        purchaseId: purchase.id,
        amount: this.amount / 100,
      }),
      200,
    );
  }
  toString = () => `pay(${this.pick}, ${this.amount})`;
}

class Settle implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    let amount = 0;
    for (const purchase of m.purchases.values()) {
      const { owed } = purchaseMoney(m, purchase);
      const paymentStatus = purchase.paid <= 0 ? "notPaid" : purchase.paid >= owed ? "paid" : "partiallyPaid";
      if (purchase.invoiced <= 0 || paymentStatus === "paid") continue;
      const due = Math.min(owed, purchase.invoiced) - purchase.paid;
      if (due > 0) {
        amount += due;
        purchase.paid += due;
      }
    }
    m.transferred += amount;
    await expectAnswer(
      m,
      r,
      r.t.json("POST", `/dropship-providers/${r.providerId}/settle-invoices.json`, {}),
      amount > 0 ? 200 : 409,
    );
  }
  toString = () => "settle()";
}

class MarkPaid implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.purchases.size > 0;
  async run(m: Model, r: Real) {
    const purchase = m.purchases.get(nth(m.purchases, this.pick)!.id)!;
    const { owed } = purchaseMoney(m, purchase);
    const isPaid = purchase.paid > 0 && purchase.paid >= owed;
    await expectAnswer(
      m,
      r,
      r.t.json("PUT", `/purchases/${purchase.id}.json`, { paymentStatus: "paid" }),
      isPaid ? 200 : 409,
    );
  }
  toString = () => `markPaid(${this.pick})`;
}

/** The lines of all fulfillments, each with its fulfillment. */
const fulfillmentLines = (m: Model) =>
  [...m.fulfillments.values()].flatMap((fulfillment) =>
    fulfillment.lines.map((line) => ({ fulfillment, line })),
  );

/**
 * Edits a fulfillment line's quantity, or deletes it (quantity 0). Only a pending fulfillment's lines
 * change (409); a raise carries no more of its sale line than it has open (422). The allocation follows:
 * for a line of B, its components'.
 */
class EditFulfillmentLine implements Cmd {
  constructor(
    readonly pick: number,
    readonly quantity: number,
  ) {}
  check = (m: Model) => fulfillmentLines(m).length > 0;
  async run(m: Model, r: Real) {
    const lines = fulfillmentLines(m);
    const { fulfillment, line } = lines[this.pick % lines.length]!;
    const saleItem = m.saleItems.get(line.saleItemId)!;
    let expected = this.quantity === 0 ? 204 : 200;
    // Its quantity sent back as it is changes nothing, and is taken whatever the fulfillment's state.
    if (this.quantity === line.quantity) expected = 200;
    else if (fulfillment.status !== "pending") expected = 409;
    else if (
      this.quantity > line.quantity &&
      saleItem.fulfilled + saleItem.cancelled + carried(m, saleItem.id) - line.quantity + this.quantity >
        saleItem.quantity
    )
      expected = 422;
    else if (this.quantity === 0) fulfillment.lines.splice(fulfillment.lines.indexOf(line), 1);
    else line.quantity = this.quantity;
    await expectAnswer(
      m,
      r,
      this.quantity === 0
        ? r.t.json("DELETE", `/fulfillment-items/${line.id}.json`)
        : r.t.json("PUT", `/fulfillment-items/${line.id}.json`, { quantity: this.quantity }),
      expected,
    );
  }
  toString = () => `editFulfillmentLine(${this.pick}, ${this.quantity})`;
}

/** Cancels an unshipped fulfillment (its allocation released), or deletes one that has not shipped. */
class CancelFulfillment implements Cmd {
  constructor(
    readonly pick: number,
    readonly remove: boolean,
  ) {}
  check = (m: Model) => m.fulfillments.size > 0;
  async run(m: Model, r: Real) {
    const fulfillment = m.fulfillments.get(nth(m.fulfillments, this.pick)!.id)!;
    if (this.remove) {
      const allowed = fulfillment.status !== "shipped";
      if (allowed) m.fulfillments.delete(fulfillment.id);
      await expectAnswer(
        m,
        r,
        r.t.json("DELETE", `/fulfillments/${fulfillment.id}.json`),
        allowed ? 204 : 409,
      );
      return;
    }
    const allowed = fulfillment.status === "pending";
    if (allowed) fulfillment.status = "cancelled";
    await expectAnswer(
      m,
      r,
      r.t.json("PUT", `/fulfillments/${fulfillment.id}/cancel.json`, {}),
      allowed ? 200 : 409,
    );
  }
  toString = () => `${this.remove ? "deleteFulfillment" : "cancelFulfillment"}(${this.pick})`;
}

/**
 * Moves a pending fulfillment with lines to dropship: its allocation is released, and a pending purchase
 * to the provider orders its lines at their variants' cost (0 for the own variants).
 */
class MoveToDropship implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.fulfillments.size > 0;
  async run(m: Model, r: Real) {
    const fulfillment = m.fulfillments.get(nth(m.fulfillments, this.pick)!.id)!;
    const allowed = fulfillment.status === "pending" && fulfillment.lines.length > 0;
    if (allowed) fulfillment.status = "moved";
    const { status, body } = await r.t.json("PUT", `/fulfillments/${fulfillment.id}/move-to-dropship.json`, {
      dropshipProviderId: r.providerId,
    });
    expect(status, JSON.stringify(body)).toBe(allowed ? 200 : 409);
    if (allowed) {
      m.purchases.set(body.id, {
        id: body.id,
        saleId: fulfillment.saleId,
        status: "pending",
        charges: { shippingPrice: 0, discounts: 0, taxAmount: 0 },
        paid: 0,
        invoiced: 0,
      });
      const items = (await r.t.json("GET", `/purchase-items.json?where[purchaseId]=${body.id}`))
        .body as any[];
      expect(items.length).toBe(fulfillment.lines.length);
      let lines = 0;
      for (const item of items) {
        const line = fulfillment.lines.find((one) => one.saleItemId === item.saleItemId)!;
        m.purchaseItems.set(item.id, {
          id: item.id,
          purchaseId: body.id,
          saleItemId: item.saleItemId,
          quantity: line.quantity,
          price: VARIANTS[line.variant].cost,
          shipped: 0,
          cancelled: 0,
          returned: 0,
        });
        lines += line.quantity * VARIANTS[line.variant].cost;
      }
      m.purchases.get(body.id)!.charges = routedCharges(lines);
    }
    await checkBooks(m, r);
  }
  toString = () => `moveToDropship(${this.pick})`;
}

/**
 * A return of units shipped from the warehouse (a line sold from it, never dropshipped), received: the
 * units go back on hand, for a line of B its components', as many as one bundle holds now.
 */
class ReturnShipped implements Cmd {
  constructor(
    readonly pick: number,
    readonly quantity: number,
  ) {}
  returnable = (m: Model) =>
    [...m.saleItems.values()].filter(
      (item) =>
        !VARIANTS[item.variant].dropship &&
        item.fulfilled > item.returned &&
        ![...m.purchaseItems.values()].some((purchaseItem) => purchaseItem.saleItemId === item.id),
    );
  check = (m: Model) => this.returnable(m).length > 0;
  async run(m: Model, r: Real) {
    const items = this.returnable(m);
    const item = items[this.pick % items.length]!;
    const quantity = 1 + ((this.quantity - 1) % (item.fulfilled - item.returned));
    const saleReturn = await r.t.json("POST", "/sale-returns.json", {
      saleId: item.saleId,
      type: "return",
    });
    expect(saleReturn.status, JSON.stringify(saleReturn.body)).toBe(200);
    const line = await r.t.json("POST", "/sale-return-items.json", {
      saleReturnId: saleReturn.body.id,
      saleItemId: item.id,
      quantity,
    });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    item.returned += quantity;
    for (const [key, units] of moves(m, item.variant, quantity)) m.onHand[key] += units;
    applyStatuses(m);
    await expectAnswer(m, r, r.t.json("POST", `/sale-returns/${saleReturn.body.id}/receive.json`, {}), 200);
  }
  toString = () => `returnShipped(${this.pick}, ${this.quantity})`;
}

/**
 * Toggles the units of O2 one B holds between 1 and 2: refused (409) while an unshipped line of B holds
 * stock, as its components stay as those lines hold them.
 */
class ChangeBundle implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    const quantity = m.bundle.O2 === 1 ? 2 : 1;
    const held = [...m.fulfillments.values()].some(
      (fulfillment) =>
        fulfillment.status === "pending" && fulfillment.lines.some((line) => line.variant === "B"),
    );
    if (!held) m.bundle.O2 = quantity;
    await expectAnswer(
      m,
      r,
      r.t.json("PUT", `/bundle-variants/${r.bundleParts.O2}.json`, { quantity }),
      held ? 409 : 200,
    );
  }
  toString = () => "changeBundle()";
}

// ------------------------------------------------------------------------------------------------ run

const pick = fc.nat(50);
const price = fc.integer({ min: 0, max: 5000 });
const lineArb = fc.record({
  variant: fc.constantFrom<VariantKey>("D1", "D2", "O1", "O2", "B"),
  quantity: fc.integer({ min: 1, max: 3 }),
  price,
});
const commands = [
  fc
    .uniqueArray(lineArb, { minLength: 1, maxLength: 3, selector: (line) => line.variant })
    .map((lines) => new ManualSale(lines)),
  fc
    .tuple(pick, fc.integer({ min: 0, max: 5 }), price)
    .map(([p, q, c]) => new EditSaleItem(p, Math.max(1, q), c)),
  fc
    .tuple(pick, fc.integer({ min: 0, max: 5 }), price)
    .map(([p, q, c]) => new EditPurchaseItem(p, Math.max(1, q), c)),
  fc
    .tuple(
      pick,
      fc.integer({ min: 0, max: 800 }),
      fc.integer({ min: 0, max: 2000 }),
      fc.integer({ min: 0, max: 300 }),
    )
    .map(([p, s, d, x]) => new EditCharges(p, { shippingPrice: s, discounts: d, taxAmount: x })),
  pick.map((p) => new Send(p)),
  fc.tuple(pick, fc.nat(3), fc.integer({ min: 1, max: 3 })).map(([p, l, q]) => new Ship(p, l, q)),
  pick.map((p) => new Cancel(p)),
  pick.map((p) => new ShipFulfillment(p)),
  pick.map((p) => new ReturnLabel(p)),
  pick.map((p) => new Receive(p)),
  pick.map((p) => new Invoice(p)),
  fc.tuple(pick, fc.integer({ min: 1, max: 1500 })).map(([p, a]) => new Pay(p, a)),
  fc.constant(new Settle()),
  pick.map((p) => new MarkPaid(p)),
  fc.tuple(pick, fc.integer({ min: 0, max: 4 })).map(([p, q]) => new EditFulfillmentLine(p, q)),
  fc.tuple(pick, fc.boolean()).map(([p, remove]) => new CancelFulfillment(p, remove)),
  pick.map((p) => new MoveToDropship(p)),
  fc.tuple(pick, fc.integer({ min: 1, max: 3 })).map(([p, q]) => new ReturnShipped(p, q)),
  fc.constant(new ChangeBundle()),
];

async function world(stack: TestStack): Promise<{ model: Model; real: Real }> {
  const t = await stack.tenant();
  const make = async (plural: string, body: Record<string, unknown>) => {
    const answer = await t.json("POST", `/${plural}.json`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const channel = await make("channels", { name: "Store" });
  const warehouse = await make("warehouses", { name: "Main", isDefault: true });
  const provider = await make("dropship-providers", {
    name: "Supplier",
    email: "orders@supplier.example",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
    addressLineOne: "1 Depot Lane",
    city: "Reno",
    country: "US",
    handlingPrice: HANDLING / 100,
  });
  await make("channel-dropship-provider-tax-rates", {
    channelId: channel.id,
    dropshipProviderId: provider.id,
    rate: TAX_RATE,
    taxShipping: true,
  });
  const variantIds = {} as Record<VariantKey, number>;
  for (const [key, spec] of Object.entries(VARIANTS) as [VariantKey, (typeof VARIANTS)[VariantKey]][]) {
    const variant = await make("variants", {
      sku: key,
      name: key,
      costPrice: spec.cost / 100,
      ...(spec.dropship ? { dropshipProviderId: provider.id } : {}),
    });
    variantIds[key] = variant.id;
    if (spec.stock)
      await make("adjustments", { variantId: variant.id, warehouseId: warehouse.id, quantity: spec.stock });
  }
  const bundle = { O1: 2, O2: 1 };
  const bundleParts = { O1: 0, O2: 0 };
  for (const key of ["O1", "O2"] as const) {
    const part = await make("bundle-variants", {
      variantId: variantIds.B,
      componentVariantId: variantIds[key],
      quantity: bundle[key],
    });
    bundleParts[key] = part.id;
  }
  const model: Model = {
    sales: new Map(),
    saleItems: new Map(),
    purchases: new Map(),
    purchaseItems: new Map(),
    fulfillments: new Map(),
    openReturns: new Map(),
    onHand: { O1: VARIANTS.O1.stock, O2: VARIANTS.O2.stock, B: VARIANTS.B.stock },
    bundle,
    transferred: 0,
    orders: 0,
  };
  const real = {
    t,
    channelId: channel.id,
    providerId: provider.id,
    variantIds,
    warehouseId: warehouse.id,
    bundleParts,
  };
  // Every run starts with two orders, one of each kind of line and one mixed, so that edits have targets.
  await new ManualSale([{ variant: "D1", quantity: 3, price: 1999 }]).run(model, real);
  await new ManualSale([
    { variant: "D2", quantity: 2, price: 500 },
    { variant: "O1", quantity: 2, price: 2000 },
    { variant: "B", quantity: 1, price: 3000 },
  ]).run(model, real);
  return { model, real };
}

// A run takes several times as long on the remote driver (every round trip an HTTP request): fewer runs.
const RUNS: { kind: StackKind; numRuns: number }[] = [
  { kind: embedded, numRuns: 30 },
  { kind: remote, numRuns: 10 },
];

describe.each(RUNS)("the books after any sequence of edits and actions ($kind.name)", ({ kind, numRuns }) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await kind.open();
  });
  afterAll(() => stack?.close());

  it("match the reference model after every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: "max" }), (cmds) =>
        fc.asyncModelRun(() => world(stack), cmds),
      ),
      { numRuns, seed: 20261122, endOnFailure: true },
    );
  }, 240_000);
});
