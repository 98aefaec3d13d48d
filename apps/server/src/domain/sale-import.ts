/**
 * Importing an order keyed by (channel, externalId) as a write plan: what the import reads besides the
 * order's variants, and the plan computed from that snapshot. The customer is found by e-mail or
 * created; the sale is created, or updated when the order was imported before (never duplicated), with
 * its lines; new lines go to a purchase per dropship provider or to a fulfillment from an own warehouse;
 * a known line's new price is followed by its open returns' lines still at their default amount; the
 * books of sale and purchases are settled, and a sale import logs it.
 */

import {
  type Channel,
  type Customer,
  fieldSchema,
  type InventoryLevel,
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
import { defaultWarehouse } from "./default-warehouse.ts";
import { checkLineCount } from "./line-limit.ts";
import {
  chooseWarehouse,
  type Line,
  planFulfillmentOf,
  planPurchaseOf,
  shipToOfSale,
} from "./order-routing.ts";
import { fieldOf, fieldsOf, many, one, type Snapshot } from "./reads.ts";
import { sameFactValues } from "./same-facts.ts";
import { availableOf, movedBy, stockOf } from "./stock.ts";
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
 * The read of an order's variants (those `where` finds): lines, purchases and the fulfillment are made
 * from these fields of them, held as read; what else of them another writer changes meanwhile does not
 * make the import stale.
 */
export function orderVariants(where: Sql) {
  return many("variant", where, {
    hold: { fields: ["sku", "name", "costPrice", "dropshipProviderId", "productId"] },
  });
}

/**
 * What the import reads besides the order's variants, for one pipeline with them (`variantIds`: SQL
 * answering their ids, a subquery), each held as read unless said otherwise:
 * - `customers`: the first customer with the order's e-mail (case-insensitive), held as still the first
 *   (or still none): two orders of a new customer make one; and its `saleNotes`, which a new sale takes;
 * - `sales`: the sale of an order imported before (still none: two imports of one new order make one
 *   sale, the later planned again to update it), and `saleItems` its lines (the sale's books are
 *   computed from every one of them);
 * - `saleReturns` and `saleReturnLines`: the returns of its lines, which a line's new price is
 *   followed on (`planReturnsFollowPrices`);
 * - `channelWarehouse` and `fallbackWarehouse` (the company's default, else its first): where the order's
 *   own lines are fulfilled from;
 * - `levels` and `bundleParts`: the stock of the order's variants (`stockOf`: allocated in the statement;
 *   what routing relies on of it is held by `ownStock`);
 * - `products`: the products of the order's variants, for their `brand` (the channel's in-house brands
 *   are never dropshipped; held as read: that field);
 * - `providers`: the dropship providers of the order's variants, for whether each takes lines (`enabled`),
 *   the currency its purchase is in and the handling it charges on it (held as read: those fields);
 * - `taxRates`: the channel's enabled tax rates of dropship providers' items, which tax their purchases;
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
  return {
    customers: many("customer", sql`lower(${email}) = lower(${order.email})`, {
      limit: 1,
      hold: { fields: ["saleNotes"] },
    }),
    sales: many("sale", { channelId, externalId }, { limit: 1 }),
    saleItems: many("sale-item", saleItems),
    ...returnsOfSaleLinesReads(fieldsOf("sale-item", "id", saleItems), true),
    channelWarehouse: one("warehouse", fieldOf("channel", channelId, "warehouseId")),
    fallbackWarehouse: defaultWarehouse(),
    ...stockOf(order.variantIds),
    products: many(
      "product",
      sql`id IN ${fieldsOf("variant", "productId", sql`id IN ${order.variantIds}`)}`,
      { hold: { fields: ["brand"] } },
    ),
    providers: many(
      "dropship-provider",
      sql`id IN ${fieldsOf("variant", "dropshipProviderId", sql`id IN ${order.variantIds}`)}`,
      { hold: { fields: ["enabled", "currency", "handlingPrice"] } },
    ),
    taxRates: many("channel-dropship-provider-tax-rate", { channelId, enabled: true }),
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
  // A new sale takes its customer's standing notes where the order gives none.
  const notes = existing ? {} : { notes: order.header.notes ?? customer.saleNotes ?? null };
  const header: ValuesOf<"sale"> = { ...order.header, ...notes, customerId: customer.id };
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
  planRouting(
    plan,
    channel,
    sale,
    newItems.map((item, index) => ({ item, variant: added[index]!.variant })),
    read,
  );
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

/**
 * Sends new sale lines on their way: a purchase per dropship provider, a fulfillment from the own
 * warehouse for the rest. Who ships each line is `shippersOf`'s answer.
 */
function planRouting(
  plan: WritePlan,
  channel: Channel,
  sale: Sale,
  lines: readonly { item: SaleItem; variant: Variant }[],
  read: SaleImportSnapshot,
): void {
  const stock = ownStock(channel, read);
  const providers = shippersOf(channel, lines, read, stock);
  const byProvider = new Map<number, Line[]>();
  const own: Line[] = [];
  lines.forEach(({ item, variant }, index) => {
    const providerId = providers[index]!;
    const line: Line = {
      saleItemId: item.id,
      variantId: variant.id,
      sku: item.sku,
      name: item.name,
      quantity: item.quantity,
      price: providerId !== null ? (variant.costPrice ?? 0) : item.price,
    };
    if (providerId === null) own.push(line);
    else byProvider.set(providerId, [...(byProvider.get(providerId) ?? []), line]);
  });
  stock.hold(plan);
  const shipTo = shipToOfSale(sale);
  for (const [dropshipProviderId, providerLines] of byProvider) {
    // Priced at the variants' cost prices: what the provider bills, in the currency it is paid in.
    const provider = read.providers.find((candidate) => candidate.id === dropshipProviderId);
    planPurchaseOf(plan, {
      dropshipProviderId,
      saleId: sale.id,
      currency: provider?.currency ?? sale.currency,
      shipTo,
      lines: providerLines,
      charges: { handlingPrice: provider?.handlingPrice ?? null, taxRates: read.taxRates },
    });
  }
  if (!own.length) return;
  const warehouse = chooseWarehouse(channel.warehouseId, read.channelWarehouse, read.fallbackWarehouse[0]);
  planFulfillmentOf(plan, { warehouseId: warehouse.id, saleId: sale.id, shipTo, lines: own }, read);
}

/**
 * The dropship provider that ships each line, or null for the own warehouse. A line is fulfilled from
 * the own warehouse when its variant has no provider, or one that is disabled, or is of a brand the
 * channel ships itself (`inhouseBrandNames`, the variant's product's `brand`, whatever its case); and,
 * on a channel that prefers its own stock (`blendedPreference` `inhouse`, the default), when that
 * warehouse has every unit it needs free (`ownStock`), after the lines that can only be fulfilled took
 * theirs. Otherwise its variant's provider ships it.
 */
function shippersOf(
  channel: Channel,
  lines: readonly { item: SaleItem; variant: Variant }[],
  read: SaleImportSnapshot,
  stock: OwnStock,
): (number | null)[] {
  const inhouseBrands = new Set((channel.inhouseBrandNames ?? []).map(brandKey));
  const candidates = lines.map(({ variant }) => {
    const provider = read.providers.find((candidate) => candidate.id === variant.dropshipProviderId);
    if (!provider?.enabled) return null;
    const brand = read.products.find((product) => product.id === variant.productId)?.brand;
    return brand && inhouseBrands.has(brandKey(brand)) ? null : provider.id;
  });
  lines.forEach(({ item, variant }, index) => {
    if (candidates[index] === null) stock.take(variant.id, item.quantity);
  });
  if ((channel.blendedPreference ?? "inhouse") !== "inhouse") return candidates;
  return lines.map(({ item, variant }, index) => {
    const providerId = candidates[index]!;
    return providerId !== null && stock.takeFree(variant.id, item.quantity) ? null : providerId;
  });
}

/** A brand as `inhouseBrandNames` are matched: without regard to case or surrounding spaces. */
const brandKey = (brand: string): string => brand.trim().toLowerCase();

/** The own warehouse's stock as routing takes units of it (`ownStock`). */
interface OwnStock {
  /** Takes the units a line of `quantity` of the variant moves, free or not. */
  take(variantId: number, quantity: number): void;
  /** Takes them only when every one is free (on hand less allocated, less what earlier lines took). */
  takeFree(variantId: number, quantity: number): boolean;
  /** Holds, for the batch, that the units `takeFree` found free are still free. */
  hold(plan: WritePlan): void;
}

/**
 * The stock of the warehouse the order's own lines are fulfilled from (the channel's, else the
 * company's default) as the snapshot read it (`levels`, not held). A line routed there because its
 * units were free relies on them: the batch holds that each level it took from still has as many free,
 * so that two orders do not both take the last units (the later is planned again, and dropshipped).
 */
function ownStock(channel: Channel, read: SaleImportSnapshot): OwnStock {
  const warehouse = channel.warehouseId ? read.channelWarehouse : read.fallbackWarehouse[0];
  const taken = new Map<number, number>();
  const relied = new Set<InventoryLevel>();
  const levelOf = (variantId: number) =>
    read.levels.find((level) => level.variantId === variantId && level.warehouseId === warehouse?.id);
  const moves = (variantId: number, quantity: number) =>
    movedBy(read, { variantId, quantity }).map((moved) => ({ ...moved, level: levelOf(moved.variantId) }));
  const takeAll = (moved: ReturnType<typeof moves>) => {
    for (const { level, quantity } of moved) {
      if (level) taken.set(level.id, (taken.get(level.id) ?? 0) + quantity);
    }
  };
  return {
    take: (variantId, quantity) => takeAll(moves(variantId, quantity)),
    takeFree(variantId, quantity) {
      const moved = moves(variantId, quantity);
      const free = moved.every(
        ({ level, quantity }) => level && availableOf(level) - (taken.get(level.id) ?? 0) >= quantity,
      );
      if (!free) return false;
      takeAll(moved);
      for (const { level } of moved) relied.add(level!);
      return true;
    },
    hold(plan) {
      const levels = table("inventory-level");
      const at = (field: string) => sql.id(column(levels, field));
      for (const level of relied) {
        const free = sql`(SELECT ${at("onHand")} - ${at("allocated")} FROM ${sql.id(levels.name)} WHERE company_id = ${sql.company} AND id = ${level.id})`;
        plan.hold(sql`${free} >= ${taken.get(level.id)!}`);
      }
    },
  };
}
