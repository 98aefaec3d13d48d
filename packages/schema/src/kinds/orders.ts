import {
  saleActions,
  saleReturnActions,
  saleReturnStates,
  saleReturnStatuses,
  saleStates,
  saleStatuses,
} from "../actions.ts";
import { defineKind, f } from "../define.ts";
import { shippingAddress } from "../shipping-address.ts";

const paymentStatuses = ["notPaid", "partiallyPaid", "paid"] as const;
const invoiceStatuses = ["notInvoiced", "partiallyInvoiced", "invoiced"] as const;
const returnStatuses = ["notReturned", "partiallyReturned", "returned"] as const;
const cancelReasons = ["customer", "fraud", "inventory", "declined", "other"] as const;

export const sale = defineKind({
  name: "sale",
  plural: "sales",
  group: "orders",
  source: "implied",
  description: "An order a customer placed on a selling channel, with its ship-to address and totals.",
  fields: {
    channelId: f.ref("channel", { required: true, description: "The channel the order was placed on." }),
    externalId: f.string({
      maxLength: 100,
      description: "The order's id on the channel.",
      example: "5012345678",
    }),
    customerId: f.ref("customer", { description: "The buyer; found by e-mail or created by manual-sale." }),
    resellerId: f.ref("reseller", {
      description: "The reseller the order was placed through, for a reseller's sale.",
    }),
    status: f.enum(saleStatuses, {
      default: "open",
      readOnly: true,
      description:
        "`open`, then `partiallyFulfilled` and `fulfilled` as its lines are fulfilled, or `cancelled` when every line is. Set by the server from the lines' quantities.",
    }),
    inventoryStatus: f.enum(["notFulfilled", "partiallyFulfilled", "fulfilled"], {
      default: "notFulfilled",
      readOnly: true,
      description: "From the lines' fulfilled quantities.",
    }),
    invoiceStatus: f.enum(invoiceStatuses, {
      default: "notInvoiced",
      description: "As the channel reports it: the customer is invoiced on the channel.",
    }),
    paymentStatus: f.enum(paymentStatuses, {
      default: "notPaid",
      description: "As the channel reports it: the customer pays on the channel.",
    }),
    returnStatus: f.enum(returnStatuses, {
      default: "notReturned",
      readOnly: true,
      description: "From the lines' returned quantities.",
    }),
    cancellationStatus: f.enum(["none", "partial", "full"], {
      default: "none",
      readOnly: true,
      description: "From the lines' cancelled quantities.",
    }),
    cancelReason: f.enum(cancelReasons, {
      description: "Why the order was cancelled, as the channel reports it.",
    }),
    cancelled: f.boolean({ default: false, readOnly: true, description: "True once the sale is cancelled." }),
    finalized: f.boolean({
      default: true,
      description:
        "False while the order is a draft on the channel. Setting it true routes the lines no purchase or fulfillment carries yet.",
    }),
    locked: f.boolean({ default: false, description: "Locked against edits on the channel." }),
    cloneReason: f.enum(["exchange", "new_sale"], { description: "Why the sale was cloned from another." }),
    resellerPayee: f.enum(["reseller", "customer"], {
      default: "reseller",
      description: "Who pays for a reseller's sale.",
      recordOnly: true,
    }),
    currency: f.string({
      format: "currency",
      default: "USD",
      description: "ISO 4217 code of the sale's prices.",
      example: "USD",
    }),
    ...shippingAddress,
    subtotal: f.money({ default: 0, readOnly: true, description: "Sum of the line totals.", example: 99.8 }),
    shippingPrice: f.money({
      default: 0,
      min: 0,
      description: "What the customer paid for shipping.",
      example: 5.95,
    }),
    discounts: f.money({
      default: 0,
      min: 0,
      description:
        "Discounts on the whole order, as a positive amount; at most subtotal + shippingPrice + taxAmount (422 otherwise).",
      example: 10,
    }),
    taxAmount: f.money({ default: 0, min: 0, description: "Tax charged on the order.", example: 7.2 }),
    total: f.money({
      default: 0,
      readOnly: true,
      description: "subtotal + shippingPrice - discounts + taxAmount.",
      example: 102.95,
    }),
    orderedAt: f.datetime({
      description: "When the customer placed the order on the channel.",
      example: "2026-03-02T14:03:51.000Z",
    }),
    dateOrdered: f.datetime({
      sameAs: "orderedAt",
      takesEmptyObject: true,
      description: "The reference's name of `orderedAt`; `{}`, as its examples send, is taken as not sent.",
      example: "2026-03-02T14:03:51.000Z",
    }),
    notes: f.string({
      maxLength: 2000,
      description: "Notes on the order, e.g. the customer's delivery instructions.",
      example: "Leave with the concierge.",
    }),
    reference: f.string({
      maxLength: 200,
      description: "The order's name as the customer knows it.",
      example: "#10042",
    }),
    shippingFirstName: f.string({
      maxLength: 100,
      description: "First name of the person shipped to.",
      example: "Ana",
    }),
    shippingLastName: f.string({
      maxLength: 100,
      description: "Last name of the person shipped to.",
      example: "Silva",
    }),
    billingFirstName: f.string({
      maxLength: 100,
      description: "First name on the billing address.",
      example: "Ana",
    }),
    billingLastName: f.string({
      maxLength: 100,
      description: "Last name on the billing address.",
      example: "Silva",
    }),
    billingAddressLineOne: f.string({
      maxLength: 200,
      description: "First line of the billing address: street and number.",
      example: "350 Pine Street",
    }),
    billingAddressLineTwo: f.string({
      maxLength: 200,
      description: "Second line of the billing address: apartment, suite, building.",
    }),
    billingCity: f.string({ maxLength: 100, description: "City of the billing address.", example: "Denver" }),
    billingState: f.string({
      maxLength: 100,
      description: "State, province or region of the billing address.",
      example: "CO",
    }),
    billingZip: f.string({
      maxLength: 20,
      description: "Postal code of the billing address.",
      example: "80202",
    }),
    billingCountry: f.string({
      format: "country",
      description: "ISO 3166-1 alpha-2 country code of the billing address, e.g. `US`.",
      example: "US",
    }),
  },
  states: saleStates,
  unique: [["channelId", "externalId"]],
  actions: saleActions,
});

