import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hmac } from "../../src/shims/fast-sha256.ts";

// The real package is standardwebhooks' dependency, reached the way standardwebhooks reaches it.
const require = createRequire(import.meta.url);
const fromWebhooks = createRequire(require.resolve("standardwebhooks"));
const real = fromWebhooks("fast-sha256") as { hmac(key: Uint8Array, data: Uint8Array): Uint8Array };

describe("the Workers stand-in for fast-sha256", () => {
  it("signs as the package does, for any key and message", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 2000 }), (key, data) => {
        expect(Buffer.from(hmac(key, data)).toString("hex")).toBe(
          Buffer.from(real.hmac(key, data)).toString("hex"),
        );
      }),
      { numRuns: 500 },
    );
  });
});
