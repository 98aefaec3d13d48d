/**
 * A webhook endpoint's actions: a ping, a replay, a secret rotation and the delivery log. What its
 * writes must hold and its first secret: `domain/webhook-endpoints.ts`.
 */
import type { WebhookEndpoint } from "@multichannel/schema";
import type { Ctx } from "../../domain/context.ts";
import { newSecret, secretHint } from "../../domain/webhook-endpoints.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { invalidField } from "../../errors.ts";

/** How long a rotated-out secret still signs (deliveries carry both signatures meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/**
 * Plans `POST /webhook-endpoints/{id}/rotate-secret.json`: a new secret; the current ones expire in 24
 * hours. Answers the new secret, and the endpoint as the plan leaves it (its new hint).
 */
export function planRotateSecret(
  endpoint: WebhookEndpoint,
  plan: WritePlan,
): { answer: { secret: string; previousSecretExpiresAt: string }; endpoint: WebhookEndpoint } {
  const expires = new Date(Date.parse(plan.now) + ROTATION_OVERLAP_MS).toISOString();
  plan.write({
    sql: "UPDATE webhook_secrets SET expires_at = ? WHERE endpoint_id = ? AND company_id = ? AND (expires_at IS NULL OR expires_at > ?)",
    args: [expires, endpoint.id, plan.companyId, expires],
  });
  const secret = newSecret();
  plan.write({
    sql: "INSERT INTO webhook_secrets (company_id, endpoint_id, secret, created_at) VALUES (?, ?, ?, ?)",
    args: [plan.companyId, endpoint.id, secret, plan.now],
  });
  const updated = plan.update("webhook-endpoint", endpoint, { secretHint: secretHint(secret) });
  return { answer: { secret, previousSecretExpiresAt: expires }, endpoint: updated };
}

const DELIVERY_COLUMNS =
  "id, event_id, type, status, attempts, next_attempt_at, last_response_status, last_error, created_at";

/** Deliveries as the API answers them, each with its attempts (oldest first). */
async function deliveriesOf(ctx: Ctx, where: string, args: (string | number)[], limit: number) {
  const rows = (
    await ctx.db.execute({
      sql: `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE company_id = ? AND ${where} ORDER BY id DESC LIMIT ?`,
      args: [ctx.companyId, ...args, limit],
    })
  ).rows;
  const ids = rows.map((row) => Number(row.id));
  const attempts = ids.length
    ? (
        await ctx.db.execute({
          sql: `SELECT delivery_id, at, duration_ms, response_status, error, succeeded FROM webhook_attempts WHERE delivery_id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`,
          args: ids,
        })
      ).rows
    : [];
  return rows.map((row) => ({
    id: Number(row.id),
    eventId: row.event_id === null ? null : Number(row.event_id),
    type: String(row.type),
    status: String(row.status) as "pending" | "succeeded" | "failed",
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === "pending" ? (row.next_attempt_at as string | null) : null,
    lastResponseStatus: row.last_response_status === null ? null : Number(row.last_response_status),
    lastError: (row.last_error as string | null) ?? null,
    createdAt: String(row.created_at),
    attemptLog: attempts
      .filter((attempt) => Number(attempt.delivery_id) === Number(row.id))
      .map((attempt) => ({
        at: String(attempt.at),
        durationMs: Number(attempt.duration_ms),
        responseStatus: attempt.response_status === null ? null : Number(attempt.response_status),
        error: (attempt.error as string | null) ?? null,
        succeeded: Number(attempt.succeeded) === 1,
      })),
  }));
}

/** `GET /webhook-endpoints/{id}/deliveries.json`. */
export function listDeliveries(
  ctx: Ctx,
  endpoint: WebhookEndpoint,
  input: { status?: string | null; before?: number | null; limit?: number | null },
) {
  const where = ["endpoint_id = ?"];
  const args: (string | number)[] = [endpoint.id];
  if (input.status) {
    where.push("status = ?");
    args.push(input.status);
  }
  if (input.before) {
    where.push("id < ?");
    args.push(input.before);
  }
  return deliveriesOf(ctx, where.join(" AND "), args, input.limit ?? 20);
}

async function queue(
  ctx: Ctx,
  endpoint: WebhookEndpoint,
  values: { purpose: "webhook" | "ping"; eventId: number | null; type: string; body: string | null },
) {
  const result = await ctx.db.execute({
    sql: "INSERT INTO webhook_deliveries (company_id, purpose, endpoint_id, event_id, type, url, body, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    args: [
      ctx.companyId,
      values.purpose,
      endpoint.id,
      values.eventId,
      values.type,
      endpoint.url,
      values.body,
      ctx.now(),
      ctx.now(),
    ],
  });
  const [delivery] = await deliveriesOf(ctx, "id = ?", [Number(result.rows[0]!.id)], 1);
  return delivery!;
}

/** `POST /webhook-endpoints/{id}/test.json`: a signed `ping`, delivered like any event. */
export function queuePing(ctx: Ctx, endpoint: WebhookEndpoint) {
  const body = JSON.stringify({
    type: "ping",
    createdAt: ctx.now(),
    data: {
      webhookEndpointId: endpoint.id,
      message: "A test delivery from the Multichannel Commerce Service.",
    },
  });
  return queue(ctx, endpoint, { purpose: "ping", eventId: null, type: "ping", body });
}

/** `POST /webhook-endpoints/{id}/replay.json`: the event of one of its deliveries, once more. */
export async function replayDelivery(ctx: Ctx, endpoint: WebhookEndpoint, deliveryId: number) {
  const original = (
    await ctx.db.execute({
      sql: "SELECT event_id, type, body, purpose FROM webhook_deliveries WHERE id = ? AND company_id = ? AND endpoint_id = ?",
      args: [deliveryId, ctx.companyId, endpoint.id],
    })
  ).rows[0];
  if (!original)
    throw invalidField("deliveryId", `Webhook endpoint ${endpoint.id} has no delivery ${deliveryId}.`);
  return queue(ctx, endpoint, {
    purpose: original.purpose === "ping" ? "ping" : "webhook",
    eventId: original.event_id === null ? null : Number(original.event_id),
    type: String(original.type),
    body: (original.body as string | null) ?? null,
  });
}
