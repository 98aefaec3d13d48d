import {
  type Channel,
  type ChannelManualSaleInput,
  type Customer,
  kindSchemas,
  type Sale,
  type SaleImport,
  type SaleItem,
  type Variant,
} from "@multichannel/schema";
import * as v from "valibot";
import { lineTotal, settleSale } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { ApiError, type FieldError, fieldErrors, isApiError } from "../../errors.ts";
import { checkReferences } from "../records.ts";
import { column, insertMany, selectIn, table, variantsBySku } from "./channels.ts";
import {
  createFulfillment,
  createPurchase,
  fromCents,
  insert,
  kind,
  type Line,
  patch,
  selectByIds,
  selectOne,
  selectWhere,
  shippingFields,
  shipToOfSale,
  toCents,
  warehouseFor,
} from "./core.ts";

export type ManualSaleInput = ChannelManualSaleInput;
type LineProperties = NonNullable<NonNullable<ManualSaleInput["items"]>[number]["properties"]>;

/** One order line, whichever form it came in (`items` by SKU, or the reference's `lineItems`). */
interface OrderLine {
  sku: string;
  quantity: number;
  price: number;
  name?: string | null;
  externalId?: string | null;
  properties?: LineProperties | null;
  taxable?: boolean | null;
  variant: Variant;
}

function invalid(errors: FieldError[], detail: string): ApiError {
  return new ApiError("validation_failed", detail, { errors });
}

/** The lines of `items`: each SKU must be in the catalogue. */
async function linesOfItems(ctx: Ctx, items: NonNullable<ManualSaleInput["items"]>): Promise<OrderLine[]> {
  const variants = await variantsBySku(
    ctx,
    items.map((item) => item.sku),
  );
  const unknown: FieldError[] = items.flatMap((item, index) =>
    variants.has(item.sku)
      ? []
      : [{ path: `items.${index}.sku`, message: `No variant with sku ${item.sku}.` }],
  );
  if (unknown.length) throw invalid(unknown, "Some items name a sku that is not in the catalogue.");
  return items.map((item) => ({ ...item, variant: variants.get(item.sku)! }));
}

/**
 * The lines of the reference's `lineItems`: each names the channel variant by its store-side id
 * (`variant.externalId`, else `variant.externalSku`), which must be linked to a catalogue variant.
 */
async function linesOfLineItems(
  ctx: Ctx,
  channel: Channel,
  lineItems: NonNullable<ManualSaleInput["lineItems"]>,
): Promise<OrderLine[]> {
  const byExternalId = new Map(
    (
      await selectIn(
        ctx,
        "channel-variant",
        "externalId",
        lineItems.map((line) => line.variant.externalId),
        { channelId: channel.id },
      )
    ).map((listing) => [listing.externalId, listing]),
  );
  const byExternalSku = new Map(
    (
      await selectIn(
        ctx,
        "channel-variant",
        "externalSku",
        lineItems.flatMap((line) => (line.variant.externalSku ? [line.variant.externalSku] : [])),
        { channelId: channel.id },
      )
    ).map((listing) => [listing.externalSku, listing]),
  );
  const listings = lineItems.map(
    (line) =>
      byExternalId.get(line.variant.externalId) ??
      (line.variant.externalSku ? byExternalSku.get(line.variant.externalSku) : undefined),
  );
  const variants = await selectByIds(
    ctx,
    "variant",
    listings.flatMap((listing) => (listing?.variantId ? [listing.variantId] : [])),
  );
  const errors: FieldError[] = [];
  const lines = lineItems.flatMap((line, index): OrderLine[] => {
    const listing = listings[index];
    const path = `lineItems.${index}.variant.externalId`;
    if (!listing) {
      errors.push({
        path,
        message: `No channel variant with external id ${line.variant.externalId} on channel ${channel.id}.`,
      });
      return [];
    }
    const variant = listing.variantId ? variants.get(listing.variantId) : undefined;
    if (!variant) {
      errors.push({
        path,
        message: `Channel variant ${listing.id} is not linked to a catalogue variant.`,
      });
      return [];
    }
    return [
      {
        sku: variant.sku,
        quantity: line.quantity,
        price: line.price,
        name: line.name,
        externalId: line.externalId,
        properties: line.properties,
        taxable: line.taxable,
        variant,
      },
    ];
  });
  if (errors.length) throw invalid(errors, "Some line items name no channel variant of this channel.");
  return lines;
}

