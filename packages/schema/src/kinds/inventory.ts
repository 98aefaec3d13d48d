import {
  dataExportStates,
  dataExportStatuses,
  dataImportStates,
  dataImportStatuses,
  inventoryExportActions,
  inventoryFeedActions,
  inventoryFeedVariantStates,
  inventoryFeedVariantStatuses,
} from "../actions.ts";
import { defineKind, f, MAX_WEIGHT } from "../define.ts";
import { rotateFeedHash, rotateSigningSecret, signingSecret } from "../secrets.ts";

/** Attributes of a feed item that a feed column or JSON path can fill. */
const feedTargets = [
  "externalId",
  "externalGroupId",
  "sku",
  "barcode",
  "name",
  "productName",
  "price",
  "costPrice",
  "quantity",
  "weight",
  "optionName",
  "optionValue",
  "tag",
  "imageUrl",
] as const;

const importTypes = [
  "adjustment_import",
  "cost_prices",
  "dropship_provider_users",
  "dropship_providers",
  "hs_code",
  "inventory_feed_mapping",
  "inventory_feed_prices",
  "inventory_feed",
  "sales",
  "stock_take",
  "tracking_import",
  "vendor_mappings",
  "warehouse_location_import",
] as const;

const fileStatuses = ["pending", "processed", "error"] as const;
const fileFormats = ["csv", "json", "xml"] as const;

