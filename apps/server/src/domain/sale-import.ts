/**
 * Importing an order keyed by (channel, externalId) as a write plan: what the import reads besides the
 * order's variants, and the plan computed from that snapshot. The customer is found by e-mail or
 * created; the sale is created, or updated when the order was imported before (never duplicated), with
 * its lines; new lines go to a purchase per dropship provider or to a fulfillment from an own warehouse
 * (`planRouting`), unless the sale is a draft, whose lines wait until it is finalized;
 * a known line's new price is followed by its open returns' lines still at their default amount; the
 * books of sale and purchases are settled, and a sale import logs it.
 */

import {
  type Channel,
  type Customer,
  fieldSchema,
  kindByName,
  type Sale,
  type SaleImport,
  type SaleItem,
  type Variant,
} from "@multichannel/schema";
import * as v from "valibot";
import { type Sql, sql } from "../db/sql.ts";
import { ApiError } from "../errors.ts";
import { accountingReads } from "./accounting.ts";
import { lineTotal, planSaleBooks } from "./books.ts";
import { checkLineCount } from "./line-limit.ts";
import { fieldsOf, many, type Snapshot } from "./reads.ts";
import { linesToRoute, planRouting, routedVariants, routingReads, unroutedLines } from "./sale-routing.ts";
import { sameFactValues } from "./same-facts.ts";
import { column, table, type ValuesOf } from "./store.ts";
import type { WritePlan } from "./write-plan.ts";
import { planReturnsFollowPrices, returnsOfSaleLinesReads } from "./write-rules/returns.ts";

/** One order line, whichever form it came in, with the catalogue variant it sells. */
export interface OrderLine {
  sku: string;
  quantity: number;
  price: number;
  name?: string | null;
  externalId?: string | null;
  properties?: SaleItem["properties"];
  taxable?: boolean | null;
  variant: Variant;
}

/** An order as the import takes it, its lines matched to the catalogue. */
export interface Order {
  channel: Channel;
  externalId: string;
  customer: { email: string; firstName?: string | null; lastName?: string | null; phone?: string | null };
  lines: readonly OrderLine[];
  /** The body's member the lines came in (`items`, `lineItems`), to name a refused line. */
  linesField: string;
  /** The sale's fields the order sets, but its customer: written on a new sale and an imported one. */
  header: ValuesOf<"sale">;
  /** What a new sale starts with besides. */
  start: { currency: string; orderedAt: string | null };
  /** The order as received, kept by the sale import. */
  payload: unknown;
}

/**
 * What the import reads besides the order's variants, for one pipeline with them (`variantIds`: SQL
 * answering their ids, a subquery), each held as read unless said otherwise:
 * - `customers`: the first customer with the order's e-mail (case-insensitive), held as still the first
 *   (or still none): two orders of a new customer make one; and its `saleNotes`, which a new sale takes;
 * - `sales`: the sale of an order imported before (still none: two imports of one new order make one
 *   sale, the later planned again to update it), and `saleItems` its lines (the sale's books are
 *   computed from every one of them);
 * - `unrouted` and `unroutedVariants`: those of its lines not routed yet, with their variants, which an
 *   import that finalizes a draft sale routes (held: still as many);
 * - `saleReturns` and `saleReturnLines`: the returns of its lines, which a line's new price is
 *   followed on (`planReturnsFollowPrices`);
 * - what routing reads of the channel and of the variants of the order and of those lines
 *   (`routingReads`);
 * - `accounting`: the accounting integrations a sale the import fulfils is sent to.
 */
export function saleImportReads(order: {
  channelId: number;
  externalId: string;
  email: string;
  variantIds: Sql;
}) {
  const { channelId, externalId } = order;
  const email = sql.id(column(table("customer"), "email"));
  const saleItems = sql`${sql.id(column(table("sale-item"), "saleId"))} IN ${fieldsOf("sale", "id", { channelId, externalId })}`;
  const unroutedVariantIds = fieldsOf("sale-item", "variantId", unroutedLines(saleItems));
  return {
    customers: many("customer", sql`lower(${email}) = lower(${order.email})`, {
      limit: 1,
      hold: { fields: ["saleNotes"] },
    }),
    sales: many("sale", { channelId, externalId }, { limit: 1 }),
    saleItems: many("sale-item", saleItems),
    unrouted: many("sale-item", unroutedLines(saleItems), { hold: "count" }),
    unroutedVariants: routedVariants(sql`id IN ${unroutedVariantIds}`),
    ...returnsOfSaleLinesReads(fieldsOf("sale-item", "id", saleItems), true),
    ...routingReads({
      channelId,
      variantIds: fieldsOf("variant", "id", sql`id IN ${order.variantIds} OR id IN ${unroutedVariantIds}`),
    }),
    ...accountingReads(),
  };
}

/** What `saleImportReads` answered. */
export type SaleImportSnapshot = Snapshot<ReturnType<typeof saleImportReads>>;

