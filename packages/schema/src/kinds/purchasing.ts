import {
  purchaseActions,
  purchaseReturnStates,
  purchaseReturnStatuses,
  purchaseStates,
  purchaseStatuses,
  transferStates,
  transferStatuses,
} from "../actions.ts";
import { defineKind, f } from "../define.ts";

const receivingStatuses = ["notReceived", "partiallyReceived", "received"] as const;
const invoiceStatuses = ["notInvoiced", "partiallyInvoiced", "invoiced"] as const;
const trackingStatuses = ["delivered", "failure", "pre_transit", "returned", "transit", "unknown"] as const;
const ship = "`POST /purchases/{id}/ship.json` (or `PUT /purchases/{id}/default-label.json`)";
const cancel = "`PUT /purchases/{id}/cancel.json`";
const paymentSources = ["check", "custom", "ost", "other"] as const;

const tags = f.array(f.string({ maxLength: 100 }), { maxLength: 100 });
// Any JSON, as the reference takes it (its examples send `{}`).
const files = f.json({ description: 'Attached files, e.g. `[{"name": ..., "url": ...}]`.' });
const problem = f.json({ maxBytes: 8192, description: "What went wrong, as text or an object." });
const taxRate = f.number({ min: 0, max: 100 });

export const purchase = defineKind({
  name: "purchase",
  plural: "purchases",
  group: "purchasing",
  source: "seed",
  description:
    "An order the company places with a dropship provider, or a replenishment order for its own stock.",
  fields: {
    status: f.enum(purchaseStatuses, { default: "pending", readOnly: true }),
    purchaseType: f.openEnum(["replenishment", "dropship", "automated_dropship", "adjusted_dropship"]),
    isDropship: f.boolean(),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "Who fulfils it; null for a replenishment order.",
    }),
    dropshipProviderAddressId: f.ref("dropship-provider-address"),
    saleId: f.ref("sale", { description: "The sale it fulfils, for a dropship purchase." }),
    warehouseId: f.ref("warehouse", { description: "Where a replenishment order is delivered." }),
    purchaseId: f.ref("purchase", { description: "The purchase it was split or moved from." }),
    adjustmentReasonId: f.ref("adjustment-reason"),
    purchaseStatusId: f.integer({ min: 1, description: "A company-defined label such as acknowledged." }),
    priceListId: f.integer({ min: 1 }),
    userId: f.integer({ min: 1 }),
    reference: f.string({ maxLength: 100, description: "The purchase order number sent to the provider." }),
    customerReference: f.string({ maxLength: 100 }),
    internalReference: f.string({ maxLength: 100 }),
    purchaseImportExternalId: f.string({ maxLength: 100 }),
    inventoryStatus: f.enum(receivingStatuses, {
      default: "notReceived",
      derived: `the quantities its lines have shipped: they ship through ${ship}.`,
    }),
    invoiceStatus: f.enum(invoiceStatuses, {
      default: "notInvoiced",
      derived:
        "its purchase invoices against amountOwed: record or cancel a purchase-invoice, or write `invoiced` to record one for what is not invoiced yet.",
    }),
    paymentStatus: f.enum(["notPaid", "partiallyPaid", "paid"], {
      default: "notPaid",
      asText: true,
      derived:
        "its active invoice payments against amountOwed: settle with `POST /dropship-providers/{id}/settle-invoices.json` or record a purchase-invoice-payment.",
    }),
    cancellationStatus: f.enum(["none", "partial", "full"], {
      required: true,
      default: "none",
      derived: `the quantities its lines have cancelled: they are cancelled through ${cancel}.`,
    }),
    cancelled: f.boolean({
      required: true,
      default: false,
      derived: `whether every line is cancelled: they are cancelled through ${cancel}.`,
    }),
    cancelledAt: f.datetime({
      derived: `when its last line was cancelled: lines are cancelled through ${cancel}.`,
    }),
    approved: f.boolean({ required: true, default: true }),
    finalized: f.boolean({ default: true }),
    locked: f.boolean({ default: false }),
    orderSplitting: f.enum(["group", "splitTag", "splitQuantity", "externalLocationId"], {
      default: "group",
    }),
    orderSplittingKey: f.string({ maxLength: 100 }),
    currency: f.string({ format: "currency", default: "USD" }),
    quantity: f.integer({ min: 0, readOnly: true, description: "Units ordered over all lines." }),
    subtotal: f.money({ default: 0, readOnly: true, description: "Sum of the line totals." }),
    shippingPrice: f.money({ default: 0, min: 0 }),
    discounts: f.money({ required: true, default: 0, min: 0 }),
    taxAmount: f.money({ default: 0, min: 0 }),
    total: f.money({
      default: 0,
      readOnly: true,
      description: "subtotal + shippingPrice - discounts + taxAmount, as ordered.",
    }),
    amountOwed: f.money({
      default: 0,
      readOnly: true,
      description:
        "What the provider is owed: the lines not cancelled, plus shipping, less discounts, plus tax; 0 when every line is cancelled.",
    }),
    amountPaid: f.money({
      default: 0,
      readOnly: true,
      description: "Active invoice payments, less refunds.",
    }),
    amountOutstanding: f.money({
      default: 0,
      readOnly: true,
      description: "amountOwed - amountPaid; negative when overpaid.",
    }),
    combinedTaxRate: taxRate,
    cityTaxRate: taxRate,
    cityTaxLocation: f.string({ maxLength: 100 }),
    countyTaxRate: taxRate,
    countyTaxLocation: f.string({ maxLength: 100 }),
    districtTaxRate: taxRate,
    dateOrdered: f.datetime({
      defaultNow: true,
      description: "When the order was placed; now when not sent (or sent as `{}`).",
    }),
    deliveryExpectedAt: f.datetime(),
    paymentExpectedAt: f.datetime(),
    sentAt: f.datetime({ readOnly: true, description: "When it was last sent to the provider." }),
    paidAt: f.datetime({ readOnly: true }),
    receiverName: f.string({ maxLength: 200 }),
    receiverCompany: f.string({ maxLength: 200 }),
    receiverAddressLineOne: f.string({ maxLength: 200 }),
    receiverAddressLineTwo: f.string({ maxLength: 200 }),
    receiverCity: f.string({ maxLength: 100 }),
    receiverState: f.string({ maxLength: 100 }),
    receiverZip: f.string({ maxLength: 20 }),
    receiverCountry: f.string({ format: "country" }),
    receiverPhone: f.string({ format: "phone" }),
    receiverEmail: f.string({ format: "email", maxLength: 200 }),
    invalidShippingAddress: f.boolean({ default: false }),
    billingName: f.string({ maxLength: 200 }),
    billingFirstName: f.string({ maxLength: 100 }),
    billingLastName: f.string({ maxLength: 100 }),
    billingFullName: f.json({ maxBytes: 1024, description: "The billing name as the channel sent it." }),
    billingAddressLineOne: f.string({ maxLength: 200 }),
    billingAddressLineTwo: f.string({ maxLength: 200 }),
    billingAddressMessage: f.string({ maxLength: 500 }),
    billingCity: f.string({ maxLength: 100 }),
    billingState: f.string({ maxLength: 100 }),
    billingZip: f.string({ maxLength: 20 }),
    billingCountry: f.string({ format: "country" }),
    invalidBillingAddress: f.string({
      maxLength: 500,
      description:
        "What is wrong with the billing address, as the channel or a check reported it; null when valid.",
    }),
    lastDropshipmentReference: f.integer({ default: 0, min: 0 }),
    lastGoodsReceiptReference: f.integer({ default: 0, min: 0 }),
    lastPurchaseInvoiceReference: f.integer({ default: 0, min: 0 }),
    orderProblem: problem,
    invoiceProblem: problem,
    labelProblem: problem,
    pauseProblems: f.json({
      maxBytes: 1024,
      description:
        "Stop retrying and reporting problems until cleared: `true`, or any JSON saying which and why (as the reference takes it).",
    }),
    muteError: f.boolean({ default: false }),
    files,
    tags,
    notes: f.string({ maxLength: 2000 }),
    adminNotes: f.string({ maxLength: 2000 }),
    dropshipNotes: f.string({ maxLength: 2000, description: "Notes passed on to the dropship provider." }),
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
    purchaseId: f.ref("purchase", { required: true }),
    saleItemId: f.ref("sale-item", { description: "The sale line it fulfils." }),
    variantId: f.ref("variant"),
    externalId: f.string({ maxLength: 100 }),
    sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
    name: f.string({ maxLength: 500 }),
    quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
    price: f.money({ required: true, min: 0, description: "Unit cost." }),
    total: f.money({ default: 0, readOnly: true, description: "Line total: quantity times price." }),
    quantityShipped: f.integer({ default: 0, min: 0, readOnly: true }),
    quantityCancelled: f.integer({ default: 0, min: 0, readOnly: true }),
    quantityReturned: f.integer({ default: 0, min: 0, readOnly: true }),
    inventoryStatus: f.enum(receivingStatuses, { default: "notReceived", readOnly: true }),
    invoiceStatus: f.enum(invoiceStatuses, {
      default: "notInvoiced",
      readOnly: true,
      description: "The purchase's invoice status.",
    }),
    returnStatus: f.enum(["notReturned", "partiallyReturned", "returned"], {
      default: "notReturned",
      readOnly: true,
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
    purchaseId: f.ref("purchase", { required: true }),
    purchaseItemId: f.ref("purchase-item"),
    purchaseInvoiceId: f.ref("purchase-invoice", { description: "The provider invoice it pays." }),
    transferId: f.string({
      maxLength: 100,
      description:
        "The payout that carried it: the id of this service's transfer (settle-invoices sets it), or the payment system's own transfer id.",
    }),
    paymentMethodId: f.ref("payment-method"),
    type: f.enum(["payment", "overpayment", "correction", "refund", "refundCommission"], {
      required: true,
      default: "payment",
      nullable: true,
    }),
    status: f.enum(["active", "cancelled"], { required: true, default: "active", nullable: true }),
    amount: f.money({ required: true, default: 0 }),
    exchangeRate: f.number({ required: true, default: 1, min: 0 }),
    totals: f.json({ description: "The amounts paid, e.g. `{subtotal, shippingPrice, taxAmount, total}`." }),
    paidAt: f.datetime({
      defaultNow: true,
      description: "When it was paid; now when not sent (or sent as `{}`).",
    }),
    reference: f.string({ maxLength: 200 }),
    externalId: f.string({ maxLength: 100 }),
  },
});

