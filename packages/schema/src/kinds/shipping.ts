import {
  dropshipmentActions,
  dropshipmentStates,
  dropshipmentStatuses,
  fulfillmentActions,
  fulfillmentStates,
  fulfillmentStatuses,
} from "../actions.ts";
import { defineKind, f } from "../define.ts";

const trackingStatuses = ["delivered", "failure", "pre_transit", "returned", "transit", "unknown"] as const;
const shippingApprovals = ["notRequired", "approvalRequired", "rateRequired", "approved"] as const;
const importSources = ["api", "manual", "platform", "portal", "shippingEndpoint"] as const;

const tags = f.array(f.string({ maxLength: 100 }), { maxLength: 100 });
// Any JSON, as the reference takes it (its examples send `{}`); conventionally `[{name, url}]` and
// `[url]` for files, text or `{code, message}` for problems.
const files = f.json({ description: 'Attached files, e.g. `[{"name": ..., "url": ...}]`.' });
const labelFiles = f.json({ description: "The label's files, e.g. a list of URLs." });
const problem = f.json({ maxBytes: 8192, description: "What went wrong, as text or an object." });

const shippingAddress = {
  shippingName: f.string({ maxLength: 200 }),
  shippingCompany: f.string({ maxLength: 200 }),
  shippingAddressLineOne: f.string({ maxLength: 200 }),
  shippingAddressLineTwo: f.string({ maxLength: 200 }),
  shippingCity: f.string({ maxLength: 100 }),
  shippingState: f.string({ maxLength: 100 }),
  shippingZip: f.string({ maxLength: 20 }),
  shippingCountry: f.string({ format: "country" }),
  shippingPhone: f.string({ format: "phone" }),
  shippingEmail: f.string({ format: "email", maxLength: 200 }),
};

export const dropshipment = defineKind({
  name: "dropshipment",
  plural: "dropshipments",
  group: "shipping",
  source: "seed",
  description: "A parcel a dropship provider ships for a purchase, with its tracking and label.",
  fields: {
    status: f.enum(dropshipmentStatuses, { default: "pending", readOnly: true }),
    purchaseId: f.ref("purchase"),
    saleId: f.ref("sale"),
    dropshipProviderId: f.ref("dropship-provider"),
    carrierPickupId: f.ref("carrier-pickup"),
    userId: f.integer({ min: 1 }),
    manifestId: f.integer({ min: 1 }),
    reference: f.string({ maxLength: 100, description: "Shipment number; generated when not sent." }),
    externalId: f.string({ maxLength: 100 }),
    vendorExternalId: f.string({ maxLength: 100 }),
    purchaseImportExternalId: f.string({ maxLength: 100 }),
    source: f.openEnum(["sale", "dropship_purchase_import"], { default: "sale" }),
    importSource: f.enum(importSources, { required: true, default: "manual", nullable: true }),
    inventoryStatus: f.enum(["notShipped", "shipped"], {
      required: true,
      default: "notShipped",
      derived:
        "its state: a dropshipment is shipped as its purchase's lines ship (`POST /purchases/{id}/ship.json`).",
    }),
    requiresShippingApproval: f.openEnum(shippingApprovals, { required: true, default: "notRequired" }),
    shipmentRouting: f.openEnum(["customer", "consolidated", "consolidatedInternational"], {
      default: "customer",
    }),
    channelNotification: f.enum(["trigger", "mute"], { required: true, default: "trigger", nullable: true }),
    channelAttempts: f.integer({ required: true, default: 0, min: 0, nullable: true }),
    channelError: f.boolean(),
    carrier: f.string({ maxLength: 100 }),
    service: f.string({ maxLength: 100 }),
    provider: f.string({ maxLength: 100, description: "The label provider that priced or made the label." }),
    quoteId: f.string({ maxLength: 100 }),
    serviceLevel: f.string({ maxLength: 100 }),
    serviceLevelTerms: f.string({ maxLength: 200 }),
    days: f.integer({ min: 0 }),
    durationTerms: f.string({ maxLength: 200 }),
    price: f.money({ required: true, default: 0, min: 0, description: "Shipping cost." }),
    shippedAt: f.datetime(),
    trackingNumber: f.string({ maxLength: 100 }),
    trackingCompany: f.string({ maxLength: 100 }),
    trackingUrl: f.string({ format: "url" }),
    trackingStatus: f.openEnum(trackingStatuses),
    trackingStatusDate: f.datetime(),
    trackingStatusDetails: f.string({ maxLength: 2000 }),
    grams: f.number({ required: true, default: 0, min: 0, nullable: true }),
    totalWeight: f.number({ min: 0 }),
    weightUnit: f.openEnum(["g", "kg", "oz", "lb"], { default: "g" }),
    packingDepth: f.number({ required: true, default: 2.4, min: 0 }),
    packingHeight: f.number({ required: true, default: 13.3, min: 0 }),
    packingWidth: f.number({ required: true, default: 11.5, min: 0 }),
    distanceUnit: f.enum(["in", "cm"], { required: true, default: "in", nullable: true }),
    labelId: f.ref("label", { readOnly: true, description: "The current shipping label." }),
    labelUrl: f.string({
      format: "url",
      description:
        "Where its label is: the label actions set it to the label they render; a label made elsewhere may be recorded here.",
    }),
    labelVersion: f.integer({ default: 0, min: 0, readOnly: true }),
    labelFileFormat: f.enum(["png", "pdf"]),
    labelFiles,
    labelUris: labelFiles,
    labelPrintStatus: f.enum(["notPrinted", "generating", "printed"], {
      required: true,
      default: "notPrinted",
      nullable: true,
    }),
    printedLabel: f.boolean({ required: true, default: false }),
    printedLabelAt: f.datetime(),
    labelError: f.string({ maxLength: 2000 }),
    labelRefund: f.boolean({ required: true, default: false, nullable: true }),
    labelProblem: problem,
    pickupProblem: problem,
    sendShippingUpdateProblem: problem,
    muteError: f.boolean({ required: true, default: false, nullable: true }),
    commercialInvoiceUrl: f.string({ format: "url" }),
    files,
    tags,
    adminNotes: f.string({ maxLength: 2000 }),
  },
  states: dropshipmentStates,
  actions: dropshipmentActions,
});

