/**
 * Shipments told to the sale's channel: when a dropshipment or a fulfillment of a channel's sale ships,
 * each enabled custom channel of that channel with a `fulfillmentEndpoint` is sent the parcel, in the
 * reference's shape `{"instance": {<the parcel as the API shows it>, "purchase": {...}}}`. The
 * `channel-shipment-update` that logs it and its callout are written in the batch of the shipment; the
 * dispatcher sends it (signed with the custom channel's signing secret, its webhook hash over https) and
 * writes each attempt's outcome into the update (`services/webhooks/work-logs.ts`).
 */
import type { CustomChannel, Dropshipment, Fulfillment, Purchase } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { calloutStatement } from "../../domain/callouts.ts";
import { fieldIs, fieldOf, many, type Snapshot } from "../../domain/reads.ts";
import type { WritePlan } from "../../domain/write-plan.ts";

/** How long the channel has to answer (the reference expects a 200, no time given; as a purchase order). */
const CHANNEL_TIMEOUT_MS = 10_000;

/**
 * What telling a sale's channel reads: the custom channels of the sale's channel (`saleId`: SQL answering
 * it) that are enabled and have a fulfillment endpoint. Held: the callouts go where they say.
 */
export function channelShipmentReads(saleId: Sql) {
  const channelId = fieldOf("sale", saleId, "channelId");
  return {
    shipmentChannels: many(
      "custom-channel",
      sql`${fieldIs("custom-channel", "channelId", channelId)} AND enabled IS NOT 0 AND fulfillment_endpoint IS NOT NULL`,
    ),
  };
}

export type ChannelShipmentRead = Snapshot<ReturnType<typeof channelShipmentReads>>;

/** A parcel that shipped: a dropshipment (with its purchase) or a fulfillment, as the plan leaves it. */
export type Shipped =
  | { dropshipment: Dropshipment; purchase: Purchase }
  | { fulfillment: Fulfillment; purchase?: undefined };

/**
 * Plans telling the channel about a parcel that shipped: for each custom channel read, the
 * `channel-shipment-update` (no `status` until the first attempt settles: a pending update claims
 * neither success nor error) and its callout. A parcel whose `channelNotification` is `mute` is not
 * told, and leaves no update.
 */
export function planChannelShipment(plan: WritePlan, read: ChannelShipmentRead, shipped: Shipped): void {
  const parcel = "dropshipment" in shipped ? shipped.dropshipment : shipped.fulfillment;
  if (parcel.channelNotification === "mute" || !parcel.saleId) return;
  const body = JSON.stringify({ instance: { ...parcel, purchase: shipped.purchase ?? null } });
  for (const custom of read.shipmentChannels) planChannelCallout(plan, custom, shipped, body);
}

function planChannelCallout(plan: WritePlan, custom: CustomChannel, shipped: Shipped, body: string): void {
  const url = custom.fulfillmentEndpoint;
  if (!url || custom.channelId === null) return;
  const update = plan.insert("channel-shipment-update", {
    channelId: custom.channelId,
    ...("dropshipment" in shipped
      ? { dropshipmentId: shipped.dropshipment.id }
      : { fulfillmentId: shipped.fulfillment.id }),
    // The body as sent, kept as JSON (its parse is the JSON value the field holds).
    payload: JSON.parse(body),
    status: null,
    statusMessage: `Queued for ${url}.`,
  });
  plan.write(
    calloutStatement(plan.now, {
      purpose: "channel-shipment",
      type: "shipment.callout",
      url,
      contentType: "application/json",
      body,
      log: { kind: "channel-shipment-update", id: update.id },
      signer: `custom-channel:${custom.id}`,
      timeoutMs: CHANNEL_TIMEOUT_MS,
    }),
  );
}