export const saleItem = defineKind({
  name: "sale-item",
  plural: "sale-items",
  group: "orders",
  source: "implied",
  description:
    "One line of a sale: a SKU, how many were ordered, at what price, and how many were fulfilled.",
  fields: {
    saleId: f.ref("sale", { required: true, description: "The sale the line belongs to." }),
    variantId: f.ref("variant", {
      description:
        "The catalogue variant sold; manual-sale finds it by the line's SKU or the channel variant's external id.",
    }),
    externalId: f.string({
      maxLength: 100,
      description: "The line's id on the channel.",
      example: "line-77102",
    }),
    sku: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The SKU sold, as on the catalogue variant.",
      example: "SHIRT-LIN-M-BLU",
    }),
    name: f.string({
      maxLength: 500,
      description: "The line's name as the customer saw it.",
      example: "Linen shirt, M, blue",
    }),
    quantity: f.integer({
      required: true,
      min: 1,
      max: 1_000_000,
      description: "Units ordered. It cannot go below what is fulfilled plus cancelled.",
      example: 2,
    }),
    price: f.money({ required: true, min: 0, description: "Unit price.", example: 49.9 }),
    total: f.money({
      default: 0,
      readOnly: true,
      description: "Line total: quantity times price.",
      example: 99.8,
    }),
    quantityFulfilled: f.integer({
      default: 0,
      min: 0,
      readOnly: true,
      description:
        "Units shipped to the customer, by a fulfillment or the provider's dropshipment. Set by the server.",
    }),
    quantityCancelled: f.integer({
      default: 0,
      min: 0,
      readOnly: true,
      description: "Units cancelled before shipping. Set by the server.",
    }),
    quantityReturned: f.integer({
      default: 0,
      min: 0,
      readOnly: true,
      description: "Units returned and received back; never more than fulfilled. Set by the server.",
    }),
    taxable: f.boolean({ description: "Whether tax applies to the line." }),
    properties: f.json({
      description:
        "Custom data of the line (engraving, options) as the channel sent it, any JSON kept as sent; manual-sale writes its lines' `[{key, value}]`.",
    }),
    notes: f.json({ description: "Notes on the line as the channel sent them: any JSON, kept as sent." }),
    allocation: f.json({
      description:
        "The channel's or integration's own allocation data for the line: any JSON, kept as sent. Where its units go is the purchase and fulfillment lines that carry it.",
    }),
    discounts: f.json({
      description:
        "The line's discounts as the channel sent them: any JSON, kept as sent. It does not change `total`; the order's discounts are the sale's `discounts`.",
    }),
    discountAllocated: f.json({
      description:
        "The part of the order's discounts the channel allocated to the line: any JSON, kept as sent, not part of `total`.",
    }),
  },
  owner: { field: "saleId" },
});

