/**
 * The Prometheus metrics of a Node or Deno server, with prom-client (never in the Worker's bundle: a
 * Worker has Workers Logs and analytics instead). Requests and statements are counted as they happen;
 * the outbox and the webhook attempts are read from the database at each scrape, so that the figures
 * hold whatever wrote them.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Executor } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import type { StatementKind, StatementTimer } from "../db/timed.ts";
import type { RequestObserver } from "../http/observe.ts";

export interface ServiceMetrics {
  /** Counts each request by method, route pattern and status (for `observed`). */
  readonly observeRequest: RequestObserver;
  /** Times each statement (for `timedDb`). */
  readonly observeStatement: StatementTimer;
  /** The Prometheus text of everything, the outbox and webhook figures read now. */
  render(): Promise<{ contentType: string; text: string }>;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Statuses that refuse a request before any work, by what they mean. */
const REFUSALS: Record<number, string> = { 401: "unauthenticated", 403: "forbidden", 429: "rate_limited" };

/** The outbox's state: events written and fanned out, deliveries pending and those due by `at`. */
const outboxAt = (at: string) => sql`SELECT
  COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0) AS written,
  COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = 1), 0) AS cursor,
  COALESCE((SELECT max(id) FROM events), 0) AS newest,
  (SELECT created_at FROM events WHERE id > COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = 1), 0) ORDER BY id LIMIT 1) AS oldest_unsent,
  (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending') AS pending,
  (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${at}) AS due,
  (SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending') AS next_due`;

/** What the attempts after `id` came to. */
const attemptsSince = (
  id: number,
) => sql`SELECT max(id) AS last, count(*) AS total, COALESCE(sum(succeeded), 0) AS succeeded,
  COALESCE(sum(CASE WHEN succeeded = 0 AND response_status IS NOT NULL THEN 1 ELSE 0 END), 0) AS refused
  FROM webhook_attempts WHERE id > ${id}`;

/**
 * The server's metrics over `db` (the database as opened, so that the scrapes' own statements are not
 * timed). `processMetrics`: prom-client's default metrics of the process (memory, CPU, event loop lag).
 */
