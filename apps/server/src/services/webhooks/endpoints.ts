/**
 * Webhook endpoints: what a create or update must hold (a URL the service may send to, event types
 * that exist), the signing secret (answered once, kept out of records and events), and the endpoint's
 * actions: a ping, a replay, a secret rotation and the delivery log.
 */
import { actions, kinds, type WebhookEndpoint } from "@multichannel/schema";
import { eventPrefix } from "../../db/event-triggers.ts";
import { ApiError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { refusal } from "./outbound.ts";
import { newSecret, secretHint } from "./signing.ts";

/** How long a rotated-out secret still signs (deliveries carry both signatures meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** Every event type there is: each kind's created/updated/deleted and each action's outcome. */
export const eventTypes: ReadonlySet<string> = new Set([
  ...kinds.flatMap((kind) =>
    ["created", "updated", "deleted"].map((verb) => `${eventPrefix(kind.name)}.${verb}`),
  ),
  ...actions.flatMap(({ action }) => (action.event ? [action.event] : [])),
]);
const prefixes = new Set([...eventTypes].map((type) => type.slice(0, type.indexOf("."))));

function invalid(path: string, message: string): ApiError {
  return new ApiError("validation_failed", message, { errors: [{ path, message }] });
}

/**
 * The URLs a record names for the service to call (a provider's purchase endpoint, a custom channel's
 * inventory endpoint, an export's webhook): 422 when the service would refuse to send there.
 */
export async function checkOutboundUrls(
  ctx: Ctx,
  values: Record<string, unknown>,
  fields: readonly string[],
): Promise<void> {
  for (const field of fields) {
    const url = values[field];
    if (typeof url !== "string") continue;
    const refused = await refusal(url, ctx.outbound);
    if (refused) throw invalid(field, `The service calls this URL, and it ${refused}.`);
  }
}

/** The URL and the event patterns of an endpoint being saved: 422 naming what is wrong. */
export async function checkEndpoint(
  ctx: Ctx,
  values: { url?: string; events?: readonly string[] },
): Promise<void> {
  if (values.url !== undefined) {
    const refused = await refusal(values.url, ctx.outbound);
    if (refused) throw invalid("url", `The URL ${refused}.`);
  }
  for (const [i, pattern] of (values.events ?? []).entries()) {
    const known =
      pattern === "*" ||
      eventTypes.has(pattern) ||
      (pattern.endsWith(".*") && prefixes.has(pattern.slice(0, -2)));
    if (!known) {
      throw invalid(
        `events.${i}`,
        `"${pattern}" is no event type: use "*", "<kind>.*" (e.g. "purchase.*") or a type such as "purchase.sent".`,
      );
    }
  }
}

// A new endpoint's secret, made before its insert (so the hint is written with it) and answered after.
const issued = new WeakMap<object, string>();

/** Makes the signing secret of an endpoint about to be created; answers its hint for the record. */
export function prepareSecret(input: object): string {
  const secret = newSecret();
  issued.set(input, secret);
  return secretHint(secret);
}

/** Stores the secret made for a created endpoint; answers the record with it, this once. */
export async function storeSecret(ctx: Ctx, endpoint: WebhookEndpoint, input: object) {
  const secret = issued.get(input) ?? newSecret();
  await ctx.db.execute({
    sql: "INSERT INTO webhook_secrets (company_id, endpoint_id, secret, created_at) VALUES (?, ?, ?, ?)",
    args: [ctx.companyId, endpoint.id, secret, ctx.now()],
  });
  return { ...endpoint, secret };
}

/** `POST /webhook-endpoints/{id}/rotate-secret.json`: a new secret; the current ones expire in 24 hours. */
export async function rotateSecret(ctx: Ctx, endpoint: WebhookEndpoint) {
  const expires = new Date(Date.parse(ctx.now()) + ROTATION_OVERLAP_MS).toISOString();
  await ctx.db.execute({
    sql: "UPDATE webhook_secrets SET expires_at = ? WHERE endpoint_id = ? AND company_id = ? AND (expires_at IS NULL OR expires_at > ?)",
    args: [expires, endpoint.id, ctx.companyId, expires],
  });
  const secret = newSecret();
  await ctx.db.execute({
    sql: "INSERT INTO webhook_secrets (company_id, endpoint_id, secret, created_at) VALUES (?, ?, ?, ?)",
    args: [ctx.companyId, endpoint.id, secret, ctx.now()],
  });
  await ctx.db.execute({
    sql: "UPDATE webhook_endpoints SET secret_hint = ?, updated_at = ? WHERE id = ? AND company_id = ?",
    args: [secretHint(secret), ctx.now(), endpoint.id, ctx.companyId],
  });
  return { secret, previousSecretExpiresAt: expires };
}

/** Removes an endpoint's secrets with it (they are not a kind's records, so the delete does not). */
export async function dropSecrets(ctx: Ctx, endpointId: number): Promise<void> {
  await ctx.db.execute({
    sql: "DELETE FROM webhook_secrets WHERE endpoint_id = ? AND company_id = ?",
    args: [endpointId, ctx.companyId],
  });
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
    throw invalid("deliveryId", `Webhook endpoint ${endpoint.id} has no delivery ${deliveryId}.`);
  return queue(ctx, endpoint, {
    purpose: original.purpose === "ping" ? "ping" : "webhook",
    eventId: original.event_id === null ? null : Number(original.event_id),
    type: String(original.type),
    body: (original.body as string | null) ?? null,
  });
}
