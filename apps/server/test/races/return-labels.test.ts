// Return labels of different companies at once, on the remote driver. A label's PDF is made before its
// batch, so what it prints cannot wait for the ids the batch gives: it names the return by its number
// among its purchase's returns, which no other company's write moves. One company's return labels
// never make another's stale.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RemoteStack, remoteStack } from "../remote.ts";
import { list } from "../requests.ts";
import type { Api } from "../support.ts";
import { meddled } from "./meddled.ts";
import { shippedPurchase } from "./shipped-purchase.ts";

const COMPANIES = 12;

let stack: RemoteStack;
let meddling: ReturnType<typeof meddled>;
beforeAll(async () => {
  stack = await remoteStack({
    templateDb: inject("templateDb"),
    appDb: (db) => {
      meddling = meddled(db);
      return meddling.db;
    },
  });
});
afterAll(() => stack?.close());

const returnLabel = (t: Api, purchaseId: number) =>
  t.json("POST", `/purchases/${purchaseId}/return-label.json`, {});

describe("return labels of different companies", () => {
  it(`are each made when ${COMPANIES} companies ask at once: none answered 409`, async () => {
    const purchases = [];
    for (let c = 0; c < COMPANIES; c++) {
      const t = await stack.tenant();
      purchases.push({ t, ...(await shippedPurchase(t, 1)) });
    }
    const answers = await Promise.all(purchases.map(({ t, purchaseId }) => returnLabel(t, purchaseId)));
    const refused = answers.filter((answer) => answer.status !== 200).map((answer) => answer.body);
    expect(refused).toEqual([]);
  });

  it("is made though another company makes one between each of its reads and its batch", async () => {
    const [t, other] = [await stack.tenant(), await stack.tenant()];
    const mine = await shippedPurchase(t, 1);
    const theirs = await shippedPurchase(other, 6);
    const items = [{ purchaseItemId: theirs.itemId, quantity: 1 }];
    meddling.meanwhile(async () => {
      const answer = await other.json("POST", `/purchases/${theirs.purchaseId}/return-label.json`, { items });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });
    try {
      const answer = await returnLabel(t, mine.purchaseId);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    } finally {
      meddling.meanwhile();
    }
    // Made on its first attempt: the other company's label came once.
    expect(await list(other, "return-shipments")).toHaveLength(1);
    expect(await list(t, "return-shipments")).toHaveLength(1);
  });
});
