/**
 * A parcel waiting for approval (`requiresShippingApproval`: of the shipment, `approvalRequired`, or of
 * its rate, `rateRequired`) does not ship: every path that ships one checks it here first.
 */
import type { Fulfillment } from "@multichannel/schema";
import { contentConflict } from "./states.ts";

const WAITING_FOR: Readonly<Record<string, string>> = {
  approvalRequired: "approval of the shipment",
  rateRequired: "approval of its rate",
};

/** 409 naming the field, its value and how to go on, unless `fulfillment` may ship now. */
export function checkShippingApproved(fulfillment: Fulfillment): void {
  const approval = fulfillment.requiresShippingApproval;
  const waiting = WAITING_FOR[approval];
  if (!waiting) return;
  throw contentConflict(
    "fulfillment.ship",
    fulfillment,
    `Fulfillment ${fulfillment.id} is waiting for ${waiting}: its requiresShippingApproval is "${approval}". Once it is approved, set requiresShippingApproval to "approved" (PUT /fulfillments/${fulfillment.id}.json), then ship it.`,
    { rule: 'a parcel ships once requiresShippingApproval is "notRequired" or "approved"' },
  );
}
