/**
 * Routing a sale's lines, for an imported order and for an imported draft when it is finalized: what it
 * reads, who ships each line (a dropship provider or the own warehouse; also how a shipping quote groups
 * its items), and the purchases and the fulfillment that carry them, as a write plan.
 */
import type { Channel, InventoryLevel, Sale, SaleItem, Variant } from "@multichannel/schema";
import { type Sql, sql } from "../db/sql.ts";
import { defaultWarehouse } from "./default-warehouse.ts";
import {
  chooseWarehouse,
  type Line,
  planFulfillmentOf,
  planPurchaseOf,
  shipToOfSale,
} from "./order-routing.ts";
import { fieldOf, fieldsOf, many, one, type Snapshot } from "./reads.ts";
import { availableOf, movedBy, stockOf } from "./stock.ts";
import { column, table } from "./store.ts";
import type { WritePlan } from "./write-plan.ts";

/** A sale line to route: its variant, and the units to route. */
export interface RoutedLine {
  item: SaleItem;
  variant: Variant;
  quantity: number;
}

/**
 * The read of the variants of the lines to route (those `where` finds): lines, purchases and the
 * fulfillment are made from these fields of them, held as read; what else of them another writer
 * changes meanwhile does not make the write stale.
 */
export function routedVariants(where: Sql) {
  return many("variant", where, {
    hold: { fields: ["sku", "name", "costPrice", "dropshipProviderId", "productId"] },
  });
}

/**
 * What deciding who ships the lines reads besides their variants (`shippersOf`), for one pipeline with
 * them (`channelId`: the channel, or SQL answering it; `variantIds`: SQL answering the variants' ids, a
 * subquery), each held as read unless said otherwise:
 * - `channelWarehouse` and `fallbackWarehouse` (the company's default, else its first): where the
 *   own lines are fulfilled from;
 * - `levels` and `bundleParts`: the stock of the variants (`stockOf`: allocated in the statement; what
 *   routing relies on of it is held by `ownStock`);
 * - `products`: the variants' products, for their `brand` (the channel's in-house brands are never
 *   dropshipped; held as read: that field);
 * - `providers`: the variants' dropship providers, for whether each takes lines (`enabled`), the
 *   currency its purchase is in and the handling it charges on it (held as read: those fields).
 */
export function shipperReads(sale: { channelId: number | Sql; variantIds: Sql }) {
  const { channelId, variantIds } = sale;
  return {
    channelWarehouse: one("warehouse", fieldOf("channel", channelId, "warehouseId")),
    fallbackWarehouse: defaultWarehouse(),
    ...stockOf(variantIds),
    products: many("product", sql`id IN ${fieldsOf("variant", "productId", sql`id IN ${variantIds}`)}`, {
      hold: { fields: ["brand"] },
    }),
    providers: many(
      "dropship-provider",
      sql`id IN ${fieldsOf("variant", "dropshipProviderId", sql`id IN ${variantIds}`)}`,
      { hold: { fields: ["enabled", "currency", "handlingPrice"] } },
    ),
  };
}

/** What `shipperReads` answered. */
export type ShipperSnapshot = Snapshot<ReturnType<typeof shipperReads>>;

/**
 * What routing reads besides the lines and their variants, for one pipeline with them: who ships them
 * (`shipperReads`), and `taxRates`, the channel's enabled tax rates of dropship providers' items, which
 * tax their purchases (held as read).
 */
export function routingReads(sale: { channelId: number | Sql; variantIds: Sql }) {
  return {
    ...shipperReads(sale),
    taxRates: many("channel-dropship-provider-tax-rate", { channelId: sale.channelId, enabled: true }),
  };
}

/** What `routingReads` answered. */
export type RoutingSnapshot = Snapshot<ReturnType<typeof routingReads>>;

/**
 * SQL: the sale lines meeting `where` (SQL over the sale items' columns) that no purchase line and no
 * fulfillment line carries: not routed yet.
 */
export function unroutedLines(where: Sql): Sql {
  const lines = sql.id(table("sale-item").name);
  const carried = (kindName: "purchase-item" | "fulfillment-item") => {
    const carrier = table(kindName);
    return sql`EXISTS (SELECT 1 FROM ${sql.id(carrier.name)} c WHERE c.company_id = ${sql.company} AND c.${sql.id(column(carrier, "saleItemId"))} = ${lines}.id)`;
  };
  return sql`(${where}) AND NOT ${carried("purchase-item")} AND NOT ${carried("fulfillment-item")}`;
}

/** The unrouted `lines` to route, each with its variant (among `variants`) and its units not cancelled. */
export function linesToRoute(lines: readonly SaleItem[], variants: readonly Variant[]): RoutedLine[] {
  return lines.flatMap((item) => {
    const variant = variants.find((candidate) => candidate.id === item.variantId);
    const quantity = item.quantity - item.quantityCancelled - item.quantityFulfilled;
    return variant && quantity > 0 ? [{ item, variant, quantity }] : [];
  });
}

/**
 * Sends sale lines on their way (`lines`: each with its variant and the units to route, its quantity
 * less what is cancelled): a purchase per dropship provider, a fulfillment from the own warehouse for
 * the rest. Who ships each line is `shippersOf`'s answer.
 */
export function planRouting(
  plan: WritePlan,
  channel: Channel,
  sale: Sale,
  lines: readonly RoutedLine[],
  read: RoutingSnapshot,
): void {
  const stock = ownStock(channel, read);
  const providers = shippersOf(channel, lines, read, stock);
  const byProvider = new Map<number, Line[]>();
  const own: Line[] = [];
  lines.forEach(({ item, variant, quantity }, index) => {
    const providerId = providers[index]!;
    const line: Line = {
      saleItemId: item.id,
      variantId: variant.id,
      sku: item.sku,
      name: item.name,
      quantity,
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
 * theirs. Otherwise its variant's provider ships it. Routing passes the `stock` it holds; a shipping
 * quote, which writes nothing, lets it be read afresh.
 */
export function shippersOf(
  channel: Channel,
  lines: readonly { variant: Variant; quantity: number }[],
  read: ShipperSnapshot,
  stock: OwnStock = ownStock(channel, read),
): (number | null)[] {
  const inhouseBrands = new Set((channel.inhouseBrandNames ?? []).map(brandKey));
  const candidates = lines.map(({ variant }) => {
    const provider = read.providers.find((candidate) => candidate.id === variant.dropshipProviderId);
    if (!provider?.enabled) return null;
    const brand = read.products.find((product) => product.id === variant.productId)?.brand;
    return brand && inhouseBrands.has(brandKey(brand)) ? null : provider.id;
  });
  lines.forEach(({ variant, quantity }, index) => {
    if (candidates[index] === null) stock.take(variant.id, quantity);
  });
  if ((channel.blendedPreference ?? "inhouse") !== "inhouse") return candidates;
  return lines.map(({ variant, quantity }, index) => {
    const providerId = candidates[index]!;
    return providerId !== null && stock.takeFree(variant.id, quantity) ? null : providerId;
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
function ownStock(channel: Channel, read: ShipperSnapshot): OwnStock {
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
