/**
 * Labels of purchases and dropshipments: the return label of a purchase, its outbound label with the
 * provider's defaults, and new versions of a dropshipment's label. Each rendering is a new stored file
 * and a new label record; earlier files stay downloadable.
 */

import type {
  Dropshipment,
  DropshipProvider,
  DropshipProviderAddress,
  Label,
  Purchase,
  PurchaseDefaultLabelInput,
  PurchaseReturnLabelInput,
  PurchaseShipInput,
  ReturnShipment,
  Sale,
} from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";

import type { Ctx } from "../../domain/context.ts";
import { type ShipTo, shipToOfPurchase, shipToOfSale } from "../../domain/order-routing.ts";
import { fieldOf, many, one, type Snapshot } from "../../domain/reads.ts";
import { sameFactValues } from "../../domain/same-facts.ts";
import { inGrams } from "../../domain/weights.ts";
import type { WritePlan } from "../../domain/write-plan.ts";
import type { ApiError } from "../../errors.ts";
import { code128Problem } from "../../labels/code128.ts";
import { createTrackingNumber, type LabelAddress } from "../../labels/provider.ts";
import { fileUsage, planStoredFile } from "../files.ts";
import {
  invalid,
  planShipPurchase,
  providerOfPurchase,
  providerRequired,
  shipPurchaseReads,
  takeLines,
} from "./purchases.ts";
import { checkShippable } from "./reference-bodies.ts";
import { openReturnReads, planOpenReturnOfPurchaseLines, returnableOf, saleLineLeftOf } from "./returns.ts";

/** Text with something to print: not absent, not empty, not only spaces. */
const filled = (text: string | null | undefined): text is string => Boolean(text?.trim());

/**
 * A label's address; the 422 `missing` answers (naming what to fill in) when the street, city or country
 * is missing, or only spaces (the label would print no line for it).
 */
function labelAddress(address: ShipTo | undefined, missing: () => ApiError): LabelAddress {
  if (!isComplete(address)) throw missing();
  return { ...address, lineOne: address.lineOne, city: address.city, country: address.country };
}

/** Whether an address has what a label prints: a street, a city and a country, each filled. */
function isComplete(
  address: ShipTo | undefined,
): address is ShipTo & { lineOne: string; city: string; country: string } {
  return filled(address?.lineOne) && filled(address.city) && filled(address.country);
}

/**
 * The customer's address on a purchase's label: the purchase's receiver when it is complete, else the
 * shipping address of the sale it serves; `missing` answers the 422 when neither is complete.
 */
function customerAddress(
  purchase: Purchase | undefined,
  sale: Sale | undefined,
  missing: () => ApiError,
): LabelAddress {
  const receiver = purchase && shipToOfPurchase(purchase);
  return labelAddress(isComplete(receiver) || !sale ? receiver : shipToOfSale(sale), missing);
}

/** The sale a purchase serves, read for its shipping address (`customerAddress`). */
const saleOfPurchase = (purchaseId: number) => one("sale", fieldOf("purchase", purchaseId, "saleId"));

/** The provider's own address fields as an address. */
function ownAddressOf(provider: DropshipProvider): ShipTo {
  return {
    name: provider.contactName,
    company: provider.name,
    lineOne: provider.addressLineOne,
    lineTwo: provider.addressLineTwo,
    city: provider.city,
    state: provider.state,
    zip: provider.zip,
    country: provider.country,
    phone: provider.phone,
    email: provider.email,
  };
}

/**
 * The provider's address among its `addresses`: the one `assigned` names (a purchase's
 * `dropshipProviderAddressId`) when it is one of them, else the one for `purposes`, in that order of
 * preference (a default one first within each), falling back to the provider's own address fields.
 */
function providerAddressOf(
  provider: DropshipProvider,
  addresses: readonly DropshipProviderAddress[],
  purposes: readonly ("shipFrom" | "return")[],
  assigned?: number | null,
): ShipTo | undefined {
  const found =
    addresses.find((address) => address.id === assigned) ??
    purposes
      .map((purpose) => addresses.filter((address) => address.purpose === purpose))
      .map((candidates) => candidates.find((address) => address.isDefault) ?? candidates[0])
      .find((address) => address !== undefined);
  // An address record without a company is the provider's own: the sender is the provider.
  if (found) {
    return {
      name: found.name,
      company: found.company ?? provider.name,
      lineOne: found.lineOne,
      lineTwo: found.lineTwo,
      city: found.city,
      state: found.state,
      zip: found.zip,
      country: found.country,
      phone: found.phone,
      email: found.email,
    };
  }
  const own = ownAddressOf(provider);
  return own.lineOne && own.city && own.country ? own : undefined;
}

