// The event log and webhook deliveries, end to end: real database, real HTTP receivers on 127.0.0.1,
// signatures checked with the `standardwebhooks` library, the retry schedule walked with a clock.
import { kinds } from "@multichannel/schema";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { eventPrefix } from "../../src/db/event-triggers.ts";
import { isForbiddenAddress } from "../../src/domain/outbound-urls.ts";
import { DISABLE_AFTER_MS, RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { createRecordOf } from "../factory.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, type Rec, read } from "../requests.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

async function events(t: Tenant, query = ""): Promise<any[]> {
  return expectStatus(t.json("GET", `/events.json?limit=250${query}`), 200);
}

async function endpoint(t: Tenant, url: string, body: Record<string, unknown> = {}): Promise<Rec> {
  return create(t, "webhook-endpoints", { url, ...body });
}

/** When `hours` ago was. */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A carrier "Earlier" of `t`, whose event, and every event before it of any company, happened two hours ago. */
async function earlierByTwoHours(t: Tenant): Promise<void> {
  await create(t, "carriers", { name: "Earlier" });
  const [earlier] = await events(t);
  await setup.db.execute({
    sql: "UPDATE events SET created_at = ? WHERE id <= ?",
    args: [hoursAgo(2), earlier!.id],
  });
}

function verify(secret: string, delivery: { headers: Record<string, unknown>; body: string }): any {
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
}

describe("the event log", () => {
  it("records a create, an update (with what changed) and a delete, each with the record as the API shows it", async () => {
    const t = await setup.tenant();
    const carrier = await create(t, "carriers", { name: "Parcel Express" });
    const updated = await expectStatus(
      t.json("PUT", `/carriers/${carrier.id}.json`, { name: "Parcel Express Freight" }),
      200,
    );
    await expectStatus(t.json("DELETE", `/carriers/${carrier.id}.json`), 204);

    const log = await events(
      t,
      "&where[type][$in][0]=carrier.created&where[type][$in][1]=carrier.updated&where[type][$in][2]=carrier.deleted",
    );
    expect(log.map((event) => event.type)).toEqual(["carrier.created", "carrier.updated", "carrier.deleted"]);
    expect(log[0].data).toEqual({ object: carrier });
    expect(log[1].data.object).toEqual(updated);
    expect(log[1].data.previous).toEqual({ name: "Parcel Express", updatedAt: carrier.updatedAt });
    expect(log[2].data.object).toEqual(updated);
    expect(await expectStatus(t.json("GET", `/events/${log[1].id}.json`), 200)).toEqual(log[1]);
  });

  it("stores a row's event without its empty columns, and shows them as null, also when a value is cleared", async () => {
    const t = await setup.tenant();
    const carrier = await create(t, "carriers", { name: "Parcel Express", externalId: "px-1" });
    const cleared = await expectStatus(
      t.json("PUT", `/carriers/${carrier.id}.json`, { externalId: null }),
      200,
    );
    const log = await events(t, "&where[type][$in][0]=carrier.created&where[type][$in][1]=carrier.updated");
    expect(log.map((event) => event.data.object)).toEqual([carrier, cleared]);
    expect(cleared.externalId).toBeNull();
    expect(log[1].data.previous).toEqual({ externalId: "px-1", updatedAt: carrier.updatedAt });
    const stored = await setup.db.execute({
      sql: "SELECT object, previous FROM events WHERE id = ?",
      args: [log[1].id],
    });
    expect(JSON.parse(String(stored.rows[0]!.object))).not.toHaveProperty("external_id");
    expect(JSON.parse(String(stored.rows[0]!.previous))).toHaveProperty("external_id", "px-1");
  });

  it("records a create as one event, the record exactly as the API answered it, for every kind", async () => {
    const t = await setup.tenant();
    for (const kind of kinds) {
      const record = await createRecordOf(t, kind);
      const prefix = eventPrefix(kind.name);
      const own = (
        await events(t, `&where[type][$in][0]=${prefix}.created&where[type][$in][1]=${prefix}.updated`)
      ).filter((event) => event.data.object.id === record.id);
      // One event: a create that also sets derived values writes them with the record, never a
      // `created` holding a state no request saw followed by an `updated` one.
      expect(
        own.map((event) => event.type),
        kind.name,
      ).toEqual([`${prefix}.created`]);
      // What only the create answer shows (a webhook endpoint's secret; the secrets a record was made
      // with, which reads and events show as hints) is left out of the comparison.
      const { secret: _, ...answered } = record as Record<string, unknown>;
      const shown = Object.fromEntries(
        Object.entries(answered).map(([field, value]) =>
          kind.fields[field]?.secret === "serverMade" && typeof value === "string"
            ? [field, `…${value.slice(-4)}`]
            : [field, value],
        ),
      );
      expect(own[0]?.data.object, kind.name).toEqual(shown);
      // No delivery may leave the machine: the endpoint the factory made names an outside host.
      if (kind.name === "webhook-endpoint") {
        await expectStatus(t.json("DELETE", `/webhook-endpoints/${record.id}.json`), 204);
      }
    }
  });

  it("records an action's outcome with its subject, and a refused request records nothing", async () => {
    const t = await setup.tenant();
    const provider = await create(t, "dropship-providers", {
      name: "Harbour Goods",
      purchaseFormat: "email",
      email: "orders@harbour-goods.example",
    });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    const before = (await events(t)).length;
    await expectStatus(t.json("POST", `/purchases/${purchase.id}/ship.json`, { trackingNumber: "X1" }), 409);
    await expectStatus(t.json("POST", "/carriers.json", { name: 42 }), 422);
    expect((await events(t)).length).toBe(before);

    const sent = await expectStatus(t.json("PUT", `/purchases/${purchase.id}/send.json`, {}), 200);
    const [outcome] = await events(t, "&where[type]=purchase.sent");
    expect(outcome.data.object).toEqual(sent);
    const [change] = (await events(t, "&where[type]=purchase.updated")).slice(-1);
    expect(change.data.previous).toMatchObject({ status: "pending", sentAt: null });
  });

  it("keeps each company's events to itself", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    await create(t, "carriers", { name: "Mine" });
    const [mine] = await events(t);
    await expectStatus(other.json("GET", `/events/${mine.id}.json`), 404);
    expect((await events(other)).map((event) => event.id)).not.toContain(mine.id);
  });

  it("pages in the order events happened, and new events never shift a page", async () => {
    const t = await setup.tenant();
    for (const name of ["A", "B", "C"]) await create(t, "carriers", { name });
    const seen: number[] = [];
    let next: string | undefined = "/events.json?limit=2&where[type]=carrier.created";
    let round = 0;
    while (next) {
      const page: { status: number; body: any[]; headers: Headers } = await t.json("GET", next);
      seen.push(...page.body.map((event) => event.data.object.name));
      // Events arriving while a reader pages are read after the ones before them, never skipped.
      if (round++ === 0) await create(t, "carriers", { name: "D" });
      const link = page.headers.get("Link");
      next = link ? /<([^>]+)>/.exec(link)![1]! : undefined;
    }
    expect(seen).toEqual(["A", "B", "C", "D"]);
  });

  it("filters by time and answers 400 to a query it does not know", async () => {
    const t = await setup.tenant();
    await create(t, "carriers", { name: "Now" });
    expect(await events(t, "&where[createdAt][$gte]=2999-01-01T00:00:00Z")).toEqual([]);
    expect((await events(t, "&where[createdAt][$lt]=2999-01-01T00:00:00Z")).length).toBeGreaterThan(0);
    await expectStatus(t.json("GET", "/events.json?where[kind]=carrier"), 400);
    await expectStatus(t.json("GET", "/events.json?where[createdAt][$gte]=yesterday"), 400);
    await expectStatus(t.json("GET", "/events.json?limit=0"), 400);
    for (const query of ["limit=1&limit=2", "after=1&after=2"]) {
      const repeated = await expectStatus(t.json("GET", `/events.json?${query}`), 400);
      expect(repeated.detail).toMatch(/^(limit|after) must be sent once, as (limit|after)=N\.$/);
    }
  });

  it("filters by the patterns a webhook endpoint subscribes with: <kind>.* and *", async () => {
    const t = await setup.tenant();
    const carrier = await create(t, "carriers", { name: "Patterned Freight" });
    await expectStatus(t.json("PUT", `/carriers/${carrier.id}.json`, { name: "Patterned Freight Co" }), 200);
    await create(t, "customers", { email: "patterned@example.com" });
    const types = async (query: string) => (await events(t, query)).map((event) => event.type);

    expect(await types("&where[type]=carrier.*")).toEqual(["carrier.created", "carrier.updated"]);
    expect(await types("&where[type][$in][0]=carrier.*&where[type][$in][1]=customer.created")).toEqual([
      "carrier.created",
      "carrier.updated",
      "customer.created",
    ]);
    expect(await types("&where[type]=*")).toEqual(await types(""));
    expect(await types("&where[type]=carrier_account.*")).toEqual([]);
    for (const pattern of ["carrier*", "*.created", "carrier.cr*", "**"]) {
      const refused = await expectStatus(t.json("GET", `/events.json?where[type]=${pattern}`), 400);
      expect(refused.detail, pattern).toBe(
        `"${pattern}" is not an event type: use "*", "<kind>.*" (e.g. "purchase.*") or a type such as "purchase.sent", as a webhook endpoint's events do.`,
      );
    }
  });

  it("answers types, patterns and time ranges page by page as the whole log filtered, in order", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const carrier = await create(t, "carriers", { name: "Paged Freight" });
    await create(other, "carriers", { name: "Not Mine" });
    await create(t, "customers", { email: "paged@example.com" });
    await expectStatus(t.json("PUT", `/carriers/${carrier.id}.json`, { name: "Paged Freight Co" }), 200);
    await create(t, "carriers", { name: "Second Freight" });
    await create(other, "customers", { email: "not-mine@example.com" });
    await create(t, "customers", { email: "paged-too@example.com" });
    await expectStatus(t.json("DELETE", `/carriers/${carrier.id}.json`), 204);
    await create(t, "carriers", { name: "Third Freight" });
    const all = await events(t);
    const at = (index: number) => all[index]!.createdAt as string;
    const pages = async (query: string) => {
      const seen: any[] = [];
      let next: string | undefined = `/events.json?limit=2${query}`;
      while (next) {
        const page: { status: number; body: any[]; headers: Headers } = await t.json("GET", next);
        expect(page.status, next).toBe(200);
        seen.push(...page.body);
        const link = page.headers.get("Link");
        next = link ? /<([^>]+)>/.exec(link)![1]! : undefined;
      }
      return seen;
    };
    const cases: [string, (event: any) => boolean][] = [
      ["&where[type]=carrier.*", (event) => event.type.startsWith("carrier.")],
      [
        "&where[type][$in][]=carrier.*&where[type][$in][]=carrier.updated&where[type][$in][]=customer.created",
        (event) => event.type.startsWith("carrier.") || event.type === "customer.created",
      ],
      [
        "&where[type][$in][]=carrier.deleted&where[type][$in][]=customer.created",
        (event) => ["carrier.deleted", "customer.created"].includes(event.type),
      ],
      [`&where[createdAt][$lt]=${at(3)}`, (event) => event.createdAt < at(3)],
      [`&where[createdAt][$lte]=${at(3)}`, (event) => event.createdAt <= at(3)],
      [
        `&where[createdAt][$gt]=${at(1)}&where[createdAt][$lte]=${at(5)}`,
        (event) => event.createdAt > at(1) && event.createdAt <= at(5),
      ],
      [
        `&where[type]=customer.*&where[createdAt][$gte]=${at(1)}&where[createdAt][$lt]=${at(6)}`,
        (event) => event.type.startsWith("customer.") && event.createdAt >= at(1) && event.createdAt < at(6),
      ],
    ];
    for (const [query, matches] of cases) {
      const expected = all.filter(matches);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(await pages(query), query).toEqual(expected);
    }
  });

  it("bounds a list's time from above among older events, to the event", async () => {
    const t = await setup.tenant();
    await earlierByTwoHours(t);
    await create(t, "carriers", { name: "Later" });
    const [backdated] = await events(t);
    const names = async (query: string) => (await events(t, query)).map((event) => event.data.object.name);
    expect(await names(`&where[createdAt][$lt]=${hoursAgo(1)}`)).toEqual(["Earlier"]);
    expect(await names(`&where[createdAt][$lt]=${hoursAgo(3)}`)).toEqual([]);
    expect(await names(`&where[createdAt][$lt]=${backdated!.createdAt}`)).toEqual([]);
    expect(await names(`&where[createdAt][$lte]=${backdated!.createdAt}`)).toEqual(["Earlier"]);
    expect(await names(`&where[createdAt][$lte]=9999-12-31T23:59:59.999Z`)).toEqual(["Earlier", "Later"]);
  });

  it("reads one event whole: a query parameter beyond the token and scope is a 400 naming it", async () => {
    const t = await setup.tenant();
    await create(t, "carriers", { name: "Read Whole" });
    const [event] = await events(t);
    for (const query of ["foo=1", "attributes[0]=type", "include=carrier", "where[type]=carrier.created"]) {
      const refused = await expectStatus(t.json("GET", `/events/${event.id}.json?${query}`), 400);
      expect(refused.detail, query).toBe(
        `Unknown query parameter "${query.replace(/[[=].*$/, "")}": an event is read whole; it takes only access_token and scope.`,
      );
    }
    const byQuery = await setup.anonymous.request(
      "GET",
      `/events/${event.id}.json?access_token=${t.token}&scope=export&scope[0]=all`,
    );
    expect(byQuery.status).toBe(200);
    expect(await byQuery.json()).toEqual(event);
  });

  it("takes the token as access_token and the reference's scope, as every route does", async () => {
    const t = await setup.tenant();
    await create(t, "carriers", { name: "Seen" });
    const all = await events(t);
    const byQuery = await setup.anonymous.request(
      "GET",
      `/events.json?access_token=${t.token}&scope=export&scope[0]=all`,
    );
    expect(byQuery.status).toBe(200);
    expect(await byQuery.json()).toEqual(all);
  });

  it("lists from a time among older events, to the event, whatever the events before it", async () => {
    const t = await setup.tenant();
    // Then two more now.
    await earlierByTwoHours(t);
    await create(t, "carriers", { name: "Later" });
    // Event times are in milliseconds: the last two must not share one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await create(t, "carriers", { name: "Latest" });
    const names = async (query: string) => (await events(t, query)).map((event) => event.data.object.name);
    expect(await names(`&where[createdAt][$gte]=${hoursAgo(1)}`)).toEqual(["Later", "Latest"]);
    expect(await names(`&where[createdAt][$gte]=${hoursAgo(3)}`)).toEqual(["Earlier", "Later", "Latest"]);
    const [, latest] = await events(t, `&where[createdAt][$gte]=${hoursAgo(1)}`);
    expect(await names(`&where[createdAt][$gt]=${latest!.createdAt}`)).toEqual([]);
    expect(await names(`&where[createdAt][$gte]=${latest!.createdAt}`)).toEqual(["Latest"]);
  });
});

