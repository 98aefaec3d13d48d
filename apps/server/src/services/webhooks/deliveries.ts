import type { InStatement } from "@libsql/client";
/**
 * Deliveries: the due ones are claimed for a lease, sent (a signed event or ping to an endpoint, or a
 * callout as stored), and every attempt recorded with the next one scheduled. Deliveries are at least
 * once: a receiver may see one twice (same `webhook-id`).
 */
import type { Db, Executor } from "../../db/database.ts";
import type { OutboundPolicy } from "../../domain/outbound-urls.ts";
import { ephemeralKeyring, type Keyring } from "../../domain/secrets.ts";
import { EVENT_COLUMNS, eventOf } from "../events.ts";
import { openSecret } from "../secrets.ts";
import { type Attempt, type DeliveryLog, failureRecord, logStatements } from "./delivery-logs.ts";
import { type Outcome, send } from "./outbound.ts";
import { signedHeaders } from "./signing.ts";

/**
 * Seconds to wait after the 1st, 2nd, ... failed attempt (each ±20% jitter): about 28 hours in all, so
 * a receiver down for a day still gets everything. After the last, the delivery has failed.
 */
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** An endpoint with no success for this long, and failing, is disabled (with the reason on it). */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/**
 * How long a claimed delivery is held by the process attempting it before others may retry it: more
 * than an attempt can take (its 10 s timeout), so that a crash mid-attempt delays the retry little.
 */
const LEASE_MS = 15_000;
const DELIVERY_BATCH = 25;

export interface DeliveryDeps {
  db: Db;
  policy: OutboundPolicy;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now: () => number;
  random: () => number;
  secrets?: Keyring | Promise<Keyring>;
}

interface DeliveryRow {
  id: number;
  company_id: number;
  purpose: string;
  endpoint_id: number | null;
  event_id: number | null;
  type: string;
  url: string;
  method: string;
  content_type: string;
  body: string | null;
  headers: string | null;
  log_kind: string | null;
  log_id: number | null;
  signer: string | null;
  timeout_ms: number;
  attempts: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Attempts the due deliveries; answers how many it attempted, and how many of those failed. */
export async function deliverDue(deps: DeliveryDeps): Promise<{ attempted: number; failed: number }> {
  const { db, now } = deps;
  const at = now();
  const anyDue = await db.execute({
    sql: "SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? LIMIT 1",
    args: [iso(at)],
  });
  if (!anyDue.rows.length) return { attempted: 0, failed: 0 };
  // Claimed by moving their next attempt past the lease, in the statement that finds them.
  const claimed = (
    await db.execute({
      sql: "UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?) RETURNING id, company_id, purpose, endpoint_id, event_id, type, url, method, content_type, body, headers, log_kind, log_id, signer, timeout_ms, attempts",
      args: [iso(at + LEASE_MS), iso(at), DELIVERY_BATCH],
    })
  ).rows as unknown as DeliveryRow[];
  let failed = 0;
  await Promise.all(
    claimed.map(async (delivery) => {
      const request = await requestOf(db, delivery, at, deps.secrets ?? ephemeralKeyring());
      if ("skip" in request) {
        await db.execute({
          sql: "UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = ? WHERE id = ?",
          args: [request.skip ?? null, delivery.id],
        });
        return;
      }
      const outcome = await send(request, deps.policy, {
        fetcher: deps.fetch,
        clock: now,
        timeoutMs: Number(delivery.timeout_ms),
      });
      if (!outcome.ok) failed++;
      await settle(deps, delivery, outcome, now());
    }),
  );
  return { attempted: claimed.length, failed };
}

/**
 * The request of a delivery: a signed event (or ping) for an endpoint, or a callout as stored, signed
 * with its record's signing secret (see `calloutHeaders`).
 */
async function requestOf(
  db: Executor,
  delivery: DeliveryRow,
  at: number,
  keyring: Keyring | Promise<Keyring>,
) {
  if (delivery.purpose !== "webhook" && delivery.purpose !== "ping") {
    return {
      url: delivery.url,
      method: delivery.method,
      headers: {
        "Content-Type": delivery.content_type,
        ...JSON.parse(delivery.headers ?? "{}"),
        ...(await calloutHeaders(db, delivery, at, await keyring)),
      },
      body: delivery.body ?? undefined,
    };
  }
  const endpoint = (
    await db.execute({
      sql: "SELECT url, enabled FROM webhook_endpoints WHERE id = ? AND company_id = ?",
      args: [delivery.endpoint_id, delivery.company_id],
    })
  ).rows[0];
  if (!endpoint) return { skip: "The endpoint was deleted." };
  if (!Number(endpoint.enabled) && delivery.purpose === "webhook") {
    return { skip: "The endpoint is disabled." };
  }
  let body = delivery.body;
  if (delivery.event_id !== null) {
    const event = (
      await db.execute({
        sql: `SELECT ${EVENT_COLUMNS} FROM events WHERE id = ?`,
        args: [delivery.event_id],
      })
    ).rows[0];
    if (!event) return { skip: "The event is past its retention period." };
    body = JSON.stringify(eventOf(event));
  }
  const secrets = await db.execute({
    sql: "SELECT secret FROM webhook_secrets WHERE endpoint_id = ? AND (expires_at IS NULL OR expires_at > ?) ORDER BY id DESC",
    args: [delivery.endpoint_id, iso(at)],
  });
  const messageId = delivery.event_id !== null ? `evt_${delivery.event_id}` : `ping_${delivery.id}`;
  return {
    url: String(endpoint.url),
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...signedHeaders(
        messageId,
        new Date(at),
        body ?? "",
        secrets.rows.map((row) => String(row.secret)),
      ),
    },
    body: body ?? "",
  };
}

