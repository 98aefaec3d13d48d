import {
  purchaseActions,
  purchaseReturnStates,
  purchaseReturnStatuses,
  purchaseStates,
  purchaseStatuses,
  transferStates,
  transferStatuses,
} from "../actions.ts";
import { defineKind, f, MAX_WEIGHT } from "../define.ts";

const receivingStatuses = ["notReceived", "partiallyReceived", "received"] as const;
const invoiceStatuses = ["notInvoiced", "partiallyInvoiced", "invoiced"] as const;
const trackingStatuses = ["delivered", "failure", "pre_transit", "returned", "transit", "unknown"] as const;
const ship = "`POST /purchases/{id}/ship.json` (or `PUT /purchases/{id}/default-label.json`)";
const cancel = "`PUT /purchases/{id}/cancel.json`";
const paymentSources = ["bacs", "check", "custom", "ost", "other"] as const;

const tags = f.array(f.string({ maxLength: 100 }), {
  maxLength: 100,
  description: "Free labels for grouping and filtering, e.g. `rush`.",
});
// Any JSON, as the reference takes it (its examples send `{}`).
const files = f.json({ description: 'Attached files, e.g. `[{"name": ..., "url": ...}]`.' });
// What went wrong with one step (sending the order, invoicing, the label), as text or an object.
const problem = (step: string) =>
  f.json({
    maxBytes: 8192,
    description: `What went wrong ${step}, as text or an object; null when nothing did.`,
  });
const taxRate = (description: string) => f.number({ min: 0, max: 100, description });

