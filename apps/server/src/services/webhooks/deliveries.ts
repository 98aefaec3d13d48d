import type { InStatement } from "@libsql/client";
/**
 * Deliveries: the due ones are claimed for a lease, sent (a signed event or ping to an endpoint, or a
 * callout as stored) side by side, each claimed as a slot frees up (`deliveryPool`), and every attempt
 * recorded with the next one scheduled. Deliveries are at least once: a receiver may see one twice
 * (same `webhook-id`), and one receiver's deliveries may arrive in any order.
 */
import { kindByName } from "@multichannel/schema";
import * as v from "valibot";
import { type Db, type Executor, firstRow } from "../../db/database.ts";
import { sql } from "../../db/sql.ts";
import { tableFor } from "../../db/tables.ts";
import { changed, failedGuard } from "../../db/write-guards.ts";
import { calloutUrlField } from "../../domain/callouts.ts";
import {
  MAIL_NOT_CONFIGURED,
  type MailAnswer,
  MailMessageSchema,
  type MailSender,
} from "../../domain/mail.ts";
import type { OutboundPolicy } from "../../domain/outbound-urls.ts";
import { rows } from "../../domain/reads.ts";
import { ephemeralKeyring, type Keyring } from "../../domain/secrets.ts";
import { EVENT_COLUMNS, eventOf } from "../events.ts";
import { openSecret } from "../secrets.ts";
import { type Attempt, type DeliveryLog, deliveryFailureRecord, logStatements } from "./delivery-logs.ts";
import { type OutboundRequest, type Outcome, send } from "./outbound.ts";
import {
  PURCHASE_ORDER_LOG,
  type PurchaseOrderDelivery,
  purchaseOrderWithdrawn,
  settlePurchaseOrderFailure,
} from "./purchase-orders.ts";
import { signedHeaders } from "./signing.ts";

/**
 * Seconds to wait after the 1st, 2nd, ... failed attempt (each ±20% jitter): about 28 hours in all, so
 * a receiver down for a day still gets everything. After the last, the delivery has failed.
 */
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** The most attempts a delivery has: the first, and one after each delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** An endpoint with no success for this long, and failing, is disabled (with the reason on it). */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/**
 * How long a claimed delivery is held by the process attempting it before others may retry it: more
 * than an attempt can take (its 10 s timeout), so that a crash mid-attempt delays the retry little. A
 * delivery is attempted as soon as it is claimed, never queued behind others.
 */
const LEASE_MS = 15_000;
/** The most attempts in flight at once: each one that ends makes room for another due delivery. */
const DELIVERY_BATCH = 25;
/**
 * The most attempts in flight to one receiver: a slow or flooded one holds at most these slots, and the
 * others' deliveries go out beside its attempts.
 */
const RECEIVER_LIMIT = 5;
/**
 * The most attempts in flight for one company, whatever its receivers: a company with a backlog on many
 * endpoints leaves the other slots to the other companies' deliveries.
 */
const COMPANY_LIMIT = 10;
/** While due deliveries wait for a slot, one claim per this many attempts ended (not one per attempt). */
const REFILL_AFTER = 5;
/** The due deliveries one claim looks at, past those of receivers and companies at their limit. */
const CLAIM_SCAN = 4 * DELIVERY_BATCH;

export interface DeliveryDeps {
  db: Db;
  policy: OutboundPolicy;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now: () => number;
  random: () => number;
  secrets?: Keyring | Promise<Keyring>;
  /** Sends the `email` deliveries (`SMTP_URL`); absent, each of their attempts fails saying so. */
  mail?: MailSender;
}

/** The purpose of a delivery that is an e-mail: its body is the message (`MailMessage`), its URL `mailto:`. */
export const EMAIL_PURPOSE = "email";

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
  created_at: string;
  /** Who the attempt goes to (`RECEIVER`). */
  receiver: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Who a delivery's attempt goes to, as SQL: its endpoint, the mail server for every e-mail, else the
 * callout's URL. At most `RECEIVER_LIMIT` attempts in flight go to one.
 */