describe("webhook endpoints", () => {
  it("answers the signing secret once; reads show only its hint", async () => {
    const t = await setup.tenant();
    const created = await endpoint(t, "https://hooks.example/in", { enabled: false });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.events).toEqual(["*"]);
    const shown = await read(t, "webhook-endpoints", created.id);
    expect(shown).not.toHaveProperty("secret");
    expect(shown.secretHint).toBe(`${created.secret.slice(0, 10)}…`);
    expect(JSON.stringify(await events(t))).not.toContain(created.secret);
  });

  it("refuses event types that do not exist", async () => {
    const t = await setup.tenant();
    const answer = await expectStatus(
      t.json("POST", "/webhook-endpoints.json", {
        url: "https://hooks.example/in",
        events: ["purchase.sent", "nothing.here"],
      }),
      422,
    );
    expect(answer.errors).toEqual([
      {
        path: "events.1",
        message:
          'names no event type ("nothing.here"): use "*", "<kind>.*" (e.g. "purchase.*") or a type such as "purchase.sent"',
      },
    ]);
    await endpoint(t, "https://hooks.example/in", {
      events: ["purchase.*", "sale.imported"],
      enabled: false,
    });
  });

  it("refuses an endpoint subscribed to nothing (events: []), on create and on update", async () => {
    const t = await setup.tenant();
    const refused = await expectStatus(
      t.json("POST", "/webhook-endpoints.json", { url: "https://hooks.example/in", events: [] }),
      422,
    );
    expect(refused.errors).toEqual([expect.objectContaining({ path: "events" })]);
    expect(await expectStatus(t.json("GET", "/webhook-endpoints.json"), 200)).toEqual([]);

    const hook = await endpoint(t, "https://hooks.example/in", { events: ["carrier.*"], enabled: false });
    const emptied = await expectStatus(
      t.json("PUT", `/webhook-endpoints/${hook.id}.json`, { events: [] }),
      422,
    );
    expect(emptied.errors).toEqual([expect.objectContaining({ path: "events" })]);
    expect((await read(t, "webhook-endpoints", hook.id)).events).toEqual(["carrier.*"]);
  });

  it("delivers each subscribed event signed, verifiable with the standardwebhooks library", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = await endpoint(t, `${receiver.url}/hooks`, { events: ["carrier.*"] });
    const carrier = await create(t, "carriers", { name: "Signed Freight" });
    await create(t, "customers", { email: "not-subscribed@example.com" });
    await dispatcher.runOnce();

    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    expect(delivery.method).toBe("POST");
    expect(delivery.headers["content-type"]).toBe("application/json");
    const event = verify(hook.secret, delivery);
    expect(event).toMatchObject({ type: "carrier.created", data: { object: carrier } });
    expect(delivery.headers["webhook-id"]).toBe(`evt_${event.id}`);
    expect(delivery.headers["user-agent"]).toBe("multichannel-commerce-service");
    expect(() => verify(`whsec_${btoa("another secret of 24 bytes!!")}`, delivery)).toThrow();

    const log = await expectStatus(t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`), 200);
    expect(log).toEqual([
      expect.objectContaining({
        eventId: event.id,
        type: "carrier.created",
        status: "succeeded",
        attempts: 1,
        nextAttemptAt: null,
        lastResponseStatus: 200,
        attemptLog: [expect.objectContaining({ responseStatus: 200, succeeded: true })],
      }),
    ]);
  });

  it("sends a new endpoint only the events after its creation, not those still waiting from before", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    await create(t, "carriers", { name: "Before" });
    await endpoint(t, receiver.url, { events: ["carrier.*"] });
    await create(t, "carriers", { name: "After" });
    await dispatcher.runOnce();
    expect(receiver.received.map((call) => JSON.parse(call.body).data.object.name)).toEqual(["After"]);
  });

  it("sends an endpoint enabled again nothing of what happened while it was disabled, whenever fan-out runs", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = await endpoint(t, receiver.url, { events: ["carrier.*"] });
    await expectStatus(t.json("PUT", `/webhook-endpoints/${hook.id}.json`, { enabled: false }), 200);
    await create(t, "carriers", { name: "While disabled" });
    // Enabled again before the dispatcher turned that event into deliveries (a backlog, a restart).
    await expectStatus(t.json("PUT", `/webhook-endpoints/${hook.id}.json`, { enabled: true }), 200);
    await create(t, "carriers", { name: "Enabled again" });
    await dispatcher.runOnce();
    expect(receiver.received.map((call) => JSON.parse(call.body).data.object.name)).toEqual([
      "Enabled again",
    ]);
  });

  it("sends an event to its own company's endpoints only, none queued for another's", async () => {
    const [mine, theirs] = [await setup.tenant(), await setup.tenant()];
    const [myReceiver, theirReceiver] = [await startReceiver(), await startReceiver()];
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    await endpoint(mine, myReceiver.url, { events: ["carrier.*"] });
    const their = await endpoint(theirs, theirReceiver.url, { events: ["carrier.*"] });
    await create(mine, "carriers", { name: "Mine Only" });
    await dispatcher.runOnce();
    expect(myReceiver.received.map((call) => JSON.parse(call.body).data.object.name)).toEqual(["Mine Only"]);
    expect(theirReceiver.received).toEqual([]);
    expect(
      await expectStatus(theirs.json("GET", `/webhook-endpoints/${their.id}/deliveries.json`), 200),
    ).toEqual([]);
    // Nor is one queued for it and stopped at sending: the event's data never sits under their endpoint.
    const queued = await setup.db.execute({
      sql: "SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?",
      args: [their.id],
    });
    expect(queued.rows[0]!.n).toBe(0);
  });

  it("takes at most 20 endpoints a company: the 21st is a 409 until one is deleted", async () => {
    const t = await setup.tenant();
    // Delivery off: the endpoints are never called.
    const body = { url: "http://127.0.0.1:9/hook", events: ["carrier.*"], enabled: false };
    const made: Rec[] = [];
    for (let n = 0; n < 20; n++) made.push(await create(t, "webhook-endpoints", body));
    const refused = await expectStatus(t.json("POST", "/webhook-endpoints.json", body), 409);
    expect(refused.detail).toBe(
      "This company has 20 webhook endpoints, the most it may have: delete one it no longer needs, or subscribe an endpoint to more events.",
    );
    // Another company's are its own.
    await create(await setup.tenant(), "webhook-endpoints", body);
    await expectStatus(t.request("DELETE", `/webhook-endpoints/${made[0]!.id}.json`), 204);
    await create(t, "webhook-endpoints", body);
  });

  it("deletes an endpoint with its deliveries (the log removed by the next prune): the next endpoint has an id of its own and starts with none", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const first = await endpoint(t, `${receiver.url}/first`, { events: ["carrier.*"] });
    await create(t, "carriers", { name: "Retried Freight" });
    await dispatcher.runOnce();
    const log = await expectStatus(t.json("GET", `/webhook-endpoints/${first.id}/deliveries.json`), 200);
    expect(log).toEqual([
      expect.objectContaining({ type: "carrier.created", status: "pending", attempts: 1 }),
    ]);

    await expectStatus(t.request("DELETE", `/webhook-endpoints/${first.id}.json`), 204);
    await expectStatus(t.json("GET", `/webhook-endpoints/${first.id}/deliveries.json`), 404);
    await dispatcher.prune();
    const kept = await setup.db.execute({
      sql: "SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?",
      args: [first.id],
    });
    expect(kept.rows[0]!.n).toBe(0);
    const second = await endpoint(t, `${receiver.url}/second`, { events: ["warehouse.*"] });
    expect(second.id).toBeGreaterThan(first.id);
    expect(await expectStatus(t.json("GET", `/webhook-endpoints/${second.id}/deliveries.json`), 200)).toEqual(
      [],
    );
    await dispatcher.runOnce();
    expect(receiver.received.map((request) => request.path)).toEqual(["/first"]);
  });

  it("pings, replays a delivery with the same webhook-id, and signs with both secrets for a day after a rotation", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher, clock } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = await endpoint(t, receiver.url, { events: ["carrier.created"] });

    const ping = await expectStatus(t.json("POST", `/webhook-endpoints/${hook.id}/test.json`, {}), 200);
    expect(ping).toMatchObject({ type: "ping", status: "pending", eventId: null });
    await dispatcher.runOnce();
    expect(verify(hook.secret, receiver.received[0]!)).toMatchObject({ type: "ping" });

    await create(t, "carriers", { name: "Once" });
    await dispatcher.runOnce();
    const [first] = await expectStatus(
      t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json?limit=1`),
      200,
    );
    await expectStatus(
      t.json("POST", `/webhook-endpoints/${hook.id}/replay.json`, { deliveryId: first.id }),
      200,
    );
    const unknown = await expectStatus(
      t.json("POST", `/webhook-endpoints/${hook.id}/replay.json`, { deliveryId: 999999 }),
      422,
    );
    expect(unknown.errors).toEqual([
      { path: "deliveryId", message: `names no delivery of webhook endpoint ${hook.id} (id 999999)` },
    ]);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]!.headers["webhook-id"]).toBe(receiver.received[1]!.headers["webhook-id"]);

    const rotated = await expectStatus(
      t.json("POST", `/webhook-endpoints/${hook.id}/rotate-secret.json`, {}),
      200,
    );
    expect(rotated.secret).not.toBe(hook.secret);
    await create(t, "carriers", { name: "Twice signed" });
    await dispatcher.runOnce();
    const both = receiver.received[3]!;
    expect(String(both.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(hook.secret, both)).toMatchObject({ type: "carrier.created" });
    expect(verify(rotated.secret, both)).toMatchObject({ type: "carrier.created" });

    // Rotated again within the day: the newest two secrets sign, the first no longer (two at most).
    const again = await expectStatus(
      t.json("POST", `/webhook-endpoints/${hook.id}/rotate-secret.json`, {}),
      200,
    );
    await create(t, "carriers", { name: "Signed by the newest two" });
    await dispatcher.runOnce();
    const newest = receiver.received.at(-1)!;
    expect(String(newest.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(again.secret, newest)).toMatchObject({ type: "carrier.created" });
    expect(verify(rotated.secret, newest)).toMatchObject({ type: "carrier.created" });
    expect(() => verify(hook.secret, newest)).toThrow();

    clock.now += 25 * 3600 * 1000;
    await create(t, "carriers", { name: "New secret only" });
    await dispatcher.runOnce();
    const late = receiver.received.at(-1)!;
    expect(String(late.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(() =>
      verify(hook.secret, {
        ...late,
        headers: { ...late.headers, "webhook-timestamp": late.headers["webhook-timestamp"] },
      }),
    ).toThrow();
  });

  it("sends a disabled endpoint nothing: a ping or a replay is a 409 that queues nothing, and a ping queued before is not sent", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = await endpoint(t, receiver.url, { events: ["carrier.created"] });
    await create(t, "carriers", { name: "Delivered Once" });
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    const queuedPing = await expectStatus(t.json("POST", `/webhook-endpoints/${hook.id}/test.json`, {}), 200);

    await expectStatus(t.json("PUT", `/webhook-endpoints/${hook.id}.json`, { enabled: false }), 200);
    const log = await expectStatus(t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`), 200);
    const delivered = log.find((delivery: Rec) => delivery.type === "carrier.created");
    const refusals = [
      await expectStatus(t.json("POST", `/webhook-endpoints/${hook.id}/test.json`, {}), 409),
      await expectStatus(
        t.json("POST", `/webhook-endpoints/${hook.id}/replay.json`, { deliveryId: delivered.id }),
        409,
      ),
    ];
    for (const refused of refusals) {
      expect(refused).toMatchObject({
        status: 409,
        detail: `Webhook endpoint ${hook.id} is disabled: it is sent nothing until it is enabled again (PUT {"enabled": true}).`,
      });
    }
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    const after = await expectStatus(t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`), 200);
    expect(after.map((delivery: Rec) => delivery.id)).toEqual(log.map((delivery: Rec) => delivery.id));
    expect(after.find((delivery: Rec) => delivery.id === queuedPing.id)).toMatchObject({
      status: "failed",
      lastError: "The endpoint is disabled.",
    });
  });

  it("retries a failing receiver on the backoff schedule for more than a day, then gives up", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 503);
    const { dispatcher, clock } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = await endpoint(t, receiver.url, { events: ["carrier.created"] });
    await create(t, "carriers", { name: "Unlucky" });
    const started = clock.now;

    await dispatcher.runOnce();
    for (const [i, delay] of RETRY_DELAYS_S.entries()) {
      expect(receiver.received).toHaveLength(i + 1);
      clock.now += delay * 1000 - 1000; // jitter is 0 with random() = 0.5: due exactly after `delay`
      await dispatcher.runOnce();
      expect(receiver.received, `not before the ${i + 1}. delay`).toHaveLength(i + 1);
      clock.now += 1000;
      await dispatcher.runOnce();
    }
    expect(receiver.received).toHaveLength(RETRY_DELAYS_S.length + 1);
    expect(clock.now - started).toBeGreaterThan(24 * 3600 * 1000);

    const [delivery] = await expectStatus(
      t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`),
      200,
    );
    expect(delivery).toMatchObject({
      status: "failed",
      attempts: 8,
      nextAttemptAt: null,
      lastResponseStatus: 503,
    });
    expect(delivery.attemptLog).toHaveLength(8);
    // Failed for good: an error record the company can list, naming the endpoint.
    const failures = await expectStatus(t.json("GET", "/errors.json?where[source]=webhook"), 200);
    expect(failures).toEqual([
      expect.objectContaining({
        code: "delivery_failed",
        subjectKind: "webhook-endpoint",
        subjectId: hook.id,
        resolved: false,
        message: expect.stringContaining("failed after 8 attempts: The receiver answered 503."),
        details: expect.objectContaining({ deliveryId: delivery.id, status: 503 }),
      }),
    ]);
    expect(
      delivery.attemptLog.every((attempt: any) => attempt.responseStatus === 503 && !attempt.succeeded),
    ).toBe(true);
    clock.now += 7 * 24 * 3600 * 1000;
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(8);
  });

  it("disables an endpoint that failed for days, says why, and starts afresh when enabled again", async () => {
    const t = await setup.tenant();
    let status = 500;
    const receiver = await startReceiver(() => status);
    const { dispatcher, clock } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = await endpoint(t, receiver.url, { events: ["carrier.created"] });
    await create(t, "carriers", { name: "Day 0" });
    await dispatcher.runOnce();
    expect((await read(t, "webhook-endpoints", hook.id)).failingSince).not.toBeNull();

    clock.now += DISABLE_AFTER_MS + 1000;
    await create(t, "carriers", { name: "Day 5" });
    await dispatcher.runOnce();
    const disabled = await read(t, "webhook-endpoints", hook.id);
    expect(disabled).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/failed for 5 days/),
    });

    const calls = receiver.received.length;
    await create(t, "carriers", { name: "Not sent" });
    clock.now += 3600 * 1000;
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(calls);
    // What it still had to send failed for good, as any delivery that fails does: each with its attempt
    // logged and an error record to follow up.
    const log = await expectStatus(t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`), 200);
    const errors = await expectStatus(t.json("GET", "/errors.json?where[source]=webhook"), 200);
    // (Those of Day 0 and Day 5; an event after the disable is queued to it not at all.)
    expect(log.map((delivery: any) => delivery.status)).toEqual(["failed", "failed"]);
    for (const delivery of log) {
      expect(delivery.attemptLog.at(-1)).toMatchObject({ error: expect.stringMatching(/disabled/) });
      expect(errors.map((error: any) => error.details?.deliveryId)).toContain(delivery.id);
    }

    status = 200;
    const enabled = await expectStatus(
      t.json("PUT", `/webhook-endpoints/${hook.id}.json`, { enabled: true }),
      200,
    );
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await create(t, "carriers", { name: "Back" });
    await dispatcher.runOnce();
    expect(JSON.parse(receiver.received.at(-1)!.body).data.object.name).toBe("Back");
  });

  it("clears an endpoint's failure streak on a success, so a failure days later does not disable it", async () => {
    const t = await setup.tenant();
    let status = 500;
    const receiver = await startReceiver(() => status);
    const { dispatcher, clock } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = await endpoint(t, receiver.url, { events: ["carrier.created"] });
    await create(t, "carriers", { name: "Retried" });
    await dispatcher.runOnce();
    expect((await read(t, "webhook-endpoints", hook.id)).failingSince).not.toBeNull();

    status = 200;
    clock.now += RETRY_DELAYS_S[0]! * 1000;
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(2);
    expect((await read(t, "webhook-endpoints", hook.id)).failingSince).toBeNull();

    status = 500;
    clock.now += DISABLE_AFTER_MS + 1000;
    await create(t, "carriers", { name: "One bad day" });
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(3);
    expect(await read(t, "webhook-endpoints", hook.id)).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
  });

  it("gives up an attempt after its timeout and records why", async () => {
    // A database of its own: the delivery it leaves pending would be retried by every later run.
    const own = await setupApp({ outbound: { allowLocal: true } });
    const t = await own.tenant();
    const receiver = await startReceiver(() => "hang");
    const { dispatcher } = dispatcherWithClock(own);
    await own.db.execute({
      sql: "INSERT INTO webhook_deliveries (company_id, purpose, type, url, body, timeout_ms, next_attempt_at, created_at) VALUES (?, 'inventory', 'inventory.callout', ?, '{}', 200, ?, ?)",
      args: [t.companyId, receiver.url, new Date(0).toISOString(), new Date().toISOString()],
    });
    await dispatcher.deliverDue();
    const row = await own.db.execute({
      sql: "SELECT status, attempts, last_error FROM webhook_deliveries WHERE company_id = ?",
      args: [t.companyId],
    });
    expect(row.rows[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "No answer within 0.2 s.",
    });
  });
});

