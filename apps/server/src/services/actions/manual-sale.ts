import type { ChannelManualSaleInput } from "@multichannel/schema";
import type { StoredRecord } from "../../db/rows.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { column, insertMany, table, variantsBySku } from "./channels.ts";
import {
  createFulfillment,
  createPurchase,
  fromCents,
  insert,
  type Line,
  patch,
  refreshSaleStatus,
  selectOne,
  selectWhere,
  shippingFields,
  shipToOfSale,
  toCents,
  warehouseFor,
} from "./core.ts";

export type ManualSaleInput = ChannelManualSaleInput;
type ItemInput = ManualSaleInput["items"][number];

/** The customer with this email in the company (case-insensitive), or a new one. */
async function findOrCreateCustomer(ctx: Ctx, customer: ManualSaleInput["customer"]): Promise<StoredRecord> {
  const t = table("customer");
  const found = await ctx.db.execute({
    sql: `SELECT id FROM ${t.name} WHERE company_id = ? AND lower(${column(t, "email")}) = lower(?) ORDER BY id LIMIT 1`,
    args: [ctx.companyId, customer.email],
  });
  const id = found.rows[0]?.id;
  if (id !== undefined && id !== null) return (await selectOne(ctx, "customer", { id: Number(id) }))!;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
  return insert(ctx, "customer", {
    email: customer.email,
    firstName: customer.firstName ?? null,
    lastName: customer.lastName ?? null,
    phone: customer.phone ?? null,
    name: name || null,
  });
}

function saleHeader(input: ManualSaleInput, customer: StoredRecord): Record<string, unknown> {
  const header: Record<string, unknown> = {
    customerId: customer.id,
    ...shippingFields(input.shippingAddress),
  };
  if (input.notes !== undefined) header.notes = input.notes;
  if (input.shippingPrice !== undefined) header.shippingPrice = input.shippingPrice ?? 0;
  if (input.orderedAt !== undefined) header.orderedAt = input.orderedAt;
  if (input.currency !== undefined && input.currency !== null) header.currency = input.currency;
  return header;
}

const lineTotal = (price: number, quantity: number) => fromCents(toCents(price) * quantity);

/** Sends new sale lines on their way: a purchase per dropship provider, a fulfillment for the rest. */
async function routeLines(
  ctx: Ctx,
  channel: StoredRecord,
  sale: StoredRecord,
  lines: readonly { item: StoredRecord; variant: StoredRecord }[],
): Promise<void> {
  const byProvider = new Map<number, Line[]>();
  const own: Line[] = [];
  for (const { item, variant } of lines) {
    const providerId = variant.dropshipProviderId as number | null;
    const line: Line = {
      saleItemId: item.id,
      variantId: variant.id,
      sku: item.sku as string,
      name: item.name as string | null,
      quantity: item.quantity as number,
      price: providerId !== null ? ((variant.costPrice as number | null) ?? 0) : (item.price as number),
    };
    if (providerId === null) own.push(line);
    else byProvider.set(providerId, [...(byProvider.get(providerId) ?? []), line]);
  }
  const shipTo = shipToOfSale(sale);
  for (const [dropshipProviderId, providerLines] of byProvider) {
    await createPurchase(ctx, {
      dropshipProviderId,
      saleId: sale.id,
      currency: sale.currency as string,
      shipTo,
      lines: providerLines,
    });
  }
  if (own.length) {
    const warehouse = await warehouseFor(ctx, channel.warehouseId as number | null);
    await createFulfillment(ctx, { warehouseId: warehouse.id, saleId: sale.id, shipTo, lines: own });
  }
}

/** Pairs the order's lines with the sale's: by the line's external id, else by sku. */
function matchLines(
  items: readonly ItemInput[],
  lines: readonly StoredRecord[],
): (StoredRecord | undefined)[] {
  const taken = new Set<number>();
  return items.map((item) => {
    const match =
      (item.externalId
        ? lines.find((line) => !taken.has(line.id) && line.externalId === item.externalId)
        : undefined) ??
      lines.find(
        (line) =>
          !taken.has(line.id) &&
          line.sku === item.sku &&
          (!item.externalId || line.externalId === null || line.externalId === undefined),
      );
    if (match) taken.add(match.id);
    return match;
  });
}

/**
 * `POST /channels/{id}/manual-sale.json`: imports one order keyed by (channel, externalId). The first time
 * it creates the sale, its lines and their purchases or fulfillment; again, it updates the header, the
 * names and prices of known lines, and adds and routes new lines. Quantities of known lines never change
 * here (cancel through the purchase instead).
 */
