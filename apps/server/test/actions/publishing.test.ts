// Publishing to a custom channel and the logs of what is pushed to it: publish-all calls the custom
// channel's publishing endpoint (a receiver on 127.0.0.1), a synchronous answer's store ids connect the
// listing, an asynchronous channel acknowledges later; stock and price pushes leave a
// channel-variant-update that follows each attempt; a connector import leaves a channel-variant-import
// per item. The dispatcher runs with a clock the test moves, to walk the retries without sleeping.
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { type Answer, type Received, startReceiver } from "../receiver.ts";
import { dispatcherWithClock, setupApp, type Tenant } from "../support.ts";
import { get, list, make } from "./channels-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/** Walks the whole retry schedule: every attempt after the first is made. */
async function exhaustRetries({ dispatcher, clock }: ReturnType<typeof dispatcherWithClock>) {
  for (const delay of RETRY_DELAYS_S) {
    clock.now += delay * 1000;
    await dispatcher.runOnce();
  }
}

/** The publishing receiver's answer of a sync store: the variant's store id made from its sku. */
const storeIds = (request: Received): Answer => {
  const { variant } = JSON.parse(request.body);
  return { status: 200, json: { externalId: `store-${variant.sku}`, externalGroupId: "group-1" } };
};

/** A feed with one channel published through a custom channel, and `count` approved items. */
async function publishingSetup(
  t: Tenant,
  receiverUrl: string,
  options: { acknowledgement?: "sync" | "async"; count?: number } = {},
) {
  const vendor = await make(t, "vendors", { name: "Northwind" });
  const channel = await make(t, "channels", { name: "Own store" });
  const custom = await make(t, "custom-channels", {
    name: "Own store",
    channelId: channel.id,
    publishingEndpoint: `${receiverUrl}/publish`,
    publishingAcknowledgement: options.acknowledgement ?? "sync",
  });
  const feed = await make(t, "inventory-feeds", { name: "Vendor feed", vendorId: vendor.id });
  await make(t, "inventory-feed-channels", { inventoryFeedId: feed.id, channelId: channel.id });
  const items = [];
  for (let i = 1; i <= (options.count ?? 1); i++) {
    items.push(
      await make(t, "inventory-feed-variants", {
        inventoryFeedId: feed.id,
        externalId: `F${i}`,
        sku: `SKU-${i}`,
        name: `Item ${i}`,
        price: 12.5,
        reviewStatus: "approved",
      }),
    );
  }
  return { vendor, channel, custom, feed, items };
}