export const dropshipmentItem = defineKind({
  name: "dropshipment-item",
  plural: "dropshipment-items",
  group: "shipping",
  source: "seed",
  description: "One line of a dropshipment: how many units of a purchase line are in the parcel.",
  fields: {
    dropshipmentId: f.ref("dropshipment", { required: true }),
    purchaseItemId: f.ref("purchase-item"),
    externalId: f.string({ maxLength: 100 }),
    sku: f.string({ maxLength: 100 }),
    name: f.string({ maxLength: 500 }),
    quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
  },
  owner: { field: "dropshipmentId" },
});

export const dropshipmentImport = defineKind({
  name: "dropshipment-import",
  plural: "dropshipment-imports",
  group: "shipping",
  source: "seed",
  description:
    "A log entry of one shipment reported by a dropship provider: what arrived and what became of it.",
  fields: {
    dropshipProviderId: f.ref("dropship-provider"),
    purchaseId: f.ref("purchase"),
    dropshipmentId: f.ref("dropshipment"),
    externalId: f.string({ maxLength: 100 }),
    source: f.enum(importSources, { default: "api" }),
    status: f.enum(["success", "error", "skipped"], { default: "success" }),
    trackingNumber: f.string({ maxLength: 100 }),
    payload: f.string({ maxLength: 200_000, description: "The shipment as received, as JSON text." }),
    problem: f.string({ maxLength: 2000, description: "Why the import failed or was skipped." }),
  },
});

