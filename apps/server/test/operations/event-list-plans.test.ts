// The event log and a webhook endpoint's deliveries, as the planner reads them over a company with many
// events: every form of the query reads index ranges bounded by its page, never the company's whole
// history (a type pattern, a time bound, a key that reads some kinds only), in one statement.
import type { InStatement } from "@libsql/client";
import { kinds } from "@multichannel/schema";
import { describe, expect, it } from "vitest";
import type { Db, Executor } from "../../src/db/database.ts";
import { accessOf, readableKinds } from "../../src/domain/scopes.ts";
import { type EventQuery, listEvents } from "../../src/services/events.ts";
import { deliveryPage } from "../../src/services/webhooks/endpoints.ts";
import { freshDb } from "../support.ts";

const COMPANY = 1;
const ENDPOINT = 1;
const START = Date.parse("2026-01-01T00:00:00.000Z");

/**
 * 20,000 events, one a second: mostly `channel_variant.updated` of company 1, one in a hundred a
 * `carrier.created`, one in a thousand a `purchase.sent` of company 2. Each of company 1's is delivered
 * to its endpoint 1, which was also sent four pings.
 */
async function grown(db: Db): Promise<void> {
  const type = "iif(value % 100 = 0, 'carrier.created', 'channel_variant.updated')";
  await db.write((session) =>
    session.apply([
      {
        sql: `INSERT INTO events (company_id, type, object, created_at) SELECT iif(value % 1000 = 1, 2, ${COMPANY}), iif(value % 1000 = 1, 'purchase.sent', ${type}), '{}', strftime('%Y-%m-%dT%H:%M:%fZ', ? + value, 'unixepoch') FROM generate_series(1, 20000)`,
        args: [START / 1000],
      },
      {
        sql: `INSERT INTO webhook_deliveries (company_id, purpose, endpoint_id, event_id, type, url, created_at) SELECT company_id, 'webhook', ${ENDPOINT}, id, type, 'https://example.com/hook', created_at FROM events WHERE company_id = ${COMPANY}`,
        args: [],
      },
      {
        sql: `INSERT INTO webhook_deliveries (company_id, purpose, endpoint_id, type, url, created_at) SELECT ${COMPANY}, 'ping', ${ENDPOINT}, 'ping', 'https://example.com/hook', '2026-01-02T00:00:00.000Z' FROM generate_series(1, 4)`,
        args: [],
      },
    ]),
  );
}

/** The statements `listEvents` runs for `query`. */
async function statementsOf(db: Db, query: Omit<EventQuery, "limit">): Promise<InStatement[]> {
  const statements: InStatement[] = [];
  const recording: Executor = {
    execute: (statement) => {
      statements.push(statement);
      return db.execute(statement);
    },
  };
  await listEvents(recording, COMPANY, { ...query, limit: 50 });
  return statements;
}

/** The planner's reading of `statement`, a line per step. */
async function planOf(db: Db, statement: InStatement): Promise<string[]> {
  const { sql, args } = typeof statement === "string" ? { sql: statement, args: [] } : statement;
  const plan = await db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args });
  return plan.rows.map((row) => String(row.detail));
}

/**
 * The steps that read `table`: each a search of an index (or of ids), none a scan; and none the walk of
 * all the company's rows (`(company_id=?)` alone) unless `walks`, where every row of it is on the page.
 */
function expectRanges(plan: string[], table: string, walks = false): string[] {
  const reads = plan.filter((step) => new RegExp(`^(SCAN|SEARCH) ${table}\\b`).test(step));
  expect(reads.length, plan.join("\n")).toBeGreaterThan(0);
  for (const step of reads) {
    expect(step, plan.join("\n")).toMatch(/^SEARCH /);
    if (!walks) expect(step, plan.join("\n")).not.toMatch(/\((company_id=\?( AND endpoint_id=\?)?)\)$/);
  }
  return reads;
}

const scoped = (scopes: string[]) => readableKinds(accessOf(["events:read", ...scopes]));
const GROUPS = [...new Set(kinds.map((kind) => kind.group))];

