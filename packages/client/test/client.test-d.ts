import type {
  AccountingIntegration,
  Carrier,
  Customer,
  Dropshipment,
  DropshipProvider,
  ProblemMember,
  Purchase,
  PurchaseItem,
  PurchaseShipInput,
  Sale,
  Variant,
} from "@multichannel/schema";
import { describe, expectTypeOf, it } from "vitest";
import { carriers, purchases } from "../src/generated/resources.ts";
import {
  type ApiError,
  type Client,
  connect,
  createClient,
  type FilterableField,
  isApiError,
  isTimeoutError,
  type ListQuery,
  metaOf,
  type NamespaceClient,
  type Page,
  type ProblemDetails,
  type RateLimitState,
  type ResponseMeta,
  type SortField,
  type TimeoutError,
} from "../src/index.ts";

const client = createClient({ baseUrl: "https://api.example.com", token: "t" });

describe("client types", () => {
  it("types CRUD answers by the record of the namespace", async () => {
    expectTypeOf(client.purchases.get(1)).toEqualTypeOf<Promise<Purchase>>();
    expectTypeOf(client.carriers.create({ name: "Courier Co" })).toEqualTypeOf<Promise<Carrier>>();
    expectTypeOf(client.carriers.update(1, { name: "Courier Co" })).toEqualTypeOf<Promise<Carrier>>();
    expectTypeOf(client.carriers.delete(1)).toEqualTypeOf<Promise<void>>();
    expectTypeOf(client.purchases.list()).toEqualTypeOf<Promise<Page<Purchase>>>();
    // What a program typed before `include` was typed still compiles.
    const filtered: Page<Purchase> = await client.purchases.list({ where: { status: { $in: ["sent"] } } });
    void filtered;
    const query: ListQuery<Purchase> = { where: { status: "pending" }, attributes: ["id"], limit: 10 };
    expectTypeOf(client.purchases.list(query)).toExtend<Promise<Page<Purchase>>>();
    const shaped = async () => {
      const page = await client.purchases.list({ include: ["PurchaseItem"] });
      if (page.next) await client.purchases.list(page.next);
      for await (const row of client.purchases.listAll(page.next))
        expectTypeOf(row).toHaveProperty("purchase_items");
    };
    void shaped;
    expectTypeOf(client.purchases.listAll()).toEqualTypeOf<AsyncIterableIterator<Purchase>>();
  });

  it("rejects unknown fields and wrong types in a create", () => {
    // @ts-expect-error: not a field of carrier
    client.carriers.create({ name: "Courier Co", colour: "red" });
    // @ts-expect-error: name is a string
    client.carriers.create({ name: 5 });
    // @ts-expect-error: not one of the enum values
    client.products.create({ name: "Mug", status: "teleported" });
    // An open enum (free text, as the reference takes it) names its known values and takes any text.
    client.carriers.create({ name: "Post", carrierType: "teleport" });
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
    // @ts-expect-error: $like takes text and enum fields only
    client.purchases.list({ where: { id: { $like: "1%" } } });
    client.purchases.list({ order: ["dropshipProviderId", "-createdAt", "-id"] });
    // @ts-expect-error: order by a field of the record only
    client.purchases.list({ order: "-colour" });
    // @ts-expect-error: order by fields of the record only
    client.purchases.list({ order: ["status", "-colour"] });
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

  it("keeps secrets and the record's company out of list filters and order, as the server refuses them", async () => {
    // @ts-expect-error: signingSecret is a secret
    client.accountingIntegrations.list({ where: { signingSecret: { $null: true } } });
    // @ts-expect-error: a secret cannot order a list either
    client.dropshipProviders.list({ order: "authenticationToken" });
    // @ts-expect-error: nor be one of its order's fields
    client.dropshipProviders.list({ order: ["name", "-signingSecret"] });
    // @ts-expect-error: a data export's companyId is its company, which no filter takes
    client.dataExports.list({ where: { companyId: 1 } });
    // @ts-expect-error: listAll takes the same query
    client.inventoryFeeds.listAll({ where: { hash: "…1Hk=" } });
    // The kind's other fields still do, and a field of that name that is no secret elsewhere too.
    client.dropshipProviders.list({ where: { name: { $like: "Acme%" } }, order: ["-createdAt", "name"] });
    client.channelVariants.list({ where: { hash: "abc" }, order: "hash" });
    expectTypeOf<"signingSecret">().not.toExtend<
      FilterableField<AccountingIntegration, "accounting-integration">
    >();
    expectTypeOf<"-authenticationToken">().not.toExtend<SortField<DropshipProvider, "dropship-provider">>();
    // A query typed without its kind fits that kind's list, and a list called without one is typed as before.
    const query: ListQuery<DropshipProvider> = { where: { name: "Acme Supply" }, order: "-createdAt" };
    const page: Page<DropshipProvider> = await client.dropshipProviders.list(query);
    void page;
    expectTypeOf(client.dropshipProviders.list()).toEqualTypeOf<Promise<Page<DropshipProvider>>>();
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

  it("takes every operator the server does, as the field's type allows it", () => {
    client.variants.list({ where: { sku: { $like: "TEE-%" } } });
    // $like on an enum, and on an open enum (known values or any text)
    client.purchases.list({ where: { status: { $like: "p%" } } });
    client.carriers.list({ where: { carrierType: { $like: "cour%", $gte: "a" } } });
    client.purchases.list({
      where: { id: { $eq: 1, $ne: 2, $gte: 1, $lte: 9, $gt: 0, $lt: 10, $in: [1, 2] } },
    });
    client.purchases.list({
      where: { createdAt: { $gte: "2026-01-01", $lt: "2027-01-01" }, notes: { $null: true } },
    });
    client.products.list({ where: { status: { $eq: "active", $in: ["active", "draft"] } } });
    // @ts-expect-error: a date is no text to the server: no $like
    client.purchases.list({ where: { createdAt: { $like: "2026-%" } } });
    // @ts-expect-error: $like takes a pattern, not a number
    client.variants.list({ where: { sku: { $like: 5 } } });
    // @ts-expect-error: a boolean has no ranges
    client.agreements.list({ where: { active: { $gt: true } } });
    client.agreements.list({ where: { active: { $eq: true, $in: [true] } } });
    // @ts-expect-error: $eq takes a value of the field's type
    client.purchases.list({ where: { id: { $eq: "1" } } });
  });

  it("narrows the rows to the attributes asked for, and the fields includes join on", async () => {
    const page = await client.purchases.list({ attributes: ["id", "reference"] });
    expectTypeOf(page.records[0]!).toEqualTypeOf<Pick<Purchase, "id" | "reference">>();
    const all = await client.purchases.list({ attributes: { exclude: ["notes"] } });
    expectTypeOf(all.records[0]!).toEqualTypeOf<Omit<Purchase, "notes">>();
    const read = await client.purchases.get(1, { attributes: ["id", "status"] });
    expectTypeOf(read).toEqualTypeOf<Pick<Purchase, "id" | "status">>();
    // @ts-expect-error: not a field of purchase
    client.purchases.list({ attributes: ["colour"] });
    for await (const row of client.purchases.listAll({ attributes: ["id"] })) {
      expectTypeOf(row).toEqualTypeOf<Pick<Purchase, "id">>();
    }
  });

  it("types include by the kind's relations, and embeds what it names", async () => {
    const page = await client.purchases.list({
      attributes: ["id", "reference"],
      include: [
        { model: "PurchaseItem", attributes: ["id", "quantity"] },
        { model: "Sale", include: ["Customer"] },
      ],
    });
    const row = page.records[0]!;
    expectTypeOf(row.reference).toEqualTypeOf<Purchase["reference"]>();
    // the fields an include joins on are answered whatever attributes say
    expectTypeOf(row.saleId).toEqualTypeOf<Purchase["saleId"]>();
    expectTypeOf(row.purchase_items).toEqualTypeOf<Pick<PurchaseItem, "id" | "quantity" | "purchaseId">[]>();
    expectTypeOf(row.sale).toEqualTypeOf<(Sale & { customer: Customer | null }) | null>();
    // @ts-expect-error: not asked for
    row.notes;
    const one = await client.purchaseItems.get(1, { include: "Variant" });
    expectTypeOf(one.variant).toEqualTypeOf<Variant | null>();
    // @ts-expect-error: no such model
    client.purchases.list({ include: ["Widget"] });
    // @ts-expect-error: a model with no relation to purchases
    client.purchases.list({ include: ["WebhookEndpoint"] });
    // @ts-expect-error: an include's attributes are fields of the included kind (a variant has no reference)
    client.purchaseItems.list({ include: [{ model: "Variant", attributes: ["reference"] }] });
  });

  it("types the response meta, timeouts and problem details", async () => {
    const purchase = await client.purchases.get(1);
    expectTypeOf(metaOf(purchase)).toEqualTypeOf<ResponseMeta | undefined>();
    expectTypeOf(metaOf(purchase)!.rateLimit).toEqualTypeOf<RateLimitState | undefined>();
    client.purchases.delete(1, {
      onResponse: (meta) => expectTypeOf(meta.requestId).toEqualTypeOf<string | undefined>(),
    });
    createClient({ baseUrl: "https://api.example.com", token: "t", timeout: 5_000 });
    client.purchases.get(1, { timeout: 1_000 });
    const error: unknown = new Error("x");
    if (isTimeoutError(error)) expectTypeOf(error.timeoutMs).toEqualTypeOf<number>();
    expectTypeOf<TimeoutError>().toExtend<Error>();
    // Every member the server's problem documents may carry is typed on the client's.
    expectTypeOf<ProblemMember>().toExtend<keyof ProblemDetails>();
    expectTypeOf<keyof ProblemDetails>().toExtend<keyof ApiError>();
    if (isApiError(error)) {
      expectTypeOf(error.state).toEqualTypeOf<string | undefined>();
      expectTypeOf(error.allowedActions).toEqualTypeOf<string[] | undefined>();
      expectTypeOf(error.errors).toEqualTypeOf<{ path: string; message: string }[]>();
    }
  });

  it("connects only the resources passed, typed as the full client's namespaces", () => {
    const api = connect(
      { baseUrl: "https://api.example.com", token: "t" },
      { purchases, couriers: carriers },
    );
    expectTypeOf(api.purchases).toEqualTypeOf<NamespaceClient<"purchases">>();
    expectTypeOf(api.couriers.get(1)).toEqualTypeOf<Promise<Carrier>>();
    // @ts-expect-error: not connected
    api.sales;
  });
});
