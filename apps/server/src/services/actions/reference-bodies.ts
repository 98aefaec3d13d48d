/**
 * The reference service's request bodies of the purchase actions, turned into this service's inputs:
 * `ids` (purchase items taken whole; `[]` means every line), `trackingCompany` and `serviceLevel`.
 */
import {
  actions,
  type Purchase,
  type PurchaseCancelInput,
  type PurchaseItem,
  type PurchaseShipInput,
} from "@multichannel/schema";
import { unshippedOf } from "../../domain/books.ts";
import { sameFactValues } from "../../domain/same-facts.ts";
import { stateConflict } from "../../domain/states.ts";
import { ApiError, type FieldError } from "../../errors.ts";

type Lines = PurchaseShipInput["items"];

/**
 * `ids` as lines (of the purchase's `items` as read), each with what is left of it; `[]` (or absent)
 * leaves the choice to `items`.
 */
function linesNamedBy(
  purchase: Purchase,
  items: readonly PurchaseItem[],
  input: { ids?: number[] | null; items?: Lines },
  verb: string,
): Lines {
  const ids = input.ids ?? [];
  if (!ids.length) return input.items;
  if (input.items) {
    throw new ApiError("validation_failed", "Name the lines with items or with ids, not both.", {
      errors: [{ path: "ids", message: "cannot be sent with items: name the lines with one or the other" }],
    });
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const errors: FieldError[] = [];
  const lines = [...new Set(ids)].flatMap((id) => {
    const item = byId.get(id);
    const path = `ids.${ids.indexOf(id)}`;
    if (!item) {
      errors.push({ path, message: `names no item of purchase ${purchase.id} (id ${id})` });
      return [];
    }
    const left = unshippedOf(item);
    if (left <= 0) {
      errors.push({
        path,
        message: `names purchase item ${id} (${item.sku}), of which nothing is left to ${verb}`,
      });
      return [];
    }
    return [{ purchaseItemId: id, quantity: left }];
  });
  if (errors.length) {
    throw new ApiError("validation_failed", `Cannot ${verb} these lines of purchase ${purchase.id}.`, {
      errors,
    });
  }
  return lines;
}

/** `POST /purchases/{id}/ship.json` in either form, as `planShipPurchase` takes it, from the lines read. */
export function shipInputFrom(
  purchase: Purchase,
  items: readonly PurchaseItem[],
  input: PurchaseShipInput,
): PurchaseShipInput {
  // The reference's names of the carrier and service are this service's: one fact, either name.
  const names = sameFactValues("dropshipment", {
    carrier: input.carrier,
    trackingCompany: input.trackingCompany,
    service: input.service,
    serviceLevel: input.serviceLevel,
  });
  return {
    trackingNumber: input.trackingNumber,
    carrier: names.carrier,
    service: names.service,
    shippedAt: input.shippedAt,
    channelNotification: input.channelNotification,
    items: linesNamedBy(purchase, items, input, "ship"),
  };
}

/** `PUT /purchases/{id}/cancel.json` in either form, as `planCancelPurchase` takes it, from the lines read. */
export function cancelInputFrom(
  purchase: Purchase,
  items: readonly PurchaseItem[],
  input: PurchaseCancelInput,
): PurchaseCancelInput {
  if (input.setQuantities === false) {
    const message = "must be true: cancelling records the cancelled quantities";
    throw new ApiError("validation_failed", `setQuantities ${message}.`, {
      errors: [{ path: "setQuantities", message }],
    });
  }
  return { reason: input.reason, items: linesNamedBy(purchase, items, input, "cancel") };
}

/** The states `ship` is allowed from, as the manifest declares them. */
const shippable = actions.find(({ kind, action }) => kind.name === "purchase" && action.name === "ship")!
  .action.from!;

/** 409 unless the purchase is in a state `ship` is allowed from (checked before anything is made). */
export function checkShippable(purchase: Purchase): void {
  if (shippable.includes(purchase.status)) return;
  throw stateConflict(
    "purchase",
    purchase,
    `Purchase ${purchase.id} is ${purchase.status}: it ships once sent (allowed from ${shippable.join(", ")}).`,
  );
}
