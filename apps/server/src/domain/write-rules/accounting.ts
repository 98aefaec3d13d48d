/**
 * Accounting payloads written by hand: a `pending` one is sent, as the ones the books make are, and
 * `PUT {"status": "pending"}` sends one again (the way to retry a payload that ended `error`).
 */
import type { AccountingIntegration, AccountingPayload } from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { StaleRead } from "../../db/write-guards.ts";
import { ApiError, refusedField } from "../../errors.ts";
import { endpointOf, planPayloadCallout } from "../accounting.ts";
import { fieldOf, one, rows, when } from "../reads.ts";
import type { WritePlan } from "../write-plan.ts";
import { creates, deletes, updates, type WriteRules } from "./rule.ts";

/**
 * The fields that say what a send carries and where it goes. Its callout was queued with them (the
 * body, the endpoint's field, the signer), so they do not change while it is queued: the record would
 * name a body or an endpoint other than the one the send goes out with.
 */
const SENT_AS = ["payload", "payloadType", "accountingIntegrationId"] as const;

/**
 * Whether a send of the payload is still queued (its callout pending, attempted or not). Held either
 * way: a send that settles meanwhile changes what the update may do. No index leads from a record to
 * its callouts, so the pending ones are searched through the index of due deliveries; only an update
 * that asks for a send or sends `SENT_AS` reads it.
 */
function queuedSend(id: number) {
  const queued = sql`SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND log_kind = 'accounting-payload' AND log_id = ${id} AND company_id = ${sql.company}`;
  return rows(
    queued,
    (found) => found.length > 0,
    (plan, isQueued) => plan.hold(isQueued ? sql`EXISTS (${queued})` : sql`NOT EXISTS (${queued})`),
  );
}

/**
 * Queues the send of a pending payload to its integration's endpoint for its type, as it is written:
 * 422 when the integration has no such endpoint or the payload has no body.
 */
function planSend(
  plan: WritePlan,
  integration: AccountingIntegration | undefined,
  payload: AccountingPayload,
) {
  // Not found: the reference names no integration of the company (a 422), or it went meanwhile.
  if (!integration) throw new StaleRead();
  const url = endpointOf(integration, payload.payloadType);
  if (!url) {
    throw refusedField(
      "payloadType",
      `is ${payload.payloadType}, but accounting integration ${integration.id} has no ${payload.payloadType}Endpoint to send it to: set it, or record the payload as sent or error`,
    );
  }
  if (payload.payload === null) {
    throw refusedField("payload", "is required on a pending payload: it is sent as it is written");
  }
  planPayloadCallout(plan, payload, url, payload.payload);
}

/** The 409 refusing a change of `changed` (fields of `SENT_AS`) while a send is queued. */
function queuedConflict(current: AccountingPayload, changed: readonly string[]): ApiError {
  const fields = changed.join(", ");
  return new ApiError(
    "conflict",
    `Accounting payload ${current.id} is being sent: its ${fields} cannot change while the send is tried, since the send goes out as it was queued. Once it is sent or error, PUT it with status "pending" and the new ${fields} to send again.`,
  );
}

export const accountingRules: WriteRules = {
  "accounting-payload": {
    // A `pending` payload is queued to its integration's endpoint for its type, in the create's batch;
    // one recorded as `sent` or `error` (a send made elsewhere) is only stored.
    planCreate: creates({
      reads: ({ values }) => ({
        integration: one("accounting-integration", values.accountingIntegrationId ?? 0),
      }),
      plan({ values, read, plan }) {
        const payload = plan.insert("accounting-payload", values);
        if (payload.status === "pending") planSend(plan, read.integration, payload);
        return payload;
      },
    }),
    // An update that asks for `pending` is a new send, with the values as the update leaves them,
    // unless one is queued already (a client that PUTs back the pending record it read sends nothing
    // twice): `pending` means "while it is tried", so a payload never stays pending with nothing queued.
    // The kind declares no lifecycle, so any status may be asked for, and a payload whose send ended is
    // the company's record to correct; but while a send is queued, `SENT_AS` stay as it was queued.
    planUpdate: updates({
      fields: ["status", ...SENT_AS],
      reads: ({ id, values }) => {
        const sends = values.status === "pending";
        const edits = SENT_AS.some((field) => values[field] !== undefined);
        const integrationId =
          values.accountingIntegrationId ?? fieldOf("accounting-payload", id, "accountingIntegrationId");
        return {
          integration: when(sends, one("accounting-integration", integrationId)),
          queued: when(sends || edits, queuedSend(id)),
        };
      },
      plan({ values, current, read, plan }) {
        const changed = SENT_AS.filter(
          (field) => values[field] !== undefined && values[field] !== current[field],
        );
        if (read.queued && changed.length) throw queuedConflict(current, changed);
        const resend = values.status === "pending" && !read.queued;
        if (!resend) return plan.update("accounting-payload", current, values);
        // A new send has no failure and no success yet; the last answer stays until it has its own.
        const payload = plan.update("accounting-payload", current, {
          ...values,
          errorMessage: null,
          sentAt: null,
        });
        planSend(plan, read.integration, payload);
        return payload;
      },
    }),
    // A payload whose send is queued is the record of that send: it stays until the send is sent or
    // error, so that what goes out to the accounting system is always named by a record.
    planDelete: deletes({
      reads: ({ id }) => ({ queued: queuedSend(id) }),
      plan({ current, read }) {
        if (!read.queued) return;
        throw new ApiError(
          "conflict",
          `Accounting payload ${current.id} is being sent: it cannot be deleted while the send is tried. Delete it once it is sent or error.`,
        );
      },
    }),
  },
};
