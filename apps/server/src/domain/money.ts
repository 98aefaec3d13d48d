import { kindByName } from "@multichannel/schema";
import { ApiError } from "../errors.ts";

/** Major units (at most two decimals) to integer minor units. */
export const toCents = (amount: number | null | undefined): number => Math.round((amount ?? 0) * 100);
/** Integer minor units back to major units. */
export const fromCents = (cents: number): number => cents / 100;

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