/**
 * Plans the import of `order` from what was read. Answers the sale and the sale import as the plan
 * leaves them. Quantities of lines imported before never change here (409: cancel through the purchase
 * or fulfillment instead).
 */
export function planSaleImport(
  plan: WritePlan,
  order: Order,
  read: SaleImportSnapshot,
): { sale: Sale; saleImport: SaleImport } {
  const { channel } = order;
  const [existing] = read.sales;
  const lines = existing ? read.saleItems : [];
  const matches = matchLines(order.lines, lines);
  refuseChangedProducts(order, matches);
  refuseChangedQuantities(order, matches);
  const added = order.lines.filter((_, index) => !matches[index]);
  checkLineCount(
    { kind: "sale", id: existing?.id },
    "sale-item",
    { before: lines.length, after: lines.length + added.length },
    "Send further lines as an order of their own (another externalId).",
  );

  const customer = planCustomer(plan, order.customer, read.customers[0]);
  // A new sale takes its customer's standing notes where the order gives none, and is a draft on a
  // channel that has its imported sales reviewed first.
  const start = existing
    ? {}
    : {
        notes: order.header.notes ?? customer.saleNotes ?? null,
        finalized: order.header.finalized ?? channel.automaticallyFinalizeSales,
      };
  const header: ValuesOf<"sale"> = { ...order.header, ...start, customerId: customer.id };
  let sale: Sale;
  let kept: SaleItem[] = [];
  if (!existing) {
    sale = plan.insert(
      "sale",
      sameFactValues("sale", {
        ...header,
        channelId: channel.id,
        externalId: order.externalId,
        ...order.start,
      }),
    );
  } else {
    sale = existing;
    const updated = new Map<number, SaleItem>();
    order.lines.forEach((line, index) => {
      const match = matches[index];
      const values = match ? lineChanges(line, match) : {};
      if (match && Object.keys(values).length) updated.set(match.id, plan.update("sale-item", match, values));
    });
    kept = lines.map((line) => updated.get(line.id) ?? line);
    const priced = lines.flatMap((before) => {
      const after = updated.get(before.id);
      return after ? [{ before, after }] : [];
    });
    planReturnsFollowPrices(plan, priced, read);
  }

  const newItems = plan.insertMany(
    "sale-item",
    added.map((line) => ({
      saleId: sale.id,
      variantId: line.variant.id,
      externalId: line.externalId ?? null,
      sku: line.sku,
      name: line.name ?? line.variant.name,
      quantity: line.quantity,
      price: line.price,
      total: lineTotal(line.quantity, line.price),
      taxable: line.taxable ?? null,
      properties: line.properties ?? null,
    })),
  );
  sale = plan.update("sale", sale, header);
  if (sale.finalized !== false) {
    // An import that finalizes a draft sale routes the lines it had too.
    const finalizing = existing?.finalized === false;
    const waiting = finalizing ? kept.filter((line) => read.unrouted.some(({ id }) => id === line.id)) : [];
    const lines = [
      ...linesToRoute(waiting, read.unroutedVariants),
      ...newItems.map((item, index) => ({ item, variant: added[index]!.variant, quantity: item.quantity })),
    ];
    planRouting(plan, channel, sale, lines, read);
  }
  sale = planSaleBooks(plan, sale, [...kept, ...newItems], read.accounting);

  const saleImport = plan.insert("sale-import", {
    channelId: channel.id,
    saleId: sale.id,
    externalId: order.externalId,
    status: "success",
    message: existing ? "updated" : "created",
    payload: keptPayload(order.payload),
  });
  return { sale, saleImport };
}

/** What a sale import's `payload` may hold (the field's bounds). */
const payloadSchema = fieldSchema(kindByName("sale-import")!.fields.payload!);

/** An order as its sale import keeps it: as received, or null past the payload's bounds (200,000 bytes). */
export function keptPayload(order: unknown): SaleImport["payload"] {
  return order !== undefined && v.is(payloadSchema, order) ? (order as SaleImport["payload"]) : null;
}

/** The characters a full name keeps: those of a customer's `name` and a sale's `shippingName`. */
const FULL_NAME_LENGTH = 200;

/**
 * A first and a last name joined as a full name (a customer's `name`, a sale's `shippingName`), null
 * when both are empty. Each part may have 100 characters and the space between makes 201: past 200, the
 * end of the last name is left out.
 */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  const joined = [first, last].filter(Boolean).join(" ");
  if (joined.length <= FULL_NAME_LENGTH) return joined || null;
  const characters = Array.from(joined);
  return characters.length <= FULL_NAME_LENGTH ? joined : characters.slice(0, FULL_NAME_LENGTH).join("");
}

/** The customer with the order's e-mail (the first, case-insensitive), or a new one. */
function planCustomer(plan: WritePlan, wanted: Order["customer"], found: Customer | undefined): Customer {
  if (found) return found;
  return plan.insert("customer", {
    email: wanted.email,
    firstName: wanted.firstName ?? null,
    lastName: wanted.lastName ?? null,
    phone: wanted.phone ?? null,
    name: fullName(wanted.firstName, wanted.lastName),
  });
}

