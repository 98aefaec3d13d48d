import {
  type Channel,
  type ChannelManualSaleInput,
  type ChannelVariant,
  kindSchemas,
  type Sale,
  type SaleImport,
  type Variant,
} from "@multichannel/schema";
import * as v from "valibot";
import { sql } from "../../db/sql.ts";
import { checkAmount, toCents } from "../../domain/money.ts";
import { shippingFields } from "../../domain/order-routing.ts";
import { fieldsOf, many, rows, type Snapshot } from "../../domain/reads.ts";
import { referencesOf } from "../../domain/record-plans.ts";
import { fullName, type OrderLine, planSaleImport, saleImportReads } from "../../domain/sale-import.ts";
import { routedVariants } from "../../domain/sale-routing.ts";
import { sameFactValues } from "../../domain/same-facts.ts";
import { column, kind, table } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, type FieldError, fieldErrors, isApiError, namesNoRecord } from "../../errors.ts";

export type ManualSaleInput = ChannelManualSaleInput;

function invalid(errors: FieldError[], detail: string): ApiError {
  return new ApiError("validation_failed", detail, { errors });
}

/** A list of values, as SQL: `(?, ?, ...)`. */
const listOf = (values: readonly string[]) => sql`(${sql.join(values.map((value) => sql`${value}`))})`;

/**
 * The reads of the order's lines: the channel variants `lineItems` name (`listings`; none for `items`),
 * the variants they sell (`variants`, by `items`' SKUs or by those listings); and SQL answering the
 * variants' ids, for reads by subquery.
 */
function lineReads(channelId: number, input: ManualSaleInput) {
  if (input.lineItems && !input.items) {
    const listings = table("channel-variant");
    const at = (field: string) => sql.id(column(listings, field));
    const externalIds = input.lineItems.map((line) => line.variant.externalId);
    const externalSkus = input.lineItems.flatMap((line) =>
      line.variant.externalSku ? [line.variant.externalSku] : [],
    );
    const named = sql`${at("channelId")} = ${channelId} AND (${at("externalId")} IN ${listOf(externalIds)} OR ${at("externalSku")} IN ${listOf(externalSkus)})`;
    const variantIds = fieldsOf("channel-variant", "variantId", named);
    return {
      reads: { listings: many("channel-variant", named), variants: routedVariants(sql`id IN ${variantIds}`) },
      variantIds,
    };
  }
  const bySku = sql`${sql.id(column(table("variant"), "sku"))} IN ${listOf(input.items?.map((item) => item.sku) ?? [])}`;
  return {
    reads: {
      // `items` name no channel variant: a read that finds none, so that the snapshot has one shape.
      listings: many("channel-variant", sql`0`, { hold: "none" }),
      variants: routedVariants(bySku),
    },
    variantIds: fieldsOf("variant", "id", bySku),
  };
}

/** The lines of `items`: each SKU must be in the catalogue. */
function linesOfItems(items: NonNullable<ManualSaleInput["items"]>, found: readonly Variant[]): OrderLine[] {
  const variants = new Map(found.map((variant) => [variant.sku, variant]));
  const unknown: FieldError[] = items.flatMap((item, index) =>
    variants.has(item.sku)
      ? []
      : [{ path: `items.${index}.sku`, message: `names no variant (sku ${item.sku})` }],
  );
  if (unknown.length) throw invalid(unknown, "Some items name a sku that is not in the catalogue.");
  return items.map((item) => ({ ...item, variant: variants.get(item.sku)! }));
}

/**
 * The lines of the reference's `lineItems`: each names the channel variant by its store-side id
 * (`variant.externalId`, else `variant.externalSku`), which must be linked to a catalogue variant.
 */
