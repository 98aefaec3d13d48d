import { kindByName } from "@multichannel/schema";
import { ApiError } from "../errors.ts";

/** Major units (at most two decimals) to integer minor units. */
export const toCents = (amount: number | null | undefined): number => Math.round((amount ?? 0) * 100);
/** Integer minor units back to major units. */
export const fromCents = (cents: number): number => cents / 100;

/**
 * A number as the decimal it is written as, an integer over a power of ten: 6.66667 is 666667 / 10^5
 * and 1e-9 is 1 / 10^9 (its shortest text, which reads back as the same number). A rate or a
 * percentage taken so is computed exactly: as floats, 2.3% of 1500 cents is 34.49999999999999 (34.5,
 * which rounds half up to 35), and rounding floats to a few decimals first turns 6.66667% of 999997
 * cents, 66666.4999999, into 66666.5.
 */
function asDecimal(value: number): { units: bigint; scale: bigint } {
  const [, whole = "0", fraction = "", exponent = "0"] =
    /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(Math.abs(value))) ?? [];
  const shift = Number(exponent) - fraction.length;
  const digits = BigInt(whole + fraction) * (value < 0 ? -1n : 1n);
  return shift >= 0
    ? { units: digits * 10n ** BigInt(shift), scale: 1n }
    : { units: digits, scale: 10n ** BigInt(-shift) };
}

/** `numerator / denominator` (denominator > 0) rounded half up, away from zero for a negative one. */
function roundedHalfUp(numerator: bigint, denominator: bigint): number {
  const sign = numerator < 0n ? -1n : 1n;
  return Number((sign * (2n * sign * numerator + denominator)) / (2n * denominator));
}

/** `numerator / denominator` (denominator > 0) rounded up, towards the greater number. */
function roundedUp(numerator: bigint, denominator: bigint): number {
  const below = numerator / denominator;
  return Number(numerator > below * denominator ? below + 1n : below);
}

/** `rate` percent of an amount in minor units, computed exactly and rounded half up to a minor unit. */
export function percentOfCents(cents: number, rate: number): number {
  const { units, scale } = asDecimal(rate);
  return roundedHalfUp(BigInt(cents) * units, 100n * scale);
}

/**
 * An amount in minor units converted at `exchangeRate` (> 0: units of its currency per unit of the one
 * it is converted to), computed exactly and rounded half up to a minor unit, or up to a whole unit with
 * `roundUp`.
 */
export function convertedCents(cents: number, exchangeRate: number, roundUp: boolean): number {
  const { units, scale } = asDecimal(exchangeRate);
  const numerator = BigInt(cents) * scale;
  return roundUp ? roundedUp(numerator, units * 100n) * 100 : roundedHalfUp(numerator, units);
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
