// Edges of the custom channel's order webhook: a refused order's id is logged as the answer gives it
// (a failed import is found again by that id), and an order resent unchanged but for the order of its
// lines without ids is imported again, while a changed quantity is still refused.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

const ORDER_PATH = "/webhooks/custom-channels/manual-sale.json";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** A tenant's custom channel, its channel, and a variant `MUG-1` fulfilled from a default warehouse. */
async function hooked(t: Tenant) {
  const channel = await create(t, "channels", { name: "Own" });
  await create(t, "variants", { sku: "MUG-1", name: "Mug" });
  await create(t, "warehouses", { name: "Main", isDefault: true });
  const custom = await create(t, "custom-channels", { name: "Own", channelId: channel.id });
  return { channel, hash: custom.webhookHash as string };
}

const order = (externalId: unknown, items: Record<string, unknown>[]) => ({
  externalId,
  customer: { firstName: "Dana", lastName: "Buyer", email: "dana@buyer.example" },
  shippingAddress: {
    name: "Dana Buyer",
    lineOne: "1 Main St",
    city: "Springfield",
    zip: "62701",
    country: "US",
  },
  items,
});

const mugs = (...lines: [quantity: number, price: number][]) =>
  lines.map(([quantity, price]) => ({ sku: "MUG-1", quantity, price }));

/** The sale import the webhook answers for `body`: always a 200. */
const send = (hash: string, body: unknown) =>
  expectStatus(setup.anonymous.json("POST", ORDER_PATH, body, { "webhook-hash": hash }), 200);

describe("a refused order's externalId", () => {
  it("is logged as the answer gives it when it is a valid id, and found among failed imports by it", async () => {
    const t = await setup.tenant();
    const { hash } = await hooked(t);
    const answer = await send(hash, order("ORD-7", [{ sku: "NO-SUCH", quantity: 1, price: 5 }]));
    expect(answer).toMatchObject({ status: "error", externalId: "ORD-7", saleId: null });
    const found = await list(t, "sale-imports", "&where[status]=error&where[externalId]=ORD-7");
    expect(found.map((saleImport) => saleImport.id)).toEqual([answer.id]);
  });

  it.each([
    ["a NUL character", "ORD\u0000-7"],
    ["a lone surrogate", "ORD-\uD83D-7"],
  ])("with %s is logged as null, in the answer as in the stored import", async (_, externalId) => {
    const t = await setup.tenant();
    const { hash } = await hooked(t);
    const answer = await send(hash, order(externalId, mugs([1, 5])));
    expect(answer).toMatchObject({ status: "error", externalId: null });
    expect(answer.problem).toMatchObject({ status: 422 });
    expect(await read(t, "sale-imports", answer.id)).toEqual(answer);
  });

  it("past the field's 100 characters is cut at 100 characters, never through an emoji", async () => {
    const t = await setup.tenant();
    const { hash } = await hooked(t);
    const head = `${"x".repeat(99)}😀`;
    const answer = await send(hash, order(`${head}-7`, mugs([1, 5])));
    expect(answer).toMatchObject({ status: "error", externalId: head });
    expect(await read(t, "sale-imports", answer.id)).toEqual(answer);
  });
});

describe("an order resent with its lines without ids in another order", () => {
  it("is imported again, its lines unchanged, when only their order changed", async () => {
    const t = await setup.tenant();
    const { hash } = await hooked(t);
    const first = await send(hash, order("B-1", mugs([1, 5], [2, 5])));
    expect(first).toMatchObject({ status: "success", message: "created" });
    const before = await list(t, "sale-items", `&where[saleId]=${first.saleId}`);

    const again = await send(hash, order("B-1", mugs([2, 5], [1, 5])));
    expect(again.problem, JSON.stringify(again.problem)).toBeNull();
    expect(again).toMatchObject({ status: "success", message: "updated", saleId: first.saleId });
    expect(await list(t, "sale-items", `&where[saleId]=${first.saleId}`)).toEqual(before);
  });

  it("pairs lines of one quantity by their price, so none of them is repriced", async () => {
    const t = await setup.tenant();
    const { hash } = await hooked(t);
    const first = await send(hash, order("B-2", mugs([1, 5], [1, 6])));
    const before = await list(t, "sale-items", `&where[saleId]=${first.saleId}`);

    const again = await send(hash, order("B-2", mugs([1, 6], [1, 5])));
    expect(again).toMatchObject({ status: "success", message: "updated" });
    expect(await list(t, "sale-items", `&where[saleId]=${first.saleId}`)).toEqual(before);
    expect((await read(t, "sales", first.saleId)).subtotal).toBe(11);
  });

  it("is still refused with a 409 when a quantity changed, naming the changed line", async () => {
    const t = await setup.tenant();
    const { hash } = await hooked(t);
    const first = await send(hash, order("B-3", mugs([1, 5], [2, 5])));
    const before = await list(t, "sale-items", `&where[saleId]=${first.saleId}`);

    const again = await send(hash, order("B-3", mugs([2, 5], [3, 5])));
    expect(again).toMatchObject({ status: "error", saleId: null, externalId: "B-3" });
    expect(again.problem).toMatchObject({ status: 409 });
    expect(again.problem.detail).toContain("Line items.1 (sku MUG-1) was imported with quantity 1, not 3");
    expect(await list(t, "sale-items", `&where[saleId]=${first.saleId}`)).toEqual(before);
  });
});
