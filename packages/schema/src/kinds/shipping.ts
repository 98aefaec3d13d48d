import {
  dropshipmentActions,
  dropshipmentStates,
  dropshipmentStatuses,
  fulfillmentActions,
  fulfillmentStates,
  fulfillmentStatuses,
} from "../actions.ts";
import { defineKind, f, MAX_WEIGHT } from "../define.ts";
import { shippingAddress } from "../shipping-address.ts";

const trackingStatuses = ["delivered", "failure", "pre_transit", "returned", "transit", "unknown"] as const;

/** Where a parcel is: the tracking fields a dropshipment and a fulfillment share. */
const parcelTracking = {
  trackingNumber: f.string({
    maxLength: 100,
    description: "The carrier's tracking number.",
    example: "PE104200001",
  }),
  trackingCompany: f.string({
    maxLength: 100,
    sameAs: "carrier",
    description: "The carrier's name, as the reference names it.",
    example: "Parcel Express",
  }),
  trackingUrl: f.string({
    format: "url",
    description: "Where the parcel can be tracked.",
    example: "https://track.parcelexpress.example/PE104200001",
  }),
  trackingStatus: f.enum(trackingStatuses, {
    description: "Where the parcel is, as the carrier last reported it.",
  }),
  trackingStatusDate: f.datetime({ description: "When the carrier reported `trackingStatus`." }),
  trackingStatusDetails: f.string({
    maxLength: 2000,
    description: "The carrier's words for `trackingStatus`, e.g. `Arrived at sort facility`.",
  }),
};

const shippingApprovals = ["notRequired", "approvalRequired", "rateRequired", "approved"] as const;
const importSources = ["api", "manual", "platform", "portal", "shippingEndpoint"] as const;

const tags = f.array(f.string({ maxLength: 100 }), {
  maxLength: 100,
  description: "Free labels for grouping and filtering, e.g. `fragile`.",
});
// Any JSON, as the reference takes it (its examples send `{}`); conventionally `[{name, url}]` and
// `[url]` for files, text or `{code, message}` for problems.
const files = f.json({ description: 'Attached files, e.g. `[{"name": ..., "url": ...}]`.' });
const labelFiles = f.json({ description: "The label's files, e.g. a list of URLs." });
/** What telling the sale's channels about a shipped parcel came to, over every channel told. */
const channelTold = {
  channelAttempts: f.integer({
    required: true,
    default: 0,
    min: 0,
    nullable: true,
    description:
      "How many attempts were made to tell the sale's channels about the shipment: those of every channel's update (`channel-shipment-updates`) together.",
  }),
  channelError: f.boolean({
    description:
      "Whether telling any of the sale's channels about the shipment failed for good (one of its channel shipment updates is `error`), even when another channel took it; false while none has, null before the first attempt.",
  }),
};
const problem = (step: string) =>
  f.json({
    maxBytes: 8192,
    description: `What went wrong ${step}, as text or an object; null when nothing did.`,
  });