export const purchase = defineKind({
  name: "purchase",
  plural: "purchases",
  group: "purchasing",
  source: "seed",
  description:
    "An order the company places with a dropship provider, or a replenishment order for its own stock.",
  // The reference's vendor apps page through purchases by their labels
  // (`where[purchaseStatusId][$in][0]=11&...`): read through an index, not every purchase of the company.
  lookups: ["purchaseStatusId"],
  fields: {
    status: f.enum(purchaseStatuses, {
      default: "pending",
      readOnly: true,
      description:
        "`pending` until sent, `sent`, `partiallyShipped` and `shipped` as its lines ship, or `cancelled`. Set by the server (send, ship, cancel, move-dropship-provider).",
    }),
    purchaseType: f.enum(["replenishment", "dropship", "automated_dropship", "adjusted_dropship"], {
      description:
        "What kind of order it is: `dropship` (the provider ships to the customer; routed from a sale), `automated_dropship`, `adjusted_dropship`, or `replenishment` (stock for an own warehouse).",
      example: "dropship",
    }),
    isDropship: f.boolean({
      description:
        "Whether the provider ships straight to the customer (true for purchases routed from a sale).",
    }),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "Who fulfils it; null for a replenishment order.",
    }),
    dropshipProviderAddressId: f.ref("dropship-provider-address", {
      description: "The provider's address (warehouse) that ships the order.",
    }),
    saleId: f.ref("sale", { description: "The sale it fulfils, for a dropship purchase." }),
    warehouseId: f.ref("warehouse", { description: "Where a replenishment order is delivered." }),
    purchaseId: f.ref("purchase", { description: "The purchase it was split or moved from." }),
    adjustmentReasonId: f.ref("adjustment-reason", {
      description: "Why stock changes when the order is received, for a replenishment order.",
    }),
    purchaseStatusId: f.integer({ min: 1, description: "A company-defined label such as acknowledged." }),
    priceListId: f.integer({ min: 1, description: "The price list the order's costs came from, by id." }),
    userId: f.integer({ min: 1, description: "The user who created the order, by id." }),
    reference: f.string({
      maxLength: 100,
      description: "The purchase order number sent to the provider.",
      example: "PO-10042",
    }),
    customerReference: f.string({
      maxLength: 100,
      description: "The customer's own reference for the order (e.g. their PO number).",
    }),
    internalReference: f.string({
      maxLength: 100,
      description: "The company's own reference for the order.",
    }),
    purchaseImportExternalId: f.string({
      maxLength: 100,
      description: "The order's id in the file or system it was imported from.",
    }),
    inventoryStatus: f.enum(receivingStatuses, {
      default: "notReceived",
      derived: `the quantities its lines have shipped: they ship through ${ship}.`,
      description: "How much of the order has shipped: `received` once every line not cancelled has.",
    }),
    invoiceStatus: f.enum(invoiceStatuses, {
      default: "notInvoiced",
      derived:
        "its purchase invoices against amountOwed: record or cancel a purchase-invoice, or write `invoiced` to record one for what is not invoiced yet.",
      description: "How much of what is owed the provider has invoiced.",
    }),
    paymentStatus: f.enum(["notPaid", "partiallyPaid", "paid"], {
      default: "notPaid",
      asText: true,
      derived:
        "its active invoice payments against amountOwed: settle with `POST /dropship-providers/{id}/settle-invoices.json` or record a purchase-invoice-payment.",
      description: "How much of what is owed has been paid.",
    }),
    cancellationStatus: f.enum(["none", "partial", "full"], {
      required: true,
      default: "none",
      derived: `the quantities its lines have cancelled: they are cancelled through ${cancel}.`,
      description: "How much of the order is cancelled: `none`, `partial` or `full`.",
    }),
    cancelled: f.boolean({
      required: true,
      default: false,
      derived: `whether every line is cancelled: they are cancelled through ${cancel}.`,
      description: "True when every line is cancelled.",
    }),
    cancelledAt: f.datetime({
      derived: `when its last line was cancelled: lines are cancelled through ${cancel}.`,
      description: "When a line was first cancelled; null while none is.",
    }),
    approved: f.boolean({
      required: true,
      default: true,
      description: "Whether the order is approved to go to the provider.",
    }),
    finalized: f.boolean({ default: true, description: "False while the order is a draft." }),
    locked: f.boolean({ default: false, description: "Locked against edits." }),
    orderSplitting: f.enum(["group", "splitTag", "splitQuantity", "externalLocationId"], {
      default: "group",
      description:
        "How a sale's lines were split into purchases for the provider: all in one (`group`), by tag, by quantity, or by the provider's location.",
    }),
    orderSplittingKey: f.string({
      maxLength: 100,
      description: "The tag, quantity or location the order was split by.",
    }),
    currency: f.string({
      format: "currency",
      default: "USD",
      description:
        "ISO 4217 code of the order's prices, and of its invoices' and payments' amounts: it changes only while the purchase has no active purchase invoice or invoice payment.",
      example: "USD",
    }),
    quantity: f.integer({ min: 0, readOnly: true, description: "Units ordered over all lines.", example: 2 }),
    subtotal: f.money({ default: 0, readOnly: true, description: "Sum of the line totals.", example: 37 }),
    shippingPrice: f.money({
      default: 0,
      min: 0,
      description:
        "What the provider charges for shipping and handling; a purchase routed from a sale or a fulfillment starts at its provider's `handlingPrice`.",
      example: 4.5,
    }),
    discounts: f.money({
      required: true,
      default: 0,
      min: 0,
      description:
        "Discounts the provider gives on the whole order, as a positive amount; at most subtotal + shippingPrice + taxAmount (422 otherwise).",
    }),
    taxAmount: f.money({
      default: 0,
      min: 0,
      description:
        "Tax the provider charges on the order; a purchase routed from a sale starts at its channel's tax rate for the provider (`channel-dropship-provider-tax-rate`).",
      example: 0,
    }),
    total: f.money({
      default: 0,
      readOnly: true,
      description: "subtotal + shippingPrice - discounts + taxAmount, as ordered.",
      example: 41.5,
    }),
    amountOwed: f.money({
      default: 0,
      readOnly: true,
      description:
        "What the provider is owed: the lines not cancelled, plus shipping, less discounts, plus tax; 0 when every line is cancelled.",
      example: 41.5,
    }),
    amountPaid: f.money({
      default: 0,
      readOnly: true,
      description: "Active invoice payments, less refunds.",
      example: 0,
    }),
    amountOutstanding: f.money({
      default: 0,
      readOnly: true,
      description: "amountOwed - amountPaid; negative when overpaid.",
      example: 41.5,
    }),
    combinedTaxRate: taxRate("The total sales tax rate applied, in percent."),
    cityTaxRate: taxRate("The city's sales tax rate, in percent."),
    cityTaxLocation: f.string({ maxLength: 100, description: "The city the city tax rate is for." }),
    countyTaxRate: taxRate("The county's sales tax rate, in percent."),
    countyTaxLocation: f.string({ maxLength: 100, description: "The county the county tax rate is for." }),
    districtTaxRate: taxRate("A special district's sales tax rate, in percent."),
    dateOrdered: f.datetime({
      defaultNow: true,
      description: "When the order was placed; now when not sent (or sent as `{}`).",
      example: "2026-03-02T14:05:09.000Z",
    }),
    deliveryExpectedAt: f.datetime({ description: "When the goods are expected to arrive." }),
    paymentExpectedAt: f.datetime({ description: "When payment to the provider is due." }),
    sentAt: f.datetime({
      readOnly: true,
      description: "When it was last sent to the provider.",
      example: "2026-03-02T14:05:12.000Z",
    }),
    paidAt: f.datetime({
      readOnly: true,
      description: "When the order became fully paid; null while it is not. Set by the server.",
    }),
    receiverName: f.string({
      maxLength: 200,
      description: "Name of the person the provider ships to (the sale's ship-to, for a dropship order).",
      example: "Ana Silva",
    }),
    receiverCompany: f.string({ maxLength: 200, description: "Business name of the ship-to address." }),
    receiverAddressLineOne: f.string({
      maxLength: 200,
      description: "First line of the ship-to address: street and number.",
      example: "350 Pine Street",
    }),
    receiverAddressLineTwo: f.string({
      maxLength: 200,
      description: "Second line of the ship-to address: apartment, suite, building.",
      example: "Apt 4B",
    }),
    receiverCity: f.string({
      maxLength: 100,
      description: "City of the ship-to address.",
      example: "Denver",
    }),
    receiverState: f.string({
      maxLength: 100,
      description: "State, province or region of the ship-to address.",
      example: "CO",
    }),
    receiverZip: f.string({
      maxLength: 20,
      description: "Postal code of the ship-to address.",
      example: "80202",
    }),
    receiverCountry: f.string({
      format: "country",
      description: "ISO 3166-1 alpha-2 country code of the ship-to address, e.g. `US`.",
      example: "US",
    }),
    receiverPhone: f.string({
      format: "phone",
      description: "Phone number of the recipient, for the carrier.",
      example: "+1 303 555 0142",
    }),
    receiverEmail: f.string({
      format: "email",
      maxLength: 200,
      description: "E-mail address of the recipient, for delivery notices.",
      example: "ana.silva@example.com",
    }),
    invalidShippingAddress: f.boolean({
      default: false,
      description: "Set when the ship-to address failed a check.",
    }),
    billingName: f.string({ maxLength: 200, description: "Name on the billing address." }),
    billingFirstName: f.string({ maxLength: 100, description: "First name on the billing address." }),
    billingLastName: f.string({ maxLength: 100, description: "Last name on the billing address." }),
    billingFullName: f.json({ maxBytes: 1024, description: "The billing name as the channel sent it." }),
    billingAddressLineOne: f.string({
      maxLength: 200,
      description: "First line of the billing address: street and number.",
    }),
    billingAddressLineTwo: f.string({
      maxLength: 200,
      description: "Second line of the billing address: apartment, suite, building.",
    }),
    billingAddressMessage: f.string({
      maxLength: 500,
      description: "A note about the billing address from an address check.",
    }),
    billingCity: f.string({ maxLength: 100, description: "City of the billing address." }),
    billingState: f.string({
      maxLength: 100,
      description: "State, province or region of the billing address.",
    }),
    billingZip: f.string({ maxLength: 20, description: "Postal code of the billing address." }),
    billingCountry: f.string({
      format: "country",
      description: "ISO 3166-1 alpha-2 country code of the billing address.",
    }),
    invalidBillingAddress: f.string({
      maxLength: 500,
      description:
        "What is wrong with the billing address, as the channel or a check reported it; null when valid.",
    }),
    lastDropshipmentReference: f.integer({
      default: 0,
      min: 0,
      description:
        "How many dropshipments the ship action has numbered for the order: the next is `{purchase id}-{this + 1}`. Kept by the server.",
    }),
    lastGoodsReceiptReference: f.integer({
      default: 0,
      min: 0,
      description: "The last number given to a goods receipt of the order.",
    }),
    lastPurchaseInvoiceReference: f.integer({
      default: 0,
      min: 0,
      description: "The last number given to an invoice of the order.",
    }),
    orderProblem: problem("sending the order to the provider"),
    invoiceProblem: problem("with the provider's invoice"),
    labelProblem: problem("making the shipping label"),
    pauseProblems: f.json({
      maxBytes: 1024,
      description:
        "Stop retrying and reporting problems until cleared: `true`, or any JSON saying which and why (as the reference takes it).",
      recordOnly: true,
    }),
    muteError: f.boolean({
      default: false,
      description: "Do not report the order's problems to the company.",
    }),
    files,
    tags,
    notes: f.string({ maxLength: 2000, description: "Notes on the order, for the company." }),
    adminNotes: f.string({ maxLength: 2000, description: "Internal notes, for the company's staff only." }),
    dropshipNotes: f.string({
      maxLength: 2000,
      description: "Notes meant for the dropship provider.",
      example: "Ship in plain packaging.",
    }),
  },
  states: purchaseStates,
  actions: purchaseActions,
});