/**
 * The addresses of a provider (`providerId`: SQL answering its id), held: a label's address is chosen
 * from all of them, as read.
 */
const providerAddresses = (providerId: Sql) =>
  many("dropship-provider-address", { dropshipProviderId: providerId });

function missingProviderAddress(provider: DropshipProvider, purpose: string): ApiError {
  const fix =
    `create a dropship-provider-address (purpose ${purpose === "return" ? "return or shipFrom" : "shipFrom"}) ` +
    "or set the provider's addressLineOne, city and country";
  return invalid(
    "dropshipProviderId",
    `names dropship provider ${provider.id}, which has no ${purpose} address: ${fix}`,
    `Dropship provider ${provider.id} has no ${purpose} address: ${fix}.`,
  );
}

/** The 422 of a purchase's label without a complete customer address: each way to give it one. */
function missingCustomerAddress(purchase: Purchase, sale: Sale | undefined): ApiError {
  if (!sale) {
    return invalid(
      "receiverAddressLineOne",
      `must be set on purchase ${purchase.id}, with receiverCity and receiverCountry: the label needs the receiver's address`,
      `Purchase ${purchase.id} has no receiver address: set its receiverAddressLineOne, receiverCity and receiverCountry.`,
    );
  }
  return invalid(
    "receiverAddressLineOne",
    `must be set on purchase ${purchase.id}, with receiverCity and receiverCountry, or sale ${sale.id} needs a complete shipping address (shippingAddressLineOne, shippingCity, shippingCountry): the label needs the customer's address`,
    `Purchase ${purchase.id} has no complete receiver address, nor its sale ${sale.id} a complete shipping address: set the purchase's receiverAddressLineOne, receiverCity and receiverCountry, or the sale's shippingAddressLineOne, shippingCity and shippingCountry.`,
  );
}

/** What a label is rendered from, and the records it links to. */
interface LabelInput {
  shipFrom: LabelAddress;
  shipTo: LabelAddress;
  carrier: string;
  service: string;
  trackingNumber: string;
  direction: "outbound" | "return";
  version: number;
  reference: string;
  fileName: string;
  weightGrams?: number | null;
  links: { purchaseId?: number | null; dropshipmentId?: number | null; returnShipmentId?: number | null };
  /** What `fileUsage` read: the company's files, against its quota. */
  fileUsage: number;
  /** The field a caller set the tracking number with, when it did (else the server made it). */
  trackingField?: string;
}

/** Renders a label (before the plan's batch), and plans its stored PDF and its record. */
async function planLabel(ctx: Ctx, plan: WritePlan, input: LabelInput): Promise<Label> {
  const unencodable = code128Problem(input.trackingNumber);
  if (unencodable) {
    throw invalid(
      input.trackingField ?? "trackingNumber",
      `cannot be printed as a Code 128 barcode: it ${unencodable}`,
      `The tracking number cannot be printed as a Code 128 barcode: it ${unencodable}.`,
    );
  }
  const rendered = await ctx.labels.createLabel({
    shipFrom: input.shipFrom,
    shipTo: input.shipTo,
    carrier: input.carrier,
    service: input.service,
    trackingNumber: input.trackingNumber,
    reference: input.reference,
    direction: input.direction,
    version: input.version,
    weightGrams: input.weightGrams ?? null,
    createdAt: plan.now,
  });
  const file = planStoredFile(plan, ctx, input.fileUsage, {
    name: `${input.fileName}-v${input.version}.pdf`,
    contentType: rendered.contentType,
    body: rendered.bytes,
  });
  return plan.insert("label", {
    purchaseId: input.links.purchaseId ?? null,
    dropshipmentId: input.links.dropshipmentId ?? null,
    returnShipmentId: input.links.returnShipmentId ?? null,
    direction: input.direction,
    carrier: input.carrier,
    service: input.service,
    trackingNumber: rendered.trackingNumber,
    provider: ctx.labels.name,
    version: input.version,
    format: rendered.format,
    url: file.url,
  });
}

