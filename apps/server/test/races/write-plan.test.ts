// Provisional ids of a write plan are its own: nothing a client sends is ever taken for one.
import { beforeAll, expect, it } from "vitest";
import { WritePlan } from "../../src/domain/write-plan.ts";
import { setupApp } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

/** The form every plan's provisional ids took when their base was fixed. */
const LOOKALIKE = "-1000000000000001";

it("stores a client's text and numbers that look like provisional ids as they were sent", async () => {
  const t = await ctx.tenant();
  const make = async (plural: string, body: Record<string, unknown>) => {
    const answer = await t.json("POST", `/${plural}.json`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  await make("warehouses", { name: "Main", isDefault: true });
  const channel = await make("channels", { name: "Phone orders" });
  await make("variants", { sku: "SHELF", name: "Shelved" });
  const sale = await t.json("POST", `/channels/${channel.id}/manual-sale.json`, {
    externalId: `ORDER ${LOOKALIKE}`,
    notes: `call ${LOOKALIKE} before ${LOOKALIKE.slice(0, -1)}2`,
    customer: { email: "ada@example.com", firstName: LOOKALIKE },
    shippingAddress: {
      name: LOOKALIKE,
      lineOne: "1 Main St",
      city: "Springfield",
      zip: "62701",
      country: "US",
    },
    items: [{ sku: "SHELF", quantity: 1, price: 5, name: `${LOOKALIKE}` }],
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(200);
  expect(sale.body).toMatchObject({
    externalId: `ORDER ${LOOKALIKE}`,
    shippingName: LOOKALIKE,
    notes: `call ${LOOKALIKE} before -1000000000000002`,
  });
  const stored = await t.json("GET", `/sales/${sale.body.id}.json`);
  expect(stored.body.notes).toBe(sale.body.notes);
  const [line] = (await t.json("GET", `/sale-items.json?where[saleId]=${sale.body.id}`)).body;
  expect(line.name).toBe(LOOKALIKE);
  const [customer] = (await t.json("GET", "/customers.json")).body;
  expect(customer.firstName).toBe(LOOKALIKE);
});

it("draws each plan's provisional ids apart, and resolves only its own", async () => {
  const first = new WritePlan(1, new Date().toISOString());
  const second = new WritePlan(1, new Date().toISOString());
  const a = first.insert("carrier", { name: "A" });
  const b = second.insert("carrier", { name: "B" });
  expect(first.isProvisional(a.id)).toBe(true);
  expect(first.isProvisional(b.id)).toBe(false);
  expect(first.answerText({ name: `carrier ${b.id}`, id: b.id })).toBe(
    JSON.stringify({ name: `carrier ${b.id}`, id: b.id }),
  );
  expect(typeof first.answerText({ id: a.id })).toBe("object");
});

it("writes the same statement texts from one plan to the next, whatever its provisional ids", () => {
  // The embedded database prepares each distinct text once and keeps it: a plan's own numbers written
  // into a text would make every bulk write a statement of its own, prepared anew and kept in memory.
  const texts = () => {
    const plan = new WritePlan(1, "2026-01-01T00:00:00.000Z");
    const product = plan.insert("product", { name: "Shelf" });
    const [variant] = plan.insertMany("variant", [
      { sku: "A", productId: product.id },
      { sku: "B", productId: 12 },
    ]);
    const level = plan.insert("inventory-level", { variantId: variant!.id, warehouseId: 3 });
    plan.addToMany("inventory-level", "allocated", [{ record: level, amount: 2 }], { floor: 0 });
    const current = { id: 7, updatedAt: "2025-12-31T00:00:00.000Z", productId: 12 };
    plan.updateMany("variant", ["productId"], [{ current, values: { productId: product.id } }]);
    const made = plan.statements.map((statement) =>
      typeof statement === "string" ? statement : statement.sql,
    );
    return { made, base: product.id };
  };
  const first = texts();
  const second = texts();
  expect(second.base).not.toBe(first.base);
  expect(second.made).toEqual(first.made);
  for (const text of first.made) expect(text).not.toContain(String(first.base).slice(0, 12));
});

it("never takes allocated below 0: shipping more units than a level has allocated leaves it at 0", async () => {
  const t = await ctx.tenant();
  const make = async (plural: string, body: Record<string, unknown>) => {
    const answer = await t.json("POST", `/${plural}.json`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const warehouse = await make("warehouses", { name: "Main", isDefault: true });
  const channel = await make("channels", { name: "Phone orders" });
  const variant = await make("variants", { sku: "SHELF", name: "Shelved" });
  await make("adjustments", { variantId: variant.id, warehouseId: warehouse.id, quantity: 5 });
  const sale = await make(`channels/${channel.id}/manual-sale`, {
    externalId: "ORDER-1",
    customer: { email: "ada@example.com" },
    shippingAddress: { lineOne: "1 Main St", city: "Springfield", zip: "62701", country: "US" },
    items: [{ sku: "SHELF", quantity: 2, price: 5 }],
  });
  const level = async () =>
    (await t.json("GET", `/inventory-levels.json?where[variantId]=${variant.id}`)).body[0];
  expect(await level()).toMatchObject({ onHand: 5, allocated: 2 });
  // Only SQL reaches a level allocated less than its pending fulfillment holds.
  await ctx.db.execute({
    sql: "UPDATE inventory_levels SET allocated = 1 WHERE id = ?",
    args: [(await level()).id],
  });
  const [fulfillment] = (await t.json("GET", `/fulfillments.json?where[saleId]=${sale.id}`)).body;
  const shipped = await t.json("POST", `/fulfillments/${fulfillment.id}/ship.json`, {});
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  expect(await level()).toMatchObject({ onHand: 3, allocated: 0 });
});