const RECEIVER = sql.raw(
  "CASE WHEN endpoint_id IS NOT NULL THEN 'endpoint:' || endpoint_id WHEN purpose = 'email' THEN 'email' ELSE url END",
);
/** Whose a delivery is, as SQL and as the pool counts it: at most `COMPANY_LIMIT` in flight each. */
const COMPANY = sql.raw("'company:' || company_id");
const companyKey = (companyId: number) => `company:${companyId}`;
/** The most attempts in flight under a key the pool counts by: a receiver's, or a company's. */
const limitOf = (key: string) => (key.startsWith("company:") ? COMPANY_LIMIT : RECEIVER_LIMIT);

/**
 * Claims, in the order they are due, up to `free` due deliveries whose receivers have fewer than
 * `RECEIVER_LIMIT` attempts in flight and whose companies fewer than `COMPANY_LIMIT` (`busy`, counted
 * by receiver and by company; those at their limit listed apart), counting those in flight: leased by
 * moving their next attempt past the lease, in the statement that finds them.
 */
function claim({
  busy,
  atLimit,
  at,
  free,
}: {
  busy: ReadonlyMap<string, number>;
  atLimit: readonly string[];
  at: number;
  free: number;
}) {
  return sql`WITH busy AS (SELECT key, value AS attempts FROM json_each(${JSON.stringify(Object.fromEntries(busy))})),
at_limit AS (SELECT value AS key FROM json_each(${JSON.stringify(atLimit)})),
due AS (SELECT id, next_attempt_at, ${RECEIVER} AS receiver, ${COMPANY} AS company FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${iso(at)} AND ${RECEIVER} NOT IN (SELECT key FROM at_limit) AND ${COMPANY} NOT IN (SELECT key FROM at_limit) ORDER BY next_attempt_at, id LIMIT ${CLAIM_SCAN}),
ranked AS (SELECT due.id, due.next_attempt_at,
  COALESCE(receiver.attempts, 0) + row_number() OVER (PARTITION BY due.receiver ORDER BY due.next_attempt_at, due.id) AS nth,
  COALESCE(company.attempts, 0) + row_number() OVER (PARTITION BY due.company ORDER BY due.next_attempt_at, due.id) AS nth_of_company
  FROM due LEFT JOIN busy AS receiver ON receiver.key = due.receiver LEFT JOIN busy AS company ON company.key = due.company)
UPDATE webhook_deliveries SET next_attempt_at = ${iso(at + LEASE_MS)} WHERE id IN (SELECT id FROM ranked WHERE nth <= ${RECEIVER_LIMIT} AND nth_of_company <= ${COMPANY_LIMIT} ORDER BY next_attempt_at, id LIMIT ${free})
RETURNING id, company_id, purpose, endpoint_id, event_id, type, url, method, content_type, body, headers, log_kind, log_id, signer, timeout_ms, attempts, created_at, ${RECEIVER} AS receiver`.statement();
}

/** Due deliveries attempted as slots free up: at most `DELIVERY_BATCH` at once, `RECEIVER_LIMIT` to one receiver. */
export interface DeliveryPool {
  /** Claims due deliveries into the free slots and starts their attempts; answers how many it claimed. */
  fill(): Promise<number>;
  /** The attempts in flight. */
  readonly size: number;
  /**
   * Resolves when the pool may take more: no attempt is in flight, or, while due deliveries were left
   * unclaimed, `REFILL_AFTER` attempts ended since the last `fill`.
   */
  room(): Promise<void>;
  /** Resolves when no attempt is in flight. */
  idle(): Promise<void>;
  /** Once no attempt is in flight: how many were attempted and how many failed; throws an attempt's error. */
  done(): Promise<{ attempted: number; failed: number }>;
}

/**
 * A pool of attempts: an attempt that ends frees its slot for the next due delivery, so a slow receiver
 * (an attempt may take its 10 s timeout) holds no other delivery back, and no receiver takes more than
 * `RECEIVER_LIMIT` slots. An attempt that fails for the service's own fault (the database away) stops
 * the claims: `fill` and `done` throw its error, and the delivery is retried when its lease ends.
 */
