import type {
  Channel,
  ChannelManualSaleInput,
  Customer,
  Sale,
  SaleItem,
  Variant,
} from "@multichannel/schema";
import { lineTotal, settleSale } from "../../domain/books.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { column, insertMany, table, variantsBySku } from "./channels.ts";
import {
  createFulfillment,
  createPurchase,
  insert,
  type Line,
  patch,
  selectOne,
  selectWhere,
  shippingFields,
  shipToOfSale,
  warehouseFor,
} from "./core.ts";

export type ManualSaleInput = ChannelManualSaleInput;
type ItemInput = ManualSaleInput["items"][number];

/** The customer with this email in the company (case-insensitive), or a new one. */
async function findOrCreateCustomer(ctx: Ctx, customer: ManualSaleInput["customer"]): Promise<Customer> {
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

function saleHeader(input: ManualSaleInput, customer: Customer) {
  const header: Partial<Sale> = {
    customerId: customer.id,
    ...shippingFields(input.shippingAddress),
  };
  if (input.notes !== undefined) header.notes = input.notes;
  if (input.shippingPrice !== undefined) header.shippingPrice = input.shippingPrice ?? 0;
  if (input.orderedAt !== undefined) header.orderedAt = input.orderedAt;
  if (input.currency !== undefined && input.currency !== null) header.currency = input.currency;
  return header;
}

/** Sends new sale lines on their way: a purchase per dropship provider, a fulfillment for the rest. */
async function routeLines(
  ctx: Ctx,
  channel: Channel,
  sale: Sale,
  lines: readonly { item: SaleItem; variant: Variant }[],
): Promise<void> {
  const byProvider = new Map<number, Line[]>();
  const own: Line[] = [];
  for (const { item, variant } of lines) {
    const providerId = variant.dropshipProviderId;
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
  }
  const shipTo = shipToOfSale(sale);
  for (const [dropshipProviderId, providerLines] of byProvider) {
    await createPurchase(ctx, {
      dropshipProviderId,
      saleId: sale.id,
      currency: sale.currency,
      shipTo,
      lines: providerLines,
    });
  }
  if (own.length) {
    const warehouse = await warehouseFor(ctx, channel.warehouseId);
    await createFulfillment(ctx, { warehouseId: warehouse.id, saleId: sale.id, shipTo, lines: own });
  }
}

/** Pairs the order's lines with the sale's: by the line's external id, else by sku. */
function matchLines(items: readonly ItemInput[], lines: readonly SaleItem[]): (SaleItem | undefined)[] {
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
  channel: Channel;
  input: ManualSaleInput;
}): Promise<Sale> {
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
            quantity: line.quantity,
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

  const customer = await findOrCreateCustomer(ctx, input.customer);
  const header = saleHeader(input, customer);
  let sale: Sale;
  if (!existing) {
    sale = await insert(ctx, "sale", {
      ...header,
      channelId: channel.id,
      externalId: input.externalId,
      currency: input.currency ?? channel.currency ?? "USD",
      orderedAt: input.orderedAt ?? ctx.now(),
    });
  } else {
    sale = existing;
    for (const [index, item] of input.items.entries()) {
      const line = matches[index];
      if (!line) continue;
      const name = item.name !== undefined ? item.name : line.name;
      if (name === line.name && item.price === line.price) continue;
      await patch(ctx, "sale-item", line.id, {
        name,
        price: item.price,
        total: lineTotal(item.quantity, item.price),
      });
    }
  }

  const newItems = (await insertMany(
    ctx,
    "sale-item",
    added.map((item) => ({
      saleId: sale.id,
      variantId: variants.get(item.sku)!.id,
      externalId: item.externalId ?? null,
      sku: item.sku,
      name: item.name ?? variants.get(item.sku)!.name,
      quantity: item.quantity,
      price: item.price,
      total: lineTotal(item.quantity, item.price),
    })),
  )) as unknown as SaleItem[];

  sale = await patch(ctx, "sale", sale.id, header);
  if (newItems.length) {
    await routeLines(
      ctx,
      channel,
      sale,
      newItems.map((item) => ({ item, variant: variants.get(item.sku)! })),
    );
  }
  sale = (await settleSale(ctx, sale.id))!;

  await insert(ctx, "sale-import", {
    channelId: channel.id,
    saleId: sale.id,
    externalId: input.externalId,
    status: "success",
    message: existing ? "updated" : "created",
    payload: input as never,
  });
  return sale;
}
