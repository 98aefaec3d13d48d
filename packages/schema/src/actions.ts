/**
 * Lifecycles of the stateful kinds and the 19 action operations, as data. Kind files attach them
 * (`states: purchaseStates, actions: purchaseActions`); the server enforces `from` (409 otherwise).
 */
import { defineAction, type FieldDef, f, MAX_WEIGHT, type StatesDef, tagList } from "./define.ts";

/** The fields of a postal address, as actions and records take it. */
export const addressFields = {
  name: f.string({ maxLength: 200, description: "The person's full name.", example: "Ana Ruiz" }),
  company: f.string({ maxLength: 200, description: "The company name, if any." }),
  lineOne: f.string({
    required: true,
    maxLength: 200,
    description: "First line of the street address.",
    example: "5 Elm St",
  }),
  lineTwo: f.string({ maxLength: 200, description: "Second line of the street address (unit, floor)." }),
  city: f.string({ required: true, maxLength: 100, description: "City.", example: "Denver" }),
  state: f.string({ maxLength: 100, description: "State, province or region.", example: "CO" }),
  zip: f.string({ maxLength: 20, description: "Postal code.", example: "80202" }),
  country: f.string({
    required: true,
    format: "country",
    description: "Country (ISO 3166-1 alpha-2).",
    example: "US",
  }),
  phone: f.string({
    format: "phone",
    description: "Phone number, for the carrier.",
    example: "+1 303 555 0142",
  }),
  email: f.string({ format: "email", description: "E-mail address.", example: "ana@example.com" }),
};

/** Custom data of an order line (an engraving, a chosen option), passed on to vendors as sent. */
export function lineProperties(description?: string) {
  return f.array(
    f.object({
      key: f.string({ required: true, minLength: 1, maxLength: 200 }),
      value: f.string({ maxLength: 2000, acceptNumber: true }),
    }),
    { maxLength: 100, ...(description ? { description } : {}) },
  );
}

/** Purchase items named by id (the reference's `ids`); an empty list means every line. */
const purchaseItemIds = f.array(f.ref("purchase-item"), {
  maxLength: 1000,
  description: "Purchase item ids, each taken whole (what is left of it); [] means every line.",
});

/** Members of a documented request body that the server manages: accepted and ignored. */
function ignored(names: readonly string[], why: string): Record<string, FieldDef<unknown, "readOnly">> {
  return Object.fromEntries(names.map((name) => [name, f.json({ readOnly: true, description: why })]));
}

const lineQuantities = f.array(
  f.object({
    purchaseItemId: f.ref("purchase-item", { required: true }),
    quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
  }),
  { maxLength: 1000 },
);

// ---------------------------------------------------------------------------------------------- states

export const purchaseStatuses = ["pending", "sent", "partiallyShipped", "shipped", "cancelled"] as const;
export const purchaseStates: StatesDef = {
  field: "status",
  initial: "pending",
  transitions: {
    pending: ["sent", "cancelled"],
    sent: ["pending", "partiallyShipped", "shipped", "cancelled"],
    partiallyShipped: ["shipped", "cancelled"],
    shipped: [],
    cancelled: [],
  },
};

export const dropshipmentStatuses = ["pending", "shipped", "moved"] as const;
export const dropshipmentStates: StatesDef = {
  field: "status",
  initial: "pending",
  transitions: { pending: ["shipped", "moved"], shipped: [], moved: [] },
};

export const fulfillmentStatuses = ["pending", "finalized", "shipped", "moved", "cancelled"] as const;
export const fulfillmentStates: StatesDef = {
  field: "status",
  initial: "pending",
  transitions: {
    pending: ["finalized", "shipped", "moved", "cancelled"],
    // Confirmed for picking: its lines no longer change; it ships or moves like a pending one.
    finalized: ["pending", "shipped", "moved", "cancelled"],
    shipped: [],
    moved: [],
    cancelled: [],
  },
  byWrite: { pending: ["finalized"], finalized: ["pending"] },
};