export const purchaseInvoice = defineKind({
  name: "purchase-invoice",
  plural: "purchase-invoices",
  group: "purchasing",
  source: "implied",
  description: "An invoice a dropship provider sent for a purchase: what the company is asked to pay for it.",
  fields: {
    purchaseId: f.ref("purchase", { required: true }),
    reference: f.string({ maxLength: 100, description: "The provider's invoice number." }),
    status: f.enum(["active", "cancelled"], { default: "active" }),
    amount: f.money({ required: true, min: 0 }),
    invoicedAt: f.datetime(),
    dueAt: f.datetime(),
    notes: f.string({ maxLength: 2000 }),
  },
});

export const purchaseNotification = defineKind({
  name: "purchase-notification",
  plural: "purchase-notifications",
  group: "purchasing",
  source: "implied",
  description: "A log entry of one delivery of a purchase order to its provider, and how it went.",
  fields: {
    purchaseId: f.ref("purchase", { required: true }),
    dropshipProviderId: f.ref("dropship-provider"),
    format: f.enum(["json", "xml", "csv", "email"], { required: true }),
    status: f.enum(["pending", "success", "error", "opened"], { default: "success" }),
    recipient: f.string({ maxLength: 500, description: "The address or endpoint it was delivered to." }),
    message: f.string({ maxLength: 2000 }),
    payload: f.string({ maxLength: 200_000, description: "The document as sent." }),
    openedAt: f.datetime(),
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
    purchaseId: f.ref("purchase", { required: true }),
    reference: f.string({ maxLength: 100, description: "Receipt number; generated when not sent." }),
    inventoryStatus: f.enum(["received", "packedAway"], { required: true, default: "received" }),
    userId: f.integer({ min: 1 }),
    provider: f.string({ maxLength: 100, description: "The label provider used for the inbound shipment." }),
    quoteId: f.string({ maxLength: 100 }),
    serviceLevel: f.string({ maxLength: 100 }),
    serviceLevelTerms: f.string({ maxLength: 200 }),
    days: f.integer({ min: 0 }),
    durationTerms: f.string({ maxLength: 200 }),
    price: f.money({ required: true, default: 0, min: 0, nullable: true, description: "Shipping cost." }),
    grams: f.number({ required: true, default: 0, min: 0, nullable: true }),
    trackingCompany: f.string({ maxLength: 100 }),
    trackingNumber: f.string({ maxLength: 100 }),
    trackingUrl: f.string({ format: "url" }),
    trackingStatus: f.openEnum(trackingStatuses),
    trackingStatusDate: f.datetime(),
    trackingStatusDetails: f.string({ maxLength: 2000 }),
    labelUrl: f.string({ format: "url" }),
    labelFileFormat: f.enum(["png", "pdf"]),
    labelFiles: f.json({ description: "The label's files, e.g. a list of URLs." }),
    labelError: f.string({ maxLength: 2000 }),
    labelRefund: f.boolean({ required: true, default: false, nullable: true }),
    commercialInvoiceUrl: f.string({ format: "url" }),
    muteError: f.boolean({ required: true, default: false, nullable: true }),
    files,
    tags,
    adminNotes: f.string({ maxLength: 2000 }),
  },
});