async function linesOf(ctx: Ctx, channel: Channel, input: ManualSaleInput): Promise<OrderLine[]> {
  if (input.items && input.lineItems) {
    const message = "Send the lines as items or as lineItems, not both.";
    throw invalid([{ path: "lineItems", message }], message);
  }
  if (input.items) {
    if (!input.shippingAddress) {
      throw invalid(
        [{ path: "shippingAddress", message: "is required with items" }],
        "shippingAddress is required with items.",
      );
    }
    return linesOfItems(ctx, input.items);
  }
  if (input.lineItems) return linesOfLineItems(ctx, channel, input.lineItems);
  throw invalid(
    [{ path: "items", message: "is required (or lineItems)" }],
    "Send the order's lines as items (or lineItems).",
  );
}

/** Members of `saleDefaults` the import sets itself (the channel, the order's id, the customer). */
const SET_BY_IMPORT = new Set(["id", "createdAt", "updatedAt", "channelId", "externalId", "customerId"]);
// Built on first use and kept: a sale's update validator, for `saleDefaults`.
let saleUpdate: v.GenericSchema | undefined;
/** Fields of the reference's sale that this service does not keep: accepted and ignored. */
const NOT_KEPT = new Set(["locked"]);

/**
 * `saleDefaults`: fields of the sale as an update takes them. Server-managed ones are ignored, 0 and 1
 * stand for false and true (the reference's examples send `locked: 0`), unknown ones are a 422, and
 * references must name records of the company.
 */
async function saleDefaultsOf(ctx: Ctx, raw: ManualSaleInput["saleDefaults"]): Promise<Partial<Sale>> {
  const sale = kind("sale");
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(raw ?? {})) {
    const field = sale.fields[name];
    if (SET_BY_IMPORT.has(name) || field?.readOnly || (!field && NOT_KEPT.has(name))) continue;
    if (!field) {
      errors.push({ path: `saleDefaults.${name}`, message: "is not a field of a sale" });
      continue;
    }
    values[name] = field.type === "boolean" && (value === 0 || value === 1) ? value === 1 : value;
  }
  saleUpdate ??= kindSchemas(sale).update;
  const parsed = v.safeParse(saleUpdate, values, { abortPipeEarly: true });
  if (!parsed.success) {
    errors.push(
      ...fieldErrors(parsed.issues).map((error) => ({ ...error, path: `saleDefaults.${error.path}` })),
    );
  }
  if (errors.length) throw invalid(errors, "Some saleDefaults are not fields of a sale a client may set.");
  try {
    await checkReferences(ctx, table("sale"), values);
  } catch (error) {
    if (!isApiError(error) || error.code !== "validation_failed") throw error;
    const named = (error.extras.errors ?? []).map((e) => ({ ...e, path: `saleDefaults.${e.path}` }));
    throw invalid(named, error.detail);
  }
  const defaults = values as Partial<Sale>;
  if (defaults.shippingName === undefined && (defaults.shippingFirstName || defaults.shippingLastName)) {
    defaults.shippingName = [defaults.shippingFirstName, defaults.shippingLastName].filter(Boolean).join(" ");
  }
  return defaults;
}

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