export const purchaseItem = defineKind({
  name: "purchase-item",
  plural: "purchase-items",
  group: "purchasing",
  source: "implied",
  description: "One line of a purchase: a SKU, how many were ordered at what cost, and how many shipped.",
  fields: {
    purchaseId: f.ref("purchase", { required: true, description: "The purchase the line belongs to." }),
    saleItemId: f.ref("sale-item", {
      sameOwner: { on: "saleId", through: "purchaseId" },
      description: "The sale line it fulfils.",
    }),
    variantId: f.ref("variant", { description: "The catalogue variant ordered." }),
    externalId: f.string({ maxLength: 100, description: "The line's id at the provider or in an import." }),
    sku: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The SKU ordered.",
      example: "SHIRT-LIN-M-BLU",
    }),
    name: f.string({
      maxLength: 500,
      description: "The product's name on the order.",
      example: "Linen shirt, M, blue",
    }),
    quantity: f.integer({
      required: true,
      min: 1,
      max: 1_000_000,
      description: "Units ordered. It cannot go below what has shipped plus what is cancelled.",
      example: 2,
    }),
    price: f.money({ required: true, min: 0, description: "Unit cost.", example: 18.5 }),
    total: f.money({
      default: 0,
      readOnly: true,
      description: "Line total: quantity times price.",
      example: 37,
    }),
    quantityShipped: f.integer({
      default: 0,
      min: 0,
      readOnly: true,
      description: "Units the provider shipped (ship, default-label). Set by the server.",
    }),
    quantityCancelled: f.integer({
      default: 0,
      min: 0,
      readOnly: true,
      description: "Units cancelled (cancel, move-to-fulfill). Set by the server.",
    }),
    quantityReturned: f.integer({
      default: 0,
      min: 0,
      readOnly: true,
      description: "Units returned and received back; never more than shipped. Set by the server.",
    }),
    inventoryStatus: f.enum(receivingStatuses, {
      default: "notReceived",
      readOnly: true,
      description:
        "How much of the line has shipped: `received` once every unit not cancelled has. Set by the server.",
    }),
    invoiceStatus: f.enum(invoiceStatuses, {
      default: "notInvoiced",
      readOnly: true,
      description: "The purchase's invoice status.",
    }),
    returnStatus: f.enum(["notReturned", "partiallyReturned", "returned"], {
      default: "notReturned",
      readOnly: true,
      description: "How much of what shipped came back. Set by the server.",
    }),
  },
  owner: { field: "purchaseId" },
});