describe("the work behind records beside a slow receiver", () => {
  it("runs the work that comes due while a receiver that does not answer holds the run", async () => {
    // A database of its own: the hanging delivery it leaves pending (6 s a try) would hold every later
    // run whose clock reaches its retry.
    const own = await setupApp({ outbound: { allowLocal: true } });
    const t = await own.tenant();
    const receiver = await startReceiver(() => "hang");
    const { dispatcher, clock } = dispatcherWithClock(own);
    await dispatcher.runOnce();
    await own.db.execute({
      sql: "INSERT INTO webhook_deliveries (company_id, purpose, type, url, body, timeout_ms, next_attempt_at, created_at) VALUES (?, 'inventory', 'inventory.callout', ?, '{}', 6000, ?, ?)",
      args: [t.companyId, receiver.url, new Date(0).toISOString(), new Date().toISOString()],
    });
    let ended = false;
    const run = dispatcher.runOnce().finally(() => {
      ended = true;
    });
    while (!receiver.received.length) await new Promise((resolve) => setTimeout(resolve, 20));
    // Asked for while the attempt hangs, and the run's clock past a round of the work.
    const asked = await expectStatus(
      t.json("POST", "/data-exports.json", { format: "json", displayName: "All stock" }),
      200,
    );
    clock.now += 10_000;
    let status = asked.status;
    while (!ended && status !== "complete") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await expectStatus(t.json("GET", `/data-exports/${asked.id}.json`), 200)).status;
    }
    expect({ status, runEnded: ended }).toEqual({ status: "complete", runEnded: false });
    await run;
  });
});