function saleHeader(input: ManualSaleInput, customer: Customer, defaults: Partial<Sale>) {
  const header: Partial<Sale> = {
    ...defaults,
    customerId: customer.id,
    ...(input.shippingAddress ? shippingFields(input.shippingAddress) : {}),
  };
  if (input.notes !== undefined) header.notes = input.notes;
  if (input.shippingPrice !== undefined) header.shippingPrice = input.shippingPrice ?? 0;
  else if (input.shipping?.length && defaults.shippingPrice === undefined) {
    header.shippingPrice = fromCents(input.shipping.reduce((sum, line) => sum + toCents(line.price ?? 0), 0));
  }
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
function matchLines(items: readonly OrderLine[], lines: readonly SaleItem[]): (SaleItem | undefined)[] {
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
export async function importManualSale(args: {
  ctx: Ctx;
  channel: Channel;
  input: ManualSaleInput;
}): Promise<Sale> {
  return (await importSale(args)).sale;
}

/** The import, answering the sale and the sale import that logs it. */
export async function importSale({
  ctx,
  channel,
  input,
}: {
  ctx: Ctx;
  channel: Channel;
  input: ManualSaleInput;
}): Promise<{ sale: Sale; saleImport: SaleImport }> {
  const items = await linesOf(ctx, channel, input);
  const defaults = await saleDefaultsOf(ctx, input.saleDefaults);

  const existing = await selectOne(ctx, "sale", { channelId: channel.id, externalId: input.externalId });
  const lines = existing ? await selectWhere(ctx, "sale-item", { saleId: existing.id }) : [];
  const matches = matchLines(items, lines);
  const linesField = input.items ? "items" : "lineItems";
  const changed = items.flatMap((item, index) => {
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
      `Line ${linesField}.${first.index} (sku ${first.sku}) was imported with quantity ${first.quantity}, not ${first.requested}: ` +
        "a quantity cannot change through manual-sale; cancel through the purchase or fulfillment instead.",
      { lines: changed },
    );
  }
  const added = items.filter((_, index) => !matches[index]);

  const customer = await findOrCreateCustomer(ctx, input.customer);
  const header = saleHeader(input, customer, defaults);
  let sale: Sale;
  if (!existing) {
    sale = await insert(ctx, "sale", {
      ...header,
      channelId: channel.id,
      externalId: input.externalId,
      currency: input.currency ?? defaults.currency ?? channel.currency ?? "USD",
      orderedAt: input.orderedAt ?? defaults.orderedAt ?? ctx.now(),
    });
  } else {
    sale = existing;
    for (const [index, item] of items.entries()) {
      const line = matches[index];
      if (!line) continue;
      const values: Partial<SaleItem> = {};
      if (item.name !== undefined && item.name !== line.name) values.name = item.name;
      if (item.price !== line.price) {
        values.price = item.price;
        values.total = lineTotal(item.quantity, item.price);
      }
      if (item.taxable !== undefined && item.taxable !== line.taxable) values.taxable = item.taxable;
      if (
        item.properties !== undefined &&
        JSON.stringify(item.properties) !== JSON.stringify(line.properties)
      ) {
        values.properties = item.properties;
      }
      if (Object.keys(values).length) await patch(ctx, "sale-item", line.id, values);
    }
  }

  const newItems = (await insertMany(
    ctx,
    "sale-item",
    added.map((item) => ({
      saleId: sale.id,
      variantId: item.variant.id,
      externalId: item.externalId ?? null,
      sku: item.sku,
      name: item.name ?? item.variant.name,
      quantity: item.quantity,
      price: item.price,
      total: lineTotal(item.quantity, item.price),
      taxable: item.taxable ?? null,
      properties: item.properties ?? null,
    })),
  )) as unknown as SaleItem[];

  sale = await patch(ctx, "sale", sale.id, header);
  if (newItems.length) {
    await routeLines(
      ctx,
      channel,
      sale,
      newItems.map((item, index) => ({ item, variant: added[index]!.variant })),
    );
  }
  sale = (await settleSale(ctx, sale.id))!;

  const saleImport = await insert(ctx, "sale-import", {
    channelId: channel.id,
    saleId: sale.id,
    externalId: input.externalId,
    status: "success",
    message: existing ? "updated" : "created",
    payload: input as never,
  });
  return { sale, saleImport };
}
