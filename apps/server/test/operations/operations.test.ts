// What an operator's tools call: /health, /ready (the database answers and has every migration) and
// /metrics (Prometheus text, parsed here by a Prometheus text parser), over a real libSQL database.
import { createServer } from "node:net";
import parsePrometheusTextFormat, { type Family, type Sample } from "parse-prometheus-text-format";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { loadMigrations } from "../../src/db/migration-files.ts";
import { openDb } from "../../src/db/open.ts";
import { timedDb } from "../../src/db/timed.ts";
import { observed } from "../../src/http/observe.ts";
import { createMetrics } from "../../src/ops/metrics.ts";
import { createToken } from "../../src/services/auth.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { startReceiver } from "../receiver.ts";
import { expectStatus } from "../requests.ts";
import { type Api, apiOf, freshDb, setupApp } from "../support.ts";

const MIGRATIONS = loadMigrations().map((migration) => migration.name);
const METRICS_TOKEN = "metrics-token-0123456789";

describe("/health and /ready", () => {
  it("are public: /health says the process lives, /ready that the database answers with every migration", async () => {
    const { anonymous } = await setupApp({ migrations: MIGRATIONS });
    expect(await anonymous.json("GET", "/health")).toMatchObject({ status: 200, body: { status: "ok" } });
    const ready = await anonymous.json("GET", "/ready");
    expect(ready).toMatchObject({ status: 200, body: { status: "ready" } });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  it("/ready is 503 when the database is gone (nothing listens at its URL), while /health answers 200", async () => {
    const port = await closedPort();
    const db = await openDb(`http://127.0.0.1:${port}`);
    const app = createApp({ db, migrations: MIGRATIONS });
    expect((await app.request("/health")).status).toBe(200);
    const ready = await app.request("/ready");
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    expect(await ready.json()).toEqual({ status: "unavailable", reason: "The database does not answer." });
    db.close();
  });

  it("/ready is 503 naming a migration the database lacks, and 200 again once it is applied", async () => {
    const { db, anonymous } = await setupApp({ migrations: MIGRATIONS });
    const newest = MIGRATIONS.at(-1)!;
    const row = (await db.execute({ sql: "SELECT * FROM _migrations WHERE name = ?", args: [newest] }))
      .rows[0]!;
    await db.execute({ sql: "DELETE FROM _migrations WHERE name = ?", args: [newest] });
    const missing = await anonymous.json("GET", "/ready");
    expect(missing.status).toBe(503);
    expect(missing.body).toEqual({
      status: "unavailable",
      reason: `Migrations not applied: ${newest}; run db:migrate.`,
    });
    await db.execute({
      sql: "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
      args: [newest, String(row.applied_at)],
    });
    expect((await anonymous.json("GET", "/ready")).status).toBe(200);
  });

  it("/ready is 503 on a database that was never migrated", async () => {
    const db = await openDb(":memory:");
    const app = createApp({ db, migrations: MIGRATIONS });
    const ready = await app.request("/ready");
    expect(ready.status).toBe(503);
    expect((await ready.json()).reason).toBe("The database has no migrations applied: run db:migrate.");
    db.close();
  });
});

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("/metrics", () => {
  it("is a 404 without METRICS_TOKEN, whatever is sent", async () => {
    const { anonymous, tenant } = await setupApp();
    const t = await tenant();
    expect((await anonymous.json("GET", "/metrics")).status).toBe(404);
    expect((await t.json("GET", "/metrics")).status).toBe(404);
  });

  describe("with METRICS_TOKEN", () => {
    let db: Db;
    let anonymous: Api;
    let tenant: () => Promise<{ token: string; api: Api; readOnly: Api }>;
    let scrape: (token?: string) => Promise<Response>;
    // What now is for the metrics: an hour ahead, so that a retry scheduled minutes out is overdue.
    let ahead = 0;

    beforeAll(async () => {
      db = await freshDb();
      const metrics = await createMetrics({ db, now: () => Date.now() + ahead });
      // As the Node entry wires them: statements timed, every request counted.
      const app = createApp({
        db: timedDb(db, metrics.observeStatement),
        tokenCacheMs: 0,
        outbound: { allowLocal: true },
        metrics: { token: METRICS_TOKEN, render: metrics.render },
      });
      const fetch = observed(app.fetch, [metrics.observeRequest]);
      const send = (path: string, init: RequestInit) => fetch(new Request(`http://localhost${path}`, init));
      anonymous = apiOf(send);
      tenant = async () => {
        const company = `metrics-${Math.random().toString(36).slice(2)}`;
        const { token } = await createToken({ db, input: { company } });
        const { token: readOnlyToken } = await createToken({ db, input: { company, readOnly: true } });
        return { token, api: apiOf(send, token), readOnly: apiOf(send, readOnlyToken) };
      };
      scrape = async (token = METRICS_TOKEN) =>
        send("/metrics", { headers: { Authorization: `Bearer ${token}` } });
    });

    let text = "";
    async function families(): Promise<Map<string, Family>> {
      const response = await scrape();
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      text = await response.text();
      return new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
    }

    function sample(family: Family | undefined, labels: Record<string, string> = {}): Sample | undefined {
      return family?.metrics.find((each) =>
        Object.entries(labels).every(([name, value]) => each.labels?.[name] === value),
      );
    }

    /**
     * One series of a histogram of the last scrape, parsed on its own: the parser folds a histogram's
     * label sets into one sample, so the series' lines are given to it alone, with `le` their only label.
     */
    function histogram(name: string, labels: Record<string, string>): Sample {
      const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
      const lines = text
        .split("\n")
        .filter(
          (line) =>
            line.startsWith(`# HELP ${name} `) ||
            line.startsWith(`# TYPE ${name} `) ||
            (line.startsWith(`${name}_`) && wanted.every((pair) => line.includes(pair))),
        )
        .map((line) =>
          line.replace(/\{([^}]*)\}/, (_, inner: string) => {
            const le = /le="[^"]*"/.exec(inner);
            return le ? `{${le[0]}}` : "";
          }),
        );
      const [family] = parsePrometheusTextFormat(`${lines.join("\n")}\n`);
      expect(family?.type).toBe("HISTOGRAM");
      return family!.metrics[0]!;
    }

    const value = (family: Family | undefined, labels: Record<string, string> = {}) =>
      Number(sample(family, labels)?.value);

    it("asks for the metrics token, not an API token: 401 with a challenge otherwise", async () => {
      const { token: apiToken } = await tenant();
      for (const token of [undefined, apiToken, `${METRICS_TOKEN}x`]) {
        const response = await (token === undefined ? anonymous.request("GET", "/metrics") : scrape(token));
        expect(response.status).toBe(401);
        expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      }
    });

    it("counts requests and their durations by method, route pattern and status, and the refusals", async () => {
      const { api, readOnly } = await tenant();
      const before = await families();
      const carrier = await expectStatus(api.json("POST", "/carriers.json", { name: "Parcel Express" }), 200);
      await expectStatus(api.json("GET", `/carriers/${carrier.id}.json`), 200);
      await expectStatus(api.json("GET", "/carriers/999999999.json"), 404);
      await expectStatus(anonymous.json("GET", `/carriers/${carrier.id}.json`), 401);
      await expectStatus(readOnly.json("POST", "/carriers.json", { name: "x" }), 403);
      const after = await families();

      const requests = (labels: Record<string, string>, from: Map<string, Family>) =>
        value(from.get("multichannel_http_requests_total"), labels) || 0;
      const read = { method: "GET", route: "/:kind/:id", status: "200" };
      expect(after.get("multichannel_http_requests_total")?.type).toBe("COUNTER");
      expect(requests(read, after) - requests(read, before)).toBe(1);
      expect(requests({ method: "POST", route: "/:kind", status: "200" }, after)).toBeGreaterThanOrEqual(1);
      expect(requests({ ...read, status: "404" }, after) - requests({ ...read, status: "404" }, before)).toBe(
        1,
      );
      expect(requests({ ...read, status: "401" }, after) - requests({ ...read, status: "401" }, before)).toBe(
        1,
      );

      expect(after.get("multichannel_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
      const reads = histogram("multichannel_http_request_duration_seconds", read);
      expect(Number(reads.count)).toBe(requests(read, after));
      expect(Number(reads.sum)).toBeGreaterThan(0);
      expect(Number(reads.buckets?.["+Inf"])).toBe(Number(reads.count));

      const refusals = (reason: string, from: Map<string, Family>) =>
        value(from.get("multichannel_http_refusals_total"), { reason });
      expect(refusals("unauthenticated", after) - refusals("unauthenticated", before)).toBe(1);
      expect(refusals("forbidden", after) - refusals("forbidden", before)).toBe(1);
      expect(refusals("rate_limited", after)).toBe(0);
    });

    it("times the database's statements, reads and writes apart", async () => {
      const { api } = await tenant();
      await families();
      const count = (kind: string) =>
        Number(histogram("multichannel_db_statement_duration_seconds", { kind }).count);
      const before = { read: count("read"), write: count("write") };
      await expectStatus(api.json("POST", "/carriers.json", { name: "Freight Co" }), 200);
      // A first lookup of a token also records its use (a write): a read, to see both kinds.
      await expectStatus(api.json("GET", "/carriers.json"), 200);
      await families();
      expect(count("write")).toBeGreaterThan(before.write);
      expect(count("read")).toBeGreaterThan(before.read);
    });

    it("reports events written, the dispatcher's backlog and lag, and delivery attempts by outcome", async () => {
      const { api } = await tenant();
      const good = await startReceiver();
      const bad = await startReceiver(() => 503);
      for (const url of [good.url, bad.url]) {
        await expectStatus(
          api.json("POST", "/webhook-endpoints.json", { url: `${url}/hook`, events: ["carrier.*"] }),
          200,
        );
      }
      const start = await families();
      await expectStatus(api.json("POST", "/carriers.json", { name: "One" }), 200);
      await expectStatus(api.json("POST", "/carriers.json", { name: "Two" }), 200);

      const waiting = await families();
      const written = Number(
        (await db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'events'")).rows[0]!.seq,
      );
      expect(value(waiting.get("multichannel_events_written_total"))).toBe(written);
      expect(written - value(start.get("multichannel_events_written_total"))).toBe(2);
      // Nothing runs the dispatcher here: the events wait, and for a measurable time.
      expect(value(waiting.get("multichannel_webhook_events_backlog"))).toBeGreaterThanOrEqual(2);
      expect(value(waiting.get("multichannel_webhook_events_lag_seconds"))).toBeGreaterThan(0);

      // The second run takes the event the first one's refused attempt wrote (the endpoint now failing).
      const dispatcher = createDispatcher({ db, policy: { allowLocal: true } });
      await dispatcher.runOnce();
      await dispatcher.runOnce();
      const delivered = await families();
      expect(value(delivered.get("multichannel_webhook_events_backlog"))).toBe(0);
      expect(value(delivered.get("multichannel_webhook_events_lag_seconds"))).toBe(0);
      const attempts = (outcome: string, from: Map<string, Family>) =>
        value(from.get("multichannel_webhook_attempts_total"), { outcome });
      expect(attempts("succeeded", delivered) - attempts("succeeded", start)).toBe(2);
      expect(attempts("refused", delivered) - attempts("refused", start)).toBe(2);
      expect(attempts("failed", delivered) - attempts("failed", start)).toBe(0);
      expect(good.received).toHaveLength(2);
      // The two refused deliveries wait for their retry, not due yet.
      expect(value(delivered.get("multichannel_webhook_deliveries_pending"))).toBe(2);
      expect(value(delivered.get("multichannel_webhook_deliveries_due"))).toBe(0);
      expect(value(delivered.get("multichannel_webhook_delivery_lag_seconds"))).toBe(0);

      // An hour later with no dispatcher at work, they are overdue by most of an hour.
      ahead = 3_600_000;
      try {
        const stalled = await families();
        expect(value(stalled.get("multichannel_webhook_deliveries_due"))).toBe(2);
        expect(value(stalled.get("multichannel_webhook_delivery_lag_seconds"))).toBeGreaterThan(3_000);
        // Counted once: a scrape counts only the attempts made since the one before.
        expect(attempts("refused", stalled)).toBe(attempts("refused", delivered));
        expect(value(stalled.get("multichannel_db_up"))).toBe(1);
      } finally {
        ahead = 0;
      }
    });
  });
});