/** The provider's default carrier and service; 422 when either is not set. */
function providerDefaults(provider: DropshipProvider): { carrier: string; service: string } {
  const carrier = provider.defaultCarrier;
  const service = provider.defaultService;
  if (!carrier || !service) {
    const fields = [!carrier && "defaultCarrier", !service && "defaultService"].filter(Boolean);
    const them = fields.length > 1 ? "them" : "it";
    throw invalid(
      "dropshipProviderId",
      `names dropship provider ${provider.id}, which has no ${fields.join(" and ")}: set ${them} on the provider first`,
      `Dropship provider ${provider.id} has no ${fields.join(" and ")}: set ${them} on the provider first.`,
    );
  }
  return { carrier, service };
}

// --------------------------------------------------------------------------------------- return label

/**
 * What a purchase's return label reads: what opening the return reads (its lines, their returns so far
 * and the purchase's return shipments, which number the new one), its provider with the provider's
 * addresses, its sale (the customer's address when its receiver's is incomplete) and the company's file
 * usage.
 */
export function returnLabelReads(purchaseId: number) {
  return {
    ...openReturnReads(purchaseId),
    provider: providerOfPurchase(purchaseId),
    addresses: providerAddresses(fieldOf("purchase", purchaseId, "dropshipProviderId")),
    sale: saleOfPurchase(purchaseId),
    fileUsage: fileUsage(),
  };
}

/**
 * `POST /purchases/{id}/return-label.json`: a return of the lines named (or of every line with units to
 * send back): a sale return of them when the purchase serves a sale, a return shipment from the customer
 * (`customerAddress`) to the provider's return address, and its label. Answers the return shipment.
 */
export async function planReturnLabel({
  ctx,
  purchase,
  input,
  read,
  plan,
}: {
  ctx: Ctx;
  purchase: Purchase;
  input: PurchaseReturnLabelInput;
  read: Snapshot<ReturnType<typeof returnLabelReads>>;
  plan: WritePlan;
}): Promise<ReturnShipment> {
  const lines = read;
  const takes = takeLines(purchase, lines.items, input.items, {
    action: "purchase.return-label",
    available: (item) => returnableOf(item, lines),
    shared: (item) => saleLineLeftOf(item, lines),
    verb: "return",
    left: "to return: every shipped line is returned or on its way back",
  });
  const provider = providerRequired(purchase, read.provider);
  const { carrier, service } = providerDefaults(provider);
  const shipFrom = customerAddress(purchase, read.sale, () => missingCustomerAddress(purchase, read.sale));
  const shipTo = labelAddress(providerAddressOf(provider, read.addresses, ["return", "shipFrom"]), () =>
    missingProviderAddress(provider, "return"),
  );
  const saleReturn = purchase.saleId
    ? planOpenReturnOfPurchaseLines(plan, lines, {
        saleId: purchase.saleId,
        purchaseId: purchase.id,
        takes,
        reason: input.reason,
      })
    : undefined;
  const returnShipment = plan.insert("return-shipment", {
    purchaseId: purchase.id,
    saleReturnId: saleReturn?.id ?? null,
    dropshipProviderId: provider.id,
    status: "requested",
    items: takes.map(({ item, quantity }) => ({ purchaseItemId: item.id, quantity })),
    reason: input.reason ?? null,
    carrier,
  });
  // The PDF is made before the batch gives the return shipment its id: it prints the return's number
  // among the purchase's (held with the purchase's return shipments read). The file's name holds the
  // provisional id, which the batch makes the real one, as it does the file's URL.
  const returnNumber = lines.returnShipments.length + 1;
  const label = await planLabel(ctx, plan, {
    shipFrom,
    shipTo,
    carrier,
    service,
    trackingNumber: createTrackingNumber(),
    direction: "return",
    version: 1,
    reference: `Return ${returnNumber} / purchase ${purchase.id}`,
    fileName: `return-label-${returnShipment.id}`,
    links: { purchaseId: purchase.id, returnShipmentId: returnShipment.id },
    fileUsage: read.fileUsage,
  });
  return plan.update("return-shipment", returnShipment, {
    labelId: label.id,
    trackingNumber: label.trackingNumber,
  });
}

// -------------------------------------------------------------------------------------- default label

/**
 * What a purchase's outbound label reads: the provider, its addresses, the purchase's sale (the
 * customer's address when its receiver's is incomplete), the purchase's earlier outbound labels, those
 * that shipped with a dropshipment of it too (held by their count: the next version holds while no other
 * came meanwhile) and the company's file usage; to ship with it, what `ship` reads.
 */