export const fulfillment = defineKind({
  name: "fulfillment",
  plural: "fulfillments",
  group: "shipping",
  source: "seed",
  description: "A parcel the company ships itself from one of its own warehouses for a sale.",
  fields: {
    status: f.enum(fulfillmentStatuses, { default: "pending", asText: true }),
    saleId: f.ref("sale"),
    warehouseId: f.ref("warehouse"),
    dropshipmentId: f.ref("dropshipment", { description: "The dropshipment it was moved from." }),
    purchaseId: f.ref("purchase", {
      readOnly: true,
      description: "The purchase it became when moved to dropship.",
    }),
    userId: f.integer({ min: 1 }),
    manifestId: f.integer({ min: 1 }),
    reference: f.string({ maxLength: 100 }),
    externalId: f.string({ maxLength: 100 }),
    fulfillmentType: f.enum(["automated", "manual", "adjusted"], { required: true, default: "manual" }),
    inventoryStatus: f.enum(["notShipped", "shipped"], {
      required: true,
      default: "notShipped",
      derived: "its state: a fulfillment is shipped by `POST /fulfillments/{id}/ship.json`.",
    }),
    requiresShippingApproval: f.openEnum(shippingApprovals, { default: "notRequired" }),
    channelNotification: f.enum(["trigger", "mute"], { required: true, default: "trigger", nullable: true }),
    channelAttempts: f.integer({ required: true, default: 0, min: 0, nullable: true }),
    channelError: f.boolean(),
    ...shippingAddress,
    carrier: f.string({ maxLength: 100 }),
    service: f.string({ maxLength: 100 }),
    provider: f.string({ maxLength: 100, description: "The label provider that priced or made the label." }),
    quoteId: f.string({ maxLength: 100 }),
    serviceLevel: f.string({ maxLength: 100 }),
    serviceLevelTerms: f.string({ maxLength: 200 }),
    days: f.integer({ min: 0 }),
    durationTerms: f.string({ maxLength: 200 }),
    price: f.money({ min: 0, description: "Shipping cost." }),
    grams: f.number({ required: true, default: 0, min: 0, nullable: true }),
    picked: f.boolean({ required: true, default: false, nullable: true }),
    pickedAt: f.datetime(),
    packed: f.boolean({ required: true, default: false, nullable: true }),
    packedAt: f.datetime(),
    shippedAt: f.datetime(),
    trackingNumber: f.string({ maxLength: 100 }),
    trackingCompany: f.string({ maxLength: 100 }),
    trackingUrl: f.string({ format: "url" }),
    trackingStatus: f.openEnum(trackingStatuses),
    trackingStatusDate: f.datetime(),
    trackingStatusDetails: f.string({ maxLength: 2000 }),
    labelUrl: f.string({ format: "url" }),
    labelFileFormat: f.enum(["png", "pdf"]),
    labelFiles,
    printedLabel: f.boolean({ default: false }),
    printedLabelAt: f.datetime(),
    labelError: f.string({ maxLength: 2000 }),
    labelRefund: f.boolean({ required: true, default: false, nullable: true }),
    muteError: f.boolean({ required: true, default: false, nullable: true }),
    commercialInvoiceUrl: f.string({ format: "url" }),
    files,
    tags,
    adminNotes: f.string({ maxLength: 2000 }),
  },
  states: fulfillmentStates,
  actions: fulfillmentActions,
});

export const fulfillmentItem = defineKind({
  name: "fulfillment-item",
  plural: "fulfillment-items",
  group: "shipping",
  source: "seed",
  description: "One line of a fulfillment: how many units of a sale line are in the parcel.",
  fields: {
    fulfillmentId: f.ref("fulfillment", { required: true }),
    saleItemId: f.ref("sale-item"),
    purchaseItemId: f.ref("purchase-item"),
    variantId: f.ref("variant"),
    warehouseId: f.ref("warehouse", { description: "Where the units are picked from." }),
    externalId: f.string({ maxLength: 100 }),
    sku: f.string({ maxLength: 100 }),
    quantity: f.integer({ required: true, default: 0, min: 0, max: 1_000_000 }),
    picked: f.integer({ required: true, default: 0, min: 0, nullable: true }),
    packed: f.integer({ required: true, default: 0, min: 0, nullable: true }),
    costPrice: f.money({ min: 0, description: "Unit cost." }),
    skipInventoryChange: f.boolean({ required: true, default: false }),
  },
  owner: { field: "fulfillmentId" },
});

export const carrier = defineKind({
  name: "carrier",
  plural: "carriers",
  group: "shipping",
  source: "seed",
  description: "A shipping carrier the company or its providers hand parcels to.",
  fields: {
    name: f.string({ maxLength: 200 }),
    carrierType: f.openEnum(["postal", "courier", "freight", "other"], {
      description: "The kind of carrier; the reference's named national postal services are kept as sent.",
    }),
    platform: f.string({ required: true, default: "manual", nullable: true, maxLength: 100 }),
    externalId: f.string({ maxLength: 100 }),
  },
});