export const saleReturnStatuses = ["requested", "shipped", "received", "cancelled"] as const;
export const saleReturnStates: StatesDef = {
  field: "status",
  initial: "requested",
  transitions: {
    requested: ["shipped", "received", "cancelled"],
    shipped: ["received", "cancelled"],
    received: [],
    cancelled: [],
  },
};

export const saleStatuses = ["open", "partiallyFulfilled", "fulfilled", "cancelled"] as const;
export const saleStates: StatesDef = {
  field: "status",
  initial: "open",
  transitions: {
    open: ["partiallyFulfilled", "fulfilled", "cancelled"],
    partiallyFulfilled: ["fulfilled", "cancelled"],
    fulfilled: [],
    cancelled: [],
  },
};

export const channelVariantStatuses = [
  "initialized",
  "connected",
  "error",
  "pending",
  "ignore",
  "acknowledging",
] as const;
export const channelVariantStates: StatesDef = {
  field: "status",
  initial: "pending",
  transitions: {
    pending: ["acknowledging", "connected", "error", "ignore"],
    initialized: ["acknowledging", "connected", "error", "ignore"],
    acknowledging: ["connected", "error", "ignore"],
    // A listing whose publishing failed is published again: it waits for the store's id (`pending`
    // for a synchronous answer, `acknowledging` for the acknowledge route).
    error: ["pending", "acknowledging", "connected", "ignore"],
    connected: ["pending", "error", "ignore"],
    // A listing its feed item's removal took off is listed again by publish-all for another item of
    // its SKU, as a new listing would be: waiting for the store's id, or `pending` where nothing
    // publishes. A write cannot take a listing off `ignore` (not in `byWrite`).
    ignore: ["pending", "acknowledging"],
  },
  // Sync states only: writing them has no effect beyond the record.
  byWrite: {
    pending: ["acknowledging", "connected", "error", "ignore"],
    initialized: ["acknowledging", "connected", "error", "ignore"],
    acknowledging: ["connected", "error", "ignore"],
    error: ["pending", "connected", "ignore"],
    connected: ["pending", "error", "ignore"],
  },
};

export const inventoryFeedVariantStatuses = [
  "pending",
  "connected",
  "error",
  "removed",
  "publishing",
  "queued",
] as const;
export const inventoryFeedVariantStates: StatesDef = {
  field: "status",
  initial: "pending",
  transitions: {
    pending: ["queued", "publishing", "connected", "removed"],
    queued: ["publishing", "connected", "error", "removed"],
    publishing: ["connected", "error", "removed"],
    connected: ["removed"],
    error: ["pending", "connected", "removed"],
    removed: [],
  },
};

export const dataExportStatuses = ["pending", "complete", "error"] as const;
export const dataExportStates: StatesDef = {
  field: "status",
  initial: "pending",
  transitions: { pending: ["complete", "error"], complete: [], error: [] },
  // An export run elsewhere (the reference's own workers) is reported by writing its state.
  byWrite: { pending: ["complete", "error"] },
};

export const dataImportStatuses = ["pending", "started", "complete", "error", "skipped"] as const;
/**
 * A data import runs in the background: `started` when its file is first read, then `complete` (its
 * rows applied or reported one by one), `error` (the file could not be read as its type needs) or
 * `skipped` (the same file was imported already). Only the runner moves it.
 */
export const dataImportStates: StatesDef = {
  field: "status",
  initial: "pending",
  transitions: {
    pending: ["started", "error", "skipped"],
    started: ["complete", "error", "skipped"],
    complete: [],
    error: [],
    skipped: [],
  },
};

/** Goods going back to a provider move as a sale return does; its steps are reported by writing them. */
export const purchaseReturnStatuses = saleReturnStatuses;
export const purchaseReturnStates: StatesDef = {
  ...saleReturnStates,
  byWrite: saleReturnStates.transitions,
};

export const transferStatuses = ["pending", "complete", "error", "cancelled"] as const;
export const transferStates: StatesDef = {
  field: "status",
  initial: "pending",
  transitions: { pending: ["complete", "error", "cancelled"], complete: [], error: [], cancelled: [] },
};

// --------------------------------------------------------------------------------------------- actions

