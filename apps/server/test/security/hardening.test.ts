// Hostile and flaky inputs: bounded work, well-formed text, references that must exist, preconditions on
// every write, and writes that are safe to retry whatever their method.
import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../factory.ts";
import { countWrites, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let writes: () => Promise<number>;
beforeAll(async () => {
  setup = await setupApp();
  writes = await countWrites(setup.db);
});

async function created(t: Tenant, plural: string, body: Record<string, unknown>) {
  const answer = await t.json("POST", `/${plural}.json`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A purchase to a provider that can be sent, with one line. */
async function sendablePurchase(t: Tenant) {
  const provider = await created(t, "dropship-providers", {
    name: "Acme Supply",
    email: "orders@acme.example",
    defaultCarrier: "Parcel Express",
    defaultService: "Ground",
    addressLineOne: "1 Depot Lane",
    city: "Reno",
    country: "US",
  });
  const purchase = await created(t, "purchases", {
    dropshipProviderId: provider.id,
    receiverAddressLineOne: "5 Elm St",
    receiverCity: "Denver",
    receiverCountry: "US",
  });
  await created(t, "purchase-items", { purchaseId: purchase.id, sku: "MUG-1", quantity: 2, price: 6.25 });
  return (await t.json("GET", `/purchases/${purchase.id}.json`)).body;
}

describe("work bounded by the request", () => {
  it("an oversized array is one error, checked before its items", async () => {
    const t = await setup.tenant();
    const channel = await created(t, "channels", { name: "Store" });
    const before = await writes();
    const answer = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: Array.from({ length: 5000 }, () => ({})),
    });
    expectProblem(answer, 422);
    expect(answer.body.errors).toEqual([{ path: "items", message: "must be at most 1000 items" }]);
    expect(await writes()).toBe(before);
  });

  it("lists at most 100 field errors and counts the rest", async () => {
    const t = await setup.tenant();
    const channel = await created(t, "channels", { name: "Store" });
    const answer = await t.json("POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
      items: Array.from({ length: 1000 }, () => ({})),
    });
    expectProblem(answer, 422);
    expect(answer.body.errors).toHaveLength(100);
    // One error per item: each misses its sku (externalId is optional, as in the reference's form).
    expect(answer.body.errorsOmitted).toBe(900);
  });

  it("a body with far more keys than the kind has is refused as a whole", async () => {
    const t = await setup.tenant();
    const body = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, i]));
    const answer = await t.json("POST", "/carriers.json", body);
    expectProblem(answer, 422);
    expect(answer.body.errors).toEqual([
      { path: "(body)", message: expect.stringMatching(/at most \d+ fields/) },
    ]);
  });

  it("a filter repeated a thousand times, a long URL or an oversized header is a 400", async () => {
    const t = await setup.tenant();
    const repeated = Array.from({ length: 999 }, () => "where[id]=1").join("&");
    expectProblem(await t.json("GET", `/carriers.json?${repeated}`), 400);
    expectProblem(await t.json("GET", `/carriers.json?where[name]=${"x".repeat(9000)}`), 400);
    expectProblem(await t.json("GET", "/carriers.json", undefined, { "X-Note": "y".repeat(9000) }), 400);
    expect((await t.json("GET", "/carriers.json?where[id]=1&where[name]=a")).status).toBe(200);
  });
});

describe("well-formed text", () => {
  it("refuses NUL characters and unpaired surrogates (422 naming the field), in bodies and queries", async () => {
    const t = await setup.tenant();
    const before = await writes();
    const nul = await t.json("POST", "/variants.json", '{"sku":"DUP-1\\u0000evil","name":"x"}');
    expectProblem(nul, 422);
    expect(nul.body.errors).toEqual([{ path: "sku", message: expect.stringMatching(/NUL/) }]);
    const lone = await t.json("POST", "/carriers.json", '{"name":"broken \\ud800 text"}');
    expectProblem(lone, 422);
    expect(lone.body.errors.map((e: { path: string }) => e.path)).toEqual(["name"]);
    expectProblem(await t.json("GET", "/variants.json?where[sku]=DUP-1%00evil"), 400);
    expect(await writes()).toBe(before);
  });

  it("stores and returns any other text byte-exact, astral characters included", async () => {
    const t = await setup.tenant();
    const name = "Café 🚚 — 配送 \u{1F600} tab\there";
    const carrier = await created(t, "carriers", { name });
    expect(carrier.name).toBe(name);
    const read = await t.request("GET", `/carriers/${carrier.id}.json`);
    expect(JSON.parse(await read.text()).name).toBe(name);
  });
});

