/**
 * Labels of purchases and dropshipments: the return label of a purchase, its outbound label with the
 * provider's defaults, and new versions of a dropshipment's label. Each rendering is a new stored file
 * and a new label record; earlier files stay downloadable.
 */
import type {
  Dropshipment,
  DropshipProvider,
  Label,
  Purchase,
  PurchaseReturnLabelInput,
  ReturnShipment,
} from "@multichannel/schema";
import type { Ctx } from "../../domain/context.ts";
import { createTrackingNumber, type LabelAddress } from "../../labels/provider.ts";
import { storeFile } from "../files.ts";
import {
  insert,
  patch,
  type ShipTo,
  selectOne,
  selectWhere,
  shipToOfPurchase,
  shipToOfSale,
} from "./core.ts";
import { invalid, pickLines, providerOf } from "./purchases.ts";
import { openReturnOfPurchaseLines, returnableOf } from "./returns.ts";

/** A label's address; 422 naming what to fill in when the street, city or country is missing. */
function labelAddress(address: ShipTo | undefined, path: string, missing: string): LabelAddress {
  if (!address?.lineOne || !address.city || !address.country) throw invalid(path, missing);
  return { ...address, lineOne: address.lineOne, city: address.city, country: address.country };
}

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
 * The provider's address for `purposes`, in that order of preference (a default one first within each),
 * falling back to the provider's own address fields.
 */
async function providerAddress(
  ctx: Ctx,
  provider: DropshipProvider,
  purposes: readonly ("shipFrom" | "return")[],
): Promise<ShipTo | undefined> {
  const addresses = await selectWhere(ctx, "dropship-provider-address", { dropshipProviderId: provider.id });
  for (const purpose of purposes) {
    const candidates = addresses.filter((address) => address.purpose === purpose);
    const found = candidates.find((address) => address.isDefault) ?? candidates[0];
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
  }
  const own = ownAddressOf(provider);
  return own.lineOne && own.city && own.country ? own : undefined;
}

function missingProviderAddress(provider: DropshipProvider, purpose: string): string {
  return (
    `Dropship provider ${provider.id} has no ${purpose} address: create a dropship-provider-address ` +
    `(purpose ${purpose === "return" ? "return or shipFrom" : "shipFrom"}) or set the provider's addressLineOne, city and country.`
  );
}

function missingReceiver(purchase: Purchase): string {
  return `Purchase ${purchase.id} has no receiver address: set its receiverAddressLineOne, receiverCity and receiverCountry.`;
}

/** Renders a label with the company's label provider, stores the PDF and records it. */
async function renderLabel(
  ctx: Ctx,
  input: {
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
  },
): Promise<Label> {
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
    createdAt: ctx.now(),
  });
  const file = await storeFile({
    ctx,
    input: {
      name: `${input.fileName}-v${input.version}.pdf`,
      contentType: rendered.contentType,
      body: rendered.bytes,
    },
  });
  return insert(ctx, "label", {
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
    const fields = [!carrier && "defaultCarrier", !service && "defaultService"].filter(Boolean).join(" and ");
    throw invalid(
      "dropshipProviderId",
      `Dropship provider ${provider.id} has no ${fields}: set it on the provider first.`,
    );
  }
  return { carrier, service };
}

// --------------------------------------------------------------------------------------- return label

export async function createReturnLabelOfPurchase({
  ctx,
  purchase,
  input,
}: {
  ctx: Ctx;
  purchase: Purchase;
  input: PurchaseReturnLabelInput;
}): Promise<ReturnShipment> {
  const takes = await pickLines(ctx, purchase, input.items, {
    available: (item) => returnableOf(ctx, item),
    verb: "return",
    left: "to return: every shipped line is already returned",
  });
  const provider = await providerOf(ctx, purchase);
  const { carrier, service } = providerDefaults(provider);
  const shipFrom = labelAddress(
    shipToOfPurchase(purchase),
    "receiverAddressLineOne",
    missingReceiver(purchase),
  );
  const shipTo = labelAddress(
    await providerAddress(ctx, provider, ["return", "shipFrom"]),
    "dropshipProviderId",
    missingProviderAddress(provider, "return"),
  );
  const saleReturn = purchase.saleId
    ? await openReturnOfPurchaseLines(ctx, {
        saleId: purchase.saleId,
        purchaseId: purchase.id,
        takes,
        reason: input.reason,
      })
    : undefined;
  const returnShipment = await insert(ctx, "return-shipment", {
    purchaseId: purchase.id,
    saleReturnId: saleReturn?.id ?? null,
    dropshipProviderId: provider.id,
    status: "requested",
    items: takes.map(({ item, quantity }) => ({ purchaseItemId: item.id, quantity })),
    reason: input.reason ?? null,
    carrier,
  });
  const label = await renderLabel(ctx, {
    shipFrom,
    shipTo,
    carrier,
    service,
    trackingNumber: createTrackingNumber(),
    direction: "return",
    version: 1,
    reference: `Return ${returnShipment.id} / purchase ${purchase.id}`,
    fileName: `return-label-${returnShipment.id}`,
    links: { purchaseId: purchase.id, returnShipmentId: returnShipment.id },
  });
  return patch(ctx, "return-shipment", returnShipment.id, {
    labelId: label.id,
    trackingNumber: label.trackingNumber,
  });
}

