// One request sent twice at once under one Idempotency-Key: a client that resends after a dropped
// connection while the first request still runs. The resend gets the first answer again (or a 409 with
// Retry-After while the first runs), never a refusal planned on what the first request wrote. On the
// remote driver, where two requests of one company are planned at the same time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remote, type TestStack, type TestTenant } from "../stacks.ts";

const ROUNDS = 6;

let stack: TestStack;
beforeAll(async () => {
  stack = await remote.open();
});
afterAll(() => stack?.close());

/** Sends a request as the typed client does: again after a 409 with Retry-After, under the same key. */
async function keyed(t: TestTenant, method: string, path: string, body: unknown, key: string) {
  for (let attempt = 0; ; attempt++) {
    const answer = await t.json(method, path, body, { "Idempotency-Key": key });
    if (answer.status !== 409 || answer.headers.get("Retry-After") === null || attempt >= 20) return answer;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function created(t: TestTenant, plural: string, body: Record<string, unknown>) {
  const answer = await t.json("POST", `/${plural}.json`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: number };
}

/** Both requests of each round, sent at once under one key, are answered alike with `status`. */
async function twice(
  t: TestTenant,
  request: (round: number) => Promise<{ method: string; path: string; body?: unknown }>,
  status: number,
) {
  for (let round = 0; round < ROUNDS; round++) {
    const { method, path, body } = await request(round);
    const key = `twin-${round}-${crypto.randomUUID()}`;
    const answers = await Promise.all([keyed(t, method, path, body, key), keyed(t, method, path, body, key)]);
    const said = `round ${round}: ${JSON.stringify(answers.map((answer) => [answer.status, answer.body]))}`;
    expect(
      answers.map((answer) => answer.status),
      said,
    ).toEqual([status, status]);
    expect(answers[0]!.body, said).toEqual(answers[1]!.body);
  }
}

describe("a request sent twice at once under one Idempotency-Key", () => {
  it("settle-invoices: both are answered the one transfer", async () => {
    const t = await stack.tenant();
    await twice(
      t,
      async (round) => {
        const provider = await created(t, "dropship-providers", { name: `P${round}` });
        const purchase = await created(t, "purchases", {
          dropshipProviderId: provider.id,
          shippingPrice: 10,
        });
        await t.json("PUT", `/purchases/${purchase.id}.json`, { invoiceStatus: "invoiced" });
        return { method: "POST", path: `/dropship-providers/${provider.id}/settle-invoices.json`, body: {} };
      },
      200,
    );
    const transfers = await t.json("GET", "/transfers.json?limit=250");
    expect(transfers.body).toHaveLength(ROUNDS);
  });

  it("a create of a unique SKU: both are answered the one variant", async () => {
    const t = await stack.tenant();
    await twice(
      t,
      async (round) => ({ method: "POST", path: "/variants.json", body: { sku: `K-${round}`, name: "K" } }),
      200,
    );
  });

  it("a delete: both are answered 204", async () => {
    const t = await stack.tenant();
    await twice(
      t,
      async (round) => {
        const carrier = await created(t, "carriers", { name: `C${round}` });
        return { method: "DELETE", path: `/carriers/${carrier.id}.json` };
      },
      204,
    );
  });
});