export function defaultLabelReads(purchaseId: number, input: PurchaseDefaultLabelInput) {
  const label = outboundLabelReads(purchaseId);
  return input.inventoryStatus === "shipped" ? { ...shipPurchaseReads(purchaseId), ...label } : label;
}

/** What any outbound label of a purchase reads (`defaultLabelReads`). */
function outboundLabelReads(purchaseId: number) {
  return {
    provider: providerOfPurchase(purchaseId),
    addresses: providerAddresses(fieldOf("purchase", purchaseId, "dropshipProviderId")),
    sale: saleOfPurchase(purchaseId),
    earlier: many("label", { purchaseId, direction: "outbound" }, { hold: "count" }),
    fileUsage: fileUsage(),
  };
}

type OutboundLabelReads = ReturnType<typeof outboundLabelReads>;

/** Whether the label's reads are those of shipping with it too (`inventoryStatus: "shipped"`). */
const shipsWith = (
  read: Snapshot<OutboundLabelReads>,
): read is Snapshot<OutboundLabelReads & ReturnType<typeof shipPurchaseReads>> => "items" in read;

/**
 * `PUT /purchases/{id}/default-label.json`: a new version of the purchase's outbound label, from the
 * provider's address the purchase names (else its ship-from address) to the customer (`customerAddress`), with the provider's default carrier
 * and service. With `inventoryStatus: "shipped"` (the vendor portal's "label and mark shipped"), the
 * lines named (`ids`; `[]`: every line) ship as `ship` would, with the label's carrier, service and
 * tracking number; a purchase that cannot ship gets no label (409). Answers the label, and the purchase
 * as the plan leaves it.
 */
export async function planDefaultLabel({
  ctx,
  purchase,
  input,
  read,
  plan,
}: {
  ctx: Ctx;
  purchase: Purchase;
  input: PurchaseDefaultLabelInput;
  read: Snapshot<ReturnType<typeof defaultLabelReads>>;
  plan: WritePlan;
}): Promise<{ label: Label; purchase: Purchase }> {
  const lines = shipsWith(read) ? read : undefined;
  if (lines) checkShippable(purchase);
  const provider = providerRequired(purchase, read.provider);
  const { carrier, service } = providerDefaults(provider);
  const shipFrom = labelAddress(
    providerAddressOf(provider, read.addresses, ["shipFrom"], purchase.dropshipProviderAddressId),
    () => missingProviderAddress(provider, "shipFrom"),
  );
  const shipTo = customerAddress(purchase, read.sale, () => missingCustomerAddress(purchase, read.sale));
  const version = 1 + Math.max(0, ...read.earlier.map((label) => label.version));
  const label = await planLabel(ctx, plan, {
    shipFrom,
    shipTo,
    carrier,
    service,
    trackingNumber: createTrackingNumber(),
    direction: "outbound",
    version,
    reference: `Purchase ${purchase.id}`,
    fileName: `purchase-label-${purchase.id}`,
    links: { purchaseId: purchase.id },
    fileUsage: read.fileUsage,
  });
  if (!lines) return { label, purchase };
  const shipped = planShipPurchase({
    purchase,
    input: {
      trackingNumber: label.trackingNumber ?? undefined,
      carrier: label.carrier,
      service: label.service,
      ids: input.ids ?? [],
    } as PurchaseShipInput,
    read: lines,
    plan,
    label,
  });
  // The label is the parcel's now: its dropshipment's, as a regenerated one is.
  const linked = plan.update("label", label, { dropshipmentId: shipped.dropshipment.id });
  return { label: linked, purchase: shipped.purchase };
}

// ---------------------------------------------------------------------------------- regenerate label

/**
 * What a dropshipment weighs, in grams: its `grams`, else its `totalWeight` in its `weightUnit`; none
 * when it was not weighed.
 */
function gramsOfDropshipment(dropshipment: Dropshipment): number | null {
  if (dropshipment.grams) return dropshipment.grams;
  return dropshipment.totalWeight ? inGrams(dropshipment.totalWeight, dropshipment.weightUnit) : null;
}

/**
 * What a dropshipment's new label reads: its purchase, its provider (its own, else its purchase's) with
 * the provider's addresses, its sale (its own, else its purchase's), and the company's file usage.
 */