export const channelActions = [
  defineAction({
    name: "rates",
    method: "POST",
    summary: "Quote shipping for a destination and a list of SKUs, grouped by who ships them.",
    writes: false,
    input: {
      destination: f.object(
        {
          country: f.string({ required: true, format: "country" }),
          state: f.string({ maxLength: 100 }),
          zip: f.string({ maxLength: 20 }),
          city: f.string({ maxLength: 100 }),
        },
        { required: true },
      ),
      items: f.array(
        f.object({
          sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
          quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
        }),
        { required: true, maxLength: 250 },
      ),
    },
    output: {
      fields: {
        currency: f.string({ required: true, format: "currency" }),
        groups: f.array(
          f.object({
            shipsFrom: f.enum(["dropshipProvider", "warehouse"], { required: true }),
            dropshipProviderId: f.ref("dropship-provider"),
            warehouseId: f.ref("warehouse"),
            items: f.array(
              f.object({ sku: f.string({ required: true }), quantity: f.integer({ required: true }) }),
              {
                required: true,
              },
            ),
            weight: f.number({ required: true }),
            subtotal: f.money({ required: true }),
            options: f.array(
              f.object({
                channelShippingRateId: f.ref("channel-shipping-rate", { required: true }),
                name: f.string({ required: true }),
                carrier: f.string(),
                service: f.string(),
                amount: f.money({ required: true }),
              }),
              { required: true },
            ),
            cheapest: f.money(),
          }),
          { required: true },
        ),
        unknownSkus: f.array(f.string(), { required: true }),
        total: f.money({
          description: "The sum of each group's cheapest option; null when a group has none.",
        }),
      },
    },
  }),
  defineAction({
    name: "manual-sale",
    method: "POST",
    event: "sale.imported",
    summary: "Import one order keyed by externalId (again: update, never duplicate) and route its lines.",
    input: {
      externalId: f.string({ required: true, minLength: 1, maxLength: 100, acceptNumber: true }),
      orderedAt: f.datetime(),
      currency: f.string({ format: "currency" }),
      customer: f.object(
        {
          email: f.string({ required: true, format: "email", maxLength: 200 }),
          firstName: f.string({ maxLength: 100 }),
          lastName: f.string({ maxLength: 100 }),
          phone: f.string({ format: "phone" }),
        },
        { required: true },
      ),
      shippingAddress: f.object(addressFields, {
        description:
          "Where the order ships to; required with `items` (with `lineItems`, use `saleDefaults`).",
      }),
      shippingPrice: f.money({ min: 0 }),
      notes: f.string({ maxLength: 2000 }),
      items: f.array(
        f.object({
          sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
          quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
          price: f.money({ required: true, min: 0 }),
          name: f.string({ maxLength: 500 }),
          externalId: f.string({ maxLength: 100, acceptNumber: true }),
          properties: lineProperties(),
        }),
        {
          minLength: 1,
          maxLength: 250,
          description: "The lines, by catalogue SKU (this service's form); send this or `lineItems`.",
        },
      ),
      saleDefaults: f.map({
        description:
          "The reference's form: fields of the sale (as `PUT /sales/{id}.json` takes them: addresses, `reference`, `notes`, `resellerId`, ...). Server-managed ones (`id`, totals, statuses) are ignored; 0 and 1 are taken for false and true.",
      }),
      lineItems: f.array(
        f.object({
          externalId: f.string({ maxLength: 100, acceptNumber: true }),
          name: f.string({ maxLength: 500 }),
          quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
          price: f.money({ required: true, min: 0 }),
          taxable: f.boolean(),
          variant: f.object(
            {
              externalId: f.string({ required: true, minLength: 1, maxLength: 100, acceptNumber: true }),
              externalSku: f.string({ maxLength: 100 }),
            },
            { required: true, description: "The store-side ids of the channel variant the line sells." },
          ),
          properties: lineProperties(),
        }),
        {
          minLength: 1,
          maxLength: 250,
          description:
            "The reference's form of the lines: each names the channel variant by its store-side `variant.externalId`; send this or `items`.",
        },
      ),
      shipping: f.array(
        f.object({
          code: f.string({ maxLength: 100 }),
          name: f.string({ maxLength: 200 }),
          serviceLevel: f.string({ maxLength: 100 }),
          price: f.money({ min: 0 }),
        }),
        {
          maxLength: 20,
          description:
            "Shipping lines; their prices add up to the sale's `shippingPrice` unless `shippingPrice` is sent.",
        },
      ),
      options: f.map({ description: "Import options; accepted, kept in the sale import's payload." }),
      source: f.string({ maxLength: 50, description: "Where the order comes from (`manual`); logged." }),
    },
    output: { kind: "sale" },
  }),
  defineAction({
    name: "import-connector-variant-batch",
    method: "POST",
    event: "channel.variants_imported",
    summary:
      "Upsert up to 1,000 variants from the store connector, matched by external id or SKU; all or nothing.",
    arrayBody: "items",
    input: {
      items: f.array(
        f.object({
          externalId: f.string({
            minLength: 1,
            maxLength: 100,
            acceptNumber: true,
            description: "The store-side id; without it the item is matched by SKU only.",
          }),
          sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
          name: f.string({ maxLength: 500 }),
          productName: f.string({ maxLength: 500 }),
          productId: f.ref("product"),
          externalGroupId: f.string({ maxLength: 100 }),
          barcode: f.string({ maxLength: 100 }),
          price: f.money({ min: 0 }),
          costPrice: f.money({ min: 0 }),
          weight: f.number({ min: 0, max: MAX_WEIGHT }),
          grams: f.number({
            min: 0,
            max: MAX_WEIGHT,
            description: "The reference's name of `weight` (in grams).",
          }),
          tags: tagList(),
          vendorId: f.ref("vendor"),
          vendorSku: f.string({ maxLength: 100 }),
          dropshipProviderId: f.ref("dropship-provider"),
          hsCode: f.string({ maxLength: 14, format: "hs-code" }),
          countryOfOrigin: f.string({ format: "country" }),
          ...ignored(
            ["id", "createdAt", "updatedAt", "totalSaleItems", "totalPurchaseItems", "inventoryAllocated"],
            "Server-managed: accepted and ignored.",
          ),
          ...ignored(
            [
              "accountingSync",
              "automaticallyBackorder",
              "backorderQuantity",
              "commissionRate",
              "commissionRateRouting",
              "commissionRateType",
              "defaultPurchaseQuantity",
              "denyThreshold",
              "description",
              "distanceUnit",
              "dropshipProviderAddressId",
              "dropshipProviderAddressMapping",
              "dropshipProviderMapping",
              "dynamicInventoryPolicy",
              "fulfillmentPolicy",
              "images",
              "imagesMapped",
              "inventoryFeeds",
              "inventoryPolicy",
              "inventoryQuantity",
              "inventoryRouting",
              "inventorySync",
              "inventoryType",
              "leadTime",
              "levels",
              "lowInventoryQuantity",
              "minInventoryQuantity",
              "noInventoryPolicy",
              "notes",
              "orderSplitting",
              "packingDepth",
              "packingHeight",
              "packingWidth",
              "position",
              "productType",
              "requiresShipping",
              "resellerVisibility",
              "serialPrefix",
              "serialReference",
              "serialSuffix",
              "taxable",
            ],
            "A field of the reference's variant schema that this catalogue does not keep: accepted and ignored (stock is set with variant-set-level).",
          ),
        }),
        { required: true, maxLength: 1000 },
      ),
    },
    output: {
      fields: {
        created: f.integer({ required: true, description: "Channel variants created." }),
        updated: f.integer({ required: true, description: "Channel variants updated." }),
        variantsCreated: f.integer({ required: true, description: "Catalogue variants created." }),
        variantsUpdated: f.integer({ required: true, description: "Catalogue variants changed." }),
        results: f.array(
          f.object({
            index: f.integer({ required: true }),
            externalId: f.string({ required: true, nullable: true }),
            sku: f.string({ required: true }),
            result: f.enum(["created", "updated"], {
              required: true,
              description: "What became of the channel variant.",
            }),
            variantResult: f.enum(["created", "updated", "unchanged"], {
              required: true,
              description: "What became of the catalogue variant.",
            }),
            variantId: f.ref("variant", { required: true }),
            channelVariantId: f.ref("channel-variant", { required: true }),
          }),
          { required: true },
        ),
      },
    },
  }),
  defineAction({
    name: "acknowledge-variant",
    method: "PUT",
    event: "channel_variant.acknowledged",
    summary: "Record the store-side id of a published variant; its channel variant becomes connected.",
    input: {
      externalId: f.string({ required: true, minLength: 1, maxLength: 100, acceptNumber: true }),
      sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
    },
    output: { kind: "channel-variant" },
  }),
  defineAction({
    name: "variant-levels",
    method: "GET",
    summary:
      "Inventory levels of the channel's variants per location, filterable by sku or external id, paged.",
    input: {
      sku: f.string({ maxLength: 100 }),
      externalId: f.string({ maxLength: 100 }),
      limit: f.integer({ min: 1, max: 250 }),
      from: f.integer({ min: 0 }),
    },
    output: {
      list: true,
      fields: {
        channelVariantId: f.ref("channel-variant", { required: true }),
        variantId: f.ref("variant", {
          required: true,
          nullable: true,
          description: "Null when the channel variant is not linked to a catalogue variant.",
        }),
        sku: f.string({ required: true, nullable: true }),
        externalId: f.string({
          required: true,
          nullable: true,
          description: "The store-side id; null until the store acknowledges the published variant.",
        }),
        onHand: f.integer({ required: true }),
        allocated: f.integer({ required: true }),
        feedQuantity: f.integer({
          required: true,
          description:
            "Units the variant's inventory feeds hold: the quantities of the enabled feeds' items linked to it.",
        }),
        safetyStock: f.integer({ required: true, description: "The channel's safety stock." }),
        available: f.integer({
          required: true,
          description:
            "What the store may sell: onHand - allocated + feedQuantity - safetyStock, never below 0.",
        }),
        locations: f.array(
          f.object({
            warehouseId: f.ref("warehouse", { required: true }),
            location: f.string({
              required: true,
              nullable: true,
              description: "Where the variant is kept in that warehouse (its level's `location`).",
            }),
            onHand: f.integer({ required: true }),
            allocated: f.integer({ required: true }),
            available: f.integer({ required: true }),
          }),
          { required: true },
        ),
      },
    },
  }),
  defineAction({
    name: "variant-set-level",
    method: "PUT",
    event: "variant.level_changed",
    summary: "Set a variant's absolute stock level at a location; the change is recorded as an adjustment.",
    input: {
      externalId: f.string({ minLength: 1, maxLength: 100, acceptNumber: true }),
      sku: f.string({ minLength: 1, maxLength: 100 }),
      quantity: f.integer({ required: true, min: 0, max: 100_000_000 }),
      warehouseId: f.ref("warehouse", {
        description:
          "Defaults to the channel's warehouse, else the company's default one (`isDefault`), else its first.",
      }),
      adjustmentReasonId: f.ref("adjustment-reason"),
      notes: f.string({ maxLength: 2000 }),
    },
    output: { kind: "adjustment" },
  }),
] as const;