export const goodsReceiptItem = defineKind({
  name: "goods-receipt-item",
  plural: "goods-receipt-items",
  group: "purchasing",
  source: "seed",
  description: "One line of a goods receipt: how many units of a purchase line arrived, and where they went.",
  fields: {
    goodsReceiptId: f.ref("goods-receipt", { required: true }),
    purchaseItemId: f.ref("purchase-item"),
    warehouseId: f.ref("warehouse", { description: "Where the units were put away." }),
    quantity: f.integer({ required: true, default: 0, min: 0, max: 1_000_000 }),
    skipInventoryChange: f.boolean({ required: true, default: false }),
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
    purchaseId: f.ref("purchase", { required: true }),
    dropshipProviderId: f.ref("dropship-provider"),
    status: f.enum(purchaseReturnStatuses, { default: "requested" }),
    reference: f.string({ maxLength: 100 }),
    reason: f.string({ maxLength: 500 }),
    notes: f.string({ maxLength: 2000 }),
    trackingCompany: f.string({ maxLength: 100 }),
    trackingNumber: f.string({ maxLength: 100 }),
    trackingStatus: f.openEnum(trackingStatuses),
    shippedAt: f.datetime(),
    receivedAt: f.datetime(),
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
    purchaseReturnId: f.ref("purchase-return", { required: true }),
    purchaseItemId: f.ref("purchase-item", { required: true }),
    quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
  },
});