export const saleReturn = defineKind({
  name: "sale-return",
  plural: "sale-returns",
  group: "orders",
  source: "implied",
  description: "Goods of a sale coming back or cancelled before shipping, and the refund owed for them.",
  fields: {
    saleId: f.ref("sale", { required: true, description: "The sale the goods were bought on." }),
    purchaseId: f.ref("purchase", {
      description: "The purchase whose cancelled or returned lines it records.",
    }),
    externalId: f.string({
      maxLength: 100,
      description: "The return's id on the channel.",
      example: "RMA-2041",
    }),
    type: f.enum(["return", "cancellation"], {
      default: "return",
      readOnly: true,
      description:
        "A return of goods that shipped (received by the receive operation), or lines cancelled before shipping.",
    }),
    status: f.enum(saleReturnStatuses, {
      default: "requested",
      readOnly: true,
      description:
        "`requested`, `shipped` (on the way back), `received` (by the receive operation), or `cancelled`. Set by the server.",
    }),
    receivedAt: f.datetime({
      readOnly: true,
      description: "When the goods were received back. Set by the server.",
    }),
    paymentStatus: f.enum(paymentStatuses, {
      default: "notPaid",
      description: "Whether the refund was paid.",
    }),
    returnLabelType: f.enum(["prePaid", "paid"], {
      description: "Who pays the return label: `prePaid` (the company) or `paid` (the customer).",
    }),
    reason: f.string({
      maxLength: 500,
      description: "Why the customer returns the goods.",
      example: "Too small",
    }),
    total: f.money({
      default: 0,
      min: 0,
      readOnly: true,
      description: "Amount to refund: the sum of its lines.",
      example: 49.9,
    }),
    notes: f.string({ maxLength: 2000, description: "Notes on the return." }),
  },
  states: saleReturnStates,
  actions: saleReturnActions,
});

export const saleReturnItem = defineKind({
  name: "sale-return-item",
  plural: "sale-return-items",
  group: "orders",
  source: "implied",
  description:
    "One line of a sale return: which sale line, how many units, and the amount refunded for them.",
  fields: {
    saleReturnId: f.ref("sale-return", { required: true, description: "The return the line belongs to." }),
    saleItemId: f.ref("sale-item", {
      sameOwner: { on: "saleId", through: "saleReturnId" },
      description: "The sale line the units came from.",
    }),
    purchaseItemId: f.ref("purchase-item", {
      description:
        "The purchase line going back to its provider: a line of `saleItemId`. Sent without a sale line, the line takes this purchase line's.",
    }),
    sku: f.string({ maxLength: 100, description: "The SKU returned.", example: "SHIRT-LIN-M-BLU" }),
    quantity: f.integer({
      required: true,
      min: 1,
      max: 1_000_000,
      description: "Units returned; never more than the sale line's fulfilled and not yet returned units.",
      example: 1,
    }),
    amount: f.money({
      default: 0,
      min: 0,
      description:
        "Refund for the line. Not sent, it is quantity times the sale line's price, and follows a change of either while it is at that default and its return is open (requested or shipped).",
      example: 49.9,
    }),
    reason: f.string({ maxLength: 500, description: "Why these units come back.", example: "Too small" }),
  },
  owner: { field: "saleReturnId" },
});

