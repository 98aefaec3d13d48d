/**
 * Stock levels. On hand changes only through a recorded movement: an adjustment (set by hand, a
 * restocked return), a goods receipt, or a shipped fulfillment's lines. Allocation follows unshipped
 * fulfillments. What a sale moves of a bundle is its components' stock (`movedBy`); what is received or
 * adjusted of it, its own.
 */

import type {
  Adjustment,
  BundleVariant,
  Channel,
  InventoryFeed,
  InventoryFeedVariant,
  InventoryLevel,
} from "@multichannel/schema";
import { type Sql, sql } from "../db/sql.ts";
import { fieldIn, fieldsOf, many, type Read } from "./reads.ts";
import { column, table } from "./store.ts";
import type { WritePlan } from "./write-plan.ts";

/**
 * Units free to sell: on hand less allocated, plus the units the variant's vendors and providers hold
 * for it (`feedUnits`: its connected feed items' less their feeds' buffers, see `feedUnitsSql`). For a channel (a `safetyStock`
 * given), less its safety stock too, and never below 0: what its store may offer.
 */
export function availableOf(
  level: { onHand: number; allocated: number; feedUnits?: number },
  safetyStock: number | null = null,
): number {
  const free = level.onHand - level.allocated + (level.feedUnits ?? 0);
  return safetyStock === null ? free : Math.max(0, free - safetyStock);
}

/** `availableOf` without safety stock, in SQL, over the expressions of on hand, allocated and feed units. */
export function availableSql(onHand: string, allocated: string, feedUnits = "0"): string {
  return `${onHand} - ${allocated} + ${feedUnits}`;
}

/**
 * The units of a feed item that count toward its variant's stock: its quantity less its feed's
 * `allocationBuffer` (the units kept back from what channels are told), never below 0. `feedUnitsSql`
 * sums the same in SQL.
 */
export function feedItemUnits(
  item: Pick<InventoryFeedVariant, "quantity">,
  feed: Pick<InventoryFeed, "allocationBuffer">,
): number {
  return Math.max(0, item.quantity - (feed.allocationBuffer ?? 0));
}

/**
 * SQL: the units the feeds hold for a variant (`variantId`, SQL naming its id): the sum of
 * `feedItemUnits` over the feed items linked to it, of enabled feeds, not removed. A feed is the
 * variant's source where one of its items is linked to it, and its stock is sold as the variant's.
 */
export function feedUnitsSql(variantId: Sql): Sql {
  const items = table("inventory-feed-variant");
  const feeds = table("inventory-feed");
  const item = (field: string) => sql.raw(`i.${column(items, field)}`);
  const feed = (field: string) => sql.raw(`f.${column(feeds, field)}`);
  const units = sql`max(${item("quantity")} - COALESCE(${feed("allocationBuffer")}, 0), 0)`;
  return sql`COALESCE((SELECT SUM(${units}) FROM ${sql.id(items.name)} i JOIN ${sql.id(feeds.name)} f ON f.company_id = i.company_id AND f.id = ${item("inventoryFeedId")} WHERE i.company_id = ${sql.company} AND ${item("variantId")} = ${variantId} AND ${item("status")} IS NOT 'removed' AND ${feed("enabled")} IS NOT 0), 0)`;
}

/** A bundle's component as its stock is computed: the units one bundle holds, and its own stock. */
export interface BundleComponent {
  readonly quantity: number;
  readonly onHand: number;
  readonly allocated: number;
  readonly feedUnits: number;
}

/**
 * SQL: the components of the bundle `variantId` (SQL naming its id) names, as a JSON array of
 * `BundleComponent` (`bundleComponentsOf` reads it): each with its stock summed over the warehouses and
 * its feed units. `[]` for a variant that is no bundle.
 */