async function publishAll(t: Tenant, feedId: number): Promise<any[]> {
  const response = await t.json("PUT", `/inventory-feeds/${feedId}/publish-all.json`, {});
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe("publish-all to a custom channel's publishing endpoint", () => {
  it("sends {variant, product, vendor}, signed, and a synchronous answer's store ids connect the listing", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(storeIds);
    const run = dispatcherWithClock(setup);
    await run.dispatcher.runOnce();
    const { vendor, channel, custom, feed } = await publishingSetup(t, receiver.url);

    const [listing] = await publishAll(t, feed.id);
    expect(listing).toMatchObject({
      channelId: channel.id,
      sku: "SKU-1",
      status: "pending",
      externalId: null,
    });
    const [queued] = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    expect(queued).toMatchObject({ type: "publish", status: "pending", price: 12.5, response: null });

    await run.dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    const call = receiver.received[0]!;
    expect(call).toMatchObject({ method: "POST", path: "/publish" });
    new Webhook(custom.signingSecret).verify(call.body, call.headers as Record<string, string>);
    const body = JSON.parse(call.body);
    expect(body).toEqual({
      variant: expect.objectContaining({ id: listing.variantId, sku: "SKU-1", name: "Item 1" }),
      product: null,
      vendor: expect.objectContaining({ id: vendor.id, name: "Northwind" }),
    });
    expect(queued.payload).toEqual(body);

    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      status: "connected",
      externalId: "store-SKU-1",
      externalGroupId: "group-1",
      publishUpdate: body,
    });
    expect(await get(t, "channel-variant-updates", queued.id)).toMatchObject({
      status: "success",
      statusMessage: expect.stringMatching(/answered 200/),
      response: { externalId: "store-SKU-1", externalGroupId: "group-1" },
      retries: 0,
      retry: false,
    });
  });

  it("marks the publish and the listing in error when a synchronous answer carries no store id", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => ({ status: 200, json: { received: true } }));
    const run = dispatcherWithClock(setup);
    const { feed } = await publishingSetup(t, receiver.url);
    const [listing] = await publishAll(t, feed.id);
    await run.dispatcher.runOnce();

    const failed = await get(t, "channel-variants", listing.id);
    expect(failed).toMatchObject({ status: "error", externalId: null });
    expect(failed.errorMessage).toMatch(/without the store's identifiers/);
    const [log] = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    expect(log).toMatchObject({ status: "error", response: { received: true } });
    expect(log.statusMessage).toMatch(/without the store's identifiers/);
  });

  it("leaves a listing unconnected, in error, when the store answers an external id another listing has", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => ({ status: 200, json: { externalId: "same" } }));
    const run = dispatcherWithClock(setup);
    const { feed } = await publishingSetup(t, receiver.url, { count: 2 });
    const listings = await publishAll(t, feed.id);
    await run.dispatcher.runOnce();

    const after = await Promise.all(listings.map((listing) => get(t, "channel-variants", listing.id)));
    expect(after.map((listing) => listing.status).sort()).toEqual(["connected", "error"]);
    const refused = after.find((listing) => listing.status === "error")!;
    expect(refused).toMatchObject({ externalId: null, errorMessage: expect.stringMatching(/already has/) });
    const [log] = await list(t, "channel-variant-updates", { channelVariantId: refused.id });
    expect(log).toMatchObject({ status: "error", statusMessage: expect.stringMatching(/already has/) });
  });

  it("with an asynchronous acknowledgement, the listing waits acknowledging for the acknowledge route", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const run = dispatcherWithClock(setup);
    const { channel, feed } = await publishingSetup(t, receiver.url, { acknowledgement: "async" });
    const [listing] = await publishAll(t, feed.id);
    expect(listing).toMatchObject({ status: "acknowledging", externalId: null });

    await run.dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      status: "acknowledging",
      externalId: null,
    });
    const [log] = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    expect(log).toMatchObject({ type: "publish", status: "success", response: "ok" });

    const acknowledged = await t.json("PUT", `/channels/${channel.id}/acknowledge-variant.json`, {
      externalId: 98765,
      sku: "SKU-1",
    });
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    expect(acknowledged.body).toMatchObject({ id: listing.id, status: "connected", externalId: "98765" });
  });

  it("retries a publish the endpoint refuses, then leaves the log, the listing and an error record in error", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 503);
    const run = dispatcherWithClock(setup);
    const { feed } = await publishingSetup(t, receiver.url);
    const [listing] = await publishAll(t, feed.id);
    await run.dispatcher.runOnce();
    const [log] = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    expect(log).toMatchObject({ status: "error", retry: true, retries: 0, response: "not today" });
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({ status: "pending" });

    await exhaustRetries(run);
    expect(receiver.received).toHaveLength(RETRY_DELAYS_S.length + 1);
    expect(await get(t, "channel-variant-updates", log.id)).toMatchObject({
      status: "error",
      retry: false,
      retries: RETRY_DELAYS_S.length,
      statusMessage: expect.stringMatching(/No more attempts\.$/),
    });
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({ status: "error" });
    const [failure] = await list(t, "errors", { subjectKind: "channel-variant-update" });
    expect(failure).toMatchObject({ code: "delivery_failed", subjectId: log.id, source: "publish" });
  });

  it("publishes a listing whose publishing failed again when a feed item of its sku is published", async () => {
    const t = await setup.tenant();
    let refuse = true;
    const receiver = await startReceiver((request) => (refuse ? 503 : storeIds(request)));
    const run = dispatcherWithClock(setup);
    const { feed, items } = await publishingSetup(t, receiver.url);
    const [listing] = await publishAll(t, feed.id);
    await run.dispatcher.runOnce();
    await exhaustRetries(run);
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({ status: "error" });

    refuse = false;
    await make(t, "inventory-feed-variants", {
      inventoryFeedId: feed.id,
      externalId: "F1-again",
      sku: items[0].sku,
      reviewStatus: "approved",
    });
    expect(await publishAll(t, feed.id)).toEqual([]);
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      status: "pending",
      errorMessage: null,
    });
    await run.dispatcher.runOnce();
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      status: "connected",
      externalId: "store-SKU-1",
    });
    const logs = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    expect(logs.map((log) => log.status)).toEqual(["error", "success"]);
  });

  it("publishes a listing its feed item's removal took off again when another feed item of its sku is published", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(storeIds);
    const run = dispatcherWithClock(setup);
    const { feed, items } = await publishingSetup(t, receiver.url);
    const [listing] = await publishAll(t, feed.id);
    await run.dispatcher.runOnce();
    const removal = `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=`;
    expect((await t.json("DELETE", `${removal}F1`)).status).toBe(200);
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      status: "ignore",
      externalId: "store-SKU-1",
      errorMessage: "removed from the feed",
    });

    // The supplier lists the SKU again, under another external id.
    const back = await make(t, "inventory-feed-variants", {
      inventoryFeedId: feed.id,
      externalId: "F1-back",
      sku: items[0].sku,
      reviewStatus: "approved",
    });
    expect(await publishAll(t, feed.id)).toEqual([]);
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      status: "pending",
      externalId: null,
      errorMessage: null,
      inventoryFeedVariantId: back.id,
    });
    await run.dispatcher.runOnce();
    expect(receiver.received).toHaveLength(2);
    expect(JSON.parse(receiver.received[1]!.body).variant).toMatchObject({ sku: "SKU-1" });
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      status: "connected",
      externalId: "store-SKU-1",
    });
    const logs = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    expect(logs.map((log) => [log.type, log.status])).toEqual([
      ["publish", "success"],
      ["publish", "success"],
    ]);

    // Published from the item that came back, the listing goes off again when that one is removed.
    expect((await t.json("DELETE", `${removal}F1-back`)).status).toBe(200);
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({ status: "ignore" });
  });

  it("publishes at most 100 feed items a call; the next call publishes the rest", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(storeIds);
    const { feed } = await publishingSetup(t, receiver.url, { count: 101 });
    expect(await publishAll(t, feed.id)).toHaveLength(100);
    expect(await list(t, "channel-variant-updates")).toHaveLength(100);
    const rest = await publishAll(t, feed.id);
    expect(rest.map((listing) => listing.sku)).toEqual(["SKU-101"]);
    expect(await publishAll(t, feed.id)).toEqual([]);
  });

  it("keeps each company's publishing and logs to itself", async () => {
    const owner = await setup.tenant();
    const other = await setup.tenant();
    const receiver = await startReceiver(storeIds);
    const run = dispatcherWithClock(setup);
    const { feed } = await publishingSetup(owner, receiver.url);
    const [listing] = await publishAll(owner, feed.id);
    await run.dispatcher.runOnce();
    const [log] = await list(owner, "channel-variant-updates");
    expect(log.channelVariantId).toBe(listing.id);

    expect((await other.json("GET", `/channel-variant-updates/${log.id}.json`)).status).toBe(404);
    expect(await list(other, "channel-variant-updates")).toEqual([]);
    expect((await other.json("PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {})).status).toBe(404);
    // Another company's feed publishing to its own channel does not reach this company's endpoint.
    const theirs = await make(other, "channels", { name: "Theirs" });
    const theirFeed = await make(other, "inventory-feeds", { name: "Their feed" });
    await make(other, "inventory-feed-channels", { inventoryFeedId: theirFeed.id, channelId: theirs.id });
    await make(other, "inventory-feed-variants", {
      inventoryFeedId: theirFeed.id,
      externalId: "X1",
      sku: "SKU-1",
      reviewStatus: "approved",
    });
    await publishAll(other, theirFeed.id);
    await run.dispatcher.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(await list(other, "channel-variant-updates")).toEqual([]);
  });
});

/** A variant listed (with a store id) on a channel pushed to through a custom channel's endpoints. */
async function pushSetup(t: Tenant, receiverUrl: string) {
  const channel = await make(t, "channels", { name: "Own store", safetyStock: 1 });
  await make(t, "custom-channels", {
    name: "Own store",
    channelId: channel.id,
    inventoryEndpoint: `${receiverUrl}/inventory`,
    priceEndpoint: `${receiverUrl}/price`,
  });
  const warehouse = await make(t, "warehouses", { name: "Main" });
  const variant = await make(t, "variants", { sku: "MUG-1", name: "Mug", price: 9 });
  const listing = await make(t, "channel-variants", {
    channelId: channel.id,
    variantId: variant.id,
    externalId: "123",
  });
  return { channel, warehouse, variant, listing };
}

describe("the logs of stock and price pushes", () => {
  it("logs a stock push and a price push as pending, then success with the receiver's answer", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver((request) =>
      request.path === "/price" ? { status: 200, json: { accepted: "price" } } : 200,
    );
    const run = dispatcherWithClock(setup);
    await run.dispatcher.runOnce();
    const { channel, warehouse, variant, listing } = await pushSetup(t, receiver.url);
    const level = await t.json("PUT", `/channels/${channel.id}/variant-set-level.json`, {
      externalId: "123",
      quantity: 6,
      warehouseId: warehouse.id,
    });
    expect(level.status).toBe(200);
    const priced = await t.json("PUT", `/variants/${variant.id}.json`, { price: 11.25, compareAtPrice: 14 });
    expect(priced.status).toBe(200);

    await run.dispatcher.fanOut();
    const queued = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    expect(queued.map((log) => [log.type, log.status])).toEqual([
      ["inventory", "pending"],
      ["price", "pending"],
    ]);

    await run.dispatcher.runOnce();
    const [stock, price] = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    const [stockCall, priceCall] = ["/inventory", "/price"].map(
      (path) => receiver.received.find((call) => call.path === path)!,
    );
    expect(stock).toMatchObject({
      type: "inventory",
      status: "success",
      inventoryQuantity: 5,
      response: "ok",
      payload: JSON.parse(stockCall!.body),
      retries: 0,
      retry: false,
    });
    expect(price).toMatchObject({
      type: "price",
      status: "success",
      price: 11.25,
      compareAtPrice: 14,
      response: { accepted: "price" },
      payload: JSON.parse(priceCall!.body),
    });
    // The listing shows the last stock and price updates sent; their answers change nothing else of it.
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      status: listing.status,
      externalId: "123",
      inventoryUpdate: stock.payload,
      inventoryRetries: 0,
      inventoryRetry: false,
      priceUpdate: price.payload,
      priceRetries: 0,
      priceRetry: false,
    });
  });

  it("logs a refused push as error to be retried, then as error for good once the retries are spent", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    const run = dispatcherWithClock(setup);
    await run.dispatcher.runOnce();
    const { variant, listing } = await pushSetup(t, receiver.url);
    await t.json("PUT", `/variants/${variant.id}.json`, { price: 10 });
    await run.dispatcher.runOnce();
    const [pending] = await list(t, "channel-variant-updates", { channelVariantId: listing.id });
    expect(pending).toMatchObject({ type: "price", status: "error", retry: true, response: "not today" });
    expect(pending.statusMessage).toMatch(/^Attempt 1 failed: The receiver answered 500\. Next attempt at/);
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      priceUpdate: pending.payload,
      priceRetries: 0,
      priceRetry: true,
    });

    await exhaustRetries(run);
    expect(await get(t, "channel-variant-updates", pending.id)).toMatchObject({
      status: "error",
      retries: RETRY_DELAYS_S.length,
      retry: false,
    });
    expect(await get(t, "channel-variants", listing.id)).toMatchObject({
      priceRetries: RETRY_DELAYS_S.length,
      priceRetry: false,
      inventoryUpdate: null,
    });
    const [failure] = await list(t, "errors", { subjectKind: "channel-variant-update" });
    expect(failure).toMatchObject({ subjectId: pending.id, source: "price" });
  });
});