export const inventoryFeed = defineKind({
  name: "inventory-feed",
  plural: "inventory-feeds",
  group: "inventory",
  source: "seed",
  fewPerCompany: true,
  description:
    "A vendor's or dropship provider's product and stock list, fetched on a schedule and published to channels.",
  actions: [...inventoryFeedActions, rotateFeedHash],
  fields: {
    adminNotes: f.string({
      maxLength: 2000,
      description: "Internal notes about the feed, for the company's staff only.",
    }),
    allocateInventory: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description:
        "Whether units sold of the feed's items are held back (allocated) from the feed's quantities until shipped.",
      recordOnly: true,
    }),
    allocationBuffer: f.integer({
      min: 0,
      description:
        "Units of each item kept back from what channels are told is available, as a safety margin (never below 0 per item).",
      example: 2,
    }),
    archiveReason: f.enum(["subscription", "other"], {
      required: true,
      default: "other",
      nullable: true,
      description: "Why the feed was archived: `subscription` (the plan no longer covers it) or `other`.",
    }),
    authenticationSecret: f.string({
      maxLength: 500,
      secret: "writeOnly",
      description: "Secret or password sent when fetching `url`, if the source asks for one.",
    }),
    authenticationToken: f.string({
      maxLength: 500,
      secret: "writeOnly",
      description: "Token or user name sent when fetching `url`, if the source asks for one.",
    }),
    automatedFetching: f.enum(["enabled", "disabled"], {
      required: true,
      default: "enabled",
      nullable: true,
      description:
        "`enabled`: the feed is fetched on its `fetchFrequency`; `disabled`: only when fetched by hand.",
    }),
    automaticallyConnect: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description:
        "Link each new or updated item to the catalogue variant with the same SKU (see `skuPrefix` and `automaticallyConnectPrefix`), else to the variant of the feed's vendor with that SKU as its `vendorSku`, when it has no variant yet.",
    }),
    automaticallyConnectByBarcode: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description:
        "Link an item that connects by no SKU to the catalogue variant with the item's barcode (when only one variant has it).",
    }),
    automaticallyConnectChannelVariant: f.boolean({
      description: "Also link items to existing channel variants with the same SKU.",
      recordOnly: true,
    }),
    automaticallyConnectOptionValues: f.boolean({
      description: "Also match the item's option values (size, colour) to the catalogue's when linking.",
      recordOnly: true,
    }),
    automaticallyConnectPrefix: f.enum(["both", "prefixOnly"], {
      required: true,
      default: "both",
      nullable: true,
      description:
        "Which SKUs an item is matched by when `skuPrefix` is set: `both` tries the prefixed SKU, then the SKU as sent; `prefixOnly` only the prefixed one.",
    }),
    cacheChanges: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description:
        "Keep only the items that changed since the last fetch for processing, instead of every item.",
      recordOnly: true,
    }),
    cacheImports: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Keep a copy of each fetched file (see inventory-feed-files).",
    }),
    caseInsensitiveSkus: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description:
        "Match SKUs (and vendors' codes) without regard to letter case (A to Z); a variant with exactly the SKU comes first.",
    }),
    connected: f.integer({
      required: true,
      default: 0,
      nullable: true,
      min: 0,
      description: "Items linked to a catalogue variant.",
      example: 118,
      recordOnly: true,
    }),
    csvHasHeader: f.boolean({ description: "Whether the first row of a CSV feed names its columns." }),
    currencyId: f.ref("currency", {
      description:
        "The currency of the feed's prices; the company's base currency when null. publish-all converts an item's price from it for the variant it creates.",
    }),
    decimalNotation: f.enum(["decimal", "comma"], {
      required: true,
      default: "decimal",
      nullable: true,
      description: "How numbers in the feed write their decimals: `decimal` (`12.50`) or `comma` (`12,50`).",
    }),
    delimiter: f.string({
      maxLength: 5,
      description: "The column separator of a CSV feed, e.g. `,` or `;`.",
      example: ",",
    }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider whose feed it is." }),
    enabled: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description: "A disabled feed is not fetched, and its batch webhook answers 409.",
    }),
    excludeTags: f.array(f.string({ maxLength: 100 }), {
      maxLength: 1000,
      description: "Items carrying any of these tags are skipped.",
      example: ["discontinued"],
    }),
    exportSkuThreshold: f.integer({
      min: 0,
      description:
        "Stock threshold for the feed's exports: items with fewer units are exported as out of stock.",
    }),
    externalIdStrategy: f.enum(["none", "options"], {
      description:
        "How item external ids are formed: `none` takes the feed's id as it is; `options` adds the item's option values to it.",
    }),
    fetchCleanup: f.enum(["enabled", "disabled"], {
      required: true,
      default: "enabled",
      nullable: true,
      description:
        "`enabled`: items missing from a fetched file are set to 0 units; `disabled`: they keep their last quantity.",
    }),
    fetchFrequency: f.enum(["never", "hourly", "daily", "custom", "webhook"], {
      required: true,
      default: "hourly",
      description:
        "How often the feed is fetched from `url`. `webhook` feeds are pushed instead (see `hash`).",
    }),
    fetchFrequencyReason: f.enum(
      ["manual", "duration", "planAllowance", "count", "plan", "default", "custom"],
      {
        description:
          "Why the fetch frequency is what it is (chosen by hand, limited by the plan, the file's size or duration, ...).",
      },
    ),
    fetched: f.integer({
      required: true,
      default: 0,
      min: 0,
      description:
        "Items applied at the last fetch: the feed's items its file held, each once, removed ones not counted.",
      example: 124,
    }),
    hash: f.string({
      maxLength: 200,
      secret: "serverMade",
      description:
        "The feed's webhook secret: `POST /webhooks/inventory-feeds/parse-webhooks.json` with `webhook-hash: <hash>` updates its items. Made by the server (32 random bytes), shown once by the create answer and `rotate-hash`.",
    }),
    format: f.enum(fileFormats, { required: true, default: "csv", description: "The feed file's format." }),
    handleStrategy: f.enum(["externalGroupId", "externalGroupIdStart", "name"], {
      description:
        "Which item attribute groups items into one product when publishing creates their variants: `externalGroupId`, its beginning (`externalGroupIdStart`: the id up to its last `-` or `_`), or `name`. Without one, `externalGroupId`.",
    }),
    includeTags: f.array(f.string({ maxLength: 100 }), {
      maxLength: 1000,
      description: "When set, only items carrying one of these tags are read.",
      example: ["summer"],
    }),
    lastFetchedAt: f.datetime({
      readOnly: true,
      description: "When the feed was last fetched from `url`. Set by the server.",
    }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The feed's name as shown to the company's staff.",
      example: "Northwind Textiles stock",
    }),
    skuPrefix: f.string({
      maxLength: 100,
      description:
        "Text put in front of the feed's SKUs to form catalogue SKUs, e.g. `ACME-` (see `automaticallyConnectPrefix`).",
      example: "NWT-",
    }),
    url: f.string({
      maxLength: 2000,
      format: "url",
      called: true,
      description: "Where the feed is fetched from.",
      example: "https://feeds.northwind.example/stock.csv",
    }),
    vendorId: f.ref("vendor", { description: "The vendor whose feed it is." }),
  },
});

