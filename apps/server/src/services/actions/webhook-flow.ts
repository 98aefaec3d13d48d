import {
  listDeliveries,
  planPing,
  planReplay,
  planRotateSecret,
  replayReads,
} from "../webhooks/endpoints.ts";
import { type ActionHandlers, planned } from "./types.ts";

/** The webhook endpoint actions: a ping, a replay, a new secret, the delivery log. */
export const webhookHandlers = {
  "webhook-endpoint.test": {
    planned: planned({
      reads: () => ({}),
      plan: ({ record, plan }) => ({ answer: planPing(record, plan), subject: record }),
    }),
  },
  "webhook-endpoint.replay": {
    planned: planned({
      reads: ({ id, input }) => replayReads(id, input.deliveryId),
      plan: ({ ctx, record, input, read, plan }) => ({
        answer: planReplay(ctx, record, input.deliveryId, read, plan),
        subject: record,
      }),
    }),
  },
  "webhook-endpoint.rotate-secret": {
    planned: planned({
      reads: () => ({}),
      plan: ({ record, plan }) => {
        const rotated = planRotateSecret(record, plan);
        return { answer: rotated.answer, subject: rotated.endpoint };
      },
    }),
  },
  "webhook-endpoint.deliveries": {
    run: ({ ctx, record, input }) => listDeliveries(ctx, record, input),
  },
} satisfies Partial<ActionHandlers>;