describe("fan-out with nothing listening", () => {
  it("moves past the events without a delivery, and an endpoint made later gets what follows it", async () => {
    const own = await setupApp({ outbound: { allowLocal: true } });
    const t = await own.tenant();
    const receiver = await startReceiver();
    const dispatcher = createDispatcher({
      db: own.db,
      policy: { allowLocal: true },
      now: () => Date.now() + 60_000,
    });
    await create(t, "carriers", { name: "Before Anyone Listened" });
    await create(t, "customers", { email: "unheard@example.com" });
    expect(await dispatcher.fanOut()).toBeGreaterThan(0);
    expect(await dispatcher.fanOut()).toBe(0);
    const made = await own.db.execute("SELECT count(*) AS n FROM webhook_deliveries");
    expect(Number(made.rows[0]!.n)).toBe(0);

    await endpoint(t, `${receiver.url}/hooks`, { events: ["carrier.*"] });
    await create(t, "carriers", { name: "Heard" });
    await dispatcher.runOnce();
    expect(receiver.received.map((call) => JSON.parse(call.body).data.object.name)).toEqual(["Heard"]);
  });
});

/**
 * A custom channel of `channel` whose inventory endpoint is `inventoryEndpoint`, and a stock level set on
 * its listing of a variant (externalId 123) at a warehouse: the stock callout queued.
 */
