/** Selling channels, their connector stores and what is listed and priced on them. */
import { channelActions, channelVariantStates, channelVariantStatuses } from "../actions.ts";
import { defineKind, f, MAX_WEIGHT } from "../define.ts";
import { rotateSigningSecret, rotateWebhookHash, signingSecret } from "../secrets.ts";

const group = "channels";

/** A URL the service calls, or (`recordOnly`) one checked as such for a connector that would. */
const endpoint = (description?: string, { recordOnly }: { recordOnly?: boolean } = {}) =>
  f.string({ format: "url", called: true, maxLength: 2000, description, recordOnly });
/** Free labels (at most 250 of up to 100 characters each); `description` says what they mark. */
const tagList = (
  description = "Free labels, for filters and routing rules.",
  { recordOnly }: { recordOnly?: boolean } = {},
) =>
  f.array(f.string({ required: true, minLength: 1, maxLength: 100 }), {
    maxLength: 250,
    description,
    recordOnly,
  });
/** Countries as ISO 3166-1 alpha-2 codes. */
const countryList = (description?: string, { recordOnly }: { recordOnly?: boolean } = {}) =>
  f.array(f.string({ required: true, format: "country" }), { maxLength: 250, description, recordOnly });
const onOff = ["enabled", "disabled"] as const;

