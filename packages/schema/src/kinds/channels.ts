/** Selling channels, their connector stores and what is listed and priced on them. */
import { channelActions, channelVariantStates, channelVariantStatuses } from "../actions.ts";
import { defineKind, f } from "../define.ts";

const group = "channels";

const endpoint = (description?: string) => f.string({ format: "url", maxLength: 2000, description });
const tagList = () => f.array(f.string({ required: true, minLength: 1, maxLength: 100 }), { maxLength: 250 });
const countryList = () => f.array(f.string({ required: true, format: "country" }), { maxLength: 250 });
const onOff = ["enabled", "disabled"] as const;

export const channel = defineKind({
  name: "channel",
  plural: "channels",
  description:
    "A place the company sells through (a web store, a marketplace account, manual orders), with its routing, sync and shipping settings.",
  group,
  source: "seed",
  actions: channelActions,
  fields: {
    addressValidationEndpoint: endpoint("URL called to validate shipping addresses of new sales."),
    addressValidationFinalize: f.boolean({ required: true, default: false, nullable: true }),
    allocateDraftSales: f.enum(onOff, { required: true, default: "enabled", nullable: true }),
    allocatedShipments: f.enum(["allow", "error"], { required: true, default: "allow", nullable: true }),
    automaticallyCancelSales: f.boolean({ required: true, default: true, nullable: true }),
    automaticallyFinalizeSales: f.boolean({ required: true, default: true }),
    automaticallyPublish: f.boolean({ required: true, default: true, nullable: true }),
    blendedPreference: f.enum(["dropship", "inhouse", "routing"], {
      required: true,
      default: "inhouse",
      nullable: true,
      description: "Who ships a line that both an own warehouse and a dropship provider can ship.",
    }),
    bundleInventorySync: f.enum(onOff, { required: true, default: "enabled", nullable: true }),
    cacheRates: f.integer({ min: 0, description: "Seconds a shipping rate quote may be reused." }),
    checkDropshipAt: f.datetime(),
    checkoutString: f.string({ maxLength: 200 }),
    collectionEndpoint: endpoint(),
    connectToFeed: f.boolean(),
    connectedAt: f.datetime(),
    currency: f.string({ format: "currency", default: "USD" }),
    disableVariantInventorySync: f.boolean(),
    dropshipAllowTags: tagList(),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "Default dropship provider of the channel's sales.",
    }),
    dropshipRouting: f.enum(["default", "custom"], { required: true, default: "default", nullable: true }),
    dropshipRoutingTags: tagList(),
    dropshipTags: tagList(),
    email: f.string({ format: "email", maxLength: 254 }),
    enableFreeShippingCountries: f.boolean({ default: false }),
    enforceRefundLimits: f.enum(onOff),
    eoriNumber: f.string({ maxLength: 100 }),
    externalFulfillmentTrigger: f.string({ maxLength: 100 }),
    finalizationDelay: f.string({ maxLength: 100 }),
    forceConnectToFeed: f.boolean(),
    freeShippingCode: f.string({ maxLength: 100 }),
    freeShippingCountries: countryList(),
    freeShippingName: f.string({ maxLength: 200 }),
    freeShippingOriginCountries: countryList(),
    freeShippingOverride: f.boolean(),
    freeShippingScope: f.string({ maxLength: 100 }),
    freeShippingThreshold: f.money({ min: 0, description: "Order value from which shipping is free." }),
    hash: f.json({ maxBytes: 1024, description: "The channel's hash as the reference keeps it (any JSON)." }),
    hideWhenNoCostPrice: f.boolean(),
    imageSync: f.openEnum(onOff),
    importChannelFulfillments: f.string({ maxLength: 100 }),
    importFromFeed: f.boolean(),
    importPaymentStatus: f.string({ maxLength: 100 }),
    importProductsSeconds: f.integer({ min: 0 }),
    includeBackorderQuantity: f.boolean(),
    includeSaleTags: f.boolean(),
    inhouseBrandNames: f.array(f.string({ required: true, minLength: 1, maxLength: 200 }), {
      maxLength: 250,
    }),
    inventoryFeedRemoved: f.string({ maxLength: 100 }),
    inventoryFeedUnpublish: f.string({ maxLength: 100 }),
    inventorySync: f.openEnum([...onOff, "all"]),
    inventorySyncTrigger: f.string({ maxLength: 100 }),
    lockIso: f.boolean(),
    manualSaleItemRouting: f.string({ maxLength: 100 }),
    maxShippingCost: f.boolean({
      description: "Cap the shipping charged on a sale at maxShippingCostThreshold.",
    }),
    maxShippingCostThreshold: f.money({ min: 0 }),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    notes: f.string({ maxLength: 2000 }),
    priceSync: f.enum(onOff, { default: "enabled" }),
    safetyStock: f.integer({
      min: 0,
      default: 0,
      description: "Units held back from the levels published to the channel.",
    }),
    taxesIncluded: f.boolean({ default: false, description: "Prices on the channel include tax." }),
    type: f.enum(["manual", "custom", "platformA", "platformB", "retailer"], {
      default: "manual",
      description: "What kind of store or account the channel is connected to.",
    }),
    url: f.string({ format: "url", maxLength: 2000 }),
    warehouseId: f.ref("warehouse", {
      description: "Own warehouse that ships the channel's in-house lines by default.",
    }),
  },
});