export const saleDiscountCode = defineKind({
  name: "sale-discount-code",
  plural: "sale-discount-codes",
  group: "orders",
  source: "seed",
  description: "A discount code applied to a sale and the reduction it gave.",
  fields: {
    saleId: f.ref("sale", { required: true, description: "The sale the code was applied to." }),
    code: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The code the customer entered, e.g. `SUMMER10`.",
      example: "SUMMER10",
    }),
    type: f.enum(["percentage", "shipping", "fixed_amount"], {
      required: true,
      default: "fixed_amount",
      description: "What the code reduces: a percentage of the order, the shipping, or a fixed amount.",
    }),
    amount: f.money({
      required: true,
      min: 0,
      description: "The reduction; a percentage when the type is percentage.",
      example: 10,
    }),
  },
  owner: { field: "saleId" },
});

export const saleImport = defineKind({
  name: "sale-import",
  plural: "sale-imports",
  group: "orders",
  source: "seed",
  description: "A log entry of one order imported from a channel: what arrived and what became of it.",
  recordOnly: true,
  fields: {
    channelId: f.ref("channel", { description: "The channel the order came from." }),
    saleId: f.ref("sale", { description: "The sale the import created or updated; null when it failed." }),
    externalId: f.string({
      maxLength: 100,
      description: "The order's id on the channel, as sent.",
      example: "5012345678",
    }),
    status: f.enum(["success", "error", "skipped"], {
      required: true,
      default: "success",
      nullable: true,
      description: "`success`, `error` (see `problem`) or `skipped`.",
    }),
    payload: f.json({ maxBytes: 200_000, description: "The order as received." }),
    problem: f.json({ maxBytes: 8192, description: "Why the import failed or was skipped." }),
    message: f.string({
      maxLength: 500,
      description: "What the import did, e.g. created or updated the sale.",
      example: "created",
    }),
    emailSent: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Whether an e-mail notice about the import was sent.",
    }),
    read: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description: "Whether someone has seen the log entry.",
    }),
  },
});

export const saleInvoiceItem = defineKind({
  name: "sale-invoice-item",
  plural: "sale-invoice-items",
  group: "orders",
  source: "seed",
  description: "One line of an invoice sent for a sale: which sale line and how many units it bills.",
  fields: {
    saleInvoiceId: f.integer({ required: true, min: 1, description: "The invoice this line belongs to." }),
    saleItemId: f.ref("sale-item", { description: "The sale line it bills." }),
    quantity: f.integer({
      required: true,
      default: 0,
      min: 0,
      description: "Units of the sale line billed.",
      example: 2,
    }),
  },
});

export const customer = defineKind({
  name: "customer",
  plural: "customers",
  group: "orders",
  source: "seed",
  caselessLookups: ["email"],
  description: "A person or business that buys from the company.",
  fields: {
    email: f.string({
      required: true,
      format: "email",
      maxLength: 200,
      description: "The customer's e-mail address: how manual-sale finds the customer of an order.",
      example: "ana.silva@example.com",
    }),
    name: f.string({ maxLength: 200, description: "Full name or business name.", example: "Ana Silva" }),
    firstName: f.string({ maxLength: 100, description: "The customer's first name.", example: "Ana" }),
    lastName: f.string({ maxLength: 100, description: "The customer's last name.", example: "Silva" }),
    companyCode: f.string({ maxLength: 100, description: "The customer's company or account code." }),
    taxNumber: f.string({ maxLength: 100, description: "Tax or VAT number." }),
    phone: f.string({
      format: "phone",
      description: "Phone number, E.164 preferred (e.g. `+14155550123`).",
      example: "+1 303 555 0142",
    }),
    fax: f.string({ format: "phone", description: "Fax number." }),
    accountsEmail: f.string({
      format: "email",
      maxLength: 200,
      description: "Where invoices and statements go, if not `email`.",
      recordOnly: true,
    }),
    orderEmail: f.string({
      format: "email",
      maxLength: 200,
      description: "Where order confirmations go, if not `email`.",
      recordOnly: true,
    }),
    returnsEmail: f.string({
      format: "email",
      maxLength: 200,
      description: "Where return notices go, if not `email`.",
      recordOnly: true,
    }),
    status: f.enum(["active", "disabled"], {
      required: true,
      default: "active",
      nullable: true,
      description: "Whether the customer is `active` or `disabled`.",
    }),
    resellerId: f.ref("reseller", { description: "The reseller the customer buys through." }),
    priceListId: f.integer({
      min: 1,
      description: "The price list the customer's orders are priced from, by id.",
      recordOnly: true,
    }),
    userId: f.integer({ min: 1, description: "The portal user of the customer, by id." }),
    token: f.string({ maxLength: 200, description: "Access token of the customer's portal link." }),
    tags: f.array(f.string({ maxLength: 100 }), {
      maxLength: 100,
      description: "Free labels for grouping and filtering, e.g. `wholesale`.",
      example: ["repeat-buyer"],
    }),
    notes: f.string({ maxLength: 2000, description: "Internal notes about the customer." }),
    saleNotes: f.string({
      maxLength: 2000,
      description:
        "Notes a new sale of this customer imported from an order (manual-sale, a custom channel's inbound orders, a sales import) takes when the order sends none.",
    }),
  },
});

