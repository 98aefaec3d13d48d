import {
  dataExportStates,
  dataExportStatuses,
  inventoryExportActions,
  inventoryFeedActions,
  inventoryFeedVariantStates,
  inventoryFeedVariantStatuses,
} from "../actions.ts";
import { defineKind, f } from "../define.ts";

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
  description:
    "A vendor's or dropship provider's product and stock list, fetched on a schedule and published to channels.",
  actions: inventoryFeedActions,
  fields: {
    adminNotes: f.string({ maxLength: 2000 }),
    allocateInventory: f.boolean({ required: true, default: false, nullable: true }),
    allocationBuffer: f.integer({ min: 0 }),
    archiveReason: f.enum(["subscription", "other"], { required: true, default: "other", nullable: true }),
    authenticationSecret: f.string({ maxLength: 500 }),
    authenticationToken: f.string({ maxLength: 500 }),
    automatedFetching: f.enum(["enabled", "disabled"], {
      required: true,
      default: "enabled",
      nullable: true,
    }),
    automaticallyConnect: f.boolean({ required: true, default: true, nullable: true }),
    automaticallyConnectByBarcode: f.boolean({ required: true, default: false, nullable: true }),
    automaticallyConnectChannelVariant: f.boolean(),
    automaticallyConnectOptionValues: f.boolean(),
    automaticallyConnectPrefix: f.enum(["both", "prefixOnly"], {
      required: true,
      default: "both",
      nullable: true,
    }),
    cacheChanges: f.boolean({ required: true, default: false, nullable: true }),
    cacheImports: f.boolean({ required: true, default: false, nullable: true }),
    caseInsensitiveSkus: f.boolean({ required: true, default: false, nullable: true }),
    connected: f.integer({
      required: true,
      default: 0,
      nullable: true,
      min: 0,
      description: "Items linked to a catalogue variant.",
    }),
    csvHasHeader: f.boolean(),
    currencyId: f.ref("currency"),
    decimalNotation: f.enum(["decimal", "comma"], { required: true, default: "decimal", nullable: true }),
    delimiter: f.string({ maxLength: 5 }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider whose feed it is." }),
    enabled: f.boolean({ required: true, default: true, nullable: true }),
    excludeTags: f.array(f.string({ maxLength: 100 }), { maxLength: 1000 }),
    exportSkuThreshold: f.integer({ min: 0 }),
    externalIdStrategy: f.enum(["none", "options"]),
    fetchCleanup: f.enum(["enabled", "disabled"], { required: true, default: "enabled", nullable: true }),
    fetchFrequency: f.openEnum(["never", "hourly", "daily", "custom", "webhook"], {
      required: true,
      default: "hourly",
    }),
    fetchFrequencyReason: f.enum([
      "manual",
      "duration",
      "planAllowance",
      "count",
      "plan",
      "default",
      "custom",
    ]),
    fetched: f.integer({ required: true, default: 0, min: 0, description: "Items read at the last fetch." }),
    hash: f.string({
      minLength: 16,
      maxLength: 200,
      description:
        "The feed's webhook secret: `POST /webhooks/inventory-feeds/parse-webhooks.json` with `webhook-hash: <hash>` updates its items.",
    }),
    format: f.enum(fileFormats, { required: true, default: "csv" }),
    handleStrategy: f.enum(["externalGroupId", "externalGroupIdStart", "name"]),
    includeTags: f.array(f.string({ maxLength: 100 }), { maxLength: 1000 }),
    lastFetchedAt: f.datetime({ readOnly: true }),
    name: f.string({ required: true, maxLength: 200 }),
    skuPrefix: f.string({ maxLength: 100 }),
    url: f.string({ maxLength: 2000, format: "url", description: "Where the feed is fetched from." }),
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
    inventoryFeedId: f.ref("inventory-feed", { required: true }),
    channelId: f.ref("channel", { required: true }),
    channelPriceListId: f.ref("channel-price-list", {
      description: "Prices published items with this list.",
    }),
    enabled: f.boolean({ required: true, default: true }),
    lastPublishedAt: f.datetime({ readOnly: true }),
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
    inventoryFeedId: f.ref("inventory-feed", { required: true }),
    column: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The column header, or its 1-based number.",
    }),
    target: f.enum(feedTargets, { required: true }),
    defaultValue: f.string({ maxLength: 500, description: "Used when the cell is empty." }),
    position: f.integer({ required: true, default: 0, min: 0 }),
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
    inventoryFeedId: f.ref("inventory-feed", { required: true }),
    path: f.string({
      required: true,
      minLength: 1,
      maxLength: 500,
      description: "Dot path within one item, e.g. `stock.available`.",
    }),
    target: f.enum(feedTargets, { required: true }),
    defaultValue: f.string({ maxLength: 500, description: "Used when the path is missing." }),
    position: f.integer({ required: true, default: 0, min: 0 }),
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
    inventoryFeedId: f.ref("inventory-feed", { required: true }),
    fileName: f.string({ maxLength: 200 }),
    contentType: f.string({ maxLength: 100 }),
    url: f.string({ maxLength: 2000, format: "url" }),
    byteSize: f.integer({ min: 0 }),
    checksum: f.string({ maxLength: 100 }),
    rowCount: f.integer({ min: 0 }),
    status: f.enum(fileStatuses, { required: true, default: "pending" }),
    errorMessage: f.string({ maxLength: 2000 }),
    processedAt: f.datetime(),
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
    field: f.enum(["optionName", "optionValue", "metaFieldName", "metaFieldValue"], { required: true }),
    inventoryFeedId: f.ref("inventory-feed"),
    matchType: f.enum(["includes", "excludes", "matches", "startsWith", "endsWith"], { required: true }),
    transformFrom: f.array(f.string({ maxLength: 200 }), { required: true, maxLength: 100 }),
    transformTo: f.string({ required: true, maxLength: 200 }),
    transformType: f.enum(["capitalize", "humanize", "none"], { required: true, default: "none" }),
  },
});

