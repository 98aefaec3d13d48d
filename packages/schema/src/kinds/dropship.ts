import { addressFields, dropshipProviderActions } from "../actions.ts";
import { defineKind, f } from "../define.ts";
import { rotateSigningSecret, signingSecret } from "../secrets.ts";

const importStatuses = ["success", "error", "skipped"] as const;
const jobStatuses = ["pending", "running", "success", "error"] as const;

export const dropshipProvider = defineKind({
  name: "dropship-provider",
  plural: "dropship-providers",
  group: "dropship",
  source: "seed",
  fewPerCompany: true,
  description:
    "A supplier that ships the company's orders straight to its customers and is paid per purchase.",
  actions: [...dropshipProviderActions, rotateSigningSecret],
  fields: {
    addressLineOne: f.string({ maxLength: 200, description: "First line of the address it ships from." }),
    addressLineTwo: f.string({ maxLength: 200, description: "Second line of the address it ships from." }),
    addressRouting: f.enum(["default", "requireAssigned"], {
      description:
        "Which address its purchases ship from: the provider's (`default`) or the one assigned to the line (`requireAssigned`).",
      recordOnly: true,
    }),
    adminNotes: f.string({ maxLength: 2000, description: "Notes for the company's staff only." }),
    anyVendor: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "It may ship items of any vendor, not only its own.",
      recordOnly: true,
    }),
    applyDiscountCode: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Pass the sale's discount code on to its purchases.",
      recordOnly: true,
    }),
    applyReturnPenalty: f.enum(["disabled", "enabled"], {
      required: true,
      default: "disabled",
      nullable: true,
      description: "Whether returns of its items carry the return penalty.",
      recordOnly: true,
    }),
    authenticationSecret: f.string({ maxLength: 500, secret: "writeOnly" }),
    authenticationToken: f.string({ maxLength: 500, secret: "writeOnly" }),
    automaticallyPickup: f.boolean({
      description: "Book a carrier pickup when its labels are made.",
      recordOnly: true,
    }),
    automaticallySendLabel: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Send it the label as soon as one is made.",
      recordOnly: true,
    }),
    calculateCostPrices: f.boolean({
      description: "Compute cost prices from the sale price and the commission instead of the feed's.",
      recordOnly: true,
    }),
    city: f.string({ maxLength: 100, description: "City of the address it ships from." }),
    combineRates: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Quote its items' shipping together with the other lines of the order.",
      recordOnly: true,
    }),
    commissionGrossTax: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Compute the commission on prices with tax.",
      recordOnly: true,
    }),
    commissionMethod: f.enum(["retained", "reverse"], {
      required: true,
      default: "retained",
      nullable: true,
      description:
        "`retained`: the company keeps its commission from what it pays; `reverse`: the provider pays it.",
      recordOnly: true,
    }),
    commissionPriceInventoryFeedId: f.ref("inventory-feed", {
      description: "The inventory feed whose prices the commission is computed from.",
      recordOnly: true,
    }),
    commissionRate: f.number({
      min: 0,
      max: 100,
      description: "Percentage the company retains per sale.",
      recordOnly: true,
    }),
    commissionRateBase: f.enum(["inventoryFeedVariant", "saleItem"], {
      required: true,
      default: "saleItem",
      nullable: true,
      description: "Which price the commission is a share of: the feed item's or the sale item's.",
      recordOnly: true,
    }),
    commissionRateDiscount: f.boolean({
      description: "Whether discounts change the commission.",
      recordOnly: true,
    }),
    commissionRateDiscountCodes: f.array(f.string({ maxLength: 100 }), {
      maxLength: 1000,
      description: "The discount codes `commissionRateDiscountScope` selects or excludes.",
      recordOnly: true,
    }),
    commissionRateDiscountScope: f.enum(["all", "selected", "exclude"], {
      required: true,
      default: "all",
      nullable: true,
      description:
        "Which discount codes change the commission: `all`, the `selected` ones, or all but those (`exclude`).",
      recordOnly: true,
    }),
    commissionRateDiscountSplit: f.number({
      required: true,
      default: 100,
      min: 0,
      max: 100,
      description: "Percentage of a discount borne by the company's commission (the rest by the provider).",
      recordOnly: true,
    }),
    commissionRateEndpoint: f.string({
      maxLength: 2000,
      format: "url",
      called: true,
      description: "URL to ask for the commission rate of each sale line, instead of `commissionRate`.",
      recordOnly: true,
    }),
    commissionRateEndpointHash: f.string({
      maxLength: 200,
      secret: "writeOnly",
      description: "The secret sent to the commission rate endpoint.",
    }),
    commissionRateFixedType: f.enum(["set_to", "deduct_by"], {
      required: true,
      default: "deduct_by",
      description: "How a fixed commission works: the price is `set_to` it, or `deduct_by` it.",
      recordOnly: true,
    }),
    contactName: f.string({ maxLength: 200, description: "The person to contact at the provider." }),
    country: f.string({
      format: "country",
      description: "Country of the address it ships from (ISO 3166-1 alpha-2).",
      example: "US",
    }),
    currency: f.string({
      required: true,
      default: "USD",
      format: "currency",
      description: "The currency it is paid in (ISO 4217).",
      example: "USD",
    }),
    defaultCarrier: f.string({
      maxLength: 100,
      description: "Carrier of the labels made by a purchase's default-label action.",
    }),
    defaultService: f.string({
      maxLength: 100,
      description: "Service level of the labels made by a purchase's default-label action.",
    }),
    email: f.string({
      maxLength: 200,
      format: "email",
      description: "Where purchase orders are e-mailed when the format is `email`.",
      example: "orders@supplier.example",
    }),
    enabled: f.boolean({
      required: true,
      default: true,
      description: "Lines are routed to it only while enabled.",
    }),
    handlingPrice: f.money({
      min: 0,
      description:
        "Charged by the provider on each purchase the server routes to it (a sale's lines, move-to-dropship), as that purchase's shippingPrice. A purchase written with POST /purchases.json has the shippingPrice sent.",
    }),
    name: f.string({ maxLength: 200, description: "The provider's name.", example: "Acme Supply" }),
    paymentTermsDays: f.integer({
      min: 0,
      max: 365,
      description: "Days after invoicing that its purchases are due.",
      example: 30,
      recordOnly: true,
    }),
    phone: f.string({ format: "phone", description: "The provider's phone number." }),
    purchaseEndpoint: f.string({
      maxLength: 2000,
      format: "url",
      called: true,
      description: "Where purchase orders are delivered when the format is json, xml or csv.",
    }),
    purchaseFormat: f.enum(["json", "xml", "csv", "email"], {
      required: true,
      default: "email",
      description:
        "How purchase orders are delivered: to `purchaseEndpoint` as JSON, XML or CSV, or by e-mail.",
    }),
    signingSecret: signingSecret(),
    state: f.string({ maxLength: 100, description: "State or region of the address it ships from." }),
    zip: f.string({ maxLength: 20, description: "Postal code of the address it ships from." }),
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
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider whose address it is.",
    }),
    purpose: f.enum(["shipFrom", "return", "billing"], {
      required: true,
      default: "shipFrom",
      description: "What the address is for: shipping from, taking returns, or billing.",
    }),
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
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider that answered.",
    }),
    agreementId: f.ref("agreement", { required: true, description: "The agreement answered." }),
    status: f.enum(["pending", "accepted", "declined", "revoked"], {
      required: true,
      default: "pending",
      description: "The answer: `pending`, `accepted`, `declined`, or later `revoked`.",
    }),
    version: f.string({ maxLength: 50, description: "The agreement version that was accepted." }),
    signedBy: f.string({ maxLength: 200, description: "The name of who accepted it." }),
    signedByEmail: f.string({
      maxLength: 200,
      format: "email",
      description: "The e-mail of who accepted it.",
    }),
    acceptedAt: f.datetime({ description: "When it was accepted." }),
    notes: f.string({ maxLength: 2000, description: "Free notes." }),
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
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider whose store has the collection.",
    }),
    externalId: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The collection's id on the provider's store.",
    }),
    name: f.string({ required: true, minLength: 1, maxLength: 200, description: "The collection's name." }),
    handle: f.string({ maxLength: 200, description: "The collection's URL handle on the provider's store." }),
    inventoryFeedId: f.ref("inventory-feed", { description: "The feed its products are imported into." }),
    selected: f.boolean({
      required: true,
      default: false,
      description: "Import this collection's products.",
      recordOnly: true,
    }),
    productCount: f.integer({
      min: 0,
      readOnly: true,
      description: "How many products the collection had when last fetched.",
      recordOnly: true,
    }),
    lastFetchedAt: f.datetime({
      readOnly: true,
      description: "When its products were last fetched.",
      recordOnly: true,
    }),
  },
});

