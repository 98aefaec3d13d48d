import {
  type ActionDef,
  actionPath,
  actions,
  type FieldDef,
  type KindDef,
  kindByName,
} from "@multichannel/schema";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createRecordOf } from "../factory.ts";
import { expectMatchesResponseSchema } from "../openapi-response.ts";
import { countWrites, setupApp, type Tenant } from "../support.ts";

/**
 * Every action, fed arbitrary input (values of every type, nulls, edge numbers, unknown keys, nested
 * junk) against real records: never a 5xx, a problem document on every 4xx, and nothing written by a
 * rejected request.
 */

const RUNS = { seed: 20_261_121, numRuns: 60 };

/** The record each action works on, made with its items so that the deeper code paths run. */
const SUBJECTS: Record<string, string> = {
  channel: "channel-variant",
  "dropship-provider": "purchase",
  dropshipment: "dropshipment-item",
  fulfillment: "fulfillment-item",
  "inventory-export": "inventory-export-field",
  "inventory-feed": "inventory-feed-variant",
  purchase: "purchase-item",
};
const PARENT_FIELD: Record<string, string> = {
  "channel-variant": "channelId",
  purchase: "dropshipProviderId",
  "dropshipment-item": "dropshipmentId",
  "fulfillment-item": "fulfillmentId",
  "inventory-export-field": "inventoryExportId",
  "inventory-feed-variant": "inventoryFeedId",
  "purchase-item": "purchaseId",
};

let ctx: Awaited<ReturnType<typeof setupApp>>;
let writes: () => Promise<number>;
let tenant: Tenant;
const subjects = new Map<string, number>();

beforeAll(async () => {
  ctx = await setupApp();
  tenant = await ctx.tenant();
  await tenant.json("POST", "/warehouses.json", {
    name: "Main",
    isDefault: true,
    lineOne: "1 A St",
    city: "Austin",
    country: "US",
  });
  for (const [kindName, childName] of Object.entries(SUBJECTS)) {
    const child = await createRecordOf(tenant, kindByName(childName)!, { full: true });
    const parentId = child[PARENT_FIELD[childName]!] as number;
    subjects.set(kindName, parentId);
  }
  await tenant.json("PUT", `/purchases/${subjects.get("purchase")}/send.json`, {});
  writes = await countWrites(ctx.db);
});

const junk = fc.oneof(
  fc.constant(null),
  fc.constantFrom(0, -1, 1, 2, 0.005, 1e13, 2 ** 53, Number.MAX_VALUE, -0),
  fc.constantFrom(
    "",
    "x",
    "1",
    "US",
    "2026-02-30T00:00:00Z",
    "2026-01-01T00:00:00Z",
    "a".repeat(5000),
    "\u0000",
    "é✓",
  ),
  fc.boolean(),
  fc.anything({ maxDepth: 2 }),
);

/** Something close to a valid value of the field, or junk. */
function valueArb(field: FieldDef, depth = 0): fc.Arbitrary<unknown> {
  const near: fc.Arbitrary<unknown> = (() => {
    switch (field.type) {
      case "integer":
      case "ref":
        return fc.integer({ min: -2, max: 12 });
      case "number":
      case "money":
        return fc.constantFrom(0, 1, 12.5, 0.1, 19.99, -3);
      case "enum":
        return fc.constantFrom(...field.values!, "other");
      case "array":
        return depth > 2 ? fc.constant([]) : fc.array(valueArb(field.items!, depth + 1), { maxLength: 3 });
      case "object":
        return depth > 2 ? fc.constant({}) : objectArb(field.fields ?? {}, depth + 1);
      case "boolean":
        return fc.boolean();
      default: {
        const byFormat = {
          country: ["US", "GB", "us"],
          currency: ["USD", "EUR"],
          email: ["x@example.com", "x@"],
        };
        if (field.format && field.format in byFormat)
          return fc.constantFrom(...byFormat[field.format as keyof typeof byFormat]);
        return fc.constantFrom("MUG-1", "abc", "ext-1", "2026-01-01T00:00:00Z", "Austin");
      }
    }
  })();
  return fc.oneof({ arbitrary: near, weight: 12 }, { arbitrary: junk, weight: 1 });
}

function objectArb(
  fields: Readonly<Record<string, FieldDef>>,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, valueArb(field, depth)]),
  );
  const known = fc.record(entries, { requiredKeys: [] });
  const withUnknown = fc.tuple(known, junk).map(([body, value]) => ({ ...body, unknownField: value }));
  return fc.oneof({ arbitrary: known, weight: 12 }, { arbitrary: withUnknown, weight: 1 });
}

function inputArb(action: ActionDef): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: objectArb(action.input), weight: 12 }, { arbitrary: junk, weight: 1 });
}

function requestOf(kind: KindDef, action: ActionDef, id: string, input: unknown): [string, RequestInit] {
  const path = actionPath(kind, action).replace("{id}", id);
  const headers = { Authorization: `Bearer ${tenant.token}`, "Content-Type": "application/json" };
  if (action.method === "POST" || action.method === "PUT") {
    return [path, { method: action.method, headers, body: JSON.stringify(input) }];
  }
  const query = new URLSearchParams();
  if (input && typeof input === "object" && !Array.isArray(input)) {
    for (const [key, value] of Object.entries(input))
      query.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return [`${path}?${query}`, { method: action.method, headers }];
}

describe("actions under arbitrary input", () => {
  it.each(
    actions.map(
      ({ kind, action }) => [`${action.method} ${actionPath(kind, action)}`, kind, action] as const,
    ),
  )("%s never fails with a 5xx, and a rejected call writes nothing", async (_, kind, action) => {
    const idArb = fc.oneof(
      { arbitrary: fc.constant(String(subjects.get(kind.name))), weight: 8 },
      { arbitrary: fc.constantFrom("0", "abc", "999999", "1.5", "-1"), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(idArb, inputArb(action), async (id, input) => {
        const before = await writes();
        const [path, init] = requestOf(kind, action, id, input);
        const response = await ctx.app.request(path, init);
        const text = await response.text();
        const where = `${init.method} ${path.slice(0, 200)} ${String(init.body).slice(0, 300)}`;
        expect(response.status, `${where} → ${text.slice(0, 400)}`).toBeLessThan(500);
        expectMatchesResponseSchema(init.method ?? "GET", path, response.status, undefined);
        if (response.status >= 400) {
          expect(response.headers.get("Content-Type"), where).toMatch(/^application\/problem\+json/);
          expect(JSON.parse(text).status, where).toBe(response.status);
          expect(await writes(), `${where} → ${response.status} wrote to the database`).toBe(before);
        }
      }),
      RUNS,
    );
  });
});
