// Races: clients writing the same records at once, on the embedded database and on the remote driver
// (the dev libSQL server over HTTP, where a write reads, plans and applies a guarded batch, and a batch
// whose reads changed is planned again or answered 409). Whatever the interleaving, every answer is a
// success or a 409 (412 for a stale If-Match), and the books read back afterwards hold: no line shipped
// or cancelled past what was ordered, every derived value what the books compute from the rows, no
// update lost, one sale per order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseBooks, saleBooks } from "../../src/domain/books.ts";
import { embedded, openRemote, remote, type StackKind, type TestStack, type TestTenant } from "../stacks.ts";

type Rec = Record<string, any> & { id: number };

interface Answer {
  label: string;
  status: number;
  body: any;
  headers: Headers;
}

/** How often a client sends a request again after a retryable conflict (a 409 with Retry-After). */
const RETRIES = 10;

/**
 * One client's request, as a client that honours retryable conflicts: a 409 with Retry-After is sent
 * again (after a few milliseconds, not the second it asks for: the test keeps short), at most `RETRIES`
 * times. Every answer, retried or final, goes to `log`; the final one is returned.
 */
async function send(
  log: Answer[],
  t: TestTenant,
  label: string,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const answer = { label, ...(await t.json(method, path, body, headers)) };
    log.push(answer);
    if (answer.status !== 409 || answer.headers.get("Retry-After") === null || attempt >= RETRIES) {
      return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 4));
  }
}

/**
 * Every answer a success or one of `refusals`, never a 5xx; each refusal a problem document; a 409
 * either retryable (Retry-After) or final for a reason it names (the state of the record).
 */
function expectSound(log: readonly Answer[], refusals: readonly number[] = [409]): void {
  expect(log.length).toBeGreaterThan(0);
  for (const answer of log) {
    const said = `${answer.label}: ${answer.status} ${JSON.stringify(answer.body)}`;
    expect(answer.status < 300 || refusals.includes(answer.status), said).toBe(true);
    if (answer.status < 300) continue;
    expect(answer.headers.get("Content-Type"), said).toMatch(/^application\/problem\+json/);
    expect(answer.body.status, said).toBe(answer.status);
    if (answer.status === 409) {
      const retryable = answer.headers.get("Retry-After") !== null;
      expect(retryable || answer.body.state !== undefined, said).toBe(true);
    }
  }
}

