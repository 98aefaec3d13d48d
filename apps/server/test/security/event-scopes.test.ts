// A key's scopes reach every record the event log carries: an action's event shows the key its
// `data.result` (the action's answer, of another kind) only when the key reads that kind's group, listed
// or read by id, as the answer's own path would; a webhook endpoint's delivery log lists the deliveries
// of the events the key reads.
import { actions, kindByName, kinds } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { accessOf } from "../../src/domain/scopes.ts";
import { type ApiEvent, eventAsReadBy } from "../../src/services/events.ts";
import { sentWorld, worldWithMovables } from "../actions/orders-fixtures.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus } from "../requests.ts";
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

/** The one event of `type` in the tenant's log, as the key reads it in the list and by id. */
async function eventAs(api: Api, type: string): Promise<{ listed: ApiEvent; byId: ApiEvent }> {
  const [listed, ...more] = await expectStatus(api.json("GET", `/events.json?where[type]=${type}`), 200);
  expect(more).toEqual([]);
  const byId = await expectStatus(api.json("GET", `/events/${listed.id}.json`), 200);
  return { listed, byId };
}

/** The event of `type` keeps its result for `wide` and loses it, only it, for `narrow`. */
async function expectResultFor(t: Tenant, type: string, narrow: string[], wide: string[]) {
  const whole = await eventAs(t, type);
  expect(whole.listed.data.result).toBeDefined();
  expect(whole.byId).toEqual(whole.listed);

  const withoutResult = await eventAs(await keyWith(t, ["events:read", ...narrow]), type);
  const { result: _, ...rest } = whole.listed.data;
  for (const seen of [withoutResult.listed, withoutResult.byId]) {
    expect(seen).toEqual({ ...whole.listed, data: rest });
    expect(JSON.stringify(seen)).not.toContain('"result"');
  }

  const withResult = await eventAs(await keyWith(t, ["events:read", ...wide]), type);
  expect(withResult).toEqual(whole);
  return whole.listed.data.result as Record<string, unknown>;
}