export const channel = defineKind({
  name: "channel",
  plural: "channels",
  description:
    "A place the company sells through (a web store, a marketplace account, manual orders), with its routing, sync and shipping settings.",
  group,
  source: "seed",
  fewPerCompany: true,
  actions: channelActions,
  fields: {
    addressValidationEndpoint: endpoint("URL to validate shipping addresses of new sales.", {
      recordOnly: true,
    }),
    addressValidationFinalize: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Finalize a sale only once the address validation endpoint accepted its address.",
    }),
    allocateDraftSales: f.enum(onOff, {
      required: true,
      default: "enabled",
      nullable: true,
      description: "Whether draft sales already reserve stock.",
      recordOnly: true,
    }),
    allocatedShipments: f.enum(["allow", "error"], {
      required: true,
      default: "allow",
      nullable: true,
      description: "What a shipment of lines without allocated stock does: `allow` it or answer an `error`.",
      recordOnly: true,
    }),
    automaticallyCancelSales: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description: "Cancel a sale here when the store cancels the order.",
      recordOnly: true,
    }),
    automaticallyFinalizeSales: f.boolean({
      required: true,
      default: true,
      description:
        "Finalize imported sales without review, so their lines are routed at once; when false, a new imported sale is a draft (`finalized` false) whose lines are routed once it is finalized.",
    }),
    automaticallyPublish: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description: "Publish new feed items to the channel without review.",
      recordOnly: true,
    }),
    blendedPreference: f.enum(["dropship", "inhouse", "routing"], {
      required: true,
      default: "inhouse",
      nullable: true,
      description:
        "Who ships a line that both an own warehouse and a dropship provider can ship: `inhouse` (and null), the warehouse while it has the units free; `dropship`, the provider; `routing`, as `dropship` (the order-routing pipe is not called).",
    }),
    bundleInventorySync: f.enum(onOff, {
      required: true,
      default: "enabled",
      nullable: true,
      description: "Whether bundles' stock levels (from their components) are sent to the channel.",
    }),
    cacheRates: f.integer({
      min: 0,
      description: "Seconds a shipping rate quote may be reused.",
      recordOnly: true,
    }),
    checkDropshipAt: f.datetime({
      description: "When the channel's dropship lines are next checked.",
      recordOnly: true,
    }),
    checkoutString: f.string({
      maxLength: 200,
      description: "Text the store adds at checkout, kept for the connector.",
    }),
    collectionEndpoint: endpoint("URL for collections (product groups) published to the channel.", {
      recordOnly: true,
    }),
    connectToFeed: f.boolean({
      description: "Connect the channel's variants to inventory feed items with the same SKU.",
      recordOnly: true,
    }),
    connectedAt: f.datetime({ description: "When the channel's store was connected." }),
    currency: f.string({
      format: "currency",
      default: "USD",
      description: "The currency of the channel's prices and orders (ISO 4217).",
      example: "USD",
    }),
    disableVariantInventorySync: f.boolean({ description: "Stop sending stock levels to the channel." }),
    dropshipAllowTags: tagList("Only items with one of these tags may be dropshipped.", { recordOnly: true }),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "Default dropship provider of the channel's sales.",
      recordOnly: true,
    }),
    dropshipRouting: f.enum(["default", "custom"], {
      required: true,
      default: "default",
      nullable: true,
      description:
        "How dropship lines find their provider: the variant's (`default`) or by the channel's tag rules (`custom`).",
      recordOnly: true,
    }),
    dropshipRoutingTags: tagList(
      "Tags that route a line to dropshipping when `dropshipRouting` is `custom`.",
      { recordOnly: true },
    ),
    dropshipTags: tagList("Tags that mark an item as dropshipped on this channel.", { recordOnly: true }),
    email: f.string({
      format: "email",
      maxLength: 254,
      description: "The channel's contact e-mail (on notifications and packing slips).",
      example: "shop@example.com",
    }),
    enableFreeShippingCountries: f.boolean({
      default: false,
      description:
        "Limit free shipping (`freeShippingThreshold`) to destinations in `freeShippingCountries`.",
    }),
    enforceRefundLimits: f.enum(onOff, {
      description: "Whether a refund may exceed what the sale was paid.",
      recordOnly: true,
    }),
    eoriNumber: f.string({
      maxLength: 100,
      description: "The EORI number printed on customs documents of the channel's exports.",
      recordOnly: true,
    }),
    externalFulfillmentTrigger: f.string({
      maxLength: 100,
      description: "What makes the store mark an order fulfilled, as the connector names it.",
      recordOnly: true,
    }),
    finalizationDelay: f.string({
      maxLength: 100,
      description: "How long a new sale waits before it is finalized, as the connector takes it.",
      recordOnly: true,
    }),
    forceConnectToFeed: f.boolean({
      description: "Connect variants to feed items by SKU even when they are already connected.",
      recordOnly: true,
    }),
    freeShippingCode: f.string({
      maxLength: 100,
      description: "The shipping code given to sales that ship free.",
      recordOnly: true,
    }),
    freeShippingCountries: countryList("Destination countries where free shipping applies."),
    freeShippingName: f.string({
      maxLength: 200,
      description: "The shipping name given to sales that ship free.",
      recordOnly: true,
    }),
    freeShippingOriginCountries: countryList("Origin countries from which free shipping applies.", {
      recordOnly: true,
    }),
    freeShippingOverride: f.boolean({
      description: "Free shipping replaces the shipping price the order came with.",
      recordOnly: true,
    }),
    freeShippingScope: f.string({
      maxLength: 100,
      description: "What free shipping applies to, as the connector names it.",
      recordOnly: true,
    }),
    freeShippingThreshold: f.money({
      min: 0,
      description:
        "Order value from which shipping is free: the channel's rates quote (`POST /channels/{id}/rates.json`) prices at 0 the shipping of a group whose subtotal reaches it. An imported sale keeps the shippingPrice it was charged.",
    }),
    hash: f.json({ maxBytes: 1024, description: "The channel's hash as the reference keeps it (any JSON)." }),
    hideWhenNoCostPrice: f.boolean({
      description: "Unpublish variants that have no cost price.",
      recordOnly: true,
    }),
    imageSync: f.openEnum(onOff, { recordOnly: true }),
    importChannelFulfillments: f.string({
      maxLength: 100,
      description: "Whether fulfillments made in the store are imported, as the connector names the mode.",
      recordOnly: true,
    }),
    importFromFeed: f.boolean({
      description: "Import the inventory feeds' items as channel variants.",
      recordOnly: true,
    }),
    importPaymentStatus: f.string({
      maxLength: 100,
      description: "Which payment status an order needs to be imported.",
      recordOnly: true,
    }),
    importProductsSeconds: f.integer({
      min: 0,
      description: "Seconds between product imports from the store.",
      recordOnly: true,
    }),
    includeBackorderQuantity: f.boolean({
      description: "Add variants' backorder quantities to the stock levels sent.",
      recordOnly: true,
    }),
    includeSaleTags: f.boolean({
      description: "Copy the order's tags onto the imported sale.",
      recordOnly: true,
    }),
    inhouseBrandNames: f.array(f.string({ required: true, minLength: 1, maxLength: 200 }), {
      maxLength: 250,
      description: "Brands the company ships itself: their items are never dropshipped.",
    }),
    inventoryFeedRemoved: f.string({
      maxLength: 100,
      description: "What happens to a channel variant when its feed item is removed.",
      recordOnly: true,
    }),
    inventoryFeedUnpublish: f.string({
      maxLength: 100,
      description: "What unpublishing a feed item does on the channel.",
      recordOnly: true,
    }),
    inventorySync: f.openEnum([...onOff, "all"], { recordOnly: true }),
    inventorySyncTrigger: f.string({
      maxLength: 100,
      description: "What triggers a stock level update to the channel.",
      recordOnly: true,
    }),
    lockIso: f.boolean({ description: "Keep country codes as the store sent them.", recordOnly: true }),
    manualSaleItemRouting: f.string({
      maxLength: 100,
      description: "How lines of manual sales are routed, as the connector names it.",
      recordOnly: true,
    }),
    maxShippingCost: f.boolean({
      description:
        "Cap the shipping the channel charges: no option of its rates quote (`POST /channels/{id}/rates.json`) costs more than `maxShippingCostThreshold`. An imported sale keeps the shippingPrice it was charged.",
    }),
    maxShippingCostThreshold: f.money({
      min: 0,
      description:
        "The most a shipping option of the channel's rates quote costs while `maxShippingCost` is on; no cap when null.",
    }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The channel's name.",
      example: "Web store",
    }),
    notes: f.string({ maxLength: 2000, description: "Free notes." }),
    priceSync: f.enum(onOff, {
      default: "enabled",
      description: "Whether price changes are sent to the channel.",
    }),
    safetyStock: f.integer({
      min: 0,
      default: 0,
      description: "Units held back from the levels published to the channel.",
    }),
    taxesIncluded: f.boolean({
      default: false,
      description: "Prices on the channel include tax.",
      recordOnly: true,
    }),
    type: f.enum(["manual", "custom", "platformA", "platformB", "retailer"], {
      default: "manual",
      description: "What kind of store or account the channel is connected to.",
    }),
    url: f.string({
      format: "url",
      maxLength: 2000,
      description: "The store's address.",
      example: "https://shop.example.com",
    }),
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
  recordOnly: true,
  fields: {
    channelId: f.ref("channel", { required: true, description: "The channel that keeps the commission." }),
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
      description: "Whether `commissionRate` is a percentage of the price or a fixed amount per item.",
    }),
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider whose items it applies to.",
    }),
    filterType: f.enum(["tags", "none"], {
      required: true,
      default: "none",
      nullable: true,
      description: "`tags`: only items with one of `tags`; `none`: all the provider's items.",
    }),
    tags: tagList("The item tags it applies to, when `filterType` is `tags`."),
  },
});

