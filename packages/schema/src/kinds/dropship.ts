import { addressFields, dropshipProviderActions } from "../actions.ts";
import { defineKind, f } from "../define.ts";

const importStatuses = ["success", "error", "skipped"] as const;
const jobStatuses = ["pending", "running", "success", "error"] as const;

export const dropshipProvider = defineKind({
  name: "dropship-provider",
  plural: "dropship-providers",
  group: "dropship",
  source: "seed",
  description:
    "A supplier that ships the company's orders straight to its customers and is paid per purchase.",
  actions: dropshipProviderActions,
  fields: {
    addressLineOne: f.string({ maxLength: 200, description: "First line of the address it ships from." }),
    addressLineTwo: f.string({ maxLength: 200 }),
    addressRouting: f.enum(["default", "requireAssigned"]),
    adminNotes: f.string({ maxLength: 2000 }),
    anyVendor: f.boolean({ required: true, default: false, nullable: true }),
    applyDiscountCode: f.boolean({ required: true, default: false, nullable: true }),
    applyReturnPenalty: f.enum(["disabled", "enabled"], {
      required: true,
      default: "disabled",
      nullable: true,
    }),
    authenticationSecret: f.string({ maxLength: 500 }),
    authenticationToken: f.string({ maxLength: 500 }),
    automaticallyPickup: f.boolean(),
    automaticallySendLabel: f.boolean({ required: true, default: false, nullable: true }),
    calculateCostPrices: f.boolean(),
    city: f.string({ maxLength: 100 }),
    combineRates: f.boolean({ required: true, default: false, nullable: true }),
    commissionGrossTax: f.boolean({ required: true, default: false, nullable: true }),
    commissionMethod: f.enum(["retained", "reverse"], {
      required: true,
      default: "retained",
      nullable: true,
    }),
    commissionPriceInventoryFeedId: f.ref("inventory-feed"),
    commissionRate: f.number({ min: 0, max: 100, description: "Percentage the company retains per sale." }),
    commissionRateBase: f.enum(["inventoryFeedVariant", "saleItem"], {
      required: true,
      default: "saleItem",
      nullable: true,
    }),
    commissionRateDiscount: f.boolean(),
    commissionRateDiscountCodes: f.array(f.string({ maxLength: 100 }), { maxLength: 1000 }),
    commissionRateDiscountScope: f.enum(["all", "selected", "exclude"], {
      required: true,
      default: "all",
      nullable: true,
    }),
    commissionRateDiscountSplit: f.number({ required: true, default: 100, min: 0, max: 100 }),
    commissionRateEndpoint: f.string({ maxLength: 2000, format: "url" }),
    commissionRateEndpointHash: f.string({ maxLength: 200 }),
    commissionRateFixedType: f.enum(["set_to", "deduct_by"], { required: true, default: "deduct_by" }),
    contactName: f.string({ maxLength: 200 }),
    country: f.string({ format: "country" }),
    currency: f.string({ required: true, default: "USD", format: "currency" }),
    defaultCarrier: f.string({
      maxLength: 100,
      description: "Carrier of the labels made by a purchase's default-label action.",
    }),
    defaultService: f.string({
      maxLength: 100,
      description: "Service level of the labels made by a purchase's default-label action.",
    }),
    email: f.string({ maxLength: 200, format: "email" }),
    enabled: f.boolean({ required: true, default: true }),
    handlingPrice: f.money({ min: 0, description: "Charged by the provider on each purchase." }),
    name: f.string({ maxLength: 200 }),
    paymentTermsDays: f.integer({ min: 0, max: 365 }),
    phone: f.string({ format: "phone" }),
    purchaseEndpoint: f.string({
      maxLength: 2000,
      format: "url",
      description: "Where purchase orders are delivered when the format is json, xml or csv.",
    }),
    purchaseFormat: f.enum(["json", "xml", "csv", "email"], { required: true, default: "email" }),
    state: f.string({ maxLength: 100 }),
    zip: f.string({ maxLength: 20 }),
  },
});

export const dropshipProviderAddress = defineKind({
  name: "dropship-provider-address",
  plural: "dropship-provider-addresses",
  group: "dropship",
  source: "seed",
  description: "A postal address of a dropship provider: where it ships from, takes returns or is billed.",
  owner: { field: "dropshipProviderId" },
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    purpose: f.enum(["shipFrom", "return", "billing"], { required: true, default: "shipFrom" }),
    isDefault: f.boolean({
      required: true,
      default: false,
      description:
        "The provider's default address for its purpose; it overrides the provider's own address fields.",
    }),
    ...addressFields,
  },
});

