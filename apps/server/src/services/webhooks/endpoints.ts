/**
 * A webhook endpoint's actions: a ping, a replay, a secret rotation and the delivery log. What its
 * writes must hold and its first secret: `domain/webhook-endpoints.ts`.
 */

import type { WebhookEndpoint } from "@multichannel/schema";
import { eventPrefix, typePrefixOf } from "../../db/event-triggers.ts";
import { textOrNull } from "../../db/rows.ts";
import { type Sql, sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { rows, type Snapshot } from "../../domain/reads.ts";
import { readableKinds } from "../../domain/scopes.ts";
import { newSecret, secretHint } from "../../domain/webhook-endpoints.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError, refusedField } from "../../errors.ts";
import { kindRange, pageByRanges } from "../events.ts";

/** How long a rotated-out secret still signs (deliveries carry both signatures meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/**
 * Plans `POST /webhook-endpoints/{id}/rotate-secret.json`: a new secret; the current one expires in 24
 * hours, and one rotated out before ends now (deliveries carry two signatures at most: the new and the
 * previous secret), the ended ones deleted. Answers the new secret, and the endpoint as the plan leaves
 * it (its new hint).
 */
export function planRotateSecret(
  endpoint: WebhookEndpoint,
  plan: WritePlan,
): { answer: { secret: string; previousSecretExpiresAt: string }; endpoint: WebhookEndpoint } {
  const expires = new Date(Date.parse(plan.now) + ROTATION_OVERLAP_MS).toISOString();
  const ofEndpoint = sql`endpoint_id = ${endpoint.id} AND company_id = ${sql.company}`;
  plan.write(sql`DELETE FROM webhook_secrets WHERE ${ofEndpoint} AND expires_at IS NOT NULL`);
  plan.write(
    sql`UPDATE webhook_secrets SET expires_at = ${expires} WHERE ${ofEndpoint} AND expires_at IS NULL`,
  );
  const secret = newSecret();
  plan.write(
    sql`INSERT INTO webhook_secrets (company_id, endpoint_id, secret, created_at) VALUES (${sql.company}, ${endpoint.id}, ${secret}, ${plan.now})`,
  );
  const updated = plan.update("webhook-endpoint", endpoint, { secretHint: secretHint(secret) });
  return { answer: { secret, previousSecretExpiresAt: expires }, endpoint: updated };
}

const DELIVERY_COLUMNS =
  "id, event_id, type, status, attempts, next_attempt_at, last_response_status, last_error, created_at";

/** The deliveries `page` selects, as the API answers them, each with its attempts (oldest first). */
async function deliveriesOf(ctx: Ctx, page: Sql) {
  const rows = (await ctx.db.execute(page.statementFor(ctx.companyId))).rows;
  const ids = rows.map((row) => Number(row.id));
  const attempts = ids.length
    ? (
        await ctx.db.execute(
          sql`SELECT delivery_id, at, duration_ms, response_status, error, succeeded FROM webhook_attempts WHERE delivery_id IN (${sql.values(ids)}) ORDER BY id`.statement(),
        )
      ).rows
    : [];
  return rows.map((row) => ({
    id: Number(row.id),
    eventId: row.event_id === null ? null : Number(row.event_id),
    type: String(row.type),
    status: String(row.status) as "pending" | "succeeded" | "failed",
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === "pending" ? textOrNull(row.next_attempt_at) : null,
    lastResponseStatus: row.last_response_status === null ? null : Number(row.last_response_status),
    lastError: textOrNull(row.last_error),
    createdAt: String(row.created_at),
    attemptLog: attempts
      .filter((attempt) => Number(attempt.delivery_id) === Number(row.id))
      .map((attempt) => ({
        at: String(attempt.at),
        durationMs: Number(attempt.duration_ms),
        responseStatus: attempt.response_status === null ? null : Number(attempt.response_status),
        error: textOrNull(attempt.error),
        succeeded: Number(attempt.succeeded) === 1,
      })),
  }));
}

/**
 * The statement of a page of an endpoint's deliveries, newest first: for a key that reads some kinds
 * only (`kinds`), those of the events of these kinds and every ping, each kind read as its own range of
 * the endpoint's deliveries (`pageByRanges`), as the event log reads them.
 */
export function deliveryPage(
  endpointId: number,
  kinds: readonly string[] | undefined,
  input: { status?: string | null; before?: number | null; limit?: number | null },
): Sql {
  const where = [sql`company_id = ${sql.company}`, sql`endpoint_id = ${endpointId}`];
  if (input.status) where.push(sql`status = ${input.status}`);
  if (input.before) where.push(sql`id < ${input.before}`);
  // A ping's type has no dot: its prefix is empty, on the same index.
  const ranges = kinds
    ? [sql`${kindRange("")} AND type = 'ping'`, ...kinds.map((kind) => kindRange(eventPrefix(kind)))]
    : [undefined];
  return pageByRanges({
    select: DELIVERY_COLUMNS,
    from: "webhook_deliveries",
    where: sql.join(where, " AND "),
    ranges,
    order: "DESC",
    limit: input.limit ?? 20,
  })!;
}

/**
 * Whether a key that reads `kinds` (every kind: undefined) sees a delivery of `type`: a ping, or an event
 * of a kind it reads. The condition `deliveryPage` selects by, for one delivery already read.
 */
function seesDelivery(kinds: readonly string[] | undefined, type: string): boolean {
  if (!kinds || type === "ping") return true;
  const prefix = typePrefixOf(type);
  return kinds.some((kind) => eventPrefix(kind) === prefix);
}

/**
 * `GET /webhook-endpoints/{id}/deliveries.json`: the deliveries of the events the key reads, as the event
 * log lists them (by their type's kind), and every ping. A delivery shows its event's type and id and
 * what the receiver answered: a key whose scopes do not read the kind learns nothing of its events here.
 */
export function listDeliveries(
  ctx: Ctx,
  endpoint: WebhookEndpoint,
  input: { status?: string | null; before?: number | null; limit?: number | null },
) {
  return deliveriesOf(ctx, deliveryPage(endpoint.id, readableKinds(ctx.actor.access), input));
}

/**
 * A delivery as the API answers it, as a plan queues it: pending, not attempted yet. A disabled endpoint
 * is sent nothing (a ping or a replay included): 409.
 */
function planDelivery(
  plan: WritePlan,
  endpoint: WebhookEndpoint,
  values: { purpose: "webhook" | "ping"; eventId: number | null; type: string; body: string | null },
) {
  if (!endpoint.enabled) {
    throw new ApiError(
      "conflict",
      `Webhook endpoint ${endpoint.id} is disabled: it is sent nothing until it is enabled again (PUT {"enabled": true}).`,
    );
  }
  const id = plan.insertRow(
    sql`INSERT INTO webhook_deliveries (company_id, purpose, endpoint_id, event_id, type, url, body, next_attempt_at, created_at) VALUES (${sql.company}, ${values.purpose}, ${endpoint.id}, ${values.eventId}, ${values.type}, ${endpoint.url}, ${values.body}, ${plan.now}, ${plan.now})`,
  );
  return {
    id,
    eventId: values.eventId,
    type: values.type,
    status: "pending" as const,
    attempts: 0,
    nextAttemptAt: plan.now,
    lastResponseStatus: null,
    lastError: null,
    createdAt: plan.now,
    attemptLog: [],
  };
}

/** Plans `POST /webhook-endpoints/{id}/test.json`: a signed `ping`, delivered like any event. */
export function planPing(endpoint: WebhookEndpoint, plan: WritePlan) {
  const body = JSON.stringify({
    type: "ping",
    createdAt: plan.now,
    data: {
      webhookEndpointId: endpoint.id,
      message: "A test delivery from the Multichannel Commerce Service.",
    },
  });
  return planDelivery(plan, endpoint, { purpose: "ping", eventId: null, type: "ping", body });
}

/** A delivery of an endpoint, as a replay repeats it. */
interface Replayed {
  purpose: "webhook" | "ping";
  eventId: number | null;
  type: string;
  body: string | null;
}

/**
 * What replaying a delivery reads: the delivery (of the endpoint), held while the replay relies on it
 * (it is still there, with the same event, type, body and purpose).
 */
export function replayReads(endpointId: number, deliveryId: number) {
  return {
    original: rows(
      sql`SELECT purpose, event_id, type, body FROM webhook_deliveries WHERE id = ${deliveryId} AND company_id = ${sql.company} AND endpoint_id = ${endpointId}`,
      ([row]): Replayed | undefined =>
        row && {
          purpose: row.purpose === "ping" ? "ping" : "webhook",
          eventId: row.event_id === null ? null : Number(row.event_id),
          type: String(row.type),
          body: textOrNull(row.body),
        },
      (plan, original) => {
        if (!original) return;
        plan.hold(
          sql`EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ${deliveryId} AND company_id = ${sql.company} AND endpoint_id = ${endpointId} AND event_id IS ${original.eventId} AND type IS ${original.type} AND body IS ${original.body} AND purpose IS ${original.purpose})`,
        );
      },
    ),
  };
}

/**
 * Plans `POST /webhook-endpoints/{id}/replay.json`: the event of one of its deliveries, once more; while
 * that delivery is still there as read. A delivery the key's deliveries list would not show (an event of
 * a kind its scopes do not read) is one it names no more than one that does not exist: the answer would
 * tell it the event's type and id.
 */
export function planReplay(
  ctx: Ctx,
  endpoint: WebhookEndpoint,
  deliveryId: number,
  read: Snapshot<ReturnType<typeof replayReads>>,
  plan: WritePlan,
) {
  const { original } = read;
  if (!original || !seesDelivery(readableKinds(ctx.actor.access), original.type))
    throw refusedField(
      "deliveryId",
      `names no delivery of webhook endpoint ${endpoint.id} (id ${deliveryId})`,
    );
  return planDelivery(plan, endpoint, original);
}
