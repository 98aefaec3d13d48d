// Money is major units with at most two decimals, within ±1e13: what the validators take as a whole
// number of cents (and keep as that number of cents), and what they refuse as a third decimal.
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { f, fieldSchema, isMoney } from "../src/index.ts";

const RUNS = { seed: 4217, numRuns: 5000 };
const money = fieldSchema(f.money());

/** A whole number of cents within the bound of an amount (±1e13 in major units). */
const cents = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).map(Number);

/** The amount a JSON number with three decimals is: `<cents / 100>` and then the digit `third`. */
function withThirdDecimal(whole: number, third: number): number {
  const digits = String(Math.abs(whole)).padStart(3, "0");
  const sign = whole < 0 ? "-" : "";
  return Number(`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}${third}`);
}

describe("money", () => {
  it("takes every whole number of cents within the bound, as it is", () => {
    fc.assert(
      fc.property(cents, (whole) => {
        const amount = whole / 100;
        expect(isMoney(amount)).toBe(true);
        expect(v.parse(money, amount)).toBe(amount);
      }),
      RUNS,
    );
    for (const amount of [1e13, -1e13, 9999999999999.99, -9999999999999.99, 0.01, -0.01]) {
      expect(v.parse(money, amount), String(amount)).toBe(amount);
    }
  });

  it("takes floating point's error on sums and multiples of cents up to 2e12 as the nearest cent", () => {
    const upTo = fc.bigInt({ min: 0n, max: 10n ** 14n }).map(Number);
    fc.assert(
      fc.property(upTo, upTo, fc.boolean(), (a, b, negative) => {
        const sign = negative ? -1 : 1;
        const sum = sign * (a / 100 + b / 100);
        expect(v.parse(money, sum)).toBe((sign * (a + b)) / 100);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(upTo, fc.integer({ min: 1, max: 100 }), (a, times) => {
        const whole = Math.round(a / times);
        expect(v.parse(money, (whole / 100) * times)).toBe((whole * times) / 100);
      }),
      RUNS,
    );
    const computed = [0.1 + 0.2, 19.99 * 3, 1.1 * 3, 4.35 * 100, 1000.1 - 1000, 10000.01 - 9999.99];
    expect(computed.map((amount) => v.parse(money, amount))).toEqual([0.3, 59.97, 3.3, 435, 0.1, 0.02]);
  });

  it("refuses a third decimal however large the amount, unless it is the very number of a cent", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 9 }), (whole, third) => {
        const amount = withThirdDecimal(whole, third);
        fc.pre(Math.abs(amount) <= 1e13);
        // Past 2^43 (about 8.8e12) doubles are more than a thousandth apart: 9999999999999.991 is the
        // very number 9999999999999.99 is, and nothing can tell them apart.
        const isACent = [whole - 1, whole, whole + 1].some((cent) => cent / 100 === amount);
        expect(isACent && Math.abs(amount) >= 2 ** 43).toBe(isACent);
        expect(isMoney(amount)).toBe(isACent);
        expect(v.safeParse(money, amount).success).toBe(isACent);
      }),
      RUNS,
    );
    for (const amount of [600000000000.001, 9999999999999.992, 5000000000000.005, -2199023255552.001]) {
      expect(isMoney(amount), String(amount)).toBe(false);
    }
  });
});
