import { INBOUND_GRACE_MS } from "../../db/secret-sql.ts";
import { sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { newInboundSecret, newSigningSecret, written } from "../../domain/secrets.ts";
import type { RecordOf, ValuesOf } from "../../domain/store.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { type ActionHandlers, planned } from "./types.ts";

/**
 * A new inbound secret for a record: the one it replaces is accepted until 24 hours from now (its
 * digest given that end first), the new one's digest is added by the kind's trigger with the write.
 */
async function rotateInboundSecret<N extends "custom-channel" | "inventory-feed">(
  ctx: Ctx,
  plan: WritePlan,
  kind: N,
  field: "webhookHash" | "hash",
  record: RecordOf<N>,
) {
  const secret = newInboundSecret();
  const value = await written(await ctx.secrets, { companyId: plan.companyId, kind, field }, secret, true);
  const previousExpiresAt = new Date(Date.parse(plan.now) + INBOUND_GRACE_MS).toISOString();
  plan.write(
    sql`UPDATE inbound_secrets SET expires_at = ${previousExpiresAt} WHERE kind = ${kind} AND record_id = ${record.id} AND company_id = ${sql.company} AND expires_at IS NULL`,
  );
  const subject = plan.update(kind, record, { [field]: value } as ValuesOf<N>);
  return { secret, previousExpiresAt, subject };
}

type CallingOut = "custom-channel" | "dropship-provider" | "inventory-export" | "accounting-integration";

/** A new callout signing secret for a record: it signs every callout from now on. */
async function rotateSigningSecret<N extends CallingOut>(
  ctx: Ctx,
  plan: WritePlan,
  kind: N,
  record: RecordOf<N>,
) {
  const secret = newSigningSecret();
  const place = { companyId: plan.companyId, kind, field: "signingSecret" };
  const value = await written(await ctx.secrets, place, secret);
  // The subject as the plan leaves it: a record of whichever of the kinds the action is on.
  const subject = plan.update(kind, record, { signingSecret: value } as ValuesOf<N>);
  return { answer: { signingSecret: secret }, subject };
}

function signingRotation<K extends CallingOut>(kind: K) {
  return {
    planned: {
      reads: () => ({}),
      plan: async ({ ctx, record, plan }: { ctx: Ctx; record: RecordOf<K>; plan: WritePlan }) =>
        rotateSigningSecret(ctx, plan, kind, record),
    },
  };
}

/** The rotations of the inbound webhooks' secrets and of the callouts' signing secrets. */
export const secretHandlers = {
  "custom-channel.rotate-signing-secret": signingRotation("custom-channel"),
  "dropship-provider.rotate-signing-secret": signingRotation("dropship-provider"),
  "inventory-export.rotate-signing-secret": signingRotation("inventory-export"),
  "accounting-integration.rotate-signing-secret": signingRotation("accounting-integration"),
  "custom-channel.rotate-webhook-hash": {
    planned: planned({
      reads: () => ({}),
      plan: async ({ ctx, record, plan }) => {
        const rotated = await rotateInboundSecret(ctx, plan, "custom-channel", "webhookHash", record);
        return {
          answer: { webhookHash: rotated.secret, previousExpiresAt: rotated.previousExpiresAt },
          subject: rotated.subject,
        };
      },
    }),
  },
  "inventory-feed.rotate-hash": {
    planned: planned({
      reads: () => ({}),
      plan: async ({ ctx, record, plan }) => {
        const rotated = await rotateInboundSecret(ctx, plan, "inventory-feed", "hash", record);
        return {
          answer: { hash: rotated.secret, previousExpiresAt: rotated.previousExpiresAt },
          subject: rotated.subject,
        };
      },
    }),
  },
} satisfies Partial<ActionHandlers>;
