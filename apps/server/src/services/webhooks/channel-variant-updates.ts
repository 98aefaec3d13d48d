/**
 * The log of what is pushed to a custom channel for one of its channel variants (its stock, its price,
 * its publishing): a `channel-variant-update`, written with the callout in one batch, `pending` until
 * its first attempt settles, then at each attempt `success` (with the receiver's answer) or `error`
 * (with `retry` while another attempt follows), by the writer registered here. Each attempt also shows
 * on the channel variant: a stock or price push in its `inventoryUpdate`/`priceUpdate` and their retry
 * fields; a publish's answer settles it, connected under the store's identifiers (a synchronous
 * acknowledgement) or in error.
 */
import { type Sql, sql } from "../../db/sql.ts";
import {
  AWAITING_ACKNOWLEDGEMENT,
  AWAITING_ANSWER,
  type PublishedIds,
  publishedIdentifiers,
} from "../../domain/publishing.ts";
import { insertSql, storedValues, updateSql } from "../../domain/record-plans.ts";
import { column, table } from "../../domain/store.ts";
import { canTransition } from "../../domain/transitions.ts";
import { type Attempt, attemptMessage, logsDeliveries } from "./delivery-logs.ts";

const updates = table("channel-variant-update");
const listings = table("channel-variant");
const listingColumn = (field: string) => sql.id(column(listings, field));

/** What a push's log record says when it is queued: the channel variant, what was sent and why. */
export interface PushLog {
  readonly channelVariantId: number;
  readonly type: "inventory" | "price" | "publish";
  readonly payload: unknown;
  readonly inventoryQuantity?: number;
  readonly price?: number | null;
  readonly compareAtPrice?: number | null;
}

/** The INSERT of a push's log record, `pending` until the first attempt of its callout settles. */
export function pushLogInsert(at: string, log: PushLog) {
  const values = { ...log, status: "pending", retries: 0, retry: false };
  return insertSql(updates, at, storedValues(updates, values, at));
}