export const purchaseInvoicePayment = defineKind({
  name: "purchase-invoice-payment",
  plural: "purchase-invoice-payments",
  group: "purchasing",
  source: "seed",
  description: "A payment made, or refund received, against a dropship provider's invoice for a purchase.",
  fields: {
    purchaseId: f.ref("purchase", {
      nullable: false,
      takenFrom: "purchaseInvoiceId",
      description:
        "The purchase paid for; moved only to another purchase of the same dropship provider and currency.",
    }),
    purchaseItemId: f.ref("purchase-item", {
      sameOwner: { on: "purchaseId" },
      description: "The line paid for, when a payment is for one line.",
    }),
    purchaseInvoiceId: f.ref("purchase-invoice", {
      sameOwner: { on: "purchaseId" },
      description: "The provider invoice it pays; names the purchase when `purchaseId` is not sent.",
    }),
    transferId: f.string({
      maxLength: 100,
      description:
        "The payout that carried it: the id of this service's transfer (settle-invoices sets it), or the payment system's own transfer id.",
    }),
    paymentMethodId: f.ref("payment-method", { description: "How it was paid." }),
    type: f.enum(["payment", "overpayment", "correction", "refund", "refundCommission"], {
      required: true,
      default: "payment",
      nullable: true,
      description:
        "`payment` and `overpayment` add to what is paid; `refund` and `refundCommission` take from it; `correction` adjusts it.",
    }),
    status: f.enum(["active", "cancelled"], {
      required: true,
      default: "active",
      nullable: true,
      description:
        "Only `active` payments count towards the purchase's `amountPaid`; `cancelled` ones are kept for the record.",
    }),
    amount: f.money({
      required: true,
      default: 0,
      description: "The amount paid (or refunded), in the purchase's currency.",
      example: 41.5,
    }),
    exchangeRate: f.number({
      required: true,
      default: 1,
      min: 0,
      description:
        "Units of the purchase's currency per unit of the payment's currency; 1 when they are the same.",
      recordOnly: true,
    }),
    totals: f.json({ description: "The amounts paid, e.g. `{subtotal, shippingPrice, taxAmount, total}`." }),
    paidAt: f.datetime({
      defaultNow: true,
      description: "When it was paid; now when not sent (or sent as `{}`).",
      example: "2026-03-31T10:00:00.000Z",
    }),
    reference: f.string({
      maxLength: 200,
      description: "The payment's reference, e.g. a check or bank transfer number.",
      example: "CHK-5531",
    }),
    externalId: f.string({
      maxLength: 100,
      description: "The payment's id in the payment or accounting system.",
    }),
  },
});