export const dropshipProviderCollectionPayload = defineKind({
  name: "dropship-provider-collection-payload",
  plural: "dropship-provider-collection-payloads",
  group: "dropship",
  source: "seed",
  description:
    "One page of data fetched from a provider collection, kept as received for the client that processes it: the service stores it and does not process it.",
  owner: { field: "dropshipProviderCollectionId" },
  recordOnly: true,
  fields: {
    dropshipProviderCollectionId: f.ref("dropship-provider-collection", {
      required: true,
      description: "The collection the page was fetched from.",
    }),
    page: f.integer({ min: 0, description: "The page's number in the fetch (from 0)." }),
    contentType: f.string({ maxLength: 100, description: "The media type of the payload as received." }),
    payload: f.string({ maxLength: 500_000, description: "The body as received." }),
    itemCount: f.integer({ min: 0, description: "How many items the page holds." }),
    status: f.enum(["pending", "processed", "error"], {
      required: true,
      default: "pending",
      description:
        "Whether the client that processes the page has processed it, has not yet (`pending`) or failed (`error`); the service does not change it.",
    }),
    errorMessage: f.string({ maxLength: 2000, description: "Why processing failed." }),
    processedAt: f.datetime({ description: "When the page was processed." }),
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
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider that offers it.",
    }),
    inventoryFeedVariantId: f.ref("inventory-feed-variant", {
      required: true,
      description: "The feed item offered.",
    }),
    sku: f.string({ maxLength: 100, description: "The provider's own SKU for the item." }),
    costPrice: f.money({ min: 0, description: "What the provider charges per unit." }),
    quantity: f.integer({ required: true, default: 0, min: 0, description: "The units the provider has." }),
    priority: f.integer({
      required: true,
      default: 0,
      min: 0,
      description: "Lower ships first when several providers offer the item.",
      recordOnly: true,
    }),
    enabled: f.boolean({
      required: true,
      default: true,
      description: "Routed to only while enabled.",
      recordOnly: true,
    }),
  },
});