export function regenerateLabelReads(dropshipmentId: number) {
  const purchaseId = fieldOf("dropshipment", dropshipmentId, "purchaseId");
  /** A field of the dropshipment, else of its purchase. */
  const ownOrPurchases = (field: "dropshipProviderId" | "saleId") =>
    sql`COALESCE(${fieldOf("dropshipment", dropshipmentId, field)}, ${fieldOf("purchase", purchaseId, field)})`;
  const providerId = ownOrPurchases("dropshipProviderId");
  return {
    purchase: one("purchase", purchaseId),
    provider: one("dropship-provider", providerId),
    addresses: providerAddresses(providerId),
    sale: one("sale", ownOrPurchases("saleId")),
    fileUsage: fileUsage(),
  };
}

/**
 * `GET /dropshipments/{id}/regenerate-label.json`: a new version of the dropshipment's label, from its
 * provider's address its purchase names (else its ship-from address) to the customer (`customerAddress`: its purchase's receiver, else its
 * sale's shipping address), with its carrier and service (else the provider's defaults) and its weight
 * (`gramsOfDropshipment`). Answers the dropshipment as the plan leaves it.
 */
export async function planRegenerateLabel({
  ctx,
  dropshipment,
  read,
  plan,
}: {
  ctx: Ctx;
  dropshipment: Dropshipment;
  read: Snapshot<ReturnType<typeof regenerateLabelReads>>;
  plan: WritePlan;
}): Promise<Dropshipment> {
  const { purchase, provider, sale } = read;
  if (!provider) {
    throw invalid(
      "dropshipProviderId",
      `is not set on dropshipment ${dropshipment.id} or its purchase: set it first`,
      `Dropshipment ${dropshipment.id} has no dropship provider: set its dropshipProviderId first.`,
    );
  }
  // An empty carrier or service is none: the provider's default stands in for it.
  const carrier = [dropshipment.carrier, dropshipment.trackingCompany, provider.defaultCarrier].find(filled);
  const service = [dropshipment.service, dropshipment.serviceLevel, provider.defaultService].find(filled);
  if (!carrier || !service) {
    const field = !carrier ? "carrier" : "service";
    throw invalid(
      field,
      `is not set on dropshipment ${dropshipment.id}, and its dropship provider has no default: set one first`,
      `Dropshipment ${dropshipment.id} has no ${field} and its provider no default: set one first.`,
    );
  }
  const shipFrom = labelAddress(
    providerAddressOf(provider, read.addresses, ["shipFrom"], purchase?.dropshipProviderAddressId),
    () => missingProviderAddress(provider, "shipFrom"),
  );
  const shipTo = customerAddress(purchase, sale, () => {
    const detail = `Dropshipment ${dropshipment.id} has no address to ship to: set its purchase's receiver address or its sale's shipping address.`;
    if (purchase) {
      return invalid(
        "purchaseId",
        `names purchase ${purchase.id}, and neither its receiver address nor the shipping address of the dropshipment's sale is complete: set one of them`,
        detail,
      );
    }
    return invalid(
      "saleId",
      sale
        ? `names sale ${sale.id}, which has no complete shipping address, and dropshipment ${dropshipment.id} has no purchase: set the sale's shipping address`
        : `is not set on dropshipment ${dropshipment.id}, nor is its purchaseId: set one of them`,
      detail,
    );
  });
  const version = dropshipment.labelVersion + 1;
  const label = await planLabel(ctx, plan, {
    shipFrom,
    shipTo,
    carrier,
    service,
    trackingNumber: dropshipment.trackingNumber || createTrackingNumber(),
    direction: "outbound",
    version,
    reference: `Dropshipment ${dropshipment.reference ?? dropshipment.id}`,
    fileName: `dropshipment-label-${dropshipment.id}`,
    weightGrams: gramsOfDropshipment(dropshipment),
    links: { purchaseId: purchase?.id ?? null, dropshipmentId: dropshipment.id },
    fileUsage: read.fileUsage,
    trackingField: dropshipment.trackingNumber ? "trackingNumber" : undefined,
  });
  return plan.update("dropshipment", dropshipment, {
    ...sameFactValues("dropshipment", { carrier, service }, dropshipment),
    trackingNumber: label.trackingNumber,
    labelId: label.id,
    labelUrl: label.url,
    labelVersion: version,
    labelFileFormat: label.format,
  });
}
