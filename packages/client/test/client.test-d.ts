import type { Carrier, Dropshipment, Purchase, PurchaseShipInput } from "@multichannel/schema";
import { describe, expectTypeOf, it } from "vitest";
import {
  type ApiError,
  type Client,
  createClient,
  isApiError,
  type ListQuery,
  type Page,
} from "../src/index.ts";

const client = createClient({ baseUrl: "https://api.example.com", token: "t" });

describe("client types", () => {
  it("types CRUD answers by the record of the namespace", () => {
    expectTypeOf(client.purchases.get(1)).toEqualTypeOf<Promise<Purchase>>();
    expectTypeOf(client.carriers.create({ name: "Courier Co" })).toEqualTypeOf<Promise<Carrier>>();
    expectTypeOf(client.carriers.update(1, { name: "Courier Co" })).toEqualTypeOf<Promise<Carrier>>();
    expectTypeOf(client.carriers.delete(1)).toEqualTypeOf<Promise<void>>();
    expectTypeOf(client.purchases.list()).toEqualTypeOf<Promise<Page<Purchase>>>();
    expectTypeOf(client.purchases.listAll()).toEqualTypeOf<AsyncIterableIterator<Purchase>>();
  });

  it("rejects unknown fields and wrong types in a create", () => {
    // @ts-expect-error: not a field of carrier
    client.carriers.create({ name: "Courier Co", colour: "red" });
    // @ts-expect-error: name is a string
    client.carriers.create({ name: 5 });
    // @ts-expect-error: not one of the enum values
    client.carriers.create({ carrierType: "teleport" });
    // @ts-expect-error: the record id is a number
    client.carriers.get("1");
    // @ts-expect-error: a channel must be named
    client.channels.create({});
    // @ts-expect-error: not a field of purchase
    client.purchases.update(1, { trackingNumber: "T-1" });
  });

  it("types actions by their input and output", () => {
    expectTypeOf(client.purchases.ship).parameter(1).toEqualTypeOf<PurchaseShipInput>();
    expectTypeOf(client.purchases.ship(1, { trackingNumber: "T-1" })).toEqualTypeOf<Promise<Dropshipment>>();
    // @ts-expect-error: trackingNumber is required
    client.purchases.ship(1, {});
    // @ts-expect-error: the input cannot be left out when something in it is required
    client.purchases.ship(1);
    // @ts-expect-error: trackingNumber is a string
    client.purchases.ship(1, { trackingNumber: 7 });
    // An action whose input is all optional may be called without one.
    expectTypeOf(client.purchases.send(1)).toEqualTypeOf<Promise<Purchase>>();
    expectTypeOf(client.channels.variantLevels(1, { sku: "A-1" }))
      .resolves.items.toHaveProperty("available")
      .toEqualTypeOf<number>();
    // @ts-expect-error: carriers have no actions
    client.carriers.ship;
  });

  it("keys list filters and order by the fields of the record", () => {
    client.purchases.list({
      where: { status: "pending", dropshipProviderId: { $in: [1, 2] }, createdAt: { $gte: "2024-01-01" } },
    });
    client.purchases.list({
      where: { dropshipProviderId: null },
      order: "-createdAt",
      limit: 100,
      from: 100,
    });
    // @ts-expect-error: not a field of purchase
    client.purchases.list({ where: { colour: "red" } });
    // @ts-expect-error: status takes a status, not a number
    client.purchases.list({ where: { status: 3 } });
    // @ts-expect-error: an enum has no ranges
    client.purchases.list({ where: { status: { $gte: "pending" } } });
    // @ts-expect-error: not an operator
    client.purchases.list({ where: { id: { $like: "1%" } } });
    // @ts-expect-error: order by a field of the record only
    client.purchases.list({ order: "-colour" });
    expectTypeOf<keyof NonNullable<ListQuery<Purchase>["where"]>>().toEqualTypeOf<
      Extract<
        {
          [K in keyof Purchase]-?: NonNullable<Purchase[K]> extends string | number | boolean ? K : never;
        }[keyof Purchase],
        string
      >
    >();
    expectTypeOf<"id">().toExtend<keyof NonNullable<ListQuery<Purchase>["where"]>>();
  });

  it("has a namespace per kind and no other", () => {
    expectTypeOf(client).toHaveProperty("dropshipProviders");
    // @ts-expect-error: there is no such kind
    client.dropshipProvider;
    // @ts-expect-error: there is no such kind
    client.widgets.list();
    expectTypeOf<Client>().toHaveProperty("purchases");
  });

  it("narrows errors with isApiError", () => {
    const error: unknown = new Error("x");
    if (isApiError(error)) expectTypeOf(error).toEqualTypeOf<ApiError>();
  });

  it("types the webhook endpoint's create answer with its secret, and the event log", async () => {
    const created = await client.webhookEndpoints.create({ url: "https://hooks.example/in" });
    expectTypeOf(created.secret).toEqualTypeOf<string>();
    const read = await client.webhookEndpoints.get(created.id);
    // @ts-expect-error: only the create answer shows the secret
    read.secret;
    const page = await client.events.list({ types: ["purchase.sent"], since: "2026-01-01T00:00:00Z" });
    expectTypeOf(page.events[0]!.type).toEqualTypeOf<string>();
    // @ts-expect-error: events are read-only
    client.events.create;
  });
});
