/**
 * What the API reference says of each action beyond its summary: what it does, its state rules and its
 * errors, and an example body for the main ones. Typed against the manifest's actions, so an action
 * without its text (or an example that is not a valid input) does not compile.
 */
import type { ActionTypes } from "./generated/types.ts";

export interface ActionDoc<I> {
  /** A few words, as the reference's sidebar lists the operation (`Import an order`). */
  summary: string;
  /** What the action does in detail, after the action's one-sentence summary in the manifest. */
  description: string;
  example?: I;
  /**
   * The request as the reference service's documentation prints it, when it differs from `example`:
   * integrations send it unchanged (its server-managed members are accepted and ignored).
   */
  reference?: { summary: string; value: unknown };
}

export const actionDocs: { [K in keyof ActionTypes]: ActionDoc<ActionTypes[K]["input"]> } = {
  "channel.rates": {
    summary: "Quote shipping rates",
    description:
      "Groups the items by who ships them (a dropship provider, or the channel's or the default warehouse) and prices each group with the channel's enabled shipping rates (flat, by weight or by order value, limited by country and provider). Answers every option per group, the cheapest per group and their total; unknown SKUs are listed, not errors. Computes only: nothing is written.",
    example: { destination: { country: "US" }, items: [{ sku: "MUG-1", quantity: 2 }] },
  },
  "channel.manual-sale": {
    summary: "Import an order",
    description:
      "Imports one order keyed by (channel, externalId): finds or creates the customer by e-mail, creates the sale and its lines, routes each dropshipped line to a purchase per provider (at cost) and the rest to one fulfillment from a warehouse (allocating stock), and logs a sale import. Sending the same externalId again updates the header, names and prices and adds new lines, never duplicates; changing an imported line's quantity is a 409, as is adding lines to a sale whose state cannot take them. An unknown SKU or an empty `items` is a 422.\n\nTwo forms of the lines. This service's: `items` by catalogue `sku`, with `shippingAddress`. The reference's: `saleDefaults` (fields of the sale, as a `PUT /sales/{id}.json` takes them; server-managed ones are ignored), `lineItems` whose `variant.externalId` names the channel variant by its store-side id (else `variant.externalSku`), line `properties` kept on the sale item, `shipping` lines whose prices make the sale's `shippingPrice`, and `options` and `source`, logged with the import. Send one form of the lines, not both (422). The same import arrives without a token at `POST /webhooks/custom-channels/manual-sale.json` with the custom channel's `webhook-hash`.",
    reference: {
      summary: "The reference's documented order import",
      value: {
        externalId: "1234",
        saleDefaults: { reference: "10001" },
        customer: { firstName: "Test", lastName: "User", email: "test@user.example" },
        lineItems: [
          {
            externalId: "line-external-id",
            name: "line-item-name",
            quantity: 10,
            price: 20,
            taxable: true,
            variant: { externalId: "123" },
            properties: [{ key: "property-key", value: "property-value" }],
          },
        ],
        shipping: [
          { code: "shipping-code", name: "shipping-name", serviceLevel: "shipping-service-level", price: 10 },
        ],
        options: {},
      },
    },
    example: {
      externalId: "1001",
      customer: { email: "ana@example.com", firstName: "Ana" },
      shippingAddress: { name: "Ana Ruiz", lineOne: "5 Elm St", city: "Denver", country: "US" },
      shippingPrice: 4.99,
      items: [{ sku: "MUG-1", quantity: 2, price: 12.5 }],
    },
  },
  "channel.import-connector-variant-batch": {
    summary: "Import store variants",
    description:
      "Upserts up to 1,000 store variants into the catalogue and the channel, matched by (channel, externalId), else by SKU; all or nothing (any bad item is a 422 naming every failing `items.N.field`). The body is `{items: [...]}` or, as the reference sends it, a bare array of items (errors still say `items.N.field`). An item without `externalId` is matched by SKU; a listing it creates stays pending until the store acknowledges it. Of the reference's variant fields, `grams` is the weight and `tags`, `vendorId`, `dropshipProviderId` and `productId` are kept; server-managed ones and those the catalogue does not model are accepted and ignored. Each result says what became of the channel variant and of the catalogue variant. An external id linked to a variant with another SKU is a 422: renaming a SKU is `PUT /variants/{id}.json`.",
    example: { items: [{ externalId: "4410021", sku: "MUG-1", name: "Harbour Mug", price: 12.5 }] },
    reference: {
      summary: "The reference's form: a bare array of variants (matched by SKU, no store-side id)",
      value: [
        {
          sku: "ABC-1",
          name: "Mug",
          costPrice: 6.25,
          barcode: "0123",
          tags: ["mug"],
          taxable: true,
          requiresShipping: true,
          grams: 400,
          inventoryPolicy: "track",
        },
      ],
    },
  },
  "channel.acknowledge-variant": {
    summary: "Acknowledge a published variant",
    description:
      "Records the store-side id (a string, or a number as stores often send it, kept as its decimal text) of a published channel variant found by SKU; it becomes connected. A channel variant in a state that cannot be acknowledged is a 409 (with `allowedStates`), as is an external id another channel variant of the channel has.",
    example: { externalId: "0e01c34b-2250-4686-b614-2f9d5568cbf2", sku: "123123123" },
  },
  "channel.variant-levels": {
    summary: "List stock levels",
    description:
      "Stock of the channel's variants: on hand and allocated per warehouse and in total; the total `available` is on hand less allocated less the channel's safety stock, never below 0. Filter by `sku` or `externalId`; page with `limit` and `from` (a bad query is a 400).",
  },
  "channel.variant-set-level": {
    summary: "Set a stock level",
    description:
      "Sets a variant's absolute on-hand level at a warehouse (default: the company's default one); the change is recorded as an adjustment with the levels before and after (and its `adjustmentReasonId`). The channel variant is named by its store-side `externalId` (a string or a number) or by `sku`. A channel variant not linked to a catalogue variant is a 422.",
    example: { quantity: 10, sku: "MUG-1", warehouseId: 1, notes: "Stock take" },
    reference: {
      summary: "The reference's guide: the store-side id as a number",
      value: { quantity: 10, externalId: 1, notes: "notes for the adjustment" },
    },
  },
  "dropship-provider.settle-invoices": {
    summary: "Pay invoiced purchases",
    description:
      "Pays the provider what its invoiced, unpaid purchases (or the `purchaseIds` named, up to 1,000) still owe: what is invoiced, never more than `amountOwed` (cancelled lines owe nothing), less what is paid. Without `purchaseIds` (or `toPay`), a call pays at most 500 purchases, the oldest first (by id): call again for the rest, until the 409. One payout transfer (its `amount` is what is due plus `additionalAmount`), one invoice payment per purchase; the purchases' payment status follows. The reference's bodies work unchanged: `toPay` names the purchases, and a transfer record may be sent as the body (its `name`, `notes`, `message`, `externalId`, `fee`, `additionalAmount`, `source` and `trigger` are kept; what the server sets, such as `amount`, `status` and `total`, is ignored). Nothing left to pay is a 409, so settling twice never pays twice; a named purchase of another provider is a 422. The transfer is in the provider's `currency`; amounts are never converted.",
    example: { purchaseIds: [1, 2], reference: "PAYOUT-2026-11" },
    reference: {
      summary: "The reference's settlement guide: pay named purchases",
      value: { toPay: [1], additionalAmount: 0, name: "November payout", paymentMethodId: 1 },
    },
  },
  "dropshipment.regenerate-label": {
    summary: "Regenerate the label",
    description:
      "Renders the shipping label again as a new version (a 4x6 PDF), stores it and answers the dropshipment with its label link; earlier versions stay downloadable. Each call writes: send an Idempotency-Key to retry safely. Allowed while pending or shipped (else 409).",
  },
  "dropshipment.move-to-fulfill": {
    summary: "Fulfil from a warehouse instead",
    description:
      "A pending dropshipment becomes a fulfillment from a warehouse (default: the company's default one); the purchase lines it covered are cancelled at the provider, the sale's lines are not. The fulfillment is on the dropshipment's sale (its `saleId`, else its purchase's): lines that carry lines of another sale are a 422 naming `saleId`, before anything changes. Allowed while pending (else 409).",
  },
  "fulfillment.move-to-dropship": {
    summary: "Dropship instead",
    description:
      "A pending fulfillment becomes a purchase to the named dropship provider, priced at the variants' cost, shipping to the fulfillment's address (else, when it has none, its sale's shipping address); its allocated stock is released. Allowed while pending (else 409).",
  },
  "fulfillment.ship": {
    summary: "Ship a fulfillment",
    description:
      "Beyond the interface. The parcel left the warehouse: its units leave on hand (and their allocation), its sale lines count them as fulfilled, and the sale's status moves on. Never fulfils more of a sale line than is open (422). Allowed while pending or finalized (else 409), once nothing waits for approval: a fulfillment whose `requiresShippingApproval` is `approvalRequired` or `rateRequired` is a 409 until it is set to `approved`.",
    example: { trackingNumber: "PX123456789", carrier: "Parcel Express" },
  },
  "fulfillment.cancel": {
    summary: "Cancel a fulfillment",
    description:
      "Beyond the interface. A pending or finalized fulfillment will not ship: its lines' allocated stock is released, and it stays, with its lines, as `cancelled`. Its sale lines no longer count its units as on their way, so a fulfillment or purchase written for them may take them (sending the order again routes only new lines). A shipped, moved or cancelled fulfillment is a 409.",
  },
  "sale.cancel": {
    summary: "Cancel a sale",
    description:
      "Beyond the interface. The customer will not get the units of the sale's lines that are still open: ordered, not fulfilled, not cancelled, and carried by no purchase line still to ship and no pending or finalized fulfillment. Without `items`, every line's open units; with them, the units named. They count as cancelled on their lines, a sale return of `type: cancellation` records them at the lines' prices (the refund owed), and the sale's status follows (`cancelled` once every unit is). Units a purchase or fulfillment still carries are cancelled there first (`PUT /purchases/{id}/cancel.json` records them the same way; `PUT /fulfillments/{id}/cancel.json` leaves them open, to be cancelled here). Nothing open is a 409; more units than a line has open, or a line of another sale, is a 422 naming `items.N`. Allowed while the sale is open or partially fulfilled (else 409).",
    example: { items: [{ saleItemId: 12, quantity: 1 }], reason: "customer" },
  },
  "sale-return.receive": {
    summary: "Receive a return",
    description:
      "Beyond the interface. The goods of a requested or shipped return arrived: its lines count as returned on the sale (and on the purchase whose goods went back to the provider); units of lines shipped from an own warehouse go back on hand with an adjustment unless `restock` is false. More returned than fulfilled is a 422; a cancellation has nothing to receive (409).",
    example: { restock: true },
  },
  "sale-return.cancel": {
    summary: "Cancel a return",
    description:
      "Beyond the interface. The customer keeps the goods, or the return was asked for by mistake: a requested or shipped return becomes cancelled, and so do its return shipments that were not received (their labels are kept, unused). Nothing counts as returned, and no stock moves. A received or cancelled return is a 409, and so is a cancellation (it records lines cancelled before they shipped, and changes only through the purchase's cancel).",
    example: { reason: "Customer kept the item" },
  },
  "inventory-export.export": {
    summary: "Run an export",
    description:
      "Runs the export with its fields (CSV or JSON) and answers a data export whose `url` downloads the file; an export tied to a channel publishes availability as that channel's store sees it. Each call writes a new file: send an Idempotency-Key to retry safely.",
  },
  "inventory-feed.publish-all": {
    summary: "Publish the feed's items",
    description:
      "Publishes the feed's approved, unpublished items, at most 100 a call (oldest first; call again for the rest), to each of the feed's channels as channel variants: an item goes with the catalogue variant it is linked to, else the one with its SKU (whatever its case with `caseInsensitiveSkus`), else a variant created for its SKU, in the product of the item's handle (`handleStrategy`: one product per handle, created with the first item's name, or the one an earlier publish made for it); a channel that already lists the variant keeps its one listing, and lists it again (as a new listing: its old store id cleared) when the removal of its feed item set it to `ignore`; a listing set to `ignore` by a write stays so. A channel whose custom channel has a `publishingEndpoint` is sent each new listing as `{variant, product, vendor}`: with `publishingAcknowledgement: sync` the listing waits `pending` for the endpoint's answer, which carries the store's ids (`externalId`), with `async` it waits `acknowledging` for `acknowledge-variant`; each publish is logged by a `channel-variant-update` of type `publish`. Answers the channel variants created. A feed with no channel is a 409.",
  },
  "inventory-feed.remove-by-external-id": {
    summary: "Remove a feed item",
    description:
      "Marks the feed item with this external id removed and its channel variants ignored (kept, since sales may refer to them; one set to `ignore` already is left as it is), until `publish-all` lists another item of their SKU on them again. The external id travels in the JSON body, as the reference documents it (the feed item's record: its other fields are ignored), or in the query (`?externalId=`). An unknown external id is a 404; removing it again is a 409; a missing `externalId` is a 422 (a 400 in the query form).",
    example: { externalId: "1234" },
  },
  "inventory-feed.fetch": {
    summary: "Fetch a feed",
    description:
      "Beyond the interface. Queues a fetch of the feed's `url` and answers its feed file, `pending`; the background worker downloads it (with the feed's credentials, no redirects followed, at most 20 MiB and 30 s, the same address checks as webhooks), reads it with the feed's settings (format, `delimiter`, `csvHasHeader`, `decimalNotation`, its feed fields or JSON fields, `includeTags`, `excludeTags`), upserts its items as the feed's webhook does, sets the items missing from the file to 0 units when `fetchCleanup` is `enabled`, and leaves the file `processed` (with its checksum and rows; with `cacheImports`, its `url` downloads a copy) or `error` (with the reason, nothing applied). A file with the checksum of the feed's last processed one changes no item, unless the feed's settings changed since. While a fetch of the feed is pending, fetching again answers that one. A disabled feed, or one without a `url`, is a 409. Feeds whose `fetchFrequency` is `hourly` or `daily` and whose `automatedFetching` is `enabled` are fetched on that schedule without a call.",
  },
  "inventory-feed.parse-webhook": {
    summary: "Upsert a feed item",
    description:
      "The reference's synchronous feed webhook, beyond the interface: upserts the feed item with this `externalId` (`vendorSku` is its SKU, required for a new item; `inventoryQuantity` its stock), and when the feed connects automatically, links it to the catalogue variant with that SKU (`skuPrefix` + SKU, or the SKU itself unless the feed's `automaticallyConnectPrefix` is `prefixOnly`; whatever its case with `caseInsensitiveSkus`, an exact match first), else to the variant of the feed's vendor with that SKU as its `vendorSku`; with `automaticallyConnectByBarcode`, failing those, to the only variant with the item's barcode. Answers the feed item. A removed item is a 409. The async form, up to 50 items with the feed's `hash`, is `POST /webhooks/inventory-feeds/parse-webhooks.json`.",
    example: { externalId: "1234", vendorSku: "1234", inventoryQuantity: 10 },
  },
  "purchase.ship": {
    summary: "Ship a purchase",
    description:
      "The provider shipped all remaining lines or the `items` named: a dropshipment with tracking, shipped quantities on the purchase and sale lines, and their statuses. Never ships more than is left (422). Allowed when sent or partially shipped (else 409). The reference's body works unchanged: `trackingCompany` and `serviceLevel` are `carrier` and `service`, `ids` names purchase items shipped whole (`[]`: every line), `inventoryStatus` may only be `shipped`.",
    reference: {
      summary: "The reference's guide",
      value: {
        inventoryStatus: "shipped",
        trackingNumber: "213123",
        serviceLevel: "555",
        trackingCompany: "Parcel Express",
        ids: [],
      },
    },
    example: {
      trackingNumber: "PX123456789",
      carrier: "Parcel Express",
      items: [{ purchaseItemId: 1, quantity: 2 }],
    },
  },
  "purchase.move-dropship-provider": {
    summary: "Change the provider",
    description:
      "Gives an unshipped purchase to another provider; it goes back to pending and must be sent again. The same or an unknown provider is a 422. Allowed when pending or sent (else 409).",
  },
  "purchase.send": {
    summary: "Send a purchase",
    description:
      "Renders the purchase order (e-mail text, JSON, CSV or XML: `format`, default the provider's) of the lines not cancelled, logs it as a purchase notification with status `pending` and marks the purchase sent. A JSON, CSV or XML order is then delivered by POST to the provider's `purchaseEndpoint` by the webhook dispatcher (10 s timeout, retried with backoff for a day); the notification's status becomes `success` or `error` with the receiver's answer in `message`. An e-mail order is e-mailed through the operator's `SMTP_URL` to the provider's `email` and each of its users receiving purchase orders, each a notification of its own; without `SMTP_URL` each notification is an `error` at once and the purchase's `orderProblem` says the order did not go. A provider without the address the format needs is a 422. Allowed when pending or sent (else 409).",
    example: { format: "json" },
  },
  "purchase.return-label": {
    summary: "Create a return label",
    description:
      "A return shipment with a return label (to the provider's return address) for shipped lines not already on their way back (on an open sale return, or in a return shipment of the purchase's that is not cancelled), and, when the purchase serves a sale, a sale return for them at the sale's prices; they count as returned when that sale return is received. Nothing left to return is a 409. Allowed when partially shipped or shipped (else 409).",
  },
  "purchase.default-label": {
    summary: "Create the default label",
    description:
      'An outbound label with the provider\'s default carrier and service; each call renders a new version. With `inventoryStatus: shipped` (the reference\'s vendor-portal body, `{"inventoryStatus":"shipped","ids":[]}`) the lines named by `ids` (`[]`: every line left) also ship with this label\'s carrier, service and tracking number, as `ship` does; that needs a sent purchase (409 otherwise). A provider without defaults or an address is a 422. Allowed until the purchase has shipped (else 409).',
    example: { inventoryStatus: "shipped", ids: [] },
  },
  "purchase.cancel": {
    summary: "Cancel a purchase",
    description:
      "Cancels all unshipped lines or the `items` named; a sale return of type cancellation records them at the sale's prices, and cancelled lines owe the provider nothing. Nothing left to cancel is a 409; more than is left is a 422. Allowed when pending, sent or partially shipped (else 409). The reference's body works unchanged: `ids` names purchase items cancelled whole (`[]`: every line), `setQuantities` may only be `true` and `status` only `cancelled`.",
    reference: {
      summary: "The reference's client",
      value: { ids: [], setQuantities: true, status: "cancelled" },
    },
    example: { items: [{ purchaseItemId: 1, quantity: 1 }], reason: "customer" },
  },
  "webhook-endpoint.test": {
    summary: "Send a test ping",
    description:
      'Queues a `ping` delivery (`{"type":"ping", ...}`) to the endpoint, signed like every delivery; the dispatcher sends it at once. Answers the delivery; its attempts show in `deliveries`. A disabled endpoint is sent nothing: a 409 until it is enabled again.',
  },
  "webhook-endpoint.replay": {
    summary: "Replay a delivery",
    description:
      "Sends the event of one of this endpoint's deliveries again as a new delivery (an event's under the same `webhook-id`, so a receiver that de-duplicates sees a repeat; a test ping's as a new ping, `ping_<new delivery id>`). An unknown delivery, or one of another endpoint, is a 422; a disabled endpoint is a 409.",
    example: { deliveryId: 1 },
  },
  "webhook-endpoint.rotate-secret": {
    summary: "Rotate an endpoint's signing secret",
    description:
      "Makes a new signing secret and answers it once. For 24 hours deliveries carry two signatures in `webhook-signature` (new and old secret), so receivers can switch without missing a delivery; then only the new one signs.",
  },
  "custom-channel.rotate-webhook-hash": {
    summary: "Rotate the webhook hash",
    description:
      "Makes a new webhook hash (32 random bytes) and answers it once. The hash it replaces is still accepted by the inbound webhook for 24 hours, so the sender can switch without a refused order; the channel's callouts carry the new one in `webhook-hash` at once (over https only).",
  },
  "custom-channel.rotate-signing-secret": {
    summary: "Rotate a custom channel's signing secret",
    description:
      "Makes a new Standard Webhooks signing secret for the record's callouts and answers it once; it signs every callout from now on (retries of earlier ones included), so update the receiver with it. A record without a signing secret gets its first one this way.",
  },
  "dropship-provider.rotate-signing-secret": {
    summary: "Rotate a provider's signing secret",
    description:
      "Makes a new Standard Webhooks signing secret for the record's callouts and answers it once; it signs every callout from now on (retries of earlier ones included), so update the receiver with it. A record without a signing secret gets its first one this way.",
  },
  "accounting-integration.rotate-signing-secret": {
    summary: "Rotate an integration's signing secret",
    description:
      "Makes a new Standard Webhooks signing secret for the integration's callouts (sales, dropship and replenishment purchases, payloads sent by hand) and answers it once; it signs every callout from now on (retries of earlier ones included), so update the receiver with it. An integration without a signing secret gets its first one this way.",
  },
  "inventory-export.rotate-signing-secret": {
    summary: "Rotate an export's signing secret",
    description:
      "Makes a new Standard Webhooks signing secret for the record's callouts and answers it once; it signs every callout from now on (retries of earlier ones included), so update the receiver with it. A record without a signing secret gets its first one this way.",
  },
  "inventory-feed.rotate-hash": {
    summary: "Rotate the feed's hash",
    description:
      "Makes a new hash (32 random bytes) for the feed's inbound webhook and answers it once. The hash it replaces is still accepted for 24 hours.",
  },
  "webhook-endpoint.deliveries": {
    summary: "List deliveries",
    description:
      "The endpoint's deliveries, newest first (`before` pages back), each with its status, the next attempt and every attempt made: when, how long, the receiver's status or the network error.",
  },
};
