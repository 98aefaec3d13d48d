// The ISO 8601 times records and log lines carry (`createdAt`, the access log's `@timestamp`) are made
// by `isoStamps`, which asks `Date#toISOString` for the minute only: its text must be that one's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoStamps } from "../../src/clock.ts";

const LAST = 8.64e15;
const NOW = Date.parse("2026-11-29T12:00:00.000Z");

describe("ISO timestamps", () => {
  it("are Date#toISOString's text for any time, in any order", () => {
    const times = fc.oneof(
      fc.integer({ min: -LAST, max: LAST }),
      // Around now, where they are made: many calls in one minute, and across minutes.
      fc.integer({ min: NOW - 3 * 60_000, max: NOW + 3 * 60_000 }),
      // Around the first and last days a Date holds, and the years 0 and 10000, whose texts are longer.
      fc.constantFrom(-LAST, -LAST + 1, LAST - 1, LAST, -62_167_219_200_001, -62_167_219_200_000),
      fc.constantFrom(253_402_300_799_999, 253_402_300_800_000, -1, 0, 59_999, 60_000),
    );
    fc.assert(
      fc.property(fc.array(times, { minLength: 1, maxLength: 40 }), (sequence) => {
        const stamp = isoStamps();
        for (const ms of sequence) expect(stamp(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it("count every millisecond of a minute, and the next minute", () => {
    const stamp = isoStamps();
    const wrong: string[] = [];
    for (let ms = NOW - 1; ms <= NOW + 60_001; ms++) {
      if (stamp(ms) !== new Date(ms).toISOString()) wrong.push(`${ms}: ${stamp(ms)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("leave to Date a time it does not hold, or one between milliseconds", () => {
    const stamp = isoStamps();
    expect(() => stamp(LAST + 1)).toThrow(RangeError);
    expect(() => stamp(Number.NaN)).toThrow(RangeError);
    expect(stamp(NOW + 0.75)).toBe(new Date(NOW + 0.75).toISOString());
    expect(stamp(-0.5)).toBe(new Date(-0.5).toISOString());
  });
});
