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
 * in `response`, what happened in `statusMessage`, and why it failed for good in `statusProblem`. The
 * parcel counts the attempts (`channelAttempts`), says whether telling the channel failed for good
 * (`channelError`) and, a dropshipment, why (`sendShippingUpdateProblem`).
 */
logsDeliveries("channel-shipment-update", (id, attempt) => {
  const { outcome } = attempt;
  const status = outcome.ok ? "success" : attempt.final ? "error" : null;
  const problem = attempt.final
    ? JSON.stringify({ code: "delivery_failed", status: outcome.status ?? null, message: outcome.error })
    : null;
  const parcelOf = (column: "dropshipment_id" | "fulfillment_id") =>
    sql`(SELECT ${sql.id(column)} FROM channel_shipment_updates WHERE id = ${id} AND company_id = ${sql.company})`;
  const told = sql`channel_attempts = ${attempt.number}, channel_error = ${attempt.final ? 1 : 0}, updated_at = ${attempt.at}`;
  return [
    sql`UPDATE channel_shipment_updates SET status = ${status}, status_message = ${attemptMessage(attempt)}, response = ${JSON.stringify(answerOf(attempt))}, status_problem = ${problem}, updated_at = ${attempt.at} WHERE id = ${id} AND company_id = ${sql.company}`,
    sql`UPDATE dropshipments SET ${told}, send_shipping_update_problem = ${problem} WHERE id = ${parcelOf("dropshipment_id")} AND company_id = ${sql.company}`,
    sql`UPDATE fulfillments SET ${told} WHERE id = ${parcelOf("fulfillment_id")} AND company_id = ${sql.company}`,
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
