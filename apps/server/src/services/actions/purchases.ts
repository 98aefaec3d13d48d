/**
 * Service verbs of a purchase's lifecycle (send, ship, cancel, move to another provider) and the line
 * picking they share with the other order actions. Quantities change here; the books (`planPurchaseBooks`,
 * `planSaleBooks`) derive everything else from them, and statuses move through `transitionValues`.
 */
import type {
  ActionTypes,
  Dropshipment,
  DropshipProvider,
  DropshipProviderUser,
  Label,
  Purchase,
  PurchaseCancelInput,
  PurchaseCancelOutput,
  PurchaseItem,
  PurchaseSendInput,
  PurchaseShipInput,
  SaleItem,
  SaleReturnItem,
} from "@multichannel/schema";
import { sql } from "../../db/sql.ts";
import { type PurchaseRef, purchaseBooksReads } from "../../domain/aggregates/purchase-books.ts";
import { planPurchaseBooks, planSaleBooks, planSaleReturnBooks, unshippedOf } from "../../domain/books.ts";
import { planFailure, withinCharacters } from "../../domain/failures.ts";
import { checkLineOwners } from "../../domain/line-owners.ts";
import { MAIL_NOT_CONFIGURED, type MailMessage, type MailSettings, mailtoUrl } from "../../domain/mail.ts";
import { fromCents, toCents } from "../../domain/money.ts";
import { fieldIn, fieldIs, fieldOf, fieldsOf, many, one, type Snapshot } from "../../domain/reads.ts";
import { sameFactValues } from "../../domain/same-facts.ts";
import { contentConflict } from "../../domain/states.ts";
import { transitionValues } from "../../domain/transitions.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import { providerMoveValues } from "../../domain/write-rules/purchases.ts";
import { ApiError, type FieldError, namesNoRecord, refusedField } from "../../errors.ts";
import { calloutStatement } from "../webhooks/callouts.ts";
import { EMAIL_PURPOSE } from "../webhooks/deliveries.ts";
import { channelShipmentReads, planChannelShipment } from "./channel-shipments.ts";
import { type PurchaseOrderMail, renderPurchaseOrder, renderPurchaseOrderMail } from "./documents.ts";
import { cancelInputFrom, shipInputFrom } from "./reference-bodies.ts";

/** A CSV purchase order's type, at an endpoint or attached to an e-mail. */
const CSV_TYPE = "text/csv; charset=utf-8";
/** The Content-Type of a purchase order delivered to a provider's endpoint, by format. */
const PURCHASE_ORDER_TYPES = {
  json: "application/json",
  xml: "application/xml",
  // text/* without a charset is US-ASCII (RFC 2046): the order is UTF-8.
  csv: CSV_TYPE,
} as const;
/** A purchase order of each endpoint format, as a message names it. */
const PURCHASE_ORDER_NAMES = {
  json: "a JSON purchase order",
  xml: "an XML purchase order",
  csv: "a CSV purchase order",
} satisfies Record<keyof typeof PURCHASE_ORDER_TYPES, string>;

export { unshippedOf };

/** Purchase lines named in an action's input; absent means every line that qualifies. */
export type LineQuantities = readonly { purchaseItemId: number; quantity: number }[] | null | undefined;

/** A purchase item and how many of it an action takes. */
export interface Take {
  item: PurchaseItem;
  quantity: number;
}

/**
 * A 422 with one field error, whose message reads after its path ("names no dropship provider (id 2)"),
 * and `detail`, the sentence the problem says; by default the two together ("format must be ...").
 */
export function invalid(path: string, message: string, detail?: string): ApiError {
  if (detail === undefined) return refusedField(path, message);
  return new ApiError("validation_failed", detail, { errors: [{ path, message }] });
}

/** A 422: the input's `dropshipProviderId` names no dropship provider of the company. */
export function noDropshipProvider(id: number): ApiError {
  return invalid(
    "dropshipProviderId",
    namesNoRecord("dropship-provider", id),
    `No dropship provider with id ${id}.`,
  );
}

/**
 * What a line's quantity comes to with the earlier lines of the same item, when they add to it: said
 * after the line's own quantity (`is 2 (5 with the lines before it), more than ...`).
 */
export function withLinesBefore(quantity: number, total: number): string {
  return total > quantity ? ` (${total} with the lines before it)` : "";
}