export const inventoryFeedChannel = defineKind({
  name: "inventory-feed-channel",
  plural: "inventory-feed-channels",
  group: "inventory",
  source: "seed",
  description: "A channel that an inventory feed publishes its approved items to.",
  owner: { field: "inventoryFeedId" },
  unique: [["inventoryFeedId", "channelId"]],
  fields: {
    inventoryFeedId: f.ref("inventory-feed", {
      required: true,
      description: "The feed that publishes to the channel.",
    }),
    channelId: f.ref("channel", {
      required: true,
      description: "The channel the feed's approved items are listed on by publish-all.",
    }),
    channelPriceListId: f.ref("channel-price-list", {
      description: "Prices published items with this list.",
      recordOnly: true,
    }),
    enabled: f.boolean({
      required: true,
      default: true,
      description: "Disabled links are skipped by publish-all.",
    }),
    lastPublishedAt: f.datetime({
      readOnly: true,
      description: "When publish-all last ran for this channel. Set by the server.",
    }),
  },
});

export const inventoryFeedField = defineKind({
  name: "inventory-feed-field",
  plural: "inventory-feed-fields",
  group: "inventory",
  source: "seed",
  description: "A column of a CSV inventory feed and the item attribute it fills.",
  owner: { field: "inventoryFeedId" },
  unique: [["inventoryFeedId", "column"]],
  fields: {
    inventoryFeedId: f.ref("inventory-feed", {
      required: true,
      description: "The CSV feed the column belongs to.",
    }),
    column: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The column header, or its 1-based number.",
      example: "Qty on hand",
    }),
    target: f.enum(feedTargets, {
      required: true,
      description: "The feed item attribute the value fills.",
      example: "quantity",
    }),
    defaultValue: f.string({ maxLength: 500, description: "Used when the cell is empty.", example: "0" }),
    position: f.integer({
      required: true,
      default: 0,
      min: 0,
      description: "Order among the feed's columns: lower first.",
    }),
  },
});

export const inventoryFeedJsonField = defineKind({
  name: "inventory-feed-json-field",
  plural: "inventory-feed-json-fields",
  group: "inventory",
  source: "seed",
  description: "A JSON path into a JSON inventory feed's items and the item attribute it fills.",
  owner: { field: "inventoryFeedId" },
  fields: {
    inventoryFeedId: f.ref("inventory-feed", {
      required: true,
      description: "The JSON feed the path belongs to.",
    }),
    path: f.string({
      required: true,
      minLength: 1,
      maxLength: 500,
      description: "Dot path within one item, e.g. `stock.available`.",
      example: "stock.available",
    }),
    target: f.enum(feedTargets, {
      required: true,
      description: "The feed item attribute the value fills.",
      example: "quantity",
    }),
    defaultValue: f.string({ maxLength: 500, description: "Used when the path is missing.", example: "0" }),
    position: f.integer({
      required: true,
      default: 0,
      min: 0,
      description: "Order among the feed's paths: lower first.",
    }),
  },
});

