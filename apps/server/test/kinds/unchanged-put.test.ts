// A PUT that changes nothing writes nothing: clients GET a record and PUT it back, and that round trip
// must not move its updatedAt or ETag (others' If-Match would fail for nothing) nor send an event.
import { kindByName } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { sentWorld } from "../actions/orders-fixtures.ts";
import { createRecordOf, expectProblem } from "../factory.ts";
import { setupApp, type Tenant } from "../support.ts";

// A clock that moves one second per write, so that a record written again shows a new updatedAt.
let tick = 0;
const now = () => new Date(Date.UTC(2024, 0, 1) + ++tick * 1000).toISOString();

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({ now });
});

const kind = (name: string) => kindByName(name)!;

/** The company's events of `type`. */
async function eventsOf(t: Tenant, type: string): Promise<any[]> {
  const events = await t.json("GET", `/events.json?where[type]=${type}&limit=250`);
  expect(events.status).toBe(200);
  return events.body;
}

/** A carrier (a kind without a write rule), as GET answers it, with its ETag. */
async function carrier(t: Tenant) {
  const created = await t.json("POST", "/carriers.json", { name: "Parcel Express", externalId: "px-1" });
  expect(created.status).toBe(200);
  const read = await t.json("GET", `/carriers/${created.body.id}.json`);
  return { path: `/carriers/${created.body.id}.json`, record: read.body, etag: read.headers.get("ETag")! };
}

