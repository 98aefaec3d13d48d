/**
 * The deliveries of purchase orders (a callout to the provider's endpoint, an e-mail to each of its
 * recipients), each logged on its purchase notification. At each attempt the order is checked against
 * its purchase as it is then: one whose purchase was deleted, cancelled, given to another provider (or
 * taken back to pending), or is no longer approved or finalized, is given up, never sent. And when the
 * last attempt of the latest send fails while no recipient got the order, the purchase's `orderProblem`
 * says what failed, in the batch that records the failure.
 */
import type { InStatement } from "@libsql/client";
import type { Purchase, PurchaseNotification } from "@multichannel/schema";
import { type Db, type Executor, firstRow } from "../../db/database.ts";
import { sql } from "../../db/sql.ts";
import { optimistically } from "../../db/write-guards.ts";
import {
  fieldOf,
  holdSnapshot,
  many,
  one,
  type Read,
  readStatements,
  type Snapshot,
  snapshotOf,
} from "../../domain/reads.ts";
import { WritePlan } from "../../domain/write-plan.ts";
import type { Attempt } from "./delivery-logs.ts";

/** The kind of the record that logs a purchase order's delivery. */
export const PURCHASE_ORDER_LOG = "purchase-notification";

/** A purchase order's delivery, as the dispatcher knows it. */
export interface PurchaseOrderDelivery {
  readonly companyId: number;
  /** Its purchase notification. */
  readonly notificationId: number;
  /** When it was queued (ISO 8601). */
  readonly queuedAt: string;
}

/**
 * Why a purchase order is not delivered at this attempt, read from its notification and its purchase as
 * they are now ("Purchase 12 was cancelled after it was sent."), or undefined when it is still owed: its
 * purchase is still there, not cancelled, not taken back to pending, still with the provider the order
 * was made for, approved and finalized.
 */
export async function purchaseOrderWithdrawn(
  db: Executor,
  delivery: PurchaseOrderDelivery,
): Promise<string | undefined> {
  const found = await firstRow(
    db,
    sql`SELECT n.purchase_id, n.dropship_provider_id, n.created_at, p.id AS found, p.status, p.dropship_provider_id AS provider_now, p.approved, p.finalized FROM purchase_notifications n LEFT JOIN purchases p ON p.id = n.purchase_id AND p.company_id = n.company_id WHERE n.id = ${delivery.notificationId} AND n.company_id = ${sql.company}`.statementFor(
      delivery.companyId,
    ),
  );
  // Its notification is deleted with its purchase (a record made later under its id counts as gone).
  if (!found || String(found.created_at) > delivery.queuedAt) {
    return `Purchase notification ${delivery.notificationId}, which logs it, was deleted (with its purchase, or on its own).`;
  }
  const purchase = `Purchase ${Number(found.purchase_id)}`;
  if (found.found === null) return `${purchase} was deleted after it was sent.`;
  if (found.status === "cancelled") return `${purchase} was cancelled after it was sent.`;
  const madeFor = found.dropship_provider_id === null ? null : Number(found.dropship_provider_id);
  const providerNow = found.provider_now === null ? null : Number(found.provider_now);
  if (providerNow !== madeFor) {
    return providerNow === null
      ? `${purchase} no longer has a dropship provider (it was sent to dropship provider ${madeFor}).`
      : `${purchase} was moved to dropship provider ${providerNow} after it was sent to dropship provider ${madeFor}.`;
  }
  if (found.status === "pending") {
    return `${purchase} went back to pending after it was sent (moved to another dropship provider and back): send it again.`;
  }
  // The fields that hold back a send (`checkReadyToSend`), set false after it (null is not false).
  const isFalse = (stored: unknown) => stored !== null && Number(stored) === 0;
  if (isFalse(found.approved)) {
    return `${purchase} was no longer approved after it was sent (approved is false): set approved to true and send it again.`;
  }
  if (isFalse(found.finalized)) {
    return `${purchase} was made a draft after it was sent (finalized is false): set finalized to true and send it again.`;
  }
  return undefined;
}

/**
 * What a purchase order's failure for good reads: its notification, its purchase, and the notifications
 * of the send it was made by (made in the same batch as the purchase's `sentAt`: the other recipients'
 * e-mails). All held: another recipient's delivery that succeeded meanwhile keeps the purchase sent.
 */
function failureReads(notificationId: number) {
  const purchaseId = fieldOf("purchase-notification", notificationId, "purchaseId");
  return {
    notification: one("purchase-notification", notificationId),
    purchase: one("purchase", purchaseId),
    sameSend: many(
      "purchase-notification",
      sql`purchase_id = ${purchaseId} AND created_at = ${fieldOf("purchase", purchaseId, "sentAt")}`,
    ),
  };
}

/** A sentence, ending with its full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * Plans what a purchase order's failure for good does to its purchase: when it was made by the
 * purchase's latest send, the purchase is still `sent` and with the provider it was made for, and none
 * of that send's recipients got it (every other notification of the send is an `error`), its
 * `orderProblem` says what failed; else nothing (it moved on, or the order reached the provider another
 * way).
 */
function planPurchaseOrderFailure(
  read: Snapshot<ReturnType<typeof failureReads>>,
  plan: WritePlan,
  attempt: Attempt,
): Purchase | undefined {
  const { notification, purchase } = read;
  if (!notification || !purchase || purchase.status !== "sent") return undefined;
  if (purchase.dropshipProviderId !== notification.dropshipProviderId) return undefined;
  if (notification.createdAt !== purchase.sentAt) return undefined;
  const others = read.sameSend.filter((other) => other.id !== notification.id);
  if (others.some((other) => other.status !== "error")) return undefined;
  const to = recipientOf(notification, attempt);
  const error = sentence(attempt.outcome.error ?? "no answer");
  const alsoFailed = others.map((other) => other.recipient).filter((recipient) => recipient);
  const problem = `Not delivered to ${to}: ${error} No more attempts.${
    alsoFailed.length ? ` Not delivered to ${alsoFailed.join(", ")} either.` : ""
  } Send it again once the provider can take it, or choose another format.`;
  return plan.update("purchase", purchase, { orderProblem: problem });
}

/** Where the failed order went: its notification's recipient, else the attempt's address. */
function recipientOf(notification: PurchaseNotification, attempt: Attempt): string {
  if (notification.recipient) return notification.recipient;
  return attempt.url.startsWith("mailto:") ? attempt.url.slice("mailto:".length) : attempt.url;
}

/**
 * Records a purchase order's failure for good: `statements` (the attempt, the delivery's end, its
 * notification and its `error` record) and what it does to the purchase (`planPurchaseOrderFailure`),
 * in one batch that applies only while what it read is as read (else planned again from a fresh read).
 * `claimed` reads whether the delivery is still the attempt's: once another process claimed it again,
 * nothing is recorded.
 */
export function settlePurchaseOrderFailure(
  db: Db,
  delivery: PurchaseOrderDelivery,
  attempt: Attempt,
  statements: readonly InStatement[],
  claimed: Read<boolean>,
): Promise<unknown> {
  const reads = { ...failureReads(delivery.notificationId), claimed };
  const reading = readStatements(delivery.companyId, reads);
  return optimistically(db, async (session) => {
    const plan = new WritePlan(delivery.companyId, attempt.at);
    const snapshot = snapshotOf(reads, await session.read(reading));
    if (!snapshot.claimed) return undefined;
    planPurchaseOrderFailure(snapshot, plan, attempt);
    holdSnapshot(plan, reads, snapshot);
    plan.append(statements);
    return plan.apply(session);
  });
}