export const inventoryFeedFile = defineKind({
  name: "inventory-feed-file",
  plural: "inventory-feed-files",
  group: "inventory",
  source: "seed",
  description: "A file fetched for or uploaded to an inventory feed, and what became of it.",
  owner: { field: "inventoryFeedId" },
  fields: {
    inventoryFeedId: f.ref("inventory-feed", {
      required: true,
      description: "The feed the file was fetched for or uploaded to.",
    }),
    fileName: f.string({
      maxLength: 200,
      description: "The file's name, e.g. `stock-2024-05-01.csv`.",
      example: "stock-2024-05-04.csv",
    }),
    contentType: f.string({
      maxLength: 100,
      description: "The file's media type, e.g. `text/csv`.",
      example: "text/csv",
    }),
    url: f.string({
      maxLength: 2000,
      format: "url",
      description: "Where the file can be downloaded.",
      example: "https://feeds.northwind.example/stock-2024-05-04.csv",
    }),
    byteSize: f.integer({ min: 0, description: "The file's size in bytes.", example: 48213 }),
    checksum: f.string({
      maxLength: 100,
      description: "A digest of the file's bytes, to tell whether a fetch brought anything new.",
    }),
    rowCount: f.integer({
      min: 0,
      description:
        "Items of the file applied, each once however many rows (or objects) hold it, a removed item not at all; while the file is `pending`, those applied so far.",
      example: 124,
    }),
    status: f.enum(fileStatuses, {
      required: true,
      default: "pending",
      description: "`pending` until read, then `processed`, or `error` (see `errorMessage`).",
    }),
    errorMessage: f.string({
      maxLength: 2000,
      description: "Why the file could not be read; null unless `status` is `error`.",
    }),
    processedAt: f.datetime({ description: "When the file was read." }),
  },
});

export const inventoryFeedMapping = defineKind({
  name: "inventory-feed-mapping",
  plural: "inventory-feed-mappings",
  group: "inventory",
  source: "seed",
  description:
    "A rule that rewrites option or meta-field names and values of a feed's items as they are read.",
  owner: { field: "inventoryFeedId" },
  fields: {
    field: f.enum(["optionName", "optionValue", "metaFieldName", "metaFieldValue"], {
      required: true,
      description: "What the rule rewrites: an option's name or value, or a meta field's name or value.",
    }),
    inventoryFeedId: f.ref("inventory-feed", { description: "The feed whose items the rule applies to." }),
    matchType: f.enum(["includes", "excludes", "matches", "startsWith", "endsWith"], {
      required: true,
      description:
        "How `transformFrom` is compared with the item's text: it contains, does not contain, equals, starts or ends with one of them.",
    }),
    transformFrom: f.array(f.string({ maxLength: 200 }), {
      required: true,
      maxLength: 100,
      description: 'The texts to look for, e.g. `["XL", "X-Large"]`.',
      example: ["XL", "X-Large"],
    }),
    transformTo: f.string({
      required: true,
      maxLength: 200,
      description: "The text that replaces a match, e.g. `Extra large`.",
      example: "Extra large",
    }),
    transformType: f.enum(["capitalize", "humanize", "none"], {
      required: true,
      default: "none",
      description:
        "A change of case applied after the replacement: `capitalize`, `humanize` (`extra_large` to `Extra large`) or `none`.",
    }),
  },
});

export const inventoryFeedPayload = defineKind({
  name: "inventory-feed-payload",
  plural: "inventory-feed-payloads",
  group: "inventory",
  source: "seed",
  description:
    "A batch of feed data pushed to an inventory feed (webhook feeds), kept as received and processed when it is created.",
  owner: { field: "inventoryFeedId" },
  fields: {
    inventoryFeedId: f.ref("inventory-feed", {
      required: true,
      description: "The feed the data was pushed to.",
    }),
    contentType: f.string({
      maxLength: 100,
      description: "The media type the data was sent with, e.g. `application/json`.",
      example: "application/json",
    }),
    payload: f.string({
      required: true,
      maxLength: 500_000,
      description:
        "The body as received: a JSON array of at most 50 feed items, each as the feed's batch webhook takes it.",
      example: '[{"externalId":"NW-1042","vendorSku":"1042","inventoryQuantity":36}]',
    }),
    itemCount: f.integer({
      min: 0,
      readOnly: true,
      description: "Items the payload held. Set by the server.",
      example: 1,
    }),
    status: f.enum(fileStatuses, {
      required: true,
      default: "pending",
      description:
        "Created `pending` (the default), the payload is processed at once, as the feed's batch webhook processes its body: `processed`, or `error` (see `errorMessage`). Created with another status, the record is kept as sent.",
    }),
    errorMessage: f.string({
      maxLength: 2000,
      description: "Why the payload could not be processed; null unless `status` is `error`.",
    }),
    receivedAt: f.datetime({ description: "When the payload arrived." }),
    processedAt: f.datetime({ description: "When the payload was processed." }),
  },
});

