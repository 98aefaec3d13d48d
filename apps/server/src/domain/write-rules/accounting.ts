/** Accounting payloads written by hand: a `pending` one is sent, as the ones the books make are. */
import { StaleRead } from "../../db/write-guards.ts";
import { refusedField } from "../../errors.ts";
import { endpointOf, planPayloadCallout } from "../accounting.ts";
import { one } from "../reads.ts";
import { creates, type WriteRules } from "./rule.ts";

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
          throw refusedField(
            "payloadType",
            `is ${payload.payloadType}, but accounting integration ${read.integration.id} has no ${payload.payloadType}Endpoint to send it to: set it, or record the payload as sent or error`,
          );
        }
        if (payload.payload === null) {
          throw refusedField("payload", "is required on a pending payload: it is sent as it is written");
        }
        planPayloadCallout(plan, payload, url, payload.payload);
        return payload;
      },
    }),
  },
};