describe("polymorphic references", () => {
  it("a comment on a record that does not exist, or on another company's, is a 422", async () => {
    const t = await setup.tenant();
    const stranger = await setup.tenant();
    const theirs = await sendablePurchase(stranger);
    const before = await writes();
    const missing = await t.json("POST", "/comments.json", {
      subjectKind: "sale",
      subjectId: 987654,
      body: "hi",
    });
    expectProblem(missing, 422);
    expect(missing.body.errors).toEqual([{ path: "subjectId", message: "names no sale (id 987654)" }]);
    const foreign = await t.json("POST", "/comments.json", {
      subjectKind: "purchase",
      subjectId: theirs.id,
      body: "hi",
    });
    expectProblem(foreign, 422);
    expect(await writes()).toBe(before);

    const mine = await sendablePurchase(t);
    const comment = await created(t, "comments", { subjectKind: "purchase", subjectId: mine.id, body: "ok" });
    expectProblem(await t.json("PUT", `/comments/${comment.id}.json`, { subjectKind: "sale" }), 422);
    const unknownKind = await t.json("POST", "/errors.json", {
      message: "m",
      subjectKind: "nothing",
      subjectId: 1,
    });
    expect(unknownKind.body.errors).toEqual([
      { path: "subjectKind", message: 'names no kind of record ("nothing")' },
    ]);
  });
});

describe("preconditions on every write", () => {
  it("If-Match is honoured on actions, with strong comparison", async () => {
    const t = await setup.tenant();
    const purchase = await sendablePurchase(t);
    const read = await t.json("GET", `/purchases/${purchase.id}.json`);
    const etag = read.headers.get("ETag")!;
    const before = await writes();
    expectProblem(
      await t.json("PUT", `/purchases/${purchase.id}/cancel.json`, {}, { "If-Match": '"stale"' }),
      412,
    );
    expectProblem(
      await t.json("PUT", `/purchases/${purchase.id}/cancel.json`, {}, { "If-Match": `W/${etag}` }),
      412,
    );
    expectProblem(
      await t.json("PUT", `/purchases/${purchase.id}.json`, { notes: "n" }, { "If-Match": `W/${etag}` }),
      412,
    );
    expect(await writes()).toBe(before);

    const sent = await t.json("PUT", `/purchases/${purchase.id}/send.json`, {}, { "If-Match": etag });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("ETag")).toBe(
      (await t.json("GET", `/purchases/${purchase.id}.json`)).headers.get("ETag"),
    );
  });

  it("If-Match on a DELETE action: a stale tag removes nothing", async () => {
    const t = await setup.tenant();
    const feed = await created(t, "inventory-feeds", { name: "Feed" });
    await created(t, "inventory-feed-variants", { inventoryFeedId: feed.id, externalId: "F1", sku: "S1" });
    const path = `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=F1`;
    expectProblem(await t.json("DELETE", path, undefined, { "If-Match": '"nope"' }), 412);
    const etag = (await t.json("GET", `/inventory-feeds/${feed.id}.json`)).headers.get("ETag")!;
    expect((await t.json("DELETE", path, undefined, { "If-Match": etag })).status).toBe(200);
  });
});

describe("writes safe to retry", () => {
  it("a PUT action retried with its Idempotency-Key runs once", async () => {
    const t = await setup.tenant();
    const purchase = await sendablePurchase(t);
    const headers = { "Idempotency-Key": "send-1" };
    const first = await t.json("PUT", `/purchases/${purchase.id}/send.json`, {}, headers);
    const again = await t.json("PUT", `/purchases/${purchase.id}/send.json`, {}, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const notifications = await t.json(
      "GET",
      `/purchase-notifications.json?where[purchaseId]=${purchase.id}`,
    );
    expect(notifications.body).toHaveLength(1);
  });

  it("a GET that writes is never cached and runs once under one key; a DELETE replays its 204", async () => {
    const t = await setup.tenant();
    const definition = await created(t, "inventory-exports", { name: "Stock" });
    const path = `/inventory-exports/${definition.id}/export.json`;
    const first = await t.json("GET", path, undefined, { "Idempotency-Key": "export-1" });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const again = await t.json("GET", path, undefined, { "Idempotency-Key": "export-1" });
    expect(again.body).toEqual(first.body);
    expect((await t.json("GET", "/data-exports.json")).body).toHaveLength(1);
    expect((await t.json("GET", path)).body.id).not.toBe(first.body.id);

    const carrier = await created(t, "carriers", { name: "Parcel" });
    const gone = await t.request("DELETE", `/carriers/${carrier.id}.json`, undefined, {
      "Idempotency-Key": "d-1",
    });
    const replayed = await t.request("DELETE", `/carriers/${carrier.id}.json`, undefined, {
      "Idempotency-Key": "d-1",
    });
    expect([gone.status, replayed.status]).toEqual([204, 204]);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
  });
});