export const inventoryFeedPayload = defineKind({
  name: "inventory-feed-payload",
  plural: "inventory-feed-payloads",
  group: "inventory",
  source: "seed",
  description:
    "A batch of feed data pushed to an inventory feed (webhook feeds), kept as received until processed.",
  owner: { field: "inventoryFeedId" },
  fields: {
    inventoryFeedId: f.ref("inventory-feed", { required: true }),
    contentType: f.string({ maxLength: 100 }),
    payload: f.string({ required: true, maxLength: 500_000, description: "The body as received." }),
    itemCount: f.integer({ min: 0, readOnly: true }),
    status: f.enum(fileStatuses, { required: true, default: "pending" }),
    errorMessage: f.string({ maxLength: 2000 }),
    receivedAt: f.datetime(),
    processedAt: f.datetime(),
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
    inventoryFeedId: f.ref("inventory-feed", { required: true }),
    externalId: f.string({ required: true, minLength: 1, maxLength: 100 }),
    externalGroupId: f.string({ maxLength: 100 }),
    sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
    barcode: f.string({ maxLength: 100 }),
    name: f.string({ maxLength: 500 }),
    price: f.money({ min: 0 }),
    costPrice: f.money({ min: 0 }),
    quantity: f.integer({ required: true, default: 0, min: 0 }),
    weight: f.number({ min: 0, description: "In grams." }),
    variantId: f.ref("variant", { description: "The catalogue variant it is linked to." }),
    status: f.enum(inventoryFeedVariantStatuses, { default: "pending", readOnly: true }),
    reviewStatus: f.enum(["notReviewed", "approved", "pending", "rejected"], {
      required: true,
      default: "notReviewed",
      description: "Only approved items are published.",
    }),
    errorMessage: f.string({ maxLength: 2000, readOnly: true }),
    publishedAt: f.datetime({ readOnly: true }),
    pricingOverride: f.enum(
      [
        "none",
        "manual",
        "minimumGuidePrice",
        "minimumGuidePricePercent",
        "minimumGuidePriceFixed",
        "percent",
      ],
      { default: "none", description: "How the published price is set instead of the feed's." },
    ),
    inventoryQuantityOverride: f.enum(["none", "manual", "maximum"], {
      default: "none",
      description: "How the published stock is set instead of the feed's.",
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
  actions: inventoryExportActions,
  fields: {
    name: f.string({ required: true, maxLength: 200 }),
    format: f.enum(["csv", "json"], { required: true, default: "csv" }),
    channelId: f.ref("channel", { description: "Limit the export to this channel's variants." }),
    warehouseId: f.ref("warehouse", { description: "Count stock at this warehouse only." }),
    includeZero: f.boolean({
      required: true,
      default: true,
      description: "Include variants with no stock available.",
    }),
    lastExportedAt: f.datetime({ readOnly: true }),
    webhookUrl: f.string({
      maxLength: 2000,
      format: "url",
      description: 'Receives `{"file": <download URL>}` by POST when an export of this definition is ready.',
    }),
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
    inventoryExportId: f.ref("inventory-export", { required: true }),
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
      ],
      { required: true },
    ),
    header: f.string({ maxLength: 100, description: "The column name or JSON key; defaults to the source." }),
    position: f.integer({ required: true, default: 0, min: 0 }),
  },
});

export const dataExport = defineKind({
  name: "data-export",
  plural: "data-exports",
  group: "inventory",
  source: "seed",
  description: "One run of an export: its state and, once complete, the file to download.",
  states: dataExportStates,
  fields: {
    displayName: f.string({ maxLength: 200 }),
    status: f.enum(dataExportStatuses, { default: "pending", asText: true }),
    exportType: f.openEnum(["inventory_feed", "inventory_levels"]),
    format: f.enum(["csv", "json"], { required: true, default: "csv" }),
    inventoryExportId: f.ref("inventory-export"),
    inventoryFeedId: f.ref("inventory-feed"),
    dropshipProviderId: f.ref("dropship-provider"),
    templateId: f.integer({ min: 1 }),
    stockTakeId: f.integer({ min: 1 }),
    read: f.boolean({ required: true, default: false }),
    muteError: f.boolean({ required: true, default: false }),
    adminNotes: f.string({ maxLength: 2000 }),
    fileName: f.string({ maxLength: 200 }),
    contentType: f.string({ maxLength: 100 }),
    url: f.string({ maxLength: 2000, readOnly: true, description: "Download link of the file." }),
    rowCount: f.integer({ min: 0, readOnly: true }),
    byteSize: f.integer({ min: 0, readOnly: true }),
    errorMessage: f.string({ maxLength: 2000, readOnly: true }),
    queuedAt: f.datetime(),
    startedAt: f.datetime(),
    completedAt: f.datetime(),
    companyId: f.tenant(),
    userId: f.integer({ min: 1, description: "Who asked for the export, in the company's own user ids." }),
    inventory_import_id: f.integer({
      min: 1,
      description: "The inventory import it belongs to (the reference spells this one in snake_case).",
    }),
    fileUri: f.string({
      maxLength: 2000,
      description: "Where the file is: the download link once complete.",
    }),
  },
});

export const dataImport = defineKind({
  name: "data-import",
  plural: "data-imports",
  group: "inventory",
  source: "seed",
  description: "One run of a file import (sales, stock takes, feed prices, ...) and its counts and errors.",
  fields: {
    added: f.integer({ required: true, default: 0, min: 0 }),
    adminNotes: f.string({ maxLength: 2000 }),
    completedAt: f.datetime(),
    dropshipProviderId: f.ref("dropship-provider"),
    errorMessages: f.array(f.string({ maxLength: 2000 }), {
      required: true,
      default: [] as string[],
      maxLength: 1000,
    }),
    errorUri: f.string({ maxLength: 2000 }),
    errors: f.integer({ required: true, default: 0, min: 0 }),
    fileSize: f.string({ maxLength: 50 }),
    fileUri: f.string({ maxLength: 2000 }),
    importType: f.enum(importTypes),
    inventoryFeedId: f.ref("inventory-feed"),
    muteError: f.boolean({ required: true, default: false }),
    priceListId: f.integer({ min: 1 }),
    queueName: f.string({ maxLength: 100 }),
    queuedAt: f.datetime(),
    read: f.boolean({ required: true, default: false }),
    skipped: f.integer({ required: true, default: 0, min: 0 }),
    skippedUri: f.string({ maxLength: 2000 }),
    startedAt: f.datetime(),
    status: f.enum(["pending", "started", "complete", "error", "skipped"]),
    statusMessage: f.string({ maxLength: 2000 }),
    statusProblem: f.json({
      maxBytes: 8192,
      description: "What failed, e.g. `{code, message, row, column}`.",
    }),
    stockTakeId: f.integer({ min: 1 }),
    updated: f.integer({ required: true, default: 0, min: 0 }),
  },
});

export const importer = defineKind({
  name: "importer",
  plural: "importers",
  group: "inventory",
  source: "seed",
  description:
    "A saved import setup: what a file holds and how its columns map to fields, reused by data imports.",
  fields: {
    name: f.string({ required: true, maxLength: 200 }),
    importType: f.enum(importTypes, { required: true }),
    format: f.enum(fileFormats, { required: true, default: "csv" }),
    delimiter: f.string({ maxLength: 5 }),
    hasHeader: f.boolean({ required: true, default: true }),
    columns: f.array(
      f.object({
        column: f.string({ required: true, minLength: 1, maxLength: 200 }),
        field: f.string({ required: true, minLength: 1, maxLength: 100 }),
        defaultValue: f.string({ maxLength: 500 }),
      }),
      { maxLength: 250 },
    ),
    dropshipProviderId: f.ref("dropship-provider"),
    inventoryFeedId: f.ref("inventory-feed"),
    enabled: f.boolean({ required: true, default: true }),
    notes: f.string({ maxLength: 2000 }),
  },
});
