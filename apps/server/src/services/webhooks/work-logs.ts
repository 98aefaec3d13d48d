/**
 * The log writers of the work behind the records (DESIGN.md 6a) that this service sends as callouts: a
 * shipment told to a channel (`channel-shipment-update`) and a record sent to an accounting system
 * (`accounting-payload`). Each attempt's outcome is written into the record its callout names, in the
 * batch that records the attempt (`deliveries.ts`).
 */
import { sql } from "../../db/sql.ts";
import { type Attempt, attemptMessage, logsDeliveries } from "./delivery-logs.ts";

/** The receiver's answer as a JSON value: its JSON when it is JSON, else its text. */
function answerOf(attempt: Attempt): unknown {
  const text = attempt.outcome.responseText;
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A shipment told to a channel: no status while it is retried (the reference's `status` is only
 * `success` or `error`), `success` once the channel took it, `error` when given up; the receiver's answer
 * in `response`, what happened in `statusMessage`, and why it failed for good in `statusProblem`. A parcel
 * may be told to several channels, one update each: it counts the attempts of all of them
 * (`channelAttempts`), says whether telling any of them failed for good (`channelError`, from its
 * updates as this attempt leaves them) and, a dropshipment, why (`sendShippingUpdateProblem`: the problem
 * of its update that failed last, none while none failed).
 */
logsDeliveries("channel-shipment-update", (id, attempt) => {
  const { outcome } = attempt;
  const status = outcome.ok ? "success" : attempt.final ? "error" : null;
  const problem = attempt.final
    ? JSON.stringify({ code: "delivery_failed", status: outcome.status ?? null, message: outcome.error })
    : null;
  /** The parcel's updates that failed for good, in a statement that updates the parcel (`parcels`). */
  const failed = (parcels: "dropshipments" | "fulfillments", column: "dropshipment_id" | "fulfillment_id") =>
    sql`FROM channel_shipment_updates AS told WHERE told.company_id = ${sql.company} AND told.${sql.id(column)} = ${sql.id(parcels)}.id AND told.status = ${"error"}`;
  const told = (parcels: "dropshipments" | "fulfillments", column: "dropshipment_id" | "fulfillment_id") =>
    sql`channel_attempts = COALESCE(channel_attempts, 0) + 1, channel_error = EXISTS (SELECT 1 ${failed(parcels, column)}), updated_at = ${attempt.at}`;
  const parcelOf = (column: "dropshipment_id" | "fulfillment_id") =>
    sql`(SELECT ${sql.id(column)} FROM channel_shipment_updates WHERE id = ${id} AND company_id = ${sql.company})`;
  const lastProblem = sql`(SELECT told.status_problem ${failed("dropshipments", "dropshipment_id")} ORDER BY told.updated_at DESC, told.id DESC LIMIT 1)`;
  return [
    sql`UPDATE channel_shipment_updates SET status = ${status}, status_message = ${attemptMessage(attempt)}, response = ${JSON.stringify(answerOf(attempt))}, status_problem = ${problem}, updated_at = ${attempt.at} WHERE id = ${id} AND company_id = ${sql.company}`,
    sql`UPDATE dropshipments SET ${told("dropshipments", "dropshipment_id")}, send_shipping_update_problem = ${lastProblem} WHERE id = ${parcelOf("dropshipment_id")} AND company_id = ${sql.company}`,
    sql`UPDATE fulfillments SET ${told("fulfillments", "fulfillment_id")} WHERE id = ${parcelOf("fulfillment_id")} AND company_id = ${sql.company}`,
  ];
});

/**
 * A record sent to an accounting system: `sent` (with `sentAt`) once the endpoint took it, `pending`
 * while it is retried, `error` when given up; the endpoint's status and answer, and the failure's reason.
 */
logsDeliveries("accounting-payload", (id, attempt) => {
  const { outcome } = attempt;
  const status = outcome.ok ? "sent" : attempt.final ? "error" : "pending";
  return sql`UPDATE accounting_payloads SET status = ${status}, response_status = ${outcome.status ?? null}, response_body = ${outcome.responseText ?? null}, error_message = ${outcome.ok ? null : attemptMessage(attempt)}, sent_at = ${outcome.ok ? attempt.at : null}, updated_at = ${attempt.at} WHERE id = ${id} AND company_id = ${sql.company}`;
});