export const channelCustomField = defineKind({
  name: "channel-custom-field",
  plural: "channel-custom-fields",
  description:
    "A store-side field of a channel mapped to a custom field, so its values are imported or published.",
  group,
  source: "seed",
  recordOnly: true,
  fields: {
    channelId: f.ref("channel", { required: true, description: "The channel the field belongs to." }),
    customFieldId: f.ref("custom-field", { description: "The custom field its values go to or come from." }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The field's name on the store side.",
      example: "Care instructions",
    }),
    namespace: f.string({
      maxLength: 100,
      description: "The store-side namespace of the field, where stores group them.",
    }),
    key: f.string({ maxLength: 100, description: "The field's key on the store side." }),
    valueType: f.enum(["string", "integer", "number", "boolean", "json"], {
      default: "string",
      description: "The type of the field's values.",
    }),
    defaultValue: f.string({ maxLength: 2000, description: "The value used when a record has none." }),
    direction: f.enum(["import", "export", "both"], {
      default: "both",
      description: "Whether values are imported from the store, exported to it, or both.",
    }),
    enabled: f.boolean({ default: true, description: "Values are synced only while enabled." }),
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
    channelId: f.ref("channel", {
      required: true,
      description: "The channel that sells the location's stock.",
    }),
    dropshipLocationId: f.ref("dropship-location", {
      required: true,
      description: "The provider's location.",
    }),
    externalId: f.string({ maxLength: 100, description: "The location's id on the store side." }),
    inventoryFeedLocationNames: f.array(f.string({ required: true, minLength: 1, maxLength: 200 }), {
      maxLength: 250,
      description: "Names of the feed locations whose stock counts for this location.",
      recordOnly: true,
    }),
    name: f.string({ maxLength: 200, description: "The location's name on the channel." }),
    priority: f.integer({
      min: 0,
      default: 0,
      description: "Routing order among the channel's locations; lower goes first.",
      recordOnly: true,
    }),
    syncInventory: f.boolean({
      default: true,
      description: "Send the location's stock levels to the channel.",
      recordOnly: true,
    }),
  },
});

