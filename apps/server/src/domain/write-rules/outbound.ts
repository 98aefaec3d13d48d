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
    // Its secrets and its deliveries (with their attempts) are not a kind's records, so the delete of the
    // record does not take them: they go with it, and what was still to be sent is not sent.
    planDelete: deletes<"webhook-endpoint", Record<never, never>>({
      reads: () => ({}),
      plan({ current, plan }) {
        const own = sql`endpoint_id = ${current.id} AND company_id = ${sql.company}`;
        plan.write(sql`DELETE FROM webhook_secrets WHERE ${own}`);
        plan.write(
          sql`DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE ${own})`,
        );
        plan.write(sql`DELETE FROM webhook_deliveries WHERE ${own}`);
      },
    }),
  },
};