export const channelCommissionRate = defineKind({
  name: "channel-commission-rate",
  plural: "channel-commission-rates",
  description:
    "The commission a channel keeps on sales of one dropship provider's items, optionally only for tagged items.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel", { required: true }),
    commissionRate: f.number({
      required: true,
      default: 0,
      nullable: true,
      min: 0,
      description: "A percentage or a fixed amount per item, per commissionRateType.",
    }),
    commissionRateType: f.enum(["percentage", "fixed"], {
      required: true,
      default: "percentage",
      nullable: true,
    }),
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    filterType: f.enum(["tags", "none"], { required: true, default: "none", nullable: true }),
    tags: tagList(),
  },
});

export const channelCustomField = defineKind({
  name: "channel-custom-field",
  plural: "channel-custom-fields",
  description:
    "A store-side field of a channel mapped to a custom field, so its values are imported or published.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel", { required: true }),
    customFieldId: f.ref("custom-field"),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    namespace: f.string({ maxLength: 100 }),
    key: f.string({ maxLength: 100, description: "The field's key on the store side." }),
    valueType: f.enum(["string", "integer", "number", "boolean", "json"], { default: "string" }),
    defaultValue: f.string({ maxLength: 2000 }),
    direction: f.enum(["import", "export", "both"], { default: "both" }),
    enabled: f.boolean({ default: true }),
  },
});

export const channelDropshipLocation = defineKind({
  name: "channel-dropship-location",
  plural: "channel-dropship-locations",
  description: "A dropship location connected to a channel, whose stock the channel may sell.",
  group,
  source: "seed",
  unique: [["channelId", "dropshipLocationId"]],
  fields: {
    channelId: f.ref("channel", { required: true }),
    dropshipLocationId: f.ref("dropship-location", { required: true }),
    externalId: f.string({ maxLength: 100 }),
    inventoryFeedLocationNames: f.array(f.string({ required: true, minLength: 1, maxLength: 200 }), {
      maxLength: 250,
    }),
    name: f.string({ maxLength: 200 }),
    priority: f.integer({
      min: 0,
      default: 0,
      description: "Routing order among the channel's locations; lower goes first.",
    }),
    syncInventory: f.boolean({ default: true }),
  },
});

export const channelDropshipProviderTaxRate = defineKind({
  name: "channel-dropship-provider-tax-rate",
  plural: "channel-dropship-provider-tax-rates",
  description:
    "A tax rate applied to a dropship provider's items sold on a channel, optionally for one destination.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel", { required: true }),
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    name: f.string({ maxLength: 200 }),
    country: f.string({ format: "country", description: "Destination country; null for every country." }),
    state: f.string({ maxLength: 100 }),
    rate: f.number({ required: true, min: 0, max: 100, description: "Percentage of the item price." }),
    taxShipping: f.boolean({ default: false }),
    enabled: f.boolean({ default: true }),
  },
});

