// A record as the API shows it: its fields in one order for every read (id and timestamps first, then
// the kind's fields as the manifest declares them, the company last), whatever the kind's width.
import { kinds } from "@multichannel/schema";
import { expect, it } from "vitest";
import { toRecord } from "../../src/db/rows.ts";
import { tableFor } from "../../src/db/tables.ts";
import { setupApp } from "../support.ts";

/** The order of a kind's fields in its records. */
function orderOf(kind: (typeof kinds)[number]): string[] {
  const fields = Object.entries(kind.fields);
  return [
    "id",
    "createdAt",
    "updatedAt",
    ...fields.filter(([, def]) => !def.tenant).map(([field]) => field),
    ...fields.filter(([, def]) => def.tenant).map(([field]) => field),
  ];
}

it("makes every kind's record with its fields in the manifest's order, from a row of any values", () => {
  for (const kind of kinds) {
    const table = tableFor(kind);
    const row: Record<string, unknown> = { id: 7, created_at: "t0", updated_at: "t1", company_id: 3 };
    const record = toRecord(table, row as never);
    expect(Object.keys(record), kind.name).toEqual(orderOf(kind));
    expect([record.id, record.createdAt, record.updatedAt], kind.name).toEqual([7, "t0", "t1"]);
    // Two records of a kind share nothing: the blank each is copied from stays blank.
    record.id = 8;
    expect(toRecord(table, row as never).id).toBe(7);
    expect(Object.values(table.blank).every((value) => value === null)).toBe(true);
  }
});

it("answers a record of many fields with them in that order", async () => {
  const setup = await setupApp();
  const t = await setup.tenant();
  const kind = kinds.find((candidate) => candidate.name === "customer")!;
  expect(Object.keys(kind.fields).length).toBeGreaterThan(15);
  const created = await t.request("POST", "/customers.json", {
    email: "ordered@example.com",
    status: "active",
  });
  const { id } = (await created.json()) as { id: number };
  for (const path of [`/customers/${id}.json`, "/customers.json"]) {
    const text = await (await t.request("GET", path)).text();
    const record = path.endsWith(`${id}.json`) ? JSON.parse(text) : JSON.parse(text)[0];
    expect(Object.keys(record), path).toEqual(orderOf(kind));
  }
});