export const dropshipProviderActions = [
  defineAction({
    name: "settle-invoices",
    method: "POST",
    recordBody: "transfer",
    event: "dropship_provider.invoices_settled",
    summary: "Pay the provider its invoiced, unpaid purchases (or the ones named): one payout transfer.",
    input: {
      purchaseIds: f.array(f.ref("purchase"), { maxLength: 1000 }),
      toPay: f.array(f.ref("purchase"), {
        maxLength: 1000,
        description: "The reference's name of `purchaseIds`.",
      }),
      paymentMethodId: f.ref("payment-method"),
      reference: f.string({ maxLength: 200 }),
      name: f.string({ maxLength: 200, description: "The payout's name." }),
      additionalAmount: f.money({
        min: 0,
        description: "Paid on top of what the purchases are due (not allotted to a purchase).",
      }),
      fee: f.money({ min: 0, description: "The payment's fee, recorded on the transfer." }),
      externalId: f.string({ maxLength: 100, acceptNumber: true }),
      message: f.string({ maxLength: 2000 }),
      notes: f.string({ maxLength: 2000 }),
      source: f.string({ maxLength: 50, description: "One of the transfer's `source` values." }),
      trigger: f.enum(["automated", "manual", "other"]),
      ...ignored(
        [
          "id",
          "createdAt",
          "updatedAt",
          "dropshipProviderId",
          "amount",
          "total",
          "status",
          "problem",
          "resends",
          "sendAttempts",
          "resendExternalIds",
          "achPayment",
          "managedAccount",
        ],
        "A member of the transfer record that the server sets (the amount is what is due): accepted and ignored.",
      ),
    },
    output: { kind: "transfer" },
  }),
] as const;