const FORMS: [string, Omit<EventQuery, "limit">, string][] = [
  [
    "a pattern of a kind with no events",
    { types: ["zzz.*"] },
    "events_company_kind (company_id=? AND <expr>=?)",
  ],
  ["a kind's pattern", { types: ["carrier.*"] }, "events_company_kind (company_id=? AND <expr>=?)"],
  [
    "types and patterns",
    { types: ["carrier.created", "purchase.*", "purchase.sent"] },
    "events_company_type (company_id=? AND type=?)",
  ],
  [
    "an upper time bound before every event",
    { createdAt: [{ op: "<", value: "2000-01-01T00:00:00.000Z" }] },
    "events_company (company_id=? AND id<?)",
  ],
  [
    "both time bounds",
    {
      createdAt: [
        { op: ">=", value: "2026-01-01T03:00:00.000Z" },
        { op: "<=", value: "2026-01-01T03:10:00.000Z" },
      ],
    },
    "events_company (company_id=? AND id>? AND id<?)",
  ],
  ["a key that reads settings only", { kinds: scoped(["settings:read"]) }, "events_company_kind"],
  [
    "a key that reads shipping, and a pattern of a kind it reads",
    { kinds: scoped(["shipping:read"]), types: ["carrier.*", "purchase.*"] },
    "events_company_kind (company_id=? AND <expr>=?)",
  ],
  [
    "a key that reads every group but catalog, from a time",
    {
      kinds: scoped(GROUPS.filter((group) => group !== "catalog").map((group) => `${group}:read`)),
      createdAt: [{ op: ">", value: "2026-01-01T05:00:00.000Z" }],
    },
    "events_company_kind (company_id=? AND <expr>=? AND id>?)",
  ],
];

describe("the event log over a company's long history", () => {
  it("reads each form of the query as index ranges in one statement, statistics or not", async () => {
    const db = await freshDb();
    await grown(db);
    for (const statistics of [false, true]) {
      if (statistics) await db.execute("ANALYZE");
      for (const [name, query, range] of FORMS) {
        const statements = await statementsOf(db, query);
        expect(statements, name).toHaveLength(1);
        const reads = expectRanges(await planOf(db, statements[0]!), "events");
        expect(reads.join("\n"), name).toContain(range);
      }
      // Without a condition, every event of the company is on the page: its walk is the page.
      const statements = await statementsOf(db, {});
      expectRanges(await planOf(db, statements[0]!), "events", true);
    }
  });
});

describe("a webhook endpoint's deliveries for a key that reads some kinds only", () => {
  it("reads each kind's deliveries and the pings as index ranges, statistics or not", async () => {
    const db = await freshDb();
    await grown(db);
    for (const statistics of [false, true]) {
      if (statistics) await db.execute("ANALYZE");
      for (const kinds of [scoped(["settings:read"]), scoped(["shipping:read"])]) {
        const page = deliveryPage(ENDPOINT, kinds, { limit: 20 });
        const reads = expectRanges(await planOf(db, page.statementFor(COMPANY)), "webhook_deliveries");
        expect(reads.join("\n")).toContain(
          "webhook_deliveries_endpoint_kind (company_id=? AND endpoint_id=? AND <expr>=?)",
        );
      }
    }
  });
});

describe("a webhook endpoint's deliveries in one status", () => {
  it("reads the endpoint's deliveries of that status as index ranges, for any key, statistics or not", async () => {
    const db = await freshDb();
    await grown(db);
    // One delivery in a hundred failed, the rest succeeded: a status a walk would look for far and wide.
    await db.execute(
      "UPDATE webhook_deliveries SET status = iif(id % 100 = 0, 'failed', 'succeeded') WHERE type != 'ping'",
    );
    for (const statistics of [false, true]) {
      if (statistics) await db.execute("ANALYZE");
      for (const before of [null, 15_000]) {
        const page = deliveryPage(ENDPOINT, undefined, { status: "failed", before, limit: 20 });
        const reads = expectRanges(await planOf(db, page.statementFor(COMPANY)), "webhook_deliveries");
        expect(reads.join("\n")).toContain(
          `webhook_deliveries_endpoint_status (company_id=? AND endpoint_id=? AND status=?${before ? " AND id<?" : ""})`,
        );
      }
      for (const kinds of [scoped(["settings:read"]), scoped(["shipping:read"])]) {
        const page = deliveryPage(ENDPOINT, kinds, { status: "failed", limit: 20 });
        const reads = expectRanges(await planOf(db, page.statementFor(COMPANY)), "webhook_deliveries");
        expect(reads.join("\n")).toContain(
          "webhook_deliveries_endpoint_status_kind (company_id=? AND endpoint_id=? AND status=? AND <expr>=?)",
        );
      }
    }
  });
});
