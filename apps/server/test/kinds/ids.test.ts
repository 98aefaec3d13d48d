// A record's id names it alone for good: a deleted record's id is never given to another record, of the
// same company or any other, so what still names it (its events, a delivery, an error's subject) does not
// come to name a stranger.
import { expect, it } from "vitest";
import { sentWorld, ship } from "../actions/orders-fixtures.ts";
import { expectStatus, read } from "../requests.ts";
import { setupApp } from "../support.ts";

it("gives no record the id of a deleted one, in any company", async () => {
  const setup = await setupApp();
  const [a, b] = [await setup.tenant(), await setup.tenant()];
  const first = await a.json("POST", "/customers.json", { name: "First", email: "first@example.com" });
  const newest = await a.json("POST", "/customers.json", { name: "Newest", email: "newest@example.com" });
  expect((await a.request("DELETE", `/customers/${newest.body.id}.json`)).status).toBe(204);

  const other = await b.json("POST", "/customers.json", { name: "Other", email: "other@example.com" });
  const again = await a.json("POST", "/customers.json", { name: "Again", email: "again@example.com" });
  const ids = [first.body.id, newest.body.id, other.body.id, again.body.id];
  expect(new Set(ids).size).toBe(4);
  expect(other.body.id).toBeGreaterThan(newest.body.id);

  // The deleted customer's events still name it alone.
  const events = await a.json(
    "GET",
    "/events.json?where[type][$in][]=customer.created&where[type][$in][]=customer.deleted",
  );
  expect(events.status).toBe(200);
  const named = events.body
    .filter((event: { data: { object: { id: number } } }) => event.data.object.id === newest.body.id)
    .map((event: { type: string; data: { object: { name: string } } }) => [
      event.type,
      event.data.object.name,
    ]);
  expect(named).toEqual([
    ["customer.created", "Newest"],
    ["customer.deleted", "Newest"],
  ]);
});

it("gives a webhook endpoint made after a deleted one an id of its own", async () => {
  // Delivery off: the endpoints are never called.
  const setup = await setupApp({ outbound: { allowLocal: true } });
  const t = await setup.tenant();
  const body = { url: "http://127.0.0.1:9/hook", events: ["customer.created"], enabled: false };
  const deleted = await t.json("POST", "/webhook-endpoints.json", body);
  expect(deleted.status).toBe(200);
  expect((await t.request("DELETE", `/webhook-endpoints/${deleted.body.id}.json`)).status).toBe(204);
  const made = await t.json("POST", "/webhook-endpoints.json", body);
  expect(made.status).toBe(200);
  expect(made.body.id).not.toBe(deleted.body.id);
});

it("names a return label after its own return shipment when the newest one was deleted", async () => {
  const setup = await setupApp();
  const [t, other] = [await setup.tenant(), await setup.tenant()];
  const w = await sentWorld(t);
  await expectStatus(ship(t, w.purchase.id), 200);
  // The newest return shipment of all, another company's, deleted.
  const purchase = await expectStatus(other.json("POST", "/purchases.json", {}), 200);
  const gone = await expectStatus(
    other.json("POST", "/return-shipments.json", { purchaseId: purchase.id, status: "requested" }),
    200,
  );
  await expectStatus(other.json("DELETE", `/return-shipments/${gone.id}.json`), 204);

  const made = await expectStatus(
    t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
      items: [{ purchaseItemId: w.items.mug.id, quantity: 1 }],
    }),
    200,
  );
  expect(made.id).toBeGreaterThan(gone.id);
  const label = await read(t, "labels", made.labelId);
  expect(label.url).toContain(`return-label-${made.id}`);
});
