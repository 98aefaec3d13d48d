import { listDeliveries, planRotateSecret, queuePing, replayDelivery } from "../webhooks/endpoints.ts";
import type { ActionHandlers } from "./types.ts";

/** The webhook endpoint actions: a ping, a replay, a new secret, the delivery log. */
export const webhookHandlers = {
  "webhook-endpoint.test": {
    run: ({ ctx, record }) => queuePing(ctx, record),
  },
  "webhook-endpoint.replay": {
    run: ({ ctx, record, input }) => replayDelivery(ctx, record, input.deliveryId),
  },
  "webhook-endpoint.rotate-secret": {
    planned: {
      read: () => [],
      plan: ({ record, plan }) => {
        const rotated = planRotateSecret(record, plan);
        return { answer: rotated.answer, subject: rotated.endpoint };
      },
    },
  },
  "webhook-endpoint.deliveries": {
    run: ({ ctx, record, input }) => listDeliveries(ctx, record, input),
  },
} satisfies Partial<ActionHandlers>;