export function deliveryPool(deps: DeliveryDeps): DeliveryPool {
  const { db, now } = deps;
  const busy = new Map<string, number>();
  let size = 0;
  let attempted = 0;
  let failed = 0;
  let failure: { error: unknown } | undefined;
  // The last fill left due deliveries unclaimed (the pool full, or receivers at their limit).
  let unclaimed = false;
  let endedSinceFill = 0;
  let waiting: { ready: () => boolean; resolve: () => void }[] = [];

  const until = (ready: () => boolean) =>
    ready() ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ ready, resolve }));
  const isIdle = () => size === 0;
  const hasRoom = () => isIdle() || (unclaimed && endedSinceFill >= REFILL_AFTER);

  function start(delivery: DeliveryRow, at: number): void {
    const keys = [delivery.receiver, companyKey(delivery.company_id)];
    size++;
    attempted++;
    for (const key of keys) busy.set(key, (busy.get(key) ?? 0) + 1);
    const attempt = async () => {
      const tried =
        delivery.purpose === EMAIL_PURPOSE
          ? { outcome: await mailed(deps, delivery), url: delivery.url }
          : await requested(deps, delivery, at);
      if (!tried) return;
      if (!tried.outcome.ok) failed++;
      const claim = { ...delivery, url: tried.url, leasedUntil: iso(at + LEASE_MS) };
      await settle(deps, claim, tried.outcome, now());
    };
    void attempt()
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => {
        size--;
        endedSinceFill++;
        for (const key of keys) {
          const left = (busy.get(key) ?? 1) - 1;
          if (left) busy.set(key, left);
          else busy.delete(key);
        }
        waiting = waiting.filter((waiter) => {
          if (!waiter.ready()) return true;
          waiter.resolve();
          return false;
        });
      });
  }

  /** Whether a receiver or a company has as many attempts in flight as it may. */
  const atLimit = (key: string) => (busy.get(key) ?? 0) >= limitOf(key);

  async function fill(): Promise<number> {
    if (failure) throw failure.error;
    const at = now();
    let dueKnown = unclaimed;
    let nothingDue = false;
    let claimed = 0;
    endedSinceFill = 0;
    while (size < DELIVERY_BATCH) {
      // Most calls find nothing due: one read, no write.
      if (!dueKnown && !(await anyDue(db, at))) {
        nothingDue = true;
        break;
      }
      const rows = (
        await db.execute(
          claim({ busy, atLimit: [...busy.keys()].filter(atLimit), at, free: DELIVERY_BATCH - size }),
        )
      ).rows as unknown as DeliveryRow[];
      for (const delivery of rows) start(delivery, at);
      claimed += rows.length;
      // A receiver or a company that reached its limit had its further deliveries passed over: others
      // may be due behind them, and the next claim looks past it.
      if (!rows.some((row) => atLimit(row.receiver) || atLimit(companyKey(row.company_id)))) break;
      dueKnown = true;
    }
    unclaimed = size >= DELIVERY_BATCH || (!nothingDue && [...busy.keys()].some(atLimit));
    return claimed;
  }

  return {
    fill,
    get size() {
      return size;
    },
    room: () => until(hasRoom),
    idle: () => until(isIdle),
    async done() {
      await until(isIdle);
      if (failure) throw failure.error;
      return { attempted, failed };
    },
  };
}

async function anyDue(db: Db, at: number): Promise<boolean> {
  const due = await db.execute(
    sql`SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${iso(at)} LIMIT 1`.statement(),
  );
  return due.rows.length > 0;
}

/**
 * Attempts the due deliveries, and those that come due meanwhile, until none is due and none is in
 * flight; answers how many it attempted, and how many of those failed.
 */
export async function deliverDue(deps: DeliveryDeps): Promise<{ attempted: number; failed: number }> {
  const pool = deliveryPool(deps);
  try {
    await pool.fill();
    while (pool.size) {
      await pool.room();
      await pool.fill();
    }
  } catch (error) {
    await pool.idle();
    throw error;
  }
  return pool.done();
}

/**
 * Sends a delivery's request and answers its outcome and the URL it went to (its endpoint's or its
 * record's URL as it is now); undefined when there is nothing left to send (the endpoint or event is
 * gone), the delivery then marked failed with the reason.
 */