export const dropshipProviderAgreement = defineKind({
  name: "dropship-provider-agreement",
  plural: "dropship-provider-agreements",
  group: "dropship",
  source: "seed",
  description: "A dropship provider's acceptance (or refusal) of one of the company's agreements.",
  owner: { field: "dropshipProviderId" },
  unique: [["dropshipProviderId", "agreementId"]],
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    agreementId: f.ref("agreement", { required: true }),
    status: f.enum(["pending", "accepted", "declined", "revoked"], { required: true, default: "pending" }),
    version: f.string({ maxLength: 50, description: "The agreement version that was accepted." }),
    signedBy: f.string({ maxLength: 200 }),
    signedByEmail: f.string({ maxLength: 200, format: "email" }),
    acceptedAt: f.datetime(),
    notes: f.string({ maxLength: 2000 }),
  },
});

export const dropshipProviderCollection = defineKind({
  name: "dropship-provider-collection",
  plural: "dropship-provider-collections",
  group: "dropship",
  source: "seed",
  description:
    "A collection of products on a dropship provider's own store, which can be imported as a feed.",
  owner: { field: "dropshipProviderId" },
  unique: [["dropshipProviderId", "externalId"]],
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    externalId: f.string({ required: true, minLength: 1, maxLength: 100 }),
    name: f.string({ required: true, maxLength: 200 }),
    handle: f.string({ maxLength: 200 }),
    inventoryFeedId: f.ref("inventory-feed", { description: "The feed its products are imported into." }),
    selected: f.boolean({
      required: true,
      default: false,
      description: "Import this collection's products.",
    }),
    productCount: f.integer({ min: 0, readOnly: true }),
    lastFetchedAt: f.datetime({ readOnly: true }),
  },
});

export const dropshipProviderCollectionPayload = defineKind({
  name: "dropship-provider-collection-payload",
  plural: "dropship-provider-collection-payloads",
  group: "dropship",
  source: "seed",
  description: "One page of data fetched from a provider collection, kept as received until it is processed.",
  owner: { field: "dropshipProviderCollectionId" },
  fields: {
    dropshipProviderCollectionId: f.ref("dropship-provider-collection", { required: true }),
    page: f.integer({ min: 0 }),
    contentType: f.string({ maxLength: 100 }),
    payload: f.string({ maxLength: 500_000, description: "The body as received." }),
    itemCount: f.integer({ min: 0 }),
    status: f.enum(["pending", "processed", "error"], { required: true, default: "pending" }),
    errorMessage: f.string({ maxLength: 2000 }),
    processedAt: f.datetime(),
  },
});

export const dropshipProviderInventoryFeedVariant = defineKind({
  name: "dropship-provider-inventory-feed-variant",
  plural: "dropship-provider-inventory-feed-variants",
  group: "dropship",
  source: "seed",
  description: "An offer by a dropship provider to ship an inventory feed item, at its own cost and stock.",
  owner: { field: "inventoryFeedVariantId" },
  unique: [["dropshipProviderId", "inventoryFeedVariantId"]],
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    inventoryFeedVariantId: f.ref("inventory-feed-variant", { required: true }),
    sku: f.string({ maxLength: 100, description: "The provider's own SKU for the item." }),
    costPrice: f.money({ min: 0 }),
    quantity: f.integer({ required: true, default: 0, min: 0 }),
    priority: f.integer({
      required: true,
      default: 0,
      min: 0,
      description: "Lower ships first when several providers offer the item.",
    }),
    enabled: f.boolean({ required: true, default: true }),
  },
});

export const dropshipProviderPlatformAction = defineKind({
  name: "dropship-provider-platform-action",
  plural: "dropship-provider-platform-actions",
  group: "dropship",
  source: "seed",
  description: "A call made to a dropship provider's platform on the company's behalf, with its outcome.",
  owner: { field: "dropshipProviderId" },
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    dropshipPlatformAccountId: f.ref("dropship-platform-account"),
    action: f.enum(
      ["fetchInventory", "fetchShipments", "sendPurchase", "cancelPurchase", "fetchCollections"],
      {
        required: true,
      },
    ),
    purchaseId: f.ref("purchase"),
    status: f.enum(jobStatuses, { required: true, default: "pending" }),
    attempts: f.integer({ required: true, default: 0, min: 0 }),
    request: f.string({ maxLength: 500_000 }),
    response: f.string({ maxLength: 500_000 }),
    errorMessage: f.string({ maxLength: 2000 }),
    completedAt: f.datetime(),
  },
});

export const dropshipProviderShipmentImport = defineKind({
  name: "dropship-provider-shipment-import",
  plural: "dropship-provider-shipment-imports",
  group: "dropship",
  source: "seed",
  description: "A log entry of a shipment reported by a dropship provider and matched to a purchase.",
  owner: { field: "dropshipProviderId" },
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    externalId: f.string({ maxLength: 100 }),
    purchaseId: f.ref("purchase"),
    dropshipmentId: f.ref("dropshipment"),
    trackingNumber: f.string({ maxLength: 100 }),
    carrier: f.string({ maxLength: 100 }),
    status: f.enum(importStatuses, { required: true, default: "success" }),
    payload: f.string({ maxLength: 500_000, description: "The shipment data as received." }),
    errorMessage: f.string({ maxLength: 2000 }),
    read: f.boolean({ required: true, default: false }),
  },
});