export const channelDropshipProviderTaxRate = defineKind({
  name: "channel-dropship-provider-tax-rate",
  plural: "channel-dropship-provider-tax-rates",
  description:
    "A tax rate applied to a dropship provider's items sold on a channel, optionally for one destination: the purchase a sale of the channel routes to the provider is taxed at the most specific enabled rate for its destination.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel", { required: true, description: "The channel whose sales it applies to." }),
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider whose items it applies to.",
    }),
    name: f.string({ maxLength: 200, description: "A name of the rate.", example: "VAT" }),
    country: f.string({ format: "country", description: "Destination country; null for every country." }),
    state: f.string({
      maxLength: 100,
      description: "Destination state or region; null for the whole country.",
    }),
    rate: f.number({
      required: true,
      min: 0,
      max: 100,
      description:
        "Percentage of the item price: a routed purchase's `taxAmount` is this percentage of its lines' totals, to the cent.",
    }),
    taxShipping: f.boolean({
      default: false,
      description:
        "Whether the rate also applies to shipping (the purchase's shippingPrice: the provider's handling).",
    }),
    enabled: f.boolean({ default: true, description: "Applied only while enabled." }),
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
    channelId: f.ref("channel", { required: true, description: "The channel it is published to." }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The price list's name.",
      example: "Wholesale",
    }),
    externalId: f.string({ maxLength: 100, description: "The price list's id on the store side." }),
    currency: f.string({
      format: "currency",
      description: "The currency of its prices (ISO 4217); the channel's when null.",
    }),
    adjustmentType: f.enum(["none", "percentage", "fixed"], {
      default: "none",
      description:
        "How `adjustment` changes variant prices: not at all, by a percentage, or by a fixed amount.",
      recordOnly: true,
    }),
    adjustment: f.number({
      description: "Percentage or amount added to the variant price (negative lowers it).",
      recordOnly: true,
    }),
    prices: f.array(
      f.object({
        variantId: f.ref("variant", { required: true }),
        price: f.money({ required: true, min: 0 }),
        compareAtPrice: f.money({ min: 0 }),
      }),
      { maxLength: 1000, description: "Per-variant prices that override the adjustment.", recordOnly: true },
    ),
    enabled: f.boolean({ default: true, description: "Published only while enabled.", recordOnly: true }),
    notes: f.string({ maxLength: 2000, description: "Free notes." }),
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
    channelId: f.ref("channel", { required: true, description: "The channel it is listed on." }),
    productId: f.ref("product", { description: "The catalogue product it lists." }),
    externalId: f.string({ maxLength: 100, description: "The listing's id on the store side." }),
    title: f.string({ maxLength: 500, description: "The listing's title on the channel." }),
    handle: f.string({ maxLength: 200, description: "The listing's URL handle on the store." }),
    description: f.string({ maxLength: 20_000, description: "The listing's description on the channel." }),
    productType: f.string({ maxLength: 200, description: "The listing's product type on the channel." }),
    tags: tagList("The listing's tags on the channel."),
    status: f.enum(["active", "draft", "archived"], {
      default: "active",
      description: "Whether the listing is `active`, a `draft`, or `archived` on the channel.",
    }),
    publishedAt: f.datetime({ description: "When the listing was published." }),
    errorMessage: f.string({ maxLength: 2000, description: "Why the last publish failed." }),
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
    channelId: f.ref("channel", { required: true, description: "The channel that was told." }),
    dropshipmentId: f.ref("dropshipment", { description: "The dropshipment reported, if it was one." }),
    fulfillmentId: f.ref("fulfillment", { description: "The fulfillment reported, if it was one." }),
    payload: f.json({ maxBytes: 200_000, description: "The body sent to the channel." }),
    response: f.json({ maxBytes: 200_000, description: "The channel's answer." }),
    status: f.enum(["success", "error"], {
      required: true,
      default: "success",
      nullable: true,
      keepsNull: true,
      description:
        "Whether the channel took the update: `null` while the server's callout is still being tried, then `success` or `error`.",
    }),
    statusMessage: f.string({ maxLength: 2000, description: "Why the update failed." }),
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
    channelId: f.ref("channel", { required: true, description: "The channel that charges it." }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The rate's name, as the quote shows it.",
      example: "Standard",
    }),
    carrier: f.string({ maxLength: 100, description: "The carrier the rate ships with." }),
    service: f.string({ maxLength: 100, description: "The carrier's service level." }),
    countries: f.array(f.string({ required: true, format: "country" }), {
      maxLength: 250,
      description: "Destination countries; empty or null for everywhere.",
    }),
    basis: f.enum(["flat", "weight", "orderValue"], {
      default: "flat",
      description: "What the bounds measure: nothing (`flat`), the weight in grams, or the order value.",
    }),
    minValue: f.number({
      min: 0,
      description: "Lower bound (inclusive) of the weight in grams or the order value.",
    }),
    maxValue: f.number({
      min: 0,
      description: "Upper bound (inclusive) of the weight in grams or the order value.",
    }),
    price: f.money({ required: true, min: 0, description: "The price charged.", example: 4.99 }),
    pricePerUnit: f.money({ min: 0, description: "Extra price per kilogram, for the weight basis." }),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "The rate applies only to this provider's shipments; null for any shipment.",
    }),
    enabled: f.boolean({ default: true, description: "Quoted only while enabled." }),
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
    channelId: f.ref("channel", { required: true, description: "The channel it belongs to." }),
    externalId: f.string({ maxLength: 100, description: "The site's id on the store side." }),
    name: f.string({ maxLength: 200, description: "The site's name." }),
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
  // A channel's listings in id order (`variant-levels`, `where[channelId]=`), which neither unique
  // set's index keeps.
  lookups: ["channelId"],
  fields: {
    cacheHash: f.string({
      maxLength: 200,
      description: "A hash of what was last sent, to skip unchanged updates.",
      recordOnly: true,
    }),
    channelId: f.ref("channel", { required: true, description: "The channel it is listed on." }),
    costPriceRetries: f.integer({
      min: 0,
      description: "How many times the cost price update was retried.",
      recordOnly: true,
    }),
    costPriceRetry: f.boolean({
      description: "A failed cost price update is to be retried.",
      recordOnly: true,
    }),
    costPriceUpdate: f.json({
      description: "The pending or last cost price update sent to the store.",
      recordOnly: true,
    }),
    errorMessage: f.string({ maxLength: 2000, description: "Why the last update failed." }),
    externalCreatedAt: f.datetime({ description: "When the store created the listing." }),
    externalGroupId: f.string({ maxLength: 100, description: "The store-side id of the listing's product." }),
    externalId: f.string({
      minLength: 1,
      maxLength: 100,
      description: "The store-side id; null for a published variant until the store acknowledges it.",
    }),
    externalSku: f.string({
      maxLength: 100,
      description: "The SKU on the store side, when it differs from `sku`.",
    }),
    hash: f.string({
      maxLength: 200,
      description: "A hash of the listing's store-side data, to skip unchanged imports.",
    }),
    inventoryFeedVariantId: f.ref("inventory-feed-variant", {
      description: "The vendor feed item this listing was published from.",
    }),
    inventoryRetries: f.integer({ min: 0, description: "How many times the stock update was retried." }),
    inventoryRetry: f.boolean({ description: "A failed stock update is to be retried." }),
    inventoryUpdate: f.json({ description: "The pending or last stock level update sent to the store." }),
    metaFieldsHash: f.string({
      maxLength: 200,
      description: "A hash of the custom field values last sent.",
      recordOnly: true,
    }),
    parentHash: f.string({
      maxLength: 200,
      description: "A hash of the listing's product data last sent.",
      recordOnly: true,
    }),
    priceListHash: f.string({
      maxLength: 200,
      description: "A hash of the price list prices last sent.",
      recordOnly: true,
    }),
    priceListRetry: f.boolean({
      description: "A failed price list update is to be retried.",
      recordOnly: true,
    }),
    priceRetries: f.integer({ min: 0, description: "How many times the price update was retried." }),
    priceRetry: f.boolean({ description: "A failed price update is to be retried." }),
    priceUpdate: f.json({ description: "The pending or last price update sent to the store." }),
    publishUpdate: f.json({ description: "The pending or last publish request sent to the store." }),
    sku: f.string({
      maxLength: 100,
      description: "The SKU it is listed under; unique per channel.",
      example: "SHIRT-LIN-M-BLU",
    }),
    source: f.openEnum(["custom", "connector", "inventoryFeed"], {
      required: true,
      default: "custom",
      description:
        "How the listing came to be: created by a client, imported from the store connector, or published from a feed.",
    }),
    status: f.enum(channelVariantStatuses, {
      default: "pending",
      description:
        "Where the listing stands: its state moves by the channel's import and acknowledge actions.",
    }),
    variantId: f.ref("variant", { description: "The catalogue variant it lists." }),
    variantParcelsHash: f.string({
      maxLength: 200,
      description: "A hash of the parcel data last sent.",
      recordOnly: true,
    }),
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
    channelVariantId: f.ref("channel-variant", {
      required: true,
      description: "The channel variant the snapshot is of.",
    }),
    costPrice: f.money({ min: 0, description: "The cost price the store reported." }),
    grams: f.number({ min: 0, max: MAX_WEIGHT, description: "The weight in grams the store reported." }),
    inventoryPolicy: f.enum(["ignore", "deny", "continue", "dropship", "track"], {
      description: "What the store does when the variant is out of stock, as it reported it.",
    }),
    productPayload: f.json({ maxBytes: 200_000, description: "The product as the store sent it." }),
    result: f.enum(["created", "updated"], {
      description: "What the import did with the channel variant: created it, or updated the one it matched.",
    }),
    sku: f.string({ maxLength: 100, description: "The SKU the store reported." }),
    variantPayload: f.json({ maxBytes: 200_000, description: "The variant as the store sent it." }),
    variantResult: f.enum(["created", "updated", "unchanged"], {
      description: "What the import did with the catalogue variant: created, updated or left it unchanged.",
    }),
  },
});