export async function createMetrics({
  db,
  processMetrics = false,
  now = Date.now,
}: {
  db: Executor;
  processMetrics?: boolean;
  now?: () => number;
}): Promise<ServiceMetrics> {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: "multichannel_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status (499: the client went away).",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: "multichannel_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer being ready, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const refusals = new Counter({
    name: "multichannel_http_refusals_total",
    help: "Requests refused before any work: unauthenticated (401), forbidden (403), rate_limited (429).",
    labelNames: ["reason"] as const,
    registers,
  });
  const statementSeconds = new Histogram({
    name: "multichannel_db_statement_duration_seconds",
    help: "Time a database statement took, by kind (read: SELECT or WITH; write: any other).",
    labelNames: ["kind"] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  });
  const eventsWritten = new Counter({
    name: "multichannel_events_written_total",
    help: "Events written to the outbox since the database was made (its sequence, read at each scrape).",
    registers,
  });
  const fanOutBacklog = new Gauge({
    name: "multichannel_webhook_events_backlog",
    help: "Events the webhook dispatcher has not yet turned into deliveries.",
    registers,
  });
  const fanOutLag = new Gauge({
    name: "multichannel_webhook_events_lag_seconds",
    help: "Age of the oldest event the dispatcher has not yet turned into deliveries (0: none waits).",
    registers,
  });
  const pending = new Gauge({
    name: "multichannel_webhook_deliveries_pending",
    help: "Deliveries not yet succeeded nor given up (due now or waiting for a retry).",
    registers,
  });
  const due = new Gauge({
    name: "multichannel_webhook_deliveries_due",
    help: "Pending deliveries whose attempt is due now: the dispatcher's backlog.",
    registers,
  });
  const deliveryLag = new Gauge({
    name: "multichannel_webhook_delivery_lag_seconds",
    help: "How long the most overdue pending delivery has been due (0: none is overdue).",
    registers,
  });
  const attempts = new Counter({
    name: "multichannel_webhook_attempts_total",
    help: "Webhook and callout delivery attempts since the server started, by outcome: succeeded (2xx), refused (the receiver answered another status), failed (no answer: timeout, connection, a refused address).",
    labelNames: ["outcome"] as const,
    registers,
  });
  for (const outcome of ["succeeded", "refused", "failed"]) attempts.inc({ outcome }, 0);
  for (const reason of Object.values(REFUSALS)) refusals.inc({ reason }, 0);
  const databaseUp = new Gauge({
    name: "multichannel_db_up",
    help: "1 when the database answered this scrape's questions (the outbox figures are then current), else 0.",
    registers,
  });

  const byLabels = new Map<string, { count: Counter.Internal; seconds: Histogram.Internal<string> }>();
  const observeRequest: RequestObserver = ({ method, route, status, durationMs }) => {
    const labels = {
      method: METHODS.has(method) ? method : "other",
      route: route ?? "unmatched",
      status: String(status),
    };
    const key = `${labels.method} ${labels.status} ${labels.route}`;
    let children = byLabels.get(key);
    if (!children) {
      children = { count: requests.labels(labels), seconds: requestSeconds.labels(labels) };
      byLabels.set(key, children);
    }
    children.count.inc();
    children.seconds.observe(durationMs / 1000);
    const refusal = REFUSALS[status];
    if (refusal) refusals.inc({ reason: refusal });
  };

  const byKind: Record<StatementKind, Histogram.Internal<string>> = {
    read: statementSeconds.labels({ kind: "read" }),
    write: statementSeconds.labels({ kind: "write" }),
  };
  const observeStatement: StatementTimer = (kind, seconds) => byKind[kind].observe(seconds);

  // Attempts are counted from those made after the start (the table keeps them for the retention period).
  let lastAttempt: number | undefined;
  const lastAttemptId = async () =>
    Number(
      (await db.execute("SELECT COALESCE(max(id), 0) AS last FROM webhook_attempts")).rows[0]?.last ?? 0,
    );
  lastAttempt = await lastAttemptId().catch(() => undefined);

  async function readDatabase(): Promise<void> {
    const at = now();
    const outbox = (await db.execute(outboxAt(new Date(at).toISOString()).statement())).rows[0]!;
    eventsWritten.reset();
    eventsWritten.inc(Number(outbox.written));
    fanOutBacklog.set(Math.max(0, Number(outbox.newest) - Number(outbox.cursor)));
    fanOutLag.set(secondsSince(outbox.oldest_unsent, at));
    pending.set(Number(outbox.pending));
    due.set(Number(outbox.due));
    deliveryLag.set(secondsSince(outbox.next_due, at));
    lastAttempt ??= await lastAttemptId();
    const made = (await db.execute(attemptsSince(lastAttempt).statement())).rows[0]!;
    if (Number(made.total) > 0) {
      const succeeded = Number(made.succeeded);
      const refused = Number(made.refused);
      attempts.inc({ outcome: "succeeded" }, succeeded);
      attempts.inc({ outcome: "refused" }, refused);
      attempts.inc({ outcome: "failed" }, Number(made.total) - succeeded - refused);
      lastAttempt = Number(made.last);
    }
  }

  // One scrape reads at a time: two at once would count the same new attempts twice.
  let reading: Promise<unknown> = Promise.resolve();
  return {
    observeRequest,
    observeStatement,
    async render() {
      reading = reading.then(readDatabase).then(
        () => databaseUp.set(1),
        () => databaseUp.set(0),
      );
      await reading;
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}

/** Seconds from an ISO time to `at` (never negative); 0 without a time. */
function secondsSince(iso: unknown, at: number): number {
  if (typeof iso !== "string") return 0;
  return Math.max(0, (at - Date.parse(iso)) / 1000);
}
