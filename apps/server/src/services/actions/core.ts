/**
 * Building blocks the action verbs share: reading records by field, money in minor units, the default
 * warehouse, stock levels, and turning order lines into purchases and fulfillments.
 */
import { type KindDef, kindByName } from "@multichannel/schema";
import { encode, type StoredRecord, toRecord } from "../../db/rows.ts";
import { tableFor } from "../../db/tables.ts";
import { ApiError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { insertRecord, patchRecord } from "../records.ts";

export function kind(name: string): KindDef {
  const found = kindByName(name);
  if (!found) throw new Error(`No kind ${name} in the manifest`);
  return found;
}

/** Records of `kindName` in the company whose fields equal `where` (by id). */
export async function selectWhere(
  ctx: Ctx,
  kindName: string,
  where: Record<string, string | number | boolean | null>,
  options: { order?: string; limit?: number; offset?: number } = {},
): Promise<StoredRecord[]> {
  const table = tableFor(kind(kindName));
  const clauses = ["company_id = ?"];
  const args: (string | number | null)[] = [ctx.companyId];
  for (const [field, value] of Object.entries(where)) {
    const column = field === "id" ? "id" : table.byField.get(field)?.name;
    if (!column) throw new Error(`${kindName} has no field ${field}`);
    if (value === null) clauses.push(`${column} IS NULL`);
    else {
      clauses.push(`${column} = ?`);
      args.push(field === "id" ? (value as number) : encode(table.byField.get(field)!, value));
    }
  }
  const limit =
    options.limit !== undefined
      ? ` LIMIT ${Math.trunc(options.limit)} OFFSET ${Math.trunc(options.offset ?? 0)}`
      : "";
  const result = await ctx.db.execute({
    sql: `SELECT ${table.selectList} FROM ${table.name} WHERE ${clauses.join(" AND ")} ORDER BY ${options.order ?? "id"}${limit}`,
    args,
  });
  return result.rows.map((row) => toRecord(table, row));
}

export async function selectOne(
  ctx: Ctx,
  kindName: string,
  where: Record<string, string | number | boolean | null>,
): Promise<StoredRecord | undefined> {
  return (await selectWhere(ctx, kindName, where, { limit: 1 }))[0];
}

export const insert = (ctx: Ctx, kindName: string, values: Record<string, unknown>) =>
  insertRecord(ctx, kind(kindName), values);
export const patch = (ctx: Ctx, kindName: string, id: number, values: Record<string, unknown>) =>
  patchRecord(ctx, kind(kindName), id, values);

// ---------------------------------------------------------------------------------------------- money

/** Major units (at most two decimals) to integer minor units. */
export const toCents = (amount: number | null | undefined): number => Math.round((amount ?? 0) * 100);
/** Integer minor units back to major units. */
export const fromCents = (cents: number): number => cents / 100;

// ---------------------------------------------------------------------------------------- inventory

/** The warehouse named, or the company's default one (`isDefault`, else the first); 422 when there is none. */
export async function warehouseFor(ctx: Ctx, warehouseId?: number | null): Promise<StoredRecord> {
  if (warehouseId) {
    const named = await selectOne(ctx, "warehouse", { id: warehouseId });
    if (!named) {
      throw new ApiError("validation_failed", `No warehouse with id ${warehouseId}.`, {
        errors: [{ path: "warehouseId", message: `No warehouse with id ${warehouseId}.` }],
      });
    }
    return named;
  }
  const found =
    (await selectOne(ctx, "warehouse", { isDefault: true })) ?? (await selectOne(ctx, "warehouse", {}));
  if (!found) {
    throw new ApiError("validation_failed", "The company has no warehouse: create one first.", {
      errors: [{ path: "warehouseId", message: "no warehouse exists" }],
    });
  }
  return found;
}

/** Changes a stock level by deltas, creating the level at zero first if needed. */
export async function changeLevel(
  ctx: Ctx,
  input: { variantId: number; warehouseId: number; onHand?: number; allocated?: number },
): Promise<StoredRecord> {
  const level =
    (await selectOne(ctx, "inventory-level", {
      variantId: input.variantId,
      warehouseId: input.warehouseId,
    })) ??
    (await insert(ctx, "inventory-level", { variantId: input.variantId, warehouseId: input.warehouseId }));
  return patch(ctx, "inventory-level", level.id, {
    onHand: (level.onHand as number) + (input.onHand ?? 0),
    allocated: Math.max(0, (level.allocated as number) + (input.allocated ?? 0)),
  });
}

// ------------------------------------------------------------------------------------------ orders

/** One order line as purchases and fulfillments take it. `price` is the unit price in major units. */
export interface Line {
  saleItemId?: number | null;
  purchaseItemId?: number | null;
  variantId?: number | null;
  sku: string;
  name?: string | null;
  quantity: number;
  price: number;
}

/** Where a purchase or fulfillment ships to. */
export interface ShipTo {
  name?: string | null;
  company?: string | null;
  lineOne?: string | null;
  lineTwo?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** A sale's ship-to address. */
export function shipToOfSale(sale: StoredRecord): ShipTo {
  return {
    name: sale.shippingName as string | null,
    company: sale.shippingCompany as string | null,
    lineOne: sale.shippingAddressLineOne as string | null,
    lineTwo: sale.shippingAddressLineTwo as string | null,
    city: sale.shippingCity as string | null,
    state: sale.shippingState as string | null,
    zip: sale.shippingZip as string | null,
    country: sale.shippingCountry as string | null,
    phone: sale.shippingPhone as string | null,
    email: sale.shippingEmail as string | null,
  };
}

/** A purchase's ship-to (its receiver) address. */
export function shipToOfPurchase(purchase: StoredRecord): ShipTo {
  return {
    name: purchase.receiverName as string | null,
    company: purchase.receiverCompany as string | null,
    lineOne: purchase.receiverAddressLineOne as string | null,
    lineTwo: purchase.receiverAddressLineTwo as string | null,
    city: purchase.receiverCity as string | null,
    state: purchase.receiverState as string | null,
    zip: purchase.receiverZip as string | null,
    country: purchase.receiverCountry as string | null,
    phone: purchase.receiverPhone as string | null,
    email: purchase.receiverEmail as string | null,
  };
}

/** An address as the `shipping*` fields of a sale or a fulfillment. */
export function shippingFields(to: ShipTo): Record<string, string | null> {
  return {
    shippingName: to.name ?? null,
    shippingCompany: to.company ?? null,
    shippingAddressLineOne: to.lineOne ?? null,
    shippingAddressLineTwo: to.lineTwo ?? null,
    shippingCity: to.city ?? null,
    shippingState: to.state ?? null,
    shippingZip: to.zip ?? null,
    shippingCountry: to.country ?? null,
    shippingPhone: to.phone ?? null,
    shippingEmail: to.email ?? null,
  };
}

/** A fulfillment's ship-to address. */
export const shipToOfFulfillment = shipToOfSale;

/**
 * A dropship purchase to `dropshipProviderId` for `lines`, with its items and exact totals. The purchase
 * starts pending: it still has to be sent.
 */
export async function createPurchase(
  ctx: Ctx,
  input: {
    dropshipProviderId: number;
    saleId?: number | null;
    currency?: string | null;
    shipTo: ShipTo;
    lines: readonly Line[];
    notes?: string | null;
  },
): Promise<{ purchase: StoredRecord; items: StoredRecord[] }> {
  const subtotal = input.lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  const to = input.shipTo;
  const purchase = await insert(ctx, "purchase", {
    dropshipProviderId: input.dropshipProviderId,
    saleId: input.saleId ?? null,
    purchaseType: "dropship",
    isDropship: true,
    currency: input.currency ?? "USD",
    receiverName: to.name ?? null,
    receiverCompany: to.company ?? null,
    receiverAddressLineOne: to.lineOne ?? null,
    receiverAddressLineTwo: to.lineTwo ?? null,
    receiverCity: to.city ?? null,
    receiverState: to.state ?? null,
    receiverZip: to.zip ?? null,
    receiverCountry: to.country ?? null,
    receiverPhone: to.phone ?? null,
    receiverEmail: to.email ?? null,
    subtotal: fromCents(subtotal),
    total: fromCents(subtotal),
    quantity: input.lines.reduce((sum, line) => sum + line.quantity, 0),
    notes: input.notes ?? null,
  });
  const items: StoredRecord[] = [];
  for (const line of input.lines) {
    items.push(
      await insert(ctx, "purchase-item", {
        purchaseId: purchase.id,
        saleItemId: line.saleItemId ?? null,
        variantId: line.variantId ?? null,
        sku: line.sku,
        name: line.name ?? null,
        quantity: line.quantity,
        price: line.price,
        total: fromCents(toCents(line.price) * line.quantity),
      }),
    );
  }
  return { purchase, items };
}

/** A fulfillment from an own warehouse for `lines`; the stock it needs is allocated. */
export async function createFulfillment(
  ctx: Ctx,
  input: {
    warehouseId: number;
    saleId?: number | null;
    dropshipmentId?: number | null;
    shipTo: ShipTo;
    lines: readonly Line[];
  },
): Promise<{ fulfillment: StoredRecord; items: StoredRecord[] }> {
  const to = input.shipTo;
  const fulfillment = await insert(ctx, "fulfillment", {
    saleId: input.saleId ?? null,
    warehouseId: input.warehouseId,
    dropshipmentId: input.dropshipmentId ?? null,
    ...shippingFields(to),
  });
  const items: StoredRecord[] = [];
  for (const line of input.lines) {
    items.push(
      await insert(ctx, "fulfillment-item", {
        fulfillmentId: fulfillment.id,
        saleItemId: line.saleItemId ?? null,
        purchaseItemId: line.purchaseItemId ?? null,
        variantId: line.variantId ?? null,
        warehouseId: input.warehouseId,
        sku: line.sku,
        quantity: line.quantity,
      }),
    );
    if (line.variantId) {
      await changeLevel(ctx, {
        variantId: line.variantId,
        warehouseId: input.warehouseId,
        allocated: line.quantity,
      });
    }
  }
  return { fulfillment, items };
}

/**
 * Recomputes a sale's status from its items: fulfilled counts what has shipped (by a provider or from a
 * warehouse), cancelled what was cancelled. Called after anything that changes those quantities.
 */
export async function refreshSaleStatus(
  ctx: Ctx,
  saleId: number | null | undefined,
): Promise<StoredRecord | undefined> {
  if (!saleId) return undefined;
  const items = await selectWhere(ctx, "sale-item", { saleId });
  let ordered = 0;
  let fulfilled = 0;
  let cancelled = 0;
  for (const item of items) {
    ordered += item.quantity as number;
    fulfilled += item.quantityFulfilled as number;
    cancelled += item.quantityCancelled as number;
  }
  const open = ordered - cancelled;
  const status =
    ordered > 0 && cancelled >= ordered
      ? "cancelled"
      : fulfilled >= open && open > 0
        ? "fulfilled"
        : fulfilled > 0
          ? "partiallyFulfilled"
          : "open";
  return patch(ctx, "sale", saleId, {
    status,
    inventoryStatus:
      status === "fulfilled" ? "fulfilled" : fulfilled > 0 ? "partiallyFulfilled" : "notFulfilled",
    cancellationStatus: cancelled === 0 ? "none" : cancelled >= ordered ? "full" : "partial",
  });
}