export const dropshipProviderPlatformAction = defineKind({
  name: "dropship-provider-platform-action",
  plural: "dropship-provider-platform-actions",
  group: "dropship",
  source: "seed",
  description: "A call made to a dropship provider's platform on the company's behalf, with its outcome.",
  owner: { field: "dropshipProviderId" },
  recordOnly: true,
  fields: {
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider the call was for.",
    }),
    dropshipPlatformAccountId: f.ref("dropship-platform-account", {
      description: "The platform account it went through.",
    }),
    action: f.enum(
      ["fetchInventory", "fetchShipments", "sendPurchase", "cancelPurchase", "fetchCollections"],
      {
        required: true,
        description: "What was asked of the platform.",
      },
    ),
    purchaseId: f.ref("purchase", { description: "The purchase it is about, if any." }),
    status: f.enum(jobStatuses, {
      required: true,
      default: "pending",
      description: "Where the call stands: `pending`, `running`, `success` or `error`.",
    }),
    attempts: f.integer({ required: true, default: 0, min: 0, description: "How many times it was tried." }),
    request: f.string({ maxLength: 500_000, description: "The request sent, as text." }),
    response: f.string({ maxLength: 500_000, description: "The platform's answer, as text." }),
    errorMessage: f.string({ maxLength: 2000, description: "Why it failed." }),
    completedAt: f.datetime({ description: "When it finished." }),
  },
});

export const dropshipProviderShipmentImport = defineKind({
  name: "dropship-provider-shipment-import",
  plural: "dropship-provider-shipment-imports",
  group: "dropship",
  source: "seed",
  description: "A log entry of a shipment reported by a dropship provider and matched to a purchase.",
  owner: { field: "dropshipProviderId" },
  recordOnly: true,
  fields: {
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider that reported it.",
    }),
    externalId: f.string({ maxLength: 100, description: "The shipment's id at the provider." }),
    purchaseId: f.ref("purchase", { description: "The purchase it was matched to." }),
    dropshipmentId: f.ref("dropshipment", { description: "The dropshipment made of it." }),
    trackingNumber: f.string({ maxLength: 100, description: "The tracking number reported." }),
    carrier: f.string({ maxLength: 100, description: "The carrier reported." }),
    status: f.enum(importStatuses, {
      required: true,
      default: "success",
      description: "Whether it was imported (`success`), failed (`error`) or was `skipped`.",
    }),
    payload: f.string({ maxLength: 500_000, description: "The shipment data as received." }),
    errorMessage: f.string({ maxLength: 2000, description: "Why it failed or was skipped." }),
    read: f.boolean({ required: true, default: false, description: "Someone has seen it." }),
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
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider whose purchase orders it applies to.",
    }),
    shippingMethod: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "As it appears on sales.",
    }),
    carrier: f.string({ maxLength: 100, description: "The carrier written on the purchase order." }),
    service: f.string({ maxLength: 100, description: "The service level written on the purchase order." }),
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
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider that ships from it.",
    }),
    name: f.string({ required: true, minLength: 1, maxLength: 200, description: "The location's name." }),
    externalId: f.string({ maxLength: 100, description: "The location's id at the provider." }),
    warehouseId: f.ref("warehouse", {
      description: "The company warehouse that mirrors its stock, if any.",
      recordOnly: true,
    }),
    city: f.string({ maxLength: 100, description: "City." }),
    state: f.string({ maxLength: 100, description: "State, province or region." }),
    zip: f.string({ maxLength: 20, description: "Postal code." }),
    country: f.string({ format: "country", description: "Country (ISO 3166-1 alpha-2)." }),
    handlingDays: f.integer({
      min: 0,
      max: 365,
      description: "Business days between order and shipment.",
      recordOnly: true,
    }),
    isDefault: f.boolean({
      required: true,
      default: false,
      description: "The provider's default location.",
      recordOnly: true,
    }),
    enabled: f.boolean({
      required: true,
      default: true,
      description: "Shipped from only while enabled.",
      recordOnly: true,
    }),
  },
});

