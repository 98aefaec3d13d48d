/**
 * A callout's delivery row: a request to a URL a company configured (a provider's purchase endpoint, a
 * channel's fulfillment endpoint, an accounting system), written in the batch of the change that calls
 * for it. The dispatcher (`services/webhooks/`) sends it, retries it and logs each attempt into the
 * record it names. Here, beside the plans, so that write rules can queue one too.
 */
import { type Sql, sql } from "../db/sql.ts";

/** The record that logs a delivery: its kind and id, as a callout names it. */
export interface DeliveryLog {
  readonly kind: string;
  readonly id: number;
}

/**
 * Queues a request to a URL the company configured, in the batch of the change that calls for it; the
 * dispatcher sends it and retries it like a webhook.
 */
export interface Callout {
  purpose: string;
  type: string;
  url: string;
  contentType: string;
  body: string;
  /** The record that logs its attempts (a purchase notification, a channel shipment update, ...). */
  log?: DeliveryLog;
  /** The record whose signing secret signs the callout (`dropship-provider:3`): see `deliveries.ts`. */
  signer?: string;
  timeoutMs?: number;
}

/** The delivery row of a callout, for a write plan's batch (`WritePlan.write`) or `queueCallout`. */
export function calloutStatement(now: string, callout: Callout): Sql {
  return sql`INSERT INTO webhook_deliveries (company_id, purpose, type, url, content_type, body, log_kind, log_id, signer, timeout_ms, next_attempt_at, created_at) VALUES (${sql.company}, ${callout.purpose}, ${callout.type}, ${callout.url}, ${callout.contentType}, ${callout.body}, ${callout.log?.kind ?? null}, ${callout.log?.id ?? null}, ${callout.signer ?? null}, ${callout.timeoutMs ?? 10_000}, ${now}, ${now})`;
}