describe("an action event's result", () => {
  it("purchase.shipped: a purchasing key reads the purchase, not the dropshipment it cannot read by path", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const dropshipment = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "TRK-SECRET-1" }),
      200,
    );
    const purchasing = await keyWith(t, ["events:read", "purchasing:read"]);
    const refused = await purchasing.json("GET", `/dropshipments/${dropshipment.id}.json`);
    expect([refused.status, refused.body.scope]).toEqual([403, "shipping:read"]);

    const result = await expectResultFor(
      t,
      "purchase.shipped",
      ["purchasing:read"],
      ["purchasing:read", "shipping:read"],
    );
    expect(result).toMatchObject({ id: dropshipment.id, trackingNumber: "TRK-SECRET-1" });
    const seen = await purchasing.json("GET", "/events.json?where[type]=purchase.shipped");
    expect(JSON.stringify(seen.body)).not.toContain("TRK-SECRET-1");
    expect(seen.body[0].data.object).toMatchObject({ id: w.purchase.id });
  });

  it("purchase.return_label_created and purchase.label_created: the return shipment and the label are shipping's", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}), 200);
    await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "T-2" }),
      200,
    );
    const returned = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      200,
    );
    const purchasing = await keyWith(t, ["events:read", "purchasing:read"]);
    const refused = await purchasing.json("GET", `/return-shipments/${returned.id}.json`);
    expect([refused.status, refused.body.scope]).toEqual([403, "shipping:read"]);

    const shipment = await expectResultFor(
      t,
      "purchase.return_label_created",
      ["purchasing:read"],
      ["purchasing:read", "shipping:read"],
    );
    expect(shipment).toMatchObject({ id: returned.id, trackingNumber: returned.trackingNumber });
    const label = await expectResultFor(
      t,
      "purchase.label_created",
      ["purchasing:read"],
      ["purchasing:read", "shipping:read"],
    );
    expect(label).toMatchObject({ purchaseId: w.purchase.id });
  });

  it("dropship_provider.invoices_settled: the transfer is purchasing's", async () => {
    const t = await setup.tenant();
    const { ids } = await worldWithMovables(t);
    const transfer = await expectStatus(
      t.json("POST", `/dropship-providers/${ids.providerId}/settle-invoices.json`, {}),
      200,
    );
    const result = await expectResultFor(
      t,
      "dropship_provider.invoices_settled",
      ["dropship:read"],
      ["dropship:read", "purchasing:read"],
    );
    expect(result).toMatchObject({ id: transfer.id });
  });

  it("fulfillment.moved_to_dropship: the purchase it made is purchasing's", async () => {
    const t = await setup.tenant();
    const { ids } = await worldWithMovables(t);
    const purchase = await expectStatus(
      t.json("PUT", `/fulfillments/${ids.fulfillmentId}/move-to-dropship.json`, {
        dropshipProviderId: ids.bodyProviderId,
      }),
      200,
    );
    const result = await expectResultFor(
      t,
      "fulfillment.moved_to_dropship",
      ["shipping:read"],
      ["shipping:read", "purchasing:read"],
    );
    expect(result).toMatchObject({ id: purchase.id, dropshipProviderId: ids.bodyProviderId });
  });

  it("purchase.cancelled carries the purchase alone: the sale returns it made are their own events", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const cancelled = await expectStatus(t.json("PUT", `/purchases/${w.purchase.id}/cancel.json`, {}), 200);
    expect(cancelled.sale_return_items.length).toBeGreaterThan(0);
    const purchasing = await keyWith(t, ["events:read", "purchasing:read"]);
    const { listed, byId } = await eventAs(purchasing, "purchase.cancelled");
    expect(byId).toEqual(listed);
    expect(listed.data.result).toBeUndefined();
    expect(Object.keys(listed.data.object as object)).not.toContain("sale_return_items");
    const orderEvents = await expectStatus(
      purchasing.json("GET", "/events.json?where[type]=sale_return.*"),
      200,
    );
    expect(orderEvents).toEqual([]);
  });

  it("is left out for a key without the answer's group, for every action event of the manifest", () => {
    // The action events whose answer is of another group than their object, and that group: a new one
    // belongs here once its result is known to need it.
    const crossing: Record<string, string> = {
      "dropship_provider.invoices_settled": "purchasing",
      "fulfillment.moved_to_dropship": "purchasing",
      "inventory_feed.published": "channels",
      "purchase.label_created": "shipping",
      "purchase.return_label_created": "shipping",
      "purchase.shipped": "shipping",
    };
    const types = actions.flatMap(({ action }) => (action.event ? [action.event] : []));
    expect(types).toEqual(expect.arrayContaining(Object.keys(crossing)));
    for (const type of types) {
      const objectGroup = kindByName(type.slice(0, type.indexOf(".")).replaceAll("_", "-"))!.group;
      const event: ApiEvent = {
        id: 1,
        type,
        createdAt: "2026-11-30T12:00:00.000Z",
        apiKeyId: null,
        data: { object: { id: 1 }, result: { id: 2 } },
      };
      const narrow = eventAsReadBy(event, accessOf(["events:read", `${objectGroup}:read`]));
      expect(narrow.data.result === undefined, type).toBe(type in crossing);
      if (type in crossing) {
        const wide = eventAsReadBy(
          event,
          accessOf(["events:read", `${objectGroup}:read`, `${crossing[type]}:read`]),
        );
        expect(wide, type).toEqual(event);
      }
      expect(eventAsReadBy(event, accessOf(["*:read"])), type).toEqual(event);
    }
  });
});