export const channelVariantUpdate = defineKind({
  name: "channel-variant-update",
  plural: "channel-variant-updates",
  description: "A log entry of one price, stock or publish update pushed to a channel for a channel variant.",
  group,
  source: "seed",
  // The log goes with the listing it is about: it does not keep a listing from being deleted.
  owner: { field: "channelVariantId" },
  fields: {
    channelVariantId: f.ref("channel-variant", { description: "The channel variant updated." }),
    compareAtPrice: f.money({ min: 0, description: "The compare-at price sent." }),
    costPrice: f.money({ min: 0, description: "The cost price sent." }),
    hideWhenNoCostPrice: f.boolean({
      description: "Whether the listing was to be hidden for lack of a cost price.",
    }),
    inventoryQuantity: f.integer({ min: 0, description: "The stock level sent." }),
    payload: f.json({ maxBytes: 200_000, description: "The body sent to the channel." }),
    price: f.money({ min: 0, description: "The price sent." }),
    response: f.json({ maxBytes: 200_000, description: "The channel's answer." }),
    retries: f.integer({ min: 0, description: "How many times it was retried." }),
    retry: f.boolean({ description: "It failed and is to be retried." }),
    status: f.enum(["success", "error", "pending", "skipped"], {
      required: true,
      default: "success",
      nullable: true,
      description:
        "The outcome: sent (`success`), failed (`error`), waiting (`pending`) or not needed (`skipped`).",
    }),
    statusMessage: f.string({ maxLength: 2000, description: "Why it failed or was skipped." }),
    type: f.enum(["inventory", "price", "publish", "cost_price", "price_list"], {
      description: "What was updated.",
      recordOnlyValues: ["cost_price", "price_list"],
    }),
    variantInventoryUpdateId: f.integer({ min: 1, description: "The stock change that caused it, if any." }),
  },
});