describe("a listing's logs", () => {
  it("go with the listing when it is deleted, and keep no listing from being deleted", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const run = dispatcherWithClock(setup);
    const { variant, listing } = await pushSetup(t, receiver.url);
    await t.json("PUT", `/variants/${variant.id}.json`, { price: 10 });
    await run.dispatcher.runOnce();
    expect(await list(t, "channel-variant-updates", { channelVariantId: listing.id })).toHaveLength(1);

    expect((await t.json("DELETE", `/channel-variants/${listing.id}.json`)).status).toBe(204);
    expect(await list(t, "channel-variant-updates", { channelVariantId: listing.id })).toEqual([]);
  });
});

describe("connector batch import logs", () => {
  it("leaves a channel-variant-import per item with what the store sent and what became of it", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const channel = await make(t, "channels", { name: "Connector store" });
    await make(t, "variants", { sku: "KNOWN", name: "Known" });
    const response = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, [
      { externalId: 501, sku: "KNOWN", name: "Known", costPrice: 2.5, grams: 300 },
      { sku: "FRESH", name: "Fresh", productName: "Fresh things", externalGroupId: "G-9" },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [known, fresh] = response.body.results;

    const logs = await list(t, "channel-variant-imports");
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      channelVariantId: known.channelVariantId,
      sku: "KNOWN",
      costPrice: 2.5,
      grams: 300,
      productPayload: null,
      variantPayload: expect.objectContaining({ externalId: "501", sku: "KNOWN", costPrice: 2.5 }),
      result: "created",
      variantResult: "updated",
    });
    expect(logs[1]).toMatchObject({
      channelVariantId: fresh.channelVariantId,
      sku: "FRESH",
      productPayload: { name: "Fresh things", externalId: "G-9" },
      result: "created",
      variantResult: "created",
    });

    const again = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, [
      { externalId: 501, sku: "KNOWN", name: "Known" },
    ]);
    expect(again.status).toBe(200);
    const latest = await list(t, "channel-variant-imports", { channelVariantId: known.channelVariantId });
    expect(latest.map((log) => [log.result, log.variantResult])).toEqual([
      ["created", "updated"],
      ["updated", "unchanged"],
    ]);
    expect(await list(other, "channel-variant-imports")).toEqual([]);
  });

  it("leaves none when the batch is refused", async () => {
    const t = await setup.tenant();
    const channel = await make(t, "channels", { name: "Connector store" });
    const refused = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, [
      { sku: "SAME" },
      { sku: "SAME" },
    ]);
    expect(refused.status).toBe(422);
    expect(await list(t, "channel-variant-imports")).toEqual([]);
  });
});