async function requested(
  deps: DeliveryDeps,
  delivery: DeliveryRow,
  at: number,
): Promise<{ outcome: Outcome; url: string } | undefined> {
  const request = await requestOf(deps.db, delivery, at, deps.secrets ?? ephemeralKeyring());
  if ("giveUp" in request) return { outcome: givenUp(request.giveUp), url: delivery.url };
  if ("skip" in request) {
    await deps.db.execute(
      sql`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = ${request.skip ?? null} WHERE id = ${delivery.id}`.statement(),
    );
    return undefined;
  }
  const outcome = await send(request, deps.policy, {
    fetcher: deps.fetch,
    clock: deps.now,
    timeoutMs: Number(delivery.timeout_ms),
  });
  return { outcome, url: request.url };
}

/**
 * Sends an e-mail delivery's message through the deployment's mail sender, given up after the
 * delivery's timeout: the server's reply is the outcome (its code as the status).
 */
async function mailed({ db, mail, now }: DeliveryDeps, delivery: DeliveryRow): Promise<Outcome> {
  const withdrawn = await givenUpFor(db, delivery);
  if (withdrawn) return givenUp(withdrawn);
  if (!mail) return { ok: false, error: MAIL_NOT_CONFIGURED, durationMs: 0 };
  const started = now();
  const message = v.safeParse(MailMessageSchema, parsedJson(delivery.body));
  if (!message.success) return { ok: false, error: "The stored message is not an e-mail.", durationMs: 0 };
  const timeoutMs = Number(delivery.timeout_ms);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<MailAnswer>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, error: `The mail server did not answer within ${timeoutMs / 1000} s.` }),
      timeoutMs,
    );
  });
  const answer = await Promise.race([mail(message.output), timedOut]).finally(() => clearTimeout(timer));
  return {
    ok: answer.ok,
    ...(answer.code !== undefined ? { status: answer.code } : {}),
    ...(answer.error !== undefined ? { error: answer.error } : {}),
    ...(answer.reply !== undefined ? { responseText: answer.reply } : {}),
    durationMs: Math.max(0, now() - started),
  };
}

function parsedJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return undefined;
  }
}

/**
 * The request of a delivery: a signed event (or ping) for an endpoint, or a callout as stored, to its
 * record's URL as it is now and signed with its record's signing secret (`calloutTarget`,
 * `calloutHeaders`).
 */