// -------------------------------------------------------------------------------------- default label

export async function createDefaultLabelOfPurchase({
  ctx,
  purchase,
}: {
  ctx: Ctx;
  purchase: Purchase;
}): Promise<Label> {
  const provider = await providerOf(ctx, purchase);
  const { carrier, service } = providerDefaults(provider);
  const shipFrom = labelAddress(
    await providerAddress(ctx, provider, ["shipFrom"]),
    "dropshipProviderId",
    missingProviderAddress(provider, "shipFrom"),
  );
  const shipTo = labelAddress(
    shipToOfPurchase(purchase),
    "receiverAddressLineOne",
    missingReceiver(purchase),
  );
  const earlier = await selectWhere(ctx, "label", {
    purchaseId: purchase.id,
    direction: "outbound",
    dropshipmentId: null,
  });
  const version = 1 + Math.max(0, ...earlier.map((label) => label.version));
  return renderLabel(ctx, {
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
  });
}

// ---------------------------------------------------------------------------------- regenerate label

export async function regenerateLabelOfDropshipment({
  ctx,
  dropshipment,
}: {
  ctx: Ctx;
  dropshipment: Dropshipment;
  input: Record<string, never>;
}): Promise<Dropshipment> {
  const purchaseId = dropshipment.purchaseId;
  const purchase = purchaseId ? await selectOne(ctx, "purchase", { id: purchaseId }) : undefined;
  const providerId = dropshipment.dropshipProviderId ?? purchase?.dropshipProviderId;
  const provider = providerId ? await selectOne(ctx, "dropship-provider", { id: providerId }) : undefined;
  if (!provider) {
    throw invalid(
      "dropshipProviderId",
      `Dropshipment ${dropshipment.id} has no dropship provider: set its dropshipProviderId first.`,
    );
  }
  const carrier = dropshipment.carrier ?? provider.defaultCarrier;
  const service = dropshipment.service ?? provider.defaultService;
  if (!carrier || !service) {
    throw invalid(
      !carrier ? "carrier" : "service",
      `Dropshipment ${dropshipment.id} has no ${!carrier ? "carrier" : "service"} and its provider no default: set one first.`,
    );
  }
  const shipFrom = labelAddress(
    await providerAddress(ctx, provider, ["shipFrom"]),
    "dropshipProviderId",
    missingProviderAddress(provider, "shipFrom"),
  );
  const saleId = dropshipment.saleId ?? purchase?.saleId;
  const sale = saleId ? await selectOne(ctx, "sale", { id: saleId }) : undefined;
  const receiver = purchase ? shipToOfPurchase(purchase) : undefined;
  const destination = receiver?.lineOne ? receiver : sale ? shipToOfSale(sale) : receiver;
  const shipTo = labelAddress(
    destination,
    purchase ? "purchaseId" : "saleId",
    `Dropshipment ${dropshipment.id} has no address to ship to: set its purchase's receiver address or its sale's shipping address.`,
  );
  const version = dropshipment.labelVersion + 1;
  const label = await renderLabel(ctx, {
    shipFrom,
    shipTo,
    carrier,
    service,
    trackingNumber: dropshipment.trackingNumber || createTrackingNumber(),
    direction: "outbound",
    version,
    reference: `Dropshipment ${dropshipment.reference ?? dropshipment.id}`,
    fileName: `dropshipment-label-${dropshipment.id}`,
    weightGrams: dropshipment.grams || null,
    links: { purchaseId: purchase?.id ?? null, dropshipmentId: dropshipment.id },
  });
  return patch(ctx, "dropshipment", dropshipment.id, {
    carrier,
    service,
    trackingNumber: label.trackingNumber,
    labelId: label.id,
    labelUrl: label.url,
    labelVersion: version,
    labelFileFormat: label.format,
  });
}
