import { beforeAll, describe, expect, it } from "vitest";
import { expectMatchesResponseSchema } from "../openapi-response.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus } from "../requests.ts";
import { dispatcherWithClock, setupApp } from "../support.ts";
import { sentWorld, ship } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } }, { checkResponses: true });
});

describe("a sale's accounting payload past 500,000 characters", () => {
  it("is sent and stored whole, within the kind's bound on payload", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const w = await sentWorld(t);
    await create(t, "accounting-integrations", { name: "Ledger", saleEndpoint: `${receiver.url}/sale` });
    // Each JSON field of a line holds up to 64 KB: 3 lines x 3 fields x ~60 KB.
    const big = "x".repeat(60_000);
    for (const item of Object.values(w.saleItems)) {
      await expectStatus(
        t.json("PUT", `/sale-items/${item.id}.json`, {
          properties: { note: big },
          notes: { note: big },
          discounts: { note: big },
        }),
        200,
      );
    }
    await expectStatus(ship(t, w.purchase.id), 200);
    await dispatcher.runOnce();

    const answer = await t.json("GET", "/accounting-payloads.json");
    expect(answer.status).toBe(200);
    const [payload] = answer.body;
    expect(payload.payloadType).toBe("sale");
    expect(payload.status).toBe("sent");
    expect(payload.payload.length).toBeGreaterThan(500_000);
    expect(receiver.received.at(-1)?.body).toBe(payload.payload);
    // Every answer is checked against the OpenAPI document; this one explicitly too.
    expectMatchesResponseSchema("GET", "/accounting-payloads.json", answer.status, answer.body);
  });
});