export function bundleComponentsSql(variantId: Sql): Sql {
  const bundles = table("bundle-variant");
  const levels = table("inventory-level");
  const part = (field: string) => sql.raw(`bv.${column(bundles, field)}`);
  const level = (field: string) => sql.raw(`il.${column(levels, field)}`);
  const component = part("componentVariantId");
  const total = (field: string) =>
    sql`COALESCE((SELECT SUM(${level(field)}) FROM ${sql.id(levels.name)} il WHERE il.company_id = ${sql.company} AND ${level("variantId")} = ${component}), 0)`;
  return sql`(SELECT json_group_array(json_object('quantity', ${part("quantity")}, 'onHand', ${total("onHand")}, 'allocated', ${total("allocated")}, 'feedUnits', ${feedUnitsSql(component)})) FROM ${sql.id(bundles.name)} bv WHERE bv.company_id = ${sql.company} AND ${part("variantId")} = ${variantId})`;
}

/** The components `bundleComponentsSql` answered. */
export function bundleComponentsOf(value: unknown): BundleComponent[] {
  if (typeof value !== "string") return [];
  return (JSON.parse(value) as Record<string, unknown>[]).map((component) => ({
    quantity: Number(component.quantity ?? 1),
    onHand: Number(component.onHand ?? 0),
    allocated: Number(component.allocated ?? 0),
    feedUnits: Number(component.feedUnits ?? 0),
  }));
}

/**
 * The stock a channel is told a variant has: `availableOf` its own stock, less the channel's safety
 * stock. A bundle (a variant with `components`) on a channel whose `bundleInventorySync` is not
 * `disabled` has as many as its components make: the least, over them, of what the channel would be
 * told of the component divided by the units one bundle holds, rounded down. Selling a bundle moves its
 * components' stock (`movedBy`), so what they make is what is left.
 */
export function channelAvailable(
  own: { onHand: number; allocated: number; feedUnits?: number },
  components: readonly BundleComponent[],
  channel: Pick<Channel, "safetyStock" | "bundleInventorySync">,
): number {
  const safetyStock = channel.safetyStock ?? 0;
  if (!components.length || channel.bundleInventorySync === "disabled") return availableOf(own, safetyStock);
  return Math.min(
    ...components.map((component) => Math.floor(availableOf(component, safetyStock) / component.quantity)),
  );
}

/**
 * The stock a sale of some variants moves (`stockOf`): the levels of the variants and of their
 * components, as a plan leaves them (see `plannedLevel`), and the components of those that are bundles.
 */
export interface Stock {
  readonly levels: InventoryLevel[];
  readonly bundleParts: readonly BundleVariant[];
}

/**
 * What a sale of the variants `variantIds` answers (SQL: a list or a subquery, in parentheses) moves, to
 * spread into an operation's reads: `levels`, those of the variants and of their components (not held,
 * as `levelsOf`), and `bundleParts`, the components of those that are bundles (held: which variants
 * move, and how many units of each, is what the plan relies on).
 */
export function stockOf(variantIds: Sql) {
  const bundled = fieldIn("bundle-variant", "variantId", variantIds);
  const components = fieldsOf("bundle-variant", "componentVariantId", bundled);
  return {
    levels: many(
      "inventory-level",
      sql`${fieldIn("inventory-level", "variantId", variantIds)} OR ${fieldIn("inventory-level", "variantId", components)}`,
      { hold: "none" },
    ),
    bundleParts: many("bundle-variant", bundled, {
      hold: { fields: ["variantId", "componentVariantId", "quantity"] },
    }),
  };
}

/** What a sale moves of what `stockOf` read, its levels a copy the plan may add to. */
export const stockFrom = (read: Stock): Stock => ({
  levels: [...read.levels],
  bundleParts: read.bundleParts,
});

/**
 * The units a sale of `quantity` units of a variant moves: a bundle's components, `quantity` times the
 * units one bundle holds of each; any other variant's own.
 */
export function movedBy(
  stock: Stock,
  input: { variantId: number; quantity: number },
): { variantId: number; quantity: number }[] {
  const parts = stock.bundleParts.filter((part) => part.variantId === input.variantId);
  if (!parts.length) return [{ variantId: input.variantId, quantity: input.quantity }];
  return parts.map((part) => ({
    variantId: part.componentVariantId,
    quantity: input.quantity * part.quantity,
  }));
}