async function make(t: TestTenant, plural: string, body: Record<string, unknown>): Promise<Rec> {
  const answer = await t.json("POST", `/${plural}.json`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Every record of a kind matching `where` (all of them: fewer than a page). */
async function list(
  t: TestTenant,
  plural: string,
  where: Record<string, string | number> = {},
): Promise<Rec[]> {
  const query = Object.entries(where)
    .map(([field, value]) => `&where[${field}]=${encodeURIComponent(value)}`)
    .join("");
  const answer = await t.json("GET", `/${plural}.json?limit=250${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get("Link"), `more than a page of ${plural}`).toBeNull();
  return answer.body;
}

/** The items in a random order: each round of a race starts its clients in another. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Runs `start` after a random pause of a few milliseconds, so that clients interleave differently. */
async function later<T>(start: () => Promise<T>): Promise<T> {
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
  return start();
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const cents = (amount: number) => Math.round(amount * 100);

function sumBy(records: readonly Rec[], key: string, value: string): Map<number, number> {
  const sums = new Map<number, number>();
  for (const record of records) sums.set(record[key], (sums.get(record[key]) ?? 0) + record[value]);
  return sums;
}

// ------------------------------------------------------------------------------------------- the books

/**
 * The books of these purchases and sales, read back, are what the books compute from their rows: no
 * derived value or status to change, no line past what it ordered. `purchaseBooks` and `saleBooks` are
 * the functions every write path settles with; a `now` they ask for is a date a settle never wrote.
 */
async function expectBooksHold(t: TestTenant, purchaseIds: number[], saleIds: number[]): Promise<void> {
  const unsettled = () => "a settle never wrote this";
  for (const id of purchaseIds) {
    const [purchase] = await list(t, "purchases", { id });
    const items = await list(t, "purchase-items", { purchaseId: id });
    for (const item of items) {
      const line = `purchase item ${item.id}`;
      expect(item.quantityShipped, line).toBeGreaterThanOrEqual(0);
      expect(item.quantityCancelled, line).toBeGreaterThanOrEqual(0);
      expect(item.quantityShipped + item.quantityCancelled, line).toBeLessThanOrEqual(item.quantity);
    }
    const payments = await list(t, "purchase-invoice-payments", { purchaseId: id, status: "active" });
    const invoices = await list(t, "purchase-invoices", { purchaseId: id, status: "active" });
    const books = purchaseBooks(
      purchase as never,
      items as never,
      payments as never,
      invoices as never,
      unsettled,
    );
    expect(
      { status: books.status, values: books.values, items: Object.fromEntries(books.items) },
      `the books of purchase ${id}`,
    ).toEqual({ status: purchase!.status, values: {}, items: {} });
  }
  for (const id of saleIds) {
    const [sale] = await list(t, "sales", { id });
    const items = await list(t, "sale-items", { saleId: id });
    for (const item of items) {
      const line = `sale item ${item.id}`;
      expect(item.quantityFulfilled + item.quantityCancelled, line).toBeLessThanOrEqual(item.quantity);
    }
    const books = saleBooks(sale as never, items as never);
    expect({ status: books.status, values: books.values }, `the books of sale ${id}`).toEqual({
      status: sale!.status,
      values: {},
    });
  }
}

/**
 * What a sale's dropship lines record is what happened to them: a purchase line's shipped quantity is
 * what its dropshipments carry, its cancelled quantity what the cancellations' return lines record, and
 * a sale line has fulfilled and cancelled what its purchase lines shipped and cancelled.
 */
async function expectLinesAccounted(t: TestTenant, saleId: number): Promise<void> {
  const purchases = await list(t, "purchases", { saleId });
  const items = (
    await Promise.all(purchases.map((p) => list(t, "purchase-items", { purchaseId: p.id })))
  ).flat();
  const dropshipments = await list(t, "dropshipments", { saleId });
  const carried = sumBy(
    (
      await Promise.all(dropshipments.map((d) => list(t, "dropshipment-items", { dropshipmentId: d.id })))
    ).flat(),
    "purchaseItemId",
    "quantity",
  );
  const returns = await list(t, "sale-returns", { saleId, type: "cancellation" });
  const recorded = sumBy(
    (await Promise.all(returns.map((r) => list(t, "sale-return-items", { saleReturnId: r.id })))).flat(),
    "purchaseItemId",
    "quantity",
  );
  for (const item of items) {
    expect([carried.get(item.id) ?? 0, recorded.get(item.id) ?? 0], `purchase item ${item.id}`).toEqual([
      item.quantityShipped,
      item.quantityCancelled,
    ]);
  }
  const shipped = sumBy(items, "saleItemId", "quantityShipped");
  const cancelled = sumBy(items, "saleItemId", "quantityCancelled");
  for (const line of await list(t, "sale-items", { saleId })) {
    expect([line.quantityFulfilled, line.quantityCancelled], `sale item ${line.id}`).toEqual([
      shipped.get(line.id) ?? 0,
      cancelled.get(line.id) ?? 0,
    ]);
  }
}

// ------------------------------------------------------------------------------------------- the world

const ADDRESS = { name: "Ada Buyer", lineOne: "1 Main St", city: "Springfield", zip: "62701", country: "US" };

/**
 * A channel, a default warehouse with 100 of OWN on hand (NEW has no stock level yet), and two dropship
 * providers: D1 and D2 come from the first, E1 from the second.
 */
async function world(t: TestTenant) {
  const channel = await make(t, "channels", { name: "Web Store" });
  const warehouse = await make(t, "warehouses", { name: "Main", isDefault: true });
  const first = await make(t, "dropship-providers", { name: "Vendor One", email: "orders@one.example" });
  const second = await make(t, "dropship-providers", { name: "Vendor Two", email: "orders@two.example" });
  const variants: Record<string, Rec> = {};
  for (const [sku, spec] of Object.entries({
    D1: { costPrice: 3.1, dropshipProviderId: first.id },
    D2: { costPrice: 2.05, dropshipProviderId: first.id },
    E1: { costPrice: 5, dropshipProviderId: second.id },
    OWN: {},
    NEW: {},
  })) {
    variants[sku] = await make(t, "variants", { sku, name: sku, ...spec });
  }
  await make(t, "adjustments", { variantId: variants.OWN!.id, warehouseId: warehouse.id, quantity: 100 });
  return { channel, warehouse, first, second, variants };
}

type OrderLine = { sku: string; quantity: number; price: number };
const order = (externalId: string, items: OrderLine[]) => ({
  externalId,
  customer: { email: "ada@example.com", firstName: "Ada", lastName: "Buyer" },
  shippingAddress: ADDRESS,
  items,
});

// ---------------------------------------------------------------------------------------------- suites

const STACKS: StackKind[] = [embedded, remote];

describe.each(STACKS)("races on the $name database", (kind) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await kind.open();
  });
  afterAll(() => stack?.close());

  it("ships and cancels the same purchases from several clients at once: one outcome per unit, the books whole", async () => {
    const t = await stack.tenant();
    const w = await world(t);
    const log: Answer[] = [];
    for (let round = 0; round < 6; round++) {
      const placed = await send(
        log,
        t,
        "import",
        "POST",
        `/channels/${w.channel.id}/manual-sale.json`,
        order(`ROUND-${round}`, [
          { sku: "D1", quantity: 2, price: 10 },
          { sku: "D2", quantity: 1, price: 7.5 },
          { sku: "E1", quantity: 2, price: 12.25 },
        ]),
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const sale = placed.body;
      const purchases = await list(t, "purchases", { saleId: sale.id });
      const one = purchases.find((p) => p.dropshipProviderId === w.first.id)!;
      const two = purchases.find((p) => p.dropshipProviderId === w.second.id)!;
      for (const purchase of [one, two]) {
        expect((await send(log, t, "send", "PUT", `/purchases/${purchase.id}/send.json`, {})).status).toBe(
          200,
        );
      }
      const d1 = (await list(t, "purchase-items", { purchaseId: one.id })).find((item) => item.sku === "D1")!;
      const e1 = (await list(t, "sale-items", { saleId: sale.id })).find((item) => item.sku === "E1")!;
      const ship = (purchase: Rec, label: string, items?: unknown) =>
        send(log, t, label, "POST", `/purchases/${purchase.id}/ship.json`, {
          trackingNumber: `T-${round}-${label}`,
          ...(items ? { items } : {}),
        });
      const cancel = (purchase: Rec, label: string, items?: unknown) =>
        send(log, t, label, "PUT", `/purchases/${purchase.id}/cancel.json`, items ? { items } : {});
      // Both purchases of the sale at once, so that their writes to the sale race too. The lines named
      // take one unit each of D1's two: they cannot ask for more than is left while the purchase is open.
      const racers = [
        () => ship(one, "ship all of one"),
        () => cancel(one, "cancel all of one"),
        () => ship(one, "ship one D1", [{ purchaseItemId: d1.id, quantity: 1 }]),
        () => cancel(one, "cancel one D1", [{ purchaseItemId: d1.id, quantity: 1 }]),
        () => ship(two, "ship all of two"),
        () => cancel(two, "cancel all of two"),
        // Writes the books depend on, through the other write paths, at the same time.
        () => send(log, t, "charges of one", "PUT", `/purchases/${one.id}.json`, { shippingPrice: 2.5 }),
        () =>
          send(log, t, "payment to two", "POST", "/purchase-invoice-payments.json", {
            purchaseId: two.id,
            amount: 3,
          }),
        () => send(log, t, "price of E1", "PUT", `/sale-items/${e1.id}.json`, { price: 13 }),
      ];
      const answers = await Promise.all(shuffled(racers).map((race) => later(race)));
      const won = (label: string) => answers.find((a) => a.label === label)!.status === 200;
      // Whichever came first of "all" takes every unit left: the other finds the purchase closed.
      expect(
        [won("ship all of one"), won("cancel all of one")].filter(Boolean),
        `round ${round}`,
      ).toHaveLength(1);
      expect(
        [won("ship all of two"), won("cancel all of two")].filter(Boolean),
        `round ${round}`,
      ).toHaveLength(1);
      for (const purchase of [one, two]) {
        for (const item of await list(t, "purchase-items", { purchaseId: purchase.id })) {
          expect(item.quantityShipped + item.quantityCancelled, `round ${round}: ${item.sku}`).toBe(
            item.quantity,
          );
        }
      }
      // Every ship answered 200 is one dropshipment, every cancel one cancellation: none lost, none extra.
      const shipsWon = answers.filter((a) => a.label.startsWith("ship") && a.status === 200);
      const cancelsWon = answers.filter((a) => a.label.startsWith("cancel") && a.status === 200);
      expect((await list(t, "dropshipments", { saleId: sale.id })).map((d) => d.id).sort()).toEqual(
        shipsWon.map((a) => a.body.id).sort(),
      );
      expect(await list(t, "sale-returns", { saleId: sale.id, type: "cancellation" })).toHaveLength(
        cancelsWon.length,
      );
      for (const label of ["charges of one", "payment to two", "price of E1"])
        expect(won(label), label).toBe(true);
      const [charged] = await list(t, "purchases", { id: one.id });
      const [paid] = await list(t, "purchases", { id: two.id });
      const [repriced] = await list(t, "sale-items", { id: e1.id });
      expect([charged!.shippingPrice, paid!.amountPaid, repriced!.price]).toEqual([2.5, 3, 13]);
      await expectLinesAccounted(t, sale.id);
      await expectBooksHold(t, [one.id, two.id], [sale.id]);
    }
    expectSound(log);
  });

  it("keeps every field of concurrent updates to one record, and the books derived from all of them", async () => {
    const t = await stack.tenant();
    const w = await world(t);
    const log: Answer[] = [];
    for (let round = 0; round < 4; round++) {
      const purchase = await make(t, "purchases", { dropshipProviderId: w.first.id });
      const first = await make(t, "purchase-items", {
        purchaseId: purchase.id,
        sku: "D1",
        quantity: 1,
        price: 3.1,
      });
      const second = await make(t, "purchase-items", {
        purchaseId: purchase.id,
        sku: "D2",
        quantity: 2,
        price: 2.05,
      });
      const carrier = await make(t, "carriers", { name: `Carrier ${round}` });
      const placed = await send(
        log,
        t,
        "import",
        "POST",
        `/channels/${w.channel.id}/manual-sale.json`,
        order(`EDIT-${round}`, [
          { sku: "D1", quantity: 1, price: 10 },
          { sku: "OWN", quantity: 2, price: 4 },
        ]),
      );
      const [lineA, lineB] = await list(t, "sale-items", { saleId: placed.body.id });
      const put = (plural: string, id: number, body: Record<string, unknown>) =>
        send(log, t, `PUT ${plural} ${JSON.stringify(body)}`, "PUT", `/${plural}/${id}.json`, body);
      const answers = await Promise.all([
        put("purchases", purchase.id, { shippingPrice: 4.5 + round }),
        put("purchases", purchase.id, { taxAmount: 1.25 }),
        put("purchases", purchase.id, { notes: `round ${round}` }),
        put("purchase-items", first.id, { quantity: 4 }),
        put("purchase-items", second.id, { price: 2.5 }),
        put("sale-items", lineA!.id, { price: 11.5 }),
        put("sale-items", lineB!.id, { price: 4.75 }),
        put("carriers", carrier.id, { name: `Renamed ${round}` }),
        put("carriers", carrier.id, { externalId: `EXT-${round}` }),
      ]);
      for (const answer of answers)
        expect(answer.status, `${answer.label}: ${JSON.stringify(answer.body)}`).toBe(200);

      const [after] = await list(t, "purchases", { id: purchase.id });
      expect([after!.shippingPrice, after!.taxAmount, after!.notes]).toEqual([
        4.5 + round,
        1.25,
        `round ${round}`,
      ]);
      const items = await list(t, "purchase-items", { purchaseId: purchase.id });
      expect(items.map((item) => [item.quantity, item.price])).toEqual([
        [4, 3.1],
        [2, 2.5],
      ]);
      expect([cents(after!.subtotal), cents(after!.total)]).toEqual([1740, 1740 + cents(4.5 + round) + 125]);
      const saleLines = await list(t, "sale-items", { saleId: placed.body.id });
      expect(saleLines.map((line) => line.price)).toEqual([11.5, 4.75]);
      const [sale] = await list(t, "sales", { id: placed.body.id });
      expect(cents(sale!.subtotal)).toBe(1150 + 950);
      const [renamed] = await list(t, "carriers", { id: carrier.id });
      expect([renamed!.name, renamed!.externalId]).toEqual([`Renamed ${round}`, `EXT-${round}`]);
      await expectBooksHold(t, [purchase.id], [placed.body.id]);
    }
    expectSound(log);
  });

  it("settles If-Match races: a tagged write loses only to a write before it, one of two with one tag wins, no increment is lost", async () => {
    const t = await stack.tenant();
    const w = await world(t);
    const log: Answer[] = [];
    const purchase = await make(t, "purchases", { dropshipProviderId: w.first.id });
    await make(t, "purchase-items", { purchaseId: purchase.id, sku: "D1", quantity: 2, price: 3.1 });
    const carrier = await make(t, "carriers", { name: "0" });
    const targets = [
      { plural: "purchases", id: purchase.id, field: "shippingPrice", other: "notes" },
      { plural: "carriers", id: carrier.id, field: "name", other: "externalId" },
    ];
    const valueFor = (field: string, n: number) => (field === "shippingPrice" ? n : String(n));
    for (const { plural, id, field, other } of targets) {
      const path = `/${plural}/${id}.json`;
      // A write with If-Match against one without: it wins only if it came first, and then both land.
      for (let round = 0; round < 6; round++) {
        const read = await t.json("GET", path);
        const guarded = valueFor(field, 100 + round);
        const [matched, plain] = await Promise.all([
          later(() =>
            send(
              log,
              t,
              `PUT ${path} If-Match`,
              "PUT",
              path,
              { [field]: guarded },
              {
                "If-Match": read.headers.get("ETag")!,
              },
            ),
          ),
          later(() => send(log, t, `PUT ${path}`, "PUT", path, { [other]: `other ${round}` })),
        ]);
        expect([200, 412], JSON.stringify(matched.body)).toContain(matched.status);
        expect(plain.status, JSON.stringify(plain.body)).toBe(200);
        const now = (await t.json("GET", path)).body;
        expect([now[field] === guarded, now[other]], `round ${round}`).toEqual([
          matched.status === 200,
          `other ${round}`,
        ]);
      }

      // Two writes with the same If-Match: one wins, the other finds the record changed.
      const read = await t.json("GET", path);
      const answers = await Promise.all(
        [7, 9].map((n) =>
          send(
            log,
            t,
            `PUT ${path} If-Match`,
            "PUT",
            path,
            { [field]: valueFor(field, n) },
            {
              "If-Match": read.headers.get("ETag")!,
            },
          ),
        ),
      );
      expect(
        answers.map((answer) => answer.status).sort(),
        JSON.stringify(answers.map((a) => a.body)),
      ).toEqual([200, 412]);
      const winner = answers.find((answer) => answer.status === 200)!;
      expect((await t.json("GET", path)).body[field]).toBe(winner.body[field]);

      // Read, add one, write back only if unchanged: four clients, each until its write lands.
      const start = Number((await t.json("GET", path)).body[field]);
      const increment = async (client: number) => {
        for (let attempt = 0; attempt < 50; attempt++) {
          const current = await t.json("GET", path);
          const next = Number(current.body[field]) + 1;
          const answer = await send(
            log,
            t,
            `increment ${path} (client ${client})`,
            "PUT",
            path,
            { [field]: valueFor(field, next) },
            { "If-Match": current.headers.get("ETag")! },
          );
          if (answer.status === 200) return attempt;
        }
        throw new Error(`client ${client} never got its increment of ${path} in`);
      };
      await Promise.all([0, 1, 2, 3].map(increment));
      expect(Number((await t.json("GET", path)).body[field])).toBe(start + 4);
    }
    await expectBooksHold(t, [purchase.id], []);
    expectSound(log, [409, 412]);
  });

  it("imports orders from eight clients at once: one sale per order, stock allocated once per line", async () => {
    const t = await stack.tenant();
    const w = await world(t);
    const log: Answer[] = [];
    const path = `/channels/${w.channel.id}/manual-sale.json`;
    const orders = new Map<string, OrderLine[]>();
    const lines = (i: number, k: number): OrderLine[] => [
      { sku: "D1", quantity: 1 + ((i + k) % 2), price: 10 },
      { sku: "OWN", quantity: 1 + (i % 3), price: 4.5 },
      ...((i + k) % 4 === 0 ? [{ sku: "NEW", quantity: 1, price: 2 }] : []),
    ];
    for (let k = 0; k < 3; k++) {
      orders.set(`SHARED-${k}`, [
        { sku: "D1", quantity: 2, price: 10 },
        { sku: "OWN", quantity: 1, price: 4.5 },
        { sku: "NEW", quantity: 2, price: 2 },
      ]);
      for (let i = 0; i < 8; i++) orders.set(`C${i}-${k}`, lines(i, k));
    }
    // Each client sends, in turn, an order every client sends and one of its own.
    const client = async (i: number) => {
      const finals: Answer[] = [];
      for (let k = 0; k < 3; k++) {
        for (const externalId of [`SHARED-${k}`, `C${i}-${k}`]) {
          finals.push(
            await send(
              log,
              t,
              `import ${externalId}`,
              "POST",
              path,
              order(externalId, orders.get(externalId)!),
            ),
          );
        }
      }
      return finals;
    };
    const finals = (await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(client))).flat();
    expectSound(log);
    for (const answer of finals)
      expect(answer.status, `${answer.label}: ${JSON.stringify(answer.body)}`).toBe(200);

    const sales = await list(t, "sales", { channelId: w.channel.id });
    expect(sales.map((sale) => sale.externalId).sort()).toEqual([...orders.keys()].sort());
    for (const answer of finals) {
      expect(sales.find((sale) => sale.id === answer.body.id)?.externalId).toBe(answer.body.externalId);
    }
    // Each order's lines once, however many times it was sent: a dropship purchase and a fulfillment each.
    const saleItems = await list(t, "sale-items");
    const purchases = await list(t, "purchases");
    const purchaseItems = await list(t, "purchase-items");
    const fulfillments = await list(t, "fulfillments");
    const fulfillmentItems = await list(t, "fulfillment-items");
    for (const sale of sales) {
      const expected = orders.get(sale.externalId)!;
      const saleLines = saleItems.filter((item) => item.saleId === sale.id);
      expect(saleLines.map((item) => [item.sku, item.quantity]).sort(), sale.externalId).toEqual(
        expected.map((line) => [line.sku, line.quantity]).sort(),
      );
      const ofSale = purchases.filter((purchase) => purchase.saleId === sale.id);
      expect(
        ofSale.map((purchase) => purchase.dropshipProviderId),
        sale.externalId,
      ).toEqual([w.first.id]);
      expect(
        purchaseItems
          .filter((item) => item.purchaseId === ofSale[0]!.id)
          .map((item) => [item.sku, item.quantity]),
        sale.externalId,
      ).toEqual(expected.filter((line) => line.sku === "D1").map((line) => [line.sku, line.quantity]));
      const shipped = fulfillments.filter((fulfillment) => fulfillment.saleId === sale.id);
      expect(shipped, sale.externalId).toHaveLength(1);
      expect(
        fulfillmentItems
          .filter((item) => item.fulfillmentId === shipped[0]!.id)
          .map((item) => [item.sku, item.quantity])
          .sort(),
        sale.externalId,
      ).toEqual(
        expected
          .filter((line) => line.sku !== "D1")
          .map((line) => [line.sku, line.quantity])
          .sort(),
      );
    }
    expect(await list(t, "customers", { email: "ada@example.com" })).toHaveLength(1);
    // Every import answered 200 is logged once.
    expect(await list(t, "sale-imports", { channelId: w.channel.id })).toHaveLength(finals.length);

    // The warehouse allocates exactly what its pending lines hold: no allocation lost or doubled.
    const levels = await list(t, "inventory-levels", { warehouseId: w.warehouse.id });
    for (const sku of ["OWN", "NEW"]) {
      const variantId = w.variants[sku]!.id;
      const ofVariant = levels.filter((level) => level.variantId === variantId);
      expect(ofVariant, sku).toHaveLength(1);
      const held = sum(
        fulfillmentItems.filter((item) => item.variantId === variantId).map((item) => item.quantity),
      );
      expect(held, sku).toBe(
        sum(
          [...orders.values()]
            .flat()
            .filter((line) => line.sku === sku)
            .map((l) => l.quantity),
        ),
      );
      expect([ofVariant[0]!.allocated, ofVariant[0]!.onHand], sku).toEqual([held, sku === "OWN" ? 100 : 0]);
    }
    await expectBooksHold(
      t,
      purchases.map((purchase) => purchase.id),
      sales.map((sale) => sale.id),
    );
  });

  it("fulfills orders from eight clients at once from the own stock until it runs out, and dropships the rest", async () => {
    const t = await stack.tenant();
    const w = await world(t);
    const d2 = w.variants.D2!;
    await make(t, "adjustments", { variantId: d2.id, warehouseId: w.warehouse.id, quantity: 5 });
    const log: Answer[] = [];
    const path = `/channels/${w.channel.id}/manual-sale.json`;
    const finals = await Promise.all(
      shuffled([0, 1, 2, 3, 4, 5, 6, 7]).map((i) =>
        later(() =>
          send(log, t, `import O${i}`, "POST", path, order(`O${i}`, [{ sku: "D2", quantity: 1, price: 6 }])),
        ),
      ),
    );
    expectSound(log);
    for (const answer of finals)
      expect(answer.status, `${answer.label}: ${JSON.stringify(answer.body)}`).toBe(200);
    // The channel prefers its own stock (`blendedPreference` inhouse): 5 units there, each taken once.
    const fulfilled = (await list(t, "fulfillment-items")).filter((item) => item.variantId === d2.id);
    const dropshipped = (await list(t, "purchase-items")).filter((item) => item.variantId === d2.id);
    expect([fulfilled.length, dropshipped.length]).toEqual([5, 3]);
    const [level] = await list(t, "inventory-levels", { variantId: d2.id, warehouseId: w.warehouse.id });
    expect([level!.onHand, level!.allocated]).toEqual([5, 5]);
  });

  it("creates lines on one purchase from several clients at once: its totals are the sum of its lines", async () => {
    const t = await stack.tenant();
    const w = await world(t);
    const log: Answer[] = [];
    for (let round = 0; round < 3; round++) {
      const purchase = await make(t, "purchases", { dropshipProviderId: w.first.id });
      const lines = Array.from({ length: 8 }, (_, i) => ({
        sku: `L${round}-${i}`,
        quantity: 1 + (i % 3),
        price: 1.15 * (i + 1),
      }));
      const answers = await Promise.all([
        ...lines.map((line) =>
          send(log, t, `create ${line.sku}`, "POST", "/purchase-items.json", {
            purchaseId: purchase.id,
            ...line,
          }),
        ),
        send(log, t, "charges", "PUT", `/purchases/${purchase.id}.json`, {
          shippingPrice: 6,
          taxAmount: 0.5,
        }),
        send(log, t, "payment", "POST", "/purchase-invoice-payments.json", {
          purchaseId: purchase.id,
          amount: 5,
        }),
      ]);
      expectSound(log);
      const created = answers.filter((answer) => answer.label.startsWith("create") && answer.status === 200);
      const items = await list(t, "purchase-items", { purchaseId: purchase.id });
      // Every create answered 200 is a line, and no line is there that no create was answered for.
      expect(items.map((item) => item.id).sort()).toEqual(created.map((answer) => answer.body.id).sort());
      const charges = answers.find((answer) => answer.label === "charges")!;
      const paid = answers.find((answer) => answer.label === "payment")!;
      const [after] = await list(t, "purchases", { id: purchase.id });
      const subtotal = sum(items.map((item) => item.quantity * cents(item.price)));
      const extra = charges.status === 200 ? 650 : 0;
      expect([after!.quantity, cents(after!.subtotal), cents(after!.total)]).toEqual([
        sum(items.map((item) => item.quantity)),
        subtotal,
        subtotal + extra,
      ]);
      expect(cents(after!.amountPaid)).toBe(paid.status === 200 ? 500 : 0);
      await expectBooksHold(t, [purchase.id], []);
    }
  });
});

describe("a write that waits for the remote database's write lock longer than it allows", () => {
  let stack: Awaited<ReturnType<typeof openRemote>>;
  beforeAll(async () => {
    stack = await openRemote({ busyTimeoutMs: 200 });
  });
  afterAll(() => stack?.close());

  it("is answered 409 with Retry-After, writes nothing, and goes through when sent again", async () => {
    const t = await stack.tenant();
    const provider = await make(t, "dropship-providers", { name: "Vendor", email: "orders@vendor.example" });
    const purchase = await make(t, "purchases", { dropshipProviderId: provider.id });
    await make(t, "purchase-items", { purchaseId: purchase.id, sku: "A", quantity: 1, price: 2 });
    const before = {
      purchase: (await t.json("GET", `/purchases/${purchase.id}.json`)).body,
      items: await list(t, "purchase-items"),
      carriers: await list(t, "carriers"),
    };
    const writes: [string, string, unknown][] = [
      ["PUT", `/purchases/${purchase.id}.json`, { shippingPrice: 2 }],
      ["POST", "/carriers.json", { name: "Parcel" }],
      ["POST", "/purchase-items.json", { purchaseId: purchase.id, sku: "B", quantity: 2, price: 3 }],
      ["PUT", `/purchases/${purchase.id}/send.json`, {}],
    ];
    // Another writer holds the lock meanwhile (an interactive transaction, as a write not yet planned
    // keeps one across its round trips), until the writes are answered (or at most 5 s).
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 5_000).unref();
    });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const holder = stack.db.transaction(async (tx) => {
      await tx.execute("SELECT 1");
      holding();
      await released;
    });
    await held;
    const answers: Answer[] = await Promise.all(
      writes.map(async ([method, path, body]) => ({
        label: `${method} ${path}`,
        ...(await t.json(method, path, body)),
      })),
    );
    release();
    await holder;
    expectSound(answers);
    for (const answer of answers) {
      expect(answer.status, `${answer.label}: ${JSON.stringify(answer.body)}`).toBe(409);
      expect(answer.headers.get("Retry-After"), answer.label).not.toBeNull();
    }
    expect({
      purchase: (await t.json("GET", `/purchases/${purchase.id}.json`)).body,
      items: await list(t, "purchase-items"),
      carriers: await list(t, "carriers"),
    }).toEqual(before);
    for (const [method, path, body] of writes) {
      const again = await t.json(method, path, body);
      expect(again.status, `${method} ${path}: ${JSON.stringify(again.body)}`).toBe(200);
    }
  });
});
