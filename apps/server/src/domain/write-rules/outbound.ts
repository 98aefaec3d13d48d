/** Records naming URLs the service calls (checked against the outbound policy), and webhook endpoints' secrets. */
import { checkOutboundUrls } from "../outbound-urls.ts";
import { checkEndpoint, dropSecrets, prepareSecret, storeSecret } from "../webhook-endpoints.ts";
import type { WriteRules } from "./rule.ts";

export const outboundRules: WriteRules = {
  "dropship-provider": {
    async prepare({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["purchaseEndpoint"]);
      return values;
    },
  },
  "custom-channel": {
    async prepare({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["inventoryEndpoint"]);
      return values;
    },
  },
  "inventory-export": {
    async prepare({ ctx, values }) {
      await checkOutboundUrls(ctx.outbound, values, ["webhookUrl"]);
      return values;
    },
  },
  "webhook-endpoint": {
    async prepare({ ctx, values, current, input }) {
      await checkEndpoint(ctx, values);
      if (!current) return { ...values, secretHint: prepareSecret(input) };
      // Enabling an endpoint again starts its failure count afresh.
      if (values.enabled && !current.enabled) return { ...values, disabledReason: null, failingSince: null };
      return values;
    },
    async after({ ctx, before, record, input }) {
      return before ? undefined : ((await storeSecret(ctx, record, input)) as never);
    },
    async afterDelete({ ctx, record }) {
      await dropSecrets(ctx, record.id);
    },
  },
};