/**
 * `allocate` in a write plan: the units a sale of the variant moves (`movedBy`). A missing level is
 * created at zero, while no other writer has created it meanwhile (`plannedLevel`). The units are added
 * in the statement itself, so concurrent orders of one variant do not conflict over the level: the batch
 * relies on it being there, not on the count read.
 */
export function planAllocation(
  plan: WritePlan,
  stock: Stock,
  input: { variantId: number; warehouseId: number; quantity: number },
): void {
  for (const moved of movedBy(stock, input)) {
    const level = plannedLevel(plan, stock.levels, moved.variantId, input.warehouseId);
    plan.addTo("inventory-level", level, "allocated", moved.quantity, { floor: 0 });
  }
}

/** `planAllocation` for many lines at once: one statement for all their levels. */
export function planAllocations(
  plan: WritePlan,
  stock: Stock,
  inputs: readonly { variantId: number; warehouseId: number; quantity: number }[],
): void {
  const changes = inputs.flatMap((input) =>
    movedBy(stock, input).map((moved) => ({
      record: plannedLevel(plan, stock.levels, moved.variantId, input.warehouseId),
      amount: moved.quantity,
    })),
  );
  if (changes.length) plan.addToMany("inventory-level", "allocated", changes, { floor: 0 });
}

/**
 * The level of a variant at a warehouse among `levels` (those a plan read, as it leaves them): created
 * at zero when there is none, while no other writer has created it meanwhile, and added to `levels`.
 */
export function plannedLevel(
  plan: WritePlan,
  levels: InventoryLevel[],
  variantId: number,
  warehouseId: number,
): InventoryLevel {
  const known = levels.find((level) => level.variantId === variantId && level.warehouseId === warehouseId);
  if (known) return known;
  plan.sameCount("inventory-level", { variantId, warehouseId }, 0);
  const created = plan.insert("inventory-level", { variantId, warehouseId });
  levels.push(created);
  return created;
}

/** Sets a planned level's values, in `levels` too (so a later movement of the plan starts from it). */
function updateLevel(
  plan: WritePlan,
  levels: InventoryLevel[],
  level: InventoryLevel,
  values: { onHand?: number; allocated?: number },
): InventoryLevel {
  const updated = plan.update("inventory-level", level, values);
  levels[levels.indexOf(level)] = updated;
  return updated;
}

/**
 * An adjustment of on hand recorded in a write plan, on `levels` (see `plannedLevel`): the level is
 * written while it is as read, so the levels before and after that the adjustment records are exact.
 */
/** The bounds of an adjustment's `quantity` (its field's: ±100,000,000), which every path that records one keeps. */
const ADJUSTED = table("adjustment").kind.fields.quantity!;

/**
 * Why an adjustment of `quantity` cannot be recorded, said after what makes it (a row's count, a level
 * set): past its field's bounds; undefined when it can.
 */
export function adjustmentBeyond(quantity: number): string | undefined {
  const [min, max] = [ADJUSTED.min ?? -Infinity, ADJUSTED.max ?? Infinity];
  if (quantity >= min && quantity <= max) return undefined;
  return `would change on hand by ${quantity}, past what one adjustment records (${min} to ${max})`;
}

/**
 * A change of a variant's on hand at a warehouse, with the adjustment's note and reason: `quantity` is
 * the units it changes by (`planRecordAdjustment`), or the on hand it sets (`planSetOnHand`).
 */
export interface AdjustmentInput {
  variantId: number;
  warehouseId: number;
  quantity: number;
  notes?: string | null;
  adjustmentReasonId?: number | null;
}

/** Records an adjustment, on hand of its level changed with it (`planOnHandChange`), on `levels`. */
export function planRecordAdjustment(
  plan: WritePlan,
  levels: InventoryLevel[],
  input: AdjustmentInput,
): Adjustment {
  return plan.insert("adjustment", {
    variantId: input.variantId,
    warehouseId: input.warehouseId,
    quantity: input.quantity,
    notes: input.notes ?? null,
    adjustmentReasonId: input.adjustmentReasonId ?? null,
    ...planOnHandChange(plan, levels, input),
  });
}