describe("the event log for a key that reads some kinds only", () => {
  it("lists page by page the events of the kinds it reads, as the whole log filtered, in order", async () => {
    const t = await setup.tenant();
    const carrier = await create(t, "carriers", { name: "Scoped Freight" });
    await create(t, "products", { name: "Scoped Shirt" });
    await create(t, "customers", { email: "scoped@example.com" });
    await expectStatus(t.json("PUT", `/carriers/${carrier.id}.json`, { name: "Scoped Freight Co" }), 200);
    await create(t, "webhook-endpoints", { url: (await startReceiver()).url });
    await create(t, "products", { name: "Scoped Hat" });
    await create(t, "carriers", { name: "Scoped Post" });
    const all = await expectStatus(t.json("GET", "/events.json?limit=250"), 200);
    const groupOf = (type: string) =>
      kindByName(type.slice(0, type.indexOf(".")).replaceAll("_", "-"))!.group;
    const pages = async (api: Api, query: string) => {
      const seen: ApiEvent[] = [];
      let next: string | undefined = `/events.json?limit=2${query}`;
      while (next) {
        const page: { status: number; body: ApiEvent[]; headers: Headers } = await api.json("GET", next);
        expect(page.status, next).toBe(200);
        seen.push(...page.body);
        const link = page.headers.get("Link");
        next = link ? /<([^>]+)>/.exec(link)![1]! : undefined;
      }
      return seen.map((event) => [event.id, event.type]);
    };
    const expected = (matches: (event: ApiEvent) => boolean) =>
      all.filter(matches).map((event: ApiEvent) => [event.id, event.type]);

    const shipping = await keyWith(t, ["events:read", "shipping:read"]);
    expect(await pages(shipping, "")).toEqual(
      expected((event) => ["shipping", "events"].includes(groupOf(event.type))),
    );
    expect(await pages(shipping, "&where[type][$in][]=carrier.*&where[type][$in][]=product.created")).toEqual(
      expected((event) => event.type.startsWith("carrier.")),
    );
    expect(await pages(shipping, "&where[type]=product.*")).toEqual([]);
    const allButCatalog = await keyWith(t, [
      "events:read",
      ...[...new Set(kinds.map((kind) => kind.group))]
        .filter((group) => group !== "catalog")
        .map((group) => `${group}:read`),
    ]);
    const notCatalog = expected((event) => groupOf(event.type) !== "catalog");
    expect(notCatalog.length).toBeLessThan(all.length);
    expect(await pages(allButCatalog, "")).toEqual(notCatalog);
  });
});

describe("a webhook endpoint's deliveries", () => {
  it("lists for a key only the deliveries of the events it reads, and every ping", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = await create(t, "webhook-endpoints", { url: receiver.url });
    await expectStatus(t.json("POST", `/webhook-endpoints/${hook.id}/test.json`, {}), 200);
    await create(t, "products", { name: "Shirt" });
    await create(t, "customers", { email: "dana@example.com" });
    await sentWorld(t);
    await dispatcher.runOnce();

    const path = `/webhook-endpoints/${hook.id}/deliveries.json?limit=100`;
    const all = await expectStatus(t.json("GET", path), 200);
    const allTypes = all.map((delivery: { type: string }) => delivery.type);
    expect(allTypes).toEqual(
      expect.arrayContaining(["ping", "product.created", "customer.created", "purchase.sent"]),
    );

    // Every delivery but a ping is of an event whose kind's group the key reads; newest first, as ever.
    const groupOf = (type: string) =>
      kindByName(type.slice(0, type.indexOf(".")).replaceAll("_", "-"))?.group;
    const readBy = (groups: string[]) =>
      all.filter(
        (delivery: { type: string }) => delivery.type === "ping" || groups.includes(groupOf(delivery.type)!),
      );
    const catalog = await keyWith(t, ["events:read", "catalog:read"]);
    const seen = await expectStatus(catalog.json("GET", path), 200);
    expect(seen).toEqual(readBy(["catalog", "events"]));
    // Page by page (`before` the last one), the same deliveries in the same order.
    const paged: unknown[] = [];
    for (let before = ""; ; ) {
      const page = await expectStatus(
        catalog.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json?limit=2${before}`),
        200,
      );
      paged.push(...page);
      if (page.length < 2) break;
      before = `&before=${page.at(-1).id}`;
    }
    expect(paged).toEqual(seen);
    const seenTypes = seen.map((delivery: { type: string }) => delivery.type);
    expect(seenTypes).toEqual(expect.arrayContaining(["ping", "product.created", "variant.created"]));
    expect(seenTypes).not.toContain("customer.created");
    expect(seenTypes).not.toContain("purchase.sent");

    const onlyEvents = await keyWith(t, ["events:read"]);
    const own = await expectStatus(onlyEvents.json("GET", path), 200);
    expect(own).toEqual(readBy(["events"]));
    expect(own.map((delivery: { type: string }) => delivery.type)).not.toContain("product.created");
    expect(await expectStatus((await keyWith(t, ["*:read"])).json("GET", path), 200)).toEqual(all);
  });
});