export const channelPriceList = defineKind({
  name: "channel-price-list",
  plural: "channel-price-lists",
  description:
    "A named set of prices published to a channel (a market, a customer group), by adjustment or per variant.",
  group,
  source: "seed",
  unique: [["channelId", "externalId"]],
  fields: {
    channelId: f.ref("channel", { required: true }),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    externalId: f.string({ maxLength: 100 }),
    currency: f.string({ format: "currency" }),
    adjustmentType: f.enum(["none", "percentage", "fixed"], { default: "none" }),
    adjustment: f.number({
      description: "Percentage or amount added to the variant price (negative lowers it).",
    }),
    prices: f.array(
      f.object({
        variantId: f.ref("variant", { required: true }),
        price: f.money({ required: true, min: 0 }),
        compareAtPrice: f.money({ min: 0 }),
      }),
      { maxLength: 1000, description: "Per-variant prices that override the adjustment." },
    ),
    enabled: f.boolean({ default: true }),
    notes: f.string({ maxLength: 2000 }),
  },
});

export const channelProduct = defineKind({
  name: "channel-product",
  plural: "channel-products",
  description: "A product as listed on a channel, linking the store-side listing to the catalogue product.",
  group,
  source: "seed",
  unique: [["channelId", "externalId"]],
  fields: {
    channelId: f.ref("channel", { required: true }),
    productId: f.ref("product"),
    externalId: f.string({ maxLength: 100 }),
    title: f.string({ maxLength: 500 }),
    handle: f.string({ maxLength: 200 }),
    description: f.string({ maxLength: 20_000 }),
    productType: f.string({ maxLength: 200 }),
    tags: tagList(),
    status: f.enum(["active", "draft", "archived"], { default: "active" }),
    publishedAt: f.datetime(),
    errorMessage: f.string({ maxLength: 2000 }),
  },
});

export const channelShipmentUpdate = defineKind({
  name: "channel-shipment-update",
  plural: "channel-shipment-updates",
  description:
    "A log entry of shipment details sent to a channel for a dropshipment or fulfillment, with the outcome.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel", { required: true }),
    dropshipmentId: f.ref("dropshipment"),
    fulfillmentId: f.ref("fulfillment"),
    payload: f.json({ maxBytes: 200_000, description: "The body sent to the channel." }),
    response: f.json({ maxBytes: 200_000, description: "The channel's answer." }),
    status: f.enum(["success", "error"], { required: true, default: "success", nullable: true }),
    statusMessage: f.string({ maxLength: 2000 }),
    statusProblem: f.json({
      maxBytes: 8192,
      description: "Details of a failed update (code, field, message).",
    }),
  },
});

export const channelShippingRate = defineKind({
  name: "channel-shipping-rate",
  plural: "channel-shipping-rates",
  description:
    "A shipping price a channel charges, by destination and by weight or order value; the rates action quotes from these.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel", { required: true }),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    carrier: f.string({ maxLength: 100 }),
    service: f.string({ maxLength: 100 }),
    countries: f.array(f.string({ required: true, format: "country" }), {
      maxLength: 250,
      description: "Destination countries; empty or null for everywhere.",
    }),
    basis: f.enum(["flat", "weight", "orderValue"], { default: "flat" }),
    minValue: f.number({
      min: 0,
      description: "Lower bound (inclusive) of the weight in grams or the order value.",
    }),
    maxValue: f.number({
      min: 0,
      description: "Upper bound (inclusive) of the weight in grams or the order value.",
    }),
    price: f.money({ required: true, min: 0 }),
    pricePerUnit: f.money({ min: 0, description: "Extra price per kilogram, for the weight basis." }),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "The rate applies only to this provider's shipments; null for any shipment.",
    }),
    enabled: f.boolean({ default: true }),
  },
});

export const channelSite = defineKind({
  name: "channel-site",
  plural: "channel-sites",
  description: "A storefront or site of a channel (a regional store, a language site), by its store-side id.",
  group,
  source: "seed",
  unique: [["channelId", "externalId"]],
  fields: {
    channelId: f.ref("channel", { required: true }),
    externalId: f.string({ maxLength: 100 }),
    name: f.string({ maxLength: 200 }),
  },
});