function linesOfLineItems(
  channel: Channel,
  lineItems: NonNullable<ManualSaleInput["lineItems"]>,
  found: readonly ChannelVariant[],
  variants: readonly Variant[],
): OrderLine[] {
  const externalIds = new Set(lineItems.map((line) => line.variant.externalId));
  const externalSkus = new Set(lineItems.map((line) => line.variant.externalSku));
  // By id, so that of two listings with one store-side id the later wins.
  const byExternalId = new Map(
    found
      .filter((listing) => externalIds.has(listing.externalId!))
      .map((listing) => [listing.externalId, listing]),
  );
  const byExternalSku = new Map(
    found
      .filter((listing) => externalSkus.has(listing.externalSku))
      .map((listing) => [listing.externalSku, listing]),
  );
  const variantById = new Map(variants.map((variant) => [variant.id, variant]));
  const errors: FieldError[] = [];
  const lines = lineItems.flatMap((line, index): OrderLine[] => {
    const listing =
      byExternalId.get(line.variant.externalId) ??
      (line.variant.externalSku ? byExternalSku.get(line.variant.externalSku) : undefined);
    const path = `lineItems.${index}.variant.externalId`;
    if (!listing) {
      errors.push({
        path,
        message: `names no channel variant of channel ${channel.id} (external id ${line.variant.externalId})`,
      });
      return [];
    }
    const variant = listing.variantId ? variantById.get(listing.variantId) : undefined;
    if (!variant) {
      errors.push({
        path,
        message: `names channel variant ${listing.id}, which is linked to no catalogue variant`,
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

/** The order's lines, from the variants read (`lineReads`). */
function linesOf(channel: Channel, input: ManualSaleInput, read: ManualSaleSnapshot): OrderLine[] {
  if (input.items && input.lineItems) {
    throw invalid(
      [{ path: "lineItems", message: "cannot be sent with items: send the lines as one or the other" }],
      "Send the lines as items or as lineItems, not both.",
    );
  }
  if (input.items) {
    if (!input.shippingAddress) {
      throw invalid(
        [{ path: "shippingAddress", message: "is required with items" }],
        "shippingAddress is required with items.",
      );
    }
    return linesOfItems(input.items, read.variants);
  }
  if (input.lineItems) {
    return linesOfLineItems(channel, input.lineItems, read.listings, read.variants);
  }
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
 * stand for false and true (the reference's examples send `locked: 0`); unknown ones are errors.
 */
function saleDefaultsOf(raw: ManualSaleInput["saleDefaults"]): {
  values: Record<string, unknown>;
  errors: FieldError[];
} {
  const sale = kind("sale");
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(raw ?? {})) {
    const field = Object.hasOwn(sale.fields, name) ? sale.fields[name] : undefined;
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
  return { values, errors };
}

/**
 * The read of whether the records `saleDefaults` refer to (none when they are refused) are the
 * company's, one answer each; held: those found are still there when the batch runs.
 */
function referencesRead(input: ManualSaleInput) {
  const { values, errors } = saleDefaultsOf(input.saleDefaults);
  const checks = (errors.length ? [] : referencesOf(table("sale"), values, {}, [])).map(
    ({ target, id }) =>
      sql`EXISTS (SELECT 1 FROM ${sql.id(target.name)} WHERE id = ${id} AND company_id = ${sql.company})`,
  );
  // Each answer by its name: rows are read by column name on every driver, never by position.
  const found = checks.map((check, i) => sql`${check} AS ${sql.id(`found_${i}`)}`);
  return rows(
    checks.length ? sql`SELECT ${sql.join(found)}` : sql`SELECT 0 WHERE 0`,
    ([row]) => checks.map((_, i) => Boolean(row?.[`found_${i}`])),
    (plan, found) => {
      checks.forEach((check, i) => {
        if (found[i]) plan.hold(check);
      });
    },
  );
}

/**
 * The sale's fields `saleDefaults` set (refused: 422), each reference naming a record of the company
 * (`found`: what `referencesRead` answered).
 */
function checkedSaleDefaults(raw: ManualSaleInput["saleDefaults"], found: readonly boolean[]): Partial<Sale> {
  const { values, errors } = saleDefaultsOf(raw);
  if (errors.length) throw invalid(errors, "Some saleDefaults are not fields of a sale a client may set.");
  const missing: FieldError[] = [];
  referencesOf(table("sale"), values, {}, missing).forEach(({ field, target, id }, index) => {
    if (!found[index]) missing.push({ path: field, message: namesNoRecord(target.kind.name, id) });
  });
  if (missing.length) {
    const named = missing.map((error) => ({ ...error, path: `saleDefaults.${error.path}` }));
    throw invalid(named, "A reference names no record of yours.");
  }
  const defaults = values as Partial<Sale>;
  if (defaults.shippingName === undefined && (defaults.shippingFirstName || defaults.shippingLastName)) {
    defaults.shippingName = fullName(defaults.shippingFirstName, defaults.shippingLastName);
  }
  return defaults;
}

/** The sale's fields the order sets (its customer aside). */
function saleHeader(input: ManualSaleInput, defaults: Partial<Sale>): Partial<Sale> {
  const header: Partial<Sale> = {
    ...sameFactValues("sale", defaults),
    ...(input.shippingAddress ? shippingFields(input.shippingAddress) : {}),
  };
  if (input.notes !== undefined) header.notes = input.notes;
  if (input.shippingPrice !== undefined) header.shippingPrice = input.shippingPrice ?? 0;
  else if (input.shipping?.length && defaults.shippingPrice === undefined) {
    const cents = input.shipping.reduce((sum, line) => sum + toCents(line.price ?? 0), 0);
    header.shippingPrice = checkAmount("sale", "shippingPrice", cents);
  }
  if (input.orderedAt !== undefined)
    Object.assign(header, sameFactValues("sale", { orderedAt: input.orderedAt }));
  if (input.currency !== undefined && input.currency !== null) header.currency = input.currency;
  return header;
}

/**
 * What `POST /channels/{id}/manual-sale.json` reads, in one pipeline with the channel's: the order's
 * lines (`lineReads`), the import's own reads (`saleImportReads`), and the records `saleDefaults` name.
 */
export function manualSaleReads(channelId: number, input: ManualSaleInput) {
  const lines = lineReads(channelId, input);
  return {
    ...lines.reads,
    ...saleImportReads({
      channelId,
      externalId: input.externalId,
      email: input.customer.email,
      variantIds: lines.variantIds,
    }),
    references: referencesRead(input),
  };
}

/** What `manualSaleReads` answered. */
export type ManualSaleSnapshot = Snapshot<ReturnType<typeof manualSaleReads>>;

/**
 * Plans `POST /channels/{id}/manual-sale.json` from what `manualSaleReads` answered: imports one order
 * keyed by (channel, externalId). The first time it creates the sale, its lines and their purchases or
 * fulfillment; again, it updates the header, the names and prices of known lines, and adds and routes
 * new lines. Answers the sale and the sale import that logs it, as the plan leaves them.
 */
export function planManualSale({
  channel,
  input,
  read,
  plan,
}: {
  channel: Channel;
  input: ManualSaleInput;
  read: ManualSaleSnapshot;
  plan: WritePlan;
}): { sale: Sale; saleImport: SaleImport } {
  const lines = linesOf(channel, input, read);
  const defaults = checkedSaleDefaults(input.saleDefaults, read.references);
  try {
    const header = saleHeader(input, defaults);
    return planSaleImport(
      plan,
      {
        channel,
        externalId: input.externalId,
        customer: input.customer,
        lines,
        linesField: input.items ? "items" : "lineItems",
        header,
        start: {
          currency: input.currency ?? defaults.currency ?? channel.currency ?? "USD",
          orderedAt: header.orderedAt ?? plan.now,
        },
        payload: input,
      },
      read,
    );
  } catch (error) {
    throw atSaleDefaults(error, input, defaults);
  }
}

/**
 * A 422 of the sale's books about a field that only `saleDefaults` set (its `discounts`), naming the
 * field where the body sent it: `saleDefaults.discounts`.
 */
function atSaleDefaults(error: unknown, input: ManualSaleInput, defaults: Partial<Sale>): unknown {
  const sentIn = (path: string) => path in defaults && !(path in input);
  if (!isApiError(error) || !error.extras.errors?.some(({ path }) => sentIn(path))) return error;
  const errors = error.extras.errors.map((each) =>
    sentIn(each.path) ? { ...each, path: `saleDefaults.${each.path}` } : each,
  );
  return new ApiError(error.code, error.detail, { ...error.extras, errors }, error.headers);
}
