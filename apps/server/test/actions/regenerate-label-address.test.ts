import { beforeAll, describe, expect, it } from "vitest";
import { send, ship, world } from "../actions/orders-fixtures.ts";
import { expectStatus } from "../requests.ts";
import { setupApp } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("regenerate-label: the sale's address when the purchase's receiver is incomplete", () => {
  it("labels to the sale's complete shipping address when the receiver has a street but no city", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    // The receiver: a street, no city (the sale, Portland US, is complete).
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}.json`, { receiverCity: null }), 200);
    await expectStatus(send(t, w.purchase.id), 200);
    const dropshipment = await expectStatus(ship(t, w.purchase.id), 200);
    const answer = await t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`);
    // http-api.md: "from its provider's ship-from address to its purchase's receiver (else its sale's
    // shipping address)"; the 422 it answers claims the sale's address is not complete, which it is.
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.labelVersion).toBe(1);
  });
});