export const customChannel = defineKind({
  name: "custom-channel",
  plural: "custom-channels",
  actions: [rotateWebhookHash, rotateSigningSecret],
  description:
    "A channel connected through the company's own endpoints (for sales, stock, prices and publishing) rather than a built-in connector.",
  group,
  source: "seed",
  fields: {
    channelId: f.ref("channel", { description: "The channel it connects." }),
    cloneOrderNotifications: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Send the channel a copy of order notifications.",
      recordOnly: true,
    }),
    connectedAt: f.datetime({ description: "When the endpoints were connected." }),
    enabled: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description: "Endpoints are called only while enabled.",
    }),
    fulfillmentEndpoint: endpoint("URL called with shipment details when a sale's lines ship."),
    inventoryEndpoint: endpoint("URL called with stock level changes of the channel's variants."),
    inventoryEndpointPrice: f.boolean({
      description: "Send prices along with stock levels to the inventory endpoint.",
    }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The custom channel's name.",
      example: "Own store",
    }),
    postToChannelEndpoint: endpoint("URL to post sales back to the channel.", { recordOnly: true }),
    priceEndpoint: endpoint(
      "URL called with price changes of the channel's variants (`{channelVariant, price: {price, compareAtPrice}}`).",
    ),
    priceEndpointInventory: f.boolean({
      description: "Send stock levels along with prices to the price endpoint.",
    }),
    priceListEndpoint: endpoint("URL for price list changes.", { recordOnly: true }),
    productsFeedFormat: f.enum(["custom", "webhook"], {
      required: true,
      default: "custom",
      nullable: true,
      description: "The form of the products feed: the service's own (`custom`) or `webhook` calls.",
      recordOnly: true,
    }),
    publishingAcknowledgement: f.enum(["sync", "async"], {
      required: true,
      default: "sync",
      nullable: true,
      description:
        "Whether the publishing endpoint answers with the store-side id (`sync`) or acknowledges later (`async`).",
    }),
    publishingEndpoint: endpoint(
      "URL called with each variant published to the channel (`{variant, product, vendor}`): its answer carries the store's ids, or the store acknowledges later (`publishingAcknowledgement`).",
    ),
    resourceLocation: f.string({
      maxLength: 2000,
      description: "Where the channel's resources live, as its endpoints take it.",
      recordOnly: true,
    }),
    salesFeedFormat: f.enum(["custom", "webhook"], {
      required: true,
      default: "custom",
      nullable: true,
      description: "The form of the sales feed: the service's own (`custom`) or `webhook` calls.",
      recordOnly: true,
    }),
    webhookHash: f.string({
      maxLength: 200,
      secret: "serverMade",
      description:
        "The secret of the channel's inbound webhook (`webhook-hash` header) and of the `*-hash` header its callouts carry: made by the server (32 random bytes), shown once by the create answer and `rotate-webhook-hash`.",
    }),
    signingSecret: signingSecret(),
  },
});