export const carrierPickup = defineKind({
  name: "carrier-pickup",
  plural: "carrier-pickups",
  group: "shipping",
  source: "seed",
  description: "A collection booked with a carrier at a dropship provider's address.",
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    carrier: f.string({ required: true, minLength: 1, maxLength: 100 }),
    pickupAt: f.datetime({ required: true }),
    status: f.openEnum(["requested", "scheduled", "completed", "cancelled", "error"], {
      default: "requested",
    }),
    source: f.string({ maxLength: 100 }),
    externalId: f.string({ maxLength: 100, description: "The carrier's confirmation number." }),
    fromName: f.string({ maxLength: 200 }),
    fromAddressLineOne: f.string({ maxLength: 200 }),
    fromAddressLineTwo: f.string({ maxLength: 200 }),
    fromCity: f.string({ maxLength: 100 }),
    fromState: f.string({ maxLength: 100 }),
    fromZip: f.string({ maxLength: 20 }),
    fromCountry: f.string({ format: "country" }),
    fromPhone: f.string({ format: "phone" }),
    fromEmail: f.string({ format: "email", maxLength: 200 }),
    toCountry: f.string({ format: "country" }),
    payload: f.json({ maxBytes: 200_000, description: "The booking request as sent." }),
    response: f.json({ maxBytes: 200_000, description: "The carrier's answer." }),
  },
});

export const addressValidation = defineKind({
  name: "address-validation",
  plural: "address-validations",
  group: "shipping",
  source: "seed",
  description: "A check of a postal address: the address sent and whether it was found deliverable.",
  fields: {
    channelId: f.ref("channel"),
    saleId: f.ref("sale"),
    source: f.enum(["other", "custom"], { required: true, default: "other", nullable: true }),
    payload: f.json({ description: "The address checked, e.g. `{lineOne, city, country, ...}`." }),
    response: f.json({
      description:
        "The verdict, e.g. `{valid, messages, suggestion}` with a corrected address where one was found.",
    }),
  },
});

export const returnShipment = defineKind({
  name: "return-shipment",
  plural: "return-shipments",
  group: "shipping",
  source: "implied",
  description: "Goods of a purchase sent back to the dropship provider under a return label.",
  fields: {
    purchaseId: f.ref("purchase", { required: true }),
    saleReturnId: f.ref("sale-return"),
    dropshipProviderId: f.ref("dropship-provider"),
    labelId: f.ref("label"),
    status: f.enum(["requested", "shipped", "received", "cancelled"], { default: "requested" }),
    items: f.array(
      f.object({
        purchaseItemId: f.ref("purchase-item", { required: true }),
        quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
      }),
      { maxLength: 1000 },
    ),
    reason: f.string({ maxLength: 500 }),
    carrier: f.string({ maxLength: 100 }),
    trackingNumber: f.string({ maxLength: 100 }),
    trackingUrl: f.string({ format: "url" }),
    trackingStatus: f.openEnum(trackingStatuses),
    receivedAt: f.datetime(),
  },
});

export const label = defineKind({
  name: "label",
  plural: "labels",
  group: "shipping",
  source: "implied",
  description:
    "A rendered shipping label for an outbound parcel or a return; the file itself is stored apart.",
  fields: {
    purchaseId: f.ref("purchase"),
    dropshipmentId: f.ref("dropshipment"),
    returnShipmentId: f.ref("return-shipment"),
    direction: f.enum(["outbound", "return"], { default: "outbound" }),
    carrier: f.string({ maxLength: 100 }),
    service: f.string({ maxLength: 100 }),
    trackingNumber: f.string({ maxLength: 100 }),
    provider: f.string({ maxLength: 100, description: "The label provider that rendered it." }),
    version: f.integer({ default: 1, min: 1 }),
    format: f.enum(["pdf", "png"], { default: "pdf" }),
    url: f.string({ format: "url", readOnly: true, description: "Absolute link to the label file." }),
  },
});