async function stockCallout(t: Tenant, channel: { id: number }, inventoryEndpoint: string) {
  const custom = await create(t, "custom-channels", {
    name: "Own Store",
    channelId: channel.id,
    inventoryEndpoint,
  });
  const warehouse = await create(t, "warehouses", {
    name: "Main",
    lineOne: "1 Road",
    city: "Boise",
    country: "US",
  });
  const variant = await create(t, "variants", { sku: "MUG-1", name: "Mug" });
  const listing = await create(t, "channel-variants", {
    channelId: channel.id,
    variantId: variant.id,
    externalId: "123",
  });
  await expectStatus(
    t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, {
      externalId: "123",
      quantity: 6,
      warehouseId: warehouse.id,
    }),
    200,
  );
  return { custom, warehouse, variant, listing };
}

describe("callouts", () => {
  it("delivers a sent purchase order to the provider's endpoint and logs the real outcome", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    const provider = await create(t, "dropship-providers", {
      name: "Harbour Goods",
      purchaseFormat: "json",
      purchaseEndpoint: `${receiver.url}/orders`,
    });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    await expectStatus(t.json("PUT", `/purchases/${purchase.id}/send.json`, {}), 200);
    const [queued] = await expectStatus(t.json("GET", "/purchase-notifications.json"), 200);
    expect(queued.status).toBe("pending");

    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ method: "POST", path: "/orders", body: queued.payload });
    expect(receiver.received[0]!.headers["content-type"]).toBe("application/json");
    const delivered = await read(t, "purchase-notifications", queued.id);
    expect(delivered).toMatchObject({ status: "success", message: expect.stringMatching(/answered 200/) });
  });

  it("retries a purchase order to an endpoint that refuses connections, then logs the error", async () => {
    const t = await setup.tenant();
    const { dispatcher, clock } = dispatcherWithClock(setup);
    const provider = await create(t, "dropship-providers", {
      name: "Gone Supply",
      purchaseFormat: "csv",
      purchaseEndpoint: "http://127.0.0.1:9/orders",
    });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    await expectStatus(t.json("PUT", `/purchases/${purchase.id}/send.json`, {}), 200);
    await dispatcher.runOnce();
    const [first] = await expectStatus(t.json("GET", "/purchase-notifications.json"), 200);
    expect(first).toMatchObject({
      status: "pending",
      message: expect.stringMatching(/^Attempt 1 failed: Network error/),
    });
    for (const delay of RETRY_DELAYS_S) {
      clock.now += delay * 1000;
      await dispatcher.runOnce();
    }
    const last = await read(t, "purchase-notifications", first.id);
    expect(last).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^Attempt 8 failed: .*No more attempts\.$/),
    });
    const [failure] = await expectStatus(t.json("GET", "/errors.json?where[source]=purchase-order"), 200);
    expect(failure).toMatchObject({
      code: "delivery_failed",
      subjectKind: "purchase-notification",
      subjectId: first.id,
    });
  });

  it("posts a stock change to a custom channel's inventory endpoint, signed (its hash goes over https only)", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const channel = await create(t, "channels", { name: "Own Store", safetyStock: 1 });
    const { custom, warehouse, variant, listing } = await stockCallout(
      t,
      channel,
      `${receiver.url}/inventory`,
    );
    await dispatcher.runOnce();

    const [levelChanged] = await events(t, "&where[type]=variant.level_changed");
    expect(levelChanged.data.object).toMatchObject({ id: variant.id, sku: "MUG-1" });
    expect(levelChanged.data.result).toMatchObject({ variantId: variant.id, warehouseId: warehouse.id });

    expect(receiver.received).toHaveLength(1);
    const call = receiver.received[0]!;
    expect(call).toMatchObject({ method: "POST", path: "/inventory" });
    expect(call.headers["webhook-hash"]).toBeUndefined();
    verify(custom.signingSecret, call);
    const body = JSON.parse(call.body);
    expect(body).toMatchObject({
      variant: { id: variant.id, sku: "MUG-1" },
      channelVariant: { id: listing.id, externalId: "123", channel: { id: channel.id } },
      inventory: { available: 5 },
    });
    // The listing keeps the body last sent; the next push shows the listing without it, so pushes
    // never carry the ones before them.
    expect((await read(t, "channel-variants", listing.id)).inventoryUpdate).toEqual(body);
    for (const quantity of [7, 8, 9]) {
      await expectStatus(
        t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, {
          externalId: "123",
          quantity,
          warehouseId: warehouse.id,
        }),
        200,
      );
      await dispatcher.runOnce();
    }
    const bodies = receiver.received.map((received) => JSON.parse(received.body));
    expect(bodies.map((sent) => sent.inventory.available)).toEqual([5, 6, 7, 8]);
    for (const sent of bodies) {
      for (const field of ["inventoryUpdate", "priceUpdate", "costPriceUpdate", "publishUpdate"]) {
        expect(sent.channelVariant, field).not.toHaveProperty(field);
      }
    }
    const sizes = receiver.received.map((received) => received.body.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(100);
  });

  /**
   * A stock callout of a custom channel whose receiver answers 500, attempted once; `meanwhile` is done
   * before its next attempt, which the dispatcher then makes. Answers the paths the receiver got and the
   * callout's log record.
   */
  async function retriedCallout(
    meanwhile: (t: Tenant, custom: Rec, channel: { id: number }) => Promise<void>,
  ) {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    // The dispatcher's clock at the real time: the callout is queued before a channel made after it.
    const { dispatcher, clock } = dispatcherWithClock(setup, Date.now());
    await dispatcher.runOnce();
    const channel = await create(t, "channels", { name: "Own Store" });
    const { custom } = await stockCallout(t, channel, `${receiver.url}/inventory`);
    clock.now = Date.now();
    await dispatcher.runOnce();
    expect(receiver.received.map((call) => call.path)).toEqual(["/inventory"]);
    await meanwhile(t, custom, channel);
    clock.now += 3_600_000;
    await dispatcher.runOnce();
    const [update] = await expectStatus(t.json("GET", "/channel-variant-updates.json"), 200);
    return { paths: receiver.received.map((call) => call.path), update };
  }

  it("gives up a custom channel's callout once the channel is deleted, never signing it with a channel made since", async () => {
    const { paths, update } = await retriedCallout(async (t, custom, channel) => {
      await expectStatus(t.request("DELETE", `/custom-channels/${custom.id}.json`), 204);
      const again = await create(t, "custom-channels", { name: "New Store", channelId: channel.id });
      expect(again.id).toBeGreaterThan(custom.id);
    });
    expect(paths).toEqual(["/inventory"]);
    expect(update).toMatchObject({
      status: "error",
      statusMessage: "Attempt 2 failed: The custom channel it was sent for was deleted. No more attempts.",
    });
  });

  it("gives up a custom channel's callout once the channel is disabled", async () => {
    const { paths, update } = await retriedCallout(async (t, custom) => {
      await expectStatus(t.json("PUT", `/custom-channels/${custom.id}.json`, { enabled: false }), 200);
    });
    expect(paths).toHaveLength(1);
    expect(update).toMatchObject({
      status: "error",
      statusMessage: "Attempt 2 failed: The custom channel it was sent for is disabled. No more attempts.",
    });
  });

  it("retries a custom channel's callout at the channel's endpoint as it is now, signed as before", async () => {
    const moved = await startReceiver();
    let signingSecret = "";
    const { paths, update } = await retriedCallout(async (t, custom) => {
      signingSecret = custom.signingSecret;
      await expectStatus(
        t.json("PUT", `/custom-channels/${custom.id}.json`, { inventoryEndpoint: `${moved.url}/moved` }),
        200,
      );
    });
    expect(paths).toEqual(["/inventory"]);
    expect(moved.received.map((call) => call.path)).toEqual(["/moved"]);
    // Signed at the dispatcher's clock, an hour ahead: checked against that time, not now.
    const call = moved.received[0]!;
    const signedAt = new Date(Number(call.headers["webhook-timestamp"]) * 1000);
    expect(call.headers["webhook-signature"]).toBe(
      new Webhook(signingSecret).sign(String(call.headers["webhook-id"]), signedAt, call.body),
    );
    expect(update).toMatchObject({
      status: "success",
      statusMessage: `Delivered to ${moved.url}/moved: the receiver answered 200.`,
    });
  });

  it("gives up a custom channel's callout once the channel's endpoint for it is cleared", async () => {
    const { paths, update } = await retriedCallout(async (t, custom) => {
      await expectStatus(
        t.json("PUT", `/custom-channels/${custom.id}.json`, { inventoryEndpoint: null }),
        200,
      );
    });
    expect(paths).toEqual(["/inventory"]);
    expect(update).toMatchObject({
      status: "error",
      statusMessage:
        "Attempt 2 failed: The custom channel it was sent for has no inventoryEndpoint any more. No more attempts.",
    });
  });

  it("retries a purchase order at the provider's purchase endpoint as it is now", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher, clock } = dispatcherWithClock(setup);
    const provider = await create(t, "dropship-providers", {
      name: "Moved Supply",
      purchaseFormat: "json",
      purchaseEndpoint: "http://127.0.0.1:9/orders",
    });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    await expectStatus(t.json("PUT", `/purchases/${purchase.id}/send.json`, {}), 200);
    await dispatcher.runOnce();
    await expectStatus(
      t.json("PUT", `/dropship-providers/${provider.id}.json`, {
        purchaseEndpoint: `${receiver.url}/orders`,
      }),
      200,
    );
    clock.now += RETRY_DELAYS_S[0]! * 1000;
    await dispatcher.runOnce();
    const [notification] = await expectStatus(t.json("GET", "/purchase-notifications.json"), 200);
    expect(receiver.received).toEqual([
      expect.objectContaining({ method: "POST", path: "/orders", body: notification.payload }),
    ]);
    expect(notification).toMatchObject({
      status: "success",
      message: `Delivered to ${receiver.url}/orders: the receiver answered 200.`,
    });
  });

  it("posts the file of a finished export to the export's webhook URL", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const definition = await create(t, "inventory-exports", {
      name: "Stock",
      webhookUrl: `${receiver.url}/exports`,
    });
    const file = await expectStatus(t.json("GET", `/inventory-exports/${definition.id}/export.json`), 200);
    await dispatcher.runOnce();
    expect(receiver.received.map((call) => [call.method, call.path, JSON.parse(call.body)])).toEqual([
      ["POST", "/exports", { file: file.url }],
    ]);
  });
});

