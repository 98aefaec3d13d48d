// A replay names a delivery only among those the key's delivery log shows: a delivery of an event of a
// kind the key's scopes do not read is refused as one that does not exist, so the answer tells nothing of
// that event (its type, its id), and nothing is sent again.
import { beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, type Rec } from "../requests.ts";
import { type Api, apiOf, dispatcherWithClock, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/** A key of the tenant with exactly these scopes. */
async function keyWith(t: Tenant, scopes: string[]): Promise<Api> {
  const made = await expectStatus(t.json("POST", "/api-keys.json", { name: scopes.join(" "), scopes }), 200);
  return apiOf((path, init) => setup.app.request(path, init), made.secret);
}

/**
 * An endpoint on a receiver, which has been sent its own `webhook_endpoint.created` (the events group), a
 * ping and a customer's `customer.created` (the orders group).
 */
async function endpointWithDeliveries(t: Tenant) {
  const receiver = await startReceiver();
  const { dispatcher } = dispatcherWithClock(setup);
  // Events older than the endpoint are fanned out first, so that it gets only the customer's.
  await dispatcher.runOnce();
  const hook = await create(t, "webhook-endpoints", { url: receiver.url });
  await expectStatus(t.json("POST", `/webhook-endpoints/${hook.id}/test.json`, {}), 200);
  await create(t, "customers", { email: "dana@example.com" });
  await dispatcher.runOnce();
  const all: Rec[] = await expectStatus(t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`), 200);
  const byType = (type: string) => all.find((delivery) => delivery.type === type)!;
  expect(all.map((delivery) => delivery.type).sort()).toEqual([
    "customer.created",
    "ping",
    "webhook_endpoint.created",
  ]);
  return {
    receiver,
    dispatcher,
    hook,
    customer: byType("customer.created"),
    ping: byType("ping"),
    created: byType("webhook_endpoint.created"),
  };
}

const replay = (api: Api, hookId: number, deliveryId: number) =>
  api.json("POST", `/webhook-endpoints/${hookId}/replay.json`, { deliveryId });

describe("replaying a delivery with a key's scopes", () => {
  it("refuses a key that does not read the event's kind as if the delivery did not exist, and sends nothing", async () => {
    const t = await setup.tenant();
    const { receiver, dispatcher, hook, customer } = await endpointWithDeliveries(t);
    const eventsOnly = await keyWith(t, ["events:read", "events:write"]);
    // The key reads neither the event nor its delivery in the log.
    expect((await eventsOnly.json("GET", `/events/${customer.eventId}.json`)).status).toBe(403);
    const listed: Rec[] = await expectStatus(
      eventsOnly.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`),
      200,
    );
    expect(listed.map((delivery) => delivery.type).sort()).toEqual(["ping", "webhook_endpoint.created"]);

    const refused = await replay(eventsOnly, hook.id, customer.id);
    const missingId = customer.id + 1000;
    const missing = await replay(eventsOnly, hook.id, missingId);
    expect(refused.status).toBe(422);
    expect(missing.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "deliveryId", message: `names no delivery of webhook endpoint ${hook.id} (id ${customer.id})` },
    ]);
    // Told apart from a delivery that does not exist by nothing but the id it was asked about.
    const { requestId: _a, ...refusedRest } = refused.body;
    const { requestId: _b, ...missingRest } = missing.body;
    expect(JSON.stringify(refusedRest).replaceAll(String(customer.id), "N")).toBe(
      JSON.stringify(missingRest).replaceAll(String(missingId), "N"),
    );
    expect(JSON.stringify(refused.body)).not.toContain("customer");

    const before = receiver.received.length;
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(before);
    const after: Rec[] = await expectStatus(
      t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`),
      200,
    );
    expect(after).toHaveLength(3);
  });

  it("replays what the key's log shows: a ping, and the events of the kinds it reads", async () => {
    const t = await setup.tenant();
    const { receiver, dispatcher, hook, customer, ping, created } = await endpointWithDeliveries(t);
    const eventsOnly = await keyWith(t, ["events:read", "events:write"]);
    const pinged = await expectStatus(replay(eventsOnly, hook.id, ping.id), 200);
    expect(pinged).toMatchObject({ type: "ping", eventId: null, status: "pending" });
    const own = await expectStatus(replay(eventsOnly, hook.id, created.id), 200);
    expect(own).toMatchObject({ type: "webhook_endpoint.created", eventId: created.eventId });

    const withOrders = await keyWith(t, ["events:read", "events:write", "orders:read"]);
    const replayed = await expectStatus(replay(withOrders, hook.id, customer.id), 200);
    expect(replayed).toMatchObject({
      type: "customer.created",
      eventId: customer.eventId,
      status: "pending",
    });

    const before = receiver.received.length;
    await dispatcher.runOnce();
    const sent = receiver.received.slice(before).map((call) => JSON.parse(call.body).type);
    expect(sent.sort()).toEqual(["customer.created", "ping", "webhook_endpoint.created"]);
  });
});