async function requestOf(
  db: Executor,
  delivery: DeliveryRow,
  at: number,
  keyring: Keyring | Promise<Keyring>,
): Promise<OutboundRequest | { giveUp: string } | { skip: string }> {
  if (delivery.purpose !== "webhook" && delivery.purpose !== "ping") {
    const target = await calloutTarget(db, delivery);
    if ("giveUp" in target) return target;
    return {
      url: target.url,
      method: delivery.method,
      headers: {
        "Content-Type": delivery.content_type,
        ...JSON.parse(delivery.headers ?? "{}"),
        ...(await calloutHeaders(db, { ...delivery, url: target.url }, at, await keyring)),
      },
      body: delivery.body ?? undefined,
    };
  }
  const endpoint = (
    await db.execute(
      sql`SELECT url, enabled, disabled_reason FROM webhook_endpoints WHERE id = ${delivery.endpoint_id} AND company_id = ${sql.company}`.statementFor(
        delivery.company_id,
      ),
    )
  ).rows[0];
  if (!endpoint) return { skip: "The endpoint was deleted." };
  if (!Number(endpoint.enabled)) {
    // Disabled for failing (it says why): what it still had to send fails for good as any delivery
    // does, each its attempt and its error record. Disabled by hand: it ends quietly.
    return endpoint.disabled_reason
      ? { giveUp: "The endpoint was disabled: its deliveries kept failing." }
      : { skip: "The endpoint is disabled." };
  }
  let body = delivery.body;
  if (delivery.event_id !== null) {
    const event = (
      await db.execute(
        sql`SELECT ${sql.raw(EVENT_COLUMNS)} FROM events WHERE id = ${delivery.event_id} AND company_id = ${sql.company}`.statementFor(
          delivery.company_id,
        ),
      )
    ).rows[0];
    if (!event) return { giveUp: "The event is past its retention period." };
    body = JSON.stringify(eventOf(event));
  }
  const secrets = await db.execute(
    sql`SELECT secret FROM webhook_secrets WHERE endpoint_id = ${delivery.endpoint_id} AND company_id = ${sql.company} AND (expires_at IS NULL OR expires_at > ${iso(at)}) ORDER BY id DESC LIMIT 2`.statementFor(
      delivery.company_id,
    ),
  );
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

/** The outcome of an attempt given up before anything was sent: failed for good, for `reason`. */
const givenUp = (reason: string): Outcome => ({ ok: false, error: reason, durationMs: 0, final: true });

/** A delivery that is a purchase order (logged on its purchase notification), as its checks see it. */
function purchaseOrderOf(delivery: DeliveryRow): PurchaseOrderDelivery | undefined {
  if (delivery.log_kind !== PURCHASE_ORDER_LOG || delivery.log_id === null) return undefined;
  return {
    companyId: Number(delivery.company_id),
    notificationId: Number(delivery.log_id),
    queuedAt: String(delivery.created_at),
  };
}

/**
 * Why a callout or an e-mail is given up at this attempt for what it was sent for, as that is now: a
 * purchase order whose purchase was deleted, cancelled or given to another provider
 * (`purchaseOrderWithdrawn`). Undefined when it is still owed.
 */
async function givenUpFor(db: Executor, delivery: DeliveryRow): Promise<string | undefined> {
  const order = purchaseOrderOf(delivery);
  return order ? purchaseOrderWithdrawn(db, order) : undefined;
}

/** The record that signs a callout (`custom-channel:12`), if it names one. */
function signerOf(delivery: DeliveryRow): { companyId: number; kind: string; recordId: number } | undefined {
  if (!delivery.signer) return undefined;
  const colon = delivery.signer.indexOf(":");
  return {
    companyId: Number(delivery.company_id),
    kind: delivery.signer.slice(0, colon),
    recordId: Number(delivery.signer.slice(colon + 1)),
  };
}

/**
 * Where a callout goes at this attempt: the URL its record (`custom-channel:12`) holds now in the field
 * for the callout's type (`CALLOUT_URLS`; the URL it was queued with when there is none), so a changed
 * endpoint gets the retries. Or why it is given up: the record is gone (deleted; a record made after the
 * callout under its id counts as gone too: ids are never given again since migration 0031, but a
 * database may hold one given before, and another record's secrets must not sign what this one queued),
 * it is disabled (a custom channel's `enabled`), or its field for the callout was cleared; or what it
 * was sent for moved on (a purchase order's purchase cancelled or given to another provider: `givenUpFor`).
 */
async function calloutTarget(
  db: Executor,
  delivery: DeliveryRow,
): Promise<{ url: string } | { giveUp: string }> {
  const withdrawn = await givenUpFor(db, delivery);
  if (withdrawn) return { giveUp: withdrawn };
  const signer = signerOf(delivery);
  const kind = signer && kindByName(signer.kind);
  if (!kind) return { url: delivery.url };
  const table = tableFor(kind);
  const enabled = table.byField.get("enabled")?.name;
  const urlField = calloutUrlField(kind.name, delivery.type);
  const urlColumn = urlField && table.byField.get(urlField)?.name;
  const columns = [
    sql`created_at`,
    ...(enabled ? [sql`${sql.id(enabled)} AS enabled`] : []),
    ...(urlColumn ? [sql`${sql.id(urlColumn)} AS url`] : []),
  ];
  const found = await firstRow(
    db,
    sql`SELECT ${sql.join(columns)} FROM ${sql.id(table.name)} WHERE id = ${signer.recordId} AND company_id = ${sql.company}`.statementFor(
      signer.companyId,
    ),
  );
  const what = `The ${kind.name.replaceAll("-", " ")} it was sent for`;
  if (!found || String(found.created_at) > String(delivery.created_at)) {
    return { giveUp: `${what} was deleted.` };
  }
  if (enabled && !Number(found.enabled)) return { giveUp: `${what} is disabled.` };
  if (!urlColumn) return { url: delivery.url };
  if (!found.url) return { giveUp: `${what} has no ${urlField} any more.` };
  return { url: String(found.url) };
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
  const place = signerOf(delivery);
  if (!place) return {};
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

/** A claimed delivery, as its attempt settles it: the lease its claim took (`next_attempt_at`). */
interface ClaimedDelivery extends DeliveryRow {
  leasedUntil: string;
}

/**
 * SQL: the delivery is still as its claim left it (pending, its attempts as read, leased until then).
 * An attempt that outlived its lease (a slow settle, another process's clock ahead) finds it otherwise
 * once another process claimed the delivery again: its outcome is not recorded over that one's.
 */
function stillClaimed(delivery: ClaimedDelivery) {
  return sql`status = 'pending' AND attempts = ${delivery.attempts} AND next_attempt_at = ${delivery.leasedUntil}`;
}

/**
 * Records an attempt of `delivery` (its `url` where the attempt went, kept for the next one) and
 * schedules the next, or ends it; its log record and the endpoint's health follow in the same batch,
 * applied only while the delivery is still this attempt's (`stillClaimed`): else nothing is recorded,
 * and the attempt of the process that claimed it again is the one its log shows.
 */
async function settle(
  { db, random }: DeliveryDeps,
  delivery: ClaimedDelivery,
  outcome: Outcome,
  at: number,
): Promise<void> {
  const attempts = delivery.attempts + 1;
  const finalFailure = !outcome.ok && (outcome.final === true || attempts >= MAX_ATTEMPTS);
  const delay = RETRY_DELAYS_S[attempts - 1] ?? 0;
  const next = outcome.ok || finalFailure ? null : iso(at + delay * 1000 * (0.8 + 0.4 * random()));
  const status = outcome.ok ? "succeeded" : finalFailure ? "failed" : "pending";
  const statements: InStatement[] = [
    sql`UPDATE webhook_deliveries SET status = ${status}, attempts = ${attempts}, next_attempt_at = ${next}, last_response_status = ${outcome.status ?? null}, last_error = ${outcome.error ?? null}, url = ${delivery.url} WHERE id = ${delivery.id} AND ${stillClaimed(delivery)}`.statementFor(
      delivery.company_id,
    ),
    changed(1),
    sql`INSERT INTO webhook_attempts (delivery_id, at, duration_ms, response_status, error, succeeded) VALUES (${delivery.id}, ${iso(at)}, ${outcome.durationMs}, ${outcome.status ?? null}, ${outcome.error ?? null}, ${outcome.ok ? 1 : 0})`.statement(),
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
      deliveryFailureRecord(
        { source: delivery.purpose, deliveryId: delivery.id, subject },
        attempt,
      ).statementFor(delivery.company_id),
    );
  }
  // One batch: the attempt, the delivery's state and what follows from it, all or none. A purchase
  // order that failed for good may send its purchase back to pending: planned from what it reads, held.
  const order = finalFailure ? purchaseOrderOf(delivery) : undefined;
  if (order) {
    const claimed = rows(
      sql`SELECT 1 FROM webhook_deliveries WHERE id = ${delivery.id} AND ${stillClaimed(delivery)}`,
      (found) => found.length > 0,
    );
    await settlePurchaseOrderFailure(db, order, attempt, statements, claimed);
    return;
  }
  await db
    .write((session) => session.apply(statements))
    .catch((error: unknown) => {
      // Claimed again by another process (its guard, after the delivery's update): not this attempt's.
      if (failedGuard(error) !== 1) throw error;
    });
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
      sql`UPDATE webhook_endpoints SET failing_since = NULL, updated_at = ${iso(at)} WHERE id = ${delivery.endpoint_id} AND failing_since IS NOT NULL`.statement(),
    ];
  }
  const reason = `Disabled at ${iso(at)}: every delivery failed for ${DISABLE_AFTER_MS / 86_400_000} days (last: ${outcome.error}). Fix the receiver, then set enabled to true.`;
  return [
    sql`UPDATE webhook_endpoints SET failing_since = ${iso(at)}, updated_at = ${iso(at)} WHERE id = ${delivery.endpoint_id} AND failing_since IS NULL`.statement(),
    sql`UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ${reason}, updated_at = ${iso(at)} WHERE id = ${delivery.endpoint_id} AND enabled = 1 AND failing_since <= ${iso(at - DISABLE_AFTER_MS)}`.statement(),
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
