/** Acknowledge-variant: the store's id of a published variant, by its sku. */

import type { Channel, ChannelAcknowledgeVariantInput, ChannelVariant } from "@multichannel/schema";
import { acknowledgeableStates, listedFirst, listingReads } from "../../domain/channel-listings.ts";
import { many, type Snapshot } from "../../domain/reads.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";

/**
 * What acknowledging reads: the channel variants listed under the sku (`listingReads`), and the one that
 * holds the external id (held: still that one, or still none: one that came meanwhile makes the attempt
 * stale, not a UNIQUE clash).
 */
export function acknowledgeVariantReads(channelId: number, input: ChannelAcknowledgeVariantInput) {
  return {
    ...listingReads(channelId, input.sku),
    holders: many(
      "channel-variant",
      { channelId, externalId: input.externalId },
      { limit: 1, hold: "count" },
    ),
  };
}

/**
 * Plans `PUT /channels/{id}/acknowledge-variant.json`: the store's id of a published variant; it
 * becomes connected. Answers the channel variant as the plan leaves it.
 */
export function planAcknowledgeVariant({
  channel,
  input,
  read,
  plan,
}: {
  channel: Channel;
  input: ChannelAcknowledgeVariantInput;
  read: Snapshot<ReturnType<typeof acknowledgeVariantReads>>;
  plan: WritePlan;
}): ChannelVariant {
  const [found] = listedFirst(read.listed);
  if (!found)
    throw new ApiError("not_found", `No channel variant with sku ${input.sku} on channel ${channel.id}.`);
  const allowed = acknowledgeableStates();
  const state = found.status;
  if (!allowed.includes(state)) {
    throw new ApiError(
      "conflict",
      `Cannot acknowledge channel variant ${found.id}: it is ${state}; only a channel variant that is ${allowed.join(", ")} can be acknowledged.`,
      { state, allowedStates: allowed },
    );
  }
  const [holder] = read.holders;
  if (holder && holder.id !== found.id) {
    throw new ApiError(
      "conflict",
      `Channel variant ${holder.id} of this channel already has external id ${input.externalId}.`,
      { fields: ["channelId", "externalId"] },
    );
  }
  return plan.update(
    "channel-variant",
    found,
    transitionValues("channel-variant", found, "connected", {
      externalId: input.externalId,
      errorMessage: null,
    }),
    { movesState: true },
  );
}