export const inventoryFeedVariant = defineKind({
  name: "inventory-feed-variant",
  plural: "inventory-feed-variants",
  group: "inventory",
  source: "implied",
  description:
    "An item of a vendor's inventory feed: its price and stock, review state and link to the catalogue.",
  owner: { field: "inventoryFeedId" },
  unique: [["inventoryFeedId", "externalId"]],
  states: inventoryFeedVariantStates,
  fields: {
    inventoryFeedId: f.ref("inventory-feed", {
      required: true,
      description: "The feed the item belongs to.",
    }),
    externalId: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description:
        "The item's id in the feed: unique within the feed, the key that the feed's webhook and remove-by-external-id use.",
      example: "NW-1042",
    }),
    externalGroupId: f.string({
      maxLength: 100,
      description: "Groups items of one product in the feed (e.g. sizes of one shirt).",
      example: "NW-LINEN-SHIRT",
    }),
    sku: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The vendor's SKU for the item (sent as `vendorSku` to the feed's webhook).",
      example: "1042",
    }),
    barcode: f.string({
      maxLength: 100,
      description: "The item's barcode (EAN, UPC, ...).",
      example: "0012345678905",
    }),
    name: f.string({
      maxLength: 500,
      description: "The item's name in the feed.",
      example: "Linen shirt, M, blue",
    }),
    price: f.money({
      min: 0,
      description: "The item's selling price in the feed, in the feed's currency.",
      example: 49.9,
    }),
    costPrice: f.money({
      min: 0,
      description: "What the company pays the vendor per unit, in the feed's currency.",
      example: 18.5,
    }),
    quantity: f.integer({
      required: true,
      default: 0,
      min: 0,
      description: "Units the vendor has (sent as `inventoryQuantity` to the feed's webhook).",
      example: 36,
    }),
    weight: f.number({ min: 0, max: MAX_WEIGHT, description: "The item's weight, in grams.", example: 320 }),
    variantId: f.ref("variant", { description: "The catalogue variant it is linked to." }),
    status: f.enum(inventoryFeedVariantStatuses, {
      default: "pending",
      readOnly: true,
      description:
        "Where the item is in publishing: `pending`, `queued`, `publishing`, `connected` (listed on the feed's channels), `error`, or `removed` (by remove-by-external-id). Set by the server.",
    }),
    reviewStatus: f.enum(["notReviewed", "approved", "pending", "rejected"], {
      required: true,
      default: "notReviewed",
      description:
        "The company's review of the item: `notReviewed`, `pending`, `approved` or `rejected`; only approved items are published.",
    }),
    errorMessage: f.string({
      maxLength: 2000,
      readOnly: true,
      description: "Why publishing the item failed; null unless `status` is `error`. Set by the server.",
    }),
    publishedAt: f.datetime({
      readOnly: true,
      description: "When publish-all last listed the item on the feed's channels. Set by the server.",
    }),
    pricingOverride: f.enum(
      [
        "none",
        "manual",
        "minimumGuidePrice",
        "minimumGuidePricePercent",
        "minimumGuidePriceFixed",
        "percent",
      ],
      {
        default: "none",
        description: "How the published price is set instead of the feed's.",
        recordOnly: true,
      },
    ),
    inventoryQuantityOverride: f.enum(["none", "manual", "maximum"], {
      default: "none",
      description: "How the published stock is set instead of the feed's.",
      recordOnly: true,
    }),
  },
});