export const dropshipment = defineKind({
  name: "dropshipment",
  plural: "dropshipments",
  group: "shipping",
  source: "seed",
  description: "A parcel a dropship provider ships for a purchase, with its tracking and label.",
  fields: {
    status: f.enum(dropshipmentStatuses, {
      default: "pending",
      readOnly: true,
      description:
        "`pending`, `shipped` when the provider ships it (ship, default-label), or `moved` when move-to-fulfill made it a fulfillment. Set by the server.",
    }),
    purchaseId: f.ref("purchase", { description: "The purchase it ships (lines of)." }),
    saleId: f.ref("sale", { description: "The sale it delivers; the purchase's sale." }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider that ships it." }),
    carrierPickupId: f.ref("carrier-pickup", { description: "The carrier collection it is handed over at." }),
    userId: f.integer({ min: 1, description: "The user who created the parcel, by id." }),
    manifestId: f.integer({
      min: 1,
      description: "The carrier manifest (end-of-day hand-over list) the parcel is on, by id.",
    }),
    reference: f.string({
      maxLength: 100,
      description:
        "The shipment's number; the ship action numbers it `{purchase id}-{n}` (see the purchase's `lastDropshipmentReference`).",
      example: "10042-1",
    }),
    externalId: f.string({
      maxLength: 100,
      description: "The parcel's id in another system (a store, a warehouse tool).",
    }),
    vendorExternalId: f.string({
      maxLength: 100,
      description: "The parcel's id in the provider's own system.",
    }),
    purchaseImportExternalId: f.string({
      maxLength: 100,
      description: "The id of the purchase it came with, in the file or system it was imported from.",
    }),
    source: f.enum(["sale", "dropship_purchase_import"], {
      default: "sale",
      description: "What it was made from: a sale's purchase (`sale`) or an imported dropship purchase.",
    }),
    importSource: f.enum(importSources, {
      required: true,
      default: "manual",
      nullable: true,
      description:
        "How it was recorded: through the API, by hand, from a store platform, in the vendor portal, or from the provider's shipping endpoint.",
    }),
    inventoryStatus: f.enum(["notShipped", "shipped"], {
      required: true,
      default: "notShipped",
      derived:
        "its state: a dropshipment is shipped as its purchase's lines ship (`POST /purchases/{id}/ship.json`).",
      description: "Whether the parcel has shipped.",
    }),
    requiresShippingApproval: f.enum(shippingApprovals, {
      required: true,
      default: "notRequired",
      description:
        "Whether the parcel may ship yet: `notRequired`, waiting for approval of the shipment (`approvalRequired`) or of its rate (`rateRequired`), or `approved`.",
    }),
    shipmentRouting: f.enum(["customer", "consolidated", "consolidatedInternational"], {
      default: "customer",
      description:
        "Where the parcel goes: straight to the `customer`, or to a consolidation point first (`consolidated`, `consolidatedInternational`).",
      recordOnly: true,
    }),
    channelNotification: f.enum(["trigger", "mute"], {
      required: true,
      default: "trigger",
      nullable: true,
      description: "Whether the sale's channel is told when the parcel ships (`trigger`) or not (`mute`).",
    }),
    ...channelTold,
    carrier: f.string({
      maxLength: 100,
      description: "The carrier that takes the parcel, by name.",
      example: "Parcel Express",
    }),
    service: f.string({
      maxLength: 100,
      description: "The carrier's service, e.g. `ground` or `express`.",
      example: "ground",
    }),
    provider: f.string({ maxLength: 100, description: "The label provider that priced or made the label." }),
    quoteId: f.string({
      maxLength: 100,
      description: "The label provider's id of the rate quote the label was bought on.",
    }),
    serviceLevel: f.string({
      maxLength: 100,
      sameAs: "service",
      description: "The carrier's service, as the reference names it.",
      example: "ground",
    }),
    serviceLevelTerms: f.string({
      maxLength: 200,
      description: "The terms of the service as the carrier words them.",
    }),
    days: f.integer({ min: 0, description: "Days in transit the carrier quoted." }),
    durationTerms: f.string({
      maxLength: 200,
      description: "The quoted transit time as the carrier words it, e.g. `2-3 business days`.",
    }),
    price: f.money({ required: true, default: 0, min: 0, description: "Shipping cost.", example: 6.4 }),
    shippedAt: f.datetime({ description: "When the parcel left.", example: "2026-03-03T16:20:00.000Z" }),
    ...parcelTracking,
    grams: f.number({
      required: true,
      default: 0,
      min: 0,
      max: MAX_WEIGHT,
      nullable: true,
      description: "Weight of the parcel, in grams.",
      example: 640,
    }),
    totalWeight: f.number({ min: 0, max: MAX_WEIGHT, description: "Weight of the parcel in `weightUnit`." }),
    weightUnit: f.enum(["g", "kg", "oz", "lb"], { default: "g", description: "The unit of `totalWeight`." }),
    packingDepth: f.number({
      required: true,
      default: 2.4,
      min: 0,
      description: "Depth of the parcel in `distanceUnit`.",
    }),
    packingHeight: f.number({
      required: true,
      default: 13.3,
      min: 0,
      description: "Height of the parcel in `distanceUnit`.",
    }),
    packingWidth: f.number({
      required: true,
      default: 11.5,
      min: 0,
      description: "Width of the parcel in `distanceUnit`.",
    }),
    distanceUnit: f.enum(["in", "cm"], {
      required: true,
      default: "in",
      nullable: true,
      description: "The unit of the packing dimensions: inches or centimetres.",
    }),
    labelId: f.ref("label", { readOnly: true, description: "The current shipping label." }),
    labelUrl: f.string({
      format: "url",
      description:
        "Where its label is: the label actions set it to the label they render; a label made elsewhere may be recorded here.",
      example: "https://api.example.com/files/dropshipment-label-88.pdf",
    }),
    labelVersion: f.integer({
      default: 0,
      min: 0,
      readOnly: true,
      description:
        "The version of its current label: 0 until one is made; regenerate-label adds one. Set by the server.",
    }),
    labelFileFormat: f.enum(["png", "pdf"], { description: "The label file's format." }),
    labelFiles,
    labelUris: labelFiles,
    labelPrintStatus: f.enum(["notPrinted", "generating", "printed"], {
      required: true,
      default: "notPrinted",
      nullable: true,
      description: "Where printing the label is: `notPrinted`, `generating` or `printed`.",
    }),
    printedLabel: f.boolean({
      required: true,
      default: false,
      description: "Whether the label has been printed.",
    }),
    printedLabelAt: f.datetime({ description: "When the label was printed." }),
    labelError: f.string({
      maxLength: 2000,
      description: "Why the label could not be made; null when it was.",
    }),
    labelRefund: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Whether the unused label's cost was asked back.",
    }),
    labelProblem: problem("making the shipping label"),
    pickupProblem: problem("booking the carrier collection"),
    sendShippingUpdateProblem: problem(
      "telling the sale's channels about the shipment (the `statusProblem` of its channel shipment update that failed last)",
    ),
    muteError: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Do not report the parcel's problems to the company.",
    }),
    commercialInvoiceUrl: f.string({
      format: "url",
      description: "Where the customs invoice of an international parcel is.",
    }),
    files,
    tags,
    adminNotes: f.string({ maxLength: 2000, description: "Internal notes, for the company's staff only." }),
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
    dropshipmentId: f.ref("dropshipment", {
      required: true,
      description: "The dropshipment the line belongs to.",
    }),
    purchaseItemId: f.ref("purchase-item", {
      sameOwner: { on: "purchaseId", through: "dropshipmentId" },
      description: "The purchase line the units were ordered on.",
    }),
    externalId: f.string({ maxLength: 100, description: "The line's id in another system." }),
    sku: f.string({ maxLength: 100, description: "The SKU shipped.", example: "SHIRT-LIN-M-BLU" }),
    name: f.string({ maxLength: 500, description: "The product's name.", example: "Linen shirt, M, blue" }),
    quantity: f.integer({
      required: true,
      min: 1,
      max: 1_000_000,
      description: "Units of the purchase line in the parcel.",
      example: 2,
    }),
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
  recordOnly: true,
  fields: {
    dropshipProviderId: f.ref("dropship-provider", {
      description: "The provider that reported the shipment.",
    }),
    purchaseId: f.ref("purchase", { description: "The purchase the shipment is for." }),
    dropshipmentId: f.ref("dropshipment", {
      description: "The dropshipment the import created or updated; null when it failed.",
    }),
    externalId: f.string({
      maxLength: 100,
      description: "The shipment's id in the provider's system, as sent.",
      example: "SHP-55120",
    }),
    source: f.enum(importSources, {
      default: "api",
      description: "How the shipment was reported (see the dropshipment's `importSource`).",
    }),
    status: f.enum(["success", "error", "skipped"], {
      default: "success",
      description: "`success`, `error` (see `problem`) or `skipped`.",
    }),
    trackingNumber: f.string({
      maxLength: 100,
      description: "The tracking number reported.",
      example: "PE104200001",
    }),
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
    status: f.enum(fulfillmentStatuses, {
      default: "pending",
      asText: true,
      description:
        "`pending`; `finalized` once confirmed for picking (a write may move `pending` to `finalized` and back); `shipped` by the ship operation; `moved` when move-to-dropship made it a purchase; or `cancelled` by the cancel operation.",
    }),
    saleId: f.ref("sale", { description: "The sale it delivers." }),
    warehouseId: f.ref("warehouse", {
      description: "The warehouse it ships from; its lines' units are allocated there until shipped.",
    }),
    dropshipmentId: f.ref("dropshipment", { description: "The dropshipment it was moved from." }),
    purchaseId: f.ref("purchase", {
      readOnly: true,
      description: "The purchase it became when moved to dropship.",
    }),
    userId: f.integer({ min: 1, description: "The user who created it, by id." }),
    manifestId: f.integer({
      min: 1,
      description: "The carrier manifest (end-of-day hand-over list) the parcel is on, by id.",
    }),
    reference: f.string({
      maxLength: 100,
      description: "The parcel's number, e.g. on the packing slip.",
      example: "F-10042",
    }),
    externalId: f.string({
      maxLength: 100,
      description: "The parcel's id in another system (a store, a warehouse tool).",
    }),
    fulfillmentType: f.enum(["automated", "manual", "adjusted"], {
      required: true,
      default: "manual",
      description: "How it was made: `automated` (routed from a sale), `manual`, or `adjusted`.",
    }),
    inventoryStatus: f.enum(["notShipped", "shipped"], {
      required: true,
      default: "notShipped",
      derived: "its state: a fulfillment is shipped by `POST /fulfillments/{id}/ship.json`.",
      description: "Whether the parcel has shipped.",
    }),
    requiresShippingApproval: f.enum(shippingApprovals, {
      default: "notRequired",
      description:
        "Whether the parcel may ship yet: `notRequired`, waiting for approval of the shipment (`approvalRequired`) or of its rate (`rateRequired`), or `approved`.",
    }),
    channelNotification: f.enum(["trigger", "mute"], {
      required: true,
      default: "trigger",
      nullable: true,
      description: "Whether the sale's channel is told when the parcel ships (`trigger`) or not (`mute`).",
    }),
    ...channelTold,
    ...shippingAddress,
    carrier: f.string({
      maxLength: 100,
      description: "The carrier that takes the parcel, by name.",
      example: "Parcel Express",
    }),
    service: f.string({
      maxLength: 100,
      description: "The carrier's service, e.g. `ground` or `express`.",
      example: "ground",
    }),
    provider: f.string({ maxLength: 100, description: "The label provider that priced or made the label." }),
    quoteId: f.string({
      maxLength: 100,
      description: "The label provider's id of the rate quote the label was bought on.",
    }),
    serviceLevel: f.string({
      maxLength: 100,
      sameAs: "service",
      description: "The carrier's service, as the reference names it.",
      example: "ground",
    }),
    serviceLevelTerms: f.string({
      maxLength: 200,
      description: "The terms of the service as the carrier words them.",
    }),
    days: f.integer({ min: 0, description: "Days in transit the carrier quoted." }),
    durationTerms: f.string({
      maxLength: 200,
      description: "The quoted transit time as the carrier words it, e.g. `2-3 business days`.",
    }),
    price: f.money({ min: 0, description: "Shipping cost.", example: 6.4 }),
    grams: f.number({
      required: true,
      default: 0,
      min: 0,
      max: MAX_WEIGHT,
      nullable: true,
      description: "Weight of the parcel, in grams.",
      example: 640,
    }),
    picked: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Whether the units have been picked from the shelves.",
    }),
    pickedAt: f.datetime({ description: "When picking finished." }),
    packed: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Whether the parcel is packed.",
    }),
    packedAt: f.datetime({ description: "When packing finished." }),
    shippedAt: f.datetime({ description: "When the parcel left.", example: "2026-03-03T16:20:00.000Z" }),
    ...parcelTracking,
    labelUrl: f.string({ format: "url", description: "Where the shipping label is." }),
    labelFileFormat: f.enum(["png", "pdf"], { description: "The label file's format." }),
    labelFiles,
    labelUris: labelFiles,
    printedLabel: f.boolean({ default: false, description: "Whether the label has been printed." }),
    printedLabelAt: f.datetime({ description: "When the label was printed." }),
    labelError: f.string({
      maxLength: 2000,
      description: "Why the label could not be made; null when it was.",
    }),
    labelRefund: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Whether the unused label's cost was asked back.",
    }),
    muteError: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Do not report the parcel's problems to the company.",
    }),
    commercialInvoiceUrl: f.string({
      format: "url",
      description: "Where the customs invoice of an international parcel is.",
    }),
    files,
    tags,
    adminNotes: f.string({ maxLength: 2000, description: "Internal notes, for the company's staff only." }),
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
    fulfillmentId: f.ref("fulfillment", {
      required: true,
      description: "The fulfillment the line belongs to.",
    }),
    saleItemId: f.ref("sale-item", {
      sameOwner: { on: "saleId", through: "fulfillmentId" },
      description: "The sale line it fulfils; shipping counts its units as fulfilled there.",
    }),
    purchaseItemId: f.ref("purchase-item", {
      description: "The purchase line it covers, when it was moved from a dropshipment.",
    }),
    variantId: f.ref("variant", {
      description: "The catalogue variant shipped; its stock is allocated, then taken off hand when shipped.",
    }),
    warehouseId: f.ref("warehouse", { description: "Where the units are picked from." }),
    externalId: f.string({ maxLength: 100, description: "The line's id in another system." }),
    sku: f.string({ maxLength: 100, description: "The SKU shipped.", example: "SHIRT-LIN-M-BLU" }),
    quantity: f.integer({
      required: true,
      default: 0,
      min: 0,
      max: 1_000_000,
      description: "Units in the parcel.",
      example: 2,
    }),
    picked: f.integer({
      required: true,
      default: 0,
      min: 0,
      nullable: true,
      description: "Units picked so far.",
    }),
    packed: f.integer({
      required: true,
      default: 0,
      min: 0,
      nullable: true,
      description: "Units packed so far.",
    }),
    costPrice: f.money({ min: 0, description: "Unit cost.", example: 18.5 }),
    skipInventoryChange: f.boolean({
      required: true,
      default: false,
      description: "Ship the units without allocating or taking them off hand.",
    }),
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
    name: f.string({
      maxLength: 200,
      description: "The carrier's name as shown on labels and tracking.",
      example: "Parcel Express",
    }),
    carrierType: f.openEnum(["postal", "courier", "freight", "other"], {
      description: "The kind of carrier; the reference's named national postal services are kept as sent.",
      example: "courier",
    }),
    platform: f.string({
      required: true,
      default: "manual",
      nullable: true,
      maxLength: 100,
      description:
        "The system the carrier is reached through; `manual` when labels are not bought through one.",
    }),
    externalId: f.string({ maxLength: 100, description: "The carrier's id in that system." }),
  },
});