export const platformAStore = defineKind({
  name: "platform-a-store",
  plural: "platform-a-stores",
  description:
    "The connection of a channel to a store on hosted shop platform A: shop, credentials and import options.",
  group,
  source: "seed",
  recordOnly: true,
  fields: {
    accessToken: f.string({ maxLength: 2000, secret: "writeOnly" }),
    archiveReason: f.enum(["subscription", "other"], {
      required: true,
      default: "other",
      nullable: true,
      description: "Why the store connection was archived.",
    }),
    authenticationType: f.enum(["public", "private"], {
      required: true,
      default: "public",
      nullable: true,
      description: "How the app authenticates with the store: a `public` app or a `private` one.",
    }),
    channelId: f.ref("channel", { required: true, description: "The channel the store sells through." }),
    clientId: f.string({ maxLength: 200, description: "The app's client id on the platform." }),
    clientSecret: f.string({ maxLength: 200, secret: "writeOnly" }),
    defaultCategory: f.string({
      maxLength: 200,
      description: "The category given to products created on the store.",
    }),
    enabled: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description: "Synced only while enabled.",
    }),
    externalChannelId: f.string({ maxLength: 100, description: "The sales channel's id on the platform." }),
    importCancelledOrders: f.boolean({ description: "Import orders the store already cancelled." }),
    lastFetchedSalesAt: f.datetime({ description: "When orders were last fetched from the store." }),
    name: f.string({ maxLength: 200, description: "The store's name." }),
    orderPolling: f.boolean({
      description: "Poll the store for orders instead of waiting for its webhooks.",
    }),
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
      description: "Where a one-variant product's price is updated: on the product, the variant, or both.",
    }),
    storeHash: f.string({ maxLength: 100, description: "The store's hash on the platform." }),
    useTotalTax: f.boolean({
      description: "Take the order's total tax rather than adding up the lines' taxes.",
    }),
  },
});