export const inventoryExport = defineKind({
  name: "inventory-export",
  plural: "inventory-exports",
  group: "inventory",
  source: "seed",
  description:
    "A saved definition of a stock-level export: which variants, which columns, which file format.",
  actions: [...inventoryExportActions, rotateSigningSecret],
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The export's name; also the display name of each data export it makes.",
      example: "Daily stock for the web store",
    }),
    format: f.enum(["csv", "json"], {
      required: true,
      default: "csv",
      description: "The file's format: CSV with a header row, or a JSON array of objects.",
    }),
    channelId: f.ref("channel", { description: "Limit the export to this channel's variants." }),
    warehouseId: f.ref("warehouse", { description: "Count stock at this warehouse only." }),
    includeZero: f.boolean({
      required: true,
      default: true,
      description: "Include variants with no stock available.",
    }),
    lastExportedAt: f.datetime({
      readOnly: true,
      description: "When the export last ran. Set by the server.",
    }),
    webhookUrl: f.string({
      maxLength: 2000,
      format: "url",
      called: true,
      description: 'Receives `{"file": <download URL>}` by POST when an export of this definition is ready.',
      example: "https://erp.example.com/hooks/stock-export",
    }),
    signingSecret: signingSecret(),
  },
});

export const inventoryExportField = defineKind({
  name: "inventory-export-field",
  plural: "inventory-export-fields",
  group: "inventory",
  source: "seed",
  description: "A column (CSV) or key (JSON) of an inventory export and the value it holds.",
  owner: { field: "inventoryExportId" },
  fields: {
    inventoryExportId: f.ref("inventory-export", {
      required: true,
      description: "The export the column belongs to.",
    }),
    source: f.enum(
      [
        "sku",
        "name",
        "barcode",
        "externalId",
        "onHand",
        "allocated",
        "available",
        "price",
        "costPrice",
        "warehouse",
        "hsCode",
        "countryOfOrigin",
        "location",
      ],
      {
        required: true,
        description:
          "The value the column holds for each variant: its SKU, name, barcode, external id, units on hand, allocated or available, price, cost price, the warehouse's name, its HS code, its country of origin, or where it is kept (its level's `location` at the export's warehouse; without one, the locations at every warehouse, separated by `; `).",
        example: "available",
      },
    ),
    header: f.string({
      maxLength: 100,
      description: "The column name or JSON key; defaults to the source.",
      example: "Available",
    }),
    position: f.integer({
      required: true,
      default: 0,
      min: 0,
      description: "Order among the export's columns: lower first.",
    }),
  },
});