export const dropshipmentActions = [
  defineAction({
    name: "regenerate-label",
    method: "GET",
    event: "dropshipment.label_regenerated",
    summary:
      "Render the shipping label again as a new version; answers the dropshipment with its label link.",
    writes: true,
    input: {},
    output: { kind: "dropshipment" },
    from: ["pending", "shipped"],
  }),
  defineAction({
    name: "move-to-fulfill",
    method: "PUT",
    recordBody: "fulfillment",
    event: "dropshipment.moved_to_fulfillment",
    summary:
      "Turn an unshipped dropshipment into a fulfillment from an own warehouse; its purchase lines are cancelled.",
    input: {
      warehouseId: f.ref("warehouse", {
        description: "Defaults to the company's default warehouse (`isDefault`), else its first.",
      }),
    },
    output: { kind: "fulfillment" },
    from: ["pending"],
  }),
] as const;

export const fulfillmentActions = [
  defineAction({
    name: "move-to-dropship",
    method: "PUT",
    recordBody: "purchase",
    event: "fulfillment.moved_to_dropship",
    summary: "Turn an unshipped fulfillment into a purchase to the named dropship provider.",
    input: { dropshipProviderId: f.ref("dropship-provider", { required: true }) },
    output: { kind: "purchase" },
    from: ["pending", "finalized"],
  }),
  defineAction({
    name: "ship",
    method: "POST",
    event: "fulfillment.shipped",
    source: "extension",
    summary: "Record that the parcel left the warehouse: tracking, shipped quantities, stock leaves on hand.",
    input: {
      trackingNumber: f.string({ minLength: 1, maxLength: 100 }),
      trackingCompany: f.string({ maxLength: 100 }),
      trackingUrl: f.string({ format: "url" }),
      carrier: f.string({ maxLength: 100 }),
      service: f.string({ maxLength: 100 }),
      shippedAt: f.datetime(),
    },
    output: { kind: "fulfillment" },
    from: ["pending", "finalized"],
  }),
  defineAction({
    name: "cancel",
    method: "PUT",
    event: "fulfillment.cancelled",
    source: "extension",
    summary:
      "Call off an unshipped fulfillment: its allocated stock is released, and it is kept as cancelled.",
    input: {},
    output: { kind: "fulfillment" },
    from: ["pending", "finalized"],
  }),
] as const;

