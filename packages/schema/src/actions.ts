/**
 * Lifecycles of the stateful kinds and the 19 action operations, as data. Kind files attach them
 * (`states: purchaseStates, actions: purchaseActions`); the server enforces `from` (409 otherwise).
 */
import { defineAction, f, type StatesDef } from "./define.ts";

/** The fields of a postal address, as actions and records take it. */
export const addressFields = {
  name: f.string({ maxLength: 200 }),
  company: f.string({ maxLength: 200 }),
  lineOne: f.string({ required: true, maxLength: 200 }),
  lineTwo: f.string({ maxLength: 200 }),
  city: f.string({ required: true, maxLength: 100 }),
  state: f.string({ maxLength: 100 }),
  zip: f.string({ maxLength: 20 }),
  country: f.string({ required: true, format: "country" }),
  phone: f.string({ format: "phone" }),
  email: f.string({ format: "email" }),
};

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
    error: ["pending", "connected", "ignore"],
    connected: ["pending", "error", "ignore"],
    ignore: [],
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

export const purchaseReturnStatuses = ["requested", "shipped", "received", "cancelled"] as const;
export const purchaseReturnStates: StatesDef = {
  field: "status",
  initial: "requested",
  transitions: {
    requested: ["shipped", "received", "cancelled"],
    shipped: ["received", "cancelled"],
    received: [],
    cancelled: [],
  },
  // A record of goods going back to a provider: its steps are reported by writing them.
  byWrite: {
    requested: ["shipped", "received", "cancelled"],
    shipped: ["received", "cancelled"],
  },
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
      externalId: f.string({ required: true, minLength: 1, maxLength: 100 }),
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
      shippingAddress: f.object(addressFields, { required: true }),
      shippingPrice: f.money({ min: 0 }),
      notes: f.string({ maxLength: 2000 }),
      items: f.array(
        f.object({
          sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
          quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
          price: f.money({ required: true, min: 0 }),
          name: f.string({ maxLength: 500 }),
          externalId: f.string({ maxLength: 100 }),
        }),
        { required: true, minLength: 1, maxLength: 250 },
      ),
    },
    output: { kind: "sale" },
  }),
  defineAction({
    name: "import-connector-variant-batch",
    method: "POST",
    event: "channel.variants_imported",
    summary:
      "Upsert up to 1,000 variants from the store connector, matched by external id or SKU; all or nothing.",
    input: {
      items: f.array(
        f.object({
          externalId: f.string({ required: true, minLength: 1, maxLength: 100 }),
          sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
          name: f.string({ maxLength: 500 }),
          productName: f.string({ maxLength: 500 }),
          externalGroupId: f.string({ maxLength: 100 }),
          barcode: f.string({ maxLength: 100 }),
          price: f.money({ min: 0 }),
          costPrice: f.money({ min: 0 }),
          weight: f.number({ min: 0 }),
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
            externalId: f.string({ required: true }),
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
        safetyStock: f.integer({ required: true, description: "The channel's safety stock." }),
        available: f.integer({
          required: true,
          description: "What the store may sell: onHand - allocated - safetyStock, never below 0.",
        }),
        locations: f.array(
          f.object({
            warehouseId: f.ref("warehouse", { required: true }),
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
      warehouseId: f.ref("warehouse", { description: "Defaults to the company's first warehouse." }),
      notes: f.string({ maxLength: 2000 }),
    },
    output: { kind: "adjustment" },
  }),
] as const;

export const dropshipProviderActions = [
  defineAction({
    name: "settle-invoices",
    method: "POST",
    event: "dropship_provider.invoices_settled",
    summary: "Pay the provider its invoiced, unpaid purchases (or the ones named): one payout transfer.",
    input: {
      purchaseIds: f.array(f.ref("purchase"), { maxLength: 1000 }),
      paymentMethodId: f.ref("payment-method"),
      reference: f.string({ maxLength: 200 }),
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
    event: "dropshipment.moved_to_fulfillment",
    summary:
      "Turn an unshipped dropshipment into a fulfillment from an own warehouse; its purchase lines are cancelled.",
    input: { warehouseId: f.ref("warehouse", { description: "Defaults to the company's first warehouse." }) },
    output: { kind: "fulfillment" },
    from: ["pending"],
  }),
] as const;

export const fulfillmentActions = [
  defineAction({
    name: "move-to-dropship",
    method: "PUT",
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
] as const;

export const inventoryExportActions = [
  defineAction({
    name: "export",
    method: "GET",
    event: "data_export.completed",
    summary:
      "Run the export as its fields define it (CSV or JSON); answers a data export with a download link.",
    writes: true,
    input: {},
    output: { kind: "data-export" },
  }),
] as const;

export const inventoryFeedActions = [
  defineAction({
    name: "publish-all",
    method: "PUT",
    event: "inventory_feed.published",
    summary:
      "Publish every approved, unpublished item of the feed to the feed's channels as channel variants.",
    input: {},
    output: { kind: "channel-variant", list: true },
  }),
  defineAction({
    name: "remove-by-external-id",
    method: "DELETE",
    event: "inventory_feed_variant.removed",
    summary: "Remove the feed item with this external id and unpublish its channel variants.",
    input: { externalId: f.string({ required: true, minLength: 1, maxLength: 100 }) },
    output: { kind: "inventory-feed-variant" },
  }),
] as const;

export const purchaseActions = [
  defineAction({
    name: "ship",
    method: "POST",
    event: "purchase.shipped",
    summary: "Record that the provider shipped all lines or the ones named: a dropshipment with tracking.",
    input: {
      trackingNumber: f.string({ required: true, minLength: 1, maxLength: 100 }),
      carrier: f.string({ maxLength: 100 }),
      service: f.string({ maxLength: 100 }),
      shippedAt: f.datetime(),
      items: lineQuantities,
    },
    output: { kind: "dropshipment" },
    from: ["sent", "partiallyShipped"],
  }),
  defineAction({
    name: "move-dropship-provider",
    method: "PUT",
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
    event: "purchase.sent",
    summary: "Send the purchase order to its provider and log the delivery.",
    input: { format: f.enum(["json", "xml", "csv", "email"]) },
    output: { kind: "purchase" },
    from: ["pending", "sent"],
  }),
  defineAction({
    name: "return-label",
    method: "POST",
    event: "purchase.return_label_created",
    summary: "Create a return shipment with a return label for shipped lines.",
    input: { items: lineQuantities, reason: f.string({ maxLength: 500 }) },
    output: { kind: "return-shipment" },
    from: ["partiallyShipped", "shipped"],
  }),
  defineAction({
    name: "default-label",
    method: "PUT",
    event: "purchase.label_created",
    summary: "Create the outbound label with the provider's default carrier and service.",
    input: {},
    output: { kind: "label" },
    from: ["pending", "sent", "partiallyShipped"],
  }),
  defineAction({
    name: "cancel",
    method: "PUT",
    event: "purchase.cancelled",
    summary: "Cancel all unshipped lines or the ones named; a sale return records them.",
    input: {
      items: lineQuantities,
      reason: f.enum(["customer", "fraud", "inventory", "declined", "other"]),
    },
    output: { kind: "purchase" },
    from: ["pending", "sent", "partiallyShipped"],
  }),
] as const;
