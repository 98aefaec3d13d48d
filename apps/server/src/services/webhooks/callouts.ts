import type { Ctx } from "../../domain/context.ts";

/**
 * Queues a request to a URL the company configured (a provider's purchase endpoint), in the
 * transaction of the change that calls for it; the dispatcher sends it and retries it like a webhook.
 */
export async function queueCallout(
  ctx: Ctx,
  callout: {
    purpose: string;
    type: string;
    url: string;
    contentType: string;
    body: string;
    notificationId?: number;
    timeoutMs?: number;
  },
): Promise<void> {
  await ctx.db.execute({
    sql: "INSERT INTO webhook_deliveries (company_id, purpose, type, url, content_type, body, notification_id, timeout_ms, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    args: [
      ctx.companyId,
      callout.purpose,
      callout.type,
      callout.url,
      callout.contentType,
      callout.body,
      callout.notificationId ?? null,
      callout.timeoutMs ?? 10_000,
      ctx.now(),
      ctx.now(),
    ],
  });
}