export const saleActions = [
  defineAction({
    name: "cancel",
    method: "PUT",
    event: "sale.cancelled",
    source: "extension",
    summary:
      "Cancel the sale's open units (all, or those named) that no purchase or fulfillment carries; a sale return records them.",
    input: {
      items: f.array(
        f.object({
          saleItemId: f.ref("sale-item", { required: true }),
          quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
        }),
        {
          maxLength: 1000,
          description: "The lines and units to cancel; absent, every line's open units.",
        },
      ),
      reason: f.enum(["customer", "fraud", "inventory", "declined", "other"], {
        description: "Why, kept as the cancellation's `reason`.",
      }),
    },
    output: { kind: "sale" },
    from: ["open", "partiallyFulfilled"],
  }),
] as const;

export const saleReturnActions = [
  defineAction({
    name: "receive",
    method: "POST",
    event: "sale_return.received",
    source: "extension",
    summary:
      "Record that the returned goods arrived: returned quantities, restocked units, the sale's return status.",
    input: {
      warehouseId: f.ref("warehouse", {
        description:
          "Where units of lines shipped from an own warehouse are restocked; defaults to the warehouse they left.",
      }),
      restock: f.boolean({ description: "Put units of own-warehouse lines back on hand (default true)." }),
    },
    output: { kind: "sale-return" },
    from: ["requested", "shipped"],
  }),
  defineAction({
    name: "cancel",
    method: "PUT",
    event: "sale_return.cancelled",
    source: "extension",
    summary: "Call off a return whose goods have not arrived: it and its return shipments become cancelled.",
    input: {
      reason: f.string({ maxLength: 500, description: "Why, kept as the return's `reason` when sent." }),
    },
    output: { kind: "sale-return" },
    from: ["requested", "shipped"],
  }),
] as const;