export const purchaseInvoice = defineKind({
  name: "purchase-invoice",
  plural: "purchase-invoices",
  group: "purchasing",
  source: "implied",
  description: "An invoice a dropship provider sent for a purchase: what the company is asked to pay for it.",
  fields: {
    purchaseId: f.ref("purchase", {
      required: true,
      description:
        "The purchase invoiced; moved only to another purchase of the same dropship provider and currency.",
    }),
    reference: f.string({
      maxLength: 100,
      description: "The provider's invoice number.",
      example: "INV-2024-0312",
    }),
    status: f.enum(["active", "cancelled"], {
      default: "active",
      description: "Only `active` invoices count towards the purchase's invoice status.",
    }),
    amount: f.money({
      required: true,
      min: 0,
      description: "The amount invoiced, in the purchase's currency.",
      example: 41.5,
    }),
    invoicedAt: f.datetime({ description: "The invoice's date." }),
    dueAt: f.datetime({ description: "When the invoice is due." }),
    notes: f.string({ maxLength: 2000, description: "Notes on the invoice." }),
  },
});

export const purchaseNotification = defineKind({
  name: "purchase-notification",
  plural: "purchase-notifications",
  group: "purchasing",
  source: "implied",
  description: "A log entry of one delivery of a purchase order to its provider, and how it went.",
  fields: {
    purchaseId: f.ref("purchase", { required: true, description: "The purchase order delivered." }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider it was delivered to." }),
    format: f.enum(["json", "xml", "csv", "email"], {
      required: true,
      description:
        "How the order was sent: a JSON, XML or CSV document to the provider's endpoint, or an e-mail.",
    }),
    status: f.enum(["pending", "success", "error", "opened"], {
      default: "success",
      description:
        "`pending` until delivered, then `success` or `error`; `opened` once the provider has read it.",
      recordOnlyValues: ["opened"],
    }),
    recipient: f.string({
      // As long as the provider's purchaseEndpoint may be.
      maxLength: 2000,
      description: "The address or endpoint it was delivered to.",
      example: "https://orders.northwind.example/purchase-orders",
    }),
    message: f.string({
      maxLength: 2000,
      description: "What happened, e.g. where the order was queued for delivery or why it failed.",
    }),
    // The largest order the server renders: MAX_LINES (5,000) lines of the longest SKU and name, every
    // character escaped at its longest (XML's `&quot;`, a CSV's doubled quotes with the ship-to address
    // repeated on each row), is about 19.1 million characters; its notes, written once (on a CSV's first
    // row), add at most 12,000. The record names the document sent whole.
    payload: f.string({ maxLength: 20_000_000, description: "The document as sent." }),
    openedAt: f.datetime({ description: "When the provider opened it.", recordOnly: true }),
  },
  owner: { field: "purchaseId" },
});

export const goodsReceipt = defineKind({
  name: "goods-receipt",
  plural: "goods-receipts",
  group: "purchasing",
  source: "seed",
  description: "A delivery of goods received against a purchase, with its inbound shipment details.",
  fields: {
    purchaseId: f.ref("purchase", { required: true, description: "The purchase the goods were ordered on." }),
    reference: f.string({
      maxLength: 100,
      description: "The receipt's number, e.g. the delivery note's.",
      example: "DN-88213",
    }),
    inventoryStatus: f.enum(["received", "packedAway"], {
      required: true,
      default: "received",
      description: "`received` at the door, or `packedAway` once put on the shelves.",
    }),
    userId: f.integer({ min: 1, description: "The user who received the goods, by id." }),
    provider: f.string({ maxLength: 100, description: "The label provider used for the inbound shipment." }),
    quoteId: f.string({
      maxLength: 100,
      description: "The label provider's quote for the inbound shipment.",
    }),
    serviceLevel: f.string({
      maxLength: 100,
      description: "The carrier's service, e.g. `ground`.",
      example: "ground",
    }),
    serviceLevelTerms: f.string({
      maxLength: 200,
      description: "The terms of that service as the carrier words them.",
    }),
    days: f.integer({ min: 0, description: "Days the shipment was quoted to take." }),
    durationTerms: f.string({
      maxLength: 200,
      description: "The quoted transit time as the carrier words it.",
    }),
    price: f.money({ required: true, default: 0, min: 0, nullable: true, description: "Shipping cost." }),
    grams: f.number({
      required: true,
      default: 0,
      min: 0,
      max: MAX_WEIGHT,
      nullable: true,
      description: "Weight of the shipment, in grams.",
      example: 6400,
    }),
    trackingCompany: f.string({ maxLength: 100, description: "The carrier that brought the goods." }),
    trackingNumber: f.string({
      maxLength: 100,
      description: "The carrier's tracking number.",
      example: "PE104200001",
    }),
    trackingUrl: f.string({ format: "url", description: "Where the shipment can be tracked." }),
    trackingStatus: f.enum(trackingStatuses, {
      description: "Where the shipment is, as the carrier last reported it.",
    }),
    trackingStatusDate: f.datetime({ description: "When the carrier reported `trackingStatus`." }),
    trackingStatusDetails: f.string({
      maxLength: 2000,
      description: "The carrier's words for `trackingStatus`.",
    }),
    labelUrl: f.string({ format: "url", description: "Where the shipment's label is." }),
    labelFileFormat: f.enum(["png", "pdf"], { description: "The label file's format." }),
    labelFiles: f.json({ description: "The label's files, e.g. a list of URLs." }),
    labelError: f.string({ maxLength: 2000, description: "Why the label could not be made." }),
    labelRefund: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Whether the unused label's cost was asked back.",
    }),
    commercialInvoiceUrl: f.string({
      format: "url",
      description: "Where the customs invoice of an international shipment is.",
    }),
    muteError: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Do not report the receipt's problems to the company.",
    }),
    files,
    tags,
    adminNotes: f.string({ maxLength: 2000, description: "Internal notes, for the company's staff only." }),
  },
});