export const carrierPickup = defineKind({
  name: "carrier-pickup",
  plural: "carrier-pickups",
  group: "shipping",
  source: "seed",
  description: "A collection booked with a carrier at a dropship provider's address.",
  recordOnly: true,
  fields: {
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider whose parcels are collected.",
    }),
    carrier: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The carrier that collects.",
      example: "Parcel Express",
    }),
    pickupAt: f.datetime({ required: true, description: "When the collection is booked for." }),
    status: f.openEnum(["requested", "scheduled", "completed", "cancelled", "error"], {
      default: "requested",
      description: "Where the booking is: `requested`, `scheduled`, `completed`, `cancelled` or `error`.",
    }),
    source: f.string({ maxLength: 100, description: "What booked the collection, e.g. `portal` or `api`." }),
    externalId: f.string({
      maxLength: 100,
      description: "The carrier's confirmation number.",
      example: "PU-20240504-118",
    }),
    fromName: f.string({
      maxLength: 200,
      description: "Name of the contact at the pickup address.",
      example: "Northwind Textiles",
    }),
    fromAddressLineOne: f.string({
      maxLength: 200,
      description: "First line of the pickup address: street and number.",
      example: "12 Harbour Road",
    }),
    fromAddressLineTwo: f.string({ maxLength: 200, description: "Second line of the pickup address." }),
    fromCity: f.string({ maxLength: 100, description: "City of the pickup address.", example: "Denver" }),
    fromState: f.string({
      maxLength: 100,
      description: "State, province or region of the pickup address.",
      example: "CO",
    }),
    fromZip: f.string({ maxLength: 20, description: "Postal code of the pickup address.", example: "80216" }),
    fromCountry: f.string({
      format: "country",
      description: "ISO 3166-1 alpha-2 country code of the pickup address, e.g. `US`.",
      example: "US",
    }),
    fromPhone: f.string({
      format: "phone",
      description: "Phone number of the contact at the pickup address.",
      example: "+1 303 555 0100",
    }),
    fromEmail: f.string({
      format: "email",
      maxLength: 200,
      description: "E-mail address of the contact at the pickup address.",
    }),
    toCountry: f.string({
      format: "country",
      description: "Country the collected parcels go to, when the carrier asks.",
    }),
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
  recordOnly: true,
  fields: {
    channelId: f.ref("channel", { description: "The channel whose order's address was checked." }),
    saleId: f.ref("sale", { description: "The sale whose address was checked." }),
    source: f.enum(["other", "custom"], {
      required: true,
      default: "other",
      nullable: true,
      description: "Who checked the address: a built-in check (`other`) or a custom one.",
    }),
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
    purchaseId: f.ref("purchase", { required: true, description: "The purchase whose goods go back." }),
    saleReturnId: f.ref("sale-return", { description: "The sale return it carries goods of." }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider the goods go back to." }),
    labelId: f.ref("label", { description: "The return label; return-label renders it." }),
    status: f.enum(["requested", "shipped", "received", "cancelled"], {
      default: "requested",
      description: "`requested`, `shipped`, `received` by the provider, or `cancelled`.",
    }),
    items: f.array(
      f.object({
        purchaseItemId: f.ref("purchase-item", {
          required: true,
          description: "The purchase line sent back.",
        }),
        quantity: f.integer({
          required: true,
          min: 1,
          max: 1_000_000,
          description: "Units of it in the parcel.",
        }),
      }),
      {
        maxLength: 1000,
        description: "What is in the parcel: `[{purchaseItemId, quantity}]`.",
        example: [{ purchaseItemId: 311, quantity: 1 }],
      },
    ),
    reason: f.string({ maxLength: 500, description: "Why the goods go back.", example: "Too small" }),
    carrier: f.string({
      maxLength: 100,
      description: "The carrier taking the goods back.",
      example: "Parcel Express",
    }),
    trackingNumber: f.string({
      maxLength: 100,
      description: "The carrier's tracking number; the return label's.",
      example: "PE104200007",
    }),
    trackingUrl: f.string({ format: "url", description: "Where the parcel can be tracked." }),
    trackingStatus: f.enum(trackingStatuses, {
      description: "Where the parcel is, as the carrier last reported it.",
    }),
    receivedAt: f.datetime({ description: "When the provider received it." }),
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
    purchaseId: f.ref("purchase", { description: "The purchase the label ships goods of." }),
    dropshipmentId: f.ref("dropshipment", { description: "The dropshipment it is the label of (outbound)." }),
    returnShipmentId: f.ref("return-shipment", { description: "The return shipment it is the label of." }),
    direction: f.enum(["outbound", "return"], {
      default: "outbound",
      description: "`outbound` to the customer, or `return` to the provider.",
    }),
    carrier: f.string({
      maxLength: 100,
      description: "The carrier named on the label.",
      example: "Parcel Express",
    }),
    service: f.string({
      maxLength: 100,
      description: "The carrier's service named on the label.",
      example: "ground",
    }),
    trackingNumber: f.string({
      maxLength: 100,
      description: "The tracking number on the label, printed as a barcode.",
      example: "PE104200001",
    }),
    provider: f.string({ maxLength: 100, description: "The label provider that rendered it." }),
    version: f.integer({
      default: 1,
      min: 1,
      description:
        "The label's version: 1 for the first label of a parcel or purchase, one more for each made again.",
    }),
    format: f.enum(["pdf", "png"], {
      default: "pdf",
      description: "The file's format; the built-in provider renders a 4x6 inch PDF.",
    }),
    url: f.string({
      format: "url",
      readOnly: true,
      description: "Absolute link to the label file.",
      example: "https://api.example.com/files/dropshipment-label-88.pdf",
    }),
  },
});