export const inventoryExportActions = [
  defineAction({
    name: "export",
    method: "GET",
    event: "data_export.completed",
    summary:
      "Run the export as its fields define it (CSV or JSON); answers a data export with a download link.",
    writes: true,
    input: {
      formulas: f.enum(["escaped", "raw"], {
        description:
          "CSV only. `escaped` (the default): a text cell starting with =, +, -, @, a tab or a carriage return is written with a leading `'`, so a spreadsheet shows it as text instead of running it as a formula. `raw`: every cell as stored, for programs that read the file.",
      }),
    },
    output: { kind: "data-export" },
  }),
] as const;

export const inventoryFeedActions = [
  defineAction({
    name: "publish-all",
    method: "PUT",
    event: "inventory_feed.published",
    summary:
      "Publish the feed's approved, unpublished items (100 a call) to the feed's channels as channel variants.",
    input: {},
    output: { kind: "channel-variant", list: true },
  }),
  defineAction({
    name: "remove-by-external-id",
    method: "DELETE",
    event: "inventory_feed_variant.removed",
    summary: "Remove the feed item with this external id and unpublish its channel variants.",
    input: { externalId: f.string({ required: true, minLength: 1, maxLength: 100, acceptNumber: true }) },
    recordBody: "inventory-feed-variant",
    output: { kind: "inventory-feed-variant" },
  }),
  defineAction({
    name: "fetch",
    method: "POST",
    event: "inventory_feed.fetch_queued",
    source: "extension",
    summary:
      "Queue a fetch of the feed's file from its `url`: answers the feed file, `pending` until it is downloaded and read.",
    input: {},
    output: { kind: "inventory-feed-file" },
  }),
  defineAction({
    name: "parse-webhook",
    method: "PUT",
    event: "inventory_feed_variant.parsed",
    source: "extension",
    summary:
      "Upsert one feed item keyed by externalId (the feed's webhook form) and connect it to the catalogue by SKU.",
    input: inventoryFeedItemFields(),
    output: { kind: "inventory-feed-variant" },
  }),
] as const;

/** One item of a vendor feed as the feed's webhook sends it (the reference's names). */
export function inventoryFeedItemFields() {
  return {
    externalId: f.string({ required: true, minLength: 1, maxLength: 100, acceptNumber: true }),
    vendorSku: f.string({
      minLength: 1,
      maxLength: 100,
      description: "The vendor's SKU; required for a new item.",
    }),
    inventoryQuantity: f.integer({ min: 0, max: 100_000_000, description: "Units the vendor has." }),
    externalGroupId: f.string({ maxLength: 100, acceptNumber: true }),
    name: f.string({ maxLength: 500 }),
    barcode: f.string({ maxLength: 100 }),
    price: f.money({ min: 0 }),
    costPrice: f.money({ min: 0 }),
    weight: f.number({ min: 0, max: MAX_WEIGHT, description: "In grams." }),
  };
}

