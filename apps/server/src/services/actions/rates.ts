import type {
  Channel,
  ChannelRatesInput,
  ChannelRatesOutput,
  ChannelShippingRate,
  Variant,
  VariantParcel,
} from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { fromCents, MONEY_BOUND, toCents } from "../../domain/money.ts";
import { fieldIn, fieldsOf, many, type Snapshot } from "../../domain/reads.ts";
import { shipperReads, shippersOf } from "../../domain/sale-routing.ts";
import { column, table } from "../../domain/store.ts";
import { inGrams } from "../../domain/weights.ts";
import { ApiError } from "../../errors.ts";

interface Group {
  shipsFrom: "dropshipProvider" | "warehouse";
  dropshipProviderId: number | null;
  warehouseId: number | null;
  items: { sku: string; quantity: number }[];
  grams: number;
  subtotalCents: number;
}

/** What a rate charges for a group, in cents; undefined when it does not apply to it. */
function quote(rate: ChannelShippingRate, group: Group, country: string): number | undefined {
  const countries = rate.countries ?? [];
  if (countries.length && !countries.some((code) => code.toUpperCase() === country)) return undefined;
  const provider = rate.dropshipProviderId;
  if (provider !== null && provider !== group.dropshipProviderId) return undefined;
  const min = rate.minValue;
  const max = rate.maxValue;
  const price = toCents(rate.price);
  switch (rate.basis) {
    case "weight": {
      if ((min !== null && group.grams < min) || (max !== null && group.grams > max)) return undefined;
      const startedKilograms = Math.ceil(group.grams / 1000);
      return price + toCents(rate.pricePerUnit) * startedKilograms;
    }
    case "orderValue": {
      // Against the bounds as written: a bound with more decimals than money has is not rounded.
      const subtotal = fromCents(group.subtotalCents);
      if ((min !== null && subtotal < min) || (max !== null && subtotal > max)) return undefined;
      return price;
    }
    default:
      return price;
  }
}

/**
 * What the channel charges a group for a rate that costs `cents` to ship it to `country`: nothing once
 * the group's subtotal reaches `freeShippingThreshold` (only to `freeShippingCountries` while
 * `enableFreeShippingCountries` is on), else at most `maxShippingCostThreshold` while `maxShippingCost`
 * is on.
 */
function chargedCents(channel: Channel, group: Group, country: string, cents: number): number {
  const threshold = channel.freeShippingThreshold;
  const toCountry =
    !channel.enableFreeShippingCountries ||
    (channel.freeShippingCountries ?? []).some((code) => code.toUpperCase() === country);
  if (threshold !== null && toCountry && group.subtotalCents >= toCents(threshold)) return 0;
  const cap = channel.maxShippingCost ? channel.maxShippingCostThreshold : null;
  return cap === null ? cents : Math.min(cents, toCents(cap));
}

/**
 * What one unit of a variant weighs, in grams: its `weight`, else, when it has none, what its parcels
 * weigh together (each parcel's `weight` in its `weightUnit`, grams when that is not set).
 */
function gramsOf(variant: Variant, parcels: readonly VariantParcel[]): number {
  if (variant.weight !== null) return variant.weight;
  return parcels
    .filter((parcel) => parcel.variantId === variant.id)
    .reduce((sum, parcel) => sum + inGrams(parcel.weight ?? 0, parcel.weightUnit), 0);
}

/**
 * What quoting rates reads: the items' variants with their parcels, what deciding who ships them reads
 * (`shipperReads`: the channel's and the company's default warehouse, their stock, products and
 * providers), and the channel's enabled shipping rates. It writes nothing, so nothing is held.
 */
export function channelRatesReads(channelId: number, input: ChannelRatesInput) {
  const skus = [...new Set(input.items.map((item) => item.sku))];
  const sku = sql.id(column(table("variant"), "sku"));
  const ofSkus = sql`${sku} IN (${sql.join(skus.map((value) => sql`${value}`))})`;
  const variantIds = fieldsOf("variant", "id", ofSkus);
  return {
    variants: many("variant", ofSkus),
    parcels: many("variant-parcel", fieldIn("variant-parcel", "variantId", variantIds)),
    ...shipperReads({ channelId, variantIds }),
    rates: many("channel-shipping-rate", { channelId, enabled: true }),
  };
}