/**
 * Pairs the order's lines with the sale's, each sale line at most once: by the line's external id, else
 * by SKU (a line sent with an id only with a sale line that has none). By SKU, a line takes a free sale
 * line of its quantity and price first, then one of its quantity, then any; each step pairs every line
 * of the order it can before the next. Lines without ids thus find their own again when an order is
 * resent with them in another order, rather than a neighbour of another quantity, which would be
 * refused as a changed quantity; a line whose quantity did change takes the line left free, and its
 * change is refused.
 */
function matchLines(items: readonly OrderLine[], lines: readonly SaleItem[]): (SaleItem | undefined)[] {
  const matches: (SaleItem | undefined)[] = items.map(() => undefined);
  const taken = new Set<number>();
  const byExternalId = linesBy(lines, (line) => line.externalId);
  const bySku = linesBy(lines, (line) => line.sku);
  const pair = (
    candidates: (item: OrderLine) => readonly SaleItem[] | undefined,
    fits: (item: OrderLine, line: SaleItem) => boolean,
  ) => {
    items.forEach((item, index) => {
      if (matches[index]) return;
      const match = candidates(item)?.find((line) => !taken.has(line.id) && fits(item, line));
      if (!match) return;
      taken.add(match.id);
      matches[index] = match;
    });
  };
  const sameSku = (item: OrderLine) => bySku.get(item.sku);
  const free = (item: OrderLine, line: SaleItem) => !item.externalId || (line.externalId ?? null) === null;
  pair(
    (item) => (item.externalId ? byExternalId.get(item.externalId) : undefined),
    () => true,
  );
  pair(
    sameSku,
    (item, line) => free(item, line) && line.quantity === item.quantity && line.price === item.price,
  );
  pair(sameSku, (item, line) => free(item, line) && line.quantity === item.quantity);
  pair(sameSku, free);
  return matches;
}

/** The sale's lines under each value of `key` (none for a null one), in their order. */
function linesBy(
  lines: readonly SaleItem[],
  key: (line: SaleItem) => string | null | undefined,
): Map<string, SaleItem[]> {
  const groups = new Map<string, SaleItem[]>();
  for (const line of lines) {
    const value = key(line);
    if (value === null || value === undefined) continue;
    const group = groups.get(value);
    if (group) group.push(line);
    else groups.set(value, [line]);
  }
  return groups;
}

/** A 409 when the order gives a line imported before (matched by its external id) another SKU. */
function refuseChangedProducts(order: Order, matches: readonly (SaleItem | undefined)[]): void {
  const errors = order.lines.flatMap((item, index) => {
    const line = matches[index];
    if (!line || line.sku === item.sku) return [];
    const path = `${order.linesField}.${index}.sku`;
    return [
      {
        path,
        message: `is ${item.sku}, but the line (external id ${line.externalId}) was imported with sku ${line.sku}`,
      },
    ];
  });
  if (!errors.length) return;
  const first = errors[0]!;
  throw new ApiError(
    "conflict",
    `${first.path} ${first.message}. A line's product cannot change through manual-sale: cancel the line through its purchase or fulfillment, and send the new product as a new line.`,
    { errors },
  );
}

/** A 409 when the order changes the quantity of a line imported before. */
function refuseChangedQuantities(order: Order, matches: readonly (SaleItem | undefined)[]): void {
  const changed = order.lines.flatMap((item, index) => {
    const line = matches[index];
    return line && line.quantity !== item.quantity
      ? [{ index, saleItemId: line.id, sku: item.sku, quantity: line.quantity, requested: item.quantity }]
      : [];
  });
  if (!changed.length) return;
  const first = changed[0]!;
  throw new ApiError(
    "conflict",
    `Line ${order.linesField}.${first.index} (sku ${first.sku}) was imported with quantity ${first.quantity}, not ${first.requested}: ` +
      "a quantity cannot change through manual-sale; cancel through the purchase or fulfillment instead.",
    { lines: changed },
  );
}

/** What the order changes of a line imported before: its name, price, taxable flag and properties. */
function lineChanges(item: OrderLine, line: SaleItem): ValuesOf<"sale-item"> {
  const values: ValuesOf<"sale-item"> = {};
  // A line sent without a name is named as its first import named it: after its variant.
  const name = item.name ?? item.variant.name;
  if (item.name !== undefined && name !== line.name) values.name = name;
  if (item.price !== line.price) {
    values.price = item.price;
    values.total = lineTotal(item.quantity, item.price);
  }
  if (item.taxable !== undefined && item.taxable !== line.taxable) values.taxable = item.taxable;
  if (item.properties !== undefined && JSON.stringify(item.properties) !== JSON.stringify(line.properties)) {
    values.properties = item.properties;
  }
  return values;
}