export const goodsReceiptItem = defineKind({
  name: "goods-receipt-item",
  plural: "goods-receipt-items",
  group: "purchasing",
  source: "seed",
  description: "One line of a goods receipt: how many units of a purchase line arrived, and where they went.",
  fields: {
    goodsReceiptId: f.ref("goods-receipt", {
      required: true,
      description: "The receipt the line belongs to.",
    }),
    purchaseItemId: f.ref("purchase-item", {
      sameOwner: { on: "purchaseId", through: "goodsReceiptId" },
      description: "The purchase line the units were ordered on; its variant is what goes on hand.",
    }),
    warehouseId: f.ref("warehouse", { description: "Where the units were put away." }),
    quantity: f.integer({
      required: true,
      default: 0,
      min: 0,
      max: 1_000_000,
      description: "Units received: added on hand at the line's warehouse (else the purchase's).",
      example: 24,
    }),
    skipInventoryChange: f.boolean({
      required: true,
      default: false,
      description: "Record the units without changing stock on hand.",
    }),
  },
  owner: { field: "goodsReceiptId" },
});

export const purchaseReturn = defineKind({
  name: "purchase-return",
  plural: "purchase-returns",
  group: "purchasing",
  source: "implied",
  description:
    "Goods the company sends back to a dropship provider against a purchase, and where they are on the way: a record kept for both sides, without an effect on stock or the books.",
  states: purchaseReturnStates,
  fields: {
    purchaseId: f.ref("purchase", { required: true, description: "The purchase the goods were bought on." }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider the goods go back to." }),
    status: f.enum(purchaseReturnStatuses, {
      default: "requested",
      description:
        "`requested`, `shipped`, `received` by the provider, or `cancelled`; each step is reported by writing it.",
    }),
    reference: f.string({
      maxLength: 100,
      description: "The return's reference, e.g. the provider's return authorization number.",
      example: "RA-7731",
    }),
    reason: f.string({
      maxLength: 500,
      description: "Why the goods go back.",
      example: "Wrong size shipped",
    }),
    notes: f.string({ maxLength: 2000, description: "Notes on the return." }),
    trackingCompany: f.string({ maxLength: 100, description: "The carrier taking the goods back." }),
    trackingNumber: f.string({
      maxLength: 100,
      description: "The carrier's tracking number.",
      example: "PE773100002",
    }),
    trackingStatus: f.enum(trackingStatuses, {
      description: "Where the parcel is, as the carrier last reported it.",
    }),
    shippedAt: f.datetime({ description: "When the goods were sent." }),
    receivedAt: f.datetime({ description: "When the provider received them." }),
  },
});

export const purchaseReturnItem = defineKind({
  name: "purchase-return-item",
  plural: "purchase-return-items",
  group: "purchasing",
  source: "implied",
  description: "One line of a purchase return: how many units of a purchase line go back.",
  owner: { field: "purchaseReturnId" },
  fields: {
    purchaseReturnId: f.ref("purchase-return", {
      required: true,
      description: "The return the line belongs to.",
    }),
    purchaseItemId: f.ref("purchase-item", {
      required: true,
      description: "The purchase line the units were ordered on.",
    }),
    quantity: f.integer({
      required: true,
      min: 1,
      max: 1_000_000,
      description: "Units sent back.",
      example: 1,
    }),
  },
});

export const transfer = defineKind({
  name: "transfer",
  plural: "transfers",
  group: "purchasing",
  source: "implied",
  description: "A movement of money to a dropship provider, such as the payout that settles its invoices.",
  fields: {
    status: f.enum(transferStatuses, {
      default: "pending",
      readOnly: true,
      description:
        "`pending`, then `complete`, `error` or `cancelled`. Set by the server; settle-invoices makes complete transfers.",
    }),
    dropshipProviderId: f.ref("dropship-provider", { description: "The provider paid." }),
    paymentMethodId: f.ref("payment-method", { description: "How the money was sent." }),
    source: f.enum(paymentSources, {
      default: "other",
      description:
        "The payment rail: `check`, `bacs` (a UK bank transfer), `ost`, `custom` (a payment processor) or `other`.",
    }),
    trigger: f.enum(["automated", "manual", "other"], {
      default: "manual",
      description: "Whether the payout was made `automated`ly, `manual`ly (settle-invoices) or `other`wise.",
    }),
    amount: f.money({
      required: true,
      description: "The total sent, `additionalAmount` included, in `currency`.",
      example: 1250,
    }),
    currency: f.string({
      format: "currency",
      default: "USD",
      description: "ISO 4217 code of the amounts; the provider's currency for a settlement.",
      example: "USD",
    }),
    reference: f.string({
      maxLength: 200,
      description: "The payout's reference, also written on the payments it made.",
      example: "Payout 2024-05",
    }),
    externalId: f.string({ maxLength: 100, description: "The payout's id in the payment system." }),
    completedAt: f.datetime({
      readOnly: true,
      description: "When the money was sent. Set by the server.",
      example: "2026-03-31T10:00:00.000Z",
    }),
    notes: f.string({ maxLength: 2000, description: "Internal notes on the payout." }),
    name: f.string({ maxLength: 200, description: "The payout's name.", example: "May payout" }),
    additionalAmount: f.money({
      default: 0,
      min: 0,
      description: "Paid on top of what the purchases were due; included in `amount`.",
    }),
    fee: f.money({ default: 0, min: 0, description: "The payment's fee." }),
    message: f.string({
      maxLength: 2000,
      description: "A message to the payee.",
      example: "Invoices of May, thank you.",
    }),
  },
  states: transferStates,
});

export const paymentMethod = defineKind({
  name: "payment-method",
  plural: "payment-methods",
  group: "purchasing",
  source: "seed",
  description: "A way the company pays its providers or is paid, such as check or bank transfer.",
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The method's name, e.g. `Check` or `Bank transfer`.",
      example: "Bank transfer",
    }),
    source: f.enum(paymentSources, {
      required: true,
      default: "other",
      description: "The payment rail it uses.",
    }),
    redirectUrl: f.string({
      format: "url",
      description: "Where the payer is sent to pay, for a method paid online.",
    }),
    showInVendorPortal: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description: "Whether providers see and may choose the method in the vendor portal.",
      recordOnly: true,
    }),
    showNotes: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Whether the payment's notes are shown with it.",
      recordOnly: true,
    }),
  },
});

export const currency = defineKind({
  name: "currency",
  plural: "currencies",
  group: "purchasing",
  source: "seed",
  description: "A currency the company trades in, with its exchange rate to the company's base currency.",
  fields: {
    iso: f.string({
      required: true,
      format: "currency",
      description: "ISO 4217 code, e.g. `EUR`; one record per code.",
      example: "EUR",
    }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The currency's name, e.g. `Euro`.",
      example: "Euro",
    }),
    symbol: f.string({
      required: true,
      minLength: 1,
      maxLength: 10,
      description: "The sign written with amounts, e.g. `€`.",
      example: "€",
    }),
    exchangeRate: f.number({
      required: true,
      default: 1,
      min: 0,
      description:
        "Units of this currency per unit of the company's base currency, as stored: a feed's prices in this currency are converted at it when publish-all creates their variants.",
      example: 0.92,
    }),
    useLiveRates: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description:
        "Keep `exchangeRate` updated from market rates instead of by hand: the service reaches no market-rate source, so `exchangeRate` is used as stored.",
      recordOnly: true,
    }),
    roundUp: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Round converted prices up to whole units (else to the cent).",
    }),
  },
  unique: [["iso"]],
});