/**
 * `POST /channels/{id}/rates.json`: groups the items by who ships them, as an order of them would be
 * routed (`shippersOf`: a dropship provider, or the channel's or the company's default warehouse), and
 * prices each group with the channel's enabled shipping rates, as the channel charges them
 * (`chargedCents`), cheapest first; from what `channelRatesReads` answered.
 */
export function quoteChannelRates({
  channel,
  input,
  read,
}: {
  channel: Channel;
  input: ChannelRatesInput;
  read: Snapshot<ReturnType<typeof channelRatesReads>>;
}): ChannelRatesOutput {
  const variants = new Map(read.variants.map((variant) => [variant.sku, variant]));
  const unknownSkus = [
    ...new Set(input.items.filter((item) => !variants.has(item.sku)).map((item) => item.sku)),
  ];
  const [fallback] = read.fallbackWarehouse;
  const warehouseId = channel.warehouseId || (fallback?.id ?? null);

  const lines = input.items.flatMap((item) => {
    const variant = variants.get(item.sku);
    return variant ? [{ item, variant, quantity: item.quantity }] : [];
  });
  const shippers = shippersOf(channel, lines, read);
  const groups = new Map<string, Group>();
  for (const [index, { item, variant }] of lines.entries()) {
    const providerId = shippers[index]!;
    const key = providerId !== null ? `provider:${providerId}` : "warehouse";
    let group = groups.get(key);
    if (!group) {
      group = {
        shipsFrom: providerId !== null ? "dropshipProvider" : "warehouse",
        dropshipProviderId: providerId,
        warehouseId: providerId !== null ? null : warehouseId,
        items: [],
        grams: 0,
        subtotalCents: 0,
      };
      groups.set(key, group);
    }
    group.items.push({ sku: item.sku, quantity: item.quantity });
    group.grams += gramsOf(variant, read.parcels) * item.quantity;
    group.subtotalCents += toCents(variant.price) * item.quantity;
  }

  const { rates } = read;
  const country = input.destination.country.toUpperCase();
  let totalCents: number | null = 0;
  const quoted = [...groups.values()].map((group) => {
    group.grams = Math.round(group.grams * 1000) / 1000;
    const options = rates
      .map((rate) => ({ rate, cents: quote(rate, group, country) }))
      .filter((option): option is { rate: ChannelShippingRate; cents: number } => option.cents !== undefined)
      .map((option) => ({ ...option, cents: chargedCents(channel, group, country, option.cents) }))
      .sort((a, b) => a.cents - b.cents || a.rate.id - b.rate.id);
    const cheapest = options[0]?.cents ?? null;
    totalCents = cheapest === null || totalCents === null ? null : totalCents + cheapest;
    return {
      shipsFrom: group.shipsFrom,
      dropshipProviderId: group.dropshipProviderId,
      warehouseId: group.warehouseId,
      items: group.items,
      weight: group.grams,
      subtotal: fromCents(group.subtotalCents),
      options: options.map(({ rate, cents }) => ({
        channelShippingRateId: rate.id,
        name: rate.name,
        carrier: rate.carrier,
        service: rate.service,
        amount: fromCents(cents),
      })),
      cheapest: cheapest === null ? null : fromCents(cheapest),
    };
  });
  const amounts = quoted.flatMap((group) => [
    group.subtotal,
    ...group.options.map((option) => option.amount),
  ]);
  if (totalCents !== null) amounts.push(fromCents(totalCents));
  if (amounts.some((amount) => !(Math.abs(amount) <= MONEY_BOUND))) {
    // Weights and prices each within their bounds can still multiply past what an amount may be.
    throw new ApiError("validation_failed", `The quote would pass ${MONEY_BOUND}: quote fewer items.`, {
      errors: [{ path: "items", message: `make a quote past ${MONEY_BOUND}: quote fewer of them` }],
    });
  }
  return {
    currency: channel.currency ?? "USD",
    groups: quoted,
    unknownSkus,
    total: totalCents === null ? null : fromCents(totalCents),
  };
}
