import { kindByName } from "@multichannel/schema";
import { ApiError } from "../errors.ts";

/** Major units (at most two decimals) to integer minor units. */
export const toCents = (amount: number | null | undefined): number => Math.round((amount ?? 0) * 100);
/** Integer minor units back to major units. */
export const fromCents = (cents: number): number => cents / 100;

/**
 * A float computed from minor units (a percentage of them, a conversion) taken at its decimal value:
 * 6.35% of 1000 cents is 63.49999999999999 as a float, and 63.5 in decimals.
 */
const decimalOf = (value: number): number => Number(value.toFixed(6));

/** `rate` percent of an amount in minor units, rounded half up to a minor unit. */
export const percentOfCents = (cents: number, rate: number): number =>
  Math.round(decimalOf((cents * rate) / 100));

/**
 * An amount in minor units converted at `exchangeRate` (units of its currency per unit of the one it
 * is converted to), rounded to a minor unit, or up to a whole unit with `roundUp`.
 */
export function convertedCents(cents: number, exchangeRate: number, roundUp: boolean): number {
  const exact = decimalOf(cents / exchangeRate);
  return roundUp ? Math.ceil(exact / 100) * 100 : Math.round(exact);
}

/** The default bound of a money field that declares none, in major units (as the validators use). */
export const MONEY_BOUND = 1e13;

/**
 * Checks a derived amount against the bounds its field declares: a write that would make it
 * unrepresentable is a 422 naming the field and the rule, never a number past what the API declares.
 */
export function checkAmount(kindName: string, field: string, cents: number): number {
  const def = kindByName(kindName)?.fields[field];
  const min = def?.min ?? -MONEY_BOUND;
  const max = def?.max ?? MONEY_BOUND;
  const amount = fromCents(cents);
  if (amount < min || amount > max || !Number.isSafeInteger(cents)) {
    throw new ApiError(
      "validation_failed",
      `This change would make the ${kindName}'s ${field} ${amount}, outside ${min} to ${max}.`,
      {
        rule: `${kindName}.${field} within [${min}, ${max}]`,
        errors: [{ path: field, message: `would be ${amount}, outside ${min} to ${max}` }],
      },
    );
  }
  return amount;
}