export const dropshipProviderUser = defineKind({
  name: "dropship-provider-user",
  plural: "dropship-provider-users",
  group: "dropship",
  source: "implied",
  description:
    "A person at a dropship provider who receives its purchase orders by e-mail, each as a message of their own.",
  owner: { field: "dropshipProviderId" },
  unique: [["dropshipProviderId", "email"]],
  fields: {
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The provider the person works for.",
    }),
    email: f.string({
      required: true,
      maxLength: 254,
      format: "email",
      description: "The person's e-mail address: unique among the provider's users.",
      example: "dana@supplier.example",
    }),
    name: f.string({ maxLength: 200, description: "The person's name.", example: "Dana Reyes" }),
    receivesPurchaseOrders: f.boolean({
      required: true,
      default: true,
      description:
        "E-mailed purchase orders also go to this person, besides the provider's `email`; at most 20 of a provider's users may receive them (a send to a provider with more is refused).",
    }),
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
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The location's name.",
      example: "East coast dropship",
    }),
    code: f.string({ maxLength: 100, description: "A short code of the location." }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider that backs it, if one." }),
    inventoryFeedId: f.ref("inventory-feed", { description: "The inventory feed whose stock it holds." }),
    city: f.string({ maxLength: 100, description: "City." }),
    state: f.string({ maxLength: 100, description: "State, province or region." }),
    zip: f.string({ maxLength: 20, description: "Postal code." }),
    country: f.string({ format: "country", description: "Country (ISO 3166-1 alpha-2)." }),
    enabled: f.boolean({
      required: true,
      default: true,
      description: "Listed only while enabled.",
      recordOnly: true,
    }),
    notes: f.string({ maxLength: 2000, description: "Free notes." }),
  },
});

export const dropshipPlatformAccount = defineKind({
  name: "dropship-platform-account",
  plural: "dropship-platform-accounts",
  group: "dropship",
  source: "seed",
  description:
    "The company's account on an external dropship platform, through which retailers send it orders.",
  recordOnly: true,
  fields: {
    name: f.string({ required: true, minLength: 1, maxLength: 200, description: "The account's name." }),
    externalId: f.string({ maxLength: 100, description: "The account's id on the platform." }),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "The provider the platform's orders are purchases of.",
    }),
    apiUrl: f.string({
      maxLength: 2000,
      format: "url",
      called: true,
      description: "The platform's API address for the account.",
      recordOnly: true,
    }),
    authenticationToken: f.string({ maxLength: 500, secret: "writeOnly" }),
    authenticationSecret: f.string({ maxLength: 500, secret: "writeOnly" }),
    connectionStatus: f.enum(["pending", "connected", "error", "disconnected"], {
      default: "pending",
      readOnly: true,
      description:
        "Whether the account is connected, waiting (`pending`), failing (`error`) or `disconnected`.",
    }),
    enabled: f.boolean({ required: true, default: true, description: "Synced only while enabled." }),
    lastSyncedAt: f.datetime({ readOnly: true, description: "When the account was last synced." }),
  },
});

export const dropshipPurchaseImport = defineKind({
  name: "dropship-purchase-import",
  plural: "dropship-purchase-imports",
  group: "dropship",
  source: "seed",
  description:
    "A log entry of a purchase order received from a dropship platform and the dropshipment made of it.",
  recordOnly: true,
  fields: {
    dropshipPlatformAccountId: f.ref("dropship-platform-account", {
      description: "The platform account it came through.",
    }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider it is a purchase of." }),
    externalId: f.string({ maxLength: 100, description: "The order's id on the platform." }),
    purchaseId: f.ref("purchase", { description: "The purchase made of it." }),
    dropshipmentId: f.ref("dropshipment", { description: "The dropshipment made of it." }),
    status: f.enum(importStatuses, {
      required: true,
      default: "success",
      description: "Whether it was imported (`success`), failed (`error`) or was `skipped`.",
    }),
    payload: f.string({ maxLength: 500_000, description: "The order as received." }),
    errorMessage: f.string({ maxLength: 2000, description: "Why it failed or was skipped." }),
    read: f.boolean({ required: true, default: false, description: "Someone has seen it." }),
  },
});