export const channelVariant = defineKind({
  name: "channel-variant",
  plural: "channel-variants",
  description:
    "A variant as listed on a channel: the store-side id and the state of its price, stock and publish syncs.",
  group,
  source: "seed",
  states: channelVariantStates,
  unique: [
    ["channelId", "externalId"],
    ["channelId", "sku"],
  ],
  fields: {
    cacheHash: f.string({ maxLength: 200 }),
    channelId: f.ref("channel", { required: true }),
    costPriceRetries: f.integer({ min: 0 }),
    costPriceRetry: f.boolean(),
    costPriceUpdate: f.json({ description: "The pending or last cost price update sent to the store." }),
    errorMessage: f.string({ maxLength: 2000 }),
    externalCreatedAt: f.datetime(),
    externalGroupId: f.string({ maxLength: 100 }),
    externalId: f.string({
      minLength: 1,
      maxLength: 100,
      description: "The store-side id; null for a published variant until the store acknowledges it.",
    }),
    externalSku: f.string({ maxLength: 100 }),
    hash: f.string({ maxLength: 200 }),
    inventoryFeedVariantId: f.ref("inventory-feed-variant", {
      description: "The vendor feed item this listing was published from.",
    }),
    inventoryRetries: f.integer({ min: 0 }),
    inventoryRetry: f.boolean(),
    inventoryUpdate: f.json({ description: "The pending or last stock level update sent to the store." }),
    metaFieldsHash: f.string({ maxLength: 200 }),
    parentHash: f.string({ maxLength: 200 }),
    priceListHash: f.string({ maxLength: 200 }),
    priceListRetry: f.boolean(),
    priceRetries: f.integer({ min: 0 }),
    priceRetry: f.boolean(),
    priceUpdate: f.json({ description: "The pending or last price update sent to the store." }),
    publishUpdate: f.json({ description: "The pending or last publish request sent to the store." }),
    sku: f.string({ maxLength: 100 }),
    source: f.openEnum(["custom", "connector", "inventoryFeed"], {
      required: true,
      default: "custom",
      description:
        "How the listing came to be: created by a client, imported from the store connector, or published from a feed.",
    }),
    status: f.enum(channelVariantStatuses, { default: "pending" }),
    variantId: f.ref("variant"),
    variantParcelsHash: f.string({ maxLength: 200 }),
  },
});

export const channelVariantImport = defineKind({
  name: "channel-variant-import",
  plural: "channel-variant-imports",
  description: "A snapshot of a channel variant as the store reported it during an import.",
  group,
  source: "seed",
  owner: { field: "channelVariantId" },
  fields: {
    channelVariantId: f.ref("channel-variant", { required: true }),
    costPrice: f.money({ min: 0 }),
    grams: f.number({ min: 0 }),
    inventoryPolicy: f.enum(["ignore", "deny", "continue", "dropship", "track"]),
    productPayload: f.json({ maxBytes: 200_000, description: "The product as the store sent it." }),
    sku: f.string({ maxLength: 100 }),
    variantPayload: f.json({ maxBytes: 200_000, description: "The variant as the store sent it." }),
  },
});

export const channelVariantUpdate = defineKind({
  name: "channel-variant-update",
  plural: "channel-variant-updates",
  description: "A log entry of one price, stock or publish update pushed to a channel for a channel variant.",
  group,
  source: "seed",
  fields: {
    channelVariantId: f.ref("channel-variant"),
    compareAtPrice: f.money({ min: 0 }),
    costPrice: f.money({ min: 0 }),
    hideWhenNoCostPrice: f.boolean(),
    inventoryQuantity: f.integer({ min: 0 }),
    payload: f.json({ maxBytes: 200_000, description: "The body sent to the channel." }),
    price: f.money({ min: 0 }),
    response: f.json({ maxBytes: 200_000, description: "The channel's answer." }),
    retries: f.integer({ min: 0 }),
    retry: f.boolean(),
    status: f.enum(["success", "error", "pending", "skipped"], {
      required: true,
      default: "success",
      nullable: true,
    }),
    statusMessage: f.string({ maxLength: 2000 }),
    type: f.enum(["inventory", "price", "publish", "cost_price", "price_list"]),
    variantInventoryUpdateId: f.integer({ min: 1 }),
  },
});

