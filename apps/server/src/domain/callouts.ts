/**
 * A callout's delivery row: a request to a URL a company configured (a provider's purchase endpoint, a
 * channel's fulfillment endpoint, an accounting system), written in the batch of the change that calls
 * for it. The dispatcher (`services/webhooks/`) sends it, retries it and logs each attempt into the
 * record it names. Here, beside the plans, so that write rules can queue one too.
 */
import { type Sql, sql } from "../db/sql.ts";
import type { KindName, RecordOf } from "./store.ts";

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
  /**
   * The record the callout is sent for (`dropship-provider:3`): its signing secret signs each attempt,
   * and its field for the callout's type (`CALLOUT_URLS`) says where each attempt goes. See `deliveries.ts`.
   */
  signer?: string;
  timeoutMs?: number;
}

/** The delivery row of a callout, for a write plan's batch (`WritePlan.write`) or `queueCallout`. */
export function calloutStatement(now: string, callout: Callout): Sql {
  return sql`INSERT INTO webhook_deliveries (company_id, purpose, type, url, content_type, body, log_kind, log_id, signer, timeout_ms, next_attempt_at, created_at) VALUES (${sql.company}, ${callout.purpose}, ${callout.type}, ${callout.url}, ${callout.contentType}, ${callout.body}, ${callout.log?.kind ?? null}, ${callout.log?.id ?? null}, ${callout.signer ?? null}, ${callout.timeoutMs ?? 10_000}, ${now}, ${now})`;
}

/**
 * Where a callout goes, by the kind of the record it is sent for (its signer) and the callout's type:
 * the field of that record that holds the URL. Each attempt goes to the URL the field holds then, so
 * an endpoint changed after the callout was queued gets its retries, and one cleared meanwhile gives it
 * up. A callout of a type not listed here goes to the URL it was queued with.
 */
export const CALLOUT_URLS = {
  "custom-channel": {
    "inventory.callout": "inventoryEndpoint",
    "price.callout": "priceEndpoint",
    "channel_variant.publish": "publishingEndpoint",
    "shipment.callout": "fulfillmentEndpoint",
  },
  "dropship-provider": { "purchase.sent": "purchaseEndpoint" },
  "inventory-export": { "data_export.callout": "webhookUrl" },
  "accounting-integration": {
    "accounting.sale": "saleEndpoint",
    "accounting.dropship": "dropshipEndpoint",
    "accounting.replenishment": "replenishmentEndpoint",
  },
} as const satisfies { readonly [N in KindName]?: Readonly<Record<string, keyof RecordOf<N> & string>> };

/** The field of a callout's record that holds where it goes (`CALLOUT_URLS`), if its type has one. */
export function calloutUrlField(kind: string, type: string): string | undefined {
  const fields: Readonly<Record<string, string>> | undefined =
    CALLOUT_URLS[kind as keyof typeof CALLOUT_URLS];
  return fields?.[type];
}