/** On hand of a variant at a warehouse among `levels` (0 without a level). */
export function onHandAt(levels: readonly InventoryLevel[], variantId: number, warehouseId: number): number {
  return (
    levels.find((level) => level.variantId === variantId && level.warehouseId === warehouseId)?.onHand ?? 0
  );
}

/**
 * On hand of a variant at a warehouse set to `quantity` in a write plan, on `levels` (those read:
 * `levelsOf`), the change recorded as an adjustment (`planRecordAdjustment`): answers the level before
 * and the adjustment, or, when one adjustment cannot record the change (`adjustmentBeyond`), why, with
 * nothing planned.
 */
export function planSetOnHand(
  plan: WritePlan,
  levels: InventoryLevel[],
  input: AdjustmentInput,
): { before: number } & ({ adjustment: Adjustment } | { beyond: string }) {
  const before = onHandAt(levels, input.variantId, input.warehouseId);
  const beyond = adjustmentBeyond(input.quantity - before);
  if (beyond) return { before, beyond };
  return {
    before,
    adjustment: planRecordAdjustment(plan, levels, { ...input, quantity: input.quantity - before }),
  };
}

/**
 * An adjustment's change of on hand in a write plan, on `levels` (see `plannedLevel`): the level is
 * written while it is as read, so the levels before and after it answers (for the adjustment to
 * record) are exact.
 */
export function planOnHandChange(
  plan: WritePlan,
  levels: InventoryLevel[],
  input: { variantId: number; warehouseId: number; quantity: number },
): Pick<Adjustment, "quantityBefore" | "quantityAfter"> {
  const level = plannedLevel(plan, levels, input.variantId, input.warehouseId);
  const quantityAfter = level.onHand + input.quantity;
  updateLevel(plan, levels, level, { onHand: quantityAfter });
  return { quantityBefore: level.onHand, quantityAfter };
}

/**
 * Units that arrive (positive) or are taken back (negative) on hand, in a write plan, on `levels` (see
 * `plannedLevel`): added in the statement itself, as shipping out takes them.
 */
export function planOnHandMove(
  plan: WritePlan,
  levels: InventoryLevel[],
  input: { variantId: number; warehouseId: number; quantity: number },
): void {
  const level = plannedLevel(plan, levels, input.variantId, input.warehouseId);
  plan.addTo("inventory-level", level, "onHand", input.quantity);
}

/**
 * The stock levels of the variants `variantIds` answers (SQL: a list or a subquery, in parentheses):
 * their own, which adjustments and receipts move (what a sale moves is `stockOf`'s). Not held as read:
 * a plan moves them by adding in the statement (`addTo`, with its floor), writes one only while it is
 * as read (`plan.update`), and creates a missing one only while no other writer has (`plannedLevel`),
 * so each use guards what it relies on.
 */
export function levelsOf(variantIds: Sql): Read<InventoryLevel[]> {
  const variantId = sql.id(column(table("inventory-level"), "variantId"));
  return many("inventory-level", sql`${variantId} IN ${variantIds}`, { hold: "none" });
}

/**
 * Units of a shipped fulfillment line leave the warehouse, and their allocation with them (never below
 * 0), in a write plan: those a sale of the variant moves (`movedBy`), on `stock.levels` (see
 * `plannedLevel`). Added in the statements themselves, so concurrent orders of the variant do not
 * conflict over the level.
 */
export function planShipOut(
  plan: WritePlan,
  stock: Stock,
  input: { variantId: number; warehouseId: number; quantity: number },
): void {
  for (const moved of movedBy(stock, input)) {
    const level = plannedLevel(plan, stock.levels, moved.variantId, input.warehouseId);
    plan.addTo("inventory-level", level, "onHand", -moved.quantity);
    plan.addTo("inventory-level", level, "allocated", -moved.quantity, { floor: 0 });
  }
}