export const dataExport = defineKind({
  name: "data-export",
  plural: "data-exports",
  group: "inventory",
  source: "seed",
  description:
    "One run of an export: its state and, once complete, the file to download. A stock-level or feed export created `pending` is built by the server in the background.",
  states: dataExportStates,
  fields: {
    displayName: f.string({
      maxLength: 200,
      description: "The export's name as shown in lists; an inventory export's name when it made it.",
      example: "Daily stock for the web store",
    }),
    status: f.enum(dataExportStatuses, {
      default: "pending",
      asText: true,
      description:
        "`pending` while the file is made, then `complete` (see `url`) or `error` (see `errorMessage`).",
    }),
    exportType: f.enum(["inventory_feed", "inventory_levels"], {
      description: "What was exported: feed items (`inventory_feed`) or stock levels (`inventory_levels`).",
      example: "inventory_levels",
    }),
    format: f.enum(["csv", "json"], { required: true, default: "csv", description: "The file's format." }),
    inventoryExportId: f.ref("inventory-export", {
      description: "The inventory export definition that made it.",
    }),
    inventoryFeedId: f.ref("inventory-feed", { description: "The feed whose items were exported." }),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "The dropship provider the export was made for.",
    }),
    templateId: f.integer({ min: 1, description: "The export template used, by id." }),
    stockTakeId: f.integer({ min: 1, description: "The stock take exported, by id." }),
    read: f.boolean({
      required: true,
      default: false,
      description: "Whether someone has seen the finished export.",
    }),
    muteError: f.boolean({
      required: true,
      default: false,
      description: "Do not report this export's error to the company.",
    }),
    adminNotes: f.string({ maxLength: 2000, description: "Internal notes, for the company's staff only." }),
    fileName: f.string({
      maxLength: 200,
      description: "The file's name, e.g. `inventory-export-4-20240501T094200Z.csv`.",
      example: "inventory-export-4-20240504T094200Z.csv",
    }),
    contentType: f.string({
      maxLength: 100,
      description: "The file's media type, e.g. `text/csv; charset=utf-8`.",
      example: "text/csv; charset=utf-8",
    }),
    url: f.string({
      maxLength: 2000,
      readOnly: true,
      description: "Download link of the file.",
      example: "https://api.example.com/files/inventory-export-4-20240504T094200Z.csv",
    }),
    rowCount: f.integer({
      min: 0,
      readOnly: true,
      description: "Rows (CSV) or objects (JSON) in the file. Set by the server.",
      example: 312,
    }),
    byteSize: f.integer({
      min: 0,
      readOnly: true,
      description: "The file's size in bytes. Set by the server.",
      example: 10240,
    }),
    errorMessage: f.string({
      maxLength: 2000,
      readOnly: true,
      description: "Why the export failed; null unless `status` is `error`. Set by the server.",
    }),
    queuedAt: f.datetime({ description: "When the export was queued." }),
    startedAt: f.datetime({ description: "When making the file began." }),
    completedAt: f.datetime({ description: "When the file was ready." }),
    companyId: f.tenant(),
    userId: f.integer({ min: 1, description: "Who asked for the export, in the company's own user ids." }),
    inventory_import_id: f.integer({
      min: 1,
      description: "The inventory import it belongs to (the reference spells this one in snake_case).",
    }),
    fileUri: f.string({
      maxLength: 2000,
      description: "Where the file is: the download link once complete.",
      example: "https://api.example.com/files/inventory-export-4-20240504T094200Z.csv",
    }),
  },
});