describe("retention", () => {
  it("prunes events older than 30 days once they are fanned out, and keeps the rest", async () => {
    const t = await setup.tenant();
    const dispatcher = createDispatcher({ db: setup.db, policy: { allowLocal: true } });
    await create(t, "carriers", { name: "Old" });
    await create(t, "carriers", { name: "Recent" });
    const [old, recent] = await events(t);
    const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    // Time passes for every event up to the old one (ids follow time: retention cuts by id).
    await setup.db.execute({ sql: "UPDATE events SET created_at = ? WHERE id <= ?", args: [at(31), old.id] });
    await setup.db.execute({
      sql: "UPDATE events SET created_at = ? WHERE id = ?",
      args: [at(29), recent.id],
    });
    await dispatcher.runOnce();
    await dispatcher.prune();
    await expectStatus(t.json("GET", `/events/${old.id}.json`), 404);
    expect((await events(t)).map((event) => event.data.object.name)).toEqual(["Recent"]);
  });

  it("prunes a backlog larger than one statement deletes, and keys past their day", async () => {
    const t = await setup.tenant();
    const dispatcher = createDispatcher({ db: setup.db, policy: { allowLocal: true } });
    await create(t, "carriers", { name: "Copied" });
    const [copied] = await events(t);
    // 12,000 events of 40 days ago: more than two statements' share (`PRUNE_BATCH`).
    const { rows } = await setup.db.execute("SELECT name FROM pragma_table_info('events')");
    const columns = rows.map((row) => String(row.name)).filter((column) => column !== "id");
    const values = columns.map((column) => (column === "created_at" ? "?" : column));
    const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await setup.db.execute({
      sql: `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 12000)
            INSERT INTO events (${columns.join(", ")}) SELECT ${values.join(", ")} FROM events, n WHERE id = ?`,
      args: [at(40), copied.id],
    });
    await setup.db.execute({
      sql: "UPDATE events SET created_at = ? WHERE id <= ?",
      args: [at(40), copied.id],
    });
    await create(t, "carriers", { name: "Recent" });
    // Two keys: one used yesterday and a bit, one now.
    for (const [key, name] of [
      ["old-key", "Keyed Before"],
      ["new-key", "Keyed Now"],
    ] as const) {
      await expectStatus(t.json("POST", "/carriers.json", { name }, { "Idempotency-Key": key }), 200);
    }
    await setup.db.execute({
      sql: "UPDATE idempotency_keys SET created_at = ? WHERE key = 'old-key'",
      args: [new Date(Date.now() - 25 * 3_600_000).toISOString()],
    });
    await dispatcher.runOnce();
    await dispatcher.prune();
    const left = await setup.db.execute({
      sql: "SELECT count(*) AS n FROM events WHERE company_id = ? AND created_at < ?",
      args: [t.companyId, at(30)],
    });
    expect(left.rows[0]!.n).toBe(0);
    expect((await events(t)).map((event) => event.data.object.name)).toEqual([
      "Recent",
      "Keyed Before",
      "Keyed Now",
    ]);
    const keys = await setup.db.execute({
      sql: "SELECT key FROM idempotency_keys WHERE company_id = ? ORDER BY key",
      args: [t.companyId],
    });
    expect(keys.rows.map((row) => row.key)).toEqual(["new-key"]);
  });
});

