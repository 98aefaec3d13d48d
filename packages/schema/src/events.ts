/**
 * The event log's wire shapes: what `GET /events.json` lists and webhooks deliver. Types are
 * `<kind>.created|updated|deleted` (the kind's name in snake_case: `sale_item.created`) and the outcome
 * each action declares (`purchase.sent`), plus `ping` for a test delivery.
 */

/** One event. `data.object` is a record as the API returns it (or an action's answer, see `type`). */
export interface EventRecord {
  id: number;
  type: string;
  /** When it happened, ISO 8601 UTC. */
  createdAt: string;
  /** The API key whose request caused it (the audit trail); null when none did (an inbound webhook, a delivery). */
  apiKeyId: number | null;
  data: {
    object: unknown;
    /** On `*.updated`: the fields that changed, with their values before. */
    previous?: Record<string, unknown>;
    /** On an action's outcome whose answer is not `object` (the dropshipment of `purchase.shipped`). */
    result?: unknown;
  };
}

/** The filters of `GET /events.json`; every one optional. */
export interface EventQuery {
  /**
   * Only these types (`where[type][$in]`), each a type or a pattern as a webhook endpoint's `events`
   * takes it: `purchase.*` (a kind's events), `*` (every event).
   */
  types?: readonly string[];
  /** Only events at or after this time (`where[createdAt][$gte]`). */
  since?: string;
  /** Only events before this time (`where[createdAt][$lt]`). */
  until?: string;
  /** The last id of the previous page: the next page starts after it. */
  after?: number;
  /** Page size, 1 to 250 (default 50). */
  limit?: number;
}
