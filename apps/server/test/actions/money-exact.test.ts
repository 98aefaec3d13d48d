// A percentage of an amount (a routed purchase's tax) and an amount converted at a rate (a feed's price
// at publish) are computed from the rate as the decimal it is written as, then rounded: compared with
// the same sums done on whole numbers, for any amount and any rate of up to six decimals.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertedCents, percentOfCents } from "../../src/domain/money.ts";

/** A rate written with `decimals` decimals: `units` / 10^decimals. */
const rates = fc
  .record({ units: fc.integer({ min: 1, max: 100_000_000 }), decimals: fc.integer({ min: 0, max: 6 }) })
  .map(({ units, decimals }) => ({ units: BigInt(units), scale: 10n ** BigInt(decimals) }))
  .map((rate) => ({ ...rate, value: Number(rate.units) / Number(rate.scale) }))
  // The number is the decimal: its text reads back as it (6 decimals or fewer always do).
  .filter((rate) => BigInt(Math.round(rate.value * Number(rate.scale))) === rate.units);
const amounts = fc.integer({ min: 0, max: 1_000_000_000_000 });

/** `numerator / denominator` rounded half up, for numbers at least 0. */
const halfUp = (numerator: bigint, denominator: bigint) =>
  Number((2n * numerator + denominator) / (2n * denominator));

describe("money computed from a rate as it is written", () => {
  it("a percentage is the exact share, rounded half up to the cent", () => {
    fc.assert(
      fc.property(amounts, rates, (cents, rate) => {
        const percent = rate.value;
        fc.pre(percent <= 100);
        expect(percentOfCents(cents, percent)).toBe(halfUp(BigInt(cents) * rate.units, 100n * rate.scale));
      }),
    );
    expect(percentOfCents(1500, 2.3)).toBe(35);
    expect(percentOfCents(999_997, 6.66667)).toBe(66_666);
  });

  it("a conversion is the exact quotient, rounded half up to the cent or up to a whole unit", () => {
    fc.assert(
      fc.property(amounts, rates, fc.boolean(), (cents, rate, roundUp) => {
        const exact = BigInt(cents) * rate.scale;
        const expected = roundUp
          ? Number((exact + rate.units * 100n - 1n) / (rate.units * 100n)) * 100
          : halfUp(exact, rate.units);
        expect(convertedCents(cents, rate.value, roundUp)).toBe(expected);
      }),
    );
    expect(convertedCents(1, 1e9, true)).toBe(100);
    expect(convertedCents(1000, 0.92, false)).toBe(1087);
  });
});