describe("where the service sends requests", () => {
  it("refuses private, loopback, link-local and metadata addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it("refuses such URLs on save unless local targets are allowed, checking what names resolve to", async () => {
    const strict = await setupApp({
      outbound: {
        allowLocal: false,
        resolve: async (host) => (host === "internal.example" ? ["192.168.1.20"] : ["93.184.216.34"]),
      },
    });
    const t = await strict.tenant();
    for (const url of [
      "http://hooks.example/in",
      "https://127.0.0.1/in",
      "https://localhost/in",
      "https://169.254.169.254/latest",
      "https://[::1]/in",
      "https://internal.example/in",
      "https://hooks.example:8443/in",
    ]) {
      const answer = await expectStatus(t.json("POST", "/webhook-endpoints.json", { url }), 422);
      expect(answer.errors[0].path, url).toBe("url");
      expect(answer.detail, url).toBe(`url ${answer.errors[0].message}.`);
    }
    expect(
      (await expectStatus(t.json("POST", "/webhook-endpoints.json", { url: "http://hooks.example/in" }), 422))
        .errors,
    ).toEqual([{ path: "url", message: "must be an https URL: the service calls it" }]);
    await expectStatus(
      t.json("POST", "/dropship-providers.json", { name: "P", purchaseEndpoint: "https://10.0.0.8/orders" }),
      422,
    );
    await create(t, "webhook-endpoints", { url: "https://hooks.example/in" });
  });

  it("refuses local names where names are not resolved (the Worker), as where they are", async () => {
    const unresolved = await setupApp({ outbound: { allowLocal: false } });
    const t = await unresolved.tenant();
    for (const url of [
      "https://LOCALHOST./in",
      "https://api.localhost/in",
      "https://printer.local/in",
      "https://printer.local./in",
      "https://intranet/in",
      "https://intranet./in",
      "https://metadata.google.internal/in",
      "https://nas.home.arpa/in",
      "https://127.0.0.1./in",
    ]) {
      const answer = await expectStatus(
        t.json("POST", "/webhook-endpoints.json", { url, enabled: false }),
        422,
      );
      expect(answer.errors, url).toEqual([
        {
          path: "url",
          message: expect.stringMatching(
            /^must not (name a local host|be a private, loopback or link-local address)/,
          ),
        },
      ]);
    }
    // A public name is taken as it is, without a lookup.
    await create(t, "webhook-endpoints", { url: "https://hooks.example./in", enabled: false });
    await create(t, "webhook-endpoints", { url: "https://localhost.example/in", enabled: false });
  });

  it("checks again at send time: a name that now resolves to a private address is not called", async () => {
    const t = await setup.tenant();
    let address = "93.184.216.34";
    const calls: string[] = [];
    const dispatcher = createDispatcher({
      db: setup.db,
      policy: { allowLocal: false, resolve: async () => [address] },
      fetch: (async (url: string) => {
        calls.push(url);
        return new Response("ok");
      }) as typeof fetch,
    });
    await dispatcher.runOnce();
    const hook = await endpoint(t, "https://hooks.example/in", { events: ["carrier.created"] });
    address = "10.0.0.7";
    await create(t, "carriers", { name: "Rebound" });
    await dispatcher.runOnce();
    expect(calls).toEqual([]);
    const [delivery] = await expectStatus(
      t.json("GET", `/webhook-endpoints/${hook.id}/deliveries.json`),
      200,
    );
    expect(delivery).toMatchObject({ status: "pending", lastError: expect.stringMatching(/private/) });
  });
});
