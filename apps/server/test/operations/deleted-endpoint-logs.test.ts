// Deleting a webhook endpoint with a long delivery log: the DELETE writes a few rows whatever the log
// holds, the log is gone for the API at once, and the dispatcher's prune removes it in bounded batches,
// leaving every other endpoint's log as it was.
import type { InStatement } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db, WriteSession } from "../../src/db/database.ts";
import { PRUNE_BATCH } from "../../src/db/prune.ts";
import { MAX_ATTEMPTS } from "../../src/services/webhooks/deliveries.ts";
import { SWEEP_DELIVERIES } from "../../src/services/webhooks/endpoint-logs.ts";
import { startReceiver } from "../receiver.ts";
import { create, expectStatus, list, type Rec } from "../requests.ts";
import { copyRow, countWrites, dispatcherWithClock, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
});

/** The statements of each batch written through `db`, with the rows each changed. */
type Batch = { statement: InStatement; rowsAffected: number }[];

function recordingBatches(db: Db, batches: Batch[]): Db {
  const write = <T>(work: (session: WriteSession) => Promise<T>) =>
    db.write((session) =>
      work({
        read: (statements) => session.read(statements),
        apply: async (statements) => {
          const results = await session.apply(statements);
          batches.push(
            statements.map((statement, n) => ({ statement, rowsAffected: results[n]!.rowsAffected })),
          );
          return results;
        },
      }),
    );
  return new Proxy(db, {
    get(target, property) {
      if (property === "write") return write;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const textOf = (statement: InStatement) => (typeof statement === "string" ? statement : statement.sql);

/** The steps of the planner's reading of `statement` that scan a table or an index whole. */
async function scansOf(statement: InStatement): Promise<string[]> {
  const { sql, args } = typeof statement === "string" ? { sql: statement, args: [] } : statement;
  const plan = await setup.db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args });
  return plan.rows.map((row) => String(row.detail)).filter((step) => step.startsWith("SCAN"));
}

/** How many deliveries an endpoint has, and attempts of them, as stored. */
async function logOf(endpointId: number): Promise<{ deliveries: number; attempts: number }> {
  const { rows } = await setup.db.execute({
    sql: "SELECT (SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ?1) AS deliveries, (SELECT count(*) FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = ?1)) AS attempts",
    args: [endpointId],
  });
  return { deliveries: Number(rows[0]!.deliveries), attempts: Number(rows[0]!.attempts) };
}

/**
 * Makes `copies` more deliveries of the endpoint's one, settled (with `due`, one in 400 of them pending
 * and due long ago), and gives each copy `MAX_ATTEMPTS` attempts, as many as a delivery may have.
 */
async function grownLog(endpointId: number, copies: number, { due = false } = {}): Promise<void> {
  const { rows } = await setup.db.execute({
    sql: "SELECT id FROM webhook_deliveries WHERE endpoint_id = ?",
    args: [endpointId],
  });
  expect(rows).toHaveLength(1);
  const original = Number(rows[0]!.id);
  const pending = due ? "n % 400 = 0" : "0";
  await copyRow(setup.db, "webhook_deliveries", original, copies, {
    status: `iif(${pending}, 'pending', 'succeeded')`,
    next_attempt_at: `iif(${pending}, '2000-01-01T00:00:00.000Z', NULL)`,
  });
  await setup.db.execute({
    sql: `INSERT INTO webhook_attempts (delivery_id, at, duration_ms, response_status, error, succeeded)
          SELECT d.id, d.created_at, 12, 500, NULL, 0 FROM webhook_deliveries d, generate_series(1, ?) WHERE d.endpoint_id = ? AND d.id != ?`,
    args: [MAX_ATTEMPTS, endpointId, original],
  });
}

const deliveriesOf = (t: Tenant, endpoint: Rec) =>
  t.json("GET", `/webhook-endpoints/${endpoint.id}/deliveries.json?limit=100`);

describe("deleting a webhook endpoint with a long delivery log", () => {
  it("answers at once, shows and sends nothing of the log, and the prune removes it in bounded batches", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const receiver = await startReceiver(() => 500);
    const { dispatcher } = dispatcherWithClock(setup);
    await dispatcher.runOnce();
    const hook = (tenant: Tenant, path: string) =>
      create(tenant, "webhook-endpoints", { url: `${receiver.url}/${path}`, events: ["carrier.*"] });
    const busy = await hook(t, "busy");
    const kept = await hook(t, "kept");
    const theirs = await hook(other, "theirs");
    await create(t, "carriers", { name: "Busy Freight" });
    await create(other, "carriers", { name: "Their Freight" });
    await dispatcher.runOnce();

    // More deliveries than three of the prune's batches take, each with as many attempts as it may have.
    const copies = 3 * SWEEP_DELIVERIES + 10;
    await grownLog(busy.id, copies, { due: true });
    await grownLog(kept.id, 40);
    await grownLog(theirs.id, 40);
    const stored = { busy: await logOf(busy.id), kept: await logOf(kept.id), theirs: await logOf(theirs.id) };
    expect(stored.busy).toEqual({ deliveries: copies + 1, attempts: copies * MAX_ATTEMPTS + 1 });
    const shown = {
      kept: await expectStatus(deliveriesOf(t, kept), 200),
      theirs: await expectStatus(deliveriesOf(other, theirs), 200),
    };
    const sentToBusy = receiver.received.filter((request) => request.path === "/busy").length;

    // The DELETE writes the endpoint's few rows, not its log.
    const writes = await countWrites(setup.db);
    const before = await writes();
    const deleted = await t.request("DELETE", `/webhook-endpoints/${busy.id}.json`);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect((await writes()) - before).toBeLessThan(10);

    // Its log is gone for the API at once, and what was due is not sent.
    await expectStatus(t.json("GET", `/webhook-endpoints/${busy.id}.json`), 404);
    await expectStatus(deliveriesOf(t, busy), 404);
    const [first] = (
      await setup.db.execute({
        sql: "SELECT id FROM webhook_deliveries WHERE endpoint_id = ?",
        args: [busy.id],
      })
    ).rows;
    await expectStatus(
      t.json("POST", `/webhook-endpoints/${busy.id}/replay.json`, { deliveryId: Number(first!.id) }),
      404,
    );
    expect((await list(t, "webhook-endpoints")).map((endpoint) => endpoint.id)).toEqual([kept.id]);
    await dispatcher.runOnce();
    expect(receiver.received.filter((request) => request.path === "/busy")).toHaveLength(sentToBusy);

    // The prune removes it, a bounded batch at a time, each of its reads through an index.
    expect(await logOf(busy.id)).toEqual(stored.busy);
    const batches: Batch[] = [];
    await dispatcherWithClock({ ...setup, db: recordingBatches(setup.db, batches) }).dispatcher.prune();
    const sweeps = batches.filter((batch) =>
      textOf(batch[0]!.statement).startsWith("DELETE FROM webhook_attempts"),
    );
    expect(sweeps.length).toBeGreaterThanOrEqual(4);
    for (const [attempts, deliveries] of sweeps) {
      expect(attempts!.rowsAffected).toBeLessThanOrEqual(PRUNE_BATCH);
      expect(deliveries!.rowsAffected).toBeLessThanOrEqual(SWEEP_DELIVERIES);
    }
    for (const { statement } of sweeps[0]!) expect(await scansOf(statement)).toEqual([]);
    expect(sweeps.reduce((sum, batch) => sum + batch[1]!.rowsAffected, 0)).toBe(stored.busy.deliveries);
    expect(await logOf(busy.id)).toEqual({ deliveries: 0, attempts: 0 });
    const notes = await setup.db.execute("SELECT count(*) AS n FROM deleted_endpoint_logs");
    expect(notes.rows[0]!.n).toBe(0);

    // Every other endpoint's log, the company's own and another company's, is as it was.
    expect(await logOf(kept.id)).toEqual(stored.kept);
    expect(await logOf(theirs.id)).toEqual(stored.theirs);
    expect(await expectStatus(deliveriesOf(t, kept), 200)).toEqual(shown.kept);
    expect(await expectStatus(deliveriesOf(other, theirs), 200)).toEqual(shown.theirs);
  });
});
