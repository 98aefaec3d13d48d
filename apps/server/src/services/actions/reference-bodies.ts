/**
 * The reference service's request bodies of the purchase actions, turned into this service's inputs:
 * `ids` (purchase items taken whole; `[]` means every line), `trackingCompany` and `serviceLevel`.
 */
import {
  actions,
  type Label,
  type Purchase,
  type PurchaseCancelInput,
  type PurchaseShipInput,
} from "@multichannel/schema";
import { unshippedOf } from "../../domain/books.ts";
import type { Ctx } from "../../domain/context.ts";
import { stateConflict } from "../../domain/states.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { selectWhere } from "./core.ts";
import { shipPurchase } from "./purchases.ts";

type Lines = PurchaseShipInput["items"];

/** `ids` as lines, each with what is left of it; `[]` (or absent) leaves the choice to `items`. */
async function linesOfIds(
  ctx: Ctx,
  purchase: Purchase,
  input: { ids?: number[] | null; items?: Lines },
  verb: string,
): Promise<Lines> {
  const ids = input.ids ?? [];
  if (!ids.length) return input.items;
  if (input.items) {
    const message = "Name the lines with items or with ids, not both.";
    throw new ApiError("validation_failed", message, { errors: [{ path: "ids", message }] });
  }
  const items = new Map(
    (await selectWhere(ctx, "purchase-item", { purchaseId: purchase.id })).map((item) => [item.id, item]),
  );
  const errors: FieldError[] = [];
  const lines = [...new Set(ids)].flatMap((id) => {
    const item = items.get(id);
    const path = `ids.${ids.indexOf(id)}`;
    if (!item) {
      errors.push({ path, message: `Purchase item ${id} is not an item of purchase ${purchase.id}.` });
      return [];
    }
    const left = unshippedOf(item);
    if (left <= 0) {
      errors.push({ path, message: `Nothing of purchase item ${id} (${item.sku}) is left to ${verb}.` });
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

/** `POST /purchases/{id}/ship.json` in either form, as `shipPurchase` takes it. */
export async function shipInputOf(
  ctx: Ctx,
  purchase: Purchase,
  input: PurchaseShipInput,
): Promise<PurchaseShipInput> {
  return {
    trackingNumber: input.trackingNumber,
    carrier: input.carrier ?? input.trackingCompany,
    service: input.service ?? input.serviceLevel,
    shippedAt: input.shippedAt,
    items: await linesOfIds(ctx, purchase, input, "ship"),
  };
}

/** `PUT /purchases/{id}/cancel.json` in either form, as `cancelPurchase` takes it. */
export async function cancelInputOf(
  ctx: Ctx,
  purchase: Purchase,
  input: PurchaseCancelInput,
): Promise<PurchaseCancelInput> {
  if (input.setQuantities === false) {
    const message = "must be true: cancelling records the cancelled quantities";
    throw new ApiError("validation_failed", `setQuantities ${message}.`, {
      errors: [{ path: "setQuantities", message }],
    });
  }
  return { reason: input.reason, items: await linesOfIds(ctx, purchase, input, "cancel") };
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

/**
 * `PUT /purchases/{id}/default-label.json {"inventoryStatus":"shipped","ids":[]}`: the vendor portal's
 * "label and mark shipped". The lines named (`[]`: every line) ship as `ship` would, with the label's
 * carrier, service and tracking number. The caller checks `checkShippable` before making the label, so
 * nothing is made for a purchase that cannot ship.
 */
export async function shipWithLabel(
  ctx: Ctx,
  purchase: Purchase,
  label: Label,
  ids: number[] | null | undefined,
): Promise<void> {
  const input = await shipInputOf(ctx, purchase, {
    trackingNumber: label.trackingNumber ?? undefined,
    carrier: label.carrier,
    service: label.service,
    ids: ids ?? [],
  } as PurchaseShipInput);
  await shipPurchase({ ctx, purchase, input });
}
