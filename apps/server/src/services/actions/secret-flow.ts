import { INBOUND_GRACE_MS } from "../../db/secret-sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { newInboundSecret, written } from "../../domain/secrets.ts";
import type { KindName } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import type { ActionHandlers } from "./types.ts";

/**
 * A new inbound secret for a record: the one it replaces is accepted until 24 hours from now (its
 * digest given that end first), the new one's digest is added by the kind's trigger with the write.
 */
async function rotateInboundSecret<N extends "custom-channel" | "inventory-feed">(
  ctx: Ctx,
  plan: WritePlan,
  kind: N,
  field: "webhookHash" | "hash",
  record: { id: number },
) {
  const secret = newInboundSecret();
  const value = await written(await ctx.secrets, { companyId: plan.companyId, kind, field }, secret, true);
  const previousExpiresAt = new Date(Date.parse(plan.now) + INBOUND_GRACE_MS).toISOString();
  plan.write({
    sql: "UPDATE inbound_secrets SET expires_at = ? WHERE kind = ? AND record_id = ? AND company_id = ? AND expires_at IS NULL",
    args: [previousExpiresAt, kind, record.id, plan.companyId],
  });
  const subject = plan.update(kind as KindName, record as never, { [field]: value } as never);
  return { secret, previousExpiresAt, subject };
}

/** The rotations of the inbound webhooks' secrets. */
export const secretHandlers = {
  "custom-channel.rotate-webhook-hash": {
    planned: {
      read: () => [],
      plan: async ({ ctx, record, plan }) => {
        const rotated = await rotateInboundSecret(ctx, plan, "custom-channel", "webhookHash", record);
        return {
          answer: { webhookHash: rotated.secret, previousExpiresAt: rotated.previousExpiresAt },
          subject: rotated.subject as typeof record,
        };
      },
    },
  },
  "inventory-feed.rotate-hash": {
    planned: {
      read: () => [],
      plan: async ({ ctx, record, plan }) => {
        const rotated = await rotateInboundSecret(ctx, plan, "inventory-feed", "hash", record);
        return {
          answer: { hash: rotated.secret, previousExpiresAt: rotated.previousExpiresAt },
          subject: rotated.subject as typeof record,
        };
      },
    },
  },
} satisfies Partial<ActionHandlers>;
