/** Records naming URLs the service calls (checked against the outbound policy), and webhook endpoints' secrets. */
import { sql } from "../../db/sql.ts";
import { ApiError } from "../../errors.ts";
import { checkOutboundUrls } from "../outbound-urls.ts";
import { many, type Read } from "../reads.ts";
import type { RecordOf } from "../store.ts";
import { checkEndpoint, newSecret, secretHint } from "../webhook-endpoints.ts";
import { creates, deletes, updates, type WriteRules } from "./rule.ts";

/** The most webhook endpoints one company may have. */
export const MAX_ENDPOINTS = 20;

export const outboundRules: WriteRules = {
  "dropship-provider": {
    async check({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["purchaseEndpoint"]);
      return values;
    },
  },
  "custom-channel": {
    async check({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["inventoryEndpoint"]);
      return values;
    },
  },
  "inventory-export": {
    async check({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["webhookUrl"]);
      return values;
    },
  },
  "webhook-endpoint": {
    async check({ ctx, values }) {
      await checkEndpoint(ctx, values);
      return values;
    },
    // Its signing secret is made with it and answered this once; records and events show a hint. A
    // company has at most `MAX_ENDPOINTS`: each one multiplies the deliveries every change makes.
    planCreate: creates<"webhook-endpoint", { endpoints: Read<RecordOf<"webhook-endpoint">[]> }>({
      reads: () => ({ endpoints: many("webhook-endpoint", sql`1`, { hold: "count" }) }),
      plan({ values, read, plan }) {
        if (read.endpoints.length >= MAX_ENDPOINTS) {
          throw new ApiError(
            "conflict",
            `This company has ${read.endpoints.length} webhook endpoints, the most it may have: delete one it no longer needs, or subscribe an endpoint to more events.`,
          );
        }
        const secret = newSecret();
        const endpoint = plan.insert("webhook-endpoint", { ...values, secretHint: secretHint(secret) });
        plan.write(
          sql`INSERT INTO webhook_secrets (company_id, endpoint_id, secret, created_at) VALUES (${sql.company}, ${endpoint.id}, ${secret}, ${plan.now})`,
        );
        return { ...endpoint, secret };
      },
    }),
    planUpdate: updates<"webhook-endpoint", Record<never, never>>({
      reads: () => ({}),
      plan({ values, current, plan }) {
        // Enabling an endpoint again starts its failure count afresh.
        const again = values.enabled && !current.enabled ? { disabledReason: null, failingSince: null } : {};
        return plan.update("webhook-endpoint", current, { ...values, ...again });
      },
    }),
    // Its secrets (two at most) go with it. Its deliveries and their attempts, a log as long as its
    // history (millions of rows for a busy one), are left to the dispatcher's prune, which removes them
    // in batches: the delete only notes the endpoint. Meanwhile none is read (they are read through the
    // endpoint) and none is sent (an attempt finds the endpoint gone).
    planDelete: deletes<"webhook-endpoint", Record<never, never>>({
      reads: () => ({}),
      plan({ current, plan }) {
        plan.write(
          sql`DELETE FROM webhook_secrets WHERE endpoint_id = ${current.id} AND company_id = ${sql.company}`,
        );
        plan.write(
          sql`INSERT INTO deleted_endpoint_logs (endpoint_id, company_id) VALUES (${current.id}, ${sql.company})`,
        );
      },
    }),
  },
};