export const dropshipProviderShippingField = defineKind({
  name: "dropship-provider-shipping-field",
  plural: "dropship-provider-shipping-fields",
  group: "dropship",
  source: "seed",
  description:
    "How a sale's shipping method is written on a provider's purchase orders: carrier, service and code.",
  owner: { field: "dropshipProviderId" },
  unique: [["dropshipProviderId", "shippingMethod"]],
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    shippingMethod: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "As it appears on sales.",
    }),
    carrier: f.string({ maxLength: 100 }),
    service: f.string({ maxLength: 100 }),
    code: f.string({ maxLength: 100, description: "The provider's own code for this method." }),
    accountNumber: f.string({
      maxLength: 100,
      description: "Carrier account billed for the shipment, if not the provider's.",
    }),
    isDefault: f.boolean({
      required: true,
      default: false,
      description: "Used for shipping methods with no mapping.",
    }),
  },
});

export const dropshipProviderWarehouse = defineKind({
  name: "dropship-provider-warehouse",
  plural: "dropship-provider-warehouses",
  group: "dropship",
  source: "seed",
  description:
    "A location a dropship provider ships from, optionally mirrored by a company warehouse for stock.",
  owner: { field: "dropshipProviderId" },
  unique: [["dropshipProviderId", "externalId"]],
  fields: {
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    name: f.string({ required: true, maxLength: 200 }),
    externalId: f.string({ maxLength: 100 }),
    warehouseId: f.ref("warehouse"),
    city: f.string({ maxLength: 100 }),
    state: f.string({ maxLength: 100 }),
    zip: f.string({ maxLength: 20 }),
    country: f.string({ format: "country" }),
    handlingDays: f.integer({ min: 0, max: 365, description: "Business days between order and shipment." }),
    isDefault: f.boolean({ required: true, default: false }),
    enabled: f.boolean({ required: true, default: true }),
  },
});

export const dropshipLocation = defineKind({
  name: "dropship-location",
  plural: "dropship-locations",
  group: "dropship",
  source: "seed",
  description:
    "A named stock location backed by dropship providers, which channels list as a place that ships.",
  fields: {
    name: f.string({ required: true, maxLength: 200 }),
    code: f.string({ maxLength: 100 }),
    dropshipProviderId: f.ref("dropship-provider"),
    inventoryFeedId: f.ref("inventory-feed"),
    city: f.string({ maxLength: 100 }),
    state: f.string({ maxLength: 100 }),
    zip: f.string({ maxLength: 20 }),
    country: f.string({ format: "country" }),
    enabled: f.boolean({ required: true, default: true }),
    notes: f.string({ maxLength: 2000 }),
  },
});

export const dropshipPlatformAccount = defineKind({
  name: "dropship-platform-account",
  plural: "dropship-platform-accounts",
  group: "dropship",
  source: "seed",
  description:
    "The company's account on an external dropship platform, through which retailers send it orders.",
  fields: {
    name: f.string({ required: true, maxLength: 200 }),
    externalId: f.string({ maxLength: 100, description: "The account's id on the platform." }),
    dropshipProviderId: f.ref("dropship-provider"),
    apiUrl: f.string({ maxLength: 2000, format: "url" }),
    authenticationToken: f.string({ maxLength: 500 }),
    authenticationSecret: f.string({ maxLength: 500 }),
    connectionStatus: f.enum(["pending", "connected", "error", "disconnected"], {
      default: "pending",
      readOnly: true,
    }),
    enabled: f.boolean({ required: true, default: true }),
    lastSyncedAt: f.datetime({ readOnly: true }),
  },
});

export const dropshipPurchaseImport = defineKind({
  name: "dropship-purchase-import",
  plural: "dropship-purchase-imports",
  group: "dropship",
  source: "seed",
  description:
    "A log entry of a purchase order received from a dropship platform and the dropshipment made of it.",
  fields: {
    dropshipPlatformAccountId: f.ref("dropship-platform-account"),
    dropshipProviderId: f.ref("dropship-provider"),
    externalId: f.string({ maxLength: 100 }),
    purchaseId: f.ref("purchase"),
    dropshipmentId: f.ref("dropshipment"),
    status: f.enum(importStatuses, { required: true, default: "success" }),
    payload: f.string({ maxLength: 500_000, description: "The order as received." }),
    errorMessage: f.string({ maxLength: 2000 }),
    read: f.boolean({ required: true, default: false }),
  },
});
