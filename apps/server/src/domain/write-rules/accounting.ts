/** Accounting payloads written by hand: a `pending` one is sent, as the ones the books make are. */
import { StaleRead } from "../../db/write-guards.ts";
import { ApiError } from "../../errors.ts";
import { endpointOf, planPayloadCallout } from "../accounting.ts";
import { one } from "../reads.ts";
import { creates, type WriteRules } from "./rule.ts";

/** A 422 naming the field that keeps a pending payload from being sent. */
function unsendable(path: string, message: string): ApiError {
  return new ApiError("validation_failed", message, { errors: [{ path, message }] });
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
        if (payload.status !== "pending") return payload;
        // Not found: the reference names no integration of the company (a 422), or it went meanwhile.
        if (!read.integration) throw new StaleRead();
        const url = endpointOf(read.integration, payload.payloadType);
        if (!url) {
          throw unsendable(
            "payloadType",
            `Accounting integration ${read.integration.id} has no ${payload.payloadType}Endpoint to send a ${payload.payloadType} payload to: set it, or record the payload as sent or error.`,
          );
        }
        if (payload.payload === null) {
          throw unsendable("payload", "A pending payload is sent as it is written: give its payload.");
        }
        planPayloadCallout(plan, payload, url, payload.payload);
        return payload;
      },
    }),
  },
};