export const purchaseActions = [
  defineAction({
    name: "ship",
    method: "POST",
    recordBody: "dropshipment",
    event: "purchase.shipped",
    summary: "Record that the provider shipped all lines or the ones named: a dropshipment with tracking.",
    input: {
      trackingNumber: f.string({ required: true, minLength: 1, maxLength: 100 }),
      carrier: f.string({ maxLength: 100 }),
      service: f.string({ maxLength: 100 }),
      trackingCompany: f.string({ maxLength: 100, description: "The reference's name of `carrier`." }),
      serviceLevel: f.string({ maxLength: 100, description: "The reference's name of `service`." }),
      shippedAt: f.datetime(),
      inventoryStatus: f.enum(["shipped"], { description: "The reference's form; `shipped` is implied." }),
      channelNotification: f.enum(["trigger", "mute"], {
        description:
          "The dropshipment's `channelNotification`: `mute` ships it without telling the sale's channel (default `trigger`).",
      }),
      items: lineQuantities,
      ids: purchaseItemIds,
    },
    output: { kind: "dropshipment" },
    from: ["sent", "partiallyShipped"],
  }),
  defineAction({
    name: "move-dropship-provider",
    method: "PUT",
    recordBody: "purchase",
    event: "purchase.provider_moved",
    summary:
      "Give an unshipped purchase to another provider; it goes back to pending and must be sent again.",
    input: { dropshipProviderId: f.ref("dropship-provider", { required: true }) },
    output: { kind: "purchase" },
    from: ["pending", "sent"],
  }),
  defineAction({
    name: "send",
    method: "PUT",
    recordBody: "purchase",
    event: "purchase.sent",
    summary: "Send the purchase order to its provider and log the delivery.",
    input: { format: f.enum(["json", "xml", "csv", "email"]) },
    output: { kind: "purchase" },
    from: ["pending", "sent"],
  }),
  defineAction({
    name: "return-label",
    method: "POST",
    recordBody: "return-shipment",
    event: "purchase.return_label_created",
    summary: "Create a return shipment with a return label for shipped lines.",
    input: {
      items: lineQuantities,
      reason: f.string({ maxLength: 500 }),
      ...ignored(
        [
          "dropshipmentId",
          "fulfillmentId",
          "trackingCompany",
          "serviceLevel",
          "labelUrl",
          "labelFileFormat",
          "price",
        ],
        "A member of the reference's return-shipment record: accepted and ignored. This operation makes the label (its carrier, tracking number and file are on the return shipment and its label record).",
      ),
    },
    output: { kind: "return-shipment" },
    from: ["partiallyShipped", "shipped"],
  }),
  defineAction({
    name: "default-label",
    method: "PUT",
    event: "purchase.label_created",
    summary: "Create the outbound label with the provider's default carrier and service.",
    input: {
      inventoryStatus: f.enum(["notShipped", "shipped"], {
        description:
          "`shipped` (the reference's vendor-portal form): the lines (`ids`, `[]` for all) also ship, with this label's carrier, service and tracking number, as `ship` does.",
      }),
      ids: purchaseItemIds,
    },
    output: { kind: "label" },
    from: ["pending", "sent", "partiallyShipped"],
  }),
  defineAction({
    name: "cancel",
    method: "PUT",
    recordBody: "purchase",
    event: "purchase.cancelled",
    summary: "Cancel all unshipped lines or the ones named; a sale return records them.",
    input: {
      items: lineQuantities,
      ids: purchaseItemIds,
      reason: f.enum(["customer", "fraud", "inventory", "declined", "other"]),
      setQuantities: f.boolean({
        description: "The reference's form: `true` (cancelled quantities are recorded) is the only mode.",
      }),
      status: f.enum(["cancelled"], { description: "The reference's form; `cancelled` is implied." }),
    },
    output: {
      kind: "purchase",
      // The reference's clients read these beside the purchase's own fields.
      extra: {
        purchase: f.json({
          required: true,
          description: "The purchase (the same record), as the reference's clients read it.",
        }),
        sale_return_items: f.array(f.json(), {
          required: true,
          description: "The sale return items this cancellation recorded (each a sale-return-item record).",
        }),
      },
    },
    from: ["pending", "sent", "partiallyShipped"],
  }),
] as const;