export const transfer = defineKind({
  name: "transfer",
  plural: "transfers",
  group: "purchasing",
  source: "implied",
  description: "A movement of money to a dropship provider, such as the payout that settles its invoices.",
  fields: {
    status: f.enum(transferStatuses, { default: "pending", readOnly: true }),
    dropshipProviderId: f.ref("dropship-provider"),
    paymentMethodId: f.ref("payment-method"),
    source: f.enum(paymentSources, { default: "other" }),
    trigger: f.enum(["automated", "manual", "other"], { default: "manual" }),
    amount: f.money({ required: true }),
    currency: f.string({ format: "currency", default: "USD" }),
    reference: f.string({ maxLength: 200 }),
    externalId: f.string({ maxLength: 100 }),
    completedAt: f.datetime({ readOnly: true }),
    notes: f.string({ maxLength: 2000 }),
    name: f.string({ maxLength: 200, description: "The payout's name." }),
    additionalAmount: f.money({
      default: 0,
      min: 0,
      description: "Paid on top of what the purchases were due; included in `amount`.",
    }),
    fee: f.money({ default: 0, min: 0, description: "The payment's fee." }),
    message: f.string({ maxLength: 2000, description: "A message to the payee." }),
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
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    source: f.enum(paymentSources, { required: true, default: "other" }),
    redirectUrl: f.string({ format: "url" }),
    showInVendorPortal: f.boolean({ required: true, default: true, nullable: true }),
    showNotes: f.boolean({ required: true, default: false, nullable: true }),
  },
});

export const currency = defineKind({
  name: "currency",
  plural: "currencies",
  group: "purchasing",
  source: "seed",
  description: "A currency the company trades in, with its exchange rate to the company's base currency.",
  fields: {
    iso: f.string({ required: true, format: "currency" }),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    symbol: f.string({ required: true, minLength: 1, maxLength: 10 }),
    exchangeRate: f.number({ required: true, default: 1, min: 0 }),
    useLiveRates: f.boolean({ required: true, default: true, nullable: true }),
    roundUp: f.boolean({ required: true, default: false, nullable: true }),
  },
  unique: [["iso"]],
});
