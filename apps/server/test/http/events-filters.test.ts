// `GET /events.json?where[createdAt][...]` takes a time as record lists do: an ISO 8601 date or a date-time
// with its offset, a day the calendar has; anything else is a 400 naming the term, never a time rolled
// over (2026-02-30 as 2026-03-02) or read in the server's time zone.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp();
});

async function carrierEvents(t: Tenant, query: string): Promise<{ createdAt: string }[]> {
  return expectStatus(t.json("GET", `/events.json?where[type]=carrier.created&${query}`), 200);
}

/** The time of `iso` written at an offset of +01:30, as a client east of UTC would send it. */
function atPlusOneThirty(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 90 * 60_000).toISOString();
  return `${shifted.slice(0, 23)}+01:30`;
}

describe("the event log's time bounds", () => {
  it.each([
    ["$gte", "2026-02-30", "a day the calendar does not have"],
    ["$gt", "2025-02-29", "the 29th of February of a year that is not a leap year"],
    ["$lte", "2026-13-01", "a month past December"],
    ["$lt", "2026-11-30T12:00:00", "a time without its offset"],
    ["$gte", "2026-11-30 12:00:00Z", "a space for the T"],
    ["$gte", "yesterday", "not a time at all"],
    ["$lt", "+010000-01-01T00:00:00Z", "past the year 9999"],
  ])("where[createdAt][%s]=%s (%s) is a 400 naming the term", async (operator, value) => {
    const t = await setup.tenant();
    const term = `where[createdAt][${operator}]`;
    const refused = await t.json("GET", `/events.json?${term}=${encodeURIComponent(value)}`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.detail).toContain(`${term}: "${value}"`);
  });

  it("reads a date as midnight UTC and a time at its own offset", async () => {
    const t = await setup.tenant();
    await create(t, "carriers", { name: "Parcel Express" });
    const [event] = await carrierEvents(t, "");
    const at = event!.createdAt;
    expect(await carrierEvents(t, "where[createdAt][$gte]=2024-02-29")).toHaveLength(1);
    expect(await carrierEvents(t, "where[createdAt][$lt]=2024-02-29")).toHaveLength(0);
    expect(await carrierEvents(t, "where[createdAt][$gte]=2999-12-31")).toHaveLength(0);
    const sameInstant = encodeURIComponent(atPlusOneThirty(at));
    expect(await carrierEvents(t, `where[createdAt][$gte]=${sameInstant}`)).toHaveLength(1);
    expect(await carrierEvents(t, `where[createdAt][$lte]=${sameInstant}`)).toHaveLength(1);
    expect(await carrierEvents(t, `where[createdAt][$gt]=${sameInstant}`)).toHaveLength(0);
    expect(await carrierEvents(t, `where[createdAt][$lt]=${sameInstant}`)).toHaveLength(0);
  });
});