export const customerAddress = defineKind({
  name: "customer-address",
  plural: "customer-addresses",
  group: "orders",
  source: "seed",
  description: "A postal address saved for a customer, for shipping or billing.",
  fields: {
    customerId: f.ref("customer", { required: true, description: "The customer the address belongs to." }),
    type: f.enum(["shipping", "billing", "both"], {
      default: "shipping",
      description: "What the address is for: shipping, billing or both.",
    }),
    isDefault: f.boolean({ default: false, description: "The customer's preferred address of its type." }),
    name: f.string({
      maxLength: 200,
      description: "Name of the person at the address.",
      example: "Ana Silva",
    }),
    company: f.string({ maxLength: 200, description: "Business name at the address." }),
    addressLineOne: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "Street and number.",
      example: "350 Pine Street",
    }),
    addressLineTwo: f.string({
      maxLength: 200,
      description: "Apartment, suite, building.",
      example: "Apt 4B",
    }),
    city: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "City or town.",
      example: "Denver",
    }),
    state: f.string({ maxLength: 100, description: "State, province or region.", example: "CO" }),
    zip: f.string({ maxLength: 20, description: "Postal code.", example: "80202" }),
    country: f.string({
      required: true,
      format: "country",
      description: "ISO 3166-1 alpha-2 country code, e.g. `US`.",
      example: "US",
    }),
    phone: f.string({
      format: "phone",
      description: "Phone number at the address.",
      example: "+1 303 555 0142",
    }),
    email: f.string({ format: "email", maxLength: 200, description: "E-mail address for delivery notices." }),
  },
  owner: { field: "customerId" },
});

export const reseller = defineKind({
  name: "reseller",
  plural: "resellers",
  group: "orders",
  source: "implied",
  description: "A business that sells the company's goods on to its own customers, at its own terms.",
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The reseller's business name.",
      example: "Mountain Outfitters",
    }),
    code: f.string({ maxLength: 100, description: "Short identifying code.", example: "MOUNTAIN" }),
    email: f.string({
      format: "email",
      maxLength: 200,
      description: "The reseller's contact e-mail address.",
      example: "orders@mountain-outfitters.example",
    }),
    phone: f.string({ format: "phone", description: "The reseller's phone number." }),
    taxNumber: f.string({ maxLength: 100, description: "Tax or VAT number." }),
    status: f.enum(["active", "disabled"], {
      default: "active",
      description: "Whether the reseller is `active` or `disabled`.",
    }),
    currency: f.string({
      format: "currency",
      default: "USD",
      description: "ISO 4217 code of the currency the reseller is billed in.",
      example: "USD",
    }),
    discountPercent: f.number({
      default: 0,
      min: 0,
      max: 100,
      description: "Discount off list prices.",
      example: 15,
      recordOnly: true,
    }),
    priceListId: f.integer({
      min: 1,
      description: "The price list the reseller buys from, by id.",
      recordOnly: true,
    }),
    paymentTermsDays: f.integer({
      min: 0,
      max: 365,
      description: "Days the reseller has to pay an invoice.",
      example: 30,
      recordOnly: true,
    }),
    notes: f.string({ maxLength: 2000, description: "Internal notes about the reseller." }),
  },
  unique: [["code"]],
});
