// A message the server cuts to its field's bound (an error record's, a delivery attempt's) keeps whole
// characters: a character of two UTF-16 units (an emoji, many CJK letters) at the cut goes whole or not at
// all, never half, which JSON would carry as a lone surrogate and a reader would show as garbage.
import { describe, expect, it } from "vitest";
import { withinCharacters } from "../../src/domain/failures.ts";
import { attemptMessage } from "../../src/services/webhooks/delivery-logs.ts";

const isWellFormed = (text: string) =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe("a message cut to its bound", () => {
  it("keeps whole characters", () => {
    expect(withinCharacters("ab😀", 3)).toBe("ab");
    expect(withinCharacters("ab😀", 4)).toBe("ab😀");
    expect(withinCharacters("abc", 2)).toBe("ab");
    expect(withinCharacters("abc", 5)).toBe("abc");
  });

  it("is a delivery attempt's, however its receiver's error ends at the bound", () => {
    for (let pad = 0; pad < 4; pad++) {
      const message = attemptMessage({
        outcome: { ok: false, error: `${"x".repeat(1_960 + pad)}${"😀".repeat(40)}`, durationMs: 5 },
        number: 1,
        next: null,
        final: true,
        at: "2026-12-03T12:00:00.000Z",
        url: "https://receiver.example/hook",
      });
      expect(message.length).toBeLessThanOrEqual(2000);
      expect(isWellFormed(message), `pad ${pad}`).toBe(true);
    }
  });
});