/**
 * What several of a purchase's items take from together (the units their sale line has left to
 * return): `id` tells one apart, `left` is what they may take in all, `what` names it in a message.
 */
export interface SharedLeft {
  id: number;
  left: number;
  what: string;
}

/**
 * The lines `rule.action` takes from the purchase's `items` as read: the ones named (each an item of
 * this purchase, together never more than `available` of it, nor than what `shared` leaves the items
 * sharing it: else 422), or every item's whole `available` quantity, as far as what it shares leaves.
 * Nothing to take: 409.
 */
export function takeLines(
  purchase: Purchase,
  items: readonly PurchaseItem[],
  named: LineQuantities,
  rule: {
    action: Extract<keyof ActionTypes, `purchase.${string}`>;
    available: (item: PurchaseItem) => number;
    verb: string;
    left: string;
    shared?: (item: PurchaseItem) => SharedLeft | undefined;
  },
): Take[] {
  const available = new Map(items.map((item) => [item.id, rule.available(item)]));
  const sharing = new Map(items.map((item) => [item.id, rule.shared?.(item)]));
  // What each `shared` has left once the lines before took theirs.
  const sharedLeft = new Map<number, number>();
  const leftOf = (shared: SharedLeft) => sharedLeft.get(shared.id) ?? shared.left;
  if (named === undefined || named === null) {
    const takes = items
      .map((item) => {
        const shared = sharing.get(item.id);
        if (!shared) return { item, quantity: available.get(item.id)! };
        const quantity = Math.max(Math.min(available.get(item.id)!, leftOf(shared)), 0);
        sharedLeft.set(shared.id, leftOf(shared) - quantity);
        return { item, quantity };
      })
      .filter((take) => take.quantity > 0);
    if (!takes.length) {
      throw contentConflict(rule.action, purchase, `Purchase ${purchase.id} has nothing ${rule.left}.`);
    }
    return takes;
  }
  if (!named.length) {
    throw invalid(
      "items",
      `must name at least one line to ${rule.verb}, or be left out to ${rule.verb} every line`,
      `Name at least one line to ${rule.verb}, or leave items out to ${rule.verb} every line.`,
    );
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const taken = new Map<number, number>();
  const errors: FieldError[] = [];
  named.forEach((line, index) => {
    const item = byId.get(line.purchaseItemId);
    if (!item) {
      errors.push({
        path: `items.${index}.purchaseItemId`,
        message: `names no item of purchase ${purchase.id} (id ${line.purchaseItemId})`,
      });
      return;
    }
    const total = (taken.get(item.id) ?? 0) + line.quantity;
    const left = available.get(item.id)!;
    if (total > left) {
      errors.push({
        path: `items.${index}.quantity`,
        message: `is ${line.quantity}${withLinesBefore(line.quantity, total)}, more than the ${left} of ${item.sku} (purchase item ${item.id}) left to ${rule.verb}`,
      });
      return;
    }
    const shared = sharing.get(item.id);
    if (shared) {
      const sharedTotal = shared.left - leftOf(shared) + line.quantity;
      if (sharedTotal > shared.left) {
        errors.push({
          path: `items.${index}.quantity`,
          message: `is ${line.quantity}${withLinesBefore(line.quantity, sharedTotal)}, more than the ${Math.max(shared.left, 0)} of ${shared.what} left to ${rule.verb}`,
        });
        return;
      }
      sharedLeft.set(shared.id, shared.left - sharedTotal);
    }
    taken.set(item.id, total);
  });
  if (errors.length) {
    throw new ApiError("validation_failed", `Cannot ${rule.verb} these lines of purchase ${purchase.id}.`, {
      errors,
    });
  }
  return [...taken].map(([id, quantity]) => ({ item: byId.get(id)!, quantity }));
}

/** The purchase's dropship provider as read: a purchase without one cannot be sent or shipped (422). */
export function providerRequired(
  purchase: Purchase,
  provider: DropshipProvider | undefined,
): DropshipProvider {
  if (!provider) {
    throw invalid(
      "dropshipProviderId",
      `is not set on purchase ${purchase.id}: set it first`,
      `Purchase ${purchase.id} has no dropship provider: set its dropshipProviderId first.`,
    );
  }
  return provider;
}

// ----------------------------------------------------------------------------------------------- send

/** A purchase's dropship provider (by the purchase's reference). */
export const providerOfPurchase = (purchaseId: PurchaseRef) =>
  one("dropship-provider", fieldOf("purchase", purchaseId, "dropshipProviderId"));

/**
 * The most users of a provider an e-mailed purchase order goes to (besides the provider's own `email`):
 * a send to a provider with more of them receiving purchase orders is refused, so that a send's
 * messages, and its batch, stay bounded.
 */
export const MAX_ORDER_RECIPIENT_USERS = 20;

/**
 * What sending a purchase reads: its provider, its lines, which the order is rendered from, and the
 * provider's users who receive purchase orders (one more than it may have, to tell when it has too
 * many). All held: the batch applies only while they are as read.
 */
export function sendPurchaseReads(purchaseId: number) {
  const dropshipProviderId = fieldOf("purchase", purchaseId, "dropshipProviderId");
  return {
    provider: providerOfPurchase(purchaseId),
    items: many("purchase-item", { purchaseId }),
    orderRecipients: many(
      "dropship-provider-user",
      { dropshipProviderId, receivesPurchaseOrders: true },
      { limit: MAX_ORDER_RECIPIENT_USERS + 1 },
    ),
  };
}

/** The fields that hold a purchase order back from its provider while false, and what that says. */
const HELD_BACK = [
  { field: "approved", is: "not approved to go to its provider" },
  { field: "finalized", is: "a draft" },
] as const;

/**
 * 409 unless `purchase` may go to its provider: approved (`approved`) and no longer a draft
 * (`finalized`). The answer names the fields to set; nothing is sent or changed.
 */
function checkReadyToSend(purchase: Purchase): void {
  const unset = HELD_BACK.filter(({ field }) => purchase[field] === false);
  if (!unset.length) return;
  const fields = unset.map(({ field }) => `${field} is false`).join(" and ");
  const body = `{${unset.map(({ field }) => `"${field}": true`).join(", ")}}`;
  throw contentConflict(
    "purchase.send",
    purchase,
    `Purchase ${purchase.id} is ${unset.map(({ is }) => is).join(" and ")} (${fields}): set ${unset.length > 1 ? "them" : "it"} to true first (PUT /purchases/${purchase.id}.json with ${body}), then send it.`,
    { rule: "a purchase is sent only once approved and finalized" },
  );
}

/** What a purchase says when its order could not be sent because this deployment has no mail server. */
export const ORDER_NOT_MAILED =
  "Not sent: e-mail is not configured on this server (SMTP_URL and MAIL_FROM). Send it again once the operator has set them, or choose another format.";

/**
 * Plans sending a purchase order, once the purchase is approved and finalized (else 409): the
 * notification that logs it, the delivery that sends it (a callout to the provider's endpoint, or an
 * e-mail to each of its recipients), and the purchase marked sent, its `orderProblem` cleared. Without a mail server an e-mailed order cannot be sent at all: each
 * recipient's notification says so at once, an `error` record is left, and the purchase, marked sent as
 * the merchant asked, says in `orderProblem` that the order did not go.
 */
export function planSendPurchase({
  purchase,
  input,
  read,
  plan,
  mail,
}: {
  purchase: Purchase;
  input: PurchaseSendInput;
  read: Snapshot<ReturnType<typeof sendPurchaseReads>>;
  plan: WritePlan;
  /** `Ctx.mail`: the deployment's mail settings, if it has any. */
  mail: MailSettings | undefined;
}): Purchase {
  checkReadyToSend(purchase);
  const provider = providerRequired(purchase, read.provider);
  const format = input.format ?? provider.purchaseFormat;
  const order = { purchase, items: read.items, provider };
  if (format === "email") {
    const rendered = renderPurchaseOrderMail(order);
    const addresses = orderRecipients(provider, read.orderRecipients);
    if (!mail) return planOrderNotMailed(plan, order, rendered, addresses);
    for (const address of addresses) planPurchaseOrderMail(plan, order, rendered, address, mail);
  } else {
    if (!provider.purchaseEndpoint) {
      throw invalid(
        "format",
        `asks for ${PURCHASE_ORDER_NAMES[format]}, but dropship provider ${provider.id} has no purchaseEndpoint to send it to: set the provider's purchaseEndpoint or choose another format`,
        `Dropship provider ${provider.id} has no purchaseEndpoint to send ${PURCHASE_ORDER_NAMES[format]} to: set its purchaseEndpoint or choose another format.`,
      );
    }
    planPurchaseOrderCallout(plan, order, provider.purchaseEndpoint, format);
  }
  return markedSent(plan, purchase, null);
}

/** The purchase marked sent now, with `orderProblem` (null: the order was handed over). */
function markedSent(plan: WritePlan, purchase: Purchase, orderProblem: string | null): Purchase {
  return plan.update(
    "purchase",
    purchase,
    transitionValues("purchase", purchase, "sent", { sentAt: plan.now, orderProblem }),
    { movesState: true },
  );
}

/**
 * An e-mailed order on a deployment without a mail server: nothing is queued. Each recipient's
 * notification is an `error` at once, saying what the operator must set; an `error` record is left for
 * the company to follow up; the purchase is marked sent, its `orderProblem` saying the order did not go.
 */
function planOrderNotMailed(
  plan: WritePlan,
  order: OrderToSend,
  rendered: PurchaseOrderMail,
  addresses: readonly string[],
): Purchase {
  const { purchase, provider } = order;
  for (const address of addresses) {
    plan.insert("purchase-notification", {
      purchaseId: purchase.id,
      dropshipProviderId: provider.id,
      format: "email",
      recipient: address,
      payload: rendered.text,
      status: "error",
      message: `Purchase order ${purchase.id} was not e-mailed to ${address}. ${MAIL_NOT_CONFIGURED} Then send it again, or choose another format.`,
    });
  }
  planFailure(plan, {
    source: EMAIL_PURPOSE,
    code: "mail_not_configured",
    message: `Purchase order ${purchase.id} was not e-mailed to dropship provider ${provider.id} (${addresses.join(", ")}). ${MAIL_NOT_CONFIGURED}`,
    subject: { kind: "purchase", id: purchase.id },
    details: { dropshipProviderId: provider.id, recipients: addresses.length },
  });
  return markedSent(plan, purchase, ORDER_NOT_MAILED);
}

/**
 * The addresses an e-mailed purchase order goes to: the provider's `email`, then each of its users
 * who receive purchase orders, by id, an address once whatever its case. None, or more users than
 * `MAX_ORDER_RECIPIENT_USERS`: 422.
 */
function orderRecipients(provider: DropshipProvider, users: readonly DropshipProviderUser[]): string[] {
  if (users.length > MAX_ORDER_RECIPIENT_USERS) {
    throw invalid(
      "format",
      `asks for an e-mailed purchase order, but dropship provider ${provider.id} has more than ${MAX_ORDER_RECIPIENT_USERS} users receiving purchase orders: set receivesPurchaseOrders to false for some of them, then send again`,
      `Dropship provider ${provider.id} has more than ${MAX_ORDER_RECIPIENT_USERS} users receiving purchase orders: set receivesPurchaseOrders to false for some of them, then send again.`,
    );
  }
  const addresses = new Map<string, string>();
  for (const address of [provider.email, ...users.map((user) => user.email)]) {
    if (address && !addresses.has(address.toLowerCase())) addresses.set(address.toLowerCase(), address);
  }
  if (!addresses.size) {
    throw invalid(
      "format",
      `asks for an e-mailed purchase order, but dropship provider ${provider.id} has no email and no users receiving purchase orders: set the provider's email, add a dropship provider user, or choose another format`,
      `Dropship provider ${provider.id} has no email and no users receiving purchase orders to send an email purchase order to: set its email, add a dropship provider user, or choose another format.`,
    );
  }
  return [...addresses.values()];
}

/** What a purchase order is rendered from. */
interface OrderToSend {
  purchase: Purchase;
  items: readonly PurchaseItem[];
  provider: DropshipProvider;
}

/** The longest `message` a purchase notification holds, in characters. */
const MAX_MESSAGE = 2000;

/** A JSON, XML or CSV purchase order: logged, and delivered to the provider's endpoint, signed. */
function planPurchaseOrderCallout(
  plan: WritePlan,
  order: OrderToSend,
  endpoint: string,
  format: keyof typeof PURCHASE_ORDER_TYPES,
): void {
  const payload = renderPurchaseOrder({ ...order, format });
  const notification = plan.insert("purchase-notification", {
    purchaseId: order.purchase.id,
    dropshipProviderId: order.provider.id,
    format,
    status: "pending",
    recipient: endpoint,
    // For people, cut to what the field holds; the recipient and the payload are whole.
    message: withinCharacters(
      `Purchase order ${order.purchase.id} queued for delivery to ${endpoint} as ${format}.`,
      MAX_MESSAGE,
      "…",
    ),
    payload,
  });
  plan.write(
    calloutStatement(plan.now, {
      purpose: "purchase-order",
      type: "purchase.sent",
      url: endpoint,
      contentType: PURCHASE_ORDER_TYPES[format],
      body: payload,
      log: { kind: "purchase-notification", id: notification.id },
      signer: `dropship-provider:${order.provider.id}`,
    }),
  );
}

/**
 * A purchase order by e-mail to one of the provider's recipients: logged with its text on a
 * notification of its own, and queued as an e-mail of its own (text, HTML and the order as a CSV
 * attachment) from MAIL_FROM to `address`, delivered and retried apart from the others.
 */
function planPurchaseOrderMail(
  plan: WritePlan,
  order: OrderToSend,
  rendered: PurchaseOrderMail,
  address: string,
  mail: MailSettings,
): void {
  const notification = plan.insert("purchase-notification", {
    purchaseId: order.purchase.id,
    dropshipProviderId: order.provider.id,
    format: "email",
    recipient: address,
    payload: rendered.text,
    status: "pending",
    message: `Purchase order ${order.purchase.id} queued for e-mail to ${address}.`,
  });
  const message: MailMessage = {
    from: mail.from,
    to: address,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: [{ filename: rendered.csv.filename, contentType: CSV_TYPE, content: rendered.csv.content }],
  };
  plan.write(
    calloutStatement(plan.now, {
      purpose: EMAIL_PURPOSE,
      type: "purchase.sent",
      url: mailtoUrl(address),
      contentType: "application/json",
      body: JSON.stringify(message),
      log: { kind: "purchase-notification", id: notification.id },
    }),
  );
}

// ----------------------------------------------------------------------------------------------- ship

/**
 * What an action on a purchase's lines reads (ship, cancel): its books (lines, active payments and
 * invoices), its provider, and its sale with the sale's lines and those its lines name, which may be
 * another sale's once the purchase or the sale line moved. All held: the books are computed from them,
 * and the lines taken are named in what the action writes.
 */
export function purchaseLinesReads(purchaseId: PurchaseRef) {
  const saleId = fieldOf("purchase", purchaseId, "saleId");
  const named = fieldsOf("purchase-item", "saleItemId", fieldIs("purchase-item", "purchaseId", purchaseId));
  return {
    ...purchaseBooksReads(purchaseId),
    provider: providerOfPurchase(purchaseId),
    sale: one("sale", saleId),
    saleItems: many(
      "sale-item",
      sql`${fieldIn("sale-item", "id", named)} OR ${fieldIs("sale-item", "saleId", saleId)}`,
    ),
  };
}

/** What `purchaseLinesReads` answered. */
export type PurchaseLines = Snapshot<ReturnType<typeof purchaseLinesReads>>;

/** What shipping a purchase's lines reads: its lines (`purchaseLinesReads`) and the channels told of it. */
export function shipPurchaseReads(purchaseId: PurchaseRef) {
  return {
    ...purchaseLinesReads(purchaseId),
    ...channelShipmentReads(fieldOf("purchase", purchaseId, "saleId")),
  };
}

/** What `shipPurchaseReads` answered. */
export type ShipPurchaseLines = Snapshot<ReturnType<typeof shipPurchaseReads>>;

/**
 * 422 when a line taken names a sale line that is not on the purchase's sale (the purchase or the sale
 * line was put on another sale after the line was written), each such line named, before anything is
 * counted: skipped, the purchase's sale would not count what its purchase shipped or cancelled, and
 * could ship those units again.
 */
function checkSaleLines(purchase: Purchase, lines: PurchaseLines, takes: readonly Take[]): void {
  const saleItems = new Map(lines.saleItems.map((item) => [item.id, item]));
  checkLineOwners(
    { record: { kind: "purchase", id: purchase.id }, owner: { kind: "sale", id: purchase.saleId ?? null } },
    takes.map(({ item }) => item),
    { kind: "purchase-item", path: "purchaseItems", field: "saleItemId", names: "sale-item" },
    (item) => {
      const saleItem = item.saleItemId ? saleItems.get(item.saleItemId) : undefined;
      return saleItem && { id: saleItem.id, owner: saleItem.saleId };
    },
  );
}

/**
 * Plans what a ship or cancel does to the lines it takes (their sale lines on the purchase's sale, as
 * `checkSaleLines` found them): each purchase line's and its sale line's quantity (`purchaseField`,
 * `saleField`) grows by what is taken, then both books are settled from the lines as they end (what they
 * were computed from is held by the reads). Answers the purchase and the sale lines taken, as the plan
 * leaves them.
 */
function planTakenLines(
  plan: WritePlan,
  purchase: Purchase,
  lines: PurchaseLines,
  takes: readonly Take[],
  fields: {
    purchaseField: "quantityShipped" | "quantityCancelled";
    saleField: "quantityFulfilled" | "quantityCancelled";
  },
): { purchase: Purchase; saleItems: Map<number, SaleItem> } {
  const items = new Map(lines.items.map((item) => [item.id, item]));
  const saleItems = new Map(lines.saleItems.map((item) => [item.id, item]));
  const taken = new Map<number, SaleItem>();
  for (const { item, quantity } of takes) {
    items.set(
      item.id,
      plan.update("purchase-item", item, { [fields.purchaseField]: item[fields.purchaseField] + quantity }),
    );
    const saleItem = item.saleItemId ? saleItems.get(item.saleItemId) : undefined;
    if (!saleItem) continue;
    const after = plan.update("sale-item", saleItem, {
      [fields.saleField]: saleItem[fields.saleField] + quantity,
    });
    saleItems.set(saleItem.id, after);
    taken.set(item.id, after);
  }
  const books = planPurchaseBooks(
    plan,
    purchase,
    [...items.values()],
    lines.payments,
    lines.invoices,
    lines.accounting,
  );
  const { sale } = lines;
  if (sale) {
    // The read holds too the other sales' lines that lines not taken name: they are not this sale's.
    const ofSale = [...saleItems.values()].filter((saleItem) => saleItem.saleId === sale.id);
    planSaleBooks(plan, sale, ofSale, lines.accounting);
  }
  return { purchase: books.purchase, saleItems: taken };
}

/**
 * Plans a shipment of the provider's: a dropshipment with tracking and its lines, the shipped
 * quantities of the purchase's lines and the fulfilled ones of the sale's, both books, and the sale's
 * channel told (`planChannelShipment`). Never more than is left to ship (422). Answers the dropshipment
 * and the purchase as the plan leaves them.
 */
export function planShipPurchase({
  purchase,
  input,
  read: lines,
  plan,
  label,
}: {
  purchase: Purchase;
  input: PurchaseShipInput;
  read: ShipPurchaseLines;
  plan: WritePlan;
  /** The label the parcel ships with (default-label's "label and mark shipped"). */
  label?: Label;
}): { dropshipment: Dropshipment; purchase: Purchase } {
  const provider = providerRequired(purchase, lines.provider);
  const shipment = shipInputFrom(purchase, lines.items, input);
  const takes = takeLines(purchase, lines.items, shipment.items, {
    action: label ? "purchase.default-label" : "purchase.ship",
    available: unshippedOf,
    verb: "ship",
    left: "left to ship",
  });
  checkSaleLines(purchase, lines, takes);
  const reference = purchase.lastDropshipmentReference + 1;
  const dropshipment = plan.insert("dropshipment", {
    status: "shipped",
    inventoryStatus: "shipped",
    purchaseId: purchase.id,
    saleId: purchase.saleId ?? null,
    dropshipProviderId: provider.id,
    reference: `${purchase.id}-${reference}`,
    trackingNumber: shipment.trackingNumber,
    ...sameFactValues("dropshipment", {
      carrier: shipment.carrier ?? provider.defaultCarrier ?? null,
      service: shipment.service ?? provider.defaultService ?? null,
    }),
    shippedAt: shipment.shippedAt ?? plan.now,
    channelNotification: shipment.channelNotification ?? "trigger",
    ...(label
      ? {
          labelId: label.id,
          labelUrl: label.url,
          labelVersion: label.version,
          labelFileFormat: label.format,
        }
      : {}),
  });
  for (const { item, quantity } of takes) {
    plan.insert("dropshipment-item", {
      dropshipmentId: dropshipment.id,
      purchaseItemId: item.id,
      sku: item.sku,
      name: item.name ?? null,
      quantity,
    });
  }
  const referenced = plan.update("purchase", purchase, { lastDropshipmentReference: reference });
  const settled = planTakenLines(plan, referenced, lines, takes, {
    purchaseField: "quantityShipped",
    saleField: "quantityFulfilled",
  });
  planChannelShipment(plan, lines, { dropshipment, purchase: settled.purchase });
  return { dropshipment, purchase: settled.purchase };
}

// ------------------------------------------------------------------------------------------- move

/**
 * What moving a purchase to another provider reads: that provider (held: the purchase will name it), and
 * the purchase's books (held: an invoice or payment recorded meanwhile keeps it with its provider).
 */
export function moveDropshipProviderReads(purchaseId: PurchaseRef, input: { dropshipProviderId: number }) {
  return {
    provider: one("dropship-provider", input.dropshipProviderId),
    ...purchaseBooksReads(purchaseId, { hold: "books" }),
  };
}

/**
 * Plans giving a purchase to another dropship provider (one of the company's, not its own already): it
 * goes back to pending, without a provider address, to be sent again (`providerMoveValues`: never one
 * with invoices or payments).
 */
export function planMoveDropshipProvider({
  purchase,
  input,
  read,
  plan,
}: {
  purchase: Purchase;
  input: { dropshipProviderId: number };
  read: Snapshot<ReturnType<typeof moveDropshipProviderReads>>;
  plan: WritePlan;
}): Purchase {
  const { provider } = read;
  if (!provider) throw noDropshipProvider(input.dropshipProviderId);
  if (provider.id === purchase.dropshipProviderId) {
    throw invalid(
      "dropshipProviderId",
      `names dropship provider ${provider.id}, which purchase ${purchase.id} is already with`,
      `Purchase ${purchase.id} is already with dropship provider ${provider.id}.`,
    );
  }
  return plan.update("purchase", purchase, providerMoveValues(purchase, provider.id, read), {
    movesState: true,
  });
}

// ----------------------------------------------------------------------------------------- cancel

/**
 * Cancels purchase lines: their sale items count them as cancelled and, when the purchase serves a sale,
 * a sale return of type cancellation records them at the sale's prices (the refund owed).
 */
export function planCancelPurchase({
  purchase,
  input,
  read: lines,
  plan,
}: {
  purchase: Purchase;
  input: PurchaseCancelInput;
  read: PurchaseLines;
  plan: WritePlan;
}): { answer: PurchaseCancelOutput; purchase: Purchase } {
  const cancel = cancelInputFrom(purchase, lines.items, input);
  const takes = takeLines(purchase, lines.items, cancel.items, {
    action: "purchase.cancel",
    available: unshippedOf,
    verb: "cancel",
    left: "left to cancel: every line has shipped or was cancelled",
  });
  checkSaleLines(purchase, lines, takes);
  const settled = planTakenLines(plan, purchase, lines, takes, {
    purchaseField: "quantityCancelled",
    saleField: "quantityCancelled",
  });
  const saleReturnItems: SaleReturnItem[] = [];
  if (purchase.saleId && settled.saleItems.size) {
    const saleReturn = plan.insert("sale-return", {
      saleId: purchase.saleId,
      purchaseId: purchase.id,
      type: "cancellation",
      reason: cancel.reason ?? null,
    });
    for (const { item, quantity } of takes) {
      const saleItem = settled.saleItems.get(item.id);
      if (!saleItem) continue;
      saleReturnItems.push(
        plan.insert("sale-return-item", {
          saleReturnId: saleReturn.id,
          saleItemId: saleItem.id,
          purchaseItemId: item.id,
          sku: saleItem.sku,
          quantity,
          amount: fromCents(toCents(saleItem.price) * quantity),
          reason: cancel.reason ?? null,
        }),
      );
    }
    planSaleReturnBooks(plan, saleReturn, saleReturnItems);
  }
  // The purchase, and beside its fields what the reference's clients read off this answer.
  const updated = settled.purchase;
  const answer = {
    ...updated,
    purchase: updated,
    sale_return_items: saleReturnItems,
  } as PurchaseCancelOutput;
  return { answer, purchase: updated };
}