export const platformBStore = defineKind({
  name: "platform-b-store",
  plural: "platform-b-stores",
  description:
    "The connection of a channel to a store on hosted shop platform B, by store id and API credentials.",
  group,
  source: "seed",
  recordOnly: true,
  fields: {
    channelId: f.ref("channel", { description: "The channel the store sells through." }),
    clientId: f.string({ required: true, minLength: 1, maxLength: 200, description: "The API client id." }),
    clientSecret: f.string({ required: true, minLength: 1, maxLength: 200, secret: "writeOnly" }),
    fulfillmentEndpoint: endpoint("URL called with shipment details of the store's orders."),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The store's name.",
      example: "Outlet store",
    }),
    storeId: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The store's id on the platform.",
    }),
  },
});

export const retailerAccount = defineKind({
  name: "retailer-account",
  plural: "retailer-accounts",
  description:
    "A seller account on a large retail marketplace, with the credentials a channel uses to sell there.",
  group,
  source: "seed",
  fewPerCompany: true,
  recordOnly: true,
  fields: {
    channelId: f.ref("channel", { description: "The channel that sells through the account." }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The account's name.",
      example: "Marketplace US",
    }),
    sellerId: f.string({ maxLength: 100, description: "The account's id on the marketplace." }),
    marketplaceCode: f.string({
      maxLength: 100,
      description: "The regional marketplace the account sells on.",
    }),
    country: f.string({ format: "country", description: "The marketplace's country (ISO 3166-1 alpha-2)." }),
    currency: f.string({ format: "currency", description: "The marketplace's currency (ISO 4217)." }),
    accessToken: f.string({ maxLength: 2000, secret: "writeOnly" }),
    refreshToken: f.string({ maxLength: 2000, secret: "writeOnly" }),
    tokenExpiresAt: f.datetime({ description: "When the access token expires." }),
    connectionStatus: f.enum(["pending", "connected", "error", "disconnected"], {
      default: "pending",
      description:
        "Whether the account is connected, waiting (`pending`), failing (`error`) or `disconnected`.",
    }),
    lastSyncedAt: f.datetime({ description: "When the account was last synced." }),
    enabled: f.boolean({ default: true, description: "Synced only while enabled." }),
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
  recordOnly: true,
  fields: {
    retailerAccountId: f.ref("retailer-account", {
      required: true,
      description: "The account the report is of.",
    }),
    reportType: f.enum(["orders", "inventory", "settlement", "returns", "fees"], {
      required: true,
      description: "What the report lists.",
    }),
    externalId: f.string({ maxLength: 100, description: "The report's id on the marketplace." }),
    status: f.enum(["requested", "processing", "done", "cancelled", "error"], {
      default: "requested",
      description: "Where the report stands: `requested`, `processing`, `done`, `cancelled` or `error`.",
    }),
    periodStart: f.datetime({ description: "Start of the period covered." }),
    periodEnd: f.datetime({ description: "End of the period covered." }),
    fileUrl: f.string({
      format: "url",
      maxLength: 2000,
      description: "Where to download the report's file.",
    }),
    errorMessage: f.string({ maxLength: 2000, description: "Why the report failed." }),
    completedAt: f.datetime({ description: "When the report was done." }),
  },
});