/** The receiver's answer as the log keeps it: its JSON, or its text; null when it said nothing. */
function responseOf(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** SQL: the channel variant a publish log `id` is about (none for a stock or price push). */
const publishedBy = (id: number) =>
  sql`(SELECT ${sql.id(column(updates, "channelVariantId"))} FROM ${sql.id(updates.name)} WHERE id = ${id} AND company_id = ${sql.company} AND ${sql.id(column(updates, "type"))} = 'publish')`;

/** SQL: the publish log `id` still awaits a synchronous answer (its channel variant waits for it). */
const awaitsAnswer = (id: number) =>
  sql`EXISTS (SELECT 1 FROM ${sql.id(listings.name)} WHERE id = ${publishedBy(id)} AND company_id = ${sql.company} AND ${listingColumn("status")} = ${AWAITING_ANSWER} AND ${listingColumn("externalId")} IS NULL)`;

const NO_IDENTIFIERS =
  "The publishing endpoint answered without the store's identifiers (`externalId` or `id`, at the top level or in `variant`); with a synchronous acknowledgement the answer must carry them.";

/**
 * The channel variant of publish log `id` set to error with `message`, if it still waits for its store
 * id in one of the states given (each one the manifest lets become `error`) and `when` holds.
 */
function listingFailed(id: number, at: string, message: string, from: readonly string[], when = sql`1`) {
  const states = sql.join(
    from.filter((state) => canTransition("channel-variant", state, "error")).map((state) => sql`${state}`),
  );
  return sql`UPDATE ${sql.id(listings.name)} SET ${listingColumn("status")} = 'error', ${listingColumn("errorMessage")} = ${message}, updated_at = ${at} WHERE id = ${publishedBy(id)} AND company_id = ${sql.company} AND ${listingColumn("externalId")} IS NULL AND ${listingColumn("status")} IN (${states}) AND ${when}`;
}

/**
 * A synchronous publish answered with the store's identifiers: the channel variant is connected
 * under them, unless another listing of its channel already holds that external id.
 */
function listingConnected(id: number, at: string, ids: PublishedIds) {
  return sql`UPDATE ${sql.id(listings.name)} SET ${listingColumn("status")} = 'connected', ${listingColumn("externalId")} = ${ids.externalId}, ${listingColumn("externalGroupId")} = COALESCE(${ids.externalGroupId ?? null}, ${listingColumn("externalGroupId")}), ${listingColumn("errorMessage")} = NULL, updated_at = ${at} WHERE id = ${publishedBy(id)} AND company_id = ${sql.company} AND ${listingColumn("status")} = ${AWAITING_ANSWER} AND ${listingColumn("externalId")} IS NULL AND NOT ${taken(id, ids.externalId)}`;
}

/** SQL: a listing of the channel of publish log `id` already has `externalId`. */
const taken = (id: number, externalId: string) =>
  sql`EXISTS (SELECT 1 FROM ${sql.id(listings.name)} WHERE company_id = ${sql.company} AND ${listingColumn("externalId")} = ${externalId} AND ${listingColumn("channelId")} = (SELECT ${listingColumn("channelId")} FROM ${sql.id(listings.name)} WHERE id = ${publishedBy(id)} AND company_id = ${sql.company}))`;

/** Log record `id` marked `error` with `message` when `condition` holds. */
function logFailed(id: number, message: string, condition: Sql) {
  return sql`UPDATE ${sql.id(updates.name)} SET ${sql.id(column(updates, "status"))} = 'error', ${sql.id(column(updates, "statusMessage"))} = ${message} WHERE id = ${id} AND company_id = ${sql.company} AND ${condition}`;
}

/**
 * What a publish's 2xx answer settles, after its log is written: with the store's identifiers, the
 * waiting listing is connected (or, when another listing of the channel has that id, it and its log
 * are in error); without them, a listing waiting for a synchronous answer is in error, and so is its
 * log. Each statement checks the listing before the next one moves it; none touches a stock or price
 * push's log, nor a listing that waits for the acknowledge route.
 */
function publishAnswered(id: number, at: string, responseText: string | undefined): Sql[] {
  const ids = publishedIdentifiers(responseText);
  if (!ids) {
    return [
      logFailed(id, NO_IDENTIFIERS, awaitsAnswer(id)),
      listingFailed(id, at, NO_IDENTIFIERS, [AWAITING_ANSWER]),
    ];
  }
  const clash = `The store answered external id ${ids.externalId}, which another channel variant of the channel already has.`;
  return [
    logFailed(id, clash, sql`${awaitsAnswer(id)} AND ${taken(id, ids.externalId)}`),
    listingConnected(id, at, ids),
    listingFailed(id, at, clash, [AWAITING_ANSWER], taken(id, ids.externalId)),
  ];
}

/** A listing's fields that show the state of its stock and price pushes (the manifest's names). */
const PUSH_STATE = {
  inventory: { update: "inventoryUpdate", retries: "inventoryRetries", retry: "inventoryRetry" },
  price: { update: "priceUpdate", retries: "priceRetries", retry: "priceRetry" },
} as const;

/**
 * The listing of stock or price push log `id` shows that push's state: the update last sent, how many
 * times it was retried, whether it is to be retried. Nothing for a log of another type.
 */
function listingPushState(id: number, attempt: Attempt, type: keyof typeof PUSH_STATE) {
  const fields = PUSH_STATE[type];
  const retry = !attempt.outcome.ok && !attempt.final ? 1 : 0;
  const log = sql`FROM ${sql.id(updates.name)} WHERE id = ${id} AND company_id = ${sql.company}`;
  return sql`UPDATE ${sql.id(listings.name)} SET ${listingColumn(fields.update)} = (SELECT ${sql.id(column(updates, "payload"))} ${log}), ${listingColumn(fields.retries)} = ${attempt.number - 1}, ${listingColumn(fields.retry)} = ${retry}, updated_at = ${attempt.at} WHERE id = (SELECT ${sql.id(column(updates, "channelVariantId"))} ${log} AND ${sql.id(column(updates, "type"))} = ${type}) AND company_id = ${sql.company}`;
}

logsDeliveries("channel-variant-update", (id, attempt) => {
  const { outcome } = attempt;
  const message = attemptMessage(attempt);
  const logged = updateSql(updates, attempt.at, id, [
    // `pending` only until the first attempt settles; a failed one is `error`, `retry` telling whether
    // another attempt follows (its time in `statusMessage`).
    ["status", outcome.ok ? "success" : "error"],
    ["statusMessage", message],
    ["response", outcome.responseText ? JSON.stringify(responseOf(outcome.responseText)) : null],
    ["retries", attempt.number - 1],
    ["retry", !outcome.ok && !attempt.final ? 1 : 0],
  ]);
  const pushed = [logged, listingPushState(id, attempt, "inventory"), listingPushState(id, attempt, "price")];
  if (outcome.ok) return [...pushed, ...publishAnswered(id, attempt.at, outcome.responseText)];
  if (!attempt.final) return pushed;
  // Given up: a publish's channel variant no longer waits for an answer or an acknowledgement.
  return [...pushed, listingFailed(id, attempt.at, message, [AWAITING_ANSWER, AWAITING_ACKNOWLEDGEMENT])];
});