export const customChannel = defineKind({
  name: "custom-channel",
  plural: "custom-channels",
  description:
    "A channel connected through the company's own endpoints (for sales, stock, prices and publishing) rather than a built-in connector.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel"),
    cloneOrderNotifications: f.boolean({ required: true, default: false, nullable: true }),
    connectedAt: f.datetime(),
    enabled: f.boolean({ required: true, default: true, nullable: true }),
    fulfillmentEndpoint: endpoint(),
    inventoryEndpoint: endpoint(),
    inventoryEndpointPrice: f.boolean({
      description: "Send prices along with stock levels to the inventory endpoint.",
    }),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    postToChannelEndpoint: endpoint(),
    priceEndpoint: endpoint(),
    priceEndpointInventory: f.boolean({
      description: "Send stock levels along with prices to the price endpoint.",
    }),
    priceListEndpoint: endpoint(),
    productsFeedFormat: f.enum(["custom", "webhook"], { required: true, default: "custom", nullable: true }),
    publishingAcknowledgement: f.enum(["sync", "async"], { required: true, default: "sync", nullable: true }),
    publishingEndpoint: endpoint(),
    resourceLocation: f.string({ maxLength: 2000 }),
    salesFeedFormat: f.enum(["custom", "webhook"], { required: true, default: "custom", nullable: true }),
    webhookHash: f.string({ maxLength: 200 }),
  },
});

export const platformAStore = defineKind({
  name: "platform-a-store",
  plural: "platform-a-stores",
  description:
    "The connection of a channel to a store on hosted shop platform A: shop, credentials and import options.",
  group,
  source: "seed",
  fields: {
    accessToken: f.string({ maxLength: 2000 }),
    archiveReason: f.enum(["subscription", "other"], { required: true, default: "other", nullable: true }),
    authenticationType: f.enum(["public", "private"], { required: true, default: "public", nullable: true }),
    channelId: f.ref("channel", { required: true }),
    clientId: f.string({ maxLength: 200 }),
    clientSecret: f.string({ maxLength: 200 }),
    defaultCategory: f.string({ maxLength: 200 }),
    enabled: f.boolean({ required: true, default: true, nullable: true }),
    externalChannelId: f.string({ maxLength: 100 }),
    importCancelledOrders: f.boolean(),
    lastFetchedSalesAt: f.datetime(),
    name: f.string({ maxLength: 200 }),
    orderPolling: f.boolean(),
    shop: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The store's address or handle on the platform.",
    }),
    singleVariantPricingUpdate: f.enum(["product", "variant", "both"], {
      required: true,
      default: "variant",
      nullable: true,
    }),
    storeHash: f.string({ maxLength: 100 }),
    useTotalTax: f.boolean(),
  },
});

export const platformBStore = defineKind({
  name: "platform-b-store",
  plural: "platform-b-stores",
  description:
    "The connection of a channel to a store on hosted shop platform B, by store id and API credentials.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel"),
    clientId: f.string({ required: true, minLength: 1, maxLength: 200 }),
    clientSecret: f.string({ required: true, minLength: 1, maxLength: 200 }),
    fulfillmentEndpoint: endpoint(),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    storeId: f.string({ required: true, minLength: 1, maxLength: 100 }),
  },
});

export const retailerAccount = defineKind({
  name: "retailer-account",
  plural: "retailer-accounts",
  description:
    "A seller account on a large retail marketplace, with the credentials a channel uses to sell there.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel"),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    sellerId: f.string({ maxLength: 100, description: "The account's id on the marketplace." }),
    marketplaceCode: f.string({
      maxLength: 100,
      description: "The regional marketplace the account sells on.",
    }),
    country: f.string({ format: "country" }),
    currency: f.string({ format: "currency" }),
    accessToken: f.string({ maxLength: 2000 }),
    refreshToken: f.string({ maxLength: 2000 }),
    tokenExpiresAt: f.datetime(),
    connectionStatus: f.enum(["pending", "connected", "error", "disconnected"], { default: "pending" }),
    lastSyncedAt: f.datetime(),
    enabled: f.boolean({ default: true }),
  },
});

export const retailerAccountReport = defineKind({
  name: "retailer-account-report",
  plural: "retailer-account-reports",
  description:
    "A report requested from a retailer account (orders, inventory, settlements) and the file it produced.",
  group,
  source: "seed",
  owner: { field: "retailerAccountId" },
  unique: [["retailerAccountId", "externalId"]],
  fields: {
    retailerAccountId: f.ref("retailer-account", { required: true }),
    reportType: f.enum(["orders", "inventory", "settlement", "returns", "fees"], { required: true }),
    externalId: f.string({ maxLength: 100 }),
    status: f.enum(["requested", "processing", "done", "cancelled", "error"], { default: "requested" }),
    periodStart: f.datetime(),
    periodEnd: f.datetime(),
    fileUrl: f.string({ format: "url", maxLength: 2000 }),
    errorMessage: f.string({ maxLength: 2000 }),
    completedAt: f.datetime(),
  },
});