export async function importManualSale({
  ctx,
  channel,
  input,
}: {
  ctx: Ctx;
  channel: StoredRecord;
  input: ManualSaleInput;
}): Promise<StoredRecord> {
  const variants = await variantsBySku(
    ctx,
    input.items.map((item) => item.sku),
  );
  const unknown: FieldError[] = input.items.flatMap((item, index) =>
    variants.has(item.sku)
      ? []
      : [{ path: `items.${index}.sku`, message: `No variant with sku ${item.sku}.` }],
  );
  if (unknown.length) {
    throw new ApiError("validation_failed", "Some items name a sku that is not in the catalogue.", {
      errors: unknown,
    });
  }

  const existing = await selectOne(ctx, "sale", { channelId: channel.id, externalId: input.externalId });
  const lines = existing ? await selectWhere(ctx, "sale-item", { saleId: existing.id }) : [];
  const matches = matchLines(input.items, lines);
  const changed = input.items.flatMap((item, index) => {
    const line = matches[index];
    return line && line.quantity !== item.quantity
      ? [
          {
            index,
            saleItemId: line.id,
            sku: item.sku,
            quantity: line.quantity as number,
            requested: item.quantity,
          },
        ]
      : [];
  });
  if (changed.length) {
    const first = changed[0]!;
    throw new ApiError(
      "conflict",
      `Line items.${first.index} (sku ${first.sku}) was imported with quantity ${first.quantity}, not ${first.requested}: ` +
        "a quantity cannot change through manual-sale; cancel through the purchase or fulfillment instead.",
      { lines: changed },
    );
  }
  const added = input.items.filter((_, index) => !matches[index]);
  if (existing && added.length && (existing.status === "cancelled" || existing.status === "fulfilled")) {
    throw new ApiError(
      "conflict",
      `Sale ${existing.id} is ${existing.status}: new lines cannot be added to it; import them as a new order.`,
      { state: existing.status as string, allowedStates: ["open", "partiallyFulfilled"] },
    );
  }

  const customer = await findOrCreateCustomer(ctx, input.customer);
  const header = saleHeader(input, customer);
  let sale: StoredRecord;
  if (!existing) {
    sale = await insert(ctx, "sale", {
      ...header,
      channelId: channel.id,
      externalId: input.externalId,
      currency: input.currency ?? (channel.currency as string | null) ?? "USD",
      orderedAt: input.orderedAt ?? ctx.now(),
    });
  } else {
    sale = existing;
    for (const [index, item] of input.items.entries()) {
      const line = matches[index];
      if (!line) continue;
      const name = item.name !== undefined ? item.name : (line.name as string | null);
      if (name === line.name && item.price === line.price) continue;
      await patch(ctx, "sale-item", line.id, {
        name,
        price: item.price,
        total: lineTotal(item.price, item.quantity),
      });
    }
  }

  const newItems = await insertMany(
    ctx,
    "sale-item",
    added.map((item) => ({
      saleId: sale.id,
      variantId: variants.get(item.sku)!.id,
      externalId: item.externalId ?? null,
      sku: item.sku,
      name: item.name ?? (variants.get(item.sku)!.name as string | null),
      quantity: item.quantity,
      price: item.price,
      total: lineTotal(item.price, item.quantity),
    })),
  );

  const allLines = await selectWhere(ctx, "sale-item", { saleId: sale.id });
  const subtotalCents = allLines.reduce(
    (sum, line) => sum + toCents(line.price as number) * (line.quantity as number),
    0,
  );
  const shippingCents = toCents(
    (header.shippingPrice as number | undefined) ?? (sale.shippingPrice as number),
  );
  sale = await patch(ctx, "sale", sale.id, {
    ...header,
    subtotal: fromCents(subtotalCents),
    total: fromCents(
      subtotalCents + shippingCents - toCents(sale.discounts as number) + toCents(sale.taxAmount as number),
    ),
  });

  if (newItems.length) {
    await routeLines(
      ctx,
      channel,
      sale,
      newItems.map((item) => ({ item, variant: variants.get(item.sku as string)! })),
    );
    if (existing) sale = (await refreshSaleStatus(ctx, sale.id)) ?? sale;
  }

  await insert(ctx, "sale-import", {
    channelId: channel.id,
    saleId: sale.id,
    externalId: input.externalId,
    status: "success",
    message: existing ? "updated" : "created",
    payload: JSON.stringify(input),
  });
  return sale;
}
