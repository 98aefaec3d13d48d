/**
 * The records that log a delivery's outcome. A callout names the record that logs it (`Callout.log`:
 * a purchase notification, and the kinds of the work behind the records); each attempt's outcome is
 * written into that record in the batch that records the attempt, by the writer its kind registers
 * here. A delivery that fails for good also leaves an `error` record the company can list and filter.
 */
import { type Sql, sql } from "../../db/sql.ts";
import type { DeliveryLog } from "../../domain/callouts.ts";
import { failureRecord, withinCharacters } from "../../domain/failures.ts";
import type { Outcome } from "./outbound.ts";

/** One attempt of a delivery, as its log record sees it. */
export interface Attempt {
  /** The attempt's outcome: the receiver's status and answer, or why there was none. */
  readonly outcome: Outcome;
  /** 1 for the first attempt. */
  readonly number: number;
  /** When the next attempt is due (ISO 8601), or null when there is none. */
  readonly next: string | null;
  /** It failed and no attempt follows. */
  readonly final: boolean;
  /** When it was made (ISO 8601). */
  readonly at: string;
  /** Where it went. */
  readonly url: string;
}

/** The record that logs a delivery: its kind and id, as a callout names it. */
export type { DeliveryLog };

/**
 * Writes an attempt into the log record `id` (its company bound when the batch runs), and what follows
 * from it for the records the log is about (a published channel variant's store id, the count of the
 * attempts made to tell a shipment's channel): statements of the batch that records the attempt.
 */
export type LogWriter = (id: number, attempt: Attempt) => Sql | readonly Sql[];

/** What an attempt says in words: delivered, or why not and what follows. */
export function attemptMessage(attempt: Attempt): string {
  const { outcome } = attempt;
  if (outcome.ok)
    return withinCharacters(attempt.url.startsWith("mailto:") ? mailed(attempt) : delivered(attempt), 2000);
  const then = attempt.next ? ` Next attempt at ${attempt.next}.` : " No more attempts.";
  return withinCharacters(`Attempt ${attempt.number} failed: ${outcome.error}${then}`, 2000);
}

function delivered({ url, outcome }: Attempt): string {
  return `Delivered to ${url}: the receiver answered ${outcome.status}.`;
}

/** An e-mail the mail server took: its reply (`250 2.0.0 Ok: queued as ...`) says where to trace it. */
function mailed({ url, outcome }: Attempt): string {
  const to = url.slice("mailto:".length);
  return outcome.responseText
    ? `E-mailed to ${to}: the mail server answered "${outcome.responseText}".`
    : `E-mailed to ${to}: the mail server accepted it.`;
}

/**
 * What a delivery given up before anything was sent says (its record or its purchase moved on meanwhile):
 * `Not delivered: purchase 12 was cancelled after it was sent.`
 */
function givenUpMessage(attempt: Attempt): string {
  const reason = attempt.outcome.error ?? "what it was sent for is gone.";
  return withinCharacters(`Not delivered: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`, 2000);
}

/**
 * A purchase order sent to its provider: `success`, `pending` while retried, `error` when its attempts
 * are spent or it is given up (`givenUpMessage`: nothing was sent).
 */
const purchaseNotification: LogWriter = (id, attempt) => {
  const message = attempt.outcome.final ? givenUpMessage(attempt) : attemptMessage(attempt);
  return sql`UPDATE purchase_notifications SET status = ${attempt.outcome.ok ? "success" : attempt.final ? "error" : "pending"}, message = ${message}, updated_at = ${attempt.at} WHERE id = ${id} AND company_id = ${sql.company}`;
};

/** The log writers, by the kind of the record a callout names. */
const writers = new Map<string, LogWriter>([["purchase-notification", purchaseNotification]]);

/** Registers the writer of a kind that logs deliveries (each kind's module, once, as it loads). */
export function logsDeliveries(kind: string, writer: LogWriter): void {
  writers.set(kind, writer);
}

/** The statements that write an attempt into its log record, if the delivery names one. */
export function logStatements(log: DeliveryLog | undefined, attempt: Attempt): readonly Sql[] {
  if (!log) return [];
  const writer = writers.get(log.kind);
  if (!writer) throw new Error(`No log writer for ${log.kind}: register one with logsDeliveries.`);
  const written = writer(log.id, attempt);
  return sql.is(written) ? [written] : written;
}

/** What failed for good, for its `error` record. */
export interface Failure {
  /** What was running: the delivery's purpose (`webhook`, `purchase-order`, `email`, ...). */
  readonly source: string;
  readonly deliveryId: number;
  /** The record concerned: the delivery's log record, or the webhook endpoint. */
  readonly subject?: DeliveryLog;
}

/**
 * The `error` record of a delivery that failed for good: what, where, the last answer (none while the
 * record it is about mutes its errors: `failureRecord`).
 */
export function deliveryFailureRecord(failure: Failure, attempt: Attempt): Sql {
  return failureRecord(
    {
      source: failure.source,
      code: "delivery_failed",
      message: `Delivery ${failure.deliveryId} to ${attempt.url} failed after ${attempt.number} attempts: ${attempt.outcome.error ?? "no answer"}`,
      details: {
        deliveryId: failure.deliveryId,
        url: attempt.url,
        attempts: attempt.number,
        ...(attempt.outcome.status !== undefined ? { status: attempt.outcome.status } : {}),
      },
      ...(failure.subject ? { subject: failure.subject } : {}),
    },
    attempt.at,
  );
}