/**
 * Sold units back on hand (a received return), recorded as adjustments (`planRecordAdjustment`): those
 * a sale of the variant moved (`movedBy`), on `stock.levels`.
 */
export function planRestock(
  plan: WritePlan,
  stock: Stock,
  input: { variantId: number; warehouseId: number; quantity: number; notes: string },
): void {
  for (const moved of movedBy(stock, input)) {
    planRecordAdjustment(plan, stock.levels, { ...input, ...moved });
  }
}

/** An adjustment as `AdjustmentSet.record` takes it. */
export interface AdjustmentInput {
  variantId: number;
  warehouseId: number;
  quantity: number;
  notes?: string | null;
  adjustmentReasonId?: number | null;
  /** The data import whose row made it. */
  dataImportId?: number;
}

const levelKey = (variantId: number, warehouseId: number) => `${variantId}:${warehouseId}`;

/**
 * Many adjustments of on hand planned at once (an import's batch of rows), on `levels` (those read:
 * `levelsOf`): each is recorded with the levels before and after it, in order, and `plan` writes them
 * set-at-a-time: the levels changed, each only while it is as read (`updateMany`), the missing ones
 * created while no other writer has created them, and the adjustments, one statement per chunk each.
 */
export class AdjustmentSet {
  private readonly read: Map<string, InventoryLevel>;
  private readonly onHandNow = new Map<string, number>();
  private readonly adjustments: Record<string, unknown>[] = [];

  constructor(levels: readonly InventoryLevel[]) {
    this.read = new Map(levels.map((level) => [levelKey(level.variantId, level.warehouseId), level]));
  }

  /** On hand of a variant at a warehouse after the adjustments recorded so far (0 without a level). */
  onHand(variantId: number, warehouseId: number): number {
    const key = levelKey(variantId, warehouseId);
    return this.onHandNow.get(key) ?? this.read.get(key)?.onHand ?? 0;
  }

  /** Whether the variant has a level at the warehouse, read or to be created by this set. */
  hasLevel(variantId: number, warehouseId: number): boolean {
    const key = levelKey(variantId, warehouseId);
    return this.read.has(key) || this.onHandNow.has(key);
  }

  record(input: AdjustmentInput): void {
    const before = this.onHand(input.variantId, input.warehouseId);
    const after = before + input.quantity;
    this.onHandNow.set(levelKey(input.variantId, input.warehouseId), after);
    this.adjustments.push({
      variantId: input.variantId,
      warehouseId: input.warehouseId,
      quantity: input.quantity,
      notes: input.notes ?? null,
      adjustmentReasonId: input.adjustmentReasonId ?? null,
      ...(input.dataImportId ? { dataImportId: input.dataImportId, automatedImport: true } : {}),
      quantityBefore: before,
      quantityAfter: after,
    });
  }

  /** Writes the levels and the adjustments recorded into `plan`. */
  plan(plan: WritePlan): void {
    const updates: { current: InventoryLevel; values: { onHand: number } }[] = [];
    const created: { variantId: number; warehouseId: number; onHand: number }[] = [];
    for (const [key, onHand] of this.onHandNow) {
      const level = this.read.get(key);
      if (level) updates.push({ current: level, values: { onHand } });
      else {
        const [variantId, warehouseId] = key.split(":").map(Number) as [number, number];
        created.push({ variantId, warehouseId, onHand });
      }
    }
    plan.updateMany("inventory-level", ["onHand"], updates);
    if (created.length) {
      const levels = table("inventory-level");
      const pairs = JSON.stringify(created.map((level) => [level.variantId, level.warehouseId]));
      const variantId = sql.id(column(levels, "variantId"));
      const warehouseId = sql.id(column(levels, "warehouseId"));
      plan.hold(
        sql`(SELECT count(*) FROM ${sql.id(levels.name)} WHERE company_id = ${sql.company} AND (${variantId}, ${warehouseId}) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${pairs}))) = 0`,
      );
      plan.insertMany("inventory-level", created, ["id"]);
    }
    plan.insertMany("adjustment", this.adjustments, ["id"]);
  }
}