export const dataImport = defineKind({
  name: "data-import",
  plural: "data-imports",
  group: "inventory",
  source: "seed",
  description: "One run of a file import (sales, stock takes, feed prices, ...) and its counts and errors.",
  states: dataImportStates,
  fields: {
    added: f.integer({
      readOnly: true,
      required: true,
      default: 0,
      min: 0,
      description: "Records the import created.",
      example: 12,
    }),
    adminNotes: f.string({ maxLength: 2000, description: "Internal notes, for the company's staff only." }),
    completedAt: f.datetime({ readOnly: true, description: "When the import finished." }),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "The dropship provider the import is for.",
    }),
    errorMessages: f.array(f.string({ maxLength: 2000 }), {
      readOnly: true,
      required: true,
      default: [] as string[],
      maxLength: 1000,
      description: "One message per row that failed, e.g. `Row 4: unknown SKU`.",
      example: ["Row 4: unknown SKU SHIRT-LIN-XXL"],
    }),
    errorUri: f.string({
      readOnly: true,
      maxLength: 2000,
      description: "Link to a file of the rows that failed.",
    }),
    errors: f.integer({
      readOnly: true,
      required: true,
      default: 0,
      min: 0,
      description: "Rows that failed.",
      example: 1,
    }),
    fileSize: f.string({
      maxLength: 50,
      description: "The imported file's size as text, e.g. `12 KB`.",
      example: "12 KB",
    }),
    fileUri: f.string({
      minLength: 1,
      maxLength: 2000,
      description:
        "The file to import: a link to one of the company's files (`/files/{id}/{name}`) or an https URL the server fetches.",
      example: "https://api.example.com/files/stock-take-2024-05.csv",
    }),
    importType: f.enum(importTypes, {
      description: "What the file holds: sales, a stock take, feed prices, tracking numbers, ...",
      example: "stock_take",
    }),
    inventoryFeedId: f.ref("inventory-feed", { description: "The feed the import is for." }),
    muteError: f.boolean({
      required: true,
      default: false,
      description: "Do not report this import's errors to the company.",
    }),
    priceListId: f.integer({ min: 1, description: "The price list the import writes prices to, by id." }),
    queueName: f.string({ maxLength: 100, description: "The work queue the import ran on." }),
    queuedAt: f.datetime({ description: "When the import was queued." }),
    read: f.boolean({
      required: true,
      default: false,
      description: "Whether someone has seen the finished import.",
    }),
    skipped: f.integer({
      readOnly: true,
      required: true,
      default: 0,
      min: 0,
      description: "Rows left out (unchanged or not applicable).",
      example: 3,
    }),
    skippedUri: f.string({
      readOnly: true,
      maxLength: 2000,
      description: "Link to a file of the rows left out.",
    }),
    startedAt: f.datetime({ readOnly: true, description: "When reading the file began." }),
    status: f.enum(dataImportStatuses, {
      default: "pending",
      asText: true,
      derived:
        "the import's run: the server moves it to `started` when it first reads the file, then to `complete`, `error` or `skipped`. To import a file again, create another import.",
      description:
        "`pending` until it starts, `started`, then `complete` (see the counts), `error` (see `statusMessage`) or `skipped` (the same file was imported already). Set by the server.",
    }),
    statusMessage: f.string({
      readOnly: true,
      maxLength: 2000,
      description: "A summary of the outcome, e.g. `120 rows read`.",
      example: "120 rows read: 12 added, 104 updated, 3 skipped, 1 failed",
    }),
    statusProblem: f.json({
      readOnly: true,
      maxBytes: 8192,
      description: "What failed, e.g. `{code, message, row, column}`.",
    }),
    stockTakeId: f.integer({ min: 1, description: "The stock take the import records, by id." }),
    updated: f.integer({
      readOnly: true,
      required: true,
      default: 0,
      min: 0,
      description: "Existing records the import changed.",
      example: 104,
    }),
  },
});

export const importer = defineKind({
  name: "importer",
  plural: "importers",
  group: "inventory",
  source: "seed",
  description:
    "A saved import setup: what a file holds and how its columns map to fields, reused by data imports.",
  recordOnly: true,
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The import setup's name.",
      example: "Monthly stock take",
    }),
    importType: f.enum(importTypes, {
      required: true,
      description: "What files of this setup hold (see data-import `importType`).",
      example: "stock_take",
    }),
    format: f.enum(fileFormats, { required: true, default: "csv", description: "The file format it reads." }),
    delimiter: f.string({
      maxLength: 5,
      description: "The column separator of CSV files, e.g. `,` or `;`.",
      example: ",",
    }),
    hasHeader: f.boolean({
      required: true,
      default: true,
      description: "Whether the first row of a CSV file names its columns.",
    }),
    columns: f.array(
      f.object({
        column: f.string({
          required: true,
          minLength: 1,
          maxLength: 200,
          description: "The column header, or its 1-based number.",
        }),
        field: f.string({
          required: true,
          minLength: 1,
          maxLength: 100,
          description: "The field the column fills, e.g. `sku` or `quantity`.",
        }),
        defaultValue: f.string({ maxLength: 500, description: "Used when the cell is empty." }),
      }),
      {
        maxLength: 250,
        description:
          "How the file's columns fill fields: `[{column, field, defaultValue}]`, `column` a header or 1-based number.",
        example: [
          { column: "SKU", field: "sku", defaultValue: null },
          { column: "Counted", field: "quantity", defaultValue: "0" },
        ],
      },
    ),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "The dropship provider whose files it reads.",
    }),
    inventoryFeedId: f.ref("inventory-feed", { description: "The feed whose files it reads." }),
    enabled: f.boolean({
      required: true,
      default: true,
      description: "Disabled setups are not offered for new imports.",
    }),
    notes: f.string({ maxLength: 2000, description: "Notes about the setup." }),
  },
});