/**
 * What a callout's record adds at each attempt, opened from its sealed values then (never kept with
 * the delivery): the Standard Webhooks headers under its signing secret, and a custom channel's webhook
 * hash in `webhook-hash`, as the reference's receivers check it, over https only.
 */
async function calloutHeaders(
  db: Executor,
  delivery: DeliveryRow,
  at: number,
  keyring: Keyring,
): Promise<Record<string, string>> {
  if (!delivery.signer) return {};
  const colon = delivery.signer.indexOf(":");
  const place = {
    companyId: Number(delivery.company_id),
    kind: delivery.signer.slice(0, colon),
    recordId: Number(delivery.signer.slice(colon + 1)),
  };
  const headers: Record<string, string> = {};
  if (place.kind === "custom-channel" && delivery.url.startsWith("https://")) {
    const hash = await openSecret(db, keyring, { ...place, field: "webhookHash" });
    if (hash) headers["webhook-hash"] = hash;
  }
  const secret = await openSecret(db, keyring, { ...place, field: "signingSecret" });
  if (secret) {
    Object.assign(
      headers,
      signedHeaders(`callout_${delivery.id}`, new Date(at), delivery.body ?? "", [secret]),
    );
  }
  return headers;
}

async function settle(
  { db, random }: DeliveryDeps,
  delivery: DeliveryRow,
  outcome: Outcome,
  at: number,
): Promise<void> {
  const attempts = delivery.attempts + 1;
  const finalFailure = !outcome.ok && attempts > RETRY_DELAYS_S.length;
  const delay = RETRY_DELAYS_S[attempts - 1] ?? 0;
  const next = outcome.ok || finalFailure ? null : iso(at + delay * 1000 * (0.8 + 0.4 * random()));
  const status = outcome.ok ? "succeeded" : finalFailure ? "failed" : "pending";
  const statements: InStatement[] = [
    {
      sql: "INSERT INTO webhook_attempts (delivery_id, at, duration_ms, response_status, error, succeeded) VALUES (?, ?, ?, ?, ?, ?)",
      args: [
        delivery.id,
        iso(at),
        outcome.durationMs,
        outcome.status ?? null,
        outcome.error ?? null,
        outcome.ok ? 1 : 0,
      ],
    },
    {
      sql: "UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_response_status = ?, last_error = ? WHERE id = ?",
      args: [status, attempts, next, outcome.status ?? null, outcome.error ?? null, delivery.id],
    },
  ];
  if (delivery.endpoint_id !== null) statements.push(...endpointHealth(delivery, outcome, at));
  const attempt: Attempt = {
    outcome,
    number: attempts,
    next,
    final: finalFailure,
    at: iso(at),
    url: delivery.url,
  };
  const log = logOf(delivery);
  for (const logged of logStatements(log, attempt)) statements.push(logged.statementFor(delivery.company_id));
  if (finalFailure && !delivery.type.startsWith("error.")) {
    // An `error` record for the company to follow up; not for the delivery of an error's own event,
    // whose failure would make another error, and so on.
    const subject = log ?? endpointOf(delivery);
    statements.push(
      failureRecord({ source: delivery.purpose, deliveryId: delivery.id, subject }, attempt).statementFor(
        delivery.company_id,
      ),
    );
  }
  // One batch: the attempt, the delivery's state and what follows from it, all or none.
  await db.write((session) => session.apply(statements));
}

/** The record a callout named to log its attempts, if any. */
function logOf(delivery: DeliveryRow): DeliveryLog | undefined {
  return delivery.log_kind !== null && delivery.log_id !== null
    ? { kind: delivery.log_kind, id: Number(delivery.log_id) }
    : undefined;
}

function endpointOf(delivery: DeliveryRow): DeliveryLog | undefined {
  return delivery.endpoint_id !== null
    ? { kind: "webhook-endpoint", id: Number(delivery.endpoint_id) }
    : undefined;
}

/** A success clears the endpoint's failure streak; a streak older than `DISABLE_AFTER_MS` disables it. */
function endpointHealth(delivery: DeliveryRow, outcome: Outcome, at: number): InStatement[] {
  if (outcome.ok) {
    // Only when it was failing: a write here is an event, and an event to this endpoint a delivery.
    return [
      {
        sql: "UPDATE webhook_endpoints SET failing_since = NULL, updated_at = ? WHERE id = ? AND failing_since IS NOT NULL",
        args: [iso(at), delivery.endpoint_id],
      },
    ];
  }
  return [
    {
      sql: "UPDATE webhook_endpoints SET failing_since = ?, updated_at = ? WHERE id = ? AND failing_since IS NULL",
      args: [iso(at), iso(at), delivery.endpoint_id],
    },
    {
      sql: "UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ? AND enabled = 1 AND failing_since <= ?",
      args: [
        `Disabled at ${iso(at)}: every delivery failed for ${DISABLE_AFTER_MS / 86_400_000} days (last: ${outcome.error}). Fix the receiver, then set enabled to true.`,
        iso(at),
        delivery.endpoint_id,
        iso(at - DISABLE_AFTER_MS),
      ],
    },
  ];
}

/** When the earliest pending delivery is due (ms), or undefined when none is pending. */
export async function nextAttemptAt(db: Executor): Promise<number | undefined> {
  const result = await db.execute(
    "SELECT min(next_attempt_at) AS due FROM webhook_deliveries WHERE status = 'pending'",
  );
  const due = result.rows[0]?.due;
  return due ? Date.parse(String(due)) : undefined;
}