describe("a PUT that changes nothing", () => {
  it("keeps the record's updatedAt and ETag, and writes no event", async () => {
    const t = await ctx.tenant();
    const { path, record, etag } = await carrier(t);

    const put = await t.json("PUT", path, record);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(record);
    expect(put.headers.get("ETag")).toBe(etag);
    // The fields sent, some of them only: the same.
    const some = await t.json("PUT", path, { name: record.name });
    expect(some.body).toEqual(record);
    expect(some.headers.get("ETag")).toBe(etag);
    // Nothing writable sent (read-only fields only).
    const none = await t.json("PUT", path, { id: record.id, updatedAt: "2001-01-01T00:00:00.000Z" });
    expect(none.body).toEqual(record);

    const read = await t.json("GET", path);
    expect(read.body.updatedAt).toBe(record.updatedAt);
    expect(read.headers.get("ETag")).toBe(etag);
    expect(await eventsOf(t, "carrier.updated")).toEqual([]);
  });

  it("keeps a field cleared to null that reads as its default as it is, when null is sent again", async () => {
    const t = await ctx.tenant();
    const { path } = await carrier(t);
    const cleared = await t.json("PUT", path, { platform: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.platform).toBe("manual");
    const again = await t.json("PUT", path, { platform: null });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cleared.body);
  });

  it("finds a row holding NULL where its field has a default (a row older than the column) as read", async () => {
    const t = await ctx.tenant();
    const { path, record } = await carrier(t);
    await ctx.db.execute({ sql: "UPDATE carriers SET platform = NULL WHERE id = ?", args: [record.id] });
    const read = await t.json("GET", path);
    expect(read.body.platform).toBe("manual");
    // Its default sent: nothing written.
    const named = await t.json("PUT", path, { platform: "manual" });
    expect(named.headers.get("ETag")).toBe(read.headers.get("ETag"));
    // Updates that hold the record as read (If-Match, a key) find it as read.
    const matched = await t.json("PUT", path, { name: "Renamed" }, { "If-Match": read.headers.get("ETag")! });
    expect([matched.status, matched.body.name]).toEqual([200, "Renamed"]);
    const keyed = await t.json("PUT", path, { name: "Keyed" }, { "Idempotency-Key": "after-null" });
    expect([keyed.status, keyed.body.name, keyed.body.platform]).toEqual([200, "Keyed", "manual"]);
  });

  it("leaves the ETag read before it good for If-Match", async () => {
    const t = await ctx.tenant();
    const { path, record, etag } = await carrier(t);

    const same = await t.json("PUT", path, record, { "If-Match": etag });
    expect(same.status).toBe(200);
    expect(same.headers.get("ETag")).toBe(etag);
    expect(same.body.updatedAt).toBe(record.updatedAt);

    const changed = await t.json("PUT", path, { ...record, name: "Parcel Co" }, { "If-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body.name).toBe("Parcel Co");
  });

  it("is answered again with its key, as it was first answered", async () => {
    const t = await ctx.tenant();
    const { path, record, etag } = await carrier(t);
    const key = { "Idempotency-Key": `unchanged-${Math.random()}` };

    const first = await t.json("PUT", path, record, key);
    expect(first.status).toBe(200);
    expect(first.headers.get("ETag")).toBe(etag);
    const again = await t.json("PUT", path, record, key);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("ETag")).toBe(etag);
    // The same key with another request is still refused.
    expectProblem(await t.json("PUT", path, { ...record, name: "Other" }, key), 422);
    expect(await eventsOf(t, "carrier.updated")).toEqual([]);
  });

  it("still refuses a bad body and a stale If-Match", async () => {
    const t = await ctx.tenant();
    const { path, record, etag } = await carrier(t);
    expectProblem(await t.json("PUT", path, { ...record, color: "red" }), 422);
    expectProblem(await t.json("PUT", path, { ...record, name: 12 }), 422);

    await t.json("PUT", path, { name: "Parcel Co" });
    expectProblem(await t.json("PUT", path, record, { "If-Match": etag }), 412);
    expectProblem(await t.json("PUT", path, { name: "Parcel Co" }, { "If-Match": etag }), 412);
  });

  it("keeps a line and its sale's books as they are (a kind whose write rule plans its updates)", async () => {
    const t = await ctx.tenant();
    const item = await createRecordOf(t, kind("sale-item"));
    const itemPath = `/sale-items/${item.id}.json`;
    const salePath = `/sales/${item.saleId}.json`;
    const line = await t.json("GET", itemPath);
    const sale = await t.json("GET", salePath);
    const saleEvents = await eventsOf(t, "sale.updated");

    const put = await t.json("PUT", itemPath, line.body);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(line.body);
    expect(put.headers.get("ETag")).toBe(line.headers.get("ETag"));
    const keyed = await t.json("PUT", itemPath, line.body, { "Idempotency-Key": `line-${Math.random()}` });
    expect(keyed.headers.get("ETag")).toBe(line.headers.get("ETag"));
    const after = await t.json("GET", salePath);
    expect(after.body).toEqual(sale.body);
    expect(after.headers.get("ETag")).toBe(sale.headers.get("ETag"));
    expect(await eventsOf(t, "sale_item.updated")).toEqual([]);
    expect(await eventsOf(t, "sale.updated")).toEqual(saleEvents);
  });

  it("takes a line of a shipped record back as read, though the line can no longer change", async () => {
    const t = await ctx.tenant();
    const w = await sentWorld(t);
    const shipped = await t.json("POST", `/purchases/${w.purchase.id}/ship.json`, { trackingNumber: "PX1" });
    expect(shipped.status).toBe(200);
    const [line] = (await t.json("GET", `/dropshipment-items.json?where[dropshipmentId]=${shipped.body.id}`))
      .body;
    const path = `/dropshipment-items/${line.id}.json`;
    const read = await t.json("GET", path);
    const put = await t.json("PUT", path, read.body);
    expect(put.status).toBe(200);
    expect(put.headers.get("ETag")).toBe(read.headers.get("ETag"));
    expect((await t.json("PUT", path, {})).status).toBe(200);
    // A change is still refused, the line as it was.
    const changed = await t.json("PUT", path, { ...read.body, quantity: read.body.quantity + 1 });
    expect(changed.status).toBe(409);
    expect((await t.json("GET", path)).body).toEqual(read.body);
  });
});

describe("a PUT that changes a field", () => {
  it("moves updatedAt and the ETag, and writes one event", async () => {
    const t = await ctx.tenant();
    const { path, record, etag } = await carrier(t);

    const put = await t.json("PUT", path, { ...record, name: "Parcel Co" });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...record, name: "Parcel Co", updatedAt: put.body.updatedAt });
    expect(Date.parse(put.body.updatedAt)).toBeGreaterThan(Date.parse(record.updatedAt));
    expect(put.headers.get("ETag")).not.toBe(etag);
    const events = await eventsOf(t, "carrier.updated");
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(put.body);
    expect(events[0].data.previous).toEqual({ name: "Parcel Express", updatedAt: record.updatedAt });
  });

  it("moves a line's updatedAt and writes its event (a kind whose write rule plans its updates)", async () => {
    const t = await ctx.tenant();
    const item = await createRecordOf(t, kind("sale-item"));
    const itemPath = `/sale-items/${item.id}.json`;
    const line = await t.json("GET", itemPath);

    const put = await t.json("PUT", itemPath, { ...line.body, name: "Gift wrap" });
    expect(put.status).toBe(200);
    expect(put.body.name).toBe("Gift wrap");
    expect(Date.parse(put.body.updatedAt)).toBeGreaterThan(Date.parse(line.body.updatedAt));
    expect(put.headers.get("ETag")).not.toBe(line.headers.get("ETag"));
    expect(await eventsOf(t, "sale_item.updated")).toHaveLength(1);
  });
});
